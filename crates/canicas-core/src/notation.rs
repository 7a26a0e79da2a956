//! Text forms: cell names, moves and the text board.
//!
//! - A cell is named by its column letter (`a` at the left) and its row
//!   number (`1` at the top): `a1` is the top-left cell, `i9` the
//!   bottom-right cell of the 9×9 board.
//! - A move is `from-to`, e.g. `e5-a1`.
//! - A board is one character per cell, row by row from the top-left:
//!   `.` for a free cell, `1`–`9` for a marble of that colour (81
//!   characters on the 9×9 board). Whitespace is ignored when parsing, so
//!   a board may be written as 9 lines of 9.

use thiserror::Error;

use crate::board::{Board, Cell};
use crate::rules::MAX_SIZE;
use crate::state::Move;

/// Text that is not a cell, a move or a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// Not a cell name of the form `a1`.
    #[error("{0:?} is not a cell name like e5")]
    BadCell(String),
    /// A well-formed cell name that is off the board.
    #[error("cell {0:?} is off the board")]
    OffBoard(String),
    /// Not a move of the form `e5-a1`.
    #[error("{0:?} is not a move like e5-a1")]
    BadMove(String),
    /// A board text of the wrong length.
    #[error("a board has a square number of cells up to 121 (e.g. 81), not {0}")]
    BoardLength(usize),
    /// A character other than `.` and a colour digit.
    #[error("{0:?} is not '.' or a colour digit 1-{1}")]
    BoardChar(char, u8),
    /// A board of another size than the rules want.
    #[error(
        "the board has {cells} cells, a {found}x{found} board; the rules play on \
         {expected}x{expected}: {wanted} cells, `.` or a colour digit each",
        cells = u16::from(*.found) * u16::from(*.found),
        wanted = u16::from(*.expected) * u16::from(*.expected)
    )]
    BoardSize {
        /// Side of the board given.
        found: u8,
        /// Side the rules want.
        expected: u8,
    },
}

/// The name of `cell` on a board of side `size`, e.g. `e5`.
#[must_use]
pub fn cell_name(cell: Cell, size: u8) -> String {
    let col = char::from(b'a' + cell.col(size) % 26);
    format!("{col}{}", u32::from(cell.row(size)) + 1)
}

/// The cell named `name` (`a1` top-left) on a board of side `size`.
///
/// ```
/// use canicas_core::{cell_from_name, cell_name};
/// let c = cell_from_name("e5", 9).unwrap();
/// assert_eq!((c.row(9), c.col(9)), (4, 4));
/// assert_eq!(cell_name(c, 9), "e5");
/// assert!(cell_from_name("j1", 9).is_err());
/// ```
pub fn cell_from_name(name: &str, size: u8) -> Result<Cell, NotationError> {
    let t = name.trim();
    let bad = || NotationError::BadCell(name.to_string());
    let mut chars = t.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err(bad());
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let row: u32 = digits.parse().map_err(|_| bad())?;
    let col = u32::from(letter) - u32::from('a');
    if row == 0 || row > u32::from(size) || col >= u32::from(size) || size > MAX_SIZE {
        return Err(NotationError::OffBoard(name.to_string()));
    }
    Cell::at(size, (row - 1) as u8, col as u8)
        .ok_or_else(|| NotationError::OffBoard(name.to_string()))
}

/// The text of a move, e.g. `e5-a1`.
#[must_use]
pub fn move_text(mv: Move, size: u8) -> String {
    format!("{}-{}", cell_name(mv.from, size), cell_name(mv.to, size))
}

/// Parse a move `from-to` (e.g. `e5-a1`) on a board of side `size`.
pub fn parse_move(text: &str, size: u8) -> Result<Move, NotationError> {
    let (a, b) = text
        .trim()
        .split_once('-')
        .ok_or_else(|| NotationError::BadMove(text.to_string()))?;
    Ok(Move {
        from: cell_from_name(a, size)?,
        to: cell_from_name(b, size)?,
    })
}

/// Parse a text board: `.` free, `1`–`9` colours, row by row from the
/// top-left; whitespace is ignored; the side is the square root of the
/// number of cells (2..=11).
pub fn board_from_text(text: &str) -> Result<Board, NotationError> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let n = chars.len();
    let size = (2..=MAX_SIZE)
        .find(|s| usize::from(*s) * usize::from(*s) == n)
        .ok_or(NotationError::BoardLength(n))?;
    let mut board = Board::empty(size);
    for (i, ch) in chars.into_iter().enumerate() {
        let cell = Cell(i as u8);
        match ch {
            '.' => {}
            '1'..='9' => board.set(cell, ch as u8 - b'0'),
            other => return Err(NotationError::BoardChar(other, 9)),
        }
    }
    Ok(board)
}

/// Parse a text board for `rules`: as [`board_from_text`], and the side
/// and the colours must fit the rules.
pub fn board_from_text_for(
    text: &str,
    rules: &crate::rules::Rules,
) -> Result<Board, NotationError> {
    let board = board_from_text(text)?;
    if board.size() != rules.size {
        return Err(NotationError::BoardSize {
            found: board.size(),
            expected: rules.size,
        });
    }
    if let Some(&c) = board.colours().iter().find(|&&c| c > rules.colours) {
        return Err(NotationError::BoardChar(
            char::from(b'0' + c),
            rules.colours,
        ));
    }
    Ok(board)
}

impl Board {
    /// The board as text: one character per cell, row by row from the
    /// top-left, `.` for free and the colour digit for a marble.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.colours()
            .iter()
            .map(|&c| if c == 0 { '.' } else { char::from(b'0' + c) })
            .collect()
    }

    /// The board as `size` lines of `size` characters (for people).
    #[must_use]
    pub fn to_pretty(&self) -> String {
        let text = self.to_text();
        let size = usize::from(self.size());
        let mut out = String::new();
        for (i, ch) in text.chars().enumerate() {
            out.push(ch);
            if (i + 1) % size == 0 {
                out.push('\n');
            }
        }
        out
    }
}

impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_text())
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        board_from_text(&text).map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl std::str::FromStr for Board {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Board, NotationError> {
        board_from_text(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_name_round_trips() {
        for i in 0..81u8 {
            let name = cell_name(Cell(i), 9);
            assert_eq!(cell_from_name(&name, 9), Ok(Cell(i)));
        }
        assert_eq!(cell_from_name("a1", 9), Ok(Cell(0)));
        assert_eq!(cell_from_name("i1", 9), Ok(Cell(8)));
        assert_eq!(cell_from_name("a9", 9), Ok(Cell(72)));
        assert_eq!(cell_from_name("i9", 9), Ok(Cell(80)));
        assert_eq!(cell_from_name("E5", 9), Ok(Cell(40)));
    }

    #[test]
    fn bad_cells_and_moves_are_errors() {
        assert!(matches!(
            cell_from_name("j1", 9),
            Err(NotationError::OffBoard(_))
        ));
        assert!(matches!(
            cell_from_name("a10", 9),
            Err(NotationError::OffBoard(_))
        ));
        assert!(matches!(
            cell_from_name("a0", 9),
            Err(NotationError::OffBoard(_))
        ));
        for bad in ["", "5e", "e", "e5x", "é5", "e-5", "e99999999999"] {
            assert!(
                matches!(cell_from_name(bad, 9), Err(NotationError::BadCell(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            parse_move("e5a1", 9),
            Err(NotationError::BadMove(_))
        ));
        assert!(matches!(
            parse_move("e5-z1", 9),
            Err(NotationError::OffBoard(_))
        ));
        let mv = parse_move("e5-a1", 9).unwrap();
        assert_eq!(move_text(mv, 9), "e5-a1");
    }

    #[test]
    fn board_text_round_trips_and_rejects_bad_text() {
        let text = format!("1234567..{}", ".".repeat(72));
        let b = board_from_text(&text).unwrap();
        assert_eq!(b.to_text(), text);
        assert_eq!(b.marble_count(), 7);
        assert_eq!(b.colour(Cell(0)), Some(1));
        assert_eq!(b.colour(Cell(8)), None);
        assert!(board_from_text(&text[..80]).is_err());
        assert!(matches!(
            board_from_text(&format!("x{}", &text[1..])),
            Err(NotationError::BoardChar('x', _))
        ));
        assert!(board_from_text_for(&format!("8{}", &text[1..]), &crate::Rules::FIVE).is_err());
        let pretty = b.to_pretty();
        assert_eq!(board_from_text(&pretty).unwrap(), b);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
    }
}

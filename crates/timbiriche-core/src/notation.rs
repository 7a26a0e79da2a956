//! Dot notation: columns `a, b, c…` left to right, rows `1, 2, 3…` top to
//! bottom; a line is its two dots, `a1-b1` (horizontal) or `a1-a2`
//! (vertical), in either order.
//!
//! ```
//! use timbiriche_core::{notation, BoardSize, Line};
//!
//! let size = BoardSize::SMALL;
//! let line = notation::parse_line(size, "b1-a1").unwrap();
//! assert_eq!(line, Line::horizontal(0, 0));
//! assert_eq!(notation::line_to_string(line), "a1-b1");
//! assert!(notation::parse_line(size, "a1-b2").is_err()); // diagonal
//! ```

use thiserror::Error;

use crate::board::{BoardSize, Dot, Line, LineError};

/// Why a text is not a line of the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// Nothing to parse.
    #[error("empty line text")]
    Empty,
    /// Not two dots joined by `-`.
    #[error("a line is written as two dots joined by '-', like a1-b1: {0:?}")]
    Syntax(String),
    /// A dot is not a letter followed by a number.
    #[error("a dot is a column letter and a row number, like b3: {0:?}")]
    BadDot(String),
    /// The dots do not form a line, or the line is off the board.
    #[error(transparent)]
    Line(#[from] LineError),
}

/// The letter of a dot column (0 → `a`).
fn col_letter(col: u8) -> char {
    char::from(b'a'.saturating_add(col))
}

/// Print a dot, e.g. `b3`.
#[must_use]
pub fn dot_to_string(dot: Dot) -> String {
    format!("{}{}", col_letter(dot.col), u32::from(dot.row) + 1)
}

/// Print a line in dot notation, left/top dot first: `a1-b1`, `a1-a2`.
#[must_use]
pub fn line_to_string(line: Line) -> String {
    let (a, b) = line.dots();
    format!("{}-{}", dot_to_string(a), dot_to_string(b))
}

/// Print a list of lines separated by commas.
#[must_use]
pub fn lines_to_string(lines: &[Line]) -> String {
    lines
        .iter()
        .map(|&l| line_to_string(l))
        .collect::<Vec<_>>()
        .join(",")
}

/// Parse a dot such as `b3` (letters are case-insensitive).
pub fn parse_dot(text: &str) -> Result<Dot, NotationError> {
    let t = text.trim();
    let mut chars = t.chars();
    let letter = chars
        .next()
        .ok_or_else(|| NotationError::BadDot(t.to_string()))?
        .to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err(NotationError::BadDot(t.to_string()));
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(NotationError::BadDot(t.to_string()));
    }
    let row: u32 = digits
        .parse()
        .map_err(|_| NotationError::BadDot(t.to_string()))?;
    if row == 0 || row > 255 {
        return Err(NotationError::BadDot(t.to_string()));
    }
    Ok(Dot::new((row - 1) as u8, letter as u8 - b'a'))
}

/// Parse a line such as `a1-b1` or `b2-b1` on a board of `size`.
///
/// Typed errors for syntax, the same dot twice, diagonals, segments
/// longer than one unit and dots off the board.
pub fn parse_line(size: BoardSize, text: &str) -> Result<Line, NotationError> {
    let line = parse_any_line(text)?;
    if !size.contains(line) {
        return Err(LineError::OffBoard.into());
    }
    Ok(line)
}

/// Parse a line such as `a1-b1` or `b2-b1` on no particular board: the
/// line its two dots name, which may lie off a given board (`d1-e1` on
/// 3×3 boxes) or off every board (`z1-z2`). [`parse_line`] is this and a
/// check that the line is on the board; a caller that refuses an off-board
/// line as a move rather than as text (the C API's `play_notation`, as its
/// `play` refuses the same line as a struct) parses with this.
///
/// Typed errors for syntax, the same dot twice, diagonals and segments
/// longer than one unit; never [`LineError::OffBoard`].
pub fn parse_any_line(text: &str) -> Result<Line, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    let mut parts = t.split('-');
    let (a, b) = match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => (a, b),
        _ => return Err(NotationError::Syntax(t.to_string())),
    };
    let a = parse_dot(a)?;
    let b = parse_dot(b)?;
    Ok(Line::between(a, b)?)
}

/// Parse a comma-separated list of lines (`""` is the empty list).
pub fn parse_lines(size: BoardSize, text: &str) -> Result<Vec<Line>, NotationError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| parse_line(size, s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Orientation;

    #[test]
    fn spec_examples() {
        let s = BoardSize::SMALL;
        // "a line is its two dots, `a1-b1` (horizontal) or `a1-a2` (vertical);
        // either order of the dots parses."
        assert_eq!(parse_line(s, "a1-b1").unwrap(), Line::horizontal(0, 0));
        assert_eq!(parse_line(s, "b1-a1").unwrap(), Line::horizontal(0, 0));
        assert_eq!(parse_line(s, "a1-a2").unwrap(), Line::vertical(0, 0));
        assert_eq!(parse_line(s, "a2-a1").unwrap(), Line::vertical(0, 0));
        assert_eq!(parse_line(s, " C4-D4 ").unwrap(), Line::horizontal(3, 2));
        assert_eq!(line_to_string(Line::vertical(2, 3)), "d3-d4");
    }

    #[test]
    fn typed_errors() {
        let s = BoardSize::SMALL;
        assert_eq!(parse_line(s, ""), Err(NotationError::Empty));
        assert_eq!(
            parse_line(s, "a1-b2"),
            Err(NotationError::Line(LineError::Diagonal))
        );
        assert_eq!(
            parse_line(s, "a1-c1"),
            Err(NotationError::Line(LineError::TooLong))
        );
        assert_eq!(
            parse_line(s, "d1-e1"),
            Err(NotationError::Line(LineError::OffBoard))
        );
        assert_eq!(
            parse_line(s, "a4-a5"),
            Err(NotationError::Line(LineError::OffBoard))
        );
        assert_eq!(
            parse_line(s, "a1-a1"),
            Err(NotationError::Line(LineError::SameDot))
        );
        assert!(matches!(
            parse_line(s, "a1b1"),
            Err(NotationError::Syntax(_))
        ));
        assert!(matches!(
            parse_line(s, "a0-b0"),
            Err(NotationError::BadDot(_))
        ));
        assert!(matches!(
            parse_line(s, "11-b1"),
            Err(NotationError::BadDot(_))
        ));
        assert!(matches!(
            parse_line(s, "a1-b1-c1"),
            Err(NotationError::Syntax(_))
        ));
        assert!(matches!(
            parse_line(s, "é1-b1"),
            Err(NotationError::BadDot(_))
        ));
    }

    #[test]
    fn any_line_is_read_off_the_board_too() {
        // Off 3×3 boxes, off every board: the lines the dots name.
        assert_eq!(parse_any_line("e1-d1"), Ok(Line::horizontal(0, 3)));
        assert_eq!(parse_any_line("z1-z2"), Ok(Line::vertical(0, 25)));
        assert_eq!(parse_any_line("a254-a255"), Ok(Line::vertical(253, 0)));
        // What is not a line stays a notation error.
        assert_eq!(
            parse_any_line("a1-b2"),
            Err(NotationError::Line(LineError::Diagonal))
        );
        assert!(matches!(
            parse_any_line("a1b1"),
            Err(NotationError::Syntax(_))
        ));
        // parse_line is parse_any_line on the board.
        for t in ["a1-b1", "d1-e1", "a4-a5", "d4-d3", "z1-z2", "a1-c1", ""] {
            let on_board = parse_any_line(t).and_then(|l| {
                if BoardSize::SMALL.contains(l) {
                    Ok(l)
                } else {
                    Err(LineError::OffBoard.into())
                }
            });
            assert_eq!(parse_line(BoardSize::SMALL, t), on_board, "{t}");
        }
    }

    #[test]
    fn every_line_of_every_board_round_trips() {
        for r in 1..=6 {
            for c in 1..=6 {
                let s = BoardSize::new(r, c).unwrap();
                for l in s.lines() {
                    let text = line_to_string(l);
                    assert_eq!(parse_line(s, &text).unwrap(), l, "{text}");
                    let (a, b) = l.dots();
                    let rev = format!("{}-{}", dot_to_string(b), dot_to_string(a));
                    assert_eq!(parse_line(s, &rev).unwrap(), l);
                }
            }
        }
        let list = parse_lines(BoardSize::SMALL, "a1-b1, b2-b3").unwrap();
        assert_eq!(list[1].orientation, Orientation::Vertical);
        assert_eq!(lines_to_string(&list), "a1-b1,b2-b3");
        assert_eq!(parse_lines(BoardSize::SMALL, "").unwrap(), vec![]);
    }

    #[test]
    fn garbage_never_panics() {
        for t in [
            "-",
            "a-",
            "-b",
            "zz99-zz98",
            "a999-a998",
            "a1--b1",
            "\u{0}",
            "a1-b1,",
        ] {
            let _ = parse_line(BoardSize::LARGE, t);
            let _ = parse_lines(BoardSize::LARGE, t);
        }
    }
}

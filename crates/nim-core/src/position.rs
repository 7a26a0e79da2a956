//! The Nim position: rows of circles, the rule, and whose turn it is.

use games_common::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Most rows a board may have.
pub const MAX_ROWS: usize = 32;
/// Most circles a row may hold (2^16).
pub const MAX_CIRCLES: u32 = 1 << 16;
/// The classic board: three rows of 3, 4 and 5 circles.
pub const CLASSIC_ROWS: [u32; 3] = [3, 4, 5];

/// Who wins when the last circle is crossed out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rule {
    /// Whoever crosses out the last circle wins (the seed's version).
    #[default]
    Normal,
    /// Whoever crosses out the last circle loses.
    Misere,
}

/// One move: cross out `take` circles of row `row` (counted from 0).
///
/// Which circles are crossed does not matter, only the row and the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// The row, counted from 0.
    pub row: usize,
    /// How many circles to cross out (at least 1).
    pub take: u32,
}

impl Move {
    /// A move on `row` (from 0) crossing out `take` circles.
    #[must_use]
    pub const fn new(row: usize, take: u32) -> Move {
        Move { row, take }
    }
}

impl std::fmt::Display for Move {
    /// Rows are shown counted from 1, as people count them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "take {} from row {}",
            self.take,
            counted_from_1(self.row)
        )
    }
}

/// A row index (from 0) as people count rows (from 1), for text: wide
/// enough for the last `usize` row, which any caller can name.
pub(crate) fn counted_from_1(row: usize) -> u128 {
    row as u128 + 1
}

/// Why a board cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// No rows at all.
    #[error("a board needs at least one row")]
    NoRows,
    /// More rows than [`MAX_ROWS`].
    #[error("a board has at most {MAX_ROWS} rows, not {0}")]
    TooManyRows(usize),
    /// A row with more circles than [`MAX_CIRCLES`].
    #[error("row {row} has {circles} circles; a row holds at most {MAX_CIRCLES}", row = counted_from_1(*.row))]
    RowTooLong {
        /// The row, counted from 0.
        row: usize,
        /// Its circles.
        circles: u32,
    },
    /// A game must start with at least one circle to cross out.
    #[error("a game needs at least one circle")]
    NoCircles,
}

/// Why a move is illegal. The position is unchanged.
///
/// Unlike the crate's other error enums this one is exhaustive, on purpose:
/// the C API gives each variant its own `GAMES_NIM_MOVE_*` code, and a new
/// variant must fail the build there rather than fall into a catch-all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Every circle is crossed out already.
    #[error("the game is over")]
    GameOver,
    /// The row does not exist.
    #[error("there is no row {row} (the board has {rows} rows)", row = counted_from_1(*.row))]
    NoSuchRow {
        /// The row asked for, counted from 0.
        row: usize,
        /// How many rows the board has.
        rows: usize,
    },
    /// The row has no circle left.
    #[error("row {row} is already empty", row = counted_from_1(*.row))]
    EmptyRow {
        /// The row, counted from 0.
        row: usize,
    },
    /// Crossing out zero circles (a pass) is not a move.
    #[error("you must cross out at least one circle")]
    TakeZero,
    /// More circles than the row has left.
    #[error("row {row} has only {left} left, not {take}", row = counted_from_1(*.row))]
    TakeTooMany {
        /// The row, counted from 0.
        row: usize,
        /// The circles asked for.
        take: u32,
        /// The circles the row has left.
        left: u32,
    },
}

/// A Nim position: the circles left in each row, the rule, and the player
/// to move. A plain value: clone it freely.
///
/// Deserializing checks what [`Position::new`] checks (1 to 32 rows, each
/// of at most 2^16 circles) and refuses anything else with its
/// [`SetupError`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PositionWire")]
pub struct Position {
    rows: Vec<u32>,
    rule: Rule,
    to_move: Player,
}

/// The serialized form of a [`Position`] (the same fields), checked on
/// load by [`Position::new`].
#[derive(Deserialize)]
struct PositionWire {
    rows: Vec<u32>,
    rule: Rule,
    to_move: Player,
}

impl TryFrom<PositionWire> for Position {
    type Error = SetupError;
    fn try_from(w: PositionWire) -> Result<Position, SetupError> {
        Position::new(&w.rows, w.rule, w.to_move)
    }
}

impl Default for Position {
    /// The classic 3, 4, 5 board, normal rule, first player to move.
    fn default() -> Self {
        Position {
            rows: CLASSIC_ROWS.to_vec(),
            rule: Rule::Normal,
            to_move: Player::First,
        }
    }
}

impl Position {
    /// A position with these rows (zeros allowed), rule and player to move.
    ///
    /// # Errors
    /// [`SetupError`] when there are no rows, more than [`MAX_ROWS`], or a
    /// row longer than [`MAX_CIRCLES`].
    pub fn new(rows: &[u32], rule: Rule, to_move: Player) -> Result<Position, SetupError> {
        if rows.is_empty() {
            return Err(SetupError::NoRows);
        }
        if rows.len() > MAX_ROWS {
            return Err(SetupError::TooManyRows(rows.len()));
        }
        if let Some((row, &circles)) = rows.iter().enumerate().find(|(_, &c)| c > MAX_CIRCLES) {
            return Err(SetupError::RowTooLong { row, circles });
        }
        Ok(Position {
            rows: rows.to_vec(),
            rule,
            to_move,
        })
    }

    /// The circles left in each row, zeros included.
    #[must_use]
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// The rule, fixed when the game was created.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Circles left on the whole board.
    #[must_use]
    pub fn circles_left(&self) -> u64 {
        self.rows.iter().map(|&r| u64::from(r)).sum()
    }

    /// Whether every circle is crossed out.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The winner once the game is over: under the normal rule the player
    /// who crossed out the last circle (the one *not* to move now), under
    /// misère the player to move. `None` while circles remain.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        if !self.is_over() {
            return None;
        }
        Some(match self.rule {
            Rule::Normal => self.to_move.other(),
            Rule::Misere => self.to_move,
        })
    }

    /// How many legal moves there are: the sum of the rows.
    #[must_use]
    pub fn legal_move_count(&self) -> u64 {
        self.circles_left()
    }

    /// Every legal move, in a stable order: by row, then by count taken.
    ///
    /// A board of 32 full rows has about two million moves; prefer
    /// [`Position::legal_move_count`] and [`Position::nth_legal_move`] there.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.rows
            .iter()
            .enumerate()
            .flat_map(|(row, &left)| (1..=left).map(move |take| Move { row, take }))
            .collect()
    }

    /// The `index`-th move of [`Position::legal_moves`], without building the list.
    #[must_use]
    pub fn nth_legal_move(&self, mut index: u64) -> Option<Move> {
        for (row, &left) in self.rows.iter().enumerate() {
            let left64 = u64::from(left);
            if index < left64 {
                let take = u32::try_from(index).ok()? + 1;
                return Some(Move { row, take });
            }
            index -= left64;
        }
        None
    }

    /// Whether `mv` is legal here, with the reason when it is not.
    ///
    /// # Errors
    /// The [`MoveError`] that [`Position::play`] would return.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let Some(&left) = self.rows.get(mv.row) else {
            return Err(MoveError::NoSuchRow {
                row: mv.row,
                rows: self.rows.len(),
            });
        };
        if left == 0 {
            return Err(MoveError::EmptyRow { row: mv.row });
        }
        if mv.take == 0 {
            return Err(MoveError::TakeZero);
        }
        if mv.take > left {
            return Err(MoveError::TakeTooMany {
                row: mv.row,
                take: mv.take,
                left,
            });
        }
        Ok(())
    }

    /// Play `mv`: cross out its circles and pass the turn (emptying a row
    /// gives no extra turn).
    ///
    /// # Errors
    /// A [`MoveError`] when the move is illegal; the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check(mv)?;
        if let Some(row) = self.rows.get_mut(mv.row) {
            *row -= mv.take;
        }
        self.to_move = self.to_move.other();
        Ok(())
    }

    /// Undo `mv`, which must be the move that led here: restore its circles
    /// and give the turn back. Used by the history; returns `false` (and
    /// changes nothing) when `mv` cannot have been played.
    pub(crate) fn unplay(&mut self, mv: Move, original: &[u32]) -> bool {
        match (self.rows.get_mut(mv.row), original.get(mv.row)) {
            (Some(row), Some(&orig)) if mv.take >= 1 && *row + mv.take <= orig => {
                *row += mv.take;
                self.to_move = self.to_move.other();
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> Position {
        Position::default()
    }

    #[test]
    fn classic_board_is_3_4_5_normal_first_to_move() {
        let p = classic();
        assert_eq!(p.rows(), &[3, 4, 5]);
        assert_eq!(p.rule(), Rule::Normal);
        assert_eq!(p.to_move(), Player::First);
        assert_eq!(p.legal_move_count(), 12);
        assert_eq!(p.legal_moves().len(), 12);
    }

    #[test]
    fn setup_limits() {
        // "Support any list of rows (at least 1 and up to 32 rows, each up to 2^16 circles)"
        assert_eq!(
            Position::new(&[], Rule::Normal, Player::First),
            Err(SetupError::NoRows)
        );
        assert!(Position::new(&[1; 32], Rule::Normal, Player::First).is_ok());
        assert_eq!(
            Position::new(&[1; 33], Rule::Normal, Player::First),
            Err(SetupError::TooManyRows(33))
        );
        assert!(Position::new(&[65536], Rule::Normal, Player::First).is_ok());
        assert_eq!(
            Position::new(&[1, 65537], Rule::Normal, Player::First),
            Err(SetupError::RowTooLong {
                row: 1,
                circles: 65537
            })
        );
    }

    #[test]
    fn the_seed_example_line() {
        // "La primera jugada podría tachar dos de la fila inferior y dejar tres,
        // cuatro y tres ... quitar uno de la fila central y dejar tres, tres y tres"
        let mut p = classic();
        p.play(Move::new(2, 2)).unwrap();
        assert_eq!(p.rows(), &[3, 4, 3]);
        p.play(Move::new(1, 1)).unwrap();
        assert_eq!(p.rows(), &[3, 3, 3]);
    }

    #[test]
    fn illegal_moves_are_typed_and_change_nothing() {
        // "Crossing out zero, acting on two rows, restoring circles or passing are
        // all illegal and are rejected with a typed error."
        let mut p = Position::new(&[3, 0, 5], Rule::Normal, Player::First).unwrap();
        let before = p.clone();
        assert_eq!(p.play(Move::new(0, 0)), Err(MoveError::TakeZero));
        assert_eq!(p.play(Move::new(1, 1)), Err(MoveError::EmptyRow { row: 1 }));
        assert_eq!(
            p.play(Move::new(3, 1)),
            Err(MoveError::NoSuchRow { row: 3, rows: 3 })
        );
        assert_eq!(
            p.play(Move::new(0, 4)),
            Err(MoveError::TakeTooMany {
                row: 0,
                take: 4,
                left: 3
            })
        );
        assert_eq!(p, before);
    }

    #[test]
    fn emptying_a_row_passes_the_turn() {
        // "Emptying a row gives no extra turn; the turn always passes."
        let mut p = classic();
        p.play(Move::new(0, 3)).unwrap();
        assert_eq!(p.to_move(), Player::Second);
        assert_eq!(p.rows(), &[0, 4, 5]);
    }

    #[test]
    fn last_circle_wins_normal_and_loses_misere() {
        // "Normal play: whoever crosses out the last circle wins.
        //  Misère: whoever crosses out the last circle loses."
        for (rule, winner) in [
            (Rule::Normal, Player::First),
            (Rule::Misere, Player::Second),
        ] {
            let mut p = Position::new(&[0, 2], rule, Player::First).unwrap();
            assert_eq!(p.winner(), None);
            p.play(Move::new(1, 2)).unwrap();
            assert!(p.is_over());
            assert_eq!(p.winner(), Some(winner));
            assert_eq!(p.play(Move::new(1, 1)), Err(MoveError::GameOver));
        }
    }

    #[test]
    fn nth_legal_move_matches_the_list() {
        let p = Position::new(&[2, 0, 3, 1], Rule::Normal, Player::First).unwrap();
        let all = p.legal_moves();
        for (i, m) in all.iter().enumerate() {
            assert_eq!(p.nth_legal_move(i as u64), Some(*m));
        }
        assert_eq!(p.nth_legal_move(all.len() as u64), None);
    }
    #[test]
    fn deserializing_checks_the_board_as_new_does() {
        // Spec: "Support any list of rows (at least 1 and up to 32 rows, each
        // up to 2^16 circles)": data outside that is refused, as by `new`.
        let p = Position::new(&[3, 4, 5], Rule::Misere, Player::Second).unwrap();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
        let with_rows = |rows: &[u32]| {
            let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
            v["rows"] = serde_json::json!(rows);
            serde_json::from_value::<Position>(v)
        };
        assert!(with_rows(&[]).is_err(), "no rows");
        assert!(with_rows(&[1; 33]).is_err(), "33 rows");
        assert!(with_rows(&[1; 32]).is_ok(), "32 rows");
        assert!(with_rows(&[MAX_CIRCLES + 1]).is_err(), "a row too long");
        assert!(with_rows(&[u32::MAX]).is_err(), "a row of 2^32 - 1");
        assert!(
            with_rows(&[MAX_CIRCLES, 0]).is_ok(),
            "the longest row, and a zero"
        );
    }
}

//! Text forms for tools and protocols: moves as `ROW-COUNT` (row from 1,
//! e.g. `3-2`) and positions as `ROWS RULE PLAYER` (e.g. `3,4,5 normal 1`).

use games_common::Player;
use thiserror::Error;

use crate::position::{counted_from_1, Move, Position, Rule, SetupError};

/// Why a move or position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A move is written `ROW-COUNT`, rows counted from 1.
    #[error("`{0}` is not a move: write ROW-COUNT with rows from 1, e.g. 3-2")]
    BadMove(String),
    /// A position is written `ROWS RULE PLAYER`.
    #[error("`{0}` is not a position: write ROWS RULE PLAYER, e.g. `3,4,5 normal 1`")]
    BadPosition(String),
    /// The rows do not make a valid board.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl Move {
    /// The move as `ROW-COUNT`, row counted from 1: `Move::new(2, 2)` is `3-2`.
    #[must_use]
    pub fn to_notation(self) -> String {
        format!("{}-{}", counted_from_1(self.row), self.take)
    }

    /// Read `ROW-COUNT` (row from 1). Legality is checked when it is played.
    ///
    /// # Errors
    /// [`NotationError::BadMove`] for anything else.
    pub fn from_notation(text: &str) -> Result<Move, NotationError> {
        let bad = || NotationError::BadMove(text.to_string());
        let (row, take) = text.trim().split_once('-').ok_or_else(bad)?;
        let row: usize = row.parse().map_err(|_| bad())?;
        let take: u32 = take.parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        Ok(Move::new(row - 1, take))
    }
}

impl Position {
    /// The position as `ROWS RULE PLAYER`: rows left separated by commas
    /// (zeros included), `normal` or `misere`, and `1` or `2` for the player
    /// to move. `Position::default()` is `3,4,5 normal 1`.
    #[must_use]
    pub fn to_notation(&self) -> String {
        let rows: Vec<String> = self.rows().iter().map(u32::to_string).collect();
        let rule = match self.rule() {
            Rule::Normal => "normal",
            Rule::Misere => "misere",
        };
        format!("{} {rule} {}", rows.join(","), self.to_move().index() + 1)
    }

    /// Read a position written by [`Position::to_notation`].
    ///
    /// ```
    /// use nim_core::Position;
    /// let p = Position::from_notation("1,0,7 misere 2").unwrap();
    /// assert_eq!(p.to_notation(), "1,0,7 misere 2");
    /// ```
    ///
    /// # Errors
    /// [`NotationError`] when a part is missing or malformed, or the rows
    /// break the board limits.
    pub fn from_notation(text: &str) -> Result<Position, NotationError> {
        let bad = || NotationError::BadPosition(text.to_string());
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [rows, rule, player] = parts.as_slice() else {
            return Err(bad());
        };
        let rows: Vec<u32> = rows
            .split(',')
            .map(|r| r.parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let rule = match *rule {
            "normal" => Rule::Normal,
            "misere" => Rule::Misere,
            _ => return Err(bad()),
        };
        let to_move = match *player {
            "1" => Player::First,
            "2" => Player::Second,
            _ => return Err(bad()),
        };
        Ok(Position::new(&rows, rule, to_move)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_with_rows_from_one() {
        assert_eq!(Move::new(2, 2).to_notation(), "3-2");
        assert_eq!(Move::from_notation("3-2"), Ok(Move::new(2, 2)));
        for bad in ["", "3", "0-1", "a-1", "3-", "-2", "3-2-1", "3--2"] {
            assert!(Move::from_notation(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn positions_round_trip_and_refuse_junk() {
        let p = Position::default();
        assert_eq!(p.to_notation(), "3,4,5 normal 1");
        assert_eq!(Position::from_notation(&p.to_notation()), Ok(p));
        for bad in [
            "",
            "3,4,5",
            "3,4,5 normal",
            "3,x normal 1",
            "3 odd 1",
            "3 normal 3",
            "3 normal 1 x",
        ] {
            assert!(Position::from_notation(bad).is_err(), "{bad}");
        }
        assert!(matches!(
            Position::from_notation("70000 normal 1"),
            Err(NotationError::Setup(_))
        ));
    }
}

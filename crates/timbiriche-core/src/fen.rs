//! The position string ("fen") of the engine protocols:
//!
//! ```text
//! <ROWS>x<COLS> <LINES> <OWNERS> <P1>:<P2> <TURN> [misere] [values:<DIGITS>]
//! ```
//!
//! - `LINES`: the drawn lines in dot notation separated by commas (any
//!   order; printed by line index), or `-` for none;
//! - `OWNERS`: one character per box, row by row: `.` open, `1` or `2`;
//! - `P1:P2`: the points of each player (checked against the owners);
//! - `TURN`: `1` or `2`, the player to move;
//! - `misere` when the variant is misère; `values:` and one digit (1-3) per
//!   box when boxes are valued.
//!
//! The empty 3×3 board is `3x3 - ......... 0:0 1`. A position string carries
//! no history: the last move of a position read from one is the drawn line
//! with the highest index that can have been drawn last (beside closed boxes
//! of the player to move, or beside none); a string where no line can have
//! been (a finished game whose player to move took none of the last boxes)
//! is refused.
//!
//! ```
//! use timbiriche_core::Position;
//! let p = Position::from_fen("2x2 a1-b1,a1-a2,b1-b2,a2-b2 1... 1:0 1").unwrap();
//! assert_eq!(p.to_fen(), "2x2 a1-b1,a2-b2,a1-a2,b1-b2 1... 1:0 1");
//! ```

use games_common::Player;
use thiserror::Error;

use crate::board::BoardSize;
use crate::notation::{line_to_string, parse_lines, NotationError};
use crate::position::{Position, PositionError};

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FenError {
    /// The string does not have the parts `SIZE LINES OWNERS P1:P2 TURN`.
    #[error("a position string is `SIZE LINES OWNERS P1:P2 TURN [misere] [values:..]`, e.g. `3x3 - ......... 0:0 1`: {0}")]
    Shape(String),
    /// A line is not in dot notation or not on the board.
    #[error(transparent)]
    Line(#[from] NotationError),
    /// Lines, owners and values do not make a position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The points written disagree with the owners.
    #[error("the points {written} do not match the owners ({actual})")]
    Points {
        /// As written.
        written: String,
        /// As the owners and values give them.
        actual: String,
    },
}

impl Position {
    /// The position string of this position (see the module docs).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let size = self.size();
        let lines: Vec<String> = size
            .lines()
            .filter(|&l| self.is_drawn(l))
            .map(line_to_string)
            .collect();
        let owners: String = self
            .owners()
            .iter()
            .map(|o| match o {
                None => '.',
                Some(Player::First) => '1',
                Some(Player::Second) => '2',
            })
            .collect();
        let mut text = format!(
            "{}x{} {} {owners} {}:{} {}",
            size.rows(),
            size.cols(),
            if lines.is_empty() {
                "-".to_string()
            } else {
                lines.join(",")
            },
            self.points(Player::First),
            self.points(Player::Second),
            self.to_move().index() + 1
        );
        if self.is_misere() {
            text.push_str(" misere");
        }
        if self.values().iter().any(|&v| v != 1) {
            let digits: String = self.values().iter().map(|v| char::from(b'0' + v)).collect();
            text.push_str(&format!(" values:{digits}"));
        }
        text
    }

    /// Read a position string (see the module docs).
    ///
    /// # Errors
    /// [`FenError`] for a malformed string, lines off the board or repeated,
    /// owners that do not match the closed boxes, or wrong points.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let shape = |why: &str| FenError::Shape(why.to_string());
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [size, lines, owners, score, turn, extra @ ..] = parts.as_slice() else {
            return Err(shape("too few parts"));
        };
        let size = BoardSize::parse(size).map_err(|e| FenError::Shape(e.to_string()))?;
        let lines = if *lines == "-" {
            Vec::new()
        } else {
            parse_lines(size, lines)?
        };
        let owners: Vec<Option<Player>> = owners
            .chars()
            .map(|c| match c {
                '.' => Ok(None),
                '1' => Ok(Some(Player::First)),
                '2' => Ok(Some(Player::Second)),
                _ => Err(shape("owners are `.`, `1` or `2`, one per box")),
            })
            .collect::<Result<_, _>>()?;
        let to_move = match *turn {
            "1" => Player::First,
            "2" => Player::Second,
            _ => return Err(shape("the player to move is 1 or 2")),
        };
        let mut misere = false;
        let mut values = vec![1u8; size.num_boxes()];
        for part in extra {
            if *part == "misere" {
                misere = true;
            } else if let Some(digits) = part.strip_prefix("values:") {
                values = digits
                    .chars()
                    .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
                    .collect::<Option<Vec<u8>>>()
                    .ok_or_else(|| shape("values are digits, one per box"))?;
            } else {
                return Err(shape(
                    "only `misere` and `values:..` may follow the player to move",
                ));
            }
        }
        let position = Position::from_layout(size, values, misere, to_move, &lines, owners)?;
        let actual = format!(
            "{}:{}",
            position.points(Player::First),
            position.points(Player::Second)
        );
        if *score != actual {
            return Err(FenError::Points {
                written: (*score).to_string(),
                actual,
            });
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_line;

    #[test]
    fn the_empty_board_and_a_played_game_round_trip() {
        let size = BoardSize::SMALL;
        let mut p = Position::standard(size);
        assert_eq!(p.to_fen(), "3x3 - ......... 0:0 1");
        for text in ["a1-b1", "a2-b2", "a1-a2", "b1-b2", "c3-c4", "b3-c3"] {
            p.play(parse_line(size, text).unwrap()).unwrap();
        }
        let fen = p.to_fen();
        let back = Position::from_fen(&fen).unwrap();
        assert_eq!(back.to_fen(), fen);
        assert_eq!(back.owners(), p.owners());
        assert_eq!(back.to_move(), p.to_move());
        assert_eq!(back.legal_moves(), p.legal_moves());
        assert_eq!(back.safe_lines(), p.safe_lines());
    }

    #[test]
    fn every_position_of_seeded_games_round_trips() {
        use games_common::GameRng;
        for (seed, (r, c)) in [
            (1u64, (1, 1)),
            (2, (2, 3)),
            (3, (3, 3)),
            (4, (5, 5)),
            (5, (6, 6)),
        ] {
            let size = BoardSize::new(r, c).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut p = Position::standard(size).with_misere(seed % 2 == 0);
            loop {
                let fen = p.to_fen();
                let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!(back.to_fen(), fen);
                assert_eq!(back.owners(), p.owners());
                assert_eq!((back.to_move(), back.is_over()), (p.to_move(), p.is_over()));
                let moves = p.legal_moves();
                let Some(&line) = rng.choose(&moves) else {
                    break;
                };
                p.play(line).unwrap();
            }
        }
    }

    /// A position read from a string is a position like any other: its
    /// serde form loads back ("loading untrusted data that is inconsistent
    /// ... is an error", so what loads must be consistent). The last move
    /// inferred for it must be one its player could have drawn: a line that
    /// took boxes for the player to move, or one that took none for the
    /// other player.
    #[test]
    fn positions_read_from_strings_survive_serde() {
        use games_common::GameRng;
        let round_trip = |p: &Position| {
            let json = serde_json::to_string(p).unwrap();
            let back: Position =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", p.to_fen()));
            assert_eq!(back.to_fen(), p.to_fen());
        };
        for seed in 0..40u64 {
            let size = BoardSize::new(1 + (seed % 3) as u32, 1 + (seed % 4) as u32).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut p = Position::standard(size);
            loop {
                round_trip(&Position::from_fen(&p.to_fen()).unwrap());
                let moves = p.legal_moves();
                let Some(&line) = rng.choose(&moves) else {
                    break;
                };
                p.play(line).unwrap();
            }
        }
        // Reachable: player 1 took b1, then player 2 took a1 with the last
        // line and moves again; the highest-index line, c1-c2, is a side of
        // player 1's box.
        let size = BoardSize::new(1, 2).unwrap();
        let p = Position::from_lines(
            size,
            &parse_lines(size, "a2-b2,b1-c1,b2-c2,c1-c2,b1-b2,a1-a2,a1-b1").unwrap(),
        )
        .unwrap();
        assert_eq!(
            p.to_fen(),
            "1x2 a1-b1,b1-c1,a2-b2,b2-c2,a1-a2,b1-b2,c1-c2 21 1:1 2"
        );
        let back = Position::from_fen(&p.to_fen()).unwrap();
        round_trip(&back);
        let last = back.last_move().unwrap();
        assert_eq!((last.player, last.extra_move), (Player::Second, true));
        // Impossible: the game ended with a line that took a box, so its
        // taker moves (again); player 2 owns no box and cannot be to move.
        assert!(matches!(
            Position::from_fen("1x1 a1-b1,a1-a2,b1-b2,a2-b2 1 1:0 2"),
            Err(FenError::Position(PositionError::LastMove))
        ));
    }

    #[test]
    fn misere_and_values_travel() {
        let size = BoardSize::new(2, 2).unwrap();
        let fen = "2x2 - .... 0:0 2 misere values:1231";
        let p = Position::from_fen(fen).unwrap();
        assert!(p.is_misere());
        assert_eq!(p.values(), &[1, 2, 3, 1]);
        assert_eq!(p.to_move(), Player::Second);
        assert_eq!(p.to_fen(), fen);
        assert_eq!(p.size(), size);
    }

    #[test]
    fn bad_strings_are_typed_errors() {
        for bad in [
            "",
            "3x3 - .........",
            "9x9 - . 0:0 1",
            "2x2 a1-b2 .... 0:0 1",
            "2x2 - ...x 0:0 1",
            "2x2 - ... 0:0 1",
            "2x2 - .... 0:0 3",
            "2x2 a1-b1,a1-b1 .... 0:0 1",
            "2x2 - 1... 1:0 1",
            "2x2 a1-b1,a1-a2,b1-b2,a2-b2 1... 0:1 1",
            "2x2 - .... 0:0 1 sideways",
            "2x2 - .... 0:0 1 values:12",
        ] {
            assert!(Position::from_fen(bad).is_err(), "{bad}");
        }
    }
}

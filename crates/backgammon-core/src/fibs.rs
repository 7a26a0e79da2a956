//! FIBS `rawboard` strings (the board line of the First Internet
//! Backgammon Server's client protocol), as engines and adapters exchange
//! them, e.g. the starting position with You (O) to play 6-2:
//!
//! ```text
//! board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0
//! ```
//!
//! After `board:` come 52 colon-separated fields:
//!
//! | fields | meaning |
//! |---|---|
//! | 0–1 | player's and opponent's names |
//! | 2–4 | match length, player's score, opponent's score |
//! | 5–30 | the board: 26 numbers, FIBS positions 0..=25; the player's checkers carry the sign of the player's colour, the opponent's the other sign; 0 and 25 are the bars |
//! | 31 | whose turn: the colour of the player to move (`1` O, `-1` X), `0` when the game is over |
//! | 32–33, 34–35 | player's dice, opponent's dice (`0` when not rolled) |
//! | 36–39 | cube value, player may double, opponent may double, was doubled |
//! | 40 | the player's colour: `1` O, `-1` X |
//! | 41 | the player's direction: `-1` moves from 24 to 1, `1` from 1 to 24 |
//! | 42–43 | the player's home (0 or 25) and bar (25 or 0) positions |
//! | 44–45 | checkers borne off by the player, by the opponent |
//! | 46–47 | checkers on the bar of the player, of the opponent |
//! | 48–51 | checkers the player can move, forced move, did Crawford, redoubles |
//!
//! Reading takes the position, the side to move and its dice; the cube,
//! names and scores are ignored (this crate has no cube). The bar counts
//! are those of fields 46–47; a bar slot of the board (position 0 or 25)
//! may repeat its count or hold 0. Borne-off counts must agree with the
//! checkers on the board (15 a side).

use thiserror::Error;

use crate::board::{Position, SideCounts, BAR, CHECKERS, OFF};
use crate::dice::Dice;
use crate::movegen::legal_plays;

/// Fields after `board:`.
const FIELDS: usize = 52;

/// Why a FIBS board string was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FibsError {
    /// Not 52 fields after `board:`.
    #[error("a FIBS board has 52 fields after `board:`, this one has {0}")]
    FieldCount(usize),
    /// A numeric field that is not a whole number.
    #[error("the FIBS field {index} is {text:?}, not a whole number")]
    BadNumber {
        /// Index of the field after `board:`.
        index: usize,
        /// Its text.
        text: String,
    },
    /// Colour, direction, home or bar fields that do not fit together.
    #[error("colour, direction, home and bar do not fit together: {0}")]
    BadOrientation(&'static str),
    /// The turn field is 0: the game is over.
    #[error("the game is over (turn 0)")]
    GameOver,
    /// A turn that is neither player's colour.
    #[error("the turn {0} is neither player's colour")]
    BadTurn(i64),
    /// Dice of the player to move that are not two numbers 1..=6 (or 0 0).
    #[error("the dice {0} {1} are not two numbers 1 to 6")]
    BadDice(i64, i64),
    /// A count outside 0..=15.
    #[error("a count of {0} checkers is outside 0..=15")]
    BadCount(i64),
    /// A bar slot of the board that is neither 0 nor the bar count.
    #[error("the board's bar slot {slot} holds {value}, the bar field says {count}")]
    BarMismatch {
        /// The board position (0 or 25).
        slot: usize,
        /// Its value.
        value: i64,
        /// The bar count of fields 46-47.
        count: i64,
    },
    /// A side without exactly 15 checkers on the board, bar and off.
    #[error("the {0} has {1} checkers on the board, bar and off, not 15")]
    WrongTotal(&'static str, u32),
    /// Not a position (e.g. a point held by both sides).
    #[error("not a position: {0}")]
    Position(String),
}

/// Numbers of the fields after the names.
fn numbers(fields: &[&str]) -> Result<Vec<i64>, FibsError> {
    fields
        .iter()
        .enumerate()
        .skip(2)
        .map(|(index, text)| {
            text.trim()
                .parse::<i64>()
                .map_err(|_| FibsError::BadNumber {
                    index,
                    text: (*text).to_string(),
                })
        })
        .collect()
}

fn count(v: i64) -> Result<u8, FibsError> {
    u8::try_from(v)
        .ok()
        .filter(|c| *c <= CHECKERS)
        .ok_or(FibsError::BadCount(v))
}

/// The number of checkers a signed board field stands for (its size), as
/// [`count`] checks it; any `i64` is taken, `i64::MIN` included.
fn magnitude(v: i64) -> Result<u8, FibsError> {
    u8::try_from(v.unsigned_abs())
        .ok()
        .filter(|c| *c <= CHECKERS)
        .ok_or(FibsError::BadCount(
            i64::try_from(v.unsigned_abs()).unwrap_or(i64::MAX),
        ))
}

impl Position {
    /// Reads a FIBS board string (with or without the `board:` prefix): the
    /// position turned so the side to move is the side on roll, and its
    /// dice when rolled (see the [module docs](crate::fibs) for the fields).
    ///
    /// ```
    /// use backgammon_core::{Dice, Position};
    /// let text = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";
    /// let (position, dice) = Position::from_fibs(text)?;
    /// assert_eq!(position, Position::start());
    /// assert_eq!(dice, Some(Dice::new(6, 2)?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`FibsError`] for anything malformed or not a legal board.
    pub fn from_fibs(text: &str) -> Result<(Position, Option<Dice>), FibsError> {
        let t = text.trim();
        let t = t.strip_prefix("board:").unwrap_or(t);
        let fields: Vec<&str> = t.split(':').collect();
        if fields.len() != FIELDS {
            return Err(FibsError::FieldCount(fields.len()));
        }
        // n[i] is field i + 2.
        let n = numbers(&fields)?;
        let f = |i: usize| n.get(i - 2).copied().unwrap_or(0);
        let colour = f(40);
        let direction = f(41);
        if colour.abs() != 1 {
            return Err(FibsError::BadOrientation("the colour is 1 or -1"));
        }
        let (home, bar) = match direction {
            -1 => (0usize, 25usize),
            1 => (25, 0),
            _ => return Err(FibsError::BadOrientation("the direction is 1 or -1")),
        };
        if f(42) != home as i64 || f(43) != bar as i64 {
            return Err(FibsError::BadOrientation(
                "home and bar are 0 and 25 for direction -1, 25 and 0 for 1",
            ));
        }
        let board = |i: usize| f(5 + i);
        // Each side from its own view; the player's own point for FIBS
        // position i is i when it moves down (direction -1), 25 - i otherwise.
        let own = |i: usize, player: bool| {
            if (direction == -1) == player {
                i
            } else {
                25 - i
            }
        };
        let mut me: SideCounts = [0; 26];
        let mut them: SideCounts = [0; 26];
        for i in 1..=24usize {
            // The sign says whose checkers (the player's colour or the
            // other); no arithmetic on the field itself, which may be any
            // i64 (`i64::MIN` has no negation).
            let v = board(i);
            if v.signum() == colour {
                me[own(i, true)] = magnitude(v)?;
            } else if v != 0 {
                them[own(i, false)] = magnitude(v)?;
            }
        }
        for (side, slot, field) in [(&mut me, bar, 46usize), (&mut them, home, 47)] {
            let c = f(field);
            side[BAR] = count(c)?;
            let value = board(slot);
            if value != 0 && value.unsigned_abs() != c.unsigned_abs() {
                return Err(FibsError::BarMismatch {
                    slot,
                    value,
                    count: c,
                });
            }
        }
        for (side, field, name) in [(&mut me, 44usize, "player"), (&mut them, 45, "opponent")] {
            side[OFF] = count(f(field))?;
            let total: u32 = side.iter().map(|&c| u32::from(c)).sum();
            if total != u32::from(CHECKERS) {
                return Err(FibsError::WrongTotal(name, total));
            }
        }
        let turn = f(31);
        let player_to_move = match turn {
            0 => return Err(FibsError::GameOver),
            t if t == colour => true,
            t if t == -colour => false,
            t => return Err(FibsError::BadTurn(t)),
        };
        let (d1, d2) = if player_to_move {
            (f(32), f(33))
        } else {
            (f(34), f(35))
        };
        let dice = match (d1, d2) {
            (0, 0) => None,
            (a, b) => Some(
                u8::try_from(a)
                    .ok()
                    .zip(u8::try_from(b).ok())
                    .and_then(|(a, b)| Dice::new(a, b).ok())
                    .ok_or(FibsError::BadDice(a, b))?,
            ),
        };
        let (on_roll, other) = if player_to_move {
            (&me, &them)
        } else {
            (&them, &me)
        };
        let position =
            Position::from_sides(on_roll, other).map_err(|e| FibsError::Position(e.to_string()))?;
        Ok((position, dice))
    }

    /// The FIBS board string of this position with the side on roll as the
    /// player (`You`, colour O, moving from 24 to 1) to move, its dice if
    /// given (`0:0` otherwise), a cube of 1 and no match (length 0).
    /// Reads back with [`Position::from_fibs`].
    #[must_use]
    pub fn to_fibs(&self, dice: Option<Dice>) -> String {
        let me = self.side_counts(crate::Side::OnRoll);
        let them = self.side_counts(crate::Side::Opponent);
        let mut f: Vec<String> = vec!["You".into(), "Opponent".into(), "0".into(), "0".into()];
        f.push("0".into());
        // Board: opponent's bar at 0 (negative), player at its own points,
        // opponent's own point p at 25 - p, player's bar at 25.
        f.push((-i64::from(them[BAR])).to_string());
        for i in 1..=24usize {
            let v = i64::from(me[i]) - i64::from(them[25 - i]);
            f.push(v.to_string());
        }
        f.push(me[BAR].to_string());
        let (d1, d2) = dice.map_or((0, 0), |d| (d.first(), d.second()));
        let movable = dice.map_or(0, |d| {
            legal_plays(self, d)
                .iter()
                .map(|p| p.steps().len())
                .max()
                .unwrap_or(0)
        });
        let tail = [
            "1".to_string(), // turn: O (the player)
            d1.to_string(),  // player's dice
            d2.to_string(),
            "0".into(), // opponent's dice
            "0".into(),
            "1".into(),  // cube
            "1".into(),  // player may double
            "1".into(),  // opponent may double
            "0".into(),  // was doubled
            "1".into(),  // colour O
            "-1".into(), // direction: 24 to 1
            "0".into(),  // home
            "25".into(), // bar
            me[OFF].to_string(),
            them[OFF].to_string(),
            me[BAR].to_string(),
            them[BAR].to_string(),
            movable.to_string(),
            "0".into(), // forced move
            "0".into(), // did Crawford
            "0".into(), // redoubles
        ];
        f.extend(tail);
        format!("board:{}", f.join(":"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Side;

    const START_62: &str = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";

    #[test]
    fn the_fibs_example_is_the_start_with_6_2() {
        let (p, d) = Position::from_fibs(START_62).unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(d, Dice::new(6, 2).ok());
        let (q, e) = Position::from_fibs(&p.to_fibs(d)).unwrap();
        assert_eq!((q, e), (p, d));
    }

    #[test]
    fn the_other_colour_and_direction_read_the_same_board() {
        // The same start as seen by X moving from 1 to 24: X's own point p
        // is FIBS position 25 - p, X's checkers negative.
        let mut f: Vec<String> = START_62.split(':').map(str::to_string).collect();
        // fields after "board" are f[1..]; board positions are f[6..=31].
        for i in 1..=24usize {
            let v: i64 = f[6 + i].parse().unwrap();
            f[6 + i] = (-v).to_string();
        }
        let board: Vec<String> = (0..26).map(|i| f[6 + i].clone()).collect();
        for i in 0..26 {
            f[6 + i] = board[25 - i].clone();
        }
        f[32] = "-1".into(); // turn: X
        f[41] = "-1".into(); // colour X
        f[42] = "1".into(); // direction up
        f[43] = "25".into();
        f[44] = "0".into();
        let text = f.join(":");
        let (p, d) = Position::from_fibs(&text).unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(d, Dice::new(6, 2).ok());
    }

    #[test]
    fn the_opponent_to_move_turns_the_board() {
        // Turn -1 (the opponent, X) with its dice 3-1.
        let mut f: Vec<&str> = START_62.split(':').collect();
        let p24 = 6 + 24;
        f[p24] = "1"; // one of my back checkers ...
        f[6 + 18] = "1"; // ... moved to 18
        f[32] = "-1";
        f[33] = "0";
        f[34] = "0";
        f[35] = "3";
        f[36] = "1";
        let (p, d) = Position::from_fibs(&f.join(":")).unwrap();
        assert_eq!(d, Dice::new(3, 1).ok());
        // The opponent is on roll: my checker on 18 is its 7... from its view
        // I am the side not on roll, with a checker on my own 18.
        assert_eq!(p.checkers(Side::Opponent, 18), 1);
        assert_eq!(p.checkers(Side::Opponent, 24), 1);
        assert_eq!(p.checkers(Side::OnRoll, 24), 2);
    }

    #[test]
    fn bars_and_borne_off_checkers() {
        let mut on_roll: SideCounts = [0; 26];
        let mut other: SideCounts = [0; 26];
        on_roll[BAR] = 2;
        on_roll[3] = 4;
        on_roll[OFF] = 9;
        other[BAR] = 1;
        other[20] = 3;
        other[OFF] = 11;
        let p = Position::from_sides(&on_roll, &other).unwrap();
        let text = p.to_fibs(Dice::new(4, 4).ok());
        assert_eq!(
            Position::from_fibs(&text).unwrap(),
            (p, Dice::new(4, 4).ok())
        );
        // Bar slots left at 0 read the same.
        let mut f: Vec<&str> = text.split(':').collect();
        f[6] = "0";
        f[31] = "0";
        assert_eq!(Position::from_fibs(&f.join(":")).unwrap().0, p);
    }

    #[test]
    fn malformed_boards_are_typed_errors() {
        let f: Vec<&str> = START_62.split(':').collect();
        let with = |i: usize, v: &'static str| {
            let mut g = f.clone();
            g[i] = v;
            g.join(":")
        };
        type Check = fn(&FibsError) -> bool;
        let cases: Vec<(String, Check)> = vec![
            ("board:a:b:1".into(), |e| {
                matches!(e, FibsError::FieldCount(3))
            }),
            (String::new(), |e| matches!(e, FibsError::FieldCount(1))),
            (with(8, "x"), |e| matches!(e, FibsError::BadNumber { .. })),
            (with(41, "2"), |e| matches!(e, FibsError::BadOrientation(_))),
            (with(42, "0"), |e| matches!(e, FibsError::BadOrientation(_))),
            (with(43, "25"), |e| {
                matches!(e, FibsError::BadOrientation(_))
            }),
            (with(32, "0"), |e| matches!(e, FibsError::GameOver)),
            (with(32, "5"), |e| matches!(e, FibsError::BadTurn(5))),
            (with(33, "7"), |e| matches!(e, FibsError::BadDice(7, 2))),
            (with(12, "6"), |e| {
                matches!(e, FibsError::WrongTotal("player", 16))
            }),
            (with(12, "99"), |e| matches!(e, FibsError::BadCount(99))),
            // "No panics on any input that a caller can pass": fields at the
            // ends of i64 (i64::MIN has no negation, no absolute value).
            (with(12, "-9223372036854775808"), |e| {
                matches!(e, FibsError::BadCount(i64::MAX))
            }),
            (with(12, "9223372036854775807"), |e| {
                matches!(e, FibsError::BadCount(i64::MAX))
            }),
            (with(6, "-9223372036854775808"), |e| {
                matches!(e, FibsError::BarMismatch { .. })
            }),
            (with(31, "3"), |e| {
                matches!(e, FibsError::BarMismatch { .. })
            }),
            (with(45, "1"), |e| {
                matches!(e, FibsError::WrongTotal("player", 16))
            }),
        ];
        for (text, ok) in cases {
            let err = Position::from_fibs(&text).unwrap_err();
            assert!(ok(&err), "{text}: {err:?}");
        }
    }
}

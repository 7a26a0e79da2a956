//! XGID, eXtreme Gammon's position text, e.g.
//! `XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10`.
//!
//! The first field has 26 characters: the top player's (O, lowercase) bar,
//! then points 1..=24 numbered for the bottom player (X, uppercase), then
//! X's bar. `-` is an empty point, `A`..`O` are 1..15 X checkers, `a`..`o`
//! O checkers. Then come the cube value (as a power of two), cube owner,
//! the player on roll (`1` X, `-1` O), the dice (`00` when not rolled),
//! both scores, the Crawford/Jacoby flag, match length and cube limit.
//! This crate has no cube: it writes a centred cube worth 1 in a money
//! game and reads only the position, the turn and the dice.

use thiserror::Error;

use crate::board::{Position, PositionError, SideCounts, BAR, CHECKERS, OFF};
use crate::dice::Dice;

/// Why an XGID was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum XgidError {
    /// Fewer than the 5 fields up to the dice.
    #[error("an XGID needs at least position, cube, owner, turn and dice fields")]
    MissingFields,
    /// Neither the 10 fields of an XGID nor the 5 up to the dice: a field
    /// lost or one too many.
    #[error(
        "an XGID has 10 fields (position, cube, owner, turn, dice, two scores, \
         Crawford/Jacoby, match length, cube limit) or the first 5, not {0}"
    )]
    FieldCount(usize),
    /// The position field is not 26 characters.
    #[error("the XGID position has 26 characters, this one has {0}")]
    WrongLength(usize),
    /// A character that is not `-`, `A`..`P` or `a`..`p`.
    #[error("{0:?} is not a checker count in an XGID")]
    BadCharacter(char),
    /// A side with more than 15 checkers.
    #[error("a side has more than 15 checkers")]
    TooManyCheckers,
    /// A checker of the wrong side on a bar.
    #[error("a bar holds the other player's checkers")]
    WrongBar,
    /// The turn field is not `1` or `-1`.
    #[error("the XGID turn is {0:?}, not 1 or -1")]
    BadTurn(String),
    /// The dice field is not `00` or two dice 1..=6 (or a cube action letter).
    #[error("the XGID dice are {0:?}")]
    BadDice(String),
    /// A numeric field that is not a number.
    #[error("the XGID field {0:?} is not a number")]
    BadNumber(String),
    /// A board no game reaches (both sides borne off: an XGID of dashes).
    #[error(transparent)]
    Position(PositionError),
}

fn count_char(n: u8, upper: bool) -> char {
    if n == 0 {
        return '-';
    }
    let base = if upper { b'A' } else { b'a' };
    char::from(base + n - 1)
}

impl Position {
    /// The XGID of this position with the side on roll as X (on roll,
    /// turn `1`), the dice if given (`00` otherwise), a centred cube in a
    /// money game.
    ///
    /// ```
    /// use backgammon_core::{Dice, Position};
    /// let d = Dice::new(5, 2).ok();
    /// assert_eq!(
    ///     Position::start().to_xgid(d),
    ///     "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    /// );
    /// ```
    #[must_use]
    pub fn to_xgid(&self, dice: Option<Dice>) -> String {
        let mut s = String::from("XGID=");
        s.push(count_char(self.bar(crate::Side::Opponent), false));
        for p in 1..=24usize {
            let v = self.b[p];
            s.push(count_char(v.unsigned_abs(), v > 0));
        }
        s.push(count_char(self.bar(crate::Side::OnRoll), true));
        let dice = match dice {
            Some(d) => format!("{}{}", d.first(), d.second()),
            None => "00".to_string(),
        };
        s.push_str(&format!(":0:0:1:{dice}:0:0:0:0:10"));
        s
    }

    /// Reads an XGID (with or without the `XGID=` prefix): the position
    /// turned so the player on roll is the side on roll, and the dice when
    /// the field holds a roll. It has its 10 fields, or only the first 5
    /// (position, cube, owner, turn, dice); the fields after the turn
    /// other than the dice must be numbers and are otherwise ignored.
    ///
    /// # Errors
    /// [`XgidError`] for anything malformed or not a legal board.
    pub fn from_xgid(text: &str) -> Result<(Position, Option<Dice>), XgidError> {
        let t = text.trim();
        let t = t.strip_prefix("XGID=").unwrap_or(t);
        let fields: Vec<&str> = t.split(':').collect();
        let [pos, cube, owner, turn, dice, ..] = fields.as_slice() else {
            return Err(XgidError::MissingFields);
        };
        // The whole XGID, or its first 5 fields: any other count lost a
        // field (the numbers would be read in the wrong places) or has one too many.
        if !matches!(fields.len(), 5 | 10) {
            return Err(XgidError::FieldCount(fields.len()));
        }
        for f in [cube, owner].into_iter().chain(fields.iter().skip(5)) {
            if f.parse::<i64>().is_err() {
                return Err(XgidError::BadNumber((*f).to_string()));
            }
        }
        let chars: Vec<char> = pos.chars().collect();
        if chars.len() != 26 {
            return Err(XgidError::WrongLength(chars.len()));
        }
        // Counts for X (uppercase) and O (lowercase), each from X's numbering.
        let mut x: SideCounts = [0; 26];
        let mut o_xnum = [0u8; 26];
        for (i, &c) in chars.iter().enumerate() {
            let (n, upper) = match c {
                '-' => (0, true),
                'A'..='P' => (c as u8 - b'A' + 1, true),
                'a'..='p' => (c as u8 - b'a' + 1, false),
                _ => return Err(XgidError::BadCharacter(c)),
            };
            if n == 0 {
                continue;
            }
            match (i, upper) {
                (0, true) | (25, false) => return Err(XgidError::WrongBar),
                (0, false) => o_xnum[0] = n,
                (25, true) => x[BAR] = n,
                (_, true) => x[i] = n,
                (_, false) => o_xnum[i] = n,
            }
        }
        // O's own numbering: X's point p is O's point 25 - p; O's bar at 0.
        let mut o: SideCounts = [0; 26];
        o[BAR] = o_xnum[0];
        for p in 1..=24usize {
            o[25 - p] = o_xnum[p];
        }
        for c in [&mut x, &mut o] {
            let on: u32 = c.iter().map(|&v| u32::from(v)).sum();
            if on > u32::from(CHECKERS) {
                return Err(XgidError::TooManyCheckers);
            }
            c[OFF] = CHECKERS - on as u8;
        }
        let x_on_roll = match turn.trim() {
            "1" => true,
            "-1" => false,
            other => return Err(XgidError::BadTurn(other.to_string())),
        };
        // Points are never shared: X on p is O's 25 - p, which we set from the same char.
        let position = if x_on_roll {
            Position::from_sides(&x, &o)
        } else {
            Position::from_sides(&o, &x)
        }
        .map_err(|e| match e {
            PositionError::WrongCheckerCount { .. } => XgidError::TooManyCheckers,
            e => XgidError::Position(e),
        })?;
        let dice = match *dice {
            "00" | "D" | "B" | "R" => None,
            d => {
                let b = d.as_bytes();
                match b {
                    [a, c] if (b'1'..=b'6').contains(a) && (b'1'..=b'6').contains(c) => {
                        Dice::new(a - b'0', c - b'0').ok()
                    }
                    _ => return Err(XgidError::BadDice(d.to_string())),
                }
            }
        };
        Ok((position, dice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Side;

    #[test]
    fn start_position_xgid() {
        let (p, d) =
            Position::from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10").unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(d, Dice::new(5, 2).ok());
        assert_eq!(
            Position::start().to_xgid(None),
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
        );
    }

    #[test]
    fn turn_minus_one_puts_o_on_roll() {
        // X has made its 5 point (8/5 6/5); O is on roll.
        let (p, d) =
            Position::from_xgid("XGID=-b---BD-B---eE---c-e----B-:0:0:-1:00:0:0:0:0:10").unwrap();
        assert_eq!(d, None);
        assert_eq!(p.checkers(Side::Opponent, 5), 2);
        assert_eq!(p.checkers(Side::OnRoll, 6), 5);
        let (q, _) = Position::from_xgid(&p.flip().to_xgid(None)).unwrap();
        assert_eq!(q, p.flip());
    }

    #[test]
    fn bars_and_off_are_read() {
        let (p, _) =
            Position::from_xgid("XGID=a-----E-C---eE---c-e----AA:0:0:1:31:0:0:0:0:10").unwrap();
        assert_eq!(p.bar(Side::OnRoll), 1);
        assert_eq!(p.bar(Side::Opponent), 1);
        assert_eq!(p.off(Side::OnRoll), 0);
        assert_eq!(p.off(Side::Opponent), 1);
        assert_eq!(Position::from_xgid(&p.to_xgid(None)).unwrap().0, p);
    }

    #[test]
    fn malformed_xgids_give_typed_errors() {
        assert_eq!(
            Position::from_xgid("XGID=-b----E"),
            Err(XgidError::MissingFields)
        );
        assert_eq!(
            Position::from_xgid("XGID=-b:0:0:1:00"),
            Err(XgidError::WrongLength(2))
        );
        assert_eq!(
            Position::from_xgid("XGID=-b----E-C---eE---c-e----B--:0:0:1:52"),
            Err(XgidError::WrongLength(27))
        );
        assert_eq!(
            Position::from_xgid("XGID=-b----E-C---eE---c-e---!B-:0:0:1:52"),
            Err(XgidError::BadCharacter('!'))
        );
        assert_eq!(
            Position::from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:2:52"),
            Err(XgidError::BadTurn("2".into()))
        );
        assert_eq!(
            Position::from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:72"),
            Err(XgidError::BadDice("72".into()))
        );
        assert_eq!(
            Position::from_xgid("XGID=-b----P-C---eE---c-e----B-:0:0:1:52"),
            Err(XgidError::TooManyCheckers)
        );
        assert_eq!(
            Position::from_xgid("XGID=A-----E-C---eE---c-e----B-:0:0:1:52"),
            Err(XgidError::WrongBar)
        );
        assert_eq!(
            Position::from_xgid("XGID=-b----E-C---eE---c-e----B-:x:0:1:52"),
            Err(XgidError::BadNumber("x".into()))
        );
        // A field lost or one too many: the whole XGID has 10, the short form 5.
        for (xgid, fields) in [
            ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0", 6),
            ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0", 9),
            ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10:7", 11),
        ] {
            assert_eq!(
                Position::from_xgid(xgid),
                Err(XgidError::FieldCount(fields)),
                "{xgid}"
            );
        }
    }
}

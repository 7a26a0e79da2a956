//! The GNU Backgammon Position ID: 14 base64 characters for the 80-bit key.
//!
//! The key lists, for the player **not** on roll and then for the player on
//! roll (this is the order GNU Backgammon's own `PositionKey` writes, its
//! board index 0 before index 1), each of that player's points from its ace
//! point to its 24 point and then its bar: a `1` per checker, then a `0`.
//! Bits are packed little-endian into 10 bytes, which are written in base64
//! (3 bytes to 4 characters, the last byte to 2 characters).

use thiserror::Error;

use crate::board::{Position, PositionError, SideCounts, BAR, CHECKERS, OFF};

/// Why a Position ID was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionIdError {
    /// Not exactly 14 characters.
    #[error("a Position ID has 14 characters, this one has {0}")]
    WrongLength(usize),
    /// A character outside the base64 alphabet.
    #[error("{0:?} is not a base64 character")]
    BadCharacter(char),
    /// The bits do not describe 25 slots for each side.
    #[error("the Position ID ends before both sides are described")]
    Truncated,
    /// Bits set after both sides were described.
    #[error("the Position ID has stray bits after both sides")]
    TrailingBits,
    /// A side with more than 15 checkers.
    #[error("a side has more than 15 checkers")]
    TooManyCheckers,
    /// Both sides on the same point.
    #[error("both sides have checkers on the same point")]
    SharedPoint,
    /// A board no game reaches (both sides borne off, e.g. `AAAAAAAAAAAAAA`).
    #[error(transparent)]
    Position(PositionError),
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn b64_value(c: char) -> Option<u8> {
    let v = match c {
        'A'..='Z' => c as u32 - 'A' as u32,
        'a'..='z' => c as u32 - 'a' as u32 + 26,
        '0'..='9' => c as u32 - '0' as u32 + 52,
        '+' => 62,
        '/' => 63,
        _ => return None,
    };
    Some(v as u8)
}

impl Position {
    /// The 10-byte GNU Backgammon position key.
    #[must_use]
    pub fn gnubg_key(&self) -> [u8; 10] {
        let mut key = [0u8; 10];
        let mut bit = 0usize;
        for side in [crate::board::Side::Opponent, crate::board::Side::OnRoll] {
            let c = self.side_counts(side);
            for &n in c.iter().skip(1) {
                // points 1..=24, then the bar (index 25)
                for _ in 0..n {
                    if let Some(byte) = key.get_mut(bit / 8) {
                        *byte |= 1 << (bit % 8);
                    }
                    bit += 1;
                }
                bit += 1;
            }
        }
        key
    }

    /// The GNU Backgammon Position ID (14 characters), with the side on roll
    /// as GNU Backgammon's player on roll.
    ///
    /// ```
    /// use backgammon_core::Position;
    /// assert_eq!(Position::start().to_gnubg_id(), "4HPwATDgc/ABMA");
    /// ```
    #[must_use]
    pub fn to_gnubg_id(&self) -> String {
        let key = self.gnubg_key();
        let mut s = String::with_capacity(14);
        for chunk in key.chunks(3) {
            let mut w = 0u32;
            for (i, &byte) in chunk.iter().enumerate() {
                w |= u32::from(byte) << (16 - 8 * i);
            }
            let chars = match chunk.len() {
                3 => 4,
                2 => 3,
                _ => 2,
            };
            for i in 0..chars {
                let v = (w >> (18 - 6 * i)) & 63;
                s.push(char::from(ALPHABET[v as usize]));
            }
        }
        s
    }

    /// Reads a GNU Backgammon Position ID (the player on roll becomes the
    /// side on roll). Surrounding spaces are ignored.
    ///
    /// # Errors
    /// [`PositionIdError`] for anything that is not a valid ID.
    pub fn from_gnubg_id(id: &str) -> Result<Position, PositionIdError> {
        let id = id.trim();
        let n = id.chars().count();
        if n != 14 {
            return Err(PositionIdError::WrongLength(n));
        }
        let mut bits = [0u8; 84];
        for (i, c) in id.chars().enumerate() {
            let v = b64_value(c).ok_or(PositionIdError::BadCharacter(c))?;
            for k in 0..6 {
                if let Some(slot) = bits.get_mut(i * 6 + k) {
                    *slot = (v >> (5 - k)) & 1;
                }
            }
        }
        // Regroup: base64 is big-endian within each 3-byte group; the key is
        // little-endian within each byte.
        let mut key = [0u8; 11];
        for (byte_index, byte) in key.iter_mut().enumerate() {
            for k in 0..8 {
                if bits.get(byte_index * 8 + k).copied().unwrap_or(0) == 1 {
                    *byte |= 1 << (7 - k);
                }
            }
        }
        if key[10] != 0 {
            return Err(PositionIdError::TrailingBits);
        }
        Position::from_gnubg_key(&[
            key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7], key[8], key[9],
        ])
    }

    /// Reads a 10-byte GNU Backgammon position key.
    ///
    /// # Errors
    /// [`PositionIdError`] when the key does not describe a legal board.
    pub fn from_gnubg_key(key: &[u8; 10]) -> Result<Position, PositionIdError> {
        let bit_at = |i: usize| key.get(i / 8).is_some_and(|b| (b >> (i % 8)) & 1 == 1);
        let mut pos = 0usize;
        let mut sides: [SideCounts; 2] = [[0; 26]; 2];
        for counts in sides.iter_mut() {
            let mut total = 0u8;
            for slot in counts.iter_mut().take(BAR + 1).skip(1) {
                let mut n = 0u8;
                loop {
                    if pos >= 80 {
                        return Err(PositionIdError::Truncated);
                    }
                    let one = bit_at(pos);
                    pos += 1;
                    if !one {
                        break;
                    }
                    n += 1;
                    total += 1;
                    if total > CHECKERS {
                        return Err(PositionIdError::TooManyCheckers);
                    }
                }
                *slot = n;
            }
            counts[OFF] = CHECKERS - total;
        }
        if (pos..80).any(bit_at) {
            return Err(PositionIdError::TrailingBits);
        }
        let [opponent, on_roll] = sides;
        Position::from_sides(&on_roll, &opponent).map_err(|e| match e {
            PositionError::SharedPoint { .. } => PositionIdError::SharedPoint,
            e => PositionIdError::Position(e),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "The first to bear off all 15 wins": a board with no checker left on
    /// either side is no game's position, and is refused.
    #[test]
    fn a_board_without_checkers_is_refused() {
        assert_eq!(
            Position::from_gnubg_id("AAAAAAAAAAAAAA"),
            Err(PositionIdError::Position(PositionError::NoCheckerLeft))
        );
    }

    #[test]
    fn start_id_matches_gnubg() {
        assert_eq!(Position::start().to_gnubg_id(), "4HPwATDgc/ABMA");
        assert_eq!(
            Position::from_gnubg_id("4HPwATDgc/ABMA"),
            Ok(Position::start())
        );
    }

    #[test]
    fn ids_written_by_gnubg_are_read_with_the_right_side_on_roll() {
        // From gnubg_nn.position_id (PyPI gnubg-nn 1.1.0a11): the start
        // position after the player on roll played 31 as 8/5 6/5, still
        // with that player on roll; and the same board with sides swapped.
        let p = Position::from_gnubg_id("4HPwATCwZ/ABMA").unwrap();
        assert_eq!(p.checkers(crate::Side::OnRoll, 5), 2);
        assert_eq!(p.checkers(crate::Side::OnRoll, 8), 2);
        assert_eq!(p.checkers(crate::Side::OnRoll, 6), 4);
        assert_eq!(p.flip().to_gnubg_id(), "sGfwATDgc/ABMA");
    }

    #[test]
    fn malformed_ids_give_typed_errors() {
        assert_eq!(
            Position::from_gnubg_id("4HPw"),
            Err(PositionIdError::WrongLength(4))
        );
        assert_eq!(
            Position::from_gnubg_id("4HPwATDgc/AB!A"),
            Err(PositionIdError::BadCharacter('!'))
        );
        assert_eq!(
            Position::from_gnubg_id("/////////////A"),
            Err(PositionIdError::TooManyCheckers)
        );
        // Both sides all borne off: no game reaches it (issue 20; see
        // a_board_without_checkers_is_refused).
        assert!(Position::from_gnubg_id("AAAAAAAAAAAAAA").is_err());
        assert_eq!(
            Position::from_gnubg_id("4HPwATDgc/ABMB"),
            Err(PositionIdError::TrailingBits)
        );
    }
}

//! A roll of two dice.

use std::fmt;
use std::str::FromStr;

use games_common::GameRng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A die showed a number outside 1..=6, or a roll could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DiceError {
    /// A die value outside 1..=6.
    #[error("a die shows 1 to 6, not {0}")]
    OutOfRange(u8),
    /// Text that is not two digits 1..=6 (like `31` or `3-1`).
    #[error("cannot read dice from {0:?}: write two digits 1 to 6, like 31")]
    Malformed(String),
}

/// Two dice, each 1..=6, in the order they were given (the order does not
/// matter for play: both numbers are always available).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "[u8; 2]", into = "[u8; 2]")]
pub struct Dice {
    d1: u8,
    d2: u8,
}

impl TryFrom<[u8; 2]> for Dice {
    type Error = DiceError;
    fn try_from(v: [u8; 2]) -> Result<Dice, DiceError> {
        Dice::new(v[0], v[1])
    }
}

impl From<Dice> for [u8; 2] {
    fn from(d: Dice) -> [u8; 2] {
        [d.d1, d.d2]
    }
}

impl Dice {
    /// Two dice; both must be 1..=6.
    ///
    /// # Errors
    /// [`DiceError::OutOfRange`] for a value outside 1..=6.
    pub fn new(d1: u8, d2: u8) -> Result<Dice, DiceError> {
        for d in [d1, d2] {
            if !(1..=6).contains(&d) {
                return Err(DiceError::OutOfRange(d));
            }
        }
        Ok(Dice { d1, d2 })
    }

    /// Two dice already known to be 1..=6 (values are clamped to be safe).
    pub(crate) fn from_valid(d1: u8, d2: u8) -> Dice {
        Dice {
            d1: d1.clamp(1, 6),
            d2: d2.clamp(1, 6),
        }
    }

    /// A roll drawn from the seeded generator (two independent dice).
    pub fn roll(rng: &mut GameRng) -> Dice {
        let d1 = rng.below(6) as u8 + 1;
        let d2 = rng.below(6) as u8 + 1;
        Dice { d1, d2 }
    }

    /// The first die as given.
    #[must_use]
    pub const fn first(self) -> u8 {
        self.d1
    }

    /// The second die as given.
    #[must_use]
    pub const fn second(self) -> u8 {
        self.d2
    }

    /// The larger number.
    #[must_use]
    pub const fn high(self) -> u8 {
        if self.d1 >= self.d2 {
            self.d1
        } else {
            self.d2
        }
    }

    /// The smaller number.
    #[must_use]
    pub const fn low(self) -> u8 {
        if self.d1 >= self.d2 {
            self.d2
        } else {
            self.d1
        }
    }

    /// Whether both dice show the same number (played four times).
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.d1 == self.d2
    }

    /// The numbers to play: four copies for doubles, else high then low.
    #[must_use]
    pub fn numbers(self) -> Vec<u8> {
        if self.is_double() {
            vec![self.d1; 4]
        } else {
            vec![self.high(), self.low()]
        }
    }

    /// The 21 distinct rolls (high die first) with their weight out of 36
    /// (1 for doubles, 2 otherwise).
    #[must_use]
    pub fn all_21() -> [(Dice, u8); 21] {
        let mut out = [(Dice { d1: 1, d2: 1 }, 1u8); 21];
        let mut i = 0;
        let mut a = 1u8;
        while a <= 6 {
            let mut b = 1u8;
            while b <= a {
                out[i] = (Dice { d1: a, d2: b }, if a == b { 1 } else { 2 });
                i += 1;
                b += 1;
            }
            a += 1;
        }
        out
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.d1, self.d2)
    }
}

impl FromStr for Dice {
    type Err = DiceError;
    /// Reads `31`, `3-1`, `3 1` or `3,1`.
    fn from_str(s: &str) -> Result<Dice, DiceError> {
        let digits: Vec<char> = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | ','))
            .collect();
        match digits.as_slice() {
            [a, b] => {
                let a = a
                    .to_digit(10)
                    .ok_or_else(|| DiceError::Malformed(s.to_string()))?;
                let b = b
                    .to_digit(10)
                    .ok_or_else(|| DiceError::Malformed(s.to_string()))?;
                Dice::new(a as u8, b as u8)
            }
            _ => Err(DiceError::Malformed(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_validate_and_parse() {
        assert_eq!(Dice::new(0, 3), Err(DiceError::OutOfRange(0)));
        assert_eq!(Dice::new(3, 7), Err(DiceError::OutOfRange(7)));
        let d: Dice = "3-1".parse().unwrap();
        assert_eq!((d.high(), d.low()), (3, 1));
        assert!("3".parse::<Dice>().is_err());
        assert!("x1".parse::<Dice>().is_err());
        assert!("71".parse::<Dice>().is_err());
        assert_eq!(Dice::new(4, 4).unwrap().numbers(), vec![4, 4, 4, 4]);
        let total: u32 = Dice::all_21().iter().map(|&(_, w)| u32::from(w)).sum();
        assert_eq!(total, 36);
    }

    #[test]
    fn seeded_rolls_are_in_range_and_repeatable() {
        let mut a = GameRng::from_seed(5);
        let mut b = GameRng::from_seed(5);
        for _ in 0..200 {
            let d = Dice::roll(&mut a);
            assert_eq!(d, Dice::roll(&mut b));
            assert!((1..=6).contains(&d.first()) && (1..=6).contains(&d.second()));
        }
    }
}

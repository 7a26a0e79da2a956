//! Box values: the standard game (every box worth 1) and the "valued
//! boxes" variant (some boxes worth 2 or 3), given explicitly or generated
//! from a seed.

use games_common::GameRng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::BoardSize;

/// How the boxes of a game are valued.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ValueLayout {
    /// Every box is worth 1 point.
    #[default]
    Standard,
    /// One value per box, row by row, each 1, 2 or 3.
    Explicit(Vec<u8>),
    /// Generated from this seed by [`seeded_values`]: same seed, same
    /// layout.
    Seeded(u64),
}

/// A value layout that does not fit the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ValueError {
    /// The explicit list has the wrong length.
    #[error("expected {expected} box values, got {got}")]
    WrongCount {
        /// Boxes on the board.
        expected: usize,
        /// Values given.
        got: usize,
    },
    /// A value is not 1, 2 or 3.
    #[error("a box is worth 1, 2 or 3 points, not {0}")]
    BadValue(u8),
}

impl ValueLayout {
    /// The value of every box of a board of `size`, row by row.
    pub fn resolve(&self, size: BoardSize) -> Result<Vec<u8>, ValueError> {
        match self {
            ValueLayout::Standard => Ok(vec![1; size.num_boxes()]),
            ValueLayout::Explicit(v) => {
                check_values(size, v)?;
                Ok(v.clone())
            }
            ValueLayout::Seeded(seed) => Ok(seeded_values(size, *seed)),
        }
    }
}

/// Check that `values` has one entry per box, each 1, 2 or 3.
pub fn check_values(size: BoardSize, values: &[u8]) -> Result<(), ValueError> {
    if values.len() != size.num_boxes() {
        return Err(ValueError::WrongCount {
            expected: size.num_boxes(),
            got: values.len(),
        });
    }
    if let Some(&bad) = values.iter().find(|&&v| !(1..=3).contains(&v)) {
        return Err(ValueError::BadValue(bad));
    }
    Ok(())
}

/// The seeded layout: each box, row by row, draws a number below 10 from
/// [`GameRng::from_seed`]`(seed)`: 0 makes it worth 3, 1 or 2 worth 2, the
/// rest worth 1 (so about 1 box in 10 is worth 3 and 1 in 5 worth 2).
/// Frozen: the same seed gives the same layout on every platform and
/// version.
#[must_use]
pub fn seeded_values(size: BoardSize, seed: u64) -> Vec<u8> {
    let mut rng = GameRng::from_seed(seed);
    (0..size.num_boxes())
        .map(|_| match rng.below(10) {
            0 => 3,
            1 | 2 => 2,
            _ => 1,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_is_deterministic_and_valued() {
        let s = BoardSize::LARGE;
        let a = seeded_values(s, 42);
        assert_eq!(a, seeded_values(s, 42));
        assert_eq!(a.len(), 25);
        assert!(a.iter().all(|v| (1..=3).contains(v)));
        // Over many seeds some boxes are worth 2 and some 3.
        let all: Vec<u8> = (0..20).flat_map(|seed| seeded_values(s, seed)).collect();
        assert!(all.contains(&2) && all.contains(&3) && all.contains(&1));
        assert_ne!(seeded_values(s, 1), seeded_values(s, 2));
    }

    #[test]
    fn explicit_is_checked() {
        let s = BoardSize::new(1, 2).unwrap();
        assert_eq!(
            ValueLayout::Explicit(vec![1, 3]).resolve(s).unwrap(),
            vec![1, 3]
        );
        assert_eq!(
            ValueLayout::Explicit(vec![1]).resolve(s),
            Err(ValueError::WrongCount {
                expected: 2,
                got: 1
            })
        );
        assert_eq!(
            ValueLayout::Explicit(vec![1, 4]).resolve(s),
            Err(ValueError::BadValue(4))
        );
        assert_eq!(ValueLayout::Standard.resolve(s).unwrap(), vec![1, 1]);
    }
}

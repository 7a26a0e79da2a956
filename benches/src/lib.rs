//! Criterion benchmarks of the game engines live in `benches/benches/`, one
//! file per game; run them with `cargo bench -p games-benches`.
//!
//! This library holds the position sets the benches share.

use backgammon_core::{Position, PositionIdError};
use games_common::{Playable, Player};

/// What is done with each game's start by [`visit_starts`]: generic over
/// the game, so one function (a bench, a count under callgrind) serves the
/// four.
pub trait StartVisitor {
    /// Called with a short name, the start, a perft depth and the perft
    /// count at that depth (derived in each game's own tests).
    fn visit<G: Playable>(&mut self, name: &str, start: &G, depth: u32, count: u64);
}

/// Call `visitor` with the start of every game, as the trait's benches
/// measure them.
///
/// # Panics
/// Never: the sizes and deals are valid constants.
pub fn visit_starts(visitor: &mut impl StartVisitor) {
    // Nim, 3-4-5: 12 moves, then 113 (nim-core's tests/game_trait.rs).
    visitor.visit("nim_3_4_5", &nim_core::Position::default(), 2, 113);
    // Dots and boxes 5×5: 60 lines, then 60 × 59 (no line of an empty
    // board completes a box, so the mover changes every time).
    let five = timbiriche_core::BoardSize::new(5, 5).expect("5×5 is a board size");
    let dots = timbiriche_core::Position::standard(five);
    visitor.visit("timbiriche_5x5", &dots, 2, 60 * 59);
    // Backgammon from the first roll: 21 rolls, then GNU Backgammon's 447
    // distinct plays.
    let start = backgammon_core::GameState::from_position(Position::start(), Player::First, None);
    visitor.visit("backgammon_start", &start, 2, 447);
    // Color Lines, five in a row, deal 7: 5 marbles × 76 free cells.
    let lines = canicas_core::State::new(canicas_core::Rules::FIVE, 7).expect("deal 7 is a deal");
    visitor.visit("canicas_five_deal_7", &lines, 1, 380);
}

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

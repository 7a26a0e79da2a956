//! Caller data that the public API must refuse with a typed error, never
//! panic on: the README's "no panics on any input that a caller can pass".

use nim_core::{Game, Move, MoveError, Player, Position, Rule, SetupError};
use proptest::prelude::*;

/// Rows are shown counted from 1: the row `usize::MAX` (a move any caller
/// can build) overflowed the `+ 1` and panicked when the move, or the
/// error that refuses it, was printed.
#[test]
fn a_move_on_the_last_usize_row_is_refused_and_printed() {
    let mut game = Game::new(&[3, 4, 5], Rule::Normal, Player::First, 1).unwrap();
    let before = game.save();
    let far = Move::new(usize::MAX, 1);
    let err = game.play(far).unwrap_err();
    assert_eq!(
        err,
        MoveError::NoSuchRow {
            row: usize::MAX,
            rows: 3
        }
    );
    assert_eq!(game.save(), before, "a refused move changes nothing");
    let max_plus_one = (usize::MAX as u128 + 1).to_string();
    assert!(err.to_string().contains(&max_plus_one), "{err}");
    assert!(far.to_string().contains(&max_plus_one), "{far}");
    assert_eq!(far.to_notation(), format!("{max_plus_one}-1"));
    // No board has that row: the text reads back as no move.
    assert!(Move::from_notation(&far.to_notation()).is_err());
}

proptest! {
    /// Any move on any board: legal and played, or refused with the
    /// board as it was; its text and its error print without a panic.
    #[test]
    fn any_move_is_played_or_refused_unchanged(
        rows in proptest::collection::vec(0u32..6, 1..5),
        row in prop_oneof![0usize..8, Just(usize::MAX), any::<usize>()],
        take in any::<u32>(),
    ) {
        let mut p = match Position::new(&rows, Rule::Normal, Player::First) {
            Ok(p) => p,
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        let before = p.clone();
        let mv = Move::new(row, take);
        let _ = (mv.to_string(), mv.to_notation());
        if let Err(e) = p.play(mv) {
            let _ = e.to_string();
            prop_assert_eq!(p, before);
        }
    }
}

#[test]
fn a_row_too_long_at_any_index_prints() {
    let e = SetupError::RowTooLong {
        row: usize::MAX,
        circles: 1 << 20,
    };
    // usize::MAX + 1, whatever the width of usize.
    let max_plus_one = (usize::MAX as u128 + 1).to_string();
    assert!(e.to_string().contains(&max_plus_one), "{e}");
}

//! Arbitrary move text against ten positions and any roll: never
//! a panic; a text that matches a legal play gives one of the legal plays,
//! and that play's own notation reads back to the same play.
#![no_main]

use backgammon_core::{legal_plays, parse_moves, parse_play, Dice, Position};
use libfuzzer_sys::fuzz_target;

/// Position IDs from the crate's tests (the start and middle games).
const IDS: [&str; 8] = [
    "4HPwATDgc/ABMA",
    "4HPwATCwZ/ABMA",
    "sGfwATDgc/ABMA",
    "7vgBCggNT4DKQg",
    "O3oxQCASCAP+RQ",
    "hQ0coC3gK3HAYA",
    "ZxyCSQr/AAjQQw",
    "vxsEEBQAQpL9Qw",
];

/// The IDs, plus a bear-off with the opponent on the bar and two checkers
/// on the bar against a 5-point board.
fn position(which: u8) -> Option<Position> {
    let n = usize::from(which) % (IDS.len() + 2);
    if let Some(id) = IDS.get(n) {
        return Position::from_gnubg_id(id).ok();
    }
    let mut me = [0u8; 26];
    let mut them = [0u8; 26];
    if n == IDS.len() {
        me[1] = 3;
        me[2] = 3;
        me[4] = 2;
        me[6] = 4;
        them[25] = 1;
        them[13] = 10;
    } else {
        me[25] = 2;
        me[13] = 6;
        me[8] = 3;
        them[1] = 3;
        them[2] = 3;
        them[3] = 3;
        them[4] = 3;
        them[5] = 3;
    }
    Position::from_board_counts(&me, &them).ok()
}

fuzz_target!(|data: &[u8]| {
    let [which, d1, d2, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Some(pos) = position(*which) else { return };
    let Ok(dice) = Dice::new(d1 % 6 + 1, d2 % 6 + 1) else {
        return;
    };
    let _ = parse_moves(text);
    if let Ok(play) = parse_play(&pos, dice, text) {
        let legal = legal_plays(&pos, dice);
        assert!(
            legal.iter().any(|p| p.result() == play.result()),
            "{text:?} gave an illegal play"
        );
        let printed = play.notation();
        let again = parse_play(&pos, dice, &printed).expect("a play's notation reads back");
        assert_eq!(again.result(), play.result(), "{printed}");
    }
});

//! Arbitrary text into each game's position-string reader (the one shape,
//! `Playable::parse_state`): never a panic; a position that reads prints
//! back to a string that reads to the same string; its serde JSON loads back
//! to the same state (a position read from a string must be one a save can
//! hold: two such defects were found by hand before this target existed);
//! and every legal move of it plays.
#![no_main]

use games_common::Playable;
use libfuzzer_sys::fuzz_target;
use serde::{de::DeserializeOwned, Serialize};

fn check<G>(text: &str)
where
    G: Playable + Serialize + DeserializeOwned + PartialEq,
{
    let Ok(state) = G::parse_state(text) else {
        return;
    };
    let printed = state.state_string();
    let back = G::parse_state(&printed).expect("a position's string reads back");
    assert_eq!(back.state_string(), printed);
    let json = serde_json::to_string(&state).expect("a position serializes");
    let loaded: G = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{printed}: its JSON does not load back: {e}"));
    assert!(loaded == state, "{printed}: its JSON loads another state");
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for &mv in moves.iter().take(64) {
        let mut next = state.clone();
        next.play(mv).expect("a legal move plays");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&game, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    match game % 4 {
        0 => check::<nim_core::Position>(text),
        1 => check::<timbiriche_core::Position>(text),
        2 => check::<backgammon_core::GameState>(text),
        _ => check::<canicas_core::State>(text),
    }
});

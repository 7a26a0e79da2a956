//! Arbitrary bytes into Nim's loaders: never a panic; whatever loads saves
//! back to bytes that load to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nim_core::{Game, Match};

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = Game::load(data) {
        let again = Game::load(&game.save()).expect("a loaded game saves and loads back");
        assert_eq!(again, game);
    }
    if let Ok(m) = Match::load(data) {
        let again = Match::load(&m.save()).expect("a loaded match saves and loads back");
        assert_eq!(again, m);
    }
});

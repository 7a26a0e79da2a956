//! Arbitrary bytes into the dots-and-boxes loaders (the crate's and the C
//! API's): never a panic; what loads saves and loads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use timbiriche_core::Game;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(game) = Game::load(text) {
            let again = Game::load(&game.save()).expect("a loaded game loads back");
            assert_eq!(again, game);
        }
    }
    let mut handle = std::ptr::null_mut();
    // SAFETY: `data` is a live slice; `handle` a local out-pointer.
    let r = unsafe {
        games_ffi::timbiriche::games_timbiriche_load(data.as_ptr(), data.len(), &mut handle)
    };
    assert_ne!(r, games_ffi::games_result::GAMES_RESULT_PANIC);
    // SAFETY: NULL or the handle just made.
    unsafe { games_ffi::timbiriche::games_timbiriche_free(handle) };
});

//! Arbitrary bytes into the Color Lines loaders (games in progress and
//! records, the crate's and the C API's): never a panic; what loads saves
//! and loads back the same.
#![no_main]

use std::ptr;

use canicas_core::{Game, Records};
use games_ffi::canicas::*;
use games_ffi::games_result::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(game) = Game::from_json(text) {
            let again = Game::from_json(&game.to_json()).expect("a loaded game loads back");
            assert_eq!(again, game);
        }
        if let Ok(records) = Records::from_json(text) {
            let again = Records::from_json(&records.to_json()).expect("loaded records load back");
            assert_eq!(again, records);
        }
    }
    // SAFETY: `data` is a live slice; the handles are local out-pointers,
    // then NULL or the handles just made.
    unsafe {
        let mut game = ptr::null_mut();
        let r = games_canicas_load(data.as_ptr(), data.len(), &mut game);
        assert_ne!(r, GAMES_RESULT_PANIC);
        assert_eq!(r == GAMES_RESULT_OK, !game.is_null());
        if r == GAMES_RESULT_OK {
            let mut len = 0;
            assert_eq!(
                games_canicas_save(game, ptr::null_mut(), 0, &mut len),
                GAMES_RESULT_BUFFER_TOO_SMALL
            );
            let mut bytes = vec![0u8; len];
            assert_eq!(
                games_canicas_save(game, bytes.as_mut_ptr(), len, &mut len),
                GAMES_RESULT_OK
            );
            let mut again = ptr::null_mut();
            assert_eq!(
                games_canicas_load(bytes.as_ptr(), len, &mut again),
                GAMES_RESULT_OK
            );
            games_canicas_free(again);
        }
        games_canicas_free(game);
        let mut records = ptr::null_mut();
        let r = games_canicas_records_load(data.as_ptr(), data.len(), &mut records);
        assert_ne!(r, GAMES_RESULT_PANIC);
        games_canicas_records_free(records);
    }
});

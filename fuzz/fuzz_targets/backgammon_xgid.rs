//! Arbitrary text into the XGID reader (the crate's and the C API's): never
//! a panic; every XGID that parses prints back to an XGID of the same
//! position and dice, whose Position ID reads back to it too.
#![no_main]

use std::ffi::CString;

use backgammon_core::Position;
use games_ffi::backgammon::{games_backgammon_free, games_backgammon_new_from_xgid};
use games_ffi::games_result::GAMES_RESULT_PANIC;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok((pos, dice)) = Position::from_xgid(text) {
            let again = pos.to_xgid(dice);
            assert_eq!(
                Position::from_xgid(&again).ok(),
                Some((pos, dice)),
                "{again}"
            );
            assert_eq!(Position::from_gnubg_id(&pos.to_gnubg_id()).ok(), Some(pos));
        }
    }
    let Ok(c) = CString::new(data) else { return };
    for player in [0, 1, 2] {
        let mut game = std::ptr::null_mut();
        // SAFETY: `c` is NUL-terminated; `game` a local out-pointer.
        let r = unsafe { games_backgammon_new_from_xgid(c.as_ptr(), player, 7, &mut game) };
        assert_ne!(r, GAMES_RESULT_PANIC);
        // SAFETY: NULL or the handle just made.
        unsafe { games_backgammon_free(game) };
    }
});

//! Arbitrary text into the Color Lines text-board parsers (the crate's and
//! the C API's): never a panic, and whatever parses prints back to text
//! (one line or one row per line) that parses to the same board.
#![no_main]

use std::ffi::CString;

use canicas_core::{board_from_text, board_from_text_for, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(board) = board_from_text(text) {
        let printed = board.to_text();
        assert_eq!(printed.len(), board.cell_count());
        assert_eq!(board_from_text(&printed).ok(), Some(board));
        assert_eq!(board_from_text(&board.to_pretty()).ok(), Some(board));
        assert_eq!(
            board.marble_count() + board.free_count(),
            board.cell_count() as u32
        );
    }
    for rules in [Rules::FIVE, Rules::FOUR] {
        if let Ok(board) = board_from_text_for(text, &rules) {
            assert_eq!(board.size(), rules.size);
            assert!(board.colours().iter().all(|&c| c <= rules.colours));
        }
    }
    if let Ok(c_text) = CString::new(text) {
        let mut cells = [0u8; 121];
        let mut len = 0;
        let mut size = 0;
        // SAFETY: a NUL-terminated string and local buffers of the sizes passed.
        let r = unsafe {
            games_ffi::canicas::games_canicas_board_from_text(
                c_text.as_ptr(),
                cells.as_mut_ptr(),
                cells.len(),
                &mut len,
                &mut size,
            )
        };
        match board_from_text(text) {
            Ok(board) => {
                assert_eq!(r, games_ffi::games_result::GAMES_RESULT_OK);
                assert_eq!(&cells[..len], board.colours());
                assert_eq!(size, u32::from(board.size()));
            }
            Err(_) => assert_eq!(r, games_ffi::games_result::GAMES_RESULT_INVALID_PARAMETER),
        }
    }
});

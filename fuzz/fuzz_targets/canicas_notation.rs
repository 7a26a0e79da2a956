//! Arbitrary text into the Color Lines cell and move parsers on every board
//! size: never a panic, and whatever parses prints back to text that parses
//! the same.
#![no_main]

use canicas_core::{cell_from_name, cell_name, move_text, parse_move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&shape, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let size = shape % 10 + 2; // 2..=11
    if let Ok(cell) = cell_from_name(text, size) {
        assert!(cell.index() < usize::from(size) * usize::from(size));
        let printed = cell_name(cell, size);
        assert_eq!(cell_from_name(&printed, size).ok(), Some(cell));
    }
    if let Ok(mv) = parse_move(text, size) {
        let printed = move_text(mv, size);
        assert!(printed.len() < 8);
        assert_eq!(parse_move(&printed, size).ok(), Some(mv));
    }
});

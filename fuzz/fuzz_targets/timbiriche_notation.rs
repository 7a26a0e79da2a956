//! Arbitrary text into the dot-notation parser on every board size: never
//! a panic, and whatever parses prints back to text that parses the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use timbiriche_core::{notation, BoardSize};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(size) = BoardSize::new(u32::from(shape % 6) + 1, u32::from(shape / 6 % 6) + 1) else {
        return;
    };
    if let Ok(line) = notation::parse_line(size, text) {
        let printed = notation::line_to_string(line);
        assert_eq!(notation::parse_line(size, &printed).ok(), Some(line));
    }
    if let Ok(lines) = notation::parse_lines(size, text) {
        let printed = notation::lines_to_string(&lines);
        assert_eq!(notation::parse_lines(size, &printed).ok(), Some(lines));
    }
});

//! The one result type of the C API.

use std::ffi::c_char;

use crate::boundary::guard;
use crate::buffer::write_c_string;

/// What a call did. `GAMES_RESULT_OK` (0) is success. Values are fixed
/// forever: new results get new numbers, old numbers are never reused.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum games_result {
    /// Success.
    GAMES_RESULT_OK = 0,
    /// A pointer that must not be NULL was NULL.
    GAMES_RESULT_NULL_PARAMETER = 1,
    /// A number or option out of its range (an unknown level, a bad board...).
    GAMES_RESULT_INVALID_PARAMETER = 2,
    /// The move is not legal in this position; nothing changed.
    GAMES_RESULT_ILLEGAL_MOVE = 3,
    /// The game is over: no move can be played or asked for.
    GAMES_RESULT_GAME_OVER = 4,
    /// The caller's buffer is too small; `*out_len` holds the size needed.
    GAMES_RESULT_BUFFER_TOO_SMALL = 5,
    /// The library panicked; the handle is poisoned. Please report it.
    GAMES_RESULT_PANIC = 6,
    /// The handle was poisoned by an earlier panic; only `_free` works on it.
    GAMES_RESULT_POISONED = 7,
    /// There is no move to undo.
    GAMES_RESULT_NOTHING_TO_UNDO = 8,
    /// There is no move to redo.
    GAMES_RESULT_NOTHING_TO_REDO = 9,
    /// Saved bytes are malformed or inconsistent; nothing was loaded.
    GAMES_RESULT_INVALID_DATA = 10,
    /// Saved bytes use a format version this library does not read.
    GAMES_RESULT_UNSUPPORTED_VERSION = 11,
    /// The current round is not over yet.
    GAMES_RESULT_ROUND_NOT_OVER = 12,
    /// Every round of the match has been played.
    GAMES_RESULT_MATCH_OVER = 13,
    /// The call does not fit this point of the game (backgammon: dice
    /// already rolled, a move before the dice, a turn committed before its
    /// last step; Color Lines: a game recorded before it is over); nothing
    /// changed. A host that gets it has called out of order.
    GAMES_RESULT_WRONG_PHASE = 14,
    /// Another thread is inside a call on this handle; this call did
    /// nothing. A handle serves one call at a time: wait for the other call
    /// to return (or cancel it) and call again.
    GAMES_RESULT_BUSY = 15,
}

use games_result::*;

impl games_result {
    /// Every result, in number order. Not public: cbindgen would export it
    /// to `games.h` as a macro named `games_result_ALL`, and every macro of
    /// the header is `GAMES_`; [`games_result::from_u32`] reads a number.
    pub(crate) const ALL: [games_result; 16] = [
        GAMES_RESULT_OK,
        GAMES_RESULT_NULL_PARAMETER,
        GAMES_RESULT_INVALID_PARAMETER,
        GAMES_RESULT_ILLEGAL_MOVE,
        GAMES_RESULT_GAME_OVER,
        GAMES_RESULT_BUFFER_TOO_SMALL,
        GAMES_RESULT_PANIC,
        GAMES_RESULT_POISONED,
        GAMES_RESULT_NOTHING_TO_UNDO,
        GAMES_RESULT_NOTHING_TO_REDO,
        GAMES_RESULT_INVALID_DATA,
        GAMES_RESULT_UNSUPPORTED_VERSION,
        GAMES_RESULT_ROUND_NOT_OVER,
        GAMES_RESULT_MATCH_OVER,
        GAMES_RESULT_WRONG_PHASE,
        GAMES_RESULT_BUSY,
    ];

    /// The result with this number, if there is one (C passes plain integers).
    #[must_use]
    pub fn from_u32(value: u32) -> Option<games_result> {
        games_result::ALL
            .iter()
            .copied()
            .find(|r| *r as u32 == value)
    }

    /// A sentence for people.
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            GAMES_RESULT_OK => "success",
            GAMES_RESULT_NULL_PARAMETER => "a required pointer was NULL",
            GAMES_RESULT_INVALID_PARAMETER => "a parameter is out of range",
            GAMES_RESULT_ILLEGAL_MOVE => "that move is not legal here",
            GAMES_RESULT_GAME_OVER => "the game is over",
            GAMES_RESULT_BUFFER_TOO_SMALL => "the buffer is too small",
            GAMES_RESULT_PANIC => "internal error (panic) in the games library",
            GAMES_RESULT_POISONED => "this handle is unusable after an internal error",
            GAMES_RESULT_NOTHING_TO_UNDO => "there is no move to undo",
            GAMES_RESULT_NOTHING_TO_REDO => "there is no move to redo",
            GAMES_RESULT_INVALID_DATA => "the saved data is malformed or inconsistent",
            GAMES_RESULT_UNSUPPORTED_VERSION => "the saved data has an unsupported format version",
            GAMES_RESULT_ROUND_NOT_OVER => "the current round is not over",
            GAMES_RESULT_MATCH_OVER => "the match is over",
            GAMES_RESULT_WRONG_PHASE => "that call does not fit this point of the game",
            GAMES_RESULT_BUSY => {
                "another thread is using this handle; the call did nothing (one call at a time)"
            }
        }
    }
}

/// Write the message for `result` (a `games_result` number) into `buf` as a
/// NUL-terminated string. `*out_len` receives its length including the NUL.
/// An unknown number gives "unknown result code".
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `out_len` must point
/// to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn games_result_message(
    result: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    guard(|| {
        let text =
            games_result::from_u32(result).map_or("unknown result code", games_result::message);
        // SAFETY: the caller guarantees `buf`/`cap` and `out_len` as documented.
        unsafe { write_c_string(text, buf, cap, out_len) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_dense_and_round_trip() {
        for (i, r) in games_result::ALL.iter().enumerate() {
            assert_eq!(*r as u32, i as u32);
            assert_eq!(games_result::from_u32(i as u32), Some(*r));
            assert!(!r.message().is_empty());
        }
        assert_eq!(games_result::from_u32(999), None);
        let mut messages: Vec<&str> = games_result::ALL.iter().map(|r| r.message()).collect();
        messages.sort_unstable();
        messages.dedup();
        assert_eq!(
            messages.len(),
            games_result::ALL.len(),
            "every message differs"
        );
    }
}

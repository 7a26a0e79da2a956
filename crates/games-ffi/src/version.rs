//! Library and ABI versions, for a run-time check that header and library agree.

use std::ffi::c_char;

/// Major version of the library (the workspace version).
pub const GAMES_VERSION_MAJOR: u32 = 0;
/// Minor version of the library.
pub const GAMES_VERSION_MINOR: u32 = 1;
/// Patch version of the library.
pub const GAMES_VERSION_PATCH: u32 = 0;
/// The ABI version: bumped whenever a function, struct or value changes in
/// a way that breaks code compiled against an older header.
///
/// History: 1, the first; 2, backgammon calls made out of order (rolling
/// dice already rolled, a move or an AI move before the dice, a turn
/// committed before its last step) return `GAMES_RESULT_WRONG_PHASE`
/// instead of `GAMES_RESULT_ILLEGAL_MOVE`; 3, `games_canicas_records_finish`
/// refuses a game that is not over (`GAMES_RESULT_WRONG_PHASE`, nothing
/// recorded) and `games_canicas_reachable` a game that is over
/// (`GAMES_RESULT_GAME_OVER`), where both used to answer `GAMES_RESULT_OK`;
/// 4, a call on a handle another thread is inside returns
/// `GAMES_RESULT_BUSY` (15), every save is the core crate's save (format
/// version 2; version-1 saves still load), and `games_nim_play_notation`
/// and `games_nim_move_to_string` are new; 5, `games_canicas_board_apply`
/// and `games_canicas_board_hint` refuse a board with a line of the rules'
/// length still on it (`GAMES_RESULT_INVALID_PARAMETER`), which no game
/// rests on, where they used to play on it; every game exports the common
/// set of functions under the same names (new: `games_nim_last_error_code`,
/// `games_timbiriche_legal_moves`, `_play_notation`, `_move_to_string`,
/// `_last_error_code`, `games_backgammon_legal_moves`, `_play`,
/// `_move_to_string`, `_undo`, `_last_error_code`, `games_canicas_ai_move`),
/// and a refused move always leaves a per-game reason code
/// (`GAMES_NIM_MOVE_BAD_NOTATION` and `_OTHER`, `GAMES_TIMBIRICHE_ERROR_*`,
/// `GAMES_BACKGAMMON_ERROR_*` are new); the backgammon move struct is
/// `games_backgammon_move` (it was `games_backgammon_play`, now the name of
/// the call that plays one, as in the other games); the queries that can be
/// refused take `const` handles.
/// 6, the Lines 98 rule: `games_canicas_new_lines98`,
/// `games_canicas_lines98`, `games_canicas_shown_landings` and
/// `games_canicas_records_get_lines98` are new (nothing else changed).
/// 7, the size of dots and boxes' proof tables:
/// `games_timbiriche_set_table_limit`, `games_timbiriche_table_limit` and
/// `GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES`, `_MIN_TABLE_BYTES` are new
/// (nothing else changed).
/// 8, `games_canicas_board_hint_lines98`, the bare-board hint told where
/// the next marbles land, is new (nothing else changed).
/// 9, `games_timbiriche_play_notation` refuses a well-formed line off the
/// board as `games_timbiriche_play` does (`GAMES_RESULT_ILLEGAL_MOVE`,
/// `GAMES_TIMBIRICHE_ERROR_OFF_BOARD`) where it answered
/// `GAMES_RESULT_INVALID_PARAMETER`; `games_timbiriche_line_to_string`
/// refuses a line off the largest board (`GAMES_RESULT_INVALID_PARAMETER`)
/// where it printed text no board reads back; the header no longer
/// defines `UNCODED` nor `games_result_ALL` (internal values; every macro
/// is `GAMES_`); every call that can record a last error takes a non-const
/// handle, so a `const` one is only read: `games_canicas_reachable`,
/// `_path`, `_parse_move`, `_hint`, `_ai_move` and
/// `games_timbiriche_parse_line` took `const` handles and wrote their last
/// error; `GAMES_BACKGAMMON_MAX_LEGAL_PLAYS` is new; an empty list fits a
/// NULL buffer with `cap` 0 (`GAMES_RESULT_OK`, `*out_len` 0) where the
/// call answered `GAMES_RESULT_BUFFER_TOO_SMALL`; a `bool` field of
/// `games_timbiriche_options` or `games_backgammon_step` that is not 0 or 1
/// is `GAMES_RESULT_INVALID_PARAMETER`; a call on a non-const handle
/// refused for a NULL pointer records its failure (`_last_error_code`:
/// the game's `_OTHER`), and backgammon text that is not UTF-8 is
/// `GAMES_BACKGAMMON_ERROR_BAD_NOTATION`.
/// 10, `games_canicas_records_clone` and `games_cancel_token_clone` are new,
/// so every handle has its `_clone`; each call that creates a handle has a
/// stateless `_reason` companion that writes why it refuses its inputs
/// (`games_nim_new_reason`, `games_timbiriche_new_reason`,
/// `games_backgammon_new_reason`, `_new_from_position_id_reason`,
/// `_new_from_xgid_reason`, `games_canicas_new_reason`, every game's
/// `_load_reason` and `games_canicas_records_load_reason` are new, and
/// `games_canicas_board_apply_reason` for the bare-board move and
/// `games_canicas_arena_reason`; `games_canicas_arena_report` gains
/// `full_games`, `capped_games` and the mean and median points and moves
/// over full games alone, `full_mean_points`, `full_median_points`,
/// `full_mean_moves` and `full_median_moves`; nothing else changed).
pub const GAMES_ABI_VERSION: u32 = 10;

static VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

/// The library version as "MAJOR.MINOR.PATCH". The string is static: do not free it.
#[no_mangle]
pub extern "C" fn games_version() -> *const c_char {
    VERSION.as_ptr().cast()
}

/// The library's ABI version; compare it with `GAMES_ABI_VERSION` from the
/// header you compiled against.
#[no_mangle]
pub extern "C" fn games_abi_version() -> u32 {
    GAMES_ABI_VERSION
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macros_match_cargo_toml() {
        assert_eq!(
            GAMES_VERSION_MAJOR.to_string(),
            env!("CARGO_PKG_VERSION_MAJOR")
        );
        assert_eq!(
            GAMES_VERSION_MINOR.to_string(),
            env!("CARGO_PKG_VERSION_MINOR")
        );
        assert_eq!(
            GAMES_VERSION_PATCH.to_string(),
            env!("CARGO_PKG_VERSION_PATCH")
        );
        // SAFETY: games_version returns a static NUL-terminated string.
        let s = unsafe { std::ffi::CStr::from_ptr(games_version()) };
        assert_eq!(s.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}

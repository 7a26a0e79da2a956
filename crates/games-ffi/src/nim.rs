//! Nim through the C ABI: `games_nim_*`.
//!
//! A `games_nim_game` handle is a match of one or more rounds (one round is
//! a plain game). Rows are counted from 0 in `games_nim_move`.

use std::ffi::c_char;

use games_common::{Budget, Player};
use nim_core::{
    HistoryError, Level, LoadError, Match, MatchResult, Move, MoveError, RoundError, Rule,
    CLASSIC_ROWS,
};

use crate::boundary::{
    box_into, guard, reason_into, with_handle, with_handle_mut, Guarded, HandleState, Refusal,
};
use crate::buffer::{read_slice, write_c_string, write_out, write_slice};
use crate::common::GAMES_NO_PLAYER;
use crate::result::games_result::{self, *};

include!(concat!(env!("OUT_DIR"), "/nim_constants.rs"));

/// A Nim move: cross out `take` circles of row `row` (from 0).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_nim_move {
    /// The row, counted from 0.
    pub row: u32,
    /// Circles to cross out (at least 1).
    pub take: u32,
}

impl games_nim_move {
    fn to_rust(self) -> Move {
        Move::new(self.row as usize, self.take)
    }

    fn from_rust(mv: Move) -> games_nim_move {
        games_nim_move {
            row: u32::try_from(mv.row).unwrap_or(u32::MAX),
            take: mv.take,
        }
    }
}

/// Everything about a Nim game that fits in a few numbers; rows are read
/// with `games_nim_get_rows`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_nim_state {
    /// The player to move: `GAMES_PLAYER_FIRST` or `GAMES_PLAYER_SECOND`.
    pub to_move: u32,
    /// `GAMES_NIM_RULE_NORMAL` or `GAMES_NIM_RULE_MISERE`.
    pub rule: u32,
    /// Number of rows (zeros included).
    pub row_count: u32,
    /// Circles left on the board.
    pub circles_left: u32,
    /// Whether the current round is over.
    pub round_over: bool,
    /// Winner of the current round, or `GAMES_NO_PLAYER` while it is played.
    pub round_winner: u32,
    /// Moves played in the current round.
    pub moves_played: u32,
    /// Whether `games_nim_undo` would take a move back.
    pub can_undo: bool,
    /// Whether `games_nim_redo` would replay a move.
    pub can_redo: bool,
    /// The round being played, from 0.
    pub round: u32,
    /// Rounds in the match (1 for a single game).
    pub rounds: u32,
    /// Rounds won by the first player (the current one included once over).
    pub points_first: u32,
    /// Rounds won by the second player.
    pub points_second: u32,
    /// One of `GAMES_NIM_MATCH_*`.
    pub match_result: u32,
}

crate::exports::export_handle!(
    /// A Nim match (or single game) with its history and seeded generator.
    /// Opaque: create it with `games_nim_new` or `games_nim_load`, release it
    /// with `games_nim_free`.
    games_nim_game(Match),
    clone: games_nim_clone(game, out_game) "a match (history, generator and all)",
    free: games_nim_free(game) "a match",
);

fn move_error_code(e: MoveError) -> u32 {
    match e {
        MoveError::GameOver => GAMES_NIM_MOVE_GAME_OVER,
        MoveError::NoSuchRow { .. } => GAMES_NIM_MOVE_NO_SUCH_ROW,
        MoveError::EmptyRow { .. } => GAMES_NIM_MOVE_EMPTY_ROW,
        MoveError::TakeZero => GAMES_NIM_MOVE_TAKE_ZERO,
        MoveError::TakeTooMany { .. } => GAMES_NIM_MOVE_TAKE_TOO_MANY,
    }
}

fn load_error_result(e: &LoadError) -> games_result {
    match e {
        LoadError::UnsupportedVersion(_) => GAMES_RESULT_UNSUPPORTED_VERSION,
        _ => GAMES_RESULT_INVALID_DATA,
    }
}

/// The match `games_nim_new` makes of its inputs, or why it refuses them:
/// the one path of `games_nim_new` and `games_nim_new_reason`.
///
/// # Safety
/// `rows` must be NULL or point to `row_count` readable values.
unsafe fn new_match(
    rows: *const u32,
    row_count: usize,
    rule: u32,
    rounds: u32,
    first_player: u32,
    seed: u64,
) -> Result<Match, Refusal> {
    // SAFETY: `rows` is NULL or `row_count` readable values, per the caller.
    let rows = match unsafe { read_slice(rows, row_count) } {
        Ok([]) => &CLASSIC_ROWS[..],
        Ok(rows) => rows,
        Err(e @ GAMES_RESULT_NULL_PARAMETER) => {
            return Err(Refusal::new(
                e,
                format!("rows is NULL with row_count {row_count}"),
            ));
        }
        Err(e) => {
            let reason = format!("row_count {row_count} is more rows than memory holds");
            return Err(Refusal::new(e, reason));
        }
    };
    let rule = match rule {
        GAMES_NIM_RULE_NORMAL => Rule::Normal,
        GAMES_NIM_RULE_MISERE => Rule::Misere,
        _ => {
            let reason = format!(
                "rule {rule} is neither GAMES_NIM_RULE_NORMAL ({GAMES_NIM_RULE_NORMAL}) nor GAMES_NIM_RULE_MISERE ({GAMES_NIM_RULE_MISERE})"
            );
            return Err(Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason));
        }
    };
    let Some(first) = Player::from_index(first_player) else {
        let reason = format!(
            "first_player {first_player} is neither GAMES_PLAYER_FIRST (0) nor GAMES_PLAYER_SECOND (1)"
        );
        return Err(Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason));
    };
    Match::new(rows, rule, rounds, first, seed)
        .map_err(|e| Refusal::new(GAMES_RESULT_INVALID_PARAMETER, e.to_string()))
}

/// Create a Nim game in `*out_game`.
///
/// `rows`/`row_count`: the circles of each row (1 to `GAMES_NIM_MAX_ROWS`
/// rows of at most `GAMES_NIM_MAX_CIRCLES`, at least one circle in all);
/// a `row_count` of 0 (`rows` NULL or not; it is not read) gives the
/// classic 3, 4, 5. `rule`: `GAMES_NIM_RULE_*`.
/// `rounds`: 1 for a single game, more (any number a `uint32_t` holds) for a match with the
/// first turn alternating. `first_player`: who moves first in round 0
/// (`GAMES_PLAYER_FIRST` or `GAMES_PLAYER_SECOND`). `seed`: the AI's
/// generator. The caller owns the handle and releases it with
/// `games_nim_free`. Rows, a rule, a number of rounds or a first player out
/// of range give `GAMES_RESULT_INVALID_PARAMETER` and create nothing;
/// `games_nim_new_reason` says why, in words.
///
/// # Safety
/// `rows` must be NULL or point to `row_count` readable values;
/// `out_game` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_nim_new(
    rows: *const u32,
    row_count: usize,
    rule: u32,
    rounds: u32,
    first_player: u32,
    seed: u64,
    out_game: *mut *mut games_nim_game,
) -> games_result {
    guard(|| {
        // SAFETY: `rows` is NULL or `row_count` readable values, per the caller.
        match unsafe { new_match(rows, row_count, rule, rounds, first_player, seed) } {
            // SAFETY: `out_game` is NULL or writable, per the caller.
            Ok(m) => unsafe { box_into(games_nim_game(Guarded::new(m)), out_game) },
            Err(refusal) => refusal.code,
        }
    })
}

/// Why `games_nim_new` refuses these inputs (the seed, which it never
/// refuses, left out), in words, NUL-terminated into the caller's `buf` (as
/// `games_nim_last_error` writes it; "" when it accepts them), and the
/// result `games_nim_new` returns for them with a writable `out_game`
/// (`GAMES_RESULT_OK` when accepted): e.g. "a match has at least 1 round,
/// not 0" with `GAMES_RESULT_INVALID_PARAMETER`. No handle is created and
/// nothing is kept. A NULL `out_len` gives `GAMES_RESULT_NULL_PARAMETER`, a
/// `buf` too small (NULL: a size query) `GAMES_RESULT_BUFFER_TOO_SMALL` with
/// the size needed (NUL included) in `*out_len`; the text is written only
/// into the caller's buffer.
///
/// # Safety
/// `rows` must be NULL or point to `row_count` readable values; `buf` NULL
/// or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn games_nim_new_reason(
    rows: *const u32,
    row_count: usize,
    rule: u32,
    rounds: u32,
    first_player: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `rows` NULL or `row_count` readable values, and `buf`, `cap`
    // and `out_len` as `reason_into` needs them, per the caller. The seed is
    // never refused: any will do.
    unsafe {
        reason_into(buf, cap, out_len, || {
            new_match(rows, row_count, rule, rounds, first_player, 0)
        })
    }
}

crate::exports::export_query!(
    /// Read the state of the game into `*out_state`.
    games_nim_game,
    games_nim_get_state(game),
    out_state: games_nim_state,
    |g| {
        let m = &g.value;
        let round = m.game();
        let pos = round.position();
        let [points_first, points_second] = m.points();
        games_nim_state {
            to_move: pos.to_move().index() as u32,
            rule: match pos.rule() {
                Rule::Normal => GAMES_NIM_RULE_NORMAL,
                Rule::Misere => GAMES_NIM_RULE_MISERE,
            },
            row_count: pos.rows().len() as u32,
            circles_left: u32::try_from(pos.circles_left()).unwrap_or(u32::MAX),
            round_over: round.is_over(),
            round_winner: round.winner().map_or(GAMES_NO_PLAYER, |p| p.index() as u32),
            moves_played: u32::try_from(round.history().len()).unwrap_or(u32::MAX),
            can_undo: round.can_undo(),
            can_redo: round.can_redo(),
            round: m.round(),
            rounds: m.rounds(),
            points_first,
            points_second,
            match_result: match m.result() {
                None => GAMES_NIM_MATCH_PLAYING,
                Some(MatchResult::Winner(Player::First)) => GAMES_NIM_MATCH_FIRST_WINS,
                Some(MatchResult::Winner(Player::Second)) => GAMES_NIM_MATCH_SECOND_WINS,
                Some(MatchResult::Shared) => GAMES_NIM_MATCH_SHARED,
            },
        }
    }
);

crate::exports::export_slice!(
    /// Copy the circles left in each row (zeros included) into `buf`.
    games_nim_game,
    games_nim_get_rows(game),
    u32,
    |g| g.value.game().position().rows()
);

crate::exports::export_slice!(
    /// Copy every legal move into `buf`, by row then count (empty when the
    /// round is over). There are as many moves as circles left.
    games_nim_game,
    games_nim_legal_moves(game),
    games_nim_move,
    |g| {
        g
            .value
            .game()
            .position()
            .legal_moves()
            .into_iter()
            .map(games_nim_move::from_rust)
            .collect::<Vec<_>>()
    }
);

/// Check `mv` without playing it: `*out_reason` gets `GAMES_NIM_MOVE_OK` or
/// the `GAMES_NIM_MOVE_*` reason it is illegal.
///
/// # Safety
/// `game` NULL or live; `out_reason` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_nim_check_move(
    game: *const games_nim_game,
    mv: games_nim_move,
    out_reason: *mut u32,
) -> games_result {
    // SAFETY: the handle, buffers and out-pointers are as this function's
    // contract (above) requires of the caller.
    unsafe {
        with_handle(game, |g| {
            let reason = match g.value.game().position().check(mv.to_rust()) {
                Ok(()) => GAMES_NIM_MOVE_OK,
                Err(e) => move_error_code(e),
            };
            write_out(out_reason, reason)
        })
    }
}

/// Play `mv` on the current round: `GAMES_RESULT_GAME_OVER` once it is
/// over, `GAMES_RESULT_ILLEGAL_MOVE` for any other refusal (nothing changed).
fn play_checked(g: &mut HandleState<Match>, mv: Move) -> games_result {
    match g.value.game_mut().play(mv) {
        Ok(()) => g.succeed(),
        Err(e @ MoveError::GameOver) => {
            g.fail_coded(GAMES_RESULT_GAME_OVER, move_error_code(e), e.to_string())
        }
        Err(e) => g.fail_coded(GAMES_RESULT_ILLEGAL_MOVE, move_error_code(e), e.to_string()),
    }
}

/// Play `mv`. An illegal move returns `GAMES_RESULT_ILLEGAL_MOVE` (or
/// `GAMES_RESULT_GAME_OVER`) and changes nothing; `games_nim_last_error`
/// then says why in words.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_nim_play(
    game: *mut games_nim_game,
    mv: games_nim_move,
) -> games_result {
    // SAFETY: the handle, buffers and out-pointers are as this function's
    // contract (above) requires of the caller.
    unsafe { with_handle_mut(game, |g| play_checked(g, mv.to_rust())) }
}

/// Play a move written as `ROW-COUNT`, rows counted from 1 (`3-2`: two
/// circles from the third row), as the `games` command and the engine read
/// it. Text that is not a move returns `GAMES_RESULT_INVALID_PARAMETER`, an
/// illegal move `GAMES_RESULT_ILLEGAL_MOVE` (or `GAMES_RESULT_GAME_OVER`);
/// either changes nothing and `games_nim_last_error` says why.
///
/// # Safety
/// `game` must be NULL or a live handle; `text` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn games_nim_play_notation(
    game: *mut games_nim_game,
    text: *const c_char,
) -> games_result {
    // SAFETY: the handle and `text` are as this function's contract (above)
    // requires of the caller; `text` is read only after the NULL check.
    unsafe {
        with_handle_mut(game, |g| {
            if text.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let bad = GAMES_NIM_MOVE_BAD_NOTATION;
            let Ok(text) = std::ffi::CStr::from_ptr(text).to_str() else {
                return g.fail_coded(GAMES_RESULT_INVALID_PARAMETER, bad, "the text is not UTF-8");
            };
            let mv = match Move::from_notation(text) {
                Ok(mv) => mv,
                Err(e) => return g.fail_coded(GAMES_RESULT_INVALID_PARAMETER, bad, e.to_string()),
            };
            play_checked(g, mv)
        })
    }
}

/// Write `mv` as `ROW-COUNT` (rows from 1), NUL-terminated: the text
/// `games_nim_play_notation` reads.
///
/// # Safety
/// `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_nim_move_to_string(
    mv: games_nim_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: buffer contract forwarded from the caller.
    guard(|| unsafe { write_c_string(&mv.to_rust().to_notation(), buf, cap, out_len) })
}

/// Take back the last move of the current round (any number of times).
/// With no move to take back it returns `GAMES_RESULT_NOTHING_TO_UNDO` and
/// changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_nim_undo(game: *mut games_nim_game) -> games_result {
    // SAFETY: the handle, buffers and out-pointers are as this function's
    // contract (above) requires of the caller.
    unsafe {
        with_handle_mut(game, |g| match g.value.game_mut().undo() {
            Ok(_) => g.succeed(),
            Err(e @ HistoryError::NothingToUndo) => {
                g.fail(GAMES_RESULT_NOTHING_TO_UNDO, e.to_string())
            }
            Err(e) => g.fail(GAMES_RESULT_NOTHING_TO_REDO, e.to_string()),
        })
    }
}

/// Replay the last undone move. With none it returns
/// `GAMES_RESULT_NOTHING_TO_REDO` and changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_nim_redo(game: *mut games_nim_game) -> games_result {
    // SAFETY: the handle, buffers and out-pointers are as this function's
    // contract (above) requires of the caller.
    unsafe {
        with_handle_mut(game, |g| match g.value.game_mut().redo() {
            Ok(_) => g.succeed(),
            Err(e @ HistoryError::NothingToRedo) => {
                g.fail(GAMES_RESULT_NOTHING_TO_REDO, e.to_string())
            }
            Err(e) => g.fail(GAMES_RESULT_NOTHING_TO_UNDO, e.to_string()),
        })
    }
}

/// Start the next round of the match once the current one is over. Before
/// then it returns `GAMES_RESULT_ROUND_NOT_OVER`, after the last round
/// `GAMES_RESULT_MATCH_OVER`; nothing changes then.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_nim_next_round(game: *mut games_nim_game) -> games_result {
    // SAFETY: the handle, buffers and out-pointers are as this function's
    // contract (above) requires of the caller.
    unsafe {
        with_handle_mut(game, |g| match g.value.next_round() {
            Ok(()) => g.succeed(),
            Err(e @ RoundError::RoundNotOver) => g.fail(GAMES_RESULT_ROUND_NOT_OVER, e.to_string()),
            Err(e @ RoundError::MatchOver) => g.fail(GAMES_RESULT_MATCH_OVER, e.to_string()),
            Err(e) => g.fail(GAMES_RESULT_WRONG_PHASE, e.to_string()),
        })
    }
}

crate::exports::export_ai_move!(
    /// The AI's move at `level` (`GAMES_NIM_LEVEL_*`) in `*out_move`; the move
    /// is not played. `budget` may be NULL (no limit) and `cancel` may be NULL;
    /// a cancelled or exhausted call still answers with a legal move. The
    /// handle's seeded generator advances, so the same seed and calls give the
    /// same moves. An unknown level gives `GAMES_RESULT_INVALID_PARAMETER`, a
    /// round that is over `GAMES_RESULT_GAME_OVER`.
    games_nim_game,
    games_nim_ai_move(game, level, out_move: games_nim_move),
    Level::from_index,
    |_: &Level| Budget::UNLIMITED,
    |g, level, budget, cancel| match g.value.game_mut().ai_move(level, budget, cancel) {
        Some(answer) => Ok(games_nim_move::from_rust(answer.mv)),
        None => Err(g.fail(GAMES_RESULT_GAME_OVER, "the game is over")),
    }
);

/// Perfect-play analysis: `*out_mover_wins` tells whether the player to
/// move wins with perfect play, and `buf` receives every winning move (none
/// when the mover loses). Both are written only on success.
///
/// # Safety
/// `game` NULL or live; `out_mover_wins` NULL or writable; `buf` NULL or
/// `cap` writable moves; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_nim_analyze(
    game: *const games_nim_game,
    out_mover_wins: *mut bool,
    buf: *mut games_nim_move,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle, buffers and out-pointers are as this function's
    // contract (above) requires of the caller.
    unsafe {
        with_handle(game, |g| {
            if out_mover_wins.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let analysis = g.value.game().analysis();
            let moves: Vec<games_nim_move> = analysis
                .winning_moves
                .iter()
                .copied()
                .map(games_nim_move::from_rust)
                .collect();
            let r = write_slice(&moves, buf, cap, out_len);
            if r == GAMES_RESULT_OK {
                write_out(out_mover_wins, analysis.mover_wins);
            }
            r
        })
    }
}

crate::exports::export_slice!(
    /// Copy the moves played in the current round, oldest first, into `buf`.
    games_nim_game,
    games_nim_history(game),
    games_nim_move,
    |g| {
        g
            .value
            .game()
            .history()
            .iter()
            .copied()
            .map(games_nim_move::from_rust)
            .collect::<Vec<_>>()
    }
);

crate::exports::export_save!(
    /// Save the whole match (rounds, history, undone moves, generator) as bytes
    /// (JSON text, no NUL) into `buf`; `games_nim_load` reads them back. The
    /// bytes are exactly those of the Rust crate's `nim_core::Match::save`
    /// (format `"games.nim.match"`, version 2), so either side loads the
    /// other's saves.
    games_nim_game,
    games_nim_save(game),
    |m: &Match| m.save()
);

crate::exports::export_load!(
    /// Load bytes written by `games_nim_save` (or by the Rust crate's
    /// `Match::save`) into a new handle in `*out_game` (owned by the caller).
    /// Saves of version 1, from earlier releases of this library, still load.
    /// Malformed or inconsistent bytes, or another game's save, give
    /// `GAMES_RESULT_INVALID_DATA`, an unknown format version
    /// `GAMES_RESULT_UNSUPPORTED_VERSION`; nothing is created then.
    games_nim_game,
    games_nim_load(out_game),
    reason: games_nim_load_reason,
    |bytes: &[u8]| Match::load(bytes).map_err(|e| Refusal::new(load_error_result(&e), e.to_string()))
);

crate::exports::export_last_error!(
    /// Why the last failed call on this handle failed, as a code: after a
    /// refused move (`games_nim_play`, `games_nim_play_notation`) the
    /// `GAMES_NIM_MOVE_*` reason (`_GAME_OVER`, `_NO_SUCH_ROW`, `_EMPTY_ROW`,
    /// `_TAKE_ZERO`, `_TAKE_TOO_MANY`, `_BAD_NOTATION`); after another failure
    /// `GAMES_NIM_MOVE_OTHER`; `GAMES_NIM_MOVE_OK` after a success.
    games_nim_game,
    games_nim_last_error,
    games_nim_last_error_code,
    GAMES_NIM_MOVE_OTHER
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::GAMES_PLAYER_FIRST;
    use std::ptr;

    /// The header: "`rounds`: 1 for a single game, more (any number a
    /// `uint32_t` holds) for a match"; the spec: "Offer matches of any number
    /// of rounds". 0 rounds is `GAMES_RESULT_INVALID_PARAMETER`.
    #[test]
    fn a_match_has_any_number_of_rounds_from_1() {
        for (rounds, expected) in [
            (0, games_result::GAMES_RESULT_INVALID_PARAMETER),
            (1, games_result::GAMES_RESULT_OK),
            (1001, games_result::GAMES_RESULT_OK),
            (u32::MAX, games_result::GAMES_RESULT_OK),
        ] {
            let mut game = ptr::null_mut();
            // SAFETY: NULL rows with 0 (the classic rows); `game` is a
            // writable local.
            let result = unsafe {
                games_nim_new(
                    ptr::null(),
                    0,
                    GAMES_NIM_RULE_NORMAL,
                    rounds,
                    GAMES_PLAYER_FIRST,
                    1,
                    &mut game,
                )
            };
            assert_eq!(result, expected, "{rounds} rounds");
            assert_eq!(game.is_null(), expected != games_result::GAMES_RESULT_OK);
            // SAFETY: NULL, or the handle just made and not used since.
            unsafe { games_nim_free(game) };
        }
    }

    #[test]
    fn published_limits_match_the_crate() {
        // cbindgen needs literals; keep them equal to nim-core's limits.
        assert_eq!(GAMES_NIM_MAX_ROWS as usize, nim_core::MAX_ROWS);
        assert_eq!(GAMES_NIM_MAX_CIRCLES, nim_core::MAX_CIRCLES);
        assert_eq!(
            GAMES_NIM_MAX_LEGAL_MOVES,
            GAMES_NIM_MAX_ROWS * GAMES_NIM_MAX_CIRCLES
        );
    }
}

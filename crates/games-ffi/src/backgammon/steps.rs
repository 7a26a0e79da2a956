//! The step interface: the checkers that may move, their destinations,
//! one step at a time, taking a step back and committing the turn, for
//! hosts that move checkers by hand.

#[allow(clippy::wildcard_imports)]
use super::*;

crate::exports::export_slice!(
    /// The points (1 to 24, `GAMES_BACKGAMMON_BAR`) of the checkers that may
    /// move now, highest first, from the view of the player on roll: those
    /// that keep a complete legal play possible. Empty when no dice are rolled
    /// or the play is complete.
    games_backgammon_game,
    games_backgammon_movable_checkers(game),
    u8,
    |g| g.value.movable_checkers()
);

/// The legal landing points (1 to 24, `GAMES_BACKGAMMON_OFF`) now of the
/// checker on `from` (1 to 24, `GAMES_BACKGAMMON_BAR`), from the view of
/// the player on roll. Empty when that checker may not move; a `from` above
/// 25 gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_destinations(
    game: *const games_backgammon_game,
    from: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            if from > GAMES_BACKGAMMON_BAR {
                return GAMES_RESULT_INVALID_PARAMETER;
            }
            write_slice(&g.value.destinations(from as u8), buf, cap, out_len)
        })
    }
}

/// The single checker that can reach the tapped point `to` (1 to 24,
/// `GAMES_BACKGAMMON_OFF`) now, in `*out_from`; `GAMES_BACKGAMMON_NO_POINT`
/// when none or several can. A `to` above 24 gives
/// `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `game` NULL or live; `out_from` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_checker_for_point(
    game: *const games_backgammon_game,
    to: u32,
    out_from: *mut u32,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            if to > 24 {
                return GAMES_RESULT_INVALID_PARAMETER;
            }
            let from = g
                .value
                .checker_for(to as u8)
                .map_or(GAMES_BACKGAMMON_NO_POINT, u32::from);
            write_out(out_from, from)
        })
    }
}

/// Move one checker by one die in the turn in progress, from `from` to `to`
/// (view of the player on roll); `*out_step` (may be NULL) gets the step
/// with its hit. Only steps that keep a complete legal play possible are
/// accepted; any other gives `GAMES_RESULT_ILLEGAL_MOVE`, no dice rolled
/// yet `GAMES_RESULT_WRONG_PHASE`, a finished game `GAMES_RESULT_GAME_OVER`;
/// nothing changes then.
///
/// # Safety
/// `game` NULL or live; `out_step` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_step_play(
    game: *mut games_backgammon_game,
    from: u32,
    to: u32,
    out_step: *mut games_backgammon_step,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            // A point past 255 is never legal: it goes in as 255 (no point
            // either), so the game checks the phase as for any step, and the
            // message keeps the caller's numbers.
            let point = |p: u32| u8::try_from(p).unwrap_or(u8::MAX);
            match g.value.step(point(from), point(to)) {
                Ok(s) => {
                    write_optional(out_step, step_out(s));
                    g.succeed()
                }
                Err(GameError::Turn(TurnError::IllegalStep { .. })) => g.fail_coded(
                    GAMES_RESULT_ILLEGAL_MOVE,
                    GAMES_BACKGAMMON_ERROR_ILLEGAL_PLAY,
                    format!("no legal step from {from} to {to} now"),
                ),
                Err(e) => fail_game(g, &e),
            }
        })
    }
}

/// Take back the last step of the turn in progress. With no step to take
/// back it returns `GAMES_RESULT_NOTHING_TO_UNDO`.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_step_undo(
    game: *mut games_backgammon_game,
) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| match g.value.undo_step() {
            Some(_) => g.succeed(),
            None => g.fail_coded(
                GAMES_RESULT_NOTHING_TO_UNDO,
                GAMES_BACKGAMMON_ERROR_NOTHING_TO_UNDO,
                "no step to take back",
            ),
        })
    }
}

/// Commit the turn once its steps form a complete legal play: the play is
/// recorded and the other player is on roll (or the game is over). An
/// incomplete turn, or no dice, gives `GAMES_RESULT_WRONG_PHASE`; a
/// finished game `GAMES_RESULT_GAME_OVER`; nothing changes then.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_turn_commit(
    game: *mut games_backgammon_game,
) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if g.value.is_over() {
                return g.fail_coded(
                    GAMES_RESULT_GAME_OVER,
                    GAMES_BACKGAMMON_ERROR_GAME_OVER,
                    "the game is over",
                );
            }
            match g.value.commit_turn() {
                Ok(_) => g.succeed(),
                Err(e) => fail_game(g, &e),
            }
        })
    }
}

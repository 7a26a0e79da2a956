//! Types shared by every game's functions: players, budgets, cancel tokens.

use std::time::Duration;

use games_common::{Budget, CancelFlag};

use crate::boundary::{box_into, free_box, guard};
use crate::buffer::write_out;
use crate::result::games_result::{self, *};

/// The player who moves first in a fresh game.
pub const GAMES_PLAYER_FIRST: u32 = 0;
/// The other player.
pub const GAMES_PLAYER_SECOND: u32 = 1;
/// "No player": no winner yet, or a draw.
pub const GAMES_NO_PLAYER: u32 = 2;

/// How much an AI call may search. Zero in a field means "no limit of that
/// kind"; a NULL `const games_budget *` means the level's default budget.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_budget {
    /// Most nodes to visit (0: no node limit).
    pub max_nodes: u64,
    /// Most milliseconds to spend (0: no time limit).
    pub max_millis: u64,
}

impl games_budget {
    /// The Rust budget for this C budget.
    #[must_use]
    pub fn to_budget(self) -> Budget {
        Budget {
            max_nodes: (self.max_nodes > 0).then_some(self.max_nodes),
            max_time: (self.max_millis > 0).then(|| Duration::from_millis(self.max_millis)),
        }
    }
}

/// Read an optional budget pointer: NULL means `default`.
///
/// # Safety
/// `budget` must be NULL or point to a readable `games_budget`.
pub(crate) unsafe fn read_budget(budget: *const games_budget, default: Budget) -> Budget {
    // SAFETY: NULL or readable, per the caller.
    match unsafe { budget.as_ref() } {
        Some(b) => b.to_budget(),
        None => default,
    }
}

/// A flag that stops a running AI call from another thread. Create it with
/// `games_cancel_token_new`, pass it to AI calls, set it with
/// `games_cancel_token_cancel` from any thread, release it with
/// `games_cancel_token_free` once no call uses it.
#[derive(Debug, Default)]
pub struct games_cancel_token {
    pub(crate) flag: CancelFlag,
}

/// Read an optional cancel token: NULL means a flag nobody sets.
///
/// # Safety
/// `token` must be NULL or a live token.
pub(crate) unsafe fn read_cancel(token: *const games_cancel_token) -> CancelFlag {
    // SAFETY: NULL or a live token, per the caller.
    match unsafe { token.as_ref() } {
        Some(t) => t.flag.clone(),
        None => CancelFlag::new(),
    }
}

/// The body of every call on an existing token: `body` on its flag, behind
/// the panic guard; a NULL `token` is `GAMES_RESULT_NULL_PARAMETER` and
/// `body` is not run.
///
/// # Safety
/// `token` must be NULL or a live token.
unsafe fn with_token(
    token: *const games_cancel_token,
    body: impl FnOnce(&CancelFlag) -> games_result,
) -> games_result {
    guard(|| {
        // SAFETY: NULL or live, per the caller.
        match unsafe { token.as_ref() } {
            Some(t) => body(&t.flag),
            None => GAMES_RESULT_NULL_PARAMETER,
        }
    })
}

/// Create a cancel token (not set) in `*out_token`. The caller owns it and
/// releases it with `games_cancel_token_free`.
///
/// # Safety
/// `out_token` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_cancel_token_new(
    out_token: *mut *mut games_cancel_token,
) -> games_result {
    // SAFETY: forwarded from the caller.
    guard(|| unsafe { box_into(games_cancel_token::default(), out_token) })
}

/// Release a token (NULL does nothing). No AI call may still be using it.
///
/// # Safety
/// `token` must be NULL or a token from `games_cancel_token_new` not yet released.
#[no_mangle]
pub unsafe extern "C" fn games_cancel_token_free(token: *mut games_cancel_token) {
    // SAFETY: NULL or a live handle released once, per the caller.
    unsafe { free_box(token) };
}

/// A second handle on the same flag in `*out_token`, owned by the caller
/// (release it with `games_cancel_token_free`; either handle may be released
/// first). Setting or clearing either one sets or clears both, so a host can
/// hand one to another thread or object that frees it on its own schedule.
///
/// # Safety
/// `token` must be NULL or a live token; `out_token` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_cancel_token_clone(
    token: *const games_cancel_token,
    out_token: *mut *mut games_cancel_token,
) -> games_result {
    let clone = |flag: &CancelFlag| {
        let copy = games_cancel_token { flag: flag.clone() };
        // SAFETY: `out_token` is NULL or writable, per the caller.
        unsafe { box_into(copy, out_token) }
    };
    // SAFETY: `token` NULL or live, per the caller.
    unsafe { with_token(token, clone) }
}

/// Set the token: every AI call watching it stops soon and answers with its
/// best move so far. Safe to call from any thread.
///
/// # Safety
/// `token` must be NULL or a live token.
#[no_mangle]
pub unsafe extern "C" fn games_cancel_token_cancel(
    token: *const games_cancel_token,
) -> games_result {
    // SAFETY: `token` NULL or live, per the caller.
    unsafe {
        with_token(token, |flag| {
            flag.cancel();
            GAMES_RESULT_OK
        })
    }
}

/// Clear the token so it can serve another AI call.
///
/// # Safety
/// `token` must be NULL or a live token.
#[no_mangle]
pub unsafe extern "C" fn games_cancel_token_reset(
    token: *const games_cancel_token,
) -> games_result {
    // SAFETY: `token` NULL or live, per the caller.
    unsafe {
        with_token(token, |flag| {
            flag.reset();
            GAMES_RESULT_OK
        })
    }
}

/// Whether the token is set, in `*out_cancelled`.
///
/// # Safety
/// `token` must be NULL or a live token; `out_cancelled` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_cancel_token_is_cancelled(
    token: *const games_cancel_token,
    out_cancelled: *mut bool,
) -> games_result {
    // SAFETY: `out_cancelled` NULL or writable, per the caller.
    let read = |flag: &CancelFlag| unsafe { write_out(out_cancelled, flag.is_cancelled()) };
    // SAFETY: `token` NULL or live, per the caller.
    unsafe { with_token(token, read) }
}

//! The exports every handle shares, written once.
//!
//! Each game's module declares its handle type and its clone, free, save,
//! load and last-error functions with the macros below; the functions they
//! write call the generic bodies of this module, so the argument that makes
//! each `unsafe` call sound is made here once:
//!
//! - `export_handle!`: the opaque handle type around a [`Guarded`] value,
//!   its [`Handle`] impl, `X_clone` (a copy, healthy and with no last
//!   error; `export_clone!`) and the NULL-tolerant `X_free` (`export_free!`).
//! - `export_save!`, `export_load!`: `X_save` writes the bytes the game's
//!   closure gives (the core crate's own save, byte for byte) into the
//!   caller's buffer; `X_load` reads bytes into a new handle, through the
//!   game's function that maps its load error to a [`Refusal`] (a result
//!   code and the error's message), and `X_load_reason` writes that message.
//! - `export_new!`: `X_options_default` and `X_new` from an options struct,
//!   and `X_new_reason`, why `X_new` refuses options (through the same
//!   function that makes the value).
//! - `export_ai_move!`, `export_hint!`: `X_ai_move` (at a level) and the
//!   hint, with a budget and a cancel token.
//! - `export_query!`, `export_slice!`: a read-only query that writes one
//!   value to an out-pointer, or copies a list into the caller's buffer;
//!   `export_slice_with!` and `export_text!` take one argument and copy a
//!   list, or write text.
//! - `export_last_error!`: `X_last_error` (text) and `X_last_error_code`
//!   (the game's reason code, its `_OTHER` code for a failure that named
//!   none).
//!
//! The header is generated from the crate with these macros expanded (see
//! `tests/header.rs`), so their functions and docs are in `include/games.h`
//! like the hand-written ones.

use std::ffi::c_char;

use crate::boundary::{
    box_into, coded, free_box, load_into, reason_into, with_handle, Guarded, Handle, HandleState,
    Refusal,
};
use crate::buffer::{write_c_string, write_out, write_slice};
use crate::result::games_result;

/// A handle type the common exports can make: built from its guarded state.
pub trait Exported: Handle + Sized {
    /// The handle around a guarded state.
    fn from_guarded(guarded: Guarded<Self::Value>) -> Self;
}

/// The body of `X_clone`: a copy of the value behind `game` (healthy, no
/// last error) in a new handle in `*out`.
///
/// # Safety
/// `game` NULL or a live handle no thread releases during the call; `out`
/// NULL or a writable handle pointer.
pub unsafe fn clone_handle<H: Exported>(game: *const H, out: *mut *mut H) -> games_result
where
    H::Value: Clone,
{
    // SAFETY: `with_handle` needs `game` NULL or live and `box_into` needs
    // `out` NULL or writable: both are this function's contract.
    unsafe {
        with_handle(game, |state| {
            let copy: HandleState<H::Value> = state.clone();
            box_into(H::from_guarded(Guarded::from(copy)), out)
        })
    }
}

/// The body of `X_save`: the bytes `save` makes of the value, into the
/// caller's buffer (`GAMES_RESULT_BUFFER_TOO_SMALL` and the size needed
/// when it is too small).
///
/// # Safety
/// `game` NULL or a live handle no thread releases during the call; `buf`
/// NULL or `cap` writable bytes; `out_len` NULL or writable.
pub unsafe fn save_handle<H: Handle, B: AsRef<[u8]>>(
    game: *const H,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
    save: impl FnOnce(&H::Value) -> B,
) -> games_result {
    let body = |g: &HandleState<H::Value>| {
        let bytes = save(&g.value);
        // SAFETY: `buf` NULL or `cap` writable bytes and `out_len` NULL or
        // writable, per the caller.
        unsafe { write_slice(bytes.as_ref(), buf, cap, out_len) }
    };
    // SAFETY: `game` NULL or a live handle, per the caller.
    unsafe { with_handle(game, body) }
}

/// The body of `X_load`: `len` bytes at `data`, read by `load` (which maps
/// the game's load error to `GAMES_RESULT_INVALID_DATA` or
/// `GAMES_RESULT_UNSUPPORTED_VERSION`), into a new handle in `*out`;
/// nothing is created on any error.
///
/// # Safety
/// `data` NULL or `len` readable bytes; `out` NULL or a writable handle pointer.
pub unsafe fn load_handle<H: Exported>(
    data: *const u8,
    len: usize,
    out: *mut *mut H,
    load: impl FnOnce(&[u8]) -> Result<H::Value, Refusal>,
) -> games_result {
    let parse = |bytes: &[u8]| Ok(H::from_guarded(Guarded::new(load(bytes)?)));
    // SAFETY: `load_into` needs `data` NULL or `len` readable bytes and `out`
    // NULL or writable: this function's contract.
    unsafe { load_into(data, len, out, parse) }
}

/// The body of `X_last_error`: the message of the last failed call,
/// NUL-terminated ("" after a success).
///
/// # Safety
/// `game` NULL or a live handle no thread releases during the call; `buf`
/// NULL or `cap` writable chars; `out_len` NULL or writable.
pub unsafe fn last_error_text<H: Handle>(
    game: *const H,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `with_handle` needs `game` NULL or live, `write_c_string`
    // needs `buf` NULL or `cap` writable chars and `out_len` NULL or
    // writable: this function's contract.
    unsafe { with_handle(game, |g| write_c_string(g.last_error(), buf, cap, out_len)) }
}

/// The body of `X_last_error_code`: the reason code of the last failed
/// call, `other` for a failure that named none, 0 after a success.
///
/// # Safety
/// `game` NULL or a live handle no thread releases during the call;
/// `out_code` NULL or writable.
pub unsafe fn last_error_code<H: Handle>(
    game: *const H,
    out_code: *mut u32,
    other: u32,
) -> games_result {
    // SAFETY: `with_handle` needs `game` NULL or live, `write_out` needs
    // `out_code` NULL or writable: this function's contract.
    unsafe { with_handle(game, |g| write_out(out_code, coded(g.last_code(), other))) }
}

/// The body of `X_free`.
///
/// # Safety
/// `ptr` NULL or a handle of this library not yet released, which no other
/// thread is using.
pub unsafe fn free_handle<H>(ptr: *mut H) {
    // SAFETY: `free_box` needs `ptr` NULL or an unreleased handle of
    // `box_into` that no call is using: this function's contract.
    unsafe { free_box(ptr) }
}

/// An opaque handle type around a [`Guarded`] value, its [`Handle`] impl,
/// and its `X_free` (and `X_clone` where the handle can be copied):
/// `export_handle!(/// docs  games_x_game(Value), clone: games_x_clone(game,
/// out_game) "what a copy holds", free: games_x_free(game) "what it is")`.
macro_rules! export_handle {
    (
        $(#[$doc:meta])* $handle:ident($value:ty),
        $(clone: $clone:ident($cgame:ident, $cout:ident) $cwhat:literal,)?
        free: $free:ident($fgame:ident) $fwhat:literal $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $handle($crate::boundary::Guarded<$value>);

        impl $crate::boundary::Handle for $handle {
            type Value = $value;
            fn guarded(&self) -> &$crate::boundary::Guarded<$value> {
                &self.0
            }
        }

        impl $crate::exports::Exported for $handle {
            fn from_guarded(guarded: $crate::boundary::Guarded<$value>) -> Self {
                $handle(guarded)
            }
        }

        $($crate::exports::export_clone!($handle, $clone($cgame, $cout), $free, $cwhat);)?
        $crate::exports::export_free!($handle, $free($fgame), $fwhat);
    };
}
pub(crate) use export_handle;

/// `X_clone`: `export_clone!(handle, clone_fn(game, out_game), free_fn, "what is copied")`.
macro_rules! export_clone {
    ($handle:ident, $clone:ident($game:ident, $out:ident), $free:ident, $what:literal) => {
        #[doc = concat!(" Copy ", $what, " into a new handle in `*", stringify!($out), "`, owned by the")]
        #[doc = concat!(" caller (release it with `", stringify!($free), "`). The copy has no last error.")]
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `", stringify!($out), "` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $clone(
            $game: *const $handle,
            $out: *mut *mut $handle,
        ) -> $crate::result::games_result {
            // SAFETY: the contract above is `clone_handle`'s.
            unsafe { $crate::exports::clone_handle($game, $out) }
        }
    };
}
pub(crate) use export_clone;

/// `X_free`: `export_free!(handle, free_fn(game), "what is released")`.
macro_rules! export_free {
    ($handle:ident, $free:ident($game:ident), $what:literal) => {
        #[doc = concat!(" Release ", $what, " (NULL does nothing).")]
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = " NULL, or a handle of this library not yet released that no other"]
        #[doc = " thread is using; it must not be used again."]
        #[no_mangle]
        pub unsafe extern "C" fn $free($game: *mut $handle) {
            // SAFETY: the contract above is `free_handle`'s.
            unsafe { $crate::exports::free_handle($game) }
        }
    };
}
pub(crate) use export_free;

/// `X_save`: `export_save!(/// docs  handle, save_fn(game), |value| bytes)`.
macro_rules! export_save {
    ($(#[$doc:meta])* $handle:ident, $save:ident($game:ident), $bytes:expr) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `buf` NULL or `cap` writable bytes; `out_len` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $save(
            $game: *const $handle,
            buf: *mut u8,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            let save = $bytes;
            // SAFETY: the contract above is `save_handle`'s.
            unsafe { $crate::exports::save_handle($game, buf, cap, out_len, save) }
        }
    };
}
pub(crate) use export_save;

/// `X_load` and `X_load_reason`: `export_load!(/// docs  handle,
/// load_fn(out_game), reason: reason_fn, parse)`, where `parse` (a function
/// of the game module) turns the bytes into the value or a [`Refusal`].
macro_rules! export_load {
    ($(#[$doc:meta])* $handle:ident, $load:ident($out:ident), reason: $reason:ident, $parse:expr) => {
        $(#[$doc])*
        #[doc = concat!(" `", stringify!($reason), "` says why it refuses bytes, in words.")]
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `data` NULL or `len` readable bytes; `", stringify!($out), "` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $load(
            data: *const u8,
            len: usize,
            $out: *mut *mut $handle,
        ) -> $crate::result::games_result {
            let parse = $parse;
            // SAFETY: the contract above is `load_handle`'s.
            unsafe { $crate::exports::load_handle(data, len, $out, parse) }
        }

        #[doc = concat!(" Why `", stringify!($load), "` refuses the `len` bytes at `data`, in words,")]
        #[doc = " NUL-terminated into the caller's `buf` (as `_last_error` writes it; \"\""]
        #[doc = concat!(" when they load), and the result `", stringify!($load), "` returns for them")]
        #[doc = " (`GAMES_RESULT_OK` when they load). The bytes are read as that call reads"]
        #[doc = " them; no handle is created and nothing is kept. A NULL `out_len` gives"]
        #[doc = " `GAMES_RESULT_NULL_PARAMETER`, a `buf` too small (NULL: a size query)"]
        #[doc = " `GAMES_RESULT_BUFFER_TOO_SMALL` with the size needed (NUL included) in"]
        #[doc = " `*out_len`; the text is written only into the caller's buffer."]
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = " `data` NULL or `len` readable bytes; `buf` NULL or `cap` writable chars; `out_len` NULL or writable."]
        #[no_mangle]
        pub unsafe extern "C" fn $reason(
            data: *const u8,
            len: usize,
            buf: *mut ::std::ffi::c_char,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            let parse = $parse;
            // SAFETY: the contract above is `load_reason`'s.
            unsafe { $crate::boundary::load_reason(data, len, buf, cap, out_len, parse) }
        }
    };
}
pub(crate) use export_load;

/// `X_last_error` and `X_last_error_code`:
/// `export_last_error!(/// docs of the code  handle, text_fn, code_fn, OTHER_CODE)`.
macro_rules! export_last_error {
    ($(#[$doc:meta])* $handle:ident, $text:ident, $code:ident, $other:expr) => {
        /// Why the last failed call on this handle failed, in words
        /// (NUL-terminated; "" after a call that succeeded).
        ///
        /// # Safety
        /// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
        #[no_mangle]
        pub unsafe extern "C" fn $text(
            game: *const $handle,
            buf: *mut ::std::ffi::c_char,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            // SAFETY: the contract above is `last_error_text`'s.
            unsafe { $crate::exports::last_error_text(game, buf, cap, out_len) }
        }

        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = " `game` NULL or live; `out_code` NULL or writable."]
        #[no_mangle]
        pub unsafe extern "C" fn $code(
            game: *const $handle,
            out_code: *mut u32,
        ) -> $crate::result::games_result {
            // SAFETY: the contract above is `last_error_code`'s.
            unsafe { $crate::exports::last_error_code(game, out_code, $other) }
        }
    };
}
pub(crate) use export_last_error;

/// A read-only query that writes one value: `export_query!(/// docs
/// handle, fn_name(game), out_name: Type, |g| value)`, where `g` is the
/// handle's [`HandleState`] and `value` the `Type` written to `*out_name`.
macro_rules! export_query {
    (
        $(#[$doc:meta])* $handle:ident, $name:ident($game:ident),
        $out:ident: $ty:ty, |$g:ident| $value:expr
    ) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `", stringify!($out), "` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $game: *const $handle,
            $out: *mut $ty,
        ) -> $crate::result::games_result {
            let body = |$g: &$crate::boundary::HandleState<<$handle as $crate::boundary::Handle>::Value>| {
                let value: $ty = $value;
                // SAFETY: `out` is NULL or writable: the contract above.
                unsafe { $crate::buffer::write_out($out, value) }
            };
            // SAFETY: `game` is NULL or live: the contract above.
            unsafe { $crate::boundary::with_handle($game, body) }
        }
    };
}
pub(crate) use export_query;

/// A read-only query that copies a list into the caller's buffer:
/// `export_slice!(/// docs  handle, fn_name(game), Element, |g| list)`, where
/// `list` is anything that is `AsRef<[Element]>` (a `Vec`, an array, a
/// slice of the state).
macro_rules! export_slice {
    ($(#[$doc:meta])* $handle:ident, $name:ident($game:ident), $elem:ty, |$g:ident| $list:expr) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `buf` NULL or `cap` writable values; `out_len` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $game: *const $handle,
            buf: *mut $elem,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            let body = |$g: &$crate::boundary::HandleState<<$handle as $crate::boundary::Handle>::Value>| {
                let list = $list;
                let values = ::core::convert::AsRef::<[$elem]>::as_ref(&list);
                // SAFETY: `buf` is NULL or `cap` writable values and `out_len`
                // NULL or writable: the contract above.
                unsafe { $crate::buffer::write_slice(values, buf, cap, out_len) }
            };
            // SAFETY: `game` is NULL or live: the contract above.
            unsafe { $crate::boundary::with_handle($game, body) }
        }
    };
}
pub(crate) use export_slice;

/// The body of `X_ai_move`: the level read by `level_of` (an unknown one is
/// `GAMES_RESULT_INVALID_PARAMETER`), the budget (NULL: `default_budget`
/// of the level) and the cancel token read, then `choose` asked for the
/// move, which is written to `*out` on success. `choose` records its own
/// failures on the handle and returns their result.
///
/// # Safety
/// `game` NULL or a live handle no thread releases during the call;
/// `budget` NULL or readable; `cancel` NULL or a live token; `out` NULL or
/// writable.
#[allow(clippy::too_many_arguments)]
pub unsafe fn ai_move_into<H: Handle, L, M>(
    game: *mut H,
    level: u32,
    budget: *const crate::common::games_budget,
    cancel: *const crate::common::games_cancel_token,
    out: *mut M,
    level_of: impl FnOnce(u32) -> Option<L>,
    default_budget: impl FnOnce(&L) -> games_common::Budget,
    choose: impl FnOnce(
        &mut HandleState<H::Value>,
        L,
        games_common::Budget,
        &games_common::CancelFlag,
    ) -> Result<M, games_result>,
) -> games_result {
    let body = |g: &mut HandleState<H::Value>| {
        let Some(chosen) = level_of(level) else {
            return g.fail(
                games_result::GAMES_RESULT_INVALID_PARAMETER,
                format!("unknown level {level}"),
            );
        };
        let fallback = default_budget(&chosen);
        // SAFETY: forwarded from the caller.
        unsafe {
            answer(g, budget, cancel, out, fallback, |g, b, c| {
                choose(g, chosen, b, c)
            })
        }
    };
    // SAFETY: `game` is NULL or live, per the caller.
    unsafe { crate::boundary::with_handle_mut(game, body) }
}

/// The body of a search export without a level (`X_hint`): as
/// [`ai_move_into`] with the level already chosen. The handle is `*mut`:
/// a refused search records its last error, and a search may change the
/// game's own state (the hints left).
///
/// # Safety
/// As [`ai_move_into`].
pub unsafe fn search_into<H: Handle, M>(
    game: *mut H,
    budget: *const crate::common::games_budget,
    cancel: *const crate::common::games_cancel_token,
    out: *mut M,
    default_budget: games_common::Budget,
    choose: impl FnOnce(
        &mut HandleState<H::Value>,
        games_common::Budget,
        &games_common::CancelFlag,
    ) -> Result<M, games_result>,
) -> games_result {
    // SAFETY: forwarded from the caller.
    let body = |g: &mut HandleState<H::Value>| unsafe {
        answer(g, budget, cancel, out, default_budget, choose)
    };
    // SAFETY: `game` is NULL or live, per the caller.
    unsafe { crate::boundary::with_handle_mut(game, body) }
}

/// Read the budget and the token, ask `choose`, write its move to `*out`.
///
/// # Safety
/// `budget` NULL or readable; `cancel` NULL or a live token; `out` NULL or
/// writable.
unsafe fn answer<T, M>(
    g: &mut HandleState<T>,
    budget: *const crate::common::games_budget,
    cancel: *const crate::common::games_cancel_token,
    out: *mut M,
    fallback: games_common::Budget,
    choose: impl FnOnce(
        &mut HandleState<T>,
        games_common::Budget,
        &games_common::CancelFlag,
    ) -> Result<M, games_result>,
) -> games_result {
    if out.is_null() {
        return games_result::GAMES_RESULT_NULL_PARAMETER;
    }
    // SAFETY: `budget` NULL or readable, `cancel` NULL or a live token, per
    // the caller.
    let (budget, cancel) = unsafe {
        (
            crate::common::read_budget(budget, fallback),
            crate::common::read_cancel(cancel),
        )
    };
    match choose(g, budget, &cancel) {
        Ok(mv) => {
            // SAFETY: `out` is non-NULL (checked) and writable, per the caller.
            unsafe { write_out(out, mv) };
            g.succeed()
        }
        Err(result) => result,
    }
}

/// `X_ai_move`: `export_ai_move!(/// docs  handle, fn_name(game, level,
/// out_move: Move), level_of, default_budget, |g, level, budget, cancel|
/// Ok(move) or Err(g.fail(..)))`, over [`ai_move_into`].
macro_rules! export_ai_move {
    (
        $(#[$doc:meta])* $handle:ident,
        $name:ident($game:ident, $level:ident, $out:ident: $mv:ty),
        $level_of:expr, $default_budget:expr,
        |$g:ident, $l:ident, $b:ident, $c:ident| $choose:expr
    ) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `budget` NULL or readable; `cancel` NULL or a live")]
        #[doc = concat!(" token; `", stringify!($out), "` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $game: *mut $handle,
            $level: u32,
            budget: *const $crate::common::games_budget,
            cancel: *const $crate::common::games_cancel_token,
            $out: *mut $mv,
        ) -> $crate::result::games_result {
            let choose = |$g: &mut $crate::boundary::HandleState<<$handle as $crate::boundary::Handle>::Value>,
                          $l,
                          $b: ::games_common::Budget,
                          $c: &::games_common::CancelFlag|
             -> ::core::result::Result<$mv, $crate::result::games_result> { $choose };
            // SAFETY: the contract above is `ai_move_into`'s.
            unsafe {
                $crate::exports::ai_move_into(
                    $game,
                    $level,
                    budget,
                    cancel,
                    $out,
                    $level_of,
                    $default_budget,
                    choose,
                )
            }
        }
    };
}
pub(crate) use export_ai_move;

/// An options struct C hands to `X_new`. C can put any byte in a `bool`
/// field (one left uninitialised, bytes copied in), and a Rust `bool` that
/// is not 0 or 1 is undefined behaviour: such fields are read as bytes
/// through the raw pointer before any reference to the struct is made.
pub trait OptionsFromC {
    /// Whether every `bool` field of `*options` holds 0 or 1 (true for a
    /// struct without one).
    ///
    /// # Safety
    /// `options` must be non-NULL and point to a readable struct.
    unsafe fn bools_are_valid(options: *const Self) -> bool;
}

/// Whether the byte at `flag` is a valid `bool` (0 or 1), read as a byte.
///
/// # Safety
/// `flag` must be non-NULL and readable (it may hold any byte).
pub unsafe fn is_bool_byte(flag: *const bool) -> bool {
    // SAFETY: readable per the caller; a `u8` accepts every byte.
    unsafe { flag.cast::<u8>().read() <= 1 }
}

/// The value `make` makes of the options at `options`: the shared path of
/// `X_new` and `X_new_reason`. A NULL `options` is
/// `GAMES_RESULT_NULL_PARAMETER`, a `bool` field that is not 0 or 1
/// `GAMES_RESULT_INVALID_PARAMETER`; `make` refuses the rest.
///
/// # Safety
/// `options` NULL or readable (with whatever its fields point to, as the
/// game's contract says).
unsafe fn value_of_options<O: OptionsFromC, T>(
    options: *const O,
    make: impl FnOnce(&O) -> Result<T, Refusal>,
) -> Result<T, Refusal> {
    if options.is_null() {
        return Err(Refusal::new(
            games_result::GAMES_RESULT_NULL_PARAMETER,
            "options is NULL",
        ));
    }
    // SAFETY: non-NULL (checked) and readable, per the caller.
    if !unsafe { O::bools_are_valid(options) } {
        return Err(Refusal::new(
            games_result::GAMES_RESULT_INVALID_PARAMETER,
            "a bool field of the options holds a byte other than 0 or 1 (left uninitialised?)",
        ));
    }
    // SAFETY: non-NULL and readable per the caller, and every field
    // holds a valid value (its bools checked above).
    make(unsafe { &*options })
}

/// The body of `X_new` for games made from an options struct: `make` turns
/// the options into the handle's value (or the [`Refusal`] of why not:
/// bad options are `GAMES_RESULT_INVALID_PARAMETER`, a `bool` field that
/// is not 0 or 1 included); a NULL `options` or `out` is
/// `GAMES_RESULT_NULL_PARAMETER`; nothing is created on any error.
///
/// # Safety
/// `options` NULL or readable (with whatever its fields point to, as the
/// game's contract says); `out` NULL or a writable handle pointer.
pub unsafe fn new_from_options<O: OptionsFromC, H: Exported>(
    options: *const O,
    out: *mut *mut H,
    make: impl FnOnce(&O) -> Result<H::Value, Refusal>,
) -> games_result {
    crate::boundary::guard(|| {
        if out.is_null() {
            return games_result::GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: `options` NULL or readable, per the caller.
        match unsafe { value_of_options(options, make) } {
            // SAFETY: `out` is non-NULL (checked) and writable, per the caller.
            Ok(value) => unsafe { box_into(H::from_guarded(Guarded::new(value)), out) },
            Err(refusal) => refusal.code,
        }
    })
}

/// The body of `X_new_reason`: why [`new_from_options`] refuses `options`
/// ("" and `GAMES_RESULT_OK` when it would accept them), through the same
/// `make`, written by [`write_reason`](crate::boundary::write_reason).
///
/// # Safety
/// `options` as for [`new_from_options`]; `buf` NULL or `cap` writable
/// chars; `out_len` NULL or writable.
pub unsafe fn new_reason<O: OptionsFromC, T>(
    options: *const O,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    make: impl FnOnce(&O) -> Result<T, Refusal>,
) -> games_result {
    // SAFETY: `options` NULL or readable, and `buf`, `cap` and `out_len` as
    // `reason_into` needs them, per the caller.
    unsafe { reason_into(buf, cap, out_len, || value_of_options(options, make)) }
}

/// `X_options_default`, `X_new` and `X_new_reason` for a game made from an
/// options struct: `export_new!(/// docs of the defaults
/// defaults_fn(out_options) = value; /// docs of new  handle,
/// new_fn(options: Options, out_game), reason: reason_fn, make)`, over
/// [`new_from_options`] and [`new_reason`], where `make` (a function of the
/// game module) turns the options into the value or a [`Refusal`].
macro_rules! export_new {
    (
        $(#[$ddoc:meta])* $defaults:ident($dout:ident) = $value:expr;
        $(#[$doc:meta])* $handle:ident, $name:ident($options:ident: $ty:ty, $out:ident),
        reason: $reason:ident, $make:expr
    ) => {
        $(#[$ddoc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($dout), "` must be NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $defaults($dout: *mut $ty) -> $crate::result::games_result {
            let defaults: $ty = $value;
            // SAFETY: NULL or writable, per the caller.
            $crate::boundary::guard(|| unsafe { $crate::buffer::write_out($dout, defaults) })
        }

        $(#[$doc])*
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $options: *const $ty,
            $out: *mut *mut $handle,
        ) -> $crate::result::games_result {
            let make = $make;
            // SAFETY: the contract above is `new_from_options`'s.
            unsafe { $crate::exports::new_from_options($options, $out, make) }
        }

        #[doc = concat!(" Why `", stringify!($name), "` refuses `*", stringify!($options), "`, in words, NUL-terminated")]
        #[doc = " into the caller's `buf` (as `_last_error` writes it; \"\" when it accepts"]
        #[doc = concat!(" them), and the result `", stringify!($name), "` returns for them with a writable")]
        #[doc = concat!(" `", stringify!($out), "` (`GAMES_RESULT_OK` when accepted). The options are read as that call")]
        #[doc = " reads them; no handle is created and nothing is kept. A NULL `out_len`"]
        #[doc = " gives `GAMES_RESULT_NULL_PARAMETER`, a `buf` too small (NULL: a size"]
        #[doc = " query) `GAMES_RESULT_BUFFER_TOO_SMALL` with the size needed (NUL"]
        #[doc = " included) in `*out_len`; the text is written only into the caller's buffer."]
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($options), "` as for `", stringify!($name), "`; `buf` NULL or `cap` writable chars;")]
        #[doc = " `out_len` NULL or writable."]
        #[no_mangle]
        pub unsafe extern "C" fn $reason(
            $options: *const $ty,
            buf: *mut ::std::ffi::c_char,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            let make = $make;
            // SAFETY: the contract above is `new_reason`'s.
            unsafe { $crate::exports::new_reason($options, buf, cap, out_len, make) }
        }
    };
}
pub(crate) use export_new;

/// A read-only query with one argument that copies a list into the
/// caller's buffer, or fails: `export_slice_with!(/// docs  handle,
/// fn_name(game, arg: Type), Element, |g| Ok(list) or Err(result))`.
macro_rules! export_slice_with {
    (
        $(#[$doc:meta])* $handle:ident, $name:ident($game:ident, $arg:ident: $aty:ty), $elem:ty,
        |$g:ident| $list:expr
    ) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `buf` NULL or `cap` writable values; `out_len` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $game: *const $handle,
            $arg: $aty,
            buf: *mut $elem,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            type State = $crate::boundary::HandleState<<$handle as $crate::boundary::Handle>::Value>;
            let list_of = |$g: &State| -> ::core::result::Result<_, $crate::result::games_result> { $list };
            let body = |g: &State| {
                let list = match list_of(g) {
                    Ok(list) => list,
                    Err(result) => return result,
                };
                let values = ::core::convert::AsRef::<[$elem]>::as_ref(&list);
                // SAFETY: `buf` is NULL or `cap` writable values and `out_len`
                // NULL or writable: the contract above.
                unsafe { $crate::buffer::write_slice(values, buf, cap, out_len) }
            };
            // SAFETY: `game` is NULL or live: the contract above.
            unsafe { $crate::boundary::with_handle($game, body) }
        }
    };
}
pub(crate) use export_slice_with;

/// A read-only query with one argument that writes text, NUL-terminated,
/// into the caller's buffer, or fails: `export_text!(/// docs  handle,
/// fn_name(game, arg: Type), |g| Ok(string) or Err(result))`.
macro_rules! export_text {
    (
        $(#[$doc:meta])* $handle:ident, $name:ident($game:ident, $arg:ident: $aty:ty),
        |$g:ident| $text:expr
    ) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $game: *const $handle,
            $arg: $aty,
            buf: *mut ::std::ffi::c_char,
            cap: usize,
            out_len: *mut usize,
        ) -> $crate::result::games_result {
            type State = $crate::boundary::HandleState<<$handle as $crate::boundary::Handle>::Value>;
            let text_of = |$g: &State| -> ::core::result::Result<::std::string::String, $crate::result::games_result> { $text };
            let body = |g: &State| {
                let text = match text_of(g) {
                    Ok(text) => text,
                    Err(result) => return result,
                };
                // SAFETY: `buf` is NULL or `cap` writable chars and `out_len`
                // NULL or writable: the contract above.
                unsafe { $crate::buffer::write_c_string(&text, buf, cap, out_len) }
            };
            // SAFETY: `game` is NULL or live: the contract above.
            unsafe { $crate::boundary::with_handle($game, body) }
        }
    };
}
pub(crate) use export_text;

/// `X_hint`: `export_hint!(/// docs  handle, fn_name(game, out: Move),
/// default_budget, |g, budget, cancel| Ok(move) or Err(g.fail(..)))`, over
/// [`search_into`]; the handle is `*mut` (a refused search records why).
macro_rules! export_hint {
    (
        $(#[$doc:meta])* $handle:ident,
        $name:ident($game:ident, $out:ident: $mv:ty),
        $default_budget:expr,
        |$g:ident, $b:ident, $c:ident| $choose:expr
    ) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `", stringify!($game), "` NULL or live; `budget` NULL or readable; `cancel` NULL or a live")]
        #[doc = concat!(" token; `", stringify!($out), "` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $game: *mut $handle,
            budget: *const $crate::common::games_budget,
            cancel: *const $crate::common::games_cancel_token,
            $out: *mut $mv,
        ) -> $crate::result::games_result {
            let choose = |$g: &mut $crate::boundary::HandleState<<$handle as $crate::boundary::Handle>::Value>,
                          $b: ::games_common::Budget,
                          $c: &::games_common::CancelFlag|
             -> ::core::result::Result<$mv, $crate::result::games_result> { $choose };
            // SAFETY: the contract above is `search_into`'s.
            unsafe {
                $crate::exports::search_into(
                    $game,
                    budget,
                    cancel,
                    $out,
                    $default_budget,
                    choose,
                )
            }
        }
    };
}
pub(crate) use export_hint;

#[cfg(test)]
mod tests {
    use std::ptr;

    use games_common::{Budget, CancelFlag};

    use super::*;
    use crate::result::games_result::*;

    crate::exports::export_handle!(
        /// A handle for the tests: a counter.
        probe_game(u32),
        clone: probe_clone(game, out_game) "a probe",
        free: probe_free(game) "a probe",
    );

    fn new_probe(value: u32) -> *mut probe_game {
        Box::into_raw(Box::new(probe_game(Guarded::new(value))))
    }

    fn level_of(level: u32) -> Option<u32> {
        (level < 3).then_some(level)
    }

    /// Ask `ai_move_into` for `value + level`, refusing with
    /// `GAMES_RESULT_GAME_OVER` (and a recorded reason 7) when the value is 0.
    fn ask(game: *mut probe_game, level: u32, out: *mut u32) -> games_result {
        // SAFETY: `game` is a live probe, `out` NULL or a local; no budget, no token.
        unsafe {
            ai_move_into(
                game,
                level,
                ptr::null(),
                ptr::null(),
                out,
                level_of,
                |_| Budget::UNLIMITED,
                |g, level, _: Budget, _: &CancelFlag| match g.value {
                    0 => Err(g.fail_coded(GAMES_RESULT_GAME_OVER, 7, "over")),
                    v => Ok(v + level),
                },
            )
        }
    }

    fn code_of(game: *mut probe_game) -> u32 {
        let mut code = 0;
        // SAFETY: live probe, local out-pointer.
        let r = unsafe { last_error_code(game.cast_const(), &mut code, 99) };
        assert_eq!(r, GAMES_RESULT_OK);
        code
    }

    #[test]
    fn ai_move_reads_the_level_checks_the_output_and_records_failures() {
        let game = new_probe(10);
        let mut out = 0;
        assert_eq!(ask(game, 2, &mut out), GAMES_RESULT_OK);
        assert_eq!(out, 12);
        assert_eq!(code_of(game), 0);
        // An unknown level is refused before the output is looked at, and
        // recorded as a failure that named no reason (the game's OTHER code).
        assert_eq!(
            ask(game, 9, ptr::null_mut()),
            GAMES_RESULT_INVALID_PARAMETER
        );
        assert_eq!(code_of(game), 99);
        assert_eq!(ask(game, 1, ptr::null_mut()), GAMES_RESULT_NULL_PARAMETER);
        // SAFETY: `game` is a live probe no other call uses.
        unsafe { (*game).0 = Guarded::new(0) };
        out = 5;
        assert_eq!(ask(game, 1, &mut out), GAMES_RESULT_GAME_OVER);
        assert_eq!(out, 5, "nothing is written on failure");
        assert_eq!(code_of(game), 7);
        // SAFETY: a live probe, released once.
        unsafe { probe_free(game) };
    }

    #[test]
    fn the_clone_has_the_value_but_not_the_last_error() {
        let game = new_probe(4);
        assert_eq!(
            ask(game, 9, ptr::null_mut()),
            GAMES_RESULT_INVALID_PARAMETER
        );
        let mut copy = ptr::null_mut();
        // SAFETY: live probe, local out-pointer.
        assert_eq!(unsafe { probe_clone(game, &mut copy) }, GAMES_RESULT_OK);
        assert_eq!(code_of(copy), 0);
        let mut out = 0;
        assert_eq!(ask(copy, 0, &mut out), GAMES_RESULT_OK);
        assert_eq!(out, 4);
        // SAFETY: a live probe and a NULL out-pointer: refused, nothing made.
        let refused = unsafe { probe_clone(game, ptr::null_mut()) };
        assert_eq!(refused, GAMES_RESULT_NULL_PARAMETER);
        // SAFETY: live probes, each released once; NULL does nothing.
        unsafe {
            probe_free(copy);
            probe_free(game);
            probe_free(ptr::null_mut());
        }
    }

    impl OptionsFromC for u32 {
        unsafe fn bools_are_valid(_: *const u32) -> bool {
            true
        }
    }

    #[test]
    fn bool_bytes_other_than_0_and_1_are_invalid() {
        for (byte, valid) in [(0u8, true), (1, true), (2, false), (0xFF, false)] {
            // SAFETY: a readable local byte.
            let r = unsafe { is_bool_byte(ptr::from_ref(&byte).cast::<bool>()) };
            assert_eq!(r, valid, "byte {byte}");
        }
    }

    #[test]
    fn new_from_options_refuses_null_and_bad_options_and_creates_nothing() {
        let make = |o: &u32| {
            if *o < 100 {
                Ok(*o)
            } else {
                Err(Refusal::new(
                    GAMES_RESULT_INVALID_PARAMETER,
                    format!("{o} is 100 or more"),
                ))
            }
        };
        let mut out: *mut probe_game = ptr::null_mut();
        // SAFETY: NULL or local options and out-pointers.
        unsafe {
            assert_eq!(
                new_from_options(ptr::null(), &mut out, make),
                GAMES_RESULT_NULL_PARAMETER
            );
            assert_eq!(
                new_from_options(&5, ptr::null_mut::<*mut probe_game>(), make),
                GAMES_RESULT_NULL_PARAMETER
            );
            assert_eq!(
                new_from_options(&500, &mut out, make),
                GAMES_RESULT_INVALID_PARAMETER
            );
            assert!(out.is_null());
            assert_eq!(new_from_options(&5, &mut out, make), GAMES_RESULT_OK);
        }
        // The companion, through the same `make`: the same result, and why.
        let mut text = [1 as c_char; 32];
        let mut len = 0;
        let reason = |options: *const u32, text: &mut [c_char], len: &mut usize| {
            // SAFETY: NULL or a local option; a local buffer of its length.
            unsafe { new_reason(options, text.as_mut_ptr(), text.len(), len, make) }
        };
        assert_eq!(
            reason(&500, &mut text, &mut len),
            GAMES_RESULT_INVALID_PARAMETER
        );
        // SAFETY: the call wrote a NUL-terminated text of `len` chars.
        let said = unsafe { std::ffi::CStr::from_ptr(text.as_ptr()) };
        assert_eq!((said.to_str(), len), (Ok("500 is 100 or more"), 19));
        assert_eq!(
            reason(ptr::null(), &mut text, &mut len),
            GAMES_RESULT_NULL_PARAMETER
        );
        assert_eq!(reason(&5, &mut text, &mut len), GAMES_RESULT_OK);
        assert_eq!((text[0], len), (0, 1), "accepted options: \"\"");
        let mut value = 0;
        assert_eq!(ask(out, 0, &mut value), GAMES_RESULT_OK);
        assert_eq!(value, 5);
        // SAFETY: a live probe, released once.
        unsafe { probe_free(out) };
    }
}

//! The exports every handle shares, written once.
//!
//! Each game's module declares its handle type and its clone, free, save,
//! load and last-error functions with the macros below; the functions they
//! write call the generic bodies of this module, so the argument that makes
//! each `unsafe` call sound is made here once:
//!
//! - `export_handle!`: the opaque handle type around a [`Guarded`] value,
//!   and its [`Handle`] impl.
//! - `export_clone!`, `export_free!`: `X_clone` (a copy, healthy and with
//!   no last error) and the NULL-tolerant `X_free`.
//! - `export_save!`, `export_load!`: `X_save` writes the bytes the game's
//!   closure gives (the core crate's own save, byte for byte) into the
//!   caller's buffer; `X_load` reads bytes into a new handle, through the
//!   game's closure that maps its load error to a result code.
//! - `export_last_error!`: `X_last_error` (text) and `X_last_error_code`
//!   (the game's reason code, its `_OTHER` code for a failure that named
//!   none).
//!
//! The header is generated from the crate with these macros expanded (see
//! `tests/header.rs`), so their functions and docs are in `include/games.h`
//! like the hand-written ones.

use std::ffi::c_char;

use crate::boundary::{
    box_into, coded, free_box, load_into, with_handle, Guarded, Handle, HandleState,
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
    // SAFETY: `game` and `out` are as this function's contract requires.
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
    // SAFETY: the handle and the buffer are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_slice(save(&g.value).as_ref(), buf, cap, out_len)
        })
    }
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
    load: impl FnOnce(&[u8]) -> Result<H::Value, games_result>,
) -> games_result {
    // SAFETY: `data` and `out` are as this function's contract requires.
    unsafe {
        load_into(data, len, out, |bytes| {
            Ok(H::from_guarded(Guarded::new(load(bytes)?)))
        })
    }
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
    // SAFETY: the handle and the buffer are as this function's contract requires.
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
    // SAFETY: the handle and the out-pointer are as this function's contract requires.
    unsafe { with_handle(game, |g| write_out(out_code, coded(g.last_code(), other))) }
}

/// The body of `X_free`.
///
/// # Safety
/// `ptr` NULL or a handle of this library not yet released, which no other
/// thread is using.
pub unsafe fn free_handle<H>(ptr: *mut H) {
    // SAFETY: forwarded from the caller.
    unsafe { free_box(ptr) }
}

/// An opaque handle type around a [`Guarded`] value:
/// `export_handle!(/// docs  games_x_game(Value))`.
macro_rules! export_handle {
    ($(#[$doc:meta])* $handle:ident($value:ty)) => {
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
            // SAFETY: the contract above is `save_handle`'s.
            unsafe { $crate::exports::save_handle($game, buf, cap, out_len, $bytes) }
        }
    };
}
pub(crate) use export_save;

/// `X_load`: `export_load!(/// docs  handle, load_fn(out_game), |bytes| value or code)`.
macro_rules! export_load {
    ($(#[$doc:meta])* $handle:ident, $load:ident($out:ident), $parse:expr) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = " # Safety"]
        #[doc = concat!(" `data` NULL or `len` readable bytes; `", stringify!($out), "` NULL or writable.")]
        #[no_mangle]
        pub unsafe extern "C" fn $load(
            data: *const u8,
            len: usize,
            $out: *mut *mut $handle,
        ) -> $crate::result::games_result {
            // SAFETY: the contract above is `load_handle`'s.
            unsafe { $crate::exports::load_handle(data, len, $out, $parse) }
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

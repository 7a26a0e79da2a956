//! The panic boundary: every exported function runs its body through
//! [`guard`] or [`with_handle`] / [`with_handle_mut`], so a panic becomes
//! `GAMES_RESULT_PANIC` instead of unwinding into C.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::result::games_result::{self, *};

/// Run `body`, turning a panic into `GAMES_RESULT_PANIC`.
pub fn guard(body: impl FnOnce() -> games_result) -> games_result {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(GAMES_RESULT_PANIC)
}

/// What every opaque handle holds besides its game: the poison flag and
/// the message of the last failed call.
#[derive(Debug, Default)]
pub struct Guarded<T> {
    /// The Rust value behind the handle.
    pub value: T,
    poisoned: Cell<bool>,
    last_error: String,
}

impl<T: Clone> Clone for Guarded<T> {
    fn clone(&self) -> Self {
        Guarded {
            value: self.value.clone(),
            poisoned: Cell::new(false),
            last_error: String::new(),
        }
    }
}

impl<T> Guarded<T> {
    /// A fresh, healthy handle around `value`.
    pub fn new(value: T) -> Guarded<T> {
        Guarded {
            value,
            poisoned: Cell::new(false),
            last_error: String::new(),
        }
    }

    /// Whether an earlier call panicked.
    pub fn is_poisoned(&self) -> bool {
        self.poisoned.get()
    }

    /// The message of the last failed mutating call ("" when none failed).
    pub fn last_error(&self) -> &str {
        &self.last_error
    }

    /// Remember why a call failed and return its result, for chaining.
    pub fn fail(&mut self, result: games_result, message: impl Into<String>) -> games_result {
        self.last_error = message.into();
        result
    }

    /// Forget the last failure after a call that succeeded.
    pub fn succeed(&mut self) -> games_result {
        self.last_error.clear();
        GAMES_RESULT_OK
    }
}

/// Types that wrap a [`Guarded`] value (the `games_*` handle types).
pub trait Handle {
    /// The Rust value type behind the handle.
    type Value;
    /// The guarded value.
    fn guarded(&self) -> &Guarded<Self::Value>;
    /// The guarded value, mutable.
    fn guarded_mut(&mut self) -> &mut Guarded<Self::Value>;
}

/// Run `body` on a read-only handle: NULL gives `GAMES_RESULT_NULL_PARAMETER`,
/// a poisoned handle `GAMES_RESULT_POISONED`, a panic `GAMES_RESULT_PANIC`
/// and poisons the handle.
///
/// # Safety
/// `ptr` must be NULL or a live handle of type `H` not used by another thread.
pub unsafe fn with_handle<H: Handle>(
    ptr: *const H,
    body: impl FnOnce(&Guarded<H::Value>) -> games_result,
) -> games_result {
    // SAFETY: the caller guarantees `ptr` is NULL or a live handle used by this thread only.
    let Some(handle) = (unsafe { ptr.as_ref() }) else {
        return GAMES_RESULT_NULL_PARAMETER;
    };
    let guarded = handle.guarded();
    if guarded.is_poisoned() {
        return GAMES_RESULT_POISONED;
    }
    match catch_unwind(AssertUnwindSafe(|| body(guarded))) {
        Ok(result) => result,
        Err(_) => {
            guarded.poisoned.set(true);
            GAMES_RESULT_PANIC
        }
    }
}

/// As [`with_handle`], for calls that change the handle.
///
/// # Safety
/// `ptr` must be NULL or a live handle of type `H` not used by another thread.
pub unsafe fn with_handle_mut<H: Handle>(
    ptr: *mut H,
    body: impl FnOnce(&mut Guarded<H::Value>) -> games_result,
) -> games_result {
    // SAFETY: the caller guarantees `ptr` is NULL or a live handle used by this thread only.
    let Some(handle) = (unsafe { ptr.as_mut() }) else {
        return GAMES_RESULT_NULL_PARAMETER;
    };
    let guarded = handle.guarded_mut();
    if guarded.is_poisoned() {
        return GAMES_RESULT_POISONED;
    }
    let poisoned = &guarded.poisoned as *const Cell<bool>;
    match catch_unwind(AssertUnwindSafe(|| body(guarded))) {
        Ok(result) => result,
        Err(_) => {
            // SAFETY: `poisoned` points into the live handle; the mutable
            // borrow given to `body` ended when it unwound.
            unsafe { (*poisoned).set(true) };
            GAMES_RESULT_PANIC
        }
    }
}

/// Move `value` into a new heap handle and store it in `*out`.
///
/// # Safety
/// `out` must be NULL or point to a writable handle pointer.
pub unsafe fn box_into<H>(value: H, out: *mut *mut H) -> games_result {
    if out.is_null() {
        return GAMES_RESULT_NULL_PARAMETER;
    }
    // SAFETY: `out` is non-NULL and, per the caller, writable.
    unsafe { out.write(Box::into_raw(Box::new(value))) };
    GAMES_RESULT_OK
}

/// Release a handle made by [`box_into`]; NULL does nothing. The body of
/// every `_free` export: a panic in a destructor stays on this side.
///
/// # Safety
/// `ptr` must be NULL or a handle from [`box_into`] not yet released.
pub unsafe fn free_box<H>(ptr: *mut H) {
    let _ = guard(|| {
        if !ptr.is_null() {
            // SAFETY: per the caller, `ptr` came from `Box::into_raw` and is released once.
            drop(unsafe { Box::from_raw(ptr) });
        }
        GAMES_RESULT_OK
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Probe(Guarded<u32>);
    impl Handle for Probe {
        type Value = u32;
        fn guarded(&self) -> &Guarded<u32> {
            &self.0
        }
        fn guarded_mut(&mut self) -> &mut Guarded<u32> {
            &mut self.0
        }
    }

    #[test]
    fn a_panic_poisons_the_handle() {
        let mut probe = Probe(Guarded::new(1));
        let ptr: *mut Probe = &mut probe;
        // SAFETY: `ptr` is a live local handle.
        let r = unsafe {
            with_handle_mut(ptr, |_| -> games_result {
                std::panic::panic_any("boom");
            })
        };
        assert_eq!(r, GAMES_RESULT_PANIC);
        // SAFETY: as above.
        let r = unsafe { with_handle(ptr as *const Probe, |_| GAMES_RESULT_OK) };
        assert_eq!(r, GAMES_RESULT_POISONED);
        // SAFETY: NULL is allowed.
        let r = unsafe { with_handle(std::ptr::null::<Probe>(), |_| GAMES_RESULT_OK) };
        assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
        assert_eq!(guard(|| std::panic::panic_any(0)), GAMES_RESULT_PANIC);
    }
}

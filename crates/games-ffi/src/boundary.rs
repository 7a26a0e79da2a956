//! The panic and concurrency boundary: every exported function runs its
//! body through [`guard`] or [`with_handle`] / [`with_handle_mut`], so a
//! panic becomes `GAMES_RESULT_PANIC` instead of unwinding into C, and a
//! call on a handle that another thread is using becomes
//! `GAMES_RESULT_BUSY` instead of a data race.

use std::cell::UnsafeCell;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::result::games_result::{self, *};

/// Run `body`, turning a panic into `GAMES_RESULT_PANIC`.
pub fn guard(body: impl FnOnce() -> games_result) -> games_result {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(GAMES_RESULT_PANIC)
}

/// What the calls on a handle see: the game, the poison flag and the
/// message of the last failed call.
#[derive(Debug, Default)]
pub struct HandleState<T> {
    /// The Rust value behind the handle.
    pub value: T,
    poisoned: bool,
    last_error: String,
    /// The game's reason code of the last failure (see [`HandleState::last_code`]).
    last_code: u32,
    /// Whether the call running now has recorded its outcome ([`HandleState::fail`]
    /// or [`HandleState::succeed`]); [`with_handle_mut`] records it otherwise.
    recorded: bool,
}

impl<T: Clone> Clone for HandleState<T> {
    /// A copy of the value, healthy and with no last error.
    fn clone(&self) -> Self {
        HandleState::new(self.value.clone())
    }
}

impl<T> HandleState<T> {
    /// A fresh, healthy state around `value`.
    pub fn new(value: T) -> HandleState<T> {
        HandleState {
            value,
            poisoned: false,
            last_error: String::new(),
            last_code: 0,
            recorded: false,
        }
    }

    /// Whether an earlier call panicked.
    pub fn is_poisoned(&self) -> bool {
        self.poisoned
    }

    /// The message of the last failed mutating call ("" when none failed).
    pub fn last_error(&self) -> &str {
        &self.last_error
    }

    /// Remember why a call failed and return its result, for chaining. The
    /// reason code is "none given" (this crate's `UNCODED`): the game's
    /// `_last_error_code` turns it into its own "other" code.
    pub fn fail(&mut self, result: games_result, message: impl Into<String>) -> games_result {
        self.fail_coded(result, UNCODED, message)
    }

    /// [`HandleState::fail`] with the game's reason code (its
    /// `GAMES_<GAME>_ERROR_*` value), for a refused move.
    pub fn fail_coded(
        &mut self,
        result: games_result,
        code: u32,
        message: impl Into<String>,
    ) -> games_result {
        self.last_error = message.into();
        self.last_code = code;
        self.recorded = true;
        result
    }

    /// Forget the last failure after a call that succeeded.
    pub fn succeed(&mut self) -> games_result {
        self.last_error.clear();
        self.last_code = 0;
        self.recorded = true;
        GAMES_RESULT_OK
    }

    /// The reason code of the last failure: 0 (each game's `_NONE`) after a
    /// success, this crate's `UNCODED` for a failure that gave none (see
    /// [`coded`]).
    pub fn last_code(&self) -> u32 {
        self.last_code
    }
}

/// The reason code of a failure that named none; each game's
/// `_last_error_code` reports it as its `_OTHER` code. Never seen by C, so
/// not public: cbindgen leaves it out of `games.h`, whose macros are all
/// `GAMES_`.
pub(crate) const UNCODED: u32 = u32::MAX;

/// A handle's reason code as its game reports it: the code of a failure
/// that gave none (this crate's `UNCODED`) becomes the game's `other` code.
pub fn coded(code: u32, other: u32) -> u32 {
    if code == UNCODED {
        other
    } else {
        code
    }
}

/// What every opaque handle holds: its [`HandleState`] behind an "in use"
/// flag. A call takes the flag before it touches the state and gives it
/// back when it returns (or panics), so two calls on one handle never
/// overlap: the second one, on another thread, gets `GAMES_RESULT_BUSY`.
pub struct Guarded<T> {
    in_use: AtomicBool,
    state: UnsafeCell<HandleState<T>>,
}

// SAFETY: the state is reached only through `Guarded::enter`, which hands
// it out to the one thread that holds the `in_use` flag, for as long as it
// holds it (as a `Mutex<T>` does, which is `Sync` when `T: Send`); the flag
// itself is atomic.
unsafe impl<T: Send> Sync for Guarded<T> {}

impl<T> fmt::Debug for Guarded<T> {
    /// The flag only: the state is not read without it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Guarded")
            .field("in_use", &self.in_use.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl<T> From<HandleState<T>> for Guarded<T> {
    fn from(state: HandleState<T>) -> Guarded<T> {
        Guarded {
            in_use: AtomicBool::new(false),
            state: UnsafeCell::new(state),
        }
    }
}

/// The `in_use` flag of a [`Guarded`], held: dropping it (at the end of
/// the call, or while a panic unwinds) gives the flag back.
struct InUse<'a>(&'a AtomicBool);

impl Drop for InUse<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

impl<T> Guarded<T> {
    /// A fresh, healthy handle around `value`.
    pub fn new(value: T) -> Guarded<T> {
        Guarded::from(HandleState::new(value))
    }

    /// Run `body` on the state if no other call holds the flag; `None`
    /// (and `body` not run) when one does.
    fn enter<R>(&self, body: impl FnOnce(&mut HandleState<T>) -> R) -> Option<R> {
        self.in_use
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .ok()?;
        let _in_use = InUse(&self.in_use);
        // SAFETY: this call set `in_use` (the compare-exchange above) and
        // keeps it until `_in_use` drops after `body` has returned or
        // unwound. Every access to `state` goes through `enter`, so while
        // the flag is held this is the only reference to the state; the
        // Acquire above and the Release in `InUse::drop` order this call's
        // accesses after the previous holder's.
        let state = unsafe { &mut *self.state.get() };
        Some(body(state))
    }
}

/// Types that wrap a [`Guarded`] value (the `games_*` handle types).
pub trait Handle {
    /// The Rust value type behind the handle.
    type Value;
    /// The guarded value.
    fn guarded(&self) -> &Guarded<Self::Value>;
}

/// Run `body` on a healthy state: a poisoned one gives
/// `GAMES_RESULT_POISONED`, a panic `GAMES_RESULT_PANIC` and poisons it.
fn run_healthy<T>(
    state: &mut HandleState<T>,
    body: impl FnOnce(&mut HandleState<T>) -> games_result,
) -> games_result {
    if state.poisoned {
        return GAMES_RESULT_POISONED;
    }
    // `&mut *state`: the closure borrows `state` again, and that borrow
    // ends with `catch_unwind`, so the poison flag can be set after it.
    match catch_unwind(AssertUnwindSafe(|| body(&mut *state))) {
        Ok(result) => result,
        Err(_) => {
            state.poisoned = true;
            GAMES_RESULT_PANIC
        }
    }
}

/// Run `body` on the state of the handle at `ptr`, holding its flag: NULL
/// gives `GAMES_RESULT_NULL_PARAMETER`, a handle in use by another call
/// `GAMES_RESULT_BUSY`, a poisoned handle `GAMES_RESULT_POISONED`, a panic
/// `GAMES_RESULT_PANIC` and poisons the handle.
///
/// # Safety
/// `ptr` must be NULL or a live handle of type `H` (not being released).
unsafe fn with_guarded<H: Handle>(
    ptr: *const H,
    body: impl FnOnce(&mut HandleState<H::Value>) -> games_result,
) -> games_result {
    // Only a shared reference to the handle is made here, so two threads
    // calling at once never hold two `&mut` to it: the state is reached
    // through the flag (`Guarded::enter`).
    // SAFETY: the caller guarantees `ptr` is NULL or a live handle.
    let Some(handle) = (unsafe { ptr.as_ref() }) else {
        return GAMES_RESULT_NULL_PARAMETER;
    };
    handle
        .guarded()
        .enter(|state| run_healthy(state, body))
        .unwrap_or(GAMES_RESULT_BUSY)
}

/// Run `body` on a read-only handle (a `const` one in C: `body` cannot
/// change the state, its last error included): NULL gives `GAMES_RESULT_NULL_PARAMETER`,
/// a handle another thread is using `GAMES_RESULT_BUSY`, a poisoned handle
/// `GAMES_RESULT_POISONED`, a panic `GAMES_RESULT_PANIC` and poisons the
/// handle.
///
/// # Safety
/// `ptr` must be NULL or a live handle of type `H` that no thread releases
/// during the call.
pub unsafe fn with_handle<H: Handle>(
    ptr: *const H,
    body: impl FnOnce(&HandleState<H::Value>) -> games_result,
) -> games_result {
    // SAFETY: forwarded from the caller.
    unsafe { with_guarded(ptr, |state| body(state)) }
}

/// As [`with_handle`], for calls that change the handle: its game, or only
/// its last error (a query that can be refused records why). A call that
/// can record a last error takes a `*mut` handle, so a `const` handle in
/// C is only read, as the header says.
///
/// Every such call leaves its outcome in the last error, as the header
/// promises ("" and the game's `_NONE` code after a success, the game's
/// `_OTHER` code after another failure): a result `body` did not record
/// itself is recorded here, a failure with its result's message (a NULL
/// pointer, say), a success as a success. `GAMES_RESULT_BUFFER_TOO_SMALL`
/// (the answer to a size query) is neither and changes nothing.
///
/// # Safety
/// `ptr` must be NULL or a live handle of type `H` that no thread releases
/// during the call.
pub unsafe fn with_handle_mut<H: Handle>(
    ptr: *mut H,
    body: impl FnOnce(&mut HandleState<H::Value>) -> games_result,
) -> games_result {
    let recording = |state: &mut HandleState<H::Value>| {
        state.recorded = false;
        let result = body(&mut *state);
        if !state.recorded {
            match result {
                GAMES_RESULT_OK => {
                    state.succeed();
                }
                GAMES_RESULT_BUFFER_TOO_SMALL => {}
                failure => {
                    state.fail(failure, failure.message());
                }
            }
        }
        result
    };
    // SAFETY: forwarded from the caller.
    unsafe { with_guarded(ptr.cast_const(), recording) }
}

/// As [`with_handle_mut`] on `ptr`, with the value of a second handle,
/// `other`, only read (the calls that take two handles, such as
/// `games_canicas_records_finish`). A panic in `body` poisons `ptr`, whose
/// state it may have left half changed, and not `other`, which it only
/// read. A NULL `other` gives `GAMES_RESULT_NULL_PARAMETER`, one another
/// call is inside `GAMES_RESULT_BUSY`, a poisoned one
/// `GAMES_RESULT_POISONED`; `body` is not run then.
///
/// # Safety
/// `ptr` and `other` must each be NULL or a live handle of its type that no
/// thread releases during the call.
pub unsafe fn with_handle_mut_reading<H: Handle, O: Handle>(
    ptr: *mut H,
    other: *const O,
    body: impl FnOnce(&mut HandleState<H::Value>, &O::Value) -> games_result,
) -> games_result {
    let both = |state: &mut HandleState<H::Value>| {
        // SAFETY: `other` is NULL or live, per the caller.
        let Some(other) = (unsafe { other.as_ref() }) else {
            return GAMES_RESULT_NULL_PARAMETER;
        };
        // Entered without a panic guard of its own: a panic in `body`
        // unwinds through here (giving `other`'s flag back) to the guard of
        // `ptr`, which poisons `ptr`.
        other
            .guarded()
            .enter(|read| {
                if read.poisoned {
                    GAMES_RESULT_POISONED
                } else {
                    body(state, &read.value)
                }
            })
            .unwrap_or(GAMES_RESULT_BUSY)
    };
    // SAFETY: `ptr` is NULL or live, per the caller.
    unsafe { with_handle_mut(ptr, both) }
}

/// Move `value` into a new heap handle and store it in `*out`.
///
/// # Safety
/// `out` must be NULL or point to a writable handle pointer.
pub unsafe fn box_into<H>(value: H, out: *mut *mut H) -> games_result {
    // SAFETY: per the caller, `out` is NULL (`None`) or a valid, aligned,
    // writable `*mut H` that no other reference aliases during this call.
    let Some(slot) = (unsafe { out.as_mut() }) else {
        return GAMES_RESULT_NULL_PARAMETER;
    };
    *slot = Box::into_raw(Box::new(value));
    GAMES_RESULT_OK
}

/// Why a call that creates a handle refuses its inputs: the result code it
/// returns and the reason in words (the Rust engine's error message). The
/// constructor returns the code and drops the text; its `_reason` companion
/// writes the text (see [`write_reason`]), so both run one code path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The result the call returns.
    pub code: games_result,
    /// Why, for people.
    pub reason: String,
}

impl Refusal {
    /// A refusal with `code` and `reason`.
    pub fn new(code: games_result, reason: impl Into<String>) -> Refusal {
        Refusal {
            code,
            reason: reason.into(),
        }
    }
}

/// The body of every `_reason` companion: the reason of `outcome` ("" when
/// the inputs are accepted) written NUL-terminated into the caller's buffer
/// as `_last_error` writes it; then the result the constructor gives for the
/// same inputs (`GAMES_RESULT_OK` when accepted). A NULL `out_len` gives
/// `GAMES_RESULT_NULL_PARAMETER`, a `buf` too small (NULL: a size query)
/// `GAMES_RESULT_BUFFER_TOO_SMALL` with the size needed in `*out_len`.
///
/// # Safety
/// `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
pub unsafe fn write_reason<T>(
    outcome: Result<T, Refusal>,
    buf: *mut std::ffi::c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    let (code, reason) = match outcome {
        Ok(_) => (GAMES_RESULT_OK, String::new()),
        Err(r) => (r.code, r.reason),
    };
    // SAFETY: `buf` NULL or `cap` writable chars and `out_len` NULL or
    // writable, per the caller.
    match unsafe { crate::buffer::write_c_string(&reason, buf, cap, out_len) } {
        GAMES_RESULT_OK => code,
        written => written,
    }
}

/// The body of every `_reason` companion, run through [`guard`]: `outcome`
/// (the constructor's own check of the inputs) written by [`write_reason`].
///
/// # Safety
/// `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
pub unsafe fn reason_into<T>(
    buf: *mut std::ffi::c_char,
    cap: usize,
    out_len: *mut usize,
    outcome: impl FnOnce() -> Result<T, Refusal>,
) -> games_result {
    guard(|| {
        let outcome = outcome();
        // SAFETY: `buf`, `cap` and `out_len` as the caller promised.
        unsafe { write_reason(outcome, buf, cap, out_len) }
    })
}

/// The `len` bytes at `data` turned into a value by `parse`: the shared
/// path of every `_load` export and its `_load_reason` companion.
/// Unreadable bytes are the error of [`crate::buffer::read_slice`].
///
/// # Safety
/// `data` must be NULL or point to `len` readable bytes.
pub unsafe fn parse_bytes<T>(
    data: *const u8,
    len: usize,
    parse: impl FnOnce(&[u8]) -> Result<T, Refusal>,
) -> Result<T, Refusal> {
    // SAFETY: `data` is NULL or `len` readable bytes, per the caller.
    let bytes = unsafe { crate::buffer::read_slice(data, len) }.map_err(|e| match e {
        GAMES_RESULT_NULL_PARAMETER => Refusal::new(e, format!("data is NULL with len {len}")),
        _ => Refusal::new(e, format!("len {len} is more bytes than memory holds")),
    })?;
    parse(bytes)
}

/// The body of every `_load` export: read the `len` bytes at `data`, turn
/// them into a handle with `parse` (which maps the game's load error to a
/// result code and its message), and store the handle in `*out`. A NULL
/// `out` is `GAMES_RESULT_NULL_PARAMETER`, unreadable bytes the error of
/// [`crate::buffer::read_slice`]; nothing is created on any error.
///
/// # Safety
/// `data` must be NULL or point to `len` readable bytes; `out` must be NULL
/// or point to a writable handle pointer.
pub unsafe fn load_into<H>(
    data: *const u8,
    len: usize,
    out: *mut *mut H,
    parse: impl FnOnce(&[u8]) -> Result<H, Refusal>,
) -> games_result {
    guard(|| {
        if out.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: `data` is NULL or `len` readable bytes, per the caller.
        match unsafe { parse_bytes(data, len, parse) } {
            // SAFETY: `out` is non-NULL (checked) and writable, per the caller.
            Ok(handle) => unsafe { box_into(handle, out) },
            Err(e) => e.code,
        }
    })
}

/// The body of every `_load_reason` export: why `load_into` refuses the
/// same bytes ("" and `GAMES_RESULT_OK` when it would load them), through
/// the same `parse`, written by [`write_reason`].
///
/// # Safety
/// `data` NULL or `len` readable bytes; `buf` NULL or `cap` writable chars;
/// `out_len` NULL or writable.
pub unsafe fn load_reason<T>(
    data: *const u8,
    len: usize,
    buf: *mut std::ffi::c_char,
    cap: usize,
    out_len: *mut usize,
    parse: impl FnOnce(&[u8]) -> Result<T, Refusal>,
) -> games_result {
    // SAFETY: `data` is NULL or `len` readable bytes, and `buf`, `cap` and
    // `out_len` as `reason_into` needs them, per the caller.
    unsafe { reason_into(buf, cap, out_len, || parse_bytes(data, len, parse)) }
}

/// Saved bytes as text: a save that is not UTF-8 is `GAMES_RESULT_INVALID_DATA`.
pub fn save_text(bytes: &[u8]) -> Result<&str, Refusal> {
    std::str::from_utf8(bytes).map_err(|e| {
        Refusal::new(
            GAMES_RESULT_INVALID_DATA,
            format!("the save is not UTF-8 text: {e}"),
        )
    })
}

/// Release a handle made by [`box_into`]; NULL does nothing. The body of
/// every `_free` export: a panic in a destructor stays on this side.
///
/// # Safety
/// `ptr` must be NULL or a handle from [`box_into`] not yet released, and
/// no other thread may be inside a call on it: the in-use flag turns
/// overlapping calls into `GAMES_RESULT_BUSY`, but it cannot save a call
/// whose handle is freed under it.
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
    }

    #[test]
    fn a_panic_poisons_the_handle() {
        let ptr = Box::into_raw(Box::new(Probe(Guarded::new(1))));
        // SAFETY: `ptr` is a live handle.
        let r = unsafe {
            with_handle_mut(ptr, |_| -> games_result {
                std::panic::panic_any("boom");
            })
        };
        assert_eq!(r, GAMES_RESULT_PANIC);
        // SAFETY: as above. Poisoned, not busy: the panic gave the flag back.
        let r = unsafe { with_handle(ptr.cast_const(), |_| GAMES_RESULT_OK) };
        assert_eq!(r, GAMES_RESULT_POISONED);
        // SAFETY: NULL is allowed.
        let r = unsafe { with_handle(std::ptr::null::<Probe>(), |_| GAMES_RESULT_OK) };
        assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
        assert_eq!(guard(|| std::panic::panic_any(0)), GAMES_RESULT_PANIC);
        // SAFETY: `ptr` came from `Box::into_raw`, released once.
        unsafe { free_box(ptr) };
    }

    /// "A panic ... returns GAMES_RESULT_PANIC and the handle is
    /// poisoned": with two handles, the one the call changes, not the one it
    /// only reads (nested `with_handle` calls poisoned the read one and left
    /// the changed one healthy, half changed).
    #[test]
    fn a_panic_with_two_handles_poisons_the_changed_one() {
        let changed = Box::into_raw(Box::new(Probe(Guarded::new(1))));
        let read = Box::into_raw(Box::new(Probe(Guarded::new(2))));
        // SAFETY: both are live handles.
        let r = unsafe {
            with_handle_mut_reading(changed, read.cast_const(), |c, _| -> games_result {
                c.value = 99;
                std::panic::panic_any("boom")
            })
        };
        assert_eq!(r, GAMES_RESULT_PANIC);
        // SAFETY: as above; both flags were given back by the unwinding.
        let after = unsafe {
            (
                with_handle(changed.cast_const(), |_| GAMES_RESULT_OK),
                with_handle(read.cast_const(), |s| {
                    assert_eq!(s.value, 2);
                    GAMES_RESULT_OK
                }),
            )
        };
        assert_eq!(after, (GAMES_RESULT_POISONED, GAMES_RESULT_OK));
        // A NULL or poisoned second handle: the body is not run.
        let healthy = Box::into_raw(Box::new(Probe(Guarded::new(3))));
        let not_run = |_: &mut HandleState<u32>, _: &u32| -> games_result { unreachable!() };
        // SAFETY: live handles, or NULL.
        let refusals = unsafe {
            (
                with_handle_mut_reading(healthy, std::ptr::null::<Probe>(), not_run),
                with_handle_mut_reading(healthy, changed.cast_const(), not_run),
                with_handle_mut_reading(std::ptr::null_mut::<Probe>(), read.cast_const(), not_run),
            )
        };
        assert_eq!(
            refusals,
            (
                GAMES_RESULT_NULL_PARAMETER,
                GAMES_RESULT_POISONED,
                GAMES_RESULT_NULL_PARAMETER
            )
        );
        // SAFETY: each came from `Box::into_raw`, released once.
        unsafe {
            free_box(changed);
            free_box(read);
            free_box(healthy);
        }
    }

    /// games.h, `_last_error_code`: "`_OTHER` after another failure; `_NONE`
    /// after a success". A call on a `*mut` handle that returns a failure
    /// without recording one (a NULL pointer checked before the game is
    /// asked) leaves that failure, not the outcome of the call before.
    #[test]
    fn a_failure_the_body_did_not_record_is_recorded() {
        let ptr = Box::into_raw(Box::new(Probe(Guarded::new(1))));
        let last = |ptr: *mut Probe| {
            let mut seen = (String::new(), 0);
            // SAFETY: `ptr` is a live handle.
            let r = unsafe {
                with_handle(ptr.cast_const(), |s| {
                    seen = (s.last_error().to_string(), s.last_code());
                    GAMES_RESULT_OK
                })
            };
            assert_eq!(r, GAMES_RESULT_OK);
            seen
        };
        // SAFETY: `ptr` is a live handle in each call below.
        unsafe {
            assert_eq!(with_handle_mut(ptr, HandleState::succeed), GAMES_RESULT_OK);
            let r = with_handle_mut(ptr, |_| GAMES_RESULT_NULL_PARAMETER);
            assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
            assert_eq!(
                last(ptr),
                (GAMES_RESULT_NULL_PARAMETER.message().to_string(), UNCODED)
            );
            // A recorded failure keeps its own message and code.
            let r = with_handle_mut(ptr, |s| s.fail_coded(GAMES_RESULT_ILLEGAL_MOVE, 4, "no"));
            assert_eq!(
                (r, last(ptr)),
                (GAMES_RESULT_ILLEGAL_MOVE, ("no".to_string(), 4))
            );
            // A size query records nothing; a success not recorded clears.
            let r = with_handle_mut(ptr, |_| GAMES_RESULT_BUFFER_TOO_SMALL);
            assert_eq!(
                (r, last(ptr)),
                (GAMES_RESULT_BUFFER_TOO_SMALL, ("no".to_string(), 4))
            );
            assert_eq!(with_handle_mut(ptr, |_| GAMES_RESULT_OK), GAMES_RESULT_OK);
            assert_eq!(last(ptr), (String::new(), 0));
            free_box(ptr);
        }
    }

    #[test]
    fn a_call_inside_a_call_on_the_same_handle_is_busy() {
        let ptr = Box::into_raw(Box::new(Probe(Guarded::new(1))));
        // SAFETY: `ptr` is a live handle; the inner calls only see the flag held.
        let outer = unsafe {
            with_handle_mut(ptr, |state| {
                state.value = 2;
                let read = with_handle(ptr.cast_const(), |_| GAMES_RESULT_OK);
                let write = with_handle_mut(ptr, |s| {
                    s.value = 3;
                    GAMES_RESULT_OK
                });
                assert_eq!((read, write), (GAMES_RESULT_BUSY, GAMES_RESULT_BUSY));
                GAMES_RESULT_OK
            })
        };
        assert_eq!(outer, GAMES_RESULT_OK);
        // SAFETY: as above; the outer call gave the flag back.
        let r = unsafe {
            with_handle(ptr.cast_const(), |s| {
                assert_eq!(s.value, 2, "the busy call changed nothing");
                GAMES_RESULT_OK
            })
        };
        assert_eq!(r, GAMES_RESULT_OK);
        // SAFETY: `ptr` came from `Box::into_raw`, released once.
        unsafe { free_box(ptr) };
    }
}

//! Caller-owned buffers: `(buf, cap, out_len)` with a size query.

use std::ffi::c_char;

use crate::result::games_result::{self, *};

/// Copy `items` into the caller's array `buf` of `cap` elements and store
/// the count in `*out_len`. When `cap` is too small, store the count needed,
/// write nothing else, and return `GAMES_RESULT_BUFFER_TOO_SMALL`. An empty
/// list fits any buffer, a NULL one with `cap` 0 included: `*out_len` gets
/// 0 and the call succeeds (a host that allocates exactly the size a query
/// gave, and gets NULL for 0 bytes, would otherwise be told "too small"
/// forever).
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable `T`s; `out_len` must be
/// NULL or point to a writable `usize`.
pub unsafe fn write_slice<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    if out_len.is_null() {
        return GAMES_RESULT_NULL_PARAMETER;
    }
    if items.is_empty() {
        // SAFETY: `out_len` is non-NULL and writable per the caller. Nothing
        // else is written, so `buf` (perhaps NULL) is not touched.
        unsafe { out_len.write(0) };
        return GAMES_RESULT_OK;
    }
    if buf.is_null() || cap < items.len() {
        // SAFETY: `out_len` is non-NULL and writable per the caller.
        unsafe { out_len.write(items.len()) };
        return GAMES_RESULT_BUFFER_TOO_SMALL;
    }
    // SAFETY: `buf` holds at least `items.len()` writable elements and cannot
    // overlap `items`, which the library owns.
    unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    // SAFETY: as above.
    unsafe { out_len.write(items.len()) };
    GAMES_RESULT_OK
}

/// Write `value` to an optional output: nothing when `out` is NULL.
///
/// # Safety
/// `out` must be NULL or point to a writable `T`.
pub unsafe fn write_optional<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: non-NULL and writable, per the caller.
        unsafe { out.write(value) };
    }
}

/// Write `text` and a NUL into `buf`; `*out_len` gets the length with the NUL.
/// A NUL inside `text` (a message quoting a save's `\u0000`, say) is
/// written as the two characters `\0`: a C string cannot hold one, and a C
/// reader would stop there, short of the length written.
///
/// # Safety
/// As [`write_slice`].
pub unsafe fn write_c_string(
    text: &str,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    let mut bytes: Vec<c_char> = Vec::with_capacity(text.len() + 1);
    for b in text.bytes() {
        match b {
            0 => bytes.extend([b'\\' as c_char, b'0' as c_char]),
            _ => bytes.push(b as c_char),
        }
    }
    bytes.push(0);
    // SAFETY: forwarded from the caller.
    unsafe { write_slice(&bytes, buf, cap, out_len) }
}

/// Store `value` in `*out`.
///
/// # Safety
/// `out` must be NULL or point to a writable `T`.
pub unsafe fn write_out<T>(out: *mut T, value: T) -> games_result {
    if out.is_null() {
        return GAMES_RESULT_NULL_PARAMETER;
    }
    // SAFETY: non-NULL and writable per the caller.
    unsafe { out.write(value) };
    GAMES_RESULT_OK
}

/// Borrow the caller's array `ptr[0..len]`; NULL is allowed when `len` is 0.
///
/// # Safety
/// `ptr` must be NULL or point to `len` readable `T`s that stay valid and
/// unchanged for the returned lifetime.
pub unsafe fn read_slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], games_result> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(GAMES_RESULT_NULL_PARAMETER);
    }
    if len > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        return Err(GAMES_RESULT_INVALID_PARAMETER);
    }
    // SAFETY: non-NULL, `len` elements readable per the caller, size checked above.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_query_then_fill() {
        let items = [1u32, 2, 3];
        let mut len = 0usize;
        // SAFETY: NULL buffer with cap 0 is a size query; `len` is a local.
        let r = unsafe { write_slice(&items, std::ptr::null_mut(), 0, &mut len) };
        assert_eq!((r, len), (GAMES_RESULT_BUFFER_TOO_SMALL, 3));
        let mut small = [0u32; 2];
        // SAFETY: `small` has 2 elements.
        let r = unsafe { write_slice(&items, small.as_mut_ptr(), 2, &mut len) };
        assert_eq!((r, len, small), (GAMES_RESULT_BUFFER_TOO_SMALL, 3, [0, 0]));
        let mut buf = [0u32; 4];
        // SAFETY: `buf` has 4 elements.
        let r = unsafe { write_slice(&items, buf.as_mut_ptr(), 4, &mut len) };
        assert_eq!((r, len, buf), (GAMES_RESULT_OK, 3, [1, 2, 3, 0]));
        // SAFETY: NULL out_len is refused before anything is written.
        let r = unsafe { write_slice(&items, buf.as_mut_ptr(), 4, std::ptr::null_mut()) };
        assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
    }

    /// games.h: "when cap is too small the call returns
    /// GAMES_RESULT_BUFFER_TOO_SMALL [...]; buf may be NULL with cap 0 to
    /// ask the size." A NULL buffer of 0 elements is not too small for an
    /// empty list: the size query answers 0 with `GAMES_RESULT_OK`.
    #[test]
    fn an_empty_list_fits_a_null_buffer() {
        let mut len = 99usize;
        // SAFETY: NULL buffer with cap 0; `len` is a local.
        let r = unsafe { write_slice::<u32>(&[], std::ptr::null_mut(), 0, &mut len) };
        assert_eq!((r, len), (GAMES_RESULT_OK, 0));
        let mut buf = [7u32; 2];
        // SAFETY: `buf` has 2 elements; cap 0 is allowed.
        let r = unsafe { write_slice::<u32>(&[], buf.as_mut_ptr(), 0, &mut len) };
        assert_eq!((r, len, buf), (GAMES_RESULT_OK, 0, [7, 7]));
        // SAFETY: NULL out_len is still refused.
        let r = unsafe { write_slice::<u32>(&[], std::ptr::null_mut(), 0, std::ptr::null_mut()) };
        assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
    }

    #[test]
    fn c_strings_count_their_nul() {
        let mut buf = [1 as c_char; 8];
        let mut len = 0;
        // SAFETY: `buf` has 8 elements.
        let r = unsafe { write_c_string("abc", buf.as_mut_ptr(), 8, &mut len) };
        assert_eq!((r, len), (GAMES_RESULT_OK, 4));
        assert_eq!(&buf[..4], &[97, 98, 99, 0]);
    }
}

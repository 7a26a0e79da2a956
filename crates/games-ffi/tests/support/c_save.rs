//! Saving through a C `*_save` function, as a host does (shared by the
//! save and reason tests).

/// The bytes a C `*_save` function writes for a live handle: a size query
/// (NULL buffer, `GAMES_RESULT_BUFFER_TOO_SMALL` with the size), then a
/// buffer of that size (`GAMES_RESULT_OK`).
macro_rules! c_save {
    ($save:ident, $handle:expr) => {{
        let mut len = 0;
        // SAFETY: a live handle; a size query, then a buffer of that size.
        unsafe {
            assert_eq!(
                $save($handle, ::std::ptr::null_mut(), 0, &mut len),
                ::games_ffi::games_result::GAMES_RESULT_BUFFER_TOO_SMALL
            );
            let mut bytes = vec![0u8; len];
            assert_eq!(
                $save($handle, bytes.as_mut_ptr(), len, &mut len),
                ::games_ffi::games_result::GAMES_RESULT_OK
            );
            bytes
        }
    }};
}

//! The `_reason` companions of the calls that create a handle: for the same
//! inputs each returns the result its constructor returns, and writes why
//! (the Rust engine's message, naming the field or value) where the
//! constructor, with no handle to keep a reason in, could only return a
//! code. ffi.md: "Outputs are written only on success" and "no global
//! state", so the reason comes from a stateless call on the same inputs.
#![allow(unsafe_code)]

use std::ffi::{c_char, CStr, CString};
use std::ptr;

use games_ffi::backgammon::*;
use games_ffi::canicas::*;
use games_ffi::games_result::{self, *};
use games_ffi::nim::*;
use games_ffi::timbiriche::*;
use games_ffi::{GAMES_PLAYER_FIRST, GAMES_PLAYER_SECOND};

#[path = "support/c_save.rs"]
#[macro_use]
mod c_save;

/// A companion's answer read as a C host reads `_last_error`: a size query
/// (NULL buffer), then a buffer of that size. Checks the buffer protocol on
/// the way: a NULL `out_len` is refused, a buffer one char short is too
/// small and gets the size needed, the full one gets the text and its NUL.
fn answer(call: impl Fn(*mut c_char, usize, *mut usize) -> games_result) -> (games_result, String) {
    let mut len = 0;
    assert_eq!(
        call(ptr::null_mut(), 0, &mut len),
        GAMES_RESULT_BUFFER_TOO_SMALL
    );
    assert!(len >= 1, "the size counts the NUL");
    assert_eq!(
        call(ptr::null_mut(), 0, ptr::null_mut()),
        GAMES_RESULT_NULL_PARAMETER
    );
    let mut buf = vec![1 as c_char; len];
    let mut short = 0;
    if len > 1 {
        let r = call(buf.as_mut_ptr(), len - 1, &mut short);
        assert_eq!((r, short), (GAMES_RESULT_BUFFER_TOO_SMALL, len));
        assert!(
            buf.iter().all(|&c| c == 1),
            "nothing written to a short buffer"
        );
    }
    let mut written = 0;
    let r = call(buf.as_mut_ptr(), len, &mut written);
    assert_eq!(written, len);
    assert_ne!(r, GAMES_RESULT_BUFFER_TOO_SMALL);
    // SAFETY: the call wrote `len` chars ending with the NUL.
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
    assert_eq!(
        text.to_bytes().len(),
        len - 1,
        "one C string: the size is its strlen plus the NUL"
    );
    (r, text.to_str().expect("UTF-8 reason").to_owned())
}

/// Check one case: the constructor's result `made`, the companion's
/// `(result, reason)`, and what is expected: OK with "" or the refusal's
/// code with a reason that contains `needle`.
fn check(
    what: &str,
    made: games_result,
    said: (games_result, String),
    expected: games_result,
    needle: &str,
) {
    let (code, reason) = said;
    assert_eq!(made, expected, "{what}: the constructor's result");
    assert_eq!(
        code, made,
        "{what}: the companion returns the constructor's result ({reason:?})"
    );
    if expected == GAMES_RESULT_OK {
        assert_eq!(reason, "", "{what}: accepted inputs have no reason");
    } else {
        assert!(
            reason.contains(needle),
            "{what}: the reason {reason:?} does not name {needle:?}"
        );
    }
}

/// What, rows (NULL or a slice), row count, rule, rounds, first player,
/// the expected result and what the reason must contain.
type NimCase<'a> = (
    &'a str,
    Option<&'a [u32]>,
    usize,
    u32,
    u32,
    u32,
    games_result,
    &'a str,
);

/// What, the ID (owned, or a raw pointer when `None`), the player on roll,
/// the expected result and what the reason must contain.
type IdCase<'a> = (
    &'a str,
    Option<CString>,
    *const c_char,
    u32,
    games_result,
    &'a str,
);

/// What, the rules (NULL when `None`), the cells (NULL when `None`), the
/// expected result and what the reason must contain.
type BoardCase<'a> = (
    &'a str,
    Option<games_canicas_options>,
    Option<Vec<u8>>,
    games_result,
    &'a str,
);

fn nim_new(rows: Option<&[u32]>, count: usize, rule: u32, rounds: u32, first: u32) -> games_result {
    let rows_ptr = rows.map_or(ptr::null(), <[u32]>::as_ptr);
    let mut game = ptr::null_mut();
    // SAFETY: `rows_ptr` NULL or `count` readable values (the cases keep
    // `count` within the slice, or NULL); a local out-pointer.
    let r = unsafe { games_nim_new(rows_ptr, count, rule, rounds, first, 9, &mut game) };
    assert_eq!(
        game.is_null(),
        r != GAMES_RESULT_OK,
        "a handle only on success"
    );
    // SAFETY: NULL or the handle just made.
    unsafe { games_nim_free(game) };
    r
}

/// `games_nim_new_reason`: "a match has at least 1 round", rules, players
/// and rows out of range each named.
#[test]
fn nim_new_reason_names_the_refused_input() {
    let too_many = vec![1u32; 33];
    let cases: Vec<NimCase<'_>> = vec![
        (
            "classic",
            None,
            0,
            GAMES_NIM_RULE_NORMAL,
            1,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_OK,
            "",
        ),
        (
            "misere match",
            Some(&[1, 2]),
            2,
            GAMES_NIM_RULE_MISERE,
            5,
            GAMES_PLAYER_SECOND,
            GAMES_RESULT_OK,
            "",
        ),
        (
            "0 rounds",
            None,
            0,
            GAMES_NIM_RULE_NORMAL,
            0,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_INVALID_PARAMETER,
            "at least 1 round, not 0",
        ),
        (
            "rule 7",
            None,
            0,
            7,
            1,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_INVALID_PARAMETER,
            "rule 7",
        ),
        (
            "player 5",
            None,
            0,
            GAMES_NIM_RULE_NORMAL,
            1,
            5,
            GAMES_RESULT_INVALID_PARAMETER,
            "first_player 5",
        ),
        (
            "a row of 70000",
            Some(&[3, 70_000]),
            2,
            GAMES_NIM_RULE_NORMAL,
            1,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_INVALID_PARAMETER,
            "70000 circles",
        ),
        (
            "33 rows",
            Some(&too_many),
            33,
            GAMES_NIM_RULE_NORMAL,
            1,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_INVALID_PARAMETER,
            "not 33",
        ),
        (
            "no circle",
            Some(&[0, 0]),
            2,
            GAMES_NIM_RULE_NORMAL,
            1,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_INVALID_PARAMETER,
            "at least one circle",
        ),
        (
            "NULL rows",
            None,
            3,
            GAMES_NIM_RULE_NORMAL,
            1,
            GAMES_PLAYER_FIRST,
            GAMES_RESULT_NULL_PARAMETER,
            "rows is NULL with row_count 3",
        ),
    ];
    for (what, rows, count, rule, rounds, first, expected, needle) in cases {
        let rows_ptr = rows.map_or(ptr::null(), <[u32]>::as_ptr);
        let made = nim_new(rows, count, rule, rounds, first);
        // SAFETY: as in `nim_new`; the buffer and length from `answer`.
        let said = answer(|b, c, l| unsafe {
            games_nim_new_reason(rows_ptr, count, rule, rounds, first, b, c, l)
        });
        check(what, made, said, expected, needle);
    }
}

fn timbiriche_defaults() -> games_timbiriche_options {
    let mut o = std::mem::MaybeUninit::uninit();
    // SAFETY: a writable local, written on success (checked) before it is read.
    unsafe {
        assert_eq!(
            games_timbiriche_options_default(o.as_mut_ptr()),
            GAMES_RESULT_OK
        );
        o.assume_init()
    }
}

fn timbiriche_made(o: &games_timbiriche_options) -> games_result {
    let mut game = ptr::null_mut();
    // SAFETY: readable options (their `values` NULL or `values_len` bytes); a local out-pointer.
    let r = unsafe { games_timbiriche_new(o, &mut game) };
    assert_eq!(game.is_null(), r != GAMES_RESULT_OK);
    // SAFETY: NULL or the handle just made.
    unsafe { games_timbiriche_free(game) };
    r
}

/// `games_timbiriche_new_reason`: each bad field named with its value.
#[test]
fn timbiriche_new_reason_names_the_refused_field() {
    let defaults = timbiriche_defaults();
    let two_values = [1u8, 2];
    let with = |f: &dyn Fn(&mut games_timbiriche_options)| {
        let mut o = defaults;
        f(&mut o);
        o
    };
    let cases = [
        ("defaults", defaults, GAMES_RESULT_OK, ""),
        ("5 games", with(&|o| o.games = 5), GAMES_RESULT_OK, ""),
        (
            "0 rows",
            with(&|o| o.rows = 0),
            GAMES_RESULT_INVALID_PARAMETER,
            "not 0x3",
        ),
        (
            "9 columns",
            with(&|o| o.cols = 9),
            GAMES_RESULT_INVALID_PARAMETER,
            "not 3x9",
        ),
        (
            "values kind 9",
            with(&|o| o.values_kind = 9),
            GAMES_RESULT_INVALID_PARAMETER,
            "values_kind 9",
        ),
        (
            "start 9",
            with(&|o| o.start = 9),
            GAMES_RESULT_INVALID_PARAMETER,
            "start 9",
        ),
        (
            "4 games",
            with(&|o| o.games = 4),
            GAMES_RESULT_INVALID_PARAMETER,
            "not 4",
        ),
        (
            "NULL values",
            with(&|o| {
                o.values_kind = GAMES_TIMBIRICHE_VALUES_EXPLICIT;
                o.values_len = 9;
            }),
            GAMES_RESULT_NULL_PARAMETER,
            "values is NULL with values_len 9",
        ),
        (
            "2 values for 9 boxes",
            with(&|o| {
                o.values_kind = GAMES_TIMBIRICHE_VALUES_EXPLICIT;
                o.values = two_values.as_ptr();
                o.values_len = 2;
            }),
            GAMES_RESULT_INVALID_PARAMETER,
            "got 2",
        ),
    ];
    for (what, o, expected, needle) in cases {
        let made = timbiriche_made(&o);
        // SAFETY: readable options; the buffer and length from `answer`.
        let said = answer(|b, c, l| unsafe { games_timbiriche_new_reason(&o, b, c, l) });
        check(what, made, said, expected, needle);
    }
    // A `misere` byte that is not 0 or 1 (a field left uninitialised).
    let mut bad = defaults;
    // SAFETY: the field's byte is written as a byte, never read as a bool here.
    unsafe { ptr::addr_of_mut!(bad.misere).cast::<u8>().write(2) };
    let made = timbiriche_made(&bad);
    // SAFETY: readable options; the library reads the bool as a byte.
    let said = answer(|b, c, l| unsafe { games_timbiriche_new_reason(&bad, b, c, l) });
    check(
        "misere byte 2",
        made,
        said,
        GAMES_RESULT_INVALID_PARAMETER,
        "0 or 1",
    );
    // NULL options.
    // SAFETY: NULL options; the buffer and length from `answer`.
    let said = answer(|b, c, l| unsafe { games_timbiriche_new_reason(ptr::null(), b, c, l) });
    let mut game = ptr::null_mut();
    // SAFETY: NULL options and a local out-pointer.
    let made = unsafe { games_timbiriche_new(ptr::null(), &mut game) };
    check(
        "NULL options",
        made,
        said,
        GAMES_RESULT_NULL_PARAMETER,
        "options is NULL",
    );
}

/// `games_backgammon_new_reason`, `_new_from_position_id_reason` and
/// `_new_from_xgid_reason`: the opening dice, the ID or XGID and the player
/// named.
#[test]
fn backgammon_new_reasons_name_the_refused_input() {
    let opening = |a, b| games_backgammon_options {
        seed: 3,
        opening_first: a,
        opening_second: b,
    };
    for (what, o, expected, needle) in [
        ("rolled opening", opening(0, 0), GAMES_RESULT_OK, ""),
        ("opening 3-1", opening(3, 1), GAMES_RESULT_OK, ""),
        (
            "a die of 7",
            opening(7, 1),
            GAMES_RESULT_INVALID_PARAMETER,
            "opening dice 7 and 1",
        ),
        (
            "one die",
            opening(0, 4),
            GAMES_RESULT_INVALID_PARAMETER,
            "opening dice 0 and 4",
        ),
        (
            "a double",
            opening(3, 3),
            GAMES_RESULT_INVALID_PARAMETER,
            "opening dice 3 and 3",
        ),
    ] {
        let mut game = ptr::null_mut();
        // SAFETY: readable options, a local out-pointer; NULL or the handle made.
        let made = unsafe { games_backgammon_new(&o, &mut game) };
        // SAFETY: NULL or the handle just made.
        unsafe { games_backgammon_free(game) };
        // SAFETY: readable options; the buffer and length from `answer`.
        let said = answer(|b, c, l| unsafe { games_backgammon_new_reason(&o, b, c, l) });
        check(what, made, said, expected, needle);
    }
    let bad_utf8 = [0xFFu8, 0];
    let texts: Vec<IdCase<'_>> = vec![
        (
            "start ID",
            Some(CString::new("4HPwATDgc/ABMA").unwrap()),
            ptr::null(),
            0,
            GAMES_RESULT_OK,
            "",
        ),
        (
            "short ID",
            Some(CString::new("4HPw").unwrap()),
            ptr::null(),
            0,
            GAMES_RESULT_INVALID_PARAMETER,
            "`4HPw`",
        ),
        (
            "ID player 3",
            Some(CString::new("4HPwATDgc/ABMA").unwrap()),
            ptr::null(),
            3,
            GAMES_RESULT_INVALID_PARAMETER,
            "player_on_roll 3",
        ),
        (
            "NULL ID",
            None,
            ptr::null(),
            0,
            GAMES_RESULT_NULL_PARAMETER,
            "id is NULL",
        ),
        (
            "ID not UTF-8",
            None,
            bad_utf8.as_ptr().cast(),
            0,
            GAMES_RESULT_INVALID_PARAMETER,
            "not UTF-8",
        ),
    ];
    for (what, owned, raw, player, expected, needle) in texts {
        let id = owned.as_ref().map_or(raw, |s| s.as_ptr());
        let mut game = ptr::null_mut();
        // SAFETY: `id` NULL or NUL-terminated; a local out-pointer.
        let made = unsafe { games_backgammon_new_from_position_id(id, player, 1, &mut game) };
        // SAFETY: NULL or the handle just made.
        unsafe { games_backgammon_free(game) };
        // SAFETY: as above; the buffer and length from `answer`.
        let said = answer(|b, c, l| unsafe {
            games_backgammon_new_from_position_id_reason(id, player, b, c, l)
        });
        check(what, made, said, expected, needle);
    }
    let xgids: Vec<(&str, Option<&str>, u32, games_result, &str)> = vec![
        (
            "XGID with dice",
            Some("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"),
            0,
            GAMES_RESULT_OK,
            "",
        ),
        (
            "XGID garbage",
            Some("XGID=nonsense"),
            0,
            GAMES_RESULT_INVALID_PARAMETER,
            "`XGID=nonsense`",
        ),
        (
            "XGID player 2",
            Some("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"),
            2,
            GAMES_RESULT_INVALID_PARAMETER,
            "player_on_roll 2",
        ),
        (
            "NULL XGID",
            None,
            0,
            GAMES_RESULT_NULL_PARAMETER,
            "xgid is NULL",
        ),
    ];
    for (what, text, player, expected, needle) in xgids {
        let owned = text.map(|t| CString::new(t).unwrap());
        let xgid = owned.as_ref().map_or(ptr::null(), |s| s.as_ptr());
        let mut game = ptr::null_mut();
        // SAFETY: `xgid` NULL or NUL-terminated; a local out-pointer.
        let made = unsafe { games_backgammon_new_from_xgid(xgid, player, 1, &mut game) };
        // SAFETY: NULL or the handle just made.
        unsafe { games_backgammon_free(game) };
        // SAFETY: as above; the buffer and length from `answer`.
        let said = answer(|b, c, l| unsafe {
            games_backgammon_new_from_xgid_reason(xgid, player, b, c, l)
        });
        check(what, made, said, expected, needle);
    }
}

/// `games_canicas_new_reason`: the field and value of rules that cannot be
/// played; `games_canicas_new_lines98` refuses the same inputs.
#[test]
fn canicas_new_reason_names_the_refused_rule() {
    let mut five = games_canicas_options::default();
    // SAFETY: a writable local.
    let r = unsafe { games_canicas_options_default(GAMES_CANICAS_VARIANT_FIVE, &mut five) };
    assert_eq!(r, GAMES_RESULT_OK);
    let with = |f: &dyn Fn(&mut games_canicas_options)| {
        let mut o = five;
        f(&mut o);
        Some(o)
    };
    let cases = [
        ("NULL: five in a row", None, GAMES_RESULT_OK, ""),
        ("five", Some(five), GAMES_RESULT_OK, ""),
        (
            "size 300",
            with(&|o| o.size = 300),
            GAMES_RESULT_INVALID_PARAMETER,
            "size 300",
        ),
        (
            "size 1",
            with(&|o| o.size = 1),
            GAMES_RESULT_INVALID_PARAMETER,
            "board size 1",
        ),
        (
            "0 colours",
            with(&|o| o.colours = 0),
            GAMES_RESULT_INVALID_PARAMETER,
            "0 colours",
        ),
        (
            "line of 12",
            with(&|o| o.min_line = 12),
            GAMES_RESULT_INVALID_PARAMETER,
            "minimum line 12",
        ),
        (
            "9 arrivals",
            with(&|o| o.arrivals = 9),
            GAMES_RESULT_INVALID_PARAMETER,
            "9 arrivals",
        ),
        (
            "start 200",
            with(&|o| o.start = 200),
            GAMES_RESULT_INVALID_PARAMETER,
            "200 starting marbles",
        ),
    ];
    for (what, o, expected, needle) in cases {
        let options = o.as_ref().map_or(ptr::null(), ptr::from_ref);
        for lines98 in [false, true] {
            let mut game = ptr::null_mut();
            // SAFETY: NULL or readable options; a local out-pointer.
            let made = unsafe {
                if lines98 {
                    games_canicas_new_lines98(options, 4, &mut game)
                } else {
                    games_canicas_new(options, 4, &mut game)
                }
            };
            assert_eq!(game.is_null(), made != GAMES_RESULT_OK);
            // SAFETY: NULL or the handle just made.
            unsafe { games_canicas_free(game) };
            // SAFETY: as above; the buffer and length from `answer`.
            let said = answer(|b, c, l| unsafe { games_canicas_new_reason(options, 4, b, c, l) });
            check(
                &format!("{what} (lines98 {lines98})"),
                made,
                said,
                expected,
                needle,
            );
        }
    }
}

/// The bad saves every `_load_reason` is tried on, from a good save: not
/// JSON, not UTF-8, a version from the future, another game's bytes.
fn bad_saves(good: &[u8]) -> Vec<(&'static str, Vec<u8>, games_result, &'static str)> {
    let text = std::str::from_utf8(good).expect("saves are JSON text");
    assert!(text.contains("\"version\":2"), "a version-2 save: {text}");
    let future = text
        .replacen("\"version\":2", "\"version\":99", 1)
        .into_bytes();
    vec![
        ("the good save", good.to_vec(), GAMES_RESULT_OK, ""),
        (
            "not JSON",
            b"not a save".to_vec(),
            GAMES_RESULT_INVALID_DATA,
            "",
        ),
        ("version 99", future, GAMES_RESULT_UNSUPPORTED_VERSION, "99"),
        (
            "truncated",
            good[..good.len() / 2].to_vec(),
            GAMES_RESULT_INVALID_DATA,
            "",
        ),
    ]
}

/// Run the load and its companion over `bad_saves(good)` and a few more.
macro_rules! check_load {
    ($load:ident, $reason:ident, $free:ident, $good:expr, $extra:expr) => {{
        let good: Vec<u8> = $good;
        let extra: Vec<(&'static str, Vec<u8>, games_result, &'static str)> = $extra;
        for (what, bytes, expected, needle) in bad_saves(&good).into_iter().chain(extra) {
            let mut handle = ptr::null_mut();
            // SAFETY: a live slice and a local out-pointer.
            let made = unsafe { $load(bytes.as_ptr(), bytes.len(), &mut handle) };
            assert_eq!(handle.is_null(), made != GAMES_RESULT_OK);
            // SAFETY: NULL or the handle just made.
            unsafe { $free(handle) };
            // SAFETY: a live slice; the buffer and length from `answer`.
            let said = answer(|b, c, l| unsafe { $reason(bytes.as_ptr(), bytes.len(), b, c, l) });
            if expected != GAMES_RESULT_OK {
                assert_ne!(
                    said.1,
                    "",
                    "{} {what}: a refusal has a reason",
                    stringify!($load)
                );
            }
            check(
                &format!("{} {what}", stringify!($load)),
                made,
                said,
                expected,
                needle,
            );
        }
        // NULL data with a length: refused as the load refuses it.
        let mut handle = ptr::null_mut();
        // SAFETY: NULL data with 5 bytes is refused before it is read.
        let made = unsafe { $load(ptr::null(), 5, &mut handle) };
        // SAFETY: as above.
        let said = answer(|b, c, l| unsafe { $reason(ptr::null(), 5, b, c, l) });
        check(
            "NULL data",
            made,
            said,
            GAMES_RESULT_NULL_PARAMETER,
            "data is NULL with len 5",
        );
    }};
}

fn not_utf8() -> (&'static str, Vec<u8>, games_result, &'static str) {
    (
        "not UTF-8",
        vec![b'{', 0xFF, b'}'],
        GAMES_RESULT_INVALID_DATA,
        "UTF-8",
    )
}

/// Every `_load_reason`: the load's result, and a reason that names the
/// version from the future, the bad text or the NULL data.
#[test]
fn load_reasons_name_the_refused_save() {
    let mut nim = ptr::null_mut();
    // SAFETY: classic rows, a local out-pointer.
    let r = unsafe {
        games_nim_new(
            ptr::null(),
            0,
            GAMES_NIM_RULE_NORMAL,
            3,
            GAMES_PLAYER_FIRST,
            1,
            &mut nim,
        )
    };
    assert_eq!(r, GAMES_RESULT_OK);
    check_load!(
        games_nim_load,
        games_nim_load_reason,
        games_nim_free,
        c_save!(games_nim_save, nim),
        vec![]
    );
    // SAFETY: the handle made above, released once.
    unsafe { games_nim_free(nim) };

    let options = timbiriche_defaults();
    let mut dots = ptr::null_mut();
    // SAFETY: readable options, a local out-pointer.
    assert_eq!(
        unsafe { games_timbiriche_new(&options, &mut dots) },
        GAMES_RESULT_OK
    );
    check_load!(
        games_timbiriche_load,
        games_timbiriche_load_reason,
        games_timbiriche_free,
        c_save!(games_timbiriche_save, dots),
        vec![not_utf8()]
    );
    // SAFETY: the handle made above, released once.
    unsafe { games_timbiriche_free(dots) };

    let o = games_backgammon_options {
        seed: 5,
        opening_first: 0,
        opening_second: 0,
    };
    let mut bg = ptr::null_mut();
    // SAFETY: readable options, a local out-pointer.
    assert_eq!(
        unsafe { games_backgammon_new(&o, &mut bg) },
        GAMES_RESULT_OK
    );
    check_load!(
        games_backgammon_load,
        games_backgammon_load_reason,
        games_backgammon_free,
        c_save!(games_backgammon_save, bg),
        vec![not_utf8()]
    );
    // SAFETY: the handle made above, released once.
    unsafe { games_backgammon_free(bg) };

    let mut lines = ptr::null_mut();
    // SAFETY: NULL options (five in a row), a local out-pointer.
    assert_eq!(
        unsafe { games_canicas_new(ptr::null(), 8, &mut lines) },
        GAMES_RESULT_OK
    );
    check_load!(
        games_canicas_load,
        games_canicas_load_reason,
        games_canicas_free,
        c_save!(games_canicas_save, lines),
        vec![not_utf8()]
    );
    // SAFETY: the handle made above, released once.
    unsafe { games_canicas_free(lines) };

    let mut records = ptr::null_mut();
    // SAFETY: a local out-pointer.
    assert_eq!(
        unsafe { games_canicas_records_new(&mut records) },
        GAMES_RESULT_OK
    );
    check_load!(
        games_canicas_records_load,
        games_canicas_records_load_reason,
        games_canicas_records_free,
        c_save!(games_canicas_records_save, records),
        vec![not_utf8()]
    );
    // SAFETY: the handle made above, released once.
    unsafe { games_canicas_records_free(records) };
}

/// `games_canicas_board_apply_reason`: a call without a handle that refuses
/// its board says why, with the result `games_canicas_board_apply` returns.
#[test]
fn board_apply_reason_names_the_refused_board() {
    let free_board = vec![0u8; 81];
    let mut with_line = free_board.clone();
    with_line[..5].copy_from_slice(&[1, 1, 1, 1, 1]);
    let mut colour_9 = free_board.clone();
    colour_9[7] = 9;
    let mut four = games_canicas_options::default();
    // SAFETY: a writable local.
    let r = unsafe { games_canicas_options_default(GAMES_CANICAS_VARIANT_FOUR, &mut four) };
    assert_eq!(r, GAMES_RESULT_OK);
    let mut bad_rules = four;
    bad_rules.arrivals = 0;
    let mv = games_canicas_move { from: 0, to: 1 };
    let cases: Vec<BoardCase<'_>> = vec![
        (
            "a free board",
            None,
            Some(free_board.clone()),
            GAMES_RESULT_OK,
            "",
        ),
        (
            "80 cells",
            None,
            Some(vec![0; 80]),
            GAMES_RESULT_INVALID_PARAMETER,
            "80 cells given",
        ),
        (
            "colour 9",
            None,
            Some(colour_9),
            GAMES_RESULT_INVALID_PARAMETER,
            "cell 7 holds colour 9",
        ),
        (
            "a line on the board",
            None,
            Some(with_line),
            GAMES_RESULT_INVALID_PARAMETER,
            "a line stays on the board",
        ),
        (
            "0 arrivals",
            Some(bad_rules),
            Some(free_board),
            GAMES_RESULT_INVALID_PARAMETER,
            "0 arrivals",
        ),
        (
            "NULL cells",
            None,
            None,
            GAMES_RESULT_NULL_PARAMETER,
            "cells is NULL",
        ),
    ];
    for (what, options, cells, expected, needle) in cases {
        let options_ptr = options.as_ref().map_or(ptr::null(), ptr::from_ref);
        let mut cells = cells;
        let before = cells.clone();
        let (cells_ptr, cells_len) = cells
            .as_mut()
            .map_or((ptr::null_mut(), 0), |c| (c.as_mut_ptr(), c.len()));
        // SAFETY: NULL or readable options, NULL or `cells_len` bytes; the
        // buffer and length from `answer`. Called first, so that the apply
        // below, which may rewrite the cells, comes after.
        let said = answer(|b, c, l| unsafe {
            games_canicas_board_apply_reason(options_ptr, cells_ptr, cells_len, b, c, l)
        });
        assert_eq!(cells, before, "{what}: the companion only reads the cells");
        let mut out = games_canicas_board_outcome::default();
        // SAFETY: as above, the cells writable; a local outcome.
        let made =
            unsafe { games_canicas_board_apply(options_ptr, cells_ptr, cells_len, mv, &mut out) };
        check(what, made, said, expected, needle);
    }
}

/// `games_canicas_arena_reason`: rules and ranges the arena refuses, named,
/// with the arena's result; accepted ones give OK and "".
#[test]
fn arena_reason_names_the_refused_rules_or_range() {
    let mut five = games_canicas_options::default();
    // SAFETY: a writable local.
    let r = unsafe { games_canicas_options_default(GAMES_CANICAS_VARIANT_FIVE, &mut five) };
    assert_eq!(r, GAMES_RESULT_OK);
    let mut no_colour = five;
    no_colour.colours = 0;
    let cases = [
        ("one deal", None, 5, 1, GAMES_RESULT_OK, ""),
        ("no deal", Some(five), u64::MAX, 0, GAMES_RESULT_OK, ""),
        ("the last deal", None, u64::MAX, 1, GAMES_RESULT_OK, ""),
        (
            "past the last deal",
            None,
            u64::MAX,
            2,
            GAMES_RESULT_INVALID_PARAMETER,
            "2 deals from deal 18446744073709551615 run past",
        ),
        (
            "0 colours",
            Some(no_colour),
            1,
            1,
            GAMES_RESULT_INVALID_PARAMETER,
            "0 colours",
        ),
    ];
    for (what, options, first, deals, expected, needle) in cases {
        let options_ptr = options.as_ref().map_or(ptr::null(), ptr::from_ref);
        let mut report = games_canicas_arena_report::default();
        // SAFETY: NULL or readable options, no budget or token, a local report.
        let made = unsafe {
            games_canicas_arena(
                options_ptr,
                first,
                deals,
                1,
                1,
                ptr::null(),
                ptr::null(),
                &mut report,
            )
        };
        // SAFETY: as above; the buffer and length from `answer`.
        let said = answer(|b, c, l| unsafe {
            games_canicas_arena_reason(options_ptr, first, deals, b, c, l)
        });
        check(what, made, said, expected, needle);
    }
}

/// A reason is one C string, whole: a NUL in the refused save's text (JSON
/// `\u0000`, which the engine's message quotes) is written as the two
/// characters `\0`, so a C host reading up to the first NUL gets all of it,
/// and `*out_len` is its `strlen` plus one. Before, the message stopped at
/// that NUL in C ("this is a ") though the size counted the rest. ffi.md:
/// strings are written "NUL-terminated" into caller buffers.
#[test]
fn a_nul_in_a_refused_save_does_not_cut_its_reason() {
    type LoadReason =
        unsafe extern "C" fn(*const u8, usize, *mut c_char, usize, *mut usize) -> games_result;
    let loads: [(&str, LoadReason); 5] = [
        ("games.nim.match", games_nim_load_reason),
        ("games.timbiriche", games_timbiriche_load_reason),
        ("games.backgammon", games_backgammon_load_reason),
        ("games.canicas", games_canicas_load_reason),
        ("games.canicas.records", games_canicas_records_load_reason),
    ];
    let save = br#"{"format":"a\u0000b","version":2}"#;
    for (format, reason) in loads {
        // SAFETY: a live slice; the buffer and length from `answer`.
        let (code, text) = answer(|b, c, l| unsafe { reason(save.as_ptr(), save.len(), b, c, l) });
        assert_eq!(code, GAMES_RESULT_INVALID_DATA, "{format}");
        assert!(
            text.contains(r"this is a a\0b save, not a ")
                && text.ends_with(&format!("{format} save")),
            "{format}: the whole reason, its NUL written as \\0: {text:?}"
        );
    }
}

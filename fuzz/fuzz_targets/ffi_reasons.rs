//! Every C constructor and loader against its stateless `_reason`
//! companion (`games_canicas_new_lines98` against
//! `games_canicas_new_reason`, which speaks for it too), on inputs built
//! from arbitrary bytes: options structs with arbitrary fields (a `bool`
//! byte other than 0 or 1 included), arbitrary and edited saves, IDs and
//! XGIDs, arbitrary cells. For the same inputs the companion returns
//! exactly the constructor's result and writes "" when, and only when,
//! that result is `GAMES_RESULT_OK`; it answers a size query with the size
//! of its text, refuses a NULL `out_len`, refuses a buffer one char short
//! without writing to it, and writes the same text into a buffer of the
//! exact size or larger. No call panics; every handle made is freed.
#![no_main]

use std::ffi::{c_char, CString};
use std::mem::MaybeUninit;
use std::ptr;

use games_ffi::backgammon::*;
use games_ffi::canicas::*;
use games_ffi::common::{
    games_cancel_token_cancel, games_cancel_token_free, games_cancel_token_new,
};
use games_ffi::games_budget;
use games_ffi::games_result::{self, *};
use games_ffi::nim::*;
use games_ffi::timbiriche::*;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

/// A number: often a small one (where the accepted values are), sometimes
/// any.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Num {
    Small(u8),
    Any(u32),
}

impl Num {
    fn get(self) -> u32 {
        match self {
            Num::Small(n) => u32::from(n % 16),
            Num::Any(n) => n,
        }
    }
}

/// Bytes for a loader: arbitrary ones, a valid save edited, or NULL.
#[derive(Arbitrary, Debug)]
enum Bytes {
    Raw(Vec<u8>),
    Edited {
        edits: Vec<(u16, u8)>,
        cut: Option<u16>,
    },
    Null {
        len: u8,
    },
}

/// A string for an ID: arbitrary bytes (cut at the first NUL), a valid ID
/// edited, or NULL.
#[derive(Arbitrary, Debug)]
enum Text {
    Raw(Vec<u8>),
    Edited {
        seed: u64,
        edits: Vec<(u8, u8)>,
        cut: Option<u8>,
    },
    Null,
}

/// Colour Lines rules: a variant's, with some fields replaced.
#[derive(Arbitrary, Debug)]
struct Rules {
    variant: u8,
    tweaks: Vec<(u8, Num)>,
}

#[derive(Arbitrary, Debug)]
enum Case {
    NimNew {
        rows: Option<Vec<u32>>,
        small_rows: bool,
        null_count: u8,
        rule: Num,
        rounds: Num,
        first: Num,
        seed: u64,
    },
    NimLoad(Bytes),
    TimbiricheNew {
        defaults: bool,
        rows: Num,
        cols: Num,
        misere: u8,
        values_kind: Num,
        values: Option<Vec<u8>>,
        values_len: u16,
        values_seed: u64,
        games: Num,
        start: Num,
        seed: u64,
    },
    TimbiricheNullOptions,
    TimbiricheLoad(Bytes),
    BackgammonNew {
        options: Option<(u64, Num, Num)>,
    },
    BackgammonPositionId {
        id: Text,
        player: Num,
        seed: u64,
    },
    BackgammonXgid {
        xgid: Text,
        player: Num,
        seed: u64,
    },
    BackgammonLoad(Bytes),
    CanicasNew {
        rules: Option<Rules>,
        deal: u64,
    },
    CanicasLoad(Bytes),
    RecordsLoad(Bytes),
    BoardApply {
        rules: Option<Rules>,
        cells: Option<Vec<u8>>,
        fit: bool,
        fit_colours: bool,
        from: u32,
        to: u32,
    },
    Arena {
        rules: Option<Rules>,
        first_deal: u64,
        deals: u64,
        small_range: bool,
        max_moves: u8,
    },
}

/// The companion's answer, read as a C host reads it: a size query (NULL
/// buffer), a buffer one char short, the exact size, and a larger buffer.
/// Checks the buffer protocol on the way and returns the result and text.
fn reason(
    extra: usize,
    call: impl Fn(*mut c_char, usize, *mut usize) -> games_result,
) -> (games_result, Vec<u8>) {
    let mut len = usize::MAX;
    assert_eq!(
        call(ptr::null_mut(), 0, &mut len),
        GAMES_RESULT_BUFFER_TOO_SMALL,
        "a size query"
    );
    assert!(
        (1..1 << 20).contains(&len),
        "the size counts the NUL: {len}"
    );
    assert_eq!(
        call(ptr::null_mut(), 0, ptr::null_mut()),
        GAMES_RESULT_NULL_PARAMETER,
        "a NULL out_len"
    );
    let mut buf = vec![1 as c_char; len + extra];
    if len > 1 {
        let mut short = 0;
        let r = call(buf.as_mut_ptr(), len - 1, &mut short);
        assert_eq!(
            (r, short),
            (GAMES_RESULT_BUFFER_TOO_SMALL, len),
            "a buffer one char short"
        );
        assert!(
            buf.iter().all(|&c| c == 1),
            "nothing written to a short buffer"
        );
    }
    let mut written = 0;
    let code = call(buf.as_mut_ptr(), len, &mut written);
    assert_ne!(code, GAMES_RESULT_BUFFER_TOO_SMALL, "the exact size fits");
    assert_ne!(code, GAMES_RESULT_PANIC, "the companion panicked");
    assert_eq!(written, len, "out_len is the size with the NUL");
    let text: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
    assert_eq!(text[len - 1], 0, "NUL-terminated");
    assert!(!text[..len - 1].contains(&0), "no NUL inside the text");
    assert!(
        std::str::from_utf8(&text[..len - 1]).is_ok(),
        "UTF-8 reason"
    );
    assert!(buf[len..].iter().all(|&c| c == 1), "nothing past the size");
    // A larger buffer: the same answer (the call keeps nothing).
    let mut again = vec![1 as c_char; len + extra + 1];
    let mut written = 0;
    let r = call(again.as_mut_ptr(), again.len(), &mut written);
    assert_eq!((r, written), (code, len), "the same answer twice");
    assert!(
        again[..len].iter().zip(&text).all(|(&a, &b)| a as u8 == b),
        "the same text twice"
    );
    (code, text[..len - 1].to_vec())
}

/// The differential check: same result, "" exactly when OK.
fn agree(what: &str, made: games_result, said: (games_result, Vec<u8>)) {
    let (code, text) = said;
    let text = String::from_utf8_lossy(&text);
    assert_ne!(made, GAMES_RESULT_PANIC, "{what}: the constructor panicked");
    assert_eq!(
        code, made,
        "{what}: the companion's result differs from the constructor's ({text:?})"
    );
    assert_eq!(
        text.is_empty(),
        made == GAMES_RESULT_OK,
        "{what}: result {made:?} with reason {text:?}"
    );
}

/// `v` with each edit's byte written at its place (taken modulo the
/// length), then cut to `cut` bytes.
fn edited(mut v: Vec<u8>, edits: impl Iterator<Item = (usize, u8)>, cut: Option<usize>) -> Vec<u8> {
    if !v.is_empty() {
        for (at, byte) in edits {
            let at = at % v.len();
            v[at] = byte;
        }
    }
    if let Some(cut) = cut {
        v.truncate(cut);
    }
    v
}

/// Bytes from a save (`valid`, made only when asked for) and a `Bytes`
/// input: the pointer and length to pass (the vector keeps them alive).
fn bytes(input: Bytes, valid: impl FnOnce() -> Vec<u8>) -> (Vec<u8>, bool, usize) {
    match input {
        Bytes::Raw(v) => {
            let n = v.len();
            (v, false, n)
        }
        Bytes::Edited { edits, cut } => {
            let edits = edits
                .into_iter()
                .take(8)
                .map(|(at, b)| (usize::from(at), b));
            let v = edited(valid(), edits, cut.map(usize::from));
            let n = v.len();
            (v, false, n)
        }
        Bytes::Null { len } => (Vec::new(), true, usize::from(len % 4)),
    }
}

/// The data pointer to pass: NULL, or the bytes of `v`.
fn data_ptr(v: &[u8], null: bool) -> *const u8 {
    if null {
        ptr::null()
    } else {
        v.as_ptr()
    }
}

/// What a `save` call writes (size query, then the bytes).
fn saved(save: impl Fn(*mut u8, usize, *mut usize) -> games_result) -> Vec<u8> {
    let mut len = 0;
    assert_eq!(
        save(ptr::null_mut(), 0, &mut len),
        GAMES_RESULT_BUFFER_TOO_SMALL
    );
    let mut v = vec![0u8; len];
    assert_eq!(save(v.as_mut_ptr(), len, &mut len), GAMES_RESULT_OK);
    v.truncate(len);
    v
}

/// A text an ID call writes, without its NUL.
fn text_of(get: impl Fn(*mut c_char, usize, *mut usize) -> games_result) -> Vec<u8> {
    let mut buf = vec![0 as c_char; 128];
    let mut len = 0;
    assert_eq!(get(buf.as_mut_ptr(), buf.len(), &mut len), GAMES_RESULT_OK);
    buf[..len - 1].iter().map(|&c| c as u8).collect()
}

/// A C string for an ID input (None: NULL), from a valid ID of a game
/// made with `seed` when edited.
fn id_text(input: Text, valid: impl FnOnce(u64) -> Vec<u8>) -> Option<CString> {
    let raw = match input {
        Text::Null => return None,
        Text::Raw(v) => v,
        Text::Edited { seed, edits, cut } => {
            let edits = edits
                .into_iter()
                .take(4)
                .map(|(at, b)| (usize::from(at), b));
            edited(valid(seed), edits, cut.map(usize::from))
        }
    };
    let end = raw.iter().position(|&b| b == 0).unwrap_or(raw.len());
    Some(CString::new(&raw[..end]).expect("cut at the first NUL"))
}

/// The string pointer to pass: NULL for `None`.
fn cstr_ptr(s: &Option<CString>) -> *const c_char {
    s.as_ref().map_or(ptr::null(), |s| s.as_ptr())
}

/// A new backgammon game with the default options and `seed`, owned by
/// the caller.
fn backgammon_game(seed: u64) -> *mut games_backgammon_game {
    let mut o = games_backgammon_options::default();
    let mut game = ptr::null_mut();
    // SAFETY: local out-pointers.
    unsafe {
        assert_eq!(games_backgammon_options_default(&mut o), GAMES_RESULT_OK);
        o.seed = seed;
        assert_eq!(games_backgammon_new(&o, &mut game), GAMES_RESULT_OK);
    }
    game
}

/// A game made with `seed` and its text from `get` (position ID or XGID).
fn backgammon_text(
    seed: u64,
    get: unsafe extern "C" fn(
        *const games_backgammon_game,
        *mut c_char,
        usize,
        *mut usize,
    ) -> games_result,
) -> Vec<u8> {
    let game = backgammon_game(seed);
    // SAFETY: the game is live until freed here, once.
    unsafe {
        let text = text_of(|b, c, l| get(game, b, c, l));
        games_backgammon_free(game);
        text
    }
}

/// Colour Lines options from `rules` (None: NULL options).
fn canicas_rules(rules: Option<Rules>) -> Option<games_canicas_options> {
    let rules = rules?;
    let mut o = games_canicas_options::default();
    // SAFETY: a local out-pointer.
    let r = unsafe { games_canicas_options_default(u32::from(rules.variant % 2), &mut o) };
    assert_eq!(r, GAMES_RESULT_OK);
    for (field, n) in rules.tweaks.into_iter().take(5) {
        let n = n.get();
        match field % 5 {
            0 => o.size = n,
            1 => o.colours = n,
            2 => o.min_line = n,
            3 => o.arrivals = n,
            _ => o.start = n,
        }
    }
    Some(o)
}

/// The struct pointer to pass: NULL for `None`.
fn opt_ptr<T>(o: &Option<T>) -> *const T {
    o.as_ref().map_or(ptr::null(), |o| o as *const T)
}

/// A save made by `save` from the live handle `h`, which is then freed.
///
/// # Safety
/// `h` live; `save` and `free` its game's calls.
unsafe fn save_of<H>(
    h: *mut H,
    save: unsafe extern "C" fn(*const H, *mut u8, usize, *mut usize) -> games_result,
    free: unsafe extern "C" fn(*mut H),
) -> Vec<u8> {
    // SAFETY: `h` live, the buffers from `saved`.
    let bytes = saved(|b, c, l| unsafe { save(h, b, c, l) });
    // SAFETY: live, freed once.
    unsafe { free(h) };
    bytes
}

/// A loader against its companion, on the bytes `input` makes (from the
/// save `valid` writes when edited).
///
/// # Safety
/// `load`, `free` and `companion` one game's calls.
unsafe fn check_load<H>(
    what: &str,
    input: Bytes,
    extra: usize,
    valid: impl FnOnce() -> Vec<u8>,
    load: unsafe extern "C" fn(*const u8, usize, *mut *mut H) -> games_result,
    free: unsafe extern "C" fn(*mut H),
    companion: unsafe extern "C" fn(
        *const u8,
        usize,
        *mut c_char,
        usize,
        *mut usize,
    ) -> games_result,
) {
    let (v, null, n) = bytes(input, valid);
    let p = data_ptr(&v, null);
    let mut handle = ptr::null_mut();
    // SAFETY: `p` NULL (refused unread) or `n` readable bytes; a local out-pointer.
    let made = unsafe { load(p, n, &mut handle) };
    assert_eq!(
        handle.is_null(),
        made != GAMES_RESULT_OK,
        "{what}: a handle exactly on OK"
    );
    // SAFETY: NULL or the handle just made, freed once.
    unsafe { free(handle) };
    // SAFETY: as above; the buffers from `reason`.
    let said = reason(extra, |b, c, l| unsafe { companion(p, n, b, c, l) });
    agree(what, made, said);
}

/// A backgammon constructor from text (position ID or XGID, written by
/// `get` for a valid one) against its companion.
///
/// # Safety
/// `get`, `make` and `companion` the same text's calls.
#[allow(clippy::too_many_arguments)]
unsafe fn check_backgammon_text(
    what: &str,
    input: Text,
    player: u32,
    seed: u64,
    extra: usize,
    get: unsafe extern "C" fn(
        *const games_backgammon_game,
        *mut c_char,
        usize,
        *mut usize,
    ) -> games_result,
    make: unsafe extern "C" fn(
        *const c_char,
        u32,
        u64,
        *mut *mut games_backgammon_game,
    ) -> games_result,
    companion: unsafe extern "C" fn(
        *const c_char,
        u32,
        *mut c_char,
        usize,
        *mut usize,
    ) -> games_result,
) {
    let text = id_text(input, |s| backgammon_text(s, get));
    let p = cstr_ptr(&text);
    let mut game = ptr::null_mut();
    // SAFETY: `p` NULL or a live C string; a local out-pointer.
    let made = unsafe { make(p, player, seed, &mut game) };
    // SAFETY: NULL or the game just made, freed once.
    unsafe { games_backgammon_free(game) };
    // SAFETY: as above; the buffers from `reason`.
    let said = reason(extra, |b, c, l| unsafe { companion(p, player, b, c, l) });
    agree(what, made, said);
}

fuzz_target!(|input: (Case, u8)| {
    let (case, extra) = input;
    let extra = usize::from(extra % 8);
    // SAFETY (whole target): every pointer passed is NULL, a local value or
    // buffer of at least the length passed with it, or a live handle made
    // here and freed once.
    unsafe {
        match case {
            Case::NimNew {
                rows,
                small_rows,
                null_count,
                rule,
                rounds,
                first,
                seed,
            } => {
                let rows: Option<Vec<u32>> = rows.map(|v| {
                    v.into_iter()
                        .take(80)
                        .map(|r| if small_rows { r % 16 } else { r })
                        .collect()
                });
                let (p, n) = match &rows {
                    Some(v) => (v.as_ptr(), v.len()),
                    None => (ptr::null(), usize::from(null_count % 4)),
                };
                let (rule, rounds, first) = (rule.get(), rounds.get(), first.get());
                let mut game = ptr::null_mut();
                let made = games_nim_new(p, n, rule, rounds, first, seed, &mut game);
                games_nim_free(game);
                let said = reason(extra, |b, c, l| {
                    games_nim_new_reason(p, n, rule, rounds, first, b, c, l)
                });
                agree("games_nim_new", made, said);
            }
            Case::NimLoad(input) => check_load(
                "games_nim_load",
                input,
                extra,
                || {
                    let rows = [3u32, 4, 5];
                    let mut game = ptr::null_mut();
                    let r = games_nim_new(rows.as_ptr(), 3, 0, 1, 0, 7, &mut game);
                    assert_eq!(r, GAMES_RESULT_OK);
                    save_of(game, games_nim_save, games_nim_free)
                },
                games_nim_load,
                games_nim_free,
                games_nim_load_reason,
            ),
            Case::TimbiricheNew {
                defaults,
                rows,
                cols,
                misere,
                values_kind,
                values,
                values_len,
                values_seed,
                games,
                start,
                seed,
            } => {
                // Built field by field in zeroed memory: a `misere` byte
                // other than 0 or 1 is never a Rust `bool` value here.
                let mut o = MaybeUninit::<games_timbiriche_options>::zeroed();
                let p = o.as_mut_ptr();
                let values: Option<Vec<u8>> = values.map(|v| v.into_iter().take(64).collect());
                let (vp, vn) = match &values {
                    Some(v) => (v.as_ptr(), usize::from(values_len).min(v.len())),
                    None => (ptr::null(), usize::from(values_len % 4)),
                };
                if defaults {
                    assert_eq!(games_timbiriche_options_default(p), GAMES_RESULT_OK);
                } else {
                    ptr::addr_of_mut!((*p).rows).write(rows.get());
                    ptr::addr_of_mut!((*p).cols).write(cols.get());
                    ptr::addr_of_mut!((*p).values_kind).write(values_kind.get());
                    ptr::addr_of_mut!((*p).values).write(vp);
                    ptr::addr_of_mut!((*p).values_len).write(vn);
                    ptr::addr_of_mut!((*p).values_seed).write(values_seed);
                    ptr::addr_of_mut!((*p).games).write(games.get());
                    ptr::addr_of_mut!((*p).start).write(start.get());
                    ptr::addr_of_mut!((*p).seed).write(seed);
                }
                ptr::addr_of_mut!((*p).misere)
                    .cast::<u8>()
                    .write(misere % 4);
                let op = o.as_ptr();
                let mut game = ptr::null_mut();
                let made = games_timbiriche_new(op, &mut game);
                games_timbiriche_free(game);
                let said = reason(extra, |b, c, l| games_timbiriche_new_reason(op, b, c, l));
                agree("games_timbiriche_new", made, said);
            }
            Case::TimbiricheNullOptions => {
                let mut game = ptr::null_mut();
                let made = games_timbiriche_new(ptr::null(), &mut game);
                games_timbiriche_free(game);
                let said = reason(extra, |b, c, l| {
                    games_timbiriche_new_reason(ptr::null(), b, c, l)
                });
                agree("games_timbiriche_new(NULL)", made, said);
            }
            Case::TimbiricheLoad(input) => check_load(
                "games_timbiriche_load",
                input,
                extra,
                || {
                    let mut o = MaybeUninit::<games_timbiriche_options>::zeroed();
                    let r = games_timbiriche_options_default(o.as_mut_ptr());
                    assert_eq!(r, GAMES_RESULT_OK);
                    let mut game = ptr::null_mut();
                    let r = games_timbiriche_new(o.as_ptr(), &mut game);
                    assert_eq!(r, GAMES_RESULT_OK);
                    save_of(game, games_timbiriche_save, games_timbiriche_free)
                },
                games_timbiriche_load,
                games_timbiriche_free,
                games_timbiriche_load_reason,
            ),
            Case::BackgammonNew { options } => {
                let o = options.map(|(seed, a, b)| games_backgammon_options {
                    seed,
                    opening_first: a.get(),
                    opening_second: b.get(),
                });
                let op = opt_ptr(&o);
                let mut game = ptr::null_mut();
                let made = games_backgammon_new(op, &mut game);
                games_backgammon_free(game);
                let said = reason(extra, |b, c, l| games_backgammon_new_reason(op, b, c, l));
                agree("games_backgammon_new", made, said);
            }
            Case::BackgammonPositionId { id, player, seed } => check_backgammon_text(
                "games_backgammon_new_from_position_id",
                id,
                player.get(),
                seed,
                extra,
                games_backgammon_position_id,
                games_backgammon_new_from_position_id,
                games_backgammon_new_from_position_id_reason,
            ),
            Case::BackgammonXgid { xgid, player, seed } => check_backgammon_text(
                "games_backgammon_new_from_xgid",
                xgid,
                player.get(),
                seed,
                extra,
                games_backgammon_xgid,
                games_backgammon_new_from_xgid,
                games_backgammon_new_from_xgid_reason,
            ),
            Case::BackgammonLoad(input) => check_load(
                "games_backgammon_load",
                input,
                extra,
                || {
                    save_of(
                        backgammon_game(1),
                        games_backgammon_save,
                        games_backgammon_free,
                    )
                },
                games_backgammon_load,
                games_backgammon_free,
                games_backgammon_load_reason,
            ),
            Case::CanicasNew { rules, deal } => {
                let o = canicas_rules(rules);
                let op = opt_ptr(&o);
                let mut game = ptr::null_mut();
                let made = games_canicas_new(op, deal, &mut game);
                games_canicas_free(game);
                let said = reason(extra, |b, c, l| games_canicas_new_reason(op, deal, b, c, l));
                agree("games_canicas_new", made, said);
                // The Lines 98 rule refuses the same options.
                let mut game = ptr::null_mut();
                let made = games_canicas_new_lines98(op, deal, &mut game);
                games_canicas_free(game);
                let said = reason(extra, |b, c, l| games_canicas_new_reason(op, deal, b, c, l));
                agree("games_canicas_new_lines98", made, said);
            }
            Case::CanicasLoad(input) => check_load(
                "games_canicas_load",
                input,
                extra,
                || {
                    let mut game = ptr::null_mut();
                    let r = games_canicas_new(ptr::null(), 3, &mut game);
                    assert_eq!(r, GAMES_RESULT_OK);
                    save_of(game, games_canicas_save, games_canicas_free)
                },
                games_canicas_load,
                games_canicas_free,
                games_canicas_load_reason,
            ),
            Case::RecordsLoad(input) => check_load(
                "games_canicas_records_load",
                input,
                extra,
                || {
                    let mut records = ptr::null_mut();
                    let r = games_canicas_records_new(&mut records);
                    assert_eq!(r, GAMES_RESULT_OK);
                    save_of(
                        records,
                        games_canicas_records_save,
                        games_canicas_records_free,
                    )
                },
                games_canicas_records_load,
                games_canicas_records_free,
                games_canicas_records_load_reason,
            ),
            Case::BoardApply {
                rules,
                cells,
                fit,
                fit_colours,
                from,
                to,
            } => {
                let o = canicas_rules(rules);
                let op = opt_ptr(&o);
                // The rules' board (the five-in-a-row game's for NULL).
                let (size, colours) = o.map_or((9, 7), |o| (o.size, o.colours));
                let cells: Option<Vec<u8>> = cells.map(|raw| {
                    let n = if fit && size <= 32 {
                        (size * size) as usize
                    } else {
                        raw.len().min(2048)
                    };
                    (0..n)
                        .map(|i| {
                            let c = raw.get(i).copied().unwrap_or(0);
                            if fit_colours {
                                // Mostly free cells, as on a board in play.
                                if c % 3 == 0 {
                                    (c / 3) % (colours.min(255) as u8).saturating_add(1)
                                } else {
                                    0
                                }
                            } else {
                                c
                            }
                        })
                        .collect()
                });
                let (cp, cn) = match &cells {
                    Some(v) => (v.as_ptr(), v.len()),
                    None => (ptr::null(), usize::from(from as u8 % 4)),
                };
                // The call may rewrite the cells: give it a copy.
                let mut copy = cells.clone();
                let mp = copy.as_mut().map_or(ptr::null_mut(), |v| v.as_mut_ptr());
                let mut out = games_canicas_board_outcome::default();
                let made = games_canicas_board_apply(
                    op,
                    mp,
                    cn,
                    games_canicas_move { from, to },
                    &mut out,
                );
                if made != GAMES_RESULT_OK {
                    assert_eq!(copy, cells, "a refused board is left as it was");
                }
                let said = reason(extra, |b, c, l| {
                    games_canicas_board_apply_reason(op, cp, cn, b, c, l)
                });
                agree("games_canicas_board_apply", made, said);
            }
            Case::Arena {
                rules,
                first_deal,
                deals,
                small_range,
                max_moves,
            } => {
                let o = canicas_rules(rules);
                let op = opt_ptr(&o);
                let deals = if small_range { deals % 3 } else { deals };
                // A range of more than two deals is checked with a token
                // already set (it plays nothing); two or fewer are played,
                // a few moves each, with a small budget.
                let mut token = ptr::null_mut();
                assert_eq!(games_cancel_token_new(&mut token), GAMES_RESULT_OK);
                if deals > 2 {
                    assert_eq!(games_cancel_token_cancel(token), GAMES_RESULT_OK);
                }
                let budget = games_budget {
                    max_nodes: 8,
                    max_millis: 0,
                };
                let mut report = games_canicas_arena_report::default();
                let made = games_canicas_arena(
                    op,
                    first_deal,
                    deals,
                    u64::from(max_moves % 4),
                    1,
                    &budget,
                    token,
                    &mut report,
                );
                games_cancel_token_free(token);
                let said = reason(extra, |b, c, l| {
                    games_canicas_arena_reason(op, first_deal, deals, b, c, l)
                });
                agree("games_canicas_arena", made, said);
            }
        }
    }
});

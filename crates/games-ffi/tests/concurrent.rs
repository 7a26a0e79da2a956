//! One handle of every kind used from two threads at once: the calls never
//! overlap. Each call either runs alone on the handle or returns
//! `GAMES_RESULT_BUSY` having done nothing; none races (the header: "A
//! handle may move between threads and serves one call at a time; a call
//! made while another thread is inside a call on the same handle (a
//! `const` one included) returns GAMES_RESULT_BUSY at once and does
//! nothing").
//!
//! One thread asks for AI moves with a large budget (a long call), the
//! other reads the state and makes a mutating call that finds nothing to
//! do (an undo or redo with nothing to undo or redo: the position the long
//! call searches stays the same), each until a BUSY has been seen or a
//! bounded number of tries has run. On two cores the short
//! calls land inside a long one almost at once; on one core they do
//! whenever the long call is preempted, which a call of milliseconds is.
//! The test asserts what each call answered, never how long it took.
#![allow(unsafe_code)]

use std::mem::MaybeUninit;
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Barrier;

use games_ffi::backgammon::*;
use games_ffi::canicas::*;
use games_ffi::games_result::{self, *};
use games_ffi::nim::*;
use games_ffi::timbiriche::*;
use games_ffi::{games_budget, GAMES_PLAYER_FIRST};

/// Short calls before the test gives up on seeing a BUSY.
const SHORT_TRIES: u64 = 1_000_000;

/// What happened on the two threads.
#[derive(Debug, Default)]
struct Tally {
    busy: AtomicBool,
    busy_calls: AtomicU64,
    done_calls: AtomicU64,
}

impl Tally {
    /// Count `result`, which must be in `allowed` or BUSY.
    fn count(&self, who: &str, result: games_result, allowed: &[games_result]) {
        if result == GAMES_RESULT_BUSY {
            self.busy.store(true, Ordering::Relaxed);
            self.busy_calls.fetch_add(1, Ordering::Relaxed);
        } else {
            assert!(
                allowed.contains(&result),
                "{who} answered {result:?}, expected one of {allowed:?} or BUSY"
            );
            self.done_calls.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Run `long` on one thread (at most `long_tries` calls) and `short` on
/// another while it runs (at most `SHORT_TRIES` calls), until a BUSY has
/// been seen; return the tally. `short` gets the number of its call (to
/// vary what it does).
fn hammer(
    long: impl Fn() -> games_result + Sync,
    long_tries: u64,
    long_allowed: &[games_result],
    short: impl Fn(u64) -> games_result + Sync,
    short_allowed: &[games_result],
) -> Tally {
    let tally = Tally::default();
    let long_done = AtomicBool::new(false);
    let start = Barrier::new(2);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            start.wait();
            for _ in 0..long_tries {
                if tally.busy.load(Ordering::Relaxed) {
                    break;
                }
                tally.count("the long call", long(), long_allowed);
            }
            long_done.store(true, Ordering::Relaxed);
        });
        scope.spawn(|| {
            start.wait();
            for i in 0..SHORT_TRIES {
                if tally.busy.load(Ordering::Relaxed) || long_done.load(Ordering::Relaxed) {
                    break;
                }
                tally.count("the short call", short(i), short_allowed);
            }
        });
    });
    assert!(
        tally.busy.load(Ordering::Relaxed),
        "no call was ever BUSY in {long_tries} long calls: {tally:?}"
    );
    assert!(tally.done_calls.load(Ordering::Relaxed) > 0, "{tally:?}");
    tally
}

/// The handles are `Sync`: the library, not the caller, keeps two calls on
/// one handle from overlapping.
#[test]
fn every_handle_type_is_sync() {
    fn sync<T: Sync>() {}
    sync::<games_nim_game>();
    sync::<games_timbiriche_game>();
    sync::<games_backgammon_game>();
    sync::<games_canicas_game>();
    sync::<games_canicas_records>();
}

/// A mutable pointer to a shared handle, as a C host would pass it.
fn mut_ptr<T>(handle: &T) -> *mut T {
    ptr::from_ref(handle).cast_mut()
}

#[test]
fn a_timbiriche_handle_used_by_two_threads_answers_busy() {
    let mut game = ptr::null_mut();
    // SAFETY: local out-pointers; the options are filled before use.
    unsafe {
        let mut o = MaybeUninit::<games_timbiriche_options>::uninit();
        assert_eq!(
            games_timbiriche_options_default(o.as_mut_ptr()),
            GAMES_RESULT_OK
        );
        let o = o.assume_init();
        assert_eq!(games_timbiriche_new(&o, &mut game), GAMES_RESULT_OK);
        // 3x3 with 20 lines undrawn: Hard runs its exact solver, a long call.
        for _ in 0..4 {
            let mut line = games_timbiriche_line::default();
            assert_eq!(
                games_timbiriche_ai_move(
                    game,
                    GAMES_TIMBIRICHE_LEVEL_EASY,
                    ptr::null(),
                    ptr::null(),
                    &mut line
                ),
                GAMES_RESULT_OK
            );
            assert_eq!(
                games_timbiriche_play(game, line, ptr::null_mut()),
                GAMES_RESULT_OK
            );
        }
    }
    // SAFETY: a live handle, released below after both threads ended.
    let handle: &games_timbiriche_game = unsafe { &*game };
    let budget = games_budget {
        max_nodes: 300_000,
        max_millis: 0,
    };
    hammer(
        || {
            let mut line = games_timbiriche_line::default();
            // SAFETY: a live handle and local pointers.
            let r = unsafe {
                games_timbiriche_ai_move(
                    mut_ptr(handle),
                    GAMES_TIMBIRICHE_LEVEL_HARD,
                    &budget,
                    ptr::null(),
                    &mut line,
                )
            };
            // The moves are never played: the position stays the same.
            r
        },
        20,
        &[GAMES_RESULT_OK],
        |i| {
            if i % 2 == 0 {
                let mut s = games_timbiriche_state::default();
                // SAFETY: a live handle and a local out-pointer.
                unsafe { games_timbiriche_get_state(handle, &mut s) }
            } else {
                // A mutating call that changes nothing here (nothing was undone).
                // SAFETY: a live handle.
                unsafe { games_timbiriche_redo(mut_ptr(handle)) }
            }
        },
        &[GAMES_RESULT_OK, GAMES_RESULT_NOTHING_TO_REDO],
    );
    let mut s = games_timbiriche_state::default();
    // SAFETY: a live handle, used by this thread only now.
    unsafe {
        assert_eq!(games_timbiriche_get_state(game, &mut s), GAMES_RESULT_OK);
        games_timbiriche_free(game);
    }
}

#[test]
fn a_nim_handle_used_by_two_threads_answers_busy() {
    let rows: Vec<u32> = (0..GAMES_NIM_MAX_ROWS).map(|i| 65_535 - i).collect();
    let mut game = ptr::null_mut();
    // SAFETY: local pointers.
    unsafe {
        assert_eq!(
            games_nim_new(
                rows.as_ptr(),
                rows.len(),
                GAMES_NIM_RULE_NORMAL,
                1,
                GAMES_PLAYER_FIRST,
                7,
                &mut game
            ),
            GAMES_RESULT_OK
        );
    }
    // SAFETY: a live handle, released below after both threads ended.
    let handle: &games_nim_game = unsafe { &*game };
    hammer(
        || {
            let mut mv = games_nim_move::default();
            // SAFETY: a live handle and a local out-pointer.
            unsafe {
                games_nim_ai_move(
                    mut_ptr(handle),
                    GAMES_NIM_LEVEL_HARD,
                    ptr::null(),
                    ptr::null(),
                    &mut mv,
                )
            }
        },
        200_000,
        &[GAMES_RESULT_OK],
        |i| {
            if i % 2 == 0 {
                let mut s = games_nim_state::default();
                // SAFETY: a live handle and a local out-pointer.
                unsafe { games_nim_get_state(handle, &mut s) }
            } else {
                // SAFETY: a live handle.
                unsafe { games_nim_undo(mut_ptr(handle)) }
            }
        },
        &[GAMES_RESULT_OK, GAMES_RESULT_NOTHING_TO_UNDO],
    );
    // SAFETY: released once, both threads ended.
    unsafe { games_nim_free(game) };
}

#[test]
fn a_backgammon_handle_used_by_two_threads_answers_busy() {
    let mut game = ptr::null_mut();
    // SAFETY: local out-pointers.
    unsafe {
        let mut o = games_backgammon_options::default();
        assert_eq!(games_backgammon_options_default(&mut o), GAMES_RESULT_OK);
        assert_eq!(games_backgammon_new(&o, &mut game), GAMES_RESULT_OK);
    }
    // SAFETY: a live handle, released below after both threads ended.
    let handle: &games_backgammon_game = unsafe { &*game };
    hammer(
        || {
            let mut play = games_backgammon_move::default();
            // SAFETY: a live handle and a local out-pointer.
            unsafe {
                games_backgammon_ai_move(
                    mut_ptr(handle),
                    GAMES_BACKGAMMON_LEVEL_HARD,
                    ptr::null(),
                    ptr::null(),
                    &mut play,
                )
            }
        },
        200,
        &[GAMES_RESULT_OK],
        |i| {
            if i % 2 == 0 {
                let mut s = games_backgammon_state::default();
                // SAFETY: a live handle and a local out-pointer.
                unsafe { games_backgammon_get_state(handle, &mut s) }
            } else {
                let mut n = 0;
                // SAFETY: a live handle and a local out-pointer.
                unsafe { games_backgammon_legal_play_count(handle, &mut n) }
            }
        },
        &[GAMES_RESULT_OK],
    );
    // SAFETY: released once, both threads ended.
    unsafe { games_backgammon_free(game) };
}

#[test]
fn a_canicas_handle_used_by_two_threads_answers_busy() {
    let mut game = ptr::null_mut();
    // SAFETY: a local out-pointer; NULL options are the five-in-a-row rules.
    assert_eq!(
        unsafe { games_canicas_new(ptr::null(), 2024, &mut game) },
        GAMES_RESULT_OK
    );
    // SAFETY: a live handle, released below after both threads ended.
    let handle: &games_canicas_game = unsafe { &*game };
    let budget = games_budget {
        max_nodes: 20_000,
        max_millis: 0,
    };
    hammer(
        || {
            let mut mv = games_canicas_move::default();
            // SAFETY: a live handle and local pointers.
            unsafe { games_canicas_hint(mut_ptr(handle), &budget, ptr::null(), &mut mv) }
        },
        200,
        &[GAMES_RESULT_OK],
        |i| {
            if i % 2 == 0 {
                let mut s = games_canicas_state::default();
                // SAFETY: a live handle and a local out-pointer.
                unsafe { games_canicas_get_state(handle, &mut s) }
            } else {
                // SAFETY: a live handle.
                unsafe { games_canicas_undo(mut_ptr(handle)) }
            }
        },
        &[GAMES_RESULT_OK, GAMES_RESULT_NOTHING_TO_UNDO],
    );
    // SAFETY: released once, both threads ended.
    unsafe { games_canicas_free(game) };
}

#[test]
fn a_canicas_records_handle_used_by_two_threads_answers_busy() {
    let mut records = ptr::null_mut();
    // SAFETY: a local out-pointer.
    assert_eq!(
        unsafe { games_canicas_records_new(&mut records) },
        GAMES_RESULT_OK
    );
    // SAFETY: a live handle, released below after both threads ended.
    let handle: &games_canicas_records = unsafe { &*records };
    let save = || {
        let mut len = 0;
        // SAFETY: a live handle; a NULL buffer asks for the size.
        let r = unsafe { games_canicas_records_save(handle, ptr::null_mut(), 0, &mut len) };
        if r == GAMES_RESULT_BUFFER_TOO_SMALL {
            GAMES_RESULT_OK
        } else {
            r
        }
    };
    hammer(
        save,
        200_000,
        &[GAMES_RESULT_OK],
        |_| {
            let mut record = games_canicas_record::default();
            // SAFETY: a live handle, NULL options (the five-in-a-row rules), a local out-pointer.
            unsafe { games_canicas_records_get(handle, ptr::null(), &mut record) }
        },
        &[GAMES_RESULT_OK],
    );
    // SAFETY: released once, both threads ended.
    unsafe { games_canicas_records_free(records) };
}

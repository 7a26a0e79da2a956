//! The Lines 98 rule through the C API: a game created with it shows where
//! the next marbles land, the same cells as the Rust crate; its save
//! carries the rule; its records are kept apart from the 1992 rule's.
//!
//! Spec: "With the option on, the engine reports those cells (where each
//! marble of the next bar would land if the board stayed as it is), and a
//! host shows them. […] Records are kept apart per rule."
#![allow(unsafe_code)]

use std::ptr;

use canicas_core::{Game, Rules};
use games_ffi::canicas::*;
use games_ffi::games_result::*;

/// The shown landing cells of a live game.
fn shown(game: *const games_canicas_game) -> Vec<u32> {
    let mut cells = [0u32; GAMES_CANICAS_MAX_ARRIVALS as usize];
    let mut len = 0;
    // SAFETY: a live handle, a local buffer of `cells.len()` cells and a
    // local out-pointer.
    let r =
        unsafe { games_canicas_shown_landings(game, cells.as_mut_ptr(), cells.len(), &mut len) };
    assert_eq!(r, GAMES_RESULT_OK);
    cells[..len].to_vec()
}

/// Whether a live game plays the Lines 98 rule.
fn lines98(game: *const games_canicas_game) -> bool {
    let mut on = false;
    // SAFETY: a live handle and a local out-pointer.
    assert_eq!(
        unsafe { games_canicas_lines98(game, &mut on) },
        GAMES_RESULT_OK
    );
    on
}

#[test]
fn a_lines98_game_shows_the_cells_the_rust_crate_shows() {
    let lines98_rules = Rules::FIVE.with_landings_shown(true);
    let mut game = ptr::null_mut();
    let mut plain = ptr::null_mut();
    // SAFETY: NULL options (the five game) and local out-pointers.
    unsafe {
        assert_eq!(
            games_canicas_new_lines98(ptr::null(), 9, &mut game),
            GAMES_RESULT_OK
        );
        assert_eq!(
            games_canicas_new(ptr::null(), 9, &mut plain),
            GAMES_RESULT_OK
        );
    }
    assert!(lines98(game));
    assert!(!lines98(plain));
    let mut rust = Game::new(lines98_rules, 9).unwrap();
    let expected = |g: &Game| -> Vec<u32> {
        g.state()
            .shown_landings()
            .iter()
            .map(|c| u32::from(c.0))
            .collect()
    };
    assert_eq!(shown(game), expected(&rust));
    assert_eq!(shown(game).len(), 3);
    // The 1992 rule shows nothing.
    assert_eq!(shown(plain), Vec::<u32>::new());
    // After moves, still the crate's cells.
    for _ in 0..5 {
        let mv = rust.state().legal_moves()[0];
        rust.play(mv).unwrap();
        let c_move = games_canicas_move {
            from: u32::from(mv.from.0),
            to: u32::from(mv.to.0),
        };
        // SAFETY: a live handle.
        assert_eq!(
            unsafe { games_canicas_play(game, c_move, ptr::null_mut()) },
            GAMES_RESULT_OK
        );
        assert_eq!(shown(game), expected(&rust));
    }
    // A buffer too small: the count needed, nothing written.
    let mut one = [u32::MAX; 1];
    let mut len = 0;
    // SAFETY: a live handle, a one-cell buffer and a local out-pointer.
    let r = unsafe { games_canicas_shown_landings(game, one.as_mut_ptr(), 1, &mut len) };
    assert_eq!(
        (r, len, one[0]),
        (GAMES_RESULT_BUFFER_TOO_SMALL, 3, u32::MAX)
    );
    // The save carries the rule, and is the crate's save.
    let mut len = 0;
    // SAFETY: a live handle; a size query, then a buffer of that size.
    let bytes = unsafe {
        assert_eq!(
            games_canicas_save(game, ptr::null_mut(), 0, &mut len),
            GAMES_RESULT_BUFFER_TOO_SMALL
        );
        let mut bytes = vec![0u8; len];
        assert_eq!(
            games_canicas_save(game, bytes.as_mut_ptr(), len, &mut len),
            GAMES_RESULT_OK
        );
        bytes
    };
    assert_eq!(String::from_utf8(bytes.clone()).unwrap(), rust.save());
    let mut loaded = ptr::null_mut();
    // SAFETY: a live slice and a local out-pointer.
    assert_eq!(
        unsafe { games_canicas_load(bytes.as_ptr(), bytes.len(), &mut loaded) },
        GAMES_RESULT_OK
    );
    assert!(lines98(loaded));
    assert_eq!(shown(loaded), expected(&rust));
    // Bad rules create nothing; NULL out-pointers are refused.
    let bad = games_canicas_options {
        size: 12,
        ..games_canicas_options::default()
    };
    let mut none = ptr::null_mut();
    // SAFETY: readable options, a local out-pointer, then a NULL one.
    unsafe {
        assert_eq!(
            games_canicas_new_lines98(&bad, 1, &mut none),
            GAMES_RESULT_INVALID_PARAMETER
        );
        assert!(none.is_null());
        assert_eq!(
            games_canicas_new_lines98(ptr::null(), 1, ptr::null_mut()),
            GAMES_RESULT_NULL_PARAMETER
        );
        assert_eq!(
            games_canicas_lines98(game, ptr::null_mut()),
            GAMES_RESULT_NULL_PARAMETER
        );
        games_canicas_free(loaded);
        games_canicas_free(game);
        games_canicas_free(plain);
    }
}

#[test]
fn records_of_the_two_rules_are_kept_apart() {
    let mut records = ptr::null_mut();
    // SAFETY: a local out-pointer.
    assert_eq!(
        unsafe { games_canicas_records_new(&mut records) },
        GAMES_RESULT_OK
    );
    for (lines98_on, deal) in [(true, 4u64), (false, 4)] {
        let mut game = ptr::null_mut();
        // SAFETY: NULL options and a local out-pointer.
        unsafe {
            let r = if lines98_on {
                games_canicas_new_lines98(ptr::null(), deal, &mut game)
            } else {
                games_canicas_new(ptr::null(), deal, &mut game)
            };
            assert_eq!(r, GAMES_RESULT_OK);
        }
        let mut mv = games_canicas_move::default();
        let mut n = 0;
        // Play the first legal move until the board fills.
        loop {
            // SAFETY: a live handle, a one-move buffer and a local count.
            let r = unsafe { games_canicas_legal_moves(game, &mut mv, 1, &mut n) };
            if n == 0 {
                break;
            }
            assert!(r == GAMES_RESULT_OK || r == GAMES_RESULT_BUFFER_TOO_SMALL);
            let mut all = vec![games_canicas_move::default(); n];
            // SAFETY: a live handle, a buffer of `n` moves and a local count.
            unsafe {
                assert_eq!(
                    games_canicas_legal_moves(game, all.as_mut_ptr(), n, &mut n),
                    GAMES_RESULT_OK
                );
                assert_eq!(
                    games_canicas_play(game, all[0], ptr::null_mut()),
                    GAMES_RESULT_OK
                );
            }
        }
        let mut summary = games_canicas_summary::default();
        // SAFETY: live handles and a local out-pointer.
        assert_eq!(
            unsafe { games_canicas_records_finish(records, game, 1000, &mut summary) },
            GAMES_RESULT_OK
        );
        assert!(summary.new_record, "each rule has its own first record");
        // SAFETY: a live handle.
        unsafe { games_canicas_free(game) };
    }
    let get = |on: bool| {
        let mut record = games_canicas_record::default();
        // SAFETY: a live handle, NULL options and a local out-pointer.
        let r = unsafe { games_canicas_records_get_lines98(records, ptr::null(), on, &mut record) };
        assert_eq!(r, GAMES_RESULT_OK);
        record
    };
    assert_eq!(get(true).games, 1);
    assert_eq!(get(false).games, 1);
    let mut plain = games_canicas_record::default();
    // SAFETY: a live handle, NULL options and a local out-pointer.
    unsafe {
        assert_eq!(
            games_canicas_records_get(records, ptr::null(), &mut plain),
            GAMES_RESULT_OK
        );
        games_canicas_records_free(records);
    }
    assert_eq!(plain, get(false));
}

/// `games_canicas_board_hint_lines98` on the five-in-a-row rules.
///
/// # Safety
/// `landings` NULL or `landings_len` readable values; `out` NULL or writable.
unsafe fn call98(
    cells: &[u8],
    next: &[u8],
    (landings, landings_len): (*const u32, usize),
    budget: &games_ffi::games_budget,
    out: *mut games_canicas_move,
) -> games_ffi::games_result {
    // SAFETY: NULL options (the five game), slices with their lengths, a
    // live budget, no cancel token; `landings` and `out` per the caller.
    unsafe {
        games_canicas_board_hint_lines98(
            ptr::null(),
            cells.as_ptr(),
            cells.len(),
            next.as_ptr(),
            next.len(),
            landings,
            landings_len,
            budget,
            ptr::null(),
            out,
        )
    }
}

/// `games_canicas_board_hint_lines98` on the cells, bar and landing cells
/// of `state`, with `budget`.
fn board_hint98(
    state: &canicas_core::State,
    cells: &[u8],
    landings: &[u32],
    budget: &games_ffi::games_budget,
) -> (games_ffi::games_result, games_canicas_move) {
    // Refused calls leave it as it is.
    let mut mv = games_canicas_move { from: 999, to: 999 };
    // SAFETY: a slice with its length and a local out-pointer.
    let r = unsafe {
        call98(
            cells,
            state.next_colours(),
            (landings.as_ptr(), landings.len()),
            budget,
            &mut mv,
        )
    };
    (r, mv)
}

/// `games_canicas_board_hint` (the 1992 rule, default rules) on `cells`
/// and the bar `next`, with `budget`: the result and the move (999, 999
/// when none is written).
fn board_hint(
    cells: &[u8],
    next: &[u8],
    budget: &games_ffi::games_budget,
) -> (games_ffi::games_result, games_canicas_move) {
    let mut mv = games_canicas_move { from: 999, to: 999 };
    // SAFETY: default rules (NULL options), slices with their lengths, a
    // local budget and out-move, no cancel token.
    let r = unsafe {
        games_canicas_board_hint(
            ptr::null(),
            cells.as_ptr(),
            cells.len(),
            next.as_ptr(),
            next.len(),
            budget,
            ptr::null(),
            &mut mv,
        )
    };
    (r, mv)
}

#[test]
fn the_bare_board_hint_told_the_landing_cells_plays_as_the_lines98_game() {
    // Spec: "The AI uses them when the rule is on." A host that keeps its
    // own board hands the cells over and gets the game's hint.
    let rules = Rules::FIVE.with_landings_shown(true);
    let budget = games_ffi::games_budget {
        max_nodes: 120,
        max_millis: 0,
    };
    let mut rust = Game::new(rules, 21).unwrap();
    let mut differs = 0;
    for _ in 0..40 {
        let state = rust.state().clone();
        if state.is_over() {
            break;
        }
        let cells = state.board().colours().to_vec();
        let landings: Vec<u32> = state
            .shown_landings()
            .iter()
            .map(|c| u32::from(c.0))
            .collect();
        let expected = canicas_core::ai::hint(
            &state.view(),
            games_common::Budget::nodes(120),
            &games_common::CancelFlag::new(),
        )
        .best
        .unwrap();
        let (r, mv) = board_hint98(&state, &cells, &landings, &budget);
        assert_eq!(r, GAMES_RESULT_OK);
        assert_eq!(
            (mv.from, mv.to),
            (u32::from(expected.from.0), u32::from(expected.to.0))
        );
        // The 1992 bare-board hint does not know the cells.
        let (r, plain) = board_hint(&cells, state.next_colours(), &budget);
        assert_eq!(r, GAMES_RESULT_OK);
        differs += usize::from((plain.from, plain.to) != (mv.from, mv.to));
        // Bad landing cells: refused, the out-move untouched.
        for bad in [
            landings[..landings.len() - 1].to_vec(),
            [&landings[..], &[landings[0]]].concat(),
            vec![landings[0]; landings.len()],
            vec![81; landings.len()],
            vec![300; landings.len()],
            {
                let taken = cells.iter().position(|&c| c != 0).unwrap() as u32;
                [&[taken], &landings[1..]].concat()
            },
        ] {
            let (r, mv) = board_hint98(&state, &cells, &bad, &budget);
            assert_eq!(r, GAMES_RESULT_INVALID_PARAMETER, "{bad:?}");
            assert_eq!((mv.from, mv.to), (999, 999));
        }
        rust.play(expected).unwrap();
    }
    assert!(differs > 0, "the landing cells changed some hints");
    // NULL landings with a length: refused; no out-move: refused.
    let state = rust.state().clone();
    let cells = state.board().colours().to_vec();
    let next = state.next_colours();
    let mut mv = games_canicas_move { from: 0, to: 0 };
    // SAFETY: NULL landings with a length (refused before any read); a
    // local out-pointer.
    let r = unsafe { call98(&cells, next, (ptr::null(), 3), &budget, &mut mv) };
    assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
    // SAFETY: no landings; a NULL out-pointer (refused first).
    let r = unsafe { call98(&cells, next, (ptr::null(), 0), &budget, ptr::null_mut()) };
    assert_eq!(r, GAMES_RESULT_NULL_PARAMETER);
}

#[test]
fn the_bare_board_hint_refuses_a_next_bar_of_another_length() {
    // Spec: "The 'next' bar always shows the 3 marbles (their colours)":
    // a bar of 0, 2, 4 or 20 colours is no position of the game.
    let state = canicas_core::State::new(Rules::FIVE, 3).unwrap();
    let cells = state.board().colours().to_vec();
    let budget = games_ffi::games_budget {
        max_nodes: 50,
        max_millis: 0,
    };
    let hint = |next: &[u8]| {
        let (r, mv) = board_hint(&cells, next, &budget);
        (r, (mv.from, mv.to))
    };
    let (r, _) = hint(state.next_colours());
    assert_eq!(r, GAMES_RESULT_OK, "the game's own bar of 3");
    for len in [0, 2, 4, 20] {
        let next = vec![1u8; len];
        assert_eq!(
            hint(&next),
            (GAMES_RESULT_INVALID_PARAMETER, (999, 999)),
            "a bar of {len}"
        );
    }
}

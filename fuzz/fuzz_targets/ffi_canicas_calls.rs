//! The Color Lines C API driven by arbitrary call sequences and arbitrary
//! move structs: every call returns a defined result, never
//! GAMES_RESULT_PANIC; a failed move changes nothing; the hint only
//! suggests legal moves; the counters stay consistent; saves load back.
#![no_main]

use std::ffi::CString;
use std::ptr;

use games_ffi::canicas::*;
use games_ffi::games_budget;
use games_ffi::games_result::{self, *};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Call {
    New {
        variant: u8,
        deal: u64,
    },
    NewCustom {
        size: u8,
        colours: u8,
        min_line: u8,
        arrivals: u8,
        start: u8,
        deal: u64,
    },
    Play {
        from: u8,
        to: u8,
    },
    PlayWide {
        from: u32,
        to: u32,
    },
    PlayReachable {
        marble: u8,
        pick: u8,
    },
    PlayNotation {
        text: String,
    },
    Hint {
        nodes: u8,
    },
    Undo,
    Retry,
    NewDeal {
        deal: u64,
    },
    Reachable {
        from: u8,
        cap: u8,
    },
    LegalMoves {
        cap: u16,
    },
    Path {
        from: u8,
        to: u8,
        cap: u8,
    },
    Cells {
        cap: u8,
    },
    Next {
        cap: u8,
    },
    Text {
        cap: u8,
    },
    LastLines {
        cap: u8,
    },
    LastArrivals {
        cap: u8,
    },
    Moves {
        cap: u8,
    },
    MoveText {
        from: u8,
        to: u8,
        cap: u8,
    },
    SaveLoad,
    Load {
        bytes: Vec<u8>,
    },
    Clone,
    State,
    Finish {
        millis: u32,
    },
    BoardHint {
        cells: Vec<u8>,
        next: Vec<u8>,
        /// The Lines 98 hint with these landing cells.
        landings: Option<Vec<u32>>,
    },
    BoardApply {
        cells: Vec<u8>,
        from: u32,
        to: u32,
    },
    Free,
}

fn ok(r: games_result) {
    assert_ne!(r, GAMES_RESULT_PANIC, "a call panicked");
    assert_ne!(r, GAMES_RESULT_POISONED, "a handle was poisoned");
}

/// The save of a live handle (None for NULL).
///
/// # Safety
/// `game` must be NULL or a live handle.
unsafe fn save(game: *const games_canicas_game) -> Option<Vec<u8>> {
    let mut len = 0;
    // SAFETY: per the caller; a size query, then a buffer of that size.
    unsafe {
        if games_canicas_save(game, ptr::null_mut(), 0, &mut len) != GAMES_RESULT_BUFFER_TOO_SMALL {
            return None;
        }
        let mut bytes = vec![0u8; len];
        assert_eq!(
            games_canicas_save(game, bytes.as_mut_ptr(), len, &mut len),
            GAMES_RESULT_OK
        );
        Some(bytes)
    }
}

/// Play `mv`; on failure the game must be unchanged.
///
/// # Safety
/// `game` must be NULL or a live handle.
unsafe fn play(game: *mut games_canicas_game, mv: games_canicas_move) -> games_result {
    // SAFETY: per the caller.
    unsafe {
        let before = save(game);
        let mut out = games_canicas_outcome::default();
        let r = games_canicas_play(game, mv, &mut out);
        ok(r);
        if r != GAMES_RESULT_OK {
            assert_eq!(save(game), before, "a failed move changed the game");
        }
        r
    }
}

fuzz_target!(|calls: Vec<Call>| {
    let mut game: *mut games_canicas_game = ptr::null_mut();
    let mut records: *mut games_canicas_records = ptr::null_mut();
    // SAFETY (whole target): every pointer passed is NULL, a live handle made
    // here, or a local buffer of at least the capacity passed.
    unsafe {
        ok(games_canicas_records_new(&mut records));
        for call in calls.into_iter().take(60) {
            match call {
                Call::New { variant, deal } => {
                    let mut o = games_canicas_options::default();
                    let r = games_canicas_options_default(u32::from(variant % 3), &mut o);
                    ok(r);
                    let mut fresh = ptr::null_mut();
                    let opts = if r == GAMES_RESULT_OK {
                        &o as *const _
                    } else {
                        ptr::null()
                    };
                    assert_eq!(games_canicas_new(opts, deal, &mut fresh), GAMES_RESULT_OK);
                    games_canicas_free(game);
                    game = fresh;
                }
                Call::NewCustom {
                    size,
                    colours,
                    min_line,
                    arrivals,
                    start,
                    deal,
                } => {
                    let o = games_canicas_options {
                        size: u32::from(size % 13),
                        colours: u32::from(colours % 11),
                        min_line: u32::from(min_line % 13),
                        arrivals: u32::from(arrivals % 10),
                        start: u32::from(start),
                    };
                    let mut fresh = ptr::null_mut();
                    let r = games_canicas_new(&o, deal, &mut fresh);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_canicas_free(game);
                        game = fresh;
                    } else {
                        assert!(fresh.is_null());
                    }
                }
                Call::Play { from, to } => {
                    play(
                        game,
                        games_canicas_move {
                            from: u32::from(from % 128),
                            to: u32::from(to % 128),
                        },
                    );
                }
                Call::PlayWide { from, to } => {
                    play(game, games_canicas_move { from, to });
                }
                Call::PlayReachable { marble, pick } => {
                    let mut cells = [0u8; 121];
                    let mut len = 0;
                    if games_canicas_cells(game, cells.as_mut_ptr(), cells.len(), &mut len)
                        != GAMES_RESULT_OK
                    {
                        continue;
                    }
                    let marbles: Vec<u32> =
                        (0..len as u32).filter(|&c| cells[c as usize] > 0).collect();
                    if marbles.is_empty() {
                        continue;
                    }
                    let from = marbles[usize::from(marble) % marbles.len()];
                    let mut reach = [0u32; 121];
                    let mut n = 0;
                    let mut st = games_canicas_state::default();
                    assert_eq!(games_canicas_get_state(game, &mut st), GAMES_RESULT_OK);
                    let r = games_canicas_reachable(
                        game,
                        from,
                        reach.as_mut_ptr(),
                        reach.len(),
                        &mut n,
                    );
                    // Once the game is over no marble moves.
                    let expected = if st.game_over {
                        GAMES_RESULT_GAME_OVER
                    } else {
                        GAMES_RESULT_OK
                    };
                    assert_eq!(r, expected);
                    // Every legal move is listed, and none once the game is over.
                    let mut legal =
                        vec![games_canicas_move::default(); GAMES_CANICAS_MAX_LEGAL_MOVES as usize];
                    let mut nl = 0;
                    assert_eq!(
                        games_canicas_legal_moves(game, legal.as_mut_ptr(), legal.len(), &mut nl),
                        GAMES_RESULT_OK
                    );
                    assert_eq!(
                        nl == 0,
                        st.game_over,
                        "no legal move exactly when the game is over"
                    );
                    if r != GAMES_RESULT_OK {
                        continue;
                    }
                    let listed = legal[..nl].iter().filter(|m| m.from == from).count();
                    assert_eq!(
                        listed, n,
                        "legal moves from {from} differ from its reachable cells"
                    );
                    if n > 0 {
                        let to = reach[usize::from(pick) % n];
                        let mut path = [0u32; 121];
                        let mut plen = 0;
                        let mv = games_canicas_move { from, to };
                        let mut s = games_canicas_state::default();
                        assert_eq!(games_canicas_get_state(game, &mut s), GAMES_RESULT_OK);
                        let r =
                            games_canicas_path(game, mv, path.as_mut_ptr(), path.len(), &mut plen);
                        if s.game_over {
                            assert_eq!(r, GAMES_RESULT_GAME_OVER);
                        } else {
                            assert_eq!(r, GAMES_RESULT_OK);
                            assert_eq!((path[0], path[plen - 1]), (from, to));
                            assert_eq!(
                                play(game, mv),
                                GAMES_RESULT_OK,
                                "a reachable cell was refused"
                            );
                        }
                    }
                }
                Call::PlayNotation { text } => {
                    if let Ok(c) = CString::new(text) {
                        let before = save(game);
                        let r = games_canicas_play_notation(game, c.as_ptr(), ptr::null_mut());
                        ok(r);
                        if r != GAMES_RESULT_OK {
                            assert_eq!(save(game), before);
                        }
                    }
                }
                Call::Hint { nodes } => {
                    // At most 32 nodes: the search's paths (several rounds
                    // of samples) are all taken, and a sequence with many
                    // hints still runs in milliseconds (256 nodes made the
                    // target five times slower).
                    let budget = games_budget {
                        max_nodes: u64::from(nodes % 32) + 1,
                        max_millis: 0,
                    };
                    let mut mv = games_canicas_move::default();
                    let r = games_canicas_hint(game, &budget, ptr::null(), &mut mv);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert_eq!(
                            play(game, mv),
                            GAMES_RESULT_OK,
                            "the hint suggested an illegal move"
                        );
                    }
                }
                Call::Undo => ok(games_canicas_undo(game)),
                Call::Retry => ok(games_canicas_retry(game)),
                Call::NewDeal { deal } => ok(games_canicas_new_deal(game, deal)),
                Call::Reachable { from, cap } => {
                    let mut buf = vec![0u32; usize::from(cap)];
                    let mut len = 0;
                    ok(games_canicas_reachable(
                        game,
                        u32::from(from),
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::LegalMoves { cap } => {
                    let mut buf = vec![games_canicas_move::default(); usize::from(cap)];
                    let mut len = 0;
                    let r = games_canicas_legal_moves(game, buf.as_mut_ptr(), buf.len(), &mut len);
                    ok(r);
                    if r == GAMES_RESULT_OK || r == GAMES_RESULT_BUFFER_TOO_SMALL {
                        assert!(len <= GAMES_CANICAS_MAX_LEGAL_MOVES as usize);
                    }
                }
                Call::Path { from, to, cap } => {
                    let mut buf = vec![0u32; usize::from(cap)];
                    let mut len = 0;
                    let mv = games_canicas_move {
                        from: u32::from(from),
                        to: u32::from(to),
                    };
                    ok(games_canicas_path(
                        game,
                        mv,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Cells { cap } => {
                    let mut buf = vec![0u8; usize::from(cap)];
                    let mut len = 0;
                    ok(games_canicas_cells(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Next { cap } => {
                    let mut buf = vec![0u8; usize::from(cap % 10)];
                    let mut len = 0;
                    ok(games_canicas_next_colours(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Text { cap } => {
                    let mut buf = vec![0 as std::ffi::c_char; usize::from(cap)];
                    let mut len = 0;
                    let r = games_canicas_board_text(game, buf.as_mut_ptr(), buf.len(), &mut len);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        let mut cells = [0u8; 121];
                        let mut n = 0;
                        let mut size = 0;
                        assert_eq!(
                            games_canicas_board_from_text(
                                buf.as_ptr(),
                                cells.as_mut_ptr(),
                                cells.len(),
                                &mut n,
                                &mut size
                            ),
                            GAMES_RESULT_OK
                        );
                        let mut now = [0u8; 121];
                        let mut m = 0;
                        assert_eq!(
                            games_canicas_cells(game, now.as_mut_ptr(), now.len(), &mut m),
                            GAMES_RESULT_OK
                        );
                        assert_eq!(&cells[..n], &now[..m]);
                    }
                }
                Call::LastLines { cap } => {
                    let mut buf = vec![games_canicas_line::default(); usize::from(cap % 40)];
                    let mut len = 0;
                    ok(games_canicas_last_lines(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::LastArrivals { cap } => {
                    let mut buf = vec![games_canicas_arrival::default(); usize::from(cap % 12)];
                    let mut len = 0;
                    ok(games_canicas_last_arrivals(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Moves { cap } => {
                    let mut buf = vec![games_canicas_move::default(); usize::from(cap)];
                    let mut len = 0;
                    ok(games_canicas_moves_played(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::MoveText { from, to, cap } => {
                    let mut buf = vec![0 as std::ffi::c_char; usize::from(cap % 10)];
                    let mut len = 0;
                    let mv = games_canicas_move {
                        from: u32::from(from),
                        to: u32::from(to),
                    };
                    let r = games_canicas_move_to_string(
                        game,
                        mv,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    );
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        let mut back = games_canicas_move::default();
                        assert_eq!(
                            games_canicas_parse_move(game, buf.as_ptr(), &mut back),
                            GAMES_RESULT_OK
                        );
                        assert_eq!(back, mv);
                    }
                }
                Call::SaveLoad => {
                    if let Some(bytes) = save(game) {
                        let mut loaded = ptr::null_mut();
                        assert_eq!(
                            games_canicas_load(bytes.as_ptr(), bytes.len(), &mut loaded),
                            GAMES_RESULT_OK,
                            "a save must load"
                        );
                        assert_eq!(save(loaded).as_ref(), Some(&bytes));
                        games_canicas_free(game);
                        game = loaded;
                    }
                }
                Call::Load { bytes } => {
                    let mut loaded = ptr::null_mut();
                    let r = games_canicas_load(bytes.as_ptr(), bytes.len(), &mut loaded);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_canicas_free(game);
                        game = loaded;
                    }
                }
                Call::Clone => {
                    let mut copy = ptr::null_mut();
                    if games_canicas_clone(game, &mut copy) == GAMES_RESULT_OK {
                        assert_eq!(save(copy), save(game));
                        games_canicas_free(game);
                        game = copy;
                    }
                }
                Call::State => {
                    let mut s = games_canicas_state::default();
                    let r = games_canicas_get_state(game, &mut s);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert_eq!(s.marbles + s.free_cells, s.options.size * s.options.size);
                        assert_eq!(u64::from(s.marbles), s.landed - s.removed);
                    }
                }
                Call::Finish { millis } => {
                    let mut summary = games_canicas_summary::default();
                    let r = games_canicas_records_finish(
                        records,
                        game,
                        u64::from(millis),
                        &mut summary,
                    );
                    ok(r);
                    let mut len = 0;
                    if games_canicas_records_save(records, ptr::null_mut(), 0, &mut len)
                        == GAMES_RESULT_BUFFER_TOO_SMALL
                    {
                        let mut bytes = vec![0u8; len];
                        assert_eq!(
                            games_canicas_records_save(records, bytes.as_mut_ptr(), len, &mut len),
                            GAMES_RESULT_OK
                        );
                        let mut loaded = ptr::null_mut();
                        assert_eq!(
                            games_canicas_records_load(bytes.as_ptr(), len, &mut loaded),
                            GAMES_RESULT_OK,
                            "saved records must load"
                        );
                        games_canicas_records_free(records);
                        records = loaded;
                    }
                }
                Call::BoardHint {
                    cells,
                    next,
                    landings,
                } => {
                    let budget = games_budget {
                        max_nodes: 20,
                        max_millis: 0,
                    };
                    let mut mv = games_canicas_move::default();
                    let cells: Vec<u8> = cells.into_iter().take(121).map(|c| c % 9).collect();
                    // Lines 98 when landing cells are given: mostly cells on
                    // the board, some past it.
                    let landings: Option<Vec<u32>> =
                        landings.map(|l| l.into_iter().take(10).map(|c| c % 100).collect());
                    let r = match &landings {
                        None => games_canicas_board_hint(
                            ptr::null(),
                            cells.as_ptr(),
                            cells.len(),
                            next.as_ptr(),
                            next.len(),
                            &budget,
                            ptr::null(),
                            &mut mv,
                        ),
                        Some(landings) => games_canicas_board_hint_lines98(
                            ptr::null(),
                            cells.as_ptr(),
                            cells.len(),
                            next.as_ptr(),
                            next.len(),
                            landings.as_ptr(),
                            landings.len(),
                            &budget,
                            ptr::null(),
                            &mut mv,
                        ),
                    };
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert!(cells[mv.from as usize] > 0 && cells[mv.to as usize] == 0);
                        // Refused unless every landing cell is a free cell.
                        let shown = landings.unwrap_or_default();
                        assert!(shown.iter().all(|&l| cells[l as usize] == 0));
                    }
                }
                Call::BoardApply { cells, from, to } => {
                    // Mostly 81 cells of colours 0-8 (8 is one colour too many for
                    // the five-in-a-row rules), so that many boards read.
                    let mut cells: Vec<u8> = cells.into_iter().take(121).map(|c| c % 9).collect();
                    if cells.len() > 60 {
                        cells.resize(81, 0);
                    }
                    let before = cells.clone();
                    let mut out = games_canicas_board_outcome::default();
                    let mv = games_canicas_move {
                        from: from % 130,
                        to: to % 130,
                    };
                    let r = games_canicas_board_apply(
                        ptr::null(),
                        cells.as_mut_ptr(),
                        cells.len(),
                        mv,
                        &mut out,
                    );
                    ok(r);
                    if r != GAMES_RESULT_OK || !out.legal {
                        assert_eq!(cells, before, "a refused move changed the board");
                    } else {
                        // The marble left its cell; lines took 5 or more each.
                        assert_eq!(cells[mv.from as usize], 0);
                        let count = |c: &[u8]| c.iter().filter(|&&x| x > 0).count();
                        assert!(count(&cells) <= count(&before));
                        assert_eq!(out.n_lines == 0, count(&cells) == count(&before));
                        assert!(out.n_lines <= GAMES_CANICAS_MAX_MOVE_LINES);
                    }
                }
                Call::Free => {
                    games_canicas_free(game);
                    game = ptr::null_mut();
                }
            }
        }
        games_canicas_free(game);
        games_canicas_records_free(records);
    }
});

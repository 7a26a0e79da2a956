//! The Nim C API driven by arbitrary call sequences, arbitrary move structs,
//! arbitrary buffer sizes and arbitrary bytes for load. Every call must
//! return a defined result, and no call may return GAMES_RESULT_PANIC.
#![no_main]

use std::ptr;

use games_ffi::games_result::{self, *};
use games_ffi::nim::*;
use games_ffi::{games_budget, games_cancel_token};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Call {
    New {
        rows: Vec<u32>,
        rule: u32,
        rounds: u8,
        first: u32,
        seed: u64,
    },
    Play {
        row: u32,
        take: u32,
    },
    Undo,
    Redo,
    NextRound,
    Ai {
        level: u32,
        nodes: u64,
        cancel: bool,
    },
    Analyze {
        cap: u8,
    },
    LegalMoves {
        cap: u16,
    },
    Rows {
        cap: u8,
    },
    History {
        cap: u8,
    },
    Check {
        row: u32,
        take: u32,
    },
    SaveLoad,
    Load {
        bytes: Vec<u8>,
    },
    Clone,
    LastError {
        cap: u8,
    },
    State,
    Free,
}

fn ok(r: games_result) {
    assert_ne!(r, GAMES_RESULT_PANIC, "a call panicked");
}

fuzz_target!(|calls: Vec<Call>| {
    let mut game: *mut games_nim_game = ptr::null_mut();
    let mut token: *mut games_cancel_token = ptr::null_mut();
    // SAFETY (whole target): every pointer passed is NULL, a live handle made
    // here, or a local buffer of at least the capacity passed.
    unsafe {
        ok(games_ffi::common::games_cancel_token_new(&mut token));
        for call in calls.into_iter().take(200) {
            match call {
                Call::New {
                    rows,
                    rule,
                    rounds,
                    first,
                    seed,
                } => {
                    let mut fresh = ptr::null_mut();
                    let rows: Vec<u32> = rows.into_iter().take(40).map(|r| r % 70_000).collect();
                    let r = games_nim_new(
                        rows.as_ptr(),
                        rows.len(),
                        rule % 3,
                        u32::from(rounds),
                        first % 3,
                        seed,
                        &mut fresh,
                    );
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_nim_free(game);
                        game = fresh;
                    } else {
                        assert!(fresh.is_null());
                    }
                }
                Call::Play { row, take } => ok(games_nim_play(
                    game,
                    games_nim_move {
                        row: row % 40,
                        take: take % 70_000,
                    },
                )),
                Call::Undo => ok(games_nim_undo(game)),
                Call::Redo => ok(games_nim_redo(game)),
                Call::NextRound => ok(games_nim_next_round(game)),
                Call::Ai {
                    level,
                    nodes,
                    cancel,
                } => {
                    let budget = games_budget {
                        max_nodes: nodes % 64,
                        max_millis: 0,
                    };
                    if cancel {
                        ok(games_ffi::common::games_cancel_token_cancel(token));
                    } else {
                        ok(games_ffi::common::games_cancel_token_reset(token));
                    }
                    let mut mv = games_nim_move::default();
                    let r = games_nim_ai_move(game, level % 4, &budget, token, &mut mv);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        let mut reason = 99;
                        ok(games_nim_check_move(game, mv, &mut reason));
                        assert_eq!(
                            reason, GAMES_NIM_MOVE_OK,
                            "the AI suggested an illegal move"
                        );
                    }
                }
                Call::Analyze { cap } => {
                    let mut buf = vec![games_nim_move::default(); usize::from(cap)];
                    let (mut wins, mut len) = (false, 0usize);
                    ok(games_nim_analyze(
                        game,
                        &mut wins,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::LegalMoves { cap } => {
                    let mut buf = vec![games_nim_move::default(); usize::from(cap)];
                    let mut len = 0usize;
                    ok(games_nim_legal_moves(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Rows { cap } => {
                    let mut buf = vec![0u32; usize::from(cap)];
                    let mut len = 0usize;
                    ok(games_nim_get_rows(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::History { cap } => {
                    let mut buf = vec![games_nim_move::default(); usize::from(cap)];
                    let mut len = 0usize;
                    ok(games_nim_history(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Check { row, take } => {
                    let mut reason = 0;
                    ok(games_nim_check_move(
                        game,
                        games_nim_move { row, take },
                        &mut reason,
                    ));
                }
                Call::SaveLoad => {
                    let mut len = 0usize;
                    let r = games_nim_save(game, ptr::null_mut(), 0, &mut len);
                    ok(r);
                    if r == GAMES_RESULT_BUFFER_TOO_SMALL {
                        let mut bytes = vec![0u8; len];
                        assert_eq!(
                            games_nim_save(game, bytes.as_mut_ptr(), bytes.len(), &mut len),
                            GAMES_RESULT_OK
                        );
                        let mut loaded = ptr::null_mut();
                        assert_eq!(
                            games_nim_load(bytes.as_ptr(), len, &mut loaded),
                            GAMES_RESULT_OK,
                            "a save must load"
                        );
                        games_nim_free(game);
                        game = loaded;
                    }
                }
                Call::Load { bytes } => {
                    let mut loaded = ptr::null_mut();
                    let r = games_nim_load(bytes.as_ptr(), bytes.len(), &mut loaded);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_nim_free(game);
                        game = loaded;
                    }
                }
                Call::Clone => {
                    let mut copy = ptr::null_mut();
                    let r = games_nim_clone(game, &mut copy);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_nim_free(game);
                        game = copy;
                    }
                }
                Call::LastError { cap } => {
                    let mut buf = vec![0 as std::ffi::c_char; usize::from(cap)];
                    let mut len = 0usize;
                    ok(games_nim_last_error(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::State => {
                    let mut state = games_nim_state::default();
                    ok(games_nim_get_state(game, &mut state));
                }
                Call::Free => {
                    games_nim_free(game);
                    game = ptr::null_mut();
                }
            }
        }
        games_nim_free(game);
        games_ffi::common::games_cancel_token_free(token);
    }
});

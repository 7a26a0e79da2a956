//! The dots-and-boxes C API driven by arbitrary call sequences and
//! arbitrary line structs: every call returns a defined result, never
//! GAMES_RESULT_PANIC, and the AI only suggests legal lines.
#![no_main]

use std::ptr;

use games_ffi::games_budget;
use games_ffi::games_result::{self, *};
use games_ffi::timbiriche::*;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Call {
    New {
        rows: u8,
        cols: u8,
        misere: bool,
        values_kind: u8,
        values_seed: u64,
        games: u8,
        start: u8,
        seed: u64,
    },
    Play {
        orientation: u8,
        row: u8,
        col: u8,
    },
    PlayIndex {
        index: u8,
    },
    Undo,
    Redo,
    NextGame,
    Ai {
        level: u8,
        nodes: u16,
    },
    Hint,
    /// A table limit for Hard's proofs, in KiB (refused below 64).
    TableLimit {
        kib: u16,
    },
    Lines {
        kind: u8,
        cap: u8,
    },
    Components {
        cap: u8,
    },
    Owners {
        cap: u8,
    },
    SaveLoad,
    Load {
        bytes: Vec<u8>,
    },
    Clone,
    State,
    Free,
}

fn ok(r: games_result) {
    assert_ne!(r, GAMES_RESULT_PANIC, "a call panicked");
}

fuzz_target!(|calls: Vec<Call>| {
    let mut game: *mut games_timbiriche_game = ptr::null_mut();
    // SAFETY (whole target): every pointer passed is NULL, a live handle made
    // here, or a local buffer of at least the capacity passed.
    unsafe {
        for call in calls.into_iter().take(100) {
            match call {
                Call::New {
                    rows,
                    cols,
                    misere,
                    values_kind,
                    values_seed,
                    games,
                    start,
                    seed,
                } => {
                    let mut o = std::mem::zeroed::<games_timbiriche_options>();
                    ok(games_timbiriche_options_default(&mut o));
                    o.rows = u32::from(rows % 8);
                    o.cols = u32::from(cols % 8);
                    o.misere = misere;
                    o.values_kind = u32::from(values_kind % 4);
                    o.values_seed = values_seed;
                    o.games = u32::from(games % 6);
                    o.start = u32::from(start % 4);
                    o.seed = seed;
                    let mut fresh = ptr::null_mut();
                    let r = games_timbiriche_new(&o, &mut fresh);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_timbiriche_free(game);
                        game = fresh;
                    }
                }
                Call::Play {
                    orientation,
                    row,
                    col,
                } => {
                    let line = games_timbiriche_line {
                        orientation: u32::from(orientation % 3),
                        row: u32::from(row % 9),
                        col: u32::from(col % 9),
                    };
                    ok(games_timbiriche_play(game, line, ptr::null_mut()));
                }
                Call::PlayIndex { index } => {
                    let mut line = games_timbiriche_line::default();
                    if games_timbiriche_line_at(game, u32::from(index), &mut line)
                        == GAMES_RESULT_OK
                    {
                        ok(games_timbiriche_play(game, line, ptr::null_mut()));
                    }
                }
                Call::Undo => ok(games_timbiriche_undo(game)),
                Call::Redo => ok(games_timbiriche_redo(game)),
                Call::NextGame => ok(games_timbiriche_next_game(game)),
                Call::Ai { level, nodes } => {
                    let budget = games_budget {
                        max_nodes: u64::from(nodes % 2000) + 1,
                        max_millis: 0,
                    };
                    let mut line = games_timbiriche_line::default();
                    let r = games_timbiriche_ai_move(
                        game,
                        u32::from(level % 4),
                        &budget,
                        ptr::null(),
                        &mut line,
                    );
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert_eq!(
                            games_timbiriche_play(game, line, ptr::null_mut()),
                            GAMES_RESULT_OK,
                            "the AI suggested an illegal line"
                        );
                    }
                }
                Call::Hint => {
                    let budget = games_budget {
                        max_nodes: 500,
                        max_millis: 0,
                    };
                    let mut hint = games_timbiriche_hint::default();
                    ok(games_timbiriche_take_hint(
                        game,
                        &budget,
                        ptr::null(),
                        &mut hint,
                    ));
                }
                Call::TableLimit { kib } => {
                    let bytes = usize::from(kib) << 10;
                    let r = games_timbiriche_set_table_limit(game, bytes);
                    ok(r);
                    let mut now = 0;
                    let read = games_timbiriche_table_limit(game, &mut now);
                    if game.is_null() {
                        assert_eq!(
                            (r, read),
                            (GAMES_RESULT_NULL_PARAMETER, GAMES_RESULT_NULL_PARAMETER)
                        );
                    } else {
                        assert_eq!(read, GAMES_RESULT_OK);
                        assert_eq!(
                            r == GAMES_RESULT_OK,
                            bytes >= GAMES_TIMBIRICHE_MIN_TABLE_BYTES
                        );
                        if r == GAMES_RESULT_OK {
                            assert_eq!(now, bytes, "the limit set is the limit read");
                        }
                    }
                }
                Call::Lines { kind, cap } => {
                    let mut buf = vec![games_timbiriche_line::default(); usize::from(cap)];
                    let mut len = 0;
                    ok(games_timbiriche_lines(
                        game,
                        u32::from(kind % 5),
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Components { cap } => {
                    let mut buf = vec![games_timbiriche_component::default(); usize::from(cap)];
                    let mut len = 0;
                    ok(games_timbiriche_components(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::Owners { cap } => {
                    let mut buf = vec![0u32; usize::from(cap)];
                    let mut len = 0;
                    ok(games_timbiriche_owners(
                        game,
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut len,
                    ));
                }
                Call::SaveLoad => {
                    let mut len = 0;
                    if games_timbiriche_save(game, ptr::null_mut(), 0, &mut len)
                        == GAMES_RESULT_BUFFER_TOO_SMALL
                    {
                        let mut bytes = vec![0u8; len];
                        assert_eq!(
                            games_timbiriche_save(game, bytes.as_mut_ptr(), len, &mut len),
                            GAMES_RESULT_OK
                        );
                        let mut loaded = ptr::null_mut();
                        assert_eq!(
                            games_timbiriche_load(bytes.as_ptr(), len, &mut loaded),
                            GAMES_RESULT_OK,
                            "a save must load"
                        );
                        games_timbiriche_free(game);
                        game = loaded;
                    }
                }
                Call::Load { bytes } => {
                    let mut loaded = ptr::null_mut();
                    let r = games_timbiriche_load(bytes.as_ptr(), bytes.len(), &mut loaded);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        games_timbiriche_free(game);
                        game = loaded;
                    }
                }
                Call::Clone => {
                    let mut copy = ptr::null_mut();
                    if games_timbiriche_clone(game, &mut copy) == GAMES_RESULT_OK {
                        games_timbiriche_free(game);
                        game = copy;
                    }
                }
                Call::State => {
                    let mut s = games_timbiriche_state::default();
                    ok(games_timbiriche_get_state(game, &mut s));
                }
                Call::Free => {
                    games_timbiriche_free(game);
                    game = ptr::null_mut();
                }
            }
        }
        games_timbiriche_free(game);
    }
});

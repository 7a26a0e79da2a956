//! The backgammon C API driven by arbitrary call sequences and arbitrary
//! play structs: every call returns a defined result, never
//! GAMES_RESULT_PANIC; the AI, the legal-play list and the step-by-step
//! hints only offer what is then accepted; every side always has 15
//! checkers; a save always loads.
#![no_main]

use std::ffi::CString;
use std::ptr;

use games_ffi::backgammon::*;
use games_ffi::games_budget;
use games_ffi::games_result::{self, *};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Call {
    New {
        seed: u64,
        first: u8,
        second: u8,
    },
    FromPositionId {
        text: String,
        player: u8,
        seed: u64,
    },
    FromXgid {
        text: String,
        player: u8,
    },
    Roll,
    SetDice {
        d1: u8,
        d2: u8,
    },
    PlayLegal {
        index: u16,
    },
    PlayNotation {
        text: String,
    },
    PlayMove {
        count: u8,
        steps: [(u8, u8, bool); 4],
    },
    Step {
        from: u8,
        to: u8,
    },
    StepHinted {
        pick: u8,
        dest: u8,
    },
    StepTapped {
        to: u8,
    },
    UndoStep,
    Commit,
    Ai {
        level: u8,
        nodes: u16,
    },
    Lists {
        index: u16,
        cap: u8,
    },
    Ids,
    History {
        index: u16,
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
    assert_ne!(r, GAMES_RESULT_POISONED, "a handle was poisoned");
}

/// Replace `*game` by `fresh` when the call that made it succeeded.
///
/// # Safety
/// `*game` NULL or live; `fresh` NULL or live.
unsafe fn adopt(
    game: &mut *mut games_backgammon_game,
    r: games_result,
    fresh: *mut games_backgammon_game,
) {
    ok(r);
    if r == GAMES_RESULT_OK {
        // SAFETY: per the caller.
        unsafe { games_backgammon_free(*game) };
        *game = fresh;
    }
}

fuzz_target!(|calls: Vec<Call>| {
    let mut game: *mut games_backgammon_game = ptr::null_mut();
    // SAFETY (whole target): every pointer passed is NULL, a live handle made
    // here, a NUL-terminated CString, or a local buffer of at least the
    // capacity passed.
    unsafe {
        for call in calls.into_iter().take(100) {
            match call {
                Call::New {
                    seed,
                    first,
                    second,
                } => {
                    let mut o = games_backgammon_options::default();
                    ok(games_backgammon_options_default(&mut o));
                    o.seed = seed;
                    o.opening_first = u32::from(first % 8);
                    o.opening_second = u32::from(second % 8);
                    let mut fresh = ptr::null_mut();
                    let r = games_backgammon_new(&o, &mut fresh);
                    adopt(&mut game, r, fresh);
                }
                Call::FromPositionId { text, player, seed } => {
                    let Ok(c) = CString::new(text) else { continue };
                    let mut fresh = ptr::null_mut();
                    let r = games_backgammon_new_from_position_id(
                        c.as_ptr(),
                        u32::from(player % 3),
                        seed,
                        &mut fresh,
                    );
                    adopt(&mut game, r, fresh);
                }
                Call::FromXgid { text, player } => {
                    let Ok(c) = CString::new(text) else { continue };
                    let mut fresh = ptr::null_mut();
                    let r = games_backgammon_new_from_xgid(
                        c.as_ptr(),
                        u32::from(player % 3),
                        3,
                        &mut fresh,
                    );
                    adopt(&mut game, r, fresh);
                }
                Call::Roll => {
                    let (mut a, mut b, mut passed) = (0, 0, false);
                    let r = games_backgammon_roll(game, &mut a, &mut b, &mut passed);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert!((1..=6).contains(&a) && (1..=6).contains(&b));
                    }
                }
                Call::SetDice { d1, d2 } => {
                    ok(games_backgammon_set_dice(
                        game,
                        u32::from(d1 % 8),
                        u32::from(d2 % 8),
                        ptr::null_mut(),
                    ));
                }
                Call::PlayLegal { index } => {
                    let mut n = 0;
                    if games_backgammon_legal_play_count(game, &mut n) == GAMES_RESULT_OK && n > 0 {
                        let mut play = games_backgammon_move::default();
                        assert_eq!(
                            games_backgammon_legal_play_get(game, u32::from(index) % n, &mut play),
                            GAMES_RESULT_OK
                        );
                        assert_eq!(
                            games_backgammon_play_move(game, &play),
                            GAMES_RESULT_OK,
                            "a legal play was refused"
                        );
                    }
                }
                Call::PlayNotation { text } => {
                    let Ok(c) = CString::new(text) else { continue };
                    ok(games_backgammon_play_notation(game, c.as_ptr()));
                }
                Call::PlayMove { count, steps } => {
                    let mut play = games_backgammon_move {
                        step_count: u32::from(count % 6),
                        ..Default::default()
                    };
                    for (slot, (from, to, hit)) in play.steps.iter_mut().zip(steps) {
                        *slot = games_backgammon_step {
                            from: from % 30,
                            to: to % 30,
                            hit,
                        };
                    }
                    ok(games_backgammon_play_move(game, &play));
                    let mut len = 0;
                    let mut text = [0 as std::ffi::c_char; 64];
                    ok(games_backgammon_play_to_string(
                        &play,
                        text.as_mut_ptr(),
                        text.len(),
                        &mut len,
                    ));
                }
                Call::Step { from, to } => {
                    ok(games_backgammon_step_play(
                        game,
                        u32::from(from % 30),
                        u32::from(to % 30),
                        ptr::null_mut(),
                    ));
                }
                Call::StepHinted { pick, dest } => {
                    let mut from = [0u8; 32];
                    let mut n = 0;
                    if games_backgammon_movable_checkers(
                        game,
                        from.as_mut_ptr(),
                        from.len(),
                        &mut n,
                    ) == GAMES_RESULT_OK
                        && n > 0
                    {
                        let f = from[usize::from(pick) % n];
                        let mut to = [0u8; 8];
                        let mut m = 0;
                        assert_eq!(
                            games_backgammon_destinations(
                                game,
                                u32::from(f),
                                to.as_mut_ptr(),
                                to.len(),
                                &mut m
                            ),
                            GAMES_RESULT_OK
                        );
                        assert!(m > 0, "a movable checker without a destination");
                        let t = to[usize::from(dest) % m];
                        let mut step = games_backgammon_step::default();
                        assert_eq!(
                            games_backgammon_step_play(game, u32::from(f), u32::from(t), &mut step),
                            GAMES_RESULT_OK,
                            "an offered step was refused"
                        );
                        assert_eq!((step.from, step.to), (f, t));
                    }
                }
                Call::StepTapped { to } => {
                    let mut from = 0;
                    let r = games_backgammon_checker_for_point(game, u32::from(to % 27), &mut from);
                    ok(r);
                    if r == GAMES_RESULT_OK && from != GAMES_BACKGAMMON_NO_POINT {
                        assert_eq!(
                            games_backgammon_step_play(
                                game,
                                from,
                                u32::from(to % 27),
                                ptr::null_mut()
                            ),
                            GAMES_RESULT_OK
                        );
                    }
                }
                Call::UndoStep => ok(games_backgammon_step_undo(game)),
                Call::Commit => {
                    let mut s = games_backgammon_state::default();
                    let complete = games_backgammon_get_state(game, &mut s) == GAMES_RESULT_OK
                        && s.turn_complete;
                    let r = games_backgammon_turn_commit(game);
                    ok(r);
                    if complete {
                        assert_eq!(r, GAMES_RESULT_OK, "a complete turn was refused");
                    }
                }
                Call::Ai { level, nodes } => {
                    let budget = games_budget {
                        max_nodes: u64::from(nodes % 3000) + 1,
                        max_millis: 0,
                    };
                    let mut play = games_backgammon_move::default();
                    let r = games_backgammon_ai_move(
                        game,
                        u32::from(level % 4),
                        &budget,
                        ptr::null(),
                        &mut play,
                    );
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert_eq!(
                            games_backgammon_play_move(game, &play),
                            GAMES_RESULT_OK,
                            "the AI suggested an illegal play"
                        );
                    }
                }
                Call::Lists { index, cap } => {
                    let cap = usize::from(cap % 40);
                    let mut plays = vec![games_backgammon_move::default(); cap];
                    let mut len = 0;
                    ok(games_backgammon_legal_plays(
                        game,
                        plays.as_mut_ptr(),
                        cap,
                        &mut len,
                    ));
                    let mut text = vec![0 as std::ffi::c_char; cap];
                    ok(games_backgammon_legal_play_notation(
                        game,
                        u32::from(index),
                        text.as_mut_ptr(),
                        cap,
                        &mut len,
                    ));
                    ok(games_backgammon_legal_play_position_id(
                        game,
                        u32::from(index),
                        text.as_mut_ptr(),
                        cap,
                        &mut len,
                    ));
                    let mut bytes = vec![0u8; cap];
                    ok(games_backgammon_movable_checkers(
                        game,
                        bytes.as_mut_ptr(),
                        cap,
                        &mut len,
                    ));
                    ok(games_backgammon_destinations(
                        game,
                        u32::from(index % 30),
                        bytes.as_mut_ptr(),
                        cap,
                        &mut len,
                    ));
                }
                Call::Ids => {
                    let mut text = [0 as std::ffi::c_char; 80];
                    let mut len = 0;
                    if games_backgammon_xgid(game, text.as_mut_ptr(), text.len(), &mut len)
                        == GAMES_RESULT_OK
                    {
                        let mut s = games_backgammon_state::default();
                        assert_eq!(games_backgammon_get_state(game, &mut s), GAMES_RESULT_OK);
                        let mut copy = ptr::null_mut();
                        assert_eq!(
                            games_backgammon_new_from_xgid(
                                text.as_ptr(),
                                s.to_move % 2,
                                1,
                                &mut copy
                            ),
                            GAMES_RESULT_OK,
                            "an exported XGID was refused"
                        );
                        games_backgammon_free(copy);
                    }
                    if games_backgammon_position_id(game, text.as_mut_ptr(), text.len(), &mut len)
                        == GAMES_RESULT_OK
                    {
                        assert_eq!(len, 15);
                        let mut copy = ptr::null_mut();
                        assert_eq!(
                            games_backgammon_new_from_position_id(text.as_ptr(), 0, 1, &mut copy),
                            GAMES_RESULT_OK,
                            "an exported Position ID was refused"
                        );
                        games_backgammon_free(copy);
                    }
                }
                Call::History { index, cap } => {
                    let mut rec = games_backgammon_turn_record::default();
                    let mut text = vec![0 as std::ffi::c_char; usize::from(cap % 40)];
                    let mut len = 0;
                    ok(games_backgammon_history_get(
                        game,
                        u32::from(index % 64),
                        &mut rec,
                        text.as_mut_ptr(),
                        text.len(),
                        &mut len,
                    ));
                }
                Call::SaveLoad => {
                    let mut len = 0;
                    if games_backgammon_save(game, ptr::null_mut(), 0, &mut len)
                        == GAMES_RESULT_BUFFER_TOO_SMALL
                    {
                        let mut bytes = vec![0u8; len];
                        assert_eq!(
                            games_backgammon_save(game, bytes.as_mut_ptr(), len, &mut len),
                            GAMES_RESULT_OK
                        );
                        let mut loaded = ptr::null_mut();
                        assert_eq!(
                            games_backgammon_load(bytes.as_ptr(), len, &mut loaded),
                            GAMES_RESULT_OK,
                            "a save must load"
                        );
                        games_backgammon_free(game);
                        game = loaded;
                    }
                }
                Call::Load { bytes } => {
                    let mut loaded = ptr::null_mut();
                    let r = games_backgammon_load(bytes.as_ptr(), bytes.len(), &mut loaded);
                    adopt(&mut game, r, loaded);
                }
                Call::Clone => {
                    let mut copy = ptr::null_mut();
                    let r = games_backgammon_clone(game, &mut copy);
                    adopt(&mut game, r, copy);
                }
                Call::State => {
                    let mut s = games_backgammon_state::default();
                    let mut b = games_backgammon_board::default();
                    let r = games_backgammon_get_state(game, &mut s);
                    ok(r);
                    if r == GAMES_RESULT_OK {
                        assert_eq!(games_backgammon_get_board(game, &mut b), GAMES_RESULT_OK);
                        for side in [&b.first, &b.second] {
                            assert_eq!(side.iter().map(|&c| u32::from(c)).sum::<u32>(), 15);
                        }
                        assert_eq!(
                            (u32::from(b.first[25]), u32::from(b.second[25])),
                            (s.bar_first, s.bar_second)
                        );
                        assert_eq!(
                            (u32::from(b.first[0]), u32::from(b.second[0])),
                            (s.off_first, s.off_second)
                        );
                        let pips = |side: &[u8; 26]| {
                            side.iter()
                                .enumerate()
                                .map(|(i, &c)| i as u32 * u32::from(c))
                                .sum::<u32>()
                        };
                        assert_eq!(
                            (pips(&b.first), pips(&b.second)),
                            (s.pips_first, s.pips_second)
                        );
                        assert_eq!(s.game_over, s.winner != games_ffi::GAMES_NO_PLAYER);
                    }
                }
                Call::Free => {
                    games_backgammon_free(game);
                    game = ptr::null_mut();
                }
            }
        }
        games_backgammon_free(game);
    }
});

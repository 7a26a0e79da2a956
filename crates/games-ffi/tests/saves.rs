//! One save per game: what the C API saves is byte for byte what the Rust
//! crate saves for the same game (`Game::save`, or `Match::save` for a Nim
//! handle and a dots-and-boxes match), each side loads the other's saves,
//! and the version-1 saves of earlier releases of the C API still load,
//! with the AI's generator where it was.
#![allow(unsafe_code)]

use std::ffi::CString;
use std::ptr;

use games_common::{Budget, CancelFlag, Player};
use games_ffi::backgammon::*;
use games_ffi::canicas::*;
use games_ffi::games_budget;
use games_ffi::games_result::*;
use games_ffi::nim::*;
use games_ffi::timbiriche::*;

#[path = "support/c_save.rs"]
#[macro_use]
mod c_save;

/// Load through a C `*_load` function: the handle, or the result code.
macro_rules! c_load {
    ($load:ident, $bytes:expr) => {{
        let mut handle = ptr::null_mut();
        match $bytes {
            bytes => {
                let bytes: &[u8] = bytes;
                // SAFETY: a live slice and a local out-pointer.
                match unsafe { $load(bytes.as_ptr(), bytes.len(), &mut handle) } {
                    GAMES_RESULT_OK => Ok(handle),
                    r => Err(r),
                }
            }
        }
    }};
}

const NODES: games_budget = games_budget {
    max_nodes: 20_000,
    max_millis: 0,
};
const RUST_NODES: Budget = Budget::nodes(20_000);

// ---------------------------------------------------------------- Nim

/// The C side: Easy moves played, then one more drawn and not played.
unsafe fn nim_c_play(g: *mut games_nim_game, moves: usize) {
    for _ in 0..moves {
        let mut mv = games_nim_move::default();
        // SAFETY: a live handle and a local out-pointer (caller).
        unsafe {
            assert_eq!(
                games_nim_ai_move(g, GAMES_NIM_LEVEL_EASY, &NODES, ptr::null(), &mut mv),
                GAMES_RESULT_OK
            );
            assert_eq!(games_nim_play(g, mv), GAMES_RESULT_OK);
        }
    }
}

#[test]
fn nim_c_save_is_the_match_save() {
    use nim_core::{Level, Match, Rule};
    let rows = [2u32, 3];
    let mut g = ptr::null_mut();
    // SAFETY: local arrays and out-pointers.
    unsafe {
        assert_eq!(
            games_nim_new(rows.as_ptr(), 2, GAMES_NIM_RULE_MISERE, 3, 1, 17, &mut g),
            GAMES_RESULT_OK
        );
    }
    let mut m = Match::new(&[2, 3], Rule::Misere, 3, Player::Second, 17).unwrap();
    let cancel = CancelFlag::new();
    let rust_play = |m: &mut Match, n: usize| {
        for _ in 0..n {
            let mv = m
                .game_mut()
                .ai_move(Level::Easy, RUST_NODES, &cancel)
                .unwrap()
                .mv;
            m.game_mut().play(mv).unwrap();
        }
    };
    // The first round to its end, the next round, one move, an undo.
    let mut played = 0;
    while !m.game().is_over() {
        rust_play(&mut m, 1);
        played += 1;
    }
    // SAFETY: a live handle.
    unsafe {
        nim_c_play(g, played);
        assert_eq!(games_nim_next_round(g), GAMES_RESULT_OK);
        nim_c_play(g, 2);
        assert_eq!(games_nim_undo(g), GAMES_RESULT_OK);
    }
    m.next_round().unwrap();
    rust_play(&mut m, 2);
    m.game_mut().undo().unwrap();
    let c_bytes = c_save!(games_nim_save, g);
    assert_eq!(
        c_bytes,
        m.save(),
        "the C save is Match::save, byte for byte"
    );
    assert_eq!(Match::load(&c_bytes).unwrap(), m);
    let from_rust = c_load!(games_nim_load, &m.save()).expect("the C API loads the Rust save");
    assert_eq!(c_save!(games_nim_save, from_rust), m.save());
    // SAFETY: handles from the library, released once.
    unsafe {
        games_nim_free(from_rust);
        games_nim_free(g);
    }
}

#[test]
fn a_version_1_nim_save_of_the_c_api_loads_with_its_generator() {
    let v1: &[u8] = include_bytes!("data/nim-v1.json");
    let g = c_load!(games_nim_load, v1).expect("a version-1 C save loads");
    let mut next = Vec::new();
    for _ in 0..4 {
        let mut mv = games_nim_move::default();
        // SAFETY: a live handle and a local out-pointer.
        unsafe {
            assert_eq!(
                games_nim_ai_move(g, GAMES_NIM_LEVEL_EASY, ptr::null(), ptr::null(), &mut mv),
                GAMES_RESULT_OK
            );
        }
        next.push((mv.row, mv.take));
    }
    // What the version-1 library answered after writing this file.
    assert_eq!(next, [(1, 1), (0, 2), (1, 3), (2, 2)]);
    let again = c_save!(games_nim_save, g);
    assert!(again.starts_with(br#"{"format":"games.nim.match","version":2,"#));
    assert!(nim_core::Match::load(v1).is_ok());
    // SAFETY: a handle from the library, released once.
    unsafe { games_nim_free(g) };
}

// ---------------------------------------------------- dots and boxes

fn timbiriche_c_new(rows: u32, cols: u32, games: u32, seed: u64) -> *mut games_timbiriche_game {
    let mut o = games_timbiriche_options {
        rows: 0,
        cols: 0,
        misere: false,
        values_kind: 0,
        values: ptr::null(),
        values_len: 0,
        values_seed: 0,
        games: 0,
        start: 0,
        seed: 0,
    };
    let mut g = ptr::null_mut();
    // SAFETY: local out-pointers.
    unsafe {
        assert_eq!(games_timbiriche_options_default(&mut o), GAMES_RESULT_OK);
        o.rows = rows;
        o.cols = cols;
        o.games = games;
        o.start = GAMES_TIMBIRICHE_START_ALTERNATING;
        o.seed = seed;
        assert_eq!(games_timbiriche_new(&o, &mut g), GAMES_RESULT_OK);
    }
    g
}

#[test]
fn timbiriche_c_save_is_the_game_save_or_the_match_save() {
    use timbiriche_core::{
        BoardSize, Game, GameOptions, Level, Match, MatchOptions, Session, StartPolicy, Variant,
    };
    let cancel = CancelFlag::new();
    // A single game: Easy lines, an undo, a hint.
    let g = timbiriche_c_new(3, 3, 1, 21);
    let mut h = games_timbiriche_hint::default();
    // SAFETY: a live handle and a local out-pointer.
    unsafe {
        timbiriche_next(g, 6);
        assert_eq!(games_timbiriche_undo(g), GAMES_RESULT_OK);
        assert_eq!(
            games_timbiriche_take_hint(g, &NODES, ptr::null(), &mut h),
            GAMES_RESULT_OK
        );
    }
    let mut game = Game::new(GameOptions::standard(BoardSize::new(3, 3).unwrap()))
        .unwrap()
        .with_ai_seed(21);
    for _ in 0..6 {
        game.play_ai(Level::Easy, RUST_NODES, &cancel).unwrap();
    }
    assert!(game.undo());
    game.hint(RUST_NODES, &cancel).unwrap();
    let c_bytes = c_save!(games_timbiriche_save, g);
    assert_eq!(String::from_utf8(c_bytes.clone()).unwrap(), game.save());
    assert_eq!(Game::load(&game.save()).unwrap(), game);
    let from_rust =
        c_load!(games_timbiriche_load, game.save().as_bytes()).expect("the C API loads it");
    assert_eq!(c_save!(games_timbiriche_save, from_rust), c_bytes);

    // A match: the first game to its end, the next game, one line.
    let m_c = timbiriche_c_new(1, 2, 3, 3);
    let mut m = Match::new(MatchOptions {
        size: BoardSize::new(1, 2).unwrap(),
        variant: Variant::standard(),
        games: 3,
        policy: StartPolicy::Alternating,
    })
    .unwrap()
    .with_ai_seed(3);
    let mut lines = 0;
    while !m.game().position().is_over() {
        m.game_mut()
            .play_ai(Level::Easy, RUST_NODES, &cancel)
            .unwrap();
        lines += 1;
    }
    m.next_game().unwrap();
    m.game_mut()
        .play_ai(Level::Easy, RUST_NODES, &cancel)
        .unwrap();
    // SAFETY: a live handle.
    unsafe {
        timbiriche_next(m_c, lines);
        assert_eq!(games_timbiriche_next_game(m_c), GAMES_RESULT_OK);
        timbiriche_next(m_c, 1);
    }
    let c_bytes = c_save!(games_timbiriche_save, m_c);
    assert_eq!(String::from_utf8(c_bytes.clone()).unwrap(), m.save());
    assert_eq!(Match::load(&m.save()).unwrap(), m);
    assert_eq!(
        Session::load(std::str::from_utf8(&c_bytes).unwrap()).unwrap(),
        Session::Match(m.clone())
    );
    let from_rust = c_load!(games_timbiriche_load, m.save().as_bytes()).unwrap();
    assert_eq!(c_save!(games_timbiriche_save, from_rust), c_bytes);
    // SAFETY: handles from the library, each released once.
    unsafe {
        games_timbiriche_free(from_rust);
        games_timbiriche_free(m_c);
        games_timbiriche_free(g);
    }
}

/// The next `n` Easy lines the C API draws and plays, as (orientation, row, col).
fn timbiriche_next(g: *mut games_timbiriche_game, n: usize) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for _ in 0..n {
        let mut l = games_timbiriche_line::default();
        // SAFETY: a live handle and a local out-pointer.
        unsafe {
            assert_eq!(
                games_timbiriche_ai_move(
                    g,
                    GAMES_TIMBIRICHE_LEVEL_EASY,
                    &NODES,
                    ptr::null(),
                    &mut l
                ),
                GAMES_RESULT_OK
            );
            assert_eq!(
                games_timbiriche_play(g, l, ptr::null_mut()),
                GAMES_RESULT_OK
            );
        }
        out.push((l.orientation, l.row, l.col));
    }
    out
}

#[test]
fn version_1_dots_and_boxes_saves_of_the_c_api_load_with_their_generator() {
    let single: &[u8] = include_bytes!("data/timbiriche-single-v1.json");
    let g = c_load!(games_timbiriche_load, single).expect("a version-1 game loads");
    let mut s = games_timbiriche_state::default();
    // SAFETY: a live handle and a local out-pointer.
    unsafe { assert_eq!(games_timbiriche_get_state(g, &mut s), GAMES_RESULT_OK) };
    assert_eq!((s.lines_drawn, s.games, s.hints_left), (5, 1, 2));
    assert!(s.undo_used && s.can_redo);
    // What the version-1 library answered after writing these files.
    assert_eq!(
        timbiriche_next(g, 4),
        [(1, 0, 3), (0, 0, 1), (1, 2, 3), (0, 1, 2)]
    );
    let core = timbiriche_core::Game::load(std::str::from_utf8(single).unwrap()).unwrap();
    assert_eq!(core.moves().len(), 5);

    let matched: &[u8] = include_bytes!("data/timbiriche-match-v1.json");
    let m = c_load!(games_timbiriche_load, matched).expect("a version-1 match loads");
    // SAFETY: a live handle and a local out-pointer.
    unsafe { assert_eq!(games_timbiriche_get_state(m, &mut s), GAMES_RESULT_OK) };
    assert_eq!((s.games, s.game_index, s.lines_drawn), (3, 1, 1));
    assert_eq!(
        timbiriche_next(m, 4),
        [(0, 1, 1), (0, 1, 0), (1, 0, 2), (0, 0, 1)]
    );
    let core = timbiriche_core::Match::load(std::str::from_utf8(matched).unwrap()).unwrap();
    assert_eq!(core.games_finished(), 1);
    let again = c_save!(games_timbiriche_save, m);
    assert!(again.starts_with(br#"{"format":"games.timbiriche.match","version":2,"#));
    // SAFETY: handles from the library, each released once.
    unsafe {
        games_timbiriche_free(m);
        games_timbiriche_free(g);
    }
}

// --------------------------------------------------------- backgammon

/// Roll or play (Easy) for `turns` steps through the C API.
unsafe fn backgammon_c_play(g: *mut games_backgammon_game, turns: usize) {
    let mut s = games_backgammon_state::default();
    for _ in 0..turns {
        // SAFETY: a live handle and local out-pointers (caller).
        unsafe {
            assert_eq!(games_backgammon_get_state(g, &mut s), GAMES_RESULT_OK);
            if s.game_over {
                return;
            }
            if !s.dice_rolled {
                let r = games_backgammon_roll(g, ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
                assert_eq!(r, GAMES_RESULT_OK);
                continue;
            }
            let mut p = games_backgammon_move::default();
            let r = games_backgammon_ai_move(
                g,
                GAMES_BACKGAMMON_LEVEL_EASY,
                &NODES,
                ptr::null(),
                &mut p,
            );
            assert_eq!(r, GAMES_RESULT_OK);
            assert_eq!(games_backgammon_play_move(g, &p), GAMES_RESULT_OK);
        }
    }
}

/// The same through the Rust API.
fn backgammon_rust_play(g: &mut backgammon_core::Game, turns: usize) {
    let cancel = CancelFlag::new();
    for _ in 0..turns {
        if g.is_over() {
            return;
        }
        if g.dice().is_none() {
            g.roll().unwrap();
            continue;
        }
        let m = g
            .ai_move(backgammon_core::Level::Easy, RUST_NODES, &cancel)
            .unwrap();
        g.play(&m.play).unwrap();
    }
}

fn backgammon_same_save(c: *mut games_backgammon_game, rust: &backgammon_core::Game) {
    let c_bytes = c_save!(games_backgammon_save, c);
    assert_eq!(String::from_utf8(c_bytes.clone()).unwrap(), rust.save());
    assert_eq!(&backgammon_core::Game::load(&rust.save()).unwrap(), rust);
    let from_rust = c_load!(games_backgammon_load, rust.save().as_bytes()).unwrap();
    assert_eq!(c_save!(games_backgammon_save, from_rust), c_bytes);
    // SAFETY: a handle from the library, released once.
    unsafe { games_backgammon_free(from_rust) };
}

#[test]
fn backgammon_c_save_is_the_game_save() {
    use backgammon_core::{Game, Opening, Position};
    // A seeded game.
    let mut o = games_backgammon_options::default();
    let mut g = ptr::null_mut();
    // SAFETY: local out-pointers; a live handle.
    unsafe {
        assert_eq!(games_backgammon_options_default(&mut o), GAMES_RESULT_OK);
        o.seed = 9;
        assert_eq!(games_backgammon_new(&o, &mut g), GAMES_RESULT_OK);
        backgammon_c_play(g, 25);
    }
    let mut rust = Game::new(9);
    backgammon_rust_play(&mut rust, 25);
    backgammon_same_save(g, &rust);

    // An opening from outside: later rolls come from the AI's generator.
    let mut outside = ptr::null_mut();
    o.opening_first = 5;
    o.opening_second = 2;
    o.seed = 13;
    // SAFETY: local out-pointers; a live handle.
    unsafe {
        assert_eq!(games_backgammon_new(&o, &mut outside), GAMES_RESULT_OK);
        backgammon_c_play(outside, 15);
    }
    let mut rust = Game::with_opening(Opening::new(5, 2).unwrap()).with_ai_seed(13);
    backgammon_rust_play(&mut rust, 15);
    backgammon_same_save(outside, &rust);

    // A game from a position.
    let id = CString::new("4HPwATDgc/ABMA").unwrap();
    let mut from_id = ptr::null_mut();
    // SAFETY: a NUL-terminated string, local out-pointers; a live handle.
    unsafe {
        assert_eq!(
            games_backgammon_new_from_position_id(id.as_ptr(), 1, 31, &mut from_id),
            GAMES_RESULT_OK
        );
        backgammon_c_play(from_id, 9);
    }
    let position = Position::from_gnubg_id("4HPwATDgc/ABMA").unwrap();
    let mut rust = Game::from_position(position, Player::Second).with_ai_seed(31);
    backgammon_rust_play(&mut rust, 9);
    backgammon_same_save(from_id, &rust);
    // SAFETY: handles from the library, each released once.
    unsafe {
        games_backgammon_free(from_id);
        games_backgammon_free(outside);
        games_backgammon_free(g);
    }
}

#[test]
fn version_1_backgammon_saves_of_the_c_api_load_with_their_generator() {
    let v1: &[u8] = include_bytes!("data/backgammon-v1.json");
    let g = c_load!(games_backgammon_load, v1).expect("a version-1 save loads");
    let mut p = games_backgammon_move::default();
    let budget = games_budget {
        max_nodes: 200,
        max_millis: 0,
    };
    // SAFETY: a live handle and a local out-pointer.
    unsafe {
        assert_eq!(
            games_backgammon_ai_move(g, GAMES_BACKGAMMON_LEVEL_EASY, &budget, ptr::null(), &mut p),
            GAMES_RESULT_OK
        );
    }
    // What the version-1 library answered after writing this file: 6/5(2) 5/4*(2).
    let steps: Vec<(u8, u8, bool)> = p.steps[..p.step_count as usize]
        .iter()
        .map(|s| (s.from, s.to, s.hit))
        .collect();
    assert_eq!(
        steps,
        [(6, 5, false), (6, 5, false), (5, 4, true), (5, 4, false)]
    );
    let core = backgammon_core::Game::load(std::str::from_utf8(v1).unwrap()).unwrap();
    assert_eq!(core.seed(), Some(9));
    assert_eq!(core.history().len(), 3);

    // A game without a dice seed saved by an earlier build rolls from the
    // saved generator, as the version-1 library did (11 here), so the game
    // goes on with the dice it would have had; games saved now roll from
    // the AI's seed and the turns played instead (a `"rolls":"turns"`
    // field). Loading it again rolls the same dice.
    let v1: &[u8] = include_bytes!("data/backgammon-outside-dice-v1.json");
    let g2 = c_load!(games_backgammon_load, v1).expect("a version-1 save loads");
    let again_loaded = c_load!(games_backgammon_load, v1).expect("a version-1 save loads");
    let (mut d1, mut d2) = (0, 0);
    let (mut e1, mut e2) = (0, 0);
    // SAFETY: live handles and local out-pointers.
    unsafe {
        assert_eq!(
            games_backgammon_roll(g2, &mut d1, &mut d2, ptr::null_mut()),
            GAMES_RESULT_OK
        );
        assert_eq!(
            games_backgammon_roll(again_loaded, &mut e1, &mut e2, ptr::null_mut()),
            GAMES_RESULT_OK
        );
        games_backgammon_free(again_loaded);
    }
    assert_eq!((d1, d2), (1, 1));
    assert_eq!((e1, e2), (d1, d2));
    let again = c_save!(games_backgammon_save, g2);
    assert!(again.starts_with(br#"{"format":"games.backgammon","version":2,"#));
    // SAFETY: handles from the library, each released once.
    unsafe {
        games_backgammon_free(g2);
        games_backgammon_free(g);
    }
}

// --------------------------------------------------------- Color Lines

#[test]
fn canicas_c_save_is_the_game_save() {
    use canicas_core::{ai, Game, Rules};
    let budget = games_budget {
        max_nodes: 300,
        max_millis: 0,
    };
    let mut g = ptr::null_mut();
    // SAFETY: local out-pointers; a live handle.
    unsafe {
        assert_eq!(games_canicas_new(ptr::null(), 12, &mut g), GAMES_RESULT_OK);
        for _ in 0..5 {
            let mut mv = games_canicas_move::default();
            assert_eq!(
                games_canicas_hint(g, &budget, ptr::null(), &mut mv),
                GAMES_RESULT_OK
            );
            assert_eq!(games_canicas_play(g, mv, ptr::null_mut()), GAMES_RESULT_OK);
        }
        assert_eq!(games_canicas_undo(g), GAMES_RESULT_OK);
    }
    let mut rust = Game::new(Rules::FIVE, 12).unwrap();
    let cancel = CancelFlag::new();
    for _ in 0..5 {
        let mv = ai::hint(&rust.state().view(), Budget::nodes(300), &cancel)
            .best
            .unwrap();
        rust.play(mv).unwrap();
    }
    rust.undo().unwrap();
    let c_bytes = c_save!(games_canicas_save, g);
    assert_eq!(String::from_utf8(c_bytes.clone()).unwrap(), rust.save());
    assert_eq!(Game::load(&rust.save()).unwrap(), rust);
    let from_rust = c_load!(games_canicas_load, rust.save().as_bytes()).unwrap();
    assert_eq!(c_save!(games_canicas_save, from_rust), c_bytes);

    let v1: &[u8] = include_bytes!("data/canicas-v1.json");
    let old = c_load!(games_canicas_load, v1).expect("a version-1 save loads");
    let mut s = games_canicas_state::default();
    // SAFETY: a live handle and a local out-pointer.
    unsafe { assert_eq!(games_canicas_get_state(old, &mut s), GAMES_RESULT_OK) };
    assert_eq!((s.moves, s.score), (4, 10));
    let core = Game::load(std::str::from_utf8(v1).unwrap()).unwrap();
    assert_eq!(c_save!(games_canicas_save, old), core.save().into_bytes());
    // SAFETY: handles from the library, each released once.
    unsafe {
        games_canicas_free(old);
        games_canicas_free(from_rust);
        games_canicas_free(g);
    }
}

#[test]
fn a_save_of_another_game_is_refused_by_every_load() {
    let nim: &[u8] = br#"{"format":"games.nim.match","version":2,"rounds":1}"#;
    assert_eq!(
        c_load!(games_backgammon_load, nim).err(),
        Some(GAMES_RESULT_INVALID_DATA)
    );
    assert_eq!(
        c_load!(games_timbiriche_load, nim).err(),
        Some(GAMES_RESULT_INVALID_DATA)
    );
    assert_eq!(
        c_load!(games_canicas_load, nim).err(),
        Some(GAMES_RESULT_INVALID_DATA)
    );
    let bg: &[u8] = br#"{"format":"games.backgammon","version":2,"seed":1}"#;
    assert_eq!(
        c_load!(games_nim_load, bg).err(),
        Some(GAMES_RESULT_INVALID_DATA)
    );
    let later: &[u8] = br#"{"format":"games.backgammon","version":3}"#;
    assert_eq!(
        c_load!(games_backgammon_load, later).err(),
        Some(GAMES_RESULT_UNSUPPORTED_VERSION)
    );
}

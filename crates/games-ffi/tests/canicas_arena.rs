//! The Color Lines arena through the C API: the same games and figures as
//! the Rust crate's arena, the means and medians over full games alone.
//!
//! Spec: "report deaths per 100,000 moves (and points per move) over many
//! seeded deals, with a move cap per game, as well as mean and median
//! score and moves survived over full games where they fit."
#![allow(unsafe_code)]

use std::ptr;

use canicas_core::{arena_threads, ArenaReport, Rules};
use games_common::{Budget, CancelFlag};
use games_ffi::canicas::*;
use games_ffi::common::games_budget;
use games_ffi::games_result::*;

/// A 6×6 board of the five-in-a-row game: its games end within a dozen
/// moves, so a cap of 12 lets some end and stops others.
const SIZE: u8 = 6;
/// The autoplayer's nodes per move.
const NODES: u64 = 10;

/// The C arena over deals 1 to 8, at most `max_moves` moves each.
fn c_arena(max_moves: u64) -> games_canicas_arena_report {
    let options = games_canicas_options {
        size: u32::from(SIZE),
        colours: 7,
        min_line: 5,
        arrivals: 3,
        start: 5,
    };
    let budget = games_budget {
        max_nodes: NODES,
        max_millis: 0,
    };
    let mut report = games_canicas_arena_report::default();
    // SAFETY: local options, budget and report; no token.
    let r = unsafe {
        games_canicas_arena(
            &options,
            1,
            8,
            max_moves,
            1,
            &budget,
            ptr::null(),
            &mut report,
        )
    };
    assert_eq!(r, GAMES_RESULT_OK);
    report
}

/// The Rust crate's arena over the same deals.
fn rust_arena(max_moves: u64) -> ArenaReport {
    let rules = Rules {
        size: SIZE,
        ..Rules::FIVE
    };
    let cancel = CancelFlag::new();
    arena_threads(
        rules,
        1..=8,
        max_moves,
        Budget::nodes(NODES),
        1,
        &cancel,
        &|_, _| (),
    )
    .expect("valid rules")
}

/// Mean and median points, mean and median moves, over full games.
fn full_figures(c: &games_canicas_arena_report) -> [f64; 4] {
    [
        c.full_mean_points,
        c.full_median_points,
        c.full_mean_moves,
        c.full_median_moves,
    ]
}

#[test]
fn the_c_arena_gives_means_and_medians_over_full_games_only() {
    let c = c_arena(12);
    let rust = rust_arena(12);
    let full = rust.full_games();
    // Some games end within the cap, some are stopped by it.
    assert!(full.games > 0 && full.games < rust.games, "{rust:?}");
    assert_eq!((c.games, c.deaths), (rust.games, rust.deaths));
    assert_eq!(c.full_games, full.games);
    assert_eq!(c.capped_games, rust.games - full.games);
    assert_eq!(
        full_figures(&c),
        [
            full.mean_points,
            full.median_points,
            full.mean_moves,
            full.median_moves
        ]
    );
    // The capped games' moves are the cap, not moves survived: over every
    // game the mean differs (the older fields keep that meaning).
    assert_ne!(c.full_mean_moves, c.mean_moves);
    assert_eq!(
        (c.mean_moves, c.median_moves, c.mean_points, c.median_points),
        (
            rust.mean_moves,
            rust.median_moves,
            rust.mean_points,
            rust.median_points
        )
    );
    assert!(!c.cancelled);
}

#[test]
fn with_no_full_game_the_full_figures_are_zero() {
    let c = c_arena(5);
    assert_eq!((c.games, c.full_games, c.capped_games), (8, 0, 8));
    assert_eq!(full_figures(&c), [0.0; 4]);
    assert_eq!(c.mean_moves, 5.0);
}

#[test]
fn with_every_game_full_the_full_figures_are_the_figures() {
    let c = c_arena(1000);
    assert_eq!((c.games, c.full_games, c.capped_games), (8, 8, 0));
    assert_eq!(
        full_figures(&c),
        [c.mean_points, c.median_points, c.mean_moves, c.median_moves]
    );
}

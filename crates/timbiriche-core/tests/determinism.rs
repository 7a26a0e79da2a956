//! The AI is deterministic for a seed and a node budget ("All levels are
//! deterministic for a given seed and position", the spec's dots and boxes
//! page; "the same seed and the same inputs give the same game and the same
//! AI moves on every platform", its README): the same seeded games twice in
//! one process give the same lines, and those lines are the ones recorded
//! below.
//!
//! The recorded sequences are golden values computed once, on the machine
//! the test was written on (x86_64 Linux). They guard against drift across
//! platforms and versions (a generator drawn differently, a hash map
//! iterated, a table whose size depends on the memory granted, a width
//! that differs): a change to them must be a deliberate, documented change
//! of the AI, never a silent one.

use timbiriche_core::notation::line_to_string;
use timbiriche_core::{BoardSize, Budget, CancelFlag, Game, GameOptions, Level, Player};

/// A whole game on 3×3 boxes of the seeded AI against itself: Hard (chain
/// counting, the double-cross and the exact endgame, with a node budget)
/// for the first player and, in turn by seed, Easy or Medium (which draw
/// from the generator) for the second: the lines drawn.
fn ai_game(seed: u64) -> Vec<String> {
    let options = GameOptions::standard(BoardSize::new(3, 3).unwrap());
    let mut game = Game::new(options).unwrap().with_ai_seed(seed);
    let other = if seed % 2 == 0 {
        Level::Easy
    } else {
        Level::Medium
    };
    let cancel = CancelFlag::new();
    let mut lines = Vec::new();
    while !game.position().is_over() {
        let level = if game.position().to_move() == Player::First {
            Level::Hard
        } else {
            other
        };
        let m = game.play_ai(level, Budget::nodes(20_000), &cancel).unwrap();
        lines.push(line_to_string(m.line));
    }
    lines
}

#[test]
fn seeded_ai_games_repeat_and_match_the_recorded_lines() {
    let golden: [&[&str]; 3] = [
        &[
            "a1-a2", "b2-c2", "c1-d1", "b3-b4", "b1-c1", "d3-d4", "c2-d2", "c3-d3", "a2-b2",
            "c4-d4", "c3-c4", "a3-b3", "a3-a4", "a4-b4", "c2-c3", "d2-d3", "b2-b3", "a2-a3",
            "b4-c4", "b3-c3", "c1-c2", "d1-d2", "b1-b2", "a1-b1",
        ],
        &[
            "b1-c1", "b3-c3", "a4-b4", "a1-b1", "b2-b3", "d3-d4", "c3-d3", "b3-b4", "b1-b2",
            "c1-d1", "d2-d3", "a2-a3", "d1-d2", "c4-d4", "c3-c4", "b4-c4", "b2-c2", "c2-c3",
            "c1-c2", "c2-d2", "a1-a2", "a2-b2", "a3-b3", "a3-a4",
        ],
        &[
            "b1-b2", "b3-c3", "a2-b2", "b2-c2", "a3-b3", "c2-c3", "b2-b3", "a2-a3", "c3-d3",
            "b4-c4", "c4-d4", "a3-a4", "c1-d1", "d1-d2", "a1-b1", "a1-a2", "b3-b4", "a4-b4",
            "d3-d4", "c3-c4", "b1-c1", "c1-c2", "c2-d2", "d2-d3",
        ],
    ];
    for (seed, want) in (0..).zip(golden) {
        let first = ai_game(seed);
        // Again, on another thread (the searches "can run on another thread").
        let again = std::thread::spawn(move || ai_game(seed)).join().unwrap();
        assert_eq!(again, first, "seed {seed}: two runs differ");
        assert_eq!(first, want, "seed {seed}: not the recorded lines");
    }
}

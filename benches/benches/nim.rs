//! Nim AI benches: Hard's move and the full analysis on the classic board
//! and on the largest board (32 rows of 65,536 circles), and Easy's random
//! move there. Each bench asserts its answer first, so a wrong engine cannot
//! report a fast time.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use games_common::{Budget, CancelFlag, GameRng, Player};
use nim_core::{ai_move, analyze, Level, Move, Position, Rule};

fn largest() -> Position {
    let rows: Vec<u32> = (0..32u32).map(|i| 65_536 - i * 1_999).collect();
    Position::new(&rows, Rule::Misere, Player::First).expect("valid board")
}

fn bench_nim(c: &mut Criterion) {
    let classic = Position::default();
    let big = largest();
    let cancel = CancelFlag::new();

    assert_eq!(analyze(&classic).winning_moves, vec![Move::new(0, 2)]);
    let mut rng = GameRng::from_seed(1);
    let mv = ai_move(&big, Level::Hard, &mut rng, Budget::UNLIMITED, &cancel)
        .expect("a move")
        .mv;
    let mut after = big.clone();
    after.play(mv).expect("legal");
    assert!(!analyze(&after).mover_wins || !analyze(&big).mover_wins);

    c.bench_function("nim/hard_move/classic_3_4_5", |b| {
        let mut rng = GameRng::from_seed(1);
        b.iter(|| {
            ai_move(
                black_box(&classic),
                Level::Hard,
                &mut rng,
                Budget::UNLIMITED,
                &cancel,
            )
        })
    });
    c.bench_function("nim/hard_move/32_rows_of_65536", |b| {
        let mut rng = GameRng::from_seed(1);
        b.iter(|| {
            ai_move(
                black_box(&big),
                Level::Hard,
                &mut rng,
                Budget::UNLIMITED,
                &cancel,
            )
        })
    });
    c.bench_function("nim/analysis/32_rows_of_65536", |b| {
        b.iter(|| analyze(black_box(&big)))
    });
    c.bench_function("nim/easy_move/32_rows_of_65536", |b| {
        let mut rng = GameRng::from_seed(1);
        b.iter(|| {
            ai_move(
                black_box(&big),
                Level::Easy,
                &mut rng,
                Budget::UNLIMITED,
                &cancel,
            )
        })
    });
}

criterion_group!(benches, bench_nim);
criterion_main!(benches);

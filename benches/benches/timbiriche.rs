//! Criterion benchmarks of timbiriche-core: random playouts through the
//! game trait, move generation, the exact solver and the AI levels.
#![allow(missing_docs)] // criterion_group! generates undocumented functions

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use games_common::{perft, random_playout, Budget, CancelFlag, GameRng, Playable, Scratch};
use timbiriche_core::{ai_move, notation, solve, BoardSize, Level, Position};

/// A position from seeded Medium self-play with `undrawn` lines left.
fn midgame(size: BoardSize, undrawn: usize, seed: u64) -> Position {
    let mut pos = Position::standard(size);
    let mut rng = GameRng::from_seed(seed);
    let cancel = CancelFlag::new();
    while pos.num_undrawn() > undrawn {
        let m = ai_move(&pos, Level::Medium, &mut rng, Budget::nodes(1000), &cancel).unwrap();
        pos.play(m.line).unwrap();
    }
    pos
}

fn movegen(c: &mut Criterion) {
    let pos = midgame(BoardSize::LARGE, 30, 1);
    c.bench_function("timbiriche/legal_moves_5x5", |b| {
        b.iter(|| black_box(&pos).legal_moves())
    });
    c.bench_function("timbiriche/safe_lines_5x5", |b| {
        b.iter(|| black_box(&pos).safe_lines())
    });
    c.bench_function("timbiriche/random_game_5x5", |b| {
        b.iter(|| {
            let mut p = Position::standard(BoardSize::LARGE);
            let mut rng = GameRng::from_seed(7);
            while !p.is_over() {
                let moves = p.legal_moves();
                let l = *rng.choose(&moves).unwrap();
                p.play(l).unwrap();
            }
            black_box(p.points(games_common::Player::First))
        })
    });
    c.bench_function("timbiriche/parse_line", |b| {
        b.iter(|| notation::parse_line(BoardSize::LARGE, black_box("c3-c4")))
    });
}

/// 5×5 random playouts from the empty board through the game trait (the
/// figure of issue 24, compared with OpenSpiel's C++ rollouts in
/// docs/benchmarks/timbiriche-playouts.md): `random_playout`, which picks
/// each move with `random_legal_move`; and the same games listing the legal
/// moves at every ply (`legal_moves` into a reused buffer, then `choose`).
fn playouts(c: &mut Criterion) {
    let start = Position::standard(BoardSize::LARGE);
    let mut g = c.benchmark_group("timbiriche/random_playouts_5x5");
    g.throughput(criterion::Throughput::Elements(1));
    let mut rng = GameRng::from_seed(1);
    let mut scratch = Scratch::new();
    g.bench_function("trait", |b| {
        b.iter(|| {
            let mut p = black_box(&start).clone();
            let plies = random_playout(&mut p, u64::MAX, &mut rng, &mut scratch);
            assert_eq!(plies, 60);
            black_box(p.points(games_common::Player::First))
        })
    });
    let mut rng = GameRng::from_seed(1);
    let mut moves = Vec::new();
    g.bench_function("listing_legal_moves", |b| {
        b.iter(|| {
            let mut p = black_box(&start).clone();
            loop {
                Playable::legal_moves(&p, &mut moves);
                let Some(&l) = rng.choose(&moves) else { break };
                let _ = Playable::play(&mut p, l);
            }
            black_box(p.points(games_common::Player::First))
        })
    });
    g.finish();
    c.bench_function("timbiriche/perft_5x5_depth_3", |b| {
        b.iter(|| {
            let n = perft(black_box(&start), 3);
            assert_eq!(n, 60 * 59 * 58);
            n
        })
    });
}

fn solver(c: &mut Criterion) {
    let cancel = CancelFlag::new();
    let mut g = c.benchmark_group("timbiriche/solve");
    g.sample_size(10);
    let empty3 = Position::standard(BoardSize::SMALL);
    g.bench_function("empty_3x3_all_best_moves", |b| {
        b.iter(|| solve(black_box(&empty3), Budget::UNLIMITED, &cancel))
    });
    for undrawn in [14, 20, 24] {
        let pos = midgame(BoardSize::MEDIUM, undrawn, 3);
        g.bench_function(format!("4x4_{undrawn}_undrawn"), |b| {
            b.iter(|| solve(black_box(&pos), Budget::UNLIMITED, &cancel))
        });
    }
    let pos = midgame(BoardSize::LARGE, 14, 3);
    g.bench_function("5x5_14_undrawn", |b| {
        b.iter(|| solve(black_box(&pos), Budget::UNLIMITED, &cancel))
    });
    g.finish();
}

fn ai(c: &mut Criterion) {
    let cancel = CancelFlag::new();
    let start = Position::standard(BoardSize::LARGE);
    let late = midgame(BoardSize::LARGE, 26, 5);
    for level in Level::ALL {
        c.bench_function(&format!("timbiriche/ai_{}_5x5_start", level.name()), |b| {
            b.iter(|| {
                let mut rng = GameRng::from_seed(1);
                ai_move(
                    black_box(&start),
                    level,
                    &mut rng,
                    level.default_budget(),
                    &cancel,
                )
            })
        });
    }
    c.bench_function("timbiriche/ai_hard_5x5_26_undrawn", |b| {
        b.iter(|| {
            let mut rng = GameRng::from_seed(1);
            ai_move(
                black_box(&late),
                Level::Hard,
                &mut rng,
                Level::Hard.default_budget(),
                &cancel,
            )
        })
    });
}

criterion_group!(benches, playouts, movegen, solver, ai);
criterion_main!(benches);

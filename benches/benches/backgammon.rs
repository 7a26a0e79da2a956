//! Backgammon benches: move generation over 1,000 contact positions × 21
//! rolls (throughput = distinct resulting positions per second), on our
//! seeded sample and on wildbg's own list, and the AI levels' decision time.
//! Each bench checks its answer first. Instructions per result (callgrind)
//! and the side-by-side run against wildbg: `examples/backgammon_movegen.rs`
//! and docs/benchmarks/backgammon-movegen.md.
//!
//! Wiring (benches/Cargo.toml): `backgammon-core.workspace = true` under
//! `[dependencies]` and a `[[bench]] name = "backgammon" harness = false`
//! (not `test = true`: in a debug build the 2-ply decisions take minutes,
//! so `cargo test` leaves this bench to `cargo bench`).
#![allow(missing_docs)]

use backgammon_core::{
    ai_move, legal_plays, legal_positions_into, pubeval_move, sample_positions, Budget, CancelFlag,
    Dice, GameRng, Level, Position,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use games_benches::wildbg_contact_positions;

fn rolls() -> Vec<Dice> {
    Dice::all_21().iter().map(|&(d, _)| d).collect()
}

/// Every distinct result of each position × each roll, into `buf`; how many.
fn all_results(positions: &[Position], rolls: &[Dice], buf: &mut Vec<Position>) -> usize {
    let mut n = 0usize;
    for p in positions {
        for &d in rolls {
            legal_positions_into(black_box(p), d, buf);
            n += buf.len();
        }
    }
    n
}

fn bench_movegen(c: &mut Criterion) {
    let positions = sample_positions(2024, 1000, true);
    assert_eq!(positions.len(), 1000);
    assert!(positions.iter().all(|p| !p.is_race()));
    let rolls = rolls();
    let mut buf: Vec<Position> = Vec::with_capacity(256);
    let mut total = 0u64;
    for p in &positions {
        for &d in &rolls {
            legal_positions_into(p, d, &mut buf);
            assert_eq!(buf.len(), legal_plays(p, d).len());
            total += buf.len() as u64;
        }
    }
    let mut g = c.benchmark_group("backgammon/movegen");
    g.throughput(Throughput::Elements(total));
    g.bench_function("positions_1000_contact_x21", |b| {
        b.iter(|| all_results(&positions, &rolls, &mut buf))
    });
    g.bench_function("plays_with_steps_1000_contact_x21", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for p in &positions {
                for &d in &rolls {
                    n += legal_plays(black_box(p), d).len();
                }
            }
            n
        })
    });
    // wildbg's own list (benches/data/wildbg-contact.csv): 404,313 results,
    // the count wildbg's benchmark asserts (218,356 + 185,957).
    let wildbg = wildbg_contact_positions();
    let total = all_results(&wildbg, &rolls, &mut buf);
    assert_eq!(total, 404_313);
    g.throughput(Throughput::Elements(total as u64));
    g.bench_function("positions_wildbg_contact_1000_x21", |b| {
        b.iter(|| all_results(&wildbg, &rolls, &mut buf))
    });
    g.finish();
}

fn bench_ai(c: &mut Criterion) {
    let positions = sample_positions(7, 20, true);
    let dice = Dice::new(5, 3).expect("valid dice");
    let cancel = CancelFlag::new();
    for p in &positions {
        let m = ai_move(
            p,
            dice,
            Level::Hard,
            &mut GameRng::from_seed(1),
            Budget::UNLIMITED,
            &cancel,
        );
        assert!(legal_plays(p, dice)
            .iter()
            .any(|x| x.result() == m.play.result()));
    }
    let mut g = c.benchmark_group("backgammon/ai");
    g.sample_size(10);
    for (name, level) in [
        ("easy", Level::Easy),
        ("normal", Level::Normal),
        ("hard", Level::Hard),
    ] {
        g.bench_function(format!("{name}_20_positions"), |b| {
            let mut rng = GameRng::from_seed(1);
            b.iter(|| {
                for p in &positions {
                    black_box(ai_move(
                        p,
                        dice,
                        level,
                        &mut rng,
                        Budget::UNLIMITED,
                        &cancel,
                    ));
                }
            })
        });
    }
    g.bench_function("pubeval_20_positions", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(pubeval_move(p, dice));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench_movegen, bench_ai);
criterion_main!(benches);

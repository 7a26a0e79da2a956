//! One bench for every game, written once against the `Playable` trait:
//! random playouts from the start (a playout per iteration, the same
//! seeded sequence of games in every run) and perft to a fixed depth. A
//! search written against the trait can be measured the same way on all
//! four games. Each bench checks its answer first (perft counts that the
//! games' own tests derive by hand or from GNU Backgammon), so a wrong
//! engine cannot report a fast time.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use games_common::{perft, random_playout, GameRng, Playable, Scratch};

/// Playouts and perft of one game from `start`.
fn bench_game<G: Playable>(c: &mut Criterion, name: &str, start: &G, depth: u32, count: u64) {
    assert_eq!(perft(start, depth), count, "{name}: perft({depth})");
    let mut group = c.benchmark_group(format!("playable/{name}"));
    group.bench_function("random_playout", |b| {
        let mut rng = GameRng::from_seed(1);
        let mut scratch = Scratch::new();
        b.iter(|| {
            let mut state = start.clone();
            let plies = random_playout(&mut state, 100_000, &mut rng, &mut scratch);
            assert!(state.is_terminal(), "{name}: the playout ends");
            black_box(plies)
        });
    });
    group.bench_function(format!("perft_{depth}"), |b| {
        b.iter(|| black_box(perft(black_box(start), depth)));
    });
    group.finish();
}

struct Bench<'a>(&'a mut Criterion);

impl games_benches::StartVisitor for Bench<'_> {
    fn visit<G: Playable>(&mut self, name: &str, start: &G, depth: u32, count: u64) {
        bench_game(self.0, name, start, depth, count);
    }
}

fn bench_all(c: &mut Criterion) {
    games_benches::visit_starts(&mut Bench(c));
}

criterion_group!(benches, bench_all);
criterion_main!(benches);

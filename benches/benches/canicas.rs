//! Canicas (Color Lines) benches: random legal moves applied with
//! reachability, line detection and arrivals (the rules' throughput, target
//! ≥ 1,000,000 moves per second on one core), and the hint at its default
//! budget (target ≤ 20 ms per move). Each bench checks its answer first.
#![allow(missing_docs)]

use canicas_core::{ai, Rules, State};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use games_common::{CancelFlag, GameRng};

/// Play `n` random legal moves, starting a new deal whenever a game ends.
fn random_moves(n: u64, rng: &mut GameRng, deal: &mut u64, state: &mut State) -> u64 {
    let mut points = 0;
    for _ in 0..n {
        if state.is_over() {
            *deal += 1;
            *state = State::new(Rules::FIVE, *deal).expect("valid rules");
        }
        let mv = state.random_move(rng).expect("a legal move");
        points += state.play_quiet(mv).expect("legal move");
    }
    points
}

fn bench_canicas(c: &mut Criterion) {
    // Check: random moves are legal and games end.
    let mut rng = GameRng::from_seed(7);
    let mut deal = 0;
    let mut state = State::new(Rules::FIVE, deal).expect("valid rules");
    random_moves(10_000, &mut rng, &mut deal, &mut state);
    assert!(deal > 10, "random games end");

    let mut group = c.benchmark_group("canicas/rules");
    const BATCH: u64 = 10_000;
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("random_moves_x10000", |b| {
        let mut rng = GameRng::from_seed(1);
        let mut deal = 0;
        let mut state = State::new(Rules::FIVE, deal).expect("valid rules");
        b.iter(|| random_moves(black_box(BATCH), &mut rng, &mut deal, &mut state))
    });
    group.finish();

    // Hint at the default budget on positions from a game played by the AI.
    let cancel = CancelFlag::new();
    let mut state = State::new(Rules::FIVE, 3).expect("valid rules");
    let mut positions = Vec::new();
    for _ in 0..40 {
        let hint = ai::hint(&state.view(), ai::default_budget(), &cancel);
        let mv = hint.best.expect("a move");
        assert!(state.check(mv).is_ok());
        positions.push(state.view());
        state.play_quiet(mv).expect("legal hint");
        if state.is_over() {
            break;
        }
    }
    let mut group = c.benchmark_group("canicas/ai");
    group.sample_size(20);
    group.bench_function("hint_default_budget", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            ai::hint(black_box(&positions[i]), ai::default_budget(), &cancel)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_canicas);
criterion_main!(benches);

//! One bench for every game, written once against the `Playable` trait:
//! random playouts from the start (a playout per iteration, the same
//! seeded sequence of games in every run) and perft to a fixed depth. A
//! search written against the trait can be measured the same way on all
//! four games. Each bench checks its answer first (perft counts that the
//! games' own tests derive by hand or from GNU Backgammon), so a wrong
//! engine cannot report a fast time.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use games_common::{perft, random_playout, GameRng, Playable, Player, Scratch};

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

fn bench_all(c: &mut Criterion) {
    // Nim, 3-4-5: 12 moves, then 113 (nim-core's tests/game_trait.rs).
    bench_game(c, "nim_3_4_5", &nim_core::Position::default(), 2, 113);
    // Dots and boxes 5×5: 60 lines, then 60 × 59 (no line of an empty
    // board completes a box, so the mover changes every time).
    let dots = timbiriche_core::Position::standard(timbiriche_core::BoardSize::new(5, 5).unwrap());
    bench_game(c, "timbiriche_5x5", &dots, 2, 60 * 59);
    // Backgammon from the first roll: 21 rolls, then GNU Backgammon's 447
    // distinct plays.
    let start = backgammon_core::GameState::from_position(
        backgammon_core::Position::start(),
        Player::First,
        None,
    );
    bench_game(c, "backgammon_start", &start, 2, 447);
    // Color Lines, five in a row, deal 7: 5 marbles × 76 free cells.
    let lines = canicas_core::State::new(canicas_core::Rules::FIVE, 7).unwrap();
    bench_game(c, "canicas_five_deal_7", &lines, 1, 380);
}

criterion_group!(benches, bench_all);
criterion_main!(benches);

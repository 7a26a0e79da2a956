//! A level's decision time over positions from seeded games:
//! `cargo run --release -p backgammon-core --example ai_timing -- 300 hard [FILE]`,
//! with FILE (weights or a training checkpoint of `backgammon_core::neural`)
//! the level plays with those networks (`ai_move_with`). The bear-off
//! tables are computed before the first decision is timed, as the engine
//! does at start.
use backgammon_core::train::evaluator_from_bytes;
use backgammon_core::{
    ai_move, ai_move_with, sample_positions, Budget, CancelFlag, Dice, Evaluation, GameRng, Level,
};
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let level: Level = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(Level::Hard);
    let ev = std::env::args().nth(3).map(|f| {
        let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("cannot read {f}: {e}"));
        evaluator_from_bytes(&bytes)
            .unwrap_or_else(|e| panic!("{f}: {e}"))
            .0
    });
    // The engine computes the bear-off tables while its host gets ready;
    // so does this measure, before the first decision is timed.
    backgammon_core::bearoff::prepare_tables();
    let positions = sample_positions(99, n, false);
    let mut rng = GameRng::from_seed(5);
    let cancel = CancelFlag::new();
    let mut times = Vec::with_capacity(n);
    let mut nodes = 0u64;
    for p in &positions {
        let d = Dice::roll(&mut rng);
        let t = Instant::now();
        let m = match &ev {
            Some(ev) => ai_move_with(
                p,
                d,
                level,
                Evaluation::Neural(ev),
                &mut rng,
                Budget::UNLIMITED,
                &cancel,
            ),
            None => ai_move(p, d, level, &mut rng, Budget::UNLIMITED, &cancel),
        };
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        nodes += m.stats.nodes;
    }
    times.sort_by(f64::total_cmp);
    let pct = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{level:?} over {} positions: median {:.2} ms, p90 {:.2} ms, worst {:.2} ms, mean nodes {}",
        times.len(),
        pct(0.5),
        pct(0.9),
        pct(1.0),
        nodes / times.len().max(1) as u64
    );
}

//! How far the exact solver goes: positions from seeded Medium self-play
//! with N undrawn lines, solved with all optimal moves.
//! `cargo run --release -p timbiriche-core --example solve_depth -- 4x4 20 10 [time-limit-s] [misere]`.
use std::time::{Duration, Instant};
use timbiriche_core::{ai_move, solve, BoardSize, Budget, CancelFlag, GameRng, Level, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("4x4", String::as_str)).unwrap_or(BoardSize::MEDIUM);
    let undrawn: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let limit: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(60);
    let misere = args.iter().any(|a| a == "misere");
    let cancel = CancelFlag::new();
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    let mut unsolved = 0;
    for seed in 0..count {
        let mut pos = Position::standard(size).with_misere(misere);
        let mut rng = GameRng::from_seed(seed);
        while pos.num_undrawn() > undrawn {
            let m = ai_move(&pos, Level::Medium, &mut rng, Budget::nodes(1000), &cancel).unwrap();
            pos.play(m.line).unwrap();
        }
        let t = Instant::now();
        let s = solve(&pos, Budget::time(Duration::from_secs(limit)), &cancel);
        let e = t.elapsed();
        if s.complete {
            times.push(e);
            nodes.push(s.nodes());
        } else {
            unsolved += 1;
        }
        eprintln!(
            "seed {seed}: undrawn {} value {:?} best {} nodes {} {:?}",
            pos.num_undrawn(),
            s.value,
            s.best_moves.len(),
            s.nodes(),
            e
        );
    }
    times.sort();
    nodes.sort_unstable();
    println!(
        "{size} undrawn {undrawn}: {} solved, {unsolved} over {limit}s; median {:?} max {:?}; median nodes {} max nodes {}",
        times.len(),
        times.get(times.len() / 2).copied().unwrap_or_default(),
        times.last().copied().unwrap_or_default(),
        nodes.get(nodes.len() / 2).copied().unwrap_or_default(),
        nodes.last().copied().unwrap_or_default()
    );
}

//! Times the exact solver: `cargo run --release -p timbiriche-core --example solve_timing -- 3x3 [misere] [lines]`.
use std::time::Instant;
use timbiriche_core::{notation, solve, BoardSize, Budget, CancelFlag, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("3x3", String::as_str)).unwrap_or(BoardSize::SMALL);
    let misere = args.iter().any(|a| a == "misere");
    let lines = args
        .iter()
        .skip(1)
        .find(|a| a.contains('-'))
        .map(|a| notation::parse_lines(size, a).unwrap_or_default())
        .unwrap_or_default();
    let mut pos = Position::standard(size).with_misere(misere);
    for l in lines {
        let _ = pos.play(l);
    }
    let t = Instant::now();
    let s = solve(&pos, Budget::UNLIMITED, &CancelFlag::new());
    println!(
        "{size} misere={misere} undrawn={} value={:?} best={} nodes={} time={:?}",
        pos.num_undrawn(),
        s.value,
        notation::lines_to_string(&s.best_moves),
        s.nodes(),
        t.elapsed()
    );
}

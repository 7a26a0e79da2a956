//! Times the exact solver: `cargo run --release -p timbiriche-core --example solve_timing -- 3x3 [misere] [lines] [mb=N]`
//! (`mb=N`: a table of N MiB instead of the default).
use std::time::Instant;
use timbiriche_core::{
    notation, solve_with, BoardSize, Budget, CancelFlag, Position, SolveOptions,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("3x3", String::as_str)).unwrap_or(BoardSize::SMALL);
    let misere = args.iter().any(|a| a == "misere");
    let lines = args
        .iter()
        .skip(1)
        .find(|a| a.contains('-') && !a.starts_with("mb="))
        .map(|a| notation::parse_lines(size, a).unwrap_or_default())
        .unwrap_or_default();
    let mut pos = Position::standard(size).with_misere(misere);
    for l in lines {
        let _ = pos.play(l);
    }
    let t = Instant::now();
    let table_bytes = args
        .iter()
        .find_map(|a| a.strip_prefix("mb=")?.parse::<usize>().ok())
        .map(|mb| mb << 20);
    let options = SolveOptions {
        table_bytes,
        progress: None,
    };
    let s = solve_with(&pos, Budget::UNLIMITED, &CancelFlag::new(), options);
    println!(
        "{size} misere={misere} undrawn={} value={:?} best={} nodes={} time={:?}",
        pos.num_undrawn(),
        s.value,
        notation::lines_to_string(&s.best_moves),
        s.nodes(),
        t.elapsed()
    );
}

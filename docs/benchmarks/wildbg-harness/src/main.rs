//! wildbg's move generator on a list of Position IDs: the same modes as
//! this project's `benches/examples/backgammon_movegen.rs`.
//!
//! ```sh
//! wildbg-movegen-harness FILE time REPS TRIALS [doubles|mixed]
//! wildbg-movegen-harness FILE count REPS [doubles|mixed]
//! wildbg-movegen-harness FILE dump
//! ```
use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use wildbg_movegen_harness::dice::Dice;
use wildbg_movegen_harness::position::Position;

/// CPU seconds this process has run (Linux), else wall seconds since `t`.
fn cpu_seconds(t: Instant) -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| t.elapsed().as_secs_f64(), |ns| ns as f64 / 1e9)
}

fn pass(positions: &[Position], rolls: &[Dice]) -> u64 {
    let mut n = 0u64;
    for p in positions {
        for d in rolls {
            n += black_box(p).all_positions_after_moving(d).len() as u64;
        }
    }
    n
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let only = args
        .iter()
        .position(|a| a == "doubles" || a == "mixed")
        .map(|i| args.remove(i) == "doubles");
    let text = std::fs::read_to_string(&args[0]).expect("the list of Position IDs");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::from_id(l.trim()))
        .collect();
    // The 21 rolls, higher number first.
    let pairs: Vec<(usize, usize)> = (1..=6).flat_map(|l| (l..=6).map(move |h| (h, l))).collect();
    let rolls: Vec<Dice> = pairs
        .iter()
        .map(|&(h, l)| Dice::new(h, l))
        .filter(|d| only.is_none_or(|doubles| doubles == matches!(d, Dice::Double(_))))
        .collect();
    let num = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |s| s.parse().expect("a number"))
    };
    match args.get(1).map_or("time", String::as_str) {
        "dump" => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for (i, p) in positions.iter().enumerate() {
                for &(h, l) in &pairs {
                    let mut ids: Vec<String> = p
                        .all_positions_after_moving(&Dice::new(h, l))
                        .iter()
                        .map(Position::position_id)
                        .collect();
                    ids.sort();
                    writeln!(out, "{i} {h}{l} {}", ids.join(" ")).expect("stdout");
                }
            }
        }
        "count" => {
            let reps = num(2, 1);
            let total: u64 = (0..reps).map(|_| pass(&positions, &rolls)).sum();
            println!(
                "wildbg: {} positions x {} rolls x {reps} passes: {total} results",
                positions.len(),
                rolls.len()
            );
        }
        _ => {
            let (reps, trials) = (num(2, 20), num(3, 5));
            let (mut best, mut total) = (f64::INFINITY, 0);
            for _ in 0..trials {
                let t = Instant::now();
                let c = cpu_seconds(t);
                total = (0..reps).map(|_| pass(&positions, &rolls)).sum();
                best = best.min(cpu_seconds(t) - c);
            }
            println!(
                "wildbg: {} positions x {} rolls x {reps} passes: {total} results; best of {trials}: {:.2} ns CPU per result",
                positions.len(),
                rolls.len(),
                best * 1e9 / total.max(1) as f64
            );
        }
    }
}

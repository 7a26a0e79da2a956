//! Backgammon move generation on wildbg's 1,000 contact positions × 21
//! rolls: every distinct resulting position, counted, timed, or listed.
//!
//! ```sh
//! cargo build --profile profiling -p games-benches --example backgammon_movegen
//! target/profiling/examples/backgammon_movegen time 20 5   # 20 passes a trial, best of 5
//! target/profiling/examples/backgammon_movegen count 10    # 10 passes (for callgrind)
//! target/profiling/examples/backgammon_movegen dump        # the results, for comparing
//! ```
//!
//! - `time REPS TRIALS`: each trial generates the results of all 21,000
//!   (position, roll) pairs REPS times with `legal_positions_into` (one
//!   reused buffer); prints the best trial's CPU nanoseconds per result (CPU
//!   time of this process from `/proc/self/schedstat` on Linux, wall time
//!   elsewhere).
//! - `count REPS`: the same passes, untimed; prints the number of results.
//!   Under `valgrind --tool=callgrind`, (instructions for REPS − instructions
//!   for 0) / (REPS × results) is the instructions per result.
//! - `dump`: one line per (position, roll): the position's index in the
//!   list, the roll (higher number first), then the GNU Backgammon Position
//!   IDs of the distinct results, each turned around so the opponent is on
//!   roll, sorted. Another program's list in the same form compares with
//!   `diff`.
//!
//! `FILE` as a last argument reads another list of Position IDs instead;
//! `doubles` or `mixed` as an extra argument keeps only those rolls (the 6
//! doubles or the 15 others).
use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use backgammon_core::{legal_positions_into, Dice, Position};
use games_benches::{positions_from_ids, wildbg_contact_positions};

/// CPU seconds this process has run (Linux), else wall seconds since `t`.
fn cpu_seconds(t: Instant) -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| t.elapsed().as_secs_f64(), |ns| ns as f64 / 1e9)
}

/// One pass: every position × every roll; the number of results.
fn pass(positions: &[Position], rolls: &[Dice], buf: &mut Vec<Position>) -> u64 {
    let mut n = 0u64;
    for p in positions {
        for &d in rolls {
            legal_positions_into(black_box(p), d, buf);
            n += buf.len() as u64;
        }
    }
    n
}

fn main() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `doubles` or `mixed` anywhere: only those rolls.
    let only = args
        .iter()
        .position(|a| a == "doubles" || a == "mixed")
        .map(|i| args.remove(i) == "doubles");
    let mode = args.first().map_or("time", String::as_str);
    let num = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |s| {
            s.parse().map_err(|_| format!("not a number: {s}"))
        })
    };
    let file = match mode {
        "time" => args.get(3),
        "count" => args.get(2),
        "dump" => args.get(1),
        other => return Err(format!("unknown mode {other} (time, count or dump)")),
    };
    let positions = match file {
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
            positions_from_ids(&text).map_err(|(line, e)| format!("{f} line {line}: {e}"))?
        }
        None => wildbg_contact_positions(),
    };
    let rolls: Vec<Dice> = Dice::all_21()
        .iter()
        .map(|&(d, _)| d)
        .filter(|d| only.is_none_or(|doubles| doubles == d.is_double()))
        .collect();
    let mut buf: Vec<Position> = Vec::with_capacity(256);
    match mode {
        "dump" => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for (i, p) in positions.iter().enumerate() {
                for &d in &rolls {
                    legal_positions_into(p, d, &mut buf);
                    let mut ids: Vec<String> = buf.iter().map(|r| r.flip().to_gnubg_id()).collect();
                    ids.sort();
                    writeln!(out, "{i} {}{} {}", d.high(), d.low(), ids.join(" "))
                        .map_err(|e| e.to_string())?;
                }
            }
        }
        "count" => {
            let reps = num(1, 1)?;
            let mut total = 0u64;
            for _ in 0..reps {
                total += pass(&positions, &rolls, &mut buf);
            }
            println!(
                "ours: {} positions x {} rolls x {reps} passes: {total} results",
                positions.len(),
                rolls.len()
            );
        }
        _ => {
            let (reps, trials) = (num(1, 20)?, num(2, 5)?);
            let mut best = f64::INFINITY;
            let mut total = 0u64;
            for _ in 0..trials {
                let t = Instant::now();
                let c = cpu_seconds(t);
                total = 0;
                for _ in 0..reps {
                    total += pass(&positions, &rolls, &mut buf);
                }
                best = best.min(cpu_seconds(t) - c);
            }
            println!(
                "ours: {} positions x {} rolls x {reps} passes: {total} results; best of {trials}: {:.2} ns CPU per result",
                positions.len(),
                rolls.len(),
                best * 1e9 / total.max(1) as f64
            );
        }
    }
    Ok(())
}

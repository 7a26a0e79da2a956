//! Duplicate-dice games between the networks of `backgammon_core::neural`
//! (from a weights file or a training checkpoint) and the crate's levels.
//!
//! `cargo run --release -p backgammon-core --example compare_bg -- FILE PAIRS [NEW OLD SEED OLD_EVAL]`
//!
//! Pair `i` uses the dice seed `SEED + i` twice, the sides swapped. `NEW`
//! is the level (normal = 1-ply, hard = 2-ply) played with FILE's networks,
//! `OLD` the level played with `OLD_EVAL`: `td` (the TD network of
//! `backgammon_core::nn`) or `shipped` (what `ai_move` uses). Defaults:
//! hard hard 1 td.
//! Prints the new side's points per game with a 95% interval over the
//! pairs, its wins, gammons and backgammons each way. One thread.
use std::process::exit;

use backgammon_core::train::evaluator_from_bytes;
use backgammon_core::{
    ai_move_with, nn, play_game_by, Budget, CancelFlag, Evaluation, Level, WinKind,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(file), Some(pairs)) = (
        args.first(),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: compare_bg FILE PAIRS [NEW OLD SEED OLD_EVAL]");
        exit(2)
    };
    let level = |i: usize| -> Level {
        args.get(i).map_or(Level::Hard, |s| {
            s.parse().unwrap_or_else(|e| {
                eprintln!("{e}");
                exit(2)
            })
        })
    };
    let (new, old) = (level(2), level(3));
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bytes = std::fs::read(file).unwrap_or_else(|e| {
        eprintln!("cannot read {file}: {e}");
        exit(1)
    });
    let ev = match evaluator_from_bytes(&bytes) {
        Ok((ev, games)) => {
            if let Some(g) = games {
                eprintln!("{file}: checkpoint at {g} games");
            }
            ev
        }
        Err(e) => {
            eprintln!("{file}: {e}");
            exit(1)
        }
    };
    let old_eval = match args.get(5).map(String::as_str) {
        None | Some("td") => nn::shipped().map_or(Evaluation::Heuristic, Evaluation::Td),
        Some("shipped") => Evaluation::shipped(old),
        Some(other) => {
            eprintln!("OLD_EVAL must be td or shipped, not {other:?}");
            exit(2)
        }
    };
    let old_name = args.get(5).map_or("td", String::as_str);
    let cancel = CancelFlag::new();
    let mut pair_points = Vec::new();
    let (mut wins, mut games) = (0u32, 0u32);
    let mut kinds = [[0u32; 3]; 2]; // [new won, new lost][single, gammon, backgammon]
    for i in 0..pairs {
        let ds = seed.wrapping_add(i);
        let ai = ds.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED;
        let mut sum = 0f64;
        for new_seat in [0usize, 1] {
            let mut choose = |seat: usize, pos: &_, dice, rng: &mut _| {
                let (level, eval) = if seat == new_seat {
                    (new, Evaluation::Neural(&ev))
                } else {
                    (old, old_eval)
                };
                ai_move_with(pos, dice, level, eval, rng, Budget::UNLIMITED, &cancel).play
            };
            let Some(r) = play_game_by(&mut choose, ds, ai) else {
                continue;
            };
            games += 1;
            let won = r.winner.index() == new_seat;
            let k = match r.kind {
                WinKind::Single => 0,
                WinKind::Gammon => 1,
                WinKind::Backgammon => 2,
            };
            kinds[usize::from(!won)][k] += 1;
            let pts = f64::from(r.points);
            if won {
                wins += 1;
                sum += pts;
            } else {
                sum -= pts;
            }
        }
        pair_points.push(sum / 2.0);
        if (i + 1) % 50 == 0 {
            eprintln!("{} pairs: {:+.3} ppg", i + 1, mean(&pair_points));
        }
    }
    let n = pair_points.len() as f64;
    let m = mean(&pair_points);
    let var = pair_points.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "{file}: new {new:?} vs {old:?} ({old_name}): {m:+.3} ± {:.3} ppg over {games} games \
         ({pairs} pairs from seed {seed}); new won {wins}; won s/g/bg {:?}, lost s/g/bg {:?}",
        1.96 * (var / n).sqrt(),
        kinds[0],
        kinds[1]
    );
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

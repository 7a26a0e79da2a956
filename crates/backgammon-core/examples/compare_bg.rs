//! Duplicate-dice games between the networks of `backgammon_core::neural`
//! (from a weights file or a training checkpoint) and the crate's levels.
//!
//! `cargo run --release -p backgammon-core --example compare_bg -- FILE PAIRS [NEW OLD SEED OLD_EVAL]`
//!
//! Pairs of games on the generic arena (`games_common::arena`), seeded
//! with `SEED`: both games of a pair have the same opening roll and dice,
//! the sides swapped. `NEW`
//! is the level (normal = 1-ply, hard = 2-ply) played with FILE's networks,
//! `OLD` the level played with `OLD_EVAL`: `td` (the TD network of
//! `backgammon_core::nn`) or `shipped` (what `ai_move` uses). Defaults:
//! hard hard 1 td. A level may also be Hard with other move filters,
//! `hard:KEEP,MARGIN,DEEP_KEEP,DEEP_MARGIN[,DEEP_NODES]` (see `HardSearch`;
//! Hard's own are `HARD_SEARCH`, and `hard:8,1,0,0` is Hard without the
//! 3-ply look).
//! Prints the new side's points per game with a 95% interval over the
//! pairs, its wins, gammons and backgammons each way. One thread.
use std::process::exit;

use backgammon_core::train::evaluator_from_bytes;
use backgammon_core::{
    ai_move_with, duplicate_start, hard_move_with, nn, Action, Budget, CancelFlag, Dice,
    Evaluation, GameRng, GameState, HardSearch, Level, Play, HARD_SEARCH,
};
use games_common::arena::{arena, ArenaOptions, FnAgent};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(file), Some(pairs)) = (
        args.first(),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: compare_bg FILE PAIRS [NEW OLD SEED OLD_EVAL]");
        exit(2)
    };
    let level = |i: usize| -> (Level, Option<HardSearch>) {
        args.get(i).map_or((Level::Hard, None), |s| {
            if let Some(f) = s.strip_prefix("hard:") {
                return (Level::Hard, Some(parse_filters(f)));
            }
            let level = s.parse().unwrap_or_else(|e| {
                eprintln!("{e}");
                exit(2)
            });
            (level, None)
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
        Some("shipped") => Evaluation::shipped(old.0),
        Some(other) => {
            eprintln!("OLD_EVAL must be td or shipped, not {other:?}");
            exit(2)
        }
    };
    let old_name = args.get(5).map_or("td", String::as_str);
    // The generic arena: pairs of games with the same opening roll and
    // dice, the sides swapped; side A is the new network.
    let new_agent = FnAgent::new("new", |s: &GameState, rng: &mut GameRng, c: &CancelFlag| {
        let dice = s.dice()?;
        let eval = Evaluation::Neural(&ev);
        Some(Action::Play(play(s, dice, new, eval, rng, c)))
    });
    let old_agent = FnAgent::new("old", |s: &GameState, rng: &mut GameRng, c: &CancelFlag| {
        let dice = s.dice()?;
        Some(Action::Play(play(s, dice, old, old_eval, rng, c)))
    });
    let options = ArenaOptions {
        games: u32::try_from(pairs * 2).unwrap_or(u32::MAX),
        seed,
        threads: 1,
        max_plies: 10_000,
    };
    let report = arena(
        &|i| duplicate_start(seed, i),
        &new_agent,
        &old_agent,
        options,
        &CancelFlag::new(),
        &|done, _| {
            if done % 100 == 0 {
                eprintln!("{done} games");
            }
        },
    )
    .unwrap_or_else(|e| {
        eprintln!("{e}");
        exit(1)
    });
    let mut pair_points = vec![0f64; pairs as usize];
    let (mut wins, games) = (0u32, report.games.len());
    let mut kinds = [[0u32; 3]; 2]; // [new won, new lost][single, gammon, backgammon]
    for g in &report.games {
        let pts = g.returns[0];
        if let Some(p) = pair_points.get_mut((g.index / 2) as usize) {
            *p += pts / 2.0;
        }
        if pts == 0.0 {
            continue;
        }
        wins += u32::from(pts > 0.0);
        kinds[usize::from(pts < 0.0)][(pts.abs() as usize).clamp(1, 3) - 1] += 1;
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

/// The play of `level` (Hard with other filters when given).
fn play(
    s: &GameState,
    dice: Dice,
    level: (Level, Option<HardSearch>),
    eval: Evaluation<'_>,
    rng: &mut GameRng,
    c: &CancelFlag,
) -> Play {
    let p = s.position();
    match level {
        (_, Some(f)) => hard_move_with(p, dice, eval, &f, Budget::UNLIMITED, c).play,
        (l, None) => ai_move_with(p, dice, l, eval, rng, Budget::UNLIMITED, c).play,
    }
}

/// `KEEP,MARGIN,DEEP_KEEP,DEEP_MARGIN[,DEEP_NODES]`.
fn parse_filters(f: &str) -> HardSearch {
    let v: Vec<&str> = f.split(',').collect();
    let num = |i: usize| -> f32 {
        v.get(i).and_then(|x| x.parse().ok()).unwrap_or_else(|| {
            eprintln!("hard:KEEP,MARGIN,DEEP_KEEP,DEEP_MARGIN expected, not hard:{f}");
            exit(2)
        })
    };
    HardSearch {
        keep: num(0) as usize,
        margin: num(1),
        deep_keep: num(2) as usize,
        deep_margin: num(3),
        deep_nodes: if v.len() > 4 {
            num(4) as u64
        } else {
            HARD_SEARCH.deep_nodes
        },
    }
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

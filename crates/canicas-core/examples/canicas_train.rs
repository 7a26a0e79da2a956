//! The n-tuple trainer and its players (see `canicas_core::learn`):
//!
//! ```text
//! cargo run --release -p canicas-core --example canicas_train -- train <dir> [games] [seed] [alpha] [gamma] [every] [warmup] [line-reward] [candidates] [lambda] [tc] [prior] [death] [rules] [tuples] [batch] [threads]
//! cargo run --release -p canicas-core --example canicas_train -- measure <checkpoint> <first-deal> <deals> [max-moves]
//! cargo run --release -p canicas-core --example canicas_train -- search <checkpoint|net-file|-> <first-deal> <deals> [max-moves] [nodes] [scale] [rules]
//! cargo run --release -p canicas-core --example canicas_train -- export <checkpoint> <net-file>
//! ```
//!
//! `export` writes the network of a checkpoint (weights only, without the
//! trainer's state) as `crates/canicas-core/data/ntuple_five.bin` is.
//!
//! The first `warmup` games (default 2000) are played by the hand-made
//! evaluation's greedy player (the network learns from them); the others
//! by the network's greedy player, which picks among the `candidates`
//! (default 8) best moves of the hand-made evaluation (0: every move).
//! `lambda` (default 0), `tc` (0 or 1, default 0), `prior` (default 0) and
//! `death` (default 0) are those of `TrainConfig`. `rules` is `five`
//! (default), `four`, `five98` or `four98` (the `98` ones: Lines 98, the
//! landing cells shown). `tuples` is `2x3` (default: the line windows and
//! the 2 × 3 blocks, as shipped) or `3x3` (those and every 3 × 3 block).
//! `batch` (default 1) games are played from the same weights before they
//! are learned from, on `threads` threads (default: every core); the
//! weights depend on the batch, not on the threads, and a run ends at the
//! first batch that reaches `games`.
//!
//! `train` resumes from `<dir>/checkpoint` when it exists (the seed and
//! steps then come from it), plays self-play games until `games` in all
//! (0: no end), writes the checkpoint atomically every `every` games
//! (default 50; with batches, after the batch that passes each multiple) and
//! a copy `<dir>/checkpoint-<games>` every 20 of those,
//! and prints a line per checkpoint: games, moves, the mean moves per game
//! since the last line, deaths. Resumed or not, the same seed gives the
//! same weights after the same number of games.
//!
//! `measure` plays the network's greedy player (the move whose afterstate
//! it values most) on the deals `first..first + deals` (below 2^63: never
//! trained on) and prints deaths per 100,000 moves.
//!
//! `search` plays the hint search on one thread, with the value of the
//! network (of a checkpoint, or a network file as `export` writes) times
//! `scale` added at its leaves (`ai::hint_with_net`; `-`: the AI's own
//! hint), `nodes` per move (default: the default budget,
//! which also stops at 20 ms), and prints deaths per 100,000 moves with a
//! 95 % interval, points per move and CPU milliseconds per move. `rules`
//! (as for `train`; default: the network's, or `five` for `-`) are the
//! rules played, which may differ from the network's only in whether the
//! landing cells are shown.
use std::path::PathBuf;
use std::time::Instant;

use canicas_core::learn::{TrainConfig, Trainer, TupleSet};
use canicas_core::{Rules, State};

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// The rules named `name` (see the module's docs).
fn rules_named(name: &str) -> Result<Rules, String> {
    let (variant, shown) = match name.strip_suffix("98") {
        Some(v) => (v, true),
        None => (name, false),
    };
    let variant = canicas_core::Variant::parse(variant).map_err(|e| e.to_string())?;
    Ok(variant.rules().with_landings_shown(shown))
}

fn train(args: &[String]) -> Result<(), String> {
    let dir = PathBuf::from(args.get(1).ok_or("train <dir>")?);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join("checkpoint");
    let target: u64 = arg(args, 2, 0);
    let every: u64 = arg(args, 6, 50).max(1);
    let mut trainer = if path.exists() {
        let t = Trainer::resume(&path).map_err(|e| e.to_string())?;
        println!(
            "resumed at {} games, {} moves, config {:?}",
            t.games(),
            t.moves(),
            t.config()
        );
        t
    } else {
        let config = TrainConfig {
            seed: arg(args, 3, 1),
            alpha: arg(args, 4, 0.1),
            gamma: arg(args, 5, 0.995),
            warmup: arg(args, 7, 2000),
            line_reward: arg(args, 8, 1.0),
            candidates: arg(args, 9, 8),
            lambda: arg(args, 10, 0.0),
            tc: arg::<u8>(args, 11, 0) != 0,
            prior: arg(args, 12, 0.0),
            death: arg(args, 13, 0.0),
            tuples: TupleSet::parse(args.get(15).map_or("2x3", String::as_str))?,
            batch: arg(args, 16, 1u32).max(1),
        };
        let rules = rules_named(args.get(14).map_or("five", String::as_str))?;
        let t = Trainer::new(rules, config).map_err(|e| e.to_string())?;
        println!(
            "new run {:?}: {} tuples, {} weights",
            config,
            t.net().tuples(),
            t.net().weights()
        );
        t
    };
    let start = Instant::now();
    let mut window_start = Instant::now();
    let (mut window_moves, mut window_games, mut window_deaths) = (0u64, 0u64, 0u64);
    let threads: usize = arg(
        args,
        17,
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    );
    while target == 0 || trainer.games() < target {
        let before = trainer.games();
        for g in trainer.play_batch(threads) {
            window_moves += g.moves;
            window_games += 1;
            window_deaths += u64::from(g.died);
        }
        let after = trainer.games();
        if after / every > before / every || (target != 0 && after >= target) {
            trainer.checkpoint(&path).map_err(|e| e.to_string())?;
            if after / (every * 20) > before / (every * 20) {
                trainer
                    .checkpoint(&dir.join(format!("checkpoint-{}", trainer.games())))
                    .map_err(|e| e.to_string())?;
            }
            println!(
                "games {} moves {} | last {} games: {:.1} moves/game, {} deaths | {:.0} s, {:.0} moves/s",
                trainer.games(),
                trainer.moves(),
                window_games,
                window_moves as f64 / window_games.max(1) as f64,
                window_deaths,
                start.elapsed().as_secs_f64(),
                window_moves as f64 / window_start.elapsed().as_secs_f64().max(1e-9)
            );
            window_start = Instant::now();
            (window_moves, window_games, window_deaths) = (0, 0, 0);
        }
    }
    Ok(())
}

fn measure(args: &[String]) -> Result<(), String> {
    let path = PathBuf::from(args.get(1).ok_or("measure <checkpoint>")?);
    let trainer = Trainer::resume(&path).map_err(|e| e.to_string())?;
    let net = trainer.net();
    let first: u64 = arg(args, 2, 1);
    let n: u64 = arg(args, 3, 100);
    let cap: u64 = arg(args, 4, 20_000);
    let (mut moves, mut deaths) = (0u64, 0u64);
    let start = Instant::now();
    for deal in first..first + n {
        let mut state = State::new(*net.rules(), deal).map_err(|e| e.to_string())?;
        let mut played = 0;
        while played < cap {
            let Some(m) = net.best_move(&state) else {
                break;
            };
            state.play_quiet(m).map_err(|e| e.to_string())?;
            played += 1;
        }
        moves += played;
        deaths += u64::from(state.is_over());
    }
    let (lo, hi) = interval(deaths, moves);
    println!(
        "greedy n-tuple ({} training games): deals {first}..{} games {n} moves {moves} deaths {deaths} deaths/100k {:.1} (95 % {lo:.0}-{hi:.0}) | {:.2} ms/move",
        trainer.games(),
        first + n,
        deaths as f64 * 1e5 / moves.max(1) as f64,
        start.elapsed().as_secs_f64() * 1e3 / moves.max(1) as f64
    );
    Ok(())
}

/// An exact 95 % interval of a Poisson count `k`, per 100,000 of `moves`
/// (Garwood's, through the chi-square quantiles by the Wilson–Hilferty
/// approximation, good to a few per cent from k = 5 on).
fn interval(k: u64, moves: u64) -> (f64, f64) {
    let chi2 = |p_z: f64, dof: f64| {
        let a = 2.0 / (9.0 * dof);
        dof * (1.0 - a + p_z * a.sqrt()).powi(3)
    };
    let z = 1.959_964;
    let lo = if k == 0 {
        0.0
    } else {
        chi2(-z, 2.0 * k as f64) / 2.0
    };
    let hi = chi2(z, 2.0 * (k + 1) as f64) / 2.0;
    let per = 1e5 / moves.max(1) as f64;
    (lo * per, hi * per)
}

fn cpu_seconds() -> f64 {
    // utime + stime of this process, from /proc (Linux); 0 elsewhere.
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1.to_string();
            let f: Vec<&str> = rest.split_whitespace().collect();
            let u: f64 = f.get(11)?.parse().ok()?;
            let k: f64 = f.get(12)?.parse().ok()?;
            Some((u + k) / 100.0)
        })
        .unwrap_or(0.0)
}

fn search(args: &[String]) -> Result<(), String> {
    use games_common::{Budget, CancelFlag};
    let which = args.get(1).ok_or("search <checkpoint|net-file|->")?;
    let net = if which == "-" {
        None
    } else {
        let bytes = std::fs::read(which).map_err(|e| e.to_string())?;
        match canicas_core::learn::NTuple::from_bytes(&bytes) {
            Some(net) => Some(net),
            None => Some(
                Trainer::from_bytes(&bytes)
                    .map_err(|e| e.to_string())?
                    .net()
                    .clone(),
            ),
        }
    };
    let first: u64 = arg(args, 2, 1);
    let n: u64 = arg(args, 3, 100);
    let cap: u64 = arg(args, 4, 20_000);
    let budget = match args.get(5).and_then(|s| s.parse().ok()) {
        Some(nodes) => Budget::nodes(nodes),
        None => canicas_core::ai::default_budget(),
    };
    let scale: f64 = arg(args, 6, 1.0);
    let rules = match args.get(7) {
        Some(name) => rules_named(name)?,
        None => net.as_ref().map_or(Rules::FIVE, |n| *n.rules()),
    };
    if let Some(n) = &net {
        if !n.is_for(&rules) {
            return Err(format!("the network is for {:?}", n.rules()));
        }
    }
    let cancel = CancelFlag::new();
    let (mut moves, mut deaths, mut points) = (0u64, 0u64, 0u64);
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    for deal in first..first + n {
        let mut state = State::new(rules, deal).map_err(|e| e.to_string())?;
        let mut played = 0;
        while played < cap && !state.is_over() {
            let view = state.view();
            let hint = match &net {
                Some(n) => canicas_core::ai::hint_with_net(&view, budget, &cancel, n, scale)
                    .map_err(|e| e.to_string())?,
                None => canicas_core::ai::hint(&view, budget, &cancel),
            };
            let Some(m) = hint.best else {
                break;
            };
            state.play_quiet(m).map_err(|e| e.to_string())?;
            played += 1;
        }
        moves += played;
        points += state.score();
        deaths += u64::from(state.is_over());
        eprintln!(
            "deal {deal} moves {played} points {} died {}",
            state.score(),
            state.is_over()
        );
    }
    let (lo, hi) = interval(deaths, moves);
    println!(
        "search {which} scale {scale} {budget:?}: deals {first}..{} games {n} moves {moves} deaths {deaths} deaths/100k {:.1} (95 % {lo:.0}-{hi:.0}) points/move {:.2} | {:.2} ms CPU/move, {:.2} ms wall/move",
        first + n,
        deaths as f64 * 1e5 / moves.max(1) as f64,
        points as f64 / moves.max(1) as f64,
        (cpu_seconds() - cpu0) * 1e3 / moves.max(1) as f64,
        start.elapsed().as_secs_f64() * 1e3 / moves.max(1) as f64
    );
    Ok(())
}

fn export(args: &[String]) -> Result<(), String> {
    let from = PathBuf::from(args.get(1).ok_or("export <checkpoint> <net-file>")?);
    let to = PathBuf::from(args.get(2).ok_or("export <checkpoint> <net-file>")?);
    let trainer = Trainer::resume(&from).map_err(|e| e.to_string())?;
    std::fs::write(&to, trainer.net().to_bytes()).map_err(|e| e.to_string())?;
    println!(
        "{} games, {} moves: {} weights written to {}",
        trainer.games(),
        trainer.moves(),
        trainer.net().weights(),
        to.display()
    );
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("train") => train(&args),
        Some("measure") => measure(&args),
        Some("search") => search(&args),
        Some("export") => export(&args),
        _ => Err("usage: canicas_train train <dir> [games] [seed] [alpha] [gamma] [every] [warmup] [line-reward] [candidates] [lambda] [tc] [prior] [death] [rules] | measure <checkpoint> <first> <deals> [max-moves] | search <checkpoint|net-file|-> <first> <deals> [max-moves] [nodes] [scale] [rules] | export <checkpoint> <net-file>".into()),
    };
    if let Err(e) = result {
        eprintln!("canicas_train: {e}");
        std::process::exit(2);
    }
}

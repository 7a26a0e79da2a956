//! The n-tuple trainer and its greedy player (see `canicas_core::learn`):
//!
//! ```text
//! cargo run --release -p canicas-core --example canicas_train -- train <dir> [games] [seed] [alpha] [gamma] [every] [warmup] [line-reward] [candidates]
//! cargo run --release -p canicas-core --example canicas_train -- measure <checkpoint> <first-deal> <deals> [max-moves]
//! ```
//!
//! The first `warmup` games (default 2000) are played by the hand-made
//! evaluation's greedy player (the network learns from them); the others
//! by the network's greedy player, which picks among the `candidates`
//! (default 8) best moves of the hand-made evaluation (0: every move).
//!
//! `train` resumes from `<dir>/checkpoint` when it exists (the seed and
//! steps then come from it), plays self-play games until `games` in all
//! (0: no end), writes the checkpoint atomically every `every` games
//! (default 50) and a copy `<dir>/checkpoint-<games>` every 20 of those,
//! and prints a line per checkpoint: games, moves, the mean moves per game
//! since the last line, deaths. Resumed or not, the same seed gives the
//! same weights after the same number of games.
//!
//! `measure` plays the network's greedy player (the move whose afterstate
//! it values most) on the deals `first..first + deals` (below 2^63: never
//! trained on) and prints deaths per 100,000 moves.

use std::path::PathBuf;
use std::time::Instant;

use canicas_core::learn::{TrainConfig, Trainer};
use canicas_core::{Rules, State};

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
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
        };
        println!(
            "new run {:?}: {} tuples, {} weights",
            config,
            canicas_core::learn::NTuple::new(Rules::FIVE).tuples(),
            canicas_core::learn::NTuple::new(Rules::FIVE).weights()
        );
        Trainer::new(Rules::FIVE, config)
    };
    let start = Instant::now();
    let mut window_start = Instant::now();
    let (mut window_moves, mut window_games, mut window_deaths) = (0u64, 0u64, 0u64);
    while target == 0 || trainer.games() < target {
        let g = trainer.play_game();
        window_moves += g.moves;
        window_games += 1;
        window_deaths += u64::from(g.died);
        if trainer.games() % every == 0 || trainer.games() == target {
            trainer.checkpoint(&path).map_err(|e| e.to_string())?;
            if trainer.games() % (every * 20) == 0 {
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
    println!(
        "greedy n-tuple ({} training games): deals {first}..{} games {n} moves {moves} deaths {deaths} deaths/100k {:.1} | {:.2} ms/move",
        trainer.games(),
        first + n,
        deaths as f64 * 1e5 / moves.max(1) as f64,
        start.elapsed().as_secs_f64() * 1e3 / moves.max(1) as f64
    );
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("train") => train(&args),
        Some("measure") => measure(&args),
        _ => Err("usage: canicas_train train <dir> [games] [seed] [alpha] [gamma] [every] [warmup] [line-reward] [candidates] | measure <checkpoint> <first> <deals> [max-moves]".into()),
    };
    if let Err(e) = result {
        eprintln!("canicas_train: {e}");
        std::process::exit(2);
    }
}

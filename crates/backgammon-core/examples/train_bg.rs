//! Resumable TD(λ) self-play training of the backgammon evaluation.
//!
//! `cargo run --release -p backgammon-core --example train_bg -- CHECKPOINT GAMES [SEED HIDDEN RACE_HIDDEN ALPHA LAMBDA EVERY]`
//!
//! `-- CHECKPOINT --export OUT` writes the checkpoint's weights (the
//! networks of `backgammon_core::neural`) to `OUT`, as the crate ships them.
//!
//! Plays until the run has `GAMES` games, writing `CHECKPOINT` (atomically)
//! every `EVERY` games (default 5,000) and at the end. When `CHECKPOINT`
//! exists the run resumes from it (its own seed and settings; the ones
//! given must then be left out or match); otherwise a new run starts from
//! `SEED HIDDEN RACE_HIDDEN ALPHA LAMBDA` (defaults 1 80 40 0.1 0.7). Resuming to a games
//! count gives the same bits as one run to it. Progress goes to stderr: a
//! line rewritten in place on a terminal, else a plain line per checkpoint.
use std::io::IsTerminal;
use std::path::Path;
use std::process::exit;
use std::time::Instant;

use backgammon_core::train::{TrainConfig, Trainer};

fn arg<T: std::str::FromStr>(args: &[String], i: usize, name: &str, default: T) -> T {
    match args.get(i) {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            eprintln!("{name} must be a number, not {s:?}");
            exit(2)
        }),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!(
            "usage: train_bg CHECKPOINT GAMES [SEED HIDDEN RACE_HIDDEN ALPHA LAMBDA EVERY]\n       train_bg CHECKPOINT --export OUT"
        );
        exit(2)
    };
    let path = Path::new(path);
    if args.get(1).map(String::as_str) == Some("--export") {
        let Some(out) = args.get(2) else {
            eprintln!("--export needs the file to write");
            exit(2)
        };
        let t = Trainer::load(path).unwrap_or_else(|e| {
            eprintln!("cannot read {}: {e}", path.display());
            exit(1)
        });
        if let Err(e) = std::fs::write(out, t.net().to_bytes()) {
            eprintln!("cannot write {out}: {e}");
            exit(1)
        }
        eprintln!("{} games of {:?} -> {out}", t.games(), t.config());
        return;
    }
    let games: u64 = arg(&args, 1, "GAMES", 10_000);
    let given = TrainConfig {
        seed: arg(&args, 2, "SEED", 1),
        hidden: arg(&args, 3, "HIDDEN", 80),
        race_hidden: arg(&args, 4, "RACE_HIDDEN", 40),
        alpha: arg(&args, 5, "ALPHA", 0.1),
        lambda: arg(&args, 6, "LAMBDA", 0.7),
    };
    let every: u64 = arg(&args, 7, "EVERY", 5_000).max(1);
    let mut t = if path.exists() {
        let t = Trainer::load(path).unwrap_or_else(|e| {
            eprintln!("cannot resume from {}: {e}", path.display());
            exit(1)
        });
        if args.len() > 2 && t.config() != given {
            eprintln!(
                "{} was made with {:?}, not {given:?}: leave the settings out to resume",
                path.display(),
                t.config()
            );
            exit(2)
        }
        eprintln!("resuming {} at {} games", path.display(), t.games());
        t
    } else {
        Trainer::new(given)
    };
    let tty = std::io::stderr().is_terminal();
    let start = Instant::now();
    let first = t.games();
    let save = |t: &Trainer| {
        if let Err(e) = t.save(path) {
            eprintln!("cannot write {}: {e}", path.display());
            exit(1)
        }
    };
    while t.games() < games {
        t.play_game();
        let g = t.games();
        let secs = start.elapsed().as_secs_f64();
        let rate = (g - first) as f64 / secs.max(1e-9);
        if g % every == 0 {
            save(&t);
            if !tty {
                eprintln!(
                    "{g} games, {rate:.1} games/s, {secs:.0}s, checkpoint {}",
                    path.display()
                );
            }
        }
        if tty && g % 100 == 0 {
            eprint!("\r{g}/{games} games, {rate:.1} games/s   ");
        }
    }
    save(&t);
    if tty {
        eprintln!();
    }
    eprintln!(
        "done: {} games, {:?}, {:.0}s -> {}",
        t.games(),
        t.config(),
        start.elapsed().as_secs_f64(),
        path.display()
    );
}

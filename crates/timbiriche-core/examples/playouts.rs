//! Random playouts per second on a board: `cargo run --release -p
//! timbiriche-core --example playouts -- [5x5] [N] [trait|list|direct|all]`.
//!
//! - `trait`: `games_common::random_playout` (the game trait's playout:
//!   `random_legal_move`, which picks the k-th undrawn line from the bit set);
//! - `list`: through the trait, listing the legal moves into a reused buffer
//!   and choosing from it at every move (what OpenSpiel's loop does);
//! - `direct`: the position's own API (`legal_move_indices` into a new
//!   `Vec`, `play_index`).
//!
//! Each playout starts from the empty board and draws uniformly random
//! lines (one `GameRng` seeded 1 for the whole run) until every line is
//! drawn. It prints the playouts per CPU-second of this thread (from
//! `/proc/self/schedstat` on Linux; wall time elsewhere), and a checksum (first player's points summed over the playouts) so two
//! versions can be checked to play the same games. Under callgrind, divide
//! the instructions by N for instructions per playout.
use std::time::Instant;

/// CPU seconds this process has run (Linux), else wall seconds since `t`.
fn cpu_seconds(t: Instant) -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| t.elapsed().as_secs_f64(), |ns| ns as f64 / 1e9)
}

use games_common::{random_playout, GameRng, Playable, Player, Scratch};
use timbiriche_core::{BoardSize, Position};

/// Runs `n` playouts from `start`, each by `playout` (which plays the
/// position to its end and returns the moves it played), with one `GameRng`
/// seeded 1 for the whole run, and prints the rate and the checksum.
fn measure(
    label: &str,
    start: &Position,
    n: u64,
    mut playout: impl FnMut(&mut Position, &mut GameRng) -> u64,
) {
    let mut rng = GameRng::from_seed(1);
    let (mut sum, mut plies) = (0u64, 0u64);
    let t = Instant::now();
    let c = cpu_seconds(t);
    for _ in 0..n {
        let mut p = start.clone();
        plies += playout(&mut p, &mut rng);
        sum += u64::from(p.points(Player::First));
    }
    let s = cpu_seconds(t) - c;
    println!(
        "{label:<6} {}: {n} playouts in {s:.3} CPU-s = {:.0}/CPU-s (wall {:.3} s), {plies} plies, checksum {sum}",
        start.size(),
        n as f64 / s,
        t.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("5x5", String::as_str)).unwrap_or(BoardSize::LARGE);
    let n: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let mode = args.get(2).map_or("all", String::as_str);
    let start = Position::standard(size);
    if mode == "trait" || mode == "all" {
        let mut scratch = Scratch::new();
        measure("trait", &start, n, |p, rng| {
            random_playout(p, u64::MAX, rng, &mut scratch)
        });
    }
    if mode == "list" || mode == "all" {
        let mut moves = Vec::new();
        measure("list", &start, n, |p, rng| {
            let mut plies = 0;
            loop {
                Playable::legal_moves(p, &mut moves);
                let Some(&l) = rng.choose(&moves) else { break };
                let _ = Playable::play(p, l);
                plies += 1;
            }
            plies
        });
    }
    if mode == "direct" || mode == "all" {
        measure("direct", &start, n, |p, rng| {
            let mut plies = 0;
            while !p.is_over() {
                let moves = p.legal_move_indices();
                let Some(&i) = rng.choose(&moves) else { break };
                let _ = p.play_index(i);
                plies += 1;
            }
            plies
        });
    }
}

//! Quick arena: `cargo run --release -p backgammon-core --example arena -- hard pubeval 200 1 2`
//! (agent a, agent b, seed pairs, seed, threads).
use backgammon_core::{run_arena, Agent};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let a: Agent = get(0, "hard").parse().unwrap_or(Agent::Pubeval);
    let b: Agent = get(1, "pubeval").parse().unwrap_or(Agent::Pubeval);
    let pairs: u32 = get(2, "100").parse().unwrap_or(100);
    let seed: u64 = get(3, "1").parse().unwrap_or(1);
    let threads: usize = get(4, "2").parse().unwrap_or(2);
    let t = std::time::Instant::now();
    let r = run_arena(a, b, pairs, seed, threads);
    println!(
        "{:?} vs {:?}: {} games ({} unfinished) in {:.1}s",
        a,
        b,
        r.games,
        r.unfinished,
        t.elapsed().as_secs_f64()
    );
    for s in [r.a, r.b] {
        println!(
            "  {:?}: wins {} ({:.1}% ± {:.1}), ppg {:+.3} ± {:.3}, gammons {}, backgammons {}",
            s.agent,
            s.wins,
            100.0 * s.win_rate.mean,
            100.0 * s.win_rate.ci95,
            s.points_per_game.mean,
            s.points_per_game.ci95,
            s.gammons,
            s.backgammons
        );
    }
}

//! Quick measurements: `cargo run --release -p canicas-core --example canicas_measure -- <what> ...`
//!
//! - `random <seconds>`: random legal moves per second (reachability, lines, arrivals).
//! - `arena <five|four> <first-deal> <deals> <max-moves> [nodes]`: the autoplayer.
//! - `vectors`: print the deal test vectors.

use std::time::{Duration, Instant};

use canicas_core::{arena, deal, notation::cell_name, Rules, State, Variant};
use games_common::{Budget, CancelFlag, GameRng};

fn random_moves(seconds: f64) {
    let mut rng = GameRng::from_seed(1);
    let mut deal_no = 0u64;
    let mut state = State::new(Rules::FIVE, deal_no).unwrap();
    let mut moves = 0u64;
    let mut games = 0u64;
    let start = Instant::now();
    let limit = Duration::from_secs_f64(seconds);
    while start.elapsed() < limit {
        for _ in 0..1000 {
            if state.is_over() {
                deal_no += 1;
                games += 1;
                state = State::new(Rules::FIVE, deal_no).unwrap();
            }
            let mv = state.random_move(&mut rng).unwrap();
            state.play_quiet(mv).unwrap();
            moves += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{moves} random moves in {secs:.2}s over {games} games: {:.0} moves/s",
        moves as f64 / secs
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("random") => random_moves(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3.0)),
        Some("chacha") => chacha_cost(),
        Some("show") => show(args[1].parse().unwrap(), args[2].parse().unwrap(), args[3].parse().unwrap()),
        Some("vectors") => {
            for (d, k) in [(0u64, 0u64), (0, 1), (0, 5), (1, 0), (1, 7), (0xDEAD_BEEF, 3), (u64::MAX, 1000)] {
                let order = deal::arrival_order(d, k, 7, 81);
                let names: Vec<String> = order[..8].iter().map(|c| format!("{:?}", cell_name(*c, 9))).collect();
                println!("    ({d:#x}, {k}, {}, &[{}]),", deal::arrival_colour(d, k, 7), names.join(", "));
            }
        }
        Some("arena") => {
            let variant = Variant::parse(args.get(1).map_or("five", String::as_str)).unwrap();
            let first: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
            let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
            let cap: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(20_000);
            let budget = match args.get(5).and_then(|s| s.parse().ok()) {
                Some(nodes) => Budget::nodes(nodes),
                None => canicas_core::ai::default_budget(),
            };
            let start = Instant::now();
            let report = arena(variant.rules(), first..first + n, cap, budget, &CancelFlag::new(), &|done, total| {
                eprintln!("{done}/{total} games");
            })
            .unwrap();
            for g in &report.per_game {
                eprintln!("deal {} moves {} points {} died {}", g.deal, g.moves, g.points, g.died);
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{variant}: games {} moves {} points {} deaths {} deaths/100k {:.1} points/move {:.2} mean moves {:.0} median moves {:.0} mean points {:.0} | {:.2} ms/move",
                report.games,
                report.moves,
                report.points,
                report.deaths,
                report.deaths_per_100k_moves,
                report.points_per_move,
                report.mean_moves,
                report.median_moves,
                report.mean_points,
                secs * 1000.0 / report.moves.max(1) as f64
            );
        }
        _ => eprintln!("usage: canicas_measure random [secs] | vectors | arena <five|four> <first> <n> <cap> [nodes]"),
    }
}

#[allow(dead_code)]
fn chacha_cost() {
    let start = Instant::now();
    let mut x = 0u64;
    for k in 0..1_000_000u64 {
        x += u64::from(deal::arrival_colour(7, k, 7));
    }
    println!(
        "arrival_colour: {:.1} ns ({x})",
        start.elapsed().as_secs_f64() * 1e3
    );
}

#[allow(dead_code)]
fn show(deal_no: u64, nodes: u64, upto: u64) {
    let mut s = State::new(Rules::FIVE, deal_no).unwrap();
    for i in 0..upto {
        let h = canicas_core::ai::hint(&s.view(), Budget::nodes(nodes), &CancelFlag::new());
        let Some(m) = h.best else { break };
        let out = s.play(m).unwrap();
        println!(
            "move {i}: {} value {:.0} points {} next {:?}",
            canicas_core::notation::move_text(m, 9),
            h.value,
            out.points,
            s.next_colours()
        );
        println!("{}", s.board().to_pretty());
        if s.is_over() {
            break;
        }
    }
}

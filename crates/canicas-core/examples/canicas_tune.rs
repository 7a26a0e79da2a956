//! Tuning runs with low-variance proxies:
//! `cargo run --release -p canicas-core --example canicas_tune -- <five|four> <first-deal> <deals> <max-moves> <nodes>`
//!
//! Prints moves, deaths, deaths per 100,000 moves, points per move, the mean
//! number of free cells after a move and the fraction of moves leaving fewer
//! than 20 (and 30) free cells. Games run on every core.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use canicas_core::{ai, Rules, State};
use games_common::{Budget, CancelFlag};

#[derive(Default, Clone, Copy)]
struct Tally {
    moves: u64,
    deaths: u64,
    points: u64,
    free_sum: u64,
    below20: u64,
    below30: u64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules = if args.first().map(String::as_str) == Some("four") {
        Rules::FOUR
    } else {
        Rules::FIVE
    };
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (first, n, cap, nodes) = (
        num(1, 1),
        num(2, 20),
        num(3, 2000),
        num(4, ai::DEFAULT_NODES),
    );
    let deals: Vec<u64> = (first..first + n).collect();
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&deal) = deals.get(i) else { break };
                let mut st = State::new(rules, deal).unwrap();
                let mut t = Tally::default();
                let cancel = CancelFlag::new();
                while !st.is_over() && t.moves < cap {
                    let mv = ai::hint(&st.view(), Budget::nodes(nodes), &cancel)
                        .best
                        .unwrap();
                    st.play_quiet(mv).unwrap();
                    t.moves += 1;
                    let free = u64::from(st.board().free_count());
                    t.free_sum += free;
                    t.below20 += u64::from(free < 20);
                    t.below30 += u64::from(free < 30);
                }
                t.deaths = u64::from(st.is_over());
                t.points = st.score();
                let mut g = total.lock().unwrap();
                g.moves += t.moves;
                g.deaths += t.deaths;
                g.points += t.points;
                g.free_sum += t.free_sum;
                g.below20 += t.below20;
                g.below30 += t.below30;
            });
        }
    });
    let t = *total.lock().unwrap();
    let m = t.moves.max(1) as f64;
    println!(
        "moves {} deaths {} d/100k {:.1} ppm {:.3} free {:.2} <20 {:.4} <30 {:.4}",
        t.moves,
        t.deaths,
        t.deaths as f64 * 1e5 / m,
        t.points as f64 / m,
        t.free_sum as f64 / m,
        t.below20 as f64 / m,
        t.below30 as f64 / m
    );
}

//! Tuning runs with low-variance proxies:
//! `cargo run --release -p canicas-core --example canicas_tune -- <five|four> <first-deal> <deals> <max-moves> <nodes>`
//!
//! Prints moves, deaths, deaths per 100,000 moves, points per move, the mean
//! number of free cells after a move and the fraction of moves leaving fewer
//! than 20 (and 30) free cells. Games run on every core.
//!
//! The crisis harness compares players where games are lost, on the same
//! boards and the same later arrivals (the deal goes on), which is far less
//! noisy than whole games:
//!
//! - `crisis-snap <first-deal> <deals> <free> <file>`: plays each deal of the
//!   five variant with the default budget until at most `<free>` cells are
//!   free, and writes those states to `<file>` (one JSON state per line).
//! - `crisis <file> <moves> <nodes>`: from each state, plays `<moves>` moves
//!   with `<nodes>` nodes per hint; prints the mean number of free cells at
//!   the end (0 for a game lost), its standard error, the games lost and
//!   the fraction of moves that removed a line.

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

/// `f` over `items` on every core, results in the order of `items`.
fn par_map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let n = items.len();
    let items: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let out: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let item = items[i].lock().unwrap().take().unwrap();
                let r = f(item);
                *out[i].lock().unwrap() = Some(r);
            });
        }
    });
    out.into_iter()
        .map(|m| m.into_inner().unwrap().unwrap())
        .collect()
}

fn crisis_snap(args: &[String]) {
    let num = |i: usize| args[i].parse::<u64>().unwrap();
    let (first, n, free) = (num(1), num(2), num(3) as u32);
    let states = par_map((first..first + n).collect(), |deal| {
        let mut st = State::new(Rules::FIVE, deal).unwrap();
        let cancel = CancelFlag::new();
        while !st.is_over() && st.board().free_count() > free {
            let mv = ai::hint(&st.view(), Budget::nodes(ai::DEFAULT_NODES), &cancel)
                .best
                .unwrap();
            st.play_quiet(mv).unwrap();
        }
        (!st.is_over()).then(|| st.to_json())
    });
    let text: String = states.into_iter().flatten().map(|s| s + "\n").collect();
    std::fs::write(&args[4], text).unwrap();
}

fn crisis(args: &[String]) {
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let (moves, nodes): (u64, u64) = (args[2].parse().unwrap(), args[3].parse().unwrap());
    let states: Vec<State> = text.lines().map(|l| State::from_json(l).unwrap()).collect();
    let n = states.len().max(1) as f64;
    let res = par_map(states, |mut st| {
        let cancel = CancelFlag::new();
        let (mut played, mut lines) = (0u64, 0u64);
        while !st.is_over() && played < moves {
            let before = st.board().free_count();
            let mv = ai::hint(&st.view(), Budget::nodes(nodes), &cancel)
                .best
                .unwrap();
            st.play_quiet(mv).unwrap();
            played += 1;
            lines += u64::from(st.board().free_count() > before);
        }
        let free = if st.is_over() {
            0.0
        } else {
            f64::from(st.board().free_count())
        };
        (free, st.is_over(), played, lines)
    });
    let mean = res.iter().map(|r| r.0).sum::<f64>() / n;
    let var = res.iter().map(|r| (r.0 - mean).powi(2)).sum::<f64>() / n;
    let lost = res.iter().filter(|r| r.1).count();
    let played: u64 = res.iter().map(|r| r.2).sum();
    let lines: u64 = res.iter().map(|r| r.3).sum();
    println!(
        "boards {} free-at-end {mean:.2} (se {:.2}) lost {lost} moves {played} line-rate {:.4}",
        res.len(),
        (var / n).sqrt(),
        lines as f64 / played.max(1) as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("crisis-snap") => return crisis_snap(&args),
        Some("crisis") => return crisis(&args),
        _ => {}
    }
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
    let tallies = par_map((first..first + n).collect(), |deal| {
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
        t
    });
    let t = tallies.iter().fold(Tally::default(), |mut g, t| {
        g.moves += t.moves;
        g.deaths += t.deaths;
        g.points += t.points;
        g.free_sum += t.free_sum;
        g.below20 += t.below20;
        g.below30 += t.below30;
        g
    });
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

//! Seeded arena between two players, sides alternating, with move timings:
//! `cargo run --release -p timbiriche-core --example arena -- 5x5 hard medium 100 [misere] [nodes] [from=N]`.
//!
//! `from=N` plays games N, N+1, … (game `g` uses seed `g`), so a long run
//! can be split into pieces that together play the same games.
//!
//! With `nodes` each level gets only the node part of its default budget
//! (Hard: 2 million nodes, no time limit), so the games are the same on
//! every machine and a loaded machine does not cut the searches short.
//!
//! A player is a level (`easy`, `medium`, `hard`) or `perfect` (the exact
//! solver, unlimited; its moves are memoised by position). The report gives
//! A's move times, wall clock and CPU time of the thread (from
//! `/proc/thread-self/stat` where Linux has it, in 10 ms clock ticks, so a
//! loaded machine does not inflate them), the undrawn lines at A's first
//! proven move (median), and the games in which A ended below the
//! perfect-play value of the empty board.
use std::collections::HashMap;
use std::time::{Duration, Instant};
use timbiriche_core::{
    ai_move, solve, solve_one, BoardSize, Budget, CancelFlag, GameResult, GameRng, Level, Player,
    Position,
};

#[derive(Clone, Copy, PartialEq)]
enum Side {
    Ai(Level),
    Perfect,
}

fn parse_side(text: Option<&String>, default: Level) -> Side {
    match text.map(String::as_str) {
        Some("perfect") => Side::Perfect,
        Some(t) => Side::Ai(Level::parse(t).unwrap_or(default)),
        None => Side::Ai(default),
    }
}

fn name(side: Side) -> &'static str {
    match side {
        Side::Ai(l) => l.name(),
        Side::Perfect => "perfect",
    }
}

/// CPU time (user + system) of this thread, when Linux tells it, in its
/// clock ticks (assumed 100 a second, the usual `CLK_TCK`).
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which ends with the last ')').
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("5x5", String::as_str)).unwrap_or(BoardSize::LARGE);
    let a = parse_side(args.get(1), Level::Hard);
    let b = parse_side(args.get(2), Level::Medium);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let misere = args.iter().any(|s| s == "misere");
    let nodes_only = args.iter().any(|s| s == "nodes");
    let from: u64 = args
        .iter()
        .find_map(|s| s.strip_prefix("from=")?.parse().ok())
        .unwrap_or(0);
    let budget = |level: Level| {
        let b = level.default_budget();
        if nodes_only {
            Budget {
                max_nodes: b.max_nodes,
                max_time: None,
            }
        } else {
            b
        }
    };
    let cancel = CancelFlag::new();
    let empty = Position::standard(size).with_misere(misere);
    // The perfect-play value for the first player, when it is cheap to know.
    let value = (size.num_lines() <= 24)
        .then(|| solve(&empty, Budget::UNLIMITED, &cancel).value)
        .flatten();
    let mut perfect_memo: HashMap<u128, timbiriche_core::Line> = HashMap::new();
    let (mut wa, mut wb, mut draws, mut below) = (0, 0, 0, 0);
    let mut times: Vec<Duration> = Vec::new();
    let mut cpu_times: Vec<Duration> = Vec::new();
    let mut first_proof: Vec<usize> = Vec::new();
    let mut margin: i64 = 0;
    for g in from..from + games {
        let mut pos = empty.clone();
        let mut rng = GameRng::from_seed(g);
        // Sides alternate: in even games `a` is the first player.
        let a_side = if g % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut proved = false;
        while !pos.is_over() {
            let a_moves = pos.to_move() == a_side;
            let side = if a_moves { a } else { b };
            let (t, c) = (Instant::now(), thread_cpu());
            let (line, proven) = match side {
                Side::Ai(level) => {
                    let m = ai_move(&pos, level, &mut rng, budget(level), &cancel).unwrap();
                    (m.line, m.proven_value.is_some())
                }
                Side::Perfect => {
                    let key = pos.drawn_bits();
                    let line = match perfect_memo.get(&key) {
                        Some(&l) => l,
                        None => {
                            let (r, _) = solve_one(&pos, Budget::UNLIMITED, &cancel);
                            let l = r.unwrap().1;
                            perfect_memo.insert(key, l);
                            l
                        }
                    };
                    (line, true)
                }
            };
            if a_moves {
                let spent = t.elapsed();
                times.push(spent);
                if let (Some(c0), Some(c1)) = (c, thread_cpu()) {
                    cpu_times.push(c1.saturating_sub(c0));
                }
                if spent.as_millis() > 300 {
                    eprintln!("slow move: {spent:?} undrawn {}", pos.num_undrawn());
                }
                if proven && !proved {
                    proved = true;
                    first_proof.push(pos.num_undrawn());
                }
            }
            pos.play(line).unwrap();
        }
        let m = i64::from(pos.points(a_side)) - i64::from(pos.points(a_side.other()));
        margin += m;
        if let Some(v) = value {
            // The value is net points for the first player (misère: the
            // rival's points minus the first player's).
            let v = i64::from(v) * if a_side == Player::First { 1 } else { -1 };
            let got = if misere { -m } else { m };
            if got < v {
                below += 1;
                eprintln!("game {g}: A got {got}, perfect play gives {v}");
            }
        }
        match pos.result() {
            Some(GameResult::Win(p)) if p == a_side => wa += 1,
            Some(GameResult::Win(_)) => wb += 1,
            _ => draws += 1,
        }
        if (g + 1 - from) % 50 == 0 {
            eprintln!(
                "after {} games: {wa}-{wb}-{draws}, below the perfect value {below}, first proofs {:?}",
                g + 1 - from,
                {
                    let mut f = first_proof.clone();
                    f.sort_unstable();
                    f.get(f.len() / 2).copied()
                }
            );
        }
    }
    times.sort();
    cpu_times.sort();
    first_proof.sort_unstable();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    let (an, bn) = (name(a), name(b));
    println!(
        "{size}{}{} {an} vs {bn}: {games} games, {an} wins {wa}, {bn} wins {bn_w}, draws {draws}; mean margin {:.2}; {an} moves: wall median {median:?} max {max:?}, CPU (10 ms ticks) median {:?} max {:?}; first proof at undrawn median {} (min {}, max {}, {} games with a proof){}",
        if misere { " misère" } else { "" },
        if nodes_only { " (node budgets)" } else { "" },
        margin as f64 / games as f64,
        cpu_times.get(cpu_times.len() / 2).copied().unwrap_or_default(),
        cpu_times.last().copied().unwrap_or_default(),
        first_proof.get(first_proof.len() / 2).copied().unwrap_or_default(),
        first_proof.first().copied().unwrap_or_default(),
        first_proof.last().copied().unwrap_or_default(),
        first_proof.len(),
        value.map_or(String::new(), |v| format!("; perfect value {v:+} for the first player, {an} below it in {below} games")),
        bn_w = wb,
    );
}

//! Seeded arena between two levels, sides alternating, with move timings:
//! `cargo run --release -p timbiriche-core --example arena -- 5x5 hard medium 100`.
use std::time::{Duration, Instant};
use timbiriche_core::{
    ai_move, BoardSize, CancelFlag, GameResult, GameRng, Level, Player, Position,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("5x5", String::as_str)).unwrap_or(BoardSize::LARGE);
    let a = args
        .get(1)
        .and_then(|s| Level::parse(s))
        .unwrap_or(Level::Hard);
    let b = args
        .get(2)
        .and_then(|s| Level::parse(s))
        .unwrap_or(Level::Medium);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let misere = args.iter().any(|s| s == "misere");
    let cancel = CancelFlag::new();
    let (mut wa, mut wb, mut draws) = (0, 0, 0);
    let mut times: Vec<Duration> = Vec::new();
    let mut margin: i64 = 0;
    for g in 0..games {
        let mut pos = Position::standard(size).with_misere(misere);
        let mut rng = GameRng::from_seed(g);
        // Sides alternate: in even games `a` is the first player.
        let a_side = if g % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        while !pos.is_over() {
            let level = if pos.to_move() == a_side { a } else { b };
            let t = Instant::now();
            let m = ai_move(&pos, level, &mut rng, level.default_budget(), &cancel).unwrap();
            if level == a {
                times.push(t.elapsed());
                if t.elapsed().as_millis() > 300 {
                    eprintln!(
                        "slow move: {:?} undrawn {} stop {:?} nodes {}",
                        t.elapsed(),
                        pos.num_undrawn(),
                        m.stats.stop,
                        m.stats.nodes
                    );
                }
            }
            pos.play(m.line).unwrap();
        }
        margin += i64::from(pos.points(a_side)) - i64::from(pos.points(a_side.other()));
        match pos.result() {
            Some(GameResult::Win(p)) if p == a_side => wa += 1,
            Some(GameResult::Win(_)) => wb += 1,
            _ => draws += 1,
        }
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    println!(
        "{size} {} vs {}: {games} games, {} wins {wa}, {} wins {wb}, draws {draws}; mean margin {:.2}; {} moves: median {:?} max {:?}",
        a.name(), b.name(), a.name(), b.name(), margin as f64 / games as f64, a.name(), median, max
    );
}

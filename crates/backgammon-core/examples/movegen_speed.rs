//! Move generation speed: all distinct legal plays for 1,000 contact
//! positions × 21 rolls, repeated. `cargo run --release -p backgammon-core --example movegen_speed`
use backgammon_core::{legal_plays, legal_positions_into, sample_positions, Dice};
use std::time::Instant;

fn main() {
    let positions = sample_positions(2024, 1000, true);
    let rolls: Vec<Dice> = Dice::all_21().iter().map(|&(d, _)| d).collect();
    let mut buf = Vec::with_capacity(256);
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let only_fast = std::env::args().nth(2).as_deref() == Some("fast");
    let t = Instant::now();
    let mut total = 0usize;
    for _ in 0..reps {
        for p in &positions {
            for &d in &rolls {
                legal_positions_into(p, d, &mut buf);
                total += buf.len();
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "legal_positions_into: {total} results in {s:.3}s = {:.1} M positions/s",
        total as f64 / s / 1e6
    );
    if only_fast {
        return;
    }
    let t = Instant::now();
    let mut total = 0usize;
    for _ in 0..reps {
        for p in &positions {
            for &d in &rolls {
                total += legal_plays(p, d).len();
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "legal_plays (with steps): {total} results in {s:.3}s = {:.1} M positions/s",
        total as f64 / s / 1e6
    );
}

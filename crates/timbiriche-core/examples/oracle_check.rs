//! Heavier solver-versus-oracle check in release: random positions with up
//! to N undrawn lines. `cargo run --release -p timbiriche-core --example oracle_check -- 3000 16`.
use std::collections::HashMap;
use timbiriche_core::{
    solve, BoardSize, Budget, CancelFlag, GameRng, Player, Position, ValueLayout, Variant,
};

fn oracle(pos: &Position, memo: &mut HashMap<u128, i32>) -> i32 {
    if pos.is_over() {
        return 0;
    }
    if let Some(&v) = memo.get(&pos.drawn_bits()) {
        return v;
    }
    let sign = if pos.is_misere() { -1 } else { 1 };
    let mut best = i32::MIN;
    for l in pos.legal_moves() {
        let mut c = pos.clone();
        let out = c.play(l).unwrap_or_else(|_| unreachable!());
        let v = if out.completed > 0 {
            sign * out.points as i32 + oracle(&c, memo)
        } else {
            -oracle(&c, memo)
        };
        best = best.max(v);
    }
    memo.insert(pos.drawn_bits(), best);
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let max_undrawn: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(16);
    let mut rng = GameRng::from_seed(99);
    let sizes = [
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 4),
        (5, 5),
        (2, 5),
        (1, 6),
    ];
    let mut bad = 0;
    for i in 0..n {
        let &(r, c) = rng.choose(&sizes).unwrap_or(&(3, 3));
        let size = BoardSize::new(r, c).unwrap_or(BoardSize::SMALL);
        let variant = Variant {
            misere: rng.chance(1, 5),
            values: if rng.chance(1, 5) {
                ValueLayout::Seeded(i)
            } else {
                ValueLayout::Standard
            },
        };
        let mut p = Position::new(size, &variant, Player::First)
            .unwrap_or_else(|_| Position::standard(size));
        let undrawn = 1 + rng.below(max_undrawn as u64) as usize;
        // Play "safe first" random lines so positions look like real games.
        while p.num_undrawn() > undrawn {
            let safe = p.safe_lines();
            let moves = if safe.is_empty() || rng.chance(1, 6) {
                p.legal_moves()
            } else {
                safe
            };
            let l = *rng.choose(&moves).unwrap_or(&moves[0]);
            let _ = p.play(l);
        }
        let mut memo = HashMap::new();
        let v = oracle(&p, &mut memo);
        let s = solve(&p, Budget::UNLIMITED, &CancelFlag::new());
        if s.value != Some(v) {
            bad += 1;
            println!(
                "MISMATCH {i}: oracle {v} solver {:?}: {}",
                s.value,
                serde_json::to_string(&p).unwrap_or_default()
            );
        }
    }
    println!("{n} positions, {bad} mismatches");
}

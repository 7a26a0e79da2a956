//! The game trait's benches as fixed work, for `valgrind --tool=callgrind`
//! (instructions do not depend on the machine's load, so a change can be
//! judged on a busy machine): `playable_count GAME playouts N` plays N
//! seeded random playouts from the game's start, `playable_count GAME perft
//! N` runs the bench's perft N times. GAME is a name of
//! `games_benches::visit_starts` (`nim_3_4_5`, `timbiriche_5x5`,
//! `backgammon_start`, `canicas_five_deal_7`). Instructions per unit are
//! (total for N − total for 0) / N; see docs/benchmarks/playable.md.
use std::process::exit;

use games_benches::{visit_starts, StartVisitor};
use games_common::{perft, random_playout, GameRng, Playable, Scratch};

struct Count {
    game: String,
    perft: bool,
    n: u64,
    found: bool,
}

impl StartVisitor for Count {
    fn visit<G: Playable>(&mut self, name: &str, start: &G, depth: u32, count: u64) {
        if name != self.game {
            return;
        }
        self.found = true;
        let mut rng = GameRng::from_seed(1);
        let mut scratch = Scratch::new();
        let mut total = 0;
        for _ in 0..self.n {
            total += if self.perft {
                let nodes = perft(std::hint::black_box(start), depth);
                assert_eq!(nodes, count, "{name}: perft({depth})");
                nodes
            } else {
                let mut state = start.clone();
                random_playout(&mut state, 100_000, &mut rng, &mut scratch)
            };
        }
        println!(
            "{name}: {} {} -> {total}",
            self.n,
            if self.perft { "perfts" } else { "playouts" }
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(kind), Some(n)) = (
        args.first(),
        args.get(1),
        args.get(2).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: playable_count GAME playouts|perft N");
        exit(2)
    };
    let mut count = Count {
        game: game.clone(),
        perft: kind == "perft",
        n,
        found: false,
    };
    visit_starts(&mut count);
    if !count.found {
        eprintln!("unknown game {game:?}");
        exit(2)
    }
}

//! "Every bad input gets a typed error, never a panic, and loses nothing":
//! any line, any index, any text, played on a game part-way through, is
//! drawn or refused with the game byte for byte as it was.

use proptest::prelude::*;
use timbiriche_core::{BoardSize, Game, GameOptions, GameRng, Line};

/// A game of `rows × cols` boxes after `plies` random lines (fewer when it ends).
fn game_after(rows: u32, cols: u32, plies: usize, seed: u64) -> Game {
    let mut game = Game::new(GameOptions::standard(BoardSize::new(rows, cols).unwrap())).unwrap();
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        let Some(&line) = rng.choose(&moves) else {
            break;
        };
        game.play(line).unwrap();
    }
    game
}

fn any_line() -> impl Strategy<Value = Line> {
    (any::<bool>(), any::<u8>(), any::<u8>()).prop_map(|(h, row, col)| {
        if h {
            Line::horizontal(row, col)
        } else {
            Line::vertical(row, col)
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_line_is_drawn_or_refused_with_nothing_lost(
        rows in 1u32..=6,
        cols in 1u32..=6,
        plies in 0usize..90,
        seed in any::<u64>(),
        line in any_line(),
        index in prop_oneof![0usize..100, Just(usize::MAX), any::<usize>()],
        text in ".{0,8}",
    ) {
        let game = game_after(rows, cols, plies, seed);
        let saved = game.save();
        let legal = game.position().legal_moves();

        let mut g = game.clone();
        match g.play(line) {
            Ok(_) => prop_assert!(legal.contains(&line)),
            Err(e) => {
                let _ = e.to_string();
                prop_assert!(!legal.contains(&line));
                prop_assert_eq!(g.save(), saved.clone());
            }
        }

        let mut p = game.position().clone();
        let before = p.clone();
        if let Err(e) = p.play_index(index) {
            let _ = e.to_string();
            prop_assert_eq!(p, before);
        }

        let mut g = game.clone();
        if let Err(e) = g.play_notation(&text) {
            let _ = e.to_string();
            prop_assert_eq!(g.save(), saved);
        }
    }
}

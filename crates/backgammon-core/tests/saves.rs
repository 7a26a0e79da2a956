//! Saves across format versions and the AI's generator: a version-1 file
//! (written before the format named itself and before the game owned the
//! AI's generator) still loads, and the AI plays on after a load exactly as
//! it would have without one.

use backgammon_core::{
    Budget, CancelFlag, Dice, Game, GameRng, Level, LoadError, Opening, GAME_SAVE,
};
use proptest::prelude::*;

const GAME_V1: &str = include_str!("data/game-v1.json");

/// Play `turns` turns (rolls and Easy plays) with the game's own generator.
fn advance(g: &mut Game, turns: usize) -> Vec<String> {
    let cancel = CancelFlag::new();
    let mut plays = Vec::new();
    for _ in 0..turns {
        if g.is_over() {
            break;
        }
        if g.dice().is_none() {
            g.roll().unwrap();
            continue;
        }
        let m = g.ai_move(Level::Easy, Budget::nodes(50), &cancel).unwrap();
        plays.push(m.play.notation());
        g.play(&m.play).unwrap();
    }
    plays
}

#[test]
fn a_version_1_game_loads_and_saves_again_as_version_2() {
    let g = Game::load(GAME_V1).expect("a version-1 save loads");
    assert_eq!(g.seed(), Some(5));
    assert_eq!(g.history().len(), 5);
    assert_eq!(g.dice(), Some(Dice::new(2, 5).unwrap()));
    // Version 1 had no AI generator: the loaded game's is seeded with the
    // dice seed, as a new game of that seed is.
    assert_eq!(g.ai_rng(), &GameRng::from_seed(5));
    let again = g.save();
    assert!(
        again.starts_with(r#"{"format":"games.backgammon","version":2,"#),
        "{again}"
    );
    assert_eq!(Game::load(&again).unwrap(), g);
    assert_eq!(GAME_SAVE.version, 2);
}

#[test]
fn another_game_or_version_is_a_typed_error() {
    let e = Game::load(r#"{"format":"games.nim","version":2,"rows":[3]}"#).unwrap_err();
    assert!(matches!(e, LoadError::Envelope(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "this is a games.nim save, not a games.backgammon save"
    );
    let later = Game::new(1)
        .save()
        .replace(r#""version":2"#, r#""version":3"#);
    assert!(matches!(Game::load(&later), Err(LoadError::Version(3))));
    assert!(matches!(Game::load("[1"), Err(LoadError::Json(_))));
    assert!(matches!(Game::load("{}"), Err(LoadError::Envelope(_))));
}

#[test]
fn a_game_without_a_dice_seed_rolls_from_the_ai_generator_across_a_load() {
    let mut g = Game::with_opening(Opening::new(5, 2).unwrap()).with_ai_seed(13);
    advance(&mut g, 5);
    assert_eq!(g.seed(), None);
    let mut back = Game::load(&g.save()).unwrap();
    assert_eq!(back, g);
    assert_eq!(advance(&mut back, 12), advance(&mut g, 12));
    assert_eq!(back, g);
}

#[test]
fn dice_from_outside_in_a_seeded_game_save_and_load_equal() {
    let mut g = Game::new(4);
    advance(&mut g, 3);
    if g.dice().is_none() {
        g.set_dice(Dice::new(6, 6).unwrap()).unwrap();
    }
    advance(&mut g, 3);
    let back = Game::load(&g.save()).unwrap();
    assert_eq!(back, g);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any game saves and loads back equal, saves again to the same text,
    /// and the AI's next plays after the load are those without it.
    #[test]
    fn save_load_round_trips_with_the_ai_generator(seed: u64, turns in 0usize..40) {
        let mut g = Game::new(seed);
        advance(&mut g, turns);
        let text = g.save();
        let mut back = Game::load(&text).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.save(), text);
        prop_assert_eq!(advance(&mut back, 10), advance(&mut g, 10));
    }
}

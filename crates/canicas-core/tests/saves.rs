//! Saves across format versions: a version-1 file (written before the
//! format named itself) still loads and saves again as version 2; a save
//! of another game is a typed error.

use canicas_core::{Game, LoadError, StateError, Variant, GAME_SAVE};

const GAME_V1: &str = include_str!("data/game-v1.json");

#[test]
fn a_version_1_game_loads_and_saves_again_as_version_2() {
    let g = Game::load(GAME_V1).expect("a version-1 save loads");
    // The game the file was written from: deal 7 of the five-in-a-row
    // rules, two moves played, the second undone.
    assert_eq!(g.state().rules(), &Variant::Five.rules());
    assert_eq!(g.state().deal(), 7);
    assert_eq!(g.moves().len(), 2);
    assert!(!g.can_undo(), "the last action was an undo");
    let again = g.save();
    assert!(
        again.starts_with(r#"{"format":"games.canicas","version":2,"#),
        "{again}"
    );
    assert_eq!(Game::load(&again).unwrap(), g);
    assert_eq!(Game::load(&again).unwrap().save(), again);
    assert_eq!(GAME_SAVE.version, 2);
}

#[test]
fn another_game_or_version_is_a_typed_error() {
    let e = Game::load(r#"{"format":"games.backgammon","version":2,"seed":3}"#).unwrap_err();
    assert!(matches!(e, LoadError::Envelope(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "this is a games.backgammon save, not a games.canicas save"
    );
    let later =
        Game::of_variant(Variant::Four, 3)
            .save()
            .replacen(r#""version":2"#, r#""version":3"#, 1);
    assert_eq!(
        Game::load(&later),
        Err(LoadError::State(StateError::Version(3)))
    );
}

//! Saves across format versions: a version-1 file (written before the
//! format named itself) still loads and saves again as version 2; a save
//! of another game is a typed error.

use canicas_core::{Game, LoadError, Records, StateError, Variant, GAME_SAVE};

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

/// `games_common::save`: "A save is a JSON object whose first two fields
/// are `"format"` (which game, and which kind of save of it ...) and
/// `"version"`". The records of Color Lines (saved by the C API's
/// `games_canicas_records_save` and the terminal game) were written as
/// `{"version":1,"entries":[...]}`, naming no format.
#[test]
fn records_name_their_format_and_still_read_version_1() {
    let mut records = Records::new();
    let mut g = Game::new(Variant::Five.rules(), 11).unwrap();
    while let Some(&mv) = g.state().legal_moves().first() {
        g.play(mv).unwrap();
    }
    records
        .finish(&g, std::time::Duration::from_secs(3))
        .unwrap();
    let json = records.to_json();
    let head = r#"{"format":"games.canicas.records","version":2,"#;
    assert!(json.starts_with(head), "{json}");
    assert_eq!(Records::from_json(&json).unwrap(), records);
    // The same records as version 1 wrote them still read.
    let v1 = json.replacen(head, r#"{"version":1,"#, 1);
    assert_eq!(Records::from_json(&v1).unwrap(), records);
    // Another kind of save, or version 2 without its name, is refused.
    let other = json.replacen("games.canicas.records", "games.canicas", 1);
    assert!(matches!(
        Records::from_json(&other),
        Err(StateError::Json(_))
    ));
    let unnamed = json.replacen(head, r#"{"version":2,"#, 1);
    assert!(Records::from_json(&unnamed).is_err());
    let later = json.replacen(r#""version":2"#, r#""version":3"#, 1);
    assert_eq!(Records::from_json(&later), Err(StateError::Version(3)));
}

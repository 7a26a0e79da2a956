//! Saves across format versions: the files in `tests/data` were written by
//! version 1 of the format (before it named itself) and must still load,
//! with the AI's generator where it was.

use nim_core::{
    Budget, CancelFlag, Game, LoadError, Match, Move, Player, Rule, GAME_SAVE, MATCH_SAVE,
};

const GAME_V1: &[u8] = include_bytes!("data/game-v1.json");
const MATCH_V1: &[u8] = include_bytes!("data/match-v1.json");

fn easy_moves(game: &mut Game, n: usize) -> Vec<Move> {
    let cancel = CancelFlag::new();
    (0..n)
        .map(|_| {
            game.ai_move(nim_core::Level::Easy, Budget::UNLIMITED, &cancel)
                .unwrap()
                .mv
        })
        .collect()
}

#[test]
fn a_version_1_game_loads_with_its_generator() {
    let mut game = Game::load(GAME_V1).expect("a version-1 save loads");
    // The game the file was written from: 3-4-5, (2,2) played, (1,1) undone,
    // one Easy move drawn.
    assert_eq!(game.position().rows(), &[3, 4, 3]);
    assert_eq!(game.history(), &[Move::new(2, 2)]);
    assert!(game.can_redo());
    // The next Easy moves the version-1 code drew after this save.
    let expected = [
        Move::new(1, 2),
        Move::new(1, 3),
        Move::new(1, 1),
        Move::new(0, 1),
    ];
    assert_eq!(easy_moves(&mut game, 4), expected);
}

#[test]
fn a_version_1_game_saves_again_as_version_2() {
    let game = Game::load(GAME_V1).unwrap();
    let again = game.save();
    let text = String::from_utf8(again.clone()).unwrap();
    assert!(
        text.starts_with(r#"{"format":"games.nim","version":2,"#),
        "{text}"
    );
    assert_eq!(Game::load(&again).unwrap(), game);
    assert_eq!(GAME_SAVE.version, 2);
}

#[test]
fn a_version_1_match_loads_in_its_second_round() {
    let mut m = Match::load(MATCH_V1).expect("a version-1 match loads");
    assert_eq!(m.rounds(), 3);
    assert_eq!(m.round(), 1);
    assert_eq!(m.game().start().to_move(), Player::Second);
    assert_eq!(m.game().start().rule(), Rule::Misere);
    let expected = [
        Move::new(1, 2),
        Move::new(1, 1),
        Move::new(0, 1),
        Move::new(1, 2),
    ];
    assert_eq!(easy_moves(m.game_mut(), 4), expected);
    let text = String::from_utf8(m.save()).unwrap();
    assert!(
        text.starts_with(r#"{"format":"games.nim.match","version":2,"#),
        "{text}"
    );
    assert!(text.contains(r#""game":{"format":"games.nim","version":2,"#));
    assert_eq!(MATCH_SAVE.version, 2);
}

#[test]
fn a_save_of_another_kind_is_named_in_the_error() {
    let game = Game::new(&[3, 4, 5], Rule::Normal, Player::First, 1).unwrap();
    let m = Match::new(&[3, 4, 5], Rule::Normal, 2, Player::First, 1).unwrap();
    let e = Match::load(&game.save()).unwrap_err();
    assert!(matches!(e, LoadError::Envelope(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "this is a games.nim save, not a games.nim.match save"
    );
    assert!(matches!(Game::load(&m.save()), Err(LoadError::Envelope(_))));
    let backgammon = br#"{"format":"games.backgammon","version":2,"seed":1}"#;
    assert_eq!(
        Game::load(backgammon).unwrap_err().to_string(),
        "this is a games.backgammon save, not a games.nim save"
    );
    // A later version of the right format is an unsupported version.
    let later = String::from_utf8(game.save())
        .unwrap()
        .replace(r#""version":2"#, r#""version":3"#);
    assert_eq!(
        Game::load(later.as_bytes()),
        Err(LoadError::UnsupportedVersion(3))
    );
    // A round inside a match that names another format is refused too.
    let nested = String::from_utf8(m.save()).unwrap().replace(
        r#""game":{"format":"games.nim""#,
        r#""game":{"format":"games.canicas""#,
    );
    assert!(matches!(
        Match::load(nested.as_bytes()),
        Err(LoadError::Envelope(_))
    ));
}

/// A save that claims a version this build does not read is reported as
/// such, named or not (what the C examples check).
#[test]
fn an_unnamed_save_of_a_later_version_is_unsupported() {
    let future = br#"{"version":99,"rounds":1,"first":"First","finished":[],"game":{}}"#;
    assert_eq!(Match::load(future), Err(LoadError::UnsupportedVersion(99)));
}

//! Saves across format versions, matches, and the AI's generator: a
//! version-1 file (written before the format named itself and before the
//! game owned the AI's generator) still loads; a match saves and loads; the
//! AI plays on after a load exactly as it would have without one.

use proptest::prelude::*;
use timbiriche_core::{
    BoardSize, Budget, CancelFlag, Game, GameOptions, Level, LoadError, Match, MatchOptions,
    Player, Session, StartPolicy, ValueLayout, Variant, GAME_SAVE, MATCH_SAVE,
};

const GAME_V1: &str = include_str!("data/game-v1.json");

/// Play `n` lines chosen by the Easy AI from the game's own generator.
fn easy_lines(g: &mut Game, n: usize) -> Vec<String> {
    let cancel = CancelFlag::new();
    let mut lines = Vec::new();
    for _ in 0..n {
        let Ok(m) = g.play_ai(Level::Easy, Budget::nodes(2_000), &cancel) else {
            break;
        };
        lines.push(timbiriche_core::notation::line_to_string(m.line));
    }
    lines
}

fn small_match(seed: u64) -> Match {
    Match::new(MatchOptions {
        size: BoardSize::new(1, 2).unwrap(),
        variant: Variant::standard(),
        games: 3,
        policy: StartPolicy::Alternating,
    })
    .unwrap()
    .with_ai_seed(seed)
}

#[test]
fn a_version_1_game_loads_and_saves_again_as_version_2() {
    let g = Game::load(GAME_V1).expect("a version-1 save loads");
    assert_eq!(
        g.options(),
        &GameOptions {
            size: BoardSize::new(3, 4).unwrap(),
            variant: Variant {
                misere: true,
                values: ValueLayout::Seeded(9),
            },
            first: Player::Second,
        }
    );
    assert_eq!(g.moves().len(), 10);
    assert!(g.can_redo());
    assert_eq!(g.hints_used(), 1);
    assert!(g.undo_used());
    // Version 1 had no generator: the loaded game's is that of a new game.
    let fresh = Game::new(g.options().clone()).unwrap();
    assert_eq!(g.rng(), fresh.rng());
    let again = g.save();
    assert!(
        again.starts_with(r#"{"format":"games.timbiriche","version":2,"#),
        "{again}"
    );
    assert_eq!(Game::load(&again).unwrap(), g);
    assert_eq!(Session::load(GAME_V1).unwrap(), Session::Game(g));
    assert_eq!((GAME_SAVE.version, MATCH_SAVE.version), (2, 2));
}

#[test]
fn a_match_saves_and_loads_and_its_generator_goes_on_across_games() {
    let mut m = small_match(3);
    easy_lines(m.game_mut(), 7);
    assert!(m.game().position().is_over());
    m.next_game().unwrap();
    easy_lines(m.game_mut(), 1);
    let text = m.save();
    assert!(
        text.starts_with(r#"{"format":"games.timbiriche.match","version":2,"#),
        "{text}"
    );
    assert!(text.contains(r#""current":{"format":"games.timbiriche","version":2,"#));
    let mut back = Match::load(&text).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.save(), text);
    assert_eq!(Session::load(&text).unwrap(), Session::Match(m.clone()));
    assert_eq!(easy_lines(back.game_mut(), 7), easy_lines(m.game_mut(), 7));
}

#[test]
fn inconsistent_matches_are_refused() {
    let mut m = small_match(1);
    easy_lines(m.game_mut(), 7);
    m.next_game().unwrap();
    let text = m.save();
    for (from, to) in [
        (r#""games":3"#, r#""games":4"#),
        (r#""finished":[[0,2]]"#, r#""finished":[[0,2],[2,0],[1,1]]"#),
        (r#""finished":[[0,2]]"#, r#""finished":[[0,3]]"#),
        (r#""finished":[[0,2]]"#, r#""finished":[]"#),
        (r#""policy":"Alternating""#, r#""policy":"First""#),
    ] {
        let finished = if text.contains(r#""finished":[[0,2]]"#) {
            text.clone()
        } else {
            // The first game's points depend on the AI's lines: use them.
            let start = text.find(r#""finished":"#).unwrap();
            let end = start + text[start..].find("]]").unwrap() + 2;
            text.replacen(&text[start..end], r#""finished":[[0,2]]"#, 1)
        };
        let bad = finished.replace(from, to);
        assert_ne!(bad, finished);
        assert!(
            matches!(Match::load(&bad), Err(LoadError::Match(_))),
            "{from} -> {to}: {:?}",
            Match::load(&bad)
        );
    }
}

#[test]
fn another_kind_of_save_is_a_typed_error() {
    let g = Game::standard(BoardSize::SMALL);
    let m = small_match(1);
    let e = Match::load(&g.save()).unwrap_err();
    assert!(matches!(e, LoadError::Envelope(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "this is a games.timbiriche save, not a games.timbiriche.match save"
    );
    assert!(matches!(Game::load(&m.save()), Err(LoadError::Envelope(_))));
    assert!(matches!(Match::load(GAME_V1), Err(LoadError::Envelope(_))));
    let nim = r#"{"format":"games.nim","version":2,"rows":[3]}"#;
    assert_eq!(
        Session::load(nim).unwrap_err().to_string(),
        "this is a games.nim save, not a games.timbiriche save"
    );
    let later = m.save().replacen(r#""version":2"#, r#""version":3"#, 1);
    assert_eq!(Session::load(&later), Err(LoadError::Version(3)));
    assert_eq!(Match::load(&later), Err(LoadError::Version(3)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A game with AI lines, undos and a seed saves and loads back equal,
    /// saves again to the same text, and the AI's next lines are the same.
    #[test]
    fn the_ai_generator_round_trips(seed: u64, lines in 0usize..12, undos in 0usize..4) {
        let mut g = Game::standard(BoardSize::new(2, 3).unwrap()).with_ai_seed(seed);
        easy_lines(&mut g, lines);
        for _ in 0..undos {
            g.undo();
        }
        let text = g.save();
        let mut back = Game::load(&text).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.save(), text);
        prop_assert_eq!(easy_lines(&mut back, 6), easy_lines(&mut g, 6));
    }
}

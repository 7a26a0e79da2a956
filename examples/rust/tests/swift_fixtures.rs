//! The games the Swift package's tests replay, played here through the Rust
//! crates: `swift/Tests/GamesTests/Fixtures/<game>.json` holds each one's
//! moves, result and save, and the Swift tests (`swift test`) play the same
//! seeded game through the Swift wrapper and the C API and compare.
//!
//! This test fails when a fixture no longer matches what the Rust crates
//! play; `GAMES_BLESS_SWIFT=1 cargo test -p games-examples --test
//! swift_fixtures` rewrites them.

use std::path::PathBuf;

use games_common::{Budget, CancelFlag, Player};
use serde_json::{json, Value};

fn fixture_path(game: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../swift/Tests/GamesTests/Fixtures")
        .join(format!("{game}.json"))
}

fn check(game: &str, value: Value) {
    let path = fixture_path(game);
    let text = serde_json::to_string_pretty(&value).expect("JSON") + "\n";
    if std::env::var_os("GAMES_BLESS_SWIFT").is_some() {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("the fixture folder");
        std::fs::write(&path, &text).expect("the fixture written");
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        old == text,
        "{} is out of date: run `GAMES_BLESS_SWIFT=1 cargo test -p games-examples --test swift_fixtures` and commit it",
        path.display()
    );
}

fn player(p: Option<Player>) -> &'static str {
    match p {
        Some(Player::First) => "first",
        Some(Player::Second) => "second",
        None => "nobody",
    }
}

#[test]
fn nim() {
    use nim_core::{Level, Match, Rule};
    let seed = 7;
    let mut m = Match::new(&[3, 4, 5], Rule::Normal, 1, Player::First, seed).expect("a match");
    let mut moves = Vec::new();
    while !m.game().is_over() {
        let level = match m.game().position().to_move() {
            Player::First => Level::Hard,
            Player::Second => Level::Medium,
        };
        let answer = m
            .game_mut()
            .ai_move(level, Budget::UNLIMITED, &CancelFlag::new())
            .expect("a move");
        m.game_mut().play(answer.mv).expect("a legal move");
        moves.push(answer.mv.to_notation());
    }
    check(
        "nim",
        json!({
            "scenario": "rows 3,4,5, normal rule, one round, first player first, seed 7; the first player plays Hard, the second Medium, each with the default budget",
            "seed": seed,
            "moves": moves,
            "winner": player(m.game().winner()),
            "save": String::from_utf8(m.save()).expect("UTF-8"),
        }),
    );
}

#[test]
fn canicas() {
    use canicas_core::{ai, notation, Game, Variant};
    let deal = 7;
    let mut game = Game::of_variant(Variant::Five, deal);
    let mut moves = Vec::new();
    while !game.state().is_over() {
        let hint = ai::hint(&game.state().view(), Budget::nodes(100), &CancelFlag::new());
        let mv = hint.best.expect("a move while the game is not over");
        moves.push(notation::move_text(mv, game.state().rules().size));
        game.play(mv).expect("a legal move");
    }
    check(
        "canicas",
        json!({
            "scenario": "five in a row, deal 7; every move is the hint with a budget of 100 nodes, until the game is over",
            "deal": deal,
            "moves": moves,
            "score": game.state().score(),
            "save": game.to_json(),
        }),
    );
}

#[test]
fn timbiriche() {
    use timbiriche_core::{notation, BoardSize, Game, GameOptions, Level};
    let seed = 7;
    let size = BoardSize::new(3, 3).expect("a size");
    let mut game = Game::new(GameOptions::standard(size))
        .expect("a game")
        .with_ai_seed(seed);
    let mut moves = Vec::new();
    while !game.position().is_over() {
        let level = match game.position().to_move() {
            Player::First => Level::Hard,
            Player::Second => Level::Medium,
        };
        let answer = game
            .ai_move(level, level.default_budget(), &CancelFlag::new())
            .expect("a line");
        moves.push(notation::line_to_string(answer.line));
        game.play(answer.line).expect("a legal line");
    }
    let points = [
        game.position().points(Player::First),
        game.position().points(Player::Second),
    ];
    check(
        "timbiriche",
        json!({
            "scenario": "3x3 boxes, standard values, one game, the first player starts, AI seed 7; the first player plays Hard, the second Medium, each with its level's default budget",
            "seed": seed,
            "moves": moves,
            "points": points,
            "save": game.save(),
        }),
    );
}

#[test]
fn backgammon() {
    use backgammon_core::{steps_to_string, DiceOutcome, Game, Level, WinKind};
    let seed = 7;
    let mut game = Game::new(seed);
    let mut moves = Vec::new();
    while !game.is_over() {
        let dice = match game.dice() {
            Some(dice) => dice,
            None => {
                let (dice, outcome) = game.roll().expect("a roll");
                if outcome == DiceOutcome::Passed {
                    moves.push(format!("{}{}: pass", dice.first(), dice.second()));
                    continue;
                }
                dice
            }
        };
        let level = match game.state().turn() {
            Player::First => Level::Hard,
            Player::Second => Level::Normal,
        };
        let answer = game
            .ai_move(level, Budget::UNLIMITED, &CancelFlag::new())
            .expect("a play");
        moves.push(format!(
            "{}{}: {}",
            dice.first(),
            dice.second(),
            steps_to_string(answer.play.steps())
        ));
        game.play(&answer.play).expect("a legal play");
    }
    let result = game.result().expect("a result");
    let win = match result.kind {
        WinKind::Single => "single",
        WinKind::Gammon => "gammon",
        WinKind::Backgammon => "backgammon",
    };
    check(
        "backgammon",
        json!({
            "scenario": "a seeded game, seed 7 (dice and AI); the first player plays Hard, the second Normal, with no budget limit, the C API's default",
            "seed": seed,
            "moves": moves,
            "winner": player(Some(result.winner)),
            "result": win,
            "turns": game.history().len(),
            "save": game.save(),
        }),
    );
}

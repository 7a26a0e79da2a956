//! Dots and boxes on the shared `Playable` trait: the generic invariant
//! suite, perft counts derived by hand, and the generic search against
//! random play.

use games_common::testing::{
    check_plain_values, check_random_games, check_undo, search_wins_against_random, SuiteOptions,
    UndoSession,
};
use games_common::{perft, Budget, Player};
use timbiriche_core::{BoardSize, Game, GameOptions, Line, Position, ValueLayout, Variant};

fn board(i: u32) -> Position {
    let o = options(i);
    Position::new(o.size, &o.variant, o.first).unwrap()
}

fn options(i: u32) -> GameOptions {
    let size = BoardSize::new(1 + i % 3, 1 + (i / 3) % 4).unwrap();
    let variant = Variant {
        misere: i % 2 == 1,
        values: if i % 4 >= 2 {
            ValueLayout::Seeded(u64::from(i))
        } else {
            ValueLayout::Standard
        },
    };
    let first = if i % 5 == 0 {
        Player::Second
    } else {
        Player::First
    };
    GameOptions {
        size,
        variant,
        first,
    }
}

#[test]
fn random_games_keep_every_invariant_of_the_trait() {
    let report = check_random_games(board, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.refused > 0, "{report:?}");
    assert_eq!(report.chance_nodes, 0, "dots and boxes has no chance");
}

#[test]
fn perft_counts_the_orders_of_drawing_lines() {
    // The game ends only when every line is drawn, and a completed box
    // changes who moves but not which lines are free: from an empty board
    // of L lines, d plies down there are L!/(L-d)! nodes, and none past L.
    // 1x1: 4 lines.
    let one = Position::standard(BoardSize::new(1, 1).unwrap());
    assert_eq!([1, 2, 3, 4, 5].map(|d| perft(&one, d)), [4, 12, 24, 24, 0]);
    // 2x2: 12 lines.
    let two = Position::standard(BoardSize::new(2, 2).unwrap());
    assert_eq!([1, 2, 3].map(|d| perft(&two, d)), [12, 132, 1320]);
}

#[test]
fn flat_monte_carlo_beats_random_play() {
    // 10 seeded games on 3x3 (24 lines), the search in both seats in turn
    // (deterministic: it won all 10 when written). Nine boxes of 1 point
    // cannot tie, and a player no better than random would win about half;
    // 9 or more of 10 happens to a fair coin 1% of the time.
    let start = |_| Position::standard(BoardSize::SMALL);
    let wins = search_wins_against_random(start, 10, Budget::nodes(300));
    assert!(wins >= 9, "the search won {wins} of 10");
}

/// The README's "the state is a plain value (Clone, Eq, Hash, serde)", at
/// every node of random games: the JSON round trip gives an equal state
/// with an equal hash, and the state read from its state string has the
/// same actor, legal moves and returns.
#[test]
fn random_games_keep_plain_value_states() {
    let report = check_plain_values(board, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.nodes > report.moves_played, "{report:?}");
}

/// The game wrapper, whose history takes moves back.
#[derive(Clone)]
struct Session(Game);

impl UndoSession for Session {
    type State = Position;
    fn state(&self) -> &Position {
        self.0.position()
    }
    fn play(&mut self, line: Line) -> Result<(), String> {
        self.0.play(line).map(|_| ()).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> Result<(), String> {
        if self.0.undo() {
            Ok(())
        } else {
            Err("nothing to undo".into())
        }
    }
}

/// "undo of any number of moves ... and redo" (the spec's page), and
/// "undo restores exactly" (its quality bars): at every node of random
/// games, every line drawn and undone through the game leaves the position
/// equal, with the same hash, JSON and position string.
#[test]
fn undo_is_the_exact_inverse_of_play_at_every_node() {
    let session = |i| Session(Game::new(options(i)).unwrap());
    let report = check_undo(session, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.moves_played > report.nodes, "{report:?}");
}

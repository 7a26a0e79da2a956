//! Nim on the shared `Playable` trait: the generic invariant suite, perft
//! counts derived by hand, and the generic search against random play.

use games_common::testing::{
    check_plain_values, check_random_games, check_undo, search_wins_against_random, SuiteOptions,
    UndoSession,
};
use games_common::{perft, Budget, Playable, Player};
use nim_core::{Game, Position, Rule};

fn board(i: u32) -> Position {
    let rows: Vec<u32> = (0..1 + i % 4).map(|r| (i * 7 + r * 3) % 6 + 1).collect();
    let rule = if i % 2 == 0 {
        Rule::Normal
    } else {
        Rule::Misere
    };
    let first = if i % 3 == 0 {
        Player::Second
    } else {
        Player::First
    };
    Position::new(&rows, rule, first).unwrap()
}

#[test]
fn random_games_keep_every_invariant_of_the_trait() {
    let options = SuiteOptions {
        games: 200,
        ..SuiteOptions::default()
    };
    let report = check_random_games(board, options).unwrap();
    assert_eq!(report.games, 200);
    assert!(report.refused > 0, "{report:?}");
    assert_eq!(report.chance_nodes, 0, "Nim has no chance");
}

#[test]
fn perft_of_small_boards_matches_the_hand_count() {
    // Rows 1 and 2: the moves are 1-1, 2-1 and 2-2 (3 leaves at depth 1);
    // they leave [0,2] (2 moves), [1,1] (2 moves) and [1,0] (1 move): 5.
    // Depth 3: from [0,2], 2-1 leaves [0,1] (1 move) and 2-2 ends the game
    // (0); from [1,1] each move leaves one circle (1 + 1); from [1,0] the
    // only move ends the game (0): 3. Three circles end every game within
    // three plies, so nothing lies four plies down.
    let p = Position::new(&[1, 2], Rule::Normal, Player::First).unwrap();
    assert_eq!([1, 2, 3, 4].map(|d| perft(&p, d)), [3, 5, 3, 0]);
}

#[test]
fn perft_of_the_classic_board_matches_the_engine() {
    // Depth 1: 3 + 4 + 5 = 12 moves. Depth 2: a move taking t circles
    // leaves 12 - t circles, i.e. 12 - t moves, and no game is over yet:
    // row 3 gives 11+10+9, row 4 gives 11+10+9+8, row 5 gives
    // 11+10+9+8+7, in all 30 + 38 + 45 = 113.
    let p = Position::default();
    assert_eq!(perft(&p, 1), 12);
    assert_eq!(perft(&p, 2), 113);
    // Depth 3 through the engine's own API (legal_moves, play,
    // legal_move_count), not through the trait.
    let mut depth3 = 0;
    for a in p.legal_moves() {
        let mut q = p.clone();
        q.play(a).unwrap();
        for b in q.legal_moves() {
            let mut r = q.clone();
            r.play(b).unwrap();
            depth3 += r.legal_move_count();
        }
    }
    assert_eq!(perft(&p, 3), depth3);
}

#[test]
fn a_refused_move_leaves_the_position_as_it_was() {
    let mut p = Position::default();
    let before = p.clone();
    assert!(Playable::play(&mut p, nim_core::Move::new(0, 4)).is_err());
    assert_eq!(p, before);
}

#[test]
fn flat_monte_carlo_beats_random_play() {
    // 20 seeded games on the classic board, the search in both seats in
    // turn (deterministic: it won 17 when written). A player no better than
    // random would win about half; 15 or more of 20 happens to a fair coin
    // 2% of the time.
    let wins = search_wins_against_random(|_| Position::default(), 20, Budget::nodes(2000));
    assert!(wins >= 15, "the search won {wins} of 20");
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
    fn play(&mut self, mv: nim_core::Move) -> Result<(), String> {
        self.0.play(mv).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> Result<(), String> {
        self.0.undo().map(|_| ()).map_err(|e| e.to_string())
    }
}

/// "undo restores exactly" (the spec's quality bars): at every node of
/// random games, every move played and undone through the game leaves the
/// position equal, with the same hash, JSON and notation.
#[test]
fn undo_is_the_exact_inverse_of_play_at_every_node() {
    let session = |i| {
        let b = board(i);
        Session(Game::new(b.rows(), b.rule(), b.to_move(), u64::from(i)).unwrap())
    };
    let options = SuiteOptions {
        games: 100,
        ..SuiteOptions::default()
    };
    let report = check_undo(session, options).unwrap();
    assert_eq!(report.games, 100);
    assert!(report.moves_played > report.nodes, "{report:?}");
}

//! Color Lines on the shared `Playable` trait: the generic invariant suite
//! and perft counts checked against the engine's own API.

use canicas_core::{Game, Move, Rules, State};
use games_common::testing::{
    check_plain_values, check_random_games, check_undo, SuiteOptions, UndoSession,
};
use games_common::{perft, Actor, Playable, Player};

fn game(i: u32) -> State {
    State::new(rules(i), u64::from(i) * 7919).unwrap()
}

fn rules(i: u32) -> Rules {
    if i % 2 == 0 {
        Rules::FIVE
    } else {
        Rules::FOUR
    }
}

#[test]
fn random_games_keep_every_invariant_of_the_trait() {
    let report = check_random_games(game, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.refused > 0, "{report:?}");
    assert_eq!(report.chance_nodes, 0, "deterministic given the deal");
}

#[test]
fn one_player_against_the_deal() {
    let s = State::new(Rules::FIVE, 1).unwrap();
    assert_eq!(s.actor(), Actor::Player(Player::First));
    let mut buf = Vec::new();
    Playable::legal_moves(&s, &mut buf);
    // The trait's list is the engine's own, in the same order.
    assert_eq!(buf, State::legal_moves(&s));
    assert_eq!(s.returns(), [s.score() as f64, 0.0]);
}

#[test]
fn perft_matches_the_engine() {
    // "Five" starts with 5 marbles on 81 cells. Deal 7's marbles wall off
    // no cell, so each of them reaches the 76 free cells: 380 moves.
    let s = State::new(Rules::FIVE, 7).unwrap();
    for from in s.legal_moves().iter().map(|m| m.from) {
        assert_eq!(s.reachable(from).len(), 76);
    }
    assert_eq!(perft(&s, 1), 5 * 76);
    // Depth 2 through the engine's own API (legal_moves, play), not the trait.
    let mut depth2 = 0;
    for mv in s.legal_moves() {
        let mut t = s.clone();
        t.play(mv).unwrap();
        depth2 += t.legal_moves().len() as u64;
    }
    assert_eq!(perft(&s, 2), depth2);
}

#[test]
fn a_state_string_without_the_deal_is_not_a_state() {
    let s = State::new(Rules::FIVE, 3).unwrap();
    let full = s.state_string();
    assert_eq!(State::parse_state(&full).unwrap().state_string(), full);
    let seen: Vec<&str> = full.split_whitespace().take(4).collect();
    let err = State::parse_state(&seen.join(" ")).unwrap_err();
    assert!(err.to_string().contains("deal"), "{err}");
}

/// The README's "the state is a plain value (Clone, Eq, Hash, serde)", at
/// every node of random games: the JSON round trip gives an equal state
/// with an equal hash, and the state read from its state string has the
/// same actor, legal moves and returns.
#[test]
fn random_games_keep_plain_value_states() {
    let report = check_plain_values(game, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.nodes > report.moves_played, "{report:?}");
}

/// The game wrapper, whose undo takes back one move.
#[derive(Clone)]
struct Session(Game);

impl UndoSession for Session {
    type State = State;
    fn state(&self) -> &State {
        self.0.state()
    }
    fn play(&mut self, mv: Move) -> Result<(), String> {
        self.0.play(mv).map(|_| ()).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> Result<(), String> {
        self.0.undo().map(|_| ()).map_err(|e| e.to_string())
    }
}

/// "Undo takes back the last move, including whatever arrived after it
/// and the points it scored ... After an undo the same marbles arrive."
/// At every node of random games, every move played and undone through the
/// game leaves the state equal (deal included), with the same hash, JSON
/// and position string, and the move played again reaches the same state.
#[test]
fn undo_is_the_exact_inverse_of_play_at_every_node() {
    let session = |i| Session(Game::new(rules(i), u64::from(i) * 7919).unwrap());
    let report = check_undo(session, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.moves_played > report.nodes, "{report:?}");
}

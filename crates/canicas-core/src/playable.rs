//! Color Lines on the shared [`Playable`] trait: a thin adapter over
//! [`State`].
//!
//! One player ([`Player::First`]) plays against the deal. The marbles that
//! arrive come from the deal, a seeded stream that is part of the state, so
//! the game is modelled as **deterministic given the deal**: there is no
//! chance node, and playing a move on a copy of the state shows the
//! arrivals that will follow it. A search that looks ahead this way knows
//! more than a human player, who sees only the "next" bar; the engine's own
//! AI searches [`State::view`] instead, which hides the deal. (Modelling
//! arrivals as chance outcomes would need states whose arrivals are chosen
//! from outside the deal, which the rules do not have.)
//!
//! Moves are listed by source cell, then target cell (the order of
//! [`State::legal_moves`]) and written `e5-a1`; the state string is the
//! position string with its deal ([`State::to_fen`]; read back, its move and
//! line counters start at zero). Returns: the score, at index 0.

use games_common::{Actor, Playable, Player};

use crate::board::Cell;
use crate::fen::{FenError, Setup};
use crate::notation::{move_text, parse_move, NotationError};
use crate::state::{Move, MoveError, State, StateError};

impl Playable for State {
    type Move = Move;
    type Error = MoveError;
    type ParseError = NotationError;
    type StateError = FenError;

    const NAME: &'static str = "canicas";
    const PLAYERS: usize = 1;

    fn actor(&self) -> Actor {
        Actor::player_unless_over(self.is_over(), Player::First)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let board = self.board();
        let mut from_mask = board.occupied_mask();
        while from_mask != 0 {
            let from = Cell(from_mask.trailing_zeros() as u8);
            from_mask &= from_mask - 1;
            let mut to_mask = board.reachable_mask(from);
            while to_mask != 0 {
                let to = Cell(to_mask.trailing_zeros() as u8);
                to_mask &= to_mask - 1;
                out.push(Move { from, to });
            }
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.play_quiet(mv).map(|_| ())
    }

    fn returns(&self) -> [f64; 2] {
        [self.score() as f64, 0.0]
    }

    fn move_text(&self, mv: Move) -> String {
        move_text(mv, self.rules().size)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        parse_move(text, self.rules().size)
    }

    fn state_string(&self) -> String {
        self.to_fen()
    }

    fn parse_state(text: &str) -> Result<State, FenError> {
        Setup::from_fen(text)?
            .to_state()?
            .ok_or(FenError::State(StateError::Inconsistent(
                "a game state needs the deal and its next marble after the score",
            )))
    }
}

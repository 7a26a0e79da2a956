//! Nim on the shared [`Playable`] trait: a thin adapter over [`Position`].
//!
//! No chance node. Moves are listed by row, then by count taken (the order
//! of [`Position::legal_moves`]), written as `ROW-COUNT`; the state string
//! is [`Position::to_notation`]. Returns: +1 for the winner, -1 for the
//! loser once the game is over (normal or misère, as the rule says).

use games_common::{win_loss_returns, Actor, Playable};

use crate::notation::NotationError;
use crate::position::{Move, MoveError, Position};

impl Playable for Position {
    type Move = Move;
    type Error = MoveError;
    type ParseError = NotationError;
    type StateError = NotationError;

    const NAME: &'static str = "nim";
    const PLAYERS: usize = 2;

    fn actor(&self) -> Actor {
        Actor::player_unless_over(self.is_over(), self.to_move())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        for (row, &left) in self.rows().iter().enumerate() {
            out.extend((1..=left).map(|take| Move::new(row, take)));
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        Position::play(self, mv)
    }

    fn returns(&self) -> [f64; 2] {
        win_loss_returns(self.winner())
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_notation()
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        Move::from_notation(text)
    }

    fn state_string(&self) -> String {
        self.to_notation()
    }

    fn parse_state(text: &str) -> Result<Position, NotationError> {
        Position::from_notation(text)
    }
}

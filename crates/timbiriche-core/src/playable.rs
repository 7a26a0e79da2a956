//! Dots and boxes on the shared [`Playable`] trait: a thin adapter over
//! [`Position`].
//!
//! No chance node. Moves are [`Line`]s in line-index order (the order of
//! [`Position::legal_moves`]), written in dot notation (`a1-b1`); the state
//! string is the position string of [`Position::to_fen`]. A box completed
//! gives the same player the next move, so the actor may stay the same.
//! Returns: +1 for the winner, -1 for the loser, 0 each for a draw, once
//! every line is drawn (misère and valued boxes as the variant says).

use games_common::{win_loss_returns, Actor, GameRng, Playable};

use crate::board::{select64, Line};
use crate::fen::FenError;
use crate::notation::{line_to_string, parse_line, NotationError};
use crate::position::{GameResult, PlayError, Position};

impl Playable for Position {
    type Move = Line;
    type Error = PlayError;
    type ParseError = NotationError;
    type StateError = FenError;

    const NAME: &'static str = "timbiriche";
    const PLAYERS: usize = 2;

    fn actor(&self) -> Actor {
        Actor::player_unless_over(self.is_over(), self.to_move())
    }

    fn legal_moves(&self, out: &mut Vec<Line>) {
        out.clear();
        let lines = &self.size().geometry().line_at;
        let free = self.undrawn_bits();
        let (lo, hi) = (free as u64, (free >> 64) as u64);
        // Size the list with one copy, then give each slot the next undrawn
        // line: one slot per set bit, so the loops run over the slots and
        // need no other check. Two 64-bit halves: one `tzcnt` per line, and
        // an index below 128 that needs no bounds check.
        let n_lo = lo.count_ones() as usize;
        let n = n_lo + hi.count_ones() as usize;
        out.extend_from_slice(lines.get(..n).unwrap_or(&[]));
        let Some((first, second)) = out.split_at_mut_checked(n_lo) else {
            return;
        };
        let mut bits = lo;
        for slot in first {
            *slot = lines[(bits.trailing_zeros() as usize) & 127];
            bits &= bits.wrapping_sub(1);
        }
        let mut bits = hi;
        for slot in second {
            *slot = lines[(64 + bits.trailing_zeros() as usize) & 127];
            bits &= bits.wrapping_sub(1);
        }
    }

    /// The `k`-th undrawn line for `k` drawn below their number: the move
    /// choosing from the list would give, found in the bit set without
    /// writing the list.
    fn random_legal_move(&self, rng: &mut GameRng, _buf: &mut Vec<Line>) -> Option<Line> {
        let free = self.undrawn_bits();
        let (lo, hi) = (free as u64, (free >> 64) as u64);
        let n_lo = u64::from(lo.count_ones());
        let n = n_lo
            + if hi == 0 {
                0
            } else {
                u64::from(hi.count_ones())
            };
        if n == 0 {
            return None;
        }
        let k = rng.below(n);
        let i = if k < n_lo {
            select64(lo, k)
        } else {
            64 + select64(hi, k - n_lo)
        };
        Some(self.size().geometry().line_at[i & 127])
    }

    fn play(&mut self, line: Line) -> Result<(), PlayError> {
        Position::play(self, line).map(|_| ())
    }

    fn returns(&self) -> [f64; 2] {
        win_loss_returns(match self.result() {
            Some(GameResult::Win(p)) => Some(p),
            Some(GameResult::Draw) | None => None,
        })
    }

    fn move_text(&self, line: Line) -> String {
        line_to_string(line)
    }

    fn parse_move(&self, text: &str) -> Result<Line, NotationError> {
        parse_line(self.size(), text)
    }

    fn state_string(&self) -> String {
        self.to_fen()
    }

    fn parse_state(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

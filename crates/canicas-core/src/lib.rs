#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]
#![deny(unsafe_code)]
//! Color Lines (Canicas): rules, deals, undo, records, a text board, and
//! an AI (hint and autoplayer).
//!
//! The game: a 9×9 board, marbles of 7 colours, 5 on the board at the
//! start. A move takes a marble to a free cell it can reach by orthogonal
//! steps through free cells. Five (or, in the easier variant, four) or
//! more marbles of one colour in a row, column or diagonal through the
//! moved marble leave the board and score `n × (n − m + 1) × 2`; a move
//! that removes nothing brings the three marbles of the "next" bar. The
//! game ends when no cell is free.
//!
//! A deal (a 64-bit number) decides every marble that arrives: its colour
//! and the order of cells it prefers (see [`deal`] for the frozen
//! derivation), so a deal is the same game on every platform.
//!
//! - [`Rules`], [`Variant`]: the parameters (board size, colours, minimum
//!   line, arrivals per move, starting marbles).
//! - [`Board`], [`Cell`], [`Line`]: cells, reachability, shortest paths, lines.
//! - [`State`]: a game's state; [`State::play`] a [`Move`].
//! - [`Game`]: a session with one-move undo, retry and save/load.
//! - [`Records`], [`GameSummary`]: the end-of-game summary and records.
//! - [`notation`]: cell names (`a1` top-left … `i9`), moves (`e5-a1`) and
//!   the 81-character text board.
//! - [`apply_on_board`]: one move on a bare board, for tools.
//! - [`ai`]: hint and autoplayer; [`arena()`]: deaths per 100,000 moves.
//! - [`learn`]: an n-tuple network trained by TD learning, and its trainer.
//!
//! ```
//! use canicas_core::{ai, Game, Records, Variant};
//! use games_common::CancelFlag;
//! use std::time::Duration;
//!
//! let mut game = Game::of_variant(Variant::Five, 2024);
//! assert_eq!(game.state().board().marble_count(), 5);
//! assert_eq!(game.state().next_colours().len(), 3);
//!
//! // Ask the AI for a move and play it.
//! let hint = ai::hint(&game.state().view(), ai::default_budget(), &CancelFlag::new());
//! let mv = hint.best.unwrap();
//! let path = game.state().path(mv.from, mv.to).unwrap(); // for the animation
//! assert_eq!(path.first(), Some(&mv.from));
//! let outcome = game.play(mv).unwrap();
//! assert_eq!(outcome.arrivals.len() + outcome.lines.len().min(1) * 3, 3);
//!
//! // Undo brings back the position; the same marbles arrive again.
//! game.undo().unwrap();
//! assert_eq!(game.play(mv).unwrap(), outcome);
//!
//! // Text forms.
//! let text = game.state().board().to_text();
//! assert_eq!(text.len(), 81);
//! assert_eq!(canicas_core::notation::move_text(mv, 9).len(), 5);
//!
//! // End of game: only a finished game is recorded.
//! let mut records = Records::new();
//! assert!(records.finish(&game, Duration::from_secs(1)).is_err());
//! while let Some(&mv) = game.state().legal_moves().first() {
//!     game.play(mv).unwrap();
//! }
//! let summary = records.finish(&game, Duration::from_secs(42)).unwrap();
//! assert!(summary.new_record);
//! ```

pub mod ai;
mod apply;
pub mod arena;
mod board;
pub mod deal;
mod fen;
mod game;
pub mod learn;
pub mod notation;
mod playable;
mod records;
mod rules;
mod state;

pub use apply::{apply_on_board, apply_text, ApplyOutcome};
pub use arena::{arena, arena_threads, ArenaError, ArenaGame, ArenaReport, Deals};
pub use board::{cells_of, Board, Cell, Direction, Line};
pub use fen::{FenError, Setup};
pub use game::{Game, LoadError, UndoError, GAME_SAVE};
pub use notation::{
    board_from_text, board_from_text_for, cell_from_name, cell_name, move_text, parse_move,
    NotationError,
};
pub use records::{FinishError, GameSummary, RecordEntry, Records};
pub use rules::{Rules, RulesError, Variant, MAX_ARRIVALS, MAX_COLOURS, MAX_SIZE};
pub use state::{
    check_board_at_rest, Arrival, Move, MoveError, MoveOutcome, State, StateError, SAVE_VERSION,
};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lines98;

/// The README's quick start, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

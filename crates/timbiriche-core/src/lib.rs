//! Dots and boxes (Timbiriche): rules, notation, an exact solver and AI.
//!
//! - [`Position`]: a plain value with the rules ([`Position::play`],
//!   [`Position::legal_moves`], owners, points, whose turn, extra move,
//!   [`Position::decided`], safe / capturing / 3rd-side lines, sides per box).
//! - [`Line`]: a small `Copy` move; [`notation`] parses and prints `a1-b1`;
//!   [`BoardSize::line_index`] / [`BoardSize::line_at`] give the flat index
//!   form for hosts.
//! - [`Game`]: history with unlimited undo/redo, the hint budget, the "undo
//!   used" flag and versioned save/load; [`Match`] for 3 or 5 games.
//! - [`chains`]: the chain/loop decomposition.
//! - [`solve`]: the exact value and **all** optimal moves; [`ai_move`] for
//!   Easy/Medium/Hard; [`hint`] with a [`Reason`] code and sentence.
//! - [`mod@lessons`]: the five Learn lessons with a check of the learner's move.
//!
//! ```
//! use timbiriche_core::{
//!     ai_move, notation, solve, BoardSize, Budget, CancelFlag, GameRng, Level, Position,
//! };
//!
//! let size = BoardSize::SMALL; // 3×3 boxes
//! let mut pos = Position::standard(size);
//! let line = notation::parse_line(size, "a1-b1").unwrap();
//! let outcome = pos.play(line).unwrap();
//! assert!(!outcome.extra_move);
//! assert_eq!(pos.legal_moves().len(), 23);
//!
//! // The 2×2 board is worth +2 to the first player.
//! let small = Position::standard(BoardSize::new(2, 2).unwrap());
//! let s = solve(&small, Budget::UNLIMITED, &CancelFlag::new());
//! assert_eq!(s.value, Some(2));
//!
//! // The computer answers on the 3×3 board.
//! let mut rng = GameRng::from_seed(1);
//! let reply = ai_move(&pos, Level::Hard, &mut rng, Level::Hard.default_budget(), &CancelFlag::new())
//!     .unwrap();
//! assert!(pos.legal_moves().contains(&reply.line));
//! ```
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod ai;
pub mod board;
pub mod chains;
mod display;
pub mod fen;
pub mod game;
pub mod lessons;
pub mod matches;
pub mod notation;
mod playable;
pub mod position;
mod session;
pub mod solver;
mod symmetry;
pub mod values;

pub use ai::{
    ai_move, ai_move_with, hint, hint_with, AiError, AiMove, AiOptions, Hint, Level, Reason,
};
pub use board::{BoardSize, BoxCoord, Dot, Line, LineError, Orientation, SizeError};
pub use chains::{components, decomposition, Component, ComponentKind};
pub use fen::FenError;
pub use game::{
    Game, GameHint, GameOptions, HintError, LoadError, MoveError, SavedGame, GAME_SAVE,
    HINTS_PER_GAME, SAVE_VERSION,
};
pub use games_common::{Budget, CancelFlag, GameRng, Player, SearchStats, StopReason};
pub use lessons::{lessons, Lesson, LessonCheck, LessonId};
pub use matches::{Match, MatchError, MatchOptions, StartPolicy, MATCH_SAVE};
pub use position::{GameResult, MoveOutcome, PlayError, Position, PositionError, Variant};
pub use session::Session;
pub use solver::{solve, solve_one, solve_with, Solution, SolveOptions, DEFAULT_TABLE_BYTES};
pub use values::{seeded_values, ValueError, ValueLayout};

#[cfg(test)]
mod send_tests {
    fn is_send<T: Send>() {}

    #[test]
    fn state_types_are_send() {
        is_send::<crate::Position>();
        is_send::<crate::Game>();
        is_send::<crate::Match>();
        is_send::<crate::Solution>();
        is_send::<crate::AiMove>();
        is_send::<crate::Lesson>();
    }
}

/// The README's quick start, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

//! Nim, the row-crossing duel: 1 to [`MAX_ROWS`] rows of up to
//! [`MAX_CIRCLES`] circles, normal and misère play, matches,
//! perfect-play analysis and three AI levels.
//!
//! A move chooses one row that still has circles and crosses out one or more
//! of them; the turn always passes. Under the normal rule whoever crosses out
//! the last circle wins; under misère that player loses. The rule is fixed
//! when the game is created.
//!
//! - [`Position`]: rows, rule and player to move, with `legal_moves`, `check` and `play`.
//! - [`analyze`]: who wins with perfect play, and every winning move.
//! - [`ai_move`] at a [`Level`]: Easy (random), Medium (perfect 2 times in 3), Hard (perfect).
//! - [`Game`]: history with undo and redo, the seeded generator, save and load.
//! - [`Match`]: several rounds with the first turn alternating.
//!
//! ```
//! use games_common::{Budget, CancelFlag, Player};
//! use nim_core::{Game, Level, Move, Rule};
//!
//! let mut game = Game::new(&[3, 4, 5], Rule::Normal, Player::First, 1).unwrap();
//! game.play(Move::new(2, 2)).unwrap(); // take 2 from the third row
//! assert_eq!(game.position().rows(), &[3, 4, 3]);
//! assert!(game.play(Move::new(0, 0)).is_err()); // crossing out zero is illegal
//!
//! let cancel = CancelFlag::new();
//! while !game.is_over() {
//!     let answer = game.ai_move(Level::Hard, Budget::UNLIMITED, &cancel).unwrap();
//!     game.play(answer.mv).unwrap();
//! }
//! println!("{} wins", game.winner().unwrap());
//! ```
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod ai;
mod analysis;
mod game;
mod matches;
mod notation;
mod playable;
mod position;

pub use ai::{ai_move, perfect_move, random_move, AiMove, Level, LevelError, MEDIUM_PERFECT};
pub use analysis::{analyze, nim_sum, Analysis};
pub use game::{Game, HistoryError, LoadError, GAME_SAVE, MATCH_SAVE, SAVE_VERSION};
pub use games_common::{Budget, CancelFlag, GameRng, Player, SearchStats, StopReason};
pub use matches::{Match, MatchResult, MatchSetupError, RoundError, MAX_ROUNDS};
pub use notation::NotationError;
pub use position::{
    Move, MoveError, Position, Rule, SetupError, CLASSIC_ROWS, MAX_CIRCLES, MAX_ROWS,
};

#[cfg(test)]
mod tests {
    /// "state types are `Send`": a host may run the AI on another thread.
    #[test]
    fn state_types_are_send() {
        fn send<T: Send + 'static>() {}
        send::<crate::Position>();
        send::<crate::Game>();
        send::<crate::Match>();
        send::<crate::Analysis>();
    }
}

/// The README's quick start, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

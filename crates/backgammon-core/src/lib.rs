//! Backgammon without the doubling cube: rules, fast move generation, a
//! step-by-step interface for touch screens, GNU Backgammon Position ID and
//! XGID, move notation, saved games, AI levels and a strength arena.
//!
//! - [`Position`]: the board seen from the side on roll (15 checkers a side,
//!   always valid), pip counts, results, [`Position::to_gnubg_id`] /
//!   [`Position::from_gnubg_id`], [`Position::to_xgid`] / [`Position::from_xgid`].
//! - [`legal_plays`]: every legal play for a roll, one per distinct resulting
//!   position; [`legal_positions_into`] is the fast path for searches.
//! - [`parse_play`] and [`Play::notation`]: `24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`.
//! - [`Turn`]: one checker at a time (movable checkers, destinations, the
//!   single checker for a tapped point, step, undo, commit).
//! - [`GameState`] (plain value) and [`Game`] (session: seeded dice, opening
//!   roll, history, save/load/replay).
//! - [`ai_move`] with [`Level`] Easy/Normal/Hard, [`pubeval_move`], and
//!   [`run_arena`] for duplicate-dice series on several threads.
//!
//! ```
//! use backgammon_core::{ai_move, legal_plays, Budget, CancelFlag, Dice, Game, GameRng, Level, Position};
//!
//! // The 16 distinct plays of an opening 3-1.
//! let start = Position::start();
//! let plays = legal_plays(&start, Dice::new(3, 1)?);
//! assert_eq!(plays.len(), 16);
//! assert!(plays.iter().any(|p| p.notation() == "8/5 6/5"));
//!
//! // A seeded game: the opening roll is done, the starter has its dice.
//! let mut game = Game::new(42);
//! let dice = game.dice().ok_or("no dice")?;
//! let mut rng = GameRng::from_seed(1);
//! let choice = ai_move(game.state().position(), dice, Level::Normal, &mut rng,
//!                      Budget::nodes(10_000), &CancelFlag::new());
//! game.play(&choice.play)?;
//! game.roll()?;
//! let saved = game.save();
//! assert_eq!(Game::load(&saved)?.state(), game.state());
//! assert_eq!(Position::start().to_gnubg_id(), "4HPwATDgc/ABMA");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod ai;
mod arena;
pub mod bearoff;
mod board;
mod dense;
mod dice;
mod eval;
pub mod fibs;
mod game;
mod movegen;
pub mod neural;
pub mod nn;
mod notation;
pub mod outcome;
mod playable;
mod position_id;
mod pubeval;
mod rules;
mod sample;
pub mod train;
mod turn;
mod xgid;

pub use ai::{
    ai_move, ai_move_with, hard_move_with, AiMove, Evaluation, HardSearch, Level, LevelError,
    EASY_MARGIN, HARD_CANDIDATES, HARD_SEARCH,
};
pub use arena::{
    duplicate_start, run_arena, run_arena_with, Agent, ArenaError, ArenaReport, DecisionTimes,
    Estimate, SideReport,
};
pub use board::{Position, PositionError, Side, SideCounts, WinKind, BAR, CHECKERS, OFF};
pub use dice::{Dice, DiceError};
pub use eval::{evaluate, hitting_rolls, EvalWeights, DEFAULT_WEIGHTS};
pub use fibs::FibsError;
pub use game::{Game, LoadError, TurnRecord, GAME_SAVE, SAVE_VERSION};
pub use games_common::{Budget, CancelFlag, GameRng, Player, SearchStats, StopReason};
pub use movegen::{legal_plays, legal_positions_into, Play, Step};
pub use notation::{parse_moves, parse_play, steps_to_pairs, steps_to_string, NotationError};
pub use outcome::Outcomes;
pub use playable::{Action, StateTextError};
pub use position_id::PositionIdError;
pub use pubeval::{pubeval_move, pubeval_score};
pub use rules::{DiceOutcome, GameError, GameResult, GameState, Opening};
pub use sample::sample_positions;
pub use turn::{StepOption, StepRefusal, Turn, TurnError};
pub use xgid::XgidError;

/// The README's quick start, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

//! Pieces every game engine of this workspace shares: who is playing
//! ([`Player`]), how long a search may run ([`Budget`], [`CancelFlag`],
//! [`SearchControl`]), the seeded random generator ([`GameRng`]) and the
//! envelope every save starts with ([`SaveFormat`], [`probe_version`]).
//!
//! Nothing here knows any game's rules. The [`Playable`] trait is the shape
//! every game's rules type implements (who acts, including chance; legal
//! moves into a reused buffer; play; returns; texts), and beside it are
//! tools written once for all games: [`perft`], [`random_playout`], the
//! example search [`search::flat_monte_carlo`] and, with the feature
//! `testing`, the invariant suite `testing::check_random_games`.
//!
//! ```
//! use games_common::{Budget, CancelFlag, GameRng, Player, SearchControl};
//!
//! let mut rng = GameRng::from_seed(7);
//! let roll = rng.below(6) + 1;
//! assert!((1..=6).contains(&roll));
//!
//! let cancel = CancelFlag::new();
//! let mut control = SearchControl::new(Budget::nodes(10), &cancel);
//! let mut visited = 0;
//! while control.tick() {
//!     visited += 1;
//! }
//! assert_eq!(visited, 10);
//! assert_eq!(Player::First.other(), Player::Second);
//! ```
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod arena;
mod budget;
mod game;
mod player;
mod rng;
mod save;
pub mod search;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use budget::{Budget, CancelFlag, SearchControl, SearchStats, StopReason};
pub use game::{
    perft, random_move, random_playout, sample_chance, win_loss_returns, Actor, Chance, Playable,
    Scratch,
};
pub use player::Player;
pub use rng::GameRng;
pub use save::{probe_version, SaveEnvelope, SaveFormat, VersionError};

/// The README's quick start, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

//! The strength arena: the autoplayer over a list or range of deals.
//!
//! The games are played by the generic arena of `games-common`
//! ([`games_common::arena`]) through the [`Playable`] adapter: game `i`
//! plays the `i`-th deal, the autoplayer (the hint at a budget, which
//! reads only what a player sees) choosing every move. This module adds
//! Color Lines' figures: moves, points, deaths and deaths per 100,000
//! moves. With a node budget the autoplayer is deterministic, so a report
//! is the same on any machine and any number of threads.
//!
//! [`Playable`]: games_common::Playable

use std::borrow::Cow;
use std::ops::{Range, RangeInclusive};

use games_common::arena::{self, ArenaOptions, FnAgent};
use games_common::{Budget, CancelFlag, GameRng, Player};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::hint;
use crate::rules::Rules;
use crate::state::State;

/// One game of the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArenaGame {
    /// The deal.
    pub deal: u64,
    /// Moves played.
    pub moves: u64,
    /// Points scored.
    pub points: u64,
    /// Whether the game ended by the board filling up (a death) rather than
    /// by the move cap.
    pub died: bool,
}

/// The figures of an arena run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaReport {
    /// The rules played.
    pub rules: Rules,
    /// Games played (one per deal).
    pub games: u64,
    /// Moves played in all.
    pub moves: u64,
    /// Points scored in all.
    pub points: u64,
    /// Games that ended by the board filling up.
    pub deaths: u64,
    /// Deaths per 100,000 moves.
    pub deaths_per_100k_moves: f64,
    /// Points per move.
    pub points_per_move: f64,
    /// Mean points per game.
    pub mean_points: f64,
    /// Median points per game.
    pub median_points: f64,
    /// Mean moves per game.
    pub mean_moves: f64,
    /// Median moves per game.
    pub median_moves: f64,
    /// Whether the run was cancelled before every deal was played.
    pub cancelled: bool,
    /// Every game, in deal order.
    pub per_game: Vec<ArenaGame>,
}

/// Why an arena did not run or stopped.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The rules are not valid.
    #[error(transparent)]
    Rules(#[from] crate::rules::RulesError),
    /// A game could not go on (the autoplayer found no move, or the state
    /// refused one: never seen, and a bug if it happens).
    #[error(transparent)]
    Game(#[from] arena::ArenaError),
}

/// The deals an arena plays, game `i` the `i`-th: a range (taken one at a
/// time, never collected, so even `0..=u64::MAX` costs only the games
/// played; at most `u32::MAX` of them) or a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deals<'a> {
    /// `count` deals from `first` on.
    Range {
        /// The first deal.
        first: u64,
        /// How many.
        count: u32,
    },
    /// These deals, in this order.
    List(Cow<'a, [u64]>),
}

impl Deals<'_> {
    /// How many deals (games).
    #[must_use]
    pub fn count(&self) -> u32 {
        match self {
            Deals::Range { count, .. } => *count,
            Deals::List(list) => u32::try_from(list.len()).unwrap_or(u32::MAX),
        }
    }

    /// The deal of game `i` (`None` past the end).
    #[must_use]
    pub fn get(&self, i: u32) -> Option<u64> {
        match self {
            Deals::Range { first, count } => (i < *count)
                .then(|| first.checked_add(u64::from(i)))
                .flatten(),
            Deals::List(list) => list.get(i as usize).copied(),
        }
    }

    fn range(first: u64, last_exclusive: Option<u64>) -> Deals<'static> {
        let count = match last_exclusive {
            Some(end) => end.saturating_sub(first),
            None => (u64::MAX - first).saturating_add(1),
        };
        Deals::Range {
            first,
            count: u32::try_from(count).unwrap_or(u32::MAX),
        }
    }
}

impl From<Range<u64>> for Deals<'static> {
    fn from(r: Range<u64>) -> Self {
        Deals::range(r.start, Some(r.end))
    }
}

impl From<RangeInclusive<u64>> for Deals<'static> {
    fn from(r: RangeInclusive<u64>) -> Self {
        if r.start() > r.end() {
            return Deals::range(0, Some(0));
        }
        Deals::range(*r.start(), r.end().checked_add(1))
    }
}

impl<'a> From<&'a [u64]> for Deals<'a> {
    fn from(list: &'a [u64]) -> Self {
        Deals::List(Cow::Borrowed(list))
    }
}

impl<const N: usize> From<[u64; N]> for Deals<'static> {
    fn from(list: [u64; N]) -> Self {
        Deals::List(Cow::Owned(list.to_vec()))
    }
}

impl From<Vec<u64>> for Deals<'static> {
    fn from(list: Vec<u64>) -> Self {
        Deals::List(Cow::Owned(list))
    }
}

fn median(mut v: Vec<u64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2] as f64
    } else {
        (v[n / 2 - 1] as f64 + v[n / 2] as f64) / 2.0
    }
}

/// Play the autoplayer with hints of `budget` on every deal of `deals`
/// (a range such as `1..=100`, or a list; one game per deal, at most
/// `max_moves` moves each) and report moves, points, deaths and deaths per
/// 100,000 moves, on one thread per core (see [`arena_threads`]).
/// `progress(done, total)` is called after each game (from the worker
/// that played it). `cancel` stops the run early: the games finished are
/// reported, a game it interrupts is not.
///
/// # Errors
/// [`ArenaError::Rules`] when the rules are not valid;
/// [`ArenaError::Game`] when a game cannot go on.
pub fn arena<'a>(
    rules: Rules,
    deals: impl Into<Deals<'a>>,
    max_moves: u64,
    budget: Budget,
    cancel: &CancelFlag,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ArenaReport, ArenaError> {
    arena_threads(rules, deals, max_moves, budget, 0, cancel, progress)
}

/// As [`arena()`], on `threads` threads: 0 starts one per core, 1 plays
/// every game on the calling thread and starts none (for hosts that keep
/// threads to themselves). The generic arena starts no more threads than
/// the machine has cores, nor than there are deals, nor 64, so any number
/// asked for is safe. The report is the same for any number of threads.
///
/// # Errors
/// [`ArenaError::Rules`] when the rules are not valid;
/// [`ArenaError::Game`] when a game cannot go on.
pub fn arena_threads<'a>(
    rules: Rules,
    deals: impl Into<Deals<'a>>,
    max_moves: u64,
    budget: Budget,
    threads: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ArenaReport, ArenaError> {
    rules.validate()?;
    let deals = deals.into();
    let options = ArenaOptions {
        games: deals.count(),
        seed: 0,
        threads,
        max_plies: max_moves,
    };
    // The autoplayer: what the hint advises, from what a player sees.
    let autoplayer = FnAgent::new(
        "autoplayer",
        |s: &State, _: &mut GameRng, c: &CancelFlag| hint(&s.view(), budget, c).best,
    );
    // Every index below `count` has a deal, and the rules are valid.
    let start = |i: u32| State::fresh(rules, deals.get(i).unwrap_or_default());
    let played = arena::arena(&start, &autoplayer, &autoplayer, options, cancel, progress)?;
    let slots = played
        .games
        .iter()
        .map(|g| ArenaGame {
            deal: deals.get(g.index).unwrap_or_default(),
            moves: g.plies,
            // One player: the seat that played it has the score.
            points: g.returns[usize::from(g.a_seat != Player::First)] as u64,
            died: g.finished,
        })
        .collect::<Vec<_>>();
    let cancelled = slots.len() < deals.count() as usize;
    Ok(report(rules, slots, cancelled))
}

impl ArenaReport {
    /// The figures of the full games alone: those that ended by the board
    /// filling up, not by the move cap. Their mean and median points and
    /// moves are the score and the moves survived over full games ("mean
    /// and median score and moves survived over full games where they
    /// fit"); a game the cap stopped says nothing of when it would have
    /// ended. The same report as this one when every game died.
    ///
    /// ```
    /// use canicas_core::{arena_threads, Rules};
    /// use games_common::{Budget, CancelFlag};
    /// let report = arena_threads(Rules::FIVE, 1..=2, 5, Budget::nodes(50), 1, &CancelFlag::new(), &|_, _| ()).unwrap();
    /// assert_eq!((report.games, report.deaths), (2, 0)); // both stopped at 5 moves
    /// let full = report.full_games();
    /// assert_eq!((full.games, full.moves), (0, 0));
    /// assert_eq!(full.median_moves, 0.0);
    /// ```
    #[must_use]
    pub fn full_games(&self) -> ArenaReport {
        let full = self.per_game.iter().filter(|g| g.died).copied().collect();
        report(self.rules, full, self.cancelled)
    }
}

/// The report of the games in `per_game` (deal order).
fn report(rules: Rules, per_game: Vec<ArenaGame>, cancelled: bool) -> ArenaReport {
    let games = per_game.len() as u64;
    let moves: u64 = per_game.iter().map(|g| g.moves).sum();
    let points: u64 = per_game.iter().map(|g| g.points).sum();
    let deaths = per_game.iter().filter(|g| g.died).count() as u64;
    let div = |a: f64, b: f64| if b == 0.0 { 0.0 } else { a / b };
    ArenaReport {
        rules,
        games,
        moves,
        points,
        deaths,
        deaths_per_100k_moves: div(deaths as f64 * 100_000.0, moves as f64),
        points_per_move: div(points as f64, moves as f64),
        mean_points: div(points as f64, games as f64),
        median_points: median(per_game.iter().map(|g| g.points).collect()),
        mean_moves: div(moves as f64, games as f64),
        median_moves: median(per_game.iter().map(|g| g.moves).collect()),
        cancelled,
        per_game,
    }
}

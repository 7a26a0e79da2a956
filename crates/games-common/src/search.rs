//! A search written only against [`Playable`]: flat Monte-Carlo, as an
//! example of writing one's own search for all four games.
//!
//! The algorithm: for each legal move of the player to act, play it on a
//! copy of the state, finish the game with random moves (chance outcomes
//! drawn with their probabilities, see [`random_playout`]) and add up what
//! the player got ([`Playable::returns`]). The moves take turns, one
//! playout each, until the budget is spent; the move with the best average
//! wins (the first in legal order on a tie). Everything random comes from
//! the caller's [`GameRng`], so a node budget gives the same move for the
//! same seed on every machine.
//!
//! It is weak (random playouts are a poor judge of a position) but needs
//! nothing from a game beyond the trait, and it handles chance nodes and
//! one-player games without a special case.

use crate::budget::{Budget, CancelFlag, SearchControl, SearchStats};
use crate::game::{random_playout, Actor, Playable, Scratch};
use crate::rng::GameRng;

/// Most moves a playout plays before its game is scored as it stands
/// (every game of this workspace ends far sooner under random play).
pub const PLAYOUT_MAX_PLIES: u64 = 100_000;

/// Playouts per legal move when the budget sets no limit at all.
pub const UNLIMITED_PLAYOUTS_PER_MOVE: u64 = 1000;

/// The answer of [`flat_monte_carlo`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonteCarloMove<M> {
    /// The move chosen.
    pub mv: M,
    /// The average return of its playouts for the player to act.
    pub mean: f64,
    /// How many playouts started with it.
    pub playouts: u64,
    /// What the search did (one node per playout).
    pub stats: SearchStats,
}

/// Choose a move for the player to act at `state` by flat Monte-Carlo
/// (see the module docs). One playout is one node of `budget`.
///
/// `None` when nobody is to choose (the game is over or chance acts).
/// With a single legal move it is returned at once, without playouts.
pub fn flat_monte_carlo<G: Playable>(
    state: &G,
    budget: Budget,
    cancel: &CancelFlag,
    rng: &mut GameRng,
) -> Option<MonteCarloMove<G::Move>> {
    let Actor::Player(me) = state.actor() else {
        return None;
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let first = *moves.first()?;
    if moves.len() == 1 {
        return Some(MonteCarloMove {
            mv: first,
            mean: 0.0,
            playouts: 0,
            stats: SearchControl::new(budget, cancel).stats(),
        });
    }
    let budget = if budget.max_nodes.is_none() && budget.max_time.is_none() {
        Budget::nodes(UNLIMITED_PLAYOUTS_PER_MOVE * moves.len() as u64)
    } else {
        budget
    };
    let mut control = SearchControl::new(budget, cancel);
    let mut totals = vec![0.0f64; moves.len()];
    let mut counts = vec![0u64; moves.len()];
    let mut scratch = Scratch::new();
    'search: loop {
        for (i, &mv) in moves.iter().enumerate() {
            if !control.tick() {
                break 'search;
            }
            let mut child = state.clone();
            if child.play(mv).is_err() {
                continue;
            }
            random_playout(&mut child, PLAYOUT_MAX_PLIES, rng, &mut scratch);
            totals[i] += child.returns()[me.index()];
            counts[i] += 1;
        }
    }
    let mut best: Option<MonteCarloMove<G::Move>> = None;
    for ((&mv, &total), &n) in moves.iter().zip(&totals).zip(&counts) {
        if n == 0 {
            continue;
        }
        let mean = total / n as f64;
        if best.is_none_or(|b| mean > b.mean) {
            best = Some(MonteCarloMove {
                mv,
                mean,
                playouts: n,
                stats: control.stats(),
            });
        }
    }
    // Stopped before the first playout: the first legal move.
    Some(best.unwrap_or(MonteCarloMove {
        mv: first,
        mean: 0.0,
        playouts: 0,
        stats: control.stats(),
    }))
}

//! The AI levels: Easy, Normal and Hard.
//!
//! - **Easy**: a seeded choice among the plays the evaluation does not rate
//!   as clearly bad (within [`EASY_MARGIN`] of the best).
//! - **Normal**: the best play for the roll (1-ply) by the crate's
//!   networks of [`crate::neural`]: contact and race networks over the
//!   board and hand-made features (blot exposure, primes, anchors, escapes),
//!   and the one-sided bear-off database when both sides are home.
//! - **Hard**: the best [`HARD_CANDIDATES`] Normal candidates, each scored by
//!   the average over the 21 opponent rolls of the opponent's best reply by
//!   the same networks (2-ply expectimax). ([`ai_move_with`] plays any level
//!   with the older TD network of [`crate::nn`] instead; without shipped
//!   weights the levels fall back to [`crate::eval::evaluate`].)
//!
//! Normal and Hard score positions by the cubeless money equity of
//! [`crate::outcome::Outcomes`]: wins, gammons and backgammons both ways,
//! exact where the result is known (a finished game, the opponent off next
//! turn whatever the dice, and at the root the last roll of a race), so
//! they save a backgammon or a gammon whenever a play does.
//!
//! Every level takes a [`Budget`] (one node = one position evaluated) and a
//! [`CancelFlag`], and answers with its best play so far and its
//! [`SearchStats`]. With a node budget (or none) the answer depends only on
//! the position, the dice and the generator's state.

use std::str::FromStr;

use games_common::{Budget, CancelFlag, GameRng, SearchControl, SearchStats};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Position;
use crate::dice::Dice;
use crate::eval::{evaluate, DEFAULT_WEIGHTS};
use crate::movegen::{legal_plays, legal_positions_into, Play};
use crate::neural::{self, Evaluator};
use crate::nn::{self, Net, Scratch};
use crate::outcome::Outcomes;

/// Easy keeps the plays scored at least the best minus this.
pub const EASY_MARGIN: f32 = 2.5;
/// Hard looks two plies deep at this many of the best 1-ply candidates.
pub const HARD_CANDIDATES: usize = 8;
/// The opponent's standard deviation of the squashing in Hard's averages.
const SQUASH: f32 = 10.0;

/// An AI level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Any reasonable play, chosen by the seeded generator.
    Easy,
    /// The best play by the evaluation (1-ply).
    Normal,
    /// 2-ply expectimax over the 21 opponent rolls.
    Hard,
}

/// A level name that is not `easy`, `normal` or `hard`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level {0:?}: use easy, normal or hard")]
pub struct LevelError(pub String);

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "hard" => Ok(Level::Hard),
            _ => Err(LevelError(s.to_string())),
        }
    }
}

/// What an AI answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AiMove {
    /// The chosen play (the empty play when the roll cannot be used).
    pub play: Play,
    /// Its score by the level's own measure (higher is better).
    pub score: f32,
    /// What the search did.
    pub stats: SearchStats,
}

/// Which evaluation a level scores positions with (Easy always uses the
/// heuristic of [`crate::evaluate`]).
#[derive(Clone, Copy, Debug)]
pub enum Evaluation<'a> {
    /// The networks of [`crate::neural`] (what the levels ship with).
    Neural(&'a Evaluator),
    /// The older TD network of [`crate::nn`].
    Td(&'a Net),
    /// The heuristic of [`crate::evaluate`].
    Heuristic,
}

impl Evaluation<'static> {
    /// What [`ai_move`] uses for `level`: for Normal and Hard the shipped
    /// networks of [`crate::neural`], else the TD network, else the
    /// heuristic (Easy's).
    #[must_use]
    pub fn shipped(level: Level) -> Evaluation<'static> {
        let neural = neural::shipped().map(Evaluation::Neural);
        let td = nn::shipped().map(Evaluation::Td);
        let pick = match level {
            Level::Easy => None,
            Level::Normal | Level::Hard => neural.or(td),
        };
        pick.unwrap_or(Evaluation::Heuristic)
    }
}

/// What scores positions for a level, with its scratch space.
enum Scorer<'a> {
    Td(&'a Net, Scratch),
    Neural(&'a Evaluator, neural::Scratch),
    Heuristic,
}

impl Scorer<'_> {
    /// The score of a play's result at the root (the last roll of a race
    /// solved exactly).
    fn root(&mut self, after: &Position, race: bool) -> f32 {
        match self {
            Scorer::Td(n, s) => n.outcomes(after, true, s).equity(),
            Scorer::Neural(e, s) => e.outcomes(after, true, s).equity(),
            Scorer::Heuristic => evaluate(after, race, &DEFAULT_WEIGHTS),
        }
    }

    /// The score of an opponent's reply in the 2-ply search.
    fn leaf(&mut self, after: &Position, race: bool) -> f32 {
        match self {
            Scorer::Td(n, s) => n.outcomes(after, false, s).equity(),
            Scorer::Neural(e, s) => e.outcomes(after, false, s).equity(),
            Scorer::Heuristic => squash(evaluate(after, race, &DEFAULT_WEIGHTS)),
        }
    }

    /// The score of a finished game for the side that just moved.
    fn finished(&self, won: bool, kind: crate::WinKind) -> f32 {
        match self {
            Scorer::Heuristic => {
                if won {
                    1.0
                } else {
                    -1.0
                }
            }
            _ => Outcomes::certain(won, kind).equity(),
        }
    }
}

/// The play `level` chooses for `dice` in `position` (side on roll moves).
///
/// `rng` is used by Easy only. The search stops at the budget or when
/// `cancel` is set, and returns the best play found so far (at worst the
/// first legal play).
#[must_use]
pub fn ai_move(
    position: &Position,
    dice: Dice,
    level: Level,
    rng: &mut GameRng,
    budget: Budget,
    cancel: &CancelFlag,
) -> AiMove {
    ai_move_with(
        position,
        dice,
        level,
        Evaluation::shipped(level),
        rng,
        budget,
        cancel,
    )
}

/// As [`ai_move`], Normal and Hard scoring positions with `eval` (to
/// compare evaluations, or to play networks being trained).
#[must_use]
pub fn ai_move_with(
    position: &Position,
    dice: Dice,
    level: Level,
    eval: Evaluation<'_>,
    rng: &mut GameRng,
    budget: Budget,
    cancel: &CancelFlag,
) -> AiMove {
    let scorer = match (level, eval) {
        (Level::Easy, _) | (_, Evaluation::Heuristic) => Scorer::Heuristic,
        (_, Evaluation::Neural(ev)) => Scorer::Neural(ev, neural::Scratch::default()),
        (_, Evaluation::Td(n)) => Scorer::Td(n, Scratch::default()),
    };
    search(position, dice, level, rng, budget, cancel, scorer)
}

fn search(
    position: &Position,
    dice: Dice,
    level: Level,
    rng: &mut GameRng,
    budget: Budget,
    cancel: &CancelFlag,
    mut scorer: Scorer<'_>,
) -> AiMove {
    let mut ctl = SearchControl::new(budget, cancel);
    let plays = legal_plays(position, dice);
    let race = position.is_race();
    // 1-ply scores, in generation order; stop early on budget.
    let mut scored: Vec<(f32, usize)> = Vec::with_capacity(plays.len());
    for (i, p) in plays.iter().enumerate() {
        if !ctl.tick() {
            break;
        }
        scored.push((scorer.root(p.result(), race), i));
    }
    let fallback = plays
        .first()
        .copied()
        .unwrap_or_else(|| Play::pass(position));
    if scored.is_empty() {
        return AiMove {
            play: fallback,
            score: 0.0,
            stats: ctl.stats(),
        };
    }
    // Best first; ties by generation order (stable and deterministic).
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let best1 = scored[0];
    let pick = |i: usize| plays.get(i).copied().unwrap_or(fallback);
    match level {
        Level::Normal => AiMove {
            play: pick(best1.1),
            score: best1.0,
            stats: ctl.stats(),
        },
        Level::Easy => {
            let ok: Vec<(f32, usize)> = scored
                .iter()
                .copied()
                .filter(|s| s.0 >= best1.0 - EASY_MARGIN)
                .collect();
            let choice = rng.choose(&ok).copied().unwrap_or(best1);
            AiMove {
                play: pick(choice.1),
                score: choice.0,
                stats: ctl.stats(),
            }
        }
        Level::Hard => {
            if scored.len() == 1 {
                return AiMove {
                    play: pick(best1.1),
                    score: best1.0,
                    stats: ctl.stats(),
                };
            }
            let mut best: Option<(f32, usize)> = None;
            let mut buf = Vec::with_capacity(64);
            for &(_, i) in scored.iter().take(HARD_CANDIDATES) {
                let Some(p) = plays.get(i) else { continue };
                let Some(v) = two_ply(p.result(), &mut scorer, &mut ctl, &mut buf) else {
                    break;
                };
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, i));
                }
            }
            let (score, i) = best.unwrap_or(best1);
            AiMove {
                play: pick(i),
                score,
                stats: ctl.stats(),
            }
        }
    }
}

/// Map a score to (-1, 1) so averages over rolls behave like equities.
fn squash(x: f32) -> f32 {
    if x >= f32::MAX {
        return 1.0;
    }
    let y = x / SQUASH;
    y / (1.0 + y.abs())
}

/// The value for the side that just moved into `after`: the average over
/// the opponent's 21 rolls of minus the opponent's best reply. `None` when
/// the budget ran out.
fn two_ply(
    after: &Position,
    scorer: &mut Scorer<'_>,
    ctl: &mut SearchControl<'_>,
    buf: &mut Vec<Position>,
) -> Option<f32> {
    if let Some((winner, kind)) = after.outcome() {
        return Some(scorer.finished(winner == crate::Side::OnRoll, kind));
    }
    let opp = after.flip();
    let race = opp.is_race();
    let mut total = 0f32;
    for (dice, weight) in Dice::all_21() {
        legal_positions_into(&opp, dice, buf);
        let mut best = f32::NEG_INFINITY;
        for r in buf.iter() {
            if !ctl.tick() {
                return None;
            }
            let s = scorer.leaf(r, race);
            if s > best {
                best = s;
            }
        }
        total += f32::from(weight) * -best;
    }
    Some(total / 36.0)
}

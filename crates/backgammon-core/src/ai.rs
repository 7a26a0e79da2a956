//! The AI levels: Easy, Normal and Hard.
//!
//! - **Easy**: a seeded choice among the plays the evaluation does not rate
//!   as clearly bad (within [`EASY_MARGIN`] of the best).
//! - **Normal**: the best play for the roll (1-ply) by the crate's
//!   networks of [`crate::neural`]: contact and race networks over the
//!   board and hand-made features (blot exposure, primes, anchors, escapes),
//!   and the one-sided bear-off database when both sides are home.
//! - **Hard**: the 2-ply expectimax of the spec with move filters, as GNU
//!   Backgammon's n-ply ([`HardSearch`], [`HARD_SEARCH`]): the best
//!   [`HARD_CANDIDATES`] Normal candidates are each scored by the average
//!   over the 21 opponent rolls of the opponent's best reply by the same
//!   networks (2-ply); the best few of those within a margin are then
//!   scored one roll deeper (3-ply: each opponent reply, chosen by the
//!   networks, valued by the average over our 21 rolls of our best play),
//!   when the cost of that fits a node cap. ([`ai_move_with`] plays any
//!   level with the older TD network of [`crate::nn`] instead; without
//!   shipped weights the levels fall back to [`crate::eval::evaluate`].)
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

/// The move filters of Hard's search, as GNU Backgammon's: which 1-ply
/// candidates get the 2-ply look, and which of those the 3-ply look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HardSearch {
    /// At most this many of the best 1-ply plays get the 2-ply look ...
    pub keep: usize,
    /// ... those within this equity of the best 1-ply score.
    pub margin: f32,
    /// At most this many of the best 2-ply plays get the 3-ply look (fewer
    /// than 2: none) ...
    pub deep_keep: usize,
    /// ... those within this equity of the best 2-ply score, and as many
    /// as this many positions evaluated allow: a 3-ply look costs about 22
    /// times a 2-ply one; past it the 2-ply choice stands.
    pub deep_margin: f32,
    /// The positions the 3-ply looks may evaluate together.
    pub deep_nodes: u64,
}

/// Hard's filters.
pub const HARD_SEARCH: HardSearch = HardSearch {
    keep: HARD_CANDIDATES,
    margin: 1.0,
    deep_keep: 3,
    deep_margin: 0.1,
    deep_nodes: 60_000,
};
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
    let ctx = Context {
        rng,
        budget,
        cancel,
        hard: &HARD_SEARCH,
    };
    search(position, dice, level, ctx, scorer)
}

/// Hard's search with other filters than [`HARD_SEARCH`] (to compare
/// settings): as [`ai_move_with`] at [`Level::Hard`].
#[must_use]
pub fn hard_move_with(
    position: &Position,
    dice: Dice,
    eval: Evaluation<'_>,
    filters: &HardSearch,
    budget: Budget,
    cancel: &CancelFlag,
) -> AiMove {
    let scorer = match eval {
        Evaluation::Heuristic => Scorer::Heuristic,
        Evaluation::Neural(ev) => Scorer::Neural(ev, neural::Scratch::default()),
        Evaluation::Td(n) => Scorer::Td(n, Scratch::default()),
    };
    let mut rng = GameRng::from_seed(0);
    let ctx = Context {
        rng: &mut rng,
        budget,
        cancel,
        hard: filters,
    };
    search(position, dice, Level::Hard, ctx, scorer)
}

/// What a search is given besides the position, the dice and the scorer.
struct Context<'a, 'b> {
    rng: &'a mut GameRng,
    budget: Budget,
    cancel: &'b CancelFlag,
    hard: &'b HardSearch,
}

fn search(
    position: &Position,
    dice: Dice,
    level: Level,
    ctx: Context<'_, '_>,
    mut scorer: Scorer<'_>,
) -> AiMove {
    let Context {
        rng,
        budget,
        cancel,
        hard: filters,
    } = ctx;
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
            let (score, i) = hard(&plays, &scored, &mut scorer, &mut ctl, filters);
            AiMove {
                play: pick(i),
                score,
                stats: ctl.stats(),
            }
        }
    }
}

/// Hard's search from the 1-ply scores `scored` (best first): the filters
/// of `cfg`, then the 2-ply and 3-ply looks. Returns the chosen play's
/// index and its score. Stops where the budget runs out, answering with the
/// deepest stage completed for all its candidates.
fn hard(
    plays: &[Play],
    scored: &[(f32, usize)],
    scorer: &mut Scorer<'_>,
    ctl: &mut SearchControl<'_>,
    cfg: &HardSearch,
) -> (f32, usize) {
    let best1 = scored[0];
    if scored.len() == 1 {
        return best1;
    }
    // The margins are equities: the heuristic's scores are not, so it
    // keeps the counts only.
    let wide = matches!(scorer, Scorer::Heuristic);
    let within = |v: f32, best: f32, margin: f32| wide || v >= best - margin;
    let mut bufs: [Vec<Position>; 3] = Default::default();
    // Stage 1: 2-ply over the best 1-ply candidates.
    // `keep` is the caller's: at most every candidate, however many it asks for.
    let mut two: Vec<(f32, usize)> = Vec::with_capacity(cfg.keep.min(scored.len()));
    let start = ctl.nodes();
    for &(v, i) in scored.iter().take(cfg.keep.max(1)) {
        if !within(v, best1.0, cfg.margin) {
            break;
        }
        let Some(p) = plays.get(i) else { continue };
        let Some(v2) = n_ply(p.result(), 1, scorer, ctl, &mut bufs, u64::MAX) else {
            break;
        };
        two.push((v2, i));
    }
    if two.is_empty() {
        return best1;
    }
    // What one 2-ply look cost on average, so what a 3-ply one will.
    let per_two = (ctl.nodes() - start) / two.len() as u64;
    let fit = cfg.deep_nodes / (22 * per_two).max(1);
    two.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let best2 = two[0];
    // Stage 2: 3-ply over the best 2-ply candidates, all or none.
    let deep: Vec<(f32, usize)> = two
        .iter()
        .copied()
        .take(
            cfg.deep_keep
                .min(usize::try_from(fit).unwrap_or(usize::MAX)),
        )
        .take_while(|&(v, _)| within(v, best2.0, cfg.deep_margin))
        .collect();
    if deep.len() < 2 {
        return best2;
    }
    let limit = ctl.nodes().saturating_add(cfg.deep_nodes);
    let mut best3: Option<(f32, usize)> = None;
    for &(_, i) in &deep {
        let Some(p) = plays.get(i) else { continue };
        let Some(v3) = n_ply(p.result(), 2, scorer, ctl, &mut bufs, limit) else {
            return best2;
        };
        if best3.is_none_or(|(bv, _)| v3 > bv) {
            best3 = Some((v3, i));
        }
    }
    best3.unwrap_or(best2)
}

/// Map a score to (-1, 1) so averages over rolls behave like equities.
fn squash(x: f32) -> f32 {
    if x >= f32::MAX {
        return 1.0;
    }
    let y = x / SQUASH;
    y / (1.0 + y.abs())
}

/// The value for the side that just moved into `after`, looking `depth`
/// rolls ahead: at depth 0 the evaluation; deeper, the average over the
/// opponent's 21 rolls of minus the value of its best reply, the reply
/// chosen by the evaluation (as GNU Backgammon's n-ply does) and valued at
/// `depth − 1`. `None` when the budget ran out, or the search's node count
/// reached `limit`.
fn n_ply(
    after: &Position,
    depth: usize,
    scorer: &mut Scorer<'_>,
    ctl: &mut SearchControl<'_>,
    bufs: &mut [Vec<Position>],
    limit: u64,
) -> Option<f32> {
    if let Some((winner, kind)) = after.outcome() {
        return Some(scorer.finished(winner == crate::Side::OnRoll, kind));
    }
    let split = bufs.split_first_mut();
    let (Some((buf, deeper)), true) = (split, depth > 0) else {
        if !ctl.tick() {
            return None;
        }
        return Some(scorer.leaf(after, after.is_race()));
    };
    let opp = after.flip();
    let race = opp.is_race();
    let mut total = 0f32;
    for (dice, weight) in Dice::all_21() {
        legal_positions_into(&opp, dice, buf);
        let mut best = f32::NEG_INFINITY;
        let mut reply = opp;
        if ctl.nodes() >= limit {
            return None;
        }
        for r in buf.iter() {
            if !ctl.tick() {
                return None;
            }
            let s = scorer.leaf(r, race);
            if s > best {
                best = s;
                reply = *r;
            }
        }
        if depth > 1 && best > f32::NEG_INFINITY {
            best = n_ply(&reply, depth - 1, scorer, ctl, deeper, limit)?;
        }
        total += f32::from(weight) * -best;
    }
    Some(total / 36.0)
}

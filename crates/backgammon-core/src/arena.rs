//! The strength arena: long series of seeded games between two agents,
//! each seed played twice with the sides swapped (duplicate dice), on
//! several threads. The games are played by the generic arena of
//! `games-common` ([`games_common::arena`]) through the [`Playable`]
//! adapter (the dice are its chance nodes); this module adds backgammon's
//! figures: points, gammons and backgammons, and intervals over the pairs.
//!
//! [`Playable`]: games_common::Playable

use std::str::FromStr;

use games_common::arena::{self, pair_seed, ArenaOptions};
use games_common::{Budget, CancelFlag, GameRng};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::{ai_move, Level, LevelError};
use crate::board::Position;
use crate::dice::Dice;
use crate::movegen::Play;
use crate::playable::Action;
use crate::pubeval::pubeval_move;
use crate::rules::{GameState, Opening};

/// A player of the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Agent {
    /// One of the AI levels.
    Level(Level),
    /// Tesauro's pubeval (benchmark opponent only).
    Pubeval,
}

impl FromStr for Agent {
    type Err = LevelError;
    /// `easy`, `normal`, `hard` or `pubeval`.
    fn from_str(s: &str) -> Result<Agent, LevelError> {
        if s.trim().eq_ignore_ascii_case("pubeval") {
            return Ok(Agent::Pubeval);
        }
        s.parse().map(Agent::Level)
    }
}

impl Agent {
    /// The agent as [`FromStr`] reads it: `easy`, `normal`, `hard` or
    /// `pubeval`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Agent::Level(Level::Easy) => "easy",
            Agent::Level(Level::Normal) => "normal",
            Agent::Level(Level::Hard) => "hard",
            Agent::Pubeval => "pubeval",
        }
    }

    /// The agent's play for `dice` (no time limit, deterministic for `rng`).
    #[must_use]
    pub fn choose(self, position: &Position, dice: Dice, rng: &mut GameRng) -> Play {
        match self {
            Agent::Pubeval => pubeval_move(position, dice),
            Agent::Level(l) => {
                ai_move(
                    position,
                    dice,
                    l,
                    rng,
                    Budget::UNLIMITED,
                    &CancelFlag::new(),
                )
                .play
            }
        }
    }
}

/// An estimate with its 95% confidence interval half-width (computed over
/// the means of the seed pairs, which are independent).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95% interval (1.96 standard errors).
    pub ci95: f64,
}

impl Estimate {
    fn of(samples: &[f64]) -> Estimate {
        let n = samples.len() as f64;
        if n == 0.0 {
            return Estimate {
                mean: 0.0,
                ci95: 0.0,
            };
        }
        let mean = samples.iter().sum::<f64>() / n;
        let var = if n > 1.0 {
            samples.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            ci95: 1.96 * (var / n).sqrt(),
        }
    }
}

/// One side's figures in an arena.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideReport {
    /// The agent.
    pub agent: Agent,
    /// Games won.
    pub wins: u32,
    /// Share of games won, with its interval.
    pub win_rate: Estimate,
    /// Points per game from this side's view (+won, −lost), with its interval.
    pub points_per_game: Estimate,
    /// Gammons won (backgammons included).
    pub gammons: u32,
    /// Backgammons won.
    pub backgammons: u32,
}

/// How long one side took to choose its plays (wall-clock, so these depend
/// on the machine and its load; everything else in a report does not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DecisionTimes {
    /// Decisions timed (every roll the side had to play, forced or not).
    pub decisions: u64,
    /// Median, in milliseconds.
    pub median_ms: f64,
    /// 99th percentile, in milliseconds.
    pub p99_ms: f64,
    /// Slowest, in milliseconds.
    pub max_ms: f64,
}

impl DecisionTimes {
    fn of(mut micros: Vec<u32>) -> DecisionTimes {
        if micros.is_empty() {
            return DecisionTimes::default();
        }
        micros.sort_unstable();
        let at = |q: f64| {
            let i = ((micros.len() - 1) as f64 * q).round() as usize;
            f64::from(micros.get(i).copied().unwrap_or(0)) / 1000.0
        };
        DecisionTimes {
            decisions: micros.len() as u64,
            median_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        }
    }
}

/// What an arena run measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaReport {
    /// Games played to the end or to the turn limit (twice the seed
    /// pairs unless cancelled).
    pub games: u32,
    /// Games left out because the run was cancelled.
    pub cancelled: u32,
    /// Games stopped at the turn limit without a winner (counted as 0 points).
    pub unfinished: u32,
    /// The first agent.
    pub a: SideReport,
    /// The second agent.
    pub b: SideReport,
    /// The first agent's decision times.
    pub a_times: DecisionTimes,
    /// The second agent's decision times.
    pub b_times: DecisionTimes,
}

/// Why [`run_arena`] did not run or stopped.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// No seed pair to play: a series of no games has no figures (it
    /// reported side B winning 100% of them).
    #[error("an arena plays at least one seed pair (two games)")]
    NoGames,
    /// A game could not go on (an agent found no play, or the state
    /// refused one: a bug in an agent, never seen).
    #[error(transparent)]
    Game(#[from] arena::ArenaError),
}

/// Turns after which a game is abandoned (never reached in practice).
const MAX_TURNS: u64 = 5_000;

/// An [`Agent`] as a player of the generic arena: it plays when it has the
/// dice (the arena rolls them, as chance).
struct Seat(Agent);

impl arena::Agent<GameState> for Seat {
    fn name(&self) -> String {
        self.0.name().into()
    }

    fn choose(&self, state: &GameState, rng: &mut GameRng, _: &CancelFlag) -> Option<Action> {
        let dice = state.dice()?;
        Some(Action::Play(self.0.choose(state.position(), dice, rng)))
    }
}

/// Play `pairs` seed pairs (2 × `pairs` games) between `a` and `b` from
/// `seed` on the generic arena ([`games_common::arena`]): in each pair the
/// sides swap seats and see the same opening roll and the same dice, so
/// the luck of the dice cancels out as far as the two games follow the same
/// course. Runs on `threads` threads (0: one per core; never more than the
/// pairs' games nor 64); the report does not depend on it. The bear-off
/// tables that Normal and Hard read are computed before the first game, so
/// the decision times do not include them.
///
/// # Errors
/// [`ArenaError::NoGames`] when `pairs` is 0; [`ArenaError::Game`] if a
/// play is refused (a bug in an agent; never seen).
pub fn run_arena(
    a: Agent,
    b: Agent,
    pairs: u32,
    seed: u64,
    threads: usize,
) -> Result<ArenaReport, ArenaError> {
    run_arena_with(a, b, pairs, seed, threads, &CancelFlag::new(), &|| {})
}

/// As [`run_arena`], stopped early by `cancel` (the games finished are
/// reported, the others counted in [`ArenaReport::cancelled`]; when none
/// finished, every win rate, points per game and interval is 0), calling
/// `on_game` after each game (for progress; from the worker threads, in
/// the order the games finish).
///
/// # Errors
/// As [`run_arena`].
pub fn run_arena_with(
    a: Agent,
    b: Agent,
    pairs: u32,
    seed: u64,
    threads: usize,
    cancel: &CancelFlag,
    on_game: &(dyn Fn() + Sync),
) -> Result<ArenaReport, ArenaError> {
    if pairs == 0 {
        return Err(ArenaError::NoGames);
    }
    let options = ArenaOptions {
        games: pairs.saturating_mul(2),
        seed,
        threads,
        // A turn is a roll (chance) and a play.
        max_plies: 2 * MAX_TURNS,
    };
    // So that no decision time includes the tables' one-time build.
    if [a, b]
        .iter()
        .any(|x| matches!(x, Agent::Level(Level::Normal | Level::Hard)))
    {
        crate::bearoff::prepare_tables();
    }
    let start = |i: u32| duplicate_start(seed, i);
    let report = arena::arena(&start, &Seat(a), &Seat(b), options, cancel, &|_, _| {
        on_game();
    })?;
    Ok(summarise(a, b, &report))
}

/// The start of game `index` of a duplicate-dice arena run with `seed`,
/// for [`games_common::arena::arena`] with agents of one's own (a network
/// being trained, say): both games of a pair open with the same roll,
/// drawn from [`pair_seed`], the first player's die going to the side that
/// sits first.
#[must_use]
pub fn duplicate_start(seed: u64, index: u32) -> GameState {
    GameState::new(Opening::roll(&mut GameRng::from_seed(pair_seed(
        seed, index,
    ))))
}

/// The backgammon figures of a generic arena report. With no game in it
/// (a run cancelled before its first game finished) both sides' rates and
/// means are 0: B's are not read as the complement of A's.
fn summarise(a: Agent, b: Agent, report: &arena::ArenaReport) -> ArenaReport {
    let mut pts_pairs: Vec<Vec<f64>> = Vec::new();
    let mut win_pairs: Vec<Vec<f64>> = Vec::new();
    let mut last_pair = None;
    let (mut wa, mut wb, mut ga, mut gb, mut ba, mut bb, mut unfinished) = (0, 0, 0, 0, 0, 0, 0);
    for g in &report.games {
        // An unfinished game's returns are 0 for both sides.
        let p = g.returns[0];
        if last_pair != Some(g.index / 2) {
            last_pair = Some(g.index / 2);
            pts_pairs.push(Vec::new());
            win_pairs.push(Vec::new());
        }
        if let (Some(pp), Some(wp)) = (pts_pairs.last_mut(), win_pairs.last_mut()) {
            pp.push(p);
            wp.push(if p > 0.0 {
                1.0
            } else if p < 0.0 {
                0.0
            } else {
                0.5
            });
        }
        let (gammon, bg) = (p.abs() >= 2.0, p.abs() >= 3.0);
        if !g.finished {
            unfinished += 1;
        } else if p > 0.0 {
            wa += 1;
            ga += u32::from(gammon);
            ba += u32::from(bg);
        } else {
            wb += 1;
            gb += u32::from(gammon);
            bb += u32::from(bg);
        }
    }
    // Intervals over pair means: the two games of a pair share their dice.
    let mean = |v: &Vec<f64>| v.iter().sum::<f64>() / v.len() as f64;
    let pa = Estimate::of(&pts_pairs.iter().map(mean).collect::<Vec<_>>());
    let wra = Estimate::of(&win_pairs.iter().map(mean).collect::<Vec<_>>());
    let micros = |side: usize| -> Vec<u32> {
        report
            .games
            .iter()
            .flat_map(|g| g.move_times.get(side).into_iter().flatten())
            .map(|d| u32::try_from(d.as_micros()).unwrap_or(u32::MAX))
            .collect()
    };
    ArenaReport {
        games: u32::try_from(report.games.len()).unwrap_or(u32::MAX),
        unfinished,
        cancelled: report.cancelled,
        a: SideReport {
            agent: a,
            wins: wa,
            win_rate: wra,
            points_per_game: pa,
            gammons: ga,
            backgammons: ba,
        },
        b: SideReport {
            agent: b,
            wins: wb,
            // B's figures are A's seen from the other side, once there are any.
            win_rate: if win_pairs.is_empty() {
                wra
            } else {
                Estimate {
                    mean: 1.0 - wra.mean,
                    ci95: wra.ci95,
                }
            },
            points_per_game: if pts_pairs.is_empty() {
                pa
            } else {
                Estimate {
                    mean: -pa.mean,
                    ci95: pa.ci95,
                }
            },
            gammons: gb,
            backgammons: bb,
        },
        a_times: DecisionTimes::of(micros(0)),
        b_times: DecisionTimes::of(micros(1)),
    }
}

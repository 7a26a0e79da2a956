//! The strength arena: long series of seeded games between two agents,
//! each seed played twice with the sides swapped (duplicate dice), on
//! several threads.

use std::str::FromStr;

use games_common::{Budget, CancelFlag, GameRng, Player};
use serde::{Deserialize, Serialize};

use crate::ai::{ai_move, Level, LevelError};
use crate::board::Position;
use crate::dice::Dice;
use crate::movegen::Play;
use crate::pubeval::pubeval_move;
use crate::rules::{GameResult, GameState, Opening};

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
    /// Games played (twice the seed pairs).
    pub games: u32,
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

/// Turns after which a game is abandoned (never reached in practice).
const MAX_TURNS: u32 = 5_000;

/// Play one game: `seats[0]` is [`Player::First`]. Dice come from `dice_seed`,
/// the agents' own randomness from `ai_seed`.
#[must_use]
pub fn play_game(seats: [Agent; 2], dice_seed: u64, ai_seed: u64) -> Option<GameResult> {
    play_timed(seats, dice_seed, ai_seed, &mut [Vec::new(), Vec::new()])
}

/// [`play_game`], pushing the microseconds of each seat's decisions.
fn play_timed(
    seats: [Agent; 2],
    dice_seed: u64,
    ai_seed: u64,
    micros: &mut [Vec<u32>; 2],
) -> Option<GameResult> {
    play_by(
        &mut |seat, position, dice, rng| seats[seat].choose(position, dice, rng),
        dice_seed,
        ai_seed,
        micros,
    )
}

/// One game between two players given as a function of the seat (0 for
/// [`Player::First`]), the position and the dice: [`play_game`] for agents
/// that are not an [`Agent`] (a network being trained, say). Dice come
/// from `dice_seed`, the players' randomness from `ai_seed`.
pub fn play_game_by(
    choose: &mut dyn FnMut(usize, &Position, Dice, &mut GameRng) -> Play,
    dice_seed: u64,
    ai_seed: u64,
) -> Option<GameResult> {
    play_by(choose, dice_seed, ai_seed, &mut [Vec::new(), Vec::new()])
}

fn play_by(
    choose: &mut dyn FnMut(usize, &Position, Dice, &mut GameRng) -> Play,
    dice_seed: u64,
    ai_seed: u64,
    micros: &mut [Vec<u32>; 2],
) -> Option<GameResult> {
    let mut dice_rng = GameRng::from_seed(dice_seed);
    let mut ai_rng = GameRng::from_seed(ai_seed);
    let opening = Opening::roll(&mut dice_rng);
    let mut state = GameState::new(opening);
    for _ in 0..MAX_TURNS {
        if let Some(r) = state.result() {
            return Some(r);
        }
        let dice = match state.dice() {
            Some(d) => d,
            None => match state.roll(&mut dice_rng) {
                Ok((d, crate::rules::DiceOutcome::MustPlay)) => d,
                Ok((_, crate::rules::DiceOutcome::Passed)) => continue,
                Err(_) => return state.result(),
            },
        };
        let seat = state.turn().index();
        let started = std::time::Instant::now();
        let play = choose(seat, state.position(), dice, &mut ai_rng);
        let us = u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX);
        if let Some(v) = micros.get_mut(seat) {
            v.push(us);
        }
        if state.play(&play).is_err() {
            return None;
        }
    }
    state.result()
}

/// The threads [`run_arena`] starts for `requested` and `pairs`: at least
/// 1, at most the machine's cores (more would only take turns on them) and
/// at most `pairs`.
fn worker_count(requested: usize, pairs: u32) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let pairs = usize::try_from(pairs).unwrap_or(usize::MAX);
    requested.min(cores).min(pairs).max(1)
}

/// Play `pairs` seed pairs (2 × `pairs` games) between `a` and `b` from
/// `seed`: pair `i` uses the dice seed `seed + i` twice, once with `a` as
/// the first player and once with `b`, so both sides get the same dice.
/// Runs on `threads` threads (at least 1; no more than the machine's cores
/// nor than `pairs`, so any number is safe; a thread the system refuses to
/// start has its games played on the calling thread); the report does not
/// depend on it.
#[must_use]
pub fn run_arena(a: Agent, b: Agent, pairs: u32, seed: u64, threads: usize) -> ArenaReport {
    run_arena_with(a, b, pairs, seed, threads, &|| {})
}

/// As [`run_arena`], calling `on_pair` after each seed pair is played (for
/// progress; from the worker threads, in the order the pairs finish).
#[must_use]
pub fn run_arena_with(
    a: Agent,
    b: Agent,
    pairs: u32,
    seed: u64,
    threads: usize,
    on_pair: &(dyn Fn() + Sync),
) -> ArenaReport {
    let threads = worker_count(threads, pairs);
    // points[i] = (a's points in game with a first, a's points with b first), and results.
    let mut results: Vec<(u32, [Option<GameResult>; 2])> = Vec::with_capacity(pairs as usize);
    // Decision times of a and b (microseconds).
    let mut times: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    std::thread::scope(|scope| {
        let work = move |t: usize| {
            let mut out = Vec::new();
            // Seat times of the games with a first, then with b first.
            let mut ab: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            let mut ba: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            let mut i = t as u32;
            while i < pairs {
                let ds = seed.wrapping_add(u64::from(i));
                let ai = ds.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED;
                let g1 = play_timed([a, b], ds, ai, &mut ab);
                let g2 = play_timed([b, a], ds, ai, &mut ba);
                out.push((i, [g1, g2]));
                on_pair();
                let Some(next) = u32::try_from(threads).ok().and_then(|n| i.checked_add(n)) else {
                    break;
                };
                i = next;
            }
            let [ab_a, ab_b] = ab;
            let [ba_b, ba_a] = ba;
            (out, [[ab_a, ba_a].concat(), [ab_b, ba_b].concat()])
        };
        let spawned: Vec<_> = (0..threads)
            .map(|t| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || work(t))
                    .map_err(|_| t)
            })
            .collect();
        for s in spawned {
            let done = match s {
                Ok(h) => h.join().ok(),
                Err(t) => Some(work(t)),
            };
            if let Some((v, [ta, tb])) = done {
                results.extend(v);
                times[0].extend(ta);
                times[1].extend(tb);
            }
        }
    });
    results.sort_by_key(|r| r.0);
    let mut pts_a = Vec::new();
    let mut win_a = Vec::new();
    let (mut wa, mut wb, mut ga, mut gb, mut ba, mut bb, mut unfinished) = (0, 0, 0, 0, 0, 0, 0);
    for (_, games) in &results {
        for (k, g) in games.iter().enumerate() {
            // In game 0 a is First; in game 1 a is Second.
            let a_player = if k == 0 {
                Player::First
            } else {
                Player::Second
            };
            match g {
                Some(r) => {
                    let a_won = r.winner == a_player;
                    let p = f64::from(r.points);
                    pts_a.push(if a_won { p } else { -p });
                    win_a.push(if a_won { 1.0 } else { 0.0 });
                    let gammon = r.points >= 2;
                    let bg = r.points >= 3;
                    if a_won {
                        wa += 1;
                        ga += u32::from(gammon);
                        ba += u32::from(bg);
                    } else {
                        wb += 1;
                        gb += u32::from(gammon);
                        bb += u32::from(bg);
                    }
                }
                None => {
                    unfinished += 1;
                    pts_a.push(0.0);
                    win_a.push(0.5);
                }
            }
        }
    }
    // Intervals over pair means: the two games of a pair share their dice.
    let pair_mean = |v: &[f64]| -> Vec<f64> {
        v.chunks(2)
            .map(|c| c.iter().sum::<f64>() / c.len() as f64)
            .collect()
    };
    let pa = Estimate::of(&pair_mean(&pts_a));
    let wra = Estimate::of(&pair_mean(&win_a));
    ArenaReport {
        games: pts_a.len() as u32,
        unfinished,
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
            win_rate: Estimate {
                mean: 1.0 - wra.mean,
                ci95: wra.ci95,
            },
            points_per_game: Estimate {
                mean: -pa.mean,
                ci95: pa.ci95,
            },
            gammons: gb,
            backgammons: bb,
        },
        a_times: DecisionTimes::of(std::mem::take(&mut times[0])),
        b_times: DecisionTimes::of(std::mem::take(&mut times[1])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arena_starts_no_more_threads_than_cores_or_pairs() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        assert_eq!(worker_count(usize::MAX, 2), cores.min(2));
        assert_eq!(worker_count(64, u32::MAX), cores.min(64));
        assert_eq!(worker_count(0, 10), 1);
        assert_eq!(worker_count(8, 0), 1);
    }
}

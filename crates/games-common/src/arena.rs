//! One arena for every game on the [`Playable`] trait: two agents play a
//! number of seeded games, seats alternating, on worker threads, and the
//! report is the same whatever the number of threads.
//!
//! # Algorithm and guarantees
//! - **Seats.** Side A sits in the first seat in even-numbered games and in
//!   the second in odd-numbered ones, so neither side keeps the first move.
//! - **Seeds.** Each game gives each side its own generator, seeded from the
//!   arena's seed, the game's number and the side, so one side's draws never
//!   shift the other's and a game does not depend on which thread plays it.
//! - **Mirrored chance.** Chance nodes (dice, arrivals) are drawn from a
//!   third generator seeded from the arena's seed and the *pair* of games
//!   (games 2k and 2k+1), so the two games of a pair, in which the sides
//!   have swapped seats, see the same sequence of chance draws: the luck of
//!   the dice cancels out as far as the two games follow the same course.
//! - **Threads.** Workers take the next unplayed game from a shared counter;
//!   results are stored by game number, so the report does not depend on the
//!   threads. At most one worker per game and per core, and never more
//!   than 64; if the system refuses to start any thread, the calling
//!   thread plays the games.
//! - **Cancel and progress.** The cancel flag is checked before every move:
//!   a cancelled arena returns at once with the games it finished (the
//!   unfinished ones are left out and counted). The progress callback is
//!   called after every finished game, from the worker that finished it.
//! - **Errors.** An agent that finds no move, or a move the state refuses,
//!   ends the run with a typed [`ArenaError`] naming the game; nothing
//!   panics.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::game::{sample_chance, Actor, Chance, Playable};
use crate::{CancelFlag, GameRng, Player};

/// A player in an [`arena`]: chooses the move of the player to move.
pub trait Agent<G: Playable>: Sync {
    /// A short name for reports, e.g. `"hard"`.
    fn name(&self) -> String;
    /// The move to play at `state`, where a player (never chance) is to
    /// move; `None` if the agent has none (the arena reports it).
    fn choose(&self, state: &G, rng: &mut GameRng, cancel: &CancelFlag) -> Option<G::Move>;
}

/// An [`Agent`] made of a name and a closure.
pub struct FnAgent<F> {
    name: String,
    choose: F,
}

impl<F> FnAgent<F> {
    /// An agent called `name` that plays what `choose` returns.
    pub fn new(name: impl Into<String>, choose: F) -> FnAgent<F> {
        FnAgent {
            name: name.into(),
            choose,
        }
    }
}

impl<G, F> Agent<G> for FnAgent<F>
where
    G: Playable,
    F: Fn(&G, &mut GameRng, &CancelFlag) -> Option<G::Move> + Sync,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&self, state: &G, rng: &mut GameRng, cancel: &CancelFlag) -> Option<G::Move> {
        (self.choose)(state, rng, cancel)
    }
}

/// How an [`arena`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaOptions {
    /// Games to play.
    pub games: u32,
    /// The seed of every generator of the run.
    pub seed: u64,
    /// Worker threads (0: one per core); at most one per core, one per
    /// game and 64.
    pub threads: usize,
    /// Moves (chance included) after which a game stops unfinished.
    pub max_plies: u64,
}

impl Default for ArenaOptions {
    fn default() -> Self {
        ArenaOptions {
            games: 100,
            seed: 1,
            threads: 0,
            max_plies: 100_000,
        }
    }
}

/// One game of an arena.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaGame {
    /// The game's number, from 0.
    pub index: u32,
    /// The seat side A had.
    pub a_seat: Player,
    /// What the game gave A and B (the state's returns for their seats).
    pub returns: [f64; 2],
    /// Moves played, chance included.
    pub plies: u64,
    /// Whether the game reached its end (not stopped by `max_plies`).
    pub finished: bool,
    /// The time each of A's and B's moves took.
    pub move_times: [Vec<Duration>; 2],
}

/// The result of an [`arena`].
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    /// The names of A and B.
    pub names: [String; 2],
    /// The games played to the end or to `max_plies`, by number.
    pub games: Vec<ArenaGame>,
    /// Games left out because the run was cancelled.
    pub cancelled: u32,
}

impl ArenaReport {
    /// Games A won, B won, and drawn (equal returns).
    #[must_use]
    pub fn wins(&self) -> [u32; 3] {
        let mut out = [0; 3];
        for g in &self.games {
            let k = if g.returns[0] > g.returns[1] {
                0
            } else if g.returns[1] > g.returns[0] {
                1
            } else {
                2
            };
            out[k] += 1;
        }
        out
    }

    /// A's mean return per game and its standard error (0 with fewer than
    /// two games).
    #[must_use]
    pub fn mean_return(&self) -> (f64, f64) {
        let n = self.games.len() as f64;
        if self.games.is_empty() {
            return (0.0, 0.0);
        }
        let mean = self.games.iter().map(|g| g.returns[0]).sum::<f64>() / n;
        if self.games.len() < 2 {
            return (mean, 0.0);
        }
        let var = self
            .games
            .iter()
            .map(|g| (g.returns[0] - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        (mean, (var / n).sqrt())
    }

    /// How many moves side `side` (0 = A, 1 = B) made over all the games,
    /// with the median and the slowest of their times.
    #[must_use]
    pub fn move_times(&self, side: usize) -> MoveTimes {
        let mut all: Vec<Duration> = self
            .games
            .iter()
            .flat_map(|g| g.move_times.get(side).into_iter().flatten().copied())
            .collect();
        all.sort_unstable();
        MoveTimes {
            moves: all.len() as u64,
            median: all.get(all.len() / 2).copied().unwrap_or_default(),
            slowest: all.last().copied().unwrap_or_default(),
        }
    }
}

/// One side's moves in an arena ([`ArenaReport::move_times`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes {
    /// Moves made.
    pub moves: u64,
    /// The median move time (zero with no moves).
    pub median: Duration,
    /// The slowest move time (zero with no moves).
    pub slowest: Duration,
}

/// Why an [`arena`] stopped.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// An agent had no move where a player was to move.
    #[error("game {game}: {agent} found no move")]
    NoMove {
        /// The game's number.
        game: u32,
        /// The agent's name.
        agent: String,
    },
    /// The state refused a move an agent (or chance) chose.
    #[error("game {game}: the move {mv} was refused: {reason}")]
    Refused {
        /// The game's number.
        game: u32,
        /// The move, in the game's notation.
        mv: String,
        /// The state's reason.
        reason: String,
    },
    /// A chance node had no outcome.
    #[error("game {game}: a chance node has no outcome")]
    NoChance {
        /// The game's number.
        game: u32,
    },
}

/// Mixes the arena's seed with a game's number and a stream: one seed per
/// generator of the run.
fn stream_seed(seed: u64, game: u64, stream: u64) -> u64 {
    // SplitMix64's finaliser over a combination that differs for every
    // (game, stream) pair, so nearby games get unrelated seeds.
    let mut z = seed
        ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed a `start` function should use for what the two games of a
/// mirrored pair share beyond the chance nodes (an opening roll, a deal):
/// the same for games `2k` and `2k + 1` of an arena run with `seed`, and
/// unrelated to every generator the arena itself draws from.
#[must_use]
pub fn pair_seed(seed: u64, index: u32) -> u64 {
    stream_seed(seed, u64::from(index / 2), 3)
}

/// Play game `index`: `start` makes its initial state from the game number.
fn play_one<G, A, B>(
    index: u32,
    start: &(dyn Fn(u32) -> G + Sync),
    agents: (&A, &B),
    options: &ArenaOptions,
    cancel: &CancelFlag,
) -> Result<Option<ArenaGame>, ArenaError>
where
    G: Playable,
    A: Agent<G> + ?Sized,
    B: Agent<G> + ?Sized,
{
    let a_seat = if index % 2 == 0 {
        Player::First
    } else {
        Player::Second
    };
    let game = u64::from(index);
    let mut rngs = [
        GameRng::from_seed(stream_seed(options.seed, game, 0)),
        GameRng::from_seed(stream_seed(options.seed, game, 1)),
    ];
    let mut chance_rng = GameRng::from_seed(stream_seed(options.seed, game / 2, 2));
    let mut state = start(index);
    let mut chances: Vec<Chance<G::Move>> = Vec::new();
    let mut move_times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut plies = 0;
    while plies < options.max_plies {
        if cancel.is_cancelled() {
            return Ok(None);
        }
        let mv = match state.actor() {
            Actor::Terminal => break,
            Actor::Chance => {
                state.chance_outcomes(&mut chances);
                sample_chance(&chances, &mut chance_rng)
                    .ok_or(ArenaError::NoChance { game: index })?
            }
            Actor::Player(p) => {
                let side = usize::from(p != a_seat);
                let started = Instant::now();
                let chosen = if side == 0 {
                    agents.0.choose(&state, &mut rngs[0], cancel)
                } else {
                    agents.1.choose(&state, &mut rngs[1], cancel)
                };
                move_times[side].push(started.elapsed());
                if cancel.is_cancelled() {
                    return Ok(None);
                }
                chosen.ok_or_else(|| ArenaError::NoMove {
                    game: index,
                    agent: if side == 0 {
                        agents.0.name()
                    } else {
                        agents.1.name()
                    },
                })?
            }
        };
        if let Err(e) = state.play(mv) {
            return Err(ArenaError::Refused {
                game: index,
                mv: state.move_text(mv),
                reason: format!("{e:?}"),
            });
        }
        plies += 1;
    }
    let seat_returns = state.returns();
    let a = seat_returns[a_seat.index()];
    let b = seat_returns[a_seat.other().index()];
    Ok(Some(ArenaGame {
        index,
        a_seat,
        returns: [a, b],
        plies,
        finished: state.is_terminal(),
        move_times,
    }))
}

/// Play `options.games` games of A against B (see the module docs).
/// `start(i)` is game `i`'s initial state (the same state for every game
/// of an arena, or a deal per game); `progress(done, total)` is called
/// after every finished game.
///
/// # Errors
/// [`ArenaError`] when an agent has no move or a move is refused; the
/// first by game number is returned.
pub fn arena<G, A, B>(
    start: &(dyn Fn(u32) -> G + Sync),
    a: &A,
    b: &B,
    options: ArenaOptions,
    cancel: &CancelFlag,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ArenaReport, ArenaError>
where
    G: Playable,
    A: Agent<G> + ?Sized,
    B: Agent<G> + ?Sized,
{
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let wanted = if options.threads == 0 {
        cores
    } else {
        options.threads
    };
    let threads = wanted
        .min(cores)
        .min(usize::try_from(options.games).unwrap_or(usize::MAX))
        .clamp(1, 64);
    // 64 bits: taking an index past the last never wraps to game 0.
    let next = AtomicU64::new(0);
    let done = AtomicU32::new(0);
    // The games played, as they finish: a run costs only the games it
    // plays, however many it was asked for.
    type Played = (u32, Result<Option<ArenaGame>, ArenaError>);
    let played: Mutex<Vec<Played>> = Mutex::new(Vec::new());
    let work = || loop {
        let taken = next.fetch_add(1, Ordering::Relaxed);
        let Some(index) = u32::try_from(taken).ok().filter(|&i| i < options.games) else {
            break;
        };
        if cancel.is_cancelled() {
            break;
        }
        let result = play_one(index, start, (a, b), &options, cancel);
        let failed = result.is_err();
        if let Ok(mut played) = played.lock() {
            played.push((index, result));
        }
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, options.games);
        if failed {
            break;
        }
    };
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            let started = (0..threads)
                .filter(|_| {
                    std::thread::Builder::new()
                        .spawn_scoped(scope, work)
                        .is_ok()
                })
                .count();
            if started == 0 {
                // The system started no thread: the caller plays the games.
                work();
            }
        });
    }
    let mut played = played
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    played.sort_unstable_by_key(|(index, _)| *index);
    let mut games = Vec::with_capacity(played.len());
    for (_, result) in played {
        match result {
            Ok(Some(game)) => games.push(game),
            Err(e) => return Err(e),
            Ok(None) => {}
        }
    }
    let cancelled = options.games - u32::try_from(games.len()).unwrap_or(u32::MAX);
    Ok(ArenaReport {
        names: [a.name(), b.name()],
        games,
        cancelled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::{start, Countdown};

    /// Takes the first legal move: deterministic, so a mirrored pair of
    /// games between two copies of it is the same game with seats swapped.
    fn first() -> impl Agent<Countdown> {
        FnAgent::new("first", |s: &Countdown, _: &mut GameRng, _: &CancelFlag| {
            let mut moves = Vec::new();
            Playable::legal_moves(s, &mut moves);
            moves.first().copied()
        })
    }

    /// A uniformly random legal move from the side's own generator.
    fn random() -> impl Agent<Countdown> {
        FnAgent::new(
            "random",
            |s: &Countdown, rng: &mut GameRng, _: &CancelFlag| {
                let mut moves = Vec::new();
                Playable::legal_moves(s, &mut moves);
                rng.choose(&moves).copied()
            },
        )
    }

    fn options(games: u32, threads: usize) -> ArenaOptions {
        ArenaOptions {
            games,
            seed: 7,
            threads,
            max_plies: 1_000,
        }
    }

    /// The report without the move times, which vary from run to run.
    fn outcome(report: &ArenaReport) -> Vec<(u32, Player, [f64; 2], u64, bool)> {
        report
            .games
            .iter()
            .map(|g| (g.index, g.a_seat, g.returns, g.plies, g.finished))
            .collect()
    }

    #[test]
    fn seats_alternate_and_the_report_does_not_depend_on_threads() {
        let run = |threads| {
            arena(
                &|_| start(9),
                &random(),
                &random(),
                options(40, threads),
                &CancelFlag::new(),
                &|_, _| {},
            )
            .unwrap()
        };
        let one = run(1);
        assert_eq!(one.games.len(), 40);
        for g in &one.games {
            let seat = if g.index % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(g.a_seat, seat);
            assert!(g.finished);
            assert_eq!(g.returns[0], -g.returns[1], "one wins, one loses");
        }
        assert_eq!(outcome(&one), outcome(&run(2)));
        assert_eq!(outcome(&one), outcome(&run(5)));
        // Different seeds give different games.
        let other = arena(
            &|_| start(9),
            &random(),
            &random(),
            ArenaOptions {
                seed: 8,
                ..options(40, 1)
            },
            &CancelFlag::new(),
            &|_, _| {},
        )
        .unwrap();
        assert_ne!(outcome(&one), outcome(&other));
        let [a, b, draws] = one.wins();
        assert_eq!((a + b, draws), (40, 0));
        // Every player move was timed, and counted for the side that made it.
        let player_moves: u64 = one
            .games
            .iter()
            .map(|g| (g.move_times[0].len() + g.move_times[1].len()) as u64)
            .sum();
        let [ta, tb] = [one.move_times(0), one.move_times(1)];
        assert_eq!(ta.moves + tb.moves, player_moves);
        assert!(ta.moves > 0 && tb.moves > 0);
        assert!(ta.median <= ta.slowest && tb.median <= tb.slowest);
    }

    #[test]
    fn the_two_games_of_a_pair_see_the_same_chance() {
        // Two copies of one deterministic agent: with the chance draws
        // mirrored, game 2k+1 is game 2k with the seats swapped, so A wins
        // exactly one of the two and every pair sums to zero.
        let report = arena(
            &|_| start(9),
            &first(),
            &first(),
            options(20, 2),
            &CancelFlag::new(),
            &|_, _| {},
        )
        .unwrap();
        for pair in report.games.chunks(2) {
            assert_eq!(pair[0].plies, pair[1].plies);
            assert_eq!(pair[0].returns[0], -pair[1].returns[0]);
        }
        assert_eq!(report.mean_return().0, 0.0);
        // Without mirroring this would fail: some pairs differ in length.
        let lengths: Vec<u64> = report.games.iter().map(|g| g.plies).collect();
        assert!(lengths.windows(2).step_by(2).all(|w| w[0] == w[1]));
        assert!(
            lengths.iter().any(|&p| p != lengths[0]),
            "chance changes the games: {lengths:?}"
        );
    }

    #[test]
    fn cancel_progress_and_errors() {
        let cancel = CancelFlag::new();
        cancel.cancel();
        let report = arena(
            &|_| start(9),
            &random(),
            &random(),
            options(10, 2),
            &cancel,
            &|_, _| {},
        )
        .unwrap();
        assert!(report.games.is_empty());
        assert_eq!(report.cancelled, 10);

        let calls = AtomicU32::new(0);
        let last = AtomicU32::new(0);
        let progress = |done: u32, total: u32| {
            assert_eq!(total, 12);
            calls.fetch_add(1, Ordering::Relaxed);
            last.fetch_max(done, Ordering::Relaxed);
        };
        arena(
            &|_| start(5),
            &random(),
            &random(),
            options(12, 3),
            &CancelFlag::new(),
            &progress,
        )
        .unwrap();
        assert_eq!((calls.into_inner(), last.into_inner()), (12, 12));

        let none = FnAgent::new("none", |_: &Countdown, _: &mut GameRng, _: &CancelFlag| {
            None
        });
        let err = arena(
            &|_| start(5),
            &random(),
            &none,
            options(4, 2),
            &CancelFlag::new(),
            &|_, _| {},
        )
        .unwrap_err();
        assert_eq!(
            err,
            ArenaError::NoMove {
                game: 0,
                agent: "none".into()
            }
        );
        let bad = FnAgent::new("bad", |_: &Countdown, _: &mut GameRng, _: &CancelFlag| {
            Some(7)
        });
        let err = arena(
            &|_| start(5),
            &bad,
            &random(),
            options(1, 1),
            &CancelFlag::new(),
            &|_, _| {},
        )
        .unwrap_err();
        assert!(matches!(err, ArenaError::Refused { game: 0, .. }), "{err}");
    }

    #[test]
    fn max_plies_stops_a_game_unfinished() {
        let report = arena(
            &|_| start(50),
            &random(),
            &random(),
            ArenaOptions {
                max_plies: 3,
                ..options(2, 1)
            },
            &CancelFlag::new(),
            &|_, _| {},
        )
        .unwrap();
        assert!(report.games.iter().all(|g| g.plies == 3 && !g.finished));
    }

    #[test]
    fn pair_seed_is_shared_by_a_pair_and_differs_between_pairs() {
        assert_eq!(pair_seed(7, 4), pair_seed(7, 5));
        assert_ne!(pair_seed(7, 5), pair_seed(7, 6));
        assert_ne!(pair_seed(7, 4), pair_seed(8, 4));
        // Not the seed of the pair's chance generator.
        assert_ne!(pair_seed(7, 4), stream_seed(7, 2, 2));
    }
}

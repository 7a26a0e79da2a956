//! The strength arena: the autoplayer over a range of deals.

use std::sync::mpsc;
use std::sync::Mutex;

use games_common::{Budget, CancelFlag};
use serde::{Deserialize, Serialize};

use crate::ai::autoplay;
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
/// (a range such as `1..=100`, or any list; one game per deal, at most
/// `max_moves` moves each) and report moves, points, deaths and deaths per
/// 100,000 moves. The games are shared among the machine's cores (one
/// thread per core; [`arena_threads`] chooses); every game is the same as
/// when played alone, and the report lists them in deal order, so a run
/// with a node budget gives the same report on any number of cores.
/// `on_game` is called after each game (for progress; in the order the
/// games finish). `cancel` stops the run early.
pub fn arena<D>(
    rules: Rules,
    deals: D,
    max_moves: u64,
    budget: Budget,
    cancel: &CancelFlag,
    on_game: impl FnMut(&ArenaGame),
) -> Result<ArenaReport, crate::rules::RulesError>
where
    D: IntoIterator<Item = u64>,
    D::IntoIter: Send,
{
    arena_threads(rules, deals, max_moves, budget, 0, cancel, on_game)
}

fn play_deal(
    rules: Rules,
    deal: u64,
    max_moves: u64,
    budget: Budget,
    cancel: &CancelFlag,
) -> ArenaGame {
    let mut state = State::fresh(rules, deal);
    let r = autoplay(&mut state, budget, max_moves, cancel);
    ArenaGame {
        deal,
        moves: r.moves,
        points: r.points,
        died: r.died,
    }
}

/// The threads a run starts when `requested` are asked for (0: one per
/// core) for `deals` deals (`None`: not known in advance): never more than
/// the machine's cores (more would only take turns on them) nor than the
/// deals, and at least 1 (1: the calling thread alone).
pub(crate) fn worker_count(requested: usize, deals: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let wanted = if requested == 0 {
        cores
    } else {
        requested.min(cores)
    };
    deals.map_or(wanted, |d| wanted.min(d)).max(1)
}

/// The games of one worker: deals taken one at a time from `deals` until
/// they run out or `cancel` is set, each sent with its index on `tx`.
fn work<I: Iterator<Item = u64>>(
    deals: &Mutex<std::iter::Enumerate<I>>,
    rules: Rules,
    max_moves: u64,
    budget: Budget,
    cancel: &CancelFlag,
    tx: &mpsc::Sender<(usize, ArenaGame)>,
) {
    loop {
        if cancel.is_cancelled() {
            break;
        }
        let taken = match deals.lock() {
            Ok(mut it) => it.next(),
            Err(_) => None,
        };
        let Some((i, deal)) = taken else { break };
        let g = play_deal(rules, deal, max_moves, budget, cancel);
        if tx.send((i, g)).is_err() {
            break;
        }
    }
}

/// As [`arena`], on `threads` threads: 0 starts one per core, 1 plays
/// every game on the calling thread and starts none (for hosts that keep
/// threads to themselves). No more threads are started than the machine
/// has cores, nor than there are deals (when the range says how many), so
/// any number asked for is safe; a thread the system refuses to start is
/// done without. The report is the same for any number of threads.
pub fn arena_threads<D>(
    rules: Rules,
    deals: D,
    max_moves: u64,
    budget: Budget,
    threads: usize,
    cancel: &CancelFlag,
    mut on_game: impl FnMut(&ArenaGame),
) -> Result<ArenaReport, crate::rules::RulesError>
where
    D: IntoIterator<Item = u64>,
    D::IntoIter: Send,
{
    rules.validate()?;
    let deals = deals.into_iter();
    let threads = worker_count(threads, deals.size_hint().1);
    let mut slots: Vec<Option<ArenaGame>> = Vec::new();
    if threads == 1 {
        for deal in deals {
            if cancel.is_cancelled() {
                break;
            }
            let g = play_deal(rules, deal, max_moves, budget, cancel);
            on_game(&g);
            slots.push(Some(g));
        }
        return Ok(report(rules, slots, cancel));
    }
    // The deals are taken one at a time, never collected: a long range
    // costs only the games played (and can be cancelled).
    let deals = Mutex::new(deals.enumerate());
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, ArenaGame)>();
        let mut started = 0;
        for _ in 0..threads {
            if cancel.is_cancelled() {
                break;
            }
            let tx = tx.clone();
            let deals = &deals;
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                work(deals, rules, max_moves, budget, cancel, &tx);
            });
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        if started == 0 {
            // No thread could be started: the calling thread plays them.
            work(&deals, rules, max_moves, budget, cancel, &tx);
        }
        drop(tx);
        for (i, g) in rx {
            on_game(&g);
            if slots.len() <= i {
                slots.resize(i + 1, None);
            }
            if let Some(slot) = slots.get_mut(i) {
                *slot = Some(g);
            }
        }
    });
    Ok(report(rules, slots, cancel))
}

/// The report of the games in `slots` (deal order; `None`: never played).
fn report(rules: Rules, slots: Vec<Option<ArenaGame>>, cancel: &CancelFlag) -> ArenaReport {
    // A game cut short by the cancel flag is kept (as when played alone);
    // deals never started are missing.
    let cancelled = slots.iter().any(Option::is_none) || cancel.is_cancelled();
    let per_game: Vec<ArenaGame> = slots.into_iter().flatten().collect();
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

//! The invariant suite every game crate runs on its [`Playable`] adapter
//! (feature `testing`, meant for dev-dependencies).
//!
//! [`check_random_games`] plays seeded random games and, at every node,
//! checks the trait's contract:
//! - the actor agrees with the lists: legal moves are empty exactly when
//!   the game is over (and [`Playable::is_terminal`] says so); a chance
//!   node has outcomes, with positive weights (so that their probabilities,
//!   `weight / total`, sum to 1), in the order of its legal moves; a
//!   player's node has none;
//! - the legal moves are the same when asked twice, and have no duplicate;
//! - at a player's node, [`Playable::random_legal_move`] gives the move
//!   that choosing from the legal moves gives, drawing the same numbers;
//! - every legal move plays (on a copy), and its text reads back as itself;
//! - a few moves that are legal elsewhere in the game but not in this
//!   node's list are refused, and the refusal changes nothing;
//! - the state string reads back to a state with the same string;
//! - the returns are finite; a two-player game's are 0 each before the end
//!   and sum to zero once over (all of this workspace's two-player games
//!   are zero-sum); a one-player game's index 1 is 0;
//! - the game ends within the ply limit.
//!
//! [`check_plain_values`] plays the same kind of games and checks, at
//! every node, that the state is the plain value every game crate promises
//! (Clone, Eq, Hash, serde): the serde round trip gives an equal state
//! with an equal hash, the same legal moves in the same order, and writes
//! the same JSON again; the state read from the state string acts as the
//! state does (same actor, legal moves and returns).
//!
//! [`check_undo`] plays the same kind of games through a game session
//! ([`UndoSession`]) and checks, at every node and for every legal move,
//! that undo is the exact inverse of play (equal state, hash, JSON and
//! state string).
//!
//! They return a [`Violation`] saying where and what, rather than panicking,
//! so a test shows the game, the ply and the position.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::game::{random_move, Actor, Chance, Playable, Scratch};
use crate::rng::GameRng;

/// How much the suite plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuiteOptions {
    /// Random games played.
    pub games: u32,
    /// Seed of the random moves (game `i` uses `seed + i`).
    pub seed: u64,
    /// A game longer than this many plies is a violation.
    pub max_plies: u64,
    /// Moves from elsewhere in the game tried at each node.
    pub illegal_samples: usize,
}

impl Default for SuiteOptions {
    fn default() -> Self {
        SuiteOptions {
            games: 20,
            seed: 1,
            max_plies: 10_000,
            illegal_samples: 4,
        }
    }
}

/// What the suite checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SuiteReport {
    /// Games played to the end.
    pub games: u32,
    /// Nodes checked (every ply of every game, the final nodes included).
    pub nodes: u64,
    /// Legal moves played on a copy.
    pub moves_played: u64,
    /// Moves checked to be refused.
    pub refused: u64,
    /// Chance nodes met.
    pub chance_nodes: u64,
}

/// A broken invariant: which game, which ply, the state and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The game's name.
    pub game: &'static str,
    /// The index of the random game (0-based).
    pub game_index: u32,
    /// The ply at which it was found.
    pub ply: u64,
    /// The state string there.
    pub state: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} game {} ply {} at `{}`: {}",
            self.game, self.game_index, self.ply, self.state, self.problem
        )
    }
}

impl std::error::Error for Violation {}

/// Moves remembered from earlier nodes, to try where they are not legal.
const POOL: usize = 64;

/// Play `options.games` random games from `new_game(i)` and check the
/// contract of [`Playable`] at every node (see the module docs).
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_random_games<G, F>(
    new_game: F,
    options: SuiteOptions,
) -> Result<SuiteReport, Violation>
where
    G: Playable + PartialEq,
    F: Fn(u32) -> G,
{
    let mut report = SuiteReport::default();
    let mut pool: Vec<G::Move> = Vec::new();
    let mut moves = Vec::new();
    let mut again = Vec::new();
    let mut chances = Vec::new();
    walk_random_games(new_game, &options, &mut report, |state, rng, report| {
        check_node(
            state,
            &mut moves,
            &mut again,
            &mut chances,
            &pool,
            options.illegal_samples,
            rng,
            report,
        )?;
        remember(&mut pool, &moves, rng);
        Ok(())
    })?;
    Ok(report)
}

/// Play `options.games` random games from `new_game(i)`, game `i` drawn
/// from `options.seed + i`, calling `at_node` at every node (with the
/// game's generator, before the random move is drawn from it); count games
/// and nodes in `report`. A problem `at_node` reports, a game longer than
/// `options.max_plies` or a random move refused is a [`Violation`].
fn walk_random_games<G, F>(
    new_game: F,
    options: &SuiteOptions,
    report: &mut SuiteReport,
    at_node: impl FnMut(&G, &mut GameRng, &mut SuiteReport) -> Result<(), String>,
) -> Result<(), Violation>
where
    G: Playable,
    F: Fn(u32) -> G,
{
    let play = |state: &mut G, mv| state.play(mv).map_err(|e| e.to_string());
    walk_random_games_of(new_game, |g| g, play, options, report, at_node)
}

/// [`walk_random_games`] of anything that is at a [`Playable`] state (a
/// game session, say): `view` gives its state, `play` plays a move on it.
fn walk_random_games_of<T, G, F>(
    new_game: F,
    view: impl Fn(&T) -> &G,
    play: impl Fn(&mut T, G::Move) -> Result<(), String>,
    options: &SuiteOptions,
    report: &mut SuiteReport,
    mut at_node: impl FnMut(&T, &mut GameRng, &mut SuiteReport) -> Result<(), String>,
) -> Result<(), Violation>
where
    G: Playable,
    F: Fn(u32) -> T,
{
    let mut scratch = Scratch::new();
    for game_index in 0..options.games {
        let mut rng = GameRng::from_seed(options.seed.wrapping_add(u64::from(game_index)));
        let mut walked = new_game(game_index);
        let mut ply = 0;
        loop {
            let fail = |state: &G, problem: String| Violation {
                game: G::NAME,
                game_index,
                ply,
                state: state.state_string(),
                problem,
            };
            at_node(&walked, &mut rng, report).map_err(|p| fail(view(&walked), p))?;
            report.nodes += 1;
            let Some(mv) = random_move(view(&walked), &mut rng, &mut scratch) else {
                break;
            };
            if ply >= options.max_plies {
                return Err(fail(
                    view(&walked),
                    format!("the game did not end in {} plies", options.max_plies),
                ));
            }
            let before = view(&walked).clone();
            if let Err(e) = play(&mut walked, mv) {
                return Err(fail(
                    &before,
                    format!("the random move {mv:?} was refused: {e}"),
                ));
            }
            ply += 1;
        }
        report.games += 1;
    }
    Ok(())
}

/// Keep a few of `moves` in the pool (replacing old ones at random).
fn remember<M: Copy>(pool: &mut Vec<M>, moves: &[M], rng: &mut GameRng) {
    if let Some(&m) = rng.choose(moves) {
        if pool.len() < POOL {
            pool.push(m);
        } else if let Some(slot) = pool.get_mut(rng.below(POOL as u64) as usize) {
            *slot = m;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn check_node<G: Playable + PartialEq>(
    state: &G,
    moves: &mut Vec<G::Move>,
    again: &mut Vec<G::Move>,
    chances: &mut Vec<Chance<G::Move>>,
    pool: &[G::Move],
    illegal_samples: usize,
    rng: &mut GameRng,
    report: &mut SuiteReport,
) -> Result<(), String> {
    let actor = state.actor();
    state.legal_moves(moves);
    state.chance_outcomes(chances);
    match actor {
        Actor::Terminal if !moves.is_empty() => {
            return Err(format!(
                "the game is over but has {} legal moves",
                moves.len()
            ))
        }
        Actor::Player(_) | Actor::Chance if moves.is_empty() => {
            return Err(format!("{actor:?} acts but there is no legal move"))
        }
        Actor::Chance => {
            report.chance_nodes += 1;
            let outcomes: Vec<G::Move> = chances.iter().map(|c| c.outcome).collect();
            if outcomes != *moves {
                return Err("the chance outcomes are not the legal moves in order".into());
            }
            check_probabilities(chances)?;
        }
        _ if !chances.is_empty() => {
            return Err(format!("{actor:?} acts but there are chance outcomes"))
        }
        _ => {}
    }
    if state.is_terminal() != (actor == Actor::Terminal) {
        return Err(format!(
            "is_terminal() says {} where {actor:?} acts",
            state.is_terminal()
        ));
    }
    check_returns(state, actor)?;
    state.clone().legal_moves(again);
    if again != moves {
        return Err("the legal moves changed when asked again".into());
    }
    if let Actor::Player(_) = actor {
        // The random legal move is what choosing from the list gives, with
        // the same numbers drawn.
        let (mut mine, mut listed) = (rng.clone(), rng.clone());
        let picked = state.random_legal_move(&mut mine, again);
        let chosen = listed.choose(moves).copied();
        if picked != chosen || mine != listed {
            return Err(format!(
                "random_legal_move gave {picked:?}, choosing from the legal moves {chosen:?}"
            ));
        }
    }
    for (i, m) in moves.iter().enumerate() {
        if moves.get(i + 1..).is_some_and(|rest| rest.contains(m)) {
            return Err(format!("the move {m:?} is listed twice"));
        }
        let mut child = state.clone();
        if let Err(e) = child.play(*m) {
            return Err(format!("the legal move {m:?} was refused: {e}"));
        }
        report.moves_played += 1;
        let text = state.move_text(*m);
        match state.parse_move(&text) {
            Ok(back) if back == *m => {}
            Ok(back) => return Err(format!("{m:?} is written `{text}`, read back as {back:?}")),
            Err(e) => {
                return Err(format!(
                    "{m:?} is written `{text}`, which does not read: {e}"
                ))
            }
        }
    }
    report.refused += try_refusals(moves, pool, illegal_samples, rng, |m| {
        let mut copy = state.clone();
        if copy.play(m).is_ok() {
            return Err(format!("{m:?}, not in the legal list, was played"));
        }
        if copy != *state {
            return Err(format!("refusing {m:?} changed the state"));
        }
        Ok(())
    })?;
    let text = state.state_string();
    match G::parse_state(&text) {
        Ok(back) if back.state_string() == text => {}
        Ok(back) => {
            return Err(format!(
                "the state string reads back as `{}`",
                back.state_string()
            ))
        }
        Err(e) => return Err(format!("the state string does not read: {e}")),
    }
    Ok(())
}

/// A chance node's outcomes: every weight at least 1. Nothing more is
/// asked of the weights: an outcome's probability is `weight / total`, so
/// with positive weights the probabilities sum to 1 by construction (a
/// check of their `f64` sum can only fail on rounding, by about 2e-12 for
/// 100,000 equally likely outcomes).
fn check_probabilities<M: fmt::Debug>(chances: &[Chance<M>]) -> Result<(), String> {
    if let Some(c) = chances.iter().find(|c| c.weight == 0) {
        return Err(format!("the chance outcome {:?} has weight 0", c.outcome));
    }
    Ok(())
}

/// The returns as [`Playable::returns`] documents them: finite; in a
/// two-player game (all of this workspace's are zero-sum) summing to 0 once
/// over and 0 each before the end ("Before the end: what is already banked
/// (zero for the two-player games, the points so far in Color Lines)"); in
/// a one-player game index 1 unused (0).
fn check_returns<G: Playable>(state: &G, actor: Actor) -> Result<(), String> {
    let r = state.returns();
    if r.iter().any(|v| !v.is_finite()) {
        return Err(format!("the returns {r:?} are not finite"));
    }
    match (G::PLAYERS, actor) {
        (2, Actor::Terminal) if r[0] + r[1] != 0.0 => Err(format!(
            "the returns {r:?} of a finished game do not sum to 0"
        )),
        (2, Actor::Player(_) | Actor::Chance) if r != [0.0; 2] => Err(format!(
            "the returns {r:?} of a game not over are not 0 each"
        )),
        (1, _) if r[1] != 0.0 => Err(format!(
            "the returns {r:?} of a one-player game use index 1"
        )),
        _ => Ok(()),
    }
}

/// Play `options.games` random games from `new_game(i)` (game `i` drawn
/// from `options.seed + i`) and check at every node that the state is a
/// plain value (see the module docs): `Send`, serde's JSON round trip gives
/// back an equal state that hashes the same, and
/// [`Playable::parse_state`] of [`Playable::state_string`] gives a state
/// with the same actor, legal moves (in order) and returns. A game longer
/// than `options.max_plies` is a violation. The report counts games and
/// nodes.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_plain_values<G, F>(
    new_game: F,
    options: SuiteOptions,
) -> Result<SuiteReport, Violation>
where
    G: Playable + Eq + Hash + Send + Serialize + DeserializeOwned,
    F: Fn(u32) -> G,
{
    let mut report = SuiteReport::default();
    let (mut moves, mut back_moves) = (Vec::new(), Vec::new());
    walk_random_games(new_game, &options, &mut report, |state, _, _| {
        check_plain_value(state, &mut moves, &mut back_moves)
    })?;
    // Each game played one random move fewer than it had nodes.
    report.moves_played = report.nodes - u64::from(report.games);
    Ok(report)
}

/// The hash of `value` by the standard library's fixed-key hasher.
fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

fn check_plain_value<G>(
    state: &G,
    moves: &mut Vec<G::Move>,
    back_moves: &mut Vec<G::Move>,
) -> Result<(), String>
where
    G: Playable + Eq + Hash + Serialize + DeserializeOwned,
{
    let copy = state.clone();
    if copy != *state || hash_of(&copy) != hash_of(state) {
        return Err("a clone is not equal, or hashes apart".into());
    }
    let json = serde_json::to_string(state).map_err(|e| format!("serde cannot write it: {e}"))?;
    let from_json = match serde_json::from_str::<G>(&json) {
        Ok(back) if back == *state && hash_of(&back) == hash_of(state) => back,
        Ok(back) => {
            return Err(format!(
                "its JSON `{json}` reads back as another state: {back:?}"
            ))
        }
        Err(e) => return Err(format!("its JSON `{json}` does not read: {e}")),
    };
    // Exact inverses both ways: the state read back writes the same JSON,
    // and lists the same moves in the same order.
    match serde_json::to_string(&from_json) {
        Ok(again) if again == json => {}
        Ok(again) => return Err(format!("its JSON `{json}` reads back and writes `{again}`")),
        Err(e) => return Err(format!("serde cannot write it read back: {e}")),
    }
    state.legal_moves(moves);
    from_json.legal_moves(back_moves);
    if back_moves != moves {
        return Err("read from its JSON, the state has other legal moves".into());
    }
    let text = state.state_string();
    let back = G::parse_state(&text).map_err(|e| format!("the state string does not read: {e}"))?;
    if back.actor() != state.actor() {
        return Err(format!(
            "read from its string, {:?} acts, not {:?}",
            back.actor(),
            state.actor()
        ));
    }
    state.legal_moves(moves);
    back.legal_moves(back_moves);
    if back_moves != moves {
        return Err("read from its string, the state has other legal moves".into());
    }
    if back.returns() != state.returns() {
        return Err(format!(
            "read from its string, the returns are {:?}, not {:?}",
            back.returns(),
            state.returns()
        ));
    }
    Ok(())
}

/// A game session with a history that takes moves back, for
/// [`check_undo`]: a game crate's wrapper (its `Game`), seen through the
/// [`Playable`] state it is at.
pub trait UndoSession: Clone {
    /// The rules state the session is at.
    type State: Playable + Eq + Hash + Serialize;
    /// The state the session is at now.
    fn state(&self) -> &Self::State;
    /// Play a move (or chance outcome) legal at [`UndoSession::state`].
    ///
    /// # Errors
    /// The session's refusal, as text.
    fn play(&mut self, mv: <Self::State as Playable>::Move) -> Result<(), String>;
    /// Take back the last move played.
    ///
    /// # Errors
    /// The session's refusal (nothing to take back), as text.
    fn undo(&mut self) -> Result<(), String>;
}

/// The state's equality, hash, JSON and state string, to compare a state
/// with after an undo.
fn fingerprint<G: Playable + Hash + Serialize>(state: &G) -> Result<(u64, String, String), String> {
    let json = serde_json::to_string(state).map_err(|e| format!("serde cannot write it: {e}"))?;
    Ok((hash_of(state), json, state.state_string()))
}

/// Play `options.games` random games through sessions from `new_session(i)`
/// (game `i` drawn from `options.seed + i`) and check at every node that
/// undo is the exact inverse of play: for every legal move (chance outcomes
/// included), a copy of the session plays it, reaching the state
/// [`Playable::play`] reaches, then undoes it, and is back at a state equal
/// to the one before, with the same hash, JSON and state string; played
/// again, the move reaches the same state as the first time (nothing hidden,
/// such as what arrives next, was changed by the undo). At the first node
/// of the first game, an undo with nothing to take back is refused and
/// changes nothing; at every node, a few moves legal elsewhere in the game
/// but not there are refused by the session and change nothing. The report
/// counts games, nodes, the moves played and undone (`moves_played`), the
/// refusals and the chance nodes.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_undo<S, F>(new_session: F, options: SuiteOptions) -> Result<SuiteReport, Violation>
where
    S: UndoSession,
    F: Fn(u32) -> S,
{
    let mut report = SuiteReport::default();
    let (mut moves, mut pool) = (Vec::new(), Vec::new());
    let play = |s: &mut S, mv| s.play(mv);
    walk_random_games_of(
        new_session,
        S::state,
        play,
        &options,
        &mut report,
        |session, rng, report| {
            check_undo_node(session, &mut moves, report)?;
            check_session_refusals(session, &moves, &pool, options.illegal_samples, rng, report)?;
            remember(&mut pool, &moves, rng);
            Ok(())
        },
    )?;
    Ok(report)
}

/// A few moves legal elsewhere in the game but not at `session`'s state:
/// the session refuses each, and its state stays equal, with the same
/// hash, JSON and state string.
fn check_session_refusals<S: UndoSession>(
    session: &S,
    moves: &[<S::State as Playable>::Move],
    pool: &[<S::State as Playable>::Move],
    samples: usize,
    rng: &mut GameRng,
    report: &mut SuiteReport,
) -> Result<(), String> {
    let before = fingerprint(session.state())?;
    report.refused += try_refusals(moves, pool, samples, rng, |m| {
        let mut copy = session.clone();
        if copy.play(m).is_ok() {
            return Err(format!("the session played {m:?}, not in the legal list"));
        }
        if copy.state() != session.state() || fingerprint(copy.state())? != before {
            return Err(format!("the session refusing {m:?} changed the state"));
        }
        Ok(())
    })?;
    Ok(())
}

/// Call `refuse` on up to `samples` moves drawn from `pool` that are not in
/// `moves` (the legal list here); how many were tried.
fn try_refusals<M: Copy + PartialEq>(
    moves: &[M],
    pool: &[M],
    samples: usize,
    rng: &mut GameRng,
    mut refuse: impl FnMut(M) -> Result<(), String>,
) -> Result<u64, String> {
    let mut tried = 0;
    for _ in 0..samples * 4 {
        if tried == samples {
            break;
        }
        let Some(&m) = rng.choose(pool) else { break };
        if moves.contains(&m) {
            continue;
        }
        refuse(m)?;
        tried += 1;
    }
    Ok(tried as u64)
}

fn check_undo_node<S: UndoSession>(
    session: &S,
    moves: &mut Vec<<S::State as Playable>::Move>,
    report: &mut SuiteReport,
) -> Result<(), String> {
    let state = session.state();
    let before = fingerprint(state)?;
    if report.nodes == 0 {
        let mut fresh = session.clone();
        if fresh.undo().is_ok() {
            return Err("a new session undid a move it never played".into());
        }
        if fresh.state() != state || fingerprint(fresh.state())? != before {
            return Err("refusing to undo changed the state".into());
        }
        report.refused += 1;
    }
    if state.actor() == Actor::Chance {
        report.chance_nodes += 1;
    }
    state.legal_moves(moves);
    for &m in moves.iter() {
        let mut expected = state.clone();
        expected
            .play(m)
            .map_err(|e| format!("the legal move {m:?} was refused: {e}"))?;
        let mut child = session.clone();
        child
            .play(m)
            .map_err(|e| format!("the session refused the legal move {m:?}: {e}"))?;
        if *child.state() != expected {
            return Err(format!(
                "the session played {m:?} to {:?}, the rules to {expected:?}",
                child.state()
            ));
        }
        child
            .undo()
            .map_err(|e| format!("the session could not undo {m:?}: {e}"))?;
        if child.state() != state {
            return Err(format!(
                "after {m:?} and undo the state is {:?}",
                child.state()
            ));
        }
        let after = fingerprint(child.state())?;
        if after != before {
            return Err(format!(
                "after {m:?} and undo the state is equal but its hash, JSON or \
                 string differ: {after:?}, was {before:?}"
            ));
        }
        child
            .play(m)
            .map_err(|e| format!("after undo the session refused {m:?} again: {e}"))?;
        if *child.state() != expected {
            return Err(format!(
                "{m:?} played again after undo reaches {:?}, the first time {expected:?}",
                child.state()
            ));
        }
        report.moves_played += 1;
    }
    Ok(())
}

/// Play one game from `start`: [`flat_monte_carlo`] with `budget` for
/// `search_seat`, uniformly random moves for the other seat, chance drawn
/// with its probabilities; everything from `GameRng::from_seed(seed)`.
/// The final returns (or the returns after `max_plies` plies). In a
/// one-player game the search takes the only seat, `First`, whatever
/// `search_seat` says (no one plays `Second` there).
///
/// [`flat_monte_carlo`]: crate::search::flat_monte_carlo
pub fn search_vs_random<G: Playable>(
    start: &G,
    search_seat: crate::Player,
    budget: crate::Budget,
    seed: u64,
    max_plies: u64,
) -> [f64; 2] {
    let search_seat = if G::PLAYERS == 1 {
        crate::Player::First
    } else {
        search_seat
    };
    let mut rng = GameRng::from_seed(seed);
    let cancel = crate::CancelFlag::new();
    let mut scratch = Scratch::new();
    let mut state = start.clone();
    for _ in 0..max_plies {
        let mv = match state.actor() {
            Actor::Terminal => break,
            Actor::Player(p) if p == search_seat => {
                crate::search::flat_monte_carlo(&state, budget, &cancel, &mut rng).map(|m| m.mv)
            }
            _ => random_move(&state, &mut rng, &mut scratch),
        };
        match mv {
            Some(mv) if state.play(mv).is_ok() => {}
            _ => break,
        }
    }
    state.returns()
}

/// How many of `games` seeded games [`search_vs_random`] wins: game `i`
/// (seed `i`) starts from `new_game(i)`, the search plays
/// [`crate::Player::First`] in the even games and `Second` in the odd ones
/// of a two-player game, and the one seat, `First`, in every game of a
/// one-player game (Color Lines: there is no other seat to take).
/// A win is a positive return for the search's seat.
pub fn search_wins_against_random<G, F>(new_game: F, games: u64, budget: crate::Budget) -> u64
where
    G: Playable,
    F: Fn(u64) -> G,
{
    (0..games)
        .filter(|&seed| {
            let seat = if G::PLAYERS == 1 || seed % 2 == 0 {
                crate::Player::First
            } else {
                crate::Player::Second
            };
            search_vs_random(&new_game(seed), seat, budget, seed, u64::MAX)[seat.index()] > 0.0
        })
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_weights_must_be_positive_and_nothing_else_is_asked() {
        let dice = |weights: &[u32]| -> Vec<Chance<usize>> {
            weights
                .iter()
                .enumerate()
                .map(|(outcome, &weight)| Chance { outcome, weight })
                .collect()
        };
        // Backgammon's 21 rolls: 6 doubles of weight 1, 15 others of 2.
        let mut rolls = vec![1; 6];
        rolls.extend([2; 15]);
        assert_eq!(check_probabilities(&dice(&rolls)), Ok(()));
        assert_eq!(check_probabilities(&dice(&[3, 1])), Ok(()));
        assert_eq!(check_probabilities(&dice(&[u32::MAX, u32::MAX, 1])), Ok(()));
        // A node of 100,000 equally likely outcomes is a sound chance node:
        // the probabilities `weight / total` add up to 1 but for f64
        // rounding (about 2e-12 here), which a tolerance of 1e-12 on their
        // sum called "not 1". With positive weights the sum is 1 by
        // construction, so there is nothing more to check than the weights.
        assert_eq!(check_probabilities(&dice(&[1; 100_000])), Ok(()));
        let zero = check_probabilities(&dice(&[2, 0, 1])).unwrap_err();
        assert!(zero.contains("weight 0"), "{zero}");
    }
}

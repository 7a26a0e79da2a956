//! One shape for every game: the [`Playable`] trait, and the generic tools
//! written against it ([`perft`], [`random_move`], [`random_playout`]).
//!
//! The shape follows two well-known designs. From OpenSpiel's `State`: the
//! game is a tree whose nodes say who acts ([`Actor`]), and chance (the
//! dice) is an actor like the players, whose outcomes come with their
//! probabilities ([`Chance`]). From shakmaty's `Position`: legal moves are
//! written into a buffer the caller owns and reuses (no allocation per
//! node), moves are small `Copy` values, and [`Playable::play`] refuses an
//! illegal move with a typed error and leaves the state exactly as it was.
//!
//! What the four games do with it (each crate documents its own adapter):
//! - Nim and dots and boxes have no chance node;
//! - backgammon's dice are chance nodes: the 21 distinct rolls, weights 1
//!   (doubles) and 2 (the others) out of 36;
//! - Color Lines is played by one player against a seeded deal: the state
//!   holds the deal, and the marbles that arrive are a function of it, so
//!   the game is modelled as *deterministic given the deal* (no chance
//!   node). A search that plays the state forward therefore knows future
//!   arrivals a human player does not see.

use std::fmt;

use crate::player::Player;
use crate::rng::GameRng;

/// Who acts at a node of the game tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// This player chooses a move.
    Player(Player),
    /// Chance picks an outcome (see [`Playable::chance_outcomes`]).
    Chance,
    /// Nobody: the game is over (see [`Playable::returns`]).
    Terminal,
}

impl Actor {
    /// The actor of a game without chance: nobody once it is `over`, else
    /// the player to move.
    #[must_use]
    pub const fn player_unless_over(over: bool, to_move: Player) -> Actor {
        if over {
            Actor::Terminal
        } else {
            Actor::Player(to_move)
        }
    }
}

/// The returns of a win-or-lose game: +1 for the winner, -1 for the loser,
/// 0 each without a winner (a draw, or a game not over).
#[must_use]
pub fn win_loss_returns(winner: Option<Player>) -> [f64; 2] {
    match winner {
        Some(Player::First) => [1.0, -1.0],
        Some(Player::Second) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

/// One outcome of a chance node and its weight.
///
/// The probability of the outcome is its `weight` divided by the sum of the
/// weights of the node's outcomes (exact integers: backgammon's rolls weigh
/// 1 or 2 out of 36).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chance<M> {
    /// The outcome, played with [`Playable::play`] like a move.
    pub outcome: M,
    /// Its weight (at least 1).
    pub weight: u32,
}

/// A game state that searches, tests and tools can drive without knowing
/// the game: one node of the game tree.
///
/// Contract (checked for every game by the `testing` suite of this crate):
/// - [`Playable::legal_moves`] lists, in a stable order, exactly the moves
///   [`Playable::play`] accepts; it is empty exactly when the game is over.
///   At a chance node it lists the chance outcomes, in the order of
///   [`Playable::chance_outcomes`].
/// - [`Playable::play`] either plays the move or returns an error and
///   changes nothing.
/// - `parse_move(move_text(m)) == m` for every legal move `m`.
/// - `parse_state(state_string())` gives back a state with the same string.
pub trait Playable: Clone + fmt::Debug {
    /// A move (or a chance outcome): a small `Copy` value.
    type Move: Copy + Eq + fmt::Debug;
    /// Why [`Playable::play`] refused a move.
    type Error: std::error::Error;
    /// Why [`Playable::parse_move`] could not read a move.
    type ParseError: std::error::Error;
    /// Why [`Playable::parse_state`] could not read a state.
    type StateError: std::error::Error;

    /// The game's name, for reports (`"nim"`, `"backgammon"`, ...).
    const NAME: &'static str;
    /// How many players take part: 1 (Color Lines) or 2.
    const PLAYERS: usize;

    /// Who acts now: a player, chance, or nobody once the game is over.
    fn actor(&self) -> Actor;

    /// Clear `out` and write the legal moves into it, in a stable order (at
    /// a chance node: the chance outcomes). Empty once the game is over.
    /// Reusing one buffer per search depth avoids any allocation per node.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Clear `out` and, at a chance node, write every outcome with its
    /// weight; left empty at any other node. The default, for games
    /// without chance, only clears.
    fn chance_outcomes(&self, out: &mut Vec<Chance<Self::Move>>) {
        out.clear();
    }

    /// A uniformly random legal move of the player to move (`None` when
    /// there is none): exactly the move `rng.choose` picks from
    /// [`Playable::legal_moves`], with the same numbers drawn from `rng`.
    ///
    /// The default lists the moves into `buf` (scratch space) and chooses.
    /// A game that can find its k-th legal move without writing the list
    /// (from a bit set, say) overrides it; [`random_move`] and
    /// [`random_playout`] call it at a player's node, so playouts get faster
    /// and play the same games. The `testing` suite checks the override
    /// against the default at every node.
    fn random_legal_move(
        &self,
        rng: &mut GameRng,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        self.legal_moves(buf);
        rng.choose(buf).copied()
    }

    /// Play a move (or a chance outcome).
    ///
    /// # Errors
    /// [`Playable::Error`] when the move is not legal here; the state is
    /// then unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// What each player has, indexed by [`Player::index`]. Once the game is
    /// over, its result: +1 / -1 / 0 for a win, a loss or a draw in Nim and
    /// dots and boxes, plus or minus the points won (1, 2 or 3) in
    /// backgammon, the score in Color Lines (index 0; index 1 unused).
    /// Before the end: what is already banked (zero for the two-player
    /// games, the points so far in Color Lines).
    fn returns(&self) -> [f64; 2];

    /// The text of a move legal here, in the game's own notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Read a move written in the game's notation, for this state. It does
    /// not check legality, except where the notation can only be read
    /// against the legal moves (backgammon).
    ///
    /// # Errors
    /// [`Playable::ParseError`] for text that is not a move here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseError>;

    /// A compact one-line text of the state, the game's position string.
    fn state_string(&self) -> String;

    /// Read a state written by [`Playable::state_string`].
    ///
    /// # Errors
    /// [`Playable::StateError`] for text that is not a state.
    fn parse_state(text: &str) -> Result<Self, Self::StateError>;

    /// Whether the game is over (no one acts any more).
    fn is_terminal(&self) -> bool {
        self.actor() == Actor::Terminal
    }
}

/// Count the leaves of the game tree `depth` plies below `state`.
///
/// Every ply is one [`Playable::play`]: a player's move or a chance
/// outcome (each outcome counts as one branch, whatever its weight). A node
/// at depth 0 is one leaf; a finished game reached earlier is none (as in
/// chess perft). One move buffer per ply reached, reused: no allocation
/// per node, and none for plies below the end of the game, however deep
/// `depth` asks.
#[must_use]
pub fn perft<G: Playable>(state: &G, depth: u32) -> u64 {
    perft_with(state, depth, 0, &mut Vec::new())
}

/// [`perft`] at `ply` plies below its root, `buffers[ply]` (made when
/// first reached) the move buffer of this ply.
fn perft_with<G: Playable>(
    state: &G,
    depth: u32,
    ply: usize,
    buffers: &mut Vec<Vec<G::Move>>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if buffers.len() <= ply {
        buffers.push(Vec::new());
    }
    let Some(slot) = buffers.get_mut(ply) else {
        return 0;
    };
    let mut moves = std::mem::take(slot);
    state.legal_moves(&mut moves);
    let mut total = 0;
    if depth == 1 {
        total = moves.len() as u64;
    } else {
        for &mv in &moves {
            let mut child = state.clone();
            if child.play(mv).is_ok() {
                total += perft_with(&child, depth - 1, ply + 1, buffers);
            }
        }
    }
    if let Some(slot) = buffers.get_mut(ply) {
        *slot = moves;
    }
    total
}

/// Pick a chance outcome with its probability: `None` when `outcomes` is
/// empty or all weights are zero.
pub fn sample_chance<M: Copy>(outcomes: &[Chance<M>], rng: &mut GameRng) -> Option<M> {
    let total: u64 = outcomes.iter().map(|c| u64::from(c.weight)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    for c in outcomes {
        let w = u64::from(c.weight);
        if pick < w {
            return Some(c.outcome);
        }
        pick -= w;
    }
    None
}

/// Reusable buffers for [`random_move`] and [`random_playout`].
#[derive(Debug)]
pub struct Scratch<M> {
    moves: Vec<M>,
    chances: Vec<Chance<M>>,
}

impl<M> Default for Scratch<M> {
    fn default() -> Self {
        Scratch {
            moves: Vec::new(),
            chances: Vec::new(),
        }
    }
}

impl<M> Scratch<M> {
    /// Empty buffers; they grow to the largest node seen and are reused.
    #[must_use]
    pub fn new() -> Scratch<M> {
        Scratch::default()
    }
}

/// A random move of the actor at `state`: uniform among a player's legal
/// moves, by weight among chance outcomes; `None` once the game is over.
pub fn random_move<G: Playable>(
    state: &G,
    rng: &mut GameRng,
    scratch: &mut Scratch<G::Move>,
) -> Option<G::Move> {
    match state.actor() {
        Actor::Terminal => None,
        Actor::Chance => {
            state.chance_outcomes(&mut scratch.chances);
            sample_chance(&scratch.chances, rng)
        }
        Actor::Player(_) => state.random_legal_move(rng, &mut scratch.moves),
    }
}

/// Play random moves (see [`random_move`]) until the game is over or
/// `max_plies` moves have been played; the number of moves played.
pub fn random_playout<G: Playable>(
    state: &mut G,
    max_plies: u64,
    rng: &mut GameRng,
    scratch: &mut Scratch<G::Move>,
) -> u64 {
    let mut plies = 0;
    while plies < max_plies {
        let Some(mv) = random_move(state, rng, scratch) else {
            break;
        };
        if state.play(mv).is_err() {
            break;
        }
        plies += 1;
    }
    plies
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A tiny game for the generic tools: a counter from `n` down to 0; a
    /// player takes 1 or 2, then chance adds 0 (weight 3) or 1 (weight 1)
    /// while the counter is above 0. Whoever takes the last one wins.
    #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    pub(crate) struct Countdown {
        left: u32,
        pub(crate) to_move: Player,
        chance_next: bool,
        /// A planted bug for the suite to find: moves are written wrong.
        pub(crate) bad_text: bool,
        /// A planted bug: the random legal move is always the first one.
        pub(crate) bad_random: bool,
        /// A planted bug: the field is lost in the JSON.
        #[serde(skip)]
        pub(crate) bad_serde: bool,
        /// A planted bug: returns before the end.
        pub(crate) bad_returns: bool,
    }

    #[derive(Debug, PartialEq, Eq)]
    pub(crate) struct Refused;
    impl fmt::Display for Refused {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("refused")
        }
    }
    impl std::error::Error for Refused {}

    impl Playable for Countdown {
        type Move = u32;
        type Error = Refused;
        type ParseError = Refused;
        type StateError = Refused;
        const NAME: &'static str = "countdown";
        const PLAYERS: usize = 2;

        fn actor(&self) -> Actor {
            if self.left == 0 {
                Actor::Terminal
            } else if self.chance_next {
                Actor::Chance
            } else {
                Actor::Player(self.to_move)
            }
        }
        fn legal_moves(&self, out: &mut Vec<u32>) {
            out.clear();
            match self.actor() {
                Actor::Terminal => {}
                Actor::Chance => out.extend([0, 1]),
                Actor::Player(_) => out.extend(1..=self.left.min(2)),
            }
        }
        fn chance_outcomes(&self, out: &mut Vec<Chance<u32>>) {
            out.clear();
            if self.actor() == Actor::Chance {
                out.push(Chance {
                    outcome: 0,
                    weight: 3,
                });
                out.push(Chance {
                    outcome: 1,
                    weight: 1,
                });
            }
        }
        fn random_legal_move(&self, rng: &mut GameRng, buf: &mut Vec<u32>) -> Option<u32> {
            self.legal_moves(buf);
            if self.bad_random {
                buf.first().copied()
            } else {
                rng.choose(buf).copied()
            }
        }
        fn play(&mut self, mv: u32) -> Result<(), Refused> {
            let mut legal = Vec::new();
            self.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                return Err(Refused);
            }
            if self.chance_next {
                self.left += mv;
                self.chance_next = false;
            } else {
                self.left -= mv;
                self.to_move = self.to_move.other();
                self.chance_next = self.left > 0;
            }
            Ok(())
        }
        fn returns(&self) -> [f64; 2] {
            if self.left > 0 {
                return if self.bad_returns {
                    [0.5, -0.5]
                } else {
                    [0.0; 2]
                };
            }
            let mut r = [1.0; 2];
            r[self.to_move.index()] = -1.0;
            r
        }
        fn move_text(&self, mv: u32) -> String {
            (mv + u32::from(self.bad_text)).to_string()
        }
        fn parse_move(&self, text: &str) -> Result<u32, Refused> {
            text.parse().map_err(|_| Refused)
        }
        fn state_string(&self) -> String {
            format!(
                "{} {} {}",
                self.left,
                self.to_move.index(),
                u8::from(self.chance_next)
            )
        }
        fn parse_state(text: &str) -> Result<Self, Refused> {
            let v: Vec<u32> = text
                .split(' ')
                .map(|t| t.parse().map_err(|_| Refused))
                .collect::<Result<_, _>>()?;
            match v.as_slice() {
                [left, p, c] => Ok(Countdown {
                    left: *left,
                    to_move: Player::from_index(*p).ok_or(Refused)?,
                    chance_next: *c == 1,
                    bad_text: false,
                    bad_random: false,
                    bad_serde: false,
                    bad_returns: false,
                }),
                _ => Err(Refused),
            }
        }
    }

    pub(crate) fn start(n: u32) -> Countdown {
        Countdown {
            left: n,
            to_move: Player::First,
            chance_next: false,
            bad_text: false,
            bad_random: false,
            bad_serde: false,
            bad_returns: false,
        }
    }

    #[test]
    fn perft_counts_player_and_chance_plies() {
        // From 3: the player takes 1 or 2 (2 leaves); chance then adds 0 or
        // 1 to 2 or 1 left (4 leaves); the player then has 2,2 (from 2, 3)
        // and 1,2 (from 1, 2) moves: 7 leaves.
        let s = start(3);
        assert_eq!(perft(&s, 0), 1);
        assert_eq!(perft(&s, 1), 2);
        assert_eq!(perft(&s, 2), 4);
        assert_eq!(perft(&s, 3), 7);
        // From 1 the only move ends the game: nothing lies 2 plies below.
        assert_eq!(perft(&start(1), 2), 0);
    }

    /// The depth is the caller's: `perft` made one move buffer per ply
    /// asked for before looking at a move, so `u32::MAX` plies asked the
    /// allocator for some 100 GB (and aborted the process) even where the
    /// game ends after one ply. It keeps one buffer per ply reached.
    #[test]
    fn perft_of_any_depth_keeps_buffers_for_the_plies_reached_only() {
        assert_eq!(perft(&start(1), u32::MAX), 0);
        assert_eq!(perft(&start(1), 1), 1);
    }

    #[test]
    fn sample_chance_follows_the_weights() {
        let outcomes = [
            Chance {
                outcome: 'a',
                weight: 3,
            },
            Chance {
                outcome: 'b',
                weight: 1,
            },
        ];
        let mut rng = GameRng::from_seed(1);
        let b = (0..4000)
            .filter(|_| sample_chance(&outcomes, &mut rng) == Some('b'))
            .count();
        // Expected 1000; a binomial of sd ~27 stays far inside 850..1150.
        assert!((850..1150).contains(&b), "{b}");
        assert_eq!(sample_chance::<char>(&[], &mut rng), None);
    }

    #[test]
    fn random_playouts_end_and_are_seeded() {
        let mut scratch = Scratch::new();
        let mut a = start(20);
        let mut b = start(20);
        let pa = random_playout(&mut a, 1000, &mut GameRng::from_seed(5), &mut scratch);
        let pb = random_playout(&mut b, 1000, &mut GameRng::from_seed(5), &mut scratch);
        assert!(a.is_terminal());
        assert_eq!((pa, a), (pb, b));
    }
}

#[cfg(test)]
mod generic_tests {
    use super::tests::start;
    use super::*;
    use crate::search::flat_monte_carlo;
    use crate::testing::{check_random_games, SuiteOptions};
    use crate::{Budget, CancelFlag};

    /// The games `start(5 + i)` with a bug planted by `plant`.
    fn planted(plant: fn(&mut super::tests::Countdown)) -> impl Fn(u32) -> super::tests::Countdown {
        move |i| {
            let mut s = start(5 + i);
            plant(&mut s);
            s
        }
    }

    #[test]
    fn the_suite_passes_a_sound_game_and_finds_a_planted_bug() {
        let report = check_random_games(|i| start(5 + i), SuiteOptions::default()).unwrap();
        assert_eq!(report.games, 20);
        assert!(report.chance_nodes > 0 && report.refused > 0, "{report:?}");
        let broken = check_random_games(planted(|s| s.bad_text = true), SuiteOptions::default())
            .unwrap_err();
        assert!(broken.problem.contains("read back"), "{broken}");
        let broken = check_random_games(planted(|s| s.bad_random = true), SuiteOptions::default())
            .unwrap_err();
        assert!(broken.problem.contains("random_legal_move"), "{broken}");
        // The trait's returns: "Before the end: what is already banked
        // (zero for the two-player games ...)".
        let broken = check_random_games(planted(|s| s.bad_returns = true), SuiteOptions::default())
            .unwrap_err();
        assert!(broken.problem.contains("not over"), "{broken}");
        assert_eq!(broken.ply, 0, "{broken}");
    }

    /// A session of [`Countdown`]: the states played through, the last one
    /// taken back by undo.
    #[derive(Clone, Debug)]
    struct History {
        states: Vec<super::tests::Countdown>,
        /// A planted bug: undoing a chance outcome gives the turn to the
        /// wrong player.
        bad_undo: bool,
        /// A planted bug: a refused move still passes the turn.
        bad_refusal: bool,
    }

    impl crate::testing::UndoSession for History {
        type State = super::tests::Countdown;
        fn state(&self) -> &super::tests::Countdown {
            self.states.last().expect("a history is never empty")
        }
        fn play(&mut self, mv: u32) -> Result<(), String> {
            let mut next = self.state().clone();
            if let Err(e) = next.play(mv) {
                if let (true, Some(now)) = (self.bad_refusal, self.states.last_mut()) {
                    now.to_move = now.to_move.other();
                }
                return Err(e.to_string());
            }
            self.states.push(next);
            Ok(())
        }
        fn undo(&mut self) -> Result<(), String> {
            if self.states.len() < 2 {
                return Err("nothing to undo".into());
            }
            self.states.pop();
            if let Some(back) = self.states.last_mut() {
                if self.bad_undo && back.actor() == Actor::Chance {
                    back.to_move = back.to_move.other();
                }
            }
            Ok(())
        }
    }

    #[test]
    fn the_undo_check_passes_a_sound_session_and_finds_a_planted_bug() {
        use crate::testing::check_undo;
        let session = |bad_undo, bad_refusal| {
            move |i| History {
                states: vec![start(5 + i)],
                bad_undo,
                bad_refusal,
            }
        };
        let report = check_undo(session(false, false), SuiteOptions::default()).unwrap();
        assert_eq!(report.games, 20);
        assert!(
            report.chance_nodes > 0 && report.moves_played > report.nodes,
            "{report:?}"
        );
        // The empty history refuses an undo, and moves from elsewhere are
        // refused.
        assert!(report.refused > 1, "{report:?}");
        let broken = check_undo(session(true, false), SuiteOptions::default()).unwrap_err();
        assert!(broken.problem.contains("and undo"), "{broken}");
        let broken = check_undo(session(false, true), SuiteOptions::default()).unwrap_err();
        assert!(broken.problem.contains("refusing"), "{broken}");
    }

    #[test]
    fn the_plain_value_check_passes_a_sound_game_and_finds_a_planted_bug() {
        use crate::testing::check_plain_values;
        let report = check_plain_values(|i| start(5 + i), SuiteOptions::default()).unwrap();
        assert_eq!(report.games, 20);
        assert!(report.nodes > report.moves_played, "{report:?}");
        let broken = check_plain_values(planted(|s| s.bad_serde = true), SuiteOptions::default())
            .unwrap_err();
        assert!(broken.problem.contains("JSON"), "{broken}");
        assert_eq!(broken.ply, 0, "{broken}");
    }

    #[test]
    fn flat_monte_carlo_takes_the_winning_move_and_is_seeded() {
        // From 2 the player to move wins at once by taking both.
        let cancel = CancelFlag::new();
        let pick = |seed| {
            flat_monte_carlo(
                &start(2),
                Budget::nodes(200),
                &cancel,
                &mut GameRng::from_seed(seed),
            )
            .unwrap()
        };
        let a = pick(3);
        assert_eq!(a.mv, 2);
        assert_eq!(a.mean, 1.0);
        assert_eq!(a.stats.nodes, 200);
        let b = pick(3);
        assert_eq!((a.mv, a.mean, a.playouts), (b.mv, b.mean, b.playouts));
        // Nobody chooses at a chance node.
        let mut s = start(4);
        s.play(1).unwrap();
        assert_eq!(s.actor(), Actor::Chance);
        assert!(
            flat_monte_carlo(&s, Budget::nodes(10), &cancel, &mut GameRng::from_seed(1)).is_none()
        );
    }

    /// A one-player game of one move: take 1 point or none.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Solo {
        points: Option<u32>,
    }

    impl Playable for Solo {
        type Move = u32;
        type Error = super::tests::Refused;
        type ParseError = super::tests::Refused;
        type StateError = super::tests::Refused;
        const NAME: &'static str = "solo";
        const PLAYERS: usize = 1;

        fn actor(&self) -> Actor {
            Actor::player_unless_over(self.points.is_some(), Player::First)
        }
        fn legal_moves(&self, out: &mut Vec<u32>) {
            out.clear();
            if self.points.is_none() {
                out.extend([0, 1]);
            }
        }
        fn play(&mut self, mv: u32) -> Result<(), super::tests::Refused> {
            if self.points.is_some() || mv > 1 {
                return Err(super::tests::Refused);
            }
            self.points = Some(mv);
            Ok(())
        }
        fn returns(&self) -> [f64; 2] {
            [f64::from(self.points.unwrap_or(0)), 0.0]
        }
        fn move_text(&self, mv: u32) -> String {
            mv.to_string()
        }
        fn parse_move(&self, text: &str) -> Result<u32, super::tests::Refused> {
            text.parse().map_err(|_| super::tests::Refused)
        }
        fn state_string(&self) -> String {
            self.points
                .map_or_else(|| "-".to_string(), |p| p.to_string())
        }
        fn parse_state(text: &str) -> Result<Self, super::tests::Refused> {
            match text {
                "-" => Ok(Solo { points: None }),
                t => Ok(Solo {
                    points: Some(t.parse().map_err(|_| super::tests::Refused)?),
                }),
            }
        }
    }

    /// The trait has one-player games (`PLAYERS` is "1 (Color Lines) or
    /// 2"): there the search has the only seat in every game. It was given
    /// `Second` in the odd games, a seat nobody plays, so random moves
    /// played those games and the search could not win them.
    #[test]
    fn search_against_random_plays_every_game_of_a_one_player_game() {
        use crate::testing::{check_random_games, search_vs_random, search_wins_against_random};
        check_random_games(|_| Solo { points: None }, SuiteOptions::default()).unwrap();
        let wins = search_wins_against_random(|_| Solo { points: None }, 10, Budget::nodes(20));
        assert_eq!(wins, 10);
        // The single game too: asked to search for `Second`, it searches
        // the only seat, as for `First`.
        for seed in 0..10 {
            let solo = Solo { points: None };
            let first = search_vs_random(&solo, Player::First, Budget::nodes(20), seed, 100);
            let second = search_vs_random(&solo, Player::Second, Budget::nodes(20), seed, 100);
            assert_eq!(first, second);
            assert!(first[0] > 0.0);
        }
    }

    #[test]
    fn flat_monte_carlo_stops_when_cancelled() {
        let cancel = CancelFlag::new();
        cancel.cancel();
        let answer = flat_monte_carlo(
            &start(9),
            Budget::nodes(1000),
            &cancel,
            &mut GameRng::from_seed(1),
        )
        .unwrap();
        assert_eq!(answer.stats.stop, crate::StopReason::Cancelled);
        assert_eq!((answer.mv, answer.playouts), (1, 0), "the first legal move");
    }
}

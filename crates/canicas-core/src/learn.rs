//! A learned evaluation: an n-tuple network trained by temporal-difference
//! learning on afterstates from self-play (the approach of Szubert &
//! Jaśkowski's 2048 players), and its resumable, deterministic trainer.
//!
//! # The network
//!
//! The value of an afterstate (the board after a move and the lines it
//! removed, before the marbles of the "next" bar arrive) is a sum of
//! weights looked up in tables:
//!
//! - every window of `min_line` cells in a row, column or diagonal (the
//!   runs lines are made of);
//! - every block of 2 × 3 cells (and 3 × 2);
//! - with [`TupleSet::Blocks3x3`], every block of 3 × 3 cells too;
//! - the number of free cells once the pending arrivals have landed.
//!
//! A tuple's table is indexed by the pattern of its cells under a
//! colour-symmetric encoding: a free cell is 0 and the colours are numbered
//! in order of first appearance along the tuple (so the seven colours share
//! their weights: `1 1 . 3 1` and `5 5 . 2 5` are the same pattern). Windows
//! that one of the board's 8 symmetries maps onto each other share a table
//! (a window's weights depend on where it lies only up to symmetry); all
//! blocks of one shape share one table. A 3 × 3 block's table is indexed by
//! the rank of its pattern among all patterns (a free cell first, then
//! the labels used so far, then a new one, cell by cell), not by the
//! pattern written in base 10: 115,929 weights instead of 10^9.
//!
//! # Learning
//!
//! Self-play picks, in every position, the legal move whose afterstate has
//! the highest value (among the hand-made evaluation's best few: see
//! [`TrainConfig::candidates`]). Each move earns a reward of 1 (a move
//! survived) plus [`TrainConfig::line_reward`] per marble its lines
//! remove; the value of an afterstate learns the discounted sum
//! ([`TrainConfig::gamma`], 1 for none) of the rewards still to come, 0
//! (or [`TrainConfig::death`]) after the arrivals that filled the board.
//! Landing cells, hidden under the 1992 rule, are the chance between
//! afterstates. The afterstates of a game are kept, and when it ends each
//! one's value moves towards its λ-return (TD(λ), [`TrainConfig::lambda`];
//! λ = 0 is TD(0)), by steps of a fixed size or, with temporal coherence
//! ([`TrainConfig::tc`]), of a size per weight. With a prior
//! ([`TrainConfig::prior`]) the value is the hand-made evaluation (in free
//! cells) times the prior plus the network's sum, so the network learns
//! what the hand-made evaluation misses and the greedy player starts as the
//! hand-made one. Deals of training games have their top bit set, so deals
//! below 2^63 (those the arena and the tests play) are never trained on.
//!
//! The first design (TD(0) online, reward 1 per move plus 1 per marble,
//! γ = 0.9: a horizon of about ten moves, where deaths come every few
//! hundred) levelled off at about 150 moves per game. Undiscounted TD(0.5)
//! on moves survived with temporal coherence and a prior of 3 (measured
//! 2026-12-04; see `docs/benchmarks/canicas-learned.md`) learns past the
//! hand-made greedy player's 193 moves per game.
//!
//! With a batch ([`TrainConfig::batch`]) the trainer plays that many games
//! from the same weights, in parallel on as many threads as it is given
//! ([`Trainer::play_batch`]), then learns from them in the order their
//! deals were drawn: the weights depend on the batch, never on the threads
//! or on which thread played which game, and a batch of 1 is the
//! one-game-at-a-time trainer.
//!
//! [`Trainer`] holds the weights, the generator that draws the deals and
//! the counters; [`Trainer::checkpoint`] writes them (atomically, through a
//! temporary file and a rename) and [`Trainer::resume`] reads them back, so
//! a run stopped and resumed ends with exactly the weights of a run that
//! was never stopped. `examples/canicas_train.rs` drives it.

use std::io::Write;
use std::path::Path;

use games_common::GameRng;
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::rules::{Rules, RulesError};
use crate::state::{Move, State, StateError};

/// The first line of a checkpoint file.
const MAGIC: &str = "canicas-ntuple-v1";

/// The first line of a network file (weights only: see [`NTuple::to_bytes`]).
const NET_MAGIC: &str = "canicas-ntuple-net-v1";

/// The network shipped with the crate (see [`shipped`]).
const SHIPPED: &[u8] = include_bytes!("../data/ntuple_five.bin");

/// The network shipped with the crate, trained on the five-in-a-row 1992
/// rule and used for five in a row under both rules by [`crate::ai::hint`]
/// (`crates/canicas-core/data/README.md` says how to make it again);
/// `None` if its data is malformed, which a test rules out.
#[must_use]
pub fn shipped() -> Option<&'static NTuple> {
    static NET: std::sync::OnceLock<Option<NTuple>> = std::sync::OnceLock::new();
    NET.get_or_init(|| NTuple::from_bytes(SHIPPED)).as_ref()
}

/// The header line of a network file (JSON).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NetHeader {
    rules: Rules,
    #[serde(default, skip_serializing_if = "is_default")]
    tuples: TupleSet,
    line_reward: f32,
    candidates: u32,
    prior: f32,
    weights: usize,
}

fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

/// Training games end after this many moves even if the board never fills.
const MAX_GAME_MOVES: u64 = 50_000;

/// The hand-made evaluation's value of a free cell: its values are divided
/// by this before [`TrainConfig::prior`] weighs them.
pub const HAND_UNIT: f32 = 400.0;

/// One tuple of the network: its cells (in the order of its encoding),
/// where its table starts, and whether its pattern is ranked (a dense
/// index: see [`Layout::rank`]) rather than written in base `k + 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tuple {
    cells: Vec<u8>,
    base: u32,
    ranked: bool,
}

/// The tuples of a network beyond every line window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TupleSet {
    /// Every block of 2 × 3 and 3 × 2 cells, one shared table (the shipped
    /// network's set).
    #[default]
    Blocks2x3,
    /// Those, and every block of 3 × 3 cells, one shared table indexed by
    /// the rank of the block's pattern (about 116,000 patterns where base
    /// 10 would need 10^9 entries).
    Blocks3x3,
}

impl TupleSet {
    /// The set named `name` (`2x3` or `3x3`).
    ///
    /// # Errors
    /// The names it knows, for any other name.
    pub fn parse(name: &str) -> Result<TupleSet, String> {
        match name {
            "2x3" => Ok(TupleSet::Blocks2x3),
            "3x3" => Ok(TupleSet::Blocks3x3),
            _ => Err(format!("unknown tuple set {name:?} (2x3 or 3x3)")),
        }
    }
}

/// The shape of a network: its tuples, tables and the rules it evaluates.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    rules: Rules,
    set: TupleSet,
    tuples: Vec<Tuple>,
    /// Ranking of patterns of [`RANKED_CELLS`] cells: the entry
    /// `p * RANK_STRIDE + m` is the number of ways to fill the cells from
    /// `p` on when the cells before `p` used `m` colour labels (empty when
    /// no tuple is ranked; see [`Layout::rank`]).
    rank: Vec<u32>,
    /// For each cell, the tuples holding it.
    cell_tuples: Vec<Vec<u16>>,
    /// Where the free-cell table starts.
    free_base: u32,
    /// Number of weights.
    len: usize,
}

/// The 8 symmetries of a square board of side `n`, as maps of (row, col).
fn symmetries(n: i32) -> [(i32, i32, i32, i32, i32, i32); 8] {
    // (row, col) -> (a*r + b*c + e, c2*r + d*c + f), written as
    // (a, b, e, c2, d, f).
    let m = n - 1;
    [
        (1, 0, 0, 0, 1, 0),
        (0, 1, 0, -1, 0, m),
        (-1, 0, m, 0, -1, m),
        (0, -1, m, 1, 0, 0),
        (1, 0, 0, 0, -1, m),
        (0, 1, 0, 1, 0, 0),
        (-1, 0, m, 0, 1, 0),
        (0, -1, m, -1, 0, m),
    ]
}

fn map_cells(cells: &[u8], n: i32, s: (i32, i32, i32, i32, i32, i32)) -> Vec<u8> {
    let (a, b, e, c2, d, f) = s;
    cells
        .iter()
        .map(|&x| {
            let (r, c) = (i32::from(x) / n, i32::from(x) % n);
            let (r2, cc2) = (a * r + b * c + e, c2 * r + d * c + f);
            (r2 * n + cc2) as u8
        })
        .collect()
}

fn mask_of(cells: &[u8]) -> u128 {
    cells.iter().fold(0u128, |m, &c| m | (1u128 << c))
}

/// Size of the table of a tuple of `k` cells: `(k + 1)^k` patterns.
fn table_len(k: usize) -> usize {
    (k + 1).pow(k as u32)
}

/// Cells of a ranked tuple (a 3 × 3 block).
const RANKED_CELLS: usize = 9;
/// Row length of [`Layout::rank`]: colour labels used so far, 0 to 9.
const RANK_STRIDE: usize = RANKED_CELLS + 1;

/// The completion counts of patterns of [`RANKED_CELLS`] cells whose
/// colours are labelled in order of first appearance, with at most
/// `colours` labels (see [`Layout::rank`]).
fn rank_table(colours: usize) -> Vec<u32> {
    let cap = colours.min(RANKED_CELLS);
    let mut t = vec![0u32; (RANKED_CELLS + 1) * RANK_STRIDE];
    for m in 0..RANK_STRIDE {
        t[RANKED_CELLS * RANK_STRIDE + m] = 1;
    }
    for p in (0..RANKED_CELLS).rev() {
        for m in 0..=cap {
            // Free, one of the `m` labels used, or (below the cap) a new one.
            let same = (m as u32 + 1) * t[(p + 1) * RANK_STRIDE + m];
            let new = if m < cap {
                t[(p + 1) * RANK_STRIDE + m + 1]
            } else {
                0
            };
            t[p * RANK_STRIDE + m] = same + new;
        }
    }
    t
}

impl Layout {
    fn new(rules: Rules, set: TupleSet) -> Layout {
        let n = i32::from(rules.size);
        let m = i32::from(rules.min_line);
        let mut tuples = Vec::new();
        let mut len = 0usize;
        // Windows: one table per orbit under the symmetries.
        let mut windows: Vec<Vec<u8>> = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..n {
                for c in 0..n {
                    let cells: Option<Vec<u8>> = (0..m)
                        .map(|i| {
                            let (rr, cc) = (r + dr * i, c + dc * i);
                            ((0..n).contains(&rr) && (0..n).contains(&cc))
                                .then(|| (rr * n + cc) as u8)
                        })
                        .collect();
                    if let Some(cells) = cells {
                        windows.push(cells);
                    }
                }
            }
        }
        let mut placed = std::collections::BTreeSet::new();
        for w in &windows {
            if placed.contains(&mask_of(w)) {
                continue;
            }
            let base = len as u32;
            len += table_len(w.len());
            for s in symmetries(n) {
                let image = map_cells(w, n, s);
                if placed.insert(mask_of(&image)) {
                    tuples.push(Tuple {
                        cells: image,
                        base,
                        ranked: false,
                    });
                }
            }
        }
        // Blocks of 2 × 3 and their transposes (3 × 2): one shared table.
        if n >= 3 {
            let base = len as u32;
            len += table_len(6);
            for r in 0..n - 1 {
                for c in 0..n - 2 {
                    let cells: Vec<u8> = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
                        .iter()
                        .map(|&(dr, dc)| ((r + dr) * n + c + dc) as u8)
                        .collect();
                    let transposed = map_cells(&cells, n, symmetries(n)[5]);
                    tuples.push(Tuple {
                        cells,
                        base,
                        ranked: false,
                    });
                    tuples.push(Tuple {
                        cells: transposed,
                        base,
                        ranked: false,
                    });
                }
            }
        }
        // Blocks of 3 × 3: one shared table, indexed by rank.
        let mut rank = Vec::new();
        if set == TupleSet::Blocks3x3 && n >= 3 {
            rank = rank_table(usize::from(rules.colours));
            let base = len as u32;
            len += rank[0] as usize;
            for r in 0..n - 2 {
                for c in 0..n - 2 {
                    let cells: Vec<u8> = (0..9)
                        .map(|k| ((r + k / 3) * n + c + k % 3) as u8)
                        .collect();
                    tuples.push(Tuple {
                        cells,
                        base,
                        ranked: true,
                    });
                }
            }
        }
        let free_base = len as u32;
        len += rules.cells() + 1;
        let mut cell_tuples = vec![Vec::new(); rules.cells()];
        for (i, t) in tuples.iter().enumerate() {
            for &c in &t.cells {
                cell_tuples[usize::from(c)].push(i as u16);
            }
        }
        Layout {
            rules,
            set,
            tuples,
            rank,
            cell_tuples,
            free_base,
            len,
        }
    }

    /// The weight index of tuple `t` on the cells `b`.
    #[inline]
    fn index(&self, t: &Tuple, b: &[u8]) -> u32 {
        if t.ranked {
            return t.base + self.rank(t, b);
        }
        let k = t.cells.len() as u32 + 1;
        let mut labels = [0u8; 16];
        let mut next = 1u8;
        let mut idx = 0u32;
        let mut mul = 1u32;
        for &c in &t.cells {
            let x = usize::from(b[usize::from(c)]);
            let l = if x == 0 {
                0
            } else {
                if labels[x] == 0 {
                    labels[x] = next;
                    next += 1;
                }
                labels[x]
            };
            idx += u32::from(l) * mul;
            mul *= k;
        }
        t.base + idx
    }

    /// The rank of the pattern of a ranked tuple `t` on the cells `b`
    /// among every pattern of its cells (colours labelled in order of
    /// first appearance): patterns are ordered cell by cell, a free cell
    /// first, then the labels already used, then a new one, and
    /// the entry `(p + 1) * RANK_STRIDE + m` of the table counts the
    /// patterns that share the first `p + 1` cells, so the rank is below the table's length and
    /// two patterns have the same rank only if they are the same.
    #[inline]
    fn rank(&self, t: &Tuple, b: &[u8]) -> u32 {
        let mut labels = [0u8; 16];
        let mut used = 0usize;
        let mut idx = 0u32;
        for (p, &c) in t.cells.iter().enumerate() {
            let x = usize::from(b[usize::from(c)]);
            let rest = self.rank[(p + 1) * RANK_STRIDE + used];
            let l = if x == 0 {
                0
            } else if labels[x] != 0 {
                u32::from(labels[x])
            } else {
                used += 1;
                labels[x] = used as u8;
                used as u32
            };
            // A new label comes after the `used - 1` old ones and the free
            // cell; the count of what follows it is taken before `used`
            // grew, as the patterns that share this prefix are ordered.
            idx += l * rest;
        }
        idx
    }

    /// The index of the free-cell weight for `free` free cells and
    /// `pending` marbles due.
    fn free_index(&self, free: u32, pending: u32) -> u32 {
        self.free_base + free.saturating_sub(pending)
    }
}

/// An n-tuple network for one set of rules (see the [module](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct NTuple {
    layout: Layout,
    weights: Vec<f32>,
    /// The reward of a move per marble its lines remove (see
    /// [`TrainConfig::line_reward`]): moves are picked by this reward plus
    /// the afterstate's value.
    line_reward: f32,
    /// Moves are picked among the best `candidates` of the hand-made
    /// evaluation's pre-selection (0: among every legal move); see
    /// [`TrainConfig::candidates`].
    candidates: u32,
    /// The weight of the hand-made evaluation (in free cells) in the value
    /// of an afterstate (see [`TrainConfig::prior`]).
    prior: f32,
}

/// What the value of an afterstate is made of: the weight of every tuple and
/// of the free cells.
#[derive(Clone)]
struct Features {
    indices: Vec<u32>,
    /// The hand-made evaluation of the afterstate, in free cells (see
    /// [`TrainConfig::prior`]).
    hand: f32,
}

impl NTuple {
    /// A network for `rules` with every weight 0 and the shipped
    /// network's tuples ([`TupleSet::Blocks2x3`]).
    ///
    /// # Errors
    /// The [`RulesError`] of [`Rules::validate`] when the rules cannot be
    /// played.
    pub fn new(rules: Rules) -> Result<NTuple, RulesError> {
        NTuple::with_tuples(rules, TupleSet::Blocks2x3)
    }

    /// A network for `rules` with the tuples of `set` and every weight 0.
    ///
    /// # Errors
    /// The [`RulesError`] of [`Rules::validate`] when the rules cannot be
    /// played (the tuples are laid out on the rules' board, at most 11×11).
    pub fn with_tuples(rules: Rules, set: TupleSet) -> Result<NTuple, RulesError> {
        rules.validate()?;
        let layout = Layout::new(rules, set);
        let weights = vec![0.0; layout.len];
        Ok(NTuple {
            layout,
            weights,
            line_reward: 0.0,
            candidates: 0,
            prior: 0.0,
        })
    }

    /// The rules it evaluates.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.layout.rules
    }

    /// Its tuples beyond the line windows.
    #[must_use]
    pub fn tuple_set(&self) -> TupleSet {
        self.layout.set
    }

    /// Number of tuples (windows and blocks).
    #[must_use]
    pub fn tuples(&self) -> usize {
        self.layout.tuples.len()
    }

    /// Number of weights.
    #[must_use]
    pub fn weights(&self) -> usize {
        self.weights.len()
    }

    fn features(&self, b: &[u8], pending: u32) -> Features {
        let mut indices: Vec<u32> = self
            .layout
            .tuples
            .iter()
            .map(|t| self.layout.index(t, b))
            .collect();
        let free = b.iter().filter(|&&c| c == 0).count() as u32;
        indices.push(self.layout.free_index(free, pending));
        Features { indices, hand: 0.0 }
    }

    /// The whole value of an afterstate: its learned part and the
    /// hand-made evaluation's.
    fn full_value(&self, f: &Features) -> f32 {
        self.value_of(f) + self.prior * f.hand
    }

    fn value_of(&self, f: &Features) -> f32 {
        f.indices
            .iter()
            .map(|&i| self.weights[i as usize])
            .sum::<f32>()
    }

    /// The learned part of the value of the afterstate whose cells (colour
    /// per cell, 0 free, row by row) are `cells`, with `pending` marbles
    /// about to arrive: the sum of its tuples' weights and the free-cell
    /// weight, without the hand-made evaluation's part (see
    /// [`TrainConfig::prior`]). Cells beyond the board's are ignored.
    ///
    /// # Errors
    /// [`StateError::Inconsistent`] when there are fewer cells than the
    /// board has, or a colour the rules do not have.
    pub fn value_cells(&self, cells: &[u8], pending: u32) -> Result<f32, StateError> {
        let board = cells
            .get(..self.layout.rules.cells())
            .ok_or(StateError::Inconsistent("fewer cells than the board has"))?;
        if board.iter().any(|&c| c > self.layout.rules.colours) {
            return Err(StateError::Inconsistent(
                "a colour outside the rules' colours",
            ));
        }
        Ok(self.value_board_cells(board, pending))
    }

    /// As [`NTuple::value_cells`] for the cells of a board of its rules
    /// (the search's leaves).
    pub(crate) fn value_board_cells(&self, cells: &[u8], pending: u32) -> f32 {
        self.value_of(&self.features(cells, pending))
    }

    /// The network as bytes: a line naming the format, a line of JSON
    /// (rules, line reward, candidates, prior, number of weights), then the
    /// weights as little-endian `f32`.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = NetHeader {
            rules: self.layout.rules,
            tuples: self.layout.set,
            line_reward: self.line_reward,
            candidates: self.candidates,
            prior: self.prior,
            weights: self.weights.len(),
        };
        let mut out = format!(
            "{NET_MAGIC}\n{}\n",
            serde_json::to_string(&header).unwrap_or_default()
        )
        .into_bytes();
        for w in &self.weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// A network read back from [`NTuple::to_bytes`]; `None` when the
    /// bytes are not such a network.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<NTuple> {
        let mut parts = bytes.splitn(3, |&b| b == b'\n');
        if parts.next() != Some(NET_MAGIC.as_bytes()) {
            return None;
        }
        let header: NetHeader = serde_json::from_slice(parts.next()?).ok()?;
        let raw = parts.next()?;
        let mut net = NTuple::with_tuples(header.rules, header.tuples).ok()?;
        if header.weights != net.weights.len() || raw.len() != net.weights.len() * 4 {
            return None;
        }
        for (w, b) in net.weights.iter_mut().zip(raw.chunks_exact(4)) {
            *w = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        net.line_reward = header.line_reward;
        net.candidates = header.candidates;
        net.prior = header.prior;
        Some(net)
    }

    /// Whether it values the game `rules` describe: the rules it was
    /// trained on, with the landing cells shown or hidden (a search's
    /// leaves lie past the arrivals whose cells are shown, where the next
    /// ones are hidden under both rules).
    #[must_use]
    pub fn is_for(&self, rules: &Rules) -> bool {
        self.layout.rules.with_landings_shown(rules.landings_shown) == *rules
    }

    /// The weight of the hand-made evaluation in the value of an
    /// afterstate (see [`TrainConfig::prior`]).
    #[must_use]
    pub fn prior(&self) -> f32 {
        self.prior
    }

    /// The value of the afterstate `board` with `pending` marbles about to
    /// arrive: the discounted number of moves the game is expected to last.
    #[must_use]
    pub fn value(&self, board: &Board, pending: u32) -> f32 {
        self.value_of(&self.features(board.colours(), pending))
    }

    /// The move of `state` (among those it picks from: see
    /// [`TrainConfig::candidates`]) with the highest reward (marbles removed
    /// times the line reward) plus value of its afterstate
    /// (the first such in the order of [`State::legal_moves`]); `None` when
    /// there is none.
    #[must_use]
    pub fn best_move(&self, state: &State) -> Option<Move> {
        let mut scratch = Scratch::new(self, state.board().colours());
        scratch.best(self, state).map(|(m, _, _)| m)
    }

    /// The moves this network picks from: every legal move, or the best
    /// few of the hand-made evaluation (see [`TrainConfig::candidates`]),
    /// each with the hand-made evaluation's value of its afterstate in free
    /// cells (0 when picking among every move).
    fn moves_of(&self, state: &State) -> Vec<(Move, f32)> {
        if state.is_over() {
            // A game can end with free cells (the last marbles due formed a
            // line): no move, though the board has some.
            Vec::new()
        } else if self.candidates == 0 {
            state.legal_moves().into_iter().map(|m| (m, 0.0)).collect()
        } else {
            crate::ai::preselect_valued(&state.view(), self.candidates as usize)
                .into_iter()
                .map(|(m, v)| (m, v as f32 / HAND_UNIT))
                .collect()
        }
    }
}

/// The board being played on and the weight indices of its tuples, for
/// valuing every move by the tuples it changes.
struct Scratch {
    cells: Vec<u8>,
    current: Vec<u32>,
    sum: f32,
    stamp: Vec<u32>,
    epoch: u32,
}

impl Scratch {
    fn new(net: &NTuple, cells: &[u8]) -> Scratch {
        let current: Vec<u32> = net
            .layout
            .tuples
            .iter()
            .map(|t| net.layout.index(t, cells))
            .collect();
        let sum = current.iter().map(|&i| net.weights[i as usize]).sum();
        Scratch {
            cells: cells.to_vec(),
            current,
            sum,
            stamp: vec![0; net.layout.tuples.len()],
            epoch: 0,
        }
    }

    /// The value of the afterstate of `mv` (a legal move): the tuples
    /// through the cells it changes are looked up again.
    /// Also the marbles due and the marbles removed.
    fn value_after(&mut self, net: &NTuple, mv: Move, removed: &mut Vec<u8>) -> (f32, u32, u32) {
        let rules = &net.layout.rules;
        let (from, to) = (usize::from(mv.from.0), usize::from(mv.to.0));
        let colour = self.cells[from];
        self.cells[from] = 0;
        self.cells[to] = colour;
        removed.clear();
        line_cells(&self.cells, rules, to, removed);
        for &c in removed.iter() {
            self.cells[usize::from(c)] = 0;
        }
        let free = self.cells.iter().filter(|&&c| c == 0).count() as u32;
        let gone = mask_of(removed).count_ones();
        let pending = if removed.is_empty() || free == self.cells.len() as u32 {
            u32::from(rules.arrivals)
        } else {
            0
        };
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        let mut v = self.sum;
        let changed = [from as u8, to as u8];
        for &c in changed.iter().chain(removed.iter()) {
            for &ti in &net.layout.cell_tuples[usize::from(c)] {
                let ti = usize::from(ti);
                if self.stamp[ti] == self.epoch {
                    continue;
                }
                self.stamp[ti] = self.epoch;
                let new = net.layout.index(&net.layout.tuples[ti], &self.cells);
                v += net.weights[new as usize] - net.weights[self.current[ti] as usize];
            }
        }
        v += net.weights[net.layout.free_index(free, pending) as usize];
        // Undo.
        for &c in removed.iter() {
            self.cells[usize::from(c)] = colour;
        }
        self.cells[to] = 0;
        self.cells[from] = colour;
        (v, pending, gone)
    }

    /// The best move of `state` and its reward plus afterstate value,
    /// with the hand-made evaluation's value of that afterstate (in free
    /// cells; 0 when picking among every move).
    fn best(&mut self, net: &NTuple, state: &State) -> Option<(Move, f32, f32)> {
        let mut removed = Vec::new();
        let mut best: Option<(Move, f32, f32)> = None;
        for (mv, hand) in net.moves_of(state) {
            let (v, _, gone) = self.value_after(net, mv, &mut removed);
            let v = v + net.line_reward * gone as f32 + net.prior * hand;
            if best.is_none_or(|(_, bv, _)| v > bv) {
                best = Some((mv, v, hand));
            }
        }
        best
    }
}

/// The cells of the lines of `min_line` or more through `at` (the cell
/// just moved to), pushed onto `out` (a cell in two lines is pushed twice).
fn line_cells(b: &[u8], rules: &Rules, at: usize, out: &mut Vec<u8>) {
    let n = i32::from(rules.size);
    let colour = b[at];
    let (r0, c0) = (at as i32 / n, at as i32 % n);
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        let start = out.len();
        for sign in [1, -1] {
            let (mut r, mut c) = (r0 + dr * sign, c0 + dc * sign);
            while (0..n).contains(&r) && (0..n).contains(&c) && b[(r * n + c) as usize] == colour {
                out.push((r * n + c) as u8);
                r += dr * sign;
                c += dc * sign;
            }
        }
        if out.len() - start + 1 >= usize::from(rules.min_line) {
            out.push(at as u8);
        } else {
            out.truncate(start);
        }
    }
}

/// The λ-return of each afterstate of a game, given their `values` and
/// the `rewards` of the moves that led to them: backwards from the last,
/// `G_t = r_{t+1} + γ ((1 − λ) V_{t+1} + λ G_{t+1})`, where the last
/// afterstate's return is [`TrainConfig::death`] when the game `died`, its
/// own value otherwise (a game stopped at the move cap).
fn lambda_returns(values: &[f32], rewards: &[f32], died: bool, config: &TrainConfig) -> Vec<f32> {
    let (gamma, lambda) = (config.gamma, config.lambda);
    let mut targets = vec![0.0f32; values.len()];
    let Some(last) = values.len().checked_sub(1) else {
        return targets;
    };
    let mut ret = if died { config.death } else { values[last] };
    targets[last] = ret;
    for t in (0..last).rev() {
        ret = rewards[t + 1] + gamma * ((1.0 - lambda) * values[t + 1] + lambda * ret);
        targets[t] = ret;
    }
    targets
}

/// The parameters of a training run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// The seed of the generator that draws the training deals.
    pub seed: u64,
    /// The step size (divided by the number of weights of an afterstate).
    pub alpha: f32,
    /// The discount per move.
    pub gamma: f32,
    /// Games at the start whose moves the hand-made evaluation picks (its
    /// one-ply greedy player) instead of the network: a network that knows
    /// nothing never forms a line by itself, so it would never learn what
    /// lines are worth. The network learns from these games all the same.
    #[serde(default)]
    pub warmup: u64,
    /// The reward of a move per marble its lines remove, beside 1 per
    /// move survived: lines are what keeps the board open, and a reward
    /// for them teaches the value what leads to lines long before it could
    /// learn it from survival alone.
    #[serde(default)]
    pub line_reward: f32,
    /// Moves are picked among the best `candidates` moves of the hand-made
    /// evaluation (the hint search's pre-selection) rather than among every
    /// legal move (0): the maximum of a noisy value over a thousand moves is
    /// mostly noise, over a few plausible ones it is a choice.
    #[serde(default)]
    pub candidates: u32,
    /// The λ of TD(λ): 0 learns from the next afterstate's value alone
    /// (TD(0)), 1 from the whole rest of the game (Monte Carlo). Updates
    /// are made at the end of each game, towards the λ-returns computed
    /// backwards from the values the network gave before the game's
    /// updates.
    #[serde(default)]
    pub lambda: f32,
    /// Temporal coherence learning (Beal & Smith; as in Jaśkowski's 2048
    /// players): each weight's step is `alpha` times `|E| / A`, where `E`
    /// sums the errors it has been updated with and `A` their magnitudes,
    /// so weights whose errors keep one sign learn fast and noisy ones
    /// slow down.
    #[serde(default)]
    pub tc: bool,
    /// The weight of the hand-made evaluation of an afterstate (in free
    /// cells, see [`HAND_UNIT`]) in its value; needs `candidates` > 0 (the
    /// pre-selection values the moves). With a prior, the network learns
    /// what the hand-made evaluation misses, and its greedy player starts
    /// as the hand-made one (so `warmup` can be 0).
    #[serde(default)]
    pub prior: f32,
    /// The value of the afterstate whose arrivals filled the board (the
    /// target of the last afterstate of a game that died).
    #[serde(default)]
    pub death: f32,
    /// The network's tuples beyond the line windows.
    #[serde(default, skip_serializing_if = "is_default")]
    pub tuples: TupleSet,
    /// Games played from the same weights before any of them is learned
    /// from ([`Trainer::play_batch`]; 1: each game learns from all before
    /// it). The games of a batch can be played in parallel, and the weights
    /// depend on the batch, never on the number of threads.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub batch: u32,
}

fn one() -> u32 {
    1
}

fn is_one(x: &u32) -> bool {
    *x == 1
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            seed: 1,
            alpha: 0.1,
            gamma: 0.995,
            warmup: 2000,
            line_reward: 1.0,
            candidates: 8,
            lambda: 0.0,
            tc: false,
            prior: 0.0,
            death: 0.0,
            tuples: TupleSet::Blocks2x3,
            batch: 1,
        }
    }
}

/// The header line of a checkpoint (JSON), followed by the weights.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    rules: Rules,
    config: TrainConfig,
    rng: GameRng,
    games: u64,
    moves: u64,
    deaths: u64,
    weights: usize,
}

/// Why a checkpoint could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The file could not be read or written.
    #[error("checkpoint file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not a checkpoint of this trainer.
    #[error("not a checkpoint of the n-tuple trainer: {0}")]
    Format(String),
}

/// A training run: the network, the generator of the deals and the
/// counters (see the [module](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    net: NTuple,
    /// Temporal coherence: the sum of each weight's errors (empty without
    /// [`TrainConfig::tc`]).
    tc_e: Vec<f32>,
    /// Temporal coherence: the sum of their magnitudes.
    tc_a: Vec<f32>,
    config: TrainConfig,
    rng: GameRng,
    games: u64,
    moves: u64,
    deaths: u64,
}

/// A self-play game before it is learned from.
#[derive(Clone)]
struct Played {
    deal: u64,
    steps: Vec<(Features, f32)>,
    moves: u64,
    died: bool,
}

/// What one training game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainGame {
    /// The deal played (top bit set).
    pub deal: u64,
    /// Moves played.
    pub moves: u64,
    /// Whether the board filled up (rather than reaching the move cap).
    pub died: bool,
}

impl Trainer {
    /// A new run on `rules` from weights 0.
    ///
    /// # Errors
    /// The [`RulesError`] of [`Rules::validate`] when the rules cannot be
    /// played.
    pub fn new(rules: Rules, config: TrainConfig) -> Result<Trainer, RulesError> {
        let mut net = NTuple::with_tuples(rules, config.tuples)?;
        net.line_reward = config.line_reward;
        net.candidates = config.candidates;
        net.prior = config.prior;
        let (tc_e, tc_a) = if config.tc {
            (vec![0.0; net.weights.len()], vec![0.0; net.weights.len()])
        } else {
            (Vec::new(), Vec::new())
        };
        Ok(Trainer {
            net,
            tc_e,
            tc_a,
            rng: GameRng::from_seed(config.seed),
            config,
            games: 0,
            moves: 0,
            deaths: 0,
        })
    }

    /// The network trained so far.
    #[must_use]
    pub fn net(&self) -> &NTuple {
        &self.net
    }

    /// Games played so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Moves played so far.
    #[must_use]
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Games that ended with a full board.
    #[must_use]
    pub fn deaths(&self) -> u64 {
        self.deaths
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &TrainConfig {
        &self.config
    }

    /// Play one self-play game and learn from it: the game's afterstates
    /// are kept, and at its end each one's value moves towards its
    /// λ-return (see [`TrainConfig::lambda`]). Batches are
    /// [`Trainer::play_batch`]'s: this plays one game whatever
    /// [`TrainConfig::batch`] says.
    pub fn play_game(&mut self) -> TrainGame {
        let (deal, teacher) = self.draw_game(0);
        let game = self.self_play(deal, teacher);
        self.learn_from(game)
    }

    /// The deal of the next game (top bit set: never a measured deal) and
    /// whether the hand-made evaluation plays it (a warm-up game), for the
    /// game `later` games after the next one to be learned from.
    fn draw_game(&mut self, later: u64) -> (u64, bool) {
        let deal = self.rng.next_u64() | (1 << 63);
        (deal, self.games.saturating_add(later) < self.config.warmup)
    }

    /// Play the next [`TrainConfig::batch`] self-play games, on up to
    /// `threads` threads, all from the weights as they are now, then learn
    /// from each in the order of their deals (see [`Trainer::play_game`]).
    /// The weights that result are the same for any number of threads; a
    /// batch of 1 is [`Trainer::play_game`].
    pub fn play_batch(&mut self, threads: usize) -> Vec<TrainGame> {
        let batch = self.config.batch.max(1) as usize;
        let jobs: Vec<(u64, bool)> = (0..batch as u64).map(|i| self.draw_game(i)).collect();
        let threads = threads.clamp(1, batch);
        let played: Vec<Played> = if threads == 1 {
            jobs.iter()
                .map(|&(deal, teacher)| self.self_play(deal, teacher))
                .collect()
        } else {
            // Each thread takes the next game not yet taken; the results
            // go back in the order of the games.
            let next = std::sync::atomic::AtomicUsize::new(0);
            let this = &*self;
            let mut slots: Vec<Option<Played>> = vec![None; batch];
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads)
                    .map(|_| {
                        scope.spawn(|| {
                            let mut mine = Vec::new();
                            loop {
                                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                let Some(&(deal, teacher)) = jobs.get(i) else {
                                    break;
                                };
                                mine.push((i, this.self_play(deal, teacher)));
                            }
                            mine
                        })
                    })
                    .collect();
                for worker in workers {
                    // A worker only plays games, which do not panic; if one
                    // did, the games it had played are played again below.
                    for (i, game) in worker.join().unwrap_or_default() {
                        slots[i] = Some(game);
                    }
                }
            });
            slots
                .into_iter()
                .zip(&jobs)
                .map(|(slot, &(deal, teacher))| {
                    slot.unwrap_or_else(|| self.self_play(deal, teacher))
                })
                .collect()
        };
        played.into_iter().map(|g| self.learn_from(g)).collect()
    }

    /// Learn from a game played and count it.
    fn learn_from(&mut self, game: Played) -> TrainGame {
        self.learn(&game.steps, game.died);
        // The counts come from checkpoints too: they stop at `u64::MAX`.
        if game.died {
            self.deaths = self.deaths.saturating_add(1);
        }
        self.games = self.games.saturating_add(1);
        self.moves = self.moves.saturating_add(game.moves);
        TrainGame {
            deal: game.deal,
            moves: game.moves,
            died: game.died,
        }
    }

    /// Play the self-play game of `deal` with the weights as they are (the
    /// hand-made evaluation's moves if `teacher`), keeping its afterstates.
    fn self_play(&self, deal: u64, teacher: bool) -> Played {
        let rules = self.net.layout.rules;
        let mut state = State::fresh(rules, deal);
        let mut moves = 0u64;
        let mut removed = Vec::new();
        let cancel = games_common::CancelFlag::new();
        // The afterstates of the game and the reward of the move that led
        // to each.
        let mut steps: Vec<(Features, f32)> = Vec::new();
        while !state.is_over() && moves < MAX_GAME_MOVES {
            let mut scratch = Scratch::new(&self.net, state.board().colours());
            let choice = if teacher && self.net.candidates == 0 {
                crate::ai::hint(&state.view(), games_common::Budget::nodes(0), &cancel)
                    .best
                    .map(|m| (m, 0.0))
            } else if teacher {
                // The first of the pre-selection is the one-ply hint's move.
                self.net.moves_of(&state).first().copied()
            } else {
                scratch
                    .best(&self.net, &state)
                    .map(|(m, _, hand)| (m, hand))
            };
            let Some((mv, hand)) = choice else {
                break;
            };
            // The chosen afterstate, looked up in full.
            let (_, pending, gone) = scratch.value_after(&self.net, mv, &mut removed);
            let reward = 1.0 + self.config.line_reward * gone as f32;
            let mut after = state.board().colours().to_vec();
            let (from, to) = (usize::from(mv.from.0), usize::from(mv.to.0));
            after[to] = after[from];
            after[from] = 0;
            for &c in &removed {
                after[usize::from(c)] = 0;
            }
            let mut features = self.net.features(&after, pending);
            features.hand = hand;
            steps.push((features, reward));
            if state.play_quiet(mv).is_err() {
                break;
            }
            moves += 1;
        }
        Played {
            deal,
            steps,
            moves,
            died: state.is_over(),
        }
    }

    /// Move each afterstate of a game towards its λ-return; `died`: the
    /// last one's arrivals filled the board (its target is
    /// [`TrainConfig::death`]); otherwise the last one is not updated.
    fn learn(&mut self, steps: &[(Features, f32)], died: bool) {
        let values: Vec<f32> = steps.iter().map(|(f, _)| self.net.full_value(f)).collect();
        let rewards: Vec<f32> = steps.iter().map(|&(_, r)| r).collect();
        let targets = lambda_returns(&values, &rewards, died, &self.config);
        let end = if died {
            steps.len()
        } else {
            steps.len().saturating_sub(1)
        };
        for t in 0..end {
            self.update(&steps[t].0, targets[t], self.config.alpha);
        }
    }

    /// Move the value of `f` towards `target`: half the step goes to the
    /// free-cell weight (one weight, the strongest single feature, and the
    /// value's offset for a count of free cells), half is shared among the
    /// tuples. With temporal coherence each weight's step is scaled by its
    /// own rate. (An equal share for every weight, tried with a prior,
    /// learned far worse: 43 moves per game after 400 games, 117 after
    /// 7,200.)
    fn update(&mut self, f: &Features, target: f32, alpha: f32) {
        let delta = target - self.net.full_value(f);
        let Some((&free, tuples)) = f.indices.split_last() else {
            return;
        };
        let (step, free_step) = (
            0.5 * alpha * delta / tuples.len().max(1) as f32,
            0.5 * alpha * delta,
        );
        if self.tc_e.is_empty() {
            for &i in tuples {
                self.net.weights[i as usize] += step;
            }
            self.net.weights[free as usize] += free_step;
            return;
        }
        for (&i, share) in tuples
            .iter()
            .map(|i| (i, step))
            .chain(std::iter::once((&free, free_step)))
        {
            let i = i as usize;
            let rate = if self.tc_a[i] > 0.0 {
                self.tc_e[i].abs() / self.tc_a[i]
            } else {
                1.0
            };
            self.net.weights[i] += share * rate;
            self.tc_e[i] += delta;
            self.tc_a[i] += delta.abs();
        }
    }

    /// The checkpoint as bytes: a line naming the format, a line of JSON
    /// (rules, configuration, generator, counters), then the weights as
    /// little-endian `f32`.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = Header {
            rules: self.net.layout.rules,
            config: self.config,
            rng: self.rng.clone(),
            games: self.games,
            moves: self.moves,
            deaths: self.deaths,
            weights: self.net.weights.len(),
        };
        let mut out = format!(
            "{MAGIC}\n{}\n",
            serde_json::to_string(&header).unwrap_or_default()
        )
        .into_bytes();
        out.reserve(self.net.weights.len() * 4 * if self.config.tc { 3 } else { 1 });
        for w in self.net.weights.iter().chain(&self.tc_e).chain(&self.tc_a) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// A run read back from [`Trainer::to_bytes`].
    ///
    /// # Errors
    /// [`CheckpointError::Format`] for anything that is not such a checkpoint.
    pub fn from_bytes(bytes: &[u8]) -> Result<Trainer, CheckpointError> {
        let bad = |why: &str| CheckpointError::Format(why.to_string());
        let mut parts = bytes.splitn(3, |&b| b == b'\n');
        if parts.next() != Some(MAGIC.as_bytes()) {
            return Err(bad("the first line is not the format's name"));
        }
        let json = parts.next().ok_or_else(|| bad("no header"))?;
        let header: Header =
            serde_json::from_slice(json).map_err(|e| CheckpointError::Format(e.to_string()))?;
        let raw = parts.next().unwrap_or_default();
        let mut net = NTuple::with_tuples(header.rules, header.config.tuples)
            .map_err(|e| CheckpointError::Format(e.to_string()))?;
        net.line_reward = header.config.line_reward;
        net.candidates = header.config.candidates;
        net.prior = header.config.prior;
        let arrays = if header.config.tc { 3 } else { 1 };
        let len = net.weights.len();
        if header.weights != len || raw.len() != len * 4 * arrays {
            return Err(bad("the weights are not those of this network"));
        }
        let mut all: Vec<f32> = raw
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let (mut tc_e, mut tc_a) = (Vec::new(), Vec::new());
        if header.config.tc {
            tc_a = all.split_off(2 * len);
            tc_e = all.split_off(len);
        }
        net.weights = all;
        Ok(Trainer {
            net,
            tc_e,
            tc_a,
            config: header.config,
            rng: header.rng,
            games: header.games,
            moves: header.moves,
            deaths: header.deaths,
        })
    }

    /// Write the checkpoint to `path` atomically: to a temporary file
    /// beside it, flushed to disk, then renamed over it.
    ///
    /// # Errors
    /// The file system's error.
    pub fn checkpoint(&self, path: &Path) -> Result<(), CheckpointError> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = std::path::PathBuf::from(tmp);
        {
            let mut file = std::fs::File::create(&tmp)?;
            file.write_all(&self.to_bytes())?;
            file.sync_all()?;
        }
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    /// The run saved at `path`.
    ///
    /// # Errors
    /// The file system's error, or [`CheckpointError::Format`].
    pub fn resume(path: &Path) -> Result<Trainer, CheckpointError> {
        Trainer::from_bytes(&std::fs::read(path)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_share_weights_and_symmetric_windows_share_tables() {
        let layout = Layout::new(Rules::FIVE, TupleSet::Blocks2x3);
        // 9×9, lines of 5: 45 + 45 + 25 + 25 windows; 2 × 56 blocks.
        assert_eq!(layout.tuples.len(), 140 + 112);
        let mut a = vec![0u8; 81];
        let mut b = vec![0u8; 81];
        // The same pattern in other colours: `1 1 . 3 1` and `5 5 . 2 5`.
        for (i, (x, y)) in [(1, 5), (1, 5), (0, 0), (3, 2), (1, 5)].iter().enumerate() {
            a[i] = *x;
            b[i] = *y;
        }
        for t in &layout.tuples {
            assert_eq!(layout.index(t, &a), layout.index(t, &b));
        }
        // The top row's first window and the left column's first window
        // (its image under the transposition) share a table.
        let row = layout.tuples.iter().find(|t| t.cells == [0, 1, 2, 3, 4]);
        let col = layout
            .tuples
            .iter()
            .find(|t| mask_of(&t.cells) == mask_of(&[0, 9, 18, 27, 36]));
        assert_eq!(row.map(|t| t.base), col.map(|t| t.base));
        // So a network values both boards alike.
        let mut net = NTuple::new(Rules::FIVE).unwrap();
        for (i, w) in net.weights.iter_mut().enumerate() {
            *w = (i % 97) as f32 * 0.01;
        }
        let board = |cells: &[u8]| {
            let mut out = Board::empty(9);
            for (i, &c) in cells.iter().enumerate() {
                if c != 0 {
                    out.set(crate::board::Cell(i as u8), c);
                }
            }
            out
        };
        assert_eq!(net.value(&board(&a), 3), net.value(&board(&b), 3));
        assert_ne!(net.value(&board(&a), 3), net.value(&board(&a), 0));
    }

    #[test]
    fn the_incremental_value_of_a_move_is_the_full_value_of_its_afterstate() {
        let mut trainer = Trainer::new(Rules::FIVE, TrainConfig::default()).unwrap();
        for _ in 0..2 {
            trainer.play_game();
        }
        incremental_values_are_full_values(trainer.net(), 31, 5);
    }

    /// Along 60 random moves of `deal` (moves drawn with `seed`), the value
    /// of every move's afterstate from the tuples it changes is the full
    /// value of that afterstate, with the same marbles due.
    fn incremental_values_are_full_values(net: &NTuple, deal: u64, seed: u64) {
        let mut state = State::new(Rules::FIVE, deal).unwrap();
        let mut rng = GameRng::from_seed(seed);
        let mut removed = Vec::new();
        for _ in 0..60 {
            let Some(m) = state.random_move(&mut rng) else {
                break;
            };
            let mut scratch = Scratch::new(net, state.board().colours());
            let (fast, pending, _) = scratch.value_after(net, m, &mut removed);
            let out = crate::apply_on_board(state.board(), state.rules(), m);
            let pending_full = if out.arrivals_needed { 3 } else { 0 };
            assert_eq!(pending, pending_full);
            let full = net.value(&out.board, pending_full);
            assert!((fast - full).abs() < 1e-3, "{fast} {full}");
            state.play(m).unwrap();
        }
        assert!(net.best_move(&state).is_some() || state.is_over());
    }

    #[test]
    fn the_network_picks_among_the_hand_made_evaluations_best_moves() {
        let mut trainer = Trainer::new(
            Rules::FIVE,
            TrainConfig {
                warmup: 1,
                candidates: 3,
                ..TrainConfig::default()
            },
        )
        .unwrap();
        trainer.play_game();
        trainer.play_game();
        let mut state = State::new(Rules::FIVE, 17).unwrap();
        for _ in 0..30 {
            let cands = crate::ai::preselect(&state.view(), 3);
            // The first of the pre-selection is the one-ply hint's move.
            let greedy = crate::ai::hint(
                &state.view(),
                games_common::Budget::nodes(0),
                &games_common::CancelFlag::new(),
            );
            assert_eq!(cands.first().copied(), greedy.best);
            let Some(m) = trainer.net().best_move(&state) else {
                break;
            };
            assert!(cands.contains(&m));
            state.play(m).unwrap();
        }
        // A game that ended with free cells (the last marbles due did not
        // all fit and formed a line) has no move, though the board has
        // free cells and marbles: found among random games.
        let over = (0..3000u64)
            .find_map(|deal| {
                let mut s = State::new(Rules::FIVE, deal).unwrap();
                let mut rng = GameRng::from_seed(deal);
                while let Some(m) = s.random_move(&mut rng) {
                    s.play(m).unwrap();
                }
                (s.board().free_count() > 0).then_some(s)
            })
            .expect("a game that ends with free cells");
        assert!(over.is_over());
        assert_eq!(trainer.net().best_move(&over), None);
    }

    /// The new design's settings (TD(λ), temporal coherence, a prior).
    const NEW_DESIGN: TrainConfig = TrainConfig {
        seed: 10,
        alpha: 0.5,
        gamma: 1.0,
        warmup: 0,
        line_reward: 0.0,
        candidates: 4,
        lambda: 0.5,
        tc: true,
        prior: 2.0,
        death: 0.0,
        tuples: TupleSet::Blocks2x3,
        batch: 1,
    };

    #[test]
    fn the_rank_of_a_block_pattern_is_dense_and_tells_patterns_apart() {
        let layout = Layout::new(Rules::FIVE, TupleSet::Blocks3x3);
        // 9×9: 49 blocks of 3 × 3 beside the 252 tuples of the 2 × 3 set.
        assert_eq!(layout.tuples.len(), 252 + 49);
        let block = layout.tuples.last().unwrap();
        assert!(block.ranked);
        let len = layout.rank[0];
        // Patterns of 9 cells with at most 7 colour labels: Bell(10) =
        // 115,975 with any number of labels, less the 9 + 36 with 8 (one
        // cell free, or two alike) and the 1 with 9.
        assert_eq!(len, 115_975 - 45 - 1);
        assert_eq!(
            layout.len,
            Layout::new(Rules::FIVE, TupleSet::Blocks2x3).len + len as usize
        );
        // Every board of colours 0..=3 on the block's cells: one rank per
        // pattern (colours relabelled in order of first appearance), each
        // below the table's length, and patterns in order get ranks in order.
        let mut board = vec![0u8; 81];
        let mut seen = std::collections::BTreeMap::new();
        for code in 0..4u32.pow(9) {
            let mut x = code;
            for &c in &block.cells {
                board[usize::from(c)] = (x % 4) as u8;
                x /= 4;
            }
            let mut labels = [0u8; 8];
            let mut next = 1;
            let pattern: Vec<u8> = block
                .cells
                .iter()
                .map(|&c| match board[usize::from(c)] {
                    0 => 0,
                    v => {
                        if labels[usize::from(v)] == 0 {
                            labels[usize::from(v)] = next;
                            next += 1;
                        }
                        labels[usize::from(v)]
                    }
                })
                .collect();
            let r = layout.rank(block, &board);
            assert!(r < len);
            assert_eq!(*seen.entry(pattern).or_insert(r), r);
        }
        let ranks: Vec<u32> = seen.values().copied().collect();
        assert!(
            ranks.windows(2).all(|w| w[0] < w[1]),
            "one rank per pattern, in order"
        );
        // Seven colours: the last pattern (every cell a new colour up to the
        // seventh, then the seventh again) has the last rank.
        for (k, &c) in block.cells.iter().enumerate() {
            board[usize::from(c)] = (k as u8 + 1).min(7);
        }
        assert_eq!(layout.rank(block, &board), len - 1);
    }

    #[test]
    fn the_incremental_value_holds_with_3x3_blocks_and_their_networks_round_trip() {
        let config = TrainConfig {
            tuples: TupleSet::Blocks3x3,
            ..NEW_DESIGN
        };
        let mut trainer = Trainer::new(Rules::FIVE, config).unwrap();
        trainer.play_game();
        let net = trainer.net();
        assert_eq!(net.tuple_set(), TupleSet::Blocks3x3);
        incremental_values_are_full_values(net, 8, 2);
        let bytes = net.to_bytes();
        let back = NTuple::from_bytes(&bytes).expect("reads back");
        assert_eq!(back.tuple_set(), TupleSet::Blocks3x3);
        assert_eq!(&back, net);
        // A checkpoint keeps the set too.
        let again = Trainer::from_bytes(&trainer.to_bytes()).unwrap();
        assert_eq!(again, trainer);
        // The header names the set only when it is not the shipped one, so
        // the shipped file's bytes stay what they were.
        assert!(String::from_utf8_lossy(&bytes[..200]).contains("\"tuples\":\"blocks3x3\""));
        assert!(
            !String::from_utf8_lossy(&NTuple::new(Rules::FIVE).unwrap().to_bytes()[..200])
                .contains("tuples")
        );
    }

    #[test]
    fn a_batch_gives_the_same_weights_on_any_number_of_threads() {
        let config = TrainConfig {
            batch: 3,
            ..NEW_DESIGN
        };
        let run = |threads: usize| {
            let mut t = Trainer::new(Rules::FIVE, config).unwrap();
            let games: Vec<TrainGame> = (0..2).flat_map(|_| t.play_batch(threads)).collect();
            (t, games)
        };
        let (one, games) = run(1);
        let (two, games2) = run(2);
        assert_eq!(games.len(), 6);
        assert_eq!(games, games2);
        assert_eq!(one.games(), 6);
        assert_eq!(one.to_bytes(), two.to_bytes());
        assert_eq!(run(5).0.to_bytes(), one.to_bytes());
        // A batch of 1 is a game at a time.
        let mut a = Trainer::new(Rules::FIVE, NEW_DESIGN).unwrap();
        let mut b = Trainer::new(Rules::FIVE, NEW_DESIGN).unwrap();
        for _ in 0..2 {
            let g = a.play_game();
            assert_eq!(b.play_batch(2), vec![g]);
        }
        assert_eq!(a.to_bytes(), b.to_bytes());
        // Games of a batch learn only after the batch: not the same weights
        // as a game at a time.
        let mut c = Trainer::new(Rules::FIVE, NEW_DESIGN).unwrap();
        for _ in 0..6 {
            c.play_game();
        }
        assert_ne!(c.net().weights, one.net().weights);
    }

    #[test]
    fn a_resumed_run_ends_with_the_weights_of_an_uninterrupted_one() {
        // Both learning rules: plain steps and temporal coherence (whose
        // per-weight sums the checkpoint must carry too).
        resumed_run_is_uninterrupted(TrainConfig {
            seed: 9,
            alpha: 0.1,
            gamma: 0.99,
            warmup: 1,
            line_reward: 1.0,
            candidates: 4,
            ..TrainConfig::default()
        });
        resumed_run_is_uninterrupted(NEW_DESIGN);
    }

    #[test]
    fn the_same_seed_gives_the_same_weights_and_another_seed_others() {
        let config = TrainConfig {
            seed: 3,
            ..NEW_DESIGN
        };
        let run = |config: TrainConfig| {
            let mut t = Trainer::new(Rules::FIVE, config).unwrap();
            for _ in 0..2 {
                t.play_game();
            }
            t
        };
        let (a, b) = (run(config), run(config));
        assert_eq!(a.to_bytes(), b.to_bytes());
        assert!(a.net().weights.iter().any(|&w| w != 0.0), "it learned");
        let c = run(TrainConfig { seed: 4, ..config });
        assert_ne!(a.net().weights, c.net().weights);
    }

    #[test]
    fn the_shipped_network_loads_and_round_trips() {
        let net = shipped().expect("the shipped network loads");
        assert_eq!(*net.rules(), Rules::FIVE);
        assert_eq!(net.weights(), NTuple::new(Rules::FIVE).unwrap().weights());
        assert!(net.prior() > 0.0);
        assert!(net.weights.iter().all(|w| w.is_finite()));
        assert!(net.weights.iter().any(|&w| w != 0.0), "trained weights");
        assert_eq!(net.to_bytes(), SHIPPED);
        assert_eq!(NTuple::from_bytes(&net.to_bytes()).as_ref(), Some(net));
        // Not a network, or cut short: refused.
        assert_eq!(NTuple::from_bytes(b"canicas-ntuple-net-v1\n{}\n"), None);
        assert_eq!(NTuple::from_bytes(&SHIPPED[..SHIPPED.len() - 1]), None);
        // It values a board with more free cells, all else equal, more
        // (here: the same marbles plus a scattered few).
        let mut open = vec![0u8; 81];
        let mut full = vec![0u8; 81];
        for i in 0..81 {
            if i % 3 == 0 {
                open[i] = 1 + (i % 7) as u8;
            }
            if i % 3 != 2 {
                full[i] = 1 + (i % 7) as u8;
            }
        }
        let v_open = net.value_cells(&open, 3).unwrap()
            + net.prior() * open.iter().filter(|&&c| c == 0).count() as f32;
        let v_full = net.value_cells(&full, 3).unwrap()
            + net.prior() * full.iter().filter(|&&c| c == 0).count() as f32;
        assert!(v_open > v_full, "{v_open} {v_full}");
    }

    #[test]
    fn td_lambda_targets_are_the_lambda_returns() {
        let values = [10.0, 20.0, 30.0];
        let rewards = [1.0, 2.0, 3.0];
        let config = |lambda: f32, gamma: f32| TrainConfig {
            lambda,
            gamma,
            death: -5.0,
            ..TrainConfig::default()
        };
        // λ = 1, γ = 1: the rewards still to come plus the death value.
        let mc = lambda_returns(&values, &rewards, true, &config(1.0, 1.0));
        assert_eq!(mc, vec![2.0 + 3.0 - 5.0, 3.0 - 5.0, -5.0]);
        // λ = 0: the next reward plus the next value (TD(0)).
        let td0 = lambda_returns(&values, &rewards, true, &config(0.0, 0.5));
        assert_eq!(td0, vec![2.0 + 0.5 * 20.0, 3.0 + 0.5 * 30.0, -5.0]);
        // λ = 0.5, γ = 1, a game stopped at the cap: the last afterstate
        // bootstraps from its own value.
        let half = lambda_returns(&values, &rewards, false, &config(0.5, 1.0));
        let g2 = 30.0;
        let g1 = 3.0 + 0.5 * 30.0 + 0.5 * g2;
        let g0 = 2.0 + 0.5 * 20.0 + 0.5 * g1;
        assert_eq!(half, vec![g0, g1, g2]);
        assert!(lambda_returns(&[], &[], true, &config(0.5, 1.0)).is_empty());
    }

    fn resumed_run_is_uninterrupted(config: TrainConfig) {
        {
            let mut straight = Trainer::new(Rules::FIVE, config).unwrap();
            for _ in 0..4 {
                straight.play_game();
            }
            let dir =
                std::env::temp_dir().join(format!("canicas-ntuple-test-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("ckpt");
            let mut first = Trainer::new(Rules::FIVE, config).unwrap();
            for _ in 0..2 {
                first.play_game();
            }
            first.checkpoint(&path).unwrap();
            drop(first);
            let mut resumed = Trainer::resume(&path).unwrap();
            assert_eq!(resumed.games(), 2);
            for _ in 0..2 {
                resumed.play_game();
            }
            assert_eq!(resumed.to_bytes(), straight.to_bytes());
            assert_eq!(resumed, straight);
            assert!(
                !dir.join("ckpt.tmp").exists(),
                "the temporary file was renamed"
            );
            std::fs::remove_dir_all(&dir).unwrap();
            // Not a checkpoint: a typed error.
            assert!(matches!(
                Trainer::from_bytes(b"something else"),
                Err(CheckpointError::Format(_))
            ));
            let mut cut = straight.to_bytes();
            cut.truncate(cut.len() - 1);
            assert!(matches!(
                Trainer::from_bytes(&cut),
                Err(CheckpointError::Format(_))
            ));
        }
    }
}

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
//! - the number of free cells once the pending arrivals have landed.
//!
//! A tuple's table is indexed by the pattern of its cells under a
//! colour-symmetric encoding: a free cell is 0 and the colours are numbered
//! in order of first appearance along the tuple (so the seven colours share
//! their weights: `1 1 . 3 1` and `5 5 . 2 5` are the same pattern). Windows
//! that one of the board's 8 symmetries maps onto each other share a table
//! (a window's weights depend on where it lies only up to symmetry); all
//! blocks share one table.
//!
//! # Learning
//!
//! Self-play picks, in every position, the legal move whose afterstate has
//! the highest value; after the marbles have landed and the next move has
//! been picked, the previous afterstate's value moves towards `1 + γ ×`
//! the new afterstate's value (0 when the board filled up): the value
//! learns the discounted number of moves the game will still last, and
//! landing cells, hidden under the 1992 rule, are the chance between
//! afterstates. Deals of training games have their top bit set, so deals
//! below 2^63 (those the arena and the tests play) are never trained on.
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
use crate::rules::Rules;
use crate::state::{Move, State};

/// The first line of a checkpoint file.
const MAGIC: &str = "canicas-ntuple-v1";

/// Training games end after this many moves even if the board never fills.
const MAX_GAME_MOVES: u64 = 50_000;

/// One tuple of the network: its cells (in the order of its encoding) and
/// where its table starts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tuple {
    cells: Vec<u8>,
    base: u32,
}

/// The shape of a network: its tuples, tables and the rules it evaluates.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    rules: Rules,
    tuples: Vec<Tuple>,
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

impl Layout {
    fn new(rules: Rules) -> Layout {
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
                    tuples.push(Tuple { cells: image, base });
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
                    tuples.push(Tuple { cells, base });
                    tuples.push(Tuple {
                        cells: transposed,
                        base,
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
            tuples,
            cell_tuples,
            free_base,
            len,
        }
    }

    /// The weight index of tuple `t` on the cells `b`.
    #[inline]
    fn index(&self, t: &Tuple, b: &[u8]) -> u32 {
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
}

/// What the value of an afterstate is made of: the weight of every tuple and
/// of the free cells.
struct Features {
    indices: Vec<u32>,
}

impl NTuple {
    /// A network for `rules` with every weight 0.
    #[must_use]
    pub fn new(rules: Rules) -> NTuple {
        let layout = Layout::new(rules);
        let weights = vec![0.0; layout.len];
        NTuple {
            layout,
            weights,
            line_reward: 0.0,
            candidates: 0,
        }
    }

    /// The rules it evaluates.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.layout.rules
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
        Features { indices }
    }

    fn value_of(&self, f: &Features) -> f32 {
        f.indices
            .iter()
            .map(|&i| self.weights[i as usize])
            .sum::<f32>()
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
        scratch.best(self, state).map(|(m, _)| m)
    }

    /// The moves this network picks from: every legal move, or the best
    /// few of the hand-made evaluation (see [`TrainConfig::candidates`]).
    fn moves_of(&self, state: &State) -> Vec<Move> {
        if state.is_over() {
            // A game can end with free cells (the last marbles due formed a
            // line): no move, though the board has some.
            Vec::new()
        } else if self.candidates == 0 {
            state.legal_moves()
        } else {
            crate::ai::preselect(&state.view(), self.candidates as usize)
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

    /// The best move of `state` and its reward plus afterstate value.
    fn best(&mut self, net: &NTuple, state: &State) -> Option<(Move, f32)> {
        let mut removed = Vec::new();
        let mut best: Option<(Move, f32)> = None;
        for mv in net.moves_of(state) {
            let (v, _, gone) = self.value_after(net, mv, &mut removed);
            let v = v + net.line_reward * gone as f32;
            if best.is_none_or(|(_, bv)| v > bv) {
                best = Some((mv, v));
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
    config: TrainConfig,
    rng: GameRng,
    games: u64,
    moves: u64,
    deaths: u64,
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
    #[must_use]
    pub fn new(rules: Rules, config: TrainConfig) -> Trainer {
        let mut net = NTuple::new(rules);
        net.line_reward = config.line_reward;
        net.candidates = config.candidates;
        Trainer {
            net,
            rng: GameRng::from_seed(config.seed),
            config,
            games: 0,
            moves: 0,
            deaths: 0,
        }
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

    /// Play one self-play game and learn from it.
    pub fn play_game(&mut self) -> TrainGame {
        let deal = self.rng.next_u64() | (1 << 63);
        let rules = self.net.layout.rules;
        let mut state = State::fresh(rules, deal);
        let (alpha, gamma) = (self.config.alpha, self.config.gamma);
        let mut prev: Option<Features> = None;
        let mut moves = 0u64;
        let mut removed = Vec::new();
        let teacher = self.games < self.config.warmup;
        let cancel = games_common::CancelFlag::new();
        while !state.is_over() && moves < MAX_GAME_MOVES {
            let mut scratch = Scratch::new(&self.net, state.board().colours());
            let choice = if teacher {
                crate::ai::hint(&state.view(), games_common::Budget::nodes(0), &cancel).best
            } else {
                scratch.best(&self.net, &state).map(|(m, _)| m)
            };
            let Some(mv) = choice else {
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
            let features = self.net.features(&after, pending);
            let v = self.net.value_of(&features);
            if let Some(p) = prev.take() {
                self.update(&p, reward + gamma * v, alpha);
            }
            prev = Some(features);
            if state.play_quiet(mv).is_err() {
                break;
            }
            moves += 1;
        }
        let died = state.is_over();
        if died {
            if let Some(p) = prev.take() {
                self.update(&p, 0.0, alpha);
            }
            self.deaths += 1;
        }
        self.games += 1;
        self.moves += moves;
        TrainGame { deal, moves, died }
    }

    /// Move the value of `f` towards `target`: half the step goes to the
    /// free-cell weight (one weight, the strongest single feature), half is
    /// shared among the tuples.
    fn update(&mut self, f: &Features, target: f32, alpha: f32) {
        let delta = target - self.net.value_of(f);
        let Some((&free, tuples)) = f.indices.split_last() else {
            return;
        };
        let step = 0.5 * alpha * delta / tuples.len().max(1) as f32;
        for &i in tuples {
            self.net.weights[i as usize] += step;
        }
        self.net.weights[free as usize] += 0.5 * alpha * delta;
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
        out.reserve(self.net.weights.len() * 4);
        for w in &self.net.weights {
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
        header
            .rules
            .validate()
            .map_err(|e| CheckpointError::Format(e.to_string()))?;
        let raw = parts.next().unwrap_or_default();
        let mut net = NTuple::new(header.rules);
        net.line_reward = header.config.line_reward;
        net.candidates = header.config.candidates;
        if header.weights != net.weights.len() || raw.len() != net.weights.len() * 4 {
            return Err(bad("the weights are not those of this network"));
        }
        for (w, b) in net.weights.iter_mut().zip(raw.chunks_exact(4)) {
            *w = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        Ok(Trainer {
            net,
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
        let layout = Layout::new(Rules::FIVE);
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
        let mut net = NTuple::new(Rules::FIVE);
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
        let mut trainer = Trainer::new(Rules::FIVE, TrainConfig::default());
        for _ in 0..2 {
            trainer.play_game();
        }
        let net = trainer.net();
        let mut state = State::new(Rules::FIVE, 31).unwrap();
        let mut rng = GameRng::from_seed(5);
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
        );
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

    #[test]
    fn a_resumed_run_ends_with_the_weights_of_an_uninterrupted_one() {
        let config = TrainConfig {
            seed: 9,
            alpha: 0.1,
            gamma: 0.99,
            warmup: 1,
            line_reward: 1.0,
            candidates: 4,
        };
        let mut straight = Trainer::new(Rules::FIVE, config);
        for _ in 0..4 {
            straight.play_game();
        }
        let dir = std::env::temp_dir().join(format!("canicas-ntuple-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ckpt");
        let mut first = Trainer::new(Rules::FIVE, config);
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

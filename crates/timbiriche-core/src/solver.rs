//! The exact solver.
//!
//! The value of a position is the net points the player to move will make
//! from the boxes still unclaimed, with perfect play by both (in misère:
//! the opponent's points minus the mover's, so higher is still better for
//! the mover). The score so far does not enter, so the value depends only
//! on the set of drawn lines and one table serves every score.
//!
//! Negamax with alpha-beta over drawn-line bit sets, a transposition table
//! of bounds keyed by the drawn lines under the board's symmetries (those
//! that keep every box value in place) and the exchange of a box's border
//! lines (a corner's two outer lines are parallel strings to the ground:
//! only one of them is searched; the same strings-and-coins graph whatever
//! the variant or the values), move ordering (captures, then safe lines
//! from the centre outwards, then sacrifices by size) and, in the normal
//! game only, the capture rules below.
//!
//! # The capture rules, and why they hold for valued boxes
//!
//! Write `V(P)` for the value of position `P` (mover's view), `P+L` for
//! `P` with line `L` drawn, `val(L)` for what drawing `L` is worth to the
//! mover (`k + V(P+L)` if it takes boxes worth `k`, else `−V(P+L)`), and
//! let box B (worth `b`) lack only line L, whose other side is box C (or
//! the border).
//!
//! 1. **Quiet lines beside a capture** (`Solver::quiet_allowed`): a line
//!    X that takes nothing is never better than L, unless X is the far side
//!    F of C when C has exactly two sides. For X ≠ F, L takes the same
//!    boxes (worth `k`) in `P+X` as in `P`, and X takes nothing in `P+L`,
//!    so `val(X) = −V(P+X) ≤ −k − V(P+X+L)` (the rival may answer L) while
//!    `val(L) ≥ k − V(P+L+X)` (L, then X): `2k` more. This needs only
//!    `k > 0`, which holds for any values in the normal game.
//! 2. **Free captures** (`Solver::forced_capture`): L is played at once,
//!    without trying other lines, when C is (a) the border, or closed but
//!    for L (L takes both), or (b) a box with no side drawn none of whose
//!    neighbours is worth more than B. By induction on the undrawn lines,
//!    `val(L) ≥ val(X)` for every X: a quiet X by rule 1; a capture X (worth
//!    `k'`) that is not a side of C leaves B hanging off C as before, so by
//!    induction `V(P+X) = b + V(P+X+L)`, and X takes the same boxes after
//!    L, so `val(L) ≥ b + k' + V(P+L+X) = val(X)`. In case (a) no other line
//!    touches C. In case (b) the one capture left is X = the side C shares
//!    with another box D (worth `d`) that lacks only X: the games after L
//!    and after X are the same graph with B and D exchanged (each hangs off
//!    C by its one open line), differing only in the value `h` of the box
//!    left hanging, `V(P+L) = f(d)`, `V(P+X) = f(b)`. Changing one box's
//!    value by `δ` changes every outcome, hence the value, by at most `|δ|`,
//!    so `val(L) − val(X) = (b − d) − (f(b) − f(d)) ≥ 0` when `b ≥ d`.
//!    Without that condition the rule is wrong: when three boxes hang off
//!    an untouched C, the player who takes the cheapest first loses the
//!    choice of which one to hand over with C in a double-dealing move
//!    (`three_boxes_of_different_values_hanging_off_one_box` in
//!    `tests/oracle.rs`: 5 points instead of 7). With every box worth the
//!    same, (b) always holds.
//! 3. **Boxes all worth 1 only**: a box starting a run of three or more
//!    2-sided boxes is taken at once (the chain rule: taking the first box
//!    keeps both "take all" and "all but two" open), and a position made
//!    only of chains and loops is valued by the endgame formula (see
//!    `Solver::simple_endgame`). Both are off for valued boxes.
//!
//! In misère a capture is worth `k < 0` to the taker, so none of these
//! arguments holds and every line is searched. The brute force of
//! `tests/oracle.rs` checks all of it on random positions, valued and
//! misère ones included.
//!
//! Wilson's recurrence: a line completing boxes worth `k` is worth
//! `k + value(child)` (same player again); any other line `-value(child)`.
//!
//! # The table, and where the time goes
//!
//! The table is exact (whole keys are stored) and split into buckets of
//! four 16-byte entries, one cache line each; a new position takes a free
//! entry of its bucket or else the one with the most drawn lines (the
//! cheapest to search again). On large boards the search waits mostly on
//! the table's cache misses, so the enhanced transposition cutoff, which
//! looks up every child of a node, computes the children's keys first and
//! reads their buckets eight at a time before examining any: the misses
//! overlap instead of following one another. The side counts of the boxes
//! are kept as bit sets by count (`Solver::by_sides`), so the capture
//! rules and the move generator visit only the boxes that matter.

use games_common::{Budget, CancelFlag, SearchControl, SearchStats};
use serde::{Deserialize, Serialize};

use std::collections::HashMap;
use std::time::Duration;

use crate::board::{BoardSize, Line};
use crate::chains::{endgame_value, Comp};
use crate::position::Position;
use crate::symmetry::{symmetries, Symmetry};

const NONE: u8 = crate::board::NO_BOX;

/// Positions with this many undrawn lines or fewer are searched again
/// rather than looked up (cheaper than a cache miss).
const TT_MIN_UNDRAWN: usize = 3;

/// Positions with at least this many undrawn lines look up their children
/// in the table before searching them (enhanced transposition cutoff).
const ETC_MIN_UNDRAWN: usize = 5;

/// Entries of a table bucket (4 × 16 bytes: one cache line). A key may
/// lie in any entry of the bucket its hash picks.
const BUCKET: usize = 4;

/// Children whose table buckets are read together by the enhanced
/// transposition cutoff.
const ETC_BATCH: usize = 8;

/// Bytes of one transposition-table entry.
pub const TABLE_ENTRY_BYTES: usize = 16;

/// The table [`solve`] uses when no size is given: 2^21 entries (32 MiB)
/// at most, fewer for small positions or small node budgets.
const DEFAULT_TABLE_BITS: u32 = 21;

/// How often (in nodes) a progress report is made.
const PROGRESS_EVERY: u64 = 1 << 22;

/// A report on a long solve, given to [`SolveOptions::progress`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes visited so far.
    pub nodes: u64,
    /// Table entries in use.
    pub table_used: usize,
    /// Table entries in all.
    pub table_len: usize,
    /// The value is proven to be at least this.
    pub lower: i32,
    /// The value is proven to be at most this.
    pub upper: i32,
    /// Root moves whose optimality is decided (after the value is proven).
    pub moves_tested: usize,
    /// Time since the solve began.
    pub elapsed: Duration,
}

/// Options of [`solve_with`].
#[derive(Default)]
pub struct SolveOptions<'p> {
    /// Memory for the transposition table in bytes (16 bytes an entry,
    /// rounded down to a power of two, at least 64 KiB), at most what the
    /// position can use: 2^(undrawn − 4) entries (the symmetries alone
    /// divide the 2^undrawn sets of lines by 4 to 8, and a search visits
    /// few of them; a bigger table only costs page faults and cache
    /// misses). `None`: sized from the position and the node budget, at
    /// most 32 MiB.
    pub table_bytes: Option<usize>,
    /// Called about every 4 million nodes with the progress of the solve.
    pub progress: Option<&'p mut dyn FnMut(&Progress)>,
}

impl std::fmt::Debug for SolveOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveOptions")
            .field("table_bytes", &self.table_bytes)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// Table size (log2 of the entries) for `bytes` of memory.
fn table_bits_for_bytes(bytes: usize) -> u32 {
    let entries = (bytes / TABLE_ENTRY_BYTES).max(1 << 12);
    // Largest power of two not above `entries`; at most 2^40 entries.
    (usize::BITS - 1 - entries.leading_zeros()).min(40)
}

/// The most table entries (log2) a position with `undrawn` lines can use
/// (see [`SolveOptions::table_bytes`]), at least 2^12.
fn useful_table_bits(undrawn: usize) -> u32 {
    (undrawn.saturating_sub(4) as u32).max(12)
}

/// The memory a search's table may use when none is given: 32 MiB
/// (2^21 entries of [`TABLE_ENTRY_BYTES`]). The computer player's proofs
/// use it unless [`crate::ai::AiOptions::table_bytes`] says otherwise.
pub const DEFAULT_TABLE_BYTES: usize = TABLE_ENTRY_BYTES << DEFAULT_TABLE_BITS;

/// The default table size for a position and budget: enough for the
/// nodes the budget allows (a bigger table only costs page faults), within
/// 2^12..2^21 entries.
fn default_table_bits(undrawn: usize, budget: Budget) -> u32 {
    table_bits_within(undrawn, budget, DEFAULT_TABLE_BYTES)
}

/// The table size for a position and budget within `limit` bytes: no more
/// entries than the position has lines undrawn (log2) or the node budget
/// can fill, nor than `limit` holds; at least 2^12 entries (64 KiB).
fn table_bits_within(undrawn: usize, budget: Budget, limit: usize) -> u32 {
    let by_board = (undrawn as u32).max(12);
    let by_nodes = budget
        .max_nodes
        .map_or(u32::MAX, |n| (u64::BITS - n.max(1).leading_zeros()).max(12));
    by_board.min(by_nodes).min(table_bits_for_bytes(limit))
}

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The exact value (net points for the player to move from the
    /// unclaimed boxes; see the module docs), `None` when the budget ran
    /// out before it was proven.
    pub value: Option<i32>,
    /// Every optimal move, in line index order, once `complete`; when the
    /// budget ran out after the value was proven, the moves proven optimal
    /// so far.
    pub best_moves: Vec<Line>,
    /// Whether the value and the full list of optimal moves are proven.
    pub complete: bool,
    /// Nodes, time and why the search stopped.
    pub stats: SearchStats,
    /// Bytes of the transposition table the search used: its entries times
    /// [`TABLE_ENTRY_BYTES`] (what [`SolveOptions::table_bytes`] asked
    /// for, capped at what the position can use and halved while the
    /// system refused the memory; 64 bytes of alignment not counted).
    #[serde(default)]
    pub table_bytes: usize,
}

impl Solution {
    /// Nodes visited.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.stats.nodes
    }
}

/// A table slot: the low 64 bits of the key, then `lo` (bits 0..16), `hi`
/// (bits 16..32), a used flag (bit 32) and the key's bits 64..84 (bits
/// 33..53): boards have at most 84 lines, so the key is stored whole and
/// the table is exact. All zero means empty, so the table is allocated
/// zeroed.
type Entry = [u64; 2];

fn pack(key: u128, lo: i32, hi: i32, best: u8) -> Entry {
    let lo = lo.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16;
    let hi = hi.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16;
    let top = ((key >> 64) as u64) & 0xF_FFFF;
    [
        key as u64,
        u64::from(lo) | u64::from(hi) << 16 | 1 << 32 | top << 33 | u64::from(best & 0x7F) << 53,
    ]
}

/// The best move stored with an entry (canonical frame), plus one; 0 for
/// none.
fn entry_best(e: &Entry) -> u8 {
    (e[1] >> 53 & 0x7F) as u8
}

fn unpack(e: &Entry) -> (i32, i32) {
    (
        i32::from(e[1] as u16 as i16),
        i32::from((e[1] >> 16) as u16 as i16),
    )
}

fn matches(e: &Entry, key: u128) -> bool {
    e[1] >> 32 & 1 == 1
        && e[0] == key as u64
        && (e[1] >> 33) & 0xF_FFFF == ((key >> 64) as u64) & 0xF_FFFF
}

fn used(e: &Entry) -> bool {
    e[1] >> 32 & 1 == 1
}

/// Drawn lines of the key stored in an entry.
fn entry_drawn(e: &Entry) -> u32 {
    e[0].count_ones() + ((e[1] >> 33) & 0xF_FFFF).count_ones()
}

/// A search over one position's board and values.
pub(crate) struct Solver<'a> {
    full: u128,
    nl: usize,
    /// The four-side mask of each box (the position's tables).
    box_mask: &'static [u128],
    /// The boxes on either side of each line (the position's tables).
    line_boxes: &'static [[u8; 2]],
    vals: Vec<i32>,
    /// For each box `c`, the neighbours `b` (bit `b`) worth at least as
    /// much as every other neighbour of `c`: a box that may be taken at
    /// once when it hangs off an untouched `c` (see
    /// [`Self::forced_capture`]). Every neighbour in the standard game.
    heaviest: Vec<u64>,
    free_captures: bool,
    /// Whether the chain rule applies (standard game, all boxes worth 1).
    chain_rule: bool,
    /// Centre-outwards rank of each line (lower first).
    rank: Vec<u8>,
    /// The lines in rank order.
    by_rank: Vec<u8>,
    syms: Vec<Symmetry>,
    /// Parallel strings: for each box with two or more undrawn-able
    /// border lines (a corner; every box of a 1×n board), the group of its
    /// border lines and, for `k` of them drawn, the mask of the group's
    /// first `k` lines. See [`parallel_groups`].
    groups: Vec<(u128, [u128; 5])>,
    /// The groups of exactly two lines (first, second), kept apart from
    /// `groups` because they normalise without counting.
    pairs: Vec<(u32, u32)>,
    /// For each line, its parallel group (0 outside groups).
    group_of: Vec<u128>,
    /// `sym_bits[s * nl + l][k]`: the bit that drawing line `l` adds to the
    /// normalised image under symmetry `s` when `k` lines of its parallel
    /// group are drawn already (the image of `l` outside groups; the
    /// `k+1`-th line of the image group inside one).
    sym_bits: Vec<[u128; 4]>,
    /// The normalised images of the drawn lines under each symmetry (see
    /// [`Self::canonical_with`]), by number of drawn lines: the search keeps
    /// the entry of its depth up to date incrementally (one OR per
    /// symmetry a move).
    images: Vec<[u128; 8]>,
    /// A move list buffer for each number of drawn lines.
    move_bufs: Vec<Vec<(usize, i32, u32)>>,
    /// Sides drawn on each box at the node being searched (kept up to
    /// date by [`Self::search_child`]; set at each root by
    /// [`Self::set_root`]).
    cnt: [u8; 64],
    /// The boxes by sides drawn at the node being searched: bit `b` of
    /// `by_sides[k]` is set when box `b` has `k` sides (kept with `cnt`).
    by_sides: [u64; 5],
    /// Lines drawn at the node being searched.
    depth: usize,
    tt: Vec<Entry>,
    tt_mask: usize,
    /// Index of the table's first entry in `tt` (0 or 1, for alignment).
    tt_off: usize,
    control: SearchControl<'a>,
    aborted: bool,
    endgame_memo: HashMap<Vec<Comp>, i32>,
    /// Table entries in use.
    filled: usize,
    progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// Proven bounds on the root value, for progress reports.
    root_bounds: (i32, i32),
    moves_tested: usize,
    /// Nodes between two progress reports.
    progress_every: u64,
}

fn mix(key: u128) -> u64 {
    let lo = key as u64;
    let hi = (key >> 64) as u64;
    let mut h = lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h
}

impl<'a> Solver<'a> {
    pub(crate) fn new(pos: &Position, budget: Budget, cancel: &'a CancelFlag) -> Solver<'a> {
        let bits = default_table_bits(pos.num_undrawn(), budget);
        Solver::with_table_bits(pos, budget, cancel, bits)
    }

    /// A solver whose table has `2^bits` entries.
    pub(crate) fn with_table_bits(
        pos: &Position,
        budget: Budget,
        cancel: &'a CancelFlag,
        bits: u32,
    ) -> Solver<'a> {
        let size = pos.size();
        let nl = size.num_lines();
        let misere = pos.is_misere();
        let vals: Vec<i32> = pos
            .values()
            .iter()
            .map(|&v| if misere { -i32::from(v) } else { i32::from(v) })
            .collect();
        let geometry = size.geometry();
        let box_mask = geometry.box_mask.get(..size.num_boxes()).unwrap_or(&[]);
        let line_boxes = geometry.line_boxes.get(..nl).unwrap_or(&[]);
        // No more entries than positions (2^undrawn), and whatever memory
        // the system grants (halving until an allocation succeeds).
        // Small tables come zeroed from the allocator without being touched.
        let mut bits = bits.min((pos.num_undrawn() as u32).max(12));
        // A bucket more than the table, so that the buckets (64 bytes) can
        // start on a 64-byte boundary and each lies in one cache line.
        let tt: Vec<Entry> = if bits <= 24 {
            vec![[0u64; 2]; (1usize << bits) + BUCKET]
        } else {
            let mut tt = Vec::new();
            while tt.try_reserve_exact((1usize << bits) + BUCKET).is_err() && bits > 24 {
                bits -= 1;
            }
            tt.resize((1usize << bits) + BUCKET, [0u64; 2]);
            tt
        };
        let tt_len = 1usize << bits;
        let line = BUCKET * std::mem::size_of::<Entry>();
        let tt_off = (line - tt.as_ptr() as usize % line) % line / std::mem::size_of::<Entry>();
        let (all_groups, group_of) = parallel_groups(size);
        let (two, groups): (Vec<_>, Vec<_>) = all_groups
            .into_iter()
            .partition(|(g, _)| g.count_ones() == 2);
        let pairs = two
            .iter()
            .map(|(g, _)| (g.trailing_zeros(), 127 - g.leading_zeros()))
            .collect();
        let syms = symmetries(size, &vals);
        let sym_bits = syms
            .iter()
            .flat_map(|s| {
                let group_of = &group_of;
                (0..nl).map(move |l| {
                    let mut image_group = 0u128;
                    for m in 0..nl {
                        if group_of[l] >> m & 1 == 1 {
                            image_group |= 1u128 << s.perm[m];
                        }
                    }
                    let mut bits = [1u128 << s.perm[l]; 4];
                    for bit in bits.iter_mut() {
                        if image_group != 0 {
                            *bit = image_group & image_group.wrapping_neg();
                            image_group &= image_group - 1;
                        }
                    }
                    bits
                })
            })
            .collect();
        let heaviest = heaviest_neighbours(line_boxes, &vals, box_mask.len());
        let rank = centre_rank(size);
        let mut by_rank = vec![0u8; nl];
        for (l, &r) in rank.iter().enumerate() {
            by_rank[usize::from(r)] = l as u8;
        }
        Solver {
            full: size.all_lines_mask(),
            heaviest,
            nl,
            box_mask,
            line_boxes,
            free_captures: !misere,
            chain_rule: !misere && pos.values().iter().all(|&v| v == 1),
            by_rank,
            rank,
            syms,
            groups,
            pairs,
            group_of,
            sym_bits,
            images: vec![[0; 8]; nl + 2],
            move_bufs: vec![Vec::new(); nl + 2],
            cnt: [0; 64],
            by_sides: [0; 5],
            depth: 0,
            vals,
            tt,
            tt_mask: tt_len - 1,
            tt_off,
            control: SearchControl::new(budget, cancel),
            aborted: false,
            endgame_memo: HashMap::new(),
            filled: 0,
            progress: None,
            root_bounds: (i32::MIN, i32::MAX),
            moves_tested: 0,
            progress_every: PROGRESS_EVERY,
        }
    }

    /// Report progress to `f` every [`PROGRESS_EVERY`] nodes.
    pub(crate) fn set_progress(&mut self, f: &'a mut dyn FnMut(&Progress)) {
        self.progress = Some(f);
    }

    fn report(&mut self) {
        let p = Progress {
            nodes: self.control.nodes(),
            table_used: self.filled,
            table_len: self.tt_mask + 1,
            lower: self.root_bounds.0,
            upper: self.root_bounds.1,
            moves_tested: self.moves_tested,
            elapsed: self.control.stats().elapsed,
        };
        if let Some(f) = self.progress.as_mut() {
            f(&p);
        }
    }

    #[inline]
    fn sides(&self, drawn: u128, b: u8) -> u32 {
        (drawn & self.box_mask[usize::from(b)]).count_ones()
    }

    /// Points (signed) and count of boxes line `l` completes, and the
    /// count of boxes it gives a 3rd side, at the node being searched.
    #[inline]
    fn completion(&self, drawn: u128, l: usize) -> (i32, u32, u32) {
        debug_assert!(self.line_boxes[l]
            .iter()
            .all(|&b| b == NONE || u32::from(self.cnt[usize::from(b)]) == self.sides(drawn, b)));
        let mut k = 0;
        let mut n = 0;
        let mut third = 0;
        for &b in &self.line_boxes[l] {
            if b != NONE {
                match self.cnt[usize::from(b)] {
                    3 => {
                        k += self.vals[usize::from(b)];
                        n += 1;
                    }
                    2 => third += 1,
                    _ => {}
                }
            }
        }
        (k, n, third)
    }

    fn canonical(&self, drawn: u128) -> u128 {
        self.canonical_with(drawn).0
    }

    /// The canonical key and the index of the symmetry that gives it: the
    /// least image under the board's symmetries, each with its parallel
    /// strings normalised (see [`parallel_groups`]).
    fn canonical_with(&self, drawn: u128) -> (u128, usize) {
        let mut best = (self.normalise(drawn), 0);
        for (i, s) in self.syms.iter().enumerate().skip(1) {
            let img = self.normalise(s.apply(drawn));
            if img < best.0 {
                best = (img, i);
            }
        }
        best
    }

    /// Set the images of `drawn` (at its depth) and the side counts from
    /// scratch, before a search from `drawn`.
    fn set_root(&mut self, drawn: u128) {
        self.by_sides = [0; 5];
        for b in 0..self.box_mask.len() {
            let k = self.sides(drawn, b as u8) as u8;
            self.cnt[b] = k;
            self.by_sides[usize::from(k)] |= 1 << b;
        }
        let d = drawn.count_ones() as usize;
        self.depth = d;
        let mut imgs = [0u128; 8];
        for (img, s) in imgs.iter_mut().zip(&self.syms) {
            *img = self.normalise(s.apply(drawn));
        }
        self.images[d] = imgs;
    }

    /// Set the images of `drawn | l` (one deeper) from those of `drawn`.
    #[inline]
    fn push_images(&mut self, drawn: u128, l: usize) {
        let d = self.depth;
        let g = self.group_of[l];
        let k = if g == 0 {
            0
        } else {
            (drawn & g).count_ones() as usize
        };
        let n = self.syms.len();
        let mut imgs = self.images[d];
        for (s, img) in imgs.iter_mut().enumerate().take(n) {
            *img |= self.sym_bits[s * self.nl + l][k.min(3)];
        }
        self.images[d + 1] = imgs;
    }

    /// The canonical key of `drawn | l` from the images of `drawn` (at the
    /// current depth).
    #[inline]
    fn child_key(&self, drawn: u128, l: usize) -> u128 {
        let g = self.group_of[l];
        let k = if g == 0 {
            0
        } else {
            (drawn & g).count_ones() as usize
        };
        let imgs = &self.images[self.depth];
        let mut best = u128::MAX;
        for (s, &img) in imgs.iter().enumerate().take(self.syms.len()) {
            best = best.min(img | self.sym_bits[s * self.nl + l][k.min(3)]);
        }
        best
    }

    /// [`Self::canonical_with`] from the images kept at depth `d`.
    #[inline]
    fn canonical_at(&self, d: usize) -> (u128, usize) {
        let imgs = &self.images[d];
        let mut best = (imgs[0], 0);
        for (i, &img) in imgs.iter().enumerate().take(self.syms.len()).skip(1) {
            if img < best.0 {
                best = (img, i);
            }
        }
        best
    }

    /// Search the child `drawn | l` (keeping the images up to date).
    #[inline]
    fn search_child(&mut self, drawn: u128, l: usize, alpha: i32, beta: i32, rem: i32) -> i32 {
        self.push_images(drawn, l);
        let [x, y] = self.line_boxes[l];
        for b in [x, y] {
            if b != NONE {
                let k = usize::from(self.cnt[usize::from(b)]);
                self.by_sides[k] ^= 1 << b;
                self.by_sides[k + 1] ^= 1 << b;
                self.cnt[usize::from(b)] += 1;
            }
        }
        self.depth += 1;
        let v = self.search(drawn | 1u128 << l, alpha, beta, rem);
        self.depth -= 1;
        for b in [x, y] {
            if b != NONE {
                self.cnt[usize::from(b)] -= 1;
                let k = usize::from(self.cnt[usize::from(b)]);
                self.by_sides[k] ^= 1 << b;
                self.by_sides[k + 1] ^= 1 << b;
            }
        }
        v
    }

    /// `drawn` with the drawn lines of each parallel group moved to the
    /// group's first lines: an isomorphic strings-and-coins graph.
    #[inline]
    fn normalise(&self, mut drawn: u128) -> u128 {
        // Pairs (the corners): move a drawn second line to the first.
        for &(p, q) in &self.pairs {
            let t = (drawn >> q & !(drawn >> p)) & 1;
            drawn ^= t << q | t << p;
        }
        for (g, prefix) in &self.groups {
            let k = (drawn & g).count_ones() as usize;
            drawn = (drawn & !g) | prefix[k];
        }
        drawn
    }

    /// The line the search plays for `l`: the first undrawn line of its
    /// parallel group (`l` itself outside groups, or when none is undrawn).
    #[inline]
    fn representative(&self, drawn: u128, l: usize) -> usize {
        let open = self.group_of.get(l).map_or(0, |g| g & !drawn);
        if open == 0 {
            l
        } else {
            open.trailing_zeros() as usize
        }
    }

    /// A capture that is always optimal to make at once (normal game; the
    /// proofs are rules 2 and 3 of the module docs):
    ///
    /// 1. the line touches no other open box, or closes it too, or the other
    ///    box has no side drawn and no neighbour worth more than the box
    ///    taken ([`Self::heaviest`]): the rival could take the box after
    ///    any other move, and with unequal values the condition keeps the
    ///    choice of which box hanging off the other one to hand over.
    /// 2. (boxes all worth 1) the box starts a run of at least three boxes
    ///    (the next two have exactly 2 sides): the chain rule, taking the
    ///    first box keeps both "take all" and "all but two" open.
    fn forced_capture(&self, drawn: u128) -> Option<(usize, i32)> {
        for (b, l, other) in self.capturable(drawn) {
            let take = if other == NONE {
                true
            } else {
                match self.cnt[usize::from(other)] {
                    3 => true,
                    0 => self.heaviest[usize::from(other)] >> b & 1 == 1,
                    2 if self.chain_rule => self.long_run_from(drawn, b, l, other),
                    _ => false,
                }
            };
            if take {
                let (k, _, _) = self.completion(drawn, l);
                return Some((l, k));
            }
        }
        None
    }

    /// Each box with three sides at the node being searched: the box, its
    /// open line and the box across that line ([`NONE`] for the border).
    #[inline]
    fn capturable(&self, drawn: u128) -> impl Iterator<Item = (usize, usize, u8)> + use<'_, 'a> {
        let mut three = self.by_sides[3];
        std::iter::from_fn(move || {
            if three == 0 {
                return None;
            }
            let b = three.trailing_zeros() as usize;
            three &= three - 1;
            let l = (self.box_mask[b] & !drawn).trailing_zeros() as usize;
            let [x, y] = self.line_boxes[l];
            Some((b, l, if usize::from(x) == b { y } else { x }))
        })
    }

    /// Whether taking box `b` through line `l` starts a run of at least
    /// three boxes that does not end in another capturable box (an opened
    /// loop or a chain opened in the middle keeps its "all but four"
    /// option only if the first box is not taken blindly).
    fn long_run_from(&self, drawn: u128, b: usize, l: usize, second: u8) -> bool {
        let mut len = 2;
        let mut prev_line = l;
        let mut cur = second;
        let mut steps = 0;
        loop {
            steps += 1;
            if steps > 40 {
                return false;
            }
            let far = self.box_mask[usize::from(cur)] & !drawn & !(1u128 << prev_line);
            if far.count_ones() != 1 {
                return false;
            }
            let f = far.trailing_zeros() as usize;
            if f >= self.nl {
                return false;
            }
            let [p, q] = self.line_boxes[f];
            let next = if p == cur { q } else { p };
            if next == NONE {
                return len >= 3;
            }
            if usize::from(next) == b {
                return false;
            }
            match self.sides(drawn, next) {
                2 => {
                    len += 1;
                    prev_line = f;
                    cur = next;
                }
                3 => return false,
                _ => return len >= 3,
            }
        }
    }

    /// The exact value of a simple loony endgame: nothing to take, no safe
    /// line, every open box with exactly two sides, so every group is a
    /// chain (of any length, both ends on the ground) or a loop of 4+
    /// (boxes worth 1, standard game). Then the player to move must open a
    /// group and the rival either takes it all or keeps control with
    /// all-but-two (four for a loop); a chain of one or two boxes is taken
    /// whole (a 2-chain opened in the middle leaves two free boxes, which
    /// the opener prefers to the half-hearted handout).
    fn simple_endgame(&mut self, drawn: u128) -> Option<i32> {
        let nb = self.box_mask.len();
        if self.by_sides[0] | self.by_sides[1] | self.by_sides[3] != 0 {
            return None;
        }
        let open = self.by_sides[2];
        let mut comps: Vec<(bool, u32)> = Vec::new();
        let mut seen: u64 = 0;
        for start in 0..nb {
            if open >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut stack = vec![start];
            seen |= 1u64 << start;
            let (mut n, mut ground) = (0u32, 0u32);
            while let Some(b) = stack.pop() {
                n += 1;
                let mut free = self.box_mask[b] & !drawn;
                while free != 0 {
                    let l = free.trailing_zeros() as usize;
                    free &= free - 1;
                    let [x, y] = self.line_boxes[l];
                    let o = if usize::from(x) == b { y } else { x };
                    if o == NONE {
                        ground += 1;
                    } else if seen >> o & 1 == 0 {
                        seen |= 1u64 << o;
                        stack.push(usize::from(o));
                    }
                }
            }
            match ground {
                0 if n >= 4 => comps.push((true, n)),
                2 => comps.push((false, n)),
                _ => return None,
            }
        }
        Some(endgame_value(&comps, 1, &mut self.endgame_memo))
    }

    /// Boxes the opponent could take in a row after a sacrifice that leaves
    /// `drawn` (the node's lines and `l`), starting from the boxes line `l`
    /// gave a 3rd side.
    fn give_size(&self, drawn: u128, l: usize) -> u32 {
        let mut total = 0;
        let mut d = drawn;
        // Side counts of `d`: the node's, plus the lines drawn since.
        let mut cnt = self.cnt;
        for &b in &self.line_boxes[l] {
            if b != NONE {
                cnt[usize::from(b)] += 1;
            }
        }
        for &start in &self.line_boxes[l] {
            if start == NONE {
                continue;
            }
            let mut b = start;
            let mut steps = 0;
            while cnt[usize::from(b)] == 3 && steps < 40 {
                steps += 1;
                let missing = self.box_mask[usize::from(b)] & !d;
                let m = missing.trailing_zeros() as usize;
                if m >= self.nl {
                    break;
                }
                d |= 1u128 << m;
                total += 1;
                let [x, y] = self.line_boxes[m];
                for o in [x, y] {
                    if o != NONE {
                        cnt[usize::from(o)] += 1;
                    }
                }
                let next = if x == b { y } else { x };
                if next == NONE {
                    break;
                }
                b = next;
            }
        }
        total
    }

    /// Index of the first entry of `key`'s bucket in `tt`.
    #[inline]
    fn bucket(&self, key: u128) -> usize {
        (mix(key) as usize & self.tt_mask & !(BUCKET - 1)) + self.tt_off
    }

    fn probe(&self, key: u128) -> Option<(i32, i32, u8)> {
        let h = self.bucket(key);
        self.tt[h..h + BUCKET]
            .iter()
            .find(|e| matches(e, key))
            .map(|e| {
                let (lo, hi) = unpack(e);
                (lo, hi, entry_best(e))
            })
    }

    fn store(&mut self, key: u128, lo: i32, hi: i32, best: u8) {
        let h = self.bucket(key);
        // Same key: merge the bounds.
        for e in &mut self.tt[h..h + BUCKET] {
            if matches(e, key) {
                let (olo, ohi) = unpack(e);
                *e = pack(key, olo.max(lo), ohi.min(hi), best);
                return;
            }
        }
        // The newcomer takes a free slot, or else the slot of the position
        // farthest from the root (most drawn lines: the smallest search to
        // redo), the first such in the bucket.
        let mut idx = h;
        let mut deepest = 0;
        for (i, e) in self.tt[h..h + BUCKET].iter().enumerate() {
            if !used(e) {
                idx = h + i;
                self.filled += 1;
                break;
            }
            let d = entry_drawn(e);
            if d > deepest {
                deepest = d;
                idx = h + i;
            }
        }
        self.tt[idx] = pack(key, lo, hi, best);
    }

    /// Ordered moves: (line, points, boxes completed).
    fn moves(&mut self, drawn: u128) -> Vec<(usize, i32, u32)> {
        self.set_root(drawn);
        self.moves_within(drawn, u128::MAX)
    }

    /// The quiet (non-capturing) lines worth searching. In the standard
    /// game, when box B can be taken through line L, every quiet line X is
    /// strictly worse than "L, then X" (after X the rival could take B the
    /// same way), except the far side F of the box beyond L when that box
    /// has exactly 2 sides (the double-dealing line, which turns the
    /// capture into a gift). So only lines that are that F for every
    /// capturable box survive.
    fn quiet_allowed(&self, drawn: u128) -> u128 {
        if !self.free_captures {
            return u128::MAX;
        }
        let mut allowed = u128::MAX;
        for (_, l, other) in self.capturable(drawn) {
            let mask = if other != NONE && self.cnt[usize::from(other)] == 2 {
                self.box_mask[usize::from(other)] & !drawn & !(1u128 << l)
            } else {
                0
            };
            allowed &= mask;
        }
        allowed
    }

    fn moves_within(&self, drawn: u128, quiet_ok: u128) -> Vec<(usize, i32, u32)> {
        let mut out = Vec::with_capacity(self.nl);
        self.moves_into(drawn, quiet_ok, &mut out);
        out
    }

    /// [`Self::moves_within`] into `out` (a buffer reused at each depth):
    /// captures, then safe lines (no box gets a 3rd side), each from the
    /// centre outwards, then sacrifices by the size of the gift (in the
    /// standard game; by rank alone in misère, where the walk costs more
    /// than the order gains) and from the centre outwards. The classes come
    /// from the boxes' side counts as bit sets, and one walk over the lines
    /// in rank order fills them, so only the sacrifices are sorted.
    fn moves_into(&self, drawn: u128, quiet_ok: u128, out: &mut Vec<(usize, i32, u32)>) {
        let free = self.full & !drawn;
        let union = |mut boxes: u64| {
            let mut lines = 0u128;
            while boxes != 0 {
                lines |= self.box_mask[boxes.trailing_zeros() as usize];
                boxes &= boxes - 1;
            }
            lines
        };
        let mut capture = union(self.by_sides[3]);
        let mut gift = union(self.by_sides[2]);
        capture &= free;
        let quiet = free & !capture & quiet_ok;
        gift &= quiet;
        let safe = quiet & !gift;
        let mut safe_list = [0u8; 128];
        let mut safe_len = 0;
        // Sacrifices: the gift's size, the rank and the line, as one key.
        let mut gift_list = [0u32; 128];
        let mut gift_len = 0;
        out.clear();
        for &l in &self.by_rank {
            let l = usize::from(l);
            let bit = 1u128 << l;
            if (capture | quiet) & bit == 0 || self.group_of[l] & !drawn & (bit - 1) != 0 {
                // Drawn, left out, or a parallel string with an undrawn one
                // before it (the same move up to isomorphism).
                continue;
            }
            if capture & bit != 0 {
                let (k, n, _) = self.completion(drawn, l);
                out.push((l, k, n));
            } else if safe & bit != 0 {
                safe_list[safe_len] = l as u8;
                safe_len += 1;
            } else {
                let give = if self.free_captures {
                    self.give_size(drawn | bit, l)
                } else {
                    0
                };
                gift_list[gift_len] = give << 16 | u32::from(self.rank[l]) << 8 | l as u32;
                gift_len += 1;
            }
        }
        out.extend(
            safe_list[..safe_len]
                .iter()
                .map(|&l| (usize::from(l), 0, 0)),
        );
        let gifts = &mut gift_list[..gift_len];
        gifts.sort_unstable();
        out.extend(gifts.iter().map(|&key| ((key & 0xFF) as usize, 0, 0)));
    }

    /// Negamax value of `drawn` within (`alpha`, `beta`), fail-soft.
    /// `rem` bounds the absolute value (points still open).
    pub(crate) fn search(&mut self, drawn: u128, mut alpha: i32, mut beta: i32, rem: i32) -> i32 {
        if drawn == self.full || rem == 0 {
            // No points left: nothing more can change the value.
            return 0;
        }
        if !self.control.tick() {
            self.aborted = true;
            return 0;
        }
        if self.progress.is_some() && self.control.nodes() % self.progress_every == 0 {
            self.report();
        }
        if self.free_captures {
            if let Some((l, k)) = self.forced_capture(drawn) {
                return k + self.search_child(drawn, l, alpha - k, beta - k, rem - k.abs());
            }
        }
        if self.chain_rule {
            if let Some(v) = self.simple_endgame(drawn) {
                return v;
            }
        }
        if alpha >= rem {
            return rem;
        }
        if beta <= -rem {
            return -rem;
        }
        debug_assert_eq!(self.depth, drawn.count_ones() as usize);
        let use_tt = self.nl - self.depth > TT_MIN_UNDRAWN;
        let (key_here, sym) = if use_tt {
            let ks = self.canonical_at(self.depth);
            debug_assert_eq!(ks, self.canonical_with(drawn));
            ks
        } else {
            (0, 0)
        };
        let (mut lo, mut hi) = (-rem, rem);
        let mut hint_line = usize::MAX;
        if let Some((l, h, bm)) = if use_tt { self.probe(key_here) } else { None } {
            if bm > 0 {
                let l = self.syms[sym].inv[usize::from(bm - 1)];
                hint_line = self.representative(drawn, l);
            }
            lo = lo.max(l);
            hi = hi.min(h);
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (a0, b0) = (alpha, beta);
        let mut best = i32::MIN;
        let quiet_ok = self.quiet_allowed(drawn);
        let d = self.depth;
        let mut moves = std::mem::take(&mut self.move_bufs[d]);
        self.moves_into(drawn, quiet_ok, &mut moves);
        if let Some(i) = moves.iter().position(|&(l, _, _)| l == hint_line) {
            moves[..=i].rotate_right(1);
        }
        // The best each move can be worth, from its child's table entry.
        let mut upper = [i32::MAX; 128];
        if use_tt && self.nl - d >= ETC_MIN_UNDRAWN {
            // Enhanced transposition cutoff: a child whose stored bound
            // already refutes this node ends it before any search.
            // The children's buckets are read eight at a time before any
            // is examined, so that their cache misses overlap.
            for (c, chunk) in moves.chunks(ETC_BATCH).enumerate() {
                let mut keys = [0u128; ETC_BATCH];
                let mut buckets = [[[0u64; 2]; BUCKET]; ETC_BATCH];
                for (key, &(l, _, _)) in keys.iter_mut().zip(chunk) {
                    *key = self.child_key(drawn, l);
                }
                for (b, &key) in buckets.iter_mut().zip(&keys).take(chunk.len()) {
                    let h = self.bucket(key);
                    b.copy_from_slice(&self.tt[h..h + BUCKET]);
                }
                for (i, &(l, k, n)) in chunk.iter().enumerate() {
                    let Some(e) = buckets[i].iter().find(|e| matches(e, keys[i])) else {
                        continue;
                    };
                    let (clo, chi) = unpack(e);
                    let (v, ub) = if n > 0 {
                        (k + clo, k + chi)
                    } else {
                        (-chi, -clo)
                    };
                    upper[c * ETC_BATCH + i] = ub;
                    if v >= beta {
                        self.move_bufs[d] = moves;
                        let bm = self.syms[sym].perm.get(l).map_or(0, |&c| c as u8 + 1);
                        self.store(key_here, v, hi, bm);
                        return v;
                    }
                }
            }
        }
        let mut best_line = usize::MAX;
        let mut i = 0;
        while i < moves.len() {
            let (l, k, n) = moves[i];
            i += 1;
            if upper[i - 1] <= alpha {
                // Known not to beat alpha: its bound is all it adds.
                if upper[i - 1] > best {
                    best = upper[i - 1];
                    best_line = l;
                }
                continue;
            }
            let v = if n > 0 {
                let r = rem - k.abs();
                k + self.search_child(drawn, l, alpha - k, beta - k, r)
            } else {
                -self.search_child(drawn, l, -beta, -alpha, rem)
            };
            if self.aborted {
                self.move_bufs[d] = moves;
                return 0;
            }
            if v > best {
                best = v;
                best_line = l;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.move_bufs[d] = moves;
        let (nlo, nhi) = if best <= a0 {
            (lo, best)
        } else if best >= b0 {
            (best, hi)
        } else {
            (best, best)
        };
        if use_tt {
            let bm = self.syms[sym]
                .perm
                .get(best_line)
                .map_or(0, |&c| c as u8 + 1);
            self.store(key_here, nlo, nhi, bm);
        }
        best
    }

    /// Exact value by MTD(f): null-window searches from `guess` until the
    /// bounds meet (the table keeps the bounds between passes).
    pub(crate) fn mtdf(&mut self, drawn: u128, guess: i32, rem: i32) -> i32 {
        let (mut lower, mut upper) = (-rem, rem);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            self.root_bounds = (lower, upper);
            let beta = if g == lower { g + 1 } else { g };
            self.set_root(drawn);
            g = self.search(drawn, beta - 1, beta, rem);
            if self.aborted {
                return 0;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        self.root_bounds = (g, g);
        g
    }

    /// Exact value of a root move's child from the root player's view,
    /// tested against `target`: returns a value `>= target` iff the move
    /// achieves `target`.
    fn test_move(&mut self, drawn: u128, l: usize, target: i32, rem: i32) -> i32 {
        self.set_root(drawn);
        let (k, n, _) = self.completion(drawn, l);
        if n > 0 {
            let r = rem - k.abs();
            k + self.search_child(drawn, l, target - 1 - k, target - k, r)
        } else {
            -self.search_child(drawn, l, -target, -target + 1, rem)
        }
    }

    /// Root search: value and the first best move in search order.
    pub(crate) fn best_move(&mut self, drawn: u128, rem: i32) -> Option<(i32, usize)> {
        let mut alpha = -rem - 1;
        let beta = rem + 1;
        let mut best: Option<(i32, usize)> = None;
        self.set_root(drawn);
        for (l, k, n) in self.moves(drawn) {
            let v = if n > 0 {
                let r = rem - k.abs();
                k + self.search_child(drawn, l, alpha - k, beta - k, r)
            } else {
                -self.search_child(drawn, l, -beta, -alpha, rem)
            };
            if self.aborted {
                return None;
            }
            if best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, l));
                alpha = alpha.max(v);
            }
        }
        best
    }

    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    pub(crate) fn stats(&self) -> SearchStats {
        self.control.stats()
    }

    /// Bytes of the table's entries.
    pub(crate) fn table_bytes(&self) -> usize {
        (self.tt_mask + 1) * TABLE_ENTRY_BYTES
    }
}

/// The parallel strings of `size`: in the strings-and-coins picture a
/// box's border lines (lines with no box on the other side) all join the
/// box to the ground, so drawing one or another of them gives isomorphic
/// games, whatever the variant or the box values. Returns, for each box
/// with at least two border lines (the corners; every box of a 1×n
/// board), the group's mask and its prefix masks (`prefix[k]` = the
/// group's `k` lowest lines), and for each line its group's mask (0
/// outside groups).
fn parallel_groups(size: BoardSize) -> (Vec<(u128, [u128; 5])>, Vec<u128>) {
    let geometry = size.geometry();
    let nl = size.num_lines();
    let mut groups = Vec::new();
    let mut group_of = vec![0u128; nl];
    for b in 0..size.num_boxes() {
        let lines: Vec<usize> = (0..nl)
            .filter(|&l| {
                let [x, y] = geometry.line_boxes[l];
                (usize::from(x) == b && y == NONE) || (usize::from(y) == b && x == NONE)
            })
            .collect();
        if lines.len() < 2 {
            continue;
        }
        let mut mask = 0u128;
        let mut prefix = [0u128; 5];
        for (i, &l) in lines.iter().enumerate() {
            mask |= 1u128 << l;
            prefix[i + 1] = mask;
        }
        for &l in &lines {
            group_of[l] = mask;
        }
        groups.push((mask, prefix));
    }
    (groups, group_of)
}

/// For each box `c` (of `num_boxes`), the bit set of its neighbours worth
/// at least as much (by `vals`) as each of its other neighbours.
fn heaviest_neighbours(line_boxes: &[[u8; 2]], vals: &[i32], num_boxes: usize) -> Vec<u64> {
    let mut neighbours = vec![0u64; num_boxes];
    for &[x, y] in line_boxes {
        if x != NONE && y != NONE {
            neighbours[usize::from(x)] |= 1 << y;
            neighbours[usize::from(y)] |= 1 << x;
        }
    }
    neighbours
        .iter()
        .map(|&n| {
            let top = (0..num_boxes)
                .filter(|&b| n >> b & 1 == 1)
                .map(|b| vals[b])
                .max()
                .unwrap_or(0);
            (0..num_boxes)
                .filter(|&b| n >> b & 1 == 1 && vals[b] == top)
                .fold(0, |m, b| m | 1 << b)
        })
        .collect()
}

/// Lines ranked from the centre of the board outwards.
fn centre_rank(size: BoardSize) -> Vec<u8> {
    let (r, c) = (i32::from(size.rows()), i32::from(size.cols()));
    let mut idx: Vec<(i32, usize)> = (0..size.num_lines())
        .map(|i| {
            let d = size.line_at(i).map_or(0, |l| {
                // Midpoint in half units, distance from centre (r, c).
                let (a, b) = l.dots();
                let y = i32::from(a.row) + i32::from(b.row);
                let x = i32::from(a.col) + i32::from(b.col);
                (2 * y - 2 * r).abs() + (2 * x - 2 * c).abs()
            });
            (d, i)
        })
        .collect();
    idx.sort_unstable();
    let mut rank = vec![0u8; size.num_lines()];
    for (pos, &(_, i)) in idx.iter().enumerate() {
        rank[i] = pos as u8;
    }
    rank
}

fn remaining_abs(pos: &Position) -> i32 {
    pos.remaining_points() as i32
}

/// Solve `position` exactly: its value and **all** optimal moves.
///
/// The value is found with a full window; each move is then tested with a
/// null window against it. When the budget or `cancel` stops the search,
/// `value` is `None` (or the moves list is partial) and `complete` is
/// false.
///
/// ```
/// use timbiriche_core::{solve, BoardSize, Budget, CancelFlag, Position};
///
/// let pos = Position::standard(BoardSize::new(2, 2).unwrap());
/// let s = solve(&pos, Budget::UNLIMITED, &CancelFlag::new());
/// assert_eq!(s.value, Some(2));
/// assert_eq!(s.best_moves.len(), 8); // the 8 outer lines
/// ```
#[must_use]
pub fn solve(position: &Position, budget: Budget, cancel: &CancelFlag) -> Solution {
    solve_with(position, budget, cancel, SolveOptions::default())
}

/// [`solve`] with a chosen table size and a progress report.
///
/// ```
/// use timbiriche_core::{solve_with, BoardSize, Budget, CancelFlag, Position, SolveOptions};
///
/// let pos = Position::standard(BoardSize::new(2, 3).unwrap());
/// let mut reports = 0;
/// let mut count = |_: &timbiriche_core::solver::Progress| reports += 1;
/// let options = SolveOptions {
///     table_bytes: Some(1 << 20),
///     progress: Some(&mut count),
/// };
/// let s = solve_with(&pos, Budget::UNLIMITED, &CancelFlag::new(), options);
/// assert_eq!(s.value, Some(-2));
/// ```
#[must_use]
pub fn solve_with(
    position: &Position,
    budget: Budget,
    cancel: &CancelFlag,
    options: SolveOptions<'_>,
) -> Solution {
    let bits = options.table_bytes.map_or_else(
        || default_table_bits(position.num_undrawn(), budget),
        |bytes| table_bits_for_bytes(bytes).min(useful_table_bits(position.num_undrawn())),
    );
    let mut s = Solver::with_table_bits(position, budget, cancel, bits);
    if let Some(f) = options.progress {
        s.set_progress(f);
    }
    let drawn = position.drawn_bits();
    let rem = remaining_abs(position);
    let size = position.size();
    if position.is_over() {
        return Solution {
            value: Some(0),
            best_moves: Vec::new(),
            complete: true,
            stats: s.stats(),
            table_bytes: s.table_bytes(),
        };
    }
    let v = s.mtdf(drawn, 0, rem);
    if s.aborted() {
        return Solution {
            value: None,
            best_moves: Vec::new(),
            complete: false,
            stats: s.stats(),
            table_bytes: s.table_bytes(),
        };
    }
    // Moves whose children are symmetric have the same value: test one
    // move per class (the first in index order) and share its verdict.
    let mut verdicts: Vec<(u128, bool)> = Vec::new();
    let mut best = Vec::new();
    for l in 0..size.num_lines() {
        if drawn >> l & 1 == 1 {
            continue;
        }
        let class = s.canonical(drawn | 1u128 << l);
        let optimal = match verdicts.iter().find(|(c, _)| *c == class) {
            Some(&(_, o)) => o,
            None => {
                let t = s.test_move(drawn, l, v, rem);
                if s.aborted() {
                    break;
                }
                verdicts.push((class, t >= v));
                s.moves_tested += 1;
                t >= v
            }
        };
        if optimal {
            if let Some(line) = size.line_at(l) {
                best.push(line);
            }
        }
    }
    let complete = !s.aborted();
    Solution {
        value: Some(v),
        best_moves: best,
        complete,
        stats: s.stats(),
        table_bytes: s.table_bytes(),
    }
}

/// The value of `position` and one optimal move (cheaper than [`solve`],
/// which lists them all), or `None` when the budget ran out first.
#[must_use]
pub fn solve_one(
    position: &Position,
    budget: Budget,
    cancel: &CancelFlag,
) -> (Option<(i32, Line)>, SearchStats) {
    if position.is_over() {
        let s = Solver::new(position, budget, cancel);
        return (None, s.stats());
    }
    let mut s = Solver::new(position, budget, cancel);
    let r = s
        .best_move(position.drawn_bits(), remaining_abs(position))
        .and_then(|(v, l)| position.size().line_at(l).map(|line| (v, line)));
    (r, s.stats())
}

/// Prove the value of `position` and an optimal move, keeping `preferred`
/// (a line index) when it is optimal: `(value, line index, preferred was
/// optimal)`, or `None` when the budget ran out. The table uses at most
/// `table_bytes` (see [`table_bits_within`]).
pub(crate) fn prove_preferring(
    position: &Position,
    preferred: usize,
    budget: Budget,
    cancel: &CancelFlag,
    table_bytes: usize,
) -> (Option<(i32, usize, bool)>, SearchStats) {
    let bits = table_bits_within(position.num_undrawn(), budget, table_bytes);
    let mut s = Solver::with_table_bits(position, budget, cancel, bits);
    let drawn = position.drawn_bits();
    let rem = remaining_abs(position);
    if position.is_over() {
        return (None, s.stats());
    }
    let v = s.mtdf(drawn, 0, rem);
    if s.aborted() {
        return (None, s.stats());
    }
    if drawn >> preferred & 1 == 0 && preferred < position.size().num_lines() {
        let t = s.test_move(drawn, preferred, v, rem);
        if s.aborted() {
            return (None, s.stats());
        }
        if t >= v {
            return (Some((v, preferred, true)), s.stats());
        }
    }
    for (l, _, _) in s.moves(drawn) {
        let t = s.test_move(drawn, l, v, rem);
        if s.aborted() {
            return (None, s.stats());
        }
        if t >= v {
            return (Some((v, l, false)), s.stats());
        }
    }
    (None, s.stats())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_lines;

    #[test]
    fn the_default_limit_gives_the_default_table_sizes() {
        // `table_bits_within` with 32 MiB is the old rule: undrawn lines
        // and the node budget's bits, each within 2^12..2^21 entries.
        for undrawn in [0, 5, 12, 20, 21, 24, 40, 84] {
            for nodes in [
                None,
                Some(1),
                Some(5_000),
                Some(1 << 20),
                Some(2_000_000),
                Some(u64::MAX),
            ] {
                let budget = Budget {
                    max_nodes: nodes,
                    max_time: None,
                };
                let by_board = (undrawn as u32).clamp(12, 21);
                let old = nodes.map_or(by_board, |n: u64| {
                    by_board.min((u64::BITS - n.max(1).leading_zeros()).clamp(12, 21))
                });
                assert_eq!(
                    default_table_bits(undrawn, budget),
                    old,
                    "{undrawn} {nodes:?}"
                );
            }
        }
        // A smaller limit caps the table; a larger one lets a large budget
        // use more, never more than the position's lines.
        let big = Budget::nodes(1 << 30);
        assert_eq!(table_bits_within(40, big, 1 << 20), 16);
        assert_eq!(table_bits_within(40, big, 1 << 30), 26);
        assert_eq!(table_bits_within(20, big, 1 << 30), 20);
        assert_eq!(table_bits_within(40, big, 0), 12);
    }

    fn value(p: &Position) -> i32 {
        solve(p, Budget::UNLIMITED, &CancelFlag::new())
            .value
            .unwrap()
    }

    #[test]
    fn one_by_one_is_minus_one() {
        let p = Position::standard(BoardSize::new(1, 1).unwrap());
        let s = solve(&p, Budget::UNLIMITED, &CancelFlag::new());
        assert_eq!(s.value, Some(-1));
        assert_eq!(s.best_moves.len(), 4);
        assert!(s.complete);
    }

    #[test]
    fn two_by_two_is_plus_two_with_only_the_outer_lines() {
        let p = Position::standard(BoardSize::new(2, 2).unwrap());
        let s = solve(&p, Budget::UNLIMITED, &CancelFlag::new());
        assert_eq!(s.value, Some(2));
        let size = p.size();
        let outer: Vec<Line> = size
            .lines()
            .filter(|&l| size.line_boxes(l).len() == 1)
            .collect();
        assert_eq!(s.best_moves, outer);
    }

    #[test]
    fn two_by_three_is_minus_two() {
        let p = Position::standard(BoardSize::new(2, 3).unwrap());
        assert_eq!(value(&p), -2);
        let q = Position::standard(BoardSize::new(3, 2).unwrap());
        assert_eq!(value(&q), -2);
    }

    #[test]
    fn value_ignores_the_score_so_far() {
        let s = BoardSize::new(2, 2).unwrap();
        let a =
            Position::from_lines(s, &parse_lines(s, "a1-b1,a1-a2,b1-b2,a2-b2").unwrap()).unwrap();
        // After the capture the mover (who took a box) moves again.
        assert_eq!(a.points(a.to_move()), 1);
        let v = value(&a);
        assert!(v.abs() <= 3);
    }

    #[test]
    fn progress_reports_nodes_table_fill_and_bounds_that_close_on_the_value() {
        let p = Position::standard(BoardSize::SMALL);
        let cancel = CancelFlag::new();
        let mut seen: Vec<Progress> = Vec::new();
        let mut record = |r: &Progress| seen.push(*r);
        let mut s = Solver::with_table_bits(&p, Budget::UNLIMITED, &cancel, 16);
        s.progress_every = 10_000;
        s.set_progress(&mut record);
        let v = s.mtdf(p.drawn_bits(), 0, 9);
        drop(s);
        assert_eq!(v, -3);
        assert!(seen.len() > 10, "{}", seen.len());
        for w in seen.windows(2) {
            assert!(w[0].nodes < w[1].nodes);
            assert!(w[0].table_used <= w[1].table_used);
        }
        for r in &seen {
            assert_eq!(r.table_len, 1 << 16);
            assert!(r.table_used > 0 && r.table_used <= r.table_len);
            assert!(r.lower <= -3 && -3 <= r.upper, "{r:?}");
        }
    }

    #[test]
    fn a_table_size_changes_nothing_but_the_speed() {
        let p = Position::standard(BoardSize::new(2, 3).unwrap());
        let cancel = CancelFlag::new();
        let want = solve(&p, Budget::UNLIMITED, &cancel);
        for bytes in [0, 1 << 16, 1 << 20, 1 << 26] {
            let options = SolveOptions {
                table_bytes: Some(bytes),
                progress: None,
            };
            let s = solve_with(&p, Budget::UNLIMITED, &cancel, options);
            assert_eq!(s.value, want.value);
            assert_eq!(s.best_moves, want.best_moves);
            // The table really allocated: 2^12 entries at least, 2^13 at
            // most for 17 undrawn lines, whatever was asked.
            let entries = if bytes < 1 << 20 { 1 << 12 } else { 1 << 13 };
            assert_eq!(s.table_bytes, entries * TABLE_ENTRY_BYTES, "{bytes}");
        }
        // Without a size: 2^undrawn entries at most.
        assert_eq!(want.table_bytes, (1 << 17) * TABLE_ENTRY_BYTES);
        // No more than 2^(undrawn - 4) entries (3×3: 2^20, 16 MiB).
        assert_eq!(useful_table_bits(24), 20);
        assert_eq!(useful_table_bits(10), 12);
        assert_eq!(table_bits_for_bytes(0), 12);
        assert_eq!(table_bits_for_bytes(1 << 20), 16);
        assert_eq!(table_bits_for_bytes((1 << 20) + 5), 16);
    }

    /// The two border lines of a corner box are one move and give one table
    /// key (2×3 has no diagonal symmetry that would map one onto the other).
    #[test]
    fn a_corner_s_two_border_lines_are_one_move_and_one_key() {
        let size = BoardSize::new(2, 3).unwrap();
        let p = Position::standard(size);
        let cancel = CancelFlag::new();
        let mut s = Solver::new(&p, Budget::UNLIMITED, &cancel);
        // 17 lines, one of each corner's pair left out.
        assert_eq!(size.num_lines(), 17);
        assert_eq!(s.moves(0).len(), 13);
        let line = |t: &str| size.line_index(parse_lines(size, t).unwrap()[0]).unwrap();
        let (top, left) = (line("a1-b1"), line("a1-a2"));
        assert_eq!(s.canonical(1 << top), s.canonical(1 << left));
        let (mid, inner) = (line("b1-c1"), line("b1-b2"));
        assert_ne!(s.canonical(1 << mid), s.canonical(1 << inner));
        // With another line drawn: still the same key.
        let other = line("c2-c3");
        assert_eq!(
            s.canonical(1 << top | 1 << other),
            s.canonical(1 << left | 1 << other)
        );
    }

    /// Chains of one and two boxes are part of the simple endgame: a 3-chain,
    /// a 2-chain and a 1-chain (2×3) is worth −2 to the player who must
    /// open one (open the 1-chain; the brute force agrees in
    /// `tests/oracle.rs`).
    #[test]
    fn short_chains_are_in_the_simple_endgame() {
        let size = BoardSize::new(2, 3).unwrap();
        let lines = "a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2,a3-b3,c2-c3";
        let p = Position::from_lines(size, &parse_lines(size, lines).unwrap()).unwrap();
        let cancel = CancelFlag::new();
        let mut s = Solver::new(&p, Budget::UNLIMITED, &cancel);
        s.set_root(p.drawn_bits());
        assert_eq!(s.simple_endgame(p.drawn_bits()), Some(-2));
        assert_eq!(value(&p), -2);
    }

    #[test]
    fn budget_stops_the_search() {
        let p = Position::standard(BoardSize::SMALL);
        let s = solve(&p, Budget::nodes(100), &CancelFlag::new());
        assert_eq!(s.value, None);
        assert!(!s.complete);
        assert_eq!(s.stats.stop, games_common::StopReason::NodeLimit);
        let c = CancelFlag::new();
        c.cancel();
        let t = solve(&p, Budget::UNLIMITED, &c);
        assert!(!t.complete);
        assert_eq!(t.stats.stop, games_common::StopReason::Cancelled);
    }
}

//! The static evaluation: a compact board for the AI and its features.
//!
//! The evaluation counts free cells and rewards single-colour windows (runs
//! of cells in one of the four directions) by the marbles they hold. The
//! windows are as long as the line the player plans: the minimum line for
//! five in a row, one more than the minimum when it is shorter ([`plan_length`]).
//! Four in a row rarely fills the board, so there the score is what a
//! player plays for, and a line of `n` scores `n × (n − m + 1) × 2`: a line
//! of five scores 20 for five marbles, a line of four 8 for four. Planning
//! lines of five and valuing each point scored ([`Weights::points`]) took
//! the search from 3.57 to about 6 points per move (README).

use crate::board::{Board, Geometry, MAX_CELLS};
use crate::rules::Rules;

/// The windows (runs of `min_line` cells in one of the four directions)
/// of a board, and which windows hold each cell.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub windows: Vec<u128>,
    /// For each cell, the indices of the windows holding it.
    pub cell_windows: Vec<Vec<u16>>,
    pub geom: Geometry,
    pub size: usize,
    pub min_line: u32,
    /// The rules (for the points of a line: [`Rules::line_points`]).
    pub rules: Rules,
    /// The length of the windows ([`plan_length`]).
    pub window: u32,
    /// For each cell, the cells sharing a window with it.
    pub near: Vec<u128>,
    /// Windows holding both cells of a pair: those of `(i, j)` are
    /// `shared[shared_start[i * cells + j]..shared_start[i * cells + j + 1]]`.
    shared_start: Vec<u32>,
    shared: Vec<u16>,
}

impl Tables {
    pub fn new(rules: &Rules) -> Tables {
        let size = usize::from(rules.size);
        let m = plan_length(rules);
        let mut windows = Vec::new();
        let dirs: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for (dr, dc) in dirs {
            for r in 0..size as isize {
                for c in 0..size as isize {
                    let mut mask = 0u128;
                    let mut ok = true;
                    for i in 0..m as isize {
                        let (rr, cc) = (r + dr * i, c + dc * i);
                        if rr < 0 || cc < 0 || rr >= size as isize || cc >= size as isize {
                            ok = false;
                            break;
                        }
                        mask |= 1u128 << (rr as usize * size + cc as usize);
                    }
                    if ok {
                        windows.push(mask);
                    }
                }
            }
        }
        let cells = size * size;
        let mut cell_windows = vec![Vec::new(); cells];
        for (i, w) in windows.iter().enumerate() {
            for (cell, list) in cell_windows.iter_mut().enumerate() {
                if w & (1u128 << cell) != 0 {
                    list.push(i as u16);
                }
            }
        }
        let near = cell_windows
            .iter()
            .map(|list| list.iter().fold(0u128, |m, &wi| m | windows[wi as usize]))
            .collect();
        // Windows per ordered pair of cells, by counting then placing.
        let mut shared_start = vec![0u32; cells * cells + 1];
        for &w in &windows {
            each_pair(w, cells, |p| shared_start[p + 1] += 1);
        }
        for p in 0..cells * cells {
            shared_start[p + 1] += shared_start[p];
        }
        let mut shared = vec![0u16; shared_start[cells * cells] as usize];
        let mut fill = shared_start.clone();
        for (wi, &w) in windows.iter().enumerate() {
            each_pair(w, cells, |p| {
                shared[fill[p] as usize] = wi as u16;
                fill[p] += 1;
            });
        }
        Tables {
            near,
            shared_start,
            shared,
            windows,
            cell_windows,
            geom: Geometry::of(rules.size),
            size,
            min_line: u32::from(rules.min_line),
            rules: *rules,
            window: m as u32,
        }
    }

    /// The windows holding both cell `i` and cell `j`.
    #[inline]
    pub fn shared(&self, i: usize, j: usize) -> &[u16] {
        let p = i * self.size * self.size + j;
        &self.shared[self.shared_start[p] as usize..self.shared_start[p + 1] as usize]
    }
}

/// Call `visit(i * cells + j)` for every ordered pair of distinct cells
/// `i`, `j` of the window `w`.
fn each_pair(w: u128, cells: usize, mut visit: impl FnMut(usize)) {
    let mut a = w;
    while a != 0 {
        let i = a.trailing_zeros() as usize;
        a &= a - 1;
        let mut b = w & !(1u128 << i);
        while b != 0 {
            let j = b.trailing_zeros() as usize;
            b &= b - 1;
            visit(i * cells + j);
        }
    }
}

/// A board for the AI: colour per cell, occupied mask and a mask per colour.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fast {
    pub cells: [u8; MAX_CELLS],
    pub occ: u128,
    pub colour: [u128; 10],
}

impl Fast {
    pub fn from_board(board: &Board) -> Fast {
        let mut f = Fast {
            cells: [0; MAX_CELLS],
            occ: 0,
            colour: [0; 10],
        };
        for (i, &c) in board.colours().iter().enumerate() {
            if c != 0 {
                f.set(i, c);
            }
        }
        f
    }

    #[inline]
    pub fn set(&mut self, i: usize, c: u8) {
        self.cells[i] = c;
        self.occ |= 1u128 << i;
        self.colour[usize::from(c)] |= 1u128 << i;
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        let c = self.cells[i];
        self.cells[i] = 0;
        self.occ &= !(1u128 << i);
        self.colour[usize::from(c)] &= !(1u128 << i);
    }

    #[inline]
    pub fn free(&self, t: &Tables) -> u128 {
        t.geom.all & !self.occ
    }

    /// The mask of the line cells through `i` (runs of at least
    /// `min_line` of its colour), 0 when none, and the points those lines
    /// score (each line counts apart, a shared marble in both).
    pub fn lines_mask(&self, t: &Tables, i: usize) -> (u128, u32) {
        let (mut mask, mut points) = (0u128, 0u32);
        self.lines_through(t, i, |run, len| {
            mask |= run;
            points += t.rules.line_points(len);
        });
        (mask, points)
    }

    /// The lines through any of the cells of `placed` (arrivals, placed
    /// together): the mask of their cells and their points, each line
    /// counted once however many of those cells it holds, as the rules
    /// count the lines of arrivals.
    pub fn lines_of_arrivals(&self, t: &Tables, placed: u128) -> (u128, u32) {
        let (mut mask, mut points) = (0u128, 0u32);
        // A line is one run of one direction: its cells tell it apart.
        // At most four lines pass through each arrival.
        let mut seen = [0u128; 4 * crate::rules::MAX_ARRIVALS as usize];
        let mut n = 0;
        let mut m = placed;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.lines_through(t, i, |run, len| {
                if !seen[..n].contains(&run) {
                    if n < seen.len() {
                        seen[n] = run;
                        n += 1;
                    }
                    mask |= run;
                    points += t.rules.line_points(len);
                }
            });
        }
        (mask, points)
    }

    /// Hand `found` each line through `i`: its cells and its length.
    fn lines_through(&self, t: &Tables, i: usize, mut found: impl FnMut(u128, u8)) {
        let c = self.cells[i];
        if c == 0 {
            return;
        }
        let size = t.size as isize;
        let (r0, c0) = ((i / t.size) as isize, (i % t.size) as isize);
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            let mut run = 1u128 << i;
            let mut len = 1;
            for sign in [1isize, -1] {
                let (mut r, mut cc) = (r0 + dr * sign, c0 + dc * sign);
                while r >= 0 && cc >= 0 && r < size && cc < size {
                    let j = (r * size + cc) as usize;
                    if self.cells[j] != c {
                        break;
                    }
                    run |= 1u128 << j;
                    len += 1;
                    r += dr * sign;
                    cc += dc * sign;
                }
            }
            if len >= t.min_line {
                found(run, len as u8);
            }
        }
    }
}

/// The length of the lines the evaluation plans (the length of its
/// windows): the minimum line, or one more when the minimum is under five
/// (four in a row), as long as the board holds it.
pub(crate) fn plan_length(rules: &Rules) -> usize {
    let m = usize::from(rules.min_line);
    if m < 5 {
        (m + 1).min(usize::from(rules.size))
    } else {
        m
    }
}

/// [`Weights::points`] where points count (four in a row): a point is
/// worth 7.5 free cells (3,000 / 400), so the score, not the cells a line
/// frees, decides between lines (two crossing lines of four free seven
/// cells for 16 points, a line of five five cells for 20). Tuned on deals
/// 1–4: 1,000 and 10,000 gave within 2 % of this in points per move, 300
/// gave 4.5 instead of 6.1 (`docs/benchmarks/canicas-four.md`).
const POINT_VALUE: i64 = 3000;

/// Weights of the evaluation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// Per free cell.
    pub free: i64,
    /// Potential of a single-colour window holding k marbles (k = 0: an
    /// empty window).
    pub pot: [i64; 12],
    /// Per free-space component beyond the first.
    pub components: i64,
    /// Per marble with no free neighbour.
    pub boxed: i64,
    /// Per line that can be completed in one move.
    pub ready: i64,
    /// Per line two moves from complete (see [`near_lines`]).
    pub two_away: i64,
    /// Per point scored by a line the searched moves form (0 for five in
    /// a row, where surviving is the game: its figures are deaths).
    pub points: i64,
}

impl Weights {
    /// The weights (tuned by the arena on the five variant).
    pub fn for_rules(rules: &Rules) -> Weights {
        let mut pot = [0i64; 12];
        pot[0] = 1;
        // Geometric growth (2, 10, 50, 250, …) up to a window less one marble.
        let mut v = 2i64;
        for p in pot.iter_mut().take(plan_length(rules)).skip(1) {
            *p = v;
            v = v.saturating_mul(5);
        }
        Weights {
            free: 400,
            pot,
            components: 0,
            boxed: 10,
            ready: 350,
            two_away: 70,
            points: if rules.min_line < 5 { POINT_VALUE } else { 0 },
        }
    }
}

/// Potential of one window.
#[inline]
pub(crate) fn window_pot(f: &Fast, w: u128, wt: &Weights) -> i64 {
    window_colour(f, w).map_or(0, |(_, k)| wt.pot[k])
}

/// The colour of window `w` and its number of marbles: `(0, 0)` when it is
/// empty, `None` when it holds more than one colour.
#[inline]
fn window_colour(f: &Fast, w: u128) -> Option<(usize, usize)> {
    let o = w & f.occ;
    if o == 0 {
        return Some((0, 0));
    }
    let c = usize::from(f.cells[o.trailing_zeros() as usize]);
    (w & f.colour[c] == o).then(|| (c, o.count_ones() as usize))
}

/// Total window potential of a board.
pub(crate) fn potential(f: &Fast, t: &Tables, wt: &Weights) -> i64 {
    t.windows.iter().map(|&w| window_pot(f, w, wt)).sum()
}

/// The shape of the free space: components beyond the first and
/// boxed-in marbles.
pub(crate) fn shape(f: &Fast, t: &Tables, wt: &Weights) -> i64 {
    let free = f.free(t);
    let mut comps = 0i64;
    if wt.components != 0 {
        let mut rest = free;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let comp = t.geom.flood(seed, free);
            rest &= !comp;
            comps += 1;
        }
    }
    let boxed = (f.occ & !t.geom.neighbours(free)).count_ones();
    -wt.components * (comps - 1).max(0) - wt.boxed * i64::from(boxed)
}

/// Lines near completion: `.0` counts the lines that can be completed in
/// one move (single-colour windows with one hole that a marble of that
/// colour from outside the window can reach; a hole counts once), `.1` the
/// lines two moves away (single-colour windows with two holes, each
/// reachable by a marble of that colour from outside the window, and at
/// least two such marbles).
pub(crate) fn near_lines(f: &Fast, t: &Tables) -> (i64, i64) {
    let free = f.free(t);
    let mut comp_of = [0u8; MAX_CELLS];
    let mut borders = [0u128; 64];
    let mut n = 0usize;
    let mut rest = free;
    while rest != 0 && n < borders.len() {
        let seed = rest & rest.wrapping_neg();
        let comp = t.geom.flood(seed, free);
        rest &= !comp;
        borders[n] = t.geom.neighbours(comp) & f.occ;
        let mut m = comp;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            comp_of[i] = n as u8;
        }
        n += 1;
    }
    let mut ready = 0u128;
    let (mut one, mut two) = (0, 0);
    for &w in &t.windows {
        let o = w & f.occ;
        let marbles = o.count_ones();
        if o == 0 || marbles + 2 < t.window {
            continue;
        }
        let c = f.cells[o.trailing_zeros() as usize];
        let cm = f.colour[usize::from(c)];
        if w & cm != o {
            continue;
        }
        let mut holes = w & free;
        if marbles + 1 == t.window {
            if ready & holes != 0 {
                continue;
            }
            let h = holes.trailing_zeros() as usize;
            if borders[usize::from(comp_of[h])] & cm & !w != 0 {
                ready |= holes;
                one += 1;
            }
        } else {
            let mut supply = 0u128;
            let mut ok = true;
            while holes != 0 {
                let h = holes.trailing_zeros() as usize;
                holes &= holes - 1;
                let b = borders[usize::from(comp_of[h])] & cm & !w;
                ok &= b != 0;
                supply |= b;
            }
            if ok && supply.count_ones() >= 2 {
                two += 1;
            }
        }
    }
    (one, two)
}

/// The full evaluation of a board (no pending arrivals): free cells, the
/// potential of single-colour windows, lines ready to be completed, and
/// the shape of the free space.
pub(crate) fn evaluate(f: &Fast, t: &Tables, wt: &Weights) -> i64 {
    wt.free * i64::from(f.free(t).count_ones())
        + potential(f, t, wt)
        + {
            let (one, two) = near_lines(f, t);
            wt.ready * one + wt.two_away * two
        }
        + shape(f, t, wt)
}

/// Potential of window `w` if a marble of colour `c` is added on the free
/// cell `bit`.
#[inline]
pub(crate) fn window_pot_add(f: &Fast, w: u128, bit: u128, c: u8, wt: &Weights) -> i64 {
    let o = (w & f.occ) | bit;
    if (w & f.colour[usize::from(c)]) | bit != o {
        return 0;
    }
    wt.pot[o.count_ones() as usize]
}

/// Potential of window `w` if the marble on `bit` leaves.
#[inline]
pub(crate) fn window_pot_remove(f: &Fast, w: u128, bit: u128, wt: &Weights) -> i64 {
    let o = w & f.occ & !bit;
    if o == 0 {
        return wt.pot[0];
    }
    let c = f.cells[o.trailing_zeros() as usize];
    if w & f.colour[usize::from(c)] & !bit != o {
        return 0;
    }
    wt.pot[o.count_ones() as usize]
}

/// Per-cell deltas of the window potential: adding a colour on a free cell,
/// taking a marble off its cell. Deltas of a move `from → to` are the sum
/// of the two (exact but for windows holding both cells).
pub(crate) struct Deltas {
    /// `add[c][cell]`: potential gained by a marble of colour `c` on `cell`.
    pub add: [[i64; MAX_CELLS]; 10],
    /// `line[c][cell]`: marbles a line would remove when colour `c` lands on
    /// `cell` (0 when no line forms).
    pub line: [[u8; MAX_CELLS]; 10],
    /// `rem[cell]`: potential gained when the marble on `cell` leaves.
    pub rem: [i64; MAX_CELLS],
}

impl Deltas {
    pub fn new() -> Deltas {
        Deltas {
            add: [[0; MAX_CELLS]; 10],
            line: [[0; MAX_CELLS]; 10],
            rem: [0; MAX_CELLS],
        }
    }

    /// Fill the tables for the colours in `colours` (a bit per colour) on
    /// the free cells `free`, and for the marbles `movable`.
    pub fn fill(
        &mut self,
        f: &Fast,
        t: &Tables,
        wt: &Weights,
        colours: u16,
        free: u128,
        movable: u128,
    ) {
        let mut scratch = *f;
        let mut m = free;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            // One pass over the windows through the cell: an empty window
            // becomes a one-marble window of any colour; a window of one
            // colour grows for that colour only and is spoilt by any other;
            // a mixed window is worth nothing before and after.
            let mut base = 0i64;
            let mut any = 0i64;
            let mut own = [0i64; 10];
            for &wi in &t.cell_windows[i] {
                match window_colour(f, t.windows[wi as usize]) {
                    None => {}
                    Some((0, _)) => {
                        base += wt.pot[0];
                        any += wt.pot[1];
                    }
                    Some((c, k)) => {
                        base += wt.pot[k];
                        own[c] += wt.pot[k + 1];
                    }
                }
            }
            for c in 1..10u8 {
                if colours & (1 << c) == 0 {
                    continue;
                }
                self.add[usize::from(c)][i] = any + own[usize::from(c)] - base;
                // A line needs min_line - 1 marbles of the colour nearby.
                let nearby = (t.near[i] & f.colour[usize::from(c)]).count_ones();
                self.line[usize::from(c)][i] = if nearby + 1 >= t.min_line {
                    scratch.set(i, c);
                    let (mask, _) = scratch.lines_mask(t, i);
                    scratch.clear(i);
                    mask.count_ones() as u8
                } else {
                    0
                };
            }
        }
        let mut m = movable;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let bit = 1u128 << i;
            let d: i64 = t.cell_windows[i]
                .iter()
                .map(|&wi| {
                    let w = t.windows[wi as usize];
                    window_pot_remove(f, w, bit, wt) - window_pot(f, w, wt)
                })
                .sum();
            self.rem[i] = d;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::board_from_text;

    /// `near_lines` of a board given by its top rows (the rest free).
    fn near(rows: &[&str]) -> (i64, i64) {
        let mut text = rows.concat();
        text.push_str(&".".repeat(81 - text.len()));
        let board = board_from_text(&text).unwrap();
        let t = Tables::new(&Rules::FIVE);
        near_lines(&Fast::from_board(&board), &t)
    }

    #[test]
    fn a_line_two_moves_away_needs_two_marbles_that_can_reach_its_holes() {
        // Three 1s on the top row (a1-c1), holes d1 and e1; two more 1s
        // below can reach them through the free cells.
        let two = near(&["111......", ".........", "1.1......"]);
        assert!(two.1 >= 1, "{two:?}");
        assert_eq!(two.0, 0);
        // Only one 1 outside the row: no line two moves away on that row.
        let one_supply = near(&[
            "111......",
            ".........",
            "..2......",
            ".........",
            ".........",
            ".........",
            ".........",
            "........1",
        ]);
        assert_eq!(one_supply.1, 0, "{one_supply:?}");
        // Two 1s walled in by 2s: they cannot reach the holes.
        let walled = near(&[
            "111......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "....23423",
            "....31.1.",
        ]);
        assert_eq!(walled.1, 0, "{walled:?}");
    }

    #[test]
    fn shared_windows_are_those_holding_both_cells() {
        for rules in [Rules::FIVE, Rules::FOUR] {
            let t = Tables::new(&rules);
            let cells = t.size * t.size;
            for i in 0..cells {
                for j in 0..cells {
                    let both = (1u128 << i) | (1u128 << j);
                    let want: Vec<u16> = (0..t.windows.len() as u16)
                        .filter(|&wi| i != j && t.windows[wi as usize] & both == both)
                        .collect();
                    let mut got = t.shared(i, j).to_vec();
                    got.sort_unstable();
                    assert_eq!(got, want, "cells {i} and {j}");
                }
            }
        }
    }

    #[test]
    fn a_ready_line_counts_once_per_hole() {
        // Four 1s with hole e1 and a 1 that can reach it: one ready line.
        let ready = near(&[
            "1111.....",
            ".........",
            ".........",
            ".........",
            "........1",
        ]);
        assert_eq!(ready.0, 1, "{ready:?}");
    }
}

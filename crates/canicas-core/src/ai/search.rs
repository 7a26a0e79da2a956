//! The hint search: static pre-selection, then sampled arrivals and the
//! best reply for the leading candidates.

use std::time::Duration;

use games_common::{Budget, CancelFlag, GameRng, SearchControl};

use super::eval::{
    evaluate, potential, window_pot, window_pot_add, window_pot_remove, Deltas, Fast, Tables,
    Weights,
};
use super::{Hint, View};
use crate::board::{Cell, MAX_CELLS};
use crate::state::Move;

/// Nodes of the default hint budget (one node = one candidate move tried
/// against one sample of arrivals).
pub const DEFAULT_NODES: u64 = 300;
/// Time limit of the default hint budget (a safety net; the node limit is
/// normally reached first).
pub const DEFAULT_TIME: Duration = Duration::from_millis(20);

/// Root moves evaluated exactly (the best by approximate value).
const ROOT_EXACT: usize = 60;
/// Replies evaluated exactly.
const REPLY_EXACT: usize = 3;
/// Candidates searched past the static pre-selection.
const TOP_K: usize = 6;
/// Rounds of samples after which a search is complete.
const MAX_ROUNDS: u32 = 256;
/// A line formed by the reply counts this fraction of its freed cells.
const REPLY_LINE_NUM: i64 = 2;
const REPLY_LINE_DEN: i64 = 4;
/// Value of a board that filled up.
const DEATH: i64 = -1_000_000_000;

struct Cand {
    mv: Move,
    after: Fast,
    removed: bool,
    /// The value of the points the move scores (part of `pre`, added to
    /// every sample).
    scored: i64,
    pre: i64,
    sum: i64,
    samples: u32,
    last: i64,
    fixed: Option<i64>,
}

/// Apply a move on `f`; the number of marbles removed and the points their
/// lines score.
#[inline]
fn apply(f: &mut Fast, t: &Tables, from: usize, to: usize) -> (u32, i64) {
    let c = f.cells[from];
    f.clear(from);
    f.set(to, c);
    let (mask, points) = f.lines_mask(t, to);
    (remove(f, mask), i64::from(points))
}

fn remove(f: &mut Fast, mask: u128) -> u32 {
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f.clear(i);
    }
    mask.count_ones()
}

/// The random part of one sample, shared by every candidate (common
/// random numbers): a cyclic order of cells in which arrivals take the next
/// free cell.
struct Sample {
    order: [u8; MAX_CELLS],
    n: usize,
}

impl Sample {
    fn new(seed: u64, cells: usize) -> Sample {
        let mut rng = GameRng::from_seed(seed);
        let mut order = [0u8; MAX_CELLS];
        let n = cells.clamp(1, MAX_CELLS);
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = i as u8;
        }
        for i in 0..n.saturating_sub(1) {
            let j = i + rng.below((n - i) as u64) as usize;
            order.swap(i, j);
        }
        Sample { order, n }
    }
}

/// Drop `colours` on free cells: marble `i` on its shown landing cell
/// `landings[i]` (Lines 98 rule) while that cell is free, otherwise on the
/// next free cell in the sample's order from `cursor` on (`*sampled` is then
/// set: the result depends on the sample); then remove the lines they
/// form. The points of those lines, or `None` when the board filled up.
fn drop_arrivals(
    f: &mut Fast,
    t: &Tables,
    colours: &[u8],
    landings: &[u8],
    sample: &Sample,
    cursor: &mut usize,
    sampled: &mut bool,
) -> Option<u32> {
    let mut placed = 0u128;
    for (k, &c) in colours.iter().enumerate() {
        let free = f.free(t);
        if free == 0 {
            return None;
        }
        let shown = landings
            .get(k)
            .map(|&l| usize::from(l))
            .filter(|&l| free & (1u128 << l) != 0);
        let i = if let Some(l) = shown {
            l
        } else {
            *sampled = true;
            let mut i = usize::from(sample.order[*cursor % sample.n]);
            while free & (1u128 << i) == 0 {
                *cursor += 1;
                i = usize::from(sample.order[*cursor % sample.n]);
            }
            *cursor += 1;
            i
        };
        f.set(i, c);
        placed |= 1u128 << i;
    }
    let (mask, points) = f.lines_of_arrivals(t, placed);
    remove(f, mask);
    (f.free(t) != 0).then_some(points)
}

/// Every move on `f` with its approximate value (from the delta tables),
/// handed to `out` as (value, from, to). `reply`: a line counts only
/// part of its freed cells (it is a move later, not now).
fn scored_moves(
    f: &Fast,
    t: &Tables,
    wt: &Weights,
    arrivals: i64,
    reply: bool,
    d: &mut Deltas,
    mut out: impl FnMut((i64, u8, u8)),
) {
    let free = f.free(t);
    if free == 0 {
        return;
    }
    let mut comps: [u128; 64] = [0; 64];
    let mut n = 0;
    let mut rest = free;
    while rest != 0 && n < comps.len() {
        let seed = rest & rest.wrapping_neg();
        let comp = t.geom.flood(seed, free);
        rest &= !comp;
        comps[n] = comp;
        n += 1;
    }
    let movable = f.occ & t.geom.neighbours(free);
    let mut colours = 0u16;
    for c in 1..10u8 {
        if f.colour[usize::from(c)] & movable != 0 {
            colours |= 1 << c;
        }
    }
    d.fill(f, t, wt, colours, free, movable);
    let base_free = i64::from(free.count_ones());
    let base_pot = potential(f, t, wt);
    let quiet_base = wt.free * (base_free - arrivals) + base_pot;
    let (num, den) = if reply {
        (REPLY_LINE_NUM, REPLY_LINE_DEN)
    } else {
        (1, 1)
    };
    // A move whose line removes `gone` marbles scoring `points`, before the
    // potential its marble takes away.
    let line_base = |gone: i64, points: i64| {
        wt.free * base_free + (wt.free * gone + wt.points * points) * num / den + base_pot
    };
    let mut g = *f;
    let mut m = movable;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let c = usize::from(f.cells[i]);
        let rem = d.rem[i];
        let nb = t.geom.neighbours(1u128 << i) & free;
        let mut reach = 0u128;
        for &comp in &comps[..n] {
            if comp & nb != 0 {
                reach |= comp;
            }
        }
        let near = t.near[i];
        while reach != 0 {
            let j = reach.trailing_zeros() as usize;
            reach &= reach - 1;
            if near & (1u128 << j) != 0 {
                // Both cells in one window: the tables count the marble
                // twice there; correct those windows, and recheck a line
                // (the moving marble may have been part of it).
                let table_line = d.line[c][j];
                let (gone, g_points) = if table_line > 0 {
                    g.clear(i);
                    g.set(j, c as u8);
                    let (mask, points) = g.lines_mask(t, j);
                    g.clear(j);
                    g.set(i, c as u8);
                    (i64::from(mask.count_ones()), points)
                } else {
                    (0, 0)
                };
                let v = if gone > 0 {
                    line_base(gone, i64::from(g_points)) + rem
                } else {
                    let (bi, bj) = (1u128 << i, 1u128 << j);
                    let mut corr = 0;
                    for &wi in t.shared(i, j) {
                        let w = t.windows[wi as usize];
                        let now = window_pot(f, w, wt);
                        let tables = window_pot_add(f, w, bj, c as u8, wt)
                            + window_pot_remove(f, w, bi, wt)
                            - 2 * now;
                        // Moving inside the window keeps its marbles.
                        corr += -tables;
                    }
                    quiet_base + rem + d.add[c][j] + corr
                };
                out((v, i as u8, j as u8));
                continue;
            }
            let gone = i64::from(d.line[c][j]);
            let v = if gone > 0 {
                // The tables keep the marbles a line removes, not its
                // points: valued as one line of them (two crossing lines
                // score less; the exact value comes later).
                line_base(gone, i64::from(t.rules.line_points(gone as u8))) + rem
            } else {
                quiet_base + rem + d.add[c][j]
            };
            out((v, i as u8, j as u8));
        }
    }
}

/// The exact value of a move that left the board `g`, having removed
/// `removed.0` marbles in lines scoring `removed.1` points: the full
/// evaluation of `g` plus those points; a quiet move costs `arrivals` free
/// cells.
fn exact_after(
    g: &Fast,
    removed: (u32, i64),
    t: &Tables,
    wt: &Weights,
    arrivals: i64,
    reply: bool,
) -> i64 {
    let (removed, points) = (i64::from(removed.0), removed.1);
    if removed > 0 {
        // A reply's line is a move later: it counts part of its cells
        // and points.
        let (num, den) = if reply {
            (REPLY_LINE_NUM, REPLY_LINE_DEN)
        } else {
            (1, 1)
        };
        let discount = removed * (den - num) / den;
        evaluate(g, t, wt) - wt.free * discount + wt.points * points * num / den
    } else {
        evaluate(g, t, wt) - wt.free * arrivals
    }
}

/// The `N` best moves handed to [`Best::offer`], best first, in the order of
/// [`top`] (the whole tuple, descending), without keeping the others.
struct Best<const N: usize> {
    moves: [(i64, u8, u8); N],
    len: usize,
}

impl<const N: usize> Best<N> {
    fn new() -> Self {
        Best {
            moves: [(0, 0, 0); N],
            len: 0,
        }
    }

    #[inline]
    fn offer(&mut self, m: (i64, u8, u8)) {
        if self.len == N {
            if N == 0 || m <= self.moves[N - 1] {
                return;
            }
            self.len -= 1;
        }
        let mut k = self.len;
        while k > 0 && self.moves[k - 1] < m {
            self.moves[k] = self.moves[k - 1];
            k -= 1;
        }
        self.moves[k] = m;
        self.len += 1;
    }

    fn as_slice(&self) -> &[(i64, u8, u8)] {
        &self.moves[..self.len]
    }
}

/// Keep the `n` best of `moves` at its front, best first.
fn top(moves: &mut [(i64, u8, u8)], n: usize) -> usize {
    let n = n.min(moves.len());
    if n > 0 && n < moves.len() {
        moves.select_nth_unstable_by(n - 1, |a, b| b.cmp(a));
    }
    moves[..n].sort_unstable_by(|a, b| b.cmp(a));
    n
}

/// The value of the best reply on `f` (the colours after the bar are
/// unknown, so a quiet reply costs `arrivals` free cells). With a learned
/// `leaf`, each of the replies evaluated exactly also gets the network's
/// value of the board it leaves.
fn best_reply(
    f: &Fast,
    t: &Tables,
    wt: &Weights,
    arrivals: i64,
    d: &mut Deltas,
    leaf: Option<&Leaf<'_>>,
) -> i64 {
    let mut best = Best::<REPLY_EXACT>::new();
    scored_moves(f, t, wt, arrivals, true, d, |m| best.offer(m));
    best.as_slice()
        .iter()
        .map(|&(_, from, to)| {
            let mut g = *f;
            let removed = apply(&mut g, t, usize::from(from), usize::from(to));
            let hand = exact_after(&g, removed, t, wt, arrivals, true);
            match leaf {
                None => hand,
                Some(leaf) => {
                    let pending = if removed.0 > 0 && g.occ != 0 {
                        0
                    } else {
                        arrivals as u32
                    };
                    let cells = &g.cells[..t.size * t.size];
                    hand + (leaf.scale * f64::from(leaf.net.value_board_cells(cells, pending)))
                        as i64
                }
            }
        })
        .max()
        .unwrap_or(DEATH)
}

/// A learned value added to the hand-made evaluation at the leaves of the
/// search: `scale` times the network's value (in the hand-made
/// evaluation's units).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leaf<'a> {
    pub net: &'a crate::learn::NTuple,
    pub scale: f64,
}

/// The value of one sample for a candidate: its arrivals (the colours of
/// the bar) on their shown landing cells or the sample's cells, then the
/// best reply; and whether the sample decided anything (if not, every
/// sample gives this value).
fn sample_value(
    mut g: Fast,
    removed: bool,
    bar: (&[u8], &[u8]),
    ctx: (&Tables, &Weights, i64),
    sample: &Sample,
    d: &mut Deltas,
    leaf: Option<&Leaf<'_>>,
) -> (i64, bool) {
    let (t, wt, arrivals) = ctx;
    let (next, landings) = bar;
    let mut cursor = 0usize;
    let mut sampled = false;
    // A line removed brings no marbles, unless it emptied the board.
    let mut points = 0;
    if !removed || g.occ == 0 {
        match drop_arrivals(&mut g, t, next, landings, sample, &mut cursor, &mut sampled) {
            Some(p) => points = p,
            None => return (DEATH, sampled),
        }
    }
    // The arrivals' lines score for the player too.
    let scored = wt.points * i64::from(points);
    (best_reply(&g, t, wt, arrivals, d, leaf) + scored, sampled)
}

fn view_seed(view: &View) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in view.board().colours().iter().chain(view.next()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The `k` best moves on `f` by the static evaluation, best first: every
/// move valued from the delta tables, the best [`ROOT_EXACT`] evaluated
/// exactly (ties keep the order of the approximate values). Under the
/// Lines 98 rule (`landings` not empty) a move that brings marbles is
/// valued with them on their shown cells, when the move leaves those free.
fn preselected(
    f: &Fast,
    t: &Tables,
    wt: &Weights,
    arrivals: i64,
    bar: (&[u8], &[u8]),
    deltas: &mut Deltas,
    k: usize,
) -> Vec<Cand> {
    let mut scored = Vec::new();
    scored_moves(f, t, wt, arrivals, false, deltas, |m| {
        scored.push(m);
    });
    let n = top(&mut scored, ROOT_EXACT);
    let mut cands: Vec<Cand> = scored[..n]
        .iter()
        .map(|&(_, from, to)| {
            let mut after = *f;
            let (gone, points) = apply(&mut after, t, usize::from(from), usize::from(to));
            let removed = gone > 0;
            let scored = wt.points * points;
            let pre = shown_value(&after, removed, t, wt, bar)
                .map(|v| v + scored)
                .unwrap_or_else(|| exact_after(&after, (gone, points), t, wt, arrivals, false));
            Cand {
                mv: Move::new(Cell(from), Cell(to)),
                after,
                removed,
                scored,
                pre,
                sum: 0,
                samples: 0,
                last: 0,
                fixed: None,
            }
        })
        .collect();
    cands.sort_by_key(|c| std::cmp::Reverse(c.pre));
    cands.truncate(k);
    cands
}

/// The value of the board `after` a move that brings marbles, with them on
/// their shown cells (Lines 98 rule) and their lines removed; `None` when
/// the cells are not shown, the move removed a line (nothing arrives), or
/// it took a shown cell (that marble goes to a cell the player does not
/// know). The points of the arrivals' lines count, as the root move's do.
fn shown_value(
    after: &Fast,
    removed: bool,
    t: &Tables,
    wt: &Weights,
    bar: (&[u8], &[u8]),
) -> Option<i64> {
    let (next, landings) = bar;
    if landings.is_empty() || (removed && after.occ != 0) {
        return None;
    }
    let free = after.free(t);
    if landings.iter().any(|&l| free & (1u128 << l) == 0) {
        return None;
    }
    if landings.len() < next.len() {
        // Fewer free cells than marbles due: they fill the board.
        return Some(DEATH);
    }
    let mut g = *after;
    let mut placed = 0u128;
    for (&c, &l) in next.iter().zip(landings) {
        g.set(usize::from(l), c);
        placed |= 1u128 << l;
    }
    let (lines, points) = g.lines_of_arrivals(t, placed);
    remove(&mut g, lines);
    Some(if g.free(t) == 0 {
        DEATH
    } else {
        evaluate(&g, t, wt) + wt.points * i64::from(points)
    })
}

/// The `k` moves of `view` the search would consider first (its static
/// pre-selection), best first, with their static values (a quiet move's
/// value counts the free cells its arrivals take); empty when there is no
/// legal move.
pub(crate) fn preselect_valued(view: &View, k: usize) -> Vec<(Move, i64)> {
    let rules = *view.rules();
    let t = Tables::new(&rules);
    let wt = Weights::for_rules(&rules);
    let f = Fast::from_board(view.board());
    let mut deltas = Box::new(Deltas::new());
    let landings: Vec<u8> = view.landings().iter().map(|c| c.0).collect();
    let bar = (view.next(), landings.as_slice());
    preselected(&f, &t, &wt, i64::from(rules.arrivals), bar, &mut deltas, k)
        .into_iter()
        .map(|c| (c.mv, c.pre))
        .collect()
}

/// The `k` moves of `view` the search would consider first (its static
/// pre-selection), best first; empty when there is no legal move.
pub(crate) fn preselect(view: &View, k: usize) -> Vec<Move> {
    preselect_valued(view, k)
        .into_iter()
        .map(|(mv, _)| mv)
        .collect()
}

pub(crate) fn search(
    view: &View,
    budget: Budget,
    cancel: &CancelFlag,
    leaf: Option<&Leaf<'_>>,
) -> Hint {
    let mut ctl = SearchControl::new(budget, cancel);
    let rules = *view.rules();
    let t = Tables::new(&rules);
    let wt = Weights::for_rules(&rules);
    let f = Fast::from_board(view.board());
    let arrivals = i64::from(rules.arrivals);
    let mut deltas = Box::new(Deltas::new());
    let next = view.next().to_vec();
    // Lines 98 rule: where the marbles land if the board stays as it is.
    let landings: Vec<u8> = view.landings().iter().map(|c| c.0).collect();
    let mut cands = preselected(
        &f,
        &t,
        &wt,
        arrivals,
        (&next, &landings),
        &mut deltas,
        TOP_K,
    );
    if cands.is_empty() {
        return Hint {
            best: None,
            value: 0.0,
            stats: ctl.stats(),
        };
    }
    let mut rng = GameRng::from_seed(view_seed(view));
    let mut rounds = 0u32;
    'outer: loop {
        // A node here costs up to a tenth of a millisecond: look at the
        // cancel flag and the clock every round, not only every 256 nodes,
        // so `stop` and time limits answer within a round.
        if !ctl.check_clock_and_flag() {
            break;
        }
        let sample = Sample::new(rng.next_u64(), t.size * t.size);
        for cand in cands.iter_mut() {
            if !ctl.tick() {
                break 'outer;
            }
            let v = if let Some(v) = cand.fixed {
                v
            } else {
                let (v, sampled) = sample_value(
                    cand.after,
                    cand.removed,
                    (&next, &landings),
                    (&t, &wt, arrivals),
                    &sample,
                    &mut deltas,
                    leaf,
                );
                // After a line (on a board not emptied) no marble arrives,
                // and marbles that land on their shown cells are no chance:
                // every sample gives the same value.
                if !sampled {
                    cand.fixed = Some(v);
                }
                v
            };
            let v = v.saturating_add(cand.scored);
            cand.sum += v;
            cand.last = v;
            cand.samples += 1;
        }
        rounds += 1;
        if rounds >= MAX_ROUNDS {
            break;
        }
    }
    // Compare over complete rounds only (every candidate has those samples).
    let complete = cands.iter().map(|c| c.samples).min().unwrap_or(0);
    let mut best: Option<(f64, Move)> = None;
    for c in &cands {
        let value = if complete == 0 {
            c.pre as f64
        } else {
            // The last, partial round is not counted for any candidate.
            let partial = c.samples > complete;
            let sum = if partial { c.sum - c.last } else { c.sum };
            sum as f64 / f64::from(complete)
        };
        if best.is_none_or(|(bv, _)| value > bv) {
            best = Some((value, c.mv));
        }
    }
    Hint {
        best: best.map(|b| b.1),
        value: best.map_or(0.0, |b| b.0),
        stats: ctl.stats(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrivals_land_on_their_shown_cells_while_free_and_are_sampled_otherwise() {
        // Lines 98 rule: "the cells where they will land" are known, so the
        // search places the marbles there; a marble whose shown cell the
        // move took goes to "the next free cell of its preferred order",
        // which the player does not know: that one is sampled.
        let rules = crate::Rules::FIVE;
        let t = Tables::new(&rules);
        let board = crate::board_from_text(&format!("12{}", ".".repeat(79))).unwrap();
        let sample = Sample::new(3, 81);
        // Drop marbles of colours 3, 4, 5 on `f`: (board left, whether
        // any marble was sampled).
        let drop = |mut f: Fast, landings: &[u8]| {
            let (mut cursor, mut sampled) = (0, false);
            let points = drop_arrivals(
                &mut f,
                &t,
                &[3, 4, 5],
                landings,
                &sample,
                &mut cursor,
                &mut sampled,
            );
            assert_eq!(points, Some(0), "alive, and no line");
            (f, sampled)
        };
        let (f, sampled) = drop(Fast::from_board(&board), &[40, 41, 42]);
        assert!(!sampled, "every marble on its shown cell");
        assert_eq!((f.cells[40], f.cells[41], f.cells[42]), (3, 4, 5));
        assert_eq!(f.occ.count_ones(), 5);
        // The move took cell 41: the second marble is sampled elsewhere.
        let mut taken = Fast::from_board(&board);
        taken.set(41, 1);
        let (f, sampled) = drop(taken, &[40, 41, 42]);
        assert!(sampled);
        assert_eq!((f.cells[40], f.cells[41], f.cells[42]), (3, 1, 5));
        assert_eq!(f.occ.count_ones(), 6);
        // Without shown cells (1992 rule) every marble is sampled.
        let (f, sampled) = drop(Fast::from_board(&board), &[]);
        assert!(sampled);
        assert_eq!(f.occ.count_ones(), 5);
    }

    #[test]
    fn under_lines98_a_move_is_valued_with_the_marbles_on_their_shown_cells() {
        // "the cells where they will land if the board stays as it is": a
        // move that leaves them free is valued with the marbles there (here
        // the first one completes a line of 1s on row 1, which leaves).
        let rules = crate::Rules::FIVE;
        let t = Tables::new(&rules);
        let wt = Weights::for_rules(&rules);
        let board = crate::board_from_text(&format!("1111.{}2", ".".repeat(75))).unwrap();
        let after = Fast::from_board(&board);
        let next = [1u8, 3, 4];
        let shown = [4u8, 40, 41];
        let v = shown_value(&after, false, &t, &wt, (&next, &shown)).unwrap();
        let mut expected = after;
        expected.set(40, 3);
        expected.set(41, 4);
        for i in 0..4 {
            expected.clear(i);
        }
        assert_eq!(
            v,
            evaluate(&expected, &t, &wt),
            "the line of 1s left the board"
        );
        // Not shown (1992 rule), a line removed (nothing arrives), a shown
        // cell taken by the move: valued as before.
        assert_eq!(shown_value(&after, false, &t, &wt, (&next, &[])), None);
        assert_eq!(shown_value(&after, true, &t, &wt, (&next, &shown)), None);
        let mut taken = after;
        taken.set(40, 2);
        assert_eq!(shown_value(&taken, false, &t, &wt, (&next, &shown)), None);
        // Fewer cells shown than marbles due: the board fills.
        assert_eq!(
            shown_value(&after, false, &t, &wt, (&next, &shown[..2])),
            Some(DEATH)
        );
    }

    /// A four-in-a-row board: a 1 on cell 11 completes `11.11` on row 0
    /// (a line of five); a 2 on cell 66 completes row 6 (`222.`) and
    /// column 3 (three 2s above the hole) at once: two lines of four.
    fn five_or_two_fours() -> crate::Board {
        let mut cells = vec!['.'; 81];
        for i in [0, 1, 3, 4, 11] {
            cells[i] = '1';
        }
        for i in [54, 55, 56, 30, 39, 48, 66] {
            cells[i] = '2';
        }
        crate::board_from_text(&cells.iter().collect::<String>()).unwrap()
    }

    #[test]
    fn a_move_scores_each_of_its_lines_by_the_spec() {
        // "Two lines formed by one move count separately, and a marble they
        // share counts in both. A line of length n, with minimum m, scores
        // n × (n − m + 1) × 2: … 8 and 20 for 4 and 5 in the four-variant."
        let rules = crate::Rules::FOUR;
        let t = Tables::new(&rules);
        let f = Fast::from_board(&five_or_two_fours());
        let mut five = f;
        assert_eq!(apply(&mut five, &t, 11, 2), (5, 20));
        let mut fours = f;
        assert_eq!(apply(&mut fours, &t, 66, 57), (7, 16));
        let mut quiet = f;
        assert_eq!(apply(&mut quiet, &t, 11, 20), (0, 0));
        // Five in a row: the same run of five is a line worth 10.
        let mut five_rule = Fast::from_board(&five_or_two_fours());
        let t5 = Tables::new(&crate::Rules::FIVE);
        assert_eq!(apply(&mut five_rule, &t5, 11, 2), (5, 10));
    }

    #[test]
    fn the_arrivals_lines_score_once_each_as_the_rules_count_them() {
        // "If marbles that arrive form lines by themselves, those lines
        // leave the board and score too (same formula, lines through any
        // arriving marble, after all arrivals are placed)."
        let rules = crate::Rules::FOUR;
        let t = Tables::new(&rules);
        // Row 0: `11..1`; column 8: three 2s from row 1 down.
        let mut cells = vec!['.'; 81];
        for i in [0, 1, 4, 17, 26, 35] {
            cells[i] = if i < 9 { '1' } else { '2' };
        }
        let board = crate::board_from_text(&cells.iter().collect::<String>()).unwrap();
        let mut f = Fast::from_board(&board);
        // Two 1s arrive on cells 2 and 3 (one line of five through both:
        // 20 points, once), a 2 on cell 8 (a line of four down column 8,
        // crossing nothing: 8 points).
        for (i, c) in [(2, 1), (3, 1), (8, 2)] {
            f.set(i, c);
        }
        let placed = (1u128 << 2) | (1 << 3) | (1 << 8);
        let (mask, points) = f.lines_of_arrivals(&t, placed);
        assert_eq!(mask.count_ones(), 9);
        assert_eq!(points, 20 + 8);
        // The same as the rules score for the same arrivals.
        assert_eq!(
            points,
            rules.line_points(5) + rules.line_points(4),
            "a line through two arrivals counts once"
        );
        // The search's arrivals report those points (here on their shown
        // cells, so no sample decides where they land).
        let mut g = Fast::from_board(&board);
        let (mut cursor, mut sampled) = (0, false);
        let got = drop_arrivals(
            &mut g,
            &t,
            &[1, 1, 2],
            &[2, 3, 8],
            &Sample::new(1, 81),
            &mut cursor,
            &mut sampled,
        );
        assert_eq!(got, Some(28));
        assert_eq!(g.occ.count_ones(), 0, "both lines left the board");
        // Under five in a row only the row is a line.
        let t5 = Tables::new(&crate::Rules::FIVE);
        assert_eq!(f.lines_of_arrivals(&t5, placed), (0b1_1111, 10));
    }

    #[test]
    fn in_four_in_a_row_the_hint_plays_for_points_not_for_cells() {
        // Four in a row: the line of five scores 20 and frees 5 cells; the
        // two lines of four score 16 and free 7. The score is what a
        // player of this variant plays for, so the hint takes the five
        // (a search valuing free cells alone took the two fours).
        let rules = crate::Rules::FOUR;
        let view = View::new(rules, five_or_two_fours(), &[3, 4, 5]).unwrap();
        let cancel = CancelFlag::new();
        let hint = search(&view, Budget::nodes(300), &cancel, None);
        assert_eq!(hint.best, Some(Move::new(Cell(11), Cell(2))));
        // Five in a row gives points no weight: its measure is how rarely
        // it dies, and its moves are the same as before.
        assert_eq!(Weights::for_rules(&crate::Rules::FIVE).points, 0);
        assert!(Weights::for_rules(&rules).points > 0);
    }

    #[test]
    fn best_keeps_what_top_keeps_in_the_same_order() {
        let mut rng = GameRng::from_seed(7);
        for round in 0..500 {
            let len = round % 40;
            // Few distinct values, so that ties are common.
            let moves: Vec<(i64, u8, u8)> = (0..len)
                .map(|_| {
                    (
                        rng.below(6) as i64 - 3,
                        rng.below(4) as u8,
                        rng.below(4) as u8,
                    )
                })
                .collect();
            let mut sorted = moves.clone();
            let n = top(&mut sorted, REPLY_EXACT);
            let mut best = Best::<REPLY_EXACT>::new();
            for &m in &moves {
                best.offer(m);
            }
            assert_eq!(best.as_slice(), &sorted[..n], "{moves:?}");
        }
    }
}

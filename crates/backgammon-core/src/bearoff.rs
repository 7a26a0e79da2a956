//! A one-sided bear-off database: for every way to have at most 15
//! checkers on a side's six home points (54,264 of them), the distribution
//! of the number of turns that side needs to bear them all off, playing
//! each roll to need the fewest turns on average; and, for the positions
//! with all 15 still on the board, the distribution of the turns until the
//! first checker is off (played to get one off soonest), for the gammons.
//!
//! It is computed on first use from the rules alone (no data file), in
//! about 0.4 s of CPU with optimisations on: each board looks only at its
//! single moves per die, the best end of the other dice coming from the
//! boards below it, which have fewer pips and were done first. With both sides' checkers all in
//! their home boards, [`race_outcomes`] combines the two sides'
//! distributions into the chances to win and to win a gammon (the sides'
//! turns taken as independent, as GNU Backgammon's one-sided databases do;
//! a backgammon is impossible there).
//!
//! Beside it, the [`ExitTable`]: the turns a side needs to move up to
//! [`EXIT_MAX`] checkers out of the other side's home board, for the
//! backgammons ([`race_backgammon`], [`backgammon_without_a_hit`]).
//!
//! One-sided moves are simple: with every checker at home nothing blocks,
//! and every die can always be played (a checker above the die moves down,
//! else one on the die's point or the highest one bears off), so every
//! sequence of the dice is legal. Only additions, multiplications and
//! divisions, in a fixed order: the same bits on every platform.

use std::sync::OnceLock;

use crate::board::{Position, Side, CHECKERS};
use crate::dice::Dice;
use crate::outcome::Outcomes;

/// Turns kept in a distribution (the last one also holds any longer).
pub const TURNS: usize = 32;
/// Positions of the database: at most 15 checkers on 6 points, C(21, 6).
pub const POSITIONS: usize = 54_264;

/// One side's home board: checkers on its points 1..=6 (index 0 unused).
pub type Home = [u8; 7];

/// The database (see the module's page).
pub struct Bearoff {
    /// `dist[i * TURNS + t]`: the chance of needing exactly `t` turns.
    dist: Vec<f32>,
    /// Mean turns of each position.
    mean: Vec<f32>,
    /// For positions with 15 checkers: the chance that the first checker
    /// is off after exactly `t` turns; empty rows elsewhere (0 turns).
    first: Vec<f32>,
}

/// `binom[n][k]` for n ≤ 21, k ≤ 6.
const fn binomials() -> [[u32; 7]; 22] {
    let mut b = [[0u32; 7]; 22];
    let mut n = 0;
    while n < 22 {
        b[n][0] = 1;
        let mut k = 1;
        while k < 7 && k <= n {
            b[n][k] = b[n - 1][k - 1] + if k < n { b[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    b
}
const BINOM: [[u32; 7]; 22] = binomials();

/// `SKIP[left][rest][c]`: the boards that agree so far, with `left`
/// checkers still to place, `rest` points after this one, and fewer than
/// `c` checkers on this one: the sum over `v < c` of C(left − v + rest, rest).
const fn skips() -> [[[u32; 16]; 6]; 16] {
    let mut t = [[[0u32; 16]; 6]; 16];
    let mut left = 0;
    while left < 16 {
        let mut rest = 0;
        while rest < 6 {
            let mut c = 1;
            while c < 16 {
                let add = if c - 1 <= left {
                    BINOM[left - (c - 1) + rest][rest]
                } else {
                    0
                };
                t[left][rest][c] = t[left][rest][c - 1] + add;
                c += 1;
            }
            rest += 1;
        }
        left += 1;
    }
    t
}
const SKIP: [[[u32; 16]; 6]; 16] = skips();

/// The index of a home board in the database (its rank among all boards of
/// at most 15 checkers, point 1 first); `None` above 15 checkers.
#[must_use]
pub fn index(h: &Home) -> Option<usize> {
    let mut left = usize::from(CHECKERS);
    let mut rank = 0usize;
    for (p, &n) in h.iter().enumerate().skip(1) {
        let c = usize::from(n);
        if c > left {
            return None;
        }
        rank += SKIP[left][6 - p][c] as usize;
        left -= c;
    }
    Some(rank)
}

fn boards() -> Vec<Home> {
    let mut all = Vec::with_capacity(POSITIONS);
    let mut h: Home = [0; 7];
    fill(&mut h, 1, usize::from(CHECKERS), &mut all);
    all
}

fn fill(h: &mut Home, p: usize, left: usize, all: &mut Vec<Home>) {
    if p > 6 {
        all.push(*h);
        return;
    }
    for c in 0..=left {
        h[p] = c as u8;
        fill(h, p + 1, left - c, all);
    }
    h[p] = 0;
}

fn pips(h: &Home) -> u32 {
    (1..=6).map(|p| p as u32 * u32::from(h[p])).sum()
}

impl Bearoff {
    /// Compute the database.
    #[must_use]
    pub fn compute() -> Bearoff {
        let mut order = boards();
        // Every play lowers the pip count: fewer pips first.
        order.sort_by_key(|h| (pips(h), index(h)));
        let mut dist = vec![0f32; POSITIONS * TURNS];
        let mut mean = vec![0f32; POSITIONS];
        let mut first = vec![0f32; POSITIONS * TURNS];
        // Mean turns to the first checker off (0 with one off already).
        let mut fmean = vec![0f32; POSITIONS];
        // The best end of k moves of die d from each board (k = 1..=3), as
        // (mean turns, index), lowest first: for the mean turns to finish
        // (`vm`) and to the first checker off (`vf`). A play of a roll is a
        // first move then the best end of the others, so each board looks
        // at its single moves only.
        let at = |k: usize, d: usize, i: usize| ((k - 1) * 6 + (d - 1)) * POSITIONS + i;
        let mut vm = vec![(0f32, 0usize); 18 * POSITIONS];
        let mut vf = vec![(0f32, 0usize); 18 * POSITIONS];
        let mut moves: [Vec<usize>; 7] = Default::default();
        let rolls = Dice::all_21();
        for h in &order {
            let Some(i) = index(h) else { continue };
            let n: u32 = h.iter().skip(1).map(|&c| u32::from(c)).sum();
            if n == 0 {
                dist[i * TURNS] = 1.0;
                first[i * TURNS] = 1.0;
                for k in 1..=3 {
                    for d in 1..=6 {
                        vm[at(k, d, i)] = (0.0, i);
                        vf[at(k, d, i)] = (0.0, i);
                    }
                }
                continue;
            }
            let full = n == u32::from(CHECKERS);
            for (d, list) in moves.iter_mut().enumerate().skip(1) {
                single_moves(h, d, list);
            }
            for (d, list) in moves.iter().enumerate().skip(1) {
                for k in 1..=3 {
                    let (mut bm, mut bf) =
                        ((f32::INFINITY, usize::MAX), (f32::INFINITY, usize::MAX));
                    for &j in list {
                        let (cm, cf) = if k == 1 {
                            ((mean[j], j), (fmean[j], j))
                        } else {
                            (vm[at(k - 1, d, j)], vf[at(k - 1, d, j)])
                        };
                        bm = lower(bm, cm);
                        bf = lower(bf, cf);
                    }
                    vm[at(k, d, i)] = bm;
                    // Once a checker is off the first-off distribution is 0
                    // turns whatever comes next.
                    vf[at(k, d, i)] = if full { bf } else { (0.0, i) };
                }
            }
            let mut acc = [0f32; TURNS];
            let mut acc_first = [0f32; TURNS];
            for &(dice, w) in &rolls {
                let (a, b) = (usize::from(dice.high()), usize::from(dice.low()));
                let (mut bm, mut bf) = ((f32::INFINITY, usize::MAX), (f32::INFINITY, usize::MAX));
                let orders: &[(usize, usize, usize)] = if a == b {
                    &[(a, a, 3)]
                } else {
                    &[(a, b, 1), (b, a, 1)]
                };
                for &(x, y, k) in orders {
                    for &j in &moves[x] {
                        bm = lower(bm, vm[at(k, y, j)]);
                        bf = lower(bf, vf[at(k, y, j)]);
                    }
                }
                let w = f32::from(w) / 36.0;
                shift_add(&mut acc, &dist[bm.1 * TURNS..(bm.1 + 1) * TURNS], w);
                if full {
                    shift_add(&mut acc_first, &first[bf.1 * TURNS..(bf.1 + 1) * TURNS], w);
                }
            }
            dist[i * TURNS..(i + 1) * TURNS].copy_from_slice(&acc);
            mean[i] = acc
                .iter()
                .enumerate()
                .map(|(t, &p)| t as f32 * p)
                .sum::<f32>();
            if full {
                first[i * TURNS..(i + 1) * TURNS].copy_from_slice(&acc_first);
                fmean[i] = acc_first
                    .iter()
                    .enumerate()
                    .map(|(t, &p)| t as f32 * p)
                    .sum::<f32>();
            } else {
                first[i * TURNS] = 1.0;
            }
        }
        Bearoff { dist, mean, first }
    }

    /// The distribution of the turns to bear off `h` (`None` above 15 checkers).
    #[must_use]
    pub fn turns(&self, h: &Home) -> Option<&[f32]> {
        let i = index(h)?;
        self.dist.get(i * TURNS..(i + 1) * TURNS)
    }

    /// The mean turns to bear off `h`.
    #[must_use]
    pub fn mean(&self, h: &Home) -> Option<f32> {
        self.mean.get(index(h)?).copied()
    }

    /// The distribution of the turns until the first checker of `h` is off
    /// (all zero turns when one is off already).
    #[must_use]
    pub fn first_off(&self, h: &Home) -> Option<&[f32]> {
        let i = index(h)?;
        self.first.get(i * TURNS..(i + 1) * TURNS)
    }
}

/// The lower of two (mean, index) pairs: the mean, then the index.
fn lower(a: (f32, usize), b: (f32, usize)) -> (f32, usize) {
    if b.0 < a.0 || (b.0 == a.0 && b.1 < a.1) {
        b
    } else {
        a
    }
}

/// The indices of the boards one die `d` makes of the non-empty board `h`.
fn single_moves(h: &Home, d: usize, out: &mut Vec<usize>) {
    out.clear();
    let top = (1..=6).rev().find(|&p| h[p] > 0).unwrap_or(0);
    for p in 1..=top {
        if h[p] == 0 || (p < d && p != top) {
            // Bearing off with a larger die: only from the highest point.
            continue;
        }
        let mut n = *h;
        n[p] -= 1;
        if p > d {
            n[p - d] += 1;
        }
        if let Some(j) = index(&n) {
            out.push(j);
        }
    }
}

/// `acc[t + 1] += w · d[t]`, the last bin keeping the overflow.
fn shift_add(acc: &mut [f32; TURNS], d: &[f32], w: f32) {
    for (t, &p) in d.iter().enumerate() {
        let slot = (t + 1).min(TURNS - 1);
        acc[slot] += w * p;
    }
}

/// The database, computed on first use.
#[must_use]
pub fn database() -> &'static Bearoff {
    static DB: OnceLock<Bearoff> = OnceLock::new();
    DB.get_or_init(Bearoff::compute)
}

/// `side`'s home board when all its checkers left are on its points 1..=6,
/// else `None`.
#[must_use]
pub fn home_of(p: &Position, side: Side) -> Option<Home> {
    if p.bar(side) > 0 || (7..=24).any(|q| p.checkers(side, q) > 0) {
        return None;
    }
    let mut h: Home = [0; 7];
    for (q, slot) in h.iter_mut().enumerate().skip(1) {
        *slot = p.checkers(side, q);
    }
    Some(h)
}

/// The chances of the side that just moved into `after` (the other side
/// rolls next) when both sides have all their checkers in their home
/// boards and neither has won; `None` elsewhere.
#[must_use]
pub fn race_outcomes(after: &Position) -> Option<Outcomes> {
    if after.outcome().is_some() || after.bar(Side::OnRoll) + after.bar(Side::Opponent) > 0 {
        return None;
    }
    let me = home_of(after, Side::OnRoll)?;
    let them = home_of(after, Side::Opponent)?;
    let db = database();
    let (pm, po) = (db.turns(&me)?, db.turns(&them)?);
    // The opponent, rolling first, wins when it needs no more turns than us.
    let mut cdf_m = [0f32; TURNS + 1]; // cdf_m[t] = P(we need < t turns)
    for t in 0..TURNS {
        cdf_m[t + 1] = cdf_m[t] + pm[t];
    }
    let mut lose = 0f32;
    for t in 0..TURNS {
        lose += po[t] * (1.0 - cdf_m[t]);
    }
    let lose = lose.clamp(0.0, 1.0);
    // Gammons: a side with none off is gammoned when the other finishes
    // before its first checker is off.
    let mut win_gammon = 0f32;
    if after.off(Side::Opponent) == 0 {
        let fo = db.first_off(&them)?;
        // We finish in our turn t, after the opponent's t-th: its first
        // checker must need more than t turns.
        let mut later = 1f32; // P(Fo > t)
        for t in 0..TURNS {
            later -= fo[t];
            win_gammon += pm[t] * later.max(0.0);
        }
    }
    let mut lose_gammon = 0f32;
    if after.off(Side::OnRoll) == 0 {
        let fm = db.first_off(&me)?;
        // The opponent finishes in its turn t, before our t-th: our first
        // checker must need t turns or more.
        let mut at_least = 1f32; // P(Fm ≥ t)
        for t in 0..TURNS {
            lose_gammon += po[t] * at_least.max(0.0);
            at_least -= fm[t];
        }
    }
    let win = 1.0 - lose;
    Some(Outcomes {
        win,
        win_gammon: win_gammon.clamp(0.0, win),
        win_backgammon: 0.0,
        lose_gammon: lose_gammon.clamp(0.0, lose),
        lose_backgammon: 0.0,
    })
}

/// Checkers in the other side's home board that the [`ExitTable`] covers.
pub const EXIT_MAX: usize = 6;

/// Checkers still to leave the other side's home board: `z[k]` of them
/// need `k` pips to leave it (a checker on one's own point `18 + k`).
pub type Zone = [u8; 7];

/// The turns a side needs to move every checker of a [`Zone`] out of the
/// other side's home board, with nothing in the way (a race): any die of at
/// least `k` takes a checker `k` pips from the edge out. For every zone of
/// at most [`EXIT_MAX`] checkers, played each roll to need the fewest turns
/// on average; computed on first use (924 zones, a few milliseconds).
pub struct ExitTable {
    /// Sorted keys of the zones (base 16, point 1 lowest).
    keys: Vec<u32>,
    /// `dist[i * TURNS + t]`: the chance of needing exactly `t` turns.
    dist: Vec<f32>,
}

fn zone_key(z: &Zone) -> u32 {
    z.iter()
        .skip(1)
        .rev()
        .fold(0u32, |acc, &c| acc * 16 + u32::from(c))
}

impl ExitTable {
    /// Compute the table.
    #[must_use]
    pub fn compute() -> ExitTable {
        let mut zones: Vec<Zone> = boards()
            .into_iter()
            .filter(|h| h.iter().map(|&c| usize::from(c)).sum::<usize>() <= EXIT_MAX)
            .collect();
        // Every move lowers the pips left: fewer pips first.
        zones.sort_by_key(|z| (pips(z), zone_key(z)));
        let mut keys: Vec<u32> = zones.iter().map(zone_key).collect();
        keys.sort_unstable();
        let mut table = ExitTable {
            dist: vec![0f32; keys.len() * TURNS],
            keys,
        };
        let mut mean = vec![0f32; table.keys.len()];
        let mut next: Vec<Zone> = Vec::new();
        let mut scratch: Vec<Zone> = Vec::new();
        for z in &zones {
            let Some(i) = table.slot(z) else { continue };
            if z.iter().all(|&c| c == 0) {
                table.dist[i * TURNS] = 1.0;
                continue;
            }
            let mut acc = [0f32; TURNS];
            for (dice, w) in Dice::all_21() {
                let (a, b) = (usize::from(dice.high()), usize::from(dice.low()));
                next.clear();
                let orders: &[&[usize]] = if a == b {
                    &[&[a, a, a, a]]
                } else {
                    &[&[a, b], &[b, a]]
                };
                for order in orders {
                    let mut layer = vec![*z];
                    for &d in *order {
                        scratch.clear();
                        for y in &layer {
                            exit_moves(y, d, &mut scratch);
                        }
                        scratch.sort_unstable();
                        scratch.dedup();
                        std::mem::swap(&mut layer, &mut scratch);
                    }
                    next.extend(layer);
                }
                // The end with the fewest turns on average, then the lowest key.
                let mut best: Option<(f32, u32, usize)> = None;
                for y in &next {
                    let Some(j) = table.slot(y) else { continue };
                    let cand = (mean[j], zone_key(y), j);
                    if best.is_none_or(|b| (cand.0, cand.1) < (b.0, b.1)) {
                        best = Some(cand);
                    }
                }
                let Some((_, _, j)) = best else { continue };
                let w = f32::from(w) / 36.0;
                let from: [f32; TURNS] = std::array::from_fn(|t| table.dist[j * TURNS + t]);
                shift_add(&mut acc, &from, w);
            }
            table.dist[i * TURNS..(i + 1) * TURNS].copy_from_slice(&acc);
            mean[i] = acc
                .iter()
                .enumerate()
                .map(|(t, &p)| t as f32 * p)
                .sum::<f32>();
        }
        table
    }

    fn slot(&self, z: &Zone) -> Option<usize> {
        self.keys.binary_search(&zone_key(z)).ok()
    }

    /// The distribution of the turns to move the zone `z` out (`None`
    /// above [`EXIT_MAX`] checkers).
    #[must_use]
    pub fn turns(&self, z: &Zone) -> Option<&[f32]> {
        let i = self.slot(z)?;
        self.dist.get(i * TURNS..(i + 1) * TURNS)
    }
}

/// The zones one die `d` makes of `z` (itself when it is empty: the die is
/// played elsewhere).
fn exit_moves(z: &Zone, d: usize, out: &mut Vec<Zone>) {
    if z.iter().all(|&c| c == 0) {
        out.push(*z);
        return;
    }
    for k in 1..=6 {
        if z[k] == 0 {
            continue;
        }
        let mut y = *z;
        y[k] -= 1;
        if k > d {
            y[k - d] += 1;
        }
        out.push(y);
    }
}

/// The exit table, computed on first use.
#[must_use]
pub fn exit_table() -> &'static ExitTable {
    static T: OnceLock<ExitTable> = OnceLock::new();
    T.get_or_init(ExitTable::compute)
}

/// Compute the tables Normal and Hard read, [`database`] and
/// [`exit_table`] (about 0.4 s of CPU on first use, nothing afterwards), so
/// that no later decision waits for them: the engine calls it on a thread
/// when it starts, the arena before its first game.
pub fn prepare_tables() {
    let _ = database();
    let _ = exit_table();
}

/// `side`'s checkers in the other side's home board as a [`Zone`].
#[must_use]
pub fn zone_of(p: &Position, side: Side) -> Zone {
    let mut z: Zone = [0; 7];
    for (k, slot) in z.iter_mut().enumerate().skip(1) {
        *slot = p.checkers(side, 18 + k);
    }
    z
}

/// In a race (no contact, nothing on the bar) where `loser` still has
/// checkers in the other side's home board and none borne off, the chance
/// that the other side bears off its last checker first (a backgammon):
/// the other side is then all home (its checkers are behind the loser's),
/// so its turns come from the bear-off database and the loser's turns to
/// leave from the [`ExitTable`], the two taken as independent. `None` when
/// not such a race, or above [`EXIT_MAX`] checkers to leave. `after` is seen
/// from the side that just moved; the other side rolls next.
#[must_use]
pub fn race_backgammon(after: &Position, loser: Side) -> Option<f32> {
    if !after.is_race() || after.outcome().is_some() || after.off(loser) > 0 {
        return None;
    }
    let z = zone_of(after, loser);
    if z.iter().all(|&c| c == 0) {
        return None;
    }
    backgammon_if_running(after, loser, &z)
}

/// With contact: where the other side has all its checkers in its home
/// board, `loser` none off and checkers on the bar or in the other side's
/// home board, the chance of a backgammon if the game went on as a race
/// from here (the loser running at once, nothing blocked, no shot hit; a
/// checker on the bar counted as one 6 pips from leaving). Blocks and
/// entering only delay the loser, and waiting for a shot does too, so
/// when the loser does not win this is about the least its backgammon
/// chance can be. `None` where it does not apply (see [`race_backgammon`]).
#[must_use]
pub fn backgammon_without_a_hit(after: &Position, loser: Side) -> Option<f32> {
    if after.outcome().is_some() || after.off(loser) > 0 || after.bar(loser.other()) > 0 {
        return None;
    }
    let mut z = zone_of(after, loser);
    z[6] = z[6].saturating_add(after.bar(loser));
    if z.iter().all(|&c| c == 0) {
        return None;
    }
    backgammon_if_running(after, loser, &z)
}

/// The race computation of [`race_backgammon`] for the zone `z`.
fn backgammon_if_running(after: &Position, loser: Side, z: &Zone) -> Option<f32> {
    let winner = loser.other();
    let home = home_of(after, winner)?;
    let tw = database().turns(&home)?;
    let te = exit_table().turns(z)?;
    // P(E ≥ t) and P(E > t), the loser's turns to leave.
    let mut at_least = [0f32; TURNS + 1];
    let mut acc = 1f32;
    for t in 0..TURNS {
        at_least[t] = acc.max(0.0);
        acc -= te[t];
    }
    at_least[TURNS] = acc.max(0.0);
    let mut bg = 0f32;
    for t in 0..TURNS {
        // The winner's t-th turn ends the game. If the winner rolls next
        // (the loser just moved), the loser has had t − 1 turns: saved with
        // E ≤ t − 1. Else the loser rolled first and has had t turns.
        let short = if loser == Side::OnRoll {
            at_least[t]
        } else {
            at_least[t + 1]
        };
        bg += tw[t] * short;
    }
    Some(bg.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_positions_into;

    fn home(pairs: &[(usize, u8)]) -> Home {
        let mut h = [0u8; 7];
        for &(p, c) in pairs {
            h[p] = c;
        }
        h
    }

    #[test]
    fn indices_cover_every_board_once() {
        let all = boards();
        assert_eq!(all.len(), POSITIONS);
        let mut seen = vec![false; POSITIONS];
        for h in &all {
            let i = index(h).unwrap();
            assert!(!seen[i], "{h:?}");
            seen[i] = true;
        }
        assert!(index(&home(&[(1, 16)])).is_none());
    }

    /// The boards reachable from `h` with `dice` by [`single_moves`], one
    /// die at a time (every order of a non-double), deduplicated.
    fn plays(h: &Home, dice: Dice, by_index: &[Home]) -> Vec<Home> {
        let (a, b) = (usize::from(dice.high()), usize::from(dice.low()));
        let orders = if a == b {
            vec![vec![a; 4]]
        } else {
            vec![vec![a, b], vec![b, a]]
        };
        let mut out = Vec::new();
        let mut moves = Vec::new();
        for order in orders {
            let mut boards = vec![*h];
            for &d in &order {
                let mut next = Vec::new();
                for b in &boards {
                    if b.iter().all(|&c| c == 0) {
                        next.push(*b); // all off: the game is over
                        continue;
                    }
                    single_moves(b, d, &mut moves);
                    next.extend(moves.iter().map(|&j| by_index[j]));
                }
                boards = next;
            }
            out.extend(boards);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn one_sided_plays_match_the_move_generator() {
        // The opponent far away on its own 1 point (no contact).
        let rolls = Dice::all_21();
        let all = boards();
        let mut by_index = vec![[0u8; 7]; POSITIONS];
        for h in &all {
            by_index[index(h).unwrap()] = *h;
        }
        let mut gen = Vec::new();
        for (n, h) in all.iter().enumerate().step_by(97) {
            let mut me = [0u8; 26];
            me[1..=6].copy_from_slice(&h[1..=6]);
            let mut opp = [0u8; 26];
            opp[1] = 15;
            let Ok(p) = Position::from_board_counts(&me, &opp) else {
                continue; // no checker left at all
            };
            let (dice, _) = rolls[n % 21];
            let kids = plays(h, dice, &by_index);
            legal_positions_into(&p, dice, &mut gen);
            let mut from_gen: Vec<Home> = gen
                .iter()
                .map(|r| home_of(r, Side::OnRoll).unwrap())
                .collect();
            from_gen.sort_unstable();
            from_gen.dedup();
            assert_eq!(kids, from_gen, "{h:?} {dice}");
        }
    }

    #[test]
    fn known_bear_off_figures() {
        let db = database();
        // One checker on the 1 point: off in one turn.
        assert!((db.mean(&home(&[(1, 1)])).unwrap() - 1.0).abs() < 1e-6);
        // Two on the 6 point off in one turn: 6-6 and the doubles 3-3,
        // 4-4 and 5-5 (two moves each), 4 rolls of 36.
        let d = db.turns(&home(&[(6, 2)])).unwrap();
        assert!((d[1] - 4.0 / 36.0).abs() < 1e-6, "{d:?}");
        // Probabilities add up to 1 everywhere.
        for h in boards().iter().step_by(131) {
            let s: f32 = db.turns(h).unwrap().iter().sum();
            assert!((s - 1.0).abs() < 1e-4, "{h:?} {s}");
        }
        // 15 on the 1 point: 8 turns without doubles, fewer with them.
        let m = db.mean(&home(&[(1, 15)])).unwrap();
        assert!(m > 6.0 && m < 7.5, "{m}");
        // The first checker off from 15 on the 6 point: any 6 (11 rolls),
        // 5-1 and 4-2 (4), 3-3 and 2-2 (2): 17 of 36.
        let f = db.first_off(&home(&[(6, 15)])).unwrap();
        assert!((f[1] - 17.0 / 36.0).abs() < 1e-6, "{f:?}");
    }

    #[test]
    fn race_outcomes_follow_the_turns() {
        // We just moved and have 1 checker on the 1 point; the opponent has
        // one on its 6 point and rolls first: it wins with every roll that
        // moves 6 pips (a total of 6 or more, or a double but 1-1).
        let p = Position::from_point_counts(&[(1, 1)], &[(6, 1)]).unwrap();
        let o = race_outcomes(&p).unwrap();
        let totals_ge_6 = (1..=6)
            .flat_map(|a| (1..=6).map(move |b| (a, b)))
            .filter(|&(a, b)| a + b >= 6 || (a == b && 4 * a >= 6))
            .count() as f32;
        assert!((1.0 - o.win - totals_ge_6 / 36.0).abs() < 1e-6, "{o:?}");
        assert_eq!((o.win_gammon, o.lose_gammon), (0.0, 0.0));
        // A gammon: we have 1 checker left, the opponent 15 on its 6 point.
        let g = Position::from_point_counts(&[(1, 1)], &[(6, 15)]).unwrap();
        let o = race_outcomes(&g).unwrap();
        let fo = database().first_off(&home(&[(6, 15)])).unwrap();
        assert!((o.win - 1.0).abs() < 1e-6);
        assert!((o.win_gammon - (1.0 - fo[1])).abs() < 1e-6, "{o:?}");
        // Not both home: not in the database.
        let c = Position::from_point_counts(&[(7, 1)], &[(6, 1)]).unwrap();
        assert!(race_outcomes(&c).is_none());
    }

    #[test]
    fn exit_turns_of_small_zones() {
        let t = exit_table();
        let zone = |pairs: &[(usize, u8)]| -> Zone {
            let mut z = [0u8; 7];
            for &(k, c) in pairs {
                z[k] = c;
            }
            z
        };
        // One checker k pips from the edge leaves in one turn when the roll
        // moves k pips: a total of k or more, or a double whose four moves do.
        for k in 1..=6usize {
            let one = (1..=6usize)
                .flat_map(|a| (1..=6usize).map(move |b| (a, b)))
                .filter(|&(a, b)| if a == b { 4 * a >= k } else { a + b >= k })
                .count() as f32;
            let d = t.turns(&zone(&[(k, 1)])).unwrap();
            assert!((d[1] - one / 36.0).abs() < 1e-6, "{k}: {d:?}");
        }
        // Three checkers one pip from the edge: a double takes them all at
        // once, other rolls two of them.
        let d = t.turns(&zone(&[(1, 3)])).unwrap();
        assert!((d[1] - 6.0 / 36.0).abs() < 1e-6 && (d[2] - 30.0 / 36.0).abs() < 1e-6);
        // Nothing to leave: no turn; too many checkers: not covered.
        assert_eq!(t.turns(&zone(&[])).unwrap()[0], 1.0);
        assert!(t.turns(&zone(&[(1, 7)])).is_none());
    }

    #[test]
    fn race_backgammons_from_both_tables() {
        // Spec: "**backgammon** 3 (gammon, and the loser still has a checker
        // on the bar or in the winner's home board)". The side that just
        // moved has a checker on its 23 point (5 pips from leaving the
        // winner's home board) and the rest at home, none off. The winner,
        // rolling next, has 3 checkers on its 1 point: off at once with a
        // double, else in two turns.
        let p = Position::from_point_counts(&[(23, 1), (6, 14)], &[(1, 3)]).unwrap();
        assert!(p.is_race());
        let mut z = [0u8; 7];
        z[5] = 1;
        let leave_in_one = exit_table().turns(&z).unwrap()[1];
        let bg = race_backgammon(&p, Side::OnRoll).unwrap();
        let want = 6.0 / 36.0 + 30.0 / 36.0 * (1.0 - leave_in_one);
        assert!((bg - want).abs() < 1e-6, "{bg} {want}");
        // Seen from the winner (it just moved, the loser rolls first), the
        // loser has one more turn: a backgammon only if it fails twice.
        let q = Position::from_point_counts(&[(1, 3)], &[(23, 1), (6, 14)]).unwrap();
        let two = exit_table().turns(&z).unwrap()[2];
        let bg = race_backgammon(&q, Side::Opponent).unwrap();
        let want = 6.0 / 36.0 * (1.0 - leave_in_one) + 30.0 / 36.0 * (1.0 - leave_in_one - two);
        assert!((bg - want).abs() < 1e-6, "{bg} {want}");
        // A checker borne off, or contact: not this model's.
        let off = Position::from_point_counts(&[(23, 1), (6, 13)], &[(1, 3)]).unwrap();
        assert_eq!(race_backgammon(&off, Side::OnRoll), None);
        let contact = Position::from_point_counts(&[(23, 1), (6, 14)], &[(1, 2), (20, 1)]).unwrap();
        assert_eq!(race_backgammon(&contact, Side::OnRoll), None);
    }
}

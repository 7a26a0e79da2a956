//! Legal plays as distinct resulting positions, generated fast.
//!
//! Rules applied (spec, "Legality"): entering from the bar first, no landing
//! on a point held by two or more opposing checkers, hitting a blot, using
//! as much of the roll as possible (both numbers, else the larger one;
//! doubles as many of the four as possible), and bearing off once all 15
//! are home, from the matching point or, with no checker higher, from the
//! highest occupied point.
//!
//! How distinct results are found without duplicates:
//! - doubles: the four steps are generated with non-increasing starting
//!   points. Every legal order can be rearranged this way (a step from a
//!   higher point never depends on one from a lower point), and two
//!   different multisets of starting points always give different
//!   positions, so this enumeration has no duplicate at all;
//! - two different numbers: both orders are generated and duplicates are
//!   removed with a small hash table (exact comparison on a hash match).

use serde::{Deserialize, Serialize};

use crate::board::{Position, BAR, OFF};
use crate::dice::Dice;

/// One checker moving by one die: `from` 25 is the bar, `to` 0 is off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    /// Starting point of the mover (1..=24, or 25 for the bar).
    pub from: u8,
    /// Landing point (1..=24, or 0 for borne off).
    pub to: u8,
    /// Whether the step hit an opposing blot.
    pub hit: bool,
}

/// A complete legal play for a roll: its steps and the position it leads
/// to, still seen from the side that played (not turned around).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
    result: Position,
}

impl Play {
    /// The empty play (the roll cannot be used): the position is unchanged.
    #[must_use]
    pub fn pass(position: &Position) -> Play {
        Play {
            steps: [Step::default(); 4],
            len: 0,
            result: *position,
        }
    }

    /// The steps in one legal order (0 to 4 of them).
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        let n = usize::from(self.len).min(4);
        &self.steps[..n]
    }

    /// The position after the play, from the view of the side that played.
    #[must_use]
    pub fn result(&self) -> &Position {
        &self.result
    }

    /// Whether this is the empty play of a roll that cannot be used.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn from_parts(steps: &[Step], result: Position) -> Play {
        let mut s = [Step::default(); 4];
        for (d, src) in s.iter_mut().zip(steps) {
            *d = *src;
        }
        Play {
            steps: s,
            len: steps.len().min(4) as u8,
            result,
        }
    }
}

/// Where generated plays go.
pub(crate) trait Sink {
    fn clear(&mut self);
    fn count(&self) -> usize;
    fn board(&self, i: usize) -> &[i8; 26];
    fn push(&mut self, b: &[i8; 26], steps: &[Step]);
}

impl Sink for Vec<Play> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn board(&self, i: usize) -> &[i8; 26] {
        match self.get(i) {
            Some(p) => &p.result.b,
            None => &EMPTY,
        }
    }
    fn push(&mut self, b: &[i8; 26], steps: &[Step]) {
        Vec::push(self, Play::from_parts(steps, Position { b: *b }));
    }
}

impl Sink for Vec<Position> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn board(&self, i: usize) -> &[i8; 26] {
        match self.get(i) {
            Some(p) => &p.b,
            None => &EMPTY,
        }
    }
    fn push(&mut self, b: &[i8; 26], _steps: &[Step]) {
        Vec::push(self, Position { b: *b });
    }
}

/// The board a [`Sink`] answers for an index it does not hold.
pub(crate) static EMPTY: [i8; 26] = [0; 26];

/// Every legal play for `dice`, one per distinct resulting position, in a
/// fixed order. Never empty: when the roll cannot be used at all the list
/// holds the single empty play ([`Play::is_pass`]) with the unchanged
/// position.
#[must_use]
pub fn legal_plays(position: &Position, dice: Dice) -> Vec<Play> {
    let mut out: Vec<Play> = Vec::with_capacity(32);
    generate(&position.b, dice, &mut out);
    if out.is_empty() {
        out.push(Play::pass(position));
    }
    out
}

/// The distinct positions after each legal play for `dice` (written into
/// `out`, which is cleared first), the fastest way to enumerate them. When
/// no play is possible `out` holds the unchanged position.
pub fn legal_positions_into(position: &Position, dice: Dice, out: &mut Vec<Position>) {
    Sink::clear(out);
    generate(&position.b, dice, out);
    if out.is_empty() {
        out.push(*position);
    }
}

/// Highest point (1..=25) holding a checker of the side on roll, 0 if none.
#[inline]
pub(crate) fn highest(b: &[i8; 26]) -> usize {
    let mut p = BAR;
    while p > 0 {
        if b[p] > 0 {
            return p;
        }
        p -= 1;
    }
    0
}

/// Whether the side on roll may move a checker from `from` by `die`.
/// `hi` is [`highest`] of `b`.
#[inline]
pub(crate) fn can_move(b: &[i8; 26], from: usize, die: usize, hi: usize) -> bool {
    if from == 0 || from > BAR || b[from] <= 0 {
        return false;
    }
    if hi == BAR && from != BAR {
        return false;
    }
    if from > die {
        b[from - die] >= -1
    } else {
        // Bearing off: all home, and exact or from the highest point.
        hi <= 6 && (from == die || from == hi)
    }
}

/// Move a checker of the side on roll (the move must be legal).
#[inline]
pub(crate) fn apply(b: &mut [i8; 26], from: usize, die: usize) -> Step {
    b[from] -= 1;
    if from > die {
        let to = from - die;
        let hit = b[to] == -1;
        if hit {
            b[to] = 1;
            b[OFF] -= 1;
        } else {
            b[to] += 1;
        }
        Step {
            from: from as u8,
            to: to as u8,
            hit,
        }
    } else {
        Step {
            from: from as u8,
            to: OFF as u8,
            hit: false,
        }
    }
}

/// Random odd multipliers of the linear board key (splitmix64 of the index).
const KEYS: [u64; 26] = {
    let mut k = [0u64; 26];
    let mut i = 0;
    while i < 26 {
        let mut z = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        k[i] = (z ^ (z >> 31)) | 1;
        i += 1;
    }
    k
};

/// The linear key of a board: the sum of `KEYS[p] * b[p]` (wrapping).
/// Equal boards have equal keys; a step changes it by a few additions.
#[inline]
fn board_key(b: &[i8; 26]) -> u64 {
    let mut h = 0u64;
    for (k, &v) in KEYS.iter().zip(b) {
        h = h.wrapping_add(k.wrapping_mul(v as i64 as u64));
    }
    h
}

/// How a step changes the board key.
#[inline]
fn key_delta(s: &Step) -> u64 {
    let from = KEYS[usize::from(s.from) % 26];
    let to = KEYS[usize::from(s.to) % 26];
    let mut d = to.wrapping_sub(from);
    if s.to == 0 {
        // Borne off: nothing lands on the board.
        d = 0u64.wrapping_sub(from);
    }
    if s.hit {
        // The blot's -1 became our +1 (one more +to), and the opponent's bar went down.
        d = d.wrapping_add(to).wrapping_sub(KEYS[OFF]);
    }
    d
}

/// The new highest point after a step from `from` (old highest `hi`).
#[inline]
fn highest_after(b: &[i8; 26], hi: usize, from: usize) -> usize {
    if from == hi && b[from] == 0 {
        let mut p = hi;
        while p > 0 {
            if b[p] > 0 {
                return p;
            }
            p -= 1;
        }
        0
    } else {
        hi
    }
}

/// Bit `p` set for every point 1..=25 holding a checker of the side on roll.
#[inline]
fn own_mask(b: &[i8; 26]) -> u32 {
    let mut m = 0u32;
    for (p, &v) in b.iter().enumerate().skip(1) {
        if v > 0 {
            m |= 1 << p;
        }
    }
    m
}

/// The mask after a step from `from` to `to` (0 = off) in the new board `nb`.
#[inline]
fn mask_after(mask: u32, nb: &[i8; 26], from: usize, to: usize) -> u32 {
    let mut m = mask;
    if nb[from] == 0 {
        m &= !(1 << from);
    }
    if to > 0 {
        m |= 1 << to;
    }
    m
}

/// Bit `t` set for every point 1..=24 held by two or more opposing checkers.
#[inline]
fn blocked_mask(b: &[i8; 26]) -> u32 {
    let mut m = 0u32;
    for (t, &v) in b.iter().enumerate().take(25).skip(1) {
        if v <= -2 {
            m |= 1 << t;
        }
    }
    m
}

/// Every starting point from which a checker may legally move `d` now
/// (the same answer as [`can_move`] for each point, as a mask): bar first,
/// no landing on a blocked point, bearing off only with all home and from
/// the matching point or, with nothing higher, the highest one.
#[inline]
fn legal_from(mask: u32, hi: usize, d: usize, blocked: u32) -> u32 {
    if hi == BAR {
        return if blocked & (1 << (BAR - d)) == 0 {
            1 << BAR
        } else {
            0
        };
    }
    let mut m = mask & !(blocked << d) & !((2u32 << d) - 1);
    if hi <= 6 {
        if mask & (1 << d) != 0 {
            m |= 1 << d;
        } else if hi < d {
            m |= 1 << hi;
        }
    }
    m
}

pub(crate) fn generate<S: Sink>(b: &[i8; 26], dice: Dice, out: &mut S) {
    let hi = highest(b);
    if hi == 0 {
        return;
    }
    let mask = own_mask(b);
    let blocked = blocked_mask(b);
    if dice.is_double() {
        let mut best = 0usize;
        let mut steps = [Step::default(); 4];
        let ctx = (usize::from(dice.high()), blocked);
        dbl_rec(b, ctx, hi, mask, hi, 0, &mut steps, &mut best, out);
    } else {
        two_numbers(
            b,
            usize::from(dice.high()),
            usize::from(dice.low()),
            hi,
            mask,
            blocked,
            out,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn dbl_rec<S: Sink>(
    b: &[i8; 26],
    (d, blocked): (usize, u32),
    hi: usize,
    mask: u32,
    from_max: usize,
    depth: usize,
    steps: &mut [Step; 4],
    best: &mut usize,
    out: &mut S,
) {
    let mut moved = false;
    if depth < 4 {
        // Starting points not above from_max, highest first.
        let limit = if from_max >= 31 {
            u32::MAX
        } else {
            (2u32 << from_max) - 1
        };
        let mut m = legal_from(mask, hi, d, blocked) & limit;
        while m != 0 {
            let p = 31 - m.leading_zeros() as usize;
            m &= !(1 << p);
            if depth == 3 {
                // Last die: record each result directly.
                moved = true;
                let mut nb = *b;
                steps[3] = apply(&mut nb, p, d);
                record(&nb, &steps[..], 4, best, out);
                continue;
            }
            {
                moved = true;
                let mut nb = *b;
                let st = apply(&mut nb, p, d);
                steps[depth] = st;
                let nhi = highest_after(&nb, hi, p);
                if nhi == 0 {
                    // All borne off: nothing more can be played.
                    record(&nb, &steps[..=depth], depth + 1, best, out);
                } else {
                    let nm = mask_after(mask, &nb, p, usize::from(st.to));
                    dbl_rec(&nb, (d, blocked), nhi, nm, p, depth + 1, steps, best, out);
                }
            }
        }
    }
    if !moved && depth > 0 {
        record(b, &steps[..depth], depth, best, out);
    }
}

#[inline]
fn record<S: Sink>(b: &[i8; 26], steps: &[Step], len: usize, best: &mut usize, out: &mut S) {
    if len > *best {
        *best = len;
        out.clear();
    }
    if len == *best {
        out.push(b, steps);
    }
}

/// A small open-addressing set of indices into the sink, keyed by board.
struct Dedup {
    slots: [u16; 128],
    keys: [u64; 128],
}

impl Dedup {
    fn new() -> Dedup {
        Dedup {
            slots: [0; 128],
            keys: [0; 128],
        }
    }

    /// Push `b` (whose key is `key`) unless an equal board is already in `out`.
    #[inline]
    fn push<S: Sink>(&mut self, b: &[i8; 26], key: u64, steps: &[Step], out: &mut S) {
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57) as usize;
        for _ in 0..128 {
            let slot = self.slots[i];
            if slot == 0 {
                let n = out.count();
                if n < usize::from(u16::MAX) {
                    self.slots[i] = n as u16 + 1;
                    self.keys[i] = key;
                }
                out.push(b, steps);
                return;
            }
            if self.keys[i] == key && out.board(usize::from(slot - 1)) == b {
                return;
            }
            i = (i + 1) & 127;
        }
        // Table full (more than 128 distinct plays): fall back to a scan.
        if (0..out.count()).all(|k| out.board(k) != b) {
            out.push(b, steps);
        }
    }
}

fn two_numbers<S: Sink>(
    b: &[i8; 26],
    big: usize,
    small: usize,
    hi: usize,
    mask: u32,
    blocked: u32,
    out: &mut S,
) {
    let mut dedup = Dedup::new();
    let key0 = board_key(b);
    let mut found = false;
    // seen[p] has bit q when the big die from p then the small die from q
    // was played in the first pass. The same two steps in the other order
    // give the same position (same landings, same hits), so the second pass
    // skips them without building the board.
    let mut seen = [0u32; 26];
    for (pass, (d1, d2)) in [(big, small), (small, big)].into_iter().enumerate() {
        let mut m = legal_from(mask, hi, d1, blocked);
        while m != 0 {
            let p = 31 - m.leading_zeros() as usize;
            m &= !(1 << p);
            let mut b1 = *b;
            let s1 = apply(&mut b1, p, d1);
            let hi1 = highest_after(&b1, hi, p);
            if hi1 == 0 {
                continue;
            }
            let mask1 = mask_after(mask, &b1, p, usize::from(s1.to));
            let key1 = key0.wrapping_add(key_delta(&s1));
            let mut m1 = legal_from(mask1, hi1, d2, blocked);
            if pass == 0 {
                seen[p] = m1 & mask;
            } else {
                found |= m1 != 0;
                // Here p moved the small die first and q moves the big die.
                let mut skip = 0u32;
                let mut qs = m1;
                while qs != 0 {
                    let q = 31 - qs.leading_zeros() as usize;
                    qs &= !(1 << q);
                    if seen[q] & (1 << p) != 0 && b[q] > 0 {
                        skip |= 1 << q;
                    }
                }
                m1 &= !skip;
            }
            while m1 != 0 {
                let q = 31 - m1.leading_zeros() as usize;
                m1 &= !(1 << q);
                let mut b2 = b1;
                let s2 = apply(&mut b2, q, d2);
                found = true;
                dedup.push(&b2, key1.wrapping_add(key_delta(&s2)), &[s1, s2], out);
            }
        }
    }
    if found {
        return;
    }
    // Only one number can be played: the larger if it can, else the smaller.
    for d in [big, small] {
        let mut m = legal_from(mask, hi, d, blocked);
        while m != 0 {
            let p = 31 - m.leading_zeros() as usize;
            m &= !(1 << p);
            let mut b1 = *b;
            let s = apply(&mut b1, p, d);
            out.push(&b1, &[s]);
        }
        if out.count() > 0 {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_from_agrees_with_can_move() {
        let mut rng = games_common::GameRng::from_seed(8);
        let mut p = Position::start();
        for _ in 0..2000 {
            let b = &p.b;
            let hi = highest(b);
            for d in 1..=6 {
                let m = legal_from(own_mask(b), hi, d, blocked_mask(b));
                for from in 1..=25 {
                    assert_eq!(
                        m & (1 << from) != 0,
                        can_move(b, from, d, hi),
                        "{p:?} {from} {d}"
                    );
                }
            }
            let plays = legal_plays(&p, Dice::roll(&mut rng));
            let Some(play) = rng.choose(&plays) else {
                break;
            };
            p = play.result().flip();
            if play.result().outcome().is_some() {
                p = Position::start();
            }
        }
    }

    #[test]
    fn key_deltas_track_the_board_key() {
        let mut rng = games_common::GameRng::from_seed(3);
        let mut p = Position::start();
        for _ in 0..300 {
            let d = Dice::roll(&mut rng);
            let plays = legal_plays(&p, d);
            let Some(play) = rng.choose(&plays) else {
                break;
            };
            let mut key = board_key(&p.b);
            for s in play.steps() {
                key = key.wrapping_add(key_delta(s));
            }
            assert_eq!(key, board_key(&play.result().b));
            p = play.result().flip();
            if play.result().outcome().is_some() {
                p = Position::start();
            }
        }
    }
}

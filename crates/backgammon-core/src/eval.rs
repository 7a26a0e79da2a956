//! The evaluation of the Normal and Hard levels: made points and the
//! structure of the board (pubeval's linear weights), blot risk (the rolls
//! of the 36 on which the opponent can hit a blot, weighted by what the blot
//! would lose) and the pip count.
//!
//! Scores are for the side that **just moved** (the side on roll of a
//! [`crate::Play::result`]); higher is better. Plain `f32` additions and
//! multiplications in a fixed order: the same on every platform.

use crate::board::{Position, Side};
use crate::pubeval::pubeval_score;

/// Weights of the evaluation's terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// Per hitting roll (out of 36), times (1 + pips the worst blot loses / 25).
    pub shot: f32,
    /// Per pip of lead in the race (contact positions).
    pub pip: f32,
    /// Subtract the opponent's pubeval score (as if it had just moved).
    pub symmetric: bool,
}

/// The weights the levels use.
pub const DEFAULT_WEIGHTS: EvalWeights = EvalWeights {
    shot: 6.0,
    pip: 0.05,
    symmetric: true,
};

/// How many of the 36 rolls let the opponent (the side not on roll of
/// `after`) hit at least one blot of the side on roll, and the largest pip
/// loss among the blots it can hit.
#[must_use]
pub fn hitting_rolls(after: &Position) -> (u32, u32) {
    let b = after.raw();
    // Blots of the mover, in mover numbering.
    let mut blots = [0usize; 15];
    let mut nb = 0;
    for (t, &v) in b.iter().enumerate().take(25).skip(1) {
        if v == 1 {
            if let Some(slot) = blots.get_mut(nb) {
                *slot = t;
                nb += 1;
            }
        }
    }
    if nb == 0 {
        return (0, 0);
    }
    // Opponent checkers at mover-numbered q (0 = its bar); it moves q -> q + die.
    let opp_bar = b[0].unsigned_abs();
    let mut opp = [false; 25];
    opp[0] = opp_bar > 0;
    // The mover's made points, where no opponent checker may land.
    let mut blocked = [false; 25];
    for q in 1..=24usize {
        opp[q] = b[q] < 0;
        blocked[q] = b[q] >= 2;
    }
    let blots = blots.get(..nb).unwrap_or(&[]);
    // A roll hits the same blots in either order, so the 21 distinct rolls
    // are enough: a non-double counts twice.
    let mut rolls = 0u32;
    for d1 in 1..=6usize {
        for d2 in d1..=6usize {
            if blots
                .iter()
                .any(|&t| hits(t, d1, d2, &opp, opp_bar, &blocked))
            {
                rolls += if d1 == d2 { 1 } else { 2 };
            }
        }
    }
    // A hit blot on the mover's point t loses 25 - t pips: the worst is the
    // lowest blot some roll hits (blots are in increasing order).
    let worst = blots
        .iter()
        .find(|&&t| (1..=6).any(|d1| (d1..=6).any(|d2| hits(t, d1, d2, &opp, opp_bar, &blocked))))
        .map_or(0, |&t| 25 - t as u32);
    (rolls, worst)
}

fn hits(
    t: usize,
    d1: usize,
    d2: usize,
    opp: &[bool; 25],
    opp_bar: u8,
    blocked: &[bool; 25],
) -> bool {
    let blocked = |p: usize| blocked.get(p).copied().unwrap_or(false);
    let from = |q: isize| q >= 0 && opp.get(q as usize).copied().unwrap_or(false);
    let ti = t as isize;
    if opp_bar > 0 {
        // Entering checkers first: only hits from the bar, or (one on the
        // bar) a direct hit with the other die after entering.
        let direct = (d1 == t || d2 == t) && !blocked(t);
        let combo = d1 + d2 == t && ((!blocked(d1)) || (!blocked(d2)));
        let after_entry = opp_bar == 1
            && d1 != d2
            && ((!blocked(d1) && from(ti - d2 as isize) && ti - (d2 as isize) > 0)
                || (!blocked(d2) && from(ti - d1 as isize) && ti - (d1 as isize) > 0));
        return direct || combo || after_entry;
    }
    if d1 == d2 {
        let d = d1 as isize;
        for k in 1..=4isize {
            let q = ti - k * d;
            if q < 0 {
                break;
            }
            if from(q) && (1..k).all(|i| !blocked((q + i * d) as usize)) {
                return true;
            }
        }
        return false;
    }
    if from(ti - d1 as isize) || from(ti - d2 as isize) {
        return true;
    }
    let q = ti - (d1 + d2) as isize;
    from(q) && (!blocked((q + d1 as isize) as usize) || !blocked((q + d2 as isize) as usize))
}

/// The evaluation of the Normal and Hard levels for `after` (seen from the
/// side that just moved); `race` is whether the position before the move
/// was a race (pubeval's race weights).
#[must_use]
pub fn evaluate(after: &Position, race: bool, w: &EvalWeights) -> f32 {
    let mine = pubeval_score(after, race);
    if mine == f32::MAX {
        return mine;
    }
    // Antisymmetric: the mover's structure minus the opponent's, each
    // scored by pubeval as if that side had just moved.
    let theirs = pubeval_score(&after.flip(), race);
    let base = if w.symmetric { mine - theirs } else { mine };
    if race {
        return base;
    }
    let [me, them] = after.pip_counts();
    let pip = (them as f32 - me as f32) * w.pip;
    let (rolls, worst) = hitting_rolls(after);
    let risk = w.shot * (rolls as f32 / 36.0) * (1.0 + worst as f32 / 25.0);
    // Our checkers sent back are worth less when the opponent's board is weak.
    let opp_home = (1..=6)
        .filter(|&p| after.checkers(Side::Opponent, p) >= 2)
        .count() as f32;
    base + pip - risk * (0.5 + opp_home / 6.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
        Position::from_point_counts(me, opp).unwrap()
    }

    #[test]
    fn direct_and_indirect_shots_are_counted() {
        // A mover blot on its 10; one opponent checker 6 pips away (the
        // opponent's 21 = mover's 4). Direct 6s: 11 rolls; 5-1, 1-5, 4-2,
        // 2-4 and 3-3 add 5; 2-2 would pass the mover's 6 point (made): no.
        let p = pos(&[(10, 1), (6, 14)], &[(21, 1), (1, 14)]);
        let (rolls, worst) = hitting_rolls(&p);
        assert_eq!(rolls, 16);
        assert_eq!(worst, 15);
        // Blocking the mover's 6 point does not stop 6s (they land on 10).
        let safe = pos(&[(10, 2), (6, 13)], &[(21, 1), (1, 14)]);
        assert_eq!(hitting_rolls(&safe), (0, 0));
    }

    /// The count as first written: all 36 ordered rolls, every blot.
    fn hitting_rolls_by_all_36(after: &Position) -> (u32, u32) {
        let b = after.raw();
        let opp_bar = b[0].unsigned_abs();
        let mut opp = [false; 25];
        opp[0] = opp_bar > 0;
        let mut blocked = [false; 25];
        for q in 1..=24usize {
            opp[q] = b[q] < 0;
            blocked[q] = b[q] >= 2;
        }
        let (mut rolls, mut worst) = (0, 0);
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                let hit: Vec<usize> = (1..=24)
                    .filter(|&t| b[t] == 1 && hits(t, d1, d2, &opp, opp_bar, &blocked))
                    .collect();
                if !hit.is_empty() {
                    rolls += 1;
                }
                for t in hit {
                    worst = worst.max(25 - t as u32);
                }
            }
        }
        (rolls, worst)
    }

    #[test]
    fn the_21_distinct_rolls_count_as_the_36() {
        let mut checked = 0;
        for p in crate::sample_positions(7, 400, false) {
            for q in [p, p.flip()] {
                assert_eq!(hitting_rolls(&q), hitting_rolls_by_all_36(&q), "{q:?}");
                checked += u32::from(hitting_rolls(&q).0 > 0);
            }
        }
        assert!(checked > 100, "only {checked} positions with a shot");
    }

    #[test]
    fn risk_lowers_the_evaluation() {
        let exposed = pos(&[(10, 1), (6, 14)], &[(21, 1), (1, 14)]);
        let safe = pos(&[(9, 1), (6, 14)], &[(21, 1), (1, 14)]);
        let w = DEFAULT_WEIGHTS;
        let (r1, _) = hitting_rolls(&exposed);
        let (r2, _) = hitting_rolls(&safe);
        assert!(r1 > r2);
        let no_risk = EvalWeights { shot: 0.0, ..w };
        let risk = |p: &Position| evaluate(p, false, &no_risk) - evaluate(p, false, &w);
        assert!(risk(&exposed) > risk(&safe));
        assert!(risk(&safe) > 0.0);
    }
}

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

/// How the opponent's checkers on the bar are counted in [`hitting_rolls`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BarShots {
    /// By the rules: every checker on the bar enters first (two or more on
    /// the bar take both numbers of a roll, four of a double), then the
    /// numbers left move any checker, the entered ones too.
    Rules,
    /// The count the shipped networks were trained with (their blot
    /// features): entering with one number and moving on with the other,
    /// whatever the number on the bar, and no double after entering.
    AsTrained,
}

/// How many of the 36 rolls let the opponent (the side not on roll of
/// `after`) hit at least one blot of the side on roll, and the largest pip
/// loss among the blots it can hit. A roll counts when its numbers can take
/// an opponent's checker to a blot step by step by the rules of a step:
/// checkers on the bar enter first, no landing on a made point. (It does not
/// check that the rest of the roll can then still be played: a hit that
/// would leave a number unplayable, where another play uses both, counts.)
#[must_use]
pub fn hitting_rolls(after: &Position) -> (u32, u32) {
    hitting_rolls_by(after, BarShots::Rules)
}

/// [`hitting_rolls`] with the opponent's bar counted as `bar` says.
pub(crate) fn hitting_rolls_by(after: &Position, bar: BarShots) -> (u32, u32) {
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
    let board = Hitter::of(b, bar);
    let blots = blots.get(..nb).unwrap_or(&[]);
    // A roll hits the same blots in either order, so the 21 distinct rolls
    // are enough: a non-double counts twice.
    let mut rolls = 0u32;
    for d1 in 1..=6usize {
        for d2 in d1..=6usize {
            if blots.iter().any(|&t| board.hits(t, d1, d2)) {
                rolls += if d1 == d2 { 1 } else { 2 };
            }
        }
    }
    // A hit blot on the mover's point t loses 25 - t pips: the worst is the
    // lowest blot some roll hits (blots are in increasing order).
    let worst = blots
        .iter()
        .find(|&&t| (1..=6).any(|d1| (d1..=6).any(|d2| board.hits(t, d1, d2))))
        .map_or(0, |&t| 25 - t as u32);
    (rolls, worst)
}

/// The hitting side's checkers in the mover's numbering (it moves
/// `q -> q + die`, entering from its bar at `q = 0` onto the mover's point
/// `die`) and the mover's made points, where it may not land.
struct Hitter {
    opp: [bool; 25],
    opp_bar: u8,
    blocked: [bool; 25],
    bar: BarShots,
}

impl Hitter {
    fn of(b: &[i8; 26], bar: BarShots) -> Hitter {
        let opp_bar = b[0].unsigned_abs();
        let mut opp = [false; 25];
        opp[0] = opp_bar > 0;
        let mut blocked = [false; 25];
        for q in 1..=24usize {
            opp[q] = b[q] < 0;
            blocked[q] = b[q] >= 2;
        }
        Hitter {
            opp,
            opp_bar,
            blocked,
            bar,
        }
    }

    fn blocked(&self, p: usize) -> bool {
        self.blocked.get(p).copied().unwrap_or(false)
    }

    /// A checker on point `q` (1..=24) before the roll.
    fn on(&self, q: isize) -> bool {
        q >= 1 && self.opp.get(q as usize).copied().unwrap_or(false)
    }

    /// Whether a checker on `q` (or entered there) reaches `t` in `k` more
    /// steps of `d` over open points.
    fn run(&self, q: isize, t: isize, d: isize, k: isize) -> bool {
        q + k * d == t && (1..k).all(|i| !self.blocked((q + i * d) as usize))
    }

    /// Whether the roll `d1`-`d2` can hit the mover's blot on `t`.
    fn hits(&self, t: usize, d1: usize, d2: usize) -> bool {
        let ti = t as isize;
        if self.opp_bar > 0 {
            return match self.bar {
                BarShots::Rules => self.hits_from_bar(ti, d1 as isize, d2 as isize),
                BarShots::AsTrained => self.hits_from_bar_as_trained(t, d1, d2),
            };
        }
        if d1 == d2 {
            let d = d1 as isize;
            return (1..=4).any(|k| {
                let q = ti - k * d;
                self.on(q) && self.run(q, ti, d, k)
            });
        }
        if self.on(ti - d1 as isize) || self.on(ti - d2 as isize) {
            return true;
        }
        let q = ti - (d1 + d2) as isize;
        self.on(q)
            && (!self.blocked((q + d1 as isize) as usize)
                || !self.blocked((q + d2 as isize) as usize))
    }

    /// [`Hitter::hits`] by the rules with checkers on the bar: they all
    /// enter first, then the numbers left move any checker.
    fn hits_from_bar(&self, t: isize, d1: isize, d2: isize) -> bool {
        let open = |p: isize| !self.blocked(p as usize);
        if d1 == d2 {
            let d = d1;
            if !open(d) {
                return false;
            }
            // Entering on the blot hits; then 4 - (on the bar) steps are left.
            let left = 4 - isize::from(self.opp_bar.min(4));
            return t == d
                || (1..=left).any(|k| {
                    let q = t - k * d;
                    (q == d || self.on(q)) && self.run(q, t, d, k)
                });
        }
        // Entering on the blot with either number hits.
        if (d1 == t && open(d1)) || (d2 == t && open(d2)) {
            return true;
        }
        // One on the bar: it enters with one number, the other moves any
        // checker (the entered one too). More on the bar use both numbers.
        self.opp_bar == 1
            && [(d1, d2), (d2, d1)]
                .iter()
                .any(|&(e, m)| open(e) && (e + m == t || self.on(t - m)))
    }

    /// [`Hitter::hits`] with checkers on the bar as the shipped networks
    /// were trained ([`BarShots::AsTrained`]).
    fn hits_from_bar_as_trained(&self, t: usize, d1: usize, d2: usize) -> bool {
        let ti = t as isize;
        let direct = (d1 == t || d2 == t) && !self.blocked(t);
        let combo = d1 + d2 == t && (!self.blocked(d1) || !self.blocked(d2));
        let after_entry = self.opp_bar == 1
            && d1 != d2
            && ((!self.blocked(d1) && self.on(ti - d2 as isize))
                || (!self.blocked(d2) && self.on(ti - d1 as isize)));
        direct || combo || after_entry
    }
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
    use crate::board::BAR as BAR_POINT;
    use crate::Dice;

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
        let board = Hitter::of(b, BarShots::Rules);
        let (mut rolls, mut worst) = (0, 0);
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                let hit: Vec<usize> = (1..=24)
                    .filter(|&t| b[t] == 1 && board.hits(t, d1, d2))
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

    /// Whether some sequence of single steps the rules allow (checkers on
    /// the bar first, no landing on a made point) with the numbers of
    /// `dice` hits: the opponent's view, each step by the rules of one step.
    fn some_steps_hit(b: &[i8; 26], dice: &[u8]) -> bool {
        let hi = crate::movegen::highest(b);
        (0..dice.len()).any(|i| {
            let d = usize::from(dice[i]);
            (1..=25).any(|from| {
                if !crate::movegen::can_move(b, from, d, hi) {
                    return false;
                }
                let mut nb = *b;
                let rest: Vec<u8> = (0..dice.len())
                    .filter(|&j| j != i)
                    .map(|j| dice[j])
                    .collect();
                crate::movegen::apply(&mut nb, from, d).hit || some_steps_hit(&nb, &rest)
            })
        })
    }

    /// Spec, Normal: "weighs made points, blot risk (shots that hit each
    /// blot)"; and "A player with checkers on the bar must enter them all
    /// (into the opponent's home board) before any other checker moves".
    /// The shots are the rolls (of 36) with which the opponent's checkers
    /// can reach a blot, counted here by trying every sequence of steps.
    #[test]
    fn shots_are_the_rolls_whose_steps_can_hit_also_from_the_bar() {
        let mut with_bar = 0;
        for p in crate::sample_positions(11, 3000, true) {
            for q in [p, p.flip()] {
                let opp = q.flip();
                let mut rolls = 0;
                for (dice, weight) in Dice::all_21() {
                    if some_steps_hit(&opp.b, &dice.numbers()) {
                        rolls += u32::from(weight);
                    }
                }
                assert_eq!(hitting_rolls(&q).0, rolls, "{}", q.to_xgid(None));
                with_bar += u32::from(q.bar(Side::Opponent) > 0 && rolls > 0);
            }
        }
        assert!(
            with_bar > 50,
            "only {with_bar} positions with the hitter on the bar"
        );
        // The opponent (on its bar twice) rolls 4-1 with the mover's blot on
        // its 5: both numbers enter, none is left to come on to 5: only 1
        // and 4 entering on a blot hit, 5-x enters on 5 itself.
        let p = pos(&[(5, 1), (6, 14)], &[(BAR_POINT, 2), (1, 13)]);
        let opp = p.flip();
        let expected: u32 = Dice::all_21()
            .iter()
            .filter(|(d, _)| some_steps_hit(&opp.b, &d.numbers()))
            .map(|&(_, w)| u32::from(w))
            .sum();
        assert_eq!(expected, 11, "only a 5 enters on the blot");
        assert_eq!(hitting_rolls(&p).0, 11);
        // One on the bar rolls 2-2 with the mover's blot on its 6: it
        // enters on 2 and moves on 4 and 6 with two of the 2s left.
        let p = pos(&[(6, 1), (8, 14)], &[(BAR_POINT, 1), (1, 14)]);
        assert!(Hitter::of(p.raw(), BarShots::Rules).hits(6, 2, 2));
        assert!(!Hitter::of(p.raw(), BarShots::AsTrained).hits(6, 2, 2));
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

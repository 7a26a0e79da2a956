//! The step-by-step interface for a touch screen: one checker at a time.
//!
//! A [`Turn`] holds the roll part-way played. It only offers steps that keep
//! a complete legal play possible (so the use-as-much-as-possible and
//! larger-die rules are kept step by step), and it can be committed once the
//! steps made reach one of the legal plays.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Position, Side, BAR, OFF};
use crate::dice::Dice;
use crate::movegen::{apply, can_move, highest, legal_plays, Play, Step};

/// Why a step or a commit was refused (the turn is left unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TurnError {
    /// No die left lets a checker go from `from` to `to` while keeping a
    /// complete legal play possible.
    #[error("no legal step from {from} to {to} now")]
    IllegalStep {
        /// Starting point (25 is the bar).
        from: u8,
        /// Landing point (0 is off).
        to: u8,
    },
    /// The steps made are not yet a complete legal play.
    #[error("the play is not complete: {0} more step(s) to make")]
    Incomplete(usize),
}

/// Why a move of one checker from `from` to `to` (with one die or several)
/// cannot be made now: the reason a host shows for a refused move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StepRefusal {
    /// The dice of the turn are all used (or the play is complete).
    #[error("the roll is used up: no die is left to move with")]
    NoDiceLeft,
    /// Checkers on the bar must all enter before any other checker moves.
    #[error("you have {on_bar} checker(s) on the bar: enter them (bar/..) before moving any other checker")]
    MustEnter {
        /// Checkers on the bar of the side on roll.
        on_bar: u8,
    },
    /// The move does not go forward (a checker moves from a higher point
    /// to a lower one, or off).
    #[error("{}/{} does not go forward: checkers move from higher points to lower ones", point_text(*from), point_text(*to))]
    NotForward {
        /// Starting point.
        from: u8,
        /// Landing point.
        to: u8,
    },
    /// The side on roll has no checker where the move starts.
    #[error("you have no checker on {}", point_text(*from))]
    NoChecker {
        /// Starting point (25 is the bar).
        from: u8,
    },
    /// No die left, nor a sum of them, covers the distance.
    #[error("{}/{} is {distance} pip(s), and the dice left ({}) cannot make it", point_text(*from), point_text(*to), dice_text(dice))]
    NoDie {
        /// Starting point (25 is the bar).
        from: u8,
        /// Landing point (0 is off).
        to: u8,
        /// The distance in pips (for off: down to point 0).
        distance: u8,
        /// The dice left.
        dice: Vec<u8>,
    },
    /// The move would land (or stop on the way) on a point the opponent holds.
    #[error(
        "point {point} is held by {count} of the opponent's checkers: no checker may land there"
    )]
    Blocked {
        /// The blocked point.
        point: u8,
        /// The opponent's checkers on it (2 or more).
        count: u8,
    },
    /// Bearing off needs all 15 checkers in the home board (points 1-6).
    #[error("you can bear off only once all your checkers are in your home board (points 1 to 6)")]
    NotAllHome,
    /// A die larger than the point bears off only from the highest occupied point.
    #[error(
        "a {die} bears off from point {point} only when no checker of yours is on a higher point"
    )]
    HigherChecker {
        /// The point the checker would bear off from.
        point: u8,
        /// The die used.
        die: u8,
    },
    /// The move is possible by itself, but then the rest of the roll cannot
    /// be played as the rules require.
    #[error("after that move the roll could not be used as the rules require: play both numbers when you can, or the larger when only one can be played (doubles: as many as you can)")]
    RollRule,
}

fn point_text(p: u8) -> String {
    match usize::from(p) {
        BAR => "the bar".to_string(),
        OFF => "off".to_string(),
        _ => p.to_string(),
    }
}

fn dice_text(dice: &[u8]) -> String {
    dice.iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// How one way of playing a move with a sequence of dice ends.
enum Attempt {
    /// It lands on the target.
    Lands,
    /// It does not reach the target exactly.
    Misses,
    /// A rule stops it on the way.
    Refused(StepRefusal),
}

/// A roll being played one step at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    start: Position,
    dice: Dice,
    legal: Vec<Play>,
    /// Sorted results of the legal plays.
    targets: Vec<Position>,
    /// Steps each legal play has.
    need: usize,
    current: Position,
    remaining: Vec<u8>,
    made: Vec<(Step, u8)>,
}

/// A step the turn offers: where a checker may go and with which die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StepOption {
    /// Starting point (25 is the bar).
    pub from: u8,
    /// Landing point (0 is off).
    pub to: u8,
    /// The die number used.
    pub die: u8,
}

impl Turn {
    /// Start playing `dice` in `position` (side on roll moves).
    #[must_use]
    pub fn new(position: Position, dice: Dice) -> Turn {
        let legal = legal_plays(&position, dice);
        let need = legal.first().map_or(0, |p| p.steps().len());
        let mut targets: Vec<Position> = legal.iter().map(|p| *p.result()).collect();
        targets.sort_unstable();
        Turn {
            start: position,
            dice,
            legal,
            targets,
            need,
            current: position,
            remaining: dice.numbers(),
            made: Vec::new(),
        }
    }

    /// The position before any step.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The roll being played.
    #[must_use]
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The position after the steps made so far.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// Pip counts `[on roll, opponent]` after the steps made so far.
    #[must_use]
    pub fn pip_counts(&self) -> [u32; 2] {
        self.current.pip_counts()
    }

    /// Die numbers not used yet.
    #[must_use]
    pub fn remaining_dice(&self) -> &[u8] {
        &self.remaining
    }

    /// The steps made so far.
    #[must_use]
    pub fn steps(&self) -> Vec<Step> {
        self.made.iter().map(|&(s, _)| s).collect()
    }

    /// Every complete legal play of the roll (distinct results).
    #[must_use]
    pub fn legal_plays(&self) -> &[Play] {
        &self.legal
    }

    /// Whether the roll cannot be used at all (the turn passes).
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.need == 0
    }

    /// Whether the steps made form a complete legal play.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.made.len() == self.need && self.targets.binary_search(&self.current).is_ok()
    }

    /// Every step possible now that keeps a complete legal play possible,
    /// ordered by starting point (highest first) then landing point. When
    /// two dice take the same checker to the same place (bearing off) only
    /// the smaller die is listed.
    #[must_use]
    pub fn options(&self) -> Vec<StepOption> {
        let mut out: Vec<StepOption> = Vec::new();
        if self.made.len() >= self.need {
            return out;
        }
        let b = &self.current.b;
        let hi = highest(b);
        let mut dice: Vec<u8> = self.remaining.clone();
        dice.sort_unstable();
        dice.dedup();
        for from in (1..=25usize).rev() {
            for &d in &dice {
                let du = usize::from(d);
                if !can_move(b, from, du, hi) {
                    continue;
                }
                let to = from.saturating_sub(du) as u8;
                if out
                    .iter()
                    .any(|o| usize::from(o.from) == from && o.to == to)
                {
                    continue;
                }
                let mut nb = *b;
                apply(&mut nb, from, du);
                let rest = without_one(&self.remaining, d);
                if self.completes(&nb, &rest, self.need - self.made.len() - 1) {
                    out.push(StepOption {
                        from: from as u8,
                        to,
                        die: d,
                    });
                }
            }
        }
        out
    }

    /// The checkers (starting points, 25 for the bar) that may move now.
    #[must_use]
    pub fn movable_checkers(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.options().iter().map(|o| o.from).collect();
        v.dedup();
        v
    }

    /// Legal landing points (0 for off) of the checker on `from` now.
    #[must_use]
    pub fn destinations(&self, from: u8) -> Vec<u8> {
        self.options()
            .iter()
            .filter(|o| o.from == from)
            .map(|o| o.to)
            .collect()
    }

    /// The single checker that can reach `to` now, when exactly one
    /// starting point can; `None` when none or several can.
    #[must_use]
    pub fn checker_for(&self, to: u8) -> Option<u8> {
        let mut froms = self
            .options()
            .into_iter()
            .filter(|o| o.to == to)
            .map(|o| o.from);
        let first = froms.next()?;
        if froms.all(|f| f == first) {
            Some(first)
        } else {
            None
        }
    }

    /// Move a checker from `from` to `to` (0 for off) with one die.
    ///
    /// # Errors
    /// [`TurnError::IllegalStep`] when that step is not offered now.
    pub fn step(&mut self, from: u8, to: u8) -> Result<Step, TurnError> {
        let opt = self
            .options()
            .into_iter()
            .find(|o| o.from == from && o.to == to)
            .ok_or(TurnError::IllegalStep { from, to })?;
        let mut nb = self.current.b;
        let step = apply(&mut nb, usize::from(from), usize::from(opt.die));
        self.current = Position { b: nb };
        if let Some(i) = self.remaining.iter().position(|&d| d == opt.die) {
            self.remaining.remove(i);
        }
        self.made.push((step, opt.die));
        Ok(step)
    }

    /// Take back the last step; `None` when no step was made.
    pub fn undo_step(&mut self) -> Option<Step> {
        let (step, die) = self.made.pop()?;
        self.remaining.push(die);
        self.remaining.sort_unstable_by(|a, b| b.cmp(a));
        let mut b = self.start.b;
        for &(s, d) in &self.made {
            apply(&mut b, usize::from(s.from), usize::from(d));
        }
        self.current = Position { b };
        Some(step)
    }

    /// Take back every step.
    pub fn reset(&mut self) {
        self.made.clear();
        self.current = self.start;
        self.remaining = self.dice.numbers();
    }

    /// The legal play the steps made form.
    ///
    /// # Errors
    /// [`TurnError::Incomplete`] when they are not a complete legal play.
    pub fn commit(&self) -> Result<Play, TurnError> {
        if !self.is_complete() {
            return Err(TurnError::Incomplete(
                self.need.saturating_sub(self.made.len()).max(1),
            ));
        }
        self.legal
            .iter()
            .find(|p| p.result() == &self.current)
            .copied()
            .ok_or(TurnError::Incomplete(1))
    }

    /// Whether `k` more steps with `dice` from `b` can reach a legal result.
    fn completes(&self, b: &[i8; 26], dice: &[u8], k: usize) -> bool {
        if k == 0 {
            return self.targets.binary_search(&Position { b: *b }).is_ok();
        }
        let hi = highest(b);
        let mut tried = [false; 7];
        for &d in dice {
            let du = usize::from(d);
            if tried[du] {
                continue;
            }
            tried[du] = true;
            for from in (1..=25usize).rev() {
                if can_move(b, from, du, hi) {
                    let mut nb = *b;
                    apply(&mut nb, from, du);
                    if self.completes(&nb, &without_one(dice, d), k - 1) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Why the move of one checker from `from` to `to` (0 for off; one
    /// die or several, as `24/13` with 6-5) cannot be made now, in the
    /// order a player needs to hear it: no dice left, checkers on the bar,
    /// no checker there, no dice for the distance, a blocked point,
    /// bearing off too early or past a higher checker, and last the rule
    /// that the whole roll must be used. `None` when the move can be made.
    ///
    /// ```
    /// use backgammon_core::{Dice, Position, StepRefusal, Turn};
    ///
    /// let turn = Turn::new(Position::start(), Dice::new(3, 1).unwrap());
    /// assert_eq!(turn.why_not(24, 23), None);
    /// assert_eq!(turn.why_not(7, 4), Some(StepRefusal::NoChecker { from: 7 }));
    /// assert_eq!(
    ///     turn.why_not(24, 18),
    ///     Some(StepRefusal::NoDie { from: 24, to: 18, distance: 6, dice: vec![3, 1] })
    /// );
    /// // The opponent's 5 checkers on its 13-point are on our 12.
    /// assert_eq!(turn.why_not(13, 12), Some(StepRefusal::Blocked { point: 12, count: 5 }));
    /// let turn = Turn::new(Position::start(), Dice::new(6, 1).unwrap());
    /// assert_eq!(turn.why_not(6, 0), Some(StepRefusal::NotAllHome));
    /// ```
    #[must_use]
    pub fn why_not(&self, from: u8, to: u8) -> Option<StepRefusal> {
        if self.made.len() >= self.need || self.remaining.is_empty() {
            return Some(StepRefusal::NoDiceLeft);
        }
        if usize::from(to) != OFF && to >= from {
            return Some(StepRefusal::NotForward { from, to });
        }
        let b = &self.current.b;
        let on_bar = u8::try_from(b[BAR].max(0)).unwrap_or(0);
        if usize::from(from) != BAR && on_bar > 0 {
            return Some(StepRefusal::MustEnter { on_bar });
        }
        if usize::from(from) > BAR || b[usize::from(from)] <= 0 || from == 0 {
            return Some(StepRefusal::NoChecker { from });
        }
        if self.reachable_by_steps(from, to) {
            return None;
        }
        // Every order of every sub-multiset of the dice left: the reasons
        // of the ways that cover the distance.
        let mut reasons: Vec<StepRefusal> = Vec::new();
        let mut lands = false;
        let mut seqs: Vec<Vec<u8>> = Vec::new();
        dice_orders(&self.remaining, &mut Vec::new(), &mut seqs);
        for seq in &seqs {
            match attempt(b, from, to, seq) {
                Attempt::Lands => lands = true,
                Attempt::Misses => {}
                Attempt::Refused(r) => reasons.push(r),
            }
        }
        if lands {
            return Some(StepRefusal::RollRule);
        }
        // The most telling reason first.
        let rank = |r: &StepRefusal| match r {
            StepRefusal::NotAllHome => 0,
            StepRefusal::Blocked { .. } => 1,
            StepRefusal::HigherChecker { .. } => 2,
            _ => 3,
        };
        reasons.sort_by_key(rank);
        Some(reasons.into_iter().next().unwrap_or_else(|| {
            let distance = if usize::from(to) == OFF {
                from
            } else {
                from.saturating_sub(to)
            };
            StepRefusal::NoDie {
                from,
                to,
                distance,
                dice: self.remaining.clone(),
            }
        }))
    }

    /// Whether single steps the turn offers take a checker from `from` to
    /// `to` (through points on the way).
    fn reachable_by_steps(&self, from: u8, to: u8) -> bool {
        self.options().into_iter().any(|o| {
            o.from == from
                && (o.to == to || {
                    let on_the_way = o.to != 0 && (to == 0 || o.to > to);
                    on_the_way && {
                        let mut next = self.clone();
                        next.step(o.from, o.to).is_ok() && next.reachable_by_steps(o.to, to)
                    }
                })
        })
    }

    /// Pip count of a side after the steps made so far.
    #[must_use]
    pub fn pip_count(&self, side: Side) -> u32 {
        self.current.pip_count(side)
    }
}

/// Every non-empty ordered selection of `dice` (each die used at most
/// once; equal dice give one order).
fn dice_orders(dice: &[u8], prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    let mut tried = [false; 7];
    for (i, &d) in dice.iter().enumerate() {
        if tried.get(usize::from(d)).copied().unwrap_or(true) {
            continue;
        }
        tried[usize::from(d)] = true;
        prefix.push(d);
        out.push(prefix.clone());
        let rest: Vec<u8> = dice
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        dice_orders(&rest, prefix, out);
        prefix.pop();
    }
}

/// Move one checker from `from` with `seq`, one die after the other, by
/// the rules of a single step (not the rule of using the whole roll).
fn attempt(b: &[i8; 26], from: u8, to: u8, seq: &[u8]) -> Attempt {
    let mut b = *b;
    let mut cur = usize::from(from);
    let target = usize::from(to);
    for (k, &d) in seq.iter().enumerate() {
        let last = k + 1 == seq.len();
        let du = usize::from(d);
        if cur <= du {
            // Bearing off with this die.
            if target != OFF || !last {
                return Attempt::Misses;
            }
            let hi = highest(&b);
            if hi > 6 {
                return Attempt::Refused(StepRefusal::NotAllHome);
            }
            if cur != du && cur != hi {
                return Attempt::Refused(StepRefusal::HigherChecker {
                    point: cur as u8,
                    die: d,
                });
            }
            return Attempt::Lands;
        }
        let next = cur - du;
        if next < target || (next == target && !last) || (last && next != target) {
            return Attempt::Misses;
        }
        if b[next] < -1 {
            return Attempt::Refused(StepRefusal::Blocked {
                point: next as u8,
                count: u8::try_from(-b[next]).unwrap_or(u8::MAX),
            });
        }
        apply(&mut b, cur, du);
        cur = next;
    }
    if cur == target {
        Attempt::Lands
    } else {
        Attempt::Misses
    }
}

fn without_one(dice: &[u8], d: u8) -> Vec<u8> {
    let mut v = dice.to_vec();
    if let Some(i) = v.iter().position(|&x| x == d) {
        v.remove(i);
    }
    v
}

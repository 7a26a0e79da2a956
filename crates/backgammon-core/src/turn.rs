//! The step-by-step interface for a touch screen: one checker at a time.
//!
//! A [`Turn`] holds the roll part-way played. It only offers steps that keep
//! a complete legal play possible (so the use-as-much-as-possible and
//! larger-die rules are kept step by step), and it can be committed once the
//! steps made reach one of the legal plays.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Position, Side};
use crate::dice::Dice;
use crate::movegen::{apply, can_move, highest, legal_plays, Play, Step};

/// Why a step or a commit was refused (the turn is left unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
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

    /// Pip count of a side after the steps made so far.
    #[must_use]
    pub fn pip_count(&self, side: Side) -> u32 {
        self.current.pip_count(side)
    }
}

fn without_one(dice: &[u8], d: u8) -> Vec<u8> {
    let mut v = dice.to_vec();
    if let Some(i) = v.iter().position(|&x| x == d) {
        v.remove(i);
    }
    v
}

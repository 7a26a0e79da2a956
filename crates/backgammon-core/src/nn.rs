//! A small neural evaluation trained by self-play with TD(0), in the manner
//! of TD-Gammon, with hand-made features (made points, blot risk, pip
//! count) as extra inputs.
//!
//! Inputs (from the view of the side that just moved): per point and side
//! the four TD-Gammon units (≥1, ≥2, ≥3, (n−3)/2), bar and borne-off counts,
//! then the features. One hidden layer; three outputs: the mover's chance to
//! win, to win a gammon, and to lose a gammon. The activation is the
//! "soft sign" sigmoid `0.5 + 0.5·x/(1+|x|)`: only additions,
//! multiplications and divisions, so every platform computes the same bits.
//!
//! The shipped weights (`data/td_net.bin`) come from [`train`] with the
//! seed and game count given in `data/README.md`; training is reproducible.

use std::sync::OnceLock;

use games_common::GameRng;

use crate::board::{Position, Side, BAR};
use crate::dense::{act, Buffers, Weights};
use crate::dice::Dice;
use crate::eval::{hitting_rolls_by, BarShots};
use crate::movegen::legal_positions_into;
use crate::outcome::{self, Outcomes};

/// Number of inputs.
pub const INPUTS: usize = 196 + FEATURES;
const FEATURES: usize = 8;
const MAGIC: &[u8; 4] = b"BGT1";

/// A one-hidden-layer network with three outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    w: Weights<3>,
}

/// The mover's chances: `[win, win a gammon, lose a gammon]`.
pub type Probs = [f32; 3];

/// Equity (points per game, cubeless, backgammons ignored) of the
/// network's three chances: what its TD training maximises. The AI levels
/// use [`Outcomes::equity`] of [`Net::outcomes`], which counts backgammons.
#[must_use]
pub fn equity(p: &Probs) -> f32 {
    2.0 * p[0] - 1.0 + p[1] - p[2]
}

/// The chances seen from the other side.
#[must_use]
pub fn invert(p: &Probs) -> Probs {
    [1.0 - p[0], p[2], p[1]]
}

/// The sparse inputs of `after`: (index, value) pairs, nonzero only.
fn inputs(after: &Position, out: &mut Vec<(usize, f32)>) {
    out.clear();
    let b = after.raw();
    let push_point = crate::neural::units;
    for (p, &v) in b.iter().enumerate().take(25).skip(1) {
        if v > 0 {
            push_point(out, (p - 1) * 4, v as u8);
        } else if v < 0 {
            push_point(out, 96 + (24 - p) * 4, v.unsigned_abs());
        }
    }
    let bar_me = b[BAR].unsigned_abs();
    let bar_opp = b[0].unsigned_abs();
    if bar_me > 0 {
        out.push((192, f32::from(bar_me) / 2.0));
    }
    if bar_opp > 0 {
        out.push((193, f32::from(bar_opp) / 2.0));
    }
    let off_me = after.off(Side::OnRoll);
    let off_opp = after.off(Side::Opponent);
    if off_me > 0 {
        out.push((194, f32::from(off_me) / 15.0));
    }
    if off_opp > 0 {
        out.push((195, f32::from(off_opp) / 15.0));
    }
    // Hand-made features.
    let [pm, po] = after.pip_counts();
    let race = after.is_race();
    let f = 196;
    out.push((f, (po as f32 - pm as f32) / 50.0));
    if race {
        out.push((f + 1, 1.0));
    } else {
        let (rolls, worst) = hitting_rolls_by(after, BarShots::AsTrained);
        out.push((f + 2, rolls as f32 / 36.0));
        out.push((f + 3, rolls as f32 / 36.0 * worst as f32 / 25.0));
        let (r2, w2) = hitting_rolls_by(&after.flip(), BarShots::AsTrained);
        // The opponent's blots the mover can hit on its next roll.
        out.push((f + 4, r2 as f32 / 36.0 * (1.0 + w2 as f32 / 25.0) / 2.0));
    }
    let made = |side: Side, lo: usize, hi: usize| {
        (lo..=hi).filter(|&p| after.checkers(side, p) >= 2).count() as f32
    };
    out.push((f + 5, made(Side::OnRoll, 1, 6) / 6.0));
    out.push((f + 6, made(Side::Opponent, 1, 6) / 6.0));
    out.push((f + 7, longest_prime(after) as f32 / 6.0));
}

/// The longest run of made points of the mover in front of an opponent checker.
fn longest_prime(after: &Position) -> u32 {
    let b = after.raw();
    let mut best = 0;
    let mut run = 0;
    for &v in b.iter().take(25).skip(1) {
        if v >= 2 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// Scratch space for evaluations.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    b: Buffers,
}

impl Net {
    /// A network with `hidden` units (clamped to 1..=1024, what
    /// [`Net::from_bytes`] reads) and small random weights from `rng`.
    #[must_use]
    pub fn random(hidden: usize, rng: &mut GameRng) -> Net {
        Net {
            w: Weights::random(INPUTS, hidden, rng),
        }
    }

    /// Hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.w.hidden
    }

    fn forward(&self, after: &Position, s: &mut Scratch) -> Probs {
        inputs(after, &mut s.b.x);
        self.w.sums(&mut s.b).map(act)
    }

    /// The mover's chances in `after` (seen from the side that just moved).
    #[must_use]
    pub fn evaluate(&self, after: &Position, s: &mut Scratch) -> Probs {
        if let Some((side, kind)) = after.outcome() {
            let g = if kind.points() >= 2 { 1.0 } else { 0.0 };
            return match side {
                Side::OnRoll => [1.0, g, 0.0],
                Side::Opponent => [0.0, 0.0, g],
            };
        }
        self.forward(after, s)
    }

    /// The full chances of `after` (seen from the side that just moved):
    /// exact where [`outcome::exact`] knows them (`deep` as there), else the
    /// network's three completed by [`Outcomes::from_net`] with the
    /// backgammons.
    #[must_use]
    pub fn outcomes(&self, after: &Position, deep: bool, s: &mut Scratch) -> Outcomes {
        if let Some(o) = outcome::exact(after, deep) {
            return o;
        }
        Outcomes::from_net(&self.forward(after, s), after)
    }

    /// One TD step: move the outputs for `after` towards `target`.
    pub(crate) fn learn(&mut self, after: &Position, target: &Probs, alpha: f32, s: &mut Scratch) {
        inputs(after, &mut s.b.x);
        self.w.learn(target, alpha, &mut s.b);
    }

    /// The weights as bytes (magic, hidden count, then little-endian f32s).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(Weights::<3>::byte_len(INPUTS, self.w.hidden));
        self.w.write(&mut v, MAGIC);
        v
    }

    /// Weights written by [`Net::to_bytes`]; `None` when malformed.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Net> {
        let (w, used) = Weights::read(bytes, MAGIC, INPUTS)?;
        (used == bytes.len()).then_some(Net { w })
    }
}

const SHIPPED: &[u8] = include_bytes!("../data/td_net.bin");

/// The network shipped with the crate (`None` if its data is malformed,
/// which a test rules out).
#[must_use]
pub fn shipped() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(SHIPPED)).as_ref()
}

/// Training settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Self-play games.
    pub games: u32,
    /// Seed of the initial weights and of the dice.
    pub seed: u64,
    /// Hidden units.
    pub hidden: usize,
    /// Learning rate at the start (decays linearly to a fifth of it).
    pub alpha: f32,
}

/// Train a network by TD(0) self-play: each side plays the move with the
/// best equity; every position's chances move towards the (inverted)
/// chances of the next position, and the last towards the actual result.
/// Deterministic for a configuration. `progress` is called every 1,000
/// games with the number done.
pub fn train(cfg: TrainConfig, start: Option<Net>, mut progress: impl FnMut(u32, &Net)) -> Net {
    let mut rng = GameRng::from_seed(cfg.seed);
    let mut net = start.unwrap_or_else(|| Net::random(cfg.hidden, &mut rng));
    let mut s = Scratch::default();
    let mut buf: Vec<Position> = Vec::with_capacity(64);
    for g in 0..cfg.games {
        let alpha = cfg.alpha * (1.0 - 0.8 * g as f32 / cfg.games.max(1) as f32);
        // Opening: two different dice.
        let dice = loop {
            let d = Dice::roll(&mut rng);
            if !d.is_double() {
                break d;
            }
        };
        let mut pos = Position::start();
        let mut prev: Option<Position> = None;
        let mut dice = dice;
        for _turn in 0..2000 {
            // Choose the best play for the side on roll.
            legal_positions_into(&pos, dice, &mut buf);
            let mut best = pos;
            let mut best_eq = f32::NEG_INFINITY;
            for r in &buf {
                let e = equity(&net.evaluate(r, &mut s));
                if e > best_eq {
                    best_eq = e;
                    best = *r;
                }
            }
            let after = best;
            let value = net.evaluate(&after, &mut s);
            if let Some(p) = prev {
                // prev was seen from the other side: its target is our value inverted.
                net.learn(&p, &invert(&value), alpha, &mut s);
            }
            if after.outcome().is_some() {
                break;
            }
            prev = Some(after);
            pos = after.flip();
            dice = Dice::roll(&mut rng);
        }
        if (g + 1) % 1000 == 0 {
            progress(g + 1, &net);
        }
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_weights_load_and_give_chances() {
        let net = shipped().expect("data/td_net.bin must parse");
        let mut s = Scratch::default();
        let p = net.evaluate(&Position::start(), &mut s);
        for x in p {
            assert!((0.0..=1.0).contains(&x));
        }
        // Symmetric start: the side that just moved is behind by the tempo.
        assert!(p[0] > 0.3 && p[0] < 0.6, "{p:?}");
        assert_eq!(Net::from_bytes(&net.to_bytes()).as_ref(), Some(net));
    }

    #[test]
    fn malformed_weights_are_refused() {
        assert!(Net::from_bytes(b"").is_none());
        assert!(Net::from_bytes(b"BGT1\x01\x00\x00\x00").is_none());
        let mut bytes = shipped().map(Net::to_bytes).unwrap_or_default();
        bytes.pop();
        assert!(Net::from_bytes(&bytes).is_none());
    }

    #[test]
    fn training_is_reproducible_from_its_seed() {
        let cfg = TrainConfig {
            games: 3,
            seed: 5,
            hidden: 4,
            alpha: 0.1,
        };
        let a = train(cfg, None, |_, _| {});
        let b = train(cfg, None, |_, _| {});
        assert_eq!(a, b);
        let c = train(TrainConfig { seed: 6, ..cfg }, None, |_, _| {});
        assert_ne!(a, c);
    }
}

//! The second evaluation: two networks (contact and race) with five
//! outputs, over an input encoding in the spirit of GNU Backgammon's (our
//! own: nothing of gnubg's code or weights), and the one-sided bear-off
//! database ([`crate::bearoff`]) where it applies.
//!
//! Everything is seen from the side that **just moved** (the side on roll
//! of a [`crate::Play::result`]); the other side rolls next.
//!
//! **Inputs**, for each side from its own view (first the side that just
//! moved, then the other, [`SIDE_INPUTS`] each):
//! - per point 1..=24 and for the bar, four units: at least 1, 2 and 3
//!   checkers, and (n − 3)/2 beyond 3 (truncated unary counts);
//! - checkers borne off / 15, pip count / 100, checkers outside the home
//!   board / 15;
//! - contact positions only, hand-made features: the rolls of the 36 on
//!   which the other side hits one of this side's blots, the same times the
//!   largest pip loss / 25, the longest run of made points / 6, the made
//!   points in the home board / 6, the anchors in the other side's home
//!   board / 2, the checkers on the bar or in the other side's home board /
//!   5, and the rolls of the 36 with which the rearmost checker escapes
//!   past the other side's blocking points within 12 pips.
//!
//! **Outputs** (cumulative, as [`Outcomes`]): win, win a gammon, win a
//! backgammon, lose a gammon, lose a backgammon, each through the "soft
//! sign" sigmoid `0.5 + 0.5·x/(1+|x|)` (only additions, multiplications and
//! divisions: the same bits on every platform).
//!
//! **Which answer** ([`Evaluator::outcomes`]): exact where
//! [`outcome::exact`] knows the result; the bear-off database when both
//! sides have all their checkers in their home boards; else the race
//! network when the checkers have passed each other, the contact network
//! otherwise. Impossible results are set to zero (no gammon for a side that
//! has borne a checker off, no backgammon in a race for a side with no
//! checker in the other's home board). The backgammons the networks learn
//! badly (self-play rarely reaches them) come from the one-sided tables of
//! [`crate::bearoff`] instead: exactly enough in a race
//! ([`bearoff::race_backgammon`]), and with contact as a floor when the
//! winner is all home ([`bearoff::backgammon_without_a_hit`]). The
//! training keeps the networks' own answers
//! ([`Evaluator::training_outcomes`]). Evaluation allocates nothing once
//! the [`Scratch`] has grown.

use std::sync::OnceLock;

use games_common::GameRng;

use crate::bearoff;
use crate::board::{Position, Side, SideCounts, BAR};
use crate::dense::{act, Buffers, Weights};
use crate::eval::{hitting_rolls_by, BarShots};
use crate::outcome::{self, Outcomes};

/// Inputs of one side.
pub const SIDE_INPUTS: usize = 110;
/// Inputs of a network: both sides.
pub const INPUTS: usize = 2 * SIDE_INPUTS;
/// Outputs: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const OUTPUTS: usize = 5;
const NET_MAGIC: &[u8; 4] = b"BGN5";
const EVAL_MAGIC: &[u8; 4] = b"BGE1";
/// Start of the contact features within a side's inputs.
const FEATURES: usize = 103;

/// The five chances as an array (see [`OUTPUTS`]).
pub type Out = [f32; OUTPUTS];

/// `o` as the array of the network's outputs.
#[must_use]
pub fn to_array(o: &Outcomes) -> Out {
    [
        o.win,
        o.win_gammon,
        o.win_backgammon,
        o.lose_gammon,
        o.lose_backgammon,
    ]
}

/// A one-hidden-layer network with five outputs.
#[derive(Clone, Debug, PartialEq)]
struct Net {
    w: Weights<OUTPUTS>,
}

/// Scratch space for evaluations and learning (reused: no allocation once grown).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    b: Buffers,
}

impl Net {
    fn random(hidden: usize, rng: &mut GameRng) -> Net {
        Net {
            w: Weights::random(INPUTS, hidden, rng),
        }
    }

    fn byte_len(&self) -> usize {
        Weights::<OUTPUTS>::byte_len(INPUTS, self.w.hidden)
    }

    fn read(bytes: &[u8]) -> Option<(Net, usize)> {
        let (w, used) = Weights::read(bytes, NET_MAGIC, INPUTS)?;
        Some((Net { w }, used))
    }
}

/// The contact and race networks (see the module's page).
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluator {
    contact: Net,
    race: Net,
}

/// Which network (or none) answers for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Known exactly, or from the bear-off database: nothing to learn.
    Exact,
    /// The race network.
    Race,
    /// The contact network.
    Contact,
}

impl Evaluator {
    /// Random networks with `contact` and `race` hidden units, each
    /// clamped to 1..=1024 (what [`Evaluator::from_bytes`] reads).
    #[must_use]
    pub fn random(contact: usize, race: usize, rng: &mut GameRng) -> Evaluator {
        Evaluator {
            contact: Net::random(contact, rng),
            race: Net::random(race, rng),
        }
    }

    /// Hidden units of the contact and race networks.
    #[must_use]
    pub fn hidden(&self) -> (usize, usize) {
        (self.contact.w.hidden, self.race.w.hidden)
    }

    /// Which answers for `after` (`deep` as in [`outcome::exact`]), and the
    /// exact chances when known.
    fn kind(after: &Position, deep: bool) -> (Kind, Option<Outcomes>) {
        if let Some(o) = outcome::exact(after, deep) {
            return (Kind::Exact, Some(o));
        }
        if let Some(o) = bearoff::race_outcomes(after) {
            return (Kind::Exact, Some(o));
        }
        if after.is_race() {
            (Kind::Race, None)
        } else {
            (Kind::Contact, None)
        }
    }

    /// The chances of the side that just moved into `after` (see the
    /// module's page; `deep` as in [`outcome::exact`]), as the levels play
    /// them: in a race the backgammons come from the bear-off database and
    /// the exit table ([`bearoff::race_backgammon`]) rather than from the
    /// race network.
    #[must_use]
    pub fn outcomes(&self, after: &Position, deep: bool, s: &mut Scratch) -> Outcomes {
        let (kind, exact) = Evaluator::kind(after, deep);
        let mut o = self.answer(after, kind, exact, s);
        match kind {
            Kind::Race => race_backgammons(&mut o, after),
            Kind::Contact => backgammon_floors(&mut o, after),
            Kind::Exact => {}
        }
        o
    }

    /// The chances as the training of [`crate::train`] uses them: the
    /// networks' own, without the race backgammons of
    /// [`Evaluator::outcomes`] (the training has always used these, so the
    /// shipped weights stay reproducible by the recorded command).
    #[must_use]
    pub fn training_outcomes(&self, after: &Position, s: &mut Scratch) -> Outcomes {
        let (kind, exact) = Evaluator::kind(after, false);
        let mut o = self.answer(after, kind, exact, s);
        if kind == Kind::Race {
            no_race_backgammon_without_a_checker_back(&mut o, after);
        }
        o
    }

    fn answer(
        &self,
        after: &Position,
        kind: Kind,
        exact: Option<Outcomes>,
        s: &mut Scratch,
    ) -> Outcomes {
        match (kind, exact) {
            (_, Some(o)) => o,
            (Kind::Race, None) => {
                encode(after, false, &mut s.b.x);
                complete(&self.race.w.sums(&mut s.b).map(act), after)
            }
            _ => {
                encode(after, true, &mut s.b.x);
                complete(&self.contact.w.sums(&mut s.b).map(act), after)
            }
        }
    }

    /// Move the network that answers for `after` towards `target`; nothing
    /// when the answer is exact. Returns what answered.
    pub fn learn(&mut self, after: &Position, target: &Out, alpha: f32, s: &mut Scratch) -> Kind {
        let (kind, _) = Evaluator::kind(after, false);
        match kind {
            Kind::Exact => {}
            Kind::Race => {
                encode(after, false, &mut s.b.x);
                self.race.w.learn(target, alpha, &mut s.b);
            }
            Kind::Contact => {
                encode(after, true, &mut s.b.x);
                self.contact.w.learn(target, alpha, &mut s.b);
            }
        }
        kind
    }

    /// The weights as bytes: `BGE1`, then each network (`BGN5`, hidden
    /// count, little-endian f32s), contact first.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(4 + self.contact.byte_len() + self.race.byte_len());
        v.extend_from_slice(EVAL_MAGIC);
        self.contact.w.write(&mut v, NET_MAGIC);
        self.race.w.write(&mut v, NET_MAGIC);
        v
    }

    /// Weights written by [`Evaluator::to_bytes`]; `None` when malformed.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Evaluator> {
        if bytes.get(0..4)? != EVAL_MAGIC {
            return None;
        }
        let (contact, n) = Net::read(bytes.get(4..)?)?;
        let (race, m) = Net::read(bytes.get(4 + n..)?)?;
        if 4 + n + m != bytes.len() {
            return None;
        }
        Some(Evaluator { contact, race })
    }
}

const SHIPPED: &[u8] = include_bytes!("../data/neural.bin");

/// The networks shipped with the crate (`data/neural.bin`, the evaluation
/// of Normal and Hard; `None` if its data is malformed, which a test rules out).
#[must_use]
pub fn shipped() -> Option<&'static Evaluator> {
    static EV: OnceLock<Option<Evaluator>> = OnceLock::new();
    EV.get_or_init(|| Evaluator::from_bytes(SHIPPED)).as_ref()
}

/// The network's outputs for `after` made consistent: cumulative chances
/// clamped in order, and the impossible gammons set to zero.
fn complete(o: &Out, after: &Position) -> Outcomes {
    let win = o[0].clamp(0.0, 1.0);
    let lose = 1.0 - win;
    let mut win_gammon = o[1].clamp(0.0, win);
    let mut win_backgammon = o[2].clamp(0.0, win_gammon);
    let mut lose_gammon = o[3].clamp(0.0, lose);
    let mut lose_backgammon = o[4].clamp(0.0, lose_gammon);
    if after.off(Side::Opponent) > 0 {
        win_gammon = 0.0;
        win_backgammon = 0.0;
    }
    if after.off(Side::OnRoll) > 0 {
        lose_gammon = 0.0;
        lose_backgammon = 0.0;
    }
    Outcomes {
        win,
        win_gammon,
        win_backgammon,
        lose_gammon,
        lose_backgammon,
    }
}

/// With contact, each side's backgammon chance raised to at least its
/// chance to lose times [`bearoff::backgammon_without_a_hit`] (where the
/// winner is all home), the gammon with it. The contact network is
/// trained by self-play, where such endings are rare, and it rated
/// holding an anchor in the opponent's home board far too safely while
/// the opponent bore off.
pub(crate) fn backgammon_floors(o: &mut Outcomes, after: &Position) {
    if let Some(bg) = bearoff::backgammon_without_a_hit(after, Side::Opponent) {
        o.win_backgammon = o.win_backgammon.max(o.win * bg);
        o.win_gammon = o.win_gammon.max(o.win_backgammon);
    }
    if let Some(bg) = bearoff::backgammon_without_a_hit(after, Side::OnRoll) {
        let lose = 1.0 - o.win;
        o.lose_backgammon = o.lose_backgammon.max(lose * bg);
        o.lose_gammon = o.lose_gammon.max(o.lose_backgammon);
    }
}

/// Only checkers on the bar or in the winner's home board can be
/// backgammoned, and in a race no checker goes back.
fn has_checker_back(after: &Position, side: Side) -> bool {
    after.bar(side) > 0 || (19..=24).any(|p| after.checkers(side, p) > 0)
}

/// In a race, no backgammon for a side with no checker back.
fn no_race_backgammon_without_a_checker_back(o: &mut Outcomes, after: &Position) {
    if !has_checker_back(after, Side::Opponent) {
        o.win_backgammon = 0.0;
    }
    if !has_checker_back(after, Side::OnRoll) {
        o.lose_backgammon = 0.0;
    }
}

/// In a race, the backgammons of `o` replaced by what the bear-off
/// database and the exit table know ([`bearoff::race_backgammon`]): none
/// for a side with no checker in the other's home board, else the chance
/// that the other side is off first, the gammon and the loss raised to it
/// when the network said less.
pub(crate) fn race_backgammons(o: &mut Outcomes, after: &Position) {
    let known = |side: Side| {
        if has_checker_back(after, side) {
            bearoff::race_backgammon(after, side)
        } else {
            Some(0.0)
        }
    };
    if let Some(bg) = known(Side::Opponent) {
        o.win_backgammon = bg;
        o.win = o.win.max(bg);
        o.win_gammon = o.win_gammon.max(bg).min(o.win);
    }
    if let Some(bg) = known(Side::OnRoll) {
        o.lose_backgammon = bg;
        o.win = o.win.min(1.0 - bg);
        o.lose_gammon = o.lose_gammon.max(bg).min(1.0 - o.win);
    }
    o.win_gammon = o.win_gammon.min(o.win);
    o.win_backgammon = o.win_backgammon.min(o.win_gammon);
    o.lose_backgammon = o.lose_backgammon.min(o.lose_gammon);
}

/// The sparse inputs of `after` (see the module's page) into `out`.
pub fn encode(after: &Position, contact: bool, out: &mut Vec<(usize, f32)>) {
    out.clear();
    let me = after.side_counts(Side::OnRoll);
    let them = after.side_counts(Side::Opponent);
    encode_side(&me, 0, out);
    encode_side(&them, SIDE_INPUTS, out);
    if contact {
        let (r, w) = hitting_rolls_by(after, BarShots::AsTrained);
        let (r2, w2) = hitting_rolls_by(&after.flip(), BarShots::AsTrained);
        features(&me, &them, r, w, 0, out);
        features(&them, &me, r2, w2, SIDE_INPUTS, out);
    }
}

fn push(out: &mut Vec<(usize, f32)>, i: usize, v: f32) {
    if v != 0.0 {
        out.push((i, v));
    }
}

/// The truncated unary units of `n` checkers at `base`: at least 1, 2
/// and 3, then (n − 3)/2.
pub(crate) fn units(out: &mut Vec<(usize, f32)>, base: usize, n: u8) {
    if n >= 1 {
        out.push((base, 1.0));
    }
    if n >= 2 {
        out.push((base + 1, 1.0));
    }
    if n >= 3 {
        out.push((base + 2, 1.0));
    }
    if n > 3 {
        out.push((base + 3, (f32::from(n) - 3.0) / 2.0));
    }
}

/// The board inputs of side `c` (its own view), from index `base`.
fn encode_side(c: &SideCounts, base: usize, out: &mut Vec<(usize, f32)>) {
    let mut pips = 0u32;
    let mut outside = 0u32;
    for (p, &n) in c.iter().enumerate().take(25).skip(1) {
        if n > 0 {
            units(out, base + (p - 1) * 4, n);
            pips += p as u32 * u32::from(n);
            if p > 6 {
                outside += u32::from(n);
            }
        }
    }
    units(out, base + 96, c[BAR]);
    pips += 25 * u32::from(c[BAR]);
    outside += u32::from(c[BAR]);
    push(out, base + 100, f32::from(c[0]) / 15.0);
    push(out, base + 101, pips as f32 / 100.0);
    push(out, base + 102, outside as f32 / 15.0);
}

/// The contact features of side `c` (its own view), `o` the other side's
/// counts (its own view), `rolls`/`worst` from [`crate::eval::hitting_rolls`] as
/// the networks were trained ([`BarShots::AsTrained`]).
fn features(
    c: &SideCounts,
    o: &SideCounts,
    rolls: u32,
    worst: u32,
    base: usize,
    out: &mut Vec<(usize, f32)>,
) {
    let f = base + FEATURES;
    push(out, f, rolls as f32 / 36.0);
    push(out, f + 1, rolls as f32 * worst as f32 / (36.0 * 25.0));
    let mut run = 0u32;
    let mut prime = 0u32;
    for &n in c.iter().take(25).skip(1) {
        if n >= 2 {
            run += 1;
            prime = prime.max(run);
        } else {
            run = 0;
        }
    }
    push(out, f + 2, prime as f32 / 6.0);
    let home = (1..=6).filter(|&p| c[p] >= 2).count();
    push(out, f + 3, home as f32 / 6.0);
    let anchors = (19..=24).filter(|&p| c[p] >= 2).count();
    push(out, f + 4, anchors as f32 / 2.0);
    let back: u32 = (19..=25).map(|p| u32::from(c[p])).sum();
    push(out, f + 5, back as f32 / 5.0);
    push(out, f + 6, escapes(c, o) as f32 / 36.0);
}

/// Of the 36 rolls, how many let the rearmost checker of `c` (the bar
/// first) move past every blocking point (2 or more checkers) of the other
/// side `o` within the 12 points in front of it.
fn escapes(c: &SideCounts, o: &SideCounts) -> u32 {
    let Some(back) = (1..=25).rev().find(|&p| c[p] > 0) else {
        return 0;
    };
    // o's point 25 - q is c's point q.
    let blocked = |q: usize| (1..=24).contains(&q) && o[25 - q] >= 2;
    let lo = back.saturating_sub(12).max(1);
    let Some(lowest) = (lo..back).find(|&q| blocked(q)) else {
        return 36;
    };
    let target = lowest - 1;
    let mut n = 0;
    for d1 in 1..=6usize {
        for d2 in 1..=6usize {
            let ok = if d1 == d2 {
                let mut ok = false;
                for k in 1..=4usize {
                    let Some(q) = back.checked_sub(k * d1).filter(|&q| q >= 1) else {
                        break;
                    };
                    if blocked(q) {
                        break;
                    }
                    if q <= target {
                        ok = true;
                        break;
                    }
                }
                ok
            } else {
                [(d1, d2), (d2, d1)].iter().any(|&(a, b)| {
                    let Some(q1) = back.checked_sub(a).filter(|&q| q >= 1 && !blocked(q)) else {
                        return false;
                    };
                    q1 <= target
                        || back
                            .checked_sub(a + b)
                            .is_some_and(|q2| q2 >= 1 && q2 <= target && !blocked(q2))
                })
            };
            if ok {
                n += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
        Position::from_point_counts(me, opp).unwrap()
    }

    #[test]
    fn encoding_of_the_start() {
        let mut x = Vec::new();
        encode(&Position::start(), true, &mut x);
        let get = |i: usize| x.iter().find(|e| e.0 == i).map(|e| e.1);
        // 5 on the 6 point: three units and (5 - 3)/2.
        let six = 5 * 4;
        assert_eq!(
            [get(six), get(six + 1), get(six + 2), get(six + 3)],
            [Some(1.0), Some(1.0), Some(1.0), Some(1.0)]
        );
        // 2 on the 24 point: two units; the other side the same.
        let back = 23 * 4;
        assert_eq!([get(back + 1), get(back + 2)], [Some(1.0), None]);
        assert_eq!(get(SIDE_INPUTS + back + 1), Some(1.0));
        // 167 pips each; no blot, so no shot.
        assert_eq!(get(101), Some(1.67));
        assert_eq!(get(SIDE_INPUTS + 101), Some(1.67));
        assert_eq!(get(FEATURES), None);
        // Every index in range and listed once.
        let mut idx: Vec<usize> = x.iter().map(|e| e.0).collect();
        idx.sort_unstable();
        idx.dedup();
        assert_eq!(idx.len(), x.len());
        assert!(idx.iter().all(|&i| i < INPUTS));
    }

    #[test]
    fn escapes_count_the_rolls_past_a_prime() {
        let counts = |p: &Position, s: Side| p.side_counts(s);
        // Our checker on the 24 point behind the other side's points on
        // our 18..=13 (a full six-point prime): no escape.
        let opp: Vec<(usize, u8)> = (7..=12).map(|q| (q, 2)).chain([(24, 3)]).collect();
        let primed = pos(&[(24, 1), (6, 14)], &opp);
        assert_eq!(
            escapes(
                &counts(&primed, Side::OnRoll),
                &counts(&primed, Side::Opponent)
            ),
            0
        );
        // Nothing in front: every roll.
        let free = pos(&[(24, 1), (6, 14)], &[(24, 15)]);
        assert_eq!(
            escapes(&counts(&free, Side::OnRoll), &counts(&free, Side::Opponent)),
            36
        );
        // One block on our 18 point (6 away): the other rolls with a total
        // of 7 or more (18 of 36: one die always avoids the 6), and 4-4 and
        // 5-5 (3-3, 2-2 and 6-6 land on it): 20.
        let one = pos(&[(24, 1), (6, 14)], &[(7, 2), (24, 13)]);
        let e = escapes(&counts(&one, Side::OnRoll), &counts(&one, Side::Opponent));
        assert_eq!(e, 20);
    }

    #[test]
    fn shipped_weights_load_and_rate_the_start_about_even() {
        let ev = shipped().expect("data/neural.bin must parse");
        assert_eq!(ev.hidden(), (128, 48));
        let mut s = Scratch::default();
        let o = ev.outcomes(&Position::start(), false, &mut s);
        // The side that just moved gives the other the first roll.
        assert!(o.win > 0.35 && o.win < 0.55, "{o:?}");
        assert!(o.win_gammon > 0.05 && o.win_gammon < 0.4, "{o:?}");
        assert!(o.lose_gammon > 0.05 && o.lose_gammon < 0.4, "{o:?}");
        assert_eq!(Evaluator::from_bytes(&ev.to_bytes()).as_ref(), Some(ev));
    }

    #[test]
    fn weights_round_trip_and_malformed_are_refused() {
        let mut rng = GameRng::from_seed(3);
        let ev = Evaluator::random(6, 4, &mut rng);
        let bytes = ev.to_bytes();
        assert_eq!(Evaluator::from_bytes(&bytes), Some(ev));
        assert!(Evaluator::from_bytes(&bytes[..bytes.len() - 1]).is_none());
        assert!(Evaluator::from_bytes(b"BGE1").is_none());
        assert!(Evaluator::from_bytes(b"").is_none());
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(Evaluator::from_bytes(&extra).is_none());
    }

    #[test]
    fn answers_come_from_the_right_place() {
        let mut rng = GameRng::from_seed(3);
        let ev = Evaluator::random(6, 4, &mut rng);
        let mut s = Scratch::default();
        // Both home: the database, whatever the weights.
        let home = pos(&[(1, 1)], &[(6, 1)]);
        assert_eq!(
            Some(ev.outcomes(&home, false, &mut s)),
            bearoff::race_outcomes(&home)
        );
        assert_eq!(Evaluator::kind(&home, false).0, Kind::Exact);
        let race = pos(&[(9, 2), (1, 12)], &[(6, 15)]);
        assert_eq!(Evaluator::kind(&race, false).0, Kind::Race);
        assert_eq!(Evaluator::kind(&Position::start(), false).0, Kind::Contact);
        // A race where we have a checker off and none back: no gammon lost,
        // no backgammon either way.
        let o = ev.outcomes(&race, false, &mut s);
        assert_eq!(
            (o.lose_gammon, o.lose_backgammon, o.win_backgammon),
            (0.0, 0.0, 0.0)
        );
        let c = ev.outcomes(&Position::start(), false, &mut s);
        assert!(c.win > 0.0 && c.win < 1.0 && c.win_gammon <= c.win);
        assert!(c.win_backgammon <= c.win_gammon && c.lose_backgammon <= c.lose_gammon);
    }

    #[test]
    fn holding_an_anchor_against_a_bear_off_risks_the_backgammon() {
        // Spec: "**backgammon** 3 (gammon, and the loser still has a checker
        // on the bar or in the winner's home board)". From a game against
        // GNU Backgammon: the side that just moved holds the opponent's 1
        // point with 2 checkers (its 24 point), the rest home, none off;
        // the opponent has 4 checkers left on its 2 point. Even running at
        // once and never blocked, the backgammon is likely; the contact
        // network said far less.
        let ev = shipped().expect("data/neural.bin must parse");
        let p = pos(&[(24, 2), (3, 3), (2, 4), (1, 6)], &[(2, 4)]);
        assert!(!p.is_race());
        let floor = bearoff::backgammon_without_a_hit(&p, Side::OnRoll).unwrap();
        let mut z = [0u8; 7];
        z[6] = 2;
        let te = bearoff::exit_table().turns(&z).unwrap();
        let tw = bearoff::database().turns(&[0, 0, 4, 0, 0, 0, 0]).unwrap();
        let want: f32 = (0..bearoff::TURNS)
            .map(|t| tw[t] * (1.0 - te[..t].iter().sum::<f32>()))
            .sum();
        assert!((floor - want).abs() < 1e-5, "{floor} {want}");
        let o = ev.outcomes(&p, false, &mut Scratch::default());
        let lose = 1.0 - o.win;
        assert!(o.lose_backgammon >= lose * floor - 1e-6, "{o:?} {floor}");
        assert!(o.lose_gammon >= o.lose_backgammon);
    }

    #[test]
    fn learning_moves_the_answer_towards_the_target() {
        let mut rng = GameRng::from_seed(4);
        let mut ev = Evaluator::random(8, 4, &mut rng);
        let mut s = Scratch::default();
        let p = Position::start();
        let before = ev.outcomes(&p, false, &mut s).win;
        for _ in 0..50 {
            ev.learn(&p, &[1.0, 0.5, 0.1, 0.0, 0.0], 0.1, &mut s);
        }
        let after = ev.outcomes(&p, false, &mut s).win;
        assert!(after > before + 0.1, "{before} -> {after}");
    }
}

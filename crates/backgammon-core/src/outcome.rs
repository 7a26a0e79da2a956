//! The outcome model of the evaluation: the chances of a single win, a
//! gammon and a backgammon for both sides, the cubeless money equity made of
//! all of them, and the positions where they are known exactly.
//!
//! Everything is seen from the side that **just moved** (the side on roll of
//! a [`crate::Play::result`]); the other side rolls next. The chances are
//! cumulative, as GNU Backgammon writes them: `win_gammon` counts the
//! backgammons too, and `win` the gammons.
//!
//! Known exactly (see [`exact`]):
//! - a finished game;
//! - the opponent bears off all its checkers on its next turn whatever the
//!   dice: the side that just moved has lost, a gammon if it has borne off
//!   none, a backgammon if besides it still has a checker on the bar or in
//!   the opponent's home board;
//! - (with `deep`) no contact and the side that just moved bears off all its
//!   checkers on its next turn whatever the dice: the opponent's 21 rolls
//!   and its best play for each (save the gammon, or the backgammon) decide.
//!
//! Elsewhere the network's three chances (win, win a gammon, lose a gammon)
//! are completed: a gammon is impossible for a side that has borne a checker
//! off, a backgammon impossible in a race for a side with no checker in the
//! opponent's home board, and otherwise the share of the gammons that are
//! backgammons comes from a model of the race (see [`Outcomes::from_net`]).
//! Only additions, multiplications and divisions: the same bits on every
//! platform.

use crate::board::{Position, Side, WinKind, BAR, CHECKERS};
use crate::dice::Dice;
use crate::movegen::legal_positions_into;
use crate::nn::Probs;

/// The chances of the side that just moved, cumulative: `win ≥ win_gammon ≥
/// win_backgammon`, `1 − win ≥ lose_gammon ≥ lose_backgammon`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcomes {
    /// The chance to win (any kind).
    pub win: f32,
    /// The chance to win a gammon or a backgammon.
    pub win_gammon: f32,
    /// The chance to win a backgammon.
    pub win_backgammon: f32,
    /// The chance to lose a gammon or a backgammon.
    pub lose_gammon: f32,
    /// The chance to lose a backgammon.
    pub lose_backgammon: f32,
}

impl Outcomes {
    /// A certain result: `won` says whether the side that just moved wins,
    /// `kind` how much.
    #[must_use]
    pub fn certain(won: bool, kind: WinKind) -> Outcomes {
        let g = if kind.points() >= 2 { 1.0 } else { 0.0 };
        let bg = if kind.points() >= 3 { 1.0 } else { 0.0 };
        let o = Outcomes {
            win: 1.0,
            win_gammon: g,
            win_backgammon: bg,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        };
        if won {
            o
        } else {
            o.invert()
        }
    }

    /// The cubeless money equity in points per game: P(win) − P(lose), plus
    /// one point more for each gammon and one more again for each
    /// backgammon, either way.
    #[must_use]
    pub fn equity(&self) -> f32 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }

    /// The same chances seen from the other side.
    #[must_use]
    pub fn invert(&self) -> Outcomes {
        Outcomes {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// `o` weighted by `w`, added to `acc` (for averages over rolls).
    fn add_scaled(acc: &mut Outcomes, o: &Outcomes, w: f32) {
        acc.win += w * o.win;
        acc.win_gammon += w * o.win_gammon;
        acc.win_backgammon += w * o.win_backgammon;
        acc.lose_gammon += w * o.lose_gammon;
        acc.lose_backgammon += w * o.lose_backgammon;
    }

    /// The network's chances `[win, win a gammon, lose a gammon]` for
    /// `after`, completed with the backgammons and the exact zeros.
    ///
    /// A backgammon is a gammon in which the loser still has checkers on
    /// the bar or in the winner's home board. In a race it is impossible
    /// when the loser's checkers there are fewer pips from leaving it than 3
    /// times the turns the winner needs at least (every roll moves 3 pips,
    /// nothing blocks). Otherwise the loser's progress until the winner is
    /// off is modelled as normal (8.17 pips a turn on average, a variance
    /// of 18.5 a turn, over the turns the winner's pip count leaves it); a
    /// checker on the bar first waits for an entry against the winner's
    /// made home points. The backgammon chance is the chance of losing
    /// times the chance of falling short of the pips that leave the
    /// winner's home board, at most the gammon chance.
    #[must_use]
    pub fn from_net(p: &Probs, after: &Position) -> Outcomes {
        let win = p[0].clamp(0.0, 1.0);
        let lose = 1.0 - win;
        let mut win_gammon = p[1].clamp(0.0, win);
        let mut lose_gammon = p[2].clamp(0.0, lose);
        if after.off(Side::OnRoll) > 0 {
            lose_gammon = 0.0;
        }
        if after.off(Side::Opponent) > 0 {
            win_gammon = 0.0;
        }
        let race = after.is_race();
        // The side that just moved loses: the opponent rolls first.
        let lose_backgammon = backgammon_share(after, Side::OnRoll, lose, lose_gammon, race, true);
        let win_backgammon = backgammon_share(after, Side::Opponent, win, win_gammon, race, false);
        Outcomes {
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        }
    }
}

/// The chance that `loser` is backgammoned, given its chance to lose
/// (`lose`) and to be gammoned (`gammon`); `winner_first` when the winner
/// rolls next.
fn backgammon_share(
    after: &Position,
    loser: Side,
    lose: f32,
    gammon: f32,
    race: bool,
    winner_first: bool,
) -> f32 {
    if gammon <= 0.0 || lose <= 0.0 {
        return 0.0;
    }
    let c = after.side_counts(loser);
    // Pips to save the backgammon: every checker on the bar or in the
    // winner's home board (the loser's 19..=24) past the loser's 18 point.
    let zone: u32 = (19..=24)
        .map(|p| u32::from(c[p]) * (p as u32 - 18))
        .sum::<u32>()
        + u32::from(c[BAR]) * 7;
    if zone == 0 && race {
        return 0.0;
    }
    let winner = loser.other();
    let winner_pips = after.pip_count(winner);
    let head = u32::from(winner_first);
    if race {
        // The winner needs at least this many turns (4 checkers and 24 pips
        // a turn at most); the loser moves at least 3 pips a turn (2-1) and
        // nothing blocks it in a race: a backgammon is then impossible.
        let left = u32::from(CHECKERS - after.off(winner));
        let fewest = left.div_ceil(4).max(winner_pips.div_ceil(24));
        if zone <= 3 * fewest.saturating_sub(head) {
            return 0.0;
        }
    }
    // Checkers on the bar lose turns against the winner's made home points.
    let made = (1..=6).filter(|&p| after.checkers(winner, p) >= 2).count() as f32;
    let blocked = (made / 6.0) * (made / 6.0);
    let waiting = if made >= 6.0 {
        4.0
    } else {
        blocked / (1.0 - blocked)
    };
    let need = zone as f32 + f32::from(c[BAR]) * 8.17 * waiting;
    // The loser's turns before the winner is off, and its progress in them
    // (8.17 pips a turn, variance 18.5 a turn, 25 more for the turns' count).
    let turns = ((winner_pips as f32 + 4.0) / 8.17 - head as f32).max(0.0);
    let sigma = (18.5 * turns + 25.0).sqrt();
    let short = normal_cdf((need - 8.17 * turns) / sigma);
    // A backgammon is a gammon: at most the gammon chance.
    (lose * short).min(gammon)
}

/// The standard normal distribution function (Abramowitz and Stegun
/// 26.2.19: error below 1.5e-7), with only additions, multiplications and
/// divisions.
#[must_use]
pub fn normal_cdf(z: f32) -> f32 {
    let x = z.abs();
    let poly = 1.0
        + x * (0.049_867_347
            + x * (0.021_141_006
                + x * (0.003_277_626_3
                    + x * (0.000_038_003_6 + x * (0.000_048_890_6 + x * 0.000_005_383)))));
    let mut p = poly;
    for _ in 0..4 {
        p = p * p; // poly^16
    }
    let tail = 0.5 / p;
    if z >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// The `z` with [`normal_cdf`]`(z) = q`, by bisection (q in (0, 1)).
#[cfg(test)]
fn inverse_normal(q: f32) -> f32 {
    let (mut lo, mut hi) = (-8.0f32, 8.0f32);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if normal_cdf(mid) < q {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The chances when they are known exactly, `None` otherwise (see the
/// module's page). `deep` also solves the positions where the side that
/// just moved bears off next turn whatever the dice and there is no contact
/// (21 move generations for the opponent's rolls).
#[must_use]
pub fn exact(after: &Position, deep: bool) -> Option<Outcomes> {
    if let Some((winner, kind)) = after.outcome() {
        return Some(Outcomes::certain(winner == Side::OnRoll, kind));
    }
    let mut buf = Vec::new();
    if finishes_next_turn(&after.flip(), &mut buf) {
        return Some(Outcomes::certain(false, loser_kind(after, Side::OnRoll)));
    }
    if deep && after.is_race() && finishes_next_turn(after, &mut buf) {
        // The opponent rolls, plays its best, then the side that just moved
        // bears off: the opponent's play decides the kind only.
        let opp = after.flip();
        let mut acc = Outcomes::default();
        for (dice, weight) in Dice::all_21() {
            legal_positions_into(&opp, dice, &mut buf);
            let mut best: Option<Outcomes> = None;
            for r in &buf {
                // r is seen from the opponent, which has just moved.
                let o = match r.outcome() {
                    Some((winner, kind)) => Outcomes::certain(winner == Side::OnRoll, kind),
                    None => Outcomes::certain(false, loser_kind(r, Side::OnRoll)),
                };
                if best.is_none_or(|b| o.equity() > b.equity()) {
                    best = Some(o);
                }
            }
            let best =
                best.unwrap_or_else(|| Outcomes::certain(false, loser_kind(&opp, Side::OnRoll)));
            Outcomes::add_scaled(&mut acc, &best.invert(), f32::from(weight));
        }
        let mut avg = Outcomes::default();
        Outcomes::add_scaled(&mut avg, &acc, 1.0 / 36.0);
        return Some(avg);
    }
    None
}

/// How `loser` loses if the other side bears off now.
fn loser_kind(p: &Position, loser: Side) -> WinKind {
    if p.off(loser) > 0 {
        WinKind::Single
    } else if p.bar(loser) > 0 || (19..=24).any(|q| p.checkers(loser, q) > 0) {
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

/// Whether the side on roll of `pos` bears off all its checkers with every
/// one of the 21 rolls (at most 2 checkers left, all in its home board).
fn finishes_next_turn(pos: &Position, buf: &mut Vec<Position>) -> bool {
    let left = CHECKERS - pos.off(Side::OnRoll);
    if left == 0 || left > 2 || pos.bar(Side::OnRoll) > 0 {
        return false;
    }
    if (7..=24).any(|p| pos.checkers(Side::OnRoll, p) > 0) {
        return false;
    }
    Dice::all_21().iter().all(|&(dice, _)| {
        legal_positions_into(pos, dice, buf);
        buf.iter().any(|r| r.has_won(Side::OnRoll))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
        Position::from_point_counts(me, opp).unwrap()
    }

    #[test]
    fn equity_counts_gammons_and_backgammons_both_ways() {
        // Spec: "Single game 1 point; **gammon** 2 ...; **backgammon** 3".
        for (kind, pts) in [
            (WinKind::Single, 1.0),
            (WinKind::Gammon, 2.0),
            (WinKind::Backgammon, 3.0),
        ] {
            assert_eq!(Outcomes::certain(true, kind).equity(), pts);
            assert_eq!(Outcomes::certain(false, kind).equity(), -pts);
            assert_eq!(
                Outcomes::certain(true, kind).invert(),
                Outcomes::certain(false, kind)
            );
        }
    }

    #[test]
    fn the_opponent_off_next_turn_is_exact() {
        // Spec: "**backgammon** 3 (gammon, and the loser still has a checker
        // on the bar or in the winner's home board)". The opponent's last
        // two checkers on its 1 and 2 points: off with every roll.
        let back = pos(&[(20, 1), (6, 14)], &[(1, 1), (2, 1)]);
        assert_eq!(exact(&back, false).map(|o| o.equity()), Some(-3.0));
        let home = pos(&[(18, 1), (6, 14)], &[(1, 1), (2, 1)]);
        assert_eq!(exact(&home, false).map(|o| o.equity()), Some(-2.0));
        let one_off = pos(&[(20, 1), (6, 13)], &[(1, 1), (2, 1)]);
        assert_eq!(exact(&one_off, false).map(|o| o.equity()), Some(-1.0));
        // A checker on the 6 point is not off with 2-1: not known.
        let far = pos(&[(20, 1), (6, 14)], &[(6, 1), (1, 1)]);
        assert_eq!(exact(&far, false), None);
    }

    #[test]
    fn the_last_roll_of_a_race_is_solved_over_the_opponents_rolls() {
        // The side that just moved has one checker on its 1 point: off next
        // turn. The opponent (none off, so gammoned) has one checker on its
        // 23 point: it saves the backgammon with 5 pips or more, which 2-1,
        // 1-1 and 3-1 (5 of the 36 rolls) do not give.
        let p = pos(&[(1, 1)], &[(23, 1), (12, 14)]);
        assert!(p.is_race());
        assert_eq!(exact(&p, false), None);
        let o = exact(&p, true).unwrap();
        assert_eq!((o.win, o.win_gammon, o.lose_gammon), (1.0, 1.0, 0.0));
        assert!((o.win_backgammon - 5.0 / 36.0).abs() < 1e-6, "{o:?}");
        assert!((o.equity() - (2.0 + 5.0 / 36.0)).abs() < 1e-6);
    }

    #[test]
    fn network_chances_are_completed_with_backgammons() {
        let probs = [0.2, 0.05, 0.5];
        // Contact: the opponent's 6 point is behind the mover's checkers on
        // its 20 (the opponent's 5 point); the opponent has 36 pips left.
        let opp = [(6, 3), (1, 6), (2, 6)];
        let one = pos(&[(20, 1), (8, 14)], &opp);
        let three = pos(&[(20, 3), (8, 12)], &opp);
        let bar = pos(&[(25, 1), (20, 2), (8, 12)], &opp);
        let [a, b, c] = [one, three, bar].map(|p| Outcomes::from_net(&probs, &p));
        assert!(
            a.lose_backgammon > 0.0 && a.lose_backgammon < a.lose_gammon,
            "{a:?}"
        );
        assert!(b.lose_backgammon > a.lose_backgammon, "{a:?} {b:?}");
        assert!(c.lose_backgammon > b.lose_backgammon, "{b:?} {c:?}");
        assert!(b.equity() < a.equity());
        // A race where the checker leaves the opponent's home board before
        // the opponent can be off (5 turns at least, 2 pips to go): none.
        let race = pos(&[(20, 1), (8, 14)], &[(1, 10), (2, 5)]);
        assert!(race.is_race());
        assert_eq!(Outcomes::from_net(&probs, &race).lose_backgammon, 0.0);
        // A checker borne off: no gammon, no backgammon.
        let off = pos(&[(20, 1), (8, 13)], &opp);
        let o = Outcomes::from_net(&probs, &off);
        assert_eq!((o.lose_gammon, o.lose_backgammon), (0.0, 0.0));
        assert_eq!(o.equity(), 2.0 * 0.2 - 1.0 + 0.05);
    }

    #[test]
    fn normal_distribution_function() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-6);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-5);
        assert!((normal_cdf(-1.0) - 0.158_655_3).abs() < 1e-5);
        assert!((inverse_normal(0.975) - 1.959_964).abs() < 1e-3);
    }
}

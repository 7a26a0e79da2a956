//! The board: checkers on 24 points, the bar and borne-off, seen from the
//! side on roll.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Checkers each side has.
pub const CHECKERS: u8 = 15;
/// Index of the bar in a side's [`SideCounts`] (and in the move notation).
pub const BAR: usize = 25;
/// Index of "borne off" in a side's [`SideCounts`] (and the `to` of a bear-off step).
pub const OFF: usize = 0;

/// One side's checkers from its own point of view: index 0 is borne off,
/// 1..=24 are that side's points (it moves from 24 towards 1, 1–6 is its
/// home board), 25 is its bar.
pub type SideCounts = [u8; 26];

/// Which of the two sides of a [`Position`]: the one on roll or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The side to play (the "mover").
    OnRoll,
    /// The side waiting for its turn.
    Opponent,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::OnRoll => Side::Opponent,
            Side::Opponent => Side::OnRoll,
        }
    }
}

/// Why a board given by a caller was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side does not have exactly 15 checkers (on points, bar and off).
    #[error(
        "the {} has {count} checkers, not 15",
        match .side { Side::OnRoll => "player on roll", Side::Opponent => "opponent" }
    )]
    WrongCheckerCount {
        /// The side concerned.
        side: Side,
        /// How many it has.
        count: u32,
    },
    /// Both sides have checkers on the same point.
    #[error("both sides have checkers on point {point} (numbered for the side on roll)")]
    SharedPoint {
        /// The point, numbered for the side on roll.
        point: u8,
    },
    /// Both sides have borne off all 15 checkers: a game ends as soon as
    /// one side has ("the first to bear off all 15 wins"), so no game
    /// reaches this board.
    #[error(
        "neither side has a checker left: the game ends as soon as one side has \
         borne off all 15, so no game reaches this position"
    )]
    NoCheckerLeft,
    /// A point outside 1 to 24 and the bar (25) in a list of checkers.
    #[error("there is no point {point}: points are 1 to 24, the bar is 25")]
    NoSuchPoint {
        /// The point given.
        point: usize,
    },
}

/// A backgammon position without the dice, **from the view of the side on
/// roll** (as the GNU Backgammon Position ID stores it).
///
/// Internally a signed array: index `1..=24` holds the side on roll's
/// checkers as positive counts on its points 1..=24, and the opponent's as
/// negative counts on the same (mover-numbered) points, so the opponent's
/// own point `p` is index `25 - p`. Index 25 is the mover's bar (≥ 0),
/// index 0 the opponent's bar (≤ 0). Borne-off counts are what is missing
/// from 15. Every constructor checks 15 checkers a side, no shared point
/// and a checker left in play on at least one side, so every value of this
/// type is a legal board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "PositionRepr", into = "PositionRepr")]
pub struct Position {
    pub(crate) b: [i8; 26],
}

/// The serde form: both sides' counts, each from its own view.
#[derive(Serialize, Deserialize)]
struct PositionRepr {
    on_roll: Vec<u8>,
    opponent: Vec<u8>,
}

impl From<Position> for PositionRepr {
    fn from(p: Position) -> PositionRepr {
        PositionRepr {
            on_roll: p.side_counts(Side::OnRoll).to_vec(),
            opponent: p.side_counts(Side::Opponent).to_vec(),
        }
    }
}

impl TryFrom<PositionRepr> for Position {
    type Error = String;
    fn try_from(r: PositionRepr) -> Result<Position, String> {
        let a: SideCounts = r
            .on_roll
            .as_slice()
            .try_into()
            .map_err(|_| "on_roll must have 26 entries".to_string())?;
        let b: SideCounts = r
            .opponent
            .as_slice()
            .try_into()
            .map_err(|_| "opponent must have 26 entries".to_string())?;
        Position::from_sides(&a, &b).map_err(|e| e.to_string())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The starting position: 2 on the 24-point, 5 on the 13, 3 on the 8 and
    /// 5 on the 6, for each side, counted from its own side.
    #[must_use]
    pub const fn start() -> Position {
        let mut b = [0i8; 26];
        b[24] = 2;
        b[13] = 5;
        b[8] = 3;
        b[6] = 5;
        // Opponent's 24, 13, 8, 6 are the mover's 1, 12, 17, 19.
        b[1] = -2;
        b[12] = -5;
        b[17] = -3;
        b[19] = -5;
        Position { b }
    }

    /// A position from both sides' counts, each from its own view
    /// (see [`SideCounts`]; the `OFF` entry is checked too).
    ///
    /// # Errors
    /// [`PositionError`] when a side does not total 15, a point is shared,
    /// or both sides have borne off all 15.
    pub fn from_sides(
        on_roll: &SideCounts,
        opponent: &SideCounts,
    ) -> Result<Position, PositionError> {
        for (side, counts) in [(Side::OnRoll, on_roll), (Side::Opponent, opponent)] {
            let count: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            if count != u32::from(CHECKERS) {
                return Err(PositionError::WrongCheckerCount { side, count });
            }
        }
        if on_roll[OFF] == CHECKERS && opponent[OFF] == CHECKERS {
            return Err(PositionError::NoCheckerLeft);
        }
        let mut b = [0i8; 26];
        for p in 1..=24usize {
            let mine = on_roll[p];
            let theirs = opponent[25 - p];
            if mine > 0 && theirs > 0 {
                return Err(PositionError::SharedPoint { point: p as u8 });
            }
            // Counts are at most 15 here, so they fit in i8.
            b[p] = mine as i8 - theirs as i8;
        }
        b[BAR] = on_roll[BAR] as i8;
        b[OFF] = -(opponent[BAR] as i8);
        Ok(Position { b })
    }

    /// Both sides' checkers as `(point, count)` lists, points numbered for
    /// each side from its own home (1 to 24, the bar 25), borne-off implied:
    /// [`Position::from_board_counts`] from lists, for puzzles and tests.
    /// A point given twice counts the last count.
    ///
    /// # Errors
    /// [`PositionError::NoSuchPoint`] for a point outside 1 to 25, and the
    /// errors of [`Position::from_board_counts`].
    pub fn from_point_counts(
        on_roll: &[(usize, u8)],
        opponent: &[(usize, u8)],
    ) -> Result<Position, PositionError> {
        let counts = |list: &[(usize, u8)]| {
            let mut c: SideCounts = [0; 26];
            for &(point, n) in list {
                if !(1..=BAR).contains(&point) {
                    return Err(PositionError::NoSuchPoint { point });
                }
                c[point] = n;
            }
            Ok(c)
        };
        Position::from_board_counts(&counts(on_roll)?, &counts(opponent)?)
    }

    /// Both sides' checkers on points and bar only, borne-off implied: like
    /// [`Position::from_sides`] but the `OFF` entries are ignored and
    /// computed, so a side may have fewer than 15 on the board.
    ///
    /// # Errors
    /// [`PositionError`] when a side has more than 15 or a point is shared.
    pub fn from_board_counts(
        on_roll: &SideCounts,
        opponent: &SideCounts,
    ) -> Result<Position, PositionError> {
        let mut a = *on_roll;
        let mut o = *opponent;
        for (side, c) in [(Side::OnRoll, &mut a), (Side::Opponent, &mut o)] {
            let on_board: u32 = c[1..].iter().map(|&x| u32::from(x)).sum();
            if on_board > u32::from(CHECKERS) {
                return Err(PositionError::WrongCheckerCount {
                    side,
                    count: on_board,
                });
            }
            c[OFF] = CHECKERS - on_board as u8;
        }
        Position::from_sides(&a, &o)
    }

    /// One side's counts from its own view (see [`SideCounts`]).
    #[must_use]
    pub fn side_counts(&self, side: Side) -> SideCounts {
        let mut c = [0u8; 26];
        for p in 1..=24usize {
            let v = self.b[p];
            match side {
                Side::OnRoll if v > 0 => c[p] = v as u8,
                Side::Opponent if v < 0 => c[25 - p] = v.unsigned_abs(),
                _ => {}
            }
        }
        c[BAR] = self.bar(side);
        c[OFF] = self.off(side);
        c
    }

    /// Checkers of `side` on its own point `point` (1..=24), on the bar for
    /// 25, borne off for 0; 0 for any other number.
    #[must_use]
    pub fn checkers(&self, side: Side, point: usize) -> u8 {
        match point {
            OFF => self.off(side),
            BAR => self.bar(side),
            1..=24 => {
                let v = match side {
                    Side::OnRoll => self.b[point],
                    Side::Opponent => -self.b[25 - point],
                };
                if v > 0 {
                    v as u8
                } else {
                    0
                }
            }
            _ => 0,
        }
    }

    /// Checkers of `side` on the bar.
    #[must_use]
    pub fn bar(&self, side: Side) -> u8 {
        match side {
            Side::OnRoll => self.b[BAR].unsigned_abs(),
            Side::Opponent => self.b[OFF].unsigned_abs(),
        }
    }

    /// Checkers of `side` borne off.
    #[must_use]
    pub fn off(&self, side: Side) -> u8 {
        let on: u32 = match side {
            Side::OnRoll => self.b[1..=25]
                .iter()
                .filter(|&&v| v > 0)
                .map(|&v| v as u32)
                .sum(),
            Side::Opponent => self.b[0..=24]
                .iter()
                .filter(|&&v| v < 0)
                .map(|&v| v.unsigned_abs() as u32)
                .sum(),
        };
        CHECKERS.saturating_sub(on as u8)
    }

    /// The pip count of `side`: the total distance its checkers still have
    /// to travel to bear off (a checker on the bar counts 25).
    #[must_use]
    pub fn pip_count(&self, side: Side) -> u32 {
        let mut sum = 0u32;
        for p in 1..=24usize {
            let v = self.b[p];
            match side {
                Side::OnRoll if v > 0 => sum += p as u32 * v as u32,
                Side::Opponent if v < 0 => sum += (25 - p) as u32 * v.unsigned_abs() as u32,
                _ => {}
            }
        }
        sum + 25 * u32::from(self.bar(side))
    }

    /// Pip counts `[on roll, opponent]`.
    #[must_use]
    pub fn pip_counts(&self) -> [u32; 2] {
        [self.pip_count(Side::OnRoll), self.pip_count(Side::Opponent)]
    }

    /// The same position with the other side on roll (the board turned
    /// around).
    #[must_use]
    pub fn flip(&self) -> Position {
        let mut b = [0i8; 26];
        for (i, slot) in b.iter_mut().enumerate() {
            *slot = -self.b[25 - i];
        }
        Position { b }
    }

    /// The raw signed array described on [`Position`] (for fast evaluators).
    #[must_use]
    pub fn raw(&self) -> &[i8; 26] {
        &self.b
    }

    /// Whether the checkers of both sides have passed each other (no more
    /// hitting possible): a pure race.
    #[must_use]
    pub fn is_race(&self) -> bool {
        if self.b[BAR] > 0 || self.b[OFF] < 0 {
            return false;
        }
        // Highest mover point and lowest opponent point (mover numbering).
        let mover_back = (1..=24).rev().find(|&p| self.b[p] > 0).unwrap_or(0);
        let opp_back = (1..=24).find(|&p| self.b[p] < 0).unwrap_or(25);
        mover_back < opp_back
    }

    /// Whether a side has borne off all 15 checkers.
    #[must_use]
    pub fn has_won(&self, side: Side) -> bool {
        self.off(side) == CHECKERS
    }

    /// The outcome once a side has borne off all its checkers: who won and
    /// how much; `None` while both still have checkers.
    #[must_use]
    pub fn outcome(&self) -> Option<(Side, WinKind)> {
        for winner in [Side::OnRoll, Side::Opponent] {
            if self.has_won(winner) {
                let loser = winner.other();
                let kind = if self.off(loser) > 0 {
                    WinKind::Single
                } else {
                    // Winner's home board 1..=6 is the loser's 19..=24.
                    let back =
                        self.bar(loser) > 0 || (19..=24).any(|p| self.checkers(loser, p) > 0);
                    if back {
                        WinKind::Backgammon
                    } else {
                        WinKind::Gammon
                    }
                };
                return Some((winner, kind));
            }
        }
        None
    }
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinKind {
    /// The loser had borne off at least one checker: 1 point.
    Single,
    /// The loser had borne off none: 2 points.
    Gammon,
    /// A gammon, and the loser still had a checker on the bar or in the
    /// winner's home board: 3 points.
    Backgammon,
}

impl WinKind {
    /// Points the win is worth (1, 2 or 3; no cube).
    #[must_use]
    pub const fn points(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_count_lists_make_the_same_board_as_arrays() {
        let mut a: SideCounts = [0; 26];
        let mut o: SideCounts = [0; 26];
        (a[6], a[BAR], o[1]) = (3, 1, 2);
        assert_eq!(
            Position::from_point_counts(&[(6, 3), (BAR, 1)], &[(1, 2)]),
            Position::from_board_counts(&a, &o)
        );
        for point in [0, 26] {
            assert_eq!(
                Position::from_point_counts(&[(point, 1)], &[(1, 1)]),
                Err(PositionError::NoSuchPoint { point })
            );
        }
    }

    #[test]
    fn start_position_has_15_a_side_and_167_pips() {
        let p = Position::start();
        assert_eq!(p.pip_counts(), [167, 167]);
        assert_eq!(p.off(Side::OnRoll), 0);
        assert_eq!(p.off(Side::Opponent), 0);
        // "2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6, for each side"
        for side in [Side::OnRoll, Side::Opponent] {
            assert_eq!(p.checkers(side, 24), 2);
            assert_eq!(p.checkers(side, 13), 5);
            assert_eq!(p.checkers(side, 8), 3);
            assert_eq!(p.checkers(side, 6), 5);
        }
        assert_eq!(p.flip(), p);
    }

    #[test]
    fn from_sides_checks_counts_and_sharing() {
        let mut a = [0u8; 26];
        a[6] = 15;
        let mut o = [0u8; 26];
        o[19] = 15; // the mover's 6 point
        assert_eq!(
            Position::from_sides(&a, &o),
            Err(PositionError::SharedPoint { point: 6 })
        );
        o[19] = 14;
        assert_eq!(
            Position::from_sides(&a, &o).unwrap_err().to_string(),
            "the opponent has 14 checkers, not 15"
        );
        assert!(matches!(
            Position::from_sides(&a, &o),
            Err(PositionError::WrongCheckerCount {
                side: Side::Opponent,
                count: 14
            })
        ));
        o[0] = 1;
        o[19] = 0;
        o[20] = 14;
        let p = Position::from_sides(&a, &o).unwrap_or_default();
        assert_eq!(p.side_counts(Side::OnRoll), a);
        assert_eq!(p.side_counts(Side::Opponent), o);
        assert_eq!(p.flip().side_counts(Side::OnRoll), o);
    }

    #[test]
    fn outcomes_single_gammon_backgammon() {
        let mut win = [0u8; 26];
        win[OFF] = 15;
        let mut lose = [0u8; 26];
        lose[OFF] = 1;
        lose[20] = 14;
        let p = Position::from_sides(&win, &lose).unwrap_or_default();
        assert_eq!(p.outcome(), Some((Side::OnRoll, WinKind::Single)));
        lose[OFF] = 0;
        lose[18] = 1;
        let p = Position::from_sides(&win, &lose).unwrap_or_default();
        assert_eq!(p.outcome(), Some((Side::OnRoll, WinKind::Backgammon)));
        lose[20] = 0;
        lose[18] = 15;
        let p = Position::from_sides(&win, &lose).unwrap_or_default();
        assert_eq!(p.outcome(), Some((Side::OnRoll, WinKind::Gammon)));
        lose[18] = 14;
        lose[BAR] = 1;
        let p = Position::from_sides(&win, &lose).unwrap_or_default();
        assert_eq!(p.outcome(), Some((Side::OnRoll, WinKind::Backgammon)));
        assert_eq!(
            p.flip().outcome(),
            Some((Side::Opponent, WinKind::Backgammon))
        );
        assert_eq!(WinKind::Backgammon.points(), 3);
        assert_eq!(Position::start().outcome(), None);
    }
}

//! The three AI levels. None of them searches: Hard is Bouton's formula.

use games_common::{Budget, CancelFlag, GameRng, SearchControl, SearchStats};
use serde::{Deserialize, Serialize};

use crate::analysis::analyze;
use crate::position::{Move, Position};

/// How well the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// A random legal move (seeded).
    Easy,
    /// The perfect move two times in three (seeded), a random legal move otherwise.
    Medium,
    /// Perfect play, in O(rows).
    Hard,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level with this C API number (0 Easy, 1 Medium, 2 Hard).
    #[must_use]
    pub const fn from_index(index: u32) -> Option<Level> {
        match index {
            0 => Some(Level::Easy),
            1 => Some(Level::Medium),
            2 => Some(Level::Hard),
            _ => None,
        }
    }
}

/// A level name that is not `easy`, `medium` or `hard`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: use easy, medium or hard")]
pub struct LevelError(pub String);

impl std::str::FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(LevelError(s.to_string())),
        }
    }
}

/// The AI's answer: its move and what it did to find it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The chosen move (legal in the position asked about).
    pub mv: Move,
    /// Nodes (rows examined) and time.
    pub stats: SearchStats,
}

/// The probability that Medium plays the perfect move: 2 in 3.
pub const MEDIUM_PERFECT: (u64, u64) = (2, 3);

/// A uniformly random legal move; `None` when the game is over.
#[must_use]
pub fn random_move(position: &Position, rng: &mut GameRng) -> Option<Move> {
    let count = position.legal_move_count();
    if count == 0 {
        return None;
    }
    position.nth_legal_move(rng.below(count))
}

/// The perfect move: one of the winning moves, chosen by `rng` when there are
/// several; in a lost position, one circle from the fullest row (the longest
/// game, leaving the opponent the most room to go wrong). `None` when over.
#[must_use]
pub fn perfect_move(position: &Position, rng: &mut GameRng) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    let analysis = analyze(position);
    if let Some(mv) = rng.choose(&analysis.winning_moves) {
        return Some(*mv);
    }
    let rows = position.rows();
    let mut best: Option<(usize, u32)> = None;
    for (row, &left) in rows.iter().enumerate() {
        if left > 0 && best.is_none_or(|(_, b)| left > b) {
            best = Some((row, left));
        }
    }
    best.map(|(row, _)| Move::new(row, 1))
}

/// The AI's move at `level`; `None` when the game is over.
///
/// The budget and cancel flag are taken as by every AI of the workspace,
/// but Nim needs at most one pass over the rows (Hard is "O(rows), not a
/// search"): the move is the level's whatever the budget, so Hard plays
/// perfectly even with no budget or a cancelled flag, and the stats report
/// the rows counted and why the pass stopped.
///
/// ```
/// use games_common::{Budget, CancelFlag, GameRng};
/// use nim_core::{ai_move, Level, Move, Position};
/// let mut rng = GameRng::from_seed(1);
/// let answer = ai_move(&Position::default(), Level::Hard, &mut rng, Budget::UNLIMITED, &CancelFlag::new());
/// assert_eq!(answer.unwrap().mv, Move::new(0, 2));
/// ```
#[must_use]
pub fn ai_move(
    position: &Position,
    level: Level,
    rng: &mut GameRng,
    budget: Budget,
    cancel: &CancelFlag,
) -> Option<AiMove> {
    let mut control = SearchControl::new(budget, cancel);
    if position.is_over() {
        return None;
    }
    // One pass over the rows, counted against the budget for the report;
    // the move does not depend on how far it got (see above).
    for _ in position.rows() {
        if !control.tick() {
            break;
        }
    }
    let mv = match level {
        Level::Easy => random_move(position, rng),
        Level::Medium => {
            if rng.chance(MEDIUM_PERFECT.0, MEDIUM_PERFECT.1) {
                perfect_move(position, rng)
            } else {
                random_move(position, rng)
            }
        }
        Level::Hard => perfect_move(position, rng),
    }?;
    Some(AiMove {
        mv,
        stats: control.stats(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rule;
    use games_common::Player;

    #[test]
    fn every_level_plays_legal_moves_until_the_end() {
        for level in Level::ALL {
            for seed in 0..20 {
                let mut rng = GameRng::from_seed(seed);
                let mut p = Position::new(&[3, 4, 5, 6], Rule::Normal, Player::First).unwrap();
                let cancel = CancelFlag::new();
                while let Some(a) = ai_move(&p, level, &mut rng, Budget::UNLIMITED, &cancel) {
                    p.play(a.mv).unwrap();
                }
                assert!(p.is_over());
            }
        }
    }

    #[test]
    fn medium_plays_perfectly_about_two_times_in_three() {
        // Position with a single winning move among 12.
        let p = Position::default();
        let cancel = CancelFlag::new();
        let mut rng = GameRng::from_seed(9);
        let n = 3000;
        let perfect = (0..n)
            .filter(|_| {
                ai_move(&p, Level::Medium, &mut rng, Budget::UNLIMITED, &cancel)
                    .unwrap()
                    .mv
                    == Move::new(0, 2)
            })
            .count();
        // 2/3 perfect + 1/3 * 1/12 random hits = 0.694.
        let rate = perfect as f64 / f64::from(n);
        assert!((0.66..0.73).contains(&rate), "{rate}");
    }

    #[test]
    fn same_seed_same_moves() {
        let p = Position::new(&[7, 9, 11], Rule::Normal, Player::First).unwrap();
        let cancel = CancelFlag::new();
        let run = |seed| {
            let mut rng = GameRng::from_seed(seed);
            (0..50)
                .map(|_| {
                    ai_move(&p, Level::Easy, &mut rng, Budget::UNLIMITED, &cancel)
                        .unwrap()
                        .mv
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
    }

    #[test]
    /// "Hard: perfect play (Bouton's nim-sum …). It must be O(rows), not
    /// a search": a budget of nothing or a cancelled search still plays
    /// the perfect move (it played a random one, often losing), and
    /// reports why it stopped.
    fn cancelled_search_still_answers_legally() {
        let cancel = CancelFlag::new();
        cancel.cancel();
        for rows in [vec![3, 4, 5], vec![1, 2, 3, 4, 5, 6, 7], vec![7, 7, 1]] {
            let p = Position::new(&rows, Rule::Normal, Player::First).unwrap();
            for seed in 0..20 {
                let perfect = perfect_move(&p, &mut GameRng::from_seed(seed)).unwrap();
                let mut rng = GameRng::from_seed(seed);
                let a = ai_move(&p, Level::Hard, &mut rng, Budget::UNLIMITED, &cancel).unwrap();
                assert_eq!(a.mv, perfect);
                assert_eq!(a.stats.stop, games_common::StopReason::Cancelled);
                let mut rng = GameRng::from_seed(seed);
                let none = CancelFlag::new();
                let b = ai_move(&p, Level::Hard, &mut rng, Budget::nodes(0), &none).unwrap();
                assert_eq!(b.mv, perfect);
            }
        }
    }

    #[test]
    fn level_names_and_numbers() {
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert_eq!(
            "expert".parse::<Level>(),
            Err(LevelError("expert".to_string()))
        );
        assert_eq!(" Medium ".parse::<Level>(), Ok(Level::Medium));
        assert_eq!(Level::from_index(1), Some(Level::Medium));
        assert_eq!(Level::from_index(3), None);
    }
}

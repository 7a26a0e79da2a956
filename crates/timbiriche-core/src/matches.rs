//! Matches of 3 or 5 games: points summed over the games, the starting
//! player of each game set by the who-starts policy.
//!
//! ```
//! use timbiriche_core::{BoardSize, Match, MatchOptions, Player, StartPolicy, Variant};
//!
//! let mut m = Match::new(MatchOptions {
//!     size: BoardSize::new(1, 1).unwrap(),
//!     variant: Variant::standard(),
//!     games: 3,
//!     policy: StartPolicy::Alternating,
//! })
//! .unwrap();
//! assert_eq!(m.game().position().to_move(), Player::First);
//! for line in m.game().position().legal_moves() {
//!     m.game_mut().play(line).unwrap();
//! }
//! m.next_game().unwrap();
//! assert_eq!(m.game().position().to_move(), Player::Second);
//! ```

use games_common::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::BoardSize;
use crate::game::{Game, GameOptions};
use crate::position::{GameResult, Variant};
use crate::values::ValueError;

/// Who draws the first line of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StartPolicy {
    /// The first player starts every game.
    First,
    /// The second player starts every game.
    Second,
    /// The first player starts game 1, the second game 2, and so on.
    Alternating,
}

impl StartPolicy {
    /// Who starts game number `index` (from 0).
    #[must_use]
    pub fn starter(self, index: usize) -> Player {
        match self {
            StartPolicy::First => Player::First,
            StartPolicy::Second => Player::Second,
            StartPolicy::Alternating if index % 2 == 0 => Player::First,
            StartPolicy::Alternating => Player::Second,
        }
    }
}

/// The options of a match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchOptions {
    /// The board of every game.
    pub size: BoardSize,
    /// Misère and box values of every game.
    pub variant: Variant,
    /// 3 or 5 games.
    pub games: u32,
    /// Who starts each game.
    pub policy: StartPolicy,
}

/// Why a match cannot start or go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum MatchError {
    /// A match is 3 or 5 games.
    #[error("a match is 3 or 5 games, not {0}")]
    GameCount(u32),
    /// Bad box values.
    #[error(transparent)]
    Values(#[from] ValueError),
    /// The current game is not over yet.
    #[error("the current game is not over")]
    GameNotOver,
    /// Every game has been played.
    #[error("the match is over")]
    MatchOver,
}

/// A match in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    options: MatchOptions,
    /// Points of each finished game: `[first, second]`.
    finished: Vec<[u32; 2]>,
    current: Game,
}

impl Match {
    /// Start a match: game 1 begins at once.
    pub fn new(options: MatchOptions) -> Result<Match, MatchError> {
        if options.games != 3 && options.games != 5 {
            return Err(MatchError::GameCount(options.games));
        }
        let current = Game::new(GameOptions {
            size: options.size,
            variant: options.variant.clone(),
            first: options.policy.starter(0),
        })?;
        Ok(Match {
            options,
            finished: Vec::new(),
            current,
        })
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &MatchOptions {
        &self.options
    }

    /// The game being played (the last one once the match is over).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.current
    }

    /// The game being played, to play moves on.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.current
    }

    /// Games finished so far (the current game counts once it is over).
    #[must_use]
    pub fn games_finished(&self) -> usize {
        self.finished.len() + usize::from(self.current.position().is_over())
    }

    /// Points of each finished game, `[first, second]`, in order.
    #[must_use]
    pub fn game_points(&self) -> Vec<[u32; 2]> {
        let mut out = self.finished.clone();
        if self.current.position().is_over() {
            out.push(Self::points_of(&self.current));
        }
        out
    }

    fn points_of(g: &Game) -> [u32; 2] {
        let p = g.position();
        [p.points(Player::First), p.points(Player::Second)]
    }

    /// Points of a player summed over the finished games and the current
    /// one.
    #[must_use]
    pub fn total(&self, p: Player) -> u32 {
        self.finished.iter().map(|g| g[p.index()]).sum::<u32>() + self.current.position().points(p)
    }

    /// Record the finished current game and start the next one.
    pub fn next_game(&mut self) -> Result<(), MatchError> {
        if !self.current.position().is_over() {
            return Err(MatchError::GameNotOver);
        }
        let index = self.finished.len() + 1;
        if index >= self.options.games as usize {
            return Err(MatchError::MatchOver);
        }
        let next = Game::new(GameOptions {
            size: self.options.size,
            variant: self.options.variant.clone(),
            first: self.options.policy.starter(index),
        })?;
        self.finished.push(Self::points_of(&self.current));
        self.current = next;
        Ok(())
    }

    /// Whether every game has been played.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.finished.len() + 1 == self.options.games as usize && self.current.position().is_over()
    }

    /// The match result once it is over: more total points wins (fewer in
    /// misère).
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        if !self.is_over() {
            return None;
        }
        let (a, b) = (self.total(Player::First), self.total(Player::Second));
        let more = match a.cmp(&b) {
            std::cmp::Ordering::Equal => return Some(GameResult::Draw),
            std::cmp::Ordering::Greater => Player::First,
            std::cmp::Ordering::Less => Player::Second,
        };
        Some(GameResult::Win(if self.options.variant.misere {
            more.other()
        } else {
            more
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(m: &mut Match) {
        while let Some(&l) = m.game().position().legal_moves().first() {
            m.game_mut().play(l).unwrap();
        }
    }

    #[test]
    fn three_games_alternating_points_summed() {
        let opts = MatchOptions {
            size: BoardSize::new(1, 2).unwrap(),
            variant: Variant::standard(),
            games: 3,
            policy: StartPolicy::Alternating,
        };
        let mut m = Match::new(opts).unwrap();
        assert_eq!(m.next_game(), Err(MatchError::GameNotOver));
        let mut starters = vec![];
        for i in 0..3 {
            starters.push(m.game().position().to_move());
            finish(&mut m);
            if i < 2 {
                m.next_game().unwrap();
            }
        }
        assert_eq!(starters, vec![Player::First, Player::Second, Player::First]);
        assert!(m.is_over());
        assert_eq!(m.next_game(), Err(MatchError::MatchOver));
        let pts = m.game_points();
        assert_eq!(pts.len(), 3);
        let a: u32 = pts.iter().map(|g| g[0]).sum();
        assert_eq!(m.total(Player::First), a);
        assert_eq!(m.total(Player::First) + m.total(Player::Second), 6);
        assert!(m.result().is_some());
    }

    #[test]
    fn only_three_or_five_games() {
        let mut opts = MatchOptions {
            size: BoardSize::SMALL,
            variant: Variant::standard(),
            games: 4,
            policy: StartPolicy::Second,
        };
        assert_eq!(Match::new(opts.clone()), Err(MatchError::GameCount(4)));
        opts.games = 5;
        let m = Match::new(opts).unwrap();
        assert_eq!(m.game().position().to_move(), Player::Second);
        assert_eq!(StartPolicy::First.starter(3), Player::First);
    }
}

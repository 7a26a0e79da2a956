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

use games_common::{probe_version, GameRng, Player, SaveFormat, VersionError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::BoardSize;
use crate::game::{Game, GameOptions, LoadError, SavedGame};
use crate::position::{GameResult, Position, Variant};
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
#[non_exhaustive]
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

/// The save format of a [`Match`]: `"games.timbiriche.match"`, version 2
/// (the first; matches were saved only inside the C API's version-1 saves,
/// which [`Match::load`] still reads). Its `current` field is a
/// [`crate::GAME_SAVE`] save of the game being played.
pub const MATCH_SAVE: SaveFormat = SaveFormat::new("games.timbiriche.match", 2, 1);

/// A match in progress. The game being played holds the AI's generator,
/// which goes on from one game to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    options: MatchOptions,
    /// Points of each finished game: `[first, second]`.
    finished: Vec<[u32; 2]>,
    current: Game,
}

/// The saved form of a [`Match`] (also the shape of a match inside the C
/// API's version-1 saves, without `format` and `version`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SavedMatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) version: Option<u32>,
    pub(crate) options: MatchOptions,
    pub(crate) finished: Vec<[u32; 2]>,
    pub(crate) current: SavedGame,
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

    /// The same match with the AI's generator seeded with `seed`.
    #[must_use]
    pub fn with_ai_seed(mut self, seed: u64) -> Match {
        self.current.set_rng(GameRng::from_seed(seed));
        self
    }

    /// The match as JSON ([`MATCH_SAVE`]: `"format":"games.timbiriche.match"`,
    /// version 2): options, the points of the finished games, and the game
    /// being played as a [`Game::save`] record (with the AI's generator).
    /// The same match gives the same text; the C API saves a match as
    /// exactly this.
    #[must_use]
    pub fn save(&self) -> String {
        let envelope = MATCH_SAVE.header();
        serde_json::to_string(&SavedMatch {
            format: Some(envelope.format),
            version: Some(envelope.version),
            options: self.options.clone(),
            finished: self.finished.clone(),
            current: self.current.to_saved(),
        })
        .unwrap_or_default()
    }

    /// Load a match saved by [`Match::save`], or a match saved by version 1
    /// of the C API. Untrusted input is checked: the game count, the
    /// finished games, and the game being played against the options and
    /// the who-starts policy; every move is replayed.
    pub fn load(json: &str) -> Result<Match, LoadError> {
        if probe_version(json.as_bytes(), &MATCH_SAVE)? == 1 {
            return match crate::session::load_legacy_c(json) {
                Some(Ok(crate::Session::Match(m))) => Ok(m),
                Some(Ok(crate::Session::Game(_))) => {
                    Err(LoadError::Envelope(VersionError::WrongFormat {
                        expected: MATCH_SAVE.name,
                        found: crate::GAME_SAVE.name.to_owned(),
                    }))
                }
                Some(Err(e)) => Err(e),
                // A version-1 save that is not the C API's: a game's.
                None => Err(LoadError::Envelope(VersionError::WrongFormat {
                    expected: MATCH_SAVE.name,
                    found: crate::GAME_SAVE.name.to_owned(),
                })),
            };
        }
        let saved: SavedMatch =
            serde_json::from_str(json).map_err(|e| LoadError::Format(e.to_string()))?;
        Match::from_saved(saved)
    }

    /// Rebuild a match from its record, checking that its parts agree.
    pub(crate) fn from_saved(saved: SavedMatch) -> Result<Match, LoadError> {
        let options = saved.options;
        if options.games != 3 && options.games != 5 {
            return Err(LoadError::Match("a match is 3 or 5 games"));
        }
        if saved.finished.len() >= options.games as usize {
            return Err(LoadError::Match("more finished games than the match has"));
        }
        let current = Game::from_saved(&saved.current)?;
        let expected = GameOptions {
            size: options.size,
            variant: options.variant.clone(),
            first: options.policy.starter(saved.finished.len()),
        };
        if current.options() != &expected {
            return Err(LoadError::Match(
                "the game being played does not follow the match's options",
            ));
        }
        let most = Position::new(options.size, &options.variant, Player::First)
            .map(|p| p.values().iter().map(|&v| u32::from(v)).sum::<u32>())
            .map_err(LoadError::Values)?;
        if saved
            .finished
            .iter()
            .any(|[a, b]| a.saturating_add(*b) != most)
        {
            return Err(LoadError::Match(
                "a finished game's points are not all the boxes' points",
            ));
        }
        Ok(Match {
            options,
            finished: saved.finished,
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
        let mut next = Game::new(GameOptions {
            size: self.options.size,
            variant: self.options.variant.clone(),
            first: self.options.policy.starter(index),
        })?;
        next.set_rng(self.current.rng().clone());
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

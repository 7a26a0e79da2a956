//! Matches of several rounds, the first turn alternating between rounds.

use games_common::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{check_envelope, check_version, Game, LoadError, SavedGame, MATCH_SAVE};
use crate::position::{Rule, SetupError};

/// Most rounds a match may have: every count a `u32` holds, since the spec
/// offers "matches of any number of rounds" (a match stores only the
/// winners of the rounds played, so its size grows with play, not with this).
pub const MAX_ROUNDS: u32 = u32::MAX;

/// Why a match cannot be created.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatchSetupError {
    /// The board is not valid.
    #[error(transparent)]
    Board(#[from] SetupError),
    /// Zero rounds.
    #[error("a match has at least 1 round, not {0}")]
    Rounds(u32),
}

/// Why the next round cannot start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RoundError {
    /// The current round is still being played.
    #[error("the current round is not over")]
    RoundNotOver,
    /// Every round has been played.
    #[error("the match is over")]
    MatchOver,
}

/// How a finished match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchResult {
    /// This player won more rounds.
    Winner(Player),
    /// Both won as many rounds (1–1 in the seed's two-round match): shared.
    Shared,
}

/// A match of `rounds` rounds on the same board. Each round won is one
/// point; the first turn alternates from one round to the next.
///
/// ```
/// use games_common::{Budget, CancelFlag, Player};
/// use nim_core::{Level, Match, MatchResult, Rule};
/// let mut m = Match::new(&[3, 4, 5], Rule::Normal, 2, Player::First, 1).unwrap();
/// let cancel = CancelFlag::new();
/// while !m.is_over() {
///     if m.game().is_over() {
///         m.next_round().unwrap();
///     }
///     let mv = m.game_mut().ai_move(Level::Hard, Budget::UNLIMITED, &cancel).unwrap().mv;
///     m.game_mut().play(mv).unwrap();
/// }
/// // Perfect play on 3-4-5: whoever starts wins, and the start alternates.
/// assert_eq!(m.points(), [1, 1]);
/// assert_eq!(m.result(), Some(MatchResult::Shared));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rounds: u32,
    first: Player,
    finished: Vec<Player>,
    game: Game,
}

/// The saved form of a [`Match`]; version 1 is the same without `format`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMatch {
    /// [`MATCH_SAVE`]'s name; absent in version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    version: u32,
    rounds: u32,
    first: Player,
    /// Winners of the finished rounds, in order.
    finished: Vec<Player>,
    game: SavedGame,
}

impl Match {
    /// A match of `rounds` rounds on `rows` under `rule`; `first` starts the
    /// first round, and the start alternates after that.
    ///
    /// # Errors
    /// [`MatchSetupError`] for a bad board or 0 rounds.
    pub fn new(
        rows: &[u32],
        rule: Rule,
        rounds: u32,
        first: Player,
        seed: u64,
    ) -> Result<Match, MatchSetupError> {
        if rounds == 0 {
            return Err(MatchSetupError::Rounds(rounds));
        }
        Ok(Match {
            rounds,
            first,
            finished: Vec::new(),
            game: Game::new(rows, rule, first, seed)?,
        })
    }

    /// The round being played.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The round being played, to play, undo and ask the AI.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// How many rounds the match has.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The round being played, counted from 0.
    #[must_use]
    pub fn round(&self) -> u32 {
        u32::try_from(self.finished.len()).unwrap_or(u32::MAX)
    }

    /// Who moves first in round `round` (from 0): the match's first player in
    /// even rounds, the other one in odd rounds.
    #[must_use]
    pub fn first_player_of_round(&self, round: u32) -> Player {
        if round % 2 == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Points so far: one per round won, the current round included once it is over.
    #[must_use]
    pub fn points(&self) -> [u32; 2] {
        let mut points = [0, 0];
        for winner in self.finished.iter().copied().chain(self.game.winner()) {
            points[winner.index()] += 1;
        }
        points
    }

    /// Whether the last round is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.round() + 1 >= self.rounds && self.game.is_over()
    }

    /// The result once the match is over.
    #[must_use]
    pub fn result(&self) -> Option<MatchResult> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.points();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => MatchResult::Winner(Player::First),
            std::cmp::Ordering::Less => MatchResult::Winner(Player::Second),
            std::cmp::Ordering::Equal => MatchResult::Shared,
        })
    }

    /// Start the next round on a fresh board; its generator continues where
    /// the last round's stopped.
    ///
    /// # Errors
    /// [`RoundError`] when the round is not over or the match is.
    pub fn next_round(&mut self) -> Result<(), RoundError> {
        let winner = self.game.winner().ok_or(RoundError::RoundNotOver)?;
        if self.is_over() {
            return Err(RoundError::MatchOver);
        }
        let next_round = self.round() + 1;
        let start = self.game.start();
        let mut next = Game::new(
            start.rows(),
            start.rule(),
            self.first_player_of_round(next_round),
            0,
        )
        .map_err(|_| RoundError::MatchOver)?;
        next.set_rng(self.game.rng().clone());
        self.finished.push(winner);
        self.game = next;
        Ok(())
    }

    /// The whole match as JSON bytes ([`MATCH_SAVE`]:
    /// `"format":"games.nim.match"`, version 2), the round being played
    /// saved as a [`Game::save`] inside. This is what the C API saves.
    #[must_use]
    pub fn save(&self) -> Vec<u8> {
        let envelope = MATCH_SAVE.header();
        serde_json::to_vec(&SavedMatch {
            format: Some(envelope.format),
            version: envelope.version,
            rounds: self.rounds,
            first: self.first,
            finished: self.finished.clone(),
            game: self.game.to_saved(),
        })
        .unwrap_or_default()
    }

    /// Load bytes written by [`Match::save`] (version 2, or version 1 without
    /// the format names), checking everything.
    ///
    /// # Errors
    /// A [`LoadError`] saying what is wrong.
    pub fn load(bytes: &[u8]) -> Result<Match, LoadError> {
        check_version(bytes, &MATCH_SAVE)?;
        let saved: SavedMatch =
            serde_json::from_slice(bytes).map_err(|e| LoadError::Format(e.to_string()))?;
        check_envelope(saved.format.as_deref(), saved.version, &MATCH_SAVE)?;
        if saved.rounds == 0 {
            return Err(LoadError::Inconsistent(format!(
                "{} rounds is not a valid match",
                saved.rounds
            )));
        }
        if saved.finished.len() >= saved.rounds as usize {
            return Err(LoadError::Inconsistent(
                "more finished rounds than the match has".into(),
            ));
        }
        let game = Game::from_saved(saved.game)?;
        let m = Match {
            rounds: saved.rounds,
            first: saved.first,
            finished: saved.finished,
            game,
        };
        if m.game.start().to_move() != m.first_player_of_round(m.round()) {
            return Err(LoadError::Inconsistent(
                "the round's first player breaks the alternation".into(),
            ));
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn first_turn_alternates_and_points_add_up() {
        // "A short match is two rounds with the first turn alternating; each win
        // is one point and a 1–1 result is shared."
        let mut m = Match::new(&[1], Rule::Normal, 3, Player::Second, 0).unwrap();
        assert_eq!(m.game().position().to_move(), Player::Second);
        m.game_mut().play(Move::new(0, 1)).unwrap();
        assert_eq!(m.points(), [0, 1]);
        assert_eq!(m.result(), None);
        m.next_round().unwrap();
        assert_eq!(m.game().position().to_move(), Player::First);
        assert_eq!(m.next_round(), Err(RoundError::RoundNotOver));
        m.game_mut().play(Move::new(0, 1)).unwrap();
        m.next_round().unwrap();
        assert_eq!(m.round(), 2);
        assert_eq!(m.game().position().to_move(), Player::Second);
        m.game_mut().play(Move::new(0, 1)).unwrap();
        assert!(m.is_over());
        assert_eq!(m.points(), [1, 2]);
        assert_eq!(m.result(), Some(MatchResult::Winner(Player::Second)));
        assert_eq!(m.next_round(), Err(RoundError::MatchOver));
    }

    #[test]
    fn rounds_are_bounded() {
        assert_eq!(
            Match::new(&[3], Rule::Normal, 0, Player::First, 0),
            Err(MatchSetupError::Rounds(0))
        );
        assert!(Match::new(&[3], Rule::Normal, MAX_ROUNDS, Player::First, 0).is_ok());
    }

    #[test]
    fn a_match_may_have_any_number_of_rounds() {
        // "Offer matches of any number of rounds with that policy."
        let mut m = Match::new(&[1], Rule::Normal, u32::MAX, Player::First, 3).unwrap();
        for round in 0..5u32 {
            assert_eq!(m.round(), round);
            assert!(!m.is_over());
            let first = if round % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(m.game().position().to_move(), first);
            m.game_mut().play(Move::new(0, 1)).unwrap();
            m.next_round().unwrap();
        }
        assert_eq!(m.points(), [3, 2]);
        let back = Match::load(&m.save()).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.rounds(), u32::MAX);
    }

    #[test]
    fn save_and_load_a_match_in_its_second_round() {
        let mut m = Match::new(&[2, 3], Rule::Misere, 2, Player::First, 5).unwrap();
        m.game_mut().play(Move::new(0, 2)).unwrap();
        m.game_mut().play(Move::new(1, 3)).unwrap();
        m.next_round().unwrap();
        m.game_mut().play(Move::new(1, 1)).unwrap();
        let back = Match::load(&m.save()).unwrap();
        assert_eq!(back, m);
        // A first player that breaks the alternation is refused.
        let text = String::from_utf8(m.save()).unwrap();
        let broken = text.replace(
            "\"first\":\"First\",\"finished\"",
            "\"first\":\"Second\",\"finished\"",
        );
        assert_ne!(broken, text);
        assert!(matches!(
            Match::load(broken.as_bytes()),
            Err(LoadError::Inconsistent(_))
        ));
    }
}

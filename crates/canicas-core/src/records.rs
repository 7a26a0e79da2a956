//! End-of-game summaries and the records of each variant.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::rules::{Rules, Variant};
use games_common::{probe_version, SaveFormat};

use crate::state::StateError;

/// The format of saved [`Records`]: version 2 starts with
/// `"format":"games.canicas.records"` and `"version":2`, as every save
/// does; version 1 (unnamed) still reads.
const RECORDS_SAVE: SaveFormat = SaveFormat::new("games.canicas.records", 2, 1);

/// The end-of-game summary: points, moves, time, lines removed by length,
/// and whether the game set a new record for its variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameSummary {
    /// The rules played.
    pub rules: Rules,
    /// The deal played.
    pub deal: u64,
    /// Whether the game was a replay of a deal ("Retry").
    pub replay: bool,
    /// Points scored.
    pub points: u64,
    /// Moves played.
    pub moves: u64,
    /// Lines removed, `(length, count)` for each length removed, shortest first.
    pub lines_by_length: Vec<(u8, u64)>,
    /// Time played, as measured by the host.
    pub elapsed: Duration,
    /// Whether this game set a new record for its rules.
    pub new_record: bool,
    /// The record before this game (`None` when there was none).
    pub previous_record: Option<u64>,
}

/// Why a game could not be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum FinishError {
    /// The game is not over: only a finished game has an end-of-game
    /// summary and counts in the records. Nothing was recorded.
    #[error("the game is not over")]
    NotOver,
}

/// The record and statistics of one rule set (one variant).
///
/// Fresh deals and replays count apart: only a fresh deal can set the
/// record (`best_points`); replays have their own counters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RecordEntry {
    /// Best points of a finished fresh game (the record).
    pub best_points: u64,
    /// Fresh games recorded.
    pub games: u64,
    /// Points of all fresh games recorded.
    pub total_points: u64,
    /// Moves of all fresh games recorded.
    pub total_moves: u64,
    /// Replayed games recorded.
    pub replays: u64,
    /// Best points of a replayed game.
    pub replay_best_points: u64,
}

/// The records of every variant played, with save/load.
///
/// ```
/// use std::time::Duration;
/// use canicas_core::{Game, Records, Variant};
/// let mut records = Records::new();
/// let mut game = Game::of_variant(Variant::Four, 3);
/// // Only a finished game is recorded.
/// assert!(records.finish(&game, Duration::from_secs(1)).is_err());
/// while let Some(&mv) = game.state().legal_moves().first() {
///     game.play(mv).unwrap();
/// }
/// let summary = records.finish(&game, Duration::from_secs(5)).unwrap();
/// assert_eq!(summary.points, game.state().score());
/// let json = records.to_json();
/// assert_eq!(Records::from_json(&json).unwrap(), records);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Records {
    entries: Vec<(Rules, RecordEntry)>,
}

impl Records {
    /// No records yet.
    #[must_use]
    pub fn new() -> Records {
        Records::default()
    }

    /// The record entry of `rules`, if a game of them was recorded.
    #[must_use]
    pub fn entry(&self, rules: &Rules) -> Option<&RecordEntry> {
        self.entries
            .iter()
            .find(|(r, _)| r == rules)
            .map(|(_, e)| e)
    }

    /// The record (best points of a fresh game) of a variant.
    #[must_use]
    pub fn best(&self, variant: Variant) -> Option<u64> {
        self.entry(&variant.rules())
            .filter(|e| e.games > 0)
            .map(|e| e.best_points)
    }

    /// Record a finished game and return its summary; `elapsed` is the time
    /// the host measured. A fresh deal that beats the record of its rules
    /// (or is the first game) sets a new record; a replay never does and
    /// counts apart. A game that is not over is refused with
    /// [`FinishError::NotOver`] and changes nothing. Call it once per game:
    /// the records cannot tell a game recorded twice from two games.
    pub fn finish(&mut self, game: &Game, elapsed: Duration) -> Result<GameSummary, FinishError> {
        let state = game.state();
        if !state.is_over() {
            return Err(FinishError::NotOver);
        }
        let rules = *state.rules();
        let points = state.score();
        let idx = match self.entries.iter().position(|(r, _)| *r == rules) {
            Some(i) => i,
            None => {
                self.entries.push((rules, RecordEntry::default()));
                self.entries.len() - 1
            }
        };
        let mut new_record = false;
        let mut previous_record = None;
        if let Some((_, e)) = self.entries.get_mut(idx) {
            previous_record = (e.games > 0).then_some(e.best_points);
            if game.is_replay() {
                e.replays = e.replays.saturating_add(1);
                e.replay_best_points = e.replay_best_points.max(points);
            } else {
                new_record = e.games == 0 || points > e.best_points;
                if new_record {
                    e.best_points = points;
                }
                e.games = e.games.saturating_add(1);
                e.total_points = e.total_points.saturating_add(points);
                e.total_moves = e.total_moves.saturating_add(state.moves());
            }
        }
        Ok(GameSummary {
            rules,
            deal: state.deal(),
            replay: game.is_replay(),
            points,
            moves: state.moves(),
            lines_by_length: state.lines_by_length(),
            elapsed,
            new_record,
            previous_record,
        })
    }

    /// The records as JSON, starting with the save's `format`
    /// (`games.canicas.records`) and `version` (2).
    #[must_use]
    pub fn to_json(&self) -> String {
        let envelope = RECORDS_SAVE.header();
        let saved = SavedRecords {
            format: Some(envelope.format),
            version: envelope.version,
            entries: self
                .entries
                .iter()
                .map(|(rules, entry)| SavedEntry {
                    rules: *rules,
                    entry: entry.clone(),
                })
                .collect(),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Records from JSON written by [`Records::to_json`] (version 2, or
    /// version 1 without the format name); inconsistent data, and another
    /// kind of save, are rejected with a typed error.
    pub fn from_json(json: &str) -> Result<Records, StateError> {
        probe_version(json.as_bytes(), &RECORDS_SAVE)?;
        let saved: SavedRecords =
            serde_json::from_str(json).map_err(|e| StateError::Json(e.to_string()))?;
        RECORDS_SAVE.check(saved.format.as_deref(), saved.version)?;
        let mut out = Records::new();
        for SavedEntry { rules, entry } in saved.entries {
            rules.validate()?;
            if out.entry(&rules).is_some() {
                return Err(StateError::Inconsistent("two records for the same rules"));
            }
            if entry.best_points > entry.total_points
                || (entry.games == 0
                    && (entry.best_points | entry.total_points | entry.total_moves) != 0)
                || (entry.replays == 0 && entry.replay_best_points != 0)
            {
                return Err(StateError::Inconsistent("record counters disagree"));
            }
            out.entries.push((rules, entry));
        }
        Ok(out)
    }
}

#[derive(Serialize, Deserialize)]
struct SavedEntry {
    rules: Rules,
    #[serde(flatten)]
    entry: RecordEntry,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedRecords {
    /// [`RECORDS_SAVE`]'s name; absent in version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    version: u32,
    entries: Vec<SavedEntry>,
}

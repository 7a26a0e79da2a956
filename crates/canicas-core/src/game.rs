//! A game session: the state, the moves played, one-move undo, retry and
//! save/load.

use games_common::{probe_version, GameRng, SaveFormat, VersionError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::notation::{move_text, parse_move};
use crate::rules::{Rules, RulesError, Variant};
use crate::state::{Move, MoveError, MoveOutcome, State, StateError};

/// The save format of a [`Game`] (and of the C API's games):
/// `"games.canicas"`, version 2. Version 2 named the format; saves of
/// version 1 still load. The state inside keeps its own version 1.
pub const GAME_SAVE: SaveFormat = SaveFormat::new("games.canicas", 2, 1);

/// Why an undo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error, Serialize, Deserialize)]
#[non_exhaustive]
pub enum UndoError {
    /// No move has been played yet.
    #[error("no move to undo")]
    NothingToUndo,
    /// The last action was an undo: only one move can be undone at a time.
    #[error("only one move can be undone at a time")]
    AlreadyUndone,
}

/// A game in progress: its state, the moves played, whether it is a replay
/// of a deal, and the state before the last move (for undo).
///
/// It serializes (serde; [`Game::save`]) as the envelope
/// (`"format":"games.canicas"`, `"version":2`), rules, deal, replay flag,
/// the moves in text form, whether the last action was an undo, and the
/// state; loading replays the moves and checks the state. The game has no
/// random generator of its own: its AI (the hint) is deterministic, and a
/// new deal's number comes from the caller.
///
/// ```
/// use canicas_core::{Game, Variant};
/// let mut game = Game::new(Variant::Five.rules(), 7).unwrap();
/// let mv = game.state().legal_moves()[0];
/// let before = game.state().clone();
/// game.play(mv).unwrap();
/// game.undo().unwrap();
/// assert_eq!(game.state(), &before);
/// assert!(game.undo().is_err()); // one move at a time
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SavedGame", into = "SavedGame")]
pub struct Game {
    state: State,
    replay: bool,
    history: Vec<Move>,
    before_last: Option<Box<State>>,
    undone: bool,
}

impl Game {
    /// A fresh game of `deal` under `rules`.
    pub fn new(rules: Rules, deal: u64) -> Result<Game, RulesError> {
        Ok(Game {
            state: State::new(rules, deal)?,
            replay: false,
            history: Vec::new(),
            before_last: None,
            undone: false,
        })
    }

    /// A fresh game of a variant.
    #[must_use]
    pub fn of_variant(variant: Variant, deal: u64) -> Game {
        let rules = variant.rules();
        Game {
            state: State::fresh(rules, deal),
            replay: false,
            history: Vec::new(),
            before_last: None,
            undone: false,
        }
    }

    /// "New": a fresh game of the same rules with a new deal drawn from `rng`.
    #[must_use]
    pub fn new_deal(&self, rng: &mut GameRng) -> Game {
        let rules = *self.state.rules();
        Game {
            state: State::fresh(rules, rng.next_u64()),
            replay: false,
            history: Vec::new(),
            before_last: None,
            undone: false,
        }
    }

    /// "Retry": the same deal from the start, marked as a replay.
    #[must_use]
    pub fn retry(&self) -> Game {
        let rules = *self.state.rules();
        Game {
            state: State::fresh(rules, self.state.deal()),
            replay: true,
            history: Vec::new(),
            before_last: None,
            undone: false,
        }
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Whether this game replays a deal already played ("Retry").
    #[must_use]
    pub fn is_replay(&self) -> bool {
        self.replay
    }

    /// The moves played (an undone move is no longer in the list).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.history
    }

    /// Play a move (see [`State::play`]); an illegal move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        let before = self.state.clone();
        let out = self.state.play(mv)?;
        self.before_last = Some(Box::new(before));
        self.history.push(mv);
        self.undone = false;
        Ok(out)
    }

    /// Whether [`Game::undo`] would succeed.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.before_last.is_some() && !self.undone
    }

    /// Take back the last move, with what arrived after it and its points.
    /// Only one move at a time: undo, move, undo is fine; undo, undo is not.
    /// The same marbles arrive again after the same move. The move that
    /// ended the game can be taken back too, and the game goes on: a host
    /// that records a game when it ends ([`Records::finish`](crate::Records::finish)) decides
    /// whether to allow that (the records would count the game twice).
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        if self.undone {
            return Err(UndoError::AlreadyUndone);
        }
        let before = self.before_last.take().ok_or(UndoError::NothingToUndo)?;
        let mv = self.history.pop().ok_or(UndoError::NothingToUndo)?;
        self.state = *before;
        self.undone = true;
        Ok(mv)
    }

    /// The game as JSON ([`GAME_SAVE`]): the envelope, rules, deal, replay
    /// flag, moves, whether the last action was an undo, and the state. The
    /// same game gives the same text; the C API's `games_canicas_save`
    /// writes exactly this.
    #[must_use]
    pub fn save(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Load a game written by [`Game::save`] (version 2, or version 1
    /// without the format name). The moves are replayed from the deal; an
    /// illegal move, or a final state that differs from the saved one, is
    /// rejected with a typed error, and so is another game's save.
    pub fn load(json: &str) -> Result<Game, LoadError> {
        probe_version(json.as_bytes(), &GAME_SAVE)?;
        let saved: SavedGame = serde_json::from_str(json)
            .map_err(|e| LoadError::State(StateError::Json(e.to_string())))?;
        Game::try_from(saved)
    }

    /// The same as [`Game::save`].
    #[must_use]
    pub fn to_json(&self) -> String {
        self.save()
    }

    /// The same as [`Game::load`].
    pub fn from_json(json: &str) -> Result<Game, LoadError> {
        Game::load(json)
    }
}

impl From<Game> for SavedGame {
    fn from(g: Game) -> SavedGame {
        let size = g.state.rules().size;
        let envelope = GAME_SAVE.header();
        SavedGame {
            format: Some(envelope.format),
            version: envelope.version,
            rules: *g.state.rules(),
            deal: g.state.deal(),
            replay: g.replay,
            moves: g.history.iter().map(|m| move_text(*m, size)).collect(),
            undone: g.undone,
            state: g.state,
        }
    }
}

impl TryFrom<SavedGame> for Game {
    type Error = LoadError;
    fn try_from(saved: SavedGame) -> Result<Game, LoadError> {
        GAME_SAVE.check(saved.format.as_deref(), saved.version)?;
        let mut game = Game::new(saved.rules, saved.deal)
            .map_err(|e| LoadError::State(StateError::Rules(e)))?;
        game.replay = saved.replay;
        for (i, text) in saved.moves.iter().enumerate() {
            let mv = parse_move(text, saved.rules.size)
                .map_err(|e| LoadError::State(StateError::Notation(e)))?;
            game.play(mv)
                .map_err(|error| LoadError::Move { index: i, error })?;
        }
        // An undo of the first move leaves no move and `undone` set: that is
        // a save like any other (the next undo is refused in both cases).
        if saved.undone {
            game.before_last = None;
        }
        game.undone = saved.undone;
        if game.state != saved.state {
            return Err(LoadError::State(StateError::Inconsistent(
                "the moves do not lead to the saved state",
            )));
        }
        Ok(game)
    }
}

/// Why a saved game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The data is not a consistent save.
    #[error(transparent)]
    State(#[from] StateError),
    /// A move of the save is illegal.
    #[error("move {index} of the save is illegal: {error}")]
    Move {
        /// Its position in the list.
        index: usize,
        /// Why it is illegal.
        error: MoveError,
    },
    /// A save of another format (another game's).
    #[error(transparent)]
    Envelope(VersionError),
}

impl From<VersionError> for LoadError {
    fn from(e: VersionError) -> LoadError {
        match e {
            VersionError::Unsupported { version, .. } => {
                LoadError::State(StateError::Version(version))
            }
            VersionError::Malformed(why) => LoadError::State(StateError::Json(why)),
            other => LoadError::Envelope(other),
        }
    }
}

/// The saved form; version 1 is the same without `format`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGame {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    version: u32,
    rules: Rules,
    deal: u64,
    replay: bool,
    moves: Vec<String>,
    undone: bool,
    state: State,
}

//! A game with history: undo, redo, the seeded AI, save and load.

use games_common::{probe_version, Budget, CancelFlag, GameRng, Player, SaveFormat, VersionError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::{ai_move, AiMove, Level};
use crate::analysis::{analyze, Analysis};
use crate::position::{Move, MoveError, Position, Rule, SetupError};

/// The save format of a [`Game`]: `"games.nim"`, version 2. Version 2 added
/// the `"format"` field; saves of version 1 (without it) still load.
pub const GAME_SAVE: SaveFormat = SaveFormat::new("games.nim", 2, 1);
/// The save format of a [`crate::Match`] (what the C API saves):
/// `"games.nim.match"`, version 2; its `game` field is a [`GAME_SAVE`] save.
pub const MATCH_SAVE: SaveFormat = SaveFormat::new("games.nim.match", 2, 1);
/// The version [`Game::save`] and [`crate::Match::save`] write.
pub const SAVE_VERSION: u32 = GAME_SAVE.version;

/// Check the envelope of `bytes` against `format` with the one probe of
/// `games-common`, so that a save of another game or of a later version is
/// reported as such rather than as malformed.
pub(crate) fn check_version(bytes: &[u8], format: &SaveFormat) -> Result<(), LoadError> {
    probe_version(bytes, format)
        .map(|_| ())
        .map_err(LoadError::from)
}

/// Check the envelope fields of an already parsed save (a match's round).
pub(crate) fn check_envelope(
    found: Option<&str>,
    version: u32,
    format: &SaveFormat,
) -> Result<(), LoadError> {
    format
        .check(found, version)
        .map(|_| ())
        .map_err(LoadError::from)
}

/// Why undo or redo did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HistoryError {
    /// No move to take back.
    #[error("there is no move to undo")]
    NothingToUndo,
    /// No undone move to play again.
    #[error("there is no move to redo")]
    NothingToRedo,
}

/// Why saved bytes could not be loaded. Nothing is loaded on error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// Not valid JSON of the expected shape.
    #[error("not a saved Nim game: {0}")]
    Format(String),
    /// A version this crate does not read.
    #[error("save format version {0} is not supported")]
    UnsupportedVersion(u32),
    /// The saved board is not a valid board.
    #[error("saved board: {0}")]
    Setup(#[from] SetupError),
    /// A saved move is illegal where it stands in the history.
    #[error("saved move {index} is illegal: {error}", index = .index + 1)]
    IllegalMove {
        /// Its place in the history, from 0.
        index: usize,
        /// Why it is illegal.
        error: MoveError,
    },
    /// Parts of a saved match disagree with each other.
    #[error("inconsistent match: {0}")]
    Inconsistent(String),
    /// A save of another format (another game, or a game where a match is
    /// expected and the other way round).
    #[error(transparent)]
    Envelope(VersionError),
}

impl From<VersionError> for LoadError {
    fn from(e: VersionError) -> LoadError {
        match e {
            VersionError::Unsupported { version, .. } => LoadError::UnsupportedVersion(version),
            VersionError::Malformed(why) => LoadError::Format(why),
            other => LoadError::Envelope(other),
        }
    }
}

/// A game of Nim with its history and its seeded generator.
///
/// ```
/// use games_common::Player;
/// use nim_core::{Game, Move, Rule};
/// let mut game = Game::new(&[3, 4, 5], Rule::Normal, Player::First, 42).unwrap();
/// game.play(Move::new(2, 2)).unwrap();
/// assert_eq!(game.position().rows(), &[3, 4, 3]);
/// game.undo().unwrap();
/// game.redo().unwrap();
/// let bytes = game.save();
/// assert_eq!(Game::load(&bytes).unwrap(), game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    position: Position,
    history: Vec<Move>,
    redo: Vec<Move>,
    rng: GameRng,
}

/// The saved form of a [`Game`]: the envelope, the start, the moves, and
/// the generator. Version 1 is the same without `format`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SavedGame {
    /// [`GAME_SAVE`]'s name; absent in version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) format: Option<String>,
    pub(crate) version: u32,
    pub(crate) rows: Vec<u32>,
    pub(crate) rule: Rule,
    pub(crate) first: Player,
    pub(crate) moves: Vec<Move>,
    /// Undone moves, the next one to redo first.
    pub(crate) redo: Vec<Move>,
    pub(crate) rng: GameRng,
}

impl Game {
    /// A new game on `rows` under `rule`, `first` to move, AI moves drawn
    /// from a generator seeded with `seed`.
    ///
    /// # Errors
    /// [`SetupError`] for a board [`Position::new`] refuses, or one with no circle.
    pub fn new(rows: &[u32], rule: Rule, first: Player, seed: u64) -> Result<Game, SetupError> {
        let start = Position::new(rows, rule, first)?;
        if start.is_over() {
            return Err(SetupError::NoCircles);
        }
        Ok(Game {
            position: start.clone(),
            start,
            history: Vec::new(),
            redo: Vec::new(),
            rng: GameRng::from_seed(seed),
        })
    }

    /// Replay `moves` from a new game: the same board, rule, first player
    /// and moves give the same positions and history, whoever chose the
    /// moves. The AI's generator starts afresh from `seed`: it is not where
    /// the original game's was if that game asked the AI (each answer
    /// draws from it), so later AI moves can differ. [`Game::save`] keeps
    /// the generator, and [`Game::load`] continues exactly.
    ///
    /// # Errors
    /// [`LoadError::Setup`] for a bad board, [`LoadError::IllegalMove`] for a bad move.
    pub fn replay(
        rows: &[u32],
        rule: Rule,
        first: Player,
        seed: u64,
        moves: &[Move],
    ) -> Result<Game, LoadError> {
        let mut game = Game::new(rows, rule, first, seed)?;
        for (index, &mv) in moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| LoadError::IllegalMove { index, error })?;
        }
        Ok(game)
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The seeded generator the AI draws from.
    #[must_use]
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub(crate) fn set_rng(&mut self, rng: GameRng) {
        self.rng = rng;
    }

    /// Whether every circle is crossed out.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// The winner once the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.position.winner()
    }

    /// Play `mv`. Clears the redo list.
    ///
    /// # Errors
    /// [`MoveError`] for an illegal move; nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.position.play(mv)?;
        self.history.push(mv);
        self.redo.clear();
        Ok(())
    }

    /// Take back the last move (any number of times).
    ///
    /// # Errors
    /// [`HistoryError::NothingToUndo`] at the start of the game.
    pub fn undo(&mut self) -> Result<Move, HistoryError> {
        let mv = *self.history.last().ok_or(HistoryError::NothingToUndo)?;
        if !self.position.unplay(mv, self.start.rows()) {
            // Unreachable for a history built by `play`; keep the state intact.
            return Err(HistoryError::NothingToUndo);
        }
        self.history.pop();
        self.redo.push(mv);
        Ok(mv)
    }

    /// Play again the last undone move.
    ///
    /// # Errors
    /// [`HistoryError::NothingToRedo`] when nothing was undone since the last move.
    pub fn redo(&mut self) -> Result<Move, HistoryError> {
        let mv = *self.redo.last().ok_or(HistoryError::NothingToRedo)?;
        if self.position.play(mv).is_err() {
            return Err(HistoryError::NothingToRedo);
        }
        self.redo.pop();
        self.history.push(mv);
        Ok(mv)
    }

    /// Whether [`Game::undo`] would do something.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether [`Game::redo`] would do something.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Who wins from here with perfect play, and every winning move.
    #[must_use]
    pub fn analysis(&self) -> Analysis {
        analyze(&self.position)
    }

    /// The AI's move at `level`, drawn from the game's generator (the move is
    /// not played). `None` when the game is over.
    pub fn ai_move(&mut self, level: Level, budget: Budget, cancel: &CancelFlag) -> Option<AiMove> {
        ai_move(&self.position, level, &mut self.rng, budget, cancel)
    }

    pub(crate) fn to_saved(&self) -> SavedGame {
        let envelope = GAME_SAVE.header();
        SavedGame {
            format: Some(envelope.format),
            version: envelope.version,
            rows: self.start.rows().to_vec(),
            rule: self.start.rule(),
            first: self.start.to_move(),
            moves: self.history.clone(),
            redo: self.redo.clone(),
            rng: self.rng.clone(),
        }
    }

    pub(crate) fn from_saved(saved: SavedGame) -> Result<Game, LoadError> {
        check_envelope(saved.format.as_deref(), saved.version, &GAME_SAVE)?;
        let mut game = Game::new(&saved.rows, saved.rule, saved.first, 0)?;
        for (index, &mv) in saved.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| LoadError::IllegalMove { index, error })?;
        }
        // The undone moves must be playable again, last saved first.
        let mut probe = game.position.clone();
        for (offset, &mv) in saved.redo.iter().rev().enumerate() {
            probe.play(mv).map_err(|error| LoadError::IllegalMove {
                index: saved.moves.len() + offset,
                error,
            })?;
        }
        game.redo = saved.redo;
        game.rng = saved.rng;
        Ok(game)
    }

    /// The whole game as JSON bytes ([`GAME_SAVE`]: `"format":"games.nim"`,
    /// version [`SAVE_VERSION`]): start, moves, undone moves and the
    /// generator's state. The same game gives the same bytes.
    #[must_use]
    pub fn save(&self) -> Vec<u8> {
        serde_json::to_vec(&self.to_saved()).unwrap_or_default()
    }

    /// Load bytes written by [`Game::save`] (version 2, or version 1 without
    /// the format name). Untrusted input is checked: the board must be valid
    /// and every move legal where it stands.
    ///
    /// # Errors
    /// A [`LoadError`] saying what is wrong.
    pub fn load(bytes: &[u8]) -> Result<Game, LoadError> {
        check_version(bytes, &GAME_SAVE)?;
        let saved: SavedGame =
            serde_json::from_slice(bytes).map_err(|e| LoadError::Format(e.to_string()))?;
        Game::from_saved(saved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::new(&[3, 4, 5], Rule::Normal, Player::First, 7).unwrap()
    }

    #[test]
    fn replay_gives_the_moves_and_load_the_generator_too() {
        // "replay from seed + moves" and "deterministic for a given seed":
        // a replay reaches the same positions; only the save carries where
        // the AI's generator stood.
        let mut g = game();
        for _ in 0..4 {
            let mv = g
                .ai_move(Level::Easy, Budget::UNLIMITED, &CancelFlag::new())
                .unwrap()
                .mv;
            g.play(mv).unwrap();
        }
        let replayed =
            Game::replay(&[3, 4, 5], Rule::Normal, Player::First, 7, g.history()).unwrap();
        assert_eq!(replayed.position(), g.position());
        assert_eq!(replayed.history(), g.history());
        assert_ne!(
            replayed.rng(),
            g.rng(),
            "the AI drew from the original's generator"
        );
        let loaded = Game::load(&g.save()).unwrap();
        assert_eq!(loaded, g);
    }

    #[test]
    fn undo_any_number_then_redo() {
        let mut g = game();
        for mv in [Move::new(0, 1), Move::new(1, 4), Move::new(2, 2)] {
            g.play(mv).unwrap();
        }
        assert_eq!(g.undo(), Ok(Move::new(2, 2)));
        assert_eq!(g.undo(), Ok(Move::new(1, 4)));
        assert_eq!(g.undo(), Ok(Move::new(0, 1)));
        assert_eq!(g.undo(), Err(HistoryError::NothingToUndo));
        assert_eq!(g.position(), g.start());
        assert_eq!(g.redo(), Ok(Move::new(0, 1)));
        assert_eq!(g.position().rows(), &[2, 4, 5]);
        g.play(Move::new(2, 1)).unwrap();
        assert_eq!(
            g.redo(),
            Err(HistoryError::NothingToRedo),
            "a new move clears redo"
        );
    }

    #[test]
    fn a_game_needs_circles() {
        assert_eq!(
            Game::new(&[0, 0], Rule::Normal, Player::First, 1),
            Err(SetupError::NoCircles)
        );
    }

    #[test]
    fn save_load_keeps_redo_and_generator() {
        let mut g = game();
        g.play(Move::new(2, 5)).unwrap();
        g.play(Move::new(1, 1)).unwrap();
        g.undo().unwrap();
        let _ = g.ai_move(Level::Easy, Budget::UNLIMITED, &CancelFlag::new());
        let mut back = Game::load(&g.save()).unwrap();
        assert_eq!(back, g);
        let c = CancelFlag::new();
        for _ in 0..5 {
            let ours = back
                .ai_move(Level::Easy, Budget::UNLIMITED, &c)
                .map(|a| a.mv);
            let theirs = g.ai_move(Level::Easy, Budget::UNLIMITED, &c).map(|a| a.mv);
            assert_eq!(ours, theirs, "the generator resumes where it was");
        }
    }

    #[test]
    fn load_rejects_inconsistent_data() {
        let g = game();
        let mut saved = g.to_saved();
        saved.moves = vec![Move::new(0, 3), Move::new(0, 1)];
        let bytes = serde_json::to_vec(&saved).unwrap();
        assert!(matches!(
            Game::load(&bytes),
            Err(LoadError::IllegalMove {
                index: 1,
                error: MoveError::EmptyRow { row: 0 }
            })
        ));
        let mut saved = g.to_saved();
        saved.version = 99;
        let bytes = serde_json::to_vec(&saved).unwrap();
        assert_eq!(Game::load(&bytes), Err(LoadError::UnsupportedVersion(99)));
        let mut saved = g.to_saved();
        saved.redo = vec![Move::new(0, 9)];
        let bytes = serde_json::to_vec(&saved).unwrap();
        assert!(matches!(
            Game::load(&bytes),
            Err(LoadError::IllegalMove { index: 0, .. })
        ));
        assert!(matches!(Game::load(b"not json"), Err(LoadError::Format(_))));
        let mut saved = g.to_saved();
        saved.rows = vec![70000];
        let bytes = serde_json::to_vec(&saved).unwrap();
        assert!(matches!(Game::load(&bytes), Err(LoadError::Setup(_))));
    }
}

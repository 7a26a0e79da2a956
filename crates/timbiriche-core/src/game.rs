//! A game with history: unlimited undo and redo, the hint budget, the
//! "undo used" flag, the AI's seeded generator and save/load (JSON with a
//! format name and a version; loading replays and checks every move).
//!
//! ```
//! use timbiriche_core::{BoardSize, Game};
//!
//! let mut game = Game::standard(BoardSize::SMALL);
//! game.play_notation("a1-b1").unwrap();
//! game.play_notation("b2-b3").unwrap();
//! assert!(game.undo());
//! assert!(game.undo_used());
//! assert!(game.redo());
//! let saved = game.save();
//! let back = Game::load(&saved).unwrap();
//! assert_eq!(back, game);
//! ```

use games_common::{probe_version, Budget, CancelFlag, GameRng, Player, SaveFormat, VersionError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::{ai_move_with, hint_with, AiError, AiMove, AiOptions, Hint, Level};
use crate::board::{BoardSize, Line};
use crate::notation::{line_to_string, parse_line, NotationError};
use crate::position::{MoveOutcome, PlayError, Position, Variant};
use crate::values::ValueError;

/// The save format of a [`Game`]: `"games.timbiriche"`, version 2. Version
/// 2 named the format and added the AI's generator; saves of version 1
/// still load (with the generator seeded with 0).
pub const GAME_SAVE: SaveFormat = SaveFormat::new("games.timbiriche", 2, 1);
/// The version [`Game::save`] and [`crate::Match::save`] write.
pub const SAVE_VERSION: u32 = GAME_SAVE.version;
/// Hints per game ("3 per game, the first one free").
pub const HINTS_PER_GAME: u32 = 3;

/// Everything chosen before a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    /// The board.
    pub size: BoardSize,
    /// Misère and box values.
    pub variant: Variant,
    /// Who draws the first line.
    pub first: Player,
}

impl GameOptions {
    /// The standard game on `size`, first player starts.
    #[must_use]
    pub fn standard(size: BoardSize) -> GameOptions {
        GameOptions {
            size,
            variant: Variant::standard(),
            first: Player::First,
        }
    }
}

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a line of this board.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The line cannot be drawn now.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Why no hint was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum HintError {
    /// All hints of this game are used.
    #[error("no hints left in this game")]
    NoneLeft,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A hint given by [`Game::hint`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameHint {
    /// The hint itself.
    pub hint: Hint,
    /// Whether it was the free one (the first of the game).
    pub free: bool,
    /// Hints left after this one.
    pub left: u32,
}

/// Why a save could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// Not valid JSON of the save format.
    #[error("not a saved game: {0}")]
    Format(String),
    /// Written by another version of the format.
    #[error("save version {0} is not supported (this build reads versions 1 to {SAVE_VERSION})")]
    Version(u32),
    /// A save of another format: another game's, or a game's where a match
    /// is expected and the other way round.
    #[error(transparent)]
    Envelope(VersionError),
    /// The parts of a saved match disagree with each other.
    #[error("inconsistent match: {0}")]
    Match(&'static str),
    /// Bad box values.
    #[error(transparent)]
    Values(#[from] ValueError),
    /// A move is not a line of the board.
    #[error("move {index}: {error}")]
    Notation {
        /// Position in the move list, from 0.
        index: usize,
        /// What was wrong.
        error: NotationError,
    },
    /// A move is illegal at its turn.
    #[error("move {index}: {error}")]
    Illegal {
        /// Position in the move list, from 0.
        index: usize,
        /// What was wrong.
        error: PlayError,
    },
    /// The undo cursor is past the moves.
    #[error("the undo cursor is out of range")]
    Cursor,
    /// More hints used than a game allows.
    #[error("more hints used than allowed")]
    Hints,
    /// Moves are taken back (the cursor is before the last move) but the
    /// save says undo was never used.
    #[error("moves are taken back but the undo flag is off")]
    UndoFlag,
}

impl From<VersionError> for LoadError {
    fn from(e: VersionError) -> LoadError {
        match e {
            VersionError::Unsupported { version, .. } => LoadError::Version(version),
            VersionError::Malformed(why) => LoadError::Format(why),
            other => LoadError::Envelope(other),
        }
    }
}

/// A game: options, every position from the start, the undo cursor and
/// the AI's seeded generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: GameOptions,
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Position>,
    moves: Vec<Line>,
    cursor: usize,
    hints_used: u32,
    undo_used: bool,
    rng: GameRng,
}

/// The saved form of a [`Game`]. Version 1 is the same without `format`
/// and `rng`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// [`GAME_SAVE`]'s name when written; absent in version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Always [`SAVE_VERSION`] when written.
    pub version: u32,
    /// The options.
    pub options: GameOptions,
    /// Every move in dot notation, including those undone (redo).
    pub moves: Vec<String>,
    /// How many of `moves` are in effect.
    pub cursor: usize,
    /// Hints used.
    pub hints_used: u32,
    /// Whether undo was used.
    pub undo_used: bool,
    /// The AI's generator; absent in version 1 (then seeded with 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng: Option<GameRng>,
}

impl Game {
    /// A new game with `options`; the AI's generator is seeded with 0
    /// ([`Game::with_ai_seed`] to choose the seed).
    pub fn new(options: GameOptions) -> Result<Game, ValueError> {
        let start = Position::new(options.size, &options.variant, options.first)?;
        Ok(Game {
            options,
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            hints_used: 0,
            undo_used: false,
            rng: GameRng::from_seed(0),
        })
    }

    /// The same game with the AI's generator seeded with `seed`: the same
    /// seed and calls give the same AI lines.
    #[must_use]
    pub fn with_ai_seed(mut self, seed: u64) -> Game {
        self.rng = GameRng::from_seed(seed);
        self
    }

    /// The AI's generator.
    #[must_use]
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub(crate) fn set_rng(&mut self, rng: GameRng) {
        self.rng = rng;
    }

    /// A standard game on `size`.
    #[must_use]
    pub fn standard(size: BoardSize) -> Game {
        Game {
            options: GameOptions::standard(size),
            positions: vec![Position::standard(size)],
            moves: Vec::new(),
            cursor: 0,
            hints_used: 0,
            undo_used: false,
            rng: GameRng::from_seed(0),
        }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        // `positions` always holds at least the start, and `cursor` is
        // always a valid index.
        &self.positions[self.cursor.min(self.positions.len() - 1)]
    }

    /// The moves in effect, oldest first.
    #[must_use]
    pub fn moves(&self) -> &[Line] {
        &self.moves[..self.cursor]
    }

    /// Draw `line` for the player to move. Clears the redo list.
    pub fn play(&mut self, line: Line) -> Result<MoveOutcome, PlayError> {
        let mut next = self.position().clone();
        let out = next.play(line)?;
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(line);
        self.cursor += 1;
        Ok(out)
    }

    /// Draw a line given in dot notation.
    pub fn play_notation(&mut self, text: &str) -> Result<MoveOutcome, MoveError> {
        let line = parse_line(self.options.size, text)?;
        Ok(self.play(line)?)
    }

    /// Undo one move (any number of times). Marks the game as having used
    /// undo. `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        self.undo_used = true;
        true
    }

    /// Redo one undone move. `false` when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        if self.cursor >= self.moves.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Whether a move can be undone.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether a move can be redone.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Whether undo was used in this game (the game then earns no
    /// ingenuity points).
    #[must_use]
    pub fn undo_used(&self) -> bool {
        self.undo_used
    }

    /// Whether the game can still earn ingenuity points (no undo used).
    #[must_use]
    pub fn ingenuity_eligible(&self) -> bool {
        !self.undo_used
    }

    /// The computer's line at `level` for the player to move (not drawn),
    /// with its reason and search stats, drawn from the game's generator.
    pub fn ai_move(
        &mut self,
        level: Level,
        budget: Budget,
        cancel: &CancelFlag,
    ) -> Result<AiMove, AiError> {
        self.ai_move_with(level, budget, cancel, AiOptions::default())
    }

    /// [`Game::ai_move`] with chosen [`AiOptions`] (the size of Hard's
    /// tables).
    pub fn ai_move_with(
        &mut self,
        level: Level,
        budget: Budget,
        cancel: &CancelFlag,
        options: AiOptions,
    ) -> Result<AiMove, AiError> {
        let position = self.position().clone();
        ai_move_with(&position, level, &mut self.rng, budget, cancel, options)
    }

    /// Let the computer play one line at `level` for the player to move,
    /// and play it. Returns the move with its reason and search stats.
    pub fn play_ai(
        &mut self,
        level: Level,
        budget: Budget,
        cancel: &CancelFlag,
    ) -> Result<AiMove, AiError> {
        let m = self.ai_move(level, budget, cancel)?;
        self.play(m.line).map_err(|_| AiError::GameOver)?;
        Ok(m)
    }

    /// Hints used so far.
    #[must_use]
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// Hints left in this game.
    #[must_use]
    pub fn hints_left(&self) -> u32 {
        HINTS_PER_GAME.saturating_sub(self.hints_used)
    }

    /// Whether the next hint is the free one.
    #[must_use]
    pub fn next_hint_free(&self) -> bool {
        self.hints_used == 0
    }

    /// "What would a master play?": the Hard level's line with its reason.
    /// Counts against the 3 hints of the game (the first is free; what a
    /// paid hint costs is the host's business).
    pub fn hint(&mut self, budget: Budget, cancel: &CancelFlag) -> Result<GameHint, HintError> {
        self.hint_with(budget, cancel, AiOptions::default())
    }

    /// [`Game::hint`] with chosen [`AiOptions`] (the size of Hard's
    /// tables).
    pub fn hint_with(
        &mut self,
        budget: Budget,
        cancel: &CancelFlag,
        options: AiOptions,
    ) -> Result<GameHint, HintError> {
        if self.hints_left() == 0 {
            return Err(HintError::NoneLeft);
        }
        let h =
            hint_with(self.position(), budget, cancel, options).map_err(|_| HintError::GameOver)?;
        let free = self.next_hint_free();
        self.hints_used += 1;
        Ok(GameHint {
            hint: h,
            free,
            left: self.hints_left(),
        })
    }

    /// The save record.
    #[must_use]
    pub fn to_saved(&self) -> SavedGame {
        let envelope = GAME_SAVE.header();
        SavedGame {
            format: Some(envelope.format),
            version: envelope.version,
            options: self.options.clone(),
            moves: self.moves.iter().map(|&l| line_to_string(l)).collect(),
            cursor: self.cursor,
            hints_used: self.hints_used,
            undo_used: self.undo_used,
            rng: Some(self.rng.clone()),
        }
    }

    /// The game as JSON ([`GAME_SAVE`]: `"format":"games.timbiriche"`,
    /// version 2): options, every move (undone ones too), the undo cursor,
    /// hints, the undo flag and the AI's generator. The same game gives the
    /// same text; the C API saves a single game as exactly this.
    #[must_use]
    pub fn save(&self) -> String {
        serde_json::to_string(&self.to_saved()).unwrap_or_default()
    }

    /// Rebuild a game from a save record, replaying and checking every
    /// move.
    pub fn from_saved(saved: &SavedGame) -> Result<Game, LoadError> {
        GAME_SAVE.check(saved.format.as_deref(), saved.version)?;
        if saved.hints_used > HINTS_PER_GAME {
            return Err(LoadError::Hints);
        }
        if saved.cursor > saved.moves.len() {
            return Err(LoadError::Cursor);
        }
        let size = saved.options.size;
        if saved.moves.len() > size.num_lines() {
            return Err(LoadError::Illegal {
                index: size.num_lines(),
                error: PlayError::GameOver,
            });
        }
        let mut g = Game::new(saved.options.clone())?;
        for (index, text) in saved.moves.iter().enumerate() {
            let line =
                parse_line(size, text).map_err(|error| LoadError::Notation { index, error })?;
            g.play(line)
                .map_err(|error| LoadError::Illegal { index, error })?;
        }
        // "Using undo makes the game ineligible for ingenuity points; the
        // engine records it": moves taken back are an undo.
        if saved.cursor < saved.moves.len() && !saved.undo_used {
            return Err(LoadError::UndoFlag);
        }
        g.cursor = saved.cursor;
        g.hints_used = saved.hints_used;
        g.undo_used = saved.undo_used;
        if let Some(rng) = &saved.rng {
            g.rng = rng.clone();
        }
        Ok(g)
    }

    /// Load a game saved by [`Game::save`] (version 2 or 1), or a single
    /// game saved by version 1 of the C API. Untrusted input is checked:
    /// every inconsistency is a typed error, never a panic.
    pub fn load(json: &str) -> Result<Game, LoadError> {
        if probe_version(json.as_bytes(), &GAME_SAVE)? == 1 {
            if let Some(legacy) = crate::session::load_legacy_c(json) {
                return match legacy? {
                    crate::Session::Game(g) => Ok(g),
                    crate::Session::Match(_) => {
                        Err(LoadError::Envelope(VersionError::WrongFormat {
                            expected: GAME_SAVE.name,
                            found: crate::matches::MATCH_SAVE.name.to_owned(),
                        }))
                    }
                };
            }
        }
        let saved: SavedGame =
            serde_json::from_str(json).map_err(|e| LoadError::Format(e.to_string()))?;
        Game::from_saved(&saved)
    }

    /// Replay: the game reached by playing `moves` from `options`.
    pub fn replay(options: GameOptions, moves: &[Line]) -> Result<Game, LoadError> {
        let mut g = Game::new(options)?;
        for (index, &l) in moves.iter().enumerate() {
            g.play(l)
                .map_err(|error| LoadError::Illegal { index, error })?;
        }
        Ok(g)
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_saved().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = SavedGame::deserialize(deserializer)?;
        Game::from_saved(&saved).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::ValueLayout;

    #[test]
    fn undo_and_redo_any_number_of_moves() {
        let mut g = Game::standard(BoardSize::SMALL);
        let start = g.position().clone();
        let lines = g.position().legal_moves();
        for &l in lines.iter().take(10) {
            g.play(l).unwrap();
        }
        let end = g.position().clone();
        for _ in 0..10 {
            assert!(g.undo());
        }
        assert!(!g.undo());
        assert_eq!(g.position(), &start);
        for _ in 0..10 {
            assert!(g.redo());
        }
        assert!(!g.redo());
        assert_eq!(g.position(), &end);
        // A new move after undo clears the redo list.
        g.undo();
        g.play(lines[20]).unwrap();
        assert!(!g.can_redo());
        assert!(g.undo_used());
    }

    #[test]
    fn the_computer_plays_through_the_game() {
        let mut g = Game::standard(BoardSize::new(2, 2).unwrap()).with_ai_seed(5);
        let c = CancelFlag::new();
        while !g.position().is_over() {
            let level = if g.position().to_move() == Player::First {
                Level::Hard
            } else {
                Level::Medium
            };
            g.play_ai(level, Budget::nodes(100_000), &c).unwrap();
        }
        assert_eq!(
            g.play_ai(Level::Easy, Budget::nodes(10), &c),
            Err(AiError::GameOver)
        );
        assert!(g.ingenuity_eligible());
        // 2×2 is +2 for the first player with perfect play; Hard starts.
        let p = g.position();
        assert!(p.points(Player::First) >= p.points(Player::Second) + 2);
    }

    #[test]
    fn three_hints_the_first_free() {
        let mut g = Game::standard(BoardSize::new(2, 2).unwrap());
        let c = CancelFlag::new();
        let h1 = g.hint(Budget::UNLIMITED, &c).unwrap();
        assert!(h1.free);
        assert_eq!(h1.left, 2);
        let h2 = g.hint(Budget::UNLIMITED, &c).unwrap();
        assert!(!h2.free);
        g.hint(Budget::UNLIMITED, &c).unwrap();
        assert_eq!(g.hint(Budget::UNLIMITED, &c), Err(HintError::NoneLeft));
        assert!(!g.undo_used());
    }

    #[test]
    fn save_load_round_trip_with_redo_tail() {
        let opts = GameOptions {
            size: BoardSize::new(3, 4).unwrap(),
            variant: Variant {
                misere: true,
                values: ValueLayout::Seeded(9),
            },
            first: Player::Second,
        };
        let mut g = Game::new(opts).unwrap();
        for l in g.position().legal_moves().into_iter().take(12) {
            g.play(l).unwrap();
        }
        g.undo();
        g.undo();
        let json = g.save();
        assert!(json.starts_with(r#"{"format":"games.timbiriche","version":2,"#));
        let back = Game::load(&json).unwrap();
        assert_eq!(back, g);
        assert!(back.can_redo());
        let via_serde: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(via_serde, g);
    }

    #[test]
    fn load_rejects_bad_saves() {
        let mut g = Game::standard(BoardSize::SMALL);
        g.play_notation("a1-b1").unwrap();
        let saved = g.to_saved();
        let mut v = saved.clone();
        v.version = 3;
        assert_eq!(Game::from_saved(&v), Err(LoadError::Version(3)));
        let mut v = saved.clone();
        v.moves.push("a1-b1".into());
        assert!(matches!(
            Game::from_saved(&v),
            Err(LoadError::Illegal { index: 1, .. })
        ));
        let mut v = saved.clone();
        v.moves.push("a1-c3".into());
        assert!(matches!(
            Game::from_saved(&v),
            Err(LoadError::Notation { index: 1, .. })
        ));
        let mut v = saved.clone();
        v.cursor = 5;
        assert_eq!(Game::from_saved(&v), Err(LoadError::Cursor));
        let mut v = saved.clone();
        v.hints_used = 4;
        assert_eq!(Game::from_saved(&v), Err(LoadError::Hints));
        // "Using undo makes the game ineligible for ingenuity points; the
        // engine records it": a save with a move taken back and the flag
        // cleared is refused (the game would be eligible again).
        let mut undone = g.clone();
        undone.play_notation("b2-b3").unwrap();
        assert!(undone.undo());
        let mut v = undone.to_saved();
        assert!(v.undo_used && v.cursor < v.moves.len());
        assert!(Game::from_saved(&v).is_ok());
        v.undo_used = false;
        assert_eq!(Game::from_saved(&v), Err(LoadError::UndoFlag));
        let mut v = saved;
        v.moves = (0..100).map(|_| "a1-b1".to_string()).collect();
        assert!(Game::from_saved(&v).is_err());
        assert!(matches!(Game::load("{"), Err(LoadError::Format(_))));
        assert!(matches!(
            Game::load(
                r#"{"version":1,"options":{"size":{"rows":9,"cols":3},"variant":{"misere":false,"values":"Standard"},"first":"First"},"moves":[],"cursor":0,"hints_used":0,"undo_used":false}"#
            ),
            Err(LoadError::Format(_))
        ));
    }

    #[test]
    fn text_moves_report_typed_errors() {
        let mut g = Game::standard(BoardSize::SMALL);
        assert!(matches!(
            g.play_notation("a1-b2"),
            Err(MoveError::Notation(_))
        ));
        g.play_notation("a1-b1").unwrap();
        assert!(matches!(
            g.play_notation("b1-a1"),
            Err(MoveError::Play(PlayError::AlreadyDrawn(_)))
        ));
    }
}

//! A game session: seeded dice, the opening roll, history, the
//! step-by-step turn, the AI's seeded generator, save/load and replay.

use games_common::{probe_version, Budget, CancelFlag, GameRng, Player, SaveFormat, VersionError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ai::{ai_move, AiMove, Level};
use crate::board::Position;
use crate::dice::Dice;
use crate::movegen::{Play, Step};
use crate::rules::{DiceOutcome, GameError, GameResult, GameState, Opening};
use crate::turn::Turn;

/// The save format of a [`Game`] (and of the C API's games):
/// `"games.backgammon"`, version 2. Version 2 named the format and added the
/// AI's generator; saves of version 1 still load, as do the version-1 saves
/// of the C API (which wrapped a version-1 game and the generator).
pub const GAME_SAVE: SaveFormat = SaveFormat::new("games.backgammon", 2, 1);
/// The version [`Game::save`] writes.
pub const SAVE_VERSION: u32 = GAME_SAVE.version;

/// One turn of the history.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Who played.
    pub player: Player,
    /// The roll.
    pub dice: Dice,
    /// The play in the notation; empty when the roll could not be used.
    pub play: String,
}

/// Why a saved game was refused.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// Not JSON of the saved-game shape.
    #[error("not a saved backgammon game: {0}")]
    Json(#[from] serde_json::Error),
    /// A version this crate does not read.
    #[error(
        "saved game version {0} is not supported (this build reads versions 1 to {SAVE_VERSION})"
    )]
    Version(u32),
    /// Not a saved backgammon game: another game's save, or no envelope.
    #[error(transparent)]
    Envelope(VersionError),
    /// The dice in the file are not those the seed gives.
    #[error("turn {turn}: the dice do not match the seed")]
    DiceMismatch {
        /// Index of the turn in the history.
        turn: usize,
    },
    /// A turn that does not replay.
    #[error("turn {turn}: {error}")]
    BadTurn {
        /// Index of the turn in the history.
        turn: usize,
        /// What was wrong.
        error: GameError,
    },
    /// A recorded turn by the wrong player or with a pass that was not forced.
    #[error("turn {turn}: the history is inconsistent")]
    Inconsistent {
        /// Index of the turn in the history.
        turn: usize,
    },
}

impl From<VersionError> for LoadError {
    fn from(e: VersionError) -> LoadError {
        match e {
            VersionError::Unsupported { version, .. } => LoadError::Version(version),
            other => LoadError::Envelope(other),
        }
    }
}

/// The seed of the roll after `turns` turns in a game without a dice seed
/// whose AI is seeded with `ai_seed` ([`Game::roll`]): the two mixed by
/// SplitMix64's finaliser, so that the dice depend on them only and not on
/// how often the AI's generator was drawn from.
fn outside_roll_seed(ai_seed: u64, turns: u64) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(mix(ai_seed ^ 0x6261_636B_726F_6C6C)
        .wrapping_add(turns.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// How a game without a dice seed rolls ([`Game::roll`]), as its save says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum SavedRolls {
    /// From the AI's seed and the turns played (saves written since the AI
    /// stopped sharing its generator with the dice).
    #[serde(rename = "turns")]
    Turns,
}

/// The saved form: version 2 is version 1 with `format` first and `ai_rng`
/// last.
#[derive(Serialize, Deserialize)]
struct SavedGame {
    /// [`GAME_SAVE`]'s name; absent in version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    version: u32,
    /// Seed of the dice; `null` when the dice came from outside.
    seed: Option<u64>,
    opening: Opening,
    turns: Vec<SavedTurn>,
    /// Dice rolled for the turn in progress, if any.
    pending: Option<Dice>,
    /// The position the game started from, when not the usual start
    /// (absent in games that began with an opening roll).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<SavedStart>,
    /// The AI's generator (absent in version 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ai_rng: Option<GameRng>,
    /// `"turns"` in a game without a dice seed that rolls from the AI's
    /// seed and the turns played; absent in a seeded game and in the saves
    /// of earlier builds, whose games without a dice seed go on rolling
    /// from the AI's generator as they did when saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rolls: Option<SavedRolls>,
}

/// The version of a save of [`GAME_SAVE`]; text that is not JSON at all is
/// [`LoadError::Json`], JSON without a good envelope [`LoadError::Envelope`].
fn probe(json: &str) -> Result<u32, LoadError> {
    probe_version(json.as_bytes(), &GAME_SAVE).map_err(|e| {
        match serde_json::from_str::<serde::de::IgnoredAny>(json) {
            Err(not_json) => LoadError::Json(not_json),
            Ok(_) => LoadError::from(e),
        }
    })
}

/// What the C API saved in version 1: the crate's version-1 save as a
/// string, and the C handle's generator (the AI's, and that of the rolls
/// of a game without a dice seed).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegacyCSave {
    version: u32,
    game: String,
    rng: GameRng,
}

#[derive(Serialize, Deserialize)]
struct SavedStart {
    position: Position,
    turn: Player,
}

#[derive(Serialize, Deserialize)]
struct SavedTurn {
    dice: Dice,
    play: String,
}

/// A whole game: the state, its history, the dice generator, the AI's
/// generator and the turn being played step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    seed: Option<u64>,
    rng: GameRng,
    /// The AI's generator. Its seed (not the generator itself) also rolls
    /// the dice of a game without a dice seed ([`Game::roll`]).
    ai_rng: GameRng,
    /// A game without a dice seed loaded from a save of an earlier build
    /// (no `rolls` field): it rolls from the AI's generator itself, as it
    /// did when it was saved, so its dice go on as they would have.
    legacy_rolls: bool,
    opening: Opening,
    state: GameState,
    history: Vec<TurnRecord>,
    turn: Option<Turn>,
    start: Option<(Position, Player)>,
}

impl Game {
    /// A new game whose every roll, the opening included, comes from `seed`;
    /// the AI's generator is seeded with `seed` too (as the C API's
    /// `games_backgammon_new` does).
    #[must_use]
    pub fn new(seed: u64) -> Game {
        let mut rng = GameRng::from_seed(seed);
        let opening = Opening::roll(&mut rng);
        Game::start(Some(seed), rng, opening).with_ai_seed(seed)
    }

    /// A new game with dice from outside, starting with this opening roll.
    /// Its AI's generator is seeded with 0 ([`Game::with_ai_seed`] to change
    /// it); [`Game::roll`] rolls from that seed and the turn.
    #[must_use]
    pub fn with_opening(opening: Opening) -> Game {
        Game::start(None, GameRng::from_seed(0), opening)
    }

    /// The same game with the AI's generator seeded with `seed` (in a game
    /// without a dice seed, [`Game::roll`] rolls from this seed and the
    /// turn, never from the AI's generator itself).
    #[must_use]
    pub fn with_ai_seed(mut self, seed: u64) -> Game {
        self.ai_rng = GameRng::from_seed(seed);
        self
    }

    /// The AI's generator.
    #[must_use]
    pub fn ai_rng(&self) -> &GameRng {
        &self.ai_rng
    }

    /// The play the AI at `level` chooses for the dice rolled (not played),
    /// drawn from the game's AI generator: the same game and calls give the
    /// same plays, after a save and load too.
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::NoDice`] before the roll.
    pub fn ai_move(
        &mut self,
        level: Level,
        budget: Budget,
        cancel: &CancelFlag,
    ) -> Result<AiMove, GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        let dice = self.state.dice().ok_or(GameError::NoDice)?;
        let position = *self.state.position();
        Ok(ai_move(
            &position,
            dice,
            level,
            &mut self.ai_rng,
            budget,
            cancel,
        ))
    }

    /// A game from any position, seen from `turn`'s side (for example one
    /// read from a Position ID or an XGID), with `turn` on roll and no dice
    /// rolled yet; dice come from outside ([`Game::set_dice`]) or from the
    /// AI's seed, 0 until [`Game::with_ai_seed`] ([`Game::roll`]). A
    /// finished board gives a
    /// game that is already over. Such a game has no opening roll:
    /// [`Game::opening`] then answers a placeholder 2-1.
    #[must_use]
    pub fn from_position(position: Position, turn: Player) -> Game {
        let mut g = Game::start(None, GameRng::from_seed(0), Opening::PLACEHOLDER);
        g.state = GameState::from_position(position, turn, None);
        g.start = Some((position, turn));
        g.refresh_turn();
        g
    }

    /// The position and player on roll the game started from, for a game
    /// made by [`Game::from_position`].
    #[must_use]
    pub fn start_position(&self) -> Option<(Position, Player)> {
        self.start
    }

    fn start(seed: Option<u64>, rng: GameRng, opening: Opening) -> Game {
        let state = GameState::new(opening);
        let mut g = Game {
            seed,
            rng,
            ai_rng: GameRng::from_seed(0),
            legacy_rolls: false,
            opening,
            state,
            history: Vec::new(),
            turn: None,
            start: None,
        };
        g.refresh_turn();
        g
    }

    fn refresh_turn(&mut self) {
        self.turn = match (self.state.dice(), self.state.is_over()) {
            (Some(d), false) => Some(Turn::new(*self.state.position(), d)),
            _ => None,
        };
    }

    /// The seed of the dice (`None` when they come from outside).
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The opening roll.
    #[must_use]
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Whose turn it is.
    #[must_use]
    pub fn player_on_roll(&self) -> Player {
        self.state.turn()
    }

    /// The dice to play now, if rolled.
    #[must_use]
    pub fn dice(&self) -> Option<Dice> {
        self.state.dice()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The result, once over.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.state.result()
    }

    /// The turns played so far (automatic passes included).
    #[must_use]
    pub fn history(&self) -> &[TurnRecord] {
        &self.history
    }

    /// Pip counts indexed by [`Player::index`], counting the steps of the
    /// turn in progress.
    #[must_use]
    pub fn pip_counts(&self) -> [u32; 2] {
        match &self.turn {
            Some(t) => {
                let [me, them] = t.pip_counts();
                let mut out = [0; 2];
                out[self.state.turn().index()] = me;
                out[self.state.turn().other().index()] = them;
                out
            }
            None => self.state.pip_counts(),
        }
    }

    /// Roll the dice for the player on roll: from the seed, or in a game
    /// without a dice seed (dice from outside, an opening or a position from
    /// outside) from a generator seeded with the AI's seed mixed with the
    /// number of turns played, recorded as dice from outside.
    /// Asking the AI (a hint) never changes the dice. (A game without a
    /// dice seed loaded from a save of an earlier build, one with no
    /// `"rolls":"turns"`, rolls from the AI's generator as it did when it
    /// was saved.) A roll that cannot be used passes at once (recorded in
    /// the history).
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::DiceAlreadyRolled`].
    pub fn roll(&mut self) -> Result<(Dice, DiceOutcome), GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        if self.state.dice().is_some() {
            return Err(GameError::DiceAlreadyRolled);
        }
        let d = if self.seed.is_some() {
            Dice::roll(&mut self.rng)
        } else if self.legacy_rolls {
            // A game saved by an earlier build rolls as it did then.
            Dice::roll(&mut self.ai_rng)
        } else {
            // Not from the AI's generator itself: a hint or an AI move
            // would change every later roll.
            let turn = self.history.len() as u64;
            Dice::roll(&mut GameRng::from_seed(outside_roll_seed(
                self.ai_rng.seed(),
                turn,
            )))
        };
        let outcome = self.apply_dice(d)?;
        Ok((d, outcome))
    }

    /// Use dice from outside for the player on roll (physical dice, a
    /// replay, a test). From then on the game no longer follows its seed.
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::DiceAlreadyRolled`].
    pub fn set_dice(&mut self, dice: Dice) -> Result<DiceOutcome, GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        if self.state.dice().is_some() {
            return Err(GameError::DiceAlreadyRolled);
        }
        if self.seed.take().is_some() {
            // The dice generator is no longer used: forget where it was, so
            // a loaded game (which replays these dice as dice from outside)
            // equals this one.
            self.rng = GameRng::from_seed(0);
        }
        self.apply_dice(dice)
    }

    fn apply_dice(&mut self, dice: Dice) -> Result<DiceOutcome, GameError> {
        let player = self.state.turn();
        let outcome = self.state.set_dice(dice)?;
        if outcome == DiceOutcome::Passed {
            self.history.push(TurnRecord {
                player,
                dice,
                play: String::new(),
            });
        }
        self.refresh_turn();
        Ok(outcome)
    }

    /// Legal plays for the dice rolled (see [`GameState::legal_plays`]).
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Play> {
        self.state.legal_plays()
    }

    /// Play a complete play (any steps of the turn in progress are dropped).
    ///
    /// # Errors
    /// As [`GameState::play`].
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        let player = self.state.turn();
        let dice = self.state.dice().ok_or(GameError::NoDice)?;
        // Use the legal play with that result, so the history has its notation.
        let legal = self.state.legal_plays();
        let chosen = legal
            .iter()
            .find(|p| p.result() == play.result())
            .copied()
            .ok_or(GameError::IllegalPlay)?;
        self.state.play(&chosen)?;
        self.history.push(TurnRecord {
            player,
            dice,
            play: chosen.notation(),
        });
        self.refresh_turn();
        Ok(())
    }

    /// Play a move written in the notation.
    ///
    /// # Errors
    /// As [`GameState::play_notation`].
    pub fn play_notation(&mut self, text: &str) -> Result<Play, GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        let dice = self.state.dice().ok_or(GameError::NoDice)?;
        let play = crate::notation::parse_play(self.state.position(), dice, text)?;
        self.play(&play)?;
        Ok(play)
    }

    /// The turn in progress (step-by-step interface), when dice are rolled.
    #[must_use]
    pub fn current_turn(&self) -> Option<&Turn> {
        self.turn.as_ref()
    }

    /// Checkers (points, 25 for the bar) that may move now.
    #[must_use]
    pub fn movable_checkers(&self) -> Vec<u8> {
        self.turn
            .as_ref()
            .map(Turn::movable_checkers)
            .unwrap_or_default()
    }

    /// Legal landing points (0 for off) of the checker on `from` now.
    #[must_use]
    pub fn destinations(&self, from: u8) -> Vec<u8> {
        self.turn
            .as_ref()
            .map(|t| t.destinations(from))
            .unwrap_or_default()
    }

    /// The single checker that can reach the tapped point `to`, if exactly one.
    #[must_use]
    pub fn checker_for(&self, to: u8) -> Option<u8> {
        self.turn.as_ref().and_then(|t| t.checker_for(to))
    }

    /// Move one checker one die (points from the view of the player on roll).
    ///
    /// # Errors
    /// [`GameError::NoDice`], [`GameError::GameOver`] or the step's [`GameError::Turn`].
    pub fn step(&mut self, from: u8, to: u8) -> Result<Step, GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        let t = self.turn.as_mut().ok_or(GameError::NoDice)?;
        Ok(t.step(from, to)?)
    }

    /// Take back the last step of the turn in progress.
    pub fn undo_step(&mut self) -> Option<Step> {
        self.turn.as_mut().and_then(Turn::undo_step)
    }

    /// Commit the turn once its steps form a complete legal play.
    ///
    /// # Errors
    /// [`GameError::GameOver`] once the game is over, [`GameError::Turn`]
    /// when incomplete, [`GameError::NoDice`] without dice.
    pub fn commit_turn(&mut self) -> Result<Play, GameError> {
        if self.state.is_over() {
            return Err(GameError::GameOver);
        }
        let t = self.turn.as_ref().ok_or(GameError::NoDice)?;
        let play = t.commit()?;
        self.play(&play)?;
        Ok(play)
    }

    /// The game as JSON ([`GAME_SAVE`]): `"format":"games.backgammon"`,
    /// version 2, seed (or `null`), opening roll, every turn's dice and play,
    /// the dice of the turn in progress, the start position of a game from
    /// a position, the AI's generator and, in a game without a dice seed
    /// that rolls from the AI's seed and the turns, `"rolls":"turns"`
    /// ([`Game::roll`]). Steps of a turn not yet committed
    /// are not saved. The same game gives the same text; the C API's
    /// `games_backgammon_save` writes exactly this.
    #[must_use]
    pub fn save(&self) -> String {
        let envelope = GAME_SAVE.header();
        let saved = SavedGame {
            format: Some(envelope.format),
            version: envelope.version,
            seed: self.seed,
            opening: self.opening,
            turns: self
                .history
                .iter()
                .map(|t| SavedTurn {
                    dice: t.dice,
                    play: t.play.clone(),
                })
                .collect(),
            pending: self.state.dice(),
            start: self
                .start
                .map(|(position, turn)| SavedStart { position, turn }),
            ai_rng: Some(self.ai_rng.clone()),
            rolls: (self.seed.is_none() && !self.legacy_rolls).then_some(SavedRolls::Turns),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Load a saved game by replaying it: with a seed, every roll must be
    /// the one the seed gives; every play must be legal and every pass
    /// forced. Reads version 2 ([`Game::save`]), version 1 (whose AI
    /// generator is then seeded with the dice seed, or 0) and the version-1
    /// saves of the C API (the game and the C handle's generator).
    ///
    /// # Errors
    /// [`LoadError`] for malformed or inconsistent data.
    pub fn load(json: &str) -> Result<Game, LoadError> {
        if probe(json)? == 1 {
            if let Ok(legacy) = serde_json::from_str::<LegacyCSave>(json) {
                // The C API wrapped a version-1 game, never anything else.
                let inner = probe(&legacy.game)?;
                if legacy.version != 1 || inner != 1 {
                    return Err(LoadError::Version(inner));
                }
                return Ok(Game::load_saved(&legacy.game)?.with_ai_rng(legacy.rng));
            }
        }
        Game::load_saved(json)
    }

    /// Load the crate's own save (version 1 or 2), not the C API's envelope.
    fn load_saved(json: &str) -> Result<Game, LoadError> {
        let saved: SavedGame = serde_json::from_str(json)?;
        GAME_SAVE.check(saved.format.as_deref(), saved.version)?;
        let ai_rng = saved
            .ai_rng
            .clone()
            .unwrap_or_else(|| GameRng::from_seed(saved.seed.unwrap_or(0)));
        let mut game = Game::replay_saved(&saved)?.with_ai_rng(ai_rng);
        // A seeded game says nothing of rolls from outside.
        if saved.seed.is_some() && saved.rolls.is_some() {
            return Err(LoadError::Inconsistent { turn: 0 });
        }
        game.legacy_rolls = saved.seed.is_none() && saved.rolls.is_none();
        Ok(game)
    }

    fn with_ai_rng(mut self, ai_rng: GameRng) -> Game {
        self.ai_rng = ai_rng;
        self
    }

    fn replay_saved(saved: &SavedGame) -> Result<Game, LoadError> {
        let mut game = match (saved.seed, &saved.start) {
            (Some(_), Some(_)) => return Err(LoadError::Inconsistent { turn: 0 }),
            (None, Some(start)) => Game::from_position(start.position, start.turn),
            (Some(seed), None) => {
                let g = Game::new(seed);
                if g.opening != saved.opening {
                    return Err(LoadError::DiceMismatch { turn: 0 });
                }
                g
            }
            (None, None) => Game::with_opening(saved.opening),
        };
        let n = saved.turns.len();
        for (i, t) in saved.turns.iter().enumerate() {
            game.replay_turn(i, t.dice, &t.play, saved.seed.is_some())?;
        }
        if let Some(d) = saved.pending {
            game.replay_dice(n, d, saved.seed.is_some())?;
            if game.state.dice().is_none() {
                // A pending roll cannot be one that passes: passes are turns.
                return Err(LoadError::Inconsistent { turn: n });
            }
        }
        Ok(game)
    }

    fn replay_dice(
        &mut self,
        i: usize,
        dice: Dice,
        seeded: bool,
    ) -> Result<DiceOutcome, LoadError> {
        if self.state.dice().is_some() {
            // The opening roll (or a pending roll) is already set.
            if self.state.dice() != Some(dice) && !self.dice_equal_unordered(dice) {
                return Err(LoadError::DiceMismatch { turn: i });
            }
            return Ok(DiceOutcome::MustPlay);
        }
        let r = if seeded {
            let (d, o) = self
                .roll()
                .map_err(|error| LoadError::BadTurn { turn: i, error })?;
            if d != dice {
                return Err(LoadError::DiceMismatch { turn: i });
            }
            o
        } else {
            self.set_dice(dice)
                .map_err(|error| LoadError::BadTurn { turn: i, error })?
        };
        Ok(r)
    }

    fn dice_equal_unordered(&self, dice: Dice) -> bool {
        self.state
            .dice()
            .is_some_and(|d| d.high() == dice.high() && d.low() == dice.low())
    }

    fn replay_turn(
        &mut self,
        i: usize,
        dice: Dice,
        play: &str,
        seeded: bool,
    ) -> Result<(), LoadError> {
        let before = self.history.len();
        let outcome = self.replay_dice(i, dice, seeded)?;
        match outcome {
            DiceOutcome::Passed => {
                if !play.trim().is_empty() || self.history.len() != before + 1 {
                    return Err(LoadError::Inconsistent { turn: i });
                }
            }
            DiceOutcome::MustPlay => {
                if play.trim().is_empty() {
                    return Err(LoadError::Inconsistent { turn: i });
                }
                self.play_notation(play)
                    .map_err(|error| LoadError::BadTurn { turn: i, error })?;
            }
        }
        Ok(())
    }

    /// Replay a seeded game from its moves in the notation (one per turn,
    /// empty for an automatic pass): the seed gives the same dice, so the
    /// same positions and history. The AI's generator starts afresh from
    /// the seed: if the original game asked the AI, its generator had moved
    /// on, so later AI plays can differ; [`Game::save`] keeps it, and
    /// [`Game::load`] continues exactly.
    ///
    /// # Errors
    /// [`LoadError`] when a move does not replay.
    pub fn replay(seed: u64, moves: &[&str]) -> Result<Game, LoadError> {
        let mut game = Game::new(seed);
        for (i, m) in moves.iter().enumerate() {
            if game.state.dice().is_none() {
                game.roll()
                    .map_err(|error| LoadError::BadTurn { turn: i, error })?;
                // A forced pass consumed this move slot.
                if game.state.dice().is_none() {
                    if !m.trim().is_empty() {
                        return Err(LoadError::Inconsistent { turn: i });
                    }
                    continue;
                }
            }
            game.play_notation(m)
                .map_err(|error| LoadError::BadTurn { turn: i, error })?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game the first player has just won (bearing off its last checker).
    fn finished() -> Game {
        let pos = Position::from_point_counts(&[(1, 1)], &[(1, 15)]).unwrap();
        let mut g = Game::from_position(pos, Player::First);
        g.set_dice(Dice::new(2, 1).unwrap()).unwrap();
        g.play_notation("1/off").unwrap();
        assert!(g.is_over());
        g
    }

    #[test]
    fn a_finished_game_refuses_plays_and_commits_as_over() {
        // `Game::play` is documented "As GameState::play", which answers
        // GameOver once the game is over; it answered NoDice (the dice are
        // cleared at the end), and so did `commit_turn`.
        let mut g = finished();
        let before = g.clone();
        let pass = Play::pass(g.state().position());
        assert_eq!(g.play(&pass), Err(GameError::GameOver));
        assert_eq!(g.state().clone().play(&pass), Err(GameError::GameOver));
        assert_eq!(g.commit_turn(), Err(GameError::GameOver));
        assert_eq!(g.step(1, 0), Err(GameError::GameOver));
        assert_eq!(g.play_notation("1/off"), Err(GameError::GameOver));
        assert_eq!(g, before);
    }

    /// The dice `roll` gives after the first turn of `start` (its first
    /// legal play), with the AI asked at `level` before it or not.
    fn next_roll(start: &Game, ask: Option<Level>) -> Dice {
        let mut g = start.clone();
        if let Some(level) = ask {
            g.ai_move(level, Budget::UNLIMITED, &CancelFlag::new())
                .unwrap();
        }
        let play = g.legal_plays()[0];
        g.play(&play).unwrap();
        g.roll().unwrap().0
    }

    #[test]
    fn asking_the_ai_does_not_change_the_dice_rolled_next() {
        // "Dice come from a seeded generator (ChaCha), so a seed replays a
        // whole game exactly": the dice must not depend on whether the
        // host asked the AI (a hint) on the way. In a game without a dice
        // seed (an opening or a position from outside, or dice set from
        // outside once) `roll` drew from the AI's generator, so a hint
        // changed every later roll.
        let pos = Position::from_gnubg_id("4HPwATDgc/ABMA").unwrap();
        for seed in 0..8 {
            let opening = Game::with_opening(Opening::new(3, 1).unwrap()).with_ai_seed(seed);
            let mut from_position = Game::from_position(pos, Player::Second).with_ai_seed(seed);
            from_position.set_dice(Dice::new(3, 1).unwrap()).unwrap();
            // A seeded game whose dice were once set from outside.
            let mut set_once = Game::new(seed);
            let play = set_once.legal_plays()[0];
            set_once.play(&play).unwrap();
            set_once.set_dice(Dice::new(4, 2).unwrap()).unwrap();
            for start in [opening, from_position, set_once] {
                let plain = next_roll(&start, None);
                for level in [Level::Easy, Level::Normal, Level::Hard] {
                    assert_eq!(
                        next_roll(&start, Some(level)),
                        plain,
                        "seed {seed}, {level:?}"
                    );
                }
            }
        }
        // A seeded game's dice never came from the AI's generator.
        for seed in 0..8 {
            let start = Game::new(seed);
            let plain = next_roll(&start, None);
            assert_eq!(next_roll(&start, Some(Level::Easy)), plain, "seed {seed}");
        }
    }

    #[test]
    fn saves_keep_how_a_game_without_a_dice_seed_rolls() {
        // "a save written before still loads exactly": a game without a
        // dice seed saved by an earlier build (no `rolls` field) rolls from
        // the AI's generator as it did; one saved now rolls from the AI's
        // seed and the turns played, before and after loading, whatever
        // the AI was asked.
        let game = Game::with_opening(Opening::new(3, 1).unwrap()).with_ai_seed(5);
        let saved = game.save();
        assert!(saved.contains(r#""rolls":"turns""#), "{saved}");
        let loaded = Game::load(&saved).unwrap();
        assert_eq!(loaded, game);
        assert_eq!(
            next_roll(&loaded, Some(Level::Easy)),
            next_roll(&game, None)
        );

        let earlier = saved.replace(r#","rolls":"turns""#, "");
        let old = Game::load(&earlier).unwrap();
        let mut ai_rng = old.ai_rng.clone();
        assert_eq!(next_roll(&old, None), Dice::roll(&mut ai_rng));
        assert_ne!(next_roll(&old, None), next_roll(&game, None));
        // Saved again, it stays a game of the earlier build.
        assert_eq!(old.save(), earlier);
        assert_eq!(Game::load(&old.save()).unwrap(), old);

        // A seeded game says nothing of rolls from outside.
        let seeded = Game::new(3).save();
        assert!(!seeded.contains("rolls"));
        let with_rolls = seeded.replace(r#","ai_rng""#, r#","rolls":"turns","ai_rng""#);
        assert!(matches!(
            Game::load(&with_rolls),
            Err(LoadError::Inconsistent { turn: 0 })
        ));
    }

    #[test]
    fn a_game_from_a_position_saves_and_loads() {
        let pos = Position::from_gnubg_id("4HPwATDgc/ABMA").unwrap();
        let mut g = Game::from_position(pos, Player::Second);
        assert_eq!(g.player_on_roll(), Player::Second);
        assert!(g.dice().is_none());
        g.set_dice(Dice::new(3, 1).unwrap()).unwrap();
        g.play_notation("8/5 6/5").unwrap();
        g.set_dice(Dice::new(6, 4).unwrap()).unwrap();
        let loaded = Game::load(&g.save()).unwrap();
        assert_eq!(loaded, g);
        assert_eq!(loaded.start_position(), Some((pos, Player::Second)));
        // An ordinary game's save has no start field.
        assert!(!Game::new(5).save().contains("start"));
    }
}

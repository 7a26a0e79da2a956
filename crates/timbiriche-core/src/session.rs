//! What a host keeps: one game or a match, saved as the one or the other
//! ([`Game::save`] or [`Match::save`]), and the C API's version-1 saves.

use games_common::{probe_version, GameRng, VersionError};
use serde::Deserialize;

use crate::game::{Game, LoadError, SavedGame};
use crate::matches::{Match, SavedMatch, MATCH_SAVE};

/// A single game or a match of 3 or 5 games: what a C handle holds.
///
/// ```
/// use timbiriche_core::{BoardSize, Game, Session};
///
/// let session = Session::Game(Game::standard(BoardSize::SMALL).with_ai_seed(3));
/// let text = session.save();
/// let Session::Game(game) = &session else { unreachable!() };
/// assert_eq!(text, game.save());
/// assert_eq!(Session::load(&text).unwrap(), session);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Session {
    /// One game.
    Game(Game),
    /// A match; its game being played holds the AI's generator.
    Match(Match),
}

impl Session {
    /// The game being played.
    #[must_use]
    pub fn game(&self) -> &Game {
        match self {
            Session::Game(g) => g,
            Session::Match(m) => m.game(),
        }
    }

    /// The game being played, to play on.
    pub fn game_mut(&mut self) -> &mut Game {
        match self {
            Session::Game(g) => g,
            Session::Match(m) => m.game_mut(),
        }
    }

    /// [`Game::save`] of a game, [`Match::save`] of a match.
    #[must_use]
    pub fn save(&self) -> String {
        match self {
            Session::Game(g) => g.save(),
            Session::Match(m) => m.save(),
        }
    }

    /// Load what [`Session::save`], [`Game::save`] or [`Match::save`]
    /// wrote, in version 2 or 1, or a save of version 1 of the C API.
    ///
    /// # Errors
    /// As [`Game::load`] and [`Match::load`].
    pub fn load(json: &str) -> Result<Session, LoadError> {
        if let Some(legacy) = load_legacy_c(json) {
            return legacy;
        }
        // A match names its format; anything else is read as a game, whose
        // errors then say what it is.
        match probe_version(json.as_bytes(), &MATCH_SAVE) {
            Ok(1) => Game::load(json).map(Session::Game),
            Ok(_) => Match::load(json).map(Session::Match),
            Err(e @ VersionError::Unsupported { .. }) => Err(e.into()),
            Err(_) => Game::load(json).map(Session::Game),
        }
    }
}

/// The C API's version-1 save: a single game or a match, and the handle's
/// generator (the AI's).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegacyCSave {
    version: u32,
    single: Option<SavedGame>,
    r#match: Option<SavedMatch>,
    rng: GameRng,
}

/// `None` when `json` is not the C API's version-1 save; otherwise the game
/// or match it holds, with the handle's generator as the AI's.
pub(crate) fn load_legacy_c(json: &str) -> Option<Result<Session, LoadError>> {
    let legacy: LegacyCSave = serde_json::from_str(json).ok()?;
    Some(from_legacy(legacy))
}

fn from_legacy(legacy: LegacyCSave) -> Result<Session, LoadError> {
    if legacy.version != 1 {
        return Err(LoadError::Version(legacy.version));
    }
    match (legacy.single, legacy.r#match) {
        (Some(single), None) => {
            if single.version != 1 || single.format.is_some() || single.rng.is_some() {
                return Err(LoadError::Format("not a version-1 game".into()));
            }
            let mut game = Game::from_saved(&single)?;
            game.set_rng(legacy.rng);
            Ok(Session::Game(game))
        }
        (None, Some(saved)) => {
            let current = &saved.current;
            if saved.format.is_some()
                || saved.version.is_some()
                || current.version != 1
                || current.format.is_some()
                || current.rng.is_some()
            {
                return Err(LoadError::Format("not a version-1 match".into()));
            }
            let mut m = Match::from_saved(saved)?;
            m.game_mut().set_rng(legacy.rng);
            Ok(Session::Match(m))
        }
        _ => Err(LoadError::Format(
            "a version-1 save holds one game or one match".into(),
        )),
    }
}

//! Backgammon on the shared [`Playable`] trait: a thin adapter over
//! [`GameState`], whose dice phase is the chance node.
//!
//! - A state without dice (and not over) is a chance node: its outcomes are
//!   the 21 distinct rolls ([`Dice::all_21`], high die first) with weights 1
//!   (doubles) and 2 (the others) out of 36. Playing an [`Action::Roll`] is
//!   [`GameState::set_dice`] with its dice high die first, whatever order
//!   they were given in (two rolls of the same numbers are the same
//!   outcome, so they lead to the same state): a roll that cannot be used
//!   passes the turn at once, as the rules say, so the next node is the
//!   other player's roll.
//! - With dice, the player on roll chooses an [`Action::Play`] among
//!   [`GameState::legal_plays`], in that order (one per distinct resulting
//!   position), written without allocating through the move generator.
//! - A game built with [`GameState::new`] starts after the opening roll,
//!   at a player's node; [`GameState::from_position`] without dice starts
//!   at a chance node.
//!
//! Text: a roll is its two dice (`52`), a play its notation (`24/18 13/11`),
//! the empty play of an unusable roll `pass`. The state string is
//! `POSITION-ID TURN DICE`: the GNU Backgammon Position ID seen from the
//! player of `TURN` (`1` or `2`, the player on roll, or the last to play
//! once the game is over), and the dice (`52`) or `-`.
//! Returns: plus the points won (1, 2 or 3) for the winner and minus them
//! for the loser, once the game is over.

use std::hash::{Hash, Hasher};

use games_common::{Actor, Chance, Playable, Player};
use thiserror::Error;

use crate::board::Position;
use crate::dice::{Dice, DiceError};
use crate::movegen::{generate, Play, Sink, Step};
use crate::notation::parse_play;
use crate::position_id::PositionIdError;
use crate::rules::{GameError, GameState};

/// A move of the game tree: chance's roll or the player's play.
///
/// Two rolls are equal when they show the same numbers in either order;
/// two plays are equal when they lead to the same position (the rules
/// accept any order of the same checkers' steps as the same play).
#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// The dice of the turn (chance).
    Roll(Dice),
    /// A complete play for the dice rolled (the player on roll).
    Play(Play),
}

impl PartialEq for Action {
    fn eq(&self, other: &Action) -> bool {
        match (self, other) {
            (Action::Roll(a), Action::Roll(b)) => (a.high(), a.low()) == (b.high(), b.low()),
            (Action::Play(a), Action::Play(b)) => a.result() == b.result(),
            _ => false,
        }
    }
}

impl Eq for Action {}

impl Hash for Action {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Action::Roll(d) => (0u8, d.high(), d.low()).hash(state),
            Action::Play(p) => (1u8, p.result()).hash(state),
        }
    }
}

/// The move generator writes plays straight into the caller's buffer.
impl Sink for Vec<Action> {
    const STEPS: bool = true;
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn push(&mut self, b: &[i8; 26], steps: &[Step]) {
        Vec::push(
            self,
            Action::Play(Play::from_parts(steps, Position { b: *b })),
        );
    }
}

/// Why a state string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StateTextError {
    /// Not the three parts `POSITION-ID TURN DICE`.
    #[error("a backgammon state is `POSITION-ID TURN DICE`, e.g. `4HPwATDgc/ABMA 1 52` or `4HPwATDgc/ABMA 2 -`: {0:?}")]
    Shape(String),
    /// The Position ID is not one.
    #[error(transparent)]
    PositionId(#[from] PositionIdError),
    /// The dice are not `-` or two dice.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// The dice of a roll as the chance node lists them: high die first.
fn high_first(dice: Dice) -> Dice {
    Dice::from_valid(dice.high(), dice.low())
}

impl Playable for GameState {
    type Move = Action;
    type Error = GameError;
    type ParseError = GameError;
    type StateError = StateTextError;

    const NAME: &'static str = "backgammon";
    const PLAYERS: usize = 2;

    fn actor(&self) -> Actor {
        if self.is_over() {
            Actor::Terminal
        } else if self.dice().is_none() {
            Actor::Chance
        } else {
            Actor::Player(self.turn())
        }
    }

    fn legal_moves(&self, out: &mut Vec<Action>) {
        Sink::clear(out);
        if self.is_over() {
            return;
        }
        match self.dice() {
            None => out.extend(Dice::all_21().map(|(d, _)| Action::Roll(d))),
            Some(dice) => {
                generate(&self.position().b, dice, out);
                if out.is_empty() {
                    out.push(Action::Play(Play::pass(self.position())));
                }
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<Chance<Action>>) {
        out.clear();
        if self.actor() == Actor::Chance {
            out.extend(Dice::all_21().map(|(d, w)| Chance {
                outcome: Action::Roll(d),
                weight: u32::from(w),
            }));
        }
    }

    fn play(&mut self, action: Action) -> Result<(), GameError> {
        match action {
            Action::Roll(dice) => self.set_dice(high_first(dice)).map(|_| ()),
            Action::Play(play) => GameState::play(self, &play),
        }
    }

    fn returns(&self) -> [f64; 2] {
        let mut r = [0.0; 2];
        if let Some(result) = self.result() {
            let points = f64::from(result.points);
            r[result.winner.index()] = points;
            r[result.winner.other().index()] = -points;
        }
        r
    }

    fn move_text(&self, action: Action) -> String {
        match action {
            Action::Roll(dice) => dice.to_string(),
            Action::Play(play) if play.is_pass() => "pass".to_string(),
            Action::Play(play) => play.notation(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Action, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        match self.dice() {
            None => Ok(Action::Roll(high_first(text.parse::<Dice>()?))),
            Some(dice) => {
                let text = if text.trim() == "pass" { "" } else { text };
                Ok(Action::Play(parse_play(self.position(), dice, text)?))
            }
        }
    }

    fn state_string(&self) -> String {
        let dice = self
            .dice()
            .map_or_else(|| "-".to_string(), |d| d.to_string());
        format!(
            "{} {} {dice}",
            self.position().to_gnubg_id(),
            self.turn().index() + 1
        )
    }

    fn parse_state(text: &str) -> Result<GameState, StateTextError> {
        let shape = || StateTextError::Shape(text.to_string());
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [id, turn, dice] = parts.as_slice() else {
            return Err(shape());
        };
        let position = Position::from_gnubg_id(id)?;
        let turn = match *turn {
            "1" => Player::First,
            "2" => Player::Second,
            _ => return Err(shape()),
        };
        let dice = match *dice {
            "-" => None,
            d => Some(d.parse::<Dice>()?),
        };
        Ok(GameState::from_position(position, turn, dice))
    }
}

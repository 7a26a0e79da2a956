//! The game state: position, whose turn, dice, and the result.

use games_common::{GameRng, Player};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Position, Side, SideCounts, WinKind};
use crate::dice::Dice;
use crate::movegen::{legal_plays, Play};
use crate::notation::{parse_play, NotationError};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Who bore off all 15 first.
    pub winner: Player,
    /// Single, gammon or backgammon.
    pub kind: WinKind,
    /// Points won: 1, 2 or 3 (no cube).
    pub points: u32,
}

/// Why an action on a game was refused (the game is left unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The dice of this turn have not been rolled yet.
    #[error("roll the dice first")]
    NoDice,
    /// The dice of this turn were already rolled.
    #[error("the dice of this turn are already rolled")]
    DiceAlreadyRolled,
    /// The play is not one of the legal plays for the roll.
    #[error("that play is not legal for this roll")]
    IllegalPlay,
    /// The move text could not be read or matched.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The opening roll must have two different dice.
    #[error("an opening roll needs two different dice (equal dice are rolled again)")]
    TiedOpening,
    /// A die value outside 1..=6.
    #[error(transparent)]
    Dice(#[from] crate::dice::DiceError),
    /// A step of the step-by-step interface was refused.
    #[error(transparent)]
    Turn(#[from] crate::turn::TurnError),
}

/// What setting the dice led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DiceOutcome {
    /// The player on roll now has to play.
    MustPlay,
    /// No legal play: the turn passed automatically to the other player.
    Passed,
}

/// The opening roll: each side one die, rolled again while equal; the higher
/// die starts and plays both numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[u8; 2]", into = "[u8; 2]")]
pub struct Opening {
    first: u8,
    second: u8,
}

impl TryFrom<[u8; 2]> for Opening {
    type Error = GameError;
    fn try_from(v: [u8; 2]) -> Result<Opening, GameError> {
        Opening::new(v[0], v[1])
    }
}

impl From<Opening> for [u8; 2] {
    fn from(o: Opening) -> [u8; 2] {
        [o.first, o.second]
    }
}

impl Opening {
    /// A stand-in for games that did not start with an opening roll.
    pub(crate) const PLACEHOLDER: Opening = Opening {
        first: 2,
        second: 1,
    };

    /// An opening roll from outside.
    ///
    /// # Errors
    /// [`GameError::TiedOpening`] for equal dice, [`GameError::Dice`] for a
    /// value outside 1..=6.
    pub fn new(first: u8, second: u8) -> Result<Opening, GameError> {
        Dice::new(first, second)?;
        if first == second {
            return Err(GameError::TiedOpening);
        }
        Ok(Opening { first, second })
    }

    /// Roll the opening from the seeded generator: each side one die, again
    /// while they are equal.
    pub fn roll(rng: &mut GameRng) -> Opening {
        loop {
            let first = rng.below(6) as u8 + 1;
            let second = rng.below(6) as u8 + 1;
            if first != second {
                return Opening { first, second };
            }
        }
    }

    /// The die of [`Player::First`].
    #[must_use]
    pub fn first_die(self) -> u8 {
        self.first
    }

    /// The die of [`Player::Second`].
    #[must_use]
    pub fn second_die(self) -> u8 {
        self.second
    }

    /// Who starts: the higher die.
    #[must_use]
    pub fn starter(self) -> Player {
        if self.first > self.second {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The starter's first roll: the two opening dice.
    #[must_use]
    pub fn dice(self) -> Dice {
        Dice::from_valid(self.first.max(self.second), self.first.min(self.second))
    }
}

/// A game in progress as a plain value: the position (stored from the view
/// of the player on roll), whose turn it is, the dice to play, and the
/// result once over.
///
/// Read through serde, a state is checked as the constructors make it: its
/// result is the one its board gives (none while both sides have checkers
/// left; the winner, kind and points of [`Position::outcome`] once one has
/// borne off all 15), and a finished game has no dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "GameStateRepr")]
pub struct GameState {
    position: Position,
    turn: Player,
    dice: Option<Dice>,
    result: Option<GameResult>,
}

/// The serde form of a [`GameState`], checked before it becomes one.
#[derive(Deserialize)]
struct GameStateRepr {
    position: Position,
    turn: Player,
    dice: Option<Dice>,
    result: Option<GameResult>,
}

impl TryFrom<GameStateRepr> for GameState {
    type Error = String;
    fn try_from(r: GameStateRepr) -> Result<GameState, String> {
        let state = GameState {
            position: r.position,
            turn: r.turn,
            dice: r.dice,
            result: r.result,
        };
        let expected = state.compute_result();
        if state.result != expected {
            return Err(match expected {
                None => "the state has a result, but both sides still have checkers".to_string(),
                Some(e) => format!(
                    "the board gives the result {:?} {:?} worth {}, not {:?}",
                    e.winner, e.kind, e.points, state.result
                ),
            });
        }
        if state.result.is_some() && state.dice.is_some() {
            return Err("a finished game has no dice to play".to_string());
        }
        Ok(state)
    }
}

impl GameState {
    /// A new game after `opening`: the starter is on roll with both dice.
    #[must_use]
    pub fn new(opening: Opening) -> GameState {
        GameState {
            position: Position::start(),
            turn: opening.starter(),
            dice: Some(opening.dice()),
            result: None,
        }
    }

    /// A state from any position (seen from `turn`'s side), e.g. one read
    /// from a Position ID or XGID. A finished board gets its result.
    #[must_use]
    pub fn from_position(position: Position, turn: Player, dice: Option<Dice>) -> GameState {
        let mut s = GameState {
            position,
            turn,
            dice,
            result: None,
        };
        s.result = s.compute_result();
        if s.result.is_some() {
            s.dice = None;
        }
        s
    }

    fn compute_result(&self) -> Option<GameResult> {
        self.position.outcome().map(|(side, kind)| GameResult {
            winner: match side {
                Side::OnRoll => self.turn,
                Side::Opponent => self.turn.other(),
            },
            kind,
            points: kind.points(),
        })
    }

    /// The position from the view of the player on roll.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position from `player`'s view (that player as the side on roll).
    #[must_use]
    pub fn position_for(&self, player: Player) -> Position {
        if player == self.turn {
            self.position
        } else {
            self.position.flip()
        }
    }

    /// `player`'s checkers from its own view (index 0 off, 1..=24 points, 25 bar).
    #[must_use]
    pub fn board(&self, player: Player) -> SideCounts {
        self.position_for(player).side_counts(Side::OnRoll)
    }

    /// Whose turn it is (once the game is over: the player who made the
    /// last move, from whose view [`GameState::position`] is then seen).
    #[must_use]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The dice to play now, if rolled.
    #[must_use]
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Pip count of `player`.
    #[must_use]
    pub fn pip_count(&self, player: Player) -> u32 {
        self.position_for(player).pip_count(Side::OnRoll)
    }

    /// Pip counts indexed by [`Player::index`].
    #[must_use]
    pub fn pip_counts(&self) -> [u32; 2] {
        [
            self.pip_count(Player::First),
            self.pip_count(Player::Second),
        ]
    }

    /// Legal plays for the dice rolled (results seen from the player who
    /// plays); empty when no dice are rolled or the game is over, the single
    /// empty play when the roll cannot be used.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Play> {
        match (self.dice, self.result) {
            (Some(d), None) => legal_plays(&self.position, d),
            _ => Vec::new(),
        }
    }

    /// Set the dice of the turn (from a seeded roll or from outside). When
    /// no play is possible the turn passes at once and
    /// [`DiceOutcome::Passed`] says so.
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::DiceAlreadyRolled`].
    pub fn set_dice(&mut self, dice: Dice) -> Result<DiceOutcome, GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        if self.dice.is_some() {
            return Err(GameError::DiceAlreadyRolled);
        }
        self.dice = Some(dice);
        let plays = legal_plays(&self.position, dice);
        if plays.first().is_some_and(Play::is_pass) {
            self.finish_turn(self.position);
            return Ok(DiceOutcome::Passed);
        }
        Ok(DiceOutcome::MustPlay)
    }

    /// Roll the dice from the seeded generator (see [`GameState::set_dice`]).
    ///
    /// # Errors
    /// As [`GameState::set_dice`].
    pub fn roll(&mut self, rng: &mut GameRng) -> Result<(Dice, DiceOutcome), GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        if self.dice.is_some() {
            return Err(GameError::DiceAlreadyRolled);
        }
        let d = Dice::roll(rng);
        self.set_dice(d).map(|o| (d, o))
    }

    /// Play a complete legal play for the dice rolled (any [`Play`] with
    /// the same resulting position is accepted).
    ///
    /// # Errors
    /// [`GameError`] when the game is over, no dice are rolled or the play
    /// is not legal; the state is then unchanged.
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        let dice = self.dice.ok_or(GameError::NoDice)?;
        let legal = legal_plays(&self.position, dice);
        if !legal.iter().any(|p| p.result() == play.result()) {
            return Err(GameError::IllegalPlay);
        }
        self.finish_turn(*play.result());
        Ok(())
    }

    /// Play a move written in the notation (`24/18 13/11`).
    ///
    /// # Errors
    /// As [`GameState::play`], plus [`GameError::Notation`].
    pub fn play_notation(&mut self, text: &str) -> Result<Play, GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        let dice = self.dice.ok_or(GameError::NoDice)?;
        let play = parse_play(&self.position, dice, text)?;
        self.play(&play)?;
        Ok(play)
    }

    fn finish_turn(&mut self, after: Position) {
        let mover = self.turn;
        self.dice = None;
        if let Some((side, kind)) = after.outcome() {
            let winner = match side {
                Side::OnRoll => mover,
                Side::Opponent => mover.other(),
            };
            self.position = after;
            self.result = Some(GameResult {
                winner,
                kind,
                points: kind.points(),
            });
            return;
        }
        self.position = after.flip();
        self.turn = mover.other();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(state: &GameState) -> serde_json::Value {
        serde_json::to_value(state).unwrap()
    }

    /// The README's "state is a plain value (... serde)" and "no panics on
    /// any input": a state read back is one the rules reach. A result the
    /// board does not give (a gammon worth 7 at the start), a finished
    /// board without its result, or dice in a finished game were read as
    /// they came.
    #[test]
    fn a_state_read_through_serde_has_the_result_its_board_gives() {
        let start = GameState::new(Opening::new(3, 1).unwrap());
        let back: GameState = serde_json::from_value(json(&start)).unwrap();
        assert_eq!(back, start);

        let mut forged = json(&start);
        forged["result"] = serde_json::json!({"winner": "Second", "kind": "Gammon", "points": 7});
        assert!(serde_json::from_value::<GameState>(forged).is_err());

        // The first player bears off its last checker: a gammon.
        let pos = Position::from_point_counts(&[(1, 1)], &[(1, 15)]).unwrap();
        let mut s = GameState::from_position(pos, Player::First, Dice::new(2, 1).ok());
        s.play_notation("1/off").unwrap();
        let over = json(&s);
        let back: GameState = serde_json::from_value(over.clone()).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.result().map(|r| r.points), Some(2));

        let mut points = over.clone();
        points["result"]["points"] = serde_json::json!(3);
        assert!(serde_json::from_value::<GameState>(points).is_err());
        let mut winner = over.clone();
        winner["result"]["winner"] = serde_json::json!("Second");
        assert!(serde_json::from_value::<GameState>(winner).is_err());
        let mut no_result = over.clone();
        no_result["result"] = serde_json::Value::Null;
        assert!(serde_json::from_value::<GameState>(no_result).is_err());
        let mut dice = over;
        dice["dice"] = serde_json::json!([6, 5]);
        assert!(serde_json::from_value::<GameState>(dice).is_err());
    }
}

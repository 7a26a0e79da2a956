//! Unit tests of the backgammon calls.

use super::*;

#[test]
fn published_constants_match_the_crate() {
    assert_eq!(GAMES_BACKGAMMON_BAR as usize, backgammon_core::BAR);
    assert_eq!(GAMES_BACKGAMMON_OFF as usize, backgammon_core::OFF);
    assert_eq!(
        GAMES_BACKGAMMON_CHECKERS,
        u32::from(backgammon_core::CHECKERS)
    );
    assert_eq!(
        GAMES_BACKGAMMON_POSITION_ID_LEN as usize,
        Position::start().to_gnubg_id().len()
    );
}

#[test]
fn refusals_map_to_their_result() {
    let illegal = GameError::Turn(TurnError::IllegalStep { from: 13, to: 8 });
    assert_eq!(game_error(&illegal), GAMES_RESULT_ILLEGAL_MOVE);
    assert_eq!(
        game_error(&GameError::IllegalPlay),
        GAMES_RESULT_ILLEGAL_MOVE
    );
    // Calls out of order are told apart from illegal moves.
    for e in [
        GameError::Turn(TurnError::Incomplete(1)),
        GameError::NoDice,
        GameError::DiceAlreadyRolled,
    ] {
        assert_eq!(game_error(&e), GAMES_RESULT_WRONG_PHASE, "{e}");
    }
    assert_eq!(game_error(&GameError::GameOver), GAMES_RESULT_GAME_OVER);
    let e = GameError::Notation(NotationError::Malformed("x".into()));
    assert_eq!(game_error(&e), GAMES_RESULT_INVALID_PARAMETER);
}

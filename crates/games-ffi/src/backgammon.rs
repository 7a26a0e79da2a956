//! Backgammon (no doubling cube) through the C ABI: `games_backgammon_*`.
//!
//! A `games_backgammon_game` handle is exactly one `backgammon_core::Game`:
//! the board, the dice (rolled from the game's seed or set from outside),
//! the turn being played one checker at a time, the history, and the AI's
//! seeded generator. Its save is that game's `Game::save`.
//!
//! Points are always numbered from the side of the player concerned: a
//! player moves from its 24-point towards its 1-point, `GAMES_BACKGAMMON_BAR`
//! (25) is its bar and `GAMES_BACKGAMMON_OFF` (0) stands for borne off. The
//! step-by-step calls number points from the view of the player on roll.
//! Player `p`'s point `n` is the other player's point `25 - n`.

use std::ffi::{c_char, CStr};

use backgammon_core::{
    steps_to_string, Budget, Dice, DiceOutcome, Game, GameError, Level, NotationError, Play,
    Player, Position, Side, Step, Turn, TurnError, WinKind,
};

use crate::boundary::{
    box_into, guard, reason_into, save_text, with_handle, with_handle_mut, Guarded, HandleState,
    Refusal,
};
use crate::buffer::{write_c_string, write_optional, write_out, write_slice};
use crate::common::GAMES_NO_PLAYER;
use crate::result::games_result::{self, *};

include!(concat!(env!("OUT_DIR"), "/backgammon_constants.rs"));

/// Options of a new game; fill them with `games_backgammon_options_default`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_backgammon_options {
    /// Seed of the dice (the opening roll included) and of the AI's choices.
    pub seed: u64,
    /// The opening roll from outside: the first player's die (1 to 6), or 0
    /// with `opening_second` 0 to roll the opening from `seed`.
    pub opening_first: u32,
    /// The second player's die (1 to 6, not equal to `opening_first`), or 0.
    /// The higher die starts and plays both numbers. With an opening from
    /// outside the game has no dice seed: later rolls of
    /// `games_backgammon_roll` come from `seed` and the number of turns
    /// played (asking the AI never changes them) and are recorded as dice
    /// from outside.
    pub opening_second: u32,
}

/// Everything about a game that fits in a few numbers. Counts include the
/// steps of a turn in progress.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_backgammon_state {
    /// The player on roll, `GAMES_PLAYER_FIRST` or `GAMES_PLAYER_SECOND`;
    /// `GAMES_NO_PLAYER` once the game is over.
    pub to_move: u32,
    /// Whether the dice of this turn are rolled (then play, else roll).
    pub dice_rolled: bool,
    /// The first die as rolled or set (0 when not rolled).
    pub die1: u32,
    /// The second die (0 when not rolled).
    pub die2: u32,
    /// Numbers of the roll not yet used by steps of the turn in progress.
    pub dice_left: [u32; 4],
    /// How many of `dice_left` are set.
    pub dice_left_count: u32,
    /// Steps made in the turn in progress (`games_backgammon_step_play`).
    pub steps_made: u32,
    /// Whether those steps form a complete legal play (commit it with
    /// `games_backgammon_turn_commit`).
    pub turn_complete: bool,
    /// Number of legal plays for the roll (0 without dice).
    pub legal_plays: u32,
    /// Pip count of the first player.
    pub pips_first: u32,
    /// Pip count of the second player.
    pub pips_second: u32,
    /// Checkers of the first player on the bar.
    pub bar_first: u32,
    /// Checkers of the second player on the bar.
    pub bar_second: u32,
    /// Checkers the first player has borne off.
    pub off_first: u32,
    /// Checkers the second player has borne off.
    pub off_second: u32,
    /// Whether a player has borne off all 15.
    pub game_over: bool,
    /// The winner once over, else `GAMES_NO_PLAYER`.
    pub winner: u32,
    /// `GAMES_BACKGAMMON_RESULT_*`.
    pub result_kind: u32,
    /// Points won: 1, 2 or 3 once over, else 0.
    pub points: u32,
    /// Turns in the history (automatic passes included).
    pub turns_played: u32,
    /// Whether the dice still follow the game's seed (false once dice were
    /// set from outside, or for a game from a position or an opening roll
    /// from outside).
    pub seeded: bool,
    /// The opening roll's die of the first player (0 for a game from a position).
    pub opening_first: u32,
    /// The opening roll's die of the second player (0 for a game from a position).
    pub opening_second: u32,
}

/// Both players' checkers, each from its own view: index 0 borne off,
/// 1 to 24 its points, 25 its bar.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_backgammon_board {
    /// The first player's checkers.
    pub first: [u8; 26],
    /// The second player's checkers.
    pub second: [u8; 26],
}

/// One checker moving by one die, numbered from the view of the player
/// who moves.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_backgammon_step {
    /// Starting point: 1 to 24, or `GAMES_BACKGAMMON_BAR`.
    pub from: u8,
    /// Landing point: 1 to 24, or `GAMES_BACKGAMMON_OFF`.
    pub to: u8,
    /// Whether it hit an opposing blot (ignored when a play is given, but
    /// 0 or 1: another byte, from a field left uninitialised, makes the
    /// play `GAMES_RESULT_INVALID_PARAMETER`).
    pub hit: bool,
}

/// A whole play (a move, in the name every game shares): 0 to 4 steps in a
/// legal order (0 when the roll cannot be used).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_backgammon_move {
    /// Steps used in `steps`.
    pub step_count: u32,
    /// The steps.
    pub steps: [games_backgammon_step; 4],
}

/// One turn of the history.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_backgammon_turn_record {
    /// Who played, `GAMES_PLAYER_FIRST` or `GAMES_PLAYER_SECOND`.
    pub player: u32,
    /// The first die.
    pub die1: u32,
    /// The second die.
    pub die2: u32,
    /// Whether the roll could not be used (the turn passed).
    pub passed: bool,
}

crate::exports::export_handle!(
    /// A backgammon game. Opaque: create it with `games_backgammon_new`,
    /// `games_backgammon_new_from_position_id`, `games_backgammon_new_from_xgid`,
    /// `games_backgammon_load` or `games_backgammon_clone`, release it with
    /// `games_backgammon_free`.
    games_backgammon_game(Game),
    clone: games_backgammon_clone(game, out_game) "a game (turns, dice, generator)",
    free: games_backgammon_free(game) "a game",
);

fn player_code(p: Player) -> u32 {
    p.index() as u32
}

fn player_from(code: u32) -> Option<Player> {
    match code {
        0 => Some(Player::First),
        1 => Some(Player::Second),
        _ => None,
    }
}

fn level_from(code: u32) -> Option<Level> {
    match code {
        GAMES_BACKGAMMON_LEVEL_EASY => Some(Level::Easy),
        GAMES_BACKGAMMON_LEVEL_NORMAL => Some(Level::Normal),
        GAMES_BACKGAMMON_LEVEL_HARD => Some(Level::Hard),
        _ => None,
    }
}

fn die_from(d: u32) -> Option<u8> {
    u8::try_from(d).ok().filter(|d| (1..=6).contains(d))
}

/// The result code of a refused game action, with its message.
fn game_error(e: &GameError) -> games_result {
    match e {
        GameError::GameOver => GAMES_RESULT_GAME_OVER,
        GameError::Notation(NotationError::Illegal(_)) => GAMES_RESULT_ILLEGAL_MOVE,
        GameError::Notation(_) | GameError::Dice(_) | GameError::TiedOpening => {
            GAMES_RESULT_INVALID_PARAMETER
        }
        GameError::IllegalPlay | GameError::Turn(TurnError::IllegalStep { .. }) => {
            GAMES_RESULT_ILLEGAL_MOVE
        }
        GameError::NoDice
        | GameError::DiceAlreadyRolled
        | GameError::Turn(TurnError::Incomplete(_)) => GAMES_RESULT_WRONG_PHASE,
        // A refusal a later core adds: the message still says why.
        _ => GAMES_RESULT_INVALID_PARAMETER,
    }
}

/// The `GAMES_BACKGAMMON_ERROR_*` code of a refused game action.
fn game_error_code(e: &GameError) -> u32 {
    match e {
        GameError::GameOver => GAMES_BACKGAMMON_ERROR_GAME_OVER,
        GameError::Notation(NotationError::Illegal(_))
        | GameError::IllegalPlay
        | GameError::Turn(TurnError::IllegalStep { .. }) => GAMES_BACKGAMMON_ERROR_ILLEGAL_PLAY,
        GameError::Notation(_) => GAMES_BACKGAMMON_ERROR_BAD_NOTATION,
        GameError::Dice(_) | GameError::TiedOpening => GAMES_BACKGAMMON_ERROR_BAD_DICE,
        GameError::NoDice => GAMES_BACKGAMMON_ERROR_NO_DICE,
        GameError::DiceAlreadyRolled => GAMES_BACKGAMMON_ERROR_DICE_ALREADY_ROLLED,
        GameError::Turn(TurnError::Incomplete(_)) => GAMES_BACKGAMMON_ERROR_INCOMPLETE_TURN,
        _ => GAMES_BACKGAMMON_ERROR_OTHER,
    }
}

fn fail_game(g: &mut HandleState<Game>, e: &GameError) -> games_result {
    g.fail_coded(game_error(e), game_error_code(e), e.to_string())
}

fn step_out(s: Step) -> games_backgammon_step {
    games_backgammon_step {
        from: s.from,
        to: s.to,
        hit: s.hit,
    }
}

fn play_out(p: &Play) -> games_backgammon_move {
    let mut out = games_backgammon_move::default();
    for (slot, s) in out.steps.iter_mut().zip(p.steps()) {
        *slot = step_out(*s);
    }
    out.step_count = p.steps().len() as u32;
    out
}

/// The steps of a C play, checked for range; `None` for a bad count or point.
/// The steps of a play from C: `None` for more than 4 steps, a point out
/// of range or a `hit` byte that is not 0 or 1. The play is read field by
/// field through the raw pointer, `hit` as a byte: C can put any byte
/// there (a field left uninitialised), and a Rust `bool` holding another
/// value than 0 or 1 is undefined behaviour. Steps past `step_count` are
/// not read.
///
/// # Safety
/// `p` must be non-NULL and point to a readable `games_backgammon_move`.
unsafe fn play_in(p: *const games_backgammon_move) -> Option<Vec<Step>> {
    // SAFETY: readable per the caller; a `u32` accepts every value.
    let n = usize::try_from(unsafe { std::ptr::addr_of!((*p).step_count).read() }).ok()?;
    if n > GAMES_BACKGAMMON_MAX_STEPS as usize {
        return None;
    }
    (0..n)
        .map(|i| {
            // SAFETY: `i` < 4, the length of `steps`; the struct is readable
            // per the caller. `from` and `to` are `u8`s (any byte is one),
            // `hit` is checked as a byte before it is read as a `bool`.
            let (from, to, hit) = unsafe {
                let step = std::ptr::addr_of!((*p).steps[i]);
                let hit = std::ptr::addr_of!((*step).hit);
                if !crate::exports::is_bool_byte(hit) {
                    return None;
                }
                (
                    std::ptr::addr_of!((*step).from).read(),
                    std::ptr::addr_of!((*step).to).read(),
                    hit.read(),
                )
            };
            (usize::from(from) <= 25 && from >= 1 && to <= 24).then_some(Step { from, to, hit })
        })
        .collect()
}

/// The board as the player on roll sees it now (with the steps made so far).
fn current_position(game: &Game) -> Position {
    match game.current_turn() {
        Some(t) => *t.position(),
        None => *game.state().position(),
    }
}

/// `player`'s view of the current board.
fn position_for(game: &Game, player: Player) -> Position {
    let pos = current_position(game);
    if player == game.state().turn() {
        pos
    } else {
        pos.flip()
    }
}

/// The legal play made by `steps`, each a step of one die that the turn
/// offers in this order, from the start of the turn; `None` otherwise.
fn play_of_steps(game: &Game, steps: &[Step]) -> Option<Play> {
    if game.is_over() {
        return None;
    }
    let mut turn = Turn::new(*game.state().position(), game.dice()?);
    for s in steps {
        turn.step(s.from, s.to).ok()?;
    }
    turn.commit().ok()
}

/// The board as the game shows it once `play` is played: the opponent on
/// roll, or, when the play ends the game, still the winner's view (as
/// `games_backgammon_position_id` shows a finished game).
fn shown_after(play: &Play) -> Position {
    let after = *play.result();
    if after.outcome().is_some() {
        after
    } else {
        after.flip()
    }
}

fn legal_of(game: &Game) -> &[Play] {
    game.current_turn().map_or(&[], |t| t.legal_plays())
}

fn new_handle(game: Game, seed: u64, out_game: *mut *mut games_backgammon_game) -> games_result {
    let state = game.with_ai_seed(seed);
    // SAFETY: the callers checked `out_game` is non-NULL; it is writable per their callers.
    unsafe { box_into(games_backgammon_game(Guarded::new(state)), out_game) }
}

/// Read a NUL-terminated UTF-8 string; `Err` with the result for NULL or bad text.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string.
unsafe fn read_text<'a>(text: *const c_char) -> Result<&'a str, games_result> {
    if text.is_null() {
        return Err(GAMES_RESULT_NULL_PARAMETER);
    }
    // SAFETY: non-NULL and NUL-terminated, per the caller.
    unsafe { CStr::from_ptr(text) }
        .to_str()
        .map_err(|_| GAMES_RESULT_INVALID_PARAMETER)
}

impl crate::exports::OptionsFromC for games_backgammon_options {
    /// No `bool` field.
    unsafe fn bools_are_valid(_: *const Self) -> bool {
        true
    }
}

crate::exports::export_new!(
    /// Fill `*out_options` with the defaults: seed 1, the opening rolled from it.
    games_backgammon_options_default(out_options) = games_backgammon_options {
            seed: 1,
            opening_first: 0,
            opening_second: 0,
        };
    /// Create a game in `*out_game`, owned by the caller (release it with
    /// `games_backgammon_free`). The opening roll is done: the starter is on
    /// roll with its two numbers. Bad options (a die outside 1 to 6, equal
    /// opening dice, only one opening die) give `GAMES_RESULT_INVALID_PARAMETER`
    /// and create nothing; `games_backgammon_new_reason` says why, in words.
    ///
    /// # Safety
    /// `options` must be NULL or readable; `out_game` NULL or writable.
    games_backgammon_game,
    games_backgammon_new(options: games_backgammon_options, out_game),
    reason: games_backgammon_new_reason,
    new_game
);

/// The game `games_backgammon_new` makes of `o`, or why it refuses them: the
/// one path of `games_backgammon_new` and `games_backgammon_new_reason`.
fn new_game(o: &games_backgammon_options) -> Result<Game, Refusal> {
    let game = match (o.opening_first, o.opening_second) {
        (0, 0) => Game::new(o.seed),
        (a, b) => {
            let (Some(da), Some(db)) = (die_from(a), die_from(b)) else {
                let reason = format!(
                    "opening dice {a} and {b}: give two dice of 1 to 6, or both 0 to roll the opening"
                );
                return Err(Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason));
            };
            backgammon_core::Opening::new(da, db)
                .map(Game::with_opening)
                .map_err(|e| {
                    let reason = format!("opening dice {a} and {b}: {e}");
                    Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason)
                })?
        }
    };
    Ok(game.with_ai_seed(o.seed))
}

/// [`read_text`] of the argument `name`, refused with its reason.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string.
unsafe fn text_arg<'a>(text: *const c_char, name: &str) -> Result<&'a str, Refusal> {
    // SAFETY: NULL or NUL-terminated, per the caller.
    unsafe { read_text(text) }.map_err(|e| match e {
        GAMES_RESULT_NULL_PARAMETER => Refusal::new(e, format!("{name} is NULL")),
        _ => Refusal::new(e, format!("{name} is not UTF-8 text")),
    })
}

/// The player on roll given as `player_on_roll`, or why not.
fn player_arg(player_on_roll: u32) -> Result<Player, Refusal> {
    player_from(player_on_roll).ok_or_else(|| {
        let reason = format!(
            "player_on_roll {player_on_roll} is neither GAMES_PLAYER_FIRST (0) nor GAMES_PLAYER_SECOND (1)"
        );
        Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason)
    })
}

/// The game `games_backgammon_new_from_position_id` makes (without its
/// seed), or why it refuses the ID or player: the one path of that call and
/// of `games_backgammon_new_from_position_id_reason`.
///
/// # Safety
/// `id` must be NULL or a NUL-terminated string.
unsafe fn game_of_position_id(id: *const c_char, player_on_roll: u32) -> Result<Game, Refusal> {
    // SAFETY: NULL or NUL-terminated, per the caller.
    let text = unsafe { text_arg(id, "id") }?;
    let player = player_arg(player_on_roll)?;
    let pos = Position::from_gnubg_id(text).map_err(|e| {
        let reason = format!("Position ID `{text}`: {e}");
        Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason)
    })?;
    Ok(Game::from_position(pos, player))
}

/// The game `games_backgammon_new_from_xgid` makes (without its seed), or
/// why it refuses the XGID or player: the one path of that call and of
/// `games_backgammon_new_from_xgid_reason`.
///
/// # Safety
/// `xgid` must be NULL or a NUL-terminated string.
unsafe fn game_of_xgid(xgid: *const c_char, player_on_roll: u32) -> Result<Game, Refusal> {
    // SAFETY: NULL or NUL-terminated, per the caller.
    let text = unsafe { text_arg(xgid, "xgid") }?;
    let player = player_arg(player_on_roll)?;
    let (pos, dice) = Position::from_xgid(text).map_err(|e| {
        let reason = format!("XGID `{text}`: {e}");
        Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason)
    })?;
    let mut game = Game::from_position(pos, player);
    if let Some(d) = dice {
        if !game.is_over() {
            game.set_dice(d).map_err(|e| {
                let reason = format!("XGID `{text}`: its dice: {e}");
                Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason)
            })?;
        }
    }
    Ok(game)
}

/// Create a game from a GNU Backgammon Position ID (14 characters; the ID's
/// player on roll is `player_on_roll`, `GAMES_PLAYER_FIRST` or
/// `GAMES_PLAYER_SECOND`) in `*out_game`, owned by the caller. No dice are
/// rolled; `seed` seeds the AI and `games_backgammon_roll`. A bad ID or
/// player gives `GAMES_RESULT_INVALID_PARAMETER` and creates nothing
/// (`games_backgammon_new_from_position_id_reason` says why, in words). A
/// finished board gives a game that is already over.
///
/// # Safety
/// `id` NULL or a NUL-terminated string; `out_game` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_new_from_position_id(
    id: *const c_char,
    player_on_roll: u32,
    seed: u64,
    out_game: *mut *mut games_backgammon_game,
) -> games_result {
    guard(|| {
        if out_game.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: NULL or NUL-terminated, per the caller.
        match unsafe { game_of_position_id(id, player_on_roll) } {
            Ok(game) => new_handle(game, seed, out_game),
            Err(refusal) => refusal.code,
        }
    })
}

/// Why `games_backgammon_new_from_position_id` refuses `id` and
/// `player_on_roll` (the seed, which it never refuses, left out), in words,
/// NUL-terminated into the caller's `buf` (as `games_backgammon_last_error`
/// writes it; "" when it accepts them), and the result that call returns
/// for them with a writable `out_game` (`GAMES_RESULT_OK` when accepted).
/// No handle is created and nothing is kept. A NULL `out_len` gives
/// `GAMES_RESULT_NULL_PARAMETER`, a `buf` too small (NULL: a size query)
/// `GAMES_RESULT_BUFFER_TOO_SMALL` with the size needed (NUL included) in
/// `*out_len`; the text is written only into the caller's buffer.
///
/// # Safety
/// `id` NULL or a NUL-terminated string; `buf` NULL or `cap` writable
/// chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_new_from_position_id_reason(
    id: *const c_char,
    player_on_roll: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `id` NULL or NUL-terminated, and `buf`, `cap` and `out_len`
    // as `reason_into` needs them, per the caller.
    unsafe {
        reason_into(buf, cap, out_len, || {
            game_of_position_id(id, player_on_roll)
        })
    }
}

/// Create a game from an XGID (`XGID=...`, the prefix optional) in
/// `*out_game`, owned by the caller. The XGID's player on roll becomes
/// `player_on_roll`; when the XGID holds a roll, those dice are set (a roll
/// that cannot be used passes at once). Cube, score and match fields are
/// read as numbers and ignored. A bad XGID or player gives
/// `GAMES_RESULT_INVALID_PARAMETER` and creates nothing
/// (`games_backgammon_new_from_xgid_reason` says why, in words).
///
/// # Safety
/// `xgid` NULL or a NUL-terminated string; `out_game` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_new_from_xgid(
    xgid: *const c_char,
    player_on_roll: u32,
    seed: u64,
    out_game: *mut *mut games_backgammon_game,
) -> games_result {
    guard(|| {
        if out_game.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: NULL or NUL-terminated, per the caller.
        match unsafe { game_of_xgid(xgid, player_on_roll) } {
            Ok(game) => new_handle(game, seed, out_game),
            Err(refusal) => refusal.code,
        }
    })
}

/// Why `games_backgammon_new_from_xgid` refuses `xgid` and `player_on_roll`
/// (the seed, which it never refuses, left out), in words, NUL-terminated
/// into the caller's `buf` (as `games_backgammon_last_error` writes it; ""
/// when it accepts them), and the result that call returns for them with a
/// writable `out_game` (`GAMES_RESULT_OK` when accepted). No handle is
/// created and nothing is kept. A NULL `out_len` gives
/// `GAMES_RESULT_NULL_PARAMETER`, a `buf` too small (NULL: a size query)
/// `GAMES_RESULT_BUFFER_TOO_SMALL` with the size needed (NUL included) in
/// `*out_len`; the text is written only into the caller's buffer.
///
/// # Safety
/// `xgid` NULL or a NUL-terminated string; `buf` NULL or `cap` writable
/// chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_new_from_xgid_reason(
    xgid: *const c_char,
    player_on_roll: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `xgid` NULL or NUL-terminated, and `buf`, `cap` and `out_len`
    // as `reason_into` needs them, per the caller.
    unsafe { reason_into(buf, cap, out_len, || game_of_xgid(xgid, player_on_roll)) }
}

crate::exports::export_query!(
    /// Read the state into `*out_state` (written only on success).
    games_backgammon_game,
    games_backgammon_get_state(game),
    out_state: games_backgammon_state,
    |g| {
        let game = &g.value;
        let first = position_for(game, Player::First);
        let [pips_first, pips_second] = game.pip_counts();
        let dice = game.dice();
        let mut dice_left = [0u32; 4];
        let mut dice_left_count = 0;
        let (mut steps_made, mut turn_complete) = (0, false);
        if let Some(t) = game.current_turn() {
            for (slot, d) in dice_left.iter_mut().zip(t.remaining_dice()) {
                *slot = u32::from(*d);
                dice_left_count += 1;
            }
            steps_made = t.steps().len() as u32;
            turn_complete = t.is_complete();
        }
        let result = game.result();
        let opening = if game.start_position().is_some() {
            (0, 0)
        } else {
            (
                u32::from(game.opening().first_die()),
                u32::from(game.opening().second_die()),
            )
        };
        games_backgammon_state {
            to_move: if game.is_over() {
                GAMES_NO_PLAYER
            } else {
                player_code(game.player_on_roll())
            },
            dice_rolled: dice.is_some(),
            die1: dice.map_or(0, |d| u32::from(d.first())),
            die2: dice.map_or(0, |d| u32::from(d.second())),
            dice_left,
            dice_left_count,
            steps_made,
            turn_complete,
            legal_plays: legal_of(game).len() as u32,
            pips_first,
            pips_second,
            bar_first: u32::from(first.bar(Side::OnRoll)),
            bar_second: u32::from(first.bar(Side::Opponent)),
            off_first: u32::from(first.off(Side::OnRoll)),
            off_second: u32::from(first.off(Side::Opponent)),
            game_over: game.is_over(),
            winner: result.map_or(GAMES_NO_PLAYER, |r| player_code(r.winner)),
            result_kind: match result.map(|r| r.kind) {
                None => GAMES_BACKGAMMON_RESULT_NONE,
                Some(WinKind::Single) => GAMES_BACKGAMMON_RESULT_SINGLE,
                Some(WinKind::Gammon) => GAMES_BACKGAMMON_RESULT_GAMMON,
                Some(WinKind::Backgammon) => GAMES_BACKGAMMON_RESULT_BACKGAMMON,
            },
            points: result.map_or(0, |r| r.points),
            turns_played: game.history().len() as u32,
            seeded: game.seed().is_some(),
            opening_first: opening.0,
            opening_second: opening.1,
        }
    }
);

crate::exports::export_query!(
    /// Both players' checkers, each from its own view, in `*out_board`
    /// (counting the steps of a turn in progress).
    games_backgammon_game,
    games_backgammon_get_board(game),
    out_board: games_backgammon_board,
    |g| {
        let first = position_for(&g.value, Player::First);
        games_backgammon_board {
            first: first.side_counts(Side::OnRoll),
            second: first.side_counts(Side::Opponent),
        }
    }
);

/// Roll the dice from the game's seed for the player on roll; the dice go
/// to `*out_die1`/`*out_die2` and `*out_passed` tells whether the roll
/// could not be used (the turn then passed to the other player at once).
/// Any out-pointer may be NULL. Dice already rolled give
/// `GAMES_RESULT_WRONG_PHASE`, a finished game `GAMES_RESULT_GAME_OVER`;
/// nothing changes then. In a game without a dice seed (dice set from
/// outside, an opening or a position from outside) the dice come from the
/// handle's seed and the number of turns played (asking the AI never
/// changes them), and are recorded as dice from outside.
///
/// # Safety
/// `game` NULL or live; each out-pointer NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_roll(
    game: *mut games_backgammon_game,
    out_die1: *mut u32,
    out_die2: *mut u32,
    out_passed: *mut bool,
) -> games_result {
    // SAFETY: the handle and out-pointers are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| match g.value.roll() {
            Ok((d, outcome)) => {
                write_optional(out_die1, u32::from(d.first()));
                write_optional(out_die2, u32::from(d.second()));
                write_optional(out_passed, outcome == DiceOutcome::Passed);
                g.succeed()
            }
            Err(e) => fail_game(g, &e),
        })
    }
}

/// Set the dice from outside (physical dice, a replay, a test) for the
/// player on roll: `die1`, `die2` 1 to 6. `*out_passed` (may be NULL) tells
/// whether the roll could not be used (the turn passed at once). From then
/// on the game no longer follows its seed. A die out of range gives
/// `GAMES_RESULT_INVALID_PARAMETER`, dice already rolled
/// `GAMES_RESULT_WRONG_PHASE`, a finished game `GAMES_RESULT_GAME_OVER`;
/// nothing changes then.
///
/// # Safety
/// `game` NULL or live; `out_passed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_set_dice(
    game: *mut games_backgammon_game,
    die1: u32,
    die2: u32,
    out_passed: *mut bool,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            let dice = die_from(die1)
                .zip(die_from(die2))
                .and_then(|(a, b)| Dice::new(a, b).ok());
            let Some(dice) = dice else {
                return g.fail(
                    GAMES_RESULT_INVALID_PARAMETER,
                    format!("dice {die1} and {die2}: each die shows 1 to 6"),
                );
            };
            match g.value.set_dice(dice) {
                Ok(outcome) => {
                    write_optional(out_passed, outcome == DiceOutcome::Passed);
                    g.succeed()
                }
                Err(e) => fail_game(g, &e),
            }
        })
    }
}

crate::exports::export_query!(
    /// The number of legal plays for the dice rolled (distinct resulting
    /// positions) in `*out_count`; 0 when no dice are rolled or the game is
    /// over; at most `GAMES_BACKGAMMON_MAX_LEGAL_PLAYS`. Plays are numbered
    /// from 0 in a fixed order.
    games_backgammon_game,
    games_backgammon_legal_play_count(game),
    out_count: u32,
    |g| legal_of(&g.value).len() as u32
);

crate::exports::export_slice!(
    /// Copy every legal play into the caller's array `buf` of `cap` plays;
    /// `*out_len` gets the count (a NULL `buf` with `cap` 0 asks for it). At
    /// most `GAMES_BACKGAMMON_MAX_LEGAL_PLAYS`, so a buffer of that many is
    /// always large enough.
    games_backgammon_game,
    games_backgammon_legal_plays(game),
    games_backgammon_move,
    |g| {
        let plays: Vec<games_backgammon_move> =
            legal_of(&g.value).iter().map(play_out).collect();
        plays
    }
);

/// Legal play number `index` in `*out_play`; an index past the count gives
/// `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `game` NULL or live; `out_play` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_legal_play_get(
    game: *const games_backgammon_game,
    index: u32,
    out_play: *mut games_backgammon_move,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle(game, |g| match legal_of(&g.value).get(index as usize) {
            Some(p) => write_out(out_play, play_out(p)),
            None => GAMES_RESULT_INVALID_PARAMETER,
        })
    }
}

/// The notation of legal play number `index` (`24/18 13/11`), NUL-terminated
/// in the caller's buffer; an index past the count gives
/// `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_legal_play_notation(
    game: *const games_backgammon_game,
    index: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| match legal_of(&g.value).get(index as usize) {
            Some(p) => write_c_string(&p.notation(), buf, cap, out_len),
            None => GAMES_RESULT_INVALID_PARAMETER,
        })
    }
}

/// The GNU Backgammon Position ID of the position after legal play number
/// `index`, with the opponent on roll (as the game shows it next),
/// NUL-terminated (15 chars with the NUL); an index past the count gives
/// `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_legal_play_position_id(
    game: *const games_backgammon_game,
    index: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| match legal_of(&g.value).get(index as usize) {
            Some(p) => write_c_string(&shown_after(p).to_gnubg_id(), buf, cap, out_len),
            None => GAMES_RESULT_INVALID_PARAMETER,
        })
    }
}

/// Write `play` in the notation (`24/18* 13/11`, `bar/22`, `6/off(2)`),
/// NUL-terminated; the empty play gives "". A step count above 4, a point
/// out of range or a `hit` byte other than 0 or 1 gives
/// `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `play` NULL or readable; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_play_to_string(
    play: *const games_backgammon_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    guard(|| {
        if play.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: non-NULL (checked) and readable, per the caller.
        match unsafe { play_in(play) } {
            Some(mut steps) => {
                // As `Play::notation` writes a play: from the highest
                // starting point down, so a run is one move (`24/16`)
                // whatever order the steps were played in.
                steps.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));
                // SAFETY: buffer contract forwarded from the caller.
                unsafe { write_c_string(&steps_to_string(&steps), buf, cap, out_len) }
            }
            None => GAMES_RESULT_INVALID_PARAMETER,
        }
    })
}

/// Play a whole move written in the notation for the player on roll:
/// `24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`, the moves in any order; ""
/// when the roll cannot be used. Any steps of the turn in progress are
/// dropped. Malformed text gives `GAMES_RESULT_INVALID_PARAMETER`, a
/// well-formed move that is not legal for the roll
/// `GAMES_RESULT_ILLEGAL_MOVE`, no dice rolled yet `GAMES_RESULT_WRONG_PHASE`,
/// a finished game `GAMES_RESULT_GAME_OVER`;
/// nothing changes then (see `games_backgammon_last_error`).
///
/// # Safety
/// `game` NULL or live; `text` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_play_notation(
    game: *mut games_backgammon_game,
    text: *const c_char,
) -> games_result {
    // SAFETY: the handle and string are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            let text = match read_text(text) {
                Ok(t) => t,
                Err(GAMES_RESULT_NULL_PARAMETER) => return GAMES_RESULT_NULL_PARAMETER,
                // Text that is not UTF-8 is no play in the notation, as in
                // the other games.
                Err(e) => {
                    return g.fail_coded(
                        e,
                        GAMES_BACKGAMMON_ERROR_BAD_NOTATION,
                        "the move text is not UTF-8",
                    )
                }
            };
            match g.value.play_notation(text) {
                Ok(_) => g.succeed(),
                Err(e) => fail_game(g, &e),
            }
        })
    }
}

/// Play a whole move given as steps (for example one from
/// `games_backgammon_legal_play_get` or `games_backgammon_ai_move`) for the
/// player on roll; any play reaching the same position as a legal play is
/// accepted. Errors as `games_backgammon_play_notation`.
///
/// # Safety
/// `game` NULL or live; `play` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_play_move(
    game: *mut games_backgammon_game,
    play: *const games_backgammon_move,
) -> games_result {
    // SAFETY: the handle and play are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if play.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let Some(steps) = play_in(play) else {
                return g.fail(
                    GAMES_RESULT_INVALID_PARAMETER,
                    "a play has at most 4 steps, from 1 to 25 and to 0 to 24, each hit 0 or 1",
                );
            };
            // Steps of one die each, in an order the rules allow, are
            // played through the points they name (13/12 then 12/9 hits a
            // blot on 12 whatever the hit flags say); anything else (a
            // step of several dice, another order) is read as notation.
            let result = match play_of_steps(&g.value, &steps) {
                Some(play) => g.value.play(&play),
                None => g.value.play_notation(&steps_to_string(&steps)).map(|_| ()),
            };
            match result {
                Ok(()) => g.succeed(),
                Err(e) => fail_game(g, &e),
            }
        })
    }
}

crate::exports::export_ai_move!(
    /// The AI's play at `level` (`GAMES_BACKGAMMON_LEVEL_*`) for the dice
    /// rolled, in `*out_play` (not played: play it with
    /// `games_backgammon_play_move`). `budget` NULL means no limit (every level
    /// ends on its own; one node is one position evaluated); `cancel` may be
    /// NULL. A stopped search still answers with its best play so far. Easy
    /// draws from the handle's seeded generator. No dice gives
    /// `GAMES_RESULT_WRONG_PHASE`, a finished game `GAMES_RESULT_GAME_OVER`,
    /// an unknown level `GAMES_RESULT_INVALID_PARAMETER`.
    games_backgammon_game,
    games_backgammon_ai_move(game, level, out_play: games_backgammon_move),
    level_from,
    |_: &Level| Budget::UNLIMITED,
    |g, level, budget, cancel| {
        if g.value.is_over() {
            return Err(g.fail_coded(
                GAMES_RESULT_GAME_OVER,
                GAMES_BACKGAMMON_ERROR_GAME_OVER,
                "the game is over",
            ));
        }
        if g.value.dice().is_none() {
            return Err(g.fail_coded(
                GAMES_RESULT_WRONG_PHASE,
                GAMES_BACKGAMMON_ERROR_NO_DICE,
                "roll the dice first",
            ));
        }
        match g.value.ai_move(level, budget, cancel) {
            Ok(choice) => Ok(play_out(&choice.play)),
            Err(e) => Err(fail_game(g, &e)),
        }
    }
);

/// The GNU Backgammon Position ID of the board at the start of the turn
/// (the player on roll as GNU Backgammon's player on roll), NUL-terminated
/// (15 chars with the NUL). Once the game is over, the winner's view.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_position_id(
    game: *const games_backgammon_game,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            let id = g.value.state().position().to_gnubg_id();
            write_c_string(&id, buf, cap, out_len)
        })
    }
}

/// The XGID of the board at the start of the turn, with the player on roll
/// as X (turn `1`), the dice when rolled (`00` otherwise), a centred cube
/// in a money game; NUL-terminated.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_xgid(
    game: *const games_backgammon_game,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            let game = &g.value;
            let text = game.state().position().to_xgid(game.dice());
            write_c_string(&text, buf, cap, out_len)
        })
    }
}

/// Turn number `index` (from 0) of the history in `*out_record`, and its
/// play in the notation in the caller's buffer (NUL-terminated; "" for a
/// pass). An index past the history gives `GAMES_RESULT_INVALID_PARAMETER`.
/// `out_record` may be NULL; with a buffer too small nothing is written.
///
/// # Safety
/// `game` NULL or live; `out_record` NULL or writable; `buf` NULL or `cap`
/// writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_history_get(
    game: *const games_backgammon_game,
    index: u32,
    out_record: *mut games_backgammon_turn_record,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle, out-pointer and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            let Some(t) = g.value.history().get(index as usize) else {
                return GAMES_RESULT_INVALID_PARAMETER;
            };
            let r = write_c_string(&t.play, buf, cap, out_len);
            if r == GAMES_RESULT_OK && !out_record.is_null() {
                let record = games_backgammon_turn_record {
                    player: player_code(t.player),
                    die1: u32::from(t.dice.first()),
                    die2: u32::from(t.dice.second()),
                    passed: t.play.is_empty(),
                };
                write_out(out_record, record);
            }
            r
        })
    }
}

crate::exports::export_save!(
    /// Save the whole game (seed or dice, opening or start position, every
    /// turn, the dice of the turn in progress, the AI's generator) as bytes
    /// (JSON text, no NUL) in the caller's buffer. Steps of a turn not yet
    /// committed are not saved. The bytes are exactly those of the Rust crate's
    /// `backgammon_core::Game::save` (format `"games.backgammon"`, version 2),
    /// so either side loads the other's saves.
    games_backgammon_game,
    games_backgammon_save(game),
    |g: &Game| g.save()
);

crate::exports::export_load!(
    /// Load bytes written by `games_backgammon_save` (or by the Rust crate's
    /// `Game::save`) into a new handle in `*out_game`, owned by the caller.
    /// Saves of version 1, from earlier releases of this library, still load.
    /// The game is replayed: every roll must match the seed, every play be
    /// legal, every pass forced. Malformed or inconsistent bytes, or another
    /// game's save, give `GAMES_RESULT_INVALID_DATA` (an unknown version
    /// `GAMES_RESULT_UNSUPPORTED_VERSION`) and create nothing.
    games_backgammon_game,
    games_backgammon_load(out_game),
    reason: games_backgammon_load_reason,
    |bytes: &[u8]| {
        Game::load(save_text(bytes)?).map_err(|e| {
            let code = match e {
                backgammon_core::LoadError::Version(_) => GAMES_RESULT_UNSUPPORTED_VERSION,
                _ => GAMES_RESULT_INVALID_DATA,
            };
            Refusal::new(code, e.to_string())
        })
    }
);

/// Copy every legal play into `buf`: the name every game shares for
/// `games_backgammon_legal_plays` (the same list, in the same order).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable plays; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_legal_moves(
    game: *const games_backgammon_game,
    buf: *mut games_backgammon_move,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: forwarded: the same contract.
    unsafe { games_backgammon_legal_plays(game, buf, cap, out_len) }
}

/// Play a whole move given as steps: the name every game shares for
/// `games_backgammon_play_move` (the same call).
///
/// # Safety
/// `game` NULL or live; `play` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_play(
    game: *mut games_backgammon_game,
    play: *const games_backgammon_move,
) -> games_result {
    // SAFETY: forwarded: the same contract.
    unsafe { games_backgammon_play_move(game, play) }
}

/// Write `play` in the notation, NUL-terminated: the name every game shares
/// for `games_backgammon_play_to_string`, with the game handle (NULL or
/// live; the notation does not depend on it) first as in the other games.
///
/// # Safety
/// `game` NULL or live; `play` NULL or readable; `buf` NULL or `cap` writable chars;
/// `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_move_to_string(
    game: *const games_backgammon_game,
    play: *const games_backgammon_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    let _ = game;
    // SAFETY: forwarded: the same contract.
    unsafe { games_backgammon_play_to_string(play, buf, cap, out_len) }
}

/// Take back the last step of the turn in progress: the name every game
/// shares for `games_backgammon_step_undo`. A committed play is final, since
/// the next roll follows it.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_backgammon_undo(game: *mut games_backgammon_game) -> games_result {
    // SAFETY: forwarded: the same contract.
    unsafe { games_backgammon_step_undo(game) }
}

crate::exports::export_last_error!(
    /// Why the last failed call on this handle failed, as a code: a
    /// `GAMES_BACKGAMMON_ERROR_*` reason after a refused roll, step, play or
    /// undo; `_OTHER` after another failure; `_NONE` after a success.
    games_backgammon_game,
    games_backgammon_last_error,
    games_backgammon_last_error_code,
    GAMES_BACKGAMMON_ERROR_OTHER
);

mod steps;
pub use steps::*;

#[cfg(test)]
mod tests;

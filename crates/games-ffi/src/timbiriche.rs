//! Dots and boxes through the C ABI: `games_timbiriche_*`.
//!
//! A `games_timbiriche_game` handle is one game, or a match of 3 or 5 games
//! (a `timbiriche_core::Session`), with its seeded generator for the AI
//! inside the game being played. Its save is `Game::save` of a single game,
//! `Match::save` of a match. Lines are
//! `games_timbiriche_line { orientation, row, col }` (the left dot of a
//! horizontal line, the top dot of a vertical one, from 0) or their flat
//! index (`games_timbiriche_line_index`); text is dot notation (`a1-b1`).

use std::ffi::{c_char, CStr};

use games_common::Player;
use timbiriche_core::{
    components, notation, AiOptions, BoardSize, ComponentKind, Game, GameOptions, GameResult,
    HintError, Level, Line, LoadError, Match, MatchError, MatchOptions, Orientation, Session,
    StartPolicy, ValueLayout, Variant,
};

use crate::boundary::{guard, save_text, with_handle, with_handle_mut, HandleState, Refusal};
use crate::buffer::{read_slice, write_c_string, write_optional, write_out, write_slice};
use crate::common::GAMES_NO_PLAYER;
use crate::result::games_result::{self, *};

include!(concat!(env!("OUT_DIR"), "/timbiriche_constants.rs"));

/// A line of the board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_timbiriche_line {
    /// `GAMES_TIMBIRICHE_HORIZONTAL` or `GAMES_TIMBIRICHE_VERTICAL`.
    pub orientation: u32,
    /// Row of its left (horizontal) or top (vertical) dot, from 0.
    pub row: u32,
    /// Column of that dot, from 0.
    pub col: u32,
}

impl games_timbiriche_line {
    fn to_rust(self) -> Option<Line> {
        let row = u8::try_from(self.row).ok()?;
        let col = u8::try_from(self.col).ok()?;
        match self.orientation {
            GAMES_TIMBIRICHE_HORIZONTAL => Some(Line::horizontal(row, col)),
            GAMES_TIMBIRICHE_VERTICAL => Some(Line::vertical(row, col)),
            _ => None,
        }
    }

    fn from_rust(line: Line) -> games_timbiriche_line {
        games_timbiriche_line {
            orientation: match line.orientation {
                Orientation::Horizontal => GAMES_TIMBIRICHE_HORIZONTAL,
                Orientation::Vertical => GAMES_TIMBIRICHE_VERTICAL,
            },
            row: u32::from(line.row),
            col: u32::from(line.col),
        }
    }
}

/// Options of a new game; fill them with `games_timbiriche_options_default`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct games_timbiriche_options {
    /// Rows of boxes, 1 to 6.
    pub rows: u32,
    /// Columns of boxes, 1 to 6.
    pub cols: u32,
    /// Misère: whoever has more points loses.
    pub misere: bool,
    /// `GAMES_TIMBIRICHE_VALUES_*`.
    pub values_kind: u32,
    /// With `GAMES_TIMBIRICHE_VALUES_EXPLICIT`: rows × cols values (1 to 3),
    /// row by row. Read during `games_timbiriche_new` only.
    pub values: *const u8,
    /// Number of `values`.
    pub values_len: usize,
    /// With `GAMES_TIMBIRICHE_VALUES_SEEDED`: the layout's seed.
    pub values_seed: u64,
    /// 1 for a single game, 3 or 5 for a match (points summed).
    pub games: u32,
    /// `GAMES_TIMBIRICHE_START_*`.
    pub start: u32,
    /// Seed of the AI's random choices.
    pub seed: u64,
}

/// Everything about a game that fits in a few numbers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_timbiriche_state {
    /// Rows of boxes.
    pub rows: u32,
    /// Columns of boxes.
    pub cols: u32,
    /// Whether the variant is misère.
    pub misere: bool,
    /// `GAMES_PLAYER_FIRST` or `GAMES_PLAYER_SECOND`.
    pub to_move: u32,
    /// Points of the first player in this game.
    pub points_first: u32,
    /// Points of the second player in this game.
    pub points_second: u32,
    /// Lines drawn.
    pub lines_drawn: u32,
    /// Lines on the board.
    pub lines_total: u32,
    /// Whether the last line took a box (the same player moves again).
    pub last_move_extra: bool,
    /// Boxes the last line completed (0, 1 or 2).
    pub last_move_completed: u32,
    /// Whether every line is drawn.
    pub game_over: bool,
    /// `GAMES_TIMBIRICHE_RESULT_*` of this game once over.
    pub result: u32,
    /// `GAMES_TIMBIRICHE_RESULT_*` as soon as the result is decided.
    pub decided: u32,
    /// Hints left in this game (3 per game, the first free).
    pub hints_left: u32,
    /// Whether the next hint is the free one.
    pub next_hint_free: bool,
    /// Whether undo was used (no ingenuity points for this game).
    pub undo_used: bool,
    /// Whether undo would take a line back.
    pub can_undo: bool,
    /// Whether redo would draw an undone line again.
    pub can_redo: bool,
    /// Games in the match (1 for a single game).
    pub games: u32,
    /// The game being played, from 0.
    pub game_index: u32,
    /// Points of the first player over the match.
    pub total_first: u32,
    /// Points of the second player over the match.
    pub total_second: u32,
    /// `GAMES_TIMBIRICHE_RESULT_*` of the whole match.
    pub match_result: u32,
}

/// A hint: the Hard level's line and its reason.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_timbiriche_hint {
    /// The line a master would draw.
    pub line: games_timbiriche_line,
    /// Reason code, `GAMES_TIMBIRICHE_REASON_*`.
    pub reason: u32,
    /// Whether `margin` is proven by the exact solver.
    pub proven: bool,
    /// With `proven`: the final margin for the player to move, counting
    /// the score so far (in misère, the rival's points minus the mover's).
    pub margin: i32,
    /// Whether this hint was the free one.
    pub free: bool,
    /// Hints left after this one.
    pub left: u32,
}

/// One group of open boxes in the chain/loop decomposition.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_timbiriche_component {
    /// `GAMES_TIMBIRICHE_CHAIN`, `_LOOP` or `_OTHER`.
    pub kind: u32,
    /// Boxes in it.
    pub length: u32,
    /// Whether a box of it can be taken now.
    pub capturable: bool,
}

/// The state behind a handle: the core's game or match (which holds the
/// AI's generator), the sentence of the last hint and the AI's options
/// (not saved).
#[derive(Clone, Debug)]
pub struct TimbiricheState {
    session: Session,
    last_hint: String,
    ai_options: AiOptions,
}

/// The default limit of `games_timbiriche_set_table_limit`: 32 MiB.
pub const GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES: usize = 33_554_432;

// The header's literal is the core's default.
const _: () = assert!(GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES == timbiriche_core::DEFAULT_TABLE_BYTES);

/// The smallest limit `games_timbiriche_set_table_limit` takes: 64 KiB.
pub const GAMES_TIMBIRICHE_MIN_TABLE_BYTES: usize = 65_536;

crate::exports::export_handle!(
    /// A dots-and-boxes game or match. Opaque: create it with
    /// `games_timbiriche_new` or `games_timbiriche_load`, release it with
    /// `games_timbiriche_free`.
    games_timbiriche_game(TimbiricheState),
    clone: games_timbiriche_clone(game, out_game) "a game or match (moves, undo, hints, generator)",
    free: games_timbiriche_free(game) "a game or match",
);

fn result_code(result: Option<GameResult>) -> u32 {
    match result {
        None => GAMES_TIMBIRICHE_RESULT_NONE,
        Some(GameResult::Win(Player::First)) => GAMES_TIMBIRICHE_RESULT_FIRST_WINS,
        Some(GameResult::Win(Player::Second)) => GAMES_TIMBIRICHE_RESULT_SECOND_WINS,
        Some(GameResult::Draw) => GAMES_TIMBIRICHE_RESULT_DRAW,
    }
}

fn reason_code(reason: timbiriche_core::Reason) -> u32 {
    use timbiriche_core::Reason::*;
    match reason {
        SafeLine => GAMES_TIMBIRICHE_REASON_SAFE_LINE,
        TakeBox => GAMES_TIMBIRICHE_REASON_TAKE_BOX,
        GiveFewest => GAMES_TIMBIRICHE_REASON_GIVE_FEWEST,
        OpenShortChain => GAMES_TIMBIRICHE_REASON_OPEN_SHORT_CHAIN,
        OpenTwoChainMiddle => GAMES_TIMBIRICHE_REASON_OPEN_TWO_CHAIN_MIDDLE,
        OpenLoop => GAMES_TIMBIRICHE_REASON_OPEN_LOOP,
        OpenLongChain => GAMES_TIMBIRICHE_REASON_OPEN_LONG_CHAIN,
        DoubleCross => GAMES_TIMBIRICHE_REASON_DOUBLE_CROSS,
        Proven => GAMES_TIMBIRICHE_REASON_PROVEN,
        Careless => GAMES_TIMBIRICHE_REASON_CARELESS,
    }
}

fn level(index: u32) -> Option<Level> {
    match index {
        GAMES_TIMBIRICHE_LEVEL_EASY => Some(Level::Easy),
        GAMES_TIMBIRICHE_LEVEL_MEDIUM => Some(Level::Medium),
        GAMES_TIMBIRICHE_LEVEL_HARD => Some(Level::Hard),
        _ => None,
    }
}

fn lines_out(lines: &[Line]) -> Vec<games_timbiriche_line> {
    lines
        .iter()
        .copied()
        .map(games_timbiriche_line::from_rust)
        .collect()
}

impl crate::exports::OptionsFromC for games_timbiriche_options {
    unsafe fn bools_are_valid(options: *const Self) -> bool {
        // SAFETY: non-NULL and readable per the caller; the field's address
        // is taken without reading it as a `bool`.
        unsafe { crate::exports::is_bool_byte(std::ptr::addr_of!((*options).misere)) }
    }
}

crate::exports::export_new!(
    /// Fill `*out_options` with the defaults: 3×3 boxes, standard, one game,
    /// the first player starts, seed 1.
    games_timbiriche_options_default(out_options) = games_timbiriche_options {
            rows: 3,
            cols: 3,
            misere: false,
            values_kind: GAMES_TIMBIRICHE_VALUES_STANDARD,
            values: std::ptr::null(),
            values_len: 0,
            values_seed: 0,
            games: 1,
            start: GAMES_TIMBIRICHE_START_FIRST,
            seed: 1,
        };
    /// Create a game (or match) in `*out_game`, owned by the caller.
    /// Bad options give `GAMES_RESULT_INVALID_PARAMETER` and create nothing
    /// (a `misere` byte other than 0 or 1, from a field left uninitialised,
    /// included); `games_timbiriche_new_reason` says why, in words.
    ///
    /// # Safety
    /// `options` must be NULL or readable, its `values` NULL or `values_len`
    /// readable bytes; `out_game` NULL or writable.
    games_timbiriche_game,
    games_timbiriche_new(options: games_timbiriche_options, out_game),
    reason: games_timbiriche_new_reason,
    // SAFETY: the options' `values` are NULL or `values_len` readable bytes:
    // the contract of both calls.
    |o: &games_timbiriche_options| unsafe { new_state(o) }
);

/// The game or match `games_timbiriche_new` makes of `o`, or why it refuses
/// them: the one path of `games_timbiriche_new` and
/// `games_timbiriche_new_reason`.
///
/// # Safety
/// `o.values` must be NULL or point to `o.values_len` readable bytes.
unsafe fn new_state(o: &games_timbiriche_options) -> Result<TimbiricheState, Refusal> {
    let invalid = |reason: String| Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason);
    let size = BoardSize::new(o.rows, o.cols).map_err(|e| invalid(e.to_string()))?;
    let values = match o.values_kind {
        GAMES_TIMBIRICHE_VALUES_STANDARD => ValueLayout::Standard,
        GAMES_TIMBIRICHE_VALUES_SEEDED => ValueLayout::Seeded(o.values_seed),
        GAMES_TIMBIRICHE_VALUES_EXPLICIT => {
            // SAFETY: `values` is NULL or `values_len` readable bytes, per the caller.
            match unsafe { read_slice(o.values, o.values_len) } {
                Ok(v) => ValueLayout::Explicit(v.to_vec()),
                Err(e @ GAMES_RESULT_NULL_PARAMETER) => {
                    let reason = format!("values is NULL with values_len {}", o.values_len);
                    return Err(Refusal::new(e, reason));
                }
                Err(e) => {
                    let reason = format!(
                        "values_len {} is more bytes than memory holds",
                        o.values_len
                    );
                    return Err(Refusal::new(e, reason));
                }
            }
        }
        other => {
            return Err(invalid(format!(
                "values_kind {other} is not a GAMES_TIMBIRICHE_VALUES_* value"
            )))
        }
    };
    let variant = Variant {
        misere: o.misere,
        values,
    };
    let policy = match o.start {
        GAMES_TIMBIRICHE_START_FIRST => StartPolicy::First,
        GAMES_TIMBIRICHE_START_SECOND => StartPolicy::Second,
        GAMES_TIMBIRICHE_START_ALTERNATING => StartPolicy::Alternating,
        other => {
            return Err(invalid(format!(
                "start {other} is not a GAMES_TIMBIRICHE_START_* value"
            )))
        }
    };
    let session = if o.games == 1 {
        match Game::new(GameOptions {
            size,
            variant,
            first: policy.starter(0),
        }) {
            Ok(g) => Session::Game(g.with_ai_seed(o.seed)),
            Err(e) => return Err(invalid(e.to_string())),
        }
    } else {
        match Match::new(MatchOptions {
            size,
            variant,
            games: o.games,
            policy,
        }) {
            Ok(m) => Session::Match(m.with_ai_seed(o.seed)),
            Err(e) => return Err(invalid(e.to_string())),
        }
    };
    Ok(TimbiricheState {
        session,
        last_hint: String::new(),
        ai_options: AiOptions::default(),
    })
}

crate::exports::export_query!(
    /// Read the state into `*out_state`.
    games_timbiriche_game,
    games_timbiriche_get_state(game),
    out_state: games_timbiriche_state,
    |g| {
        let s = &g.value.session;
        let game = s.game();
        let pos = game.position();
        let size = pos.size();
        let last = pos.last_move();
        let (games, game_index, totals, match_result) = match s {
            Session::Game(_) => (
                1,
                0,
                [pos.points(Player::First), pos.points(Player::Second)],
                result_code(pos.result()),
            ),
            Session::Match(m) => (
                m.options().games,
                // The game being played: a finished game stays the current
                // one until `games_timbiriche_next_game` (the last one once
                // the match is over), though it counts as finished.
                (m.games_finished() - usize::from(m.game().position().is_over())) as u32,
                [m.total(Player::First), m.total(Player::Second)],
                result_code(m.result()),
            ),
        };
        games_timbiriche_state {
            rows: u32::from(size.rows()),
            cols: u32::from(size.cols()),
            misere: pos.is_misere(),
            to_move: pos.to_move().index() as u32,
            points_first: pos.points(Player::First),
            points_second: pos.points(Player::Second),
            lines_drawn: pos.num_drawn() as u32,
            lines_total: size.num_lines() as u32,
            last_move_extra: last.is_some_and(|m| m.extra_move),
            last_move_completed: last.map_or(0, |m| u32::from(m.completed)),
            game_over: pos.is_over(),
            result: result_code(pos.result()),
            decided: result_code(pos.decided()),
            hints_left: game.hints_left(),
            next_hint_free: game.next_hint_free(),
            undo_used: game.undo_used(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            games,
            game_index,
            total_first: totals[0],
            total_second: totals[1],
            match_result,
        }
    }
);

crate::exports::export_slice!(
    /// Box owners, row by row: `GAMES_PLAYER_FIRST`, `GAMES_PLAYER_SECOND` or
    /// `GAMES_NO_PLAYER` per box.
    games_timbiriche_game,
    games_timbiriche_owners(game),
    u32,
    |g| {
        g
            .value
            .session
            .game()
            .position()
            .owners()
            .iter()
            .map(|o| o.map_or(GAMES_NO_PLAYER, |p| p.index() as u32))
            .collect::<Vec<_>>()
    }
);

/// Sides drawn around each box (0 to 4), row by row.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_sides(
    game: *const games_timbiriche_game,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_slice(
                &g.value.session.game().position().side_counts(),
                buf,
                cap,
                out_len,
            )
        })
    }
}

/// The value of each box (1, 2 or 3), row by row.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_box_values(
    game: *const games_timbiriche_game,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_slice(
                g.value.session.game().position().values(),
                buf,
                cap,
                out_len,
            )
        })
    }
}

crate::exports::export_slice!(
    /// Which lines are drawn: one byte per line index (1 drawn, 0 not).
    games_timbiriche_game,
    games_timbiriche_drawn(game),
    u8,
    |g| {
        let pos = g.value.session.game().position();
        pos
            .size()
            .lines()
            .map(|l| u8::from(pos.is_drawn(l)))
            .collect::<Vec<_>>()
    }
);

/// The `GAMES_TIMBIRICHE_ERROR_*` code of a refused line.
fn play_error_code(e: timbiriche_core::PlayError) -> u32 {
    match e {
        timbiriche_core::PlayError::GameOver => GAMES_TIMBIRICHE_ERROR_GAME_OVER,
        timbiriche_core::PlayError::AlreadyDrawn(_) => GAMES_TIMBIRICHE_ERROR_ALREADY_DRAWN,
        timbiriche_core::PlayError::OffBoard(_) | timbiriche_core::PlayError::BadIndex(_) => {
            GAMES_TIMBIRICHE_ERROR_OFF_BOARD
        }
        _ => GAMES_TIMBIRICHE_ERROR_OTHER,
    }
}

/// Read a line in dot notation with `parse` (`notation::parse_line` on the
/// handle's board, or `notation::parse_any_line`): a NULL `text` is
/// `GAMES_RESULT_NULL_PARAMETER`; text that is not UTF-8 or that `parse`
/// refuses is `GAMES_RESULT_INVALID_PARAMETER`, recorded with
/// `GAMES_TIMBIRICHE_ERROR_BAD_NOTATION`.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string.
unsafe fn read_line(
    g: &mut HandleState<TimbiricheState>,
    text: *const c_char,
    parse: impl FnOnce(&str) -> Result<Line, notation::NotationError>,
) -> Result<Line, games_result> {
    if text.is_null() {
        return Err(GAMES_RESULT_NULL_PARAMETER);
    }
    let bad = GAMES_TIMBIRICHE_ERROR_BAD_NOTATION;
    // SAFETY: non-NULL (checked) and NUL-terminated, per this function's contract.
    let Ok(text) = (unsafe { CStr::from_ptr(text) }).to_str() else {
        return Err(g.fail_coded(GAMES_RESULT_INVALID_PARAMETER, bad, "the text is not UTF-8"));
    };
    parse(text).map_err(|e| g.fail_coded(GAMES_RESULT_INVALID_PARAMETER, bad, e.to_string()))
}

/// Draw `line` on the handle's game, setting the reason code when refused.
///
/// # Safety
/// `out_completed` must be NULL or writable.
unsafe fn play_line(
    g: &mut HandleState<TimbiricheState>,
    line: Line,
    out_completed: *mut u32,
) -> games_result {
    match g.value.session.game_mut().play(line) {
        Ok(outcome) => {
            // SAFETY: `out_completed` is NULL or writable, per this function's contract.
            unsafe { write_optional(out_completed, u32::from(outcome.completed)) };
            g.succeed()
        }
        Err(e) => {
            let result = match e {
                timbiriche_core::PlayError::GameOver => GAMES_RESULT_GAME_OVER,
                _ => GAMES_RESULT_ILLEGAL_MOVE,
            };
            g.fail_coded(result, play_error_code(e), e.to_string())
        }
    }
}

crate::exports::export_slice_with!(
    /// List lines of one kind (`GAMES_TIMBIRICHE_LINES_*`), in line index order
    /// (at most `GAMES_TIMBIRICHE_MAX_LINES`). An unknown kind gives
    /// `GAMES_RESULT_INVALID_PARAMETER`.
    games_timbiriche_game,
    games_timbiriche_lines(game, kind: u32),
    games_timbiriche_line,
    |g| {
        let pos = g.value.session.game().position();
        match kind {
            GAMES_TIMBIRICHE_LINES_LEGAL => Ok(lines_out(&pos.legal_moves())),
            GAMES_TIMBIRICHE_LINES_SAFE => Ok(lines_out(&pos.safe_lines())),
            GAMES_TIMBIRICHE_LINES_CAPTURING => Ok(lines_out(&pos.capturing_lines())),
            GAMES_TIMBIRICHE_LINES_THIRD_SIDE => Ok(lines_out(&pos.third_side_lines())),
            _ => Err(GAMES_RESULT_INVALID_PARAMETER),
        }
    }
);

crate::exports::export_slice!(
    /// The chain/loop decomposition of the open boxes.
    games_timbiriche_game,
    games_timbiriche_components(game),
    games_timbiriche_component,
    |g| {
        let items: Vec<games_timbiriche_component> =
            components(g.value.session.game().position())
                .iter()
                .map(|c| games_timbiriche_component {
                    kind: match c.kind {
                        ComponentKind::Chain => GAMES_TIMBIRICHE_CHAIN,
                        ComponentKind::Loop => GAMES_TIMBIRICHE_LOOP,
                        ComponentKind::Other => GAMES_TIMBIRICHE_OTHER,
                    },
                    length: c.boxes.len() as u32,
                    capturable: c.capturable,
                })
                .collect();
        items
    }
);

/// The flat index of `line` on this board (0 to lines - 1), for hosts that
/// number lines; `GAMES_RESULT_INVALID_PARAMETER` for a line off the board.
///
/// # Safety
/// `game` NULL or live; `out_index` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_line_index(
    game: *const games_timbiriche_game,
    line: games_timbiriche_line,
    out_index: *mut u32,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            let size = g.value.session.game().position().size();
            match line.to_rust().and_then(|l| size.line_index(l)) {
                Some(i) => write_out(out_index, i as u32),
                None => GAMES_RESULT_INVALID_PARAMETER,
            }
        })
    }
}

/// The line with flat index `index` on this board; an index past the last
/// line gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `game` NULL or live; `out_line` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_line_at(
    game: *const games_timbiriche_game,
    index: u32,
    out_line: *mut games_timbiriche_line,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            let size = g.value.session.game().position().size();
            match size.line_at(index as usize) {
                Some(l) => write_out(out_line, games_timbiriche_line::from_rust(l)),
                None => GAMES_RESULT_INVALID_PARAMETER,
            }
        })
    }
}

/// Read dot notation (`a1-b1`, either order of the dots) into `*out_line`.
/// A malformed, diagonal, long or off-board line gives
/// `GAMES_RESULT_INVALID_PARAMETER` (see `games_timbiriche_last_error`;
/// `games_timbiriche_last_error_code` gives `GAMES_TIMBIRICHE_ERROR_BAD_NOTATION`).
/// The game is not changed; the handle's last error is written (cleared on
/// success), so the handle is not `const`.
///
/// # Safety
/// `game` NULL or live; `text` NULL or a NUL-terminated string; `out_line` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_parse_line(
    game: *mut games_timbiriche_game,
    text: *const c_char,
    out_line: *mut games_timbiriche_line,
) -> games_result {
    // SAFETY: the handle, string and out-pointer are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if out_line.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let size = g.value.session.game().position().size();
            match read_line(g, text, |t| notation::parse_line(size, t)) {
                Ok(l) => {
                    write_out(out_line, games_timbiriche_line::from_rust(l));
                    g.succeed()
                }
                Err(e) => e,
            }
        })
    }
}

/// Whether `line` lies on the largest board the library plays (6×6 boxes,
/// `timbiriche_core::board::MAX_SIDE` on each side), so on some board.
fn on_largest_board(line: Line) -> bool {
    let side = u32::from(timbiriche_core::board::MAX_SIDE);
    BoardSize::new(side, side).is_ok_and(|largest| largest.contains(line))
}

/// Write `line` in dot notation (`a1-b1`), NUL-terminated: the text
/// `games_timbiriche_parse_line` reads back on any board the line lies on.
/// It needs no game, so it takes any line of the largest board (6×6 boxes:
/// dots `a` to `g`, `1` to `7`); a line off it (`{H, 0, 25}`, a row or
/// column past the sixth box, an unknown orientation) lies on no board and
/// gives `GAMES_RESULT_INVALID_PARAMETER`, with nothing written.
/// `games_timbiriche_move_to_string` checks the line against a game's board.
///
/// # Safety
/// `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_line_to_string(
    line: games_timbiriche_line,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    guard(|| match line.to_rust().filter(|l| on_largest_board(*l)) {
        // SAFETY: buffer contract forwarded from the caller.
        Some(l) => unsafe { write_c_string(&notation::line_to_string(l), buf, cap, out_len) },
        None => GAMES_RESULT_INVALID_PARAMETER,
    })
}

/// Draw `line` for the player to move. On success `*out_completed` (may be
/// NULL) gets the boxes it took (0, 1 or 2; if more than 0 the same player
/// moves again). An illegal line returns `GAMES_RESULT_ILLEGAL_MOVE` (or
/// `GAMES_RESULT_GAME_OVER`) and changes nothing.
///
/// # Safety
/// `game` NULL or live; `out_completed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_play(
    game: *mut games_timbiriche_game,
    line: games_timbiriche_line,
    out_completed: *mut u32,
) -> games_result {
    // SAFETY: the handle and out-pointer are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            let Some(l) = line.to_rust() else {
                return g.fail_coded(
                    GAMES_RESULT_ILLEGAL_MOVE,
                    GAMES_TIMBIRICHE_ERROR_OFF_BOARD,
                    "not a line: bad orientation or coordinates",
                );
            };
            play_line(g, l, out_completed)
        })
    }
}

/// Take back the last line (without limit). Marks the game as having used
/// undo. With no line to take back it returns
/// `GAMES_RESULT_NOTHING_TO_UNDO` and changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_undo(game: *mut games_timbiriche_game) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if g.value.session.game_mut().undo() {
                g.succeed()
            } else {
                g.fail(GAMES_RESULT_NOTHING_TO_UNDO, "there is no line to undo")
            }
        })
    }
}

/// Draw the last undone line again. With none it returns
/// `GAMES_RESULT_NOTHING_TO_REDO` and changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_redo(game: *mut games_timbiriche_game) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if g.value.session.game_mut().redo() {
                g.succeed()
            } else {
                g.fail(GAMES_RESULT_NOTHING_TO_REDO, "there is no line to redo")
            }
        })
    }
}

/// Start the next game of a match once the current one is over. Before
/// then it returns `GAMES_RESULT_ROUND_NOT_OVER`; after the last game, or
/// for a single game, `GAMES_RESULT_MATCH_OVER`; nothing changes then.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_next_game(
    game: *mut games_timbiriche_game,
) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| match &mut g.value.session {
            Session::Game(_) => g.fail(GAMES_RESULT_MATCH_OVER, "a single game has no next game"),
            Session::Match(m) => match m.next_game() {
                Ok(()) => g.succeed(),
                Err(e @ MatchError::GameNotOver) => {
                    g.fail(GAMES_RESULT_ROUND_NOT_OVER, e.to_string())
                }
                Err(e) => g.fail(GAMES_RESULT_MATCH_OVER, e.to_string()),
            },
        })
    }
}

crate::exports::export_ai_move!(
    /// The AI's line at `level` (`GAMES_TIMBIRICHE_LEVEL_*`) in `*out_line`
    /// (not drawn). `budget` NULL means the level's default budget (Hard: 2
    /// million nodes or 900 ms); `cancel` may be NULL. A stopped search still
    /// answers with its best line so far. An unknown level gives
    /// `GAMES_RESULT_INVALID_PARAMETER`, a finished game
    /// `GAMES_RESULT_GAME_OVER`.
    games_timbiriche_game,
    games_timbiriche_ai_move(game, level_index, out_line: games_timbiriche_line),
    level,
    |l: &Level| l.default_budget(),
    |g, level, budget, cancel| {
        let options = g.value.ai_options;
        match g.value.session.game_mut().ai_move_with(level, budget, cancel, options) {
            Ok(m) => Ok(games_timbiriche_line::from_rust(m.line)),
            Err(e) => Err(g.fail(GAMES_RESULT_GAME_OVER, e.to_string())),
        }
    }
);

crate::exports::export_hint!(
    /// "What would a master play?": the Hard level's line with its reason, in
    /// `*out_hint`; the sentence is read with `games_timbiriche_hint_sentence`.
    /// Counts against the 3 hints of the game (the first is free); with none
    /// left it returns `GAMES_RESULT_INVALID_PARAMETER`, in a finished game
    /// `GAMES_RESULT_GAME_OVER` (no hint is counted then).
    games_timbiriche_game,
    games_timbiriche_take_hint(game, out_hint: games_timbiriche_hint),
    Level::Hard.default_budget(),
    |g, budget, cancel| {
        let options = g.value.ai_options;
        let hint = g.value.session.game_mut().hint_with(budget, cancel, options);
        match hint {
            Ok(h) => {
                g.value.last_hint = h.hint.sentence;
                Ok(games_timbiriche_hint {
                    line: games_timbiriche_line::from_rust(h.hint.line),
                    reason: reason_code(h.hint.reason),
                    proven: h.hint.proven_margin.is_some(),
                    margin: h.hint.proven_margin.unwrap_or(0),
                    free: h.free,
                    left: h.left,
                })
            }
            Err(e @ HintError::GameOver) => Err(g.fail(GAMES_RESULT_GAME_OVER, e.to_string())),
            Err(e) => Err(g.fail(GAMES_RESULT_INVALID_PARAMETER, e.to_string())),
        }
    }
);

/// Limit the memory of the transposition table of each of Hard's proofs
/// (`games_timbiriche_ai_move` at Hard, `games_timbiriche_take_hint`) to
/// `bytes` (default `GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES`, 32 MiB). The
/// table is allocated for each proof and freed after it, and is never bigger
/// than the budget's nodes or the position can fill: a larger limit only
/// matters with a budget of more than about 2 million nodes, a smaller one
/// saves memory on small devices. Less than
/// `GAMES_TIMBIRICHE_MIN_TABLE_BYTES` (64 KiB) gives
/// `GAMES_RESULT_INVALID_PARAMETER` and changes nothing. The limit belongs to
/// the handle: a clone keeps it, a save does not hold it.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_set_table_limit(
    game: *mut games_timbiriche_game,
    bytes: usize,
) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if bytes < GAMES_TIMBIRICHE_MIN_TABLE_BYTES {
                return g.fail(
                    GAMES_RESULT_INVALID_PARAMETER,
                    format!("a table limit of {bytes} bytes is below 65536"),
                );
            }
            g.value.ai_options.table_bytes = bytes;
            g.succeed()
        })
    }
}

crate::exports::export_query!(
    /// The limit of `games_timbiriche_set_table_limit` in `*out_bytes`.
    games_timbiriche_game,
    games_timbiriche_table_limit(game),
    out_bytes: usize,
    |g| g.value.ai_options.table_bytes
);

/// The sentence of the last hint (NUL-terminated; empty before any hint).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_hint_sentence(
    game: *const games_timbiriche_game,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_c_string(&g.value.last_hint, buf, cap, out_len)
        })
    }
}

crate::exports::export_save!(
    /// Save the game or match (moves, undone moves, hints, the AI's generator)
    /// as bytes (JSON text, no NUL): exactly the Rust crate's
    /// `timbiriche_core::Game::save` of a single game (format
    /// `"games.timbiriche"`, version 2) or `Match::save` of a match
    /// (`"games.timbiriche.match"`), so either side loads the other's saves.
    games_timbiriche_game,
    games_timbiriche_save(game),
    |s: &TimbiricheState| s.session.save()
);

crate::exports::export_load!(
    /// Load bytes written by `games_timbiriche_save` (or by the Rust crate's
    /// `Game::save` or `Match::save`) into a new handle in `*out_game`, owned
    /// by the caller. Saves of version 1, from earlier releases of this
    /// library, still load. Inconsistent or malformed bytes, or another game's
    /// save, give `GAMES_RESULT_INVALID_DATA` (an unknown version
    /// `GAMES_RESULT_UNSUPPORTED_VERSION`) and create nothing.
    games_timbiriche_game,
    games_timbiriche_load(out_game),
    reason: games_timbiriche_load_reason,
    |bytes: &[u8]| {
        let session = Session::load(save_text(bytes)?).map_err(|e| {
            let code = match e {
                LoadError::Version(_) => GAMES_RESULT_UNSUPPORTED_VERSION,
                _ => GAMES_RESULT_INVALID_DATA,
            };
            Refusal::new(code, e.to_string())
        })?;
        Ok(TimbiricheState {
            session,
            last_hint: String::new(),
            ai_options: AiOptions::default(),
        })
    }
);

/// Copy every legal line (every undrawn line) into `buf`, in line index
/// order (horizontal lines first, row by row, then vertical); empty once the
/// game is over. The same list as `games_timbiriche_lines` with
/// `GAMES_TIMBIRICHE_LINES_LEGAL`, under the name every game shares. At most
/// `GAMES_TIMBIRICHE_MAX_LINES`; a NULL `buf` asks for the count.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable lines; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_legal_moves(
    game: *const games_timbiriche_game,
    buf: *mut games_timbiriche_line,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: forwarded: the same contract.
    unsafe { games_timbiriche_lines(game, GAMES_TIMBIRICHE_LINES_LEGAL, buf, cap, out_len) }
}

/// Draw a line written in dot notation (`a1-b1`, either order of the dots)
/// for the player to move; `*out_completed` (may be NULL) as
/// `games_timbiriche_play`. Text that is not a line gives
/// `GAMES_RESULT_INVALID_PARAMETER` (`GAMES_TIMBIRICHE_ERROR_BAD_NOTATION`);
/// a line is then refused exactly as `games_timbiriche_play` refuses it as
/// a struct: off the board (`d1-e1` on 3×3 boxes) or drawn
/// `GAMES_RESULT_ILLEGAL_MOVE` (`GAMES_TIMBIRICHE_ERROR_OFF_BOARD`,
/// `_ALREADY_DRAWN`), a finished game `GAMES_RESULT_GAME_OVER`; nothing
/// changes then.
///
/// # Safety
/// `game` NULL or live; `text` NULL or a NUL-terminated string; `out_completed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_play_notation(
    game: *mut games_timbiriche_game,
    text: *const c_char,
    out_completed: *mut u32,
) -> games_result {
    // SAFETY: the handle, string and out-pointer are as this function's
    // contract requires; `text` is read only after the NULL check.
    unsafe {
        with_handle_mut(game, |g| {
            match read_line(g, text, notation::parse_any_line) {
                Ok(line) => play_line(g, line, out_completed),
                Err(e) => e,
            }
        })
    }
}

crate::exports::export_text!(
    /// Write `line` in dot notation (`a1-b1`), NUL-terminated: the text
    /// `games_timbiriche_play_notation` reads. A line off this game's board
    /// gives `GAMES_RESULT_INVALID_PARAMETER`.
    games_timbiriche_game,
    games_timbiriche_move_to_string(game, line: games_timbiriche_line),
    |g| {
        let size = g.value.session.game().position().size();
        match line.to_rust().filter(|l| size.line_index(*l).is_some()) {
            Some(l) => Ok(notation::line_to_string(l)),
            None => Err(GAMES_RESULT_INVALID_PARAMETER),
        }
    }
);

crate::exports::export_last_error!(
    /// Why the last failed call on this handle failed, as a code: after a
    /// refused line (`games_timbiriche_play`, `games_timbiriche_play_notation`)
    /// a `GAMES_TIMBIRICHE_ERROR_*` reason (`_GAME_OVER`, `_OFF_BOARD`,
    /// `_ALREADY_DRAWN`, `_BAD_NOTATION`); after another failure `_OTHER`;
    /// `_NONE` after a success.
    games_timbiriche_game,
    games_timbiriche_last_error,
    games_timbiriche_last_error_code,
    GAMES_TIMBIRICHE_ERROR_OTHER
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_limits_match_the_crate() {
        assert_eq!(
            GAMES_TIMBIRICHE_MAX_LINES as usize,
            timbiriche_core::board::MAX_LINES
        );
        assert_eq!(
            GAMES_TIMBIRICHE_MAX_BOXES as usize,
            timbiriche_core::board::MAX_BOXES
        );
    }

    /// The state's `game_index` is "the game being played, from 0": it stays
    /// on a finished game until `games_timbiriche_next_game`, and is the last
    /// game (never `games`) once the match is over, as `Match::game` says.
    #[test]
    fn game_index_is_the_game_being_played() {
        let mut options = std::mem::MaybeUninit::<games_timbiriche_options>::uninit();
        // SAFETY: a local out-pointer, filled by the call before it is read.
        let mut options = unsafe {
            assert_eq!(
                games_timbiriche_options_default(options.as_mut_ptr()),
                GAMES_RESULT_OK
            );
            options.assume_init()
        };
        options.rows = 1;
        options.cols = 1;
        options.games = 3;
        let mut g = std::ptr::null_mut();
        // SAFETY: local options and out-pointer.
        unsafe { assert_eq!(games_timbiriche_new(&options, &mut g), GAMES_RESULT_OK) };
        let state = |g| {
            let mut s = games_timbiriche_state::default();
            // SAFETY: a live handle and a local out-pointer.
            unsafe { assert_eq!(games_timbiriche_get_state(g, &mut s), GAMES_RESULT_OK) };
            (s.game_index, s.game_over, s.games)
        };
        let size = BoardSize::new(1, 1).unwrap();
        for game in 0..3 {
            assert_eq!(state(g), (game, false, 3));
            for l in size.lines() {
                let line = games_timbiriche_line::from_rust(l);
                // SAFETY: a live handle; the completed count is not asked for.
                unsafe {
                    assert_eq!(
                        games_timbiriche_play(g, line, std::ptr::null_mut()),
                        GAMES_RESULT_OK
                    );
                }
            }
            assert_eq!(state(g), (game, true, 3), "game {game} is over");
            // SAFETY: a live handle.
            let next = unsafe { games_timbiriche_next_game(g) };
            let expected = if game < 2 {
                GAMES_RESULT_OK
            } else {
                GAMES_RESULT_MATCH_OVER
            };
            assert_eq!(next, expected);
        }
        assert_eq!(state(g), (2, true, 3));
        // SAFETY: a handle from the library, released once.
        unsafe { games_timbiriche_free(g) };
    }

    /// Print `line` with `games_timbiriche_line_to_string` into a buffer
    /// that starts as `#` bytes: the result, the length written to
    /// `*out_len` (99 when none) and the text up to the NUL (or the bytes
    /// that are not `#` when none).
    fn print(line: games_timbiriche_line) -> (games_result, usize, String) {
        let mut buf = [b'#' as c_char; 16];
        let mut len = 99;
        // SAFETY: a local buffer of 16 chars and a local length.
        let r = unsafe { games_timbiriche_line_to_string(line, buf.as_mut_ptr(), 16, &mut len) };
        let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        let text = String::from_utf8_lossy(&bytes[..end]).replace('#', "");
        (r, len, text)
    }

    /// timbiriche.md: "Parsing and printing round-trip." Every line of the
    /// largest board prints as text that reads back as it; a line off every
    /// board is refused and nothing is written.
    #[test]
    fn lines_print_only_when_they_read_back() {
        let side = u32::from(timbiriche_core::board::MAX_SIDE);
        let largest = BoardSize::new(side, side).unwrap();
        for l in largest.lines() {
            let (r, len, text) = print(games_timbiriche_line::from_rust(l));
            assert_eq!(r, GAMES_RESULT_OK, "{l:?}");
            assert_eq!(len, text.len() + 1);
            assert!(text.is_ascii(), "{text}");
            assert_eq!(notation::parse_line(largest, &text), Ok(l), "{text}");
        }
        assert_eq!(
            print(games_timbiriche_line::from_rust(Line::vertical(5, 6))).2,
            "g6-g7"
        );
        let (h, v) = (GAMES_TIMBIRICHE_HORIZONTAL, GAMES_TIMBIRICHE_VERTICAL);
        for (orientation, row, col) in [
            (h, 0, 25),
            (h, 0, 200),
            (h, 0, 255),
            (h, 0, 6),
            (h, 7, 0),
            (v, 6, 0),
            (v, 0, 7),
            (v, 0, 256),
            (2, 0, 0),
        ] {
            let line = games_timbiriche_line {
                orientation,
                row,
                col,
            };
            assert_eq!(
                print(line),
                (GAMES_RESULT_INVALID_PARAMETER, 99, String::new()),
                "{line:?}"
            );
        }
    }
}

mod lessons;
pub use lessons::*;

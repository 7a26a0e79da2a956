//! Color Lines (canicas) through the C ABI: `games_canicas_*`.
//!
//! A `games_canicas_game` handle is one game of a deal (a 64-bit number that
//! decides every marble that arrives) under a set of rules
//! (`games_canicas_options`: the five- or four-in-a-row variant, or other
//! board sizes, colours, minimum lines and arrivals). A
//! `games_canicas_records` handle holds the records of every variant played.
//!
//! Cells are numbered `row × size + col` from 0 (row 0 at the top, column 0
//! at the left); in text, `a1` is the top-left cell and `i9` the
//! bottom-right one of the 9×9 board, and a move is written `e5-a1`.
//! Colours are 1 to `colours`; 0 is a free cell.

use std::ffi::{c_char, CStr};
use std::time::Duration;

use canicas_core::{
    ai, board_from_text, move_text, parse_move, Board, Cell, Direction, Game, Line, LoadError,
    MoveError, MoveOutcome, Records, Rules, StateError, UndoError, Variant,
};

use crate::boundary::{
    box_into, guard, reason_into, save_text, with_handle, with_handle_mut, Guarded, HandleState,
    Refusal,
};
use crate::buffer::{read_slice, write_c_string, write_optional, write_out, write_slice};
use crate::common::{games_budget, games_cancel_token, read_budget, read_cancel};
use crate::result::games_result::{self, *};

include!(concat!(env!("OUT_DIR"), "/canicas_constants.rs"));

/// The rules of a game; fill them with `games_canicas_options_default`.
/// The defaults of both variants are the game: a 9×9 board, 7 colours, 3
/// marbles arriving per move, 5 on the board at the start, and lines of 5
/// (five) or 4 (four).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_options {
    /// Side of the square board, 2 to 11 (default 9).
    pub size: u32,
    /// Number of colours, 1 to 9 (default 7).
    pub colours: u32,
    /// Shortest line that leaves the board, 2 to `size` (5 or 4).
    pub min_line: u32,
    /// Marbles arriving after a move that removes nothing, 1 to 8 (default 3).
    pub arrivals: u32,
    /// Marbles on the board at the start, 1 to `size`² (default 5).
    pub start: u32,
}

impl games_canicas_options {
    fn from_rules(r: Rules) -> games_canicas_options {
        games_canicas_options {
            size: u32::from(r.size),
            colours: u32::from(r.colours),
            min_line: u32::from(r.min_line),
            arrivals: u32::from(r.arrivals),
            start: u32::from(r.start),
        }
    }

    /// The Rust rules, validated, or why they cannot be played (the field
    /// and its value, or the engine's reason).
    fn try_rules(self) -> Result<Rules, String> {
        let byte = |name: &str, value: u32| {
            u8::try_from(value).map_err(|_| format!("{name} {value} is out of range"))
        };
        let rules = Rules {
            size: byte("size", self.size)?,
            colours: byte("colours", self.colours)?,
            min_line: byte("min_line", self.min_line)?,
            arrivals: byte("arrivals", self.arrivals)?,
            start: byte("start", self.start)?,
            landings_shown: false,
        };
        rules.validate().map_err(|e| e.to_string())?;
        Ok(rules)
    }
}

/// A move: the marble on cell `from` travels to the free cell `to`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_move {
    /// The cell of the marble that moves (`row × size + col`).
    pub from: u32,
    /// The free cell it travels to.
    pub to: u32,
}

impl games_canicas_move {
    fn to_rust(self) -> canicas_core::Move {
        // A number above 255 is off every board: map it to a cell off the board.
        let cell = |n: u32| Cell(u8::try_from(n).unwrap_or(u8::MAX));
        canicas_core::Move::new(cell(self.from), cell(self.to))
    }

    fn from_rust(mv: canicas_core::Move) -> games_canicas_move {
        games_canicas_move {
            from: u32::from(mv.from.0),
            to: u32::from(mv.to.0),
        }
    }
}

/// A line of marbles that left the board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_line {
    /// Its first cell (the topmost; the leftmost for a horizontal line).
    pub start: u32,
    /// `GAMES_CANICAS_DIRECTION_*` from the first cell to the others.
    pub direction: u32,
    /// Number of marbles in it.
    pub length: u32,
    /// Colour of its marbles.
    pub colour: u32,
    /// Points it scored: `n × (n − m + 1) × 2`.
    pub points: u32,
    /// Whether arriving marbles formed it (false: the moved marble did).
    pub by_arrival: bool,
}

impl games_canicas_line {
    fn from_rust(line: &Line, rules: &Rules, by_arrival: bool) -> games_canicas_line {
        games_canicas_line {
            start: u32::from(line.start.0),
            direction: match line.direction {
                Direction::Horizontal => GAMES_CANICAS_DIRECTION_HORIZONTAL,
                Direction::Vertical => GAMES_CANICAS_DIRECTION_VERTICAL,
                Direction::Diagonal => GAMES_CANICAS_DIRECTION_DIAGONAL,
                Direction::AntiDiagonal => GAMES_CANICAS_DIRECTION_ANTI_DIAGONAL,
            },
            length: u32::from(line.len),
            colour: u32::from(line.colour),
            points: rules.line_points(line.len),
            by_arrival,
        }
    }
}

/// A marble that arrived on the board after a move.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_arrival {
    /// Where it landed.
    pub cell: u32,
    /// Its colour.
    pub colour: u32,
    /// Its number `k` in the deal (0 for the first marble of the game).
    pub index: u64,
}

/// What one move did. The lines and arrivals themselves are read with
/// `games_canicas_last_lines` and `games_canicas_last_arrivals`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_outcome {
    /// Points the move scored (its lines and the arrivals' lines).
    pub points: u64,
    /// Lines through the moved marble that left the board (0: the move
    /// removed nothing and the "next" bar arrived).
    pub lines: u32,
    /// Lines formed by arriving marbles that left the board.
    pub arrival_lines: u32,
    /// Marbles that arrived.
    pub arrivals: u32,
    /// Whether the game is over after the move.
    pub game_over: bool,
}

/// What one move does to a bare board (`games_canicas_board_apply`), whose
/// next marbles are not known.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_board_outcome {
    /// Whether the move is legal. When it is not, the board is unchanged.
    pub legal: bool,
    /// Why it is not: a `GAMES_CANICAS_ERROR_*` code (`_NONE` when legal).
    pub error: u32,
    /// Points scored by the lines the move formed.
    pub points: u64,
    /// How many of `lines` hold a line that left the board.
    pub n_lines: u32,
    /// The lines that left the board (the first `n_lines`).
    pub lines: [games_canicas_line; GAMES_CANICAS_MAX_MOVE_LINES as usize],
    /// Whether new marbles would arrive now: the move removed nothing, or
    /// its removal emptied the board. The board is left as the move left it.
    pub arrivals_needed: bool,
}

/// The autoplayer over a range of deals (`games_canicas_arena`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct games_canicas_arena_report {
    /// Games played (fewer than asked when cancelled).
    pub games: u64,
    /// Moves played in all.
    pub moves: u64,
    /// Points scored in all.
    pub points: u64,
    /// Games that ended with a full board (rather than at the move cap).
    pub deaths: u64,
    /// Deaths per 100,000 moves.
    pub deaths_per_100k_moves: f64,
    /// Points per move.
    pub points_per_move: f64,
    /// Mean points per game, over every game played: those the move cap
    /// stopped too (`full_mean_points`: over full games only).
    pub mean_points: f64,
    /// Median points per game, over every game played (`full_median_points`:
    /// over full games only).
    pub median_points: f64,
    /// Mean moves per game, over every game played: a game the move cap
    /// stopped counts the cap (`full_mean_moves`: over full games only).
    pub mean_moves: f64,
    /// Median moves per game, over every game played (`full_median_moves`:
    /// over full games only).
    pub median_moves: f64,
    /// Whether the cancel token stopped the run early.
    pub cancelled: bool,
    /// Full games: those that ended with a full board, the same count as
    /// `deaths`. The `full_` figures below are over these games alone, as
    /// `games arena canicas` prints them ("mean and median score and moves
    /// survived over full games where they fit"): a game the move cap
    /// stopped says nothing of when it would have ended.
    pub full_games: u64,
    /// Games the move cap stopped (`games - full_games`; a game the cancel
    /// token interrupts is not played, so not counted).
    pub capped_games: u64,
    /// Mean points of the full games; 0 when no game is full
    /// (`full_games` 0: raise the move cap).
    pub full_mean_points: f64,
    /// Median points of the full games; 0 when no game is full.
    pub full_median_points: f64,
    /// Mean moves survived by the full games; 0 when no game is full.
    pub full_mean_moves: f64,
    /// Median moves survived by the full games; 0 when no game is full.
    pub full_median_moves: f64,
}

/// Everything about a game that fits in a few numbers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_state {
    /// The rules played.
    pub options: games_canicas_options,
    /// `GAMES_CANICAS_VARIANT_FIVE`, `_FOUR` or `_CUSTOM`.
    pub variant: u32,
    /// The deal.
    pub deal: u64,
    /// Points so far.
    pub score: u64,
    /// Moves played so far.
    pub moves: u64,
    /// Marbles on the board.
    pub marbles: u32,
    /// Free cells.
    pub free_cells: u32,
    /// Marbles that landed so far (starting marbles included).
    pub landed: u64,
    /// Marbles removed in lines so far.
    pub removed: u64,
    /// Number `k` of the next marble due.
    pub next_marble: u64,
    /// Whether the game is over (the board filled up; when the last marbles
    /// due did not all fit, lines they formed may have left free cells).
    pub game_over: bool,
    /// Whether `games_canicas_undo` would take a move back.
    pub can_undo: bool,
    /// Whether this game replays a deal ("Retry").
    pub replay: bool,
}

/// The state behind a game handle: the game and what the last move did
/// (the last error's text and code are the handle's, in `HandleState`).
#[derive(Clone, Debug)]
pub struct CanicasState {
    game: Game,
    last: MoveOutcome,
}

impl CanicasState {
    fn new(game: Game) -> CanicasState {
        CanicasState {
            game,
            last: MoveOutcome::default(),
        }
    }
}

crate::exports::export_handle!(
    /// A Color Lines game. Opaque: create it with `games_canicas_new` or
    /// `games_canicas_load`, release it with `games_canicas_free`.
    games_canicas_game(CanicasState),
    clone: games_canicas_clone(game, out_game) "a game (with its undo and last move)",
    free: games_canicas_free(game) "a game",
);

/// The `GAMES_CANICAS_ERROR_*` code of a refused move.
fn error_code(e: MoveError) -> u32 {
    match e {
        MoveError::GameOver => GAMES_CANICAS_ERROR_GAME_OVER,
        MoveError::OffBoard(_) => GAMES_CANICAS_ERROR_OFF_BOARD,
        MoveError::EmptySource(_) => GAMES_CANICAS_ERROR_EMPTY_SOURCE,
        MoveError::TargetTaken(_) => GAMES_CANICAS_ERROR_TARGET_TAKEN,
        MoveError::Unreachable { .. } => GAMES_CANICAS_ERROR_UNREACHABLE,
        _ => GAMES_CANICAS_ERROR_OTHER,
    }
}

fn move_error(g: &mut HandleState<CanicasState>, e: MoveError) -> games_result {
    let result = match e {
        MoveError::GameOver => GAMES_RESULT_GAME_OVER,
        _ => GAMES_RESULT_ILLEGAL_MOVE,
    };
    g.fail_coded(result, error_code(e), e.to_string())
}

/// [`move_error`] for a move the caller gave as numbers: a cell number above
/// 255 reaches the engine as 255 (off every board, see
/// `games_canicas_move::to_rust`), so the reason names the number the
/// caller passed instead of 255. The engine checks `from` before `to`.
fn given_move_error(
    g: &mut HandleState<CanicasState>,
    e: MoveError,
    given: games_canicas_move,
) -> games_result {
    if e == MoveError::OffBoard(Cell(u8::MAX)) {
        let cell = if given.from >= u32::from(u8::MAX) {
            given.from
        } else {
            given.to
        };
        return g.fail_coded(
            GAMES_RESULT_ILLEGAL_MOVE,
            error_code(e),
            format!("cell number {cell} (from 0, row by row) is off the board"),
        );
    }
    move_error(g, e)
}

fn variant_rules(variant: u32) -> Option<Rules> {
    match variant {
        GAMES_CANICAS_VARIANT_FIVE => Some(Variant::Five.rules()),
        GAMES_CANICAS_VARIANT_FOUR => Some(Variant::Four.rules()),
        _ => None,
    }
}

/// Read optional options: NULL means the five-in-a-row game.
///
/// # Safety
/// `options` must be NULL or readable.
unsafe fn read_rules(options: *const games_canicas_options) -> Option<Rules> {
    // SAFETY: NULL or readable, per the caller.
    unsafe { checked_rules(options) }.ok()
}

/// [`read_rules`], or why the rules cannot be played (a
/// `GAMES_RESULT_INVALID_PARAMETER` refusal naming the field).
///
/// # Safety
/// `options` must be NULL or readable.
unsafe fn checked_rules(options: *const games_canicas_options) -> Result<Rules, Refusal> {
    // SAFETY: NULL or readable, per the caller.
    match unsafe { options.as_ref() } {
        None => Ok(Rules::FIVE),
        Some(o) => o
            .try_rules()
            .map_err(|reason| Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason)),
    }
}

/// Read a NUL-terminated UTF-8 string.
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

/// Fill `*out_options` with the rules of `variant`
/// (`GAMES_CANICAS_VARIANT_FIVE` or `_FOUR`); change fields to play other
/// boards. An unknown variant gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `out_options` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_options_default(
    variant: u32,
    out_options: *mut games_canicas_options,
) -> games_result {
    guard(|| match variant_rules(variant) {
        // SAFETY: NULL or writable, per the caller.
        Some(r) => unsafe { write_out(out_options, games_canicas_options::from_rules(r)) },
        None => GAMES_RESULT_INVALID_PARAMETER,
    })
}

/// Create a game of `deal` under `options` (NULL: the five-in-a-row game)
/// in `*out_game`, owned by the caller (release it with
/// `games_canicas_free`). The starting marbles are placed (any line they
/// form is removed and scored). Rules that cannot be played give
/// `GAMES_RESULT_INVALID_PARAMETER` and create nothing;
/// `games_canicas_new_reason` says why, in words.
///
/// # Safety
/// `options` NULL or readable; `out_game` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_new(
    options: *const games_canicas_options,
    deal: u64,
    out_game: *mut *mut games_canicas_game,
) -> games_result {
    // SAFETY: the options and out-pointer are as this function's contract requires.
    unsafe { new_game(options, deal, false, out_game) }
}

/// `games_canicas_new` (`lines98` false) and `games_canicas_new_lines98`.
///
/// # Safety
/// `options` NULL or readable; `out_game` NULL or writable.
unsafe fn new_game(
    options: *const games_canicas_options,
    deal: u64,
    lines98: bool,
    out_game: *mut *mut games_canicas_game,
) -> games_result {
    guard(|| {
        if out_game.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: NULL or readable, per the caller.
        match unsafe { game_of(options, deal, lines98) } {
            Ok(game) => {
                let handle = games_canicas_game(Guarded::new(CanicasState::new(game)));
                // SAFETY: `out_game` is non-NULL and writable, per the caller.
                unsafe { box_into(handle, out_game) }
            }
            Err(refusal) => refusal.code,
        }
    })
}

/// The game `new_game` makes, or why it refuses the options: the one path
/// of `games_canicas_new`, `games_canicas_new_lines98` and
/// `games_canicas_new_reason`.
///
/// # Safety
/// `options` NULL or readable.
unsafe fn game_of(
    options: *const games_canicas_options,
    deal: u64,
    lines98: bool,
) -> Result<Game, Refusal> {
    // SAFETY: NULL or readable, per the caller.
    let rules = unsafe { checked_rules(options) }?;
    Game::new(rules.with_landings_shown(lines98), deal)
        .map_err(|e| Refusal::new(GAMES_RESULT_INVALID_PARAMETER, e.to_string()))
}

/// Why `games_canicas_new` (and `games_canicas_new_lines98`, which refuses
/// the same inputs) refuses `options` and `deal`, in words, NUL-terminated
/// into the caller's `buf` (as `games_canicas_last_error` writes it; ""
/// when it accepts them), and the result it returns for them with a
/// writable `out_game` (`GAMES_RESULT_OK` when accepted): e.g. the field
/// and value of rules that cannot be played, with
/// `GAMES_RESULT_INVALID_PARAMETER`. No handle is created and nothing is
/// kept. A NULL `out_len` gives `GAMES_RESULT_NULL_PARAMETER`, a `buf` too
/// small (NULL: a size query) `GAMES_RESULT_BUFFER_TOO_SMALL` with the size
/// needed (NUL included) in `*out_len`; the text is written only into the
/// caller's buffer.
///
/// # Safety
/// `options` NULL or readable; `buf` NULL or `cap` writable chars;
/// `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_new_reason(
    options: *const games_canicas_options,
    deal: u64,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `options` NULL or readable, and `buf`, `cap` and `out_len` as
    // `reason_into` needs them, per the caller.
    unsafe { reason_into(buf, cap, out_len, || game_of(options, deal, false)) }
}

crate::exports::export_query!(
    /// Read the rules, score, counters and flags into `*out_state`.
    games_canicas_game,
    games_canicas_get_state(game),
    out_state: games_canicas_state,
    |g| {
        let game = &g.value.game;
        let s = game.state();
        let rules = *s.rules();
        games_canicas_state {
            options: games_canicas_options::from_rules(rules),
            variant: match rules.variant() {
                Some(Variant::Five) => GAMES_CANICAS_VARIANT_FIVE,
                Some(Variant::Four) => GAMES_CANICAS_VARIANT_FOUR,
                None => GAMES_CANICAS_VARIANT_CUSTOM,
            },
            deal: s.deal(),
            score: s.score(),
            moves: s.moves(),
            marbles: s.board().marble_count(),
            free_cells: s.board().free_count(),
            landed: s.landed(),
            removed: s.removed(),
            next_marble: s.next_marble(),
            game_over: s.is_over(),
            can_undo: game.can_undo(),
            replay: game.is_replay(),
        }
    }
);

crate::exports::export_slice!(
    /// The board: one colour per cell by index (`row × size + col`), 0 for a
    /// free cell; `size`² bytes (at most `GAMES_CANICAS_MAX_CELLS`).
    games_canicas_game,
    games_canicas_cells(game),
    u8,
    |g| g.value.game.state().board().colours()
);

crate::exports::export_slice!(
    /// The colours of the "next" bar: the marbles that arrive after a move that
    /// removes nothing, in order of arrival (`arrivals` bytes, at most
    /// `GAMES_CANICAS_MAX_ARRIVALS`).
    games_canicas_game,
    games_canicas_next_colours(game),
    u8,
    |g| g.value.game.state().next_colours()
);

/// The board as text, NUL-terminated: one character per cell, row by row
/// from the top-left, `.` for a free cell and the colour digit for a marble
/// (81 characters and the NUL on the 9×9 board).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_board_text(
    game: *const games_canicas_game,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_c_string(&g.value.game.state().board().to_text(), buf, cap, out_len)
        })
    }
}

/// Read a text board (as `games_canicas_board_text` writes it; whitespace is
/// ignored, the side is the square root of the number of cells, 2 to 11)
/// into one colour per cell in `buf` (0 for free), and its side in
/// `*out_size`. Text that is not a board gives
/// `GAMES_RESULT_INVALID_PARAMETER`; nothing is written then.
///
/// # Safety
/// `text` NULL or a NUL-terminated string; `buf` NULL or `cap` writable
/// bytes; `out_len` and `out_size` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_board_from_text(
    text: *const c_char,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
    out_size: *mut u32,
) -> games_result {
    guard(|| {
        if out_size.is_null() || out_len.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: NULL or NUL-terminated, per the caller.
        let text = match unsafe { read_text(text) } {
            Ok(t) => t,
            Err(e) => return e,
        };
        let Ok(board) = board_from_text(text) else {
            return GAMES_RESULT_INVALID_PARAMETER;
        };
        // SAFETY: buffer contract forwarded from the caller.
        let r = unsafe { write_slice(board.colours(), buf, cap, out_len) };
        if r == GAMES_RESULT_OK {
            // SAFETY: non-NULL (checked) and writable, per the caller.
            unsafe { write_out(out_size, u32::from(board.size())) };
        }
        r
    })
}

/// Every free cell the marble on `from` can reach, in index order (at most
/// `GAMES_CANICAS_MAX_CELLS`). A cell without a marble gives
/// `GAMES_RESULT_ILLEGAL_MOVE` (error code `GAMES_CANICAS_ERROR_EMPTY_SOURCE`),
/// a cell off the board `GAMES_RESULT_INVALID_PARAMETER`, a game that is
/// over `GAMES_RESULT_GAME_OVER` (no marble moves any more). The game is
/// not changed; the handle's last error is written (cleared on success), so
/// the handle is not `const`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable cells; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_reachable(
    game: *mut games_canicas_game,
    from: u32,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if out_len.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let state = g.value.game.state();
            let (board, over) = (*state.board(), state.is_over());
            let cell = Cell(u8::try_from(from).unwrap_or(u8::MAX));
            if over {
                return g.fail_coded(
                    GAMES_RESULT_GAME_OVER,
                    GAMES_CANICAS_ERROR_GAME_OVER,
                    "the game is over",
                );
            }
            if !board.contains(cell) {
                return g.fail_coded(
                    GAMES_RESULT_INVALID_PARAMETER,
                    GAMES_CANICAS_ERROR_OFF_BOARD,
                    format!("cell {from} is off the board"),
                );
            }
            if board.colour(cell).is_none() {
                return g.fail_coded(
                    GAMES_RESULT_ILLEGAL_MOVE,
                    GAMES_CANICAS_ERROR_EMPTY_SOURCE,
                    "there is no marble on that cell",
                );
            }
            let cells: Vec<u32> = board
                .reachable(cell)
                .into_iter()
                .map(|c| u32::from(c.0))
                .collect();
            let r = write_slice(&cells, buf, cap, out_len);
            if r == GAMES_RESULT_OK {
                g.succeed()
            } else {
                r
            }
        })
    }
}

/// Write `moves` into a caller's array of `games_canicas_move`, as
/// [`write_slice`] does.
///
/// # Safety
/// As [`write_slice`].
unsafe fn write_moves(
    moves: impl IntoIterator<Item = canicas_core::Move>,
    buf: *mut games_canicas_move,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    let moves: Vec<games_canicas_move> = moves
        .into_iter()
        .map(games_canicas_move::from_rust)
        .collect();
    // SAFETY: forwarded from the caller.
    unsafe { write_slice(&moves, buf, cap, out_len) }
}

/// Copy every legal move into `buf`: by source cell, then target cell, in
/// index order (empty when the game is over). At most
/// `GAMES_CANICAS_MAX_LEGAL_MOVES`, so a buffer of that many is always
/// enough; a NULL `buf` asks for the count. A move is legal exactly when
/// it is in this list, and `games_canicas_play` accepts exactly these.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable moves; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_legal_moves(
    game: *const games_canicas_game,
    buf: *mut games_canicas_move,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_moves(g.value.game.state().legal_moves(), buf, cap, out_len)
        })
    }
}

/// A shortest path for the marble on `mv.from` to `mv.to`, both ends
/// included, one step up, down, left or right at a time (for the
/// animation). An illegal move gives `GAMES_RESULT_ILLEGAL_MOVE` (or
/// `GAMES_RESULT_GAME_OVER`) with the reason in
/// `games_canicas_last_error_code` (`GAMES_CANICAS_ERROR_UNREACHABLE`,
/// `_EMPTY_SOURCE`, `_TARGET_TAKEN`, `_OFF_BOARD`); the game is unchanged.
/// The handle's last error is written (cleared on success), so the handle
/// is not `const`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable cells; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_path(
    game: *mut games_canicas_game,
    mv: games_canicas_move,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if out_len.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let m = mv.to_rust();
            match g.value.game.state().path(m.from, m.to) {
                Ok(path) => {
                    let cells: Vec<u32> = path.into_iter().map(|c| u32::from(c.0)).collect();
                    let r = write_slice(&cells, buf, cap, out_len);
                    if r == GAMES_RESULT_OK {
                        g.succeed()
                    } else {
                        r
                    }
                }
                Err(e) => given_move_error(g, e, mv),
            }
        })
    }
}

fn outcome_summary(out: &MoveOutcome) -> games_canicas_outcome {
    games_canicas_outcome {
        points: out.points,
        lines: out.lines.len() as u32,
        arrival_lines: out.arrival_lines.len() as u32,
        arrivals: out.arrivals.len() as u32,
        game_over: out.game_over,
    }
}

fn play_move(
    g: &mut HandleState<CanicasState>,
    given: games_canicas_move,
    out_outcome: *mut games_canicas_outcome,
) -> games_result {
    match g.value.game.play(given.to_rust()) {
        Ok(out) => {
            // SAFETY: NULL or writable, per the exported callers' contract.
            unsafe { write_optional(out_outcome, outcome_summary(&out)) };
            g.value.last = out;
            g.succeed()
        }
        Err(e) => given_move_error(g, e, given),
    }
}

/// Play a move: the marble travels, lines of the minimum length or more
/// through it leave the board and score (the player moves again); a move
/// that removes nothing brings the marbles of the "next" bar (their lines
/// leave and score too). `*out_outcome` (may be NULL) gets the points and
/// counts; the lines and arrivals are read with `games_canicas_last_lines`
/// and `games_canicas_last_arrivals`. An illegal move gives
/// `GAMES_RESULT_ILLEGAL_MOVE` (or `GAMES_RESULT_GAME_OVER`), the reason in
/// `games_canicas_last_error_code`, and changes nothing.
///
/// # Safety
/// `game` NULL or live; `out_outcome` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_play(
    game: *mut games_canicas_game,
    mv: games_canicas_move,
    out_outcome: *mut games_canicas_outcome,
) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe { with_handle_mut(game, |g| play_move(g, mv, out_outcome)) }
}

/// As `games_canicas_play` with the move in text, e.g. `e5-a1`. Text that
/// is not a move of this board gives `GAMES_RESULT_INVALID_PARAMETER`
/// (error code `GAMES_CANICAS_ERROR_BAD_NOTATION`) and changes nothing.
///
/// # Safety
/// `game` NULL or live; `text` NULL or a NUL-terminated string;
/// `out_outcome` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_play_notation(
    game: *mut games_canicas_game,
    text: *const c_char,
    out_outcome: *mut games_canicas_outcome,
) -> games_result {
    // SAFETY: the handle, string and out-pointer are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            let text = match read_text(text) {
                Ok(t) => t,
                Err(GAMES_RESULT_NULL_PARAMETER) => return GAMES_RESULT_NULL_PARAMETER,
                Err(e) => {
                    return g.fail_coded(
                        e,
                        GAMES_CANICAS_ERROR_BAD_NOTATION,
                        "the text is not UTF-8",
                    )
                }
            };
            let size = g.value.game.state().rules().size;
            match parse_move(text, size) {
                Ok(mv) => play_move(g, games_canicas_move::from_rust(mv), out_outcome),
                Err(e) => g.fail_coded(
                    GAMES_RESULT_INVALID_PARAMETER,
                    GAMES_CANICAS_ERROR_BAD_NOTATION,
                    e.to_string(),
                ),
            }
        })
    }
}

/// Read a move in text (`e5-a1`) on this game's board into `*out_move`
/// (not played). Text that is not a move gives
/// `GAMES_RESULT_INVALID_PARAMETER` (error code
/// `GAMES_CANICAS_ERROR_BAD_NOTATION`). The game is not changed; the
/// handle's last error is written (cleared on success), so the handle is
/// not `const`.
///
/// # Safety
/// `game` NULL or live; `text` NULL or a NUL-terminated string; `out_move` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_parse_move(
    game: *mut games_canicas_game,
    text: *const c_char,
    out_move: *mut games_canicas_move,
) -> games_result {
    // SAFETY: the handle, string and out-pointer are as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            if out_move.is_null() {
                return GAMES_RESULT_NULL_PARAMETER;
            }
            let text = match read_text(text) {
                Ok(t) => t,
                Err(GAMES_RESULT_NULL_PARAMETER) => return GAMES_RESULT_NULL_PARAMETER,
                Err(e) => {
                    return g.fail_coded(
                        e,
                        GAMES_CANICAS_ERROR_BAD_NOTATION,
                        "the text is not UTF-8",
                    )
                }
            };
            let size = g.value.game.state().rules().size;
            match parse_move(text, size) {
                Ok(mv) => {
                    write_out(out_move, games_canicas_move::from_rust(mv));
                    g.succeed()
                }
                Err(e) => g.fail_coded(
                    GAMES_RESULT_INVALID_PARAMETER,
                    GAMES_CANICAS_ERROR_BAD_NOTATION,
                    e.to_string(),
                ),
            }
        })
    }
}

crate::exports::export_text!(
    /// Write `mv` in text (`e5-a1`) for this game's board, NUL-terminated (at
    /// most `GAMES_CANICAS_MAX_MOVE_TEXT` bytes). A cell off the board gives
    /// `GAMES_RESULT_INVALID_PARAMETER`.
    games_canicas_game,
    games_canicas_move_to_string(game, mv: games_canicas_move),
    |g| {
        let board = g.value.game.state().board();
        let m = mv.to_rust();
        if !board.contains(m.from) || !board.contains(m.to) {
            return Err(GAMES_RESULT_INVALID_PARAMETER);
        }
        Ok(move_text(m, board.size()))
    }
);

crate::exports::export_slice!(
    /// The lines the last move removed: first those through the moved marble,
    /// then those the arriving marbles formed (`by_arrival`). Empty before any
    /// move and after an undo, retry, new deal or load.
    games_canicas_game,
    games_canicas_last_lines(game),
    games_canicas_line,
    |g| {
        let rules = *g.value.game.state().rules();
        let last = &g.value.last;
        last
            .lines
            .iter()
            .map(|l| games_canicas_line::from_rust(l, &rules, false))
            .chain(
                last.arrival_lines
                    .iter()
                    .map(|l| games_canicas_line::from_rust(l, &rules, true)),
            )
            .collect::<Vec<_>>()
    }
);

crate::exports::export_slice!(
    /// The marbles that arrived after the last move, in order of arrival (empty
    /// when it removed a line without emptying the board; empty before any
    /// move and after an undo, retry, new deal or load).
    games_canicas_game,
    games_canicas_last_arrivals(game),
    games_canicas_arrival,
    |g| {
        g
            .value
            .last
            .arrivals
            .iter()
            .map(|a| games_canicas_arrival {
                cell: u32::from(a.cell.0),
                colour: u32::from(a.colour),
                index: a.index,
            })
            .collect::<Vec<_>>()
    }
);

/// The moves played so far, in order (an undone move is not listed).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable moves; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_moves_played(
    game: *const games_canicas_game,
    buf: *mut games_canicas_move,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: the handle and buffers are as this function's contract requires.
    unsafe {
        with_handle(game, |g| {
            write_moves(g.value.game.moves().iter().copied(), buf, cap, out_len)
        })
    }
}

/// Take back the last move, with what arrived after it and the points it
/// scored; the same marbles arrive again after the same move. Only one move
/// at a time: a second undo in a row gives `GAMES_RESULT_NOTHING_TO_UNDO`
/// (error code `GAMES_CANICAS_ERROR_ALREADY_UNDONE`), as does an undo
/// before any move (`GAMES_CANICAS_ERROR_NOTHING_TO_UNDO`). The move that
/// ended the game can be taken back too (`game_over` is then cleared and
/// the game goes on); a host that records the game when it ends
/// (`games_canicas_records_finish`) decides whether to allow it.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_undo(game: *mut games_canicas_game) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| match g.value.game.undo() {
            Ok(_) => {
                g.value.last = MoveOutcome::default();
                g.succeed()
            }
            Err(e) => {
                let code = match e {
                    UndoError::NothingToUndo => GAMES_CANICAS_ERROR_NOTHING_TO_UNDO,
                    UndoError::AlreadyUndone => GAMES_CANICAS_ERROR_ALREADY_UNDONE,
                    _ => GAMES_CANICAS_ERROR_OTHER,
                };
                g.fail_coded(GAMES_RESULT_NOTHING_TO_UNDO, code, e.to_string())
            }
        })
    }
}

/// "Retry": replace the game by the same deal from the start, marked as a
/// replay (`games_canicas_state.replay`; replays count apart in the
/// records).
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_retry(game: *mut games_canicas_game) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            g.value = CanicasState::new(g.value.game.retry());
            g.succeed()
        })
    }
}

/// "New": replace the game by a fresh game of the same rules with `deal`
/// (the host draws it, e.g. from its clock or a random source).
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_new_deal(
    game: *mut games_canicas_game,
    deal: u64,
) -> games_result {
    // SAFETY: the handle is as this function's contract requires.
    unsafe {
        with_handle_mut(game, |g| {
            let rules = *g.value.game.state().rules();
            match Game::new(rules, deal) {
                Ok(fresh) => {
                    g.value = CanicasState::new(fresh);
                    g.succeed()
                }
                Err(e) => g.fail_coded(
                    GAMES_RESULT_INVALID_PARAMETER,
                    GAMES_CANICAS_ERROR_OTHER,
                    e.to_string(),
                ),
            }
        })
    }
}

crate::exports::export_hint!(
    /// The AI's move in `*out_move` (not played): the best move found within
    /// `budget` (NULL: the default hint budget, a node count with a time cap as
    /// a safety net), stopping early when `cancel` (may be NULL) is set. It
    /// sees only the board and the "next" bar. Deterministic for a position and
    /// a node budget without a time limit. A game over gives
    /// `GAMES_RESULT_GAME_OVER`. The game is not changed; the handle's last
    /// error is written (cleared on success), so the handle is not `const`.
    games_canicas_game,
    games_canicas_hint(game, out_move: games_canicas_move),
    ai::default_budget(),
    |g, budget, cancel| {
        let state = g.value.game.state();
        if state.is_over() {
            return Err(g.fail_coded(
                GAMES_RESULT_GAME_OVER,
                GAMES_CANICAS_ERROR_GAME_OVER,
                "the game is over",
            ));
        }
        match ai::hint(&state.view(), budget, cancel).best {
            Some(mv) => Ok(games_canicas_move::from_rust(mv)),
            None => Err(g.fail_coded(
                GAMES_RESULT_GAME_OVER,
                GAMES_CANICAS_ERROR_GAME_OVER,
                "no marble can move",
            )),
        }
    }
);

/// The AI's move in `*out_move` (not played): the name every game shares
/// for `games_canicas_hint` (the same search; Color Lines has one level).
/// As it, writes the handle's last error, so the handle is not `const`.
///
/// # Safety
/// `game` NULL or live; `budget` NULL or readable; `cancel` NULL or a live
/// token; `out_move` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_ai_move(
    game: *mut games_canicas_game,
    budget: *const games_budget,
    cancel: *const games_cancel_token,
    out_move: *mut games_canicas_move,
) -> games_result {
    // SAFETY: forwarded: the same contract.
    unsafe { games_canicas_hint(game, budget, cancel, out_move) }
}

crate::exports::export_save!(
    /// Save the game in progress (rules, deal, replay flag, moves, undo state)
    /// as versioned JSON bytes (not NUL-terminated) into the caller's buffer:
    /// exactly the Rust crate's `canicas_core::Game::save` (format
    /// `"games.canicas"`, version 2), so either side loads the other's saves.
    games_canicas_game,
    games_canicas_save(game),
    |s: &CanicasState| s.game.save()
);

crate::exports::export_load!(
    /// Load bytes written by `games_canicas_save` into a new handle in
    /// `*out_game`, owned by the caller (release it with `games_canicas_free`).
    /// Saves of version 1, from earlier releases of this library, still load.
    /// The moves are replayed from the deal and must lead to the saved state:
    /// malformed or inconsistent bytes, or another game's save, give
    /// `GAMES_RESULT_INVALID_DATA`, an unknown version
    /// `GAMES_RESULT_UNSUPPORTED_VERSION`; nothing is created then.
    games_canicas_game,
    games_canicas_load(out_game),
    reason: games_canicas_load_reason,
    |bytes: &[u8]| {
        let game = Game::load(save_text(bytes)?).map_err(|e| {
            let code = match e {
                LoadError::State(StateError::Version(_)) => GAMES_RESULT_UNSUPPORTED_VERSION,
                _ => GAMES_RESULT_INVALID_DATA,
            };
            Refusal::new(code, e.to_string())
        })?;
        Ok(CanicasState::new(game))
    }
);

crate::exports::export_last_error!(
    /// Why the last failed call on this handle failed, as a
    /// `GAMES_CANICAS_ERROR_*` code in `*out_code`: e.g.
    /// `GAMES_CANICAS_ERROR_UNREACHABLE` for a target the marble cannot reach.
    /// Set by the same calls as `games_canicas_last_error`
    /// (`GAMES_CANICAS_ERROR_NONE` after one that succeeded), and left as it
    /// was by the others.
    games_canicas_game,
    games_canicas_last_error,
    games_canicas_last_error_code,
    GAMES_CANICAS_ERROR_OTHER
);

mod board;
mod records;
#[cfg(test)]
mod tests;

pub use board::*;
pub use records::*;

mod lines98;
pub use lines98::*;

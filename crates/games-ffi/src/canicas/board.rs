//! Calls without a game handle: a move and a hint on a bare board (what
//! `games canicas apply` and the engine use), and the arena of seeded
//! deals.

#[allow(clippy::wildcard_imports)]
use super::*;

/// A board from one colour per cell (0 free), if it fits `rules` and a game
/// could rest on it: no line of the rules' length still on it
/// ([`canicas_core::check_board_at_rest`], as `games canicas apply` and the
/// engine check).
fn bare_board(rules: &Rules, cells: &[u8]) -> Option<Board> {
    checked_board(rules, cells).ok()
}

/// [`bare_board`], or why the cells do not make one.
fn checked_board(rules: &Rules, cells: &[u8]) -> Result<Board, String> {
    if cells.len() != rules.cells() {
        let (given, wanted, size) = (cells.len(), rules.cells(), rules.size);
        return Err(format!(
            "{given} cells given; a board of {size}×{size} has {wanted}"
        ));
    }
    if let Some((i, &c)) = cells.iter().enumerate().find(|(_, &c)| c > rules.colours) {
        let colours = rules.colours;
        return Err(format!(
            "cell {i} holds colour {c}; the rules have colours 1 to {colours}"
        ));
    }
    let mut board = Board::empty(rules.size);
    for (i, &c) in cells.iter().enumerate() {
        if c > 0 {
            let cell = u8::try_from(i).map_err(|_| format!("cell {i} is off every board"))?;
            board.set(Cell(cell), c);
        }
    }
    canicas_core::check_board_at_rest(&board, rules).map_err(|e| e.to_string())?;
    Ok(board)
}

/// The rules and board `games_canicas_board_apply` plays on, or why it
/// refuses them: the one path of that call and of
/// `games_canicas_board_apply_reason`.
///
/// # Safety
/// `options` NULL or readable; `cells` NULL or `cells_len` readable bytes.
unsafe fn apply_board(
    options: *const games_canicas_options,
    cells: *const u8,
    cells_len: usize,
) -> Result<(Rules, Board), Refusal> {
    let invalid = |reason: String| Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason);
    if cells.is_null() {
        return Err(Refusal::new(GAMES_RESULT_NULL_PARAMETER, "cells is NULL"));
    }
    // SAFETY: NULL or readable, per the caller.
    let rules = unsafe { checked_rules(options) }?;
    // SAFETY: non-NULL (checked) with `cells_len` readable bytes, per the caller.
    let given = unsafe { read_slice(cells, cells_len) }.map_err(|e| {
        Refusal::new(
            e,
            format!("cells_len {cells_len} is more bytes than memory holds"),
        )
    })?;
    let board = checked_board(&rules, given).map_err(invalid)?;
    Ok((rules, board))
}

/// One move on a bare board whose next marbles are not known (a board
/// typed in, a puzzle, a tool), as `games canicas apply` does: `cells` one
/// colour per cell (0 free, `size`² of them for the rules of `options`,
/// NULL: the five-in-a-row game). The call succeeds for any move on a board
/// that fits the rules, legal or not: `out->legal` says which and
/// `out->error` why not (`GAMES_CANICAS_ERROR_OFF_BOARD`, `_EMPTY_SOURCE`,
/// `_TARGET_TAKEN`, `_UNREACHABLE`). A legal move rewrites `cells` with the
/// board after it and its lines' removal, and says whether marbles would
/// arrive now; an illegal one leaves `cells` as they were. Bad rules, cells
/// or colours, or a board no game rests on (a line of the rules' length
/// still on it), give `GAMES_RESULT_INVALID_PARAMETER` and change nothing;
/// `games_canicas_board_apply_reason` says why, in words.
///
/// # Safety
/// `options` NULL or readable; `cells` NULL or `cells_len` readable and
/// writable bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_board_apply(
    options: *const games_canicas_options,
    cells: *mut u8,
    cells_len: usize,
    mv: games_canicas_move,
    out: *mut games_canicas_board_outcome,
) -> games_result {
    guard(|| {
        if out.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: `options` NULL or readable, `cells` NULL or `cells_len`
        // readable bytes, per the caller.
        let (rules, board) = match unsafe { apply_board(options, cells.cast_const(), cells_len) } {
            Ok(both) => both,
            Err(refusal) => return refusal.code,
        };
        let done = canicas_core::apply_on_board(&board, &rules, mv.to_rust());
        let mut outcome = games_canicas_board_outcome {
            legal: done.legal,
            error: done.reason.map_or(GAMES_CANICAS_ERROR_NONE, error_code),
            points: done.points,
            arrivals_needed: done.arrivals_needed,
            ..games_canicas_board_outcome::default()
        };
        for (slot, line) in outcome.lines.iter_mut().zip(&done.lines) {
            *slot = games_canicas_line::from_rust(line, &rules, false);
            outcome.n_lines += 1;
        }
        if done.legal {
            let after = done.board.colours();
            // SAFETY: `cells` holds `cells_len` writable bytes, per the
            // caller, and `after` has exactly that many (the board fits the
            // rules, checked above); the library's board does not overlap it.
            unsafe {
                std::ptr::copy_nonoverlapping(after.as_ptr(), cells, after.len().min(cells_len))
            };
        }
        // SAFETY: non-NULL (checked) and writable, per the caller.
        unsafe { write_out(out, outcome) }
    })
}

/// Why `games_canicas_board_apply` refuses `options`, `cells` and
/// `cells_len` (the move, which it never refuses, left out: an illegal one
/// is an answer, `legal` false), in words, NUL-terminated into the caller's
/// `buf` (as `games_canicas_last_error` writes it; "" when it accepts
/// them), and the result it returns for them with a writable `out`
/// (`GAMES_RESULT_OK` when accepted): the field of rules that cannot be
/// played, a number of cells that does not fit the board, a colour above
/// the rules' colours, a line still on the board. `cells` is only read.
/// Nothing is kept. A NULL `out_len` gives `GAMES_RESULT_NULL_PARAMETER`,
/// a `buf` too small (NULL: a size query) `GAMES_RESULT_BUFFER_TOO_SMALL`
/// with the size needed (NUL included) in `*out_len`; the text is written
/// only into the caller's buffer.
///
/// # Safety
/// `options` NULL or readable; `cells` NULL or `cells_len` readable bytes;
/// `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_board_apply_reason(
    options: *const games_canicas_options,
    cells: *const u8,
    cells_len: usize,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `options`, `cells` and `cells_len` as `apply_board` needs
    // them, and `buf`, `cap` and `out_len` as `reason_into` does, per the caller.
    unsafe { reason_into(buf, cap, out_len, || apply_board(options, cells, cells_len)) }
}

/// Play the autoplayer (the hint with `budget`; NULL: the default node
/// count without its time cap, so that a run is the same on every machine)
/// over `deals` deals from `first_deal` on, at most `max_moves` moves each,
/// under the rules of `options` (NULL: the five-in-a-row game), and write
/// moves, points, deaths and deaths per 100,000 moves to `*out_report`,
/// with the mean and median points and moves over the full games alone
/// (`full_games` of them; `capped_games` reached `max_moves`).
/// The games are played on `threads` threads (0: one per core; 1: on the
/// calling thread, starting none); no more threads are started than the
/// machine has cores or than there are deals, so any number is safe, and
/// the report is the same for any number. The call returns when they are
/// all played, or soon after `cancel` is set, from any thread (`cancelled`;
/// a token already set plays nothing).
/// At most `UINT32_MAX` deals are played (a longer range stops there).
/// Bad rules, or a range past the last deal, give
/// `GAMES_RESULT_INVALID_PARAMETER` (`games_canicas_arena_reason` says
/// why, in words).
///
/// # Safety
/// `options` NULL or readable; `budget` NULL or readable; `cancel` NULL or a
/// live token; `out_report` NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn games_canicas_arena(
    options: *const games_canicas_options,
    first_deal: u64,
    deals: u64,
    max_moves: u64,
    threads: u32,
    budget: *const games_budget,
    cancel: *const games_cancel_token,
    out_report: *mut games_canicas_arena_report,
) -> games_result {
    guard(|| {
        if out_report.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        // SAFETY: NULL or readable, per the caller.
        let rules = match unsafe { arena_rules(options, first_deal, deals) } {
            Ok(rules) => rules,
            Err(refusal) => return refusal.code,
        };
        // SAFETY: NULL or readable / live, per the caller.
        let (budget, cancel) = unsafe {
            (
                read_budget(budget, games_common::Budget::nodes(ai::DEFAULT_NODES)),
                read_cancel(cancel),
            )
        };
        // An arena counts its games in 32 bits: a longer range is played
        // up to its first `UINT32_MAX` deals (or until cancelled).
        let count = u32::try_from(deals).unwrap_or(u32::MAX);
        let range = canicas_core::Deals::Range {
            first: first_deal,
            count,
        };
        // 0: one thread per core; the arena starts no more than the cores
        // or the deals.
        let threads = usize::try_from(threads).unwrap_or(usize::MAX);
        let played = canicas_core::arena_threads(
            rules,
            range,
            max_moves,
            budget,
            threads,
            &cancel,
            &|_, _| {},
        );
        let Ok(r) = played else {
            return GAMES_RESULT_INVALID_PARAMETER;
        };
        // "mean and median score and moves survived over full games where
        // they fit": a game stopped by the move cap is not a full game.
        let full = r.full_games();
        let report = games_canicas_arena_report {
            games: r.games,
            moves: r.moves,
            points: r.points,
            deaths: r.deaths,
            deaths_per_100k_moves: r.deaths_per_100k_moves,
            points_per_move: r.points_per_move,
            mean_points: r.mean_points,
            median_points: r.median_points,
            mean_moves: r.mean_moves,
            median_moves: r.median_moves,
            cancelled: r.cancelled,
            full_games: full.games,
            capped_games: r.games - full.games,
            full_mean_points: full.mean_points,
            full_median_points: full.median_points,
            full_mean_moves: full.mean_moves,
            full_median_moves: full.median_moves,
        };
        // SAFETY: non-NULL (checked) and writable, per the caller.
        unsafe { write_out(out_report, report) }
    })
}

/// The rules `games_canicas_arena` plays, or why it refuses its options or
/// range of deals: the one path of that call and of
/// `games_canicas_arena_reason`.
///
/// # Safety
/// `options` NULL or readable.
unsafe fn arena_rules(
    options: *const games_canicas_options,
    first_deal: u64,
    deals: u64,
) -> Result<Rules, Refusal> {
    // SAFETY: NULL or readable, per the caller.
    let rules = unsafe { checked_rules(options) }?;
    if deals > 0 && first_deal.checked_add(deals - 1).is_none() {
        let invalid = |reason: String| Refusal::new(GAMES_RESULT_INVALID_PARAMETER, reason);
        return Err(invalid(format!(
            "{deals} deals from deal {first_deal} run past the last deal ({})",
            u64::MAX
        )));
    }
    Ok(rules)
}

/// Why `games_canicas_arena` refuses `options`, `first_deal` and `deals`
/// (the move limit, threads, budget and token, which it never refuses,
/// left out), in words, NUL-terminated into the caller's `buf` (as
/// `games_canicas_last_error` writes it; "" when it accepts them), and the
/// result it returns for them with a writable `out_report`
/// (`GAMES_RESULT_OK` when accepted): the field of rules that cannot be
/// played, a range past the last deal. No game is played (so a game the
/// autoplayer could not go on with, never seen and a bug, is not foreseen)
/// and nothing is kept. A NULL `out_len` gives `GAMES_RESULT_NULL_PARAMETER`, a `buf` too
/// small (NULL: a size query) `GAMES_RESULT_BUFFER_TOO_SMALL` with the
/// size needed (NUL included) in `*out_len`; the text is written only into
/// the caller's buffer.
///
/// # Safety
/// `options` NULL or readable; `buf` NULL or `cap` writable chars;
/// `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_arena_reason(
    options: *const games_canicas_options,
    first_deal: u64,
    deals: u64,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    // SAFETY: `options` NULL or readable, and `buf`, `cap` and `out_len` as
    // `reason_into` needs them, per the caller.
    unsafe {
        reason_into(buf, cap, out_len, || {
            arena_rules(options, first_deal, deals)
        })
    }
}

/// The AI's move for a bare position (a board typed in, say): `cells` one
/// colour per cell (0 free, `size`² of them for the rules of `options`,
/// NULL: the five-in-a-row game), `next` the colours of the "next" bar, one
/// per arrival of the rules (3 in the standard game). The move is written to
/// `*out_move`. Bad rules, cells or colours, a bar of another length, or a
/// board with a line still on it, give `GAMES_RESULT_INVALID_PARAMETER`; a
/// position where no marble can move gives `GAMES_RESULT_GAME_OVER`.
///
/// # Safety
/// `options` NULL or readable; `cells` NULL or `cells_len` readable bytes;
/// `next` NULL or `next_len` readable bytes; `budget` NULL or readable;
/// `cancel` NULL or a live token; `out_move` NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn games_canicas_board_hint(
    options: *const games_canicas_options,
    cells: *const u8,
    cells_len: usize,
    next: *const u8,
    next_len: usize,
    budget: *const games_budget,
    cancel: *const games_cancel_token,
    out_move: *mut games_canicas_move,
) -> games_result {
    guard(|| {
        // SAFETY: the caller's promises, passed on unchanged; no landings.
        unsafe {
            board_hint(
                options,
                (cells, cells_len),
                (next, next_len),
                None,
                (budget, cancel),
                out_move,
            )
        }
    })
}

/// As `games_canicas_board_hint`, under the Lines 98 rule: `landings` are
/// the cells (`row × size + col`) where the marbles of the "next" bar land
/// if the board stays as it is, in order of arrival, as
/// `games_canicas_shown_landings` gives them: one per marble, fewer only
/// when fewer cells are free. The AI uses them as it does in a Lines 98
/// game. Landing cells that are taken, off the board, repeated or not one
/// per marble give `GAMES_RESULT_INVALID_PARAMETER`, as do bad rules, cells
/// or colours and a bar of another length; a position where no marble can move gives
/// `GAMES_RESULT_GAME_OVER`.
///
/// # Safety
/// `options` NULL or readable; `cells` NULL or `cells_len` readable bytes;
/// `next` NULL or `next_len` readable bytes; `landings` NULL or
/// `landings_len` readable bytes; `budget` NULL or readable; `cancel` NULL
/// or a live token; `out_move` NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn games_canicas_board_hint_lines98(
    options: *const games_canicas_options,
    cells: *const u8,
    cells_len: usize,
    next: *const u8,
    next_len: usize,
    landings: *const u32,
    landings_len: usize,
    budget: *const games_budget,
    cancel: *const games_cancel_token,
    out_move: *mut games_canicas_move,
) -> games_result {
    guard(|| {
        // SAFETY: the caller's promises, passed on unchanged.
        unsafe {
            board_hint(
                options,
                (cells, cells_len),
                (next, next_len),
                Some((landings, landings_len)),
                (budget, cancel),
                out_move,
            )
        }
    })
}

/// The body of both bare-board hints: `landings` `None` for the 1992 rule,
/// the shown cells for the Lines 98 rule.
///
/// # Safety
/// As `games_canicas_board_hint_lines98`.
unsafe fn board_hint(
    options: *const games_canicas_options,
    (cells, cells_len): (*const u8, usize),
    (next, next_len): (*const u8, usize),
    landings: Option<(*const u32, usize)>,
    (budget, cancel): (*const games_budget, *const games_cancel_token),
    out_move: *mut games_canicas_move,
) -> games_result {
    if out_move.is_null() {
        return GAMES_RESULT_NULL_PARAMETER;
    }
    // SAFETY: NULL or readable, per the caller.
    let Some(mut rules) = (unsafe { read_rules(options) }) else {
        return GAMES_RESULT_INVALID_PARAMETER;
    };
    // SAFETY: NULL or `cells_len` readable bytes, per the caller.
    let cells = match unsafe { read_slice(cells, cells_len) } {
        Ok(c) => c,
        Err(e) => return e,
    };
    // SAFETY: NULL or `next_len` readable bytes, per the caller.
    let next = match unsafe { read_slice(next, next_len) } {
        Ok(n) => n,
        Err(e) => return e,
    };
    let shown = match landings {
        None => None,
        // SAFETY: NULL or `len` readable bytes, per the caller.
        Some((ptr, len)) => match unsafe { read_slice(ptr, len) } {
            Ok(l) => {
                let cells: Option<Vec<Cell>> =
                    l.iter().map(|&c| u8::try_from(c).ok().map(Cell)).collect();
                match cells {
                    Some(cells) => Some(cells),
                    None => return GAMES_RESULT_INVALID_PARAMETER,
                }
            }
            Err(e) => return e,
        },
    };
    if shown.is_some() {
        rules = rules.with_landings_shown(true);
    }
    let Some(board) = bare_board(&rules, cells) else {
        return GAMES_RESULT_INVALID_PARAMETER;
    };
    let Ok(mut view) = ai::View::new(rules, board, next) else {
        return GAMES_RESULT_INVALID_PARAMETER;
    };
    if let Some(shown) = shown {
        view = match view.with_landings(&shown) {
            Ok(v) => v,
            Err(_) => return GAMES_RESULT_INVALID_PARAMETER,
        };
    }
    // SAFETY: NULL or readable / live, per the caller.
    let (budget, cancel) = unsafe {
        (
            read_budget(budget, ai::default_budget()),
            read_cancel(cancel),
        )
    };
    match ai::hint(&view, budget, &cancel).best {
        // SAFETY: non-NULL (checked) and writable, per the caller.
        Some(mv) => unsafe { write_out(out_move, games_canicas_move::from_rust(mv)) },
        None => GAMES_RESULT_GAME_OVER,
    }
}

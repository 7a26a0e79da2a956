//! The functions every game shares (see `tests/header.rs`'s list) behave
//! alike: a refused move always leaves a per-game reason in
//! `_last_error_code` (and `_NONE`/`_OK` after a success), moves are read
//! and written as text under the same names, and the shared names that
//! stand for older calls answer exactly as those calls do.
#![allow(unsafe_code)]

use std::ffi::{c_char, CStr, CString};
use std::ptr;

use games_ffi::backgammon::*;
use games_ffi::canicas::*;
use games_ffi::games_budget;
use games_ffi::games_result::{self, *};
use games_ffi::nim::*;
use games_ffi::timbiriche::*;

fn text(buf: &[c_char]) -> String {
    // SAFETY: the library NUL-terminates what it writes into `buf`.
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn nim_reports_why_a_move_was_refused() {
    let mut g = ptr::null_mut();
    let mut code = 99;
    // SAFETY: local out-pointers; the handle is live until freed at the end.
    unsafe {
        assert_eq!(
            games_nim_new(ptr::null(), 0, GAMES_NIM_RULE_NORMAL, 1, 0, 1, &mut g),
            GAMES_RESULT_OK
        );
        assert_eq!(games_nim_last_error_code(g, &mut code), GAMES_RESULT_OK);
        assert_eq!(code, GAMES_NIM_MOVE_OK);
        let too_many = games_nim_move { row: 0, take: 9 };
        assert_eq!(games_nim_play(g, too_many), GAMES_RESULT_ILLEGAL_MOVE);
        games_nim_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_NIM_MOVE_TAKE_TOO_MANY);
        let bad = CString::new("three").unwrap();
        assert_eq!(
            games_nim_play_notation(g, bad.as_ptr()),
            GAMES_RESULT_INVALID_PARAMETER
        );
        games_nim_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_NIM_MOVE_BAD_NOTATION);
        let good = CString::new("3-5").unwrap();
        assert_eq!(games_nim_play_notation(g, good.as_ptr()), GAMES_RESULT_OK);
        games_nim_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_NIM_MOVE_OK);
        // A failure that is not about a move: the next round of a round
        // still going.
        assert_eq!(games_nim_next_round(g), GAMES_RESULT_ROUND_NOT_OVER);
        games_nim_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_NIM_MOVE_OTHER);
        assert_eq!(
            games_nim_last_error_code(ptr::null(), &mut code),
            GAMES_RESULT_NULL_PARAMETER
        );
        games_nim_free(g);
    }
}

#[test]
fn dots_and_boxes_moves_as_text_and_their_refusals() {
    let mut g = ptr::null_mut();
    let mut code = 99;
    let mut completed = 9;
    let mut buf = [0 as c_char; 16];
    let mut len = 0;
    // SAFETY: local buffers and out-pointers; the handle is live until freed.
    unsafe {
        let mut options = std::mem::MaybeUninit::<games_timbiriche_options>::uninit();
        assert_eq!(
            games_timbiriche_options_default(options.as_mut_ptr()),
            GAMES_RESULT_OK
        );
        let options = options.assume_init();
        assert_eq!(games_timbiriche_new(&options, &mut g), GAMES_RESULT_OK);
        // The shared list is the legal lines, in index order.
        let mut shared = [games_timbiriche_line::default(); 64];
        let mut by_kind = [games_timbiriche_line::default(); 64];
        let (mut n, mut m) = (0, 0);
        games_timbiriche_legal_moves(g, shared.as_mut_ptr(), 64, &mut n);
        games_timbiriche_lines(
            g,
            GAMES_TIMBIRICHE_LINES_LEGAL,
            by_kind.as_mut_ptr(),
            64,
            &mut m,
        );
        assert_eq!((n, &shared[..n]), (m, &by_kind[..m]));
        assert_eq!(n, 24, "3×3 boxes have 24 lines");
        // Text out and in.
        assert_eq!(
            games_timbiriche_move_to_string(g, shared[0], buf.as_mut_ptr(), 16, &mut len),
            GAMES_RESULT_OK
        );
        assert_eq!(text(&buf), "a1-b1");
        let line = CString::new("b1-a1").unwrap();
        assert_eq!(
            games_timbiriche_play_notation(g, line.as_ptr(), &mut completed),
            GAMES_RESULT_OK
        );
        assert_eq!(completed, 0);
        games_timbiriche_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_TIMBIRICHE_ERROR_NONE);
        // The same line again, a line off the board, text that is no line.
        assert_eq!(
            games_timbiriche_play_notation(g, line.as_ptr(), ptr::null_mut()),
            GAMES_RESULT_ILLEGAL_MOVE
        );
        games_timbiriche_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_TIMBIRICHE_ERROR_ALREADY_DRAWN);
        let far = games_timbiriche_line {
            orientation: 0,
            row: 9,
            col: 9,
        };
        assert_eq!(
            games_timbiriche_play(g, far, ptr::null_mut()),
            GAMES_RESULT_ILLEGAL_MOVE
        );
        games_timbiriche_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_TIMBIRICHE_ERROR_OFF_BOARD);
        assert_eq!(
            games_timbiriche_move_to_string(g, far, buf.as_mut_ptr(), 16, &mut len),
            GAMES_RESULT_INVALID_PARAMETER
        );
        let diagonal = CString::new("a1-b2").unwrap();
        assert_eq!(
            games_timbiriche_play_notation(g, diagonal.as_ptr(), ptr::null_mut()),
            GAMES_RESULT_INVALID_PARAMETER
        );
        games_timbiriche_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_TIMBIRICHE_ERROR_BAD_NOTATION);
        // Reading a line alone records the same reason.
        let mut read = games_timbiriche_line::default();
        assert_eq!(
            games_timbiriche_parse_line(g, diagonal.as_ptr(), &mut read),
            GAMES_RESULT_INVALID_PARAMETER
        );
        games_timbiriche_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_TIMBIRICHE_ERROR_BAD_NOTATION);
        // Nothing of that changed the game: 23 lines left.
        games_timbiriche_legal_moves(g, ptr::null_mut(), 0, &mut n);
        assert_eq!(n, 23);
        games_timbiriche_free(g);
    }
}

/// A new dots-and-boxes game with the default options (3×3 boxes).
fn new_dots_and_boxes() -> *mut games_timbiriche_game {
    let mut g = ptr::null_mut();
    let mut options = std::mem::MaybeUninit::<games_timbiriche_options>::uninit();
    // SAFETY: local out-pointers; the options are written before they are read.
    unsafe {
        assert_eq!(
            games_timbiriche_options_default(options.as_mut_ptr()),
            GAMES_RESULT_OK
        );
        assert_eq!(
            games_timbiriche_new(&options.assume_init(), &mut g),
            GAMES_RESULT_OK
        );
    }
    g
}

/// The result, reason code and message of the last call on `g`.
fn dots_and_boxes_refusal(
    g: *mut games_timbiriche_game,
    result: games_result,
) -> (games_result, u32, String) {
    let mut code = 99;
    let mut buf = [0 as c_char; 128];
    let mut len = 0;
    // SAFETY: `g` is live; local buffers.
    unsafe {
        games_timbiriche_last_error_code(g, &mut code);
        games_timbiriche_last_error(g, buf.as_mut_ptr(), buf.len(), &mut len);
    }
    (result, code, text(&buf))
}

/// games.h on `games_timbiriche_play_notation`: "a line off the board or
/// drawn `GAMES_RESULT_ILLEGAL_MOVE`", as `games_timbiriche_play` refuses
/// the same line as a struct; only text that is no line is
/// `GAMES_RESULT_INVALID_PARAMETER`.
#[test]
fn dots_and_boxes_refuses_an_off_board_line_as_text_as_it_does_as_a_struct() {
    let g = new_dots_and_boxes();
    let line = |orientation, row, col| games_timbiriche_line {
        orientation,
        row,
        col,
    };
    let (h, v) = (GAMES_TIMBIRICHE_HORIZONTAL, GAMES_TIMBIRICHE_VERTICAL);
    // Off 3×3 boxes (dots a-d, 1-4), and off every board.
    let cases = [
        ("d1-e1", line(h, 0, 3)),
        ("a5-a4", line(v, 3, 0)),
        ("z1-z2", line(v, 0, 25)),
    ];
    let mut n = 0;
    // SAFETY: `g` is live until freed at the end; the strings outlive the calls.
    unsafe {
        for (notation, as_struct) in cases {
            let by_struct = games_timbiriche_play(g, as_struct, ptr::null_mut());
            let by_struct = dots_and_boxes_refusal(g, by_struct);
            let text_line = CString::new(notation).unwrap();
            let by_text = games_timbiriche_play_notation(g, text_line.as_ptr(), ptr::null_mut());
            let by_text = dots_and_boxes_refusal(g, by_text);
            assert_eq!(by_text, by_struct, "{notation}");
            assert_eq!(
                (by_text.0, by_text.1),
                (GAMES_RESULT_ILLEGAL_MOVE, GAMES_TIMBIRICHE_ERROR_OFF_BOARD),
                "{notation}"
            );
            // Reading the line alone still says it is not a line of this board.
            let mut read = games_timbiriche_line::default();
            let parsed = games_timbiriche_parse_line(g, text_line.as_ptr(), &mut read);
            let (parsed, code, _) = dots_and_boxes_refusal(g, parsed);
            assert_eq!(
                (parsed, code),
                (
                    GAMES_RESULT_INVALID_PARAMETER,
                    GAMES_TIMBIRICHE_ERROR_BAD_NOTATION
                ),
                "{notation}"
            );
        }
        // Text that is no line stays a notation error.
        for notation in ["d1-e2", "d1e1", "d1-f1", ""] {
            let text_line = CString::new(notation).unwrap();
            let r = games_timbiriche_play_notation(g, text_line.as_ptr(), ptr::null_mut());
            let (r, code, _) = dots_and_boxes_refusal(g, r);
            assert_eq!(
                (r, code),
                (
                    GAMES_RESULT_INVALID_PARAMETER,
                    GAMES_TIMBIRICHE_ERROR_BAD_NOTATION
                ),
                "{notation:?}"
            );
        }
        // Nothing was drawn.
        games_timbiriche_legal_moves(g, ptr::null_mut(), 0, &mut n);
        assert_eq!(n, 24);
        games_timbiriche_free(g);
    }
}

#[test]
fn backgammon_shared_names_answer_as_the_older_calls() {
    let mut g = ptr::null_mut();
    let mut code = 99;
    // SAFETY: local buffers and out-pointers; the handle is live until freed.
    unsafe {
        let mut options = games_backgammon_options::default();
        assert_eq!(
            games_backgammon_options_default(&mut options),
            GAMES_RESULT_OK
        );
        assert_eq!(games_backgammon_new(&options, &mut g), GAMES_RESULT_OK);
        let mut plays = [games_backgammon_move::default(); 64];
        let mut older = [games_backgammon_move::default(); 64];
        let (mut n, mut m) = (0, 0);
        games_backgammon_legal_moves(g, plays.as_mut_ptr(), 64, &mut n);
        games_backgammon_legal_plays(g, older.as_mut_ptr(), 64, &mut m);
        assert!(n > 0);
        assert_eq!((n, &plays[..n]), (m, &older[..m]));
        let mut a = [0 as c_char; 64];
        let mut b = [0 as c_char; 64];
        let mut len = 0;
        games_backgammon_move_to_string(g, &plays[0], a.as_mut_ptr(), 64, &mut len);
        games_backgammon_play_to_string(&plays[0], b.as_mut_ptr(), 64, &mut len);
        assert_eq!(text(&a), text(&b));
        // Nothing to take back yet; a malformed play; then a legal one.
        assert_eq!(games_backgammon_undo(g), GAMES_RESULT_NOTHING_TO_UNDO);
        games_backgammon_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_BACKGAMMON_ERROR_NOTHING_TO_UNDO);
        let bad = CString::new("24/x").unwrap();
        assert_eq!(
            games_backgammon_play_notation(g, bad.as_ptr()),
            GAMES_RESULT_INVALID_PARAMETER
        );
        games_backgammon_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_BACKGAMMON_ERROR_BAD_NOTATION);
        assert_eq!(games_backgammon_play(g, &plays[0]), GAMES_RESULT_OK);
        games_backgammon_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_BACKGAMMON_ERROR_NONE);
        // The other player has no dice yet.
        assert_eq!(
            games_backgammon_play(g, &plays[0]),
            GAMES_RESULT_WRONG_PHASE
        );
        games_backgammon_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_BACKGAMMON_ERROR_NO_DICE);
        let budget = games_budget {
            max_nodes: 100,
            max_millis: 0,
        };
        let mut out = games_backgammon_move::default();
        assert_eq!(
            games_backgammon_ai_move(
                g,
                GAMES_BACKGAMMON_LEVEL_EASY,
                &budget,
                ptr::null(),
                &mut out
            ),
            GAMES_RESULT_WRONG_PHASE
        );
        games_backgammon_last_error_code(g, &mut code);
        assert_eq!(code, GAMES_BACKGAMMON_ERROR_NO_DICE);
        games_backgammon_free(g);
    }
}

#[test]
fn color_lines_ai_move_is_the_hint() {
    let (mut g, mut h) = (ptr::null_mut(), ptr::null_mut());
    let budget = games_budget {
        max_nodes: 200,
        max_millis: 0,
    };
    let (mut a, mut b) = (games_canicas_move::default(), games_canicas_move::default());
    // SAFETY: local out-pointers; the handles are live until freed.
    unsafe {
        assert_eq!(games_canicas_new(ptr::null(), 7, &mut g), GAMES_RESULT_OK);
        assert_eq!(games_canicas_new(ptr::null(), 7, &mut h), GAMES_RESULT_OK);
        assert_eq!(
            games_canicas_ai_move(g, &budget, ptr::null(), &mut a),
            GAMES_RESULT_OK
        );
        assert_eq!(
            games_canicas_hint(h, &budget, ptr::null(), &mut b),
            GAMES_RESULT_OK
        );
        assert_eq!(a, b);
        games_canicas_free(g);
        games_canicas_free(h);
    }
}

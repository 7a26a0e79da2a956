//! Unit tests of the Color Lines calls.

use super::*;
use std::ptr;

#[test]
fn published_limits_match_the_crate() {
    assert_eq!(GAMES_CANICAS_MAX_SIZE, u32::from(canicas_core::MAX_SIZE));
    assert_eq!(
        GAMES_CANICAS_MAX_CELLS,
        GAMES_CANICAS_MAX_SIZE * GAMES_CANICAS_MAX_SIZE
    );
    assert_eq!(
        GAMES_CANICAS_MAX_COLOURS,
        u32::from(canicas_core::MAX_COLOURS)
    );
    assert_eq!(
        GAMES_CANICAS_MAX_ARRIVALS,
        u32::from(canicas_core::MAX_ARRIVALS)
    );
    let summary = games_canicas_summary::default();
    assert_eq!(
        summary.lines_by_length.len(),
        GAMES_CANICAS_MAX_SIZE as usize + 1
    );
    let longest = move_text(
        canicas_core::Move::new(Cell(120), Cell(119)),
        canicas_core::MAX_SIZE,
    );
    assert_eq!(longest.len() + 1, GAMES_CANICAS_MAX_MOVE_TEXT as usize);
}

fn code(game: *const games_canicas_game) -> u32 {
    let mut c = 99;
    // SAFETY: `game` is a live handle made by the test; `c` a local.
    let r = unsafe { games_canicas_last_error_code(game, &mut c) };
    assert_eq!(r, GAMES_RESULT_OK);
    c
}

fn save(game: *const games_canicas_game) -> Vec<u8> {
    let mut len = 0;
    // SAFETY: a size query then a buffer of that size.
    unsafe {
        assert_eq!(
            games_canicas_save(game, ptr::null_mut(), 0, &mut len),
            GAMES_RESULT_BUFFER_TOO_SMALL
        );
        let mut bytes = vec![0u8; len];
        assert_eq!(
            games_canicas_save(game, bytes.as_mut_ptr(), len, &mut len),
            GAMES_RESULT_OK
        );
        bytes
    }
}

#[test]
fn errors_are_typed_and_change_nothing() {
    let mut game = ptr::null_mut();
    // SAFETY: every pointer is a local, NULL, or the live handle made here.
    unsafe {
        assert_eq!(
            games_canicas_new(ptr::null(), 7, &mut game),
            GAMES_RESULT_OK
        );
        let before = save(game);
        let mut cells = [0u8; 81];
        let mut len = 0;
        assert_eq!(
            games_canicas_cells(game, cells.as_mut_ptr(), 81, &mut len),
            GAMES_RESULT_OK
        );
        let marble = cells.iter().position(|&c| c > 0).unwrap() as u32;
        let free = cells.iter().position(|&c| c == 0).unwrap() as u32;
        let other = cells.iter().rposition(|&c| c > 0).unwrap() as u32;
        let cases = [
            (
                games_canicas_move {
                    from: free,
                    to: marble,
                },
                GAMES_RESULT_ILLEGAL_MOVE,
                GAMES_CANICAS_ERROR_EMPTY_SOURCE,
            ),
            (
                games_canicas_move {
                    from: marble,
                    to: other,
                },
                GAMES_RESULT_ILLEGAL_MOVE,
                GAMES_CANICAS_ERROR_TARGET_TAKEN,
            ),
            (
                games_canicas_move {
                    from: marble,
                    to: 81,
                },
                GAMES_RESULT_ILLEGAL_MOVE,
                GAMES_CANICAS_ERROR_OFF_BOARD,
            ),
            (
                games_canicas_move {
                    from: 1000,
                    to: free,
                },
                GAMES_RESULT_ILLEGAL_MOVE,
                GAMES_CANICAS_ERROR_OFF_BOARD,
            ),
        ];
        for (mv, result, c) in cases {
            assert_eq!(
                games_canicas_play(game, mv, ptr::null_mut()),
                result,
                "{mv:?}"
            );
            assert_eq!(code(game), c, "{mv:?}");
            assert_eq!(save(game), before);
        }
        assert_eq!(
            games_canicas_play_notation(game, c"e5a1".as_ptr(), ptr::null_mut()),
            GAMES_RESULT_INVALID_PARAMETER
        );
        assert_eq!(code(game), GAMES_CANICAS_ERROR_BAD_NOTATION);
        assert_eq!(games_canicas_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
        assert_eq!(code(game), GAMES_CANICAS_ERROR_NOTHING_TO_UNDO);
        assert_eq!(save(game), before);
        games_canicas_free(game);
    }
}

#[test]
fn an_unreachable_target_is_refused_and_changes_nothing() {
    // A crowded 3×3 board: some marble cannot reach some free cell.
    let options = games_canicas_options {
        size: 3,
        colours: 9,
        min_line: 3,
        arrivals: 1,
        start: 6,
    };
    let mut found = false;
    for deal in 0..200 {
        let mut game = ptr::null_mut();
        // SAFETY: every pointer is a local, NULL, or the live handle made here.
        unsafe {
            assert_eq!(
                games_canicas_new(&options, deal, &mut game),
                GAMES_RESULT_OK
            );
            let mut cells = [0u8; 9];
            let mut len = 0;
            assert_eq!(
                games_canicas_cells(game, cells.as_mut_ptr(), 9, &mut len),
                GAMES_RESULT_OK
            );
            let before = save(game);
            for from in (0..9u32).filter(|&i| cells[i as usize] > 0) {
                let mut reach = [0u32; 9];
                assert_eq!(
                    games_canicas_reachable(game, from, reach.as_mut_ptr(), 9, &mut len),
                    GAMES_RESULT_OK
                );
                for to in (0..9u32).filter(|&i| cells[i as usize] == 0) {
                    let listed = reach[..len].contains(&to);
                    let mut path = [0u32; 9];
                    let mut plen = 0;
                    let r = games_canicas_path(
                        game,
                        games_canicas_move { from, to },
                        path.as_mut_ptr(),
                        9,
                        &mut plen,
                    );
                    if listed {
                        assert_eq!(r, GAMES_RESULT_OK);
                        assert_eq!((path[0], path[plen - 1]), (from, to));
                    } else {
                        found = true;
                        assert_eq!(r, GAMES_RESULT_ILLEGAL_MOVE);
                        assert_eq!(code(game), GAMES_CANICAS_ERROR_UNREACHABLE);
                        assert_eq!(
                            games_canicas_play(
                                game,
                                games_canicas_move { from, to },
                                ptr::null_mut()
                            ),
                            GAMES_RESULT_ILLEGAL_MOVE
                        );
                        assert_eq!(code(game), GAMES_CANICAS_ERROR_UNREACHABLE);
                        assert_eq!(save(game), before);
                    }
                }
            }
            games_canicas_free(game);
        }
    }
    assert!(found);
}

fn last_error(game: *mut games_canicas_game) -> String {
    let mut buf = [0 as std::ffi::c_char; 256];
    let mut len = 0;
    // SAFETY: `game` is a live handle made by the test; `buf` has 256 chars.
    let r = unsafe { games_canicas_last_error(game, buf.as_mut_ptr(), 256, &mut len) };
    assert_eq!(r, GAMES_RESULT_OK);
    // SAFETY: the call wrote a NUL-terminated string into `buf`.
    unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

/// A cell number above 255 reaches the engine as 255 (off every board):
/// the move is refused as off the board, and the reason names the number
/// the caller passed; it named 255.
#[test]
fn a_cell_above_255_is_named_as_given() {
    let mut game = ptr::null_mut();
    // SAFETY: every pointer is a local, NULL, or the live handle made here.
    unsafe {
        assert_eq!(
            games_canicas_new(ptr::null(), 7, &mut game),
            GAMES_RESULT_OK
        );
        let before = save(game);
        for (from, to, named) in [
            (300, 0, 300),
            (0, 100_000, 100_000),
            (u32::MAX, 5, u32::MAX),
            (255, 1_000, 255),
            (81, 0, 81),
        ] {
            let mv = games_canicas_move { from, to };
            let r = games_canicas_play(game, mv, ptr::null_mut());
            assert_eq!(r, GAMES_RESULT_ILLEGAL_MOVE);
            assert_eq!(code(game), GAMES_CANICAS_ERROR_OFF_BOARD);
            let expected = format!("cell number {named} (from 0, row by row) is off the board");
            assert_eq!(last_error(game), expected, "play {from} {to}");
            let mut path = [0u32; 4];
            let mut len = 0;
            let r = games_canicas_path(game, mv, path.as_mut_ptr(), 4, &mut len);
            assert_eq!(r, GAMES_RESULT_ILLEGAL_MOVE);
            assert_eq!(code(game), GAMES_CANICAS_ERROR_OFF_BOARD);
            assert_eq!(last_error(game), expected, "path {from} {to}");
        }
        assert_eq!(save(game), before);
        games_canicas_free(game);
    }
}

//! The "Learn" lessons through the C API: each lesson's board, its text,
//! and the check of a line against the lesson's goal (no game handle).

#[allow(clippy::wildcard_imports)]
use super::*;

/// How many "Learn" lessons there are (five: draw a line; take a box and
/// move again; one line closing two boxes; avoid the 3rd side; the
/// double-cross). Lessons are numbered from 0 in teaching order.
pub const GAMES_TIMBIRICHE_LESSONS: u32 = 5;

/// A lesson's board: size, player to move and points so far.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_timbiriche_lesson_info {
    /// Rows of boxes.
    pub rows: u32,
    /// Columns of boxes.
    pub cols: u32,
    /// The learner: `GAMES_PLAYER_FIRST` or `GAMES_PLAYER_SECOND`.
    pub to_move: u32,
    /// Points of the first player.
    pub points_first: u32,
    /// Points of the second player.
    pub points_second: u32,
}

/// The title of a lesson.
pub const GAMES_TIMBIRICHE_LESSON_TITLE: u32 = 0;
/// The goal of a lesson, in words.
pub const GAMES_TIMBIRICHE_LESSON_GOAL: u32 = 1;

/// The body of every lesson export: `body` on lesson `index` inside the
/// panic guard; an index past the last lesson is `GAMES_RESULT_INVALID_PARAMETER`.
fn with_lesson(
    index: u32,
    body: impl FnOnce(timbiriche_core::Lesson) -> games_result,
) -> games_result {
    guard(
        || match timbiriche_core::lessons().into_iter().nth(index as usize) {
            Some(l) => body(l),
            None => GAMES_RESULT_INVALID_PARAMETER,
        },
    )
}

/// The board of lesson `index` in `*out_info`; its lines and owners are read
/// with `games_timbiriche_lesson_drawn` and `games_timbiriche_lesson_owners`.
/// An index past the last lesson (`GAMES_TIMBIRICHE_LESSONS`) gives
/// `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `out_info` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_lesson_get_info(
    index: u32,
    out_info: *mut games_timbiriche_lesson_info,
) -> games_result {
    with_lesson(index, |l| {
        let p = &l.position;
        let info = games_timbiriche_lesson_info {
            rows: u32::from(p.size().rows()),
            cols: u32::from(p.size().cols()),
            to_move: p.to_move().index() as u32,
            points_first: p.points(Player::First),
            points_second: p.points(Player::Second),
        };
        // SAFETY: NULL or writable, per the caller.
        unsafe { write_out(out_info, info) }
    })
}

/// The title or goal (`GAMES_TIMBIRICHE_LESSON_TITLE` / `_GOAL`) of lesson
/// `index`, NUL-terminated. An index past the last lesson, or another
/// `which`, gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_lesson_text(
    index: u32,
    which: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    with_lesson(index, |l| {
        let text = match which {
            GAMES_TIMBIRICHE_LESSON_TITLE => l.title,
            GAMES_TIMBIRICHE_LESSON_GOAL => l.goal,
            _ => return GAMES_RESULT_INVALID_PARAMETER,
        };
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_c_string(&text, buf, cap, out_len) }
    })
}

/// Which lines of lesson `index` are drawn: one byte per line index. An
/// index past the last lesson gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `buf` NULL or `cap` writable bytes; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_lesson_drawn(
    index: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    with_lesson(index, |l| {
        let p = &l.position;
        let drawn: Vec<u8> = p
            .size()
            .lines()
            .map(|line| u8::from(p.is_drawn(line)))
            .collect();
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_slice(&drawn, buf, cap, out_len) }
    })
}

/// The box owners of lesson `index`, as `games_timbiriche_owners` gives them.
/// An index past the last lesson gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `buf` NULL or `cap` writable values; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_lesson_owners(
    index: u32,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    with_lesson(index, |l| {
        let owners: Vec<u32> = l
            .position
            .owners()
            .iter()
            .map(|o| o.map_or(GAMES_NO_PLAYER, |p| p.index() as u32))
            .collect();
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_slice(&owners, buf, cap, out_len) }
    })
}

/// Check the learner's `line` in lesson `index`: `*out_met` tells whether it
/// met the goal, and `buf` receives why, in words (NUL-terminated). A line
/// off the board is not an error: the explanation says so. An index past
/// the last lesson gives `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `out_met` NULL or writable; `buf` NULL or `cap` writable chars; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_timbiriche_lesson_check(
    index: u32,
    line: games_timbiriche_line,
    out_met: *mut bool,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> games_result {
    with_lesson(index, |l| {
        if out_met.is_null() {
            return GAMES_RESULT_NULL_PARAMETER;
        }
        let check = match line.to_rust() {
            Some(rust_line) => l.check(rust_line),
            None => timbiriche_core::LessonCheck {
                met: false,
                explanation: "That is not a line of this board.".into(),
            },
        };
        // SAFETY: buffer contract forwarded from the caller.
        let r = unsafe { write_c_string(&check.explanation, buf, cap, out_len) };
        if r == GAMES_RESULT_OK {
            // SAFETY: non-NULL (checked) and writable, per the caller.
            unsafe { write_out(out_met, check.met) };
        }
        r
    })
}

#[cfg(test)]
mod lesson_tests {
    use super::*;

    #[test]
    fn the_lesson_count_matches_the_crate() {
        assert_eq!(
            GAMES_TIMBIRICHE_LESSONS as usize,
            timbiriche_core::lessons().len()
        );
    }
}

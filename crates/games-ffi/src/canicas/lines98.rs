//! The Lines 98 rule through the C ABI: a game whose player is shown the
//! cells where the next marbles land (`games_canicas_new_lines98`), those
//! cells (`games_canicas_shown_landings`), whether a game plays the rule
//! (`games_canicas_lines98`), and the records of the rule
//! (`games_canicas_records_get_lines98`; `games_canicas_records_finish`
//! keeps them apart from the 1992 rule's by itself). A game's save carries
//! its rule.

#[allow(clippy::wildcard_imports)]
use super::*;

/// As `games_canicas_new`, under the Lines 98 rule: the player is shown
/// where the marbles of the "next" bar land if the board stays as it is
/// (`games_canicas_shown_landings`). The game is otherwise the same: a
/// marble lands on the first free cell of the deal's order for it, so a
/// move onto a shown cell sends that marble on to the next free cell of its
/// order. Its records are kept apart from the 1992 rule's. Rules that
/// cannot be played give `GAMES_RESULT_INVALID_PARAMETER` and create
/// nothing; `games_canicas_new_reason` says why, in words (this call
/// refuses the same options).
///
/// # Safety
/// `options` NULL or readable; `out_game` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_new_lines98(
    options: *const games_canicas_options,
    deal: u64,
    out_game: *mut *mut games_canicas_game,
) -> games_result {
    // SAFETY: the options and out-pointer are as this function's contract requires.
    unsafe { new_game(options, deal, true, out_game) }
}

crate::exports::export_query!(
    /// Whether the game plays the Lines 98 rule, in `*out_on`.
    games_canicas_game,
    games_canicas_lines98(game),
    out_on: bool,
    |g| g.value.game.state().rules().landings_shown
);

crate::exports::export_slice!(
    /// The cells (`row × size + col`) where the marbles of the "next" bar land
    /// if the board stays as it is, in order of arrival (the colours are
    /// `games_canicas_next_colours`): one per marble, fewer only when fewer
    /// cells are free, none once the game is over, and none under the 1992 rule
    /// (the player is not shown them). At most `GAMES_CANICAS_MAX_ARRIVALS`.
    games_canicas_game,
    games_canicas_shown_landings(game),
    u32,
    |g| {
        g
            .value
            .game
            .state()
            .shown_landings()
            .iter()
            .map(|c| u32::from(c.0))
            .collect::<Vec<_>>()
    }
);

/// As `games_canicas_records_get`, for the rules `options` (NULL: the
/// five-in-a-row game) under the Lines 98 rule when `lines98` is true (the
/// 1992 rule when false): the two rules have separate records.
///
/// # Safety
/// `records` NULL or live; `options` NULL or readable; `out_record` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_records_get_lines98(
    records: *const games_canicas_records,
    options: *const games_canicas_options,
    lines98: bool,
    out_record: *mut games_canicas_record,
) -> games_result {
    // SAFETY: the handle and pointers are as this function's contract requires.
    unsafe {
        with_handle(records, |r| {
            let Some(rules) = read_rules(options) else {
                return GAMES_RESULT_INVALID_PARAMETER;
            };
            let record = r
                .value
                .entry(&rules.with_landings_shown(lines98))
                .map(|e| games_canicas_record {
                    best_points: e.best_points,
                    games: e.games,
                    total_points: e.total_points,
                    total_moves: e.total_moves,
                    replays: e.replays,
                    replay_best_points: e.replay_best_points,
                })
                .unwrap_or_default();
            write_out(out_record, record)
        })
    }
}

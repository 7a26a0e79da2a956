//! The records of every Color Lines variant played, in their own handle
//! (`games_canicas_records_*`): best points, games and replays per set of
//! rules, kept by the host between sessions.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The end-of-game summary, from `games_canicas_records_finish`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_summary {
    /// The rules played.
    pub options: games_canicas_options,
    /// The deal played.
    pub deal: u64,
    /// Whether the game was a replay ("Retry"); replays count apart.
    pub replay: bool,
    /// Points scored.
    pub points: u64,
    /// Moves played.
    pub moves: u64,
    /// Time played in milliseconds, as the host passed it.
    pub elapsed_millis: u64,
    /// Lines removed by length: `lines_by_length[n]` lines of `n` marbles
    /// (indices 0 to `GAMES_CANICAS_MAX_SIZE`).
    pub lines_by_length: [u64; 12],
    /// Whether this game set a new record for its rules.
    pub new_record: bool,
    /// Whether there was a record before this game.
    pub had_record: bool,
    /// The record before this game (0 when `had_record` is false).
    pub previous_record: u64,
}

/// The record and statistics of one set of rules (one variant).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct games_canicas_record {
    /// Best points of a finished fresh game (the record; 0 with no games).
    pub best_points: u64,
    /// Fresh games recorded.
    pub games: u64,
    /// Points of all fresh games.
    pub total_points: u64,
    /// Moves of all fresh games.
    pub total_moves: u64,
    /// Replayed games recorded.
    pub replays: u64,
    /// Best points of a replayed game.
    pub replay_best_points: u64,
}

crate::exports::export_handle!(
    /// The records of every variant played. Opaque: create it with
    /// `games_canicas_records_new` or `games_canicas_records_load`, release it
    /// with `games_canicas_records_free`.
    games_canicas_records(Records),
    clone: games_canicas_records_clone(records, out_records) "records (every variant's)",
    free: games_canicas_records_free(records) "records",
);

/// Create empty records in `*out_records`, owned by the caller (release
/// them with `games_canicas_records_free`).
///
/// # Safety
/// `out_records` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_records_new(
    out_records: *mut *mut games_canicas_records,
) -> games_result {
    // SAFETY: forwarded from the caller.
    guard(|| unsafe {
        box_into(
            games_canicas_records(Guarded::new(Records::new())),
            out_records,
        )
    })
}

/// Record a game at its end and write its summary to `*out_summary` (may be
/// NULL): points, moves, lines removed by length, and whether it set a new
/// record for its rules. `elapsed_millis` is the time the host measured. A
/// fresh deal that beats the record (or is the first game of its rules)
/// sets a new record; a replay never does and counts apart. A game that is
/// not over (`game_over` not set) gives `GAMES_RESULT_WRONG_PHASE` and
/// records nothing. Call it once per game, when `game_over` is first set:
/// each call records a game.
///
/// # Safety
/// `records` NULL or live; `game` NULL or live; `out_summary` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_records_finish(
    records: *mut games_canicas_records,
    game: *const games_canicas_game,
    elapsed_millis: u64,
    out_summary: *mut games_canicas_summary,
) -> games_result {
    // SAFETY: both handles and the out-pointer are as this function's contract requires.
    unsafe {
        crate::boundary::with_handle_mut_reading(records, game, |r, g: &CanicasState| {
            let Ok(s) = r
                .value
                .finish(&g.game, Duration::from_millis(elapsed_millis))
            else {
                return GAMES_RESULT_WRONG_PHASE;
            };
            let mut lines_by_length = [0u64; 12];
            for (len, n) in &s.lines_by_length {
                if let Some(slot) = lines_by_length.get_mut(usize::from(*len)) {
                    *slot = *n;
                }
            }
            let summary = games_canicas_summary {
                options: games_canicas_options::from_rules(s.rules),
                deal: s.deal,
                replay: s.replay,
                points: s.points,
                moves: s.moves,
                elapsed_millis,
                lines_by_length,
                new_record: s.new_record,
                had_record: s.previous_record.is_some(),
                previous_record: s.previous_record.unwrap_or(0),
            };
            write_optional(out_summary, summary);
            GAMES_RESULT_OK
        })
    }
}

/// The record and statistics of the rules `options` (NULL: the
/// five-in-a-row game) in `*out_record`; all zeros when no game of them was
/// recorded. Rules that cannot be played give `GAMES_RESULT_INVALID_PARAMETER`.
///
/// # Safety
/// `records` NULL or live; `options` NULL or readable; `out_record` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn games_canicas_records_get(
    records: *const games_canicas_records,
    options: *const games_canicas_options,
    out_record: *mut games_canicas_record,
) -> games_result {
    // SAFETY: the handle and pointers are as this function's contract requires.
    unsafe { games_canicas_records_get_lines98(records, options, false, out_record) }
}

crate::exports::export_save!(
    /// Save the records of every variant as versioned JSON bytes (not
    /// NUL-terminated) into the caller's buffer, for the host to persist.
    games_canicas_records,
    games_canicas_records_save(records),
    |r: &Records| r.to_json()
);

crate::exports::export_load!(
    /// Load records written by `games_canicas_records_save` into a new handle
    /// in `*out_records`, owned by the caller (release it with
    /// `games_canicas_records_free`). Malformed or inconsistent bytes give
    /// `GAMES_RESULT_INVALID_DATA`, an unknown version
    /// `GAMES_RESULT_UNSUPPORTED_VERSION`; nothing is created then.
    games_canicas_records,
    games_canicas_records_load(out_records),
    reason: games_canicas_records_load_reason,
    |bytes: &[u8]| {
        Records::from_json(save_text(bytes)?).map_err(|e| {
            let code = match e {
                StateError::Version(_) => GAMES_RESULT_UNSUPPORTED_VERSION,
                _ => GAMES_RESULT_INVALID_DATA,
            };
            Refusal::new(code, e.to_string())
        })
    }
);

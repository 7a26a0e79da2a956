/* A mechanical sweep of the C ABI (run by tests/abi_sweep.rs under
 * AddressSanitizer and UndefinedBehaviorSanitizer): every function of
 * games.h is called with a NULL for each pointer argument, each
 * caller-owned buffer is tried NULL with cap 0, with cap 0, one element
 * short, with a NULL out_len and exactly the size asked, and numbers out of
 * range (indices, levels, enum values, UINT32_MAX). Each refused call must
 * return its documented code, write nothing into the buffer (or past the
 * length on success) and leave the handle's save bytes as they were;
 * every X_free(NULL) is a no-op. Exits non-zero on any failure. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"

static int failures = 0;
#define FAIL(...)                                                   \
    do {                                                            \
        fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);             \
        fprintf(stderr, __VA_ARGS__);                               \
        fprintf(stderr, "\n");                                      \
        failures++;                                                 \
    } while (0)
#define EXPECT(call, expected)                                                  \
    do {                                                                        \
        games_result r_ = (call);                                               \
        if (r_ != (expected))                                                   \
            FAIL("%s returned %u, expected %u", #call, (unsigned)r_, (unsigned)(expected)); \
    } while (0)

/* ---- snapshots: a handle's save bytes ------------------------------------ */
typedef struct {
    uint8_t bytes[1 << 16];
    size_t len;
} snap_t;

#define SNAP_FN(game, T)                                                            \
    static void snap_##game(const T *g, snap_t *s) {                                \
        s->len = 0;                                                                 \
        if (games_##game##_save(g, s->bytes, sizeof s->bytes, &s->len) != GAMES_RESULT_OK) \
            FAIL("snapshot of " #game " failed");                                   \
    }
SNAP_FN(nim, games_nim_game)
SNAP_FN(timbiriche, games_timbiriche_game)
SNAP_FN(backgammon, games_backgammon_game)
SNAP_FN(canicas, games_canicas_game)

static int same_snap(const snap_t *a, const snap_t *b) {
    return a->len == b->len && memcmp(a->bytes, b->bytes, a->len) == 0;
}

/* ---- buffers ------------------------------------------------------------- */
#define ARENA (1u << 22)
static uint64_t arena_words[ARENA / 8];
#define CANARY 0xA5

static void fill_canary(void) { memset(arena_words, CANARY, sizeof arena_words); }
static int canary_from(size_t byte) {
    const uint8_t *p = (const uint8_t *)arena_words;
    for (size_t i = byte; i < ARENA; i++)
        if (p[i] != CANARY) return 0;
    return 1;
}

/* BUFSWEEP(snapfn, handle, ElemT, expr): expr is the call, using B (ElemT *),
 * C (size_t) and L (size_t *). Checks: NULL/0 size query, 0 cap on a real
 * buffer, one short, NULL out_len, exact fit; nothing written past C
 * elements; the handle unchanged by the refused calls. `ok` is the result
 * expected of the exact fit. */
#define BUFSWEEP(snapfn, h, ElemT, ok, expr)                                          \
    do {                                                                              \
        snap_t before_, after_;                                                       \
        if (h) snapfn(h, &before_);                                                   \
        ElemT *B;                                                                     \
        size_t C, len_ = 12345, need_ = SIZE_MAX;                                                \
        size_t *L = &len_;                                                            \
        games_result r_;                                                              \
        B = NULL; C = 0;                                                              \
        r_ = (expr);                                                                  \
        need_ = len_;                                                                 \
        if (r_ == GAMES_RESULT_OK) {                                                  \
            if (need_ != 0) FAIL("%s: size query OK with %zu", #expr, need_);        \
        } else if (r_ != GAMES_RESULT_BUFFER_TOO_SMALL) {                             \
            FAIL("%s: size query returned %u", #expr, (unsigned)r_);                 \
            break;                                                                    \
        } else if (need_ == 0) {                                                      \
            FAIL("%s: size query BUFFER_TOO_SMALL but 0 needed", #expr);             \
        }                                                                             \
        if (need_ > ARENA / sizeof(ElemT)) { FAIL("%s: %zu needed", #expr, need_); break; } \
        if (need_ > 0) {                                                              \
            fill_canary(); B = (ElemT *)arena_words; C = 0; len_ = 777;               \
            r_ = (expr);                                                              \
            if (r_ != GAMES_RESULT_BUFFER_TOO_SMALL || len_ != need_)                 \
                FAIL("%s: cap 0 gave %u, len %zu (need %zu)", #expr, (unsigned)r_, len_, need_); \
            if (!canary_from(0)) FAIL("%s: cap 0 wrote into the buffer", #expr);    \
            fill_canary(); C = need_ - 1; len_ = 777;                                 \
            r_ = (expr);                                                              \
            if (r_ != GAMES_RESULT_BUFFER_TOO_SMALL || len_ != need_)                 \
                FAIL("%s: one short gave %u, len %zu (need %zu)", #expr, (unsigned)r_, len_, need_); \
            if (!canary_from(0)) FAIL("%s: a buffer one short was written", #expr); \
        }                                                                             \
        fill_canary(); B = (ElemT *)arena_words; C = need_ + 3; L = NULL;             \
        r_ = (expr);                                                                  \
        if (r_ != GAMES_RESULT_NULL_PARAMETER)                                        \
            FAIL("%s: NULL out_len gave %u", #expr, (unsigned)r_);                   \
        if (!canary_from(0)) FAIL("%s: NULL out_len, yet the buffer was written", #expr); \
        L = &len_;                                                                    \
        if (h) {                                                                      \
            snapfn(h, &after_);                                                       \
            if (!same_snap(&before_, &after_)) FAIL("%s: a refused call changed the handle", #expr); \
        }                                                                             \
        fill_canary(); C = need_; len_ = 777;                                         \
        r_ = (expr);                                                                  \
        if (r_ != (ok) || len_ != need_)                                              \
            FAIL("%s: exact fit gave %u, len %zu (need %zu)", #expr, (unsigned)r_, len_, need_); \
        if (!canary_from(need_ * sizeof(ElemT))) FAIL("%s: wrote past the length", #expr); \
    } while (0)

/* A refused call on a handle: the result and an unchanged handle. */
#define REFUSED(snapfn, h, call, expected)                                     \
    do {                                                                       \
        snap_t b_, a_;                                                         \
        snapfn(h, &b_);                                                        \
        EXPECT(call, expected);                                                \
        snapfn(h, &a_);                                                        \
        if (!same_snap(&b_, &a_)) FAIL("%s changed the handle", #call);       \
    } while (0)

static void no_snap(const void *h, snap_t *s) { (void)h; (void)s; }

/* ---- the sweeps ---------------------------------------------------------- */
static void sweep_common(void) {
    EXPECT(games_result_message(0, NULL, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    for (uint32_t code = 0; code < 20; code++) BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_result_message(code, B, C, L));
    BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_result_message(UINT32_MAX, B, C, L));
    if (games_version() == NULL) FAIL("games_version is NULL");
    if (games_abi_version() != GAMES_ABI_VERSION) FAIL("abi version");
    EXPECT(games_cancel_token_new(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_cancel_token_cancel(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_cancel_token_reset(NULL), GAMES_RESULT_NULL_PARAMETER);
    bool b;
    EXPECT(games_cancel_token_is_cancelled(NULL, &b), GAMES_RESULT_NULL_PARAMETER);
    games_cancel_token *t = NULL;
    EXPECT(games_cancel_token_new(&t), GAMES_RESULT_OK);
    EXPECT(games_cancel_token_is_cancelled(t, NULL), GAMES_RESULT_NULL_PARAMETER);
    {
        /* "Setting or clearing either one sets or clears both" */
        games_cancel_token *t2 = NULL;
        EXPECT(games_cancel_token_clone(NULL, &t2), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_cancel_token_clone(t, NULL), GAMES_RESULT_NULL_PARAMETER);
        if (t2) FAIL("cancel_token_clone wrote a handle on failure");
        EXPECT(games_cancel_token_clone(t, &t2), GAMES_RESULT_OK);
        EXPECT(games_cancel_token_cancel(t2), GAMES_RESULT_OK);
        EXPECT(games_cancel_token_is_cancelled(t, &b), GAMES_RESULT_OK);
        if (!b) FAIL("cancelling a clone did not set the original");
        games_cancel_token_free(t);
        EXPECT(games_cancel_token_is_cancelled(t2, &b), GAMES_RESULT_OK);
        if (!b) FAIL("the clone lost its flag when the original was freed");
        EXPECT(games_cancel_token_reset(t2), GAMES_RESULT_OK);
        EXPECT(games_cancel_token_is_cancelled(t2, &b), GAMES_RESULT_OK);
        if (b) FAIL("reset clone still set");
        t = t2;
    }
    games_cancel_token_free(t);
    games_cancel_token_free(NULL);
    games_nim_free(NULL);
    games_timbiriche_free(NULL);
    games_backgammon_free(NULL);
    games_canicas_free(NULL);
    games_canicas_records_free(NULL);
}

static void sweep_nim(void) {
    games_nim_game *g = NULL, *c = NULL;
    uint32_t rows[3] = {3, 4, 5};
    EXPECT(games_nim_new(rows, 3, 0, 1, 0, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_new(NULL, 3, 0, 1, 0, 1, &g), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_new(rows, 3, 2, 1, 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_nim_new(rows, 3, 0, 0, 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_nim_new(rows, 3, 0, 1, 2, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_nim_new(rows, 3, 0, 1, UINT32_MAX, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_nim_new(rows, 33, 0, 1, 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    /* "rounds: 1 for a single game, more (any number a uint32_t holds) for a match" */
    EXPECT(games_nim_new(rows, 3, 0, UINT32_MAX, 0, 1, &g), GAMES_RESULT_OK);
    games_nim_free(g);
    g = NULL;
    {
        uint32_t too_long[1] = {GAMES_NIM_MAX_CIRCLES + 1}, empty[2] = {0, 0};
        EXPECT(games_nim_new(too_long, 1, 0, 1, 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_nim_new(empty, 2, 0, 1, 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_nim_new(rows, 3, 0, 1001, 0, 1, &g), GAMES_RESULT_OK);
        games_nim_free(g);
        g = NULL;
        /* "a row_count of 0 (rows NULL or not; it is not read) gives the classic 3, 4, 5" */
        EXPECT(games_nim_new(too_long, 0, 0, 1, 0, 1, &g), GAMES_RESULT_OK);
        size_t n;
        uint32_t got[3];
        EXPECT(games_nim_get_rows(g, got, 3, &n), GAMES_RESULT_OK);
        if (n != 3 || got[0] != 3 || got[1] != 4 || got[2] != 5) FAIL("0 rows is not the classic board");
        games_nim_free(g);
        g = NULL;
    }
    if (g) FAIL("nim_new wrote a handle on failure");
    EXPECT(games_nim_new(rows, 3, 0, 3, 0, 1, &g), GAMES_RESULT_OK);
    EXPECT(games_nim_clone(NULL, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_clone(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_nim_state st;
    EXPECT(games_nim_get_state(NULL, &st), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_get_state(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_nim_move mv = {0, 1};
    uint32_t reason;
    EXPECT(games_nim_check_move(NULL, mv, &reason), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_check_move(g, mv, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_nim_move weird = {UINT32_MAX, UINT32_MAX};
    EXPECT(games_nim_check_move(g, weird, &reason), GAMES_RESULT_OK);
    REFUSED(snap_nim, g, games_nim_play(g, weird), GAMES_RESULT_ILLEGAL_MOVE);
    games_nim_move zero = {0, 0};
    REFUSED(snap_nim, g, games_nim_play(g, zero), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_nim_play(NULL, mv), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_play_notation(NULL, "1-1"), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_nim, g, games_nim_play_notation(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_nim, g, games_nim_play_notation(g, ""), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_nim, g, games_nim_play_notation(g, "\xff"), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_nim, g, games_nim_play_notation(g, "0-1"), GAMES_RESULT_INVALID_PARAMETER);
    /* well-formed, but no such row: a refused move, not bad text */
    REFUSED(snap_nim, g, games_nim_play_notation(g, "99999999999-1"), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_nim, g, games_nim_play_notation(g, "999999999999999999999999-1"), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_nim_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_redo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_next_round(NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_nim, g, games_nim_undo(g), GAMES_RESULT_NOTHING_TO_UNDO);
    REFUSED(snap_nim, g, games_nim_redo(g), GAMES_RESULT_NOTHING_TO_REDO);
    REFUSED(snap_nim, g, games_nim_next_round(g), GAMES_RESULT_ROUND_NOT_OVER);
    games_budget bud = {0, 0};
    games_nim_move out;
    EXPECT(games_nim_ai_move(NULL, 0, NULL, NULL, &out), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_nim, g, games_nim_ai_move(g, 0, &bud, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_nim, g, games_nim_ai_move(g, 3, &bud, NULL, &out), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_nim, g, games_nim_ai_move(g, UINT32_MAX, NULL, NULL, &out), GAMES_RESULT_INVALID_PARAMETER);
    bool wins;
    {
        size_t n;
        EXPECT(games_nim_analyze(NULL, &wins, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    }
    BUFSWEEP(snap_nim, g, games_nim_move, GAMES_RESULT_OK, games_nim_analyze(g, &wins, B, C, L));
    {
        size_t n;
        EXPECT(games_nim_analyze(g, NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    }
    BUFSWEEP(snap_nim, g, uint32_t, GAMES_RESULT_OK, games_nim_get_rows(g, B, C, L));
    BUFSWEEP(snap_nim, g, games_nim_move, GAMES_RESULT_OK, games_nim_legal_moves(g, B, C, L));
    BUFSWEEP(snap_nim, g, games_nim_move, GAMES_RESULT_OK, games_nim_history(g, B, C, L));
    BUFSWEEP(snap_nim, g, uint8_t, GAMES_RESULT_OK, games_nim_save(g, B, C, L));
    BUFSWEEP(snap_nim, g, char, GAMES_RESULT_OK, games_nim_last_error(g, B, C, L));
    BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_nim_move_to_string(mv, B, C, L));
    BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_nim_move_to_string(weird, B, C, L));
    {
        size_t n;
        EXPECT(games_nim_get_rows(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_nim_legal_moves(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_nim_history(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_nim_save(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_nim_last_error(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    }
    EXPECT(games_nim_last_error_code(NULL, &reason), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_last_error_code(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_load(NULL, 3, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_load((const uint8_t *)"{}", 2, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_nim_load(NULL, 0, &c), GAMES_RESULT_INVALID_DATA);
    EXPECT(games_nim_load((const uint8_t *)"\xff\xfe", 2, &c), GAMES_RESULT_INVALID_DATA);
    if (c) FAIL("nim_load wrote a handle on failure");
    /* play to the end of round 0: empty lists, game over refusals */
    for (int i = 0; i < 40; i++) {
        games_nim_state s;
        games_nim_get_state(g, &s);
        if (s.round_over) break;
        games_nim_move m;
        games_nim_ai_move(g, 2, NULL, NULL, &m);
        games_nim_play(g, m);
    }
    REFUSED(snap_nim, g, games_nim_play(g, mv), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_nim, g, games_nim_ai_move(g, 0, NULL, NULL, &out), GAMES_RESULT_GAME_OVER);
    BUFSWEEP(snap_nim, g, games_nim_move, GAMES_RESULT_OK, games_nim_legal_moves(g, B, C, L));
    BUFSWEEP(snap_nim, g, games_nim_move, GAMES_RESULT_OK, games_nim_analyze(g, &wins, B, C, L));
    /* the other two rounds, then the match is over */
    for (int i = 0; i < 200; i++) {
        games_nim_state s;
        games_nim_get_state(g, &s);
        if (s.round_over && s.round + 1 == s.rounds) break;
        if (s.round_over) {
            EXPECT(games_nim_next_round(g), GAMES_RESULT_OK);
            continue;
        }
        games_nim_move m;
        games_nim_ai_move(g, 2, NULL, NULL, &m);
        games_nim_play(g, m);
    }
    REFUSED(snap_nim, g, games_nim_next_round(g), GAMES_RESULT_MATCH_OVER);
    games_nim_free(g);
}

static void sweep_timbiriche(void) {
    games_timbiriche_options o;
    EXPECT(games_timbiriche_options_default(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_options_default(&o), GAMES_RESULT_OK);
    games_timbiriche_game *g = NULL, *c = NULL;
    EXPECT(games_timbiriche_new(NULL, &g), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_new(&o, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_timbiriche_options bad = o;
    bad.rows = 0; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.rows = 7; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.cols = UINT32_MAX; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.values_kind = 3; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.values_kind = GAMES_TIMBIRICHE_VALUES_EXPLICIT; bad.values = NULL; bad.values_len = 9;
    EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_NULL_PARAMETER);
    bad.values_len = 0; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    {
        uint8_t vals[9] = {1, 1, 1, 1, 4, 1, 1, 1, 1};
        bad.values = vals; bad.values_len = 9;
        EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
        vals[4] = 0;
        EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
        bad.values_len = 8;
        EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    }
    bad = o; bad.games = 0; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.games = 2; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.games = 4; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.start = 3; EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    if (g) FAIL("timbiriche_new wrote a handle on failure");
    o.games = 3;
    EXPECT(games_timbiriche_new(&o, &g), GAMES_RESULT_OK);
    EXPECT(games_timbiriche_clone(NULL, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_clone(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_timbiriche_state st;
    EXPECT(games_timbiriche_get_state(NULL, &st), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_get_state(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    size_t n;
    EXPECT(games_timbiriche_owners(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_sides(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_box_values(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_drawn(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_lines(NULL, 0, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_components(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_legal_moves(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_hint_sentence(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_save(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_last_error(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    games_timbiriche_line line = {0, 0, 0}, badline = {2, 0, 0}, far = {0, 200, 0}, huge = {1, UINT32_MAX, 0};
    EXPECT(games_timbiriche_move_to_string(NULL, line, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(snap_timbiriche, g, uint32_t, GAMES_RESULT_OK, games_timbiriche_owners(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, uint8_t, GAMES_RESULT_OK, games_timbiriche_sides(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, uint8_t, GAMES_RESULT_OK, games_timbiriche_box_values(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, uint8_t, GAMES_RESULT_OK, games_timbiriche_drawn(g, B, C, L));
    for (uint32_t k = 0; k < 4; k++)
        BUFSWEEP(snap_timbiriche, g, games_timbiriche_line, GAMES_RESULT_OK, games_timbiriche_lines(g, k, B, C, L));
    REFUSED(snap_timbiriche, g, games_timbiriche_lines(g, 4, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_lines(g, UINT32_MAX, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    BUFSWEEP(snap_timbiriche, g, games_timbiriche_component, GAMES_RESULT_OK, games_timbiriche_components(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, games_timbiriche_line, GAMES_RESULT_OK, games_timbiriche_legal_moves(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, char, GAMES_RESULT_OK, games_timbiriche_hint_sentence(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, uint8_t, GAMES_RESULT_OK, games_timbiriche_save(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, char, GAMES_RESULT_OK, games_timbiriche_last_error(g, B, C, L));
    BUFSWEEP(snap_timbiriche, g, char, GAMES_RESULT_OK, games_timbiriche_move_to_string(g, line, B, C, L));
    BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_timbiriche_line_to_string(line, B, C, L));
    EXPECT(games_timbiriche_move_to_string(g, badline, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_move_to_string(g, far, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_line_to_string(badline, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_line_to_string(far, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_line_to_string(huge, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    uint32_t idx;
    EXPECT(games_timbiriche_line_index(NULL, line, &idx), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_line_index(g, line, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_line_index(g, badline, &idx), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_line_index(g, far, &idx), GAMES_RESULT_INVALID_PARAMETER);
    games_timbiriche_line lo;
    EXPECT(games_timbiriche_line_at(NULL, 0, &lo), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_line_at(g, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_line_at(g, 24, &lo), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_line_at(g, UINT32_MAX, &lo), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_parse_line(NULL, "a1-b1", &lo), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_parse_line(g, NULL, &lo), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_parse_line(g, "a1-b1", NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_parse_line(g, "zz", &lo), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_parse_line(g, "\xff", &lo), GAMES_RESULT_INVALID_PARAMETER);
    uint32_t done;
    EXPECT(games_timbiriche_play(NULL, line, &done), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_play(g, badline, &done), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_timbiriche, g, games_timbiriche_play(g, far, &done), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_timbiriche, g, games_timbiriche_play(g, huge, &done), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_timbiriche_play_notation(NULL, "a1-b1", &done), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_play_notation(g, NULL, &done), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_play_notation(g, "", &done), GAMES_RESULT_INVALID_PARAMETER);
    /* a well-formed line off the board is refused as play refuses it */
    REFUSED(snap_timbiriche, g, games_timbiriche_play_notation(g, "z9-z10", &done), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_timbiriche_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_redo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_next_game(NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_undo(g), GAMES_RESULT_NOTHING_TO_UNDO);
    REFUSED(snap_timbiriche, g, games_timbiriche_redo(g), GAMES_RESULT_NOTHING_TO_REDO);
    REFUSED(snap_timbiriche, g, games_timbiriche_next_game(g), GAMES_RESULT_ROUND_NOT_OVER);
    games_timbiriche_line ol;
    EXPECT(games_timbiriche_ai_move(NULL, 0, NULL, NULL, &ol), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_ai_move(g, 0, NULL, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_ai_move(g, 3, NULL, NULL, &ol), GAMES_RESULT_INVALID_PARAMETER);
    games_timbiriche_hint hint;
    EXPECT(games_timbiriche_take_hint(NULL, NULL, NULL, &hint), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_take_hint(g, NULL, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_set_table_limit(NULL, 1 << 20), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_set_table_limit(g, 0), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_timbiriche, g, games_timbiriche_set_table_limit(g, 65535), GAMES_RESULT_INVALID_PARAMETER);
    size_t lim = 0;
    EXPECT(games_timbiriche_table_limit(NULL, &lim), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_table_limit(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_table_limit(g, &lim), GAMES_RESULT_OK);
    if (lim != GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES) FAIL("a refused set_table_limit changed it: %zu", lim);
    EXPECT(games_timbiriche_set_table_limit(g, SIZE_MAX), GAMES_RESULT_OK);
    EXPECT(games_timbiriche_set_table_limit(g, GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES), GAMES_RESULT_OK);
    uint32_t code;
    EXPECT(games_timbiriche_last_error_code(NULL, &code), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_last_error_code(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_load(NULL, 3, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_load((const uint8_t *)"{}", 2, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_load(NULL, 0, &c), GAMES_RESULT_INVALID_DATA);
    EXPECT(games_timbiriche_load((const uint8_t *)"\xff", 1, &c), GAMES_RESULT_INVALID_DATA);
    if (c) FAIL("load wrote a handle on failure");
    /* lessons */
    games_timbiriche_lesson_info info;
    EXPECT(games_timbiriche_lesson_get_info(0, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_timbiriche_lesson_get_info(GAMES_TIMBIRICHE_LESSONS, &info), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_lesson_get_info(UINT32_MAX, &info), GAMES_RESULT_INVALID_PARAMETER);
    for (uint32_t i = 0; i < GAMES_TIMBIRICHE_LESSONS; i++) {
        for (uint32_t w = 0; w < 8; w++) {
            games_result r = games_timbiriche_lesson_text(i, w, NULL, 0, &n);
            if (r == GAMES_RESULT_INVALID_PARAMETER) continue;
            BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_timbiriche_lesson_text(i, w, B, C, L));
        }
        EXPECT(games_timbiriche_lesson_text(i, UINT32_MAX, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        BUFSWEEP(no_snap, (void *)0, uint8_t, GAMES_RESULT_OK, games_timbiriche_lesson_drawn(i, B, C, L));
        BUFSWEEP(no_snap, (void *)0, uint32_t, GAMES_RESULT_OK, games_timbiriche_lesson_owners(i, B, C, L));
        bool met;
        BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_timbiriche_lesson_check(i, line, &met, B, C, L));
        EXPECT(games_timbiriche_lesson_check(i, line, NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
        /* "A line off the board is not an error: the explanation says so." */
        met = true;
        BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_timbiriche_lesson_check(i, badline, &met, B, C, L));
        if (met) FAIL("lesson %u: a line that is not one met the goal", i);
        met = true;
        BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_timbiriche_lesson_check(i, far, &met, B, C, L));
        if (met) FAIL("lesson %u: a line off the board met the goal", i);
    }
    EXPECT(games_timbiriche_lesson_text(GAMES_TIMBIRICHE_LESSONS, 0, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_lesson_drawn(GAMES_TIMBIRICHE_LESSONS, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_timbiriche_lesson_owners(GAMES_TIMBIRICHE_LESSONS, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    {
        bool met;
        EXPECT(games_timbiriche_lesson_check(GAMES_TIMBIRICHE_LESSONS, line, &met, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    }
    /* play the first game out: refusals at its end */
    for (int i = 0; i < 30; i++) {
        games_timbiriche_state s;
        games_timbiriche_get_state(g, &s);
        if (s.game_over) break;
        games_timbiriche_ai_move(g, 0, NULL, NULL, &ol);
        games_timbiriche_play(g, ol, NULL);
    }
    REFUSED(snap_timbiriche, g, games_timbiriche_play(g, line, &done), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_timbiriche, g, games_timbiriche_ai_move(g, 0, NULL, NULL, &ol), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_timbiriche, g, games_timbiriche_take_hint(g, NULL, NULL, &hint), GAMES_RESULT_GAME_OVER);
    {
        /* a single game has no next game; a game whose hints are spent */
        games_timbiriche_options one;
        games_timbiriche_options_default(&one);
        games_timbiriche_game *s1 = NULL;
        EXPECT(games_timbiriche_new(&one, &s1), GAMES_RESULT_OK);
        REFUSED(snap_timbiriche, s1, games_timbiriche_next_game(s1), GAMES_RESULT_MATCH_OVER);
        games_budget small = {2000, 0};
        int taken = 0;
        while (games_timbiriche_take_hint(s1, &small, NULL, &hint) == GAMES_RESULT_OK) taken++;
        if (taken != 3) FAIL("%d hints taken, 3 expected", taken);
        REFUSED(snap_timbiriche, s1, games_timbiriche_take_hint(s1, &small, NULL, &hint), GAMES_RESULT_INVALID_PARAMETER);
        games_timbiriche_free(s1);
    }
    for (uint32_t k = 0; k < 4; k++)
        BUFSWEEP(snap_timbiriche, g, games_timbiriche_line, GAMES_RESULT_OK, games_timbiriche_lines(g, k, B, C, L));
    BUFSWEEP(snap_timbiriche, g, games_timbiriche_component, GAMES_RESULT_OK, games_timbiriche_components(g, B, C, L));
    games_timbiriche_free(g);
}

static void sweep_backgammon(void) {
    games_backgammon_options o;
    EXPECT(games_backgammon_options_default(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_options_default(&o), GAMES_RESULT_OK);
    games_backgammon_game *g = NULL, *c = NULL;
    EXPECT(games_backgammon_new(NULL, &g), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_new(&o, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_backgammon_options bad = o;
    bad.opening_first = 7; bad.opening_second = 1; EXPECT(games_backgammon_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad.opening_first = 3; bad.opening_second = 3; EXPECT(games_backgammon_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad.opening_first = 3; bad.opening_second = 0; EXPECT(games_backgammon_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad.opening_first = 0; bad.opening_second = UINT32_MAX; EXPECT(games_backgammon_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
    const char *pid = "4HPwATDgc/ABMA";
    EXPECT(games_backgammon_new_from_position_id(NULL, 0, 1, &g), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_new_from_position_id(pid, 0, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_new_from_position_id(pid, 2, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_new_from_position_id(pid, UINT32_MAX, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_new_from_position_id("", 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_new_from_position_id("\xff", 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_new_from_xgid(NULL, 0, 1, &g), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_new_from_xgid("XGID=", 0, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_new_from_xgid("XGID=", 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_new_from_xgid("\xff", 0, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    if (g) FAIL("backgammon new wrote a handle on failure");
    EXPECT(games_backgammon_new(&o, &g), GAMES_RESULT_OK);
    EXPECT(games_backgammon_clone(NULL, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_clone(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_backgammon_state st;
    games_backgammon_board bd;
    EXPECT(games_backgammon_get_state(NULL, &st), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_get_state(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_get_board(NULL, &bd), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_get_board(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    uint32_t d1, d2, cnt;
    bool passed;
    EXPECT(games_backgammon_roll(NULL, &d1, &d2, &passed), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_roll(g, &d1, &d2, &passed), GAMES_RESULT_WRONG_PHASE);
    EXPECT(games_backgammon_set_dice(NULL, 1, 2, &passed), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_set_dice(g, 1, 2, &passed), GAMES_RESULT_WRONG_PHASE);
    EXPECT(games_backgammon_legal_play_count(NULL, &cnt), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_play_count(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_play_count(g, &cnt), GAMES_RESULT_OK);
    size_t n;
    EXPECT(games_backgammon_legal_plays(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_moves(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(snap_backgammon, g, games_backgammon_move, GAMES_RESULT_OK, games_backgammon_legal_plays(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, games_backgammon_move, GAMES_RESULT_OK, games_backgammon_legal_moves(g, B, C, L));
    games_backgammon_move play;
    EXPECT(games_backgammon_legal_play_get(NULL, 0, &play), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_play_get(g, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_play_get(g, cnt, &play), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_legal_play_get(g, UINT32_MAX, &play), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_legal_play_get(g, 0, &play), GAMES_RESULT_OK);
    EXPECT(games_backgammon_legal_play_notation(NULL, 0, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_play_notation(g, cnt, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_legal_play_notation(g, 0, B, C, L));
    EXPECT(games_backgammon_legal_play_position_id(NULL, 0, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_legal_play_position_id(g, cnt, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_legal_play_position_id(g, 0, B, C, L));
    EXPECT(games_backgammon_play_to_string(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_backgammon_play_to_string(&play, B, C, L));
    EXPECT(games_backgammon_move_to_string(g, NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_move_to_string(g, &play, B, C, L));
    BUFSWEEP(no_snap, (void *)0, char, GAMES_RESULT_OK, games_backgammon_move_to_string(NULL, &play, B, C, L));
    {
        games_backgammon_move wild = play;
        wild.step_count = 5;
        EXPECT(games_backgammon_play_to_string(&wild, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        REFUSED(snap_backgammon, g, games_backgammon_play_move(g, &wild), GAMES_RESULT_INVALID_PARAMETER);
        wild.step_count = UINT32_MAX;
        EXPECT(games_backgammon_play_to_string(&wild, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        REFUSED(snap_backgammon, g, games_backgammon_play(g, &wild), GAMES_RESULT_INVALID_PARAMETER);
        wild = play;
        wild.steps[0].from = 26;
        EXPECT(games_backgammon_play_to_string(&wild, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        REFUSED(snap_backgammon, g, games_backgammon_play_move(g, &wild), GAMES_RESULT_INVALID_PARAMETER);
        wild = play;
        wild.steps[0].to = 255;
        EXPECT(games_backgammon_play_to_string(&wild, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        REFUSED(snap_backgammon, g, games_backgammon_play_move(g, &wild), GAMES_RESULT_INVALID_PARAMETER);
    }
    EXPECT(games_backgammon_play_notation(NULL, ""), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_play_notation(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_play_notation(g, "zz"), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_play_notation(g, "\xff"), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_play_notation(g, "99/1"), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_play_move(NULL, &play), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_play_move(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_play(NULL, &play), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_play(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_backgammon_move ai;
    EXPECT(games_backgammon_ai_move(NULL, 0, NULL, NULL, &ai), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_ai_move(g, 0, NULL, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_ai_move(g, 3, NULL, NULL, &ai), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_position_id(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_xgid(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_save(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_last_error(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_movable_checkers(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_destinations(NULL, 24, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_position_id(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_xgid(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, uint8_t, GAMES_RESULT_OK, games_backgammon_save(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_last_error(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, uint8_t, GAMES_RESULT_OK, games_backgammon_movable_checkers(g, B, C, L));
    for (uint32_t p = 0; p <= 25; p++)
        BUFSWEEP(snap_backgammon, g, uint8_t, GAMES_RESULT_OK, games_backgammon_destinations(g, p, B, C, L));
    EXPECT(games_backgammon_destinations(g, 26, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_destinations(g, UINT32_MAX, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    uint32_t from;
    EXPECT(games_backgammon_checker_for_point(NULL, 1, &from), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_checker_for_point(g, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_checker_for_point(g, 25, &from), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_backgammon_checker_for_point(g, UINT32_MAX, &from), GAMES_RESULT_INVALID_PARAMETER);
    games_backgammon_step step;
    EXPECT(games_backgammon_step_play(NULL, 24, 18, &step), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_step_play(g, 26, 18, &step), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_backgammon, g, games_backgammon_step_play(g, UINT32_MAX, UINT32_MAX, &step), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_backgammon, g, games_backgammon_step_play(g, 1, 0, &step), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_backgammon_step_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_turn_commit(NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_step_undo(g), GAMES_RESULT_NOTHING_TO_UNDO);
    REFUSED(snap_backgammon, g, games_backgammon_undo(g), GAMES_RESULT_NOTHING_TO_UNDO);
    REFUSED(snap_backgammon, g, games_backgammon_turn_commit(g), GAMES_RESULT_WRONG_PHASE);
    games_backgammon_turn_record rec;
    EXPECT(games_backgammon_history_get(NULL, 0, &rec, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_history_get(g, 0, &rec, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    uint32_t code;
    EXPECT(games_backgammon_last_error_code(NULL, &code), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_last_error_code(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_load(NULL, 3, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_load((const uint8_t *)"{}", 2, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_backgammon_load(NULL, 0, &c), GAMES_RESULT_INVALID_DATA);
    EXPECT(games_backgammon_load((const uint8_t *)"\xff", 1, &c), GAMES_RESULT_INVALID_DATA);
    if (c) FAIL("load wrote a handle on failure");
    /* play one turn, then the history and the phase after it */
    EXPECT(games_backgammon_play_move(g, &play), GAMES_RESULT_OK);
    REFUSED(snap_backgammon, g, games_backgammon_play_move(g, &play), GAMES_RESULT_WRONG_PHASE);
    REFUSED(snap_backgammon, g, games_backgammon_play_notation(g, "24/18"), GAMES_RESULT_WRONG_PHASE);
    REFUSED(snap_backgammon, g, games_backgammon_ai_move(g, 0, NULL, NULL, &ai), GAMES_RESULT_WRONG_PHASE);
    REFUSED(snap_backgammon, g, games_backgammon_step_play(g, 24, 18, &step), GAMES_RESULT_WRONG_PHASE);
    REFUSED(snap_backgammon, g, games_backgammon_set_dice(g, 0, 2, &passed), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_set_dice(g, 1, 7, &passed), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_backgammon, g, games_backgammon_set_dice(g, UINT32_MAX, 1, &passed), GAMES_RESULT_INVALID_PARAMETER);
    BUFSWEEP(snap_backgammon, g, games_backgammon_move, GAMES_RESULT_OK, games_backgammon_legal_plays(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, uint8_t, GAMES_RESULT_OK, games_backgammon_movable_checkers(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, uint8_t, GAMES_RESULT_OK, games_backgammon_destinations(g, 24, B, C, L));
    {
        snap_t b4, af;
        snap_backgammon(g, &b4);
        memset(&rec, 0x5A, sizeof rec);
        games_backgammon_turn_record rec0 = rec;
        BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_history_get(g, 0, C == need_ ? NULL : &rec, B, C, L));
        if (memcmp(&rec, &rec0, sizeof rec) != 0) FAIL("history_get wrote out_record on a refused call");
        EXPECT(games_backgammon_history_get(g, 1, &rec, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        snap_backgammon(g, &af);
        if (!same_snap(&b4, &af)) FAIL("history_get changed the handle");
    }
    EXPECT(games_backgammon_roll(g, NULL, NULL, NULL), GAMES_RESULT_OK);
    /* play to the end: every call that moves is refused with GAME_OVER */
    for (int i = 0; i < 2000; i++) {
        games_backgammon_get_state(g, &st);
        if (st.game_over) break;
        if (!st.dice_rolled) {
            games_backgammon_roll(g, NULL, NULL, NULL);
            continue;
        }
        games_budget few = {64, 0};
        if (games_backgammon_ai_move(g, 0, &few, NULL, &ai) != GAMES_RESULT_OK) break;
        games_backgammon_play_move(g, &ai);
    }
    if (!st.game_over) FAIL("backgammon game did not end");
    REFUSED(snap_backgammon, g, games_backgammon_roll(g, &d1, &d2, &passed), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_backgammon, g, games_backgammon_set_dice(g, 1, 2, &passed), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_backgammon, g, games_backgammon_play_move(g, &play), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_backgammon, g, games_backgammon_play_notation(g, "24/18"), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_backgammon, g, games_backgammon_ai_move(g, 0, NULL, NULL, &ai), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_backgammon, g, games_backgammon_step_play(g, 24, 18, &step), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_backgammon, g, games_backgammon_turn_commit(g), GAMES_RESULT_GAME_OVER);
    BUFSWEEP(snap_backgammon, g, games_backgammon_move, GAMES_RESULT_OK, games_backgammon_legal_plays(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, uint8_t, GAMES_RESULT_OK, games_backgammon_movable_checkers(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_position_id(g, B, C, L));
    BUFSWEEP(snap_backgammon, g, char, GAMES_RESULT_OK, games_backgammon_xgid(g, B, C, L));
    EXPECT(games_backgammon_legal_play_count(g, &cnt), GAMES_RESULT_OK);
    if (cnt != 0) FAIL("%u legal plays once over", cnt);
    games_backgammon_free(g);
}

static void sweep_canicas(void) {
    games_canicas_options o;
    EXPECT(games_canicas_options_default(0, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_options_default(2, &o), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_options_default(UINT32_MAX, &o), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_options_default(0, &o), GAMES_RESULT_OK);
    games_canicas_game *g = NULL, *c = NULL;
    EXPECT(games_canicas_new(&o, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_new_lines98(&o, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_canicas_options bad = o;
    bad.size = 12; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.size = 256 + 9; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.colours = 0; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.colours = 10; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.min_line = 0; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.arrivals = 0; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.arrivals = 9; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.start = 200; EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    bad = o; bad.start = UINT32_MAX; EXPECT(games_canicas_new_lines98(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
    if (g) FAIL("canicas_new wrote a handle on failure");
    EXPECT(games_canicas_new(NULL, 1, &g), GAMES_RESULT_OK);
    games_canicas_free(g);
    g = NULL;
    EXPECT(games_canicas_new(&o, 1, &g), GAMES_RESULT_OK);
    EXPECT(games_canicas_clone(NULL, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_clone(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_canicas_state st;
    EXPECT(games_canicas_get_state(NULL, &st), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_get_state(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    size_t n;
    EXPECT(games_canicas_cells(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_next_colours(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_board_text(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_reachable(NULL, 0, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_legal_moves(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    games_canicas_move mv = {0, 1};
    EXPECT(games_canicas_path(NULL, mv, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_move_to_string(NULL, mv, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_last_lines(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_last_arrivals(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_moves_played(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_save(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_last_error(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_shown_landings(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(snap_canicas, g, uint8_t, GAMES_RESULT_OK, games_canicas_cells(g, B, C, L));
    BUFSWEEP(snap_canicas, g, uint8_t, GAMES_RESULT_OK, games_canicas_next_colours(g, B, C, L));
    BUFSWEEP(snap_canicas, g, char, GAMES_RESULT_OK, games_canicas_board_text(g, B, C, L));
    BUFSWEEP(snap_canicas, g, games_canicas_move, GAMES_RESULT_OK, games_canicas_legal_moves(g, B, C, L));
    BUFSWEEP(snap_canicas, g, games_canicas_line, GAMES_RESULT_OK, games_canicas_last_lines(g, B, C, L));
    BUFSWEEP(snap_canicas, g, games_canicas_arrival, GAMES_RESULT_OK, games_canicas_last_arrivals(g, B, C, L));
    BUFSWEEP(snap_canicas, g, games_canicas_move, GAMES_RESULT_OK, games_canicas_moves_played(g, B, C, L));
    BUFSWEEP(snap_canicas, g, uint8_t, GAMES_RESULT_OK, games_canicas_save(g, B, C, L));
    BUFSWEEP(snap_canicas, g, char, GAMES_RESULT_OK, games_canicas_last_error(g, B, C, L));
    BUFSWEEP(snap_canicas, g, uint32_t, GAMES_RESULT_OK, games_canicas_shown_landings(g, B, C, L));
    /* a legal move from the list */
    games_canicas_move legal[GAMES_CANICAS_MAX_LEGAL_MOVES];
    EXPECT(games_canicas_legal_moves(g, legal, GAMES_CANICAS_MAX_LEGAL_MOVES, &n), GAMES_RESULT_OK);
    games_canicas_move lm = legal[0];
    BUFSWEEP(snap_canicas, g, uint32_t, GAMES_RESULT_OK, games_canicas_reachable(g, lm.from, B, C, L));
    BUFSWEEP(snap_canicas, g, uint32_t, GAMES_RESULT_OK, games_canicas_path(g, lm, B, C, L));
    BUFSWEEP(snap_canicas, g, char, GAMES_RESULT_OK, games_canicas_move_to_string(g, lm, B, C, L));
    EXPECT(games_canicas_reachable(g, 81, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_reachable(g, UINT32_MAX, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_reachable(g, lm.to, NULL, 0, &n), GAMES_RESULT_ILLEGAL_MOVE);
    games_canicas_move off = {lm.from, 81}, huge = {UINT32_MAX, 256};
    EXPECT(games_canicas_path(g, off, NULL, 0, &n), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_canicas_path(g, huge, NULL, 0, &n), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_canicas_move_to_string(g, off, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_move_to_string(g, huge, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    games_canicas_outcome oc;
    uint32_t code;
    EXPECT(games_canicas_play(NULL, lm, &oc), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_play(g, off, &oc), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_canicas, g, games_canicas_play(g, huge, &oc), GAMES_RESULT_ILLEGAL_MOVE);
    EXPECT(games_canicas_play_notation(NULL, "a1-a2", &oc), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_play_notation(g, NULL, &oc), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_play_notation(g, "", &oc), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_play_notation(g, "\xff", &oc), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_play_notation(g, "z1-a1", &oc), GAMES_RESULT_INVALID_PARAMETER);
    games_canicas_move pm;
    EXPECT(games_canicas_parse_move(NULL, "a1-a2", &pm), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_parse_move(g, NULL, &pm), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_parse_move(g, "a1-a2", NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_parse_move(g, "j1-a1", &pm), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_retry(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_new_deal(NULL, 1), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_undo(g), GAMES_RESULT_NOTHING_TO_UNDO);
    REFUSED(snap_canicas, g, games_canicas_reachable(g, 81, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_reachable(g, lm.from, NULL, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_path(g, off, NULL, 0, &n), GAMES_RESULT_ILLEGAL_MOVE);
    REFUSED(snap_canicas, g, games_canicas_path(g, lm, NULL, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    {
        games_canicas_game *u = NULL;
        EXPECT(games_canicas_clone(g, &u), GAMES_RESULT_OK);
        EXPECT(games_canicas_play(u, lm, NULL), GAMES_RESULT_OK);
        EXPECT(games_canicas_undo(u), GAMES_RESULT_OK);
        REFUSED(snap_canicas, u, games_canicas_undo(u), GAMES_RESULT_NOTHING_TO_UNDO);
        EXPECT(games_canicas_last_error_code(u, &code), GAMES_RESULT_OK);
        if (code != GAMES_CANICAS_ERROR_ALREADY_UNDONE) FAIL("second undo: code %u", code);
        games_canicas_free(u);
    }
    games_canicas_move hm;
    EXPECT(games_canicas_hint(NULL, NULL, NULL, &hm), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_ai_move(NULL, NULL, NULL, &hm), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_hint(g, NULL, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    REFUSED(snap_canicas, g, games_canicas_ai_move(g, NULL, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    bool on;
    EXPECT(games_canicas_last_error_code(NULL, &code), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_last_error_code(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_lines98(NULL, &on), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_lines98(g, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_load(NULL, 3, &c), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_load((const uint8_t *)"{}", 2, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_load(NULL, 0, &c), GAMES_RESULT_INVALID_DATA);
    EXPECT(games_canicas_load((const uint8_t *)"\xff", 1, &c), GAMES_RESULT_INVALID_DATA);
    if (c) FAIL("load wrote a handle on failure");
    /* board text */
    uint32_t size;
    EXPECT(games_canicas_board_from_text(NULL, NULL, 0, &n, &size), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_board_from_text("....", NULL, 0, &n, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_board_from_text("...", NULL, 0, &n, &size), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_board_from_text("\xff", NULL, 0, &n, &size), GAMES_RESULT_INVALID_PARAMETER);
    {
        uint32_t size0 = 4242;
        size = size0;
        BUFSWEEP(no_snap, (void *)0, uint8_t, GAMES_RESULT_OK, games_canicas_board_from_text("1...", B, C, L, C == need_ ? &size : &size0));
        if (size0 != 4242) FAIL("board_from_text wrote out_size on a refused call");
        if (size != 2) FAIL("board_from_text size %u", size);
    }
    /* stateless board calls */
    uint8_t cells[GAMES_CANICAS_MAX_CELLS];
    EXPECT(games_canicas_cells(g, cells, sizeof cells, &n), GAMES_RESULT_OK);
    size_t ncells = n;
    uint8_t next[GAMES_CANICAS_MAX_ARRIVALS];
    size_t nnext;
    EXPECT(games_canicas_next_colours(g, next, sizeof next, &nnext), GAMES_RESULT_OK);
    games_canicas_board_outcome bo;
    {
        uint8_t copy[GAMES_CANICAS_MAX_CELLS];
        memcpy(copy, cells, sizeof copy);
        EXPECT(games_canicas_board_apply(&o, NULL, ncells, lm, &bo), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_canicas_board_apply(&o, copy, ncells, lm, NULL), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_canicas_board_apply(&o, copy, ncells - 1, lm, &bo), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_canicas_board_apply(&o, copy, 0, lm, &bo), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_canicas_board_apply(&bad, copy, ncells, lm, &bo), GAMES_RESULT_INVALID_PARAMETER);
        if (memcmp(copy, cells, sizeof copy) != 0) FAIL("a refused board_apply changed the cells");
        EXPECT(games_canicas_board_apply(&o, copy, ncells, off, &bo), GAMES_RESULT_OK);
        if (bo.legal) FAIL("off-board move legal on a board");
        EXPECT(games_canicas_board_apply(&o, copy, ncells, huge, &bo), GAMES_RESULT_OK);
        if (bo.legal) FAIL("huge move legal on a board");
        if (memcmp(copy, cells, sizeof copy) != 0) FAIL("an illegal board_apply changed the cells");
        copy[lm.to] = 10;
        EXPECT(games_canicas_board_apply(&o, copy, ncells, lm, &bo), GAMES_RESULT_INVALID_PARAMETER);
    }
    games_budget tiny = {50, 0};
    EXPECT(games_canicas_board_hint(&o, NULL, ncells, next, nnext, &tiny, NULL, &hm), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_board_hint(&o, cells, ncells, NULL, nnext, &tiny, NULL, &hm), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_board_hint(&o, cells, ncells, next, nnext, &tiny, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_board_hint(&o, cells, ncells - 1, next, nnext, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_board_hint(&o, cells, ncells, next, nnext + 1, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_board_hint(&bad, cells, ncells, next, nnext, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_board_hint(&o, cells, ncells, next, nnext, &tiny, NULL, &hm), GAMES_RESULT_OK);
    {
        uint32_t land[GAMES_CANICAS_MAX_ARRIVALS] = {0};
        EXPECT(games_canicas_board_hint_lines98(&o, cells, ncells, next, nnext, NULL, nnext, &tiny, NULL, &hm), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_canicas_board_hint_lines98(&o, cells, ncells, next, nnext, land, nnext, &tiny, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
        land[0] = 81;
        EXPECT(games_canicas_board_hint_lines98(&o, cells, ncells, next, nnext, land, 1, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
        land[0] = UINT32_MAX;
        EXPECT(games_canicas_board_hint_lines98(&o, cells, ncells, next, nnext, land, 1, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
        land[0] = lm.from; /* taken */
        EXPECT(games_canicas_board_hint_lines98(&o, cells, ncells, next, nnext, land, 1, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_canicas_board_hint_lines98(&o, cells, ncells, next, nnext, land, nnext + 1, &tiny, NULL, &hm), GAMES_RESULT_INVALID_PARAMETER);
    }
    games_canicas_arena_report rep;
    EXPECT(games_canicas_arena(&o, 1, 1, 1, 1, &tiny, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_arena(&bad, 1, 1, 1, 1, &tiny, NULL, &rep), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_arena(&o, UINT64_MAX, 2, 1, 1, &tiny, NULL, &rep), GAMES_RESULT_INVALID_PARAMETER);
    /* One move of one deal: the cap stops the game, so no game is full and
     * the full-game figures are 0 (every field written, the layout C's). */
    memset(&rep, 0xFF, sizeof rep);
    EXPECT(games_canicas_arena(&o, 1, 1, 1, 1, &tiny, NULL, &rep), GAMES_RESULT_OK);
    if (rep.games != 1 || rep.moves != 1 || rep.deaths != 0 || rep.cancelled || rep.mean_moves != 1.0)
        FAIL("arena of one capped move: games %llu, moves %llu, deaths %llu", (unsigned long long)rep.games,
             (unsigned long long)rep.moves, (unsigned long long)rep.deaths);
    if (rep.full_games != 0 || rep.capped_games != 1 || rep.full_mean_points != 0.0 ||
        rep.full_median_points != 0.0 || rep.full_mean_moves != 0.0 || rep.full_median_moves != 0.0)
        FAIL("arena of one capped game: full %llu, capped %llu, full mean moves %f",
             (unsigned long long)rep.full_games, (unsigned long long)rep.capped_games, rep.full_mean_moves);
    /* records */
    games_canicas_records *recs = NULL, *r2 = NULL;
    EXPECT(games_canicas_records_new(NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_new(&recs), GAMES_RESULT_OK);
    games_canicas_summary sum;
    EXPECT(games_canicas_records_finish(NULL, g, 0, &sum), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_finish(recs, NULL, 0, &sum), GAMES_RESULT_NULL_PARAMETER);
    {
        static uint8_t before[1 << 16], after[1 << 16];
        size_t nb, na;
        EXPECT(games_canicas_records_save(recs, before, sizeof before, &nb), GAMES_RESULT_OK);
        memset(&sum, 0x5A, sizeof sum);
        games_canicas_summary sum0 = sum;
        EXPECT(games_canicas_records_finish(recs, g, 0, &sum), GAMES_RESULT_WRONG_PHASE);
        if (memcmp(&sum, &sum0, sizeof sum) != 0) FAIL("a refused records_finish wrote its summary");
        EXPECT(games_canicas_records_save(recs, after, sizeof after, &na), GAMES_RESULT_OK);
        if (na != nb || memcmp(before, after, nb) != 0) FAIL("a refused records_finish changed the records");
    }
    games_canicas_record rec;
    EXPECT(games_canicas_records_get(NULL, &o, &rec), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_get(recs, &o, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_get(recs, &bad, &rec), GAMES_RESULT_INVALID_PARAMETER);
    EXPECT(games_canicas_records_get_lines98(NULL, &o, true, &rec), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_get_lines98(recs, &o, true, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_save(NULL, NULL, 0, &n), GAMES_RESULT_NULL_PARAMETER);
    BUFSWEEP(no_snap, (void *)0, uint8_t, GAMES_RESULT_OK, games_canicas_records_save(recs, B, C, L));
    EXPECT(games_canicas_records_load(NULL, 3, &r2), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_load((const uint8_t *)"{}", 2, NULL), GAMES_RESULT_NULL_PARAMETER);
    EXPECT(games_canicas_records_load((const uint8_t *)"\xff", 1, &r2), GAMES_RESULT_INVALID_DATA);
    if (r2) FAIL("records_load wrote a handle on failure");
    /* play the game out with hints, then the refusals of a finished game */
    for (int i = 0; i < 2000; i++) {
        games_canicas_get_state(g, &st);
        if (st.game_over) break;
        games_budget b = {30, 0};
        if (games_canicas_hint(g, &b, NULL, &hm) != GAMES_RESULT_OK) break;
        games_canicas_play(g, hm, NULL);
    }
    games_canicas_get_state(g, &st);
    if (!st.game_over) FAIL("canicas game did not end");
    REFUSED(snap_canicas, g, games_canicas_play(g, lm, &oc), GAMES_RESULT_GAME_OVER);
    REFUSED(snap_canicas, g, games_canicas_hint(g, NULL, NULL, &hm), GAMES_RESULT_GAME_OVER);
    BUFSWEEP(snap_canicas, g, games_canicas_move, GAMES_RESULT_OK, games_canicas_legal_moves(g, B, C, L));
    EXPECT(games_canicas_reachable(g, 0, NULL, 0, &n), GAMES_RESULT_GAME_OVER);
    EXPECT(games_canicas_records_finish(recs, g, 10, NULL), GAMES_RESULT_OK);
    EXPECT(games_canicas_records_get(recs, &o, &rec), GAMES_RESULT_OK);
    EXPECT(games_canicas_records_get_lines98(recs, &o, true, &rec), GAMES_RESULT_OK);
    EXPECT(games_canicas_records_get_lines98(recs, &bad, false, &rec), GAMES_RESULT_INVALID_PARAMETER);
    BUFSWEEP(no_snap, (void *)0, uint8_t, GAMES_RESULT_OK, games_canicas_records_save(recs, B, C, L));
    {
        static uint8_t bytes[1 << 16];
        EXPECT(games_canicas_records_save(recs, bytes, sizeof bytes, &n), GAMES_RESULT_OK);
        EXPECT(games_canicas_records_load(bytes, n, &r2), GAMES_RESULT_OK);
        EXPECT(games_canicas_records_load(bytes, n - 1, NULL), GAMES_RESULT_NULL_PARAMETER);
        games_canicas_records_free(r2);
        /* a clone holds the same records and lives on its own */
        static uint8_t copied[1 << 16];
        size_t nc;
        r2 = NULL;
        EXPECT(games_canicas_records_clone(NULL, &r2), GAMES_RESULT_NULL_PARAMETER);
        EXPECT(games_canicas_records_clone(recs, NULL), GAMES_RESULT_NULL_PARAMETER);
        if (r2) FAIL("records_clone wrote a handle on failure");
        EXPECT(games_canicas_records_clone(recs, &r2), GAMES_RESULT_OK);
        EXPECT(games_canicas_records_save(r2, copied, sizeof copied, &nc), GAMES_RESULT_OK);
        if (nc != n || memcmp(bytes, copied, n) != 0) FAIL("records_clone saves other bytes");
        games_canicas_records_free(r2);
        EXPECT(games_canicas_save(g, bytes, sizeof bytes, &n), GAMES_RESULT_OK);
        EXPECT(games_canicas_load(bytes, n, &c), GAMES_RESULT_OK);
        games_canicas_free(c);
        c = NULL;
        EXPECT(games_canicas_load(bytes, n - 1, &c), GAMES_RESULT_INVALID_DATA);
        if (c) FAIL("canicas_load wrote a handle on failure");
    }
    EXPECT(games_canicas_retry(g), GAMES_RESULT_OK);
    EXPECT(games_canicas_new_deal(g, UINT64_MAX), GAMES_RESULT_OK);
    games_canicas_free(g);
    /* the Lines 98 rule: landings shown */
    g = NULL;
    EXPECT(games_canicas_new_lines98(NULL, 7, &g), GAMES_RESULT_OK);
    EXPECT(games_canicas_lines98(g, &on), GAMES_RESULT_OK);
    if (!on) FAIL("new_lines98 is not Lines 98");
    BUFSWEEP(snap_canicas, g, uint32_t, GAMES_RESULT_OK, games_canicas_shown_landings(g, B, C, L));
    games_canicas_free(g);
    games_canicas_records_free(recs);
}

/* A bool field of a struct the library reads must hold 0 or 1; a host
 * that leaves one uninitialised (or copies bytes into it) hands over
 * another byte, which the library must refuse as it refuses an enum value
 * out of range, not read as a Rust bool (undefined behaviour there). */
static void sweep_bool_bytes(void) {
    games_timbiriche_options o;
    EXPECT(games_timbiriche_options_default(&o), GAMES_RESULT_OK);
    games_timbiriche_game *g = NULL;
    ((unsigned char *)&o)[offsetof(games_timbiriche_options, misere)] = 2;
    EXPECT(games_timbiriche_new(&o, &g), GAMES_RESULT_INVALID_PARAMETER);
    if (g) FAIL("timbiriche_new made a game of a misere byte 2");
    games_timbiriche_free(g);

    games_backgammon_options bo;
    EXPECT(games_backgammon_options_default(&bo), GAMES_RESULT_OK);
    games_backgammon_game *bg = NULL;
    EXPECT(games_backgammon_new(&bo, &bg), GAMES_RESULT_OK);
    games_backgammon_move play;
    EXPECT(games_backgammon_legal_play_get(bg, 0, &play), GAMES_RESULT_OK);
    size_t n;
    for (uint32_t i = 0; i < play.step_count; i++) {
        games_backgammon_move bad = play;
        ((unsigned char *)&bad.steps[i])[offsetof(games_backgammon_step, hit)] = 0xFF;
        EXPECT(games_backgammon_play_to_string(&bad, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_backgammon_move_to_string(bg, &bad, NULL, 0, &n), GAMES_RESULT_INVALID_PARAMETER);
        REFUSED(snap_backgammon, bg, games_backgammon_play_move(bg, &bad), GAMES_RESULT_INVALID_PARAMETER);
        REFUSED(snap_backgammon, bg, games_backgammon_play(bg, &bad), GAMES_RESULT_INVALID_PARAMETER);
    }
    /* a byte past step_count is not read */
    games_backgammon_move tail = play;
    ((unsigned char *)&tail.steps[3])[offsetof(games_backgammon_step, hit)] = 0xFF;
    if (play.step_count < 4) EXPECT(games_backgammon_play_move(bg, &tail), GAMES_RESULT_OK);
    games_backgammon_free(bg);
}

/* "Why the last failed call on this handle failed, as a code: [...]
 * `_OTHER` after another failure; `_NONE` after a success." A call on a
 * non-const handle refused for a NULL pointer is such a failure: the code
 * must say so, not keep the success of the call before. */
#define AFTER_SUCCESS_THEN(game, h, ok_call, refused_call, other)                          \
    do {                                                                                \
        uint32_t code_ = 12345;                                                         \
        char msg_[256];                                                                 \
        size_t n_;                                                                      \
        EXPECT(ok_call, GAMES_RESULT_OK);                                               \
        EXPECT(refused_call, GAMES_RESULT_NULL_PARAMETER);                              \
        EXPECT(games_##game##_last_error_code(h, &code_), GAMES_RESULT_OK);             \
        if (code_ != (other)) FAIL("%s then %s: code %u, expected %u", #ok_call, #refused_call, code_, (unsigned)(other)); \
        EXPECT(games_##game##_last_error(h, msg_, sizeof msg_, &n_), GAMES_RESULT_OK);  \
        if (n_ <= 1) FAIL("%s: no last error message", #refused_call);                  \
    } while (0)

static void sweep_last_error(void) {
    games_nim_game *n = NULL;
    EXPECT(games_nim_new(NULL, 0, 0, 1, 0, 1, &n), GAMES_RESULT_OK);
    games_nim_move take = {0, 1};
    games_nim_move *none = NULL;
    AFTER_SUCCESS_THEN(nim, n, games_nim_undo(n) == GAMES_RESULT_NOTHING_TO_UNDO ? games_nim_play(n, take) : 99,
                       games_nim_play_notation(n, NULL), GAMES_NIM_MOVE_OTHER);
    AFTER_SUCCESS_THEN(nim, n, games_nim_undo(n), games_nim_ai_move(n, 0, NULL, NULL, none), GAMES_NIM_MOVE_OTHER);
    games_nim_free(n);

    games_timbiriche_options to;
    games_timbiriche_options_default(&to);
    games_timbiriche_game *t = NULL;
    EXPECT(games_timbiriche_new(&to, &t), GAMES_RESULT_OK);
    games_timbiriche_line line = {0, 0, 0}, parsed;
    AFTER_SUCCESS_THEN(timbiriche, t, games_timbiriche_parse_line(t, "a1-b1", &parsed),
                       games_timbiriche_parse_line(t, NULL, &parsed), GAMES_TIMBIRICHE_ERROR_OTHER);
    AFTER_SUCCESS_THEN(timbiriche, t, games_timbiriche_parse_line(t, "a1-b1", &parsed),
                       games_timbiriche_play_notation(t, NULL, NULL), GAMES_TIMBIRICHE_ERROR_OTHER);
    AFTER_SUCCESS_THEN(timbiriche, t, games_timbiriche_play(t, line, NULL),
                       games_timbiriche_ai_move(t, 0, NULL, NULL, NULL), GAMES_TIMBIRICHE_ERROR_OTHER);
    AFTER_SUCCESS_THEN(timbiriche, t, games_timbiriche_undo(t),
                       games_timbiriche_take_hint(t, NULL, NULL, NULL), GAMES_TIMBIRICHE_ERROR_OTHER);
    games_timbiriche_free(t);

    games_backgammon_options bo;
    games_backgammon_options_default(&bo);
    games_backgammon_game *b = NULL;
    EXPECT(games_backgammon_new(&bo, &b), GAMES_RESULT_OK);
    games_backgammon_move play;
    EXPECT(games_backgammon_legal_play_get(b, 0, &play), GAMES_RESULT_OK);
    AFTER_SUCCESS_THEN(backgammon, b, games_backgammon_step_play(b, play.steps[0].from, play.steps[0].to, NULL),
                       games_backgammon_play_move(b, NULL), GAMES_BACKGAMMON_ERROR_OTHER);
    AFTER_SUCCESS_THEN(backgammon, b, games_backgammon_step_undo(b),
                       games_backgammon_ai_move(b, 0, NULL, NULL, NULL), GAMES_BACKGAMMON_ERROR_OTHER);
    /* text that is not UTF-8 is bad notation, as in the other games */
    {
        uint32_t code = 0;
        REFUSED(snap_backgammon, b, games_backgammon_play_notation(b, "\xff"), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_backgammon_last_error_code(b, &code), GAMES_RESULT_OK);
        if (code != GAMES_BACKGAMMON_ERROR_BAD_NOTATION) FAIL("non-UTF-8 play: code %u", code);
        games_timbiriche_game *t2 = NULL;
        EXPECT(games_timbiriche_new(&to, &t2), GAMES_RESULT_OK);
        EXPECT(games_timbiriche_play_notation(t2, "\xff", NULL), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_timbiriche_last_error_code(t2, &code), GAMES_RESULT_OK);
        if (code != GAMES_TIMBIRICHE_ERROR_BAD_NOTATION) FAIL("non-UTF-8 line: code %u", code);
        games_timbiriche_free(t2);
    }
    games_backgammon_free(b);

    games_canicas_game *c = NULL;
    EXPECT(games_canicas_new(NULL, 1, &c), GAMES_RESULT_OK);
    games_canicas_move mv;
    size_t len;
    AFTER_SUCCESS_THEN(canicas, c, games_canicas_parse_move(c, "a1-a2", &mv),
                       games_canicas_parse_move(c, "a1-a2", NULL), GAMES_CANICAS_ERROR_OTHER);
    AFTER_SUCCESS_THEN(canicas, c, games_canicas_parse_move(c, "a1-a2", &mv),
                       games_canicas_play_notation(c, NULL, NULL), GAMES_CANICAS_ERROR_OTHER);
    AFTER_SUCCESS_THEN(canicas, c, games_canicas_parse_move(c, "a1-a2", &mv),
                       games_canicas_hint(c, NULL, NULL, NULL), GAMES_CANICAS_ERROR_OTHER);
    {
        games_canicas_move legal[GAMES_CANICAS_MAX_LEGAL_MOVES];
        EXPECT(games_canicas_legal_moves(c, legal, GAMES_CANICAS_MAX_LEGAL_MOVES, &len), GAMES_RESULT_OK);
        uint32_t cells[GAMES_CANICAS_MAX_CELLS];
        AFTER_SUCCESS_THEN(canicas, c, games_canicas_reachable(c, legal[0].from, cells, GAMES_CANICAS_MAX_CELLS, &len),
                           games_canicas_reachable(c, legal[0].from, cells, GAMES_CANICAS_MAX_CELLS, NULL),
                           GAMES_CANICAS_ERROR_OTHER);
        AFTER_SUCCESS_THEN(canicas, c, games_canicas_path(c, legal[0], cells, GAMES_CANICAS_MAX_CELLS, &len),
                           games_canicas_path(c, legal[0], cells, GAMES_CANICAS_MAX_CELLS, NULL),
                           GAMES_CANICAS_ERROR_OTHER);
    }
    games_canicas_free(c);
}

/* ---- the _reason companions ---------------------------------------------- */
/* REASON(ok, needle, expr): the buffer sweep of a companion whose exact fit
 * returns `ok` (the constructor's result for the same inputs), then the text
 * it wrote: "" for accepted inputs, else one that contains `needle`. */
#define REASON(ok, needle, expr)                                                \
    do {                                                                        \
        BUFSWEEP(no_snap, (void *)0, char, ok, expr);                           \
        const char *text_ = (const char *)arena_words;                          \
        if ((ok) == GAMES_RESULT_OK ? text_[0] != '\0' : strstr(text_, needle) == NULL) \
            FAIL("%s: reason \"%.200s\" (wanted \"%s\")", #expr, text_, needle); \
    } while (0)

/* Each companion against its constructor: the same result for the same
 * inputs, good and bad, NULL pointers included; the text in the buffer. */
static void sweep_reasons(void) {
    uint32_t rows[3] = {3, 4, 5};
    games_nim_game *n = NULL;
    EXPECT(games_nim_new(rows, 3, 0, 0, 0, 1, &n), GAMES_RESULT_INVALID_PARAMETER);
    REASON(GAMES_RESULT_INVALID_PARAMETER, "not 0", games_nim_new_reason(rows, 3, 0, 0, 0, B, C, L));
    REASON(GAMES_RESULT_INVALID_PARAMETER, "rule 2", games_nim_new_reason(rows, 3, 2, 1, 0, B, C, L));
    REASON(GAMES_RESULT_INVALID_PARAMETER, "first_player 4294967295", games_nim_new_reason(rows, 3, 0, 1, UINT32_MAX, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "rows is NULL", games_nim_new_reason(NULL, 3, 0, 1, 0, B, C, L));
    REASON(GAMES_RESULT_OK, "", games_nim_new_reason(NULL, 0, 0, 1, 0, B, C, L));
    EXPECT(games_nim_new(rows, 3, 0, 1, 0, 1, &n), GAMES_RESULT_OK);
    snap_t saved;
    snap_nim(n, &saved);
    games_nim_free(n);
    REASON(GAMES_RESULT_OK, "", games_nim_load_reason(saved.bytes, saved.len, B, C, L));
    REASON(GAMES_RESULT_INVALID_DATA, "not a saved Nim game", games_nim_load_reason(saved.bytes, 3, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "data is NULL", games_nim_load_reason(NULL, 4, B, C, L));

    games_timbiriche_options t;
    EXPECT(games_timbiriche_options_default(&t), GAMES_RESULT_OK);
    REASON(GAMES_RESULT_OK, "", games_timbiriche_new_reason(&t, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "options is NULL", games_timbiriche_new_reason(NULL, B, C, L));
    {
        games_timbiriche_options bad = t;
        games_timbiriche_game *g = NULL;
        bad.rows = 7;
        EXPECT(games_timbiriche_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
        REASON(GAMES_RESULT_INVALID_PARAMETER, "7x3", games_timbiriche_new_reason(&bad, B, C, L));
        bad = t;
        bad.start = UINT32_MAX;
        REASON(GAMES_RESULT_INVALID_PARAMETER, "start 4294967295", games_timbiriche_new_reason(&bad, B, C, L));
        EXPECT(games_timbiriche_new(&t, &g), GAMES_RESULT_OK);
        snap_timbiriche(g, &saved);
        games_timbiriche_free(g);
    }
    REASON(GAMES_RESULT_OK, "", games_timbiriche_load_reason(saved.bytes, saved.len, B, C, L));
    REASON(GAMES_RESULT_INVALID_DATA, "not a saved game", games_timbiriche_load_reason(saved.bytes, 3, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "data is NULL", games_timbiriche_load_reason(NULL, 4, B, C, L));

    games_backgammon_options b;
    EXPECT(games_backgammon_options_default(&b), GAMES_RESULT_OK);
    REASON(GAMES_RESULT_OK, "", games_backgammon_new_reason(&b, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "options is NULL", games_backgammon_new_reason(NULL, B, C, L));
    {
        games_backgammon_options bad = b;
        games_backgammon_game *g = NULL;
        bad.opening_first = 9;
        bad.opening_second = 2;
        EXPECT(games_backgammon_new(&bad, &g), GAMES_RESULT_INVALID_PARAMETER);
        REASON(GAMES_RESULT_INVALID_PARAMETER, "opening dice 9 and 2", games_backgammon_new_reason(&bad, B, C, L));
        EXPECT(games_backgammon_new(&b, &g), GAMES_RESULT_OK);
        snap_backgammon(g, &saved);
        games_backgammon_free(g);
    }
    REASON(GAMES_RESULT_OK, "", games_backgammon_load_reason(saved.bytes, saved.len, B, C, L));
    REASON(GAMES_RESULT_INVALID_DATA, "backgammon", games_backgammon_load_reason(saved.bytes, 3, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "data is NULL", games_backgammon_load_reason(NULL, 4, B, C, L));
    REASON(GAMES_RESULT_OK, "", games_backgammon_new_from_position_id_reason("4HPwATDgc/ABMA", 0, B, C, L));
    REASON(GAMES_RESULT_INVALID_PARAMETER, "`4HPw`", games_backgammon_new_from_position_id_reason("4HPw", 0, B, C, L));
    REASON(GAMES_RESULT_INVALID_PARAMETER, "player_on_roll 2", games_backgammon_new_from_position_id_reason("4HPwATDgc/ABMA", 2, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "id is NULL", games_backgammon_new_from_position_id_reason(NULL, 0, B, C, L));
    REASON(GAMES_RESULT_OK, "", games_backgammon_new_from_xgid_reason("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", 0, B, C, L));
    REASON(GAMES_RESULT_INVALID_PARAMETER, "`XGID=x`", games_backgammon_new_from_xgid_reason("XGID=x", 0, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "xgid is NULL", games_backgammon_new_from_xgid_reason(NULL, 0, B, C, L));

    games_canicas_options o;
    EXPECT(games_canicas_options_default(0, &o), GAMES_RESULT_OK);
    REASON(GAMES_RESULT_OK, "", games_canicas_new_reason(NULL, 1, B, C, L));
    REASON(GAMES_RESULT_OK, "", games_canicas_new_reason(&o, UINT64_MAX, B, C, L));
    {
        games_canicas_options bad = o;
        games_canicas_game *g = NULL;
        bad.colours = 10;
        EXPECT(games_canicas_new(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
        EXPECT(games_canicas_new_lines98(&bad, 1, &g), GAMES_RESULT_INVALID_PARAMETER);
        REASON(GAMES_RESULT_INVALID_PARAMETER, "10 colours", games_canicas_new_reason(&bad, 1, B, C, L));
        bad = o;
        bad.size = UINT32_MAX;
        REASON(GAMES_RESULT_INVALID_PARAMETER, "size 4294967295", games_canicas_new_reason(&bad, 1, B, C, L));
        EXPECT(games_canicas_new(&o, 1, &g), GAMES_RESULT_OK);
        snap_canicas(g, &saved);
        games_canicas_free(g);
    }
    REASON(GAMES_RESULT_OK, "", games_canicas_load_reason(saved.bytes, saved.len, B, C, L));
    REASON(GAMES_RESULT_INVALID_DATA, "not a save", games_canicas_load_reason(saved.bytes, 3, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "data is NULL", games_canicas_load_reason(NULL, 4, B, C, L));
    {
        games_canicas_records *r = NULL;
        EXPECT(games_canicas_records_new(&r), GAMES_RESULT_OK);
        EXPECT(games_canicas_records_save(r, saved.bytes, sizeof saved.bytes, &saved.len), GAMES_RESULT_OK);
        games_canicas_records_free(r);
    }
    REASON(GAMES_RESULT_OK, "", games_canicas_records_load_reason(saved.bytes, saved.len, B, C, L));
    REASON(GAMES_RESULT_INVALID_DATA, "not a save", games_canicas_records_load_reason(saved.bytes, 3, B, C, L));
    REASON(GAMES_RESULT_NULL_PARAMETER, "data is NULL", games_canicas_records_load_reason(NULL, 4, B, C, L));
    {
        uint8_t cells[81] = {0}, copy[81];
        games_canicas_board_outcome out;
        REASON(GAMES_RESULT_OK, "", games_canicas_board_apply_reason(NULL, cells, 81, B, C, L));
        REASON(GAMES_RESULT_INVALID_PARAMETER, "80 cells given", games_canicas_board_apply_reason(NULL, cells, 80, B, C, L));
        REASON(GAMES_RESULT_NULL_PARAMETER, "cells is NULL", games_canicas_board_apply_reason(&o, NULL, 81, B, C, L));
        for (int i = 0; i < 5; i++) cells[i] = 2;
        memcpy(copy, cells, sizeof cells);
        EXPECT(games_canicas_board_apply(NULL, cells, 81, (games_canicas_move){0, 40}, &out), GAMES_RESULT_INVALID_PARAMETER);
        REASON(GAMES_RESULT_INVALID_PARAMETER, "a line stays on the board", games_canicas_board_apply_reason(NULL, cells, 81, B, C, L));
        if (memcmp(copy, cells, sizeof cells) != 0) FAIL("board_apply_reason changed the cells");
    }
    {
        games_canicas_options bad = o;
        games_canicas_arena_report report;
        bad.min_line = 1;
        EXPECT(games_canicas_arena(&bad, 1, 1, 1, 1, NULL, NULL, &report), GAMES_RESULT_INVALID_PARAMETER);
        REASON(GAMES_RESULT_INVALID_PARAMETER, "minimum line 1", games_canicas_arena_reason(&bad, 1, 1, B, C, L));
        REASON(GAMES_RESULT_INVALID_PARAMETER, "run past the last deal", games_canicas_arena_reason(NULL, UINT64_MAX, 2, B, C, L));
        REASON(GAMES_RESULT_OK, "", games_canicas_arena_reason(NULL, UINT64_MAX, 1, B, C, L));
    }
}

int main(void) {
    sweep_common();
    sweep_nim();
    sweep_timbiriche();
    sweep_backgammon();
    sweep_canicas();
    sweep_bool_bytes();
    sweep_last_error();
    sweep_reasons();
    if (failures) {
        fprintf(stderr, "abi sweep: %d failures\n", failures);
        return 1;
    }
    printf("abi sweep: all checks passed\n");
    return 0;
}

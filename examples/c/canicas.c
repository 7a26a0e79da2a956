/*
 * Color Lines (canicas) through the C ABI: a deal played to its end by the
 * hint with a small node budget, the legal moves, a scripted game with undo (board, score,
 * next bar, exact restore, the same arrivals again), retry, new deal,
 * save/load, records, the text board, and every error path. Exits non-zero
 * when a check fails.
 *
 *   canicas_c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "games.h"

#define CELLS GAMES_CANICAS_MAX_CELLS

static games_canicas_state state_of(const games_canicas_game *game) {
    games_canicas_state s;
    memset(&s, 0, sizeof s);
    CHECK_RESULT(games_canicas_get_state(game, &s), GAMES_RESULT_OK);
    return s;
}

/* The board's colours; returns the number of cells. */
static size_t cells_of(const games_canicas_game *game, uint8_t *cells) {
    size_t n = 0;
    CHECK_RESULT(games_canicas_cells(game, cells, CELLS, &n), GAMES_RESULT_OK);
    return n;
}

static size_t next_of(const games_canicas_game *game, uint8_t *next) {
    size_t n = 0;
    CHECK_RESULT(games_canicas_next_colours(game, next, GAMES_CANICAS_MAX_ARRIVALS, &n), GAMES_RESULT_OK);
    return n;
}

static uint32_t error_code(const games_canicas_game *game) {
    uint32_t code = 999;
    CHECK_RESULT(games_canicas_last_error_code(game, &code), GAMES_RESULT_OK);
    return code;
}

static games_canicas_game *new_game(uint32_t variant, uint64_t deal) {
    games_canicas_options o;
    CHECK_RESULT(games_canicas_options_default(variant, &o), GAMES_RESULT_OK);
    games_canicas_game *game = NULL;
    CHECK_RESULT(games_canicas_new(&o, deal, &game), GAMES_RESULT_OK);
    return game;
}

/* The game's save in a new buffer the caller frees, NUL-terminated after
 * its `*size` bytes so that it can be searched as text. */
static uint8_t *save_of(const games_canicas_game *game, size_t *size) {
    *size = 0;
    CHECK_RESULT(games_canicas_save(game, NULL, 0, size), GAMES_RESULT_BUFFER_TOO_SMALL);
    uint8_t *bytes = malloc(*size + 1);
    CHECK(bytes != NULL);
    CHECK_RESULT(games_canicas_save(game, bytes, *size, size), GAMES_RESULT_OK);
    bytes[*size] = 0;
    return bytes;
}

/* Moves a path of free cells from the marble to the target, one orthogonal step at a time. */
static void check_path(games_canicas_game *game, games_canicas_move mv, uint32_t size) {
    uint8_t cells[CELLS];
    cells_of(game, cells);
    uint32_t path[CELLS];
    size_t len = 0;
    CHECK_RESULT(games_canicas_path(game, mv, path, CELLS, &len), GAMES_RESULT_OK);
    CHECK(len >= 2 && path[0] == mv.from && path[len - 1] == mv.to);
    for (size_t i = 1; i < len; i++) {
        int dr = (int)(path[i] / size) - (int)(path[i - 1] / size);
        int dc = (int)(path[i] % size) - (int)(path[i - 1] % size);
        CHECK(dr * dr + dc * dc == 1);
        CHECK(cells[path[i]] == 0);
    }
}

#define MAX_GAME_MOVES 5000

/* A whole deal of the five-in-a-row game played by the hint (6 nodes a
 * move, so that it stays fast under valgrind) to the end: every move is
 * legal, the score adds up, marbles = landed - removed. Then the game-over
 * paths, the summary and the records, and a replay of the same moves that
 * ends the same. */
static void autoplay_deal(void) {
    games_canicas_game *game = new_game(GAMES_CANICAS_VARIANT_FIVE, 2024);
    games_budget budget = {6, 0};
    static games_canicas_move played[MAX_GAME_MOVES];
    games_canicas_records *records = NULL;
    CHECK_RESULT(games_canicas_records_new(&records), GAMES_RESULT_OK);
    games_canicas_summary summary;
    /* Only a finished game is recorded. */
    CHECK_RESULT(games_canicas_records_finish(records, game, 1, &summary), GAMES_RESULT_WRONG_PHASE);
    uint64_t points = 0;
    size_t moves = 0;
    while (!state_of(game).game_over) {
        CHECK(moves < MAX_GAME_MOVES);
        if (moves >= MAX_GAME_MOVES) {
            break;
        }
        games_canicas_state before = state_of(game);
        uint32_t m = before.options.min_line;
        games_canicas_move mv;
        CHECK_RESULT(games_canicas_ai_move(game, &budget, NULL, &mv), GAMES_RESULT_OK);
        check_path(game, mv, before.options.size);
        games_canicas_outcome out;
        memset(&out, 0, sizeof out);
        CHECK_RESULT(games_canicas_play(game, mv, &out), GAMES_RESULT_OK);
        played[moves++] = mv;
        games_canicas_state after = state_of(game);
        CHECK(after.moves == before.moves + 1);
        CHECK(after.score == before.score + out.points);
        CHECK(after.marbles == after.landed - after.removed);
        CHECK(after.marbles + after.free_cells == 81);
        /* A move that removes nothing brings the 3 marbles of the bar (or fills the board). */
        CHECK(out.lines > 0 || out.arrivals == 3 || after.game_over);
        games_canicas_line lines[64];
        size_t n_lines = 0;
        CHECK_RESULT(games_canicas_last_lines(game, lines, 64, &n_lines), GAMES_RESULT_OK);
        CHECK(n_lines == out.lines + out.arrival_lines);
        uint64_t line_points = 0;
        for (size_t i = 0; i < n_lines; i++) {
            uint32_t n = lines[i].length;
            CHECK(n >= m && lines[i].points == n * (n - m + 1) * 2);
            CHECK(lines[i].by_arrival == (i >= out.lines));
            line_points += lines[i].points;
        }
        CHECK(line_points == out.points);
        points += out.points;
    }
    games_canicas_state s = state_of(game);
    CHECK(s.game_over && s.score == points && s.moves == (uint64_t)moves && moves > 0);

    /* Game over: no legal move, no hint, no reachable cell, no move played. */
    size_t len = 99;
    games_canicas_move mv;
    CHECK_RESULT(games_canicas_legal_moves(game, &mv, 1, &len), GAMES_RESULT_OK);
    CHECK(len == 0);
    CHECK_RESULT(games_canicas_ai_move(game, &budget, NULL, &mv), GAMES_RESULT_GAME_OVER);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_GAME_OVER);
    uint8_t cells[CELLS];
    cells_of(game, cells);
    uint32_t marble = 0;
    while (cells[marble] == 0) {
        marble++;
    }
    uint32_t reach[CELLS];
    CHECK_RESULT(games_canicas_reachable(game, marble, reach, CELLS, &len), GAMES_RESULT_GAME_OVER);
    games_canicas_move any = {marble, marble};
    CHECK_RESULT(games_canicas_play(game, any, NULL), GAMES_RESULT_GAME_OVER);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_GAME_OVER);
    CHECK(state_of(game).moves == s.moves);

    CHECK_RESULT(games_canicas_records_finish(records, game, 61000, &summary), GAMES_RESULT_OK);
    uint64_t lines_total = 0;
    for (int n = 0; n <= (int)GAMES_CANICAS_MAX_SIZE; n++) {
        lines_total += summary.lines_by_length[n];
    }
    CHECK(summary.points == s.score && summary.moves == s.moves && summary.elapsed_millis == 61000);
    CHECK(summary.new_record && !summary.had_record && !summary.replay && summary.deal == 2024);
    CHECK(summary.options.min_line == 5 && (lines_total > 0) == (s.score > 0));
    games_canicas_record rec;
    CHECK_RESULT(games_canicas_records_get(records, NULL, &rec), GAMES_RESULT_OK);
    CHECK(rec.games == 1 && rec.best_points == s.score && rec.total_moves == s.moves);
    games_canicas_options four;
    CHECK_RESULT(games_canicas_options_default(GAMES_CANICAS_VARIANT_FOUR, &four), GAMES_RESULT_OK);
    CHECK_RESULT(games_canicas_records_get(records, &four, &rec), GAMES_RESULT_OK);
    CHECK(rec.games == 0 && rec.best_points == 0);

    /* The records survive save/load. */
    size_t size = 0;
    CHECK_RESULT(games_canicas_records_save(records, NULL, 0, &size), GAMES_RESULT_BUFFER_TOO_SMALL);
    uint8_t *bytes = malloc(size);
    CHECK(bytes != NULL);
    CHECK_RESULT(games_canicas_records_save(records, bytes, size, &size), GAMES_RESULT_OK);
    games_canicas_records *loaded = NULL;
    CHECK_RESULT(games_canicas_records_load(bytes, size, &loaded), GAMES_RESULT_OK);
    CHECK_RESULT(games_canicas_records_get(loaded, NULL, &rec), GAMES_RESULT_OK);
    CHECK(rec.games == 1 && rec.best_points == s.score);
    /* A replay of the same deal with the same moves is the same game; it
     * counts apart and sets no record. */
    CHECK_RESULT(games_canicas_retry(game), GAMES_RESULT_OK);
    CHECK(state_of(game).replay);
    CHECK_RESULT(games_canicas_records_finish(loaded, game, 1000, &summary), GAMES_RESULT_WRONG_PHASE);
    for (size_t i = 0; i < moves; i++) {
        CHECK_RESULT(games_canicas_play(game, played[i], NULL), GAMES_RESULT_OK);
    }
    games_canicas_state r = state_of(game);
    CHECK(r.game_over && r.score == s.score && r.moves == s.moves);
    CHECK_RESULT(games_canicas_records_finish(loaded, game, 1000, &summary), GAMES_RESULT_OK);
    CHECK(summary.replay && !summary.new_record && summary.had_record && summary.previous_record == s.score);
    CHECK_RESULT(games_canicas_records_get(loaded, NULL, &rec), GAMES_RESULT_OK);
    CHECK(rec.games == 1 && rec.replays == 1);
    bytes[0] = '[';
    games_canicas_records *bad = NULL;
    CHECK_RESULT(games_canicas_records_load(bytes, size, &bad), GAMES_RESULT_INVALID_DATA);
    CHECK(bad == NULL);
    free(bytes);
    games_canicas_records_free(loaded);
    games_canicas_records_free(records);
    printf("five-in-a-row deal 2024 to the end: %zu moves, %llu points\n", moves, (unsigned long long)s.score);
    games_canicas_free(game);
}

/* Every legal move is in the list, the list is all the marbles' reachable
 * cells, and a buffer of GAMES_CANICAS_MAX_LEGAL_MOVES is enough. */
static void legal_moves_match_reachable(void) {
    games_canicas_game *game = new_game(GAMES_CANICAS_VARIANT_FIVE, 7);
    static games_canicas_move moves[GAMES_CANICAS_MAX_LEGAL_MOVES];
    size_t n = 0, needed = 0;
    CHECK_RESULT(games_canicas_legal_moves(game, NULL, 0, &needed), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK_RESULT(games_canicas_legal_moves(game, moves, GAMES_CANICAS_MAX_LEGAL_MOVES, &n), GAMES_RESULT_OK);
    CHECK(n == needed && n > 0);
    games_canicas_move small[2] = {{999, 999}, {999, 999}};
    size_t len = 0;
    CHECK_RESULT(games_canicas_legal_moves(game, small, 2, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == n && small[0].from == 999);
    uint8_t cells[CELLS];
    cells_of(game, cells);
    size_t k = 0;
    for (uint32_t c = 0; c < 81; c++) {
        if (cells[c] == 0) {
            continue;
        }
        uint32_t reach[CELLS];
        CHECK_RESULT(games_canicas_reachable(game, c, reach, CELLS, &len), GAMES_RESULT_OK);
        for (size_t i = 0; i < len; i++, k++) {
            CHECK(k < n && moves[k].from == c && moves[k].to == reach[i]);
        }
    }
    CHECK(k == n);
    CHECK_RESULT(games_canicas_legal_moves(NULL, moves, 1, &len), GAMES_RESULT_NULL_PARAMETER);
    games_canicas_free(game);
}

/* The first marble (from the top-left) that can move, and its first reachable cell. */
static games_canicas_move first_move(games_canicas_game *game) {
    uint8_t cells[CELLS];
    size_t n = cells_of(game, cells);
    games_canicas_move mv = {0, 0};
    for (uint32_t c = 0; c < n; c++) {
        uint32_t reach[CELLS];
        size_t len = 0;
        if (cells[c] == 0) {
            continue;
        }
        CHECK_RESULT(games_canicas_reachable(game, c, reach, CELLS, &len), GAMES_RESULT_OK);
        if (len > 0) {
            mv.from = c;
            mv.to = reach[0];
            return mv;
        }
    }
    CHECK(!"no marble can move");
    return mv;
}

/* A scripted game: moves by notation, undo restores exactly and the same
 * marbles arrive again, only one undo at a time, retry, new deal, save/load. */
static void scripted_game_with_undo(void) {
    games_canicas_game *game = new_game(GAMES_CANICAS_VARIANT_FIVE, 7);
    games_canicas_state s = state_of(game);
    uint8_t start[CELLS], next[GAMES_CANICAS_MAX_ARRIVALS];
    CHECK(cells_of(game, start) == 81 && s.options.size == 9 && s.options.colours == 7);
    CHECK(s.variant == GAMES_CANICAS_VARIANT_FIVE && s.deal == 7 && s.moves == 0 && !s.can_undo);
    CHECK(s.marbles == 81 - s.free_cells);
    CHECK(s.score > 0 || s.marbles == 5);
    CHECK(next_of(game, next) == 3);
    for (int i = 0; i < 3; i++) {
        CHECK(next[i] >= 1 && next[i] <= 7);
    }

    /* The text board and the cells agree, and the text reads back. */
    char text[128];
    size_t len = 0;
    CHECK_RESULT(games_canicas_board_text(game, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(len == 82 && strlen(text) == 81);
    uint8_t parsed[CELLS];
    uint32_t side = 0;
    CHECK_RESULT(games_canicas_board_from_text(text, parsed, CELLS, &len, &side), GAMES_RESULT_OK);
    CHECK(len == 81 && side == 9 && memcmp(parsed, start, 81) == 0);

    /* Three moves by notation; the last one is undone and replayed. */
    for (int m = 0; m < 3; m++) {
        games_canicas_move mv = first_move(game);
        char notation[GAMES_CANICAS_MAX_MOVE_TEXT];
        CHECK_RESULT(games_canicas_move_to_string(game, mv, notation, sizeof notation, &len), GAMES_RESULT_OK);
        games_canicas_move back;
        CHECK_RESULT(games_canicas_parse_move(game, notation, &back), GAMES_RESULT_OK);
        CHECK(back.from == mv.from && back.to == mv.to);

        uint8_t before[CELLS], bar[GAMES_CANICAS_MAX_ARRIVALS];
        cells_of(game, before);
        next_of(game, bar);
        games_canicas_state sb = state_of(game);
        games_canicas_outcome out;
        CHECK_RESULT(games_canicas_play_notation(game, notation, &out), GAMES_RESULT_OK);
        games_canicas_state sa = state_of(game);
        uint8_t after[CELLS], bar_after[GAMES_CANICAS_MAX_ARRIVALS];
        cells_of(game, after);
        next_of(game, bar_after);
        CHECK(sa.moves == sb.moves + 1 && sa.score == sb.score + out.points && sa.can_undo);
        games_canicas_arrival arrivals[64];
        size_t n_arr = 0;
        CHECK_RESULT(games_canicas_last_arrivals(game, arrivals, 64, &n_arr), GAMES_RESULT_OK);
        CHECK(n_arr == out.arrivals);
        if (out.lines == 0) {
            /* No line: the marble sits on its target and the bar's marbles arrived, in order. */
            /* The freed source cell is free again, unless a marble arrived on it. */
            int source_refilled = 0;
            CHECK(n_arr == 3);
            for (size_t i = 0; i < n_arr; i++) {
                CHECK(arrivals[i].colour == bar[i]);
                CHECK(out.arrival_lines > 0 || after[arrivals[i].cell] == arrivals[i].colour);
                CHECK((before[arrivals[i].cell] == 0 || arrivals[i].cell == mv.from) && arrivals[i].cell != mv.to);
                source_refilled |= arrivals[i].cell == mv.from;
            }
            CHECK(source_refilled || out.arrival_lines > 0 || after[mv.from] == 0);
            CHECK(out.arrival_lines > 0 || after[mv.to] == before[mv.from]);
        }
        games_canicas_move played[8];
        CHECK_RESULT(games_canicas_moves_played(game, played, 8, &len), GAMES_RESULT_OK);
        CHECK(len == (size_t)m + 1 && played[m].from == mv.from && played[m].to == mv.to);

        if (m == 2) {
            /* Undo: exactly the position before; a second undo is refused. */
            CHECK_RESULT(games_canicas_undo(game), GAMES_RESULT_OK);
            uint8_t undone[CELLS], bar_undone[GAMES_CANICAS_MAX_ARRIVALS];
            cells_of(game, undone);
            next_of(game, bar_undone);
            games_canicas_state su = state_of(game);
            CHECK(memcmp(undone, before, 81) == 0 && memcmp(bar_undone, bar, 3) == 0);
            CHECK(su.score == sb.score && su.moves == sb.moves && su.next_marble == sb.next_marble &&
                  su.landed == sb.landed && su.removed == sb.removed && !su.can_undo);
            CHECK_RESULT(games_canicas_last_arrivals(game, arrivals, 64, &len), GAMES_RESULT_OK);
            CHECK(len == 0);
            CHECK_RESULT(games_canicas_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
            CHECK(error_code(game) == GAMES_CANICAS_ERROR_ALREADY_UNDONE);
            /* The same move again: the same marbles arrive on the same cells. */
            games_canicas_outcome again;
            CHECK_RESULT(games_canicas_play(game, mv, &again), GAMES_RESULT_OK);
            CHECK(again.points == out.points && again.arrivals == out.arrivals && again.lines == out.lines);
            games_canicas_arrival arrivals2[64];
            CHECK_RESULT(games_canicas_last_arrivals(game, arrivals2, 64, &len), GAMES_RESULT_OK);
            CHECK(len == n_arr && memcmp(arrivals, arrivals2, n_arr * sizeof arrivals[0]) == 0);
            uint8_t redone[CELLS], bar_redone[GAMES_CANICAS_MAX_ARRIVALS];
            cells_of(game, redone);
            next_of(game, bar_redone);
            CHECK(memcmp(redone, after, 81) == 0 && memcmp(bar_redone, bar_after, 3) == 0);
            /* Undo, move, undo is fine. */
            CHECK_RESULT(games_canicas_undo(game), GAMES_RESULT_OK);
            CHECK_RESULT(games_canicas_play(game, mv, NULL), GAMES_RESULT_OK);
        }
    }

    /* Save/load: the same game, which plays on the same. */
    size_t size = 0;
    uint8_t *bytes = save_of(game, &size);
    games_canicas_game *copy = NULL;
    CHECK_RESULT(games_canicas_load(bytes, size, &copy), GAMES_RESULT_OK);
    uint8_t a[CELLS], b[CELLS];
    cells_of(game, a);
    cells_of(copy, b);
    games_canicas_state sa = state_of(game), sb = state_of(copy);
    CHECK(memcmp(a, b, 81) == 0 && sa.score == sb.score && sa.moves == sb.moves && sa.can_undo == sb.can_undo);
    games_canicas_move mv = first_move(game);
    games_canicas_outcome oa, ob;
    CHECK_RESULT(games_canicas_play(game, mv, &oa), GAMES_RESULT_OK);
    CHECK_RESULT(games_canicas_play(copy, mv, &ob), GAMES_RESULT_OK);
    CHECK(oa.points == ob.points && oa.arrivals == ob.arrivals);
    cells_of(game, a);
    cells_of(copy, b);
    CHECK(memcmp(a, b, 81) == 0);
    /* A clone is independent. */
    games_canicas_game *clone = NULL;
    CHECK_RESULT(games_canicas_clone(game, &clone), GAMES_RESULT_OK);
    CHECK_RESULT(games_canicas_undo(clone), GAMES_RESULT_OK);
    CHECK(state_of(clone).moves + 1 == state_of(game).moves);
    games_canicas_free(clone);

    /* Bad saved text: tampered, truncated, another version, not JSON. */
    games_canicas_game *bad = NULL;
    CHECK_RESULT(games_canicas_load(bytes, size / 2, &bad), GAMES_RESULT_INVALID_DATA);
    char *score = strstr((char *)bytes, "\"score\":");
    if (score != NULL) {
        score[8] = score[8] == '9' ? '8' : '9';
        CHECK_RESULT(games_canicas_load(bytes, size, &bad), GAMES_RESULT_INVALID_DATA);
    }
    const char *future = "{\"version\":99}";
    CHECK_RESULT(games_canicas_load((const uint8_t *)future, strlen(future), &bad), GAMES_RESULT_UNSUPPORTED_VERSION);
    const char *junk = "not a save";
    CHECK_RESULT(games_canicas_load((const uint8_t *)junk, strlen(junk), &bad), GAMES_RESULT_INVALID_DATA);
    CHECK(bad == NULL);
    free(bytes);

    /* Retry: the same deal from the start, marked as a replay. */
    CHECK_RESULT(games_canicas_retry(game), GAMES_RESULT_OK);
    s = state_of(game);
    cells_of(game, a);
    CHECK(s.replay && s.moves == 0 && s.deal == 7 && !s.can_undo && memcmp(a, start, 81) == 0);
    /* New deal: a fresh game, not a replay. */
    CHECK_RESULT(games_canicas_new_deal(game, 8), GAMES_RESULT_OK);
    s = state_of(game);
    CHECK(!s.replay && s.moves == 0 && s.deal == 8);
    /* A cancelled hint still answers with a legal move. */
    games_cancel_token *token = NULL;
    CHECK_RESULT(games_cancel_token_new(&token), GAMES_RESULT_OK);
    CHECK_RESULT(games_cancel_token_cancel(token), GAMES_RESULT_OK);
    games_canicas_move hint;
    CHECK_RESULT(games_canicas_ai_move(game, NULL, token, &hint), GAMES_RESULT_OK);
    check_path(game, hint, 9);
    games_cancel_token_free(token);
    printf("scripted game of deal 7: undo, replay, save/load, retry and new deal checked\n");
    games_canicas_free(copy);
    games_canicas_free(game);
}

/* On a crowded 3x3 board (custom rules), find a marble and a free cell it
 * cannot reach; the path, the play and the error code say so, and nothing
 * changes. */
static void unreachable_target(void) {
    games_canicas_options o = {3, 9, 3, 1, 6};
    int found = 0;
    for (uint64_t deal = 0; deal < 50 && !found; deal++) {
        games_canicas_game *game = NULL;
        CHECK_RESULT(games_canicas_new(&o, deal, &game), GAMES_RESULT_OK);
        CHECK(state_of(game).variant == GAMES_CANICAS_VARIANT_CUSTOM);
        uint8_t cells[CELLS];
        CHECK(cells_of(game, cells) == 9);
        for (uint32_t from = 0; from < 9 && !found; from++) {
            uint32_t reach[9];
            size_t n = 0;
            if (cells[from] == 0) {
                continue;
            }
            CHECK_RESULT(games_canicas_reachable(game, from, reach, 9, &n), GAMES_RESULT_OK);
            for (uint32_t to = 0; to < 9 && !found; to++) {
                int listed = 0;
                for (size_t i = 0; i < n; i++) {
                    listed |= reach[i] == to;
                }
                if (cells[to] != 0 || listed) {
                    continue;
                }
                found = 1;
                games_canicas_move mv = {from, to};
                uint32_t path[9];
                size_t len = 0;
                CHECK_RESULT(games_canicas_path(game, mv, path, 9, &len), GAMES_RESULT_ILLEGAL_MOVE);
                CHECK(error_code(game) == GAMES_CANICAS_ERROR_UNREACHABLE);
                CHECK_RESULT(games_canicas_play(game, mv, NULL), GAMES_RESULT_ILLEGAL_MOVE);
                CHECK(error_code(game) == GAMES_CANICAS_ERROR_UNREACHABLE);
                char why[128];
                CHECK_RESULT(games_canicas_last_error(game, why, sizeof why, &len), GAMES_RESULT_OK);
                CHECK(len > 1);
                uint8_t after[CELLS];
                cells_of(game, after);
                CHECK(memcmp(after, cells, 9) == 0 && state_of(game).moves == 0);
            }
        }
        games_canicas_free(game);
    }
    CHECK(found);
}

static void error_paths(void) {
    games_canicas_game *game = NULL;
    games_canicas_options o;
    games_canicas_move mv = {0, 1};
    size_t len = 0;

    /* NULL handles and out-pointers; free(NULL) does nothing. */
    CHECK_RESULT(games_canicas_play(NULL, mv, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_get_state(NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_ai_move(NULL, NULL, NULL, &mv), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_new(NULL, 1, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_records_finish(NULL, NULL, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_canicas_free(NULL);
    games_canicas_records_free(NULL);

    /* Rules that cannot be played. */
    CHECK_RESULT(games_canicas_options_default(7, &o), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_options_default(GAMES_CANICAS_VARIANT_FIVE, &o), GAMES_RESULT_OK);
    CHECK(o.size == 9 && o.colours == 7 && o.min_line == 5 && o.arrivals == 3 && o.start == 5);
    o.size = 12;
    CHECK_RESULT(games_canicas_new(&o, 1, &game), GAMES_RESULT_INVALID_PARAMETER);
    o.size = 9;
    o.min_line = 10;
    CHECK_RESULT(games_canicas_new(&o, 1, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(game == NULL);

    /* NULL options: the five-in-a-row game. */
    CHECK_RESULT(games_canicas_new(NULL, 3, &game), GAMES_RESULT_OK);
    uint8_t cells[CELLS];
    cells_of(game, cells);
    uint32_t marble = 0, other = 0, free_cell = 0;
    for (uint32_t c = 0; c < 81; c++) {
        if (cells[c] != 0) {
            other = c;
        }
    }
    for (uint32_t c = 81; c-- > 0;) {
        if (cells[c] != 0) {
            marble = c;
        }
        if (cells[c] == 0) {
            free_cell = c;
        }
    }
    CHECK(marble != other && cells[free_cell] == 0);
    char before_text[128], after_text[128];
    CHECK_RESULT(games_canicas_board_text(game, before_text, sizeof before_text, &len), GAMES_RESULT_OK);

    /* Bad notation. */
    games_canicas_outcome out;
    CHECK_RESULT(games_canicas_play_notation(game, "e5a1", &out), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_BAD_NOTATION);
    CHECK_RESULT(games_canicas_play_notation(game, "z9-a1", &out), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_play_notation(game, "a10-a1", &out), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_play_notation(game, NULL, &out), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_parse_move(game, "", &mv), GAMES_RESULT_INVALID_PARAMETER);
    char why[128];
    CHECK_RESULT(games_canicas_last_error(game, why, sizeof why, &len), GAMES_RESULT_OK);
    CHECK(len > 1);

    /* Empty source, taken target, off the board. */
    games_canicas_move empty = {free_cell, marble};
    CHECK_RESULT(games_canicas_play(game, empty, &out), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_EMPTY_SOURCE);
    uint32_t reach[CELLS];
    CHECK_RESULT(games_canicas_reachable(game, free_cell, reach, CELLS, &len), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_EMPTY_SOURCE);
    CHECK_RESULT(games_canicas_reachable(game, 81, reach, CELLS, &len), GAMES_RESULT_INVALID_PARAMETER);
    games_canicas_move taken = {marble, other};
    CHECK_RESULT(games_canicas_play(game, taken, &out), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_TARGET_TAKEN);
    CHECK_RESULT(games_canicas_path(game, taken, reach, CELLS, &len), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_TARGET_TAKEN);
    games_canicas_move off = {marble, 500};
    CHECK_RESULT(games_canicas_play(game, off, &out), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_OFF_BOARD);
    CHECK_RESULT(games_canicas_move_to_string(game, off, why, sizeof why, &len), GAMES_RESULT_INVALID_PARAMETER);

    /* Undo with nothing played. */
    CHECK_RESULT(games_canicas_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_NOTHING_TO_UNDO);

    /* Nothing changed. */
    CHECK_RESULT(games_canicas_board_text(game, after_text, sizeof after_text, &len), GAMES_RESULT_OK);
    CHECK(strcmp(before_text, after_text) == 0 && state_of(game).moves == 0);

    /* Too-small buffers: the size needed, nothing written. */
    uint8_t small[10];
    memset(small, 0xAB, sizeof small);
    CHECK_RESULT(games_canicas_cells(game, small, sizeof small, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 81 && small[0] == 0xAB);
    char tiny[5];
    CHECK_RESULT(games_canicas_board_text(game, tiny, sizeof tiny, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 82);
    CHECK_RESULT(games_canicas_next_colours(game, small, 2, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_RESULT(games_canicas_cells(game, cells, CELLS, NULL), GAMES_RESULT_NULL_PARAMETER);

    /* Undo twice in a row. */
    games_canicas_move first = first_move(game);
    CHECK_RESULT(games_canicas_play(game, first, NULL), GAMES_RESULT_OK);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_NONE);
    CHECK_RESULT(games_canicas_undo(game), GAMES_RESULT_OK);
    CHECK_RESULT(games_canicas_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
    CHECK(error_code(game) == GAMES_CANICAS_ERROR_ALREADY_UNDONE);

    /* A game whose only move was undone saves and loads; the undo stays used. */
    size_t undone_size = 0;
    uint8_t *undone_bytes = save_of(game, &undone_size);
    games_canicas_game *undone = NULL;
    CHECK_RESULT(games_canicas_load(undone_bytes, undone_size, &undone), GAMES_RESULT_OK);
    free(undone_bytes);
    CHECK(state_of(undone).moves == 0);
    CHECK_RESULT(games_canicas_undo(undone), GAMES_RESULT_NOTHING_TO_UNDO);
    CHECK(error_code(undone) == GAMES_CANICAS_ERROR_ALREADY_UNDONE);
    CHECK_RESULT(games_canicas_play(undone, first, NULL), GAMES_RESULT_OK);
    games_canicas_free(undone);

    /* A text board that is not one. */
    uint32_t side = 0;
    CHECK_RESULT(games_canicas_board_from_text("12.x", cells, CELLS, &len, &side), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_board_from_text("123", cells, CELLS, &len, &side), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_board_from_text("1.\n.2", cells, CELLS, &len, &side), GAMES_RESULT_OK);
    CHECK(side == 2 && len == 4 && cells[0] == 1 && cells[3] == 2);

    /* The AI on a bare position; a bad position is refused. */
    uint8_t bare[81];
    memset(bare, 0, sizeof bare);
    bare[0] = bare[1] = bare[2] = bare[3] = 4;
    bare[40] = 4;
    const uint8_t bar[3] = {1, 2, 3};
    games_budget budget = {100, 0};
    CHECK_RESULT(games_canicas_board_hint(NULL, bare, 81, bar, 3, &budget, NULL, &mv), GAMES_RESULT_OK);
    CHECK(mv.from < 81 && mv.to < 81 && bare[mv.from] == 4 && bare[mv.to] == 0);
    bare[5] = 8;
    CHECK_RESULT(games_canicas_board_hint(NULL, bare, 81, bar, 3, &budget, NULL, &mv), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_board_hint(NULL, bare, 80, bar, 3, &budget, NULL, &mv), GAMES_RESULT_INVALID_PARAMETER);
    games_canicas_free(game);
}

/* One move on a bare board (as `games canicas apply`), and the arena. */
static void bare_board_and_arena(void) {
    /* Row 1: 1 1 1 1 . 1, and a 2 on a2. f1-e1 completes five in a row. */
    uint8_t cells[81];
    memset(cells, 0, sizeof cells);
    cells[0] = cells[1] = cells[2] = cells[3] = cells[5] = 1;
    cells[9] = 2;
    games_canicas_board_outcome out;
    games_canicas_move line_move = {5, 4};
    CHECK_RESULT(games_canicas_board_apply(NULL, cells, 81, line_move, &out), GAMES_RESULT_OK);
    CHECK(out.legal && out.error == GAMES_CANICAS_ERROR_NONE && out.points == 10 && out.n_lines == 1);
    CHECK(out.lines[0].start == 0 && out.lines[0].length == 5 && out.lines[0].direction == GAMES_CANICAS_DIRECTION_HORIZONTAL);
    CHECK(!out.arrivals_needed); /* the 2 stays: the player moves again */
    CHECK(cells[0] == 0 && cells[4] == 0 && cells[5] == 0 && cells[9] == 2);
    /* The four-in-a-row rules score a line of 5 as 5 x 2 x 2 = 20. (Row 1
     * 1 1 . 1 1 . 1: no four yet; g1 goes round through row 2 to c1.) */
    memset(cells, 0, sizeof cells);
    cells[0] = cells[1] = cells[3] = cells[4] = cells[6] = 1;
    games_canicas_options four;
    games_canicas_move four_move = {6, 2};
    CHECK_RESULT(games_canicas_options_default(GAMES_CANICAS_VARIANT_FOUR, &four), GAMES_RESULT_OK);
    CHECK_RESULT(games_canicas_board_apply(&four, cells, 81, four_move, &out), GAMES_RESULT_OK);
    CHECK(out.legal && out.points == 20 && out.arrivals_needed); /* the board emptied */
    /* A board no game rests on, a four already in a row under these rules,
     * is refused and left as it was. */
    memset(cells, 0, sizeof cells);
    cells[0] = cells[1] = cells[2] = cells[3] = cells[5] = 1;
    CHECK_RESULT(games_canicas_board_apply(&four, cells, 81, line_move, &out), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(cells[0] == 1 && cells[5] == 1 && cells[4] == 0);
    const uint8_t next_colours[3] = {2, 3, 4};
    games_canicas_move hinted;
    CHECK_RESULT(games_canicas_board_hint(&four, cells, 81, next_colours, 3, NULL, NULL, &hinted), GAMES_RESULT_INVALID_PARAMETER);
    /* A move that forms no line: the board as the move left it, arrivals needed. */
    memset(cells, 0, sizeof cells);
    cells[0] = 3;
    games_canicas_move quiet = {0, 80};
    CHECK_RESULT(games_canicas_board_apply(NULL, cells, 81, quiet, &out), GAMES_RESULT_OK);
    CHECK(out.legal && out.points == 0 && out.n_lines == 0 && out.arrivals_needed);
    CHECK(cells[0] == 0 && cells[80] == 3);
    /* Illegal moves: answered with the reason, the board unchanged. */
    struct {
        games_canicas_move mv;
        uint32_t error;
    } bad[] = {
        {{80, 200}, GAMES_CANICAS_ERROR_OFF_BOARD},
        {{1, 2}, GAMES_CANICAS_ERROR_EMPTY_SOURCE},
        {{80, 80}, GAMES_CANICAS_ERROR_TARGET_TAKEN},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint8_t copy[81];
        memcpy(copy, cells, sizeof copy);
        CHECK_RESULT(games_canicas_board_apply(NULL, cells, 81, bad[i].mv, &out), GAMES_RESULT_OK);
        CHECK(!out.legal && out.error == bad[i].error && memcmp(copy, cells, sizeof copy) == 0);
    }
    /* A marble boxed in by others cannot reach the far cell. */
    memset(cells, 0, sizeof cells);
    cells[0] = 1;
    cells[1] = cells[9] = 2;
    games_canicas_move boxed = {0, 40};
    CHECK_RESULT(games_canicas_board_apply(NULL, cells, 81, boxed, &out), GAMES_RESULT_OK);
    CHECK(!out.legal && out.error == GAMES_CANICAS_ERROR_UNREACHABLE && cells[0] == 1);
    /* Bad boards and NULLs change nothing. */
    cells[2] = 8;
    CHECK_RESULT(games_canicas_board_apply(NULL, cells, 81, boxed, &out), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_board_apply(NULL, cells, 80, boxed, &out), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_board_apply(NULL, NULL, 81, boxed, &out), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_canicas_board_apply(NULL, cells, 81, boxed, NULL), GAMES_RESULT_NULL_PARAMETER);

    /* The arena: two deals, 20 moves each at most, 6 nodes a move, on this
     * thread (1; 0 would start one thread per core). */
    games_budget small = {6, 0};
    games_canicas_arena_report report;
    CHECK_RESULT(games_canicas_arena(NULL, 1, 2, 20, 1, &small, NULL, &report), GAMES_RESULT_OK);
    CHECK(report.games == 2 && report.moves == 40 && report.deaths == 0 && !report.cancelled);
    CHECK(report.deaths_per_100k_moves == 0.0 && report.points_per_move * 40.0 == (double)report.points);
    /* Both games stopped at the cap: no full game, so no mean or median of
     * points or moves survived over full games (0). */
    CHECK(report.full_games == 0 && report.capped_games == 2 && report.full_mean_moves == 0.0);
    printf("bare board: a line, a quiet move, four refusals; arena: 2 games, %llu moves, %llu points\n",
           (unsigned long long)report.moves, (unsigned long long)report.points);
    /* Any number of threads is safe: no more are started than there are
     * cores or deals, and the report is the same. */
    games_canicas_arena_report wide;
    CHECK_RESULT(games_canicas_arena(NULL, 1, 2, 20, UINT32_MAX, &small, NULL, &wide), GAMES_RESULT_OK);
    CHECK(wide.games == 2 && wide.moves == report.moves && wide.points == report.points);
    /* A cancelled token stops it before any game, whatever the threads. */
    games_cancel_token *token = NULL;
    CHECK_RESULT(games_cancel_token_new(&token), GAMES_RESULT_OK);
    games_cancel_token_cancel(token);
    CHECK_RESULT(games_canicas_arena(NULL, 1, 1000, 20, 1, &small, token, &report), GAMES_RESULT_OK);
    CHECK(report.cancelled && report.games == 0);
    CHECK_RESULT(games_canicas_arena(NULL, 1, UINT64_MAX, 20, UINT32_MAX, &small, token, &report),
                 GAMES_RESULT_OK);
    CHECK(report.cancelled && report.games == 0);
    games_cancel_token_free(token);
    CHECK_RESULT(games_canicas_arena(NULL, UINT64_MAX, 2, 20, 1, &small, NULL, &report), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_canicas_arena(NULL, 1, 2, 20, 1, &small, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
}

/* A host that keeps its own board under the Lines 98 rule hands the cells,
 * the bar and the shown landing cells to the bare-board hint and gets the
 * game's own hint. */
static void lines98_bare_hint(void) {
    games_canicas_game *game = NULL;
    CHECK_RESULT(games_canicas_new_lines98(NULL, 21, &game), GAMES_RESULT_OK);
    games_budget budget = {120, 0};
    for (int ply = 0; ply < 10; ply++) {
        uint8_t cells[CELLS];
        uint8_t next[GAMES_CANICAS_MAX_ARRIVALS];
        uint32_t landings[GAMES_CANICAS_MAX_ARRIVALS];
        size_t n_cells = cells_of(game, cells), n_next = 0, n_landings = 0;
        CHECK_RESULT(games_canicas_next_colours(game, next, GAMES_CANICAS_MAX_ARRIVALS, &n_next), GAMES_RESULT_OK);
        CHECK_RESULT(games_canicas_shown_landings(game, landings, GAMES_CANICAS_MAX_ARRIVALS, &n_landings), GAMES_RESULT_OK);
        CHECK(n_landings == 3);
        games_canicas_move from_game, from_board;
        CHECK_RESULT(games_canicas_hint(game, &budget, NULL, &from_game), GAMES_RESULT_OK);
        CHECK_RESULT(games_canicas_board_hint_lines98(NULL, cells, n_cells, next, n_next, landings, n_landings,
                                                      &budget, NULL, &from_board),
                     GAMES_RESULT_OK);
        CHECK(from_game.from == from_board.from && from_game.to == from_board.to);
        /* A landing cell that is taken, or one cell too few: refused. */
        uint32_t bad[GAMES_CANICAS_MAX_ARRIVALS];
        memcpy(bad, landings, sizeof bad);
        bad[0] = from_game.from;
        CHECK_RESULT(games_canicas_board_hint_lines98(NULL, cells, n_cells, next, n_next, bad, n_landings, &budget,
                                                      NULL, &from_board),
                     GAMES_RESULT_INVALID_PARAMETER);
        CHECK_RESULT(games_canicas_board_hint_lines98(NULL, cells, n_cells, next, n_next, landings, n_landings - 1,
                                                      &budget, NULL, &from_board),
                     GAMES_RESULT_INVALID_PARAMETER);
        CHECK_RESULT(games_canicas_play(game, from_game, NULL), GAMES_RESULT_OK);
    }
    games_canicas_free(game);
}

int main(void) {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    lines98_bare_hint();
    autoplay_deal();
    legal_moves_match_reachable();
    bare_board_and_arena();
    scripted_game_with_undo();
    unreachable_target();
    error_paths();
    if (failures != 0) {
        fprintf(stderr, "canicas_c: %d checks failed\n", failures);
        return 1;
    }
    printf("canicas_c: all checks passed\n");
    return 0;
}

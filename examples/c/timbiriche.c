/*
 * Dots and boxes through the C ABI: a full 5x5 game Hard against Medium,
 * a two-player game read from a script, save/load, hints, the chain
 * decomposition and every error path. Exits non-zero on the first check
 * that fails.
 *
 *   timbiriche_c SCRIPT   (see timbiriche_script.txt)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "games.h"

static games_timbiriche_state state_of(const games_timbiriche_game *game) {
    games_timbiriche_state s;
    memset(&s, 0, sizeof s);
    CHECK_RESULT(games_timbiriche_get_state(game, &s), GAMES_RESULT_OK);
    return s;
}

static games_timbiriche_game *new_game(uint32_t rows, uint32_t cols, uint32_t games, uint64_t seed) {
    games_timbiriche_options o;
    CHECK_RESULT(games_timbiriche_options_default(&o), GAMES_RESULT_OK);
    o.rows = rows;
    o.cols = cols;
    o.games = games;
    o.start = GAMES_TIMBIRICHE_START_ALTERNATING;
    o.seed = seed;
    games_timbiriche_game *game = NULL;
    CHECK_RESULT(games_timbiriche_new(&o, &game), GAMES_RESULT_OK);
    return game;
}

/* Hard (player 1) against Medium on 5x5, with node budgets so the game is
 * the same on every machine. Points are conserved and every box is owned. */
static void hard_against_medium(void) {
    games_timbiriche_game *game = new_game(5, 5, 1, 2026);
    games_budget hard = {20000, 0};
    int moves = 0;
    while (!state_of(game).game_over && moves < 200) {
        games_timbiriche_state s = state_of(game);
        uint32_t level = s.to_move == GAMES_PLAYER_FIRST ? GAMES_TIMBIRICHE_LEVEL_HARD : GAMES_TIMBIRICHE_LEVEL_MEDIUM;
        games_timbiriche_line line;
        CHECK_RESULT(games_timbiriche_ai_move(game, level, level == GAMES_TIMBIRICHE_LEVEL_HARD ? &hard : NULL, NULL, &line),
                     GAMES_RESULT_OK);
        uint32_t completed = 99;
        CHECK_RESULT(games_timbiriche_play(game, line, &completed), GAMES_RESULT_OK);
        CHECK(completed <= 2);
        games_timbiriche_state after = state_of(game);
        CHECK((completed > 0) == (after.to_move == s.to_move && !after.game_over) || after.game_over);
        moves++;
    }
    games_timbiriche_state s = state_of(game);
    CHECK(s.game_over && moves == 60 && s.lines_drawn == 60);
    CHECK(s.points_first + s.points_second == 25);
    CHECK(s.result == (s.points_first > s.points_second ? GAMES_TIMBIRICHE_RESULT_FIRST_WINS
                                                        : GAMES_TIMBIRICHE_RESULT_SECOND_WINS));
    uint32_t owners[GAMES_TIMBIRICHE_MAX_BOXES];
    size_t n = 0;
    CHECK_RESULT(games_timbiriche_owners(game, owners, GAMES_TIMBIRICHE_MAX_BOXES, &n), GAMES_RESULT_OK);
    uint32_t first = 0;
    for (size_t i = 0; i < n; i++) {
        CHECK(owners[i] != GAMES_NO_PLAYER);
        first += owners[i] == GAMES_PLAYER_FIRST;
    }
    CHECK(n == 25 && first == s.points_first);
    printf("5x5 Hard %u - Medium %u\n", s.points_first, s.points_second);
    games_timbiriche_free(game);
}

/* A script: "size ROWSxCOLS", lines in dot notation (one per line), and a
 * final "expect FIRST SECOND" with the points. */
static void play_script(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL) {
        return;
    }
    games_timbiriche_game *game = NULL;
    char text[128];
    int moves = 0, checked = 0;
    while (fgets(text, sizeof text, f) != NULL) {
        unsigned rows = 0, cols = 0, a = 0, b = 0;
        text[strcspn(text, "\r\n")] = '\0';
        if (text[0] == '#' || text[0] == '\0') {
            continue;
        }
        if (sscanf(text, "size %ux%u", &rows, &cols) == 2) {
            game = new_game(rows, cols, 1, 1);
        } else if (sscanf(text, "expect %u %u", &a, &b) == 2) {
            games_timbiriche_state s = state_of(game);
            CHECK(s.game_over && s.points_first == a && s.points_second == b);
            checked = 1;
        } else if (game != NULL) {
            games_timbiriche_line line;
            CHECK_RESULT(games_timbiriche_parse_line(game, text, &line), GAMES_RESULT_OK);
            char back[16];
            size_t len = 0;
            CHECK_RESULT(games_timbiriche_line_to_string(line, back, sizeof back, &len), GAMES_RESULT_OK);
            uint32_t index = 0;
            games_timbiriche_line again;
            CHECK_RESULT(games_timbiriche_line_index(game, line, &index), GAMES_RESULT_OK);
            CHECK_RESULT(games_timbiriche_line_at(game, index, &again), GAMES_RESULT_OK);
            CHECK(again.orientation == line.orientation && again.row == line.row && again.col == line.col);
            CHECK_RESULT(games_timbiriche_play(game, line, NULL), GAMES_RESULT_OK);
            moves++;
        }
    }
    fclose(f);
    CHECK(checked && moves > 0);
    if (game != NULL) {
        /* Undo everything, redo everything: the same end, and undo is recorded. */
        games_timbiriche_state end = state_of(game);
        for (int i = 0; i < moves; i++) {
            CHECK_RESULT(games_timbiriche_undo(game), GAMES_RESULT_OK);
        }
        CHECK_RESULT(games_timbiriche_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
        CHECK(state_of(game).lines_drawn == 0 && state_of(game).undo_used);
        for (int i = 0; i < moves; i++) {
            CHECK_RESULT(games_timbiriche_redo(game), GAMES_RESULT_OK);
        }
        games_timbiriche_state again = state_of(game);
        CHECK(again.points_first == end.points_first && again.points_second == end.points_second &&
              again.game_over == end.game_over);
    }
    games_timbiriche_free(game);
    printf("script %s: %d lines\n", path, moves);
}

static void hints_chains_and_save(void) {
    games_timbiriche_game *game = new_game(3, 3, 3, 7);
    games_timbiriche_state s = state_of(game);
    CHECK(s.games == 3 && s.hints_left == 3 && s.next_hint_free);

    games_timbiriche_hint hint;
    CHECK_RESULT(games_timbiriche_take_hint(game, NULL, NULL, &hint), GAMES_RESULT_OK);
    CHECK(hint.free && hint.left == 2);
    char sentence[512];
    size_t len = 0;
    CHECK_RESULT(games_timbiriche_hint_sentence(game, sentence, sizeof sentence, &len), GAMES_RESULT_OK);
    CHECK(len > 1);
    CHECK_RESULT(games_timbiriche_play(game, hint.line, NULL), GAMES_RESULT_OK);

    games_timbiriche_line safe[GAMES_TIMBIRICHE_MAX_LINES];
    size_t n_safe = 0, n_legal = 0;
    CHECK_RESULT(games_timbiriche_lines(game, GAMES_TIMBIRICHE_LINES_SAFE, safe, GAMES_TIMBIRICHE_MAX_LINES, &n_safe),
                 GAMES_RESULT_OK);
    CHECK_RESULT(games_timbiriche_lines(game, GAMES_TIMBIRICHE_LINES_LEGAL, NULL, 0, &n_legal),
                 GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(n_legal == 23 && n_safe > 0 && n_safe <= n_legal);
    games_timbiriche_component parts[GAMES_TIMBIRICHE_MAX_BOXES];
    size_t n_parts = 0;
    CHECK_RESULT(games_timbiriche_components(game, parts, GAMES_TIMBIRICHE_MAX_BOXES, &n_parts), GAMES_RESULT_OK);
    CHECK(n_parts >= 1);

    size_t size = 0;
    CHECK_RESULT(games_timbiriche_save(game, NULL, 0, &size), GAMES_RESULT_BUFFER_TOO_SMALL);
    uint8_t *bytes = malloc(size);
    CHECK_RESULT(games_timbiriche_save(game, bytes, size, &size), GAMES_RESULT_OK);
    games_timbiriche_game *copy = NULL;
    CHECK_RESULT(games_timbiriche_load(bytes, size, &copy), GAMES_RESULT_OK);
    games_timbiriche_state a = state_of(game), b = state_of(copy);
    CHECK(a.lines_drawn == b.lines_drawn && a.hints_left == b.hints_left && a.games == b.games && a.to_move == b.to_move);
    /* The proof tables' limit belongs to the handle: a clone keeps it, a
     * save does not hold it (the loaded copy has the default). */
    size_t limit = 0;
    CHECK_RESULT(games_timbiriche_table_limit(game, &limit), GAMES_RESULT_OK);
    CHECK(limit == GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES);
    CHECK_RESULT(games_timbiriche_set_table_limit(game, (size_t)1 << 20), GAMES_RESULT_OK);
    games_timbiriche_game *twin = NULL;
    CHECK_RESULT(games_timbiriche_clone(game, &twin), GAMES_RESULT_OK);
    CHECK_RESULT(games_timbiriche_table_limit(twin, &limit), GAMES_RESULT_OK);
    CHECK(limit == (size_t)1 << 20);
    CHECK_RESULT(games_timbiriche_table_limit(copy, &limit), GAMES_RESULT_OK);
    CHECK(limit == GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES);
    /* Hard proves this position with the 1 MiB table too. */
    games_timbiriche_line lt;
    games_budget hard_budget = {2000000, 0};
    CHECK_RESULT(games_timbiriche_ai_move(twin, GAMES_TIMBIRICHE_LEVEL_HARD, &hard_budget, NULL, &lt), GAMES_RESULT_OK);
    games_timbiriche_free(twin);
    games_timbiriche_line la, lb;
    games_budget budget = {5000, 0};
    CHECK_RESULT(games_timbiriche_ai_move(game, GAMES_TIMBIRICHE_LEVEL_EASY, &budget, NULL, &la), GAMES_RESULT_OK);
    CHECK_RESULT(games_timbiriche_ai_move(copy, GAMES_TIMBIRICHE_LEVEL_EASY, &budget, NULL, &lb), GAMES_RESULT_OK);
    CHECK(la.orientation == lb.orientation && la.row == lb.row && la.col == lb.col);
    bytes[1] = '#';
    games_timbiriche_game *bad = NULL;
    CHECK_RESULT(games_timbiriche_load(bytes, size, &bad), GAMES_RESULT_INVALID_DATA);
    CHECK(bad == NULL);
    free(bytes);
    CHECK_RESULT(games_timbiriche_next_game(game), GAMES_RESULT_ROUND_NOT_OVER);
    games_timbiriche_free(copy);
    games_timbiriche_free(game);
}

/* The five Learn lessons: each has a title and goal, some line meets the
 * goal, and (after the first) some line does not; every check explains. */
static void lessons(void) {
    for (uint32_t i = 0; i < GAMES_TIMBIRICHE_LESSONS; i++) {
        games_timbiriche_lesson_info info;
        CHECK_RESULT(games_timbiriche_lesson_get_info(i, &info), GAMES_RESULT_OK);
        char title[128], why[512];
        size_t len = 0;
        CHECK_RESULT(games_timbiriche_lesson_text(i, GAMES_TIMBIRICHE_LESSON_TITLE, title, sizeof title, &len),
                     GAMES_RESULT_OK);
        CHECK_RESULT(games_timbiriche_lesson_text(i, GAMES_TIMBIRICHE_LESSON_GOAL, why, sizeof why, &len),
                     GAMES_RESULT_OK);
        CHECK(len > 1);
        uint8_t drawn[GAMES_TIMBIRICHE_MAX_LINES];
        size_t lines = 0;
        CHECK_RESULT(games_timbiriche_lesson_drawn(i, drawn, sizeof drawn, &lines), GAMES_RESULT_OK);
        games_timbiriche_game *board = new_game(info.rows, info.cols, 1, 1);
        int met = 0, missed = 0;
        for (uint32_t index = 0; index < lines; index++) {
            if (drawn[index]) {
                continue;
            }
            games_timbiriche_line line;
            CHECK_RESULT(games_timbiriche_line_at(board, index, &line), GAMES_RESULT_OK);
            bool ok = false;
            CHECK_RESULT(games_timbiriche_lesson_check(i, line, &ok, why, sizeof why, &len), GAMES_RESULT_OK);
            CHECK(len > 1);
            met += ok;
            missed += !ok;
        }
        CHECK(met > 0);
        CHECK(i == 0 || missed > 0);
        printf("lesson %u: %s (%d of %d lines meet the goal)\n", i + 1, title, met, met + missed);
        games_timbiriche_free(board);
    }
    games_timbiriche_lesson_info info;
    CHECK_RESULT(games_timbiriche_lesson_get_info(GAMES_TIMBIRICHE_LESSONS, &info), GAMES_RESULT_INVALID_PARAMETER);
}

static void error_paths(void) {
    games_timbiriche_options o;
    games_timbiriche_game *game = NULL;
    games_timbiriche_line line = {GAMES_TIMBIRICHE_HORIZONTAL, 0, 0};
    size_t len = 0;

    CHECK_RESULT(games_timbiriche_new(NULL, &game), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_timbiriche_options_default(&o), GAMES_RESULT_OK);
    o.rows = 7;
    CHECK_RESULT(games_timbiriche_new(&o, &game), GAMES_RESULT_INVALID_PARAMETER);
    games_timbiriche_options_default(&o);
    o.games = 4;
    CHECK_RESULT(games_timbiriche_new(&o, &game), GAMES_RESULT_INVALID_PARAMETER);
    games_timbiriche_options_default(&o);
    o.values_kind = GAMES_TIMBIRICHE_VALUES_EXPLICIT;
    const uint8_t wrong[3] = {1, 2, 3};
    o.values = wrong;
    o.values_len = 3;
    CHECK_RESULT(games_timbiriche_new(&o, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(game == NULL);
    CHECK_RESULT(games_timbiriche_play(NULL, line, NULL), GAMES_RESULT_NULL_PARAMETER);
    games_timbiriche_free(NULL);

    game = new_game(2, 2, 1, 3);
    games_timbiriche_line diagonal;
    CHECK_RESULT(games_timbiriche_parse_line(game, "a1-b2", &diagonal), GAMES_RESULT_INVALID_PARAMETER);
    char why[160];
    CHECK_RESULT(games_timbiriche_last_error(game, why, sizeof why, &len), GAMES_RESULT_OK);
    CHECK(len > 1);
    CHECK_RESULT(games_timbiriche_parse_line(game, "a1-c1", &diagonal), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_timbiriche_parse_line(game, "q9-q8", &diagonal), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_timbiriche_play(game, line, NULL), GAMES_RESULT_OK);
    CHECK_RESULT(games_timbiriche_play(game, line, NULL), GAMES_RESULT_ILLEGAL_MOVE);
    games_timbiriche_line off = {GAMES_TIMBIRICHE_VERTICAL, 5, 0};
    CHECK_RESULT(games_timbiriche_play(game, off, NULL), GAMES_RESULT_ILLEGAL_MOVE);
    games_timbiriche_line sideways = {7, 0, 0};
    CHECK_RESULT(games_timbiriche_play(game, sideways, NULL), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK(state_of(game).lines_drawn == 1);
    CHECK_RESULT(games_timbiriche_ai_move(game, 9, NULL, NULL, &line), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_timbiriche_set_table_limit(game, GAMES_TIMBIRICHE_MIN_TABLE_BYTES - 1),
                 GAMES_RESULT_INVALID_PARAMETER);
    size_t limit = 0;
    CHECK_RESULT(games_timbiriche_table_limit(game, &limit), GAMES_RESULT_OK);
    CHECK(limit == GAMES_TIMBIRICHE_DEFAULT_TABLE_BYTES);
    CHECK_RESULT(games_timbiriche_table_limit(game, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_timbiriche_set_table_limit(NULL, 1 << 20), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_timbiriche_lines(game, 42, NULL, 0, &len), GAMES_RESULT_INVALID_PARAMETER);
    uint32_t owners[2];
    CHECK_RESULT(games_timbiriche_owners(game, owners, 2, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 4);
    CHECK_RESULT(games_timbiriche_redo(game), GAMES_RESULT_NOTHING_TO_REDO);
    CHECK_RESULT(games_timbiriche_next_game(game), GAMES_RESULT_MATCH_OVER);
    char tiny[3];
    CHECK_RESULT(games_timbiriche_line_to_string(line, tiny, sizeof tiny, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 6);
    games_timbiriche_free(game);
}

int main(int argc, char **argv) {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    hard_against_medium();
    if (argc > 1) {
        play_script(argv[1]);
    } else {
        CHECK(!"usage: timbiriche_c SCRIPT");
    }
    hints_chains_and_save();
    lessons();
    error_paths();
    if (failures != 0) {
        fprintf(stderr, "timbiriche_c: %d checks failed\n", failures);
        return 1;
    }
    printf("timbiriche_c: all checks passed\n");
    return 0;
}

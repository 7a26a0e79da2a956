/*
 * Nim through the C ABI: AI against AI, a game read from a script file,
 * save/load, cancel tokens and every error path. Exits non-zero on the
 * first check that fails.
 *
 *   nim_c SCRIPT   (see nim_script.txt for the format)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "games.h"

static void check_versions(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", GAMES_VERSION_MAJOR, GAMES_VERSION_MINOR,
             GAMES_VERSION_PATCH);
    CHECK(strcmp(games_version(), expected) == 0);
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
}

static games_nim_state state_of(const games_nim_game *game) {
    games_nim_state s;
    memset(&s, 0, sizeof s);
    CHECK_RESULT(games_nim_get_state(game, &s), GAMES_RESULT_OK);
    return s;
}

static bool same_state(games_nim_state a, games_nim_state b) {
    return a.to_move == b.to_move && a.rule == b.rule && a.row_count == b.row_count &&
           a.circles_left == b.circles_left && a.round_over == b.round_over &&
           a.round_winner == b.round_winner && a.moves_played == b.moves_played &&
           a.can_undo == b.can_undo && a.can_redo == b.can_redo && a.round == b.round &&
           a.rounds == b.rounds && a.points_first == b.points_first &&
           a.points_second == b.points_second && a.match_result == b.match_result;
}

/* Plays one round to the end, `levels[p]` choosing for player p. */
static void play_round(games_nim_game *game, const uint32_t levels[2]) {
    for (int guard = 0; guard < 10000; guard++) {
        games_nim_state s = state_of(game);
        if (s.round_over) {
            return;
        }
        games_nim_move mv;
        CHECK_RESULT(games_nim_ai_move(game, levels[s.to_move], NULL, NULL, &mv), GAMES_RESULT_OK);
        uint32_t reason = 99;
        CHECK_RESULT(games_nim_check_move(game, mv, &reason), GAMES_RESULT_OK);
        CHECK(reason == GAMES_NIM_MOVE_OK);
        CHECK_RESULT(games_nim_play(game, mv), GAMES_RESULT_OK);
    }
    CHECK(!"a round did not end");
}

/* Hard against Hard over a two-round match on 3-4-5: the starter wins each
 * round (3^4^5 != 0) and the first turn alternates, so the match is shared. */
static void ai_against_ai(void) {
    games_nim_game *game = NULL;
    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 2, GAMES_PLAYER_FIRST, 7, &game),
                 GAMES_RESULT_OK);
    const uint32_t hard[2] = {GAMES_NIM_LEVEL_HARD, GAMES_NIM_LEVEL_HARD};
    play_round(game, hard);
    games_nim_state s = state_of(game);
    CHECK(s.round_winner == GAMES_PLAYER_FIRST);
    CHECK(s.match_result == GAMES_NIM_MATCH_PLAYING);
    CHECK_RESULT(games_nim_next_round(game), GAMES_RESULT_OK);
    s = state_of(game);
    CHECK(s.round == 1 && s.to_move == GAMES_PLAYER_SECOND);
    play_round(game, hard);
    s = state_of(game);
    CHECK(s.round_winner == GAMES_PLAYER_SECOND);
    CHECK(s.points_first == 1 && s.points_second == 1);
    CHECK(s.match_result == GAMES_NIM_MATCH_SHARED);
    CHECK_RESULT(games_nim_next_round(game), GAMES_RESULT_MATCH_OVER);
    games_nim_free(game);

    /* Hard (moving first, from a won position) beats Easy whatever the seed. */
    for (uint64_t seed = 0; seed < 50; seed++) {
        const uint32_t rows[4] = {2, 5, 7, 9};
        CHECK_RESULT(games_nim_new(rows, 4, GAMES_NIM_RULE_MISERE, 1, GAMES_PLAYER_FIRST, seed, &game),
                     GAMES_RESULT_OK);
        bool wins = false;
        size_t n = 0;
        games_nim_move winning[64];
        CHECK_RESULT(games_nim_analyze(game, &wins, winning, 64, &n), GAMES_RESULT_OK);
        CHECK(wins && n >= 1);
        const uint32_t levels[2] = {GAMES_NIM_LEVEL_HARD, GAMES_NIM_LEVEL_EASY};
        play_round(game, levels);
        CHECK(state_of(game).round_winner == GAMES_PLAYER_FIRST);
        games_nim_free(game);
    }
}

/* A script: '#' comments, "rows a b c", "rule normal|misere", moves as
 * "ROW TAKE" with rows counted from 1, and a final "winner first|second". */
static void play_script(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL) {
        return;
    }
    uint32_t rows[GAMES_NIM_MAX_ROWS];
    size_t row_count = 0;
    uint32_t rule = GAMES_NIM_RULE_NORMAL;
    games_nim_game *game = NULL;
    char line[256];
    int moves = 0;
    int checked_winner = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned row = 0, take = 0;
        char word[32];
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        if (strncmp(line, "rows", 4) == 0) {
            char *p = line + 4;
            char *end = NULL;
            row_count = 0;
            for (unsigned long v = strtoul(p, &end, 10); end != p && row_count < GAMES_NIM_MAX_ROWS;
                 v = strtoul(p, &end, 10)) {
                rows[row_count++] = (uint32_t)v;
                p = end;
            }
        } else if (sscanf(line, "rule %31s", word) == 1) {
            rule = strcmp(word, "misere") == 0 ? GAMES_NIM_RULE_MISERE : GAMES_NIM_RULE_NORMAL;
        } else if (sscanf(line, "winner %31s", word) == 1) {
            games_nim_state s = state_of(game);
            CHECK(s.round_over);
            CHECK(s.round_winner == (strcmp(word, "first") == 0 ? GAMES_PLAYER_FIRST : GAMES_PLAYER_SECOND));
            checked_winner = 1;
        } else if (sscanf(line, "%u %u", &row, &take) == 2) {
            if (game == NULL) {
                CHECK_RESULT(games_nim_new(rows, row_count, rule, 1, GAMES_PLAYER_FIRST, 1, &game),
                             GAMES_RESULT_OK);
            }
            games_nim_move mv = {row - 1, take};
            CHECK_RESULT(games_nim_play(game, mv), GAMES_RESULT_OK);
            moves++;
        }
    }
    fclose(f);
    CHECK(moves > 0 && checked_winner);
    if (game != NULL) {
        /* Undo the whole script, then redo it: the same end. */
        games_nim_state end = state_of(game);
        for (int i = 0; i < moves; i++) {
            CHECK_RESULT(games_nim_undo(game), GAMES_RESULT_OK);
        }
        CHECK_RESULT(games_nim_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
        uint32_t total = 0;
        for (size_t i = 0; i < row_count; i++) {
            total += rows[i];
        }
        CHECK(state_of(game).circles_left == total && state_of(game).moves_played == 0);
        for (int i = 0; i < moves; i++) {
            CHECK_RESULT(games_nim_redo(game), GAMES_RESULT_OK);
        }
        CHECK_RESULT(games_nim_redo(game), GAMES_RESULT_NOTHING_TO_REDO);
        games_nim_state again = state_of(game);
        CHECK(same_state(end, again));
    }
    games_nim_free(game);
    printf("script %s: %d moves replayed\n", path, moves);
}

static void save_and_load(void) {
    games_nim_game *game = NULL;
    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 3, GAMES_PLAYER_SECOND, 11, &game),
                 GAMES_RESULT_OK);
    games_nim_move first = {2, 2};
    CHECK_RESULT(games_nim_play(game, first), GAMES_RESULT_OK);

    size_t len = 0;
    CHECK_RESULT(games_nim_save(game, NULL, 0, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len > 0);
    uint8_t *bytes = malloc(len);
    size_t written = 0;
    CHECK_RESULT(games_nim_save(game, bytes, len, &written), GAMES_RESULT_OK);
    CHECK(written == len);

    games_nim_game *copy = NULL;
    CHECK_RESULT(games_nim_load(bytes, written, &copy), GAMES_RESULT_OK);
    games_nim_state a = state_of(game), b = state_of(copy);
    CHECK(same_state(a, b));
    /* The generator state travels too: both answer the same AI moves. */
    for (int i = 0; i < 5; i++) {
        games_nim_move ma, mb;
        CHECK_RESULT(games_nim_ai_move(game, GAMES_NIM_LEVEL_EASY, NULL, NULL, &ma), GAMES_RESULT_OK);
        CHECK_RESULT(games_nim_ai_move(copy, GAMES_NIM_LEVEL_EASY, NULL, NULL, &mb), GAMES_RESULT_OK);
        CHECK(ma.row == mb.row && ma.take == mb.take);
    }
    games_nim_game *clone = NULL;
    CHECK_RESULT(games_nim_clone(copy, &clone), GAMES_RESULT_OK);
    CHECK(state_of(clone).moves_played == 1);

    /* Damaged bytes are refused and nothing is created. */
    games_nim_game *bad = NULL;
    bytes[0] = 'x';
    CHECK_RESULT(games_nim_load(bytes, written, &bad), GAMES_RESULT_INVALID_DATA);
    CHECK(bad == NULL);
    const char *future = "{\"version\":99,\"rounds\":1,\"first\":\"First\",\"finished\":[],\"game\":{}}";
    CHECK_RESULT(games_nim_load((const uint8_t *)future, strlen(future), &bad), GAMES_RESULT_UNSUPPORTED_VERSION);
    CHECK(bad == NULL);
    free(bytes);
    games_nim_free(clone);
    games_nim_free(copy);
    games_nim_free(game);
}

static void cancel_token(void) {
    games_cancel_token *token = NULL;
    CHECK_RESULT(games_cancel_token_new(&token), GAMES_RESULT_OK);
    bool cancelled = true;
    CHECK_RESULT(games_cancel_token_is_cancelled(token, &cancelled), GAMES_RESULT_OK);
    CHECK(!cancelled);
    CHECK_RESULT(games_cancel_token_cancel(token), GAMES_RESULT_OK);
    CHECK_RESULT(games_cancel_token_is_cancelled(token, &cancelled), GAMES_RESULT_OK);
    CHECK(cancelled);

    games_nim_game *game = NULL;
    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 1, GAMES_PLAYER_FIRST, 3, &game),
                 GAMES_RESULT_OK);
    games_budget budget = {1, 0};
    games_nim_move mv;
    /* A cancelled search still answers with a legal move. */
    CHECK_RESULT(games_nim_ai_move(game, GAMES_NIM_LEVEL_HARD, &budget, token, &mv), GAMES_RESULT_OK);
    CHECK_RESULT(games_nim_play(game, mv), GAMES_RESULT_OK);
    CHECK_RESULT(games_cancel_token_reset(token), GAMES_RESULT_OK);
    CHECK_RESULT(games_cancel_token_is_cancelled(token, &cancelled), GAMES_RESULT_OK);
    CHECK(!cancelled);
    games_nim_free(game);
    games_cancel_token_free(token);
    games_cancel_token_free(NULL);
}

static void error_paths(void) {
    games_nim_game *game = NULL;
    games_nim_move mv = {0, 1};
    games_nim_state s;
    size_t len = 0;
    uint32_t reason = 0;

    /* NULL handles and NULL outputs. */
    CHECK_RESULT(games_nim_play(NULL, mv), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_nim_get_state(NULL, &s), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_nim_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_nim_ai_move(NULL, GAMES_NIM_LEVEL_HARD, NULL, NULL, &mv), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 1, 0, 0, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_nim_new(NULL, 3, GAMES_NIM_RULE_NORMAL, 1, 0, 0, &game), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_cancel_token_cancel(NULL), GAMES_RESULT_NULL_PARAMETER);
    games_nim_free(NULL);

    /* Bad options: nothing is created. */
    const uint32_t empty[2] = {0, 0};
    const uint32_t too_long[1] = {70000};
    uint32_t many[33];
    for (int i = 0; i < 33; i++) {
        many[i] = 1;
    }
    CHECK_RESULT(games_nim_new(empty, 2, GAMES_NIM_RULE_NORMAL, 1, 0, 0, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_nim_new(too_long, 1, GAMES_NIM_RULE_NORMAL, 1, 0, 0, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_nim_new(many, 33, GAMES_NIM_RULE_NORMAL, 1, 0, 0, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_nim_new(NULL, 0, 7, 1, 0, 0, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 0, 0, 0, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 1, 5, 0, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(game == NULL);

    CHECK_RESULT(games_nim_new(NULL, 0, GAMES_NIM_RULE_NORMAL, 1, GAMES_PLAYER_FIRST, 0, &game),
                 GAMES_RESULT_OK);
    games_nim_state before = state_of(game);

    /* Illegal moves change nothing and say why. */
    games_nim_move zero = {0, 0}, too_many = {1, 5}, no_row = {3, 1};
    CHECK_RESULT(games_nim_play(game, zero), GAMES_RESULT_ILLEGAL_MOVE);
    char msg[128];
    CHECK_RESULT(games_nim_last_error(game, msg, sizeof msg, &len), GAMES_RESULT_OK);
    CHECK(len > 1 && strstr(msg, "at least one") != NULL);
    CHECK_RESULT(games_nim_play(game, too_many), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_nim_play(game, no_row), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_nim_check_move(game, too_many, &reason), GAMES_RESULT_OK);
    CHECK(reason == GAMES_NIM_MOVE_TAKE_TOO_MANY);
    CHECK_RESULT(games_nim_check_move(game, zero, &reason), GAMES_RESULT_OK);
    CHECK(reason == GAMES_NIM_MOVE_TAKE_ZERO);
    CHECK_RESULT(games_nim_check_move(game, no_row, &reason), GAMES_RESULT_OK);
    CHECK(reason == GAMES_NIM_MOVE_NO_SUCH_ROW);
    games_nim_state after = state_of(game);
    CHECK(same_state(before, after));
    CHECK_RESULT(games_nim_ai_move(game, 3, NULL, NULL, &mv), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_nim_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
    CHECK_RESULT(games_nim_redo(game), GAMES_RESULT_NOTHING_TO_REDO);
    CHECK_RESULT(games_nim_next_round(game), GAMES_RESULT_ROUND_NOT_OVER);

    /* Buffers too small: the size needed comes back, nothing is written. */
    uint32_t rows[2] = {77, 77};
    CHECK_RESULT(games_nim_get_rows(game, rows, 2, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 3 && rows[0] == 77 && rows[1] == 77);
    uint32_t rows3[3];
    CHECK_RESULT(games_nim_get_rows(game, rows3, 3, &len), GAMES_RESULT_OK);
    CHECK(len == 3 && rows3[0] == 3 && rows3[1] == 4 && rows3[2] == 5);
    CHECK_RESULT(games_nim_legal_moves(game, NULL, 0, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 12);
    games_nim_move moves[12];
    CHECK_RESULT(games_nim_legal_moves(game, moves, 12, &len), GAMES_RESULT_OK);
    CHECK(moves[0].row == 0 && moves[0].take == 1 && moves[11].row == 2 && moves[11].take == 5);
    CHECK_RESULT(games_nim_get_rows(game, rows3, 3, NULL), GAMES_RESULT_NULL_PARAMETER);
    char tiny[4];
    CHECK_RESULT(games_result_message(GAMES_RESULT_ILLEGAL_MOVE, tiny, sizeof tiny, &len),
                 GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len > sizeof tiny);
    CHECK_RESULT(games_result_message(12345, msg, sizeof msg, &len), GAMES_RESULT_OK);
    CHECK(strcmp(msg, "unknown result code") == 0);

    /* Play to the end: then moves and AI calls report the game over. */
    games_nim_move take_all[3] = {{0, 3}, {1, 4}, {2, 5}};
    for (int i = 0; i < 3; i++) {
        CHECK_RESULT(games_nim_play(game, take_all[i]), GAMES_RESULT_OK);
    }
    s = state_of(game);
    CHECK(s.round_over && s.round_winner == GAMES_PLAYER_FIRST && s.match_result == GAMES_NIM_MATCH_FIRST_WINS);
    CHECK_RESULT(games_nim_play(game, mv), GAMES_RESULT_GAME_OVER);
    CHECK_RESULT(games_nim_ai_move(game, GAMES_NIM_LEVEL_EASY, NULL, NULL, &mv), GAMES_RESULT_GAME_OVER);
    /* No legal move: an empty list fits any buffer, NULL with cap 0 too. */
    len = 99;
    CHECK_RESULT(games_nim_legal_moves(game, NULL, 0, &len), GAMES_RESULT_OK);
    CHECK(len == 0);
    CHECK_RESULT(games_nim_load(NULL, 0, &game), GAMES_RESULT_INVALID_DATA);
    games_nim_free(game);
}

int main(int argc, char **argv) {
    check_versions();
    ai_against_ai();
    if (argc > 1) {
        play_script(argv[1]);
    } else {
        CHECK(!"usage: nim_c SCRIPT");
    }
    save_and_load();
    cancel_token();
    error_paths();
    if (failures != 0) {
        fprintf(stderr, "nim_c: %d checks failed\n", failures);
        return 1;
    }
    printf("nim_c: all checks passed\n");
    return 0;
}

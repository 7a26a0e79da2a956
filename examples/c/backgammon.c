/*
 * Backgammon through the C ABI: a full seeded game Hard against Easy, a
 * scripted game with dice set from outside (hits, bar entry, the
 * step-by-step interface), bear-offs to a gammon, a backgammon and a single
 * game from XGIDs, Position IDs, save/load, and every error path. Exits
 * non-zero when a check fails.
 *
 *   backgammon_c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "games.h"

static games_backgammon_state state_of(const games_backgammon_game *game) {
    games_backgammon_state s;
    memset(&s, 0, sizeof s);
    CHECK_RESULT(games_backgammon_get_state(game, &s), GAMES_RESULT_OK);
    return s;
}

static games_backgammon_board board_of(const games_backgammon_game *game) {
    games_backgammon_board b;
    memset(&b, 0, sizeof b);
    CHECK_RESULT(games_backgammon_get_board(game, &b), GAMES_RESULT_OK);
    return b;
}

static unsigned side_pips(const uint8_t *side) {
    unsigned pips = 0;
    for (unsigned p = 1; p < GAMES_BACKGAMMON_SLOTS; p++) {
        pips += p * side[p];
    }
    return pips;
}

/* The board and the state agree: 15 checkers a side, bar, off and pips. */
static void check_consistent(const games_backgammon_game *game) {
    games_backgammon_state s = state_of(game);
    games_backgammon_board b = board_of(game);
    unsigned first = 0, second = 0;
    for (unsigned i = 0; i < GAMES_BACKGAMMON_SLOTS; i++) {
        first += b.first[i];
        second += b.second[i];
        /* A point is held by one side at most (the other's point 25 - i). */
        if (i >= 1 && i <= 24) {
            CHECK(b.first[i] == 0 || b.second[25 - i] == 0);
        }
    }
    CHECK(first == GAMES_BACKGAMMON_CHECKERS && second == GAMES_BACKGAMMON_CHECKERS);
    CHECK(s.bar_first == b.first[GAMES_BACKGAMMON_BAR] && s.bar_second == b.second[GAMES_BACKGAMMON_BAR]);
    CHECK(s.off_first == b.first[GAMES_BACKGAMMON_OFF] && s.off_second == b.second[GAMES_BACKGAMMON_OFF]);
    CHECK(s.pips_first == side_pips(b.first) && s.pips_second == side_pips(b.second));
}

/* Field by field: a struct's padding bytes are not part of its value. */
static int same_state(const games_backgammon_state *a, const games_backgammon_state *b) {
    int same = a->to_move == b->to_move && a->dice_rolled == b->dice_rolled && a->die1 == b->die1 &&
               a->die2 == b->die2 && a->dice_left_count == b->dice_left_count && a->steps_made == b->steps_made &&
               a->turn_complete == b->turn_complete && a->legal_plays == b->legal_plays &&
               a->pips_first == b->pips_first && a->pips_second == b->pips_second && a->bar_first == b->bar_first &&
               a->bar_second == b->bar_second && a->off_first == b->off_first && a->off_second == b->off_second &&
               a->game_over == b->game_over && a->winner == b->winner && a->result_kind == b->result_kind &&
               a->points == b->points && a->turns_played == b->turns_played && a->seeded == b->seeded &&
               a->opening_first == b->opening_first && a->opening_second == b->opening_second;
    for (uint32_t i = 0; same && i < a->dice_left_count && i < 4; i++) {
        same = a->dice_left[i] == b->dice_left[i];
    }
    return same;
}

static void position_id_of(const games_backgammon_game *game, char *out, size_t cap) {
    size_t len = 0;
    CHECK_RESULT(games_backgammon_position_id(game, out, cap, &len), GAMES_RESULT_OK);
    CHECK(len == GAMES_BACKGAMMON_POSITION_ID_LEN + 1);
}

/* Save and load: the copy has the same state, IDs and history. */
static games_backgammon_game *save_and_load(const games_backgammon_game *game) {
    size_t len = 0;
    CHECK_RESULT(games_backgammon_save(game, NULL, 0, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    uint8_t *bytes = malloc(len);
    CHECK(bytes != NULL);
    if (bytes == NULL) {
        return NULL;
    }
    size_t written = 0;
    CHECK_RESULT(games_backgammon_save(game, bytes, len, &written), GAMES_RESULT_OK);
    CHECK(written == len);
    games_backgammon_game *loaded = NULL;
    CHECK_RESULT(games_backgammon_load(bytes, len, &loaded), GAMES_RESULT_OK);
    free(bytes);
    if (loaded == NULL) {
        return NULL;
    }
    games_backgammon_state a = state_of(game), b = state_of(loaded);
    CHECK(same_state(&a, &b));
    char id_a[32], id_b[32];
    position_id_of(game, id_a, sizeof id_a);
    position_id_of(loaded, id_b, sizeof id_b);
    CHECK(strcmp(id_a, id_b) == 0);
    return loaded;
}

/* Hard (first player) against Easy, dice from seed 2026, small node budgets
 * so it is the same everywhere and quick under valgrind. */
static void hard_against_easy(void) {
    games_backgammon_options o;
    CHECK_RESULT(games_backgammon_options_default(&o), GAMES_RESULT_OK);
    o.seed = 2026;
    games_backgammon_game *game = NULL;
    CHECK_RESULT(games_backgammon_new(&o, &game), GAMES_RESULT_OK);
    if (game == NULL) {
        return;
    }
    games_backgammon_state s = state_of(game);
    CHECK(s.dice_rolled && s.seeded && s.opening_first != s.opening_second);
    CHECK(s.to_move == (s.opening_first > s.opening_second ? GAMES_PLAYER_FIRST : GAMES_PLAYER_SECOND));
    CHECK(s.pips_first == 167 && s.pips_second == 167);
    games_budget hard = {1000, 0};
    games_budget easy = {100, 0};
    int turns = 0, plays = 0;
    while (!state_of(game).game_over && turns < 1000) {
        s = state_of(game);
        if (!s.dice_rolled) {
            uint32_t d1 = 0, d2 = 0;
            bool passed = false;
            CHECK_RESULT(games_backgammon_roll(game, &d1, &d2, &passed), GAMES_RESULT_OK);
            CHECK(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6);
            turns++;
            continue;
        }
        CHECK(s.legal_plays > 0);
        uint32_t level = s.to_move == GAMES_PLAYER_FIRST ? GAMES_BACKGAMMON_LEVEL_HARD : GAMES_BACKGAMMON_LEVEL_EASY;
        games_backgammon_move play;
        CHECK_RESULT(games_backgammon_ai_move(game, level, level == GAMES_BACKGAMMON_LEVEL_HARD ? &hard : &easy, NULL,
                                              &play),
                     GAMES_RESULT_OK);
        CHECK(play.step_count >= 1 && play.step_count <= GAMES_BACKGAMMON_MAX_STEPS);
        CHECK_RESULT(games_backgammon_play(game, &play), GAMES_RESULT_OK);
        check_consistent(game);
        plays++;
    }
    s = state_of(game);
    games_backgammon_board b = board_of(game);
    CHECK(s.game_over && s.to_move == GAMES_NO_PLAYER && !s.dice_rolled);
    CHECK(s.winner == GAMES_PLAYER_FIRST || s.winner == GAMES_PLAYER_SECOND);
    const uint8_t *winner = s.winner == GAMES_PLAYER_FIRST ? b.first : b.second;
    const uint8_t *loser = s.winner == GAMES_PLAYER_FIRST ? b.second : b.first;
    CHECK(winner[GAMES_BACKGAMMON_OFF] == 15);
    CHECK(s.points == s.result_kind);
    if (loser[GAMES_BACKGAMMON_OFF] > 0) {
        CHECK(s.result_kind == GAMES_BACKGAMMON_RESULT_SINGLE);
    } else {
        CHECK(s.result_kind == GAMES_BACKGAMMON_RESULT_GAMMON || s.result_kind == GAMES_BACKGAMMON_RESULT_BACKGAMMON);
    }
    CHECK(s.turns_played >= (uint32_t)plays);
    /* Over: no dice, no AI, no plays. */
    CHECK_RESULT(games_backgammon_roll(game, NULL, NULL, NULL), GAMES_RESULT_GAME_OVER);
    CHECK_RESULT(games_backgammon_set_dice(game, 3, 1, NULL), GAMES_RESULT_GAME_OVER);
    games_backgammon_move play;
    CHECK_RESULT(games_backgammon_ai_move(game, GAMES_BACKGAMMON_LEVEL_EASY, NULL, NULL, &play), GAMES_RESULT_GAME_OVER);
    CHECK_RESULT(games_backgammon_play_notation(game, "6/off"), GAMES_RESULT_GAME_OVER);
    CHECK_RESULT(games_backgammon_turn_commit(game), GAMES_RESULT_GAME_OVER);
    uint32_t n = 99;
    CHECK_RESULT(games_backgammon_legal_play_count(game, &n), GAMES_RESULT_OK);
    CHECK(n == 0);
    /* The whole game replays from its save. */
    games_backgammon_game *loaded = save_and_load(game);
    games_backgammon_free(loaded);
    printf("Hard against Easy: %s wins a %s (%u point%s) after %d plays\n",
           s.winner == GAMES_PLAYER_FIRST ? "Hard" : "Easy",
           s.result_kind == GAMES_BACKGAMMON_RESULT_SINGLE   ? "single game"
           : s.result_kind == GAMES_BACKGAMMON_RESULT_GAMMON ? "gammon"
                                                             : "backgammon",
           s.points, s.points == 1 ? "" : "s", plays);
    games_backgammon_free(game);
}

/* One scripted turn: dice, the move, then the expected pips, bars and a
 * few points (point numbers from the mover's own view). */
typedef struct {
    uint32_t player, d1, d2;
    const char *move;
    unsigned pips_first, pips_second, bar_first, bar_second;
} scripted_turn;

static void check_after(const games_backgammon_game *game, const scripted_turn *t) {
    games_backgammon_state s = state_of(game);
    CHECK(s.pips_first == t->pips_first && s.pips_second == t->pips_second);
    CHECK(s.bar_first == t->bar_first && s.bar_second == t->bar_second);
    if (s.pips_first != t->pips_first || s.pips_second != t->pips_second) {
        fprintf(stderr, "after %s: pips %u %u\n", t->move, s.pips_first, s.pips_second);
    }
    check_consistent(game);
}

static void scripted_game(void) {
    /* The opening 3-1 from outside: the first player starts with 3-1. */
    games_backgammon_options o;
    CHECK_RESULT(games_backgammon_options_default(&o), GAMES_RESULT_OK);
    o.opening_first = 3;
    o.opening_second = 1;
    games_backgammon_game *game = NULL;
    CHECK_RESULT(games_backgammon_new(&o, &game), GAMES_RESULT_OK);
    if (game == NULL) {
        return;
    }
    games_backgammon_state s = state_of(game);
    CHECK(s.to_move == GAMES_PLAYER_FIRST && s.dice_rolled && s.die1 == 3 && s.die2 == 1 && !s.seeded);
    CHECK(s.legal_plays == 16);

    static const scripted_turn script[] = {
        {GAMES_PLAYER_FIRST, 0, 0, "8/5 6/5", 163, 167, 0, 0},
        {GAMES_PLAYER_SECOND, 6, 4, "24/18 13/9", 163, 157, 0, 0},
        /* A hit: the second player's blot on its 18 (our 7) goes to the bar. */
        {GAMES_PLAYER_FIRST, 6, 2, "13/7* 13/11", 155, 164, 0, 1},
        /* Entering from the bar (the 6 is blocked) and hitting back. */
        {GAMES_PLAYER_SECOND, 6, 4, "bar/21 24/18*", 173, 154, 1, 0},
        {GAMES_PLAYER_FIRST, 3, 2, "bar/22 6/4*", 168, 158, 0, 1},
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        const scripted_turn *t = &script[i];
        CHECK(state_of(game).to_move == t->player);
        if (t->d1 != 0) {
            bool passed = true;
            CHECK_RESULT(games_backgammon_set_dice(game, t->d1, t->d2, &passed), GAMES_RESULT_OK);
            CHECK(!passed);
        }
        if (i == 3) {
            /* With a checker on the bar nothing else may move. */
            CHECK_RESULT(games_backgammon_play_notation(game, "24/18* 13/9"), GAMES_RESULT_ILLEGAL_MOVE);
            uint8_t from[8];
            size_t n = 0;
            CHECK_RESULT(games_backgammon_movable_checkers(game, from, sizeof from, &n), GAMES_RESULT_OK);
            CHECK(n == 1 && from[0] == GAMES_BACKGAMMON_BAR);
        }
        CHECK_RESULT(games_backgammon_play_notation(game, t->move), GAMES_RESULT_OK);
        check_after(game, t);
    }
    games_backgammon_board b = board_of(game);
    CHECK(b.first[24] == 2 && b.first[22] == 1 && b.first[13] == 3 && b.first[11] == 1 && b.first[8] == 2 &&
          b.first[6] == 3 && b.first[5] == 2 && b.first[4] == 1 && b.first[7] == 0);
    CHECK(b.second[25] == 1 && b.second[21] == 0 && b.second[18] == 1 && b.second[24] == 0);

    /* The second player, 5-1, one checker at a time: it must enter with
     * the 1 (its 20 is our made 5-point). */
    bool passed = true;
    CHECK_RESULT(games_backgammon_set_dice(game, 5, 1, &passed), GAMES_RESULT_OK);
    CHECK(!passed);
    uint8_t points[32];
    size_t n = 0;
    CHECK_RESULT(games_backgammon_movable_checkers(game, points, sizeof points, &n), GAMES_RESULT_OK);
    CHECK(n == 1 && points[0] == GAMES_BACKGAMMON_BAR);
    CHECK_RESULT(games_backgammon_destinations(game, GAMES_BACKGAMMON_BAR, points, sizeof points, &n), GAMES_RESULT_OK);
    CHECK(n == 1 && points[0] == 24);
    CHECK_RESULT(games_backgammon_destinations(game, 13, points, sizeof points, &n), GAMES_RESULT_OK);
    CHECK(n == 0);
    uint32_t from = 0;
    CHECK_RESULT(games_backgammon_checker_for_point(game, 24, &from), GAMES_RESULT_OK);
    CHECK(from == GAMES_BACKGAMMON_BAR);
    CHECK_RESULT(games_backgammon_checker_for_point(game, 20, &from), GAMES_RESULT_OK);
    CHECK(from == GAMES_BACKGAMMON_NO_POINT);
    CHECK_RESULT(games_backgammon_step_play(game, 13, 8, NULL), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_turn_commit(game), GAMES_RESULT_WRONG_PHASE);
    games_backgammon_step step;
    CHECK_RESULT(games_backgammon_step_play(game, GAMES_BACKGAMMON_BAR, 24, &step), GAMES_RESULT_OK);
    CHECK(step.from == 25 && step.to == 24 && !step.hit);
    s = state_of(game);
    CHECK(s.steps_made == 1 && !s.turn_complete && s.dice_left_count == 1 && s.dice_left[0] == 5);
    CHECK(s.pips_second == 157 && s.bar_second == 0);
    check_consistent(game);
    /* Now the 5: a tap on our 8 can only come from the 13. */
    CHECK_RESULT(games_backgammon_checker_for_point(game, 8, &from), GAMES_RESULT_OK);
    CHECK(from == 13);
    CHECK_RESULT(games_backgammon_step_play(game, 13, 8, &step), GAMES_RESULT_OK);
    CHECK(state_of(game).turn_complete && state_of(game).pips_second == 152);
    /* Take it back, and the entry too; then play both again. */
    CHECK_RESULT(games_backgammon_undo(game), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_undo(game), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
    s = state_of(game);
    CHECK(s.steps_made == 0 && s.bar_second == 1 && s.pips_second == 158 && s.dice_left_count == 2);
    CHECK_RESULT(games_backgammon_step_play(game, 25, 24, NULL), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_step_play(game, 13, 8, NULL), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_turn_commit(game), GAMES_RESULT_OK);
    s = state_of(game);
    CHECK(s.to_move == GAMES_PLAYER_FIRST && !s.dice_rolled && s.pips_first == 168 && s.pips_second == 152);
    CHECK(s.turns_played == 6);
    check_consistent(game);

    /* The history: who, which dice, which play. */
    games_backgammon_turn_record rec;
    char text[64];
    size_t len = 0;
    CHECK_RESULT(games_backgammon_history_get(game, 0, &rec, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(rec.player == GAMES_PLAYER_FIRST && rec.die1 == 3 && rec.die2 == 1 && !rec.passed);
    CHECK(strcmp(text, "8/5 6/5") == 0);
    CHECK_RESULT(games_backgammon_history_get(game, 5, &rec, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(rec.player == GAMES_PLAYER_SECOND && strcmp(text, "bar/24 13/8") == 0);
    CHECK_RESULT(games_backgammon_history_get(game, 6, &rec, text, sizeof text, &len),
                 GAMES_RESULT_INVALID_PARAMETER);

    /* The game so far survives save and load, and goes on the same. */
    games_backgammon_game *loaded = save_and_load(game);
    if (loaded != NULL) {
        CHECK_RESULT(games_backgammon_set_dice(loaded, 4, 4, NULL), GAMES_RESULT_OK);
        CHECK_RESULT(games_backgammon_set_dice(game, 4, 4, NULL), GAMES_RESULT_OK);
        CHECK_RESULT(games_backgammon_play_notation(loaded, "13/9(2) 24/20(2)"), GAMES_RESULT_OK);
        CHECK_RESULT(games_backgammon_play_notation(game, "24/20(2) 13/9(2)"), GAMES_RESULT_OK);
        char a[32], c[32];
        position_id_of(game, a, sizeof a);
        position_id_of(loaded, c, sizeof c);
        CHECK(strcmp(a, c) == 0);
        CHECK(state_of(game).pips_first == 168 - 16);
        games_backgammon_free(loaded);
    }
    printf("scripted game: hits, bar entries and steps checked\n");
    games_backgammon_free(game);
}

static games_backgammon_game *from_xgid(const char *xgid) {
    games_backgammon_game *game = NULL;
    CHECK_RESULT(games_backgammon_new_from_xgid(xgid, GAMES_PLAYER_FIRST, 5, &game), GAMES_RESULT_OK);
    return game;
}

/* Bearing off from XGIDs: a hit while bearing off, a gammon, a backgammon,
 * a single game, and a roll that cannot be used. */
static void bear_offs(void) {
    /* First: one checker on its 3 and one on its 1 (13 off); second: a blot
     * on our 2 (its 23) and 14 on our 24 (its ace point); 2-1 to play. */
    games_backgammon_game *game = from_xgid("XGID=-AaA--------------------n-:0:0:1:21:0:0:0:0:10");
    if (game != NULL) {
        games_backgammon_state s = state_of(game);
        CHECK(s.to_move == GAMES_PLAYER_FIRST && s.dice_rolled && s.off_first == 13 && s.off_second == 0);
        CHECK(s.pips_first == 4 && s.pips_second == 37 && s.opening_first == 0);
        CHECK_RESULT(games_backgammon_play_notation(game, "3/2*/off"), GAMES_RESULT_OK);
        s = state_of(game);
        CHECK(s.off_first == 14 && s.bar_second == 1 && s.pips_first == 1 && s.pips_second == 39);
        CHECK(s.to_move == GAMES_PLAYER_SECOND);
        CHECK_RESULT(games_backgammon_set_dice(game, 6, 5, NULL), GAMES_RESULT_OK);
        CHECK(state_of(game).legal_plays == 1);
        CHECK_RESULT(games_backgammon_play_notation(game, "bar/14"), GAMES_RESULT_OK);
        s = state_of(game);
        CHECK(s.bar_second == 0 && s.pips_second == 28 && s.to_move == GAMES_PLAYER_FIRST);
        CHECK_RESULT(games_backgammon_set_dice(game, 4, 3, NULL), GAMES_RESULT_OK);
        CHECK_RESULT(games_backgammon_play_notation(game, "1/off"), GAMES_RESULT_OK);
        s = state_of(game);
        CHECK(s.game_over && s.winner == GAMES_PLAYER_FIRST && s.off_first == 15 && s.pips_first == 0);
        CHECK(s.result_kind == GAMES_BACKGAMMON_RESULT_GAMMON && s.points == 2);
        check_consistent(game);
        games_backgammon_game *loaded = save_and_load(game);
        games_backgammon_free(loaded);
        games_backgammon_free(game);
    }
    /* A backgammon: the loser still has a checker in the winner's home. */
    game = from_xgid("XGID=-Aa---------------------n-:0:0:1:11:0:0:0:0:10");
    if (game != NULL) {
        CHECK_RESULT(games_backgammon_play_notation(game, "1/off"), GAMES_RESULT_OK);
        games_backgammon_state s = state_of(game);
        CHECK(s.game_over && s.winner == GAMES_PLAYER_FIRST && s.result_kind == GAMES_BACKGAMMON_RESULT_BACKGAMMON &&
              s.points == 3);
        games_backgammon_free(game);
    }
    /* A single game: the loser has borne a checker off. */
    game = from_xgid("XGID=-A------------------a---m-:0:0:1:65:0:0:0:0:10");
    if (game != NULL) {
        CHECK(state_of(game).off_second == 1);
        CHECK_RESULT(games_backgammon_play_notation(game, "1/off"), GAMES_RESULT_OK);
        games_backgammon_state s = state_of(game);
        CHECK(s.game_over && s.result_kind == GAMES_BACKGAMMON_RESULT_SINGLE && s.points == 1);
        games_backgammon_free(game);
    }
    /* On the bar against a closed board: any roll passes at once. */
    game = from_xgid("XGID=-c-----------N-----bbbbbbA:0:0:1:00:0:0:0:0:10");
    if (game != NULL) {
        games_backgammon_state s = state_of(game);
        CHECK(!s.dice_rolled && s.bar_first == 1 && s.to_move == GAMES_PLAYER_FIRST);
        bool passed = false;
        CHECK_RESULT(games_backgammon_set_dice(game, 6, 5, &passed), GAMES_RESULT_OK);
        CHECK(passed);
        s = state_of(game);
        CHECK(s.to_move == GAMES_PLAYER_SECOND && !s.dice_rolled && s.turns_played == 1);
        games_backgammon_turn_record rec;
        char text[8];
        size_t len = 0;
        CHECK_RESULT(games_backgammon_history_get(game, 0, &rec, text, sizeof text, &len), GAMES_RESULT_OK);
        CHECK(rec.passed && len == 1 && text[0] == '\0');
        /* Dice rolled by the handle's generator once the game has no dice seed. */
        uint32_t d1 = 0, d2 = 0;
        CHECK_RESULT(games_backgammon_roll(game, &d1, &d2, NULL), GAMES_RESULT_OK);
        CHECK(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6);
        games_backgammon_free(game);
    }
    printf("bear-offs: gammon, backgammon, single game and a pass checked\n");
}

/* Position IDs and XGIDs, out and in. */
static void ids(void) {
    games_backgammon_game *game = NULL;
    CHECK_RESULT(games_backgammon_new_from_position_id("4HPwATDgc/ABMA", GAMES_PLAYER_SECOND, 9, &game),
                 GAMES_RESULT_OK);
    if (game == NULL) {
        return;
    }
    games_backgammon_board b = board_of(game);
    CHECK(b.first[24] == 2 && b.first[13] == 5 && b.first[8] == 3 && b.first[6] == 5);
    CHECK(memcmp(b.first, b.second, sizeof b.first) == 0);
    games_backgammon_state s = state_of(game);
    CHECK(s.to_move == GAMES_PLAYER_SECOND && !s.dice_rolled && s.legal_plays == 0);
    char text[80];
    size_t len = 0;
    CHECK_RESULT(games_backgammon_xgid(game, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(strcmp(text, "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10") == 0 && len == strlen(text) + 1);
    CHECK_RESULT(games_backgammon_set_dice(game, 3, 1, NULL), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_xgid(game, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(strcmp(text, "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10") == 0);
    position_id_of(game, text, sizeof text);
    CHECK(strcmp(text, "4HPwATDgc/ABMA") == 0);

    /* The 16 plays of 3-1; find 8/5 6/5 and the Position ID after it. */
    uint32_t count = 0;
    CHECK_RESULT(games_backgammon_legal_play_count(game, &count), GAMES_RESULT_OK);
    CHECK(count == 16);
    size_t n = 0;
    CHECK_RESULT(games_backgammon_legal_moves(game, NULL, 0, &n), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 16);
    games_backgammon_move plays[16];
    CHECK_RESULT(games_backgammon_legal_moves(game, plays, 16, &n), GAMES_RESULT_OK);
    int found = -1;
    for (uint32_t i = 0; i < count; i++) {
        CHECK_RESULT(games_backgammon_legal_play_notation(game, i, text, sizeof text, &len), GAMES_RESULT_OK);
        char again[80];
        CHECK_RESULT(games_backgammon_play_to_string(&plays[i], again, sizeof again, &len), GAMES_RESULT_OK);
        CHECK(strcmp(text, again) == 0);
        if (strcmp(text, "8/5 6/5") == 0) {
            found = (int)i;
        }
    }
    CHECK(found >= 0);
    CHECK_RESULT(games_backgammon_legal_play_notation(game, count, text, sizeof text, &len),
                 GAMES_RESULT_INVALID_PARAMETER);
    if (found >= 0) {
        CHECK_RESULT(games_backgammon_legal_play_position_id(game, (uint32_t)found, text, sizeof text, &len),
                     GAMES_RESULT_OK);
        /* That ID, with the first player on roll, is the position after the play. */
        games_backgammon_game *after = NULL;
        CHECK_RESULT(games_backgammon_new_from_position_id(text, GAMES_PLAYER_FIRST, 1, &after), GAMES_RESULT_OK);
        if (after != NULL) {
            b = board_of(after);
            CHECK(b.second[8] == 2 && b.second[6] == 4 && b.second[5] == 2 && b.first[8] == 3);
            CHECK(state_of(after).pips_second == 163);
            games_backgammon_free(after);
        }
        CHECK_RESULT(games_backgammon_play(game, &plays[found]), GAMES_RESULT_OK);
        b = board_of(game);
        CHECK(b.second[5] == 2 && state_of(game).to_move == GAMES_PLAYER_FIRST);
    }
    games_backgammon_free(game);
    printf("ids: Position ID and XGID out and in checked\n");
}

static void error_paths(void) {
    games_backgammon_state s;
    games_backgammon_move play;
    char text[64];
    size_t len = 0;
    /* NULL handles and outputs. */
    CHECK_RESULT(games_backgammon_get_state(NULL, &s), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_roll(NULL, NULL, NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_play_notation(NULL, "8/5 6/5"), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_undo(NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_last_error(NULL, text, sizeof text, &len), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_new(NULL, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_options_default(NULL), GAMES_RESULT_NULL_PARAMETER);
    games_backgammon_free(NULL);

    /* Bad options create nothing. */
    games_backgammon_options o;
    CHECK_RESULT(games_backgammon_options_default(&o), GAMES_RESULT_OK);
    games_backgammon_game *game = NULL;
    o.opening_first = 3;
    o.opening_second = 3;
    CHECK_RESULT(games_backgammon_new(&o, &game), GAMES_RESULT_INVALID_PARAMETER);
    o.opening_second = 7;
    CHECK_RESULT(games_backgammon_new(&o, &game), GAMES_RESULT_INVALID_PARAMETER);
    o.opening_second = 0;
    CHECK_RESULT(games_backgammon_new(&o, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(game == NULL);

    /* Bad IDs. */
    CHECK_RESULT(games_backgammon_new_from_position_id("not an id", GAMES_PLAYER_FIRST, 1, &game),
                 GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_new_from_position_id("4HPwATDgc/ABM!", GAMES_PLAYER_FIRST, 1, &game),
                 GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_new_from_position_id("/////////////A", GAMES_PLAYER_FIRST, 1, &game),
                 GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_new_from_position_id("4HPwATDgc/ABMA", 2, 1, &game), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_new_from_position_id(NULL, GAMES_PLAYER_FIRST, 1, &game),
                 GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_new_from_xgid("XGID=garbage", GAMES_PLAYER_FIRST, 1, &game),
                 GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_new_from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:0:10",
                                                GAMES_PLAYER_FIRST, 1, &game),
                 GAMES_RESULT_INVALID_PARAMETER);
    CHECK(game == NULL);

    /* A game with the opening 4-2 from outside. */
    o.opening_first = 2;
    o.opening_second = 4;
    CHECK_RESULT(games_backgammon_new(&o, &game), GAMES_RESULT_OK);
    if (game == NULL) {
        return;
    }
    games_backgammon_state before = state_of(game);
    CHECK(before.to_move == GAMES_PLAYER_SECOND && before.die1 == 4 && before.die2 == 2);
    char id_before[32], id_after[32];
    position_id_of(game, id_before, sizeof id_before);

    /* Wrong phase: the dice are already rolled. */
    CHECK_RESULT(games_backgammon_roll(game, NULL, NULL, NULL), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_set_dice(game, 1, 2, NULL), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_last_error(game, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(len > 1);
    /* Bad notation, illegal moves, bad steps, an unknown level. */
    CHECK_RESULT(games_backgammon_play_notation(game, "24/x"), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_play_notation(game, "13/"), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_play_notation(game, "6/8 13/11"), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_play_notation(game, "26/22"), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_play_notation(game, "24/21 13/11"), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_play_notation(game, "13/9"), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_play_notation(game, "6/off"), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_play_notation(game, ""), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_play_notation(game, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_last_error(game, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(len > 1);
    memset(&play, 0, sizeof play);
    play.step_count = 5;
    CHECK_RESULT(games_backgammon_play(game, &play), GAMES_RESULT_INVALID_PARAMETER);
    play.step_count = 1;
    play.steps[0].from = 24;
    play.steps[0].to = 30;
    CHECK_RESULT(games_backgammon_play(game, &play), GAMES_RESULT_INVALID_PARAMETER);
    play.steps[0].to = 20;
    CHECK_RESULT(games_backgammon_play(game, &play), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_play(game, NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_step_play(game, 24, 19, NULL), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_step_play(game, 1000, 2, NULL), GAMES_RESULT_ILLEGAL_MOVE);
    CHECK_RESULT(games_backgammon_undo(game), GAMES_RESULT_NOTHING_TO_UNDO);
    CHECK_RESULT(games_backgammon_turn_commit(game), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_ai_move(game, 3, NULL, NULL, &play), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_ai_move(game, GAMES_BACKGAMMON_LEVEL_EASY, NULL, NULL, NULL),
                 GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_destinations(game, 26, NULL, 0, &len), GAMES_RESULT_INVALID_PARAMETER);
    uint32_t from = 0;
    CHECK_RESULT(games_backgammon_checker_for_point(game, 25, &from), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_legal_play_get(game, 1000, &play), GAMES_RESULT_INVALID_PARAMETER);
    /* Too small buffers: the size is reported, nothing written. */
    memset(text, 'x', sizeof text);
    CHECK_RESULT(games_backgammon_position_id(game, text, 5, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 15 && text[0] == 'x');
    CHECK_RESULT(games_backgammon_xgid(game, text, 10, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len > 10 && text[0] == 'x');
    CHECK_RESULT(games_backgammon_position_id(game, text, sizeof text, NULL), GAMES_RESULT_NULL_PARAMETER);
    uint8_t small[1];
    CHECK_RESULT(games_backgammon_save(game, small, sizeof small, &len), GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len > 1);
    /* None of that changed anything. */
    games_backgammon_state after = state_of(game);
    position_id_of(game, id_after, sizeof id_after);
    CHECK(same_state(&before, &after) && strcmp(id_before, id_after) == 0);

    /* Play the opening, then the wrong phase the other way: no dice yet
       (GAMES_RESULT_WRONG_PHASE, told apart from an illegal move). */
    CHECK_RESULT(games_backgammon_play_notation(game, "8/4 6/4"), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_last_error(game, text, sizeof text, &len), GAMES_RESULT_OK);
    CHECK(len == 1);
    CHECK_RESULT(games_backgammon_play_notation(game, "13/11"), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_step_play(game, 13, 11, NULL), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_step_play(game, 1000, 2, NULL), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_turn_commit(game), GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_ai_move(game, GAMES_BACKGAMMON_LEVEL_HARD, NULL, NULL, &play),
                 GAMES_RESULT_WRONG_PHASE);
    CHECK_RESULT(games_backgammon_set_dice(game, 0, 3, NULL), GAMES_RESULT_INVALID_PARAMETER);
    CHECK_RESULT(games_backgammon_set_dice(game, 3, 7, NULL), GAMES_RESULT_INVALID_PARAMETER);
    CHECK(!state_of(game).dice_rolled);

    /* Bad saved data. */
    games_backgammon_game *loaded = NULL;
    const char *junk = "{\"version\":1,\"game\":\"nonsense\"}";
    CHECK_RESULT(games_backgammon_load((const uint8_t *)junk, strlen(junk), &loaded), GAMES_RESULT_INVALID_DATA);
    const char *future = "{\"version\":99}";
    CHECK_RESULT(games_backgammon_load((const uint8_t *)future, strlen(future), &loaded),
                 GAMES_RESULT_UNSUPPORTED_VERSION);
    CHECK_RESULT(games_backgammon_load(NULL, 5, &loaded), GAMES_RESULT_NULL_PARAMETER);
    CHECK_RESULT(games_backgammon_load((const uint8_t *)junk, strlen(junk), NULL), GAMES_RESULT_NULL_PARAMETER);
    CHECK(loaded == NULL);

    /* A cancelled AI call still answers with a legal play. */
    games_cancel_token *token = NULL;
    CHECK_RESULT(games_cancel_token_new(&token), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_set_dice(game, 6, 5, NULL), GAMES_RESULT_OK);
    CHECK_RESULT(games_cancel_token_cancel(token), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_ai_move(game, GAMES_BACKGAMMON_LEVEL_HARD, NULL, token, &play), GAMES_RESULT_OK);
    CHECK_RESULT(games_backgammon_play(game, &play), GAMES_RESULT_OK);
    games_cancel_token_free(token);

    games_backgammon_free(game);
    printf("error paths checked\n");
}

int main(void) {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    error_paths();
    ids();
    scripted_game();
    bear_offs();
    hard_against_easy();
    if (failures > 0) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}

/*
 * One dots-and-boxes handle used from two threads at once, as a host that
 * gets its threading wrong would: a worker asks for AI moves with a large
 * budget while the main thread reads the state and calls redo (which finds
 * nothing to redo). The library serves one call per handle at a time: a
 * call that comes while the other thread is inside one returns
 * GAMES_RESULT_BUSY and does nothing. Then a long AI call is stopped from
 * the main thread through a cancel token. Last, the way to keep drawing
 * while the AI thinks (README, "Threads"): the worker searches a clone, the
 * main thread reads the game meanwhile without a BUSY, and the host keeps
 * the clone, which plays on exactly as a game that searched itself.
 *
 * Built with -fsanitize=thread by `make -C examples tsan`, it must exit 0
 * with no ThreadSanitizer report. What that proves: this program's own
 * shared data is race-free, and the calls it makes are used as the header
 * says. What it cannot prove: ThreadSanitizer sees only instrumented code,
 * and the Rust library is not instrumented, so a race inside the library
 * would go unseen here; crates/games-ffi/tests/concurrent.rs checks the
 * library side (every call is OK or BUSY, never both at once).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "games.h"

/* The worker's long calls before the program gives up on seeing a BUSY. */
#define LONG_TRIES 50
/* The main thread's short calls before it gives up. */
#define SHORT_TRIES 10000000L

typedef struct {
    games_timbiriche_game *game;        /* set before the worker starts */
    const games_cancel_token *cancel;   /* NULL, or the token to watch */
    uint32_t level;                     /* GAMES_TIMBIRICHE_LEVEL_* */
    uint64_t nodes;                     /* the AI's node budget */
    int tries;                          /* AI calls to make at most */
    atomic_bool busy_seen;              /* some call answered BUSY */
    atomic_bool done;                   /* the worker has finished */
    atomic_uint ok;                     /* the worker's calls that ran */
    atomic_uint unexpected;             /* answers neither OK nor BUSY */
    games_timbiriche_line line;         /* the last line the AI gave (read after join) */
} shared_t;

static void *worker(void *arg) {
    shared_t *sh = arg;
    games_budget budget = {sh->nodes, 0};
    for (int i = 0; i < sh->tries && !atomic_load(&sh->busy_seen); i++) {
        games_timbiriche_line line;
        games_result r = games_timbiriche_ai_move(sh->game, sh->level, &budget, sh->cancel, &line);
        if (r == GAMES_RESULT_BUSY) {
            atomic_store(&sh->busy_seen, true);
        } else if (r == GAMES_RESULT_OK) {
            sh->line = line;
            atomic_fetch_add(&sh->ok, 1);
        } else {
            atomic_fetch_add(&sh->unexpected, 1);
        }
    }
    atomic_store(&sh->done, true);
    return NULL;
}

/* 3x3 with 4 lines drawn: 20 undrawn, where Hard runs its exact solver (a
 * call of tens of milliseconds). */
static games_timbiriche_game *new_game(void) {
    games_timbiriche_options o;
    CHECK_RESULT(games_timbiriche_options_default(&o), GAMES_RESULT_OK);
    games_timbiriche_game *game = NULL;
    CHECK_RESULT(games_timbiriche_new(&o, &game), GAMES_RESULT_OK);
    for (int i = 0; i < 4; i++) {
        games_timbiriche_line line;
        CHECK_RESULT(games_timbiriche_ai_move(game, GAMES_TIMBIRICHE_LEVEL_EASY, NULL, NULL, &line),
                     GAMES_RESULT_OK);
        CHECK_RESULT(games_timbiriche_play(game, line, NULL), GAMES_RESULT_OK);
    }
    return game;
}

static void start(shared_t *sh, pthread_t *thread) {
    atomic_init(&sh->busy_seen, false);
    atomic_init(&sh->done, false);
    atomic_init(&sh->ok, 0);
    atomic_init(&sh->unexpected, 0);
    CHECK(pthread_create(thread, NULL, worker, sh) == 0);
}

/* Short calls on the handle the worker is using: each is OK (or finds
 * nothing to redo) or BUSY, and the handle comes out unchanged. */
static void busy_instead_of_a_race(void) {
    games_timbiriche_game *game = new_game();
    shared_t sh;
    memset(&sh, 0, sizeof sh);
    sh.game = game;
    sh.level = GAMES_TIMBIRICHE_LEVEL_HARD;
    sh.nodes = 300000;
    sh.tries = LONG_TRIES;
    pthread_t thread;
    start(&sh, &thread);
    long unexpected = 0;
    for (long i = 0; i < SHORT_TRIES && !atomic_load(&sh.busy_seen) && !atomic_load(&sh.done); i++) {
        games_result r;
        if (i % 2 == 0) {
            games_timbiriche_state s;
            r = games_timbiriche_get_state(game, &s);
        } else {
            r = games_timbiriche_redo(game);
            if (r == GAMES_RESULT_NOTHING_TO_REDO) {
                r = GAMES_RESULT_OK;
            }
        }
        if (r == GAMES_RESULT_BUSY) {
            atomic_store(&sh.busy_seen, true);
        } else if (r != GAMES_RESULT_OK) {
            unexpected++;
        }
    }
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(atomic_load(&sh.busy_seen));
    CHECK(unexpected == 0);
    CHECK(atomic_load(&sh.unexpected) == 0);
    /* Alone again: every call runs, and the position is the one set up. */
    games_timbiriche_state s;
    CHECK_RESULT(games_timbiriche_get_state(game, &s), GAMES_RESULT_OK);
    CHECK(s.lines_drawn == 4);
    char msg[128];
    size_t len = 0;
    CHECK_RESULT(games_result_message(GAMES_RESULT_BUSY, msg, sizeof msg, &len), GAMES_RESULT_OK);
    CHECK(strstr(msg, "another thread") != NULL);
    games_timbiriche_free(game);
}

/* A token set from the main thread stops the worker's AI call, which still
 * answers with a line. */
static void cancel_from_another_thread(void) {
    games_timbiriche_game *game = new_game();
    games_cancel_token *token = NULL;
    CHECK_RESULT(games_cancel_token_new(&token), GAMES_RESULT_OK);
    shared_t sh;
    memset(&sh, 0, sizeof sh);
    sh.game = game;
    sh.cancel = token;
    sh.level = GAMES_TIMBIRICHE_LEVEL_HARD;
    sh.nodes = 0; /* no node limit: only the token stops it */
    sh.tries = 1;
    pthread_t thread;
    start(&sh, &thread);
    CHECK_RESULT(games_cancel_token_cancel(token), GAMES_RESULT_OK);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(atomic_load(&sh.ok) == 1 && atomic_load(&sh.unexpected) == 0);
    bool cancelled = false;
    CHECK_RESULT(games_cancel_token_is_cancelled(token, &cancelled), GAMES_RESULT_OK);
    CHECK(cancelled);
    games_cancel_token_free(token);
    games_timbiriche_free(game);
}

/* The bytes of a save, in `buf` (at least 4096 bytes); their length. */
static size_t save(const games_timbiriche_game *game, uint8_t *buf) {
    size_t len = 0;
    CHECK_RESULT(games_timbiriche_save(game, buf, 4096, &len), GAMES_RESULT_OK);
    return len;
}

/* The worker searches a clone at Easy (whose choice draws on the game's
 * seeded generator) while the main thread reads the game: no call answers
 * BUSY. Nothing changed the game meanwhile, so the host keeps the clone and
 * frees the game: the line, and the save after it (generator included), are
 * those of a twin game that searched in place. */
static void search_on_a_clone(void) {
    games_timbiriche_game *game = new_game();
    games_timbiriche_game *twin = new_game();
    games_timbiriche_game *copy = NULL;
    CHECK_RESULT(games_timbiriche_clone(game, &copy), GAMES_RESULT_OK);
    shared_t sh;
    memset(&sh, 0, sizeof sh);
    sh.game = copy;
    sh.level = GAMES_TIMBIRICHE_LEVEL_EASY;
    sh.tries = 1;
    pthread_t thread;
    start(&sh, &thread);
    long busy = 0, reads = 0;
    while (!atomic_load(&sh.done) || reads == 0) {
        games_timbiriche_state s;
        games_result r = games_timbiriche_get_state(game, &s);
        busy += r == GAMES_RESULT_BUSY;
        reads++;
        CHECK(r == GAMES_RESULT_OK && s.lines_drawn == 4);
    }
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(busy == 0 && reads > 0);
    CHECK(atomic_load(&sh.ok) == 1 && atomic_load(&sh.unexpected) == 0);
    games_timbiriche_free(game);
    game = copy;

    games_timbiriche_line line;
    CHECK_RESULT(games_timbiriche_ai_move(twin, GAMES_TIMBIRICHE_LEVEL_EASY, NULL, NULL, &line),
                 GAMES_RESULT_OK);
    CHECK(memcmp(&line, &sh.line, sizeof line) == 0);
    static uint8_t kept[4096], searched[4096];
    size_t kept_len = save(game, kept);
    CHECK(kept_len == save(twin, searched) && memcmp(kept, searched, kept_len) == 0);
    games_timbiriche_free(twin);
    games_timbiriche_free(game);
}

int main(void) {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    busy_instead_of_a_race();
    cancel_from_another_thread();
    search_on_a_clone();
    if (failures != 0) {
        fprintf(stderr, "threads: %d check(s) failed\n", failures);
        return 1;
    }
    printf("threads: all checks passed\n");
    return 0;
}

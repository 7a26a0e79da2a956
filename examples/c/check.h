/* Shared checking macros for the C examples: count failures, print where. */
#ifndef GAMES_EXAMPLE_CHECK_H
#define GAMES_EXAMPLE_CHECK_H

#include <stdio.h>

#include "games.h"

static int failures = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

#define CHECK_RESULT(call, expected)                                             \
    do {                                                                         \
        games_result r_ = (call);                                                \
        if (r_ != (expected)) {                                                  \
            char msg_[128];                                                      \
            size_t len_ = 0;                                                     \
            games_result_message(r_, msg_, sizeof msg_, &len_);                  \
            fprintf(stderr, "%s:%d: %s returned %u (%s), expected %u\n", __FILE__, \
                    __LINE__, #call, (unsigned)r_, msg_, (unsigned)(expected));  \
            failures++;                                                          \
        }                                                                        \
    } while (0)

#endif

// Nim through the C ABI from C++: a small RAII wrapper (the handle is freed
// by its destructor, results become exceptions), AI against AI, a scripted
// game, save/load and the error paths.
//
//   nim_cpp SCRIPT   (the same script format as examples/c)
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "games.h"

namespace {

int failures = 0;

void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "nim.cpp:%d: check failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

std::string message(games_result r) {
    std::size_t len = 0;
    games_result_message(r, nullptr, 0, &len);
    std::string text(len, '\0');
    games_result_message(r, &text[0], text.size(), &len);
    text.resize(len > 0 ? len - 1 : 0);
    return text;
}

struct GamesError : std::runtime_error {
    games_result code;
    GamesError(games_result c, const std::string &what) : std::runtime_error(what), code(c) {}
};

void ok(games_result r) {
    if (r != GAMES_RESULT_OK) {
        throw GamesError(r, message(r));
    }
}

class NimGame {
  public:
    NimGame(const std::vector<uint32_t> &rows, uint32_t rule, uint32_t rounds, uint64_t seed) {
        games_nim_game *raw = nullptr;
        ok(games_nim_new(rows.empty() ? nullptr : rows.data(), rows.size(), rule, rounds,
                         GAMES_PLAYER_FIRST, seed, &raw));
        handle_.reset(raw);
    }
    explicit NimGame(const std::vector<uint8_t> &saved) {
        games_nim_game *raw = nullptr;
        ok(games_nim_load(saved.data(), saved.size(), &raw));
        handle_.reset(raw);
    }

    games_nim_state state() const {
        games_nim_state s{};
        ok(games_nim_get_state(handle_.get(), &s));
        return s;
    }
    std::vector<uint32_t> rows() const {
        std::size_t len = 0;
        games_nim_get_rows(handle_.get(), nullptr, 0, &len);
        std::vector<uint32_t> out(len);
        ok(games_nim_get_rows(handle_.get(), out.data(), out.size(), &len));
        return out;
    }
    void play(games_nim_move mv) {
        games_result r = games_nim_play(handle_.get(), mv);
        if (r != GAMES_RESULT_OK) {
            std::size_t len = 0;
            char why[128];
            games_nim_last_error(handle_.get(), why, sizeof why, &len);
            throw GamesError(r, why);
        }
    }
    games_nim_move ai(uint32_t level) {
        games_nim_move mv{};
        ok(games_nim_ai_move(handle_.get(), level, nullptr, nullptr, &mv));
        return mv;
    }
    void undo() { ok(games_nim_undo(handle_.get())); }
    void next_round() { ok(games_nim_next_round(handle_.get())); }
    std::vector<uint8_t> save() const {
        std::size_t len = 0;
        games_nim_save(handle_.get(), nullptr, 0, &len);
        std::vector<uint8_t> out(len);
        ok(games_nim_save(handle_.get(), out.data(), out.size(), &len));
        return out;
    }

  private:
    struct Free {
        void operator()(games_nim_game *g) const { games_nim_free(g); }
    };
    std::unique_ptr<games_nim_game, Free> handle_;
};

void play_out(NimGame &game, uint32_t level_first, uint32_t level_second) {
    for (int i = 0; i < 10000 && !game.state().round_over; ++i) {
        uint32_t level = game.state().to_move == GAMES_PLAYER_FIRST ? level_first : level_second;
        game.play(game.ai(level));
    }
}

void ai_against_ai() {
    // Three rounds of Medium against Hard on a wide board; points add up.
    NimGame game({1, 3, 5, 7, 9}, GAMES_NIM_RULE_MISERE, 3, 2024);
    for (int round = 0; round < 3; ++round) {
        play_out(game, GAMES_NIM_LEVEL_MEDIUM, GAMES_NIM_LEVEL_HARD);
        if (round < 2) {
            game.next_round();
        }
    }
    games_nim_state s = game.state();
    CHECK(s.points_first + s.points_second == 3);
    CHECK(s.match_result == GAMES_NIM_MATCH_FIRST_WINS || s.match_result == GAMES_NIM_MATCH_SECOND_WINS);
}

void script(const char *path) {
    std::ifstream in(path);
    CHECK(in.good());
    std::vector<uint32_t> rows;
    uint32_t rule = GAMES_NIM_RULE_NORMAL;
    std::unique_ptr<NimGame> game;
    std::string line;
    bool checked = false;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::istringstream words(line);
        std::string head;
        words >> head;
        if (head == "rows") {
            uint32_t v;
            while (words >> v) {
                rows.push_back(v);
            }
        } else if (head == "rule") {
            std::string r;
            words >> r;
            rule = r == "misere" ? GAMES_NIM_RULE_MISERE : GAMES_NIM_RULE_NORMAL;
        } else if (head == "winner") {
            std::string who;
            words >> who;
            CHECK(game && game->state().round_winner ==
                              (who == "first" ? GAMES_PLAYER_FIRST : GAMES_PLAYER_SECOND));
            checked = true;
        } else {
            if (!game) {
                game.reset(new NimGame(rows, rule, 1, 1));
            }
            uint32_t take = 0;
            words >> take;
            game->play(games_nim_move{static_cast<uint32_t>(std::stoul(head)) - 1, take});
        }
    }
    CHECK(checked);
}

void errors_and_save() {
    NimGame game({}, GAMES_NIM_RULE_NORMAL, 1, 5);
    try {
        game.play(games_nim_move{1, 9});
        CHECK(!"an illegal move was accepted");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_ILLEGAL_MOVE);
        CHECK(std::strstr(e.what(), "only 4 left") != nullptr);
    }
    try {
        game.undo();
        CHECK(!"undo at the start was accepted");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_NOTHING_TO_UNDO);
    }
    try {
        NimGame bad({0}, GAMES_NIM_RULE_NORMAL, 1, 0);
        CHECK(!"a board with no circle was accepted");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_INVALID_PARAMETER);
    }
    game.play(game.ai(GAMES_NIM_LEVEL_HARD));
    CHECK((game.rows() == std::vector<uint32_t>{1, 4, 5}));
    NimGame loaded(game.save());
    CHECK(loaded.rows() == game.rows());
    CHECK(loaded.state().to_move == GAMES_PLAYER_SECOND);
    try {
        std::vector<uint8_t> junk = {'{', '}'};
        NimGame bad(junk);
        CHECK(!"junk loaded");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_INVALID_DATA);
    }
    std::size_t len = 0;
    CHECK(games_nim_get_rows(nullptr, nullptr, 0, &len) == GAMES_RESULT_NULL_PARAMETER);
}

}  // namespace

int main(int argc, char **argv) {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    try {
        ai_against_ai();
        CHECK(argc > 1);
        if (argc > 1) {
            script(argv[1]);
        }
        errors_and_save();
    } catch (const GamesError &e) {
        std::fprintf(stderr, "unexpected error %u: %s\n", static_cast<unsigned>(e.code), e.what());
        return 1;
    }
    if (failures != 0) {
        std::fprintf(stderr, "nim_cpp: %d checks failed\n", failures);
        return 1;
    }
    std::printf("nim_cpp: all checks passed\n");
    return 0;
}

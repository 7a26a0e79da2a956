// Dots and boxes through the C ABI from C++: a RAII handle, a full 5x5 game
// Hard against Medium, the script from examples/c, and the error paths.
//
//   timbiriche_cpp SCRIPT
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "games.h"

namespace {

int failures = 0;
void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "timbiriche.cpp:%d: check failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

struct GamesError : std::runtime_error {
    games_result code;
    GamesError(games_result c, const std::string &what) : std::runtime_error(what), code(c) {}
};

class Timbiriche {
  public:
    Timbiriche(uint32_t rows, uint32_t cols, uint64_t seed) {
        games_timbiriche_options o;
        games_timbiriche_options_default(&o);
        o.rows = rows;
        o.cols = cols;
        o.seed = seed;
        games_timbiriche_game *raw = nullptr;
        games_result r = games_timbiriche_new(&o, &raw);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, "games_timbiriche_new");
        }
        handle_.reset(raw);
    }
    games_timbiriche_state state() const {
        games_timbiriche_state s{};
        games_timbiriche_get_state(handle_.get(), &s);
        return s;
    }
    games_timbiriche_line parse(const std::string &text) {
        games_timbiriche_line line{};
        games_result r = games_timbiriche_parse_line(handle_.get(), text.c_str(), &line);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, last_error());
        }
        return line;
    }
    uint32_t play(games_timbiriche_line line) {
        uint32_t completed = 0;
        games_result r = games_timbiriche_play(handle_.get(), line, &completed);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, last_error());
        }
        return completed;
    }
    games_timbiriche_line ai(uint32_t level, uint64_t nodes) {
        games_budget budget{nodes, 0};
        games_timbiriche_line line{};
        games_result r = games_timbiriche_ai_move(handle_.get(), level, nodes ? &budget : nullptr, nullptr, &line);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, last_error());
        }
        return line;
    }
    std::string last_error() const {
        std::size_t len = 0;
        games_timbiriche_last_error(handle_.get(), nullptr, 0, &len);
        std::string text(len, '\0');
        games_timbiriche_last_error(handle_.get(), &text[0], text.size(), &len);
        text.resize(len > 0 ? len - 1 : 0);
        return text;
    }

  private:
    struct Free {
        void operator()(games_timbiriche_game *g) const { games_timbiriche_free(g); }
    };
    std::unique_ptr<games_timbiriche_game, Free> handle_;
};

void hard_against_medium() {
    Timbiriche game(5, 5, 99);
    while (!game.state().game_over) {
        bool hard = game.state().to_move == GAMES_PLAYER_FIRST;
        game.play(game.ai(hard ? GAMES_TIMBIRICHE_LEVEL_HARD : GAMES_TIMBIRICHE_LEVEL_MEDIUM, hard ? 20000 : 0));
    }
    games_timbiriche_state s = game.state();
    CHECK(s.points_first + s.points_second == 25 && s.lines_drawn == 60);
    std::printf("5x5 Hard %u - Medium %u\n", s.points_first, s.points_second);
}

void script(const char *path) {
    std::ifstream in(path);
    CHECK(in.good());
    std::unique_ptr<Timbiriche> game;
    std::string line;
    bool checked = false;
    while (std::getline(in, line)) {
        unsigned rows = 0, cols = 0, a = 0, b = 0;
        if (line.empty() || line[0] == '#') {
            continue;
        }
        if (std::sscanf(line.c_str(), "size %ux%u", &rows, &cols) == 2) {
            game.reset(new Timbiriche(rows, cols, 1));
        } else if (std::sscanf(line.c_str(), "expect %u %u", &a, &b) == 2) {
            CHECK(game && game->state().points_first == a && game->state().points_second == b);
            checked = true;
        } else if (game) {
            game->play(game->parse(line));
        }
    }
    CHECK(checked);
}

void errors() {
    Timbiriche game(3, 3, 1);
    try {
        game.parse("a1-b2");
        CHECK(!"a diagonal parsed");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_INVALID_PARAMETER);
        CHECK(!std::string(e.what()).empty());
    }
    game.play(game.parse("b1-a1"));
    try {
        game.play(game.parse("a1-b1"));
        CHECK(!"a drawn line was drawn again");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_ILLEGAL_MOVE);
        CHECK(std::string(e.what()).find("already drawn") != std::string::npos);
    }
    try {
        Timbiriche too_big(7, 7, 1);
        CHECK(!"a 7x7 board was created");
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_INVALID_PARAMETER);
    }
}

}  // namespace

int main(int argc, char **argv) {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    try {
        hard_against_medium();
        CHECK(argc > 1);
        if (argc > 1) {
            script(argv[1]);
        }
        errors();
    } catch (const GamesError &e) {
        std::fprintf(stderr, "unexpected error %u: %s\n", static_cast<unsigned>(e.code), e.what());
        return 1;
    }
    if (failures != 0) {
        std::fprintf(stderr, "timbiriche_cpp: %d checks failed\n", failures);
        return 1;
    }
    std::printf("timbiriche_cpp: all checks passed\n");
    return 0;
}

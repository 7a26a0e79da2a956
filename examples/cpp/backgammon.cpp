// Backgammon through the C ABI from C++: a RAII handle, a full seeded game
// Hard against Easy with Hard's plays entered one checker at a time, a
// scripted game with dice from outside (hits, bar entry, bearing off to a
// gammon), save/load, Position IDs, and the error paths.
//
//   backgammon_cpp
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "games.h"

namespace {

int failures = 0;
void check(bool ok, const char *what, int line) {
    if (!ok) {
        std::fprintf(stderr, "backgammon.cpp:%d: check failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

struct GamesError : std::runtime_error {
    games_result code;
    GamesError(games_result c, const std::string &what) : std::runtime_error(what), code(c) {}
};

struct Free {
    void operator()(games_backgammon_game *g) const { games_backgammon_free(g); }
};
using Handle = std::unique_ptr<games_backgammon_game, Free>;

// A text output of the library: ask the size, then fill.
template <typename F> std::string text_of(F call) {
    size_t len = 0;
    games_result r = call(nullptr, 0, &len);
    if (r == GAMES_RESULT_OK) {
        return std::string();
    }
    if (r != GAMES_RESULT_BUFFER_TOO_SMALL) {
        throw GamesError(r, "text size");
    }
    std::vector<char> buf(len);
    r = call(buf.data(), buf.size(), &len);
    if (r != GAMES_RESULT_OK) {
        throw GamesError(r, "text");
    }
    return std::string(buf.data());
}

class Backgammon {
  public:
    explicit Backgammon(games_backgammon_game *raw) : handle_(raw) {
        if (raw == nullptr) {
            throw GamesError(GAMES_RESULT_NULL_PARAMETER, "no handle");
        }
    }
    static Backgammon seeded(uint64_t seed, uint32_t opening_first = 0, uint32_t opening_second = 0) {
        games_backgammon_options o;
        games_backgammon_options_default(&o);
        o.seed = seed;
        o.opening_first = opening_first;
        o.opening_second = opening_second;
        games_backgammon_game *raw = nullptr;
        games_result r = games_backgammon_new(&o, &raw);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, "games_backgammon_new");
        }
        return Backgammon(raw);
    }
    static Backgammon from_xgid(const std::string &xgid, uint32_t player) {
        games_backgammon_game *raw = nullptr;
        games_result r = games_backgammon_new_from_xgid(xgid.c_str(), player, 1, &raw);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, "games_backgammon_new_from_xgid " + xgid);
        }
        return Backgammon(raw);
    }
    games_backgammon_game *get() const { return handle_.get(); }
    games_backgammon_state state() const {
        games_backgammon_state s{};
        games_backgammon_get_state(get(), &s);
        return s;
    }
    games_backgammon_board board() const {
        games_backgammon_board b{};
        games_backgammon_get_board(get(), &b);
        return b;
    }
    bool roll() {
        bool passed = false;
        ok(games_backgammon_roll(get(), nullptr, nullptr, &passed));
        return passed;
    }
    bool set_dice(uint32_t d1, uint32_t d2) {
        bool passed = false;
        ok(games_backgammon_set_dice(get(), d1, d2, &passed));
        return passed;
    }
    void play(const std::string &move) { ok(games_backgammon_play_notation(get(), move.c_str())); }
    games_backgammon_move ai(uint32_t level, uint64_t nodes) {
        games_budget budget{nodes, 0};
        games_backgammon_move play{};
        ok(games_backgammon_ai_move(get(), level, &budget, nullptr, &play));
        return play;
    }
    std::vector<uint8_t> movable() const {
        std::vector<uint8_t> out(32);
        size_t n = 0;
        ok(games_backgammon_movable_checkers(get(), out.data(), out.size(), &n));
        out.resize(n);
        return out;
    }
    std::vector<uint8_t> destinations(uint32_t from) const {
        std::vector<uint8_t> out(8);
        size_t n = 0;
        ok(games_backgammon_destinations(get(), from, out.data(), out.size(), &n));
        out.resize(n);
        return out;
    }
    std::string position_id() const {
        return text_of([this](char *b, size_t c, size_t *l) { return games_backgammon_position_id(get(), b, c, l); });
    }
    std::string last_error() const {
        return text_of([this](char *b, size_t c, size_t *l) { return games_backgammon_last_error(get(), b, c, l); });
    }
    std::vector<uint8_t> save() const {
        size_t len = 0;
        games_backgammon_save(get(), nullptr, 0, &len);
        std::vector<uint8_t> bytes(len);
        ok(games_backgammon_save(get(), bytes.data(), bytes.size(), &len));
        return bytes;
    }
    static Backgammon load(const std::vector<uint8_t> &bytes) {
        games_backgammon_game *raw = nullptr;
        games_result r = games_backgammon_load(bytes.data(), bytes.size(), &raw);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, "games_backgammon_load");
        }
        return Backgammon(raw);
    }

  private:
    void ok(games_result r) const {
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, last_error_or(r));
        }
    }
    std::string last_error_or(games_result r) const {
        char buf[256];
        size_t len = 0;
        if (games_backgammon_last_error(get(), buf, sizeof buf, &len) == GAMES_RESULT_OK && len > 1) {
            return buf;
        }
        games_result_message(r, buf, sizeof buf, &len);
        return buf;
    }
    Handle handle_;
};

games_result code_of(void (*f)()) {
    try {
        f();
    } catch (const GamesError &e) {
        return e.code;
    }
    return GAMES_RESULT_OK;
}

void check_consistent(const Backgammon &g) {
    games_backgammon_state s = g.state();
    games_backgammon_board b = g.board();
    unsigned first = 0, second = 0, pips_first = 0, pips_second = 0;
    for (unsigned i = 0; i < GAMES_BACKGAMMON_SLOTS; i++) {
        first += b.first[i];
        second += b.second[i];
        pips_first += i * b.first[i];
        pips_second += i * b.second[i];
    }
    CHECK(first == 15 && second == 15);
    CHECK(pips_first == s.pips_first && pips_second == s.pips_second);
    CHECK(b.first[GAMES_BACKGAMMON_BAR] == s.bar_first && b.second[GAMES_BACKGAMMON_BAR] == s.bar_second);
    CHECK(b.first[GAMES_BACKGAMMON_OFF] == s.off_first && b.second[GAMES_BACKGAMMON_OFF] == s.off_second);
}

// Hard (second player) against Easy (first), seed 7. Hard's plays are
// entered one checker at a time through the step interface, checking that
// each step is offered first and the turn is then complete; Easy's go in
// as notation.
void hard_against_easy() {
    Backgammon g = Backgammon::seeded(7);
    int plays = 0, stepped = 0, turns = 0;
    while (!g.state().game_over && turns < 1000) {
        games_backgammon_state s = g.state();
        if (!s.dice_rolled) {
            g.roll();
            turns++;
            continue;
        }
        bool hard = s.to_move == GAMES_PLAYER_SECOND;
        games_backgammon_move play = g.ai(hard ? GAMES_BACKGAMMON_LEVEL_HARD : GAMES_BACKGAMMON_LEVEL_EASY, hard ? 1000 : 100);
        if (hard) {
            bool all = true;
            for (uint32_t i = 0; i < play.step_count && all; i++) {
                const games_backgammon_step &step = play.steps[i];
                std::vector<uint8_t> to = g.destinations(step.from);
                bool offered = false;
                for (uint8_t t : to) {
                    offered = offered || t == step.to;
                }
                all = offered && games_backgammon_step_play(g.get(), step.from, step.to, nullptr) == GAMES_RESULT_OK;
            }
            if (all && g.state().turn_complete) {
                CHECK(games_backgammon_turn_commit(g.get()) == GAMES_RESULT_OK);
                stepped++;
            } else {
                // Every step of a legal play in its order must be offered and
                // accepted; if not, report it, take the steps back and play
                // the whole move so the game goes on.
                CHECK(all && g.state().turn_complete);
                while (games_backgammon_undo(g.get()) == GAMES_RESULT_OK) {
                }
                CHECK(games_backgammon_play(g.get(), &play) == GAMES_RESULT_OK);
            }
        } else {
            std::string text = text_of(
                [&play](char *b, size_t c, size_t *l) { return games_backgammon_play_to_string(&play, b, c, l); });
            g.play(text);
        }
        check_consistent(g);
        plays++;
    }
    games_backgammon_state s = g.state();
    CHECK(s.game_over && s.points >= 1 && s.points <= 3 && s.points == s.result_kind);
    Backgammon copy = Backgammon::load(g.save());
    CHECK(copy.position_id() == g.position_id() && copy.state().winner == s.winner);
    std::printf("Hard against Easy (seed 7): %s wins %u point(s) after %d plays, %d entered step by step\n",
                s.winner == GAMES_PLAYER_SECOND ? "Hard" : "Easy", s.points, plays, stepped);
}

struct Turn {
    uint32_t d1, d2;
    const char *move;
    unsigned pips_first, pips_second, bar_first, bar_second, off_first, off_second;
};

void scripted() {
    // The opening 2-6 from outside: the second player starts with 6-2.
    Backgammon g = Backgammon::seeded(1, 2, 6);
    CHECK(g.state().to_move == GAMES_PLAYER_SECOND && g.state().die1 == 6 && g.state().die2 == 2);
    const Turn turns[] = {
        {0, 0, "24/18 13/11", 167, 159, 0, 0, 0, 0},
        {4, 3, "13/9 13/10", 160, 159, 0, 0, 0, 0},
        {5, 2, "13/8 13/11", 160, 152, 0, 0, 0, 0},
        // The first player hits the blot on its 7 (the second's 18).
        {1, 1, "8/7*(2) 6/5(2)", 156, 159, 0, 1, 0, 0},
        // The 6 is blocked (our 6-point), so the second enters with the 4.
        {6, 4, "bar/21 13/7", 156, 149, 0, 0, 0, 0},
    };
    for (const Turn &t : turns) {
        if (t.d1 != 0) {
            CHECK(!g.set_dice(t.d1, t.d2));
        }
        g.play(t.move);
        games_backgammon_state s = g.state();
        CHECK(s.pips_first == t.pips_first && s.pips_second == t.pips_second);
        CHECK(s.bar_first == t.bar_first && s.bar_second == t.bar_second);
        CHECK(s.off_first == t.off_first && s.off_second == t.off_second);
        if (s.pips_first != t.pips_first || s.pips_second != t.pips_second) {
            std::fprintf(stderr, "after %s: pips %u %u\n", t.move, s.pips_first, s.pips_second);
        }
        check_consistent(g);
    }
    Backgammon copy = Backgammon::load(g.save());
    CHECK(copy.position_id() == g.position_id() && copy.state().turns_played == 5);

    // Bearing off: a hit from the 3 on the way off, the loser enters and
    // runs, the last checker comes off: a gammon.
    Backgammon end = Backgammon::from_xgid("XGID=-AaA--------------------n-:0:0:1:21:0:0:0:0:10", GAMES_PLAYER_SECOND);
    CHECK(end.state().to_move == GAMES_PLAYER_SECOND && end.state().off_second == 13);
    end.play("3/2*/off");
    CHECK(end.state().bar_first == 1 && end.state().off_second == 14);
    CHECK(!end.set_dice(6, 5));
    end.play("bar/14");
    CHECK(end.state().bar_first == 0 && end.state().pips_first == 28);
    CHECK(!end.set_dice(2, 2));
    end.play("1/off");
    games_backgammon_state s = end.state();
    CHECK(s.game_over && s.winner == GAMES_PLAYER_SECOND && s.result_kind == GAMES_BACKGAMMON_RESULT_GAMMON);
    check_consistent(end);
    std::printf("scripted game and bear-off checked\n");
}

void errors() {
    games_backgammon_state s{};
    CHECK(games_backgammon_get_state(nullptr, &s) == GAMES_RESULT_NULL_PARAMETER);
    CHECK(games_backgammon_turn_commit(nullptr) == GAMES_RESULT_NULL_PARAMETER);
    CHECK(games_backgammon_set_dice(nullptr, 1, 2, nullptr) == GAMES_RESULT_NULL_PARAMETER);
    games_backgammon_free(nullptr);
    CHECK(code_of([] { Backgammon::seeded(1, 5, 5); }) == GAMES_RESULT_INVALID_PARAMETER);
    CHECK(code_of([] { Backgammon::from_xgid("XGID=nope", GAMES_PLAYER_FIRST); }) == GAMES_RESULT_INVALID_PARAMETER);
    games_backgammon_game *raw = nullptr;
    CHECK(games_backgammon_new_from_position_id("4HPwATDgc/ABM", 0, 1, &raw) == GAMES_RESULT_INVALID_PARAMETER);
    CHECK(raw == nullptr);

    Backgammon g = Backgammon::seeded(11, 5, 3);
    std::string id = g.position_id();
    CHECK(id == "4HPwATDgc/ABMA");
    try {
        g.play("13/8 13/9");
        CHECK(false);
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_ILLEGAL_MOVE && std::strlen(e.what()) > 0);
    }
    try {
        g.play("13-8");
        CHECK(false);
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_INVALID_PARAMETER);
    }
    try {
        g.roll();
        CHECK(false);
    } catch (const GamesError &e) {
        CHECK(e.code == GAMES_RESULT_WRONG_PHASE);
    }
    char small[4];
    size_t len = 0;
    CHECK(games_backgammon_position_id(g.get(), small, sizeof small, &len) == GAMES_RESULT_BUFFER_TOO_SMALL && len == 15);
    CHECK(g.position_id() == id && g.state().dice_rolled);
    g.play("13/8 24/21");
    CHECK(games_backgammon_step_play(g.get(), 13, 8, nullptr) == GAMES_RESULT_WRONG_PHASE);
    CHECK(games_backgammon_undo(g.get()) == GAMES_RESULT_NOTHING_TO_UNDO);
    CHECK(code_of([] { Backgammon::load(std::vector<uint8_t>{'{', '}'}); }) == GAMES_RESULT_INVALID_DATA);
    std::printf("error paths checked\n");
}

} // namespace

int main() {
    try {
        errors();
        scripted();
        hard_against_easy();
    } catch (const GamesError &e) {
        std::fprintf(stderr, "unexpected error %u: %s\n", static_cast<unsigned>(e.code), e.what());
        return 1;
    }
    if (failures > 0) {
        std::fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    std::printf("all checks passed\n");
    return 0;
}

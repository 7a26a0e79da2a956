// Color Lines (canicas) through the C ABI from C++: a RAII handle, a deal
// played to its end by the hint (small node budget), a scripted game with
// undo, save/load, records, and the error paths.
//
//   canicas_cpp
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
        std::fprintf(stderr, "canicas.cpp:%d: check failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

struct GamesError : std::runtime_error {
    games_result code;
    uint32_t reason;
    GamesError(games_result c, uint32_t r, const std::string &what) : std::runtime_error(what), code(c), reason(r) {}
};

struct GameDeleter {
    void operator()(games_canicas_game *g) const { games_canicas_free(g); }
};
struct RecordsDeleter {
    void operator()(games_canicas_records *r) const { games_canicas_records_free(r); }
};

class Canicas {
  public:
    Canicas(uint32_t variant, uint64_t deal) {
        games_canicas_options o{};
        games_canicas_options_default(variant, &o);
        make(&o, deal);
    }
    Canicas(const games_canicas_options &o, uint64_t deal) { make(&o, deal); }
    explicit Canicas(const std::vector<uint8_t> &saved) {
        games_canicas_game *raw = nullptr;
        games_result r = games_canicas_load(saved.data(), saved.size(), &raw);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, GAMES_CANICAS_ERROR_OTHER, "games_canicas_load");
        }
        handle_.reset(raw);
    }

    games_canicas_game *raw() const { return handle_.get(); }

    games_canicas_state state() const {
        games_canicas_state s{};
        games_canicas_get_state(raw(), &s);
        return s;
    }
    std::vector<uint8_t> cells() const {
        std::vector<uint8_t> out(GAMES_CANICAS_MAX_CELLS);
        std::size_t len = 0;
        games_canicas_cells(raw(), out.data(), out.size(), &len);
        out.resize(len);
        return out;
    }
    std::vector<uint8_t> next() const {
        std::vector<uint8_t> out(GAMES_CANICAS_MAX_ARRIVALS);
        std::size_t len = 0;
        games_canicas_next_colours(raw(), out.data(), out.size(), &len);
        out.resize(len);
        return out;
    }
    std::string text() const {
        std::size_t len = 0;
        games_canicas_board_text(raw(), nullptr, 0, &len);
        std::string out(len, '\0');
        games_canicas_board_text(raw(), &out[0], out.size(), &len);
        out.resize(len > 0 ? len - 1 : 0);
        return out;
    }
    std::vector<uint32_t> reachable(uint32_t from) {
        std::vector<uint32_t> out(GAMES_CANICAS_MAX_CELLS);
        std::size_t len = 0;
        throw_unless(games_canicas_reachable(raw(), from, out.data(), out.size(), &len));
        out.resize(len);
        return out;
    }
    std::vector<uint32_t> path(games_canicas_move mv) {
        std::vector<uint32_t> out(GAMES_CANICAS_MAX_CELLS);
        std::size_t len = 0;
        throw_unless(games_canicas_path(raw(), mv, out.data(), out.size(), &len));
        out.resize(len);
        return out;
    }
    games_canicas_outcome play(games_canicas_move mv) {
        games_canicas_outcome out{};
        throw_unless(games_canicas_play(raw(), mv, &out));
        return out;
    }
    games_canicas_outcome play(const std::string &text) {
        games_canicas_outcome out{};
        throw_unless(games_canicas_play_notation(raw(), text.c_str(), &out));
        return out;
    }
    std::string notation(games_canicas_move mv) const {
        char buf[GAMES_CANICAS_MAX_MOVE_TEXT];
        std::size_t len = 0;
        if (games_canicas_move_to_string(raw(), mv, buf, sizeof buf, &len) != GAMES_RESULT_OK) {
            return "";
        }
        return buf;
    }
    std::vector<games_canicas_arrival> arrivals() const {
        std::size_t len = 0;
        games_canicas_last_arrivals(raw(), nullptr, 0, &len);
        std::vector<games_canicas_arrival> out(len);
        games_canicas_last_arrivals(raw(), out.data(), out.size(), &len);
        return out;
    }
    games_canicas_move hint(uint64_t nodes) {
        games_budget budget{nodes, 0};
        games_canicas_move mv{};
        throw_unless(games_canicas_ai_move(raw(), &budget, nullptr, &mv));
        return mv;
    }
    std::vector<games_canicas_move> legal_moves() const {
        std::vector<games_canicas_move> out(GAMES_CANICAS_MAX_LEGAL_MOVES);
        std::size_t len = 0;
        games_canicas_legal_moves(raw(), out.data(), out.size(), &len);
        out.resize(len);
        return out;
    }
    void undo() { throw_unless(games_canicas_undo(raw())); }
    std::vector<uint8_t> save() const {
        std::size_t len = 0;
        games_canicas_save(raw(), nullptr, 0, &len);
        std::vector<uint8_t> out(len);
        games_canicas_save(raw(), out.data(), out.size(), &len);
        return out;
    }
    uint32_t error_code() const {
        uint32_t code = 999;
        games_canicas_last_error_code(raw(), &code);
        return code;
    }
    std::string last_error() const {
        std::size_t len = 0;
        games_canicas_last_error(raw(), nullptr, 0, &len);
        std::string text(len, '\0');
        games_canicas_last_error(raw(), &text[0], text.size(), &len);
        text.resize(len > 0 ? len - 1 : 0);
        return text;
    }

  private:
    void make(const games_canicas_options *o, uint64_t deal) {
        games_canicas_game *raw = nullptr;
        games_result r = games_canicas_new(o, deal, &raw);
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, GAMES_CANICAS_ERROR_OTHER, "games_canicas_new");
        }
        handle_.reset(raw);
    }
    void throw_unless(games_result r) {
        if (r != GAMES_RESULT_OK) {
            throw GamesError(r, error_code(), last_error());
        }
    }
    std::unique_ptr<games_canicas_game, GameDeleter> handle_;
};

// The error code of a call expected to throw; 999 when it did not throw.
template <typename F> uint32_t reason_of(F f) {
    try {
        f();
    } catch (const GamesError &e) {
        return e.reason;
    }
    return 999;
}

void autoplay() {
    // A whole deal, to the end, with a small budget (6 nodes a move).
    Canicas game(GAMES_CANICAS_VARIANT_FIVE, 99);
    games_canicas_records *raw = nullptr;
    CHECK(games_canicas_records_new(&raw) == GAMES_RESULT_OK);
    std::unique_ptr<games_canicas_records, RecordsDeleter> records(raw);
    games_canicas_summary summary{};
    // Only a finished game is recorded.
    CHECK(games_canicas_records_finish(records.get(), game.raw(), 1, &summary) == GAMES_RESULT_WRONG_PHASE);
    int moves = 0;
    uint64_t points = 0;
    while (!game.state().game_over && moves < 5000) {
        std::vector<games_canicas_move> legal = game.legal_moves();
        games_canicas_move mv = game.hint(6);
        bool listed = false;
        for (const games_canicas_move &m : legal) {
            listed = listed || (m.from == mv.from && m.to == mv.to);
        }
        CHECK(listed);
        std::vector<uint32_t> path = game.path(mv);
        CHECK(path.size() >= 2 && path.front() == mv.from && path.back() == mv.to);
        games_canicas_outcome out = game.play(mv);
        CHECK(out.lines > 0 || out.arrivals == 3 || out.game_over);
        points += out.points;
        games_canicas_state s = game.state();
        CHECK(s.marbles == s.landed - s.removed);
        ++moves;
    }
    CHECK(game.state().game_over && game.state().score == points && moves > 0);
    // Game over: no legal move, and a hint is refused with its reason.
    CHECK(game.legal_moves().empty());
    CHECK(reason_of([&] { game.hint(6); }) == GAMES_CANICAS_ERROR_GAME_OVER);

    CHECK(games_canicas_records_finish(records.get(), game.raw(), 5000, &summary) == GAMES_RESULT_OK);
    CHECK(summary.points == points && summary.moves == static_cast<uint64_t>(moves) && summary.new_record);
    games_canicas_record rec{};
    CHECK(games_canicas_records_get(records.get(), nullptr, &rec) == GAMES_RESULT_OK);
    CHECK(rec.games == 1 && rec.best_points == points);
    std::printf("five-in-a-row deal 99 to the end: %d moves, %llu points\n", moves,
                static_cast<unsigned long long>(points));
}

games_canicas_move first_move(Canicas &game) {
    std::vector<uint8_t> cells = game.cells();
    for (uint32_t c = 0; c < cells.size(); ++c) {
        if (cells[c] != 0) {
            std::vector<uint32_t> reach = game.reachable(c);
            if (!reach.empty()) {
                return games_canicas_move{c, reach.front()};
            }
        }
    }
    throw std::runtime_error("no marble can move");
}

void scripted_with_undo() {
    Canicas game(GAMES_CANICAS_VARIANT_FOUR, 11);
    CHECK(game.cells().size() == 81 && game.next().size() == 3 && game.text().size() == 81);
    for (int m = 0; m < 4; ++m) {
        games_canicas_move mv = first_move(game);
        std::string text = game.notation(mv);
        CHECK(text.size() >= 5);
        std::vector<uint8_t> before = game.cells(), bar = game.next();
        games_canicas_state sb = game.state();
        games_canicas_outcome out = game.play(text);
        std::vector<uint8_t> after = game.cells(), bar_after = game.next();
        std::vector<games_canicas_arrival> arrived = game.arrivals();
        if (out.lines == 0 && out.arrival_lines == 0) {
            // The freed source cell is free again, unless a marble arrived on it.
            bool source_refilled = false;
            CHECK(arrived.size() == 3 && after[mv.to] == before[mv.from]);
            for (std::size_t i = 0; i < arrived.size(); ++i) {
                CHECK(arrived[i].colour == bar[i] && after[arrived[i].cell] == bar[i]);
                source_refilled = source_refilled || arrived[i].cell == mv.from;
            }
            CHECK(source_refilled || after[mv.from] == 0);
        }
        game.undo();
        CHECK(game.cells() == before && game.next() == bar);
        games_canicas_state su = game.state();
        CHECK(su.score == sb.score && su.moves == sb.moves && su.next_marble == sb.next_marble);
        CHECK(reason_of([&] { game.undo(); }) == GAMES_CANICAS_ERROR_ALREADY_UNDONE);
        games_canicas_outcome again = game.play(mv);
        CHECK(again.points == out.points && again.arrivals == out.arrivals);
        std::vector<games_canicas_arrival> arrived_again = game.arrivals();
        CHECK(arrived_again.size() == arrived.size() &&
              std::memcmp(arrived.data(), arrived_again.data(), arrived.size() * sizeof(arrived[0])) == 0);
        CHECK(game.cells() == after && game.next() == bar_after);
    }
    Canicas copy(game.save());
    CHECK(copy.cells() == game.cells() && copy.state().score == game.state().score &&
          copy.state().moves == 4 && copy.state().can_undo);
    std::vector<uint8_t> bad = game.save();
    bad.resize(bad.size() / 3);
    bool refused = false;
    try {
        Canicas broken(bad);
    } catch (const GamesError &e) {
        refused = e.code == GAMES_RESULT_INVALID_DATA;
    }
    CHECK(refused);
    CHECK(games_canicas_retry(game.raw()) == GAMES_RESULT_OK);
    CHECK(game.state().replay && game.state().moves == 0);
    std::printf("scripted four-in-a-row deal 11: 4 moves, each undone and replayed\n");
}

void errors() {
    games_canicas_move mv{0, 1};
    CHECK(games_canicas_play(nullptr, mv, nullptr) == GAMES_RESULT_NULL_PARAMETER);
    games_canicas_free(nullptr);

    Canicas game(GAMES_CANICAS_VARIANT_FIVE, 5);
    std::vector<uint8_t> cells = game.cells();
    std::string before = game.text();
    uint32_t marble = 0, other = 0, free_cell = 0;
    bool seen = false;
    for (uint32_t c = 0; c < 81; ++c) {
        if (cells[c] != 0) {
            if (!seen) {
                marble = c;
                seen = true;
            }
            other = c;
        } else {
            free_cell = c;
        }
    }
    CHECK(reason_of([&] { game.play("e5a1"); }) == GAMES_CANICAS_ERROR_BAD_NOTATION);
    CHECK(reason_of([&] { game.play("j1-a1"); }) == GAMES_CANICAS_ERROR_BAD_NOTATION);
    CHECK(reason_of([&] { game.play(games_canicas_move{free_cell, marble}); }) == GAMES_CANICAS_ERROR_EMPTY_SOURCE);
    CHECK(reason_of([&] { game.play(games_canicas_move{marble, other}); }) == GAMES_CANICAS_ERROR_TARGET_TAKEN);
    CHECK(reason_of([&] { game.undo(); }) == GAMES_CANICAS_ERROR_NOTHING_TO_UNDO);
    CHECK(!game.last_error().empty());
    CHECK(game.text() == before && game.state().moves == 0);

    // Unreachable: a crowded 3x3 board of custom rules.
    games_canicas_options o{3, 9, 3, 1, 6};
    bool found = false;
    for (uint64_t deal = 0; deal < 50 && !found; ++deal) {
        Canicas small(o, deal);
        std::vector<uint8_t> c = small.cells();
        for (uint32_t from = 0; from < 9 && !found; ++from) {
            if (c[from] == 0) {
                continue;
            }
            std::vector<uint32_t> reach = small.reachable(from);
            for (uint32_t to = 0; to < 9 && !found; ++to) {
                bool listed = false;
                for (uint32_t r : reach) {
                    listed = listed || r == to;
                }
                if (c[to] == 0 && !listed) {
                    found = true;
                    CHECK(reason_of([&] { small.path(games_canicas_move{from, to}); }) == GAMES_CANICAS_ERROR_UNREACHABLE);
                    CHECK(reason_of([&] { small.play(games_canicas_move{from, to}); }) == GAMES_CANICAS_ERROR_UNREACHABLE);
                    CHECK(small.cells() == c && small.state().moves == 0);
                }
            }
        }
    }
    CHECK(found);

    // Too-small buffer: the size needed, nothing written.
    uint8_t tiny[4] = {7, 7, 7, 7};
    std::size_t len = 0;
    CHECK(games_canicas_cells(game.raw(), tiny, sizeof tiny, &len) == GAMES_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 81 && tiny[0] == 7);

    // Undo twice in a row.
    game.play(first_move(game));
    game.undo();
    CHECK(reason_of([&] { game.undo(); }) == GAMES_CANICAS_ERROR_ALREADY_UNDONE);

    // Bad saved text.
    const char *junk = "{\"version\":1,\"rules\":7}";
    games_canicas_game *loaded = nullptr;
    CHECK(games_canicas_load(reinterpret_cast<const uint8_t *>(junk), std::strlen(junk), &loaded) ==
          GAMES_RESULT_INVALID_DATA);
    CHECK(loaded == nullptr);
}

} // namespace

int main() {
    CHECK(games_abi_version() == GAMES_ABI_VERSION);
    try {
        autoplay();
        scripted_with_undo();
        errors();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "canicas_cpp: unexpected error: %s\n", e.what());
        ++failures;
    }
    if (failures != 0) {
        std::fprintf(stderr, "canicas_cpp: %d checks failed\n", failures);
        return 1;
    }
    std::printf("canicas_cpp: all checks passed\n");
    return 0;
}

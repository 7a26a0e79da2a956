// OpenSpiel's C++ dots and boxes, 5x5 boxes: random rollouts from the empty
// board, the loop of our `list` mode (LegalActions, a uniform pick, then
// ApplyAction until the game is over). Not part of the build: compiled
// against the open_spiel wheel from PyPI, whose pyspiel.so exports the C++
// library and which ships its headers; see timbiriche-playouts.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <random>
#include <vector>

#include "open_spiel/spiel.h"

int main(int argc, char** argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000;
  auto game = open_spiel::LoadGame("dots_and_boxes(num_rows=5,num_cols=5)");
  std::mt19937_64 rng(1);
  std::unique_ptr<open_spiel::State> start = game->NewInitialState();
  double sum = 0;
  long plies = 0;
  std::clock_t c0 = std::clock();
  auto w0 = std::chrono::steady_clock::now();
  for (long g = 0; g < n; ++g) {
    std::unique_ptr<open_spiel::State> s = start->Clone();
    while (!s->IsTerminal()) {
      std::vector<open_spiel::Action> legal = s->LegalActions();
      std::uniform_int_distribution<size_t> pick(0, legal.size() - 1);
      s->ApplyAction(legal[pick(rng)]);
      ++plies;
    }
    sum += s->Returns()[0];
  }
  double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
  double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - w0)
          .count();
  std::printf(
      "openspiel C++ 5x5: %ld rollouts, %.3f CPU-s = %.0f/CPU-s (wall %.3f "
      "s), %ld plies, mean return P0 %.4f\n",
      n, cpu, n / cpu, wall, plies, sum / n);
  return 0;
}

// Greedy baseline (the BBS paper, §3.1): every step, every node holding a packet tries to send one
// to a neighbour lacking it; all non-conflicting transfers happen at once, no precomputed
// structure. The paper's step counts are those of an opportunistic, randomised greedy: each step
// the senders act in a random order, each trying its neighbours in a random order and sending the
// first free one the lowest packet it lacks. Deterministic orders (fewest-held first, BFS order,
// reverse BFS order) come out 3–13% slower than the paper (docs/bbs.md). A single run varies by up
// to ±5% at N = 100, so the run reported is the median of kSeededRuns seeded runs.
// A step costs O(P · deg · N/64).
#include <algorithm>
#include <numeric>
#include <random>

#include "sim.hpp"

namespace collsel::sim {
namespace {

Steps run_greedy_seeded(const Grid& g, int packets, unsigned seed) {
  const int n = g.nodes();
  Holdings h(n, packets, 0);
  std::mt19937 rng(seed);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::vector<std::vector<int>> nbrs = g.adj;
  std::vector<char> busy(static_cast<std::size_t>(n));
  Steps steps;
  while (!h.done()) {
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    portable_shuffle(order, rng);
    for (int u : order) {
      if (busy[std::size_t(u)] || h.held(u) == 0) continue;
      auto& mine = nbrs[std::size_t(u)];
      portable_shuffle(mine, rng);
      for (int v : mine) {
        if (busy[std::size_t(v)]) continue;
        const int p = h.first_new(u, v);
        if (p < 0) continue;
        step.push_back({u, v, p});
        busy[std::size_t(u)] = busy[std::size_t(v)] = 1;
        break;
      }
    }
    for (const Transfer& t : step) h.give(t.to, t.packet);
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace

Steps run_greedy(const Grid& g, int packets) {
  return median_of_seeded_runs([&](unsigned seed) { return run_greedy_seeded(g, packets, seed); });
}

}  // namespace collsel::sim

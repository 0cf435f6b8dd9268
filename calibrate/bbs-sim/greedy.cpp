// Greedy baseline (the BBS paper, §3.1): every step, every node holding a packet tries to send
// one to a neighbour lacking it. Senders act in increasing order of packets held (ties by hops
// from the root, then number) — so nodes with little are not starved as receivers by the rich —
// and each free sender serves its free neighbour holding the fewest packets (ties: farther from
// the root first) with the lowest packet it lacks. No precomputed structure; a step costs
// O(P log P + P · deg · N/64).
#include <algorithm>
#include <numeric>

#include "sim.hpp"

namespace collsel::sim {

Steps run_greedy(const Grid& g, int packets) {
  const int n = g.nodes();
  Holdings h(n, packets, 0);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return g.dist[std::size_t(a)] < g.dist[std::size_t(b)]; });
  std::vector<std::vector<int>> nbrs = g.adj;
  for (auto& l : nbrs)
    std::stable_sort(l.begin(), l.end(), [&](int a, int b) { return g.dist[std::size_t(a)] > g.dist[std::size_t(b)]; });
  Steps steps;
  std::vector<char> busy(static_cast<std::size_t>(n));
  while (!h.done()) {
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return h.held(a) < h.held(b); });
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    for (int u : order) {
      if (busy[std::size_t(u)] || h.held(u) == 0) continue;
      auto& mine = nbrs[std::size_t(u)];
      std::stable_sort(mine.begin(), mine.end(), [&](int a, int b) { return h.held(a) < h.held(b); });
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

}  // namespace collsel::sim

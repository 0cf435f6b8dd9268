// Greedy baseline (the BBS paper, §3.1, "Breadth-First Search based Greedy"): every step, every
// node holding a packet tries to send one to a free neighbour lacking it; all non-conflicting
// transfers happen at once. Senders act in reverse BFS order (farthest from the root first, ties
// by higher node number), so the front of the broadcast claims its receivers before the nodes
// behind it; each sends the lowest packet its receiver lacks to the first free neighbour, farther
// neighbours first. No precomputed structure; a step costs O(P · deg · N/64).
// Of the orders tried (fewest-held first, BFS order, reverse BFS order), this one is closest to
// the paper's counts on average (docs/bbs.md).
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
  std::reverse(order.begin(), order.end());
  std::vector<std::vector<int>> nbrs = g.adj;
  for (auto& l : nbrs)
    std::stable_sort(l.begin(), l.end(), [&](int a, int b) { return g.dist[std::size_t(a)] > g.dist[std::size_t(b)]; });
  Steps steps;
  std::vector<char> busy(static_cast<std::size_t>(n));
  while (!h.done()) {
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    for (int u : order) {
      if (busy[std::size_t(u)] || h.held(u) == 0) continue;
      for (int v : nbrs[std::size_t(u)]) {
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

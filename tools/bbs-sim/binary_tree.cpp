// Binary Tree baseline embedded in the grid: a spanning tree of grid edges, pipelined. Node x's
// children are x + e_k for every dimension k ≥ the last dimension in which x is nonzero (all
// dimensions at the root): a comb along dimension 0, combs of the remaining dimensions hanging
// from it. In 2-D every node has at most 2 children (3 steps per packet: receive, send, send);
// in 3-D the spine nodes of dimension 0 have 3 (4 steps per packet) unless that dimension has
// size 2. Each step, nodes deepest first serve their children round-robin with the lowest packet
// the child lacks, when both are free. T ≈ (1 + max children)·N + depth.
#include <algorithm>
#include <numeric>

#include "sim.hpp"

namespace collsel::sim {

Steps run_binary_tree(const Grid& g, int packets) {
  const int n = g.nodes();
  const std::size_t d = g.dims.size();
  std::vector<std::vector<int>> children(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) {
    auto c = g.coords(v);
    std::size_t from = 0;
    for (std::size_t k = 0; k < d; ++k)
      if (c[k] != 0) from = k;
    for (std::size_t k = from; k < d; ++k)
      if (c[k] + 1 < g.dims[k]) {
        ++c[k];
        children[std::size_t(v)].push_back(g.node(c));
        --c[k];
      }
  }
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  // Deepest first: a node forwards to its children before its parent may claim it as a receiver,
  // which keeps every pipeline stage busy (receive, send, send).
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return g.dist[std::size_t(a)] > g.dist[std::size_t(b)]; });
  Holdings h(n, packets, 0);
  std::vector<std::size_t> next(static_cast<std::size_t>(n), 0);  // round-robin position
  std::vector<char> busy(static_cast<std::size_t>(n));
  Steps steps;
  while (!h.done()) {
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    for (int u : order) {
      const auto& ch = children[std::size_t(u)];
      if (busy[std::size_t(u)] || ch.empty()) continue;
      for (std::size_t i = 0; i < ch.size(); ++i) {
        const std::size_t k = (next[std::size_t(u)] + i) % ch.size();
        const int v = ch[k];
        if (busy[std::size_t(v)]) continue;
        const int p = h.first_new(u, v);
        if (p < 0) continue;
        step.push_back({u, v, p});
        busy[std::size_t(u)] = busy[std::size_t(v)] = 1;
        next[std::size_t(u)] = k + 1;
        break;
      }
    }
    for (const Transfer& t : step) h.give(t.to, t.packet);
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace collsel::sim

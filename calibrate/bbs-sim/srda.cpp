// SRDA baseline (the BBS paper, §3.1: scatter, then allgather among neighbours), reconstructed
// from the paper's prose and its tables (docs/bbs.md):
//  1. Scatter: the root's N packets are cut into P blocks, block k for node k, and sent down a
//     spanning tree of the grid, pipelined. The tree is the comb of shortest paths that leave the
//     root along the last dimension and turn into dimension 0 (2-D) or, in 3-D, that go along
//     dimension 0, then 1, then 2 (as if the paper numbered 3-D nodes the other way round: these
//     are the trees that give its step counts). Every node keeps a
//     queue per child of the packets bound for that child's subtree, nearest destinations first;
//     each step, nodes deepest first serve their children round-robin when both ends are free.
//  2. Allgather: a ring over a Hamiltonian cycle of the grid. Each block goes round once (P − 1
//     hops), every node passing packets on in arrival order; half-duplex, so nodes at even ring
//     positions send in even steps and odd ones in odd steps: 2·(P − 1)·N/P steps.
// A barrier separates the phases. Nodes that relayed a block in the scatter receive it again in
// the ring, as the paper's transfer counts on 2-D grids show (T·AE = (P − 1)·N + N·Σdist/P).
#include <algorithm>
#include <deque>
#include <numeric>
#include <stdexcept>

#include "sim.hpp"

namespace collsel::sim {
namespace {

// Hamiltonian cycle of the grid seen as dims[0] × (boustrophedon path over the other dimensions,
// consecutive nodes adjacent): a serpentine over positions 1.. row by row, back along position 0
// (or with rows and positions exchanged when dims[0] is odd). Needs an even number of nodes.
std::vector<int> grid_cycle(const Grid& g) {
  std::vector<std::vector<int>> snake{{}};
  for (std::size_t k = 1; k < g.dims.size(); ++k) {
    std::vector<std::vector<int>> next;
    for (std::size_t i = 0; i < snake.size(); ++i)
      for (int t = 0; t < g.dims[k]; ++t) {
        auto c = snake[i];
        c.push_back(i % 2 == 0 ? t : g.dims[k] - 1 - t);
        next.push_back(c);
      }
    snake = std::move(next);
  }
  const int rows = g.dims[0], cols = int(snake.size());
  if (rows % 2 != 0 && cols % 2 != 0) return {};
  auto at = [&](int r, int c) {
    std::vector<int> x{r};
    x.insert(x.end(), snake[std::size_t(c)].begin(), snake[std::size_t(c)].end());
    return g.node(x);
  };
  std::vector<int> cyc;
  if (rows % 2 == 0) {
    for (int r = 0; r < rows; ++r)
      for (int t = 1; t < cols; ++t) cyc.push_back(at(r, r % 2 == 0 ? t : cols - t));
    for (int r = rows; r-- > 0;) cyc.push_back(at(r, 0));
  } else {
    for (int c = 0; c < cols; ++c)
      for (int t = 1; t < rows; ++t) cyc.push_back(at(c % 2 == 0 ? t : rows - t, c));
    for (int c = cols; c-- > 0;) cyc.push_back(at(0, c));
  }
  return cyc;
}

void tree_scatter(const Grid& g, Holdings& h, const std::vector<int>& parent, const std::vector<int>& owner_of,
                  Steps& steps) {
  const int n = g.nodes();
  std::vector<std::vector<int>> kids(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v)
    if (parent[std::size_t(v)] >= 0) kids[std::size_t(parent[std::size_t(v)])].push_back(v);
  std::vector<std::vector<std::deque<int>>> queue(static_cast<std::size_t>(n));  // per node, per child
  for (int v = 0; v < n; ++v) queue[std::size_t(v)].resize(kids[std::size_t(v)].size());
  auto child_toward = [&](int v, int dest) {
    int x = dest;
    while (parent[std::size_t(x)] != v) x = parent[std::size_t(x)];
    const auto& k = kids[std::size_t(v)];
    return std::size_t(std::find(k.begin(), k.end(), x) - k.begin());
  };
  std::vector<int> order(owner_of.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return g.dist[std::size_t(owner_of[std::size_t(a)])] < g.dist[std::size_t(owner_of[std::size_t(b)])];
  });
  std::size_t pending = 0;
  for (int p : order)
    if (const int dest = owner_of[std::size_t(p)]; dest != 0) {
      queue[0][child_toward(0, dest)].push_back(p);
      ++pending;
    }
  std::vector<int> nodes(static_cast<std::size_t>(n));
  std::iota(nodes.begin(), nodes.end(), 0);
  std::stable_sort(nodes.begin(), nodes.end(), [&](int a, int b) { return g.dist[std::size_t(a)] > g.dist[std::size_t(b)]; });
  std::vector<std::size_t> rr(static_cast<std::size_t>(n), 0);
  std::vector<char> busy(static_cast<std::size_t>(n));
  while (pending > 0) {
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    for (int u : nodes) {
      auto& qs = queue[std::size_t(u)];
      if (busy[std::size_t(u)] || qs.empty()) continue;
      for (std::size_t i = 0; i < qs.size(); ++i) {
        const std::size_t c = (rr[std::size_t(u)] + i) % qs.size();
        const int v = kids[std::size_t(u)][c];
        if (qs[c].empty() || busy[std::size_t(v)]) continue;
        rr[std::size_t(u)] = c + 1;
        busy[std::size_t(u)] = busy[std::size_t(v)] = 1;
        step.push_back({u, v, qs[c].front()});
        qs[c].pop_front();
        break;
      }
    }
    if (step.empty()) throw std::logic_error("srda: scatter made no progress");
    for (const Transfer& t : step) {
      h.give(t.to, t.packet);
      const int dest = owner_of[std::size_t(t.packet)];
      if (dest == t.to) --pending;
      else queue[std::size_t(t.to)][child_toward(t.to, dest)].push_back(t.packet);
    }
    steps.push_back(std::move(step));
  }
}

void ring_allgather(const Grid& g, Holdings& h, const std::vector<int>& cyc, const std::vector<int>& owner_of,
                    Steps& steps) {
  const std::size_t P = cyc.size();
  std::vector<std::deque<int>> fifo(P);
  std::vector<std::size_t> pos_of(static_cast<std::size_t>(g.nodes()));
  for (std::size_t i = 0; i < P; ++i) pos_of[std::size_t(cyc[i])] = i;
  for (std::size_t p = 0; p < owner_of.size(); ++p) fifo[pos_of[std::size_t(owner_of[p])]].push_back(int(p));
  std::size_t pending = owner_of.size();
  for (std::size_t s = 0; pending > 0; ++s) {
    std::vector<Transfer> step;
    std::vector<std::size_t> senders;
    for (std::size_t i = s % 2; i < P; i += 2) {
      const std::size_t j = (i + 1) % P;
      if (fifo[i].empty()) continue;
      step.push_back({cyc[i], cyc[j], fifo[i].front()});
      senders.push_back(i);
    }
    for (std::size_t i : senders) {
      const int p = fifo[i].front();
      fifo[i].pop_front();
      const std::size_t j = (i + 1) % P;
      h.give(cyc[j], p);
      // The block stops at the node before its owner.
      if (cyc[(j + 1) % P] != owner_of[std::size_t(p)]) fifo[j].push_back(p);
      else --pending;
    }
    steps.push_back(std::move(step));
  }
}

}  // namespace

Steps run_srda(const Grid& g, int packets) {
  const int n = g.nodes();
  if (n % 2 != 0) throw std::invalid_argument("srda: the ring allgather needs an even number of nodes");
  std::vector<int> owner_of(static_cast<std::size_t>(packets));
  for (int k = 0; k < n; ++k)
    for (int p = int(long(k) * packets / n); p < int(long(k + 1) * packets / n); ++p) owner_of[std::size_t(p)] = k;
  // Parent: the neighbour one hop nearer the root in dimension 0 if there is one, else in the
  // next dimension (2-D); in 3-D the dimensions are tried last to first.
  std::vector<int> parent(static_cast<std::size_t>(n), -1);
  const std::size_t d = g.dims.size();
  for (int v = 1; v < n; ++v) {
    auto c = g.coords(v);
    for (std::size_t i = 0; i < d; ++i) {
      const std::size_t k = d == 2 ? i : d - 1 - i;
      if (c[k] == 0) continue;
      --c[k];
      parent[std::size_t(v)] = g.node(c);
      break;
    }
  }
  Holdings h(n, packets, 0);
  Steps steps;
  tree_scatter(g, h, parent, owner_of, steps);
  ring_allgather(g, h, grid_cycle(g), owner_of, steps);
  return steps;
}

}  // namespace collsel::sim

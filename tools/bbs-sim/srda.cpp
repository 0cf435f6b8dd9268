// SRDA baseline (the BBS paper, §3.1: scatter, then allgather among neighbours), reconstructed
// from the paper's prose and its tables (docs/bbs.md):
//  1. Split: the root's N packets are cut into P segments as numpy's array_split does, node k
//     getting packets [k·q + min(k, r), …) with q = N / P, r = N mod P: the first r nodes one
//     packet more, and for N < P the last P − N nodes none. Why: with the segments spread evenly
//     over the grid instead (node k owning [k·N/P, (k+1)·N/P)), 4×6×8 at N = 100 cannot reach the
//     paper's 335 steps after a barrier: the root's child (1,0,0) would have 75 of the 100 packets
//     to receive and relay (≥ 150 steps), and the allgather needs ≥ 191 more.
//  2. Scatter: the segments go down a spanning tree of the grid, pipelined. The tree is the comb
//     of shortest paths that leave the root along the last dimension and turn into dimension 0
//     (2-D) or, in 3-D, that go along dimension 0, then 1, then 2 (as if the paper numbered 3-D
//     nodes the other way round: these are the trees that give its step counts at N = 2500).
//     Every node keeps a queue per child of the packets bound for that child's subtree, nearest
//     destinations first; each step, nodes deepest first serve their children round-robin when
//     both ends are free.
//  3. Barrier, then allgather by neighbour gossip ("all nodes share their data with their
//     neighbours; after a series of rounds every node receives all the data"): every step the
//     nodes act in a random order, each trying its neighbours in a random order and sending the
//     first free one that lacks something the packet it received earliest among those (the root
//     holds all N from the start; relays share what they relayed). This is the paper's Greedy
//     engine (greedy.cpp) started from the scattered data; the run reported is the median length
//     of kSeededRuns seeded runs. A Hamiltonian-ring allgather (the previous version) was 3–7 % faster
//     than the paper on 2-D grids and +10.7 % on 4×6×8 at N = 100; sending the lowest packet
//     instead of the oldest is up to 5 % slower on 3-D grids.
// Every node receives each packet at most once, so T·AE = (P − 1)·N: the paper's transfer count
// on 3-D grids; on 2-D grids the paper's is higher (its relays receive their packets again),
// which a gossip in which nodes share only their own segment reproduces, but 3–5 % slower in T
// on 3-D grids (docs/bbs.md).
#include <algorithm>
#include <deque>
#include <numeric>
#include <random>
#include <stdexcept>

#include "sim.hpp"

namespace collsel::sim {
namespace {

// Appends the scatter's steps; arrived[v] gets the packets v receives, in arrival order.
void tree_scatter(const Grid& g, Holdings& h, const std::vector<int>& parent, const std::vector<int>& owner_of,
                  Steps& steps, std::vector<std::vector<int>>& arrived) {
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
      arrived[std::size_t(t.to)].push_back(t.packet);
      const int dest = owner_of[std::size_t(t.packet)];
      if (dest == t.to) --pending;
      else queue[std::size_t(t.to)][child_toward(t.to, dest)].push_back(t.packet);
    }
    steps.push_back(std::move(step));
  }
}

// Gossip allgather from `held` (the scatter's end state; arrived[v] = v's packets in arrival
// order, the root's in packet order). Returns the steps of one seeded run.
Steps gossip_allgather(const Grid& g, Holdings held, std::vector<std::vector<int>> arrived, unsigned seed) {
  const int n = g.nodes();
  std::mt19937 rng(seed);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::vector<std::vector<int>> nbrs = g.adj;
  // next[u][i]: arrived[u] before this index is held by neighbour g.adj[u][i] (holdings only
  // grow), so the earliest packet a neighbour lacks is found in amortised O(1).
  std::vector<std::vector<std::size_t>> next(static_cast<std::size_t>(n));
  for (int u = 0; u < n; ++u) next[std::size_t(u)].assign(g.adj[std::size_t(u)].size(), 0);
  auto slot = [&](int u, int v) {
    const auto& a = g.adj[std::size_t(u)];
    return std::size_t(std::find(a.begin(), a.end(), v) - a.begin());
  };
  std::vector<char> busy(static_cast<std::size_t>(n));
  Steps steps;
  while (!held.done()) {
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    portable_shuffle(order, rng);
    for (int u : order) {
      if (busy[std::size_t(u)]) continue;
      auto& mine = nbrs[std::size_t(u)];
      portable_shuffle(mine, rng);
      const auto& log = arrived[std::size_t(u)];
      for (int v : mine) {
        if (busy[std::size_t(v)]) continue;
        auto& k = next[std::size_t(u)][slot(u, v)];
        while (k < log.size() && held.has(v, log[k])) ++k;
        if (k == log.size()) continue;
        step.push_back({u, v, log[k]});
        busy[std::size_t(u)] = busy[std::size_t(v)] = 1;
        break;
      }
    }
    if (step.empty()) throw std::logic_error("srda: allgather made no progress");
    for (const Transfer& t : step) {
      held.give(t.to, t.packet);
      arrived[std::size_t(t.to)].push_back(t.packet);
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace

Steps run_srda(const Grid& g, int packets) {
  const int n = g.nodes();
  std::vector<int> owner_of(static_cast<std::size_t>(packets));
  const int q = packets / n, r = packets % n;
  for (int k = 0, p = 0; k < n; ++k)
    for (int i = 0; i < q + (k < r ? 1 : 0); ++i) owner_of[std::size_t(p++)] = k;
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
  std::vector<std::vector<int>> arrived(static_cast<std::size_t>(n));
  for (int p = 0; p < packets; ++p) arrived[0].push_back(p);
  Steps steps;
  tree_scatter(g, h, parent, owner_of, steps, arrived);
  for (auto& s : median_of_seeded_runs([&](unsigned seed) { return gossip_allgather(g, h, arrived, seed); }))
    steps.push_back(std::move(s));
  return steps;
}

}  // namespace collsel::sim

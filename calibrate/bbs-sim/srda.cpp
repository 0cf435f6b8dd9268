// SRDA baseline (scatter, recursive-doubling allgather): the root's N packets are cut into P
// blocks, block k for node k. Scatter: the root sends every block down a BFS spanning tree of the
// grid, farthest destinations first. Allgather: recursive doubling over node numbers — in round j
// node r exchanges all it has gathered with r XOR 2^j, packets routed hop by hop along
// dimension-ordered shortest grid paths (relays forward in FIFO order). With P not a power of two,
// the nodes above the largest power of two p₂ hand their block to r − p₂ first and receive
// everything back last. Phases and rounds are separated by barriers. T ≈ 3N(P−1)/P + routing delays.
#include <algorithm>
#include <deque>
#include <numeric>
#include <stdexcept>

#include "sim.hpp"

namespace collsel::sim {
namespace {

struct Message {
  int packet;
  std::vector<int> path;  // nodes, path[0] is the sender
  std::size_t at = 0;
};

// Moves every message to the end of its path; each step every node with queued messages tries
// its oldest few, subject to both ends being free.
void route(const Grid& g, Holdings& h, std::vector<Message>& msgs, Steps& steps) {
  const int n = g.nodes();
  std::vector<std::deque<std::size_t>> queue(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < msgs.size(); ++i)
    if (msgs[i].path.size() > 1) queue[std::size_t(msgs[i].path[0])].push_back(i);
  std::size_t pending = 0;
  for (const auto& q : queue) pending += q.size();
  std::vector<char> busy(static_cast<std::size_t>(n));
  constexpr std::size_t kLook = 4;
  while (pending > 0) {
    std::fill(busy.begin(), busy.end(), 0);
    std::vector<Transfer> step;
    std::vector<std::pair<int, std::size_t>> moved;
    for (int u = 0; u < n; ++u) {
      auto& q = queue[std::size_t(u)];
      if (busy[std::size_t(u)] || q.empty()) continue;
      for (std::size_t i = 0; i < std::min(kLook, q.size()); ++i) {
        Message& m = msgs[q[i]];
        const int v = m.path[m.at + 1];
        if (busy[std::size_t(v)]) continue;
        busy[std::size_t(u)] = busy[std::size_t(v)] = 1;
        step.push_back({u, v, m.packet});
        moved.emplace_back(u, i);
        break;
      }
    }
    if (step.empty()) throw std::logic_error("srda: routing made no progress");
    for (auto [u, i] : moved) {
      auto& q = queue[std::size_t(u)];
      const std::size_t id = q[i];
      q.erase(q.begin() + std::ptrdiff_t(i));
      Message& m = msgs[id];
      ++m.at;
      h.give(m.path[m.at], m.packet);
      if (m.at + 1 < m.path.size()) queue[std::size_t(m.path[m.at])].push_back(id);
      else --pending;
    }
    steps.push_back(std::move(step));
  }
  msgs.clear();
}

std::vector<int> grid_path(const Grid& g, int from, int to) {
  auto c = g.coords(from);
  const auto t = g.coords(to);
  std::vector<int> path{from};
  for (std::size_t k = 0; k < c.size(); ++k)
    while (c[k] != t[k]) {
      c[k] += c[k] < t[k] ? 1 : -1;
      path.push_back(g.node(c));
    }
  return path;
}

}  // namespace

Steps run_srda(const Grid& g, int packets) {
  const int n = g.nodes();
  auto block_begin = [&](int k) { return int(long(k) * packets / n); };
  Holdings h(n, packets, 0);
  Steps steps;
  std::vector<Message> msgs;
  // Scatter down the BFS tree (parent: the lowest-numbered neighbour one hop nearer the root).
  std::vector<int> parent(static_cast<std::size_t>(n), -1);
  for (int v = 1; v < n; ++v)
    for (int w : g.adj[std::size_t(v)])
      if (g.dist[std::size_t(w)] + 1 == g.dist[std::size_t(v)]) { parent[std::size_t(v)] = w; break; }
  std::vector<int> dests(static_cast<std::size_t>(n - 1));
  std::iota(dests.begin(), dests.end(), 1);
  std::stable_sort(dests.begin(), dests.end(), [&](int a, int b) { return g.dist[std::size_t(a)] > g.dist[std::size_t(b)]; });
  for (int k : dests) {
    std::vector<int> path;
    for (int v = k; v != -1; v = parent[std::size_t(v)]) path.push_back(v);
    std::reverse(path.begin(), path.end());
    for (int p = block_begin(k); p < block_begin(k + 1); ++p) msgs.push_back({p, path});
  }
  route(g, h, msgs, steps);
  int p2 = 1;
  while (p2 * 2 <= n) p2 *= 2;
  for (int r = p2; r < n; ++r)
    for (int p = block_begin(r); p < block_begin(r + 1); ++p) msgs.push_back({p, grid_path(g, r, r - p2)});
  route(g, h, msgs, steps);
  // Blocks gathered by r before round j: those of r's group of 2^j (plus their folded partners).
  auto owned = [&](int r, int j, std::vector<int>& out) {
    out.clear();
    const int lo = r & ~((1 << j) - 1);
    for (int k = lo; k < lo + (1 << j); ++k) {
      for (int p = block_begin(k); p < block_begin(k + 1); ++p) out.push_back(p);
      if (k + p2 < n)
        for (int p = block_begin(k + p2); p < block_begin(k + p2 + 1); ++p) out.push_back(p);
    }
  };
  std::vector<int> mine;
  for (int j = 0; (1 << j) < p2; ++j) {
    for (int r = 0; r < p2; ++r) {
      owned(r, j, mine);
      const auto path = grid_path(g, r, r ^ (1 << j));
      for (int p : mine) msgs.push_back({p, path});
    }
    route(g, h, msgs, steps);
  }
  for (int r = p2; r < n; ++r) {
    const auto path = grid_path(g, r - p2, r);
    for (int p = 0; p < packets; ++p)
      if (!h.has(r, p)) msgs.push_back({p, path});
  }
  route(g, h, msgs, steps);
  return steps;
}

}  // namespace collsel::sim

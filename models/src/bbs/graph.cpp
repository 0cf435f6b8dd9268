// Graphs BBS schedules: grids for the paper's simulations, and a communicator seen as a weighted
// complete graph (sparsified to the fastest peers for large communicators, so the LP stays small).
#include <algorithm>
#include <stdexcept>
#include <string>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/bipartite.hpp>

#include "collsel/bbs.hpp"

namespace collsel::bbs {

std::vector<std::vector<int>> Graph::adjacency() const {
  std::vector<std::vector<int>> adj(static_cast<std::size_t>(nodes));
  for (const Edge& e : edges) {
    adj[std::size_t(e.u)].push_back(e.v);
    adj[std::size_t(e.v)].push_back(e.u);
  }
  for (auto& l : adj) std::sort(l.begin(), l.end());
  return adj;
}

Graph grid(const std::vector<int>& dims) {
  if (dims.empty()) throw std::invalid_argument("bbs::grid: no dimensions");
  long total = 1;
  for (int d : dims) {
    if (d < 1) throw std::invalid_argument("bbs::grid: dimension " + std::to_string(d) + " < 1");
    total *= d;
    if (total > (1L << 24)) throw std::invalid_argument("bbs::grid: too many nodes");
  }
  Graph g;
  g.nodes = int(total);
  // stride[k]: distance in node numbers of one step along dimension k (row-major).
  std::vector<int> stride(dims.size(), 1);
  for (std::size_t k = dims.size() - 1; k-- > 0;) stride[k] = stride[k + 1] * dims[k + 1];
  for (int v = 0; v < g.nodes; ++v)
    for (std::size_t k = 0; k < dims.size(); ++k)
      if ((v / stride[k]) % dims[k] + 1 < dims[k]) g.edges.push_back({v, v + stride[k], 1.0});
  return g;
}

Graph complete_from_model(const P2PModel& cost, double bytes) {
  const int n = cost.size();
  Graph g;
  g.nodes = n;
  std::vector<double> t(std::size_t(n) * std::size_t(n), 0);
  double fastest = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const double s = std::max(cost.p2p(i, j, bytes), cost.p2p(j, i, bytes));
      t[std::size_t(i) * std::size_t(n) + std::size_t(j)] = t[std::size_t(j) * std::size_t(n) + std::size_t(i)] = s;
      if (s > 0 && (fastest == 0 || s < fastest)) fastest = s;
    }
  auto rate = [&](int i, int j) {
    const double s = t[std::size_t(i) * std::size_t(n) + std::size_t(j)];
    return s > 0 && fastest > 0 ? fastest / s : 1.0;  // fastest pair: one packet per step
  };
  constexpr int kDense = 32, kPeers = 8;
  if (n <= kDense) {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) g.edges.push_back({i, j, rate(i, j)});
    return g;
  }
  // Large communicators: each rank keeps its kPeers fastest peers, plus a ring for connectivity.
  std::vector<char> keep(std::size_t(n) * std::size_t(n), 0);
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) order[std::size_t(j)] = j;
    std::erase(order, i);
    std::partial_sort(order.begin(), order.begin() + kPeers, order.end(), [&](int a, int b) {
      return rate(i, a) != rate(i, b) ? rate(i, a) > rate(i, b) : a < b;
    });
    for (int k = 0; k < kPeers; ++k) {
      const int j = order[std::size_t(k)];
      keep[std::size_t(std::min(i, j)) * std::size_t(n) + std::size_t(std::max(i, j))] = 1;
    }
    const int next = (i + 1) % n;
    keep[std::size_t(std::min(i, next)) * std::size_t(n) + std::size_t(std::max(i, next))] = 1;
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (keep[std::size_t(i) * std::size_t(n) + std::size_t(j)]) g.edges.push_back({i, j, rate(i, j)});
  return g;
}

bool is_bipartite(const Graph& g) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> bg(std::size_t(g.nodes));
  for (const Edge& e : g.edges) boost::add_edge(std::size_t(e.u), std::size_t(e.v), bg);
  return boost::is_bipartite(bg);
}

}  // namespace collsel::bbs

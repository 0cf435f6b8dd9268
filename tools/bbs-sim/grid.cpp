// Grid topologies and schedule validation for collsel-bbs-sim.
#include <algorithm>
#include <deque>
#include <stdexcept>

#include "sim.hpp"

namespace collsel::sim {

std::vector<int> Grid::coords(int v) const {
  std::vector<int> c(dims.size());
  for (std::size_t k = dims.size(); k-- > 0;) {
    c[k] = v % dims[k];
    v /= dims[k];
  }
  return c;
}

int Grid::node(const std::vector<int>& c) const {
  int v = 0;
  for (std::size_t k = 0; k < dims.size(); ++k) v = v * dims[k] + c[k];
  return v;
}

Grid parse_topology(const std::string& text) {
  const std::string prefix = "grid";
  if (text.rfind(prefix, 0) != 0)
    throw std::invalid_argument("--topology '" + text + "': expected gridAxB or gridAxBxC");
  Grid g;
  g.name = text;
  std::size_t pos = prefix.size();
  while (true) {
    std::size_t end = pos;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end == pos || end - pos > 6)
      throw std::invalid_argument("--topology '" + text + "': bad dimension at character " + std::to_string(pos + 1));
    g.dims.push_back(std::stoi(text.substr(pos, end - pos)));
    if (g.dims.back() < 1) throw std::invalid_argument("--topology '" + text + "': dimension below 1");
    if (end == text.size()) break;
    if (text[end] != 'x')
      throw std::invalid_argument("--topology '" + text + "': expected 'x' at character " + std::to_string(end + 1));
    pos = end + 1;
  }
  if (g.dims.size() < 2 || g.dims.size() > 3)
    throw std::invalid_argument("--topology '" + text + "': 2 or 3 dimensions expected");
  // The LP, the frame colouring and the step simulation grow with P² (grid2000x2000 took 3.8 GB
  // before GLPK aborted); 4096 nodes (64x64) builds in seconds. Checked before anything is built.
  constexpr long long kMaxNodes = 4096;
  long long nodes = 1;
  for (int d : g.dims) nodes = std::min(nodes * d, kMaxNodes + 1);
  if (nodes > kMaxNodes)
    throw std::invalid_argument("--topology '" + text + "': more than " + std::to_string(kMaxNodes) +
                                " nodes (the simulator's limit)");
  g.graph = bbs::grid(g.dims);
  if (g.graph.nodes < 2) throw std::invalid_argument("--topology '" + text + "': at least 2 nodes needed");
  g.adj = g.graph.adjacency();
  g.dist.assign(std::size_t(g.nodes()), -1);
  std::deque<int> q{0};
  g.dist[0] = 0;
  while (!q.empty()) {
    const int v = q.front();
    q.pop_front();
    for (int w : g.adj[std::size_t(v)])
      if (g.dist[std::size_t(w)] < 0) g.dist[std::size_t(w)] = g.dist[std::size_t(v)] + 1, q.push_back(w);
  }
  return g;
}

long validate(const Grid& g, const Steps& steps, int packets) {
  const int n = g.nodes();
  std::vector<std::vector<char>> has(static_cast<std::size_t>(n), std::vector<char>(std::size_t(packets), 0));
  std::fill(has[0].begin(), has[0].end(), 1);
  std::vector<long> busy(static_cast<std::size_t>(n), -1);
  long transfers = 0;
  auto fail = [&](std::size_t step, const Transfer& t, const std::string& why) {
    throw std::runtime_error("invalid schedule at step " + std::to_string(step + 1) + ", transfer " +
                             std::to_string(t.from) + "->" + std::to_string(t.to) + " packet " +
                             std::to_string(t.packet) + ": " + why);
  };
  for (std::size_t s = 0; s < steps.size(); ++s) {
    for (const Transfer& t : steps[s]) {
      if (t.from < 0 || t.from >= n || t.to < 0 || t.to >= n || t.packet < 0 || t.packet >= packets)
        fail(s, t, "out of range");
      const auto& a = g.adj[std::size_t(t.from)];
      if (!std::binary_search(a.begin(), a.end(), t.to)) fail(s, t, "not an edge of the grid");
      for (int x : {t.from, t.to}) {
        if (busy[std::size_t(x)] == long(s)) fail(s, t, "node " + std::to_string(x) + " in two transfers");
        busy[std::size_t(x)] = long(s);
      }
      if (!has[std::size_t(t.from)][std::size_t(t.packet)]) fail(s, t, "sender does not hold the packet");
    }
    for (const Transfer& t : steps[s]) has[std::size_t(t.to)][std::size_t(t.packet)] = 1;
    transfers += long(steps[s].size());
  }
  for (int v = 0; v < n; ++v)
    for (int p = 0; p < packets; ++p)
      if (!has[std::size_t(v)][std::size_t(p)])
        throw std::runtime_error("invalid schedule: node " + std::to_string(v) + " never receives packet " +
                                 std::to_string(p));
  return transfers;
}

}  // namespace collsel::sim

namespace collsel::sim {

Holdings::Holdings(int nodes, int packets, int root)
    : words_((std::size_t(packets) + 63) / 64), bits_(words_ * std::size_t(nodes), 0),
      held_(static_cast<std::size_t>(nodes), 0), missing_(long(nodes - 1) * packets) {
  for (int p = 0; p < packets; ++p) bits_[std::size_t(root) * words_ + std::size_t(p >> 6)] |= 1ULL << (p & 63);
  held_[std::size_t(root)] = packets;
}

void Holdings::give(int v, int p) {
  auto& w = bits_[std::size_t(v) * words_ + std::size_t(p >> 6)];
  if (w >> (p & 63) & 1U) return;
  w |= 1ULL << (p & 63);
  ++held_[std::size_t(v)];
  --missing_;
}

int Holdings::first_new(int from, int to) const {
  const auto* a = row(from);
  const auto* b = row(to);
  for (std::size_t w = 0; w < words_; ++w)
    if (auto c = a[w] & ~b[w]) return int(w * 64 + std::size_t(__builtin_ctzll(c)));
  return -1;
}

}  // namespace collsel::sim

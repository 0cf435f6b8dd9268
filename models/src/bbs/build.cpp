// Step 3 of BBS: frames from the colour classes, oriented, ordered greedily.
// Orientation: each edge keeps its occupancy's direction, edges into the root turned around (a
// BFS from the root gives the hop distances the ordering favours). Ordering (paper §2.3): frames are placed one by one; the next is the
// unplaced frame that delivers the most new data, measured on a count-only run of the frames
// placed so far (an edge delivers when its sender holds more than its receiver), ties to the frame
// feeding the most deficient receivers, then the farthest ones. Cost O(d_m² · P).
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "collsel/bbs.hpp"

namespace collsel::bbs {
namespace {

// BFS discovery rank and distance of every node (Boost.Graph), neighbours in increasing order.
struct Bfs {
  std::vector<int> rank, dist;
};

Bfs bfs(const Graph& g, int root) {
  using BG = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  BG bg(std::size_t(g.nodes));
  const auto adj = g.adjacency();
  for (int v = 0; v < g.nodes; ++v)
    for (int w : adj[std::size_t(v)])
      if (v < w) boost::add_edge(std::size_t(v), std::size_t(w), bg);
  Bfs r;
  r.rank.assign(std::size_t(g.nodes), -1);
  r.dist.assign(std::size_t(g.nodes), -1);
  struct Visitor : boost::default_bfs_visitor {
    Bfs* r;
    int next = 0;
    void discover_vertex(std::size_t v, const BG&) { r->rank[v] = next++; }
    void tree_edge(BG::edge_descriptor e, const BG& g) {
      r->dist[boost::target(e, g)] = r->dist[boost::source(e, g)] + 1;
    }
  } vis;
  vis.r = &r;
  r.dist[std::size_t(root)] = 0;
  boost::breadth_first_search(bg, std::size_t(root), boost::visitor(vis));
  for (int v = 0; v < g.nodes; ++v)
    if (r.rank[std::size_t(v)] < 0) throw std::invalid_argument("bbs: graph is not connected");
  return r;
}

}  // namespace

FrameSchedule build(const Graph& g, int root, const Options& opt) {
  if (g.nodes < 1) throw std::invalid_argument("bbs: empty graph");
  if (g.nodes == 1) return build(g, root, opt, Occupancies{});
  return build(g, root, opt, balanced_occupancies(g, root, opt.balance_root));
}

FrameSchedule build(const Graph& g, int root, const Options& opt, const Occupancies& occ) {
  if (g.nodes < 1) throw std::invalid_argument("bbs: empty graph");
  FrameSchedule fs;
  fs.procs = g.nodes;
  fs.root = root;
  fs.oriented = opt.orient;
  fs.choice = opt.choice;
  fs.receive_rate = opt.balanced_rate ? occ.C : 0;
  if (g.nodes == 1) return fs;
  if (occ.forward.size() != g.edges.size() || occ.backward.size() != g.edges.size())
    throw std::invalid_argument("bbs: occupancies do not match the graph");
  const Bfs order = bfs(g, root);
  const Multigraph mg = integer_multigraph(g, occ, opt.max_scale);
  const std::vector<int> colour = edge_colouring(mg, is_bipartite(g));
  const int colours = colour.empty() ? 0 : *std::max_element(colour.begin(), colour.end()) + 1;
  std::vector<std::vector<std::pair<int, int>>> frames(static_cast<std::size_t>(colours));
  for (std::size_t e = 0; e < mg.edges.size(); ++e) {
    auto [u, v] = mg.edges[e];
    if (v == root) std::swap(u, v);
    frames[std::size_t(colour[e])].emplace_back(u, v);
  }
  std::erase_if(frames, [](const auto& f) { return f.empty(); });
  for (auto& f : frames) std::sort(f.begin(), f.end());

  // Greedy ordering on held counts (packets are plentiful: a sender with more than its receiver
  // always has something new for it).
  std::vector<long> held(std::size_t(g.nodes), 0);
  const long plenty = long(frames.size()) * g.nodes + 1;
  held[std::size_t(root)] = plenty;
  std::vector<char> placed(frames.size(), 0);
  for (std::size_t pos = 0; pos < frames.size(); ++pos) {
    std::size_t best = frames.size();
    std::tuple<long, long, long> best_score{-1, -1, -1};
    for (std::size_t f = 0; f < frames.size(); ++f) {
      if (placed[f]) continue;
      long useful = 0, deficit = 0, far = 0;
      for (auto [u, v] : frames[f])
        if (held[std::size_t(u)] > held[std::size_t(v)]) {
          ++useful;
          deficit += plenty - held[std::size_t(v)];
          far += order.dist[std::size_t(v)];
        }
      const std::tuple<long, long, long> score{useful, deficit, far};
      if (score > best_score) best_score = score, best = f;
    }
    placed[best] = 1;
    fs.frames.push_back(frames[best]);
    for (auto [u, v] : frames[best])
      if (held[std::size_t(u)] > held[std::size_t(v)]) ++held[std::size_t(v)];
  }
  return fs;
}

}  // namespace collsel::bbs

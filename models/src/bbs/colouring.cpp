// Step 2 of BBS: occupancies → integer multigraph → edge colouring (each colour a frame).
// Scale: the smallest l ≤ max_scale making every l·O_uv integral (the LCM of the
// denominators of exact rational occupancies); otherwise l = max_scale and rounding.
// Colouring, bipartite: König's theorem by alternating paths — for edge (u,v) take a colour a free
// at u and b free at v; if a is taken at v, swap a/b along the a-b path from v (it cannot reach u
// in a bipartite graph), then colour (u,v) with a. O(|E_m|·P) for d_m colours exactly.
// Otherwise: heaviest pairs first, smallest colour free at both ends (at most 2·d_m − 1 colours).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>
#include <stdexcept>

#include "collsel/bbs.hpp"

namespace collsel::bbs {

namespace {

// Integer totals k_e ∈ {⌊x_e⌋, ⌈x_e⌉} per undirected edge with every node's sum Σ_e k_e within
// ⌊⌋/⌈⌉ of its fractional sum Σ_e x_e — exactly equal where that sum is an integer (saturated
// nodes: l·(in + out) = l). Dependent (pipage) rounding: find a cycle of fractional edges, or a
// path between two nodes with a single fractional edge, and move its edges alternately up and
// down until one becomes integral. On a bipartite graph every cycle is even, so interior nodes
// keep their sums; each step makes at least one edge integral: O(E²).
std::vector<long> round_keeping_node_sums(const Graph& g, std::vector<double> x) {
  const std::size_t m = x.size();
  constexpr double eps = 1e-6;
  auto fractional = [&](std::size_t e) { return std::abs(x[e] - std::round(x[e])) > eps; };
  std::vector<std::vector<std::size_t>> at(static_cast<std::size_t>(g.nodes));
  for (std::size_t e = 0; e < m; ++e)
    if (fractional(e)) {
      at[std::size_t(g.edges[e].u)].push_back(e);
      at[std::size_t(g.edges[e].v)].push_back(e);
    }
  auto live = [&](int v) {  // v's fractional edges, pruned of those rounded meanwhile
    auto& l = at[std::size_t(v)];
    std::erase_if(l, [&](std::size_t e) { return !fractional(e); });
    return l.size();
  };
  auto other = [&](std::size_t e, int v) { return g.edges[e].u == v ? g.edges[e].v : g.edges[e].u; };
  std::vector<long> pos(static_cast<std::size_t>(g.nodes), -1);  // node's index on the walk
  // The fractional edges walked from v, each leaving by an unused one, up to a dead end or until
  // a cycle closes (then only the cycle is kept).
  struct Walk {
    std::vector<std::size_t> edges;
    int end = -1;
    bool closed = false;
  };
  auto walk_from = [&](int v) {
    Walk w;
    auto& walk = w.edges;
    std::vector<int> nodes{v};
    for (;;) {
      std::size_t next = m;
      for (std::size_t e : at[std::size_t(v)])
        if (fractional(e) && (walk.empty() || e != walk.back())) { next = e; break; }
      if (next == m) break;
      pos[std::size_t(v)] = long(walk.size());
      walk.push_back(next);
      v = other(next, v);
      nodes.push_back(v);
      if (pos[std::size_t(v)] >= 0) {
        walk.erase(walk.begin(), walk.begin() + pos[std::size_t(v)]);
        w.closed = true;
        break;
      }
    }
    for (int u : nodes) pos[std::size_t(u)] = -1;
    w.end = v;
    return w;
  };
  for (int start = 0; start < g.nodes; ++start) {
    while (live(start) > 0) {
      Walk first = walk_from(start);
      // A dead end is a path end (one fractional edge, a non-integral sum); unless `start` is the
      // other end, walk again from it so that the path runs end to end or closes a cycle.
      const std::vector<std::size_t> walk =
          !first.closed && live(start) > 1 ? walk_from(first.end).edges : std::move(first.edges);
      // Alternate +/− along the walk; move by the largest step keeping every edge within its
      // floor/ceil, in the direction that needs the smaller step (ties: up first).
      double up = 1e300, down = 1e300;  // step sizes for "even edges up" and "even edges down"
      for (std::size_t i = 0; i < walk.size(); ++i) {
        const double v = x[walk[i]], to_ceil = std::ceil(v) - v, to_floor = v - std::floor(v);
        up = std::min(up, i % 2 == 0 ? to_ceil : to_floor);
        down = std::min(down, i % 2 == 0 ? to_floor : to_ceil);
      }
      const double sign = up <= down ? 1 : -1, step = std::min(up, down);
      for (std::size_t i = 0; i < walk.size(); ++i) {
        double& v = x[walk[i]];
        v += (i % 2 == 0 ? sign : -sign) * step;
        if (!fractional(walk[i])) v = std::round(v);
      }
    }
  }
  std::vector<long> k(m);
  for (std::size_t e = 0; e < m; ++e) k[e] = std::lround(x[e]);
  return k;
}

}  // namespace

Multigraph integer_multigraph(const Graph& g, const Occupancies& o, int max_scale) {
  Multigraph mg;
  mg.nodes = g.nodes;
  const std::size_t m = g.edges.size();
  std::vector<double> w;  // O_uv, O_vu per edge
  for (std::size_t e = 0; e < m; ++e) {
    w.push_back(o.forward[e]);
    w.push_back(o.backward[e]);
  }
  int scale = 0;
  for (int l = 1; l <= max_scale && scale == 0; ++l) {
    bool integral = true;
    for (double x : w)
      if (std::abs(x * l - std::round(x * l)) > 1e-6) { integral = false; break; }
    if (integral) scale = l;
  }
  const bool rounded = scale == 0;
  if (rounded) scale = max_scale;
  mg.scale = scale;
  std::vector<int> deg(static_cast<std::size_t>(g.nodes), 0);
  auto add = [&](int from, int to, long k) {
    for (long r = 0; r < k; ++r) mg.edges.emplace_back(from, to);
    deg[std::size_t(from)] += int(k);
    deg[std::size_t(to)] += int(k);
  };
  if (rounded && is_bipartite(g)) {
    // Round the edge totals l·(O_uv + O_vu) so that saturated nodes keep degree l exactly: then
    // d_m = l and every frame is a perfect matching of the saturated nodes. Rounding each
    // direction on its own gave d_m = 66 at l = 64 on most grids, so some nodes sat out 2–4 of
    // every 66 steps and the steady rate fell below C (T ≈ 2N·66/64 at large N).
    std::vector<double> total(m);
    for (std::size_t e = 0; e < m; ++e) total[e] = scale * (o.forward[e] + o.backward[e]);
    const std::vector<long> k = round_keeping_node_sums(g, total);
    for (std::size_t e = 0; e < m; ++e) {
      const double sum = o.forward[e] + o.backward[e];
      const long fwd = sum > 0 ? std::clamp(std::lround(double(k[e]) * o.forward[e] / sum), 0L, k[e]) : 0;
      add(g.edges[e].u, g.edges[e].v, fwd);
      add(g.edges[e].v, g.edges[e].u, k[e] - fwd);
    }
  } else {
    for (std::size_t i = 0; i < w.size(); ++i) {
      const Edge& e = g.edges[i / 2];
      const int from = i % 2 == 0 ? e.u : e.v, to = i % 2 == 0 ? e.v : e.u;
      long k = std::lround(w[i] * scale);
      if (k == 0 && w[i] > 1e-9) k = 1;  // a used edge stays in the schedule
      add(from, to, k);
    }
  }
  // Nodes the occupancies leave unreachable from every other (a circulation can satisfy (8)
  // without the root): join them through graph edges so the schedule reaches everyone.
  std::vector<int> parent(static_cast<std::size_t>(g.nodes));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[std::size_t(x)] != x) x = parent[std::size_t(x)] = parent[std::size_t(parent[std::size_t(x)])];
    return x;
  };
  for (auto [u, v] : mg.edges) parent[std::size_t(find(u))] = find(v);
  for (const Edge& e : g.edges)
    if (find(e.u) != find(e.v)) {
      parent[std::size_t(find(e.u))] = find(e.v);
      mg.edges.emplace_back(e.u, e.v);
      ++deg[std::size_t(e.u)];
      ++deg[std::size_t(e.v)];
    }
  mg.max_degree = deg.empty() ? 0 : *std::max_element(deg.begin(), deg.end());
  return mg;
}

std::vector<int> edge_colouring(const Multigraph& m, bool bipartite) {
  const std::size_t E = m.edges.size();
  std::vector<int> colour(E, -1);
  if (E == 0) return colour;
  if (bipartite) {
    const int k = m.max_degree;
    // at[v*k + c]: the edge of colour c at v, or -1.
    std::vector<int> at(std::size_t(m.nodes) * std::size_t(k), -1);
    auto slot = [&](int v, int c) -> int& { return at[std::size_t(v) * std::size_t(k) + std::size_t(c)]; };
    auto free_at = [&](int v) {
      for (int c = 0; c < k; ++c)
        if (slot(v, c) < 0) return c;
      throw std::logic_error("bbs: no free colour (degree above d_m)");
    };
    std::vector<int> path;
    for (std::size_t e = 0; e < E; ++e) {
      const auto [u, v] = m.edges[e];
      const int a = free_at(u);
      if (slot(v, a) >= 0) {
        const int b = free_at(v);
        // Collect the a/b alternating path from v, then swap its colours.
        path.clear();
        int x = v, c = a;
        while (slot(x, c) >= 0) {
          const int f = slot(x, c);
          path.push_back(f);
          x = m.edges[std::size_t(f)].first == x ? m.edges[std::size_t(f)].second : m.edges[std::size_t(f)].first;
          c = c == a ? b : a;
        }
        for (int f : path) {
          const auto [p, q] = m.edges[std::size_t(f)];
          slot(p, colour[std::size_t(f)]) = -1;
          slot(q, colour[std::size_t(f)]) = -1;
        }
        for (int f : path) {
          const auto [p, q] = m.edges[std::size_t(f)];
          colour[std::size_t(f)] = colour[std::size_t(f)] == a ? b : a;
          slot(p, colour[std::size_t(f)]) = f;
          slot(q, colour[std::size_t(f)]) = f;
        }
        if (slot(u, a) >= 0 || slot(v, a) >= 0) throw std::logic_error("bbs: graph is not bipartite");
      }
      colour[e] = a;
      slot(u, a) = int(e);
      slot(v, a) = int(e);
    }
    return colour;
  }
  // Weight-guided greedy: parallel edges of heavy pairs first, so the heaviest occupancies get
  // the lowest (most frequent in a truncated cycle) colours.
  std::vector<std::size_t> order(E);
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> mult(E, 0);
  {
    std::vector<std::pair<std::pair<int, int>, std::size_t>> keyed(E);
    for (std::size_t e = 0; e < E; ++e)
      keyed[e] = {{std::min(m.edges[e].first, m.edges[e].second), std::max(m.edges[e].first, m.edges[e].second)}, e};
    std::sort(keyed.begin(), keyed.end());
    for (std::size_t i = 0, j = 0; i < E; i = j) {
      while (j < E && keyed[j].first == keyed[i].first) ++j;
      for (std::size_t t = i; t < j; ++t) mult[keyed[t].second] = int(j - i);
    }
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mult[a] > mult[b]; });
  std::vector<std::vector<char>> used(static_cast<std::size_t>(m.nodes));
  for (std::size_t e : order) {
    const auto [u, v] = m.edges[e];
    auto& cu = used[std::size_t(u)];
    auto& cv = used[std::size_t(v)];
    std::size_t c = 0;
    while ((c < cu.size() && cu[c]) || (c < cv.size() && cv[c])) ++c;
    cu.resize(std::max(cu.size(), c + 1), 0);
    cv.resize(std::max(cv.size(), c + 1), 0);
    cu[c] = cv[c] = 1;
    colour[e] = int(c);
  }
  return colour;
}

}  // namespace collsel::bbs

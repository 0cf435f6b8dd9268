// predict_concurrent_tree: collsel/predict.hpp. A fluid model of transfers that share a link.
#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "collsel/predict.hpp"

namespace collsel {

std::vector<double> share_link(std::span<const SharedFlow> flows, double capacity) {
  const std::size_t n = flows.size();
  std::vector<double> finish(n, 0.0);
  if (n == 0) return finish;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> left(n);
  for (std::size_t k = 0; k < n; ++k) left[k] = std::max(0.0, flows[k].bytes);
  // Flows in order of arrival; the active ones kept sorted by their own rate cap, so that the
  // max-min share is one pass: the slowest flows take their cap while it is below an equal share
  // of what is left, the rest split the remainder equally.
  std::vector<std::size_t> arrival(n);
  std::iota(arrival.begin(), arrival.end(), std::size_t{0});
  std::stable_sort(arrival.begin(), arrival.end(), [&](std::size_t a, std::size_t b) { return flows[a].start < flows[b].start; });
  std::vector<std::size_t> active;
  std::vector<double> rate(n, 0.0);
  std::size_t next = 0;
  double now = n ? flows[arrival[0]].start : 0.0;
  auto by_cap = [&](std::size_t a, std::size_t b) { return flows[a].rate_cap < flows[b].rate_cap; };
  while (next < n || !active.empty()) {
    while (next < n && flows[arrival[next]].start <= now) {
      const std::size_t k = arrival[next++];
      if (left[k] <= 0.0) {
        finish[k] = flows[k].start + flows[k].latency;
        continue;
      }
      active.insert(std::upper_bound(active.begin(), active.end(), k, by_cap), k);
    }
    if (active.empty()) {
      if (next < n) now = flows[arrival[next]].start;
      continue;
    }
    double remaining = capacity > 0 ? capacity : inf;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const double equal = remaining / double(active.size() - i);
      const double r = std::min(flows[active[i]].rate_cap, equal);
      rate[active[i]] = r;
      if (remaining != inf) remaining -= r;
    }
    double step = next < n ? flows[arrival[next]].start - now : inf;
    for (std::size_t k : active) step = std::min(step, rate[k] > 0 ? left[k] / rate[k] : inf);
    if (step == inf) break;  // no capacity and nothing arriving: cannot progress (not reached with caps > 0)
    now += step;
    std::vector<std::size_t> still;
    still.reserve(active.size());
    for (std::size_t k : active) {
      left[k] -= rate[k] * step;
      if (left[k] <= 1e-9 * std::max(1.0, flows[k].bytes)) finish[k] = now + flows[k].latency;
      else still.push_back(k);
    }
    active.swap(still);
  }
  return finish;
}

namespace {

// The marginal cost of a byte from `from` to `to` and the rest of p2p as latency, at `bytes`.
struct PairCost {
  double per_byte, latency;
};
PairCost pair_cost(const P2PModel& cost, int from, int to, double bytes) {
  const double m = std::max(bytes, 1.0);
  const double t = cost.p2p(from, to, m);
  const double per_byte = std::max(0.0, (cost.p2p(from, to, 2 * m) - t) / m);
  return {per_byte, std::max(0.0, t - per_byte * m)};
}

}  // namespace

double predict_concurrent_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost) {
  const int n = tree.size();
  if (n < 2) return 0.0;
  const bool upward = flows_to_root(shape.op);
  // Bytes on the edge into each node: its subtree's blocks (scatter/gather), or the message.
  std::vector<double> edge(std::size_t(n), double(shape.bytes));
  if (is_personalized(shape.op)) {
    for (int v = 0; v < n; ++v) edge[std::size_t(v)] = double(shape.block(v));
    const auto order = tree.preorder();
    for (auto it = order.rbegin(); it != order.rend(); ++it)
      if (*it != tree.root()) edge[std::size_t(tree.parent(*it))] += edge[std::size_t(*it)];
  }
  // A node's link: as fast as the fastest transfer it could make alone (its NIC, as far as a
  // point-to-point model can tell; bounds.hpp takes the same view). Asked only of nodes that post
  // more than one transfer.
  auto link_rate = [&](int v, double bytes) {
    double best = 0;
    for (int q = 0; q < n; ++q) {
      if (q == v) continue;
      const PairCost c = upward ? pair_cost(cost, q, v, bytes) : pair_cost(cost, v, q, bytes);
      if (c.per_byte > 0) best = std::max(best, 1.0 / c.per_byte);
      else return std::numeric_limits<double>::infinity();
    }
    return best;
  };
  auto flows_of = [&](int v, auto ready_of) {
    const auto kids = tree.children(v);
    std::vector<SharedFlow> flows;
    flows.reserve(kids.size());
    double largest = 0;
    for (int c : kids) {
      const PairCost pc = upward ? pair_cost(cost, c, v, edge[std::size_t(c)]) : pair_cost(cost, v, c, edge[std::size_t(c)]);
      flows.push_back({ready_of(c), edge[std::size_t(c)],
                       pc.per_byte > 0 ? 1.0 / pc.per_byte : std::numeric_limits<double>::infinity(), pc.latency});
      largest = std::max(largest, edge[std::size_t(c)]);
    }
    const double capacity = kids.size() > 1 ? link_rate(v, largest) : 0.0;
    return share_link(flows, capacity);
  };
  const bool combines = shape.op == Collective::reduce;
  if (!upward) {
    // Down the tree: a node posts all its children's transfers when its own has arrived.
    std::vector<double> start(std::size_t(n), 0.0);
    double finish = 0;
    for (int v : tree.preorder()) {
      const auto kids = tree.children(v);
      if (kids.empty()) {
        finish = std::max(finish, start[std::size_t(v)]);
        continue;
      }
      const double at = start[std::size_t(v)];
      const auto done = flows_of(v, [at](int) { return at; });
      for (std::size_t k = 0; k < kids.size(); ++k) {
        start[std::size_t(kids[k])] = done[k];
        finish = std::max(finish, done[k]);
      }
    }
    return finish;
  }
  // Up the tree: a node sends once all its children's transfers have arrived (and, for reduce,
  // been folded in); the children's transfers start when each child is ready.
  std::vector<double> ready(std::size_t(n), 0.0);
  const auto order = tree.preorder();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const int v = *it;
    const auto kids = tree.children(v);
    if (kids.empty()) continue;
    const auto done = flows_of(v, [&](int c) { return ready[std::size_t(c)]; });
    double t = 0;
    for (std::size_t k = 0; k < kids.size(); ++k) t = std::max(t, done[k]);
    if (combines) t += double(kids.size()) * cost.reduce_local(v, double(shape.bytes));
    ready[std::size_t(v)] = t;
  }
  return ready[std::size_t(tree.root())];
}

}  // namespace collsel

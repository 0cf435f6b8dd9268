// predict_concurrent_tree: collsel/predict.hpp. A fluid model of transfers that share a link.
#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <queue>
#include <utility>
#include <vector>

#include "collsel/host_links.hpp"
#include "collsel/predict.hpp"
#include "collsel/switch_groups.hpp"

namespace collsel {

namespace {

// share_link when every flow starts at once, in O(n log n): the equal share L of the flows not
// held by their caps only grows as flows leave, so a flow once held by its cap stays so, and the
// others all progress at L — they leave in order of their bytes, on a common virtual clock V.
std::vector<double> share_link_together(std::span<const SharedFlow> flows, double capacity) {
  const std::size_t n = flows.size();
  const double inf = std::numeric_limits<double>::infinity();
  const double t0 = flows[0].start;
  std::vector<double> finish(n, 0.0);
  std::vector<std::size_t> by_cap(n);
  std::iota(by_cap.begin(), by_cap.end(), std::size_t{0});
  std::sort(by_cap.begin(), by_cap.end(), [&](std::size_t a, std::size_t b) { return flows[a].rate_cap < flows[b].rate_cap; });
  using Item = std::pair<double, std::size_t>;  // (virtual finish or time, flow)
  std::priority_queue<Item, std::vector<Item>, std::greater<>> shared, held;
  std::vector<char> state(n, 0);  // 0 shared, 1 held by its cap, 2 done
  for (std::size_t k = 0; k < n; ++k) {
    if (flows[k].bytes <= 0) {
      state[k] = 2;
      finish[k] = t0 + flows[k].latency;
    } else {
      shared.push({flows[k].bytes, k});
    }
  }
  std::size_t unheld = 0;  // flows in `shared` not yet done or held
  for (std::size_t k = 0; k < n; ++k) unheld += state[k] == 0;
  double t = t0, v = 0, held_rate = 0;
  std::size_t next_cap = 0;  // by_cap position of the slowest flow that may still be shared
  auto level = [&] { return unheld ? std::max(0.0, capacity - held_rate) / double(unheld) : inf; };
  auto hold_slow_flows = [&] {
    for (;;) {
      while (next_cap < n && state[by_cap[next_cap]] != 0) ++next_cap;
      if (next_cap == n) return;
      const std::size_t k = by_cap[next_cap];
      if (!(flows[k].rate_cap < level())) return;
      // Its cap is below the share: from now on it runs at its cap. Its bytes left: what the
      // virtual clock has not yet passed of them.
      state[k] = 1;
      --unheld;
      held_rate += flows[k].rate_cap;
      held.push({t + (flows[k].bytes - v) / flows[k].rate_cap, k});
    }
  };
  hold_slow_flows();
  while (unheld > 0 || !held.empty()) {
    while (!shared.empty() && state[shared.top().second] != 0) shared.pop();
    const double l = level();
    const double t_shared = !shared.empty() && l > 0 ? t + (shared.top().first - v) / l : inf;
    const double t_held = held.empty() ? inf : held.top().first;
    if (t_shared == inf && t_held == inf) break;
    if (t_shared <= t_held) {
      v = shared.top().first;
      t = t_shared;
      const std::size_t k = shared.top().second;
      shared.pop();
      state[k] = 2;
      --unheld;
      finish[k] = t + flows[k].latency;
    } else {
      if (l < inf) v += l * (t_held - t);
      t = t_held;
      const std::size_t k = held.top().second;
      held.pop();
      state[k] = 2;
      held_rate -= flows[k].rate_cap;
      finish[k] = t + flows[k].latency;
    }
    hold_slow_flows();
  }
  return finish;
}

// The max-min share of `capacity` among `active` (sorted by rate cap): the slowest take their cap
// while it is below an equal share of what is left, the rest split the remainder equally. True
// when the link is the limit of some flow.
bool max_min_rates(std::span<const SharedFlow> flows, std::span<const std::size_t> active, double capacity,
                   std::vector<double>& rate) {
  const double inf = std::numeric_limits<double>::infinity();
  double remaining = capacity;
  bool saturated = false;
  for (std::size_t i = 0; i < active.size(); ++i) {
    const double equal = remaining / double(active.size() - i);
    const std::size_t k = active[i];
    if (flows[k].rate_cap < equal) {
      rate[k] = flows[k].rate_cap;
    } else {
      rate[k] = equal;
      saturated = true;
    }
    if (remaining != inf) remaining -= rate[k];
  }
  return saturated;
}

// share_link with at most `window` flows posted and not complete (0 < window < flows.size()).
// Events: a posted flow's start, a flow's last byte through the link, a completion (its last byte
// plus its latency) that frees a slot for the next flow in order. At most `window` flows are ever
// posted, so a step costs O(window).
std::vector<double> share_link_windowed(std::span<const SharedFlow> flows, double capacity, std::size_t window) {
  const std::size_t n = flows.size();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> finish(n, 0.0), left(n), rate(n, 0.0);
  for (std::size_t k = 0; k < n; ++k) left[k] = std::max(0.0, flows[k].bytes);
  std::vector<std::size_t> waiting;  // posted, not yet started
  std::vector<std::size_t> active;   // started, bytes left; sorted by rate cap
  std::vector<double> start(n, inf);
  std::priority_queue<double, std::vector<double>, std::greater<>> frees;  // completions not yet used
  std::size_t posted = 0, done = 0;
  auto post = [&](double at) {
    const std::size_t k = posted++;
    start[k] = std::max(flows[k].start, at);
    waiting.push_back(k);
  };
  for (std::size_t k = 0; k < window; ++k) post(-inf);
  auto complete = [&](std::size_t k, double at) {
    finish[k] = at + flows[k].latency;
    frees.push(finish[k]);
    ++done;
  };
  auto by_cap = [&](std::size_t a, std::size_t b) { return flows[a].rate_cap < flows[b].rate_cap; };
  double now = inf;
  for (std::size_t k : waiting) now = std::min(now, start[k]);
  while (done < n) {
    // Slots freed by now post the next flows; flows whose start has come join the link.
    for (bool moved = true; moved;) {
      moved = false;
      while (!frees.empty() && frees.top() <= now && posted < n) {
        post(frees.top());
        frees.pop();
      }
      for (std::size_t i = 0; i < waiting.size();) {
        const std::size_t k = waiting[i];
        if (start[k] > now) {
          ++i;
          continue;
        }
        waiting[i] = waiting.back();
        waiting.pop_back();
        if (left[k] <= 0.0) {
          complete(k, start[k]);
          moved = true;
        } else {
          active.insert(std::upper_bound(active.begin(), active.end(), k, by_cap), k);
        }
      }
    }
    if (done == n) break;
    max_min_rates(flows, active, capacity, rate);
    double step = inf;
    for (std::size_t k : waiting) step = std::min(step, start[k] - now);
    if (!frees.empty() && posted < n) step = std::min(step, frees.top() - now);
    for (std::size_t k : active) step = std::min(step, rate[k] > 0 ? left[k] / rate[k] : inf);
    if (step == inf) break;  // nothing can progress (not reached with caps > 0)
    now += std::max(step, 0.0);
    std::size_t kept = 0;
    for (std::size_t k : active) {
      left[k] -= rate[k] * step;
      if (left[k] <= 1e-9 * std::max(1.0, flows[k].bytes)) complete(k, now);
      else active[kept++] = k;
    }
    active.resize(kept);
  }
  return finish;
}

}  // namespace

std::vector<double> share_link(std::span<const SharedFlow> flows, double capacity, int window) {
  const std::size_t n = flows.size();
  std::vector<double> finish(n, 0.0);
  if (n == 0) return finish;
  const double inf = std::numeric_limits<double>::infinity();
  if (!(capacity > 0)) capacity = inf;
  if (window > 0 && std::size_t(window) < n) return share_link_windowed(flows, capacity, std::size_t(window));
  if (std::all_of(flows.begin(), flows.end(), [&](const SharedFlow& f) { return f.start == flows[0].start; }))
    return share_link_together(flows, capacity);
  std::vector<double> left(n), rate(n, 0.0);
  for (std::size_t k = 0; k < n; ++k) left[k] = std::max(0.0, flows[k].bytes);
  // Flows in order of arrival; the active ones kept sorted by their own rate cap, so that the
  // max-min share is one pass: the slowest flows take their cap while it is below an equal share
  // of what is left, the rest split the remainder equally.
  std::vector<std::size_t> arrival(n);
  std::iota(arrival.begin(), arrival.end(), std::size_t{0});
  std::stable_sort(arrival.begin(), arrival.end(), [&](std::size_t a, std::size_t b) { return flows[a].start < flows[b].start; });
  std::vector<std::size_t> active;
  active.reserve(n);
  std::size_t next = 0;
  double now = flows[arrival[0]].start;
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
    const bool saturated = max_min_rates(flows, active, capacity, rate);
    if (!saturated && next == n) {
      // Every flow at its own cap and none to come: the rates hold to the end.
      for (std::size_t k : active) finish[k] = now + (rate[k] > 0 ? left[k] / rate[k] : inf) + flows[k].latency;
      break;
    }
    double step = next < n ? flows[arrival[next]].start - now : inf;
    for (std::size_t k : active) step = std::min(step, rate[k] > 0 ? left[k] / rate[k] : inf);
    if (step == inf) break;  // no capacity and nothing arriving: cannot progress (not reached with caps > 0)
    now += step;
    std::size_t kept = 0;
    for (std::size_t k : active) {
      left[k] -= rate[k] * step;
      if (left[k] <= 1e-9 * std::max(1.0, flows[k].bytes)) finish[k] = now + flows[k].latency;
      else active[kept++] = k;
    }
    active.resize(kept);
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

// Ranks sharing hosts (host_links.hpp): node v's transfers `flows` (one per child in `kids`) to
// other hosts share its host's link, each no faster than its pair nor than its share of the far
// host's link among v's transfers to that host; its transfers within its host share the fastest
// pair there. Their completion times, in the children's order.
std::vector<double> share_host_links(int v, std::span<const int> kids, std::vector<SharedFlow> flows,
                                     const std::vector<int>& hosts, const HostLinks& links, bool upward, int window) {
  const int home = hosts[std::size_t(v)];
  std::map<int, int> to_host;  // far host -> v's transfers to it
  for (int c : kids)
    if (hosts[std::size_t(c)] != home) ++to_host[hosts[std::size_t(c)]];
  std::vector<SharedFlow> near, far;
  std::vector<std::size_t> near_at, far_at;
  double near_rate = 0;
  for (std::size_t k = 0; k < kids.size(); ++k) {
    const int c = kids[k];
    SharedFlow f = flows[k];
    if (hosts[std::size_t(c)] == home) {
      near.push_back(f);
      near_at.push_back(k);
      near_rate = std::max(near_rate, f.rate_cap);
      continue;
    }
    const double far_per_byte = upward ? links.out_per_byte[std::size_t(c)] : links.in_per_byte[std::size_t(c)];
    if (far_per_byte > 0) f.rate_cap = std::min(f.rate_cap, 1.0 / far_per_byte / to_host[hosts[std::size_t(c)]]);
    far.push_back(f);
    far_at.push_back(k);
  }
  const double own_per_byte = upward ? links.in_per_byte[std::size_t(v)] : links.out_per_byte[std::size_t(v)];
  std::vector<double> done(kids.size(), 0.0);
  const auto near_done = share_link(near, near.size() > 1 ? near_rate : 0.0, window);
  const auto far_done = share_link(far, own_per_byte > 0 ? 1.0 / own_per_byte : 0.0, window);
  for (std::size_t i = 0; i < near.size(); ++i) done[near_at[i]] = near_done[i];
  for (std::size_t i = 0; i < far.size(); ++i) done[far_at[i]] = far_done[i];
  return done;
}

}  // namespace

double predict_concurrent_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, int window) {
  const int n = tree.size();
  if (n < 2) return 0.0;
  const double inf = std::numeric_limits<double>::infinity();
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
  // point-to-point model can tell; bounds.hpp takes the same view), or its measured floor where
  // faster. Asked only of nodes that post more than one transfer.
  auto link_rate = [&](int v, double bytes) {
    double best = 0;
    for (int q = 0; q < n; ++q) {
      if (q == v) continue;
      const PairCost c = upward ? pair_cost(cost, q, v, bytes) : pair_cost(cost, v, q, bytes);
      if (c.per_byte > 0) best = std::max(best, 1.0 / c.per_byte);
      else return std::numeric_limits<double>::infinity();
    }
    return 1.0 / cost.link_per_byte(v, !upward, 1.0 / best);
  };
  auto flow_of = [&](int v, int c, double ready) {
    const PairCost pc = upward ? pair_cost(cost, c, v, edge[std::size_t(c)]) : pair_cost(cost, v, c, edge[std::size_t(c)]);
    return SharedFlow{ready, edge[std::size_t(c)], pc.per_byte > 0 ? 1.0 / pc.per_byte : inf, pc.latency};
  };
  auto flows_of = [&](int v, auto ready_of) {
    const auto kids = tree.children(v);
    std::vector<SharedFlow> flows;
    flows.reserve(kids.size());
    double largest = 0;
    for (int c : kids) {
      flows.push_back(flow_of(v, c, ready_of(c)));
      largest = std::max(largest, edge[std::size_t(c)]);
    }
    const double capacity = kids.size() > 1 ? link_rate(v, largest) : 0.0;
    return share_link(flows, capacity, window);
  };
  const std::vector<int> hosts = call_hosts(cost, n);
  const HostLinks links = hosts.empty() ? HostLinks{} : host_links(cost);
  auto flows_of_hosts = [&](int v, auto ready_of) {
    std::vector<SharedFlow> flows;
    for (int c : tree.children(v)) flows.push_back(flow_of(v, c, ready_of(c)));
    return share_host_links(v, tree.children(v), std::move(flows), hosts, links, upward, window);
  };
  auto node_flows = [&](int v, auto ready_of) { return hosts.empty() ? flows_of(v, ready_of) : flows_of_hosts(v, ready_of); };
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
      const auto done = node_flows(v, [at](int) { return at; });
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
    const auto done = node_flows(v, [&](int c) { return ready[std::size_t(c)]; });
    double t = 0;
    for (std::size_t k = 0; k < kids.size(); ++k) t = std::max(t, done[k]);
    if (combines) t += double(kids.size()) * cost.reduce_local(v, double(shape.bytes));
    ready[std::size_t(v)] = t;
  }
  return ready[std::size_t(tree.root())];
}

}  // namespace collsel

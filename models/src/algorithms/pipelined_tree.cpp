// pipelined_tree — bcast and reduce: a k-ary tree cut into pipelined segments, the fastest
// processes near the root and the slowest at the leaves. Ranks are sorted by their predicted time
// for a segment from the root (reduce: to it), fastest first, and laid out in that order in a
// complete k-ary tree (node i's children are i·k+1 .. i·k+k, served fastest first), so only
// fast processes forward and a slow one only receives. Behind several switches (switch_groups.hpp)
// each switch group is such a tree under its head, the groups reached one after another through
// their fastest pair: the tree crosses each up-link once each way, which a point-to-point model cannot price when it is shared
// (decision record 0016). A relay as slow as the pipeline's pace passes its children up to its
// parent, or under a slow root hands its place to a fast child (lift_paced, decision record 0030).
// With several ranks on a host (call_hosts) the hosts are laid out so,
// each by one entry rank, and a host's other ranks form a subtree under its entry: the tree enters
// every host once and leaves it only from the entry, the hosts laid out by the pipeline's steady
// state (SegmentCost: the hosts' links and the pairs' sustained rates). The fan-out k ∈ {2, 3, 4} and the segment
// (choose_segment) are the pair predict_pipeline() prices fastest; behind several switches each k
// is also priced with an exit's link child counted toward the exit's k (decision record 0043).
// pipelined_tree_narrow builds the same way with a cap on the segments in flight (pipelined_tree.hpp).
// Cost (predict_pipeline): the windowed flow shop over the tree — about the depth's fill plus one
// segment per the busiest node's service time (k segments over its link, or a slow leaf's one).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <span>
#include <vector>

#include "collsel/algorithms.hpp"
#include "collsel/host_links.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/switch_groups.hpp"
#include "pipelined_tree.hpp"
#include "segment_choice.hpp"

namespace collsel::builders {
namespace {

constexpr std::size_t kProbeSegment = 64 * 1024;

// One segment's time from a parent to a child (reduce: from the child to its parent). Where the
// model knows the hosts' links (several ranks per host, host_links.hpp), a segment between hosts is
// priced at the pipeline's steady state: the pair's latency, then the segment at the slowest of the
// pair's sustained rate and the two hosts' links. A pair's time for one segment alone is mostly
// the protocol's start-up, which a model fits less surely than the rates and ranks hosts otherwise
// than their links (decision record 0024).
struct SegmentCost {
  const P2PModel& cost;
  double probe;
  bool upward;
  HostLinks links;  // where the call's ranks share hosts (call_hosts), else empty
  double operator()(int parent, int child) const {
    const int from = upward ? child : parent, to = upward ? parent : child;
    const auto& hosts = cost.hosts();
    if (links.out_per_byte.empty() || hosts[std::size_t(from)] == hosts[std::size_t(to)]) return cost.p2p(from, to, probe);
    const double per_byte = std::max(
        {sustained_per_byte(cost, from, to), links.out_per_byte[std::size_t(from)], links.in_per_byte[std::size_t(to)]});
    return cost.p2p(from, to, 0) + probe * per_byte;
  }
  // The part of a segment's time that its bytes take, the latency left out.
  double bytes_time(int parent, int child) const {
    const int from = upward ? child : parent, to = upward ? parent : child;
    return std::max(0.0, (*this)(parent, child) - cost.p2p(from, to, 0));
  }
  // The pair (parent, child) of `parents` × `children` of the least segment time, the first in
  // parent-major order among equals; (-1, -1) where either is empty. Where the hosts' links are not
  // known, a row of the model's at a time (p2p_row: a table's row under host classes).
  // `parents` and `children` in rank order.
  std::pair<int, int> least_pair(std::span<const int> parents, std::span<const int> children) const {
    std::pair<int, int> best{-1, -1};
    double best_time = 0;
    const auto consider = [&](int parent, int child, double t) {
      if (best.second < 0 || t < best_time || (t == best_time && std::pair(parent, child) < best))
        best = {parent, child}, best_time = t;
    };
    if (!links.out_per_byte.empty()) {
      for (const int p : parents)
        for (const int c : children) consider(p, c, (*this)(p, c));
      return best;
    }
    // Under host classes, ranks of one cost group on hosts of their own answer alike to every
    // other host (MappedModel::cost_group): of each group only its lowest rank can be the first
    // of the least pairs, so the scan looks at those alone.
    std::vector<int> parent_reps, child_reps;
    if (const auto* mapped = dynamic_cast<const MappedModel*>(&cost); mapped && mapped->cost_groups() > 0) {
      std::vector<bool> host_seen;
      bool own_hosts = true;
      for (const std::span<const int> side : {parents, children})
        for (const int r : side) {
          const std::size_t h = std::size_t(mapped->host_index(r));
          if (h >= host_seen.size()) host_seen.resize(h + 1, false);
          own_hosts = own_hosts && !host_seen[h];
          host_seen[h] = true;
        }
      if (own_hosts) {
        const auto lowest_per_group = [&](std::span<const int> side, std::vector<int>& reps) {
          std::vector<bool> group_seen(std::size_t(mapped->cost_groups()), false);
          for (const int r : side)  // in rank order
            if (!group_seen[std::size_t(mapped->cost_group(r))]) {
              group_seen[std::size_t(mapped->cost_group(r))] = true;
              reps.push_back(r);
            }
        };
        lowest_per_group(parents, parent_reps);
        lowest_per_group(children, child_reps);
        parents = parent_reps;
        children = child_reps;
      }
    }
    // Row by row from the sending side: a parent's for a bcast, a child's for a reduce.
    const std::span<const int> senders = upward ? children : parents, receivers = upward ? parents : children;
    thread_local std::vector<double> row;
    row.resize(receivers.size());
    for (const int from : senders) {
      cost.p2p_row(from, receivers, probe, row);
      for (std::size_t i = 0; i < receivers.size(); ++i)
        if (receivers[i] != from) upward ? consider(receivers[i], from, row[i]) : consider(from, receivers[i], row[i]);
    }
    return best;
  }
  // Where the hosts' links are not known (a rank per host): each rank's fastest segment time to a
  // sample of the others (reduce: from them), fan_out_sample.
  std::vector<double> fan_out;
  // A node's own link as a forwarder uses it: out of its host for a bcast (it sends to its
  // children), into it for a reduce; else its fan_out; 0 where neither is known.
  double forwarding(int r) const {
    const auto& link = upward ? links.in_per_byte : links.out_per_byte;
    if (!link.empty()) return probe * link[std::size_t(r)];
    return fan_out.empty() ? 0.0 : fan_out[std::size_t(r)];
  }
};

// Every rank's fastest segment time to (reduce: from) up to kFanOutSample others spread evenly
// over the ranks. A rank's time from the root says little of it as a forwarder where the root's
// own link is the slowest: every pair from a 100 Mbit/s root is as slow, and the order falls to
// the latencies (a SimGrid platform of 16 hosts: 100 Mbit/s hosts forwarding, 1.7 times the
// bound). A slow rank is slow to every partner; a fast one is fast to the fast ones in the sample.
// Rank r's sample is every rank u ≡ r + 1 (mod step): the ranks of one residue share a sample, so
// the model answers a row at a time (p2p_row), from the sending side.
constexpr int kFanOutSample = 32;
std::vector<double> fan_out_sample(const SegmentCost& cost, int n) {
  std::vector<double> fan(std::size_t(n), std::numeric_limits<double>::infinity());
  const int step = std::max(1, n / kFanOutSample);
  std::vector<int> samplers, sampled;  // the ranks r of one residue, and their sample
  std::vector<double> row;
  const bool upward = cost.upward;  // cost(r, u) is the model's time from u to r
  for (int residue = 0; residue < step; ++residue) {
    samplers.clear();
    sampled.clear();
    for (int r = (residue + step - 1) % step; r < n; r += step) samplers.push_back(r);
    for (int u = residue; u < n; u += step) sampled.push_back(u);
    const std::vector<int>& senders = upward ? sampled : samplers;
    const std::vector<int>& receivers = upward ? samplers : sampled;
    row.resize(receivers.size());
    for (const int from : senders) {
      cost.cost.p2p_row(from, receivers, cost.probe, row);
      for (std::size_t i = 0; i < receivers.size(); ++i) {
        if (receivers[i] == from) continue;
        const int r = upward ? receivers[i] : from;
        fan[std::size_t(r)] = std::min(fan[std::size_t(r)], row[i]);
      }
    }
  }
  for (double& f : fan)
    if (!std::isfinite(f)) f = 0;
  return fan;
}

// `members` by their segment time from `top`, fastest first; ties to the lower rank. Members on
// other hosts than each other (`across_hosts`) count no faster than their forwarding link: the
// first ones forward to other hosts.
std::vector<int> fastest_first(const SegmentCost& cost, int top, const std::vector<int>& members,
                               bool across_hosts = true) {
  struct Item {
    double t;
    int rank;
  };
  std::vector<Item> items;
  items.reserve(members.size());
  for (const int r : members) items.push_back({across_hosts ? std::max(cost(top, r), cost.forwarding(r)) : cost(top, r), r});
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.t != b.t ? a.t < b.t : a.rank < b.rank; });
  std::vector<int> order;
  order.reserve(items.size());
  for (const Item& it : items) order.push_back(it.rank);
  return order;
}

// The edges of a layout in service order, before they become a Tree (lift_paced rearranges them).
struct Edges {
  std::vector<std::pair<int, int>> list;  // (parent, child)
  void add_child(int parent, int child) { list.emplace_back(parent, child); }
};

// Hangs `order` under `top` as a complete k-ary tree: position 0 is top, position p ≥ 1 is
// order[p - 1], under position ⌊(p − 1)/k⌋. With `serving` (rank -> children it already has in
// other groups' trees), each node takes that many fewer, breadth first: a fan-out of k is then the
// node's whole fan-out, its link carrying k copies and not k + 1.
template <class Sink>
void add_kary(Sink& tree, int top, const std::vector<int>& order, int k, const std::map<int, int>& serving = {}) {
  if (serving.empty()) {
    auto at = [&](std::size_t p) { return p == 0 ? top : order[p - 1]; };
    for (std::size_t p = 1; p <= order.size(); ++p) tree.add_child(at((p - 1) / std::size_t(k)), at(p));
    return;
  }
  std::vector<int> parents{top};
  std::size_t next = 0;
  for (std::size_t i = 0; i < parents.size() && next < order.size(); ++i) {
    const auto it = serving.find(parents[i]);
    const int taken = it == serving.end() ? 0 : it->second;
    // The top takes one at least, or nothing would hang under it.
    const int room = std::max(i == 0 ? 1 : 0, k - taken);
    for (int c = 0; c < room && next < order.size(); ++c) {
      tree.add_child(parents[i], order[next]);
      parents.push_back(order[next++]);
    }
  }
}

// Behind several switches: the root's group is a k-ary tree under the root, every other group a
// k-ary tree under its head, fastest first from there. The groups are reached one after another:
// from the group reached last, the pair (exit, head) of the least segment time into a group not yet
// reached links the two, the exit's first child being that head. The tree enters and leaves every
// group once, and a fast member, not necessarily the root or a head, carries the message on.
// The links and each group's order depend on neither the fan-out nor how exits count, so the
// builder finds them once per top (GroupedLayouts) and lays out every k from them.
struct GroupedUnits {
  std::vector<std::pair<int, int>> links;             // (exit, head), in the order the groups are reached
  std::vector<std::pair<int, std::vector<int>>> trees;  // (top, its group's other units fastest first)
};

// `units` are the ranks laid out (every rank, or one per host), in rank order; `root` among them.
GroupedUnits group_units(const SegmentCost& cost, const std::vector<int>& groups, const std::vector<int>& units, int root,
                         int last_group) {
  GroupedUnits grouped;
  std::vector<int> heads{root};
  std::vector<bool> reached(std::size_t(*std::max_element(groups.begin(), groups.end())) + 1, false);
  reached[std::size_t(groups[std::size_t(root)])] = true;
  std::vector<int> exits, heads_left;
  for (;;) {
    const int last = groups[std::size_t(heads.back())];
    // `last_group` (the root's, under a relay behind another switch) is reached once every other
    // group is, so that the tree does not leave it again.
    bool others_left = false;
    for (const int h : units)
      others_left = others_left || (!reached[std::size_t(groups[std::size_t(h)])] && groups[std::size_t(h)] != last_group);
    exits.clear();
    heads_left.clear();
    for (const int u : units) {
      if (groups[std::size_t(u)] == last) exits.push_back(u);
      if (!reached[std::size_t(groups[std::size_t(u)])] && !(others_left && groups[std::size_t(u)] == last_group))
        heads_left.push_back(u);
    }
    const std::pair<int, int> best = cost.least_pair(exits, heads_left);
    if (best.second < 0) break;
    reached[std::size_t(groups[std::size_t(best.second)])] = true;
    heads.push_back(best.second);
    grouped.links.push_back(best);
  }
  for (const int top : heads) {
    std::vector<int> members;
    for (const int r : units)
      if (groups[std::size_t(r)] == groups[std::size_t(top)] && r != top) members.push_back(r);
    grouped.trees.emplace_back(top, fastest_first(cost, top, members));
  }
  return grouped;
}

// The grouped units per top (the root, or its relay), found at their first layout.
using GroupedLayouts = std::map<int, GroupedUnits>;

// The edges of `grouped` with fan-out k. `exits_count`: an exit's link child counts toward its k.
void add_grouped(Edges& tree, const GroupedUnits& grouped, int k, bool exits_count) {
  std::map<int, int> serving;  // exit -> its heads in other groups, where they count toward k
  for (const auto& [exit, head] : grouped.links) {
    tree.add_child(exit, head);
    if (exits_count) ++serving[exit];
  }
  for (const auto& [top, order] : grouped.trees) add_kary(tree, top, order, k, serving);
}

// A relay paces a child where its own link takes at least 1/kPacingRatio of the child's segment
// time (lift_paced).
constexpr double kPacingRatio = 2.0;

// Lifts every unit off a relay that would pace it onto the relay's parent, as far up as the
// parents' links keep up. A relay whose own link is about as slow as its child's (two 400 Mbit/s
// hosts, one relaying to the other) receives the window's segments together and forwards them
// together, each group of them paying the edge's latency once more; the flow shop passes them one
// after another and prices such a relay at nothing (decision record 0030). So: top-down, a unit u
// under a relay p (not the root) that paces it (kPacingRatio · p's forwarding time ≥ u's segment
// time from p) and the pipeline (kPacingRatio · p's forwarding time ≥ its slowest edge's bytes)
// moves to p's parent g, served last, where g's link passes a segment for each of its children
// and u in no more than p's forwarding time; then the same from g. Where g is the root and cannot
// take u, u takes p's place if it forwards kPacingRatio times faster, p hanging under u. The edges
// are units' (ranks or host entries), so every child counts on the parent's link.
void lift_paced(Edges& tree, const SegmentCost& cost, int root, int n) {
  std::vector<int> parent(std::size_t(n), -1), served(std::size_t(n), 0);
  std::vector<std::vector<int>> children(static_cast<std::size_t>(n));
  for (const auto& [p, c] : tree.list) {
    parent[std::size_t(c)] = p;
    ++served[std::size_t(p)];
    children[std::size_t(p)].push_back(c);
  }
  // The pipeline's pace: its slowest edge's bytes. A relay well faster than that takes a
  // segment before the next one reaches it, so it does not gather the window's segments.
  double slowest = 0;
  for (const auto& [p, c] : tree.list) slowest = std::max(slowest, cost.bytes_time(p, c));
  std::vector<int> order{root};  // breadth first: a relay settles before its children
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const int c : children[std::size_t(order[i])]) order.push_back(c);
  const std::vector<int> laid_out = parent;
  for (const int u : order) {
    if (u == root) continue;
    int p = parent[std::size_t(u)];
    while (p != root) {
      const int g = parent[std::size_t(p)];
      const double pace = cost.forwarding(p);
      if (kPacingRatio * pace < slowest) break;     // p is not what paces the pipeline
      if (kPacingRatio * pace < cost(p, u)) break;  // p does not pace u
      if (double(served[std::size_t(g)] + 1) * cost.forwarding(g) > pace) {
        // g would not keep up with u beside p. The root's one relay (a slow root relayed by a host
        // as slow) gives its place to u where u forwards kPacingRatio times faster, and hangs under it.
        if (g == root && kPacingRatio * cost.forwarding(u) <= pace) {
          parent[std::size_t(u)] = root;
          parent[std::size_t(p)] = u;
          --served[std::size_t(p)];
          ++served[std::size_t(u)];
        }
        break;
      }
      --served[std::size_t(p)];
      ++served[std::size_t(g)];
      parent[std::size_t(u)] = g;
      p = g;
    }
  }
  if (parent == laid_out) return;
  // The edges kept in their order, then the moved ones top-down: each its new parent's last served.
  std::vector<std::pair<int, int>> list;
  list.reserve(tree.list.size());
  for (const auto& [p, c] : tree.list)
    if (parent[std::size_t(c)] == p) list.emplace_back(p, c);
  for (const int u : order)
    if (parent[std::size_t(u)] != laid_out[std::size_t(u)]) list.emplace_back(parent[std::size_t(u)], u);
  tree.list = std::move(list);
}

// Whether unit u's own link forwards at least twice as fast as the root's: such a relay serves
// several children at once where the root serves them in turn, whatever its pairs say.
bool forwards_twice_the_root(const SegmentCost& cost, int root, int u) {
  return cost.forwarding(u) > 0 && 2 * cost.forwarding(u) <= cost.forwarding(root);
}

// The relayed layouts (`relay`): the root serves one unit (rank or host entry) only, the one whose
// segment time from the root and forwarding time sum least (behind several switches, of the root's
// own group where it has others, so that the tree still enters and leaves every group once; where
// none of those forwards twice as fast as the root and a unit elsewhere does, of any group, the
// root's group then reached last: decision record 0032), and
// the others hang under that relay as they would under the root. Where the root's own link is the slowest (a 400 Mbit/s
// root among 2–10 Gbit/s hosts) a tree that sends k copies out of it takes k times the bound;
// relayed, the root's link carries the message once and a fast host fans it out. The builder
// prices both where the relay serves faster than the root (relay_pays) and keeps the faster.
struct Relay {
  int top;                  // the root, or its relay
  std::vector<int> others;  // the units under `top`
};
Relay relay_top(const SegmentCost& cost, const std::vector<int>& groups, int root, const std::vector<int>& units,
                bool relay) {
  std::vector<int> others;
  for (const int u : units)
    if (u != root) others.push_back(u);
  if (!relay || others.size() < 2) return {root, others};
  std::vector<int> candidates;
  if (!groups.empty())
    for (const int u : others)
      if (groups[std::size_t(u)] == groups[std::size_t(root)]) candidates.push_back(u);
  // Where no unit of the root's group forwards twice as fast as the root, the relay may be behind
  // another switch: the message then leaves the root's group once and comes back once, each
  // direction of its up-link crossed once (a 100 Mbit/s root whose switch holds only slow hosts,
  // a 10 Gbit/s host behind another).
  const auto twice_the_root = [&](int u) { return forwards_twice_the_root(cost, root, u); };
  if (!candidates.empty() && std::none_of(candidates.begin(), candidates.end(), twice_the_root) &&
      std::any_of(others.begin(), others.end(), twice_the_root))
    candidates.clear();
  // The relay whose segment reaches it and leaves it again soonest: its time from the root plus its
  // forwarding time. Where the root's link is the slowest, every time from it is about the same,
  // and the relay's own link decides.
  const std::vector<int>& pool = candidates.empty() ? others : candidates;
  int top = pool.front();
  double best = std::numeric_limits<double>::infinity();
  for (const int u : pool)
    if (const double t = cost(root, u) + cost.forwarding(u); t < best) best = t, top = u;
  others.erase(std::find(others.begin(), others.end(), top));
  return {top, others};
}

// Whether a relay can serve children faster than the root: its fastest segment time to another
// rank off its host (reduce: from one), no faster than its forwarding link, below the root's; or
// its forwarding link at least twice as fast as the root's, where every pair runs as slow (a
// 10 Gbit/s host among 100 Mbit/s ones, its link known from its measured floor, [links]): it
// serves several children at once where the root serves them in turn. Elsewhere the relayed
// layouts only add a hop, and the builder does not price them.
bool relay_pays(const SegmentCost& cost, int root, int relay, int n) {
  const auto& hosts = cost.cost.hosts();
  auto serve = [&](int v) {
    double fastest = std::numeric_limits<double>::infinity();
    for (int u = 0; u < n; ++u)
      if (u != v && (cost.links.out_per_byte.empty() || hosts[std::size_t(u)] != hosts[std::size_t(v)]))
        fastest = std::min(fastest, cost(v, u));
    return std::max(fastest, cost.forwarding(v));
  };
  return serve(relay) < serve(root) || forwards_twice_the_root(cost, root, relay);
}

// The units (ranks, or host entries) under the root: its relay first where it has one, then a
// k-ary tree of `top_order` under the top, or behind several switches the groups' trees
// (add_grouped); lifted off the relays that would pace them (lift_paced).
void lay_out_units(Tree& tree, const SegmentCost& cost, const std::vector<int>& groups, int root, const Relay& top,
                   const std::vector<int>& top_order, int k, bool exits_count, GroupedLayouts& grouped) {
  Edges edges;
  if (top.top != root) edges.add_child(root, top.top);
  if (groups.empty()) {
    add_kary(edges, top.top, top_order, k);
  } else {
    auto it = grouped.find(top.top);
    if (it == grouped.end()) {
      std::vector<int> units = top.others;
      units.push_back(top.top);
      std::sort(units.begin(), units.end());
      it = grouped.emplace(top.top, group_units(cost, groups, units, top.top, groups[std::size_t(root)])).first;
    }
    add_grouped(edges, it->second, k, exits_count);
  }
  lift_paced(edges, cost, root, tree.size());
  for (const auto& [parent, child] : edges.list) tree.add_child(parent, child);
}

// Several ranks on a host: the hosts are laid out as single ranks would be, each by its entry (the
// root on the root's host, elsewhere the member fastest from the root), and each host's other
// ranks hang under its entry as a k-ary tree, fastest first from it, after the entry's children on
// other hosts. The message crosses every host's link once inwards, and whatever leaves the host
// leaves from the entry, whose service time the predictor charges for every copy.
Tree host_tree(const SegmentCost& cost, const std::vector<int>& hosts, const std::vector<int>& groups, int root, int k,
               bool relay, bool exits_count, GroupedLayouts& grouped) {
  const int n = int(hosts.size());
  std::map<int, int> entry_of;  // host -> entry
  entry_of[hosts[std::size_t(root)]] = root;
  for (int r = 0; r < n; ++r) {
    const auto [it, added] = entry_of.try_emplace(hosts[std::size_t(r)], r);
    if (!added && it->second != root && cost(root, r) < cost(root, it->second)) it->second = r;
  }
  std::vector<int> entries;  // in rank order
  for (int r = 0; r < n; ++r)
    if (entry_of[hosts[std::size_t(r)]] == r) entries.push_back(r);
  Tree tree(n, root);
  const Relay top = relay_top(cost, groups, root, entries, relay);
  lay_out_units(tree, cost, groups, root, top, groups.empty() ? fastest_first(cost, top.top, top.others) : std::vector<int>{},
                k, exits_count, grouped);
  for (const int e : entries) {
    std::vector<int> members;
    for (int r = 0; r < n; ++r)
      if (r != e && hosts[std::size_t(r)] == hosts[std::size_t(e)]) members.push_back(r);
    add_kary(tree, e, fastest_first(cost, e, members, /*across_hosts=*/false), k);
  }
  tree.finalize();
  return tree;
}

// Every layout the builder prices, in the order it prices them: without and with a relay, for
// each fan-out k, and behind several switches also with the exits' link children counted.
std::vector<Tree> lay_out_all(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const std::vector<int> groups = call_switch_groups(ctx.cost, n), hosts = call_hosts(ctx.cost, n);
  SegmentCost cost{ctx.cost,
                   double(std::min(ctx.segment_bytes == kAutoSegmentBytes ? kProbeSegment : ctx.segment_bytes,
                                   std::max<std::size_t>(shape.bytes, 1))),
                   flows_to_root(shape.op), hosts.empty() ? HostLinks{} : host_links(ctx.cost), {}};
  if (hosts.empty()) cost.fan_out = fan_out_sample(cost, n);
  std::vector<int> all(static_cast<std::size_t>(n));
  std::iota(all.begin(), all.end(), 0);
  const Relay direct = relay_top(cost, groups, root, all, false), relayed = relay_top(cost, groups, root, all, true);
  // The ungrouped layouts' ranks, fastest first from their top.
  const std::vector<int> order = groups.empty() && hosts.empty() ? fastest_first(cost, root, direct.others) : std::vector<int>{};
  const std::vector<int> relayed_order =
      groups.empty() && hosts.empty() ? fastest_first(cost, relayed.top, relayed.others) : std::vector<int>{};
  GroupedLayouts grouped;
  auto layout = [&](int k, bool relay, bool exits_count) {
    if (!hosts.empty()) return host_tree(cost, hosts, groups, root, k, relay, exits_count, grouped);
    Tree tree(n, root);
    lay_out_units(tree, cost, groups, root, relay ? relayed : direct, relay ? relayed_order : order, k, exits_count,
                  grouped);
    tree.finalize();
    return tree;
  };

  std::vector<Tree> layouts;
  for (const bool relay : {false, true}) {
    if (relay && n < 4) break;  // nothing to relay to: the root's one child is all there is
    for (int k = 2; k <= 4; ++k) {
      Tree tree = layout(k, relay, false);
      if (relay && !relay_pays(cost, root, tree.children(root).front(), n)) break;
      // Behind several switches also with each exit's link child counted toward its k: a group's
      // exit then serves k copies, not k + 1 (a 1 Gbit/s root sending three copies where the
      // slowest receiver's link allows two; decision record 0043).
      Tree counted = groups.empty() ? Tree() : layout(k, relay, true);
      const bool counted_differs = !groups.empty() && !same_tree(tree, counted);
      layouts.push_back(std::move(tree));
      if (counted_differs) layouts.push_back(std::move(counted));
      if (n <= k + 1 + (relay ? 1 : 0)) break;  // every larger fan-out is the same tree
    }
  }
  return layouts;
}

}  // namespace

Schedule detail::build_pipelined_tree_windowed(const BuildContext& ctx, std::string_view algorithm, WindowLimit limit,
                                                bool own_windows, SegmentSizes sizes) {
  const CallShape& shape = ctx.shape;
  std::vector<Tree> own_layouts;
  const std::vector<Tree>& layouts =
      ctx.pipeline_layouts
          ? ctx.pipeline_layouts->layouts(shape, ctx.segment_bytes, [&] { return lay_out_all(ctx); })
          : (own_layouts = lay_out_all(ctx));
  const auto shared = [&](std::size_t index) { return SharedLayout{ctx.pipeline_layouts, index}; };

  Schedule best{.algorithm = algorithm, .op = shape.op, .kind = ScheduleKind::pipeline, .tree = Tree(shape.procs, shape.root)};
  double best_time = std::numeric_limits<double>::infinity();
  std::size_t best_index = 0;
  // The fine sizes compare the layouts at one size and refine the one kept, whose finer segments
  // may bring it below the caller's limit where that size did not: those are priced in full.
  const double give_up_at = sizes == detail::SegmentSizes::fine ? std::numeric_limits<double>::infinity() : ctx.give_up_at;
  for (std::size_t i = 0; i < layouts.size(); ++i) {
    // A layout is kept only where it is faster than the best so far: its plans' flow shops stop at that.
    const double limit_here = std::min(best_time, give_up_at);
    const detail::PricedSegment segment =
        detail::price_segment(layouts[i], ctx, limit, own_windows, sizes, shared(i), limit_here);
    if (segment.seconds < limit_here) {
      best_time = segment.seconds;
      best_index = i;
      best.segment_bytes = segment.bytes;
    }
  }
  if (!std::isfinite(best_time) || shape.procs < 2) {
    // The first layout (fan-out two, no relay) where no price is finite or below the caller's limit.
    best_index = 0;
    const detail::PricedSegment segment =
        detail::price_segment(layouts[0], ctx, limit, own_windows, sizes, shared(0), give_up_at);
    best.segment_bytes = segment.bytes;
    best_time = segment.seconds;
  }
  best.tree = layouts[best_index];
  if (sizes == detail::SegmentSizes::fine)
    best.segment_bytes =
        detail::finer_segment(best.tree, ctx, limit, {best.segment_bytes, best_time}, shared(best_index)).bytes;
  // The window the limit gives, where the executor's own would differ; else none, so that
  // interchangeable() sees the plain schedule as the same plan as pipelined_tree's.
  const int window = pipeline_plan(shape.bytes, best.segment_bytes, shape.pipeline_unit(), best.tree, 0, limit).window;
  if (window != pipeline_plan(shape.bytes, best.segment_bytes, shape.pipeline_unit(), best.tree).window) best.window = window;
  return best;
}

Schedule build_pipelined_tree(const BuildContext& ctx) {
  return detail::build_pipelined_tree_windowed(ctx, "pipelined_tree");
}

}  // namespace collsel::builders

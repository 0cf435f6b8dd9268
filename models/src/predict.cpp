#include "collsel/predict.hpp"
#include "collsel/buckets.hpp"
#include "collsel/segments.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <vector>

#include "collsel/frames.hpp"
#include "collsel/host_links.hpp"
#include "collsel/switch_groups.hpp"
#include "collsel/mpich_native.hpp"
#include "collsel/ompi_native.hpp"
#include "collsel/registry.hpp"

namespace collsel {
namespace {

// Bytes carried by the edge into `child`: the whole message, or the blocks of child's subtree.
std::vector<double> edge_bytes(const Tree& tree, const CallShape& shape) {
  std::vector<double> bytes(std::size_t(tree.size()), double(shape.bytes));
  if (!is_personalized(shape.op)) return bytes;
  // Sum blocks bottom-up over the preorder (children come after their parent).
  const auto order = tree.preorder();
  for (int v = 0; v < tree.size(); ++v) bytes[std::size_t(v)] = double(shape.block(v));
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (*it != tree.root()) bytes[std::size_t(tree.parent(*it))] += bytes[std::size_t(*it)];
  return bytes;
}

// The forward simulation of `tree` (see predict_tree); hop(from, to, bytes, start) prices an edge.
template <class Hop>
double simulate_tree_with(const Tree& tree, const CallShape& shape, const std::vector<double>& bytes,
                          const P2PModel& cost, Hop hop) {
  const bool upward = flows_to_root(shape.op);
  const bool combines = shape.op == Collective::reduce;  // each receipt is folded in before the next
  // Forward simulation equal to the recursive formula: a node serves its children one after the
  // other; a child's subtree starts when its edge completes. Upward collectives are the mirror
  // image in time (children received in reverse service order), which costs the same with the
  // model's p2p(child, parent) in place of p2p(parent, child).
  std::vector<double> start(std::size_t(tree.size()), 0.0);
  double finish = 0;
  for (int v : tree.preorder()) {
    double t = start[std::size_t(v)];
    for (int c : tree.children(v)) {
      const double m = bytes[std::size_t(c)];
      t += upward ? hop(c, v, m, t) : hop(v, c, m, t);
      if (combines) t += cost.reduce_local(v, m);
      start[std::size_t(c)] = t;
    }
    finish = std::max(finish, t);
  }
  return finish;
}

// simulate_tree_with where ranks share hosts (cost.hosts()): the same service order, with the
// nodes taken in the order their subtrees start, and a transfer between two hosts also passes the
// sender's host link out and the receiver's in, each a queue that carries one transfer's bytes
// after another at the link's rate (host_links.hpp). A transfer completes when its own pair's time
// is up and its bytes have passed both queues. A node books its transfers in service order when it
// starts, ahead of nodes that start later. Up the tree, in the mirror image in time, the same queues.
template <class Hop>
double simulate_tree_hosts(const Tree& tree, const CallShape& shape, const std::vector<double>& bytes,
                           const P2PModel& cost, const HostLinks& links, Hop hop) {
  const bool upward = flows_to_root(shape.op);
  const bool combines = shape.op == Collective::reduce;
  const std::vector<int>& host = links.host_index;
  std::vector<double> out_free(std::size_t(links.host_count), 0.0), in_free(out_free);  // when each link is free
  using Event = std::pair<double, int>;  // (time, node whose subtree starts then)
  std::vector<Event> heap;
  heap.reserve(std::size_t(tree.size()));
  std::priority_queue<Event, std::vector<Event>, std::greater<>> starts(std::greater<>{}, std::move(heap));
  starts.push({0.0, tree.root()});
  double finish = 0;
  while (!starts.empty()) {
    auto [t, v] = starts.top();
    starts.pop();
    for (int c : tree.children(v)) {
      const double m = bytes[std::size_t(c)];
      const int from = upward ? c : v, to = upward ? v : c;
      double done = t + hop(from, to, m, t);
      const int hf = host[std::size_t(from)], ht = host[std::size_t(to)];
      if (hf != ht) {
        double& out = out_free[std::size_t(hf)];
        double& in = in_free[std::size_t(ht)];
        out = std::max(out, t) + m * links.out_per_byte[std::size_t(from)];
        in = std::max(in, t) + m * links.in_per_byte[std::size_t(to)];
        done = std::max({done, out, in});
      }
      if (combines) done += cost.reduce_local(v, m);
      t = done;
      if (tree.children(c).empty()) finish = std::max(finish, done);
      else starts.push({done, c});
    }
    finish = std::max(finish, t);
  }
  return finish;
}

// Per edge of a pipeline (indexed by the node below it) and size of segment (PipelineSizes): the
// whole transfer (with the receiver's fold for reduce) and the part of it that occupies the edge
// (the marginal cost of its bytes); the rest is latency, which the window overlaps. And per node,
// the link of the node that serves several edges (down: a sender, up: a receiver), which passes a
// byte as fast as the fastest of its edges, the one to its parent included: its transfers share
// it, each no faster than its pair.
using SegmentCost = EdgeSegmentCost;
// A layout's distinct sizes: the ramp's (one each), the full segment's, the last one's.
struct PipelineSizes {
  std::vector<double> bytes;
  int ramp = 0, count = 1;
  explicit PipelineSizes(const SegmentLayout& layout) : ramp(layout.ramp), count(layout.count) {
    for (int k = 0; k < layout.ramp; ++k) bytes.push_back(double(layout.ramp_length(k)));
    bytes.push_back(double(layout.full));
    bytes.push_back(double(layout.length(layout.count - 1)));
  }
  std::size_t of(int segment) const {
    if (segment + 1 == count) return std::size_t(ramp) + 1;
    return std::size_t(std::min(segment, ramp));
  }
  std::size_t full() const { return std::size_t(ramp); }
};
// Per size of PipelineSizes and edge (the node below it): the call's costs of that size
// (PipelineEdgeTimes::find_costs), kept by the caller's tables or by `own`.
struct PipelineEdges {
  std::vector<const SegmentCost*> per_size;
  PipelineEdgeTimes own;
  const SegmentCost& at(int c, std::size_t size) const { return per_size[size][std::size_t(c)]; }
};
void pipeline_edges(const Tree& tree, const CallShape& shape, const PipelineSizes& sizes, const P2PModel& cost,
                    PipelineEdges& ec, std::vector<double>& hub_per_byte, PipelineEdgeTimes* known) {
  const int n = tree.size();
  const bool upward = flows_to_root(shape.op), combines = shape.op == Collective::reduce;
  const std::size_t s_count = sizes.bytes.size();
  PipelineEdgeTimes& tables = known ? *known : ec.own;
  ec.per_size.assign(s_count, nullptr);
  hub_per_byte.assign(std::size_t(n), std::numeric_limits<double>::infinity());
  const double full = sizes.bytes[sizes.full()];
  // A segment holds the link for its bytes at the dearer of two marginal costs: at its own size,
  // and at the whole message (at least 64 KiB, as bandwidth_bound reads it) — a link passes bytes
  // no faster than large transfers see, whatever a fit of small messages says.
  const double sustained = std::max(double(shape.bytes), 65536.0);
  // The sizes whose costs no plan of the call has derived yet.
  std::vector<double> missing;
  for (std::size_t k = 0; k < s_count; ++k)
    if (const std::vector<SegmentCost>* known_costs = tables.find_costs(sizes.bytes[k]))
      ec.per_size[k] = known_costs->data();
    else if (std::find(missing.begin(), missing.end(), sizes.bytes[k]) == missing.end())
      missing.push_back(sizes.bytes[k]);
  // Every edge's time at each size below, all edges in one call (p2p_edges: under host classes
  // the table's rows or columns of the parents).
  std::vector<double> at;  // per size: sustained, 2 sustained, then m and 2m of every missing size m
  at.push_back(sustained);
  at.push_back(2 * sustained);
  for (double m : missing) at.push_back(m), at.push_back(2 * m);
  // One table per distinct size (2m of a ramp's segment is often another's m), from `tables` where
  // they have it.
  std::vector<const double*> times(missing.empty() ? 0 : at.size());  // [size] -> the table, [child]
  std::vector<int> parents, children;  // every edge, a parent's children together
  std::vector<double> out;
  for (std::size_t z = 0; z < times.size(); ++z) {  // one size at a time: a table per size
    if (const std::vector<double>* table = tables.find(at[z])) {
      times[z] = table->data();
      continue;
    }
    if (parents.empty())
      for (int p = 0; p < n; ++p)
        for (const int c : tree.children(p)) parents.push_back(p), children.push_back(c);
    out.resize(parents.size());
    cost.p2p_edges(parents, children, upward, at[z], out);
    std::vector<double> table(std::size_t(n), 0.0);
    for (std::size_t i = 0; i < children.size(); ++i) table[std::size_t(children[i])] = out[i];
    times[z] = tables.add(at[z], std::move(table)).data();
  }
  auto time_at = [&](std::size_t z, int c) { return times[z][std::size_t(c)]; };
  // (p2p(2m) − p2p(m)) / m of the edge above c, with p2p(m) at size index z and p2p(2m) at z + 1.
  auto marginal = [&](std::size_t z, int c, double m) {
    return m > 0 ? std::max(0.0, (time_at(z + 1, c) - time_at(z, c)) / m) : 0.0;
  };
  for (std::size_t k_size = 0; k_size < missing.size(); ++k_size) {
    const double m = missing[k_size];
    const std::size_t z = 2 + 2 * k_size;
    std::vector<SegmentCost> costs(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c) {
      if (c == tree.root()) continue;
      const int b = upward ? tree.parent(c) : c;
      SegmentCost k;
      // The receiver's fold is work, not latency: it holds the receiver like the bytes hold the link.
      k.fold = combines ? cost.reduce_local(b, m) : 0.0;
      const double transfer = time_at(z, c);
      k.whole = transfer + k.fold;
      k.link = std::min(transfer, std::max(marginal(z, c, m), marginal(0, c, sustained)) * m);
      costs[std::size_t(c)] = k;
    }
    const SegmentCost* added = tables.add_costs(m, std::move(costs)).data();
    for (std::size_t k = 0; k < s_count; ++k)
      if (sizes.bytes[k] == m) ec.per_size[k] = added;
  }
  if (full > 0)
    for (int c = 0; c < n; ++c) {
      if (c == tree.root()) continue;
      for (int v : {c, tree.parent(c)})
        hub_per_byte[std::size_t(v)] = std::min(hub_per_byte[std::size_t(v)], ec.at(c, sizes.full()).link / full);
    }
}

// The edges in the order segments pass them (parents before children down the tree, children
// before parents up it; each non-root node c names the edge between it and its parent), and per
// size and edge in that order what the flow shop reads of it: a segment's pass is then a walk
// through two arrays.
struct PipelineStep {
  int c, a, b, hub;      // the edge's node, its sender, its receiver, the node whose link serves it
  int ha = -1, hb = -1;  // the two hosts, where the edge crosses between them
};
struct StepCost {
  double whole, link, fold, latency;
  double busy;       // how long the edge stays busy, without token buckets
  double hub_bytes;  // the serving node's link's time for the segment's bytes
};
struct PipelineSteps {
  std::vector<PipelineStep> steps;
  std::vector<StepCost> costs;  // [size][step]
};
PipelineSteps pipeline_steps(const Tree& tree, bool upward, const std::vector<int>& hosts, const HostLinks& links,
                             const PipelineSizes& sizes, const PipelineEdges& ec, const std::vector<double>& hub_per_byte) {
  std::vector<int> order(tree.preorder().begin(), tree.preorder().end());
  if (upward) std::reverse(order.begin(), order.end());
  PipelineSteps walk;
  walk.steps.reserve(order.size());
  for (const int c : order) {
    if (c == tree.root()) continue;
    const int sender = upward ? c : tree.parent(c), receiver = upward ? tree.parent(c) : c;
    PipelineStep step{c, sender, receiver, upward ? receiver : sender};
    if (!hosts.empty() && hosts[std::size_t(sender)] != hosts[std::size_t(receiver)]) {
      step.ha = links.host_index[std::size_t(sender)];
      step.hb = links.host_index[std::size_t(receiver)];
    }
    walk.steps.push_back(step);
  }
  const std::size_t edges = walk.steps.size();
  walk.costs.resize(sizes.bytes.size() * edges);
  for (std::size_t z = 0; z < sizes.bytes.size(); ++z)
    for (std::size_t i = 0; i < edges; ++i) {
      const SegmentCost& e = ec.at(walk.steps[i].c, z);
      const double per_byte = hub_per_byte[std::size_t(walk.steps[i].hub)];
      const double latency = e.whole - e.link - e.fold;
      walk.costs[z * edges + i] = {e.whole, e.link, e.fold, latency, std::max(0.0, e.whole - latency - e.fold),
                                   std::isfinite(per_byte) ? sizes.bytes[z] * per_byte : 0.0};
    }
  return walk;
}

// The flow shop's state between segments: when each node holds the current segment, when each
// edge (by its node) and each serving node's link is free, the done times per step and window
// slot, and the latest done so far.
struct PassState {
  std::vector<double>& have;
  std::vector<double>& edge_free;
  std::vector<double>& hub_free;
  std::vector<double>& ring;
  double& finish;
};

// The host links' state during one segment of `m` bytes: when each host's link out and in is free.
struct HostLinkState {
  const HostLinks& links;
  double m;
  std::vector<double>& out_free;
  std::vector<double>& in_free;
};

// One segment's pass over `steps` without token buckets, the walk of every decision: each edge's
// transfer begins when the sender has the segment, the edge and the serving node's link are free,
// the ring's slot is done and, between hosts, both host links are free (`hosts`: some edges cross
// between hosts, `h` their links). `up`: up the tree.
template <bool up, bool hosts>
void drained_pass(const std::vector<PipelineStep>& steps, const StepCost* costs, std::size_t window,
                  std::size_t slot_of_j, PassState& s, const HostLinkState* h = nullptr) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const PipelineStep& step = steps[i];
    const StepCost& e = costs[i];
    double& slot = s.ring[i * window + slot_of_j];
    double& hub = s.hub_free[std::size_t(step.hub)];
    double& edge = s.edge_free[std::size_t(step.c)];
    double begin = std::max(std::max(s.have[std::size_t(step.a)], edge), std::max(hub, slot));
    if constexpr (hosts)
      if (step.ha >= 0) {
        double& out = h->out_free[std::size_t(step.ha)];
        double& in = h->in_free[std::size_t(step.hb)];
        begin = std::max(begin, std::max(out, in));
        out = begin + h->m * h->links.out_per_byte[std::size_t(step.a)];
        in = begin + h->m * h->links.in_per_byte[std::size_t(step.b)];
      }
    if (up) s.have[std::size_t(step.a)] = 0;  // read once per segment: the next one gathers afresh
    const double done = begin + e.whole;
    edge = begin + e.busy;
    hub = std::max(hub, begin + e.hub_bytes) + e.fold;
    slot = done;
    double& received = s.have[std::size_t(step.b)];
    received = up ? std::max(received, done) : done;
    s.finish = std::max(s.finish, done);
  }
}

// drained_pass under token buckets: `transfer` prices each edge's transfer as the buckets stand
// when it begins, and its bytes hold the edge for what it took beyond its latency.
void bucket_pass(const std::vector<PipelineStep>& steps, const StepCost* costs, std::size_t window,
                 std::size_t slot_of_j, bool upward, double m, const TransferTime& transfer, const HostLinks& links,
                 std::vector<double>& host_out_free, std::vector<double>& host_in_free, PassState& s) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const PipelineStep& step = steps[i];
    const StepCost& e = costs[i];
    double& slot = s.ring[i * window + slot_of_j];
    const bool crosses = step.ha >= 0;
    double begin = std::max({s.have[std::size_t(step.a)], s.edge_free[std::size_t(step.c)], s.hub_free[std::size_t(step.hub)], slot});
    if (upward) s.have[std::size_t(step.a)] = 0;
    if (crosses) begin = std::max({begin, host_out_free[std::size_t(step.ha)], host_in_free[std::size_t(step.hb)]});
    const double took = transfer(step.a, step.b, m, begin) + e.fold;
    const double done = begin + took, busy = std::max(0.0, took - e.latency - e.fold);
    s.edge_free[std::size_t(step.c)] = begin + busy;
    s.hub_free[std::size_t(step.hub)] = std::max(s.hub_free[std::size_t(step.hub)], begin + e.hub_bytes) + e.fold;
    if (crosses) {
      host_out_free[std::size_t(step.ha)] = begin + m * links.out_per_byte[std::size_t(step.a)];
      host_in_free[std::size_t(step.hb)] = begin + m * links.in_per_byte[std::size_t(step.b)];
    }
    slot = done;
    if (upward) s.have[std::size_t(step.b)] = std::max(s.have[std::size_t(step.b)], done);
    else s.have[std::size_t(step.b)] = done;
    s.finish = std::max(s.finish, done);
  }
}

// The steady state of a walk. Every full segment's pass (between the ramp and the last segment) is
// the same map of the flow shop's times, built of max and +. Where that map keeps the winner of
// every max it is a translation: if the times moved by d (per time) over the last pass and move
// by d again, each later pass moves them by d, until some max's loser, moving faster than its
// winner, catches up. So once a pass moves every time by the same d as the pass before, and each
// max's winner moves at least as fast as its losers or stays ahead for k more segments, the walk
// skips k segments by adding k d. A max of several terms is taken pair by pair, and no pair
// changes its winner later than the first of them does. Rates are compared within 1e-12 of the
// elapsed time; a pass never widens a gap between its inputs (max and + are nonexpansive), so a
// skipped segment errs by at most that much.
class SteadyState {
 public:
  // A try costs about four passes (the times kept, the pass that follows the rates): it is made
  // only where it could skip four times that, and after one that skipped less, twice as far on.
  static constexpr int kWorthSkipping = 16;
  SteadyState(int segments, int ramp, std::size_t window)
      : segments_(segments), window_(window), gap_(int(window) + 2), next_(std::max(ramp + 2, 2 * int(window) + 2)) {}
  // Segment j is about to pass: keep the times if the next segment is to be tried.
  void before(int j, const PassState& s, const HostLinkState* h) {
    if (j + 1 != next_ || !worth(next_)) return;
    kept_ = {s.have, s.edge_free, s.hub_free, h ? h->out_free : std::vector<double>{}, h ? h->in_free : std::vector<double>{}};
    kept_ring_ = s.ring;
  }
  // Whether segment j is to pass through pass_and_skip.
  bool trying(int j) const { return j == next_ && worth(j) && !kept_ring_.empty(); }
  // Segment j's pass (as drained_pass), which also follows each time's rate; then the segments
  // it may skip, moving the times there (0 where the times are not steady yet).
  int pass_and_skip(int j, const std::vector<PipelineStep>& steps, const StepCost* costs, bool up, PassState& s,
                    const HostLinkState* h);

 private:
  struct Timed {
    double at, rate;
  };
  bool worth(int j) const { return segments_ - 2 - j >= kWorthSkipping; }
  // The later of two times, and how many segments their order holds (horizon_).
  Timed later(Timed a, Timed b) {
    if (b.at > a.at || (b.at == a.at && b.rate > a.rate)) std::swap(a, b);
    if (b.rate > a.rate + tolerance_) horizon_ = std::min(horizon_, (a.at - b.at) / (b.rate - a.rate));
    return a;
  }
  // A time written with rate `rate` where the last pass moved it by `moved`.
  void steady(double rate, double moved) {
    if (std::abs(rate - moved) > tolerance_) horizon_ = 0;
  }
  int segments_;
  std::size_t window_;
  int gap_, next_;  // from a try to the next, and where that is
  std::array<std::vector<double>, 5> kept_;  // have, edge_free, hub_free, host out, host in
  std::vector<double> kept_ring_;
  std::array<std::vector<double>, 5> rate_;
  std::vector<double> ring_rate_;  // per step
  double tolerance_ = 0, horizon_ = 0;
};

int SteadyState::pass_and_skip(int j, const std::vector<PipelineStep>& steps, const StepCost* costs, bool up,
                               PassState& s, const HostLinkState* h) {
  std::vector<double> empty_out, empty_in;
  std::array<std::vector<double>*, 5> times{&s.have, &s.edge_free, &s.hub_free, h ? &h->out_free : &empty_out,
                                            h ? &h->in_free : &empty_in};
  tolerance_ = 1e-12 * s.finish;
  horizon_ = std::numeric_limits<double>::infinity();
  for (std::size_t v = 0; v < times.size(); ++v) {
    rate_[v].resize(times[v]->size());
    for (std::size_t x = 0; x < times[v]->size(); ++x) rate_[v][x] = (*times[v])[x] - kept_[v][x];
  }
  // Per step, the ring's done times of segments j − window .. j − 1 must move alike.
  const std::size_t w = window_, slot_of_j = std::size_t(j) % w;
  ring_rate_.assign(steps.size(), 0.0);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const double* now = &s.ring[i * w];
    const double* before = &kept_ring_[i * w];
    const auto moved = [&](std::size_t back) {  // done(j − back) − done(j − back − 1)
      const std::size_t slot = (slot_of_j + w - back) % w, earlier = (slot + w - 1) % w;
      return now[slot] - (back < w ? now[earlier] : before[earlier]);
    };
    ring_rate_[i] = moved(1);
    for (std::size_t back = 2; back <= w; ++back) steady(moved(back), ring_rate_[i]);
  }
  // Each time's rate as this pass writes it; at its end every one must be the last pass's.
  std::array<std::vector<double>, 5> r = rate_;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const PipelineStep& step = steps[i];
    const StepCost& e = costs[i];
    double& slot = s.ring[i * w + slot_of_j];
    const std::size_t a = std::size_t(step.a), b = std::size_t(step.b), c = std::size_t(step.c), hub = std::size_t(step.hub);
    Timed begin = later(later({s.have[a], r[0][a]}, {s.edge_free[c], r[1][c]}), later({s.hub_free[hub], r[2][hub]}, {slot, ring_rate_[i]}));
    if (h && step.ha >= 0) {
      const std::size_t ha = std::size_t(step.ha), hb = std::size_t(step.hb);
      begin = later(begin, later({h->out_free[ha], r[3][ha]}, {h->in_free[hb], r[4][hb]}));
      h->out_free[ha] = begin.at + h->m * h->links.out_per_byte[a];
      h->in_free[hb] = begin.at + h->m * h->links.in_per_byte[b];
      r[3][ha] = r[4][hb] = begin.rate;
    }
    if (up) s.have[a] = 0, r[0][a] = 0;
    const double done = begin.at + e.whole;
    s.edge_free[c] = begin.at + e.busy;
    r[1][c] = begin.rate;
    const Timed hub_free = later({s.hub_free[hub], r[2][hub]}, {begin.at + e.hub_bytes, begin.rate});
    s.hub_free[hub] = hub_free.at + e.fold;
    r[2][hub] = hub_free.rate;
    slot = done;
    steady(begin.rate, ring_rate_[i]);
    const Timed received = up ? later({s.have[b], r[0][b]}, {done, begin.rate}) : Timed{done, begin.rate};
    s.have[b] = received.at, r[0][b] = received.rate;
    s.finish = std::max(s.finish, done);
  }
  for (std::size_t v = 0; v < r.size(); ++v)
    for (std::size_t x = 0; x < r[v].size(); ++x) steady(r[v][x], rate_[v][x]);
  const int k = int(std::min(std::floor(horizon_), double(segments_ - 2 - j)));
  kept_ring_.clear();
  if (k < kWorthSkipping) gap_ *= 2;
  if (k <= 0) {
    next_ = j + gap_;
    return 0;
  }
  // Segments j + 1 .. j + k: every time moves k times its rate; each step's ring turns by k slots.
  const double by = double(k);
  for (std::size_t v = 0; v < times.size(); ++v)
    for (std::size_t x = 0; x < times[v]->size(); ++x) (*times[v])[x] += by * rate_[v][x];
  const std::size_t turn = std::size_t(k) % w, newest = (slot_of_j + turn) % w;  // segment j + k's slot
  for (std::size_t i = 0; i < steps.size(); ++i) {
    double* ring = &s.ring[i * w];
    std::rotate(ring, ring + (w - turn) % w, ring + w);
    for (std::size_t slot = 0; slot < w; ++slot) ring[slot] += by * ring_rate_[i];
    s.finish = std::max(s.finish, ring[newest]);  // the latest of the skipped segments
  }
  next_ = j + k + gap_;
  return k;
}

// Once segments 0..j of `segments` have passed (`finish` the latest done so far), the flow shop's
// finish is no earlier than when
//  - an edge has passed every later segment's bytes after it is free (a segment frees its edge
//    `link` after it begins), and then the last segment's whole transfer;
//  - a serving node's link has passed every later segment's bytes (and folds) for each of its
//    children, those of the last for all but one, and then that one's whole transfer.
// A shade below, for the sums' rounding. `edge_free(c)`: when the edge into (up: out of) node c
// is free; `hub_free(v)`: when node v's serving link is.
template <class EdgeFree, class HubFree>
double finish_bound(int j, int segments, double finish, const Tree& tree, const PipelineSizes& sizes,
                    const PipelineEdges& ec, const std::vector<double>& hub_per_byte, EdgeFree edge_free,
                    HubFree hub_free) {
  const int last = segments - 1;
  if (j >= last) return finish;
  const int fulls = std::max(0, last - std::max(j + 1, sizes.ramp));
  const std::size_t at_last = sizes.of(last);
  double bound = finish;
  for (int c = 0; c < tree.size(); ++c) {
    if (c == tree.root()) continue;
    double t = edge_free(c) + double(fulls) * ec.at(c, sizes.full()).link + ec.at(c, at_last).whole;
    for (int k = j + 1; k < std::min(sizes.ramp, last); ++k) t += ec.at(c, std::size_t(k)).link;
    bound = std::max(bound, t);
  }
  for (int v = 0; v < tree.size(); ++v) {
    const std::span<const int> kids = tree.children(v);
    const double per_byte = hub_per_byte[std::size_t(v)];
    if (kids.empty() || !std::isfinite(per_byte)) continue;
    const auto served = [&](std::size_t z) { return sizes.bytes[z] * per_byte + ec.at(kids.front(), z).fold; };
    double t = double(fulls) * served(sizes.full());
    for (int k = j + 1; k < std::min(sizes.ramp, last); ++k) t += served(std::size_t(k));
    t = t * double(kids.size()) + double(kids.size() - 1) * served(at_last);
    double quickest = std::numeric_limits<double>::infinity();
    for (const int c : kids) quickest = std::min(quickest, ec.at(c, at_last).whole);
    bound = std::max(bound, hub_free(v) + t + quickest);
  }
  return bound * (1 - 1e-12);
}

}  // namespace

double predict_call(const P2PModel& cost, const std::function<double(const TransferTime&)>& once, double* rested) {
  const TokenBuckets* buckets = cost.buckets();
  if (!buckets) {
    const double t = once([&](int from, int to, double bytes, double) { return cost.p2p(from, to, bytes); });
    if (rested) *rested = t;
    return t;
  }
  BucketLevels levels(*buckets);
  const TransferTime spend = [&](int from, int to, double bytes, double start) {
    return levels.transfer(from, to, bytes, start, cost);
  };
  double t = once(spend);
  if (rested) *rested = t;
  for (int call = 1; call < kBucketMaxCalls; ++call) {
    levels.next_call(t);
    const double next = once(spend);
    const bool settled = std::abs(next - t) <= kBucketSettled * next && levels.settled();
    t = next;
    if (settled) break;
  }
  return t;
}

double simulate_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, const TransferTime& transfer) {
  if (call_hosts(cost, tree.size()).empty()) return simulate_tree_with(tree, shape, edge_bytes(tree, shape), cost, transfer);
  return simulate_tree_hosts(tree, shape, edge_bytes(tree, shape), cost, host_links(cost), transfer);
}

double predict_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, double* rested) {
  const auto bytes = edge_bytes(tree, shape);
  if (!call_hosts(cost, tree.size()).empty()) {
    const HostLinks links = host_links(cost);
    return predict_call(
        cost,
        [&](const TransferTime& transfer) { return simulate_tree_hosts(tree, shape, bytes, cost, links, transfer); },
        rested);
  }
  if (cost.buckets())
    return predict_call(
        cost, [&](const TransferTime& transfer) { return simulate_tree_with(tree, shape, bytes, cost, transfer); },
        rested);
  // The drained model without the indirection: decisions on a thousand ranks cost every tree.
  const double t =
      simulate_tree_with(tree, shape, bytes, cost, [&](int from, int to, double m, double) { return cost.p2p(from, to, m); });
  if (rested) *rested = t;
  return t;
}

double predict_pipeline(const Tree& tree, const CallShape& shape, std::size_t segment_bytes, const P2PModel& cost,
                        double* rested, int window, WindowLimit limit, double give_up_at,
                        PipelineEdgeTimes* edge_times, const PipelineWalk& walk_options) {
  const int n = tree.size();
  const bool upward = flows_to_root(shape.op);
  // Cut as the executor cuts (whole elements for reduce), ramp and window included.
  const PipelinePlan plan =
      pipeline_plan(shape.bytes, segment_bytes, shape.pipeline_unit(), tree, window, limit);
  const SegmentLayout& layout = plan.segments;
  const int segments = layout.count;
  window = plan.window;
  const PipelineSizes sizes(layout);
  PipelineEdges ec;
  std::vector<double> hub_per_byte;
  pipeline_edges(tree, shape, sizes, cost, ec, hub_per_byte, edge_times);
  // A plan that cannot beat give_up_at even with every edge and link free stops before the walk's
  // set-up: most of a builder's plans (at 1024 ranks, its fan-outs beyond the best's).
  const bool may_give_up = !cost.buckets() && std::isfinite(give_up_at);
  if (may_give_up) {
    const auto idle = [](int) { return 0.0; };
    const double bound = finish_bound(-1, segments, 0.0, tree, sizes, ec, hub_per_byte, idle, idle);
    if (bound >= give_up_at) {
      if (rested) *rested = bound;
      return bound;
    }
  }
  // The flow shop, segment by segment: segment j enters the edge into (up: out of) node c when
  // the sender has it, the edge has passed the bytes of segment j − 1, the serving node's link
  // has passed the bytes of its transfers before (and, up the tree, the receiver has folded
  // them), and segment j − window is done on that edge (the executor's ring of requests). Up the
  // tree a receiver has a segment once every child's has arrived.
  // Ranks sharing hosts (host_links.hpp): an edge between two hosts also holds the sender's host
  // link out and the receiver's in for its bytes at the link's rate, whichever rank serves it.
  const std::vector<int> hosts = call_hosts(cost, n);
  const HostLinks links = hosts.empty() ? HostLinks{} : host_links(cost);
  const PipelineSteps walk = pipeline_steps(tree, upward, hosts, links, sizes, ec, hub_per_byte);
  const std::vector<PipelineStep>& steps = walk.steps;
  const std::vector<StepCost>& step_costs = walk.costs;
  const std::size_t edges = steps.size();
  const bool any_crossing = std::any_of(steps.begin(), steps.end(), [](const PipelineStep& s) { return s.ha >= 0; });
  auto run = [&](const TransferTime* transfer) {
    // When node v holds the current segment; up the tree gathered from its children, and back to 0
    // once its own step has read it.
    std::vector<double> have(std::size_t(n), 0.0);
    std::vector<double> edge_free(std::size_t(n), 0.0);  // per node: the edge into (up: out of) it
    std::vector<double> hub_free(std::size_t(n), 0.0);  // the serving node's link
    std::vector<double> host_out_free(std::size_t(links.host_count), 0.0), host_in_free(host_out_free);
    std::vector<double> ring(edges * std::size_t(window), 0.0);  // done times, per step and slot
    double finish = 0;
    const auto finish_at_least = [&](int j) {
      const auto free_edge = [&](int c) { return edge_free[std::size_t(c)]; };
      const auto free_hub = [&](int v) { return hub_free[std::size_t(v)]; };
      return finish_bound(j, segments, finish, tree, sizes, ec, hub_per_byte, free_edge, free_hub);
    };
    // The bound after an eighth of the segments, then after a quarter and a half: most plans that
    // reach give_up_at do so by the first, and a plan below it pays three bounds, not eight.
    int check_at = std::max(2, segments / 8);
    SteadyState steady(segments, sizes.ramp, std::size_t(window));
    for (int j = 0; j < segments; ++j) {
      if (may_give_up && j >= check_at) {  // never with token buckets (may_give_up)
        while (check_at <= j) check_at *= 2;
        if (const double bound = finish_at_least(j - 1); bound >= give_up_at) return bound;
      }
      const std::size_t size = sizes.of(j);
      const double m = sizes.bytes[size];
      const StepCost* costs = step_costs.data() + size * edges;  // no steps on a single rank
      const std::size_t slot_of_j = std::size_t(j % window);
      PassState state{have, edge_free, hub_free, ring, finish};
      const HostLinkState host_links_state{links, m, host_out_free, host_in_free};
      const HostLinkState* host_state = any_crossing ? &host_links_state : nullptr;
      const std::size_t w = std::size_t(window);
      if (walk_options.segments_passed) ++*walk_options.segments_passed;
      if (!transfer && walk_options.skip_steady_state) {  // settled: skip to the last segment
        steady.before(j, state, host_state);
        if (steady.trying(j)) {
          j += steady.pass_and_skip(j, steps, costs, upward, state, host_state);
          continue;
        }
      }
      if (transfer)
        bucket_pass(steps, costs, w, slot_of_j, upward, m, *transfer, links, host_out_free, host_in_free, state);
      else if (any_crossing && upward)
        drained_pass<true, true>(steps, costs, w, slot_of_j, state, &host_links_state);
      else if (any_crossing)
        drained_pass<false, true>(steps, costs, w, slot_of_j, state, &host_links_state);
      else if (upward)
        drained_pass<true, false>(steps, costs, w, slot_of_j, state);
      else
        drained_pass<false, false>(steps, costs, w, slot_of_j, state);
    }
    return finish;
  };
  if (cost.buckets())
    return predict_call(cost, [&](const TransferTime& transfer) { return run(&transfer); }, rested);
  const double t = run(nullptr);
  if (rested) *rested = t;
  return t;
}

double predict(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
               const NativeCostTable* native, double* rested, double give_up_at) {
  switch (schedule.kind) {
    case ScheduleKind::tree:
      return predict_tree(schedule.tree, shape, cost, rested);
    case ScheduleKind::native: {
      // The library's own schedule under the same model as every candidate (mpich_native.hpp,
      // ompi_native.hpp), with the calibrated measurement as a correction where it exists
      // (native_cost.hpp). The correction scales the rested call alike.
      const bool ompi = shape.native_library == NativeLibrary::openmpi4;
      auto own_cost = [&](const CallShape& s, double* r) {
        return ompi ? predict_ompi_native(s, cost, true, r) : predict_mpich_native(s, cost, true, r);
      };
      const double own = own_cost(shape, rested);
      if (!native) return own;
      const bool everywhere = ompi ? exchanges_on_every_rank(ompi_default_algorithm(shape))
                                   : exchanges_on_every_rank(mpich_default_algorithm(shape));
      const auto reach = everywhere ? NativeCostTable::CorrectionReach::any_root : NativeCostTable::CorrectionReach::measured_root;
      const double factor =
          native->correction(shape, [&](const CallShape& s) { return own_cost(s, nullptr); }, reach);
      if (rested) *rested *= factor;
      return own * factor;
    }
    case ScheduleKind::frames:
      if (!schedule.frames) break;
      return predict_frames(*schedule.frames, shape.bytes, schedule.segment_bytes, cost, rested, give_up_at);
    case ScheduleKind::pipeline:
      return predict_pipeline(schedule.tree, shape, schedule.segment_bytes, cost, rested, schedule.window, {},
                              give_up_at);
    case ScheduleKind::concurrent: {
      const double t = predict_concurrent_tree(schedule.tree, shape, cost, schedule.window);
      if (rested) *rested = t;
      return t;
    }
  }
  throw std::logic_error("predict: schedule kind not supported yet");
}

}  // namespace collsel

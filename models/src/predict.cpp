#include "collsel/predict.hpp"
#include "collsel/buckets.hpp"
#include "collsel/segments.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "collsel/frames.hpp"
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
  return simulate_tree_with(tree, shape, edge_bytes(tree, shape), cost, transfer);
}

double predict_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, double* rested) {
  const auto bytes = edge_bytes(tree, shape);
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

double predict_pipeline(const Tree& path, const CallShape& shape, std::size_t segment_bytes,
                        const P2PModel& cost, double* rested) {
  // The path's edges in the direction data flows: root -> end for bcast, end -> root for reduce.
  std::vector<std::pair<int, int>> edges;
  edges.reserve(std::size_t(path.size()));
  for (int v = path.root();;) {
    const auto kids = path.children(v);
    if (kids.empty()) break;
    if (kids.size() > 1) throw std::invalid_argument("predict_pipeline: the schedule is not a path");
    edges.emplace_back(v, kids[0]);
    v = kids[0];
  }
  const bool upward = flows_to_root(shape.op);
  if (upward) {
    std::reverse(edges.begin(), edges.end());
    for (auto& e : edges) std::swap(e.first, e.second);
  }
  const std::size_t bytes = shape.bytes;
  // Cut as the executor cuts (whole elements for reduce).
  const SegmentLayout layout =
      pipeline_segments(bytes, segment_bytes, shape.op == Collective::reduce ? shape.element_bytes : 1);
  const int segments = layout.count;
  // An edge's time for one segment: the transfer, and for reduce the receiver folding it in.
  const bool combines = shape.op == Collective::reduce;
  auto edge_time = [&](std::pair<int, int> e, double m) {
    return cost.p2p(e.first, e.second, m) + (combines ? cost.reduce_local(e.second, m) : 0.0);
  };
  if (cost.buckets()) {
    // Segment by segment: a segment's time on an edge depends on what the buckets still hold.
    // The same flow shop as below, its recurrence spelled out: a segment enters an edge when it
    // has left the previous one and the edge is free.
    return predict_call(cost, [&](const TransferTime& transfer) {
      std::vector<double> edge_free(edges.size(), 0.0);
      double done = 0;
      for (int s = 0; s < segments; ++s) {
        const double m = double(layout.length(s));
        double t = 0;
        for (std::size_t e = 0; e < edges.size(); ++e) {
          const double begin = std::max(t, edge_free[e]);
          t = begin + transfer(edges[e].first, edges[e].second, m, begin) +
              (combines ? cost.reduce_local(edges[e].second, m) : 0.0);
          edge_free[e] = t;
        }
        done = std::max(done, t);
      }
      return done;
    }, rested);
  }
  const double drained = [&] {
    if (segments == 1) {
      double t = 0;
      for (const auto& e : edges) t += edge_time(e, double(bytes));
      return t;
    }
    // Flow shop of `segments` jobs over the edges in series (each edge passes one segment at a
    // time, a segment enters an edge when it has left the previous one and the edge is free). The
    // makespan is the heaviest monotone path through (segment, edge): run segment 1 along edges
    // 1..b, wait out segments 2..n−1 on the slowest edge up to b, then take the last (possibly
    // partial) segment along b..m. With full segments everywhere this is Σ_e t_e + (n−1)·max_e t_e.
    const double full = double(layout.full);
    const double last = double(layout.length(segments - 1));
    const std::size_t m = edges.size();
    std::vector<double> tail(m + 1, 0.0);  // Σ_{e≥b} r_e
    for (std::size_t b = m; b-- > 0;) tail[b] = tail[b + 1] + edge_time(edges[b], last);
    double prefix = 0, slowest = 0, best = 0;
    for (std::size_t b = 0; b < m; ++b) {
      const double t = edge_time(edges[b], full);
      prefix += t;
      slowest = std::max(slowest, t);
      best = std::max(best, prefix + double(segments - 2) * slowest + tail[b]);
    }
    return best;
  }();
  if (rested) *rested = drained;
  return drained;
}

double predict(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
               const NativeCostTable* native, double* rested) {
  switch (schedule.kind) {
    case ScheduleKind::tree:
      return predict_tree(schedule.tree, shape, cost, rested);
    case ScheduleKind::native: {
      // The library's own schedule under the same model as every candidate (mpich_native.hpp,
      // ompi_native.hpp), with the calibrated measurement as a bias-matched correction where it
      // exists (native_cost.hpp). The correction scales the rested call alike.
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
          native->correction(shape, cost.kind(), [&](const CallShape& s) { return own_cost(s, nullptr); }, reach);
      if (rested) *rested *= factor;
      return own * factor;
    }
    case ScheduleKind::frames:
      if (!schedule.frames) break;
      return predict_frames(*schedule.frames, shape.bytes, schedule.segment_bytes, cost, rested);
    case ScheduleKind::pipeline:
      return predict_pipeline(schedule.tree, shape, schedule.segment_bytes, cost, rested);
  }
  throw std::logic_error("predict: schedule kind not supported yet");
}

}  // namespace collsel

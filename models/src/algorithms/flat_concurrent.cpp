// flat_concurrent — scatter, gather and their v-variants: the root posts every rank's transfer
// (nonblocking), slowest predicted first, with at most `window` of them in flight, the next as
// soon as one completes, so every slow receiver's link is busy from the start and the root's link
// is shared instead of serving one rank after another.
// The window is the least that the model prices within kWindowTolerance of posting everything at
// once: as many transfers as keep the root's link saturated. More flows than that gain nothing in
// a fluid max-min model, and on real links (and SimGrid's TCP model, whose shares favour short
// round trips) they take bandwidth from the slow receivers that bound the call.
// Cost (predict_concurrent_tree): the transfers share the root's link max-min fairly, each no
// faster than its own pair: about max(Σ_r M_r / B_root, max_r p2p(root, r, M_r)) — the bandwidth
// bound on a single switch — where flat's one-at-a-time service costs Σ_r p2p(root, r, M_r).
#include "collsel/algorithms.hpp"
#include "collsel/predict.hpp"
#include "select.hpp"

namespace collsel::builders {

namespace {

// A window's predicted time may exceed all-at-once's by this much: the fluid model's tail effects,
// against the real cost of flows the link cannot serve at once.
constexpr double kWindowTolerance = 0.01;
// Above this many transfers the window search (O(log n) predictions of O(n · window) each) is left
// out and everything is posted at once.
constexpr int kMaxWindowSearch = 256;

int least_saturating_window(const Tree& tree, const CallShape& shape, const P2PModel& cost) {
  const int transfers = int(tree.children(tree.root()).size());
  if (transfers < 2 || transfers > kMaxWindowSearch) return 0;
  const double all_at_once = predict_concurrent_tree(tree, shape, cost, 0);
  const double limit = all_at_once * (1 + kWindowTolerance);
  // The predicted time falls as the window widens until the link is saturated: the least window
  // within the limit, by bisection over [1, transfers].
  int lo = 1, hi = transfers;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (predict_concurrent_tree(tree, shape, cost, mid) <= limit) hi = mid;
    else lo = mid + 1;
  }
  return lo >= transfers ? 0 : lo;
}

}  // namespace

Schedule build_flat_concurrent(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  Schedule s{.algorithm = "flat_concurrent", .op = shape.op, .kind = ScheduleKind::concurrent,
             .tree = Tree(shape.procs, shape.root)};
  for (int rank : detail::ranks_by_own_block_time(shape, ctx.cost, detail::NextNode::max))
    s.tree.add_child(shape.root, rank);
  s.tree.finalize();
  s.window = least_saturating_window(s.tree, shape, ctx.cost);
  return s;
}

}  // namespace collsel::builders

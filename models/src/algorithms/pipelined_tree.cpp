// pipelined_tree — bcast and reduce: a k-ary tree cut into pipelined segments, the fastest
// processes near the root and the slowest at the leaves. Ranks are sorted by their predicted time
// for a segment from the root (reduce: to it), fastest first, and laid out in that order in a
// complete k-ary tree (node i's children are i·k+1 .. i·k+k, served fastest first), so only
// fast processes forward and a slow one only receives. The fan-out k ∈ {2, 3, 4} and the segment
// (choose_segment) are the pair predict_pipeline() prices fastest.
// Cost (predict_pipeline): the windowed flow shop over the tree — about the depth's fill plus one
// segment per the busiest node's service time (k segments over its link, or a slow leaf's one).
#include <algorithm>
#include <limits>
#include <vector>

#include "collsel/algorithms.hpp"
#include "collsel/predict.hpp"
#include "segment_choice.hpp"

namespace collsel::builders {
namespace {

constexpr std::size_t kProbeSegment = 64 * 1024;

Tree kary_tree(const std::vector<int>& order, int root, int k) {
  Tree tree(int(order.size()) + 1, root);
  // Position 0 is the root, position p ≥ 1 is order[p - 1].
  auto at = [&](std::size_t p) { return p == 0 ? root : order[p - 1]; };
  for (std::size_t p = 1; p <= order.size(); ++p) tree.add_child(at((p - 1) / std::size_t(k)), at(p));
  tree.finalize();
  return tree;
}

}  // namespace

Schedule build_pipelined_tree(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  const double probe = double(std::min(
      ctx.segment_bytes == kAutoSegmentBytes ? kProbeSegment : ctx.segment_bytes, std::max<std::size_t>(shape.bytes, 1)));
  struct Item {
    double t;
    int rank;
  };
  std::vector<Item> items;
  items.reserve(std::size_t(n));
  for (int r = 0; r < n; ++r)
    if (r != root) items.push_back({upward ? ctx.cost.p2p(r, root, probe) : ctx.cost.p2p(root, r, probe), r});
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.t != b.t ? a.t < b.t : a.rank < b.rank; });
  std::vector<int> order;
  order.reserve(items.size());
  for (const Item& it : items) order.push_back(it.rank);

  Schedule best{.algorithm = "pipelined_tree", .op = shape.op, .kind = ScheduleKind::pipeline, .tree = Tree(n, root)};
  double best_time = std::numeric_limits<double>::infinity();
  for (int k = 2; k <= 4; ++k) {
    Tree tree = kary_tree(order, root, k);
    const std::size_t segment = detail::choose_segment(tree, ctx);
    const double t = predict_pipeline(tree, shape, segment, ctx.cost);
    if (t < best_time) {
      best_time = t;
      best.tree = std::move(tree);
      best.segment_bytes = segment;
    }
    if (n <= k + 1) break;  // every larger fan-out is the same flat tree
  }
  if (!best.tree.finalized() || n < 2) {
    best.tree = kary_tree(order, root, 2);
    best.segment_bytes = detail::choose_segment(best.tree, ctx);
  }
  return best;
}

}  // namespace collsel::builders

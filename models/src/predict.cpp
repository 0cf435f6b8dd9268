#include "collsel/predict.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "collsel/frames.hpp"
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

}  // namespace

double predict_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost) {
  const auto bytes = edge_bytes(tree, shape);
  const bool upward = flows_to_root(shape.op);
  // Forward simulation equal to the recursive formula: a node serves its children one after the
  // other; a child's subtree starts when its edge completes. Upward collectives are the mirror
  // image in time (children received in reverse service order), which costs the same with the
  // model's p2p(child, parent) in place of p2p(parent, child).
  std::vector<double> start(std::size_t(tree.size()), 0.0);
  double finish = 0;
  for (int v : tree.preorder()) {
    double t = start[std::size_t(v)];
    for (int c : tree.children(v)) {
      t += upward ? cost.p2p(c, v, bytes[std::size_t(c)]) : cost.p2p(v, c, bytes[std::size_t(c)]);
      start[std::size_t(c)] = t;
    }
    finish = std::max(finish, t);
  }
  return finish;
}

double predict(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
               const NativeCostTable* native) {
  switch (schedule.kind) {
    case ScheduleKind::tree:
      return predict_tree(schedule.tree, shape, cost);
    case ScheduleKind::native: {
      if (native) {
        const double t = native->predict(shape);
        if (t >= 0) return t;
      }
      // No measurement: cost native as MPICH's default binomial tree in rank order.
      BuildContext ctx{cost, shape};
      return predict_tree(find_algorithm("binomial")->build(ctx).tree, shape, cost);
    }
    case ScheduleKind::frames:
      if (!schedule.frames) break;
      return predict_frames(*schedule.frames, shape.bytes, schedule.segment_bytes, cost);
    case ScheduleKind::pipeline:
      break;
  }
  throw std::logic_error("predict: schedule kind not supported yet");
}

}  // namespace collsel

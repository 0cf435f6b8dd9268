// chain — a pipeline through every process (bcast and reduce), the message cut into segments of
// BuildContext::segment_bytes, or of the size the model prices fastest (choose_segment). Path order: greedy nearest-next from the root — each next process is
// the remaining one with the smallest predicted time for one segment from (reduce: to) the current
// end of the path; ties to the lowest rank. Behind several switches (switch_groups.hpp) the path
// finishes a switch group before it moves on. Building costs O(P²) p2p predictions.
// Cost (predict_pipeline): the flow shop of one segment in flight per edge (pipeline_window on a
// path of three or more processes); Σ_e p2p(e, s) + (n−1)·max_e p2p(e, s) for n full segments.
#include <algorithm>

#include "collsel/algorithms.hpp"
#include "collsel/switch_groups.hpp"
#include "segment_choice.hpp"
#include "select.hpp"

namespace collsel::builders {
namespace {
constexpr std::size_t kProbeSegment = 64 * 1024;
}  // namespace

Schedule build_chain(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  // The order is chosen with one probe segment; the segment size then for that order.
  const std::size_t probe = ctx.segment_bytes == kAutoSegmentBytes ? kProbeSegment : ctx.segment_bytes;
  const double segment = double(std::min(probe, shape.bytes));
  Schedule s{.algorithm = "chain", .op = shape.op, .kind = ScheduleKind::pipeline, .tree = Tree(n, root)};
  int end = root;
  if (const MappedModel* grouped = detail::grouped_model(ctx.cost, n, root, segment, upward)) {
    detail::GroupedPool pool(*grouped, n, root);
    for (int placed = 1; placed < n; ++placed) {
      const int next = pool.pick(end, segment, upward, detail::NextNode::min);
      pool.take(next);
      s.tree.add_child(end, next);
      end = next;
    }
    s.tree.finalize();
    s.segment_bytes = detail::choose_segment(s.tree, ctx);
    return s;
  }
  if (const std::vector<int> groups = call_switch_groups(ctx.cost, n); !groups.empty()) {
    // Behind switches: the path finishes a switch group before it moves on to the nearest of
    // the rest, so it enters and leaves every group once.
    std::vector<bool> placed(std::size_t(n), false);
    placed[std::size_t(root)] = true;
    for (int count = 1; count < n; ++count) {
      const int here = groups[std::size_t(end)];
      bool group_left = false;  // processes of the path end's group still to place
      for (int r = 0; r < n; ++r) group_left = group_left || (!placed[std::size_t(r)] && groups[std::size_t(r)] == here);
      int next = -1;
      double best = 0;
      for (int r = 0; r < n; ++r) {
        if (placed[std::size_t(r)] || (group_left && groups[std::size_t(r)] != here)) continue;
        const double t = upward ? ctx.cost.p2p(r, end, segment) : ctx.cost.p2p(end, r, segment);
        if (next < 0 || t < best) next = r, best = t;
      }
      placed[std::size_t(next)] = true;
      s.tree.add_child(end, next);
      end = next;
    }
    s.tree.finalize();
    s.segment_bytes = detail::choose_segment(s.tree, ctx);
    return s;
  }
  detail::RankPool pool(n, root);
  detail::Scanner scanner(ctx.cost, upward);
  while (!pool.empty()) {
    const int next = detail::take_next(scanner, end, pool, segment, detail::NextNode::min);
    s.tree.add_child(end, next);
    end = next;
  }
  s.tree.finalize();
  s.segment_bytes = detail::choose_segment(s.tree, ctx);
  return s;
}

}  // namespace collsel::builders

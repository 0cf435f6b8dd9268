// chain — a pipeline through every process (bcast and reduce), the message cut into segments of
// BuildContext::segment_bytes. Path order: greedy nearest-next from the root — each next process is
// the remaining one with the smallest predicted time for one segment from (reduce: to) the current
// end of the path; ties to the lowest rank. Building costs O(P²) p2p predictions.
// Cost (pipeline, predict.cpp): with t_e = p2p(e, s) for full segments, r_e = p2p(e, last segment)
// and n segments, the flow-shop critical path max_b [Σ_{e≤b} t_e + (n−2)·max_{e≤b} t_e + Σ_{e≥b} r_e],
// which is Σ_e p2p(e, s) + (n−1)·max_e p2p(e, s) when s divides the message; Σ_e p2p(e, M) for n = 1.
#include <algorithm>

#include "collsel/algorithms.hpp"
#include "select.hpp"

namespace collsel::builders {

Schedule build_chain(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  const double segment = ctx.segment_bytes == 0 ? double(shape.bytes)
                                                : double(std::min(ctx.segment_bytes, shape.bytes));
  Schedule s{.algorithm = "chain", .op = shape.op, .kind = ScheduleKind::pipeline, .tree = Tree(n, root),
             .segment_bytes = ctx.segment_bytes};
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
  return s;
}

}  // namespace collsel::builders

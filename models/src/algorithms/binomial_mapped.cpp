// Shared part of binomial_{bfs,dfs,ucs}_{min,max}: the greedy placement of processes on binomial
// positions (see binomial_mapped.hpp). O(P²) predicted p2p times, one p2p_row call per position.
#include "binomial_mapped.hpp"

#include <numeric>

#include "collsel/algorithms.hpp"

namespace collsel::builders::detail {

Schedule build_mapped_binomial(const BuildContext& ctx, std::string_view name, std::span<const int> positions,
                               NextNode how) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  double per_rank = double(shape.bytes);
  if (!shape.block_bytes.empty() && n > 1) {
    const double total = std::accumulate(shape.block_bytes.begin(), shape.block_bytes.end(), 0.0);
    per_rank = (total - double(shape.block(root))) / double(n - 1);
  }
  const bool personalized = is_personalized(shape.op);

  std::vector<int> proc(std::size_t(n), -1);
  proc[0] = root;
  RankPool pool(n, root);
  std::vector<double> scratch(static_cast<std::size_t>(n));
  for (int v : positions) {
    const double bytes = personalized ? per_rank * double(position_subtree(v, n)) : double(shape.bytes);
    proc[std::size_t(v)] = take_next(ctx.cost, upward, proc[std::size_t(position_parent(v))], pool, bytes, how, scratch);
  }

  Schedule s{.algorithm = name, .op = shape.op, .kind = ScheduleKind::tree, .tree = Tree(n, root)};
  for (int v = 0; v < n; ++v)
    for_each_position_child(v, n, [&](int c) { s.tree.add_child(proc[std::size_t(v)], proc[std::size_t(c)]); });
  s.tree.finalize();
  return s;
}

}  // namespace collsel::builders::detail

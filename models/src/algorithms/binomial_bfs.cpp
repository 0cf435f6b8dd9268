// binomial_bfs_min / binomial_bfs_max — binomial shape, processes placed breadth first.
// Positions are filled level by level (depth = number of set bits of the relative rank); within a
// level the largest subtree first, equal sizes in breadth-first queue order (parents in the order
// they were filled, each parent's children in service order). P = 8: 4, 2, 1, 6, 5, 3, 7. Each position takes the remaining
// process with the MIN (fastest first) or MAX (slowest first) predicted p2p time from its parent.
// Cost (recursive tree formula, cpm-manual §8.19): T(r) = p2p(r, c) + max(T(c), T(r \ c)) with c the
// first-served child; homogeneous Hockney: bcast ⌈log2 P⌉(α + βM), scatter ⌈log2 P⌉α + (P−1)βM.
// Building costs O(P²) p2p predictions.
#include <algorithm>

#include "binomial_mapped.hpp"
#include "collsel/algorithms.hpp"

namespace collsel::builders {
namespace {

std::vector<int> bfs_positions(int n) {
  // Breadth-first queue order (parents in the order they were filled, children largest first) ...
  std::vector<int> order;
  order.reserve(std::size_t(n));
  order.push_back(0);
  for (std::size_t k = 0; k < order.size(); ++k)
    detail::for_each_position_child(order[k], n, [&](int c) { order.push_back(c); });
  order.erase(order.begin());
  // ... then, within each level, the larger subtrees first (a level of the queue is not sorted by
  // size once P > 8: the children of 8 come before those of 4 but include 9, a leaf).
  std::stable_sort(order.begin(), order.end(), [n](int a, int b) {
    const int da = detail::position_depth(a), db = detail::position_depth(b);
    if (da != db) return da < db;
    return detail::position_subtree(a, n) > detail::position_subtree(b, n);
  });
  return order;
}

}  // namespace

Schedule build_binomial_bfs_min(const BuildContext& ctx) {
  return detail::build_mapped_binomial(ctx, "binomial_bfs_min", bfs_positions(ctx.shape.procs), detail::NextNode::min);
}
Schedule build_binomial_bfs_max(const BuildContext& ctx) {
  return detail::build_mapped_binomial(ctx, "binomial_bfs_max", bfs_positions(ctx.shape.procs), detail::NextNode::max);
}

}  // namespace collsel::builders

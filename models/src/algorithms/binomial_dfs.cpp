// binomial_dfs_min / binomial_dfs_max — binomial shape, processes placed depth first.
// Reading of "largest subtree on the right" (cpm-manual §8.7/§8.8): in CPM's tree predictor
// (§8.19) the child a broadcast serves first is the RIGHTMOST one, so the largest subtree on the
// right is the largest subtree served first. Positions are therefore filled in the preorder of the
// binomial tree with children in service order (largest subtree first): for P = 8 the order is
// 4, 6, 7, 5, 2, 3, 1. Each position takes the remaining process with the MIN (fastest first) or
// MAX (slowest first) predicted p2p time from its parent.
// Cost (recursive tree formula, cpm-manual §8.19): T(r) = p2p(r, c) + max(T(c), T(r \ c)) with c the
// first-served child; homogeneous Hockney: bcast ⌈log2 P⌉(α + βM), scatter ⌈log2 P⌉α + (P−1)βM.
// Building costs O(P²) p2p predictions.
#include <algorithm>

#include "binomial_mapped.hpp"
#include "collsel/algorithms.hpp"

namespace collsel::builders {
namespace {

std::vector<int> dfs_positions(int n) {
  std::vector<int> order, stack;
  order.reserve(std::size_t(n));
  stack.reserve(64);
  // Push children in reverse service order so the first-served child is visited first.
  auto push_children = [&](int v) {
    const std::size_t mark = stack.size();
    detail::for_each_position_child(v, n, [&](int c) { stack.push_back(c); });
    std::reverse(stack.begin() + std::ptrdiff_t(mark), stack.end());
  };
  push_children(0);
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    order.push_back(v);
    push_children(v);
  }
  return order;
}

}  // namespace

Schedule build_binomial_dfs_min(const BuildContext& ctx) {
  return detail::build_mapped_binomial(ctx, "binomial_dfs_min", dfs_positions(ctx.shape.procs), detail::NextNode::min);
}
Schedule build_binomial_dfs_max(const BuildContext& ctx) {
  return detail::build_mapped_binomial(ctx, "binomial_dfs_max", dfs_positions(ctx.shape.procs), detail::NextNode::max);
}

}  // namespace collsel::builders

// binomial_ucs_min / binomial_ucs_max — binomial shape, subtrees of the same order built together.
// Positions are filled by subtree size, highest order first (for P = 2^k: every order-(k−1)
// subtree root, then every order-(k−2) one, ... then the leaves), equal sizes in increasing
// position. This is the slides' "model-based optimisation for binomial scatter": the biggest
// message goes to the best process, then the subtrees of the next order whose roots are known.
// Each position takes the remaining process with the MIN (fastest first) or MAX (slowest first)
// predicted p2p time from its parent.
// Cost (recursive tree formula, cpm-manual §8.19): T(r) = p2p(r, c) + max(T(c), T(r \ c)) with c the
// first-served child; homogeneous Hockney: bcast ⌈log2 P⌉(α + βM), scatter ⌈log2 P⌉α + (P−1)βM.
// Building costs O(P²) p2p predictions.
#include <algorithm>

#include "binomial_mapped.hpp"
#include "collsel/algorithms.hpp"

namespace collsel::builders {
namespace {

std::vector<int> ucs_positions(int n) {
  std::vector<int> order;
  order.reserve(std::size_t(n));
  for (int v = 1; v < n; ++v) order.push_back(v);
  // A parent's subtree is always strictly larger than its child's, so parents come first.
  std::stable_sort(order.begin(), order.end(), [n](int a, int b) {
    return detail::position_subtree(a, n) > detail::position_subtree(b, n);
  });
  return order;
}

}  // namespace

Schedule build_binomial_ucs_min(const BuildContext& ctx) {
  return detail::build_mapped_binomial(ctx, "binomial_ucs_min", ucs_positions(ctx.shape.procs), detail::NextNode::min);
}
Schedule build_binomial_ucs_max(const BuildContext& ctx) {
  return detail::build_mapped_binomial(ctx, "binomial_ucs_max", ucs_positions(ctx.shape.procs), detail::NextNode::max);
}

}  // namespace collsel::builders

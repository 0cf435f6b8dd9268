// flat_concurrent — scatter, gather and their v-variants: the root posts every rank's transfer at
// once (nonblocking), slowest predicted first, and waits for them all, so every receiver's link
// is busy from the start and the root's link is shared instead of serving one rank after another.
// Cost (predict_concurrent_tree): the transfers share the root's link max-min fairly, each no
// faster than its own pair: about max(Σ_r M_r / B_root, max_r p2p(root, r, M_r)) — the bandwidth
// bound on a single switch — where flat's one-at-a-time service costs Σ_r p2p(root, r, M_r).
#include "collsel/algorithms.hpp"
#include "select.hpp"

namespace collsel::builders {

Schedule build_flat_concurrent(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  Schedule s{.algorithm = "flat_concurrent", .op = shape.op, .kind = ScheduleKind::concurrent,
             .tree = Tree(shape.procs, shape.root)};
  for (int rank : detail::ranks_by_own_block_time(shape, ctx.cost, detail::NextNode::max))
    s.tree.add_child(shape.root, rank);
  s.tree.finalize();
  return s;
}

}  // namespace collsel::builders

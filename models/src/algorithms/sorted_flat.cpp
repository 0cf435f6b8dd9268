// sorted_flat_asc / sorted_flat_dsc — scatterv/gatherv: the root exchanges directly with every
// rank, serving them in ascending (asc) or descending (dsc) order of the predicted time of their own
// block, p2p(root, i, block_i) (gatherv: p2p(i, root, block_i)); ties to the lower rank
// (cpm-manual §6.8.2.1–2). For gatherv the tree is the mirror image in time, as for every tree.
// Cost: the root is serialised, Σ_{i≠r} p2p(r, i, block_i) under the p2p tree formula — the same for
// both orders; the order matters on real networks where small sends overlap (LMO's parallel part).
#include "collsel/algorithms.hpp"
#include "select.hpp"

namespace collsel::builders {
namespace {

Schedule build_sorted_flat(const BuildContext& ctx, std::string_view name, bool ascending) {
  const CallShape& shape = ctx.shape;
  Schedule s{.algorithm = name, .op = shape.op, .kind = ScheduleKind::tree, .tree = Tree(shape.procs, shape.root)};
  for (int rank : detail::ranks_by_own_block_time(shape, ctx.cost, ascending ? detail::NextNode::min : detail::NextNode::max))
    s.tree.add_child(shape.root, rank);
  s.tree.finalize();
  return s;
}

}  // namespace

Schedule build_sorted_flat_asc(const BuildContext& ctx) { return build_sorted_flat(ctx, "sorted_flat_asc", true); }
Schedule build_sorted_flat_dsc(const BuildContext& ctx) { return build_sorted_flat(ctx, "sorted_flat_dsc", false); }

}  // namespace collsel::builders

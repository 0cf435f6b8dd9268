// flat — the root exchanges directly with every other rank, in rank order after the root.
// Cost (heterogeneous Hockney, serialised at the root): Σ_{i≠r} (α_ri + β_ri·M_i).
#include "collsel/algorithms.hpp"

namespace collsel::builders {

Schedule build_flat(const BuildContext& ctx) {
  const int n = ctx.shape.procs, root = ctx.shape.root;
  Schedule s{.algorithm = "flat", .op = ctx.shape.op, .kind = ScheduleKind::tree, .tree = Tree(n, root)};
  for (int k = 1; k < n; ++k) s.tree.add_child(root, (root + k) % n);
  s.tree.finalize();
  return s;
}

}  // namespace collsel::builders

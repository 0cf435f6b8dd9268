// binomial — MPICH's binomial tree in rank order relative to the root.
// Relative rank v receives from v - lowbit(v) and serves v + 2^k for 2^k < lowbit(v), largest
// subtree first. Cost (homogeneous Hockney): bcast ⌈log2 P⌉(α + βM); scatter ⌈log2 P⌉α + (P−1)βM.
#include "collsel/algorithms.hpp"

namespace collsel::builders {

Schedule build_binomial(const BuildContext& ctx) {
  const int n = ctx.shape.procs, root = ctx.shape.root;
  Schedule s{.algorithm = "binomial", .op = ctx.shape.op, .kind = ScheduleKind::tree, .tree = Tree(n, root)};
  auto absolute = [&](int rel) { return (rel + root) % n; };
  int top = 1;
  while (top < n) top <<= 1;
  for (int v = 0; v < n; ++v) {
    const int limit = v == 0 ? top : (v & -v);
    for (int mask = limit >> 1; mask > 0; mask >>= 1)
      if (v + mask < n) s.tree.add_child(absolute(v), absolute(v + mask));
  }
  s.tree.finalize();
  return s;
}

}  // namespace collsel::builders

// flat_concurrent — scatter, gather and their v-variants: the root posts every rank's transfer at
// once (nonblocking), slowest predicted first, and waits for them all, so every receiver's link
// is busy from the start and the root's link is shared instead of serving one rank after another.
// Cost (predict_concurrent_tree): the transfers share the root's link max-min fairly, each no
// faster than its own pair: about max(Σ_r M_r / B_root, max_r p2p(root, r, M_r)) — the bandwidth
// bound on a single switch — where flat's one-at-a-time service costs Σ_r p2p(root, r, M_r).
#include <algorithm>

#include "collsel/algorithms.hpp"

namespace collsel::builders {

Schedule build_flat_concurrent(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  struct Item {
    double t;
    int rank;
  };
  std::vector<Item> items;
  items.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i) {
    if (i == root) continue;
    const double b = double(shape.block(i));
    items.push_back({upward ? ctx.cost.p2p(i, root, b) : ctx.cost.p2p(root, i, b), i});
  }
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
    return a.t != b.t ? a.t > b.t : a.rank < b.rank;
  });
  Schedule s{.algorithm = "flat_concurrent", .op = shape.op, .kind = ScheduleKind::concurrent, .tree = Tree(n, root)};
  for (const Item& it : items) s.tree.add_child(root, it.rank);
  s.tree.finalize();
  return s;
}

}  // namespace collsel::builders

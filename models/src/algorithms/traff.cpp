// traff — scatterv/gatherv tree of Träff, model-based (cpm-manual §8.18). For a set S of ranks under
// a parent p (initially every rank but the root, under the root):
//  1. weight w_i = p2p(p, i, block_i) (gatherv: p2p(i, p, block_i)); sort S by decreasing weight
//     (ties: lower rank first); cut the sorted list into consecutive subsets S_0, S_1, ..., each as
//     short as possible with W(S_j) ≥ w_p + Σ_{k<j} W(S_k). The parent p counts as the subset
//     before S_0 with the weight w_p of the lightest member of S, as the root does in Träff's
//     (and the binomial) tree; what remains after the last full subset is the final subset S_t,
//     which may be lighter — like the truncated subtree of a binomial tree when P is no power of 2.
//  2. the root of each subset is its member with the minimal p2p(p, i, Σ_{j∈S} block_j) — the
//     time for the whole payload of the subset; p serves the subsets in reverse order of cutting
//     (S_t first, S_0 last: the biggest payload first, as the binomial tree), and each subset
//     without its root is treated the same way under its root.
// Uniform weights give exactly the subtree sizes of MPICH's binomial tree for any P.
// Cost: the recursive tree formula with whole-subtree payloads (predict_tree). Building costs
// O(P log² P) p2p predictions.
#include <algorithm>

#include "collsel/algorithms.hpp"

namespace collsel::builders {

Schedule build_traff(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  auto p2p = [&](int parent, int i, double bytes) {
    return upward ? ctx.cost.p2p(i, parent, bytes) : ctx.cost.p2p(parent, i, bytes);
  };

  struct Item {
    double w;
    int rank;
  };
  std::vector<Item> items;
  items.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i)
    if (i != root) items.push_back({0.0, i});

  struct Job {
    int parent;
    std::size_t begin, end;  // range of `items`
  };
  std::vector<Job> jobs{{root, 0, items.size()}};
  std::vector<std::pair<std::size_t, std::size_t>> subsets;  // ranges of the current job
  Schedule s{.algorithm = "traff", .op = shape.op, .kind = ScheduleKind::tree, .tree = Tree(n, root)};
  while (!jobs.empty()) {
    const Job job = jobs.back();
    jobs.pop_back();
    if (job.begin == job.end) continue;
    const auto first = items.begin() + std::ptrdiff_t(job.begin), last = items.begin() + std::ptrdiff_t(job.end);
    for (auto it = first; it != last; ++it) it->w = p2p(job.parent, it->rank, double(shape.block(it->rank)));
    std::sort(first, last, [](const Item& a, const Item& b) { return a.w != b.w ? a.w > b.w : a.rank < b.rank; });

    // Phase 1: cut into subsets whose weight is at least the sum of all earlier ones.
    subsets.clear();
    double earlier = items[job.end - 1].w;  // the parent's share: the lightest weight
    std::size_t k = job.begin;
    while (k < job.end) {
      const std::size_t start = k;
      double w = 0;
      do w += items[k++].w;
      while (k < job.end && w < earlier);
      subsets.emplace_back(start, k);
      earlier += w;
    }

    // Phase 2: the root of each subset minimises the time of the subset's whole payload.
    for (auto it = subsets.rbegin(); it != subsets.rend(); ++it) {  // the last cut (biggest payload) first
      const auto [b, e] = *it;
      double payload = 0;
      for (std::size_t j = b; j < e; ++j) payload += double(shape.block(items[j].rank));
      std::size_t best = b;
      double best_t = p2p(job.parent, items[b].rank, payload);
      for (std::size_t j = b + 1; j < e; ++j) {
        const double t = p2p(job.parent, items[j].rank, payload);
        if (t < best_t || (t == best_t && items[j].rank < items[best].rank)) {
          best = j;
          best_t = t;
        }
      }
      std::swap(items[b], items[best]);
      s.tree.add_child(job.parent, items[b].rank);
      jobs.push_back({items[b].rank, b + 1, e});
    }
  }
  s.tree.finalize();
  return s;
}

}  // namespace collsel::builders

// Shared part of binomial_{bfs,dfs,ucs}_{min,max}: the greedy placement of processes on binomial
// positions (see binomial_mapped.hpp). O(P²) predicted p2p times in the worst case, one p2p_row call
// per scan of the remaining processes.
//
// Speed: when a scan is made for a parent whose later children will carry the same message (bcast
// and reduce: every edge carries M), the scan also keeps the next best candidates in order. A later
// child of that parent takes the first of them still unplaced, which is exactly what a new scan
// would choose (the unplaced set only shrinks and the order is total: time, then rank), so most
// siblings need no new scan. Scatter/gather siblings carry different payloads and always rescan.
#include "binomial_mapped.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <type_traits>

#include "collsel/algorithms.hpp"

namespace collsel::builders::detail {
namespace {

constexpr int kKeep = 8;  // candidates kept per parent beyond the chosen one

}  // namespace

namespace {

Schedule assemble(std::string_view name, const CallShape& shape, const std::vector<int>& proc) {
  const int n = shape.procs;
  Schedule s{.algorithm = name, .op = shape.op, .kind = ScheduleKind::tree, .tree = Tree(n, shape.root)};
  for (int v = 0; v < n; ++v)
    for_each_position_child(v, n, [&](int c) { s.tree.add_child(proc[std::size_t(v)], proc[std::size_t(c)]); });
  s.tree.finalize();
  return s;
}

}  // namespace

Schedule build_mapped_binomial(const BuildContext& ctx, std::string_view name, std::span<const int> positions,
                               NextNode how) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  const bool personalized = is_personalized(shape.op);
  double per_rank = double(shape.bytes);
  if (!shape.block_bytes.empty() && n > 1) {
    const double total = std::accumulate(shape.block_bytes.begin(), shape.block_bytes.end(), 0.0);
    per_rank = (total - double(shape.block(root))) / double(n - 1);
  }

  // Unplaced ranks, compact (swap-remove); where[r] is r's index in it, -1 once placed.
  std::vector<int> pool, where(static_cast<std::size_t>(n), -1);
  pool.reserve(std::size_t(n));
  for (int r = 0; r < n; ++r)
    if (r != root) {
      where[std::size_t(r)] = int(pool.size());
      pool.push_back(r);
    }
  auto take = [&](int r) {
    const std::size_t k = std::size_t(where[std::size_t(r)]);
    const int last = pool.back();
    pool[k] = last;
    where[std::size_t(last)] = int(k);
    pool.pop_back();
    where[std::size_t(r)] = -1;
  };

  // Children of each position still to place, and each position's kept candidates.
  std::vector<int> pending(static_cast<std::size_t>(n), 0);
  for (int v = 1; v < n; ++v) ++pending[std::size_t(position_parent(v))];
  std::vector<int> kept_count(static_cast<std::size_t>(n), 0), kept_next(static_cast<std::size_t>(n), 0);
  std::unique_ptr<int[]> kept(personalized ? nullptr : new int[std::size_t(n) * kKeep]);

  std::vector<int> proc(static_cast<std::size_t>(n), -1);
  proc[0] = root;
  if (const MappedModel* grouped = grouped_model(ctx.cost, n, root, double(shape.bytes), upward)) {
    GroupedPool groups(*grouped, n, root);
    for (int v : positions) {
      const int anchor = proc[std::size_t(position_parent(v))];
      const double bytes = personalized ? per_rank * double(position_subtree(v, n)) : double(shape.bytes);
      const int chosen = groups.pick(anchor, bytes, upward, how);
      groups.take(chosen);
      proc[std::size_t(v)] = chosen;
    }
    return assemble(name, shape, proc);
  }
  Scanner scanner(ctx.cost, upward);
  for (int v : positions) {
    const int pv = position_parent(v);
    const std::size_t p = std::size_t(pv);
    const int anchor = proc[p];
    --pending[p];
    int chosen = -1;
    // A kept candidate still unplaced is the choice a new scan would make.
    while (kept_next[p] < kept_count[p]) {
      const int r = kept[p * kKeep + std::size_t(kept_next[p]++)];
      if (where[std::size_t(r)] >= 0) {
        chosen = r;
        break;
      }
    }
    const double bytes = personalized ? per_rank * double(position_subtree(v, n)) : double(shape.bytes);
    if (chosen < 0) {
      const int keep = personalized ? 0 : std::min(kKeep, pending[p]);
      if (keep == 0) {
        chosen = pool[scanner.pick(anchor, pool, bytes, how)];
        kept_count[p] = kept_next[p] = 0;
      } else {
        // The best keep + 1 candidates in order, by insertion into a short sorted list.
        double bt[kKeep + 1] = {};
        int br[kKeep + 1] = {};
        int m = 0;
        const int cap = keep + 1;
        // `how` as a compile-time constant: a candidate no better than a full list's last is
        // dropped with one comparison (ties fall through to the rank order).
        auto insert_into = [&](auto order) {
          constexpr NextNode o = decltype(order)::value;
          scanner.scan(anchor, pool, bytes, [&](std::size_t k, double tk) {
            if (m == cap) {
              const double last = bt[m - 1];
              if (o == NextNode::min ? tk > last : tk < last) return;
              if (!before(tk, pool[k], last, br[m - 1], o)) return;
            }
            const int rk = pool[k];
            int i = m == cap ? m - 1 : m++;
            for (; i > 0 && before(tk, rk, bt[i - 1], br[i - 1], o); --i) {
              bt[i] = bt[i - 1];
              br[i] = br[i - 1];
            }
            bt[i] = tk;
            br[i] = rk;
          });
        };
        if (how == NextNode::min)
          insert_into(std::integral_constant<NextNode, NextNode::min>{});
        else
          insert_into(std::integral_constant<NextNode, NextNode::max>{});
        chosen = br[0];
        for (int i = 1; i < m; ++i) kept[p * kKeep + std::size_t(i - 1)] = br[i];
        kept_count[p] = m - 1;
        kept_next[p] = 0;
      }
    }
    take(chosen);
    proc[std::size_t(v)] = chosen;
  }
  return assemble(name, shape, proc);
}

}  // namespace collsel::builders::detail

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

#include "collsel/algorithms.hpp"

namespace collsel::builders::detail {
namespace {

constexpr int kKeep = 8;  // candidates kept per parent beyond the chosen one

Schedule assemble(std::string_view name, const CallShape& shape, const std::vector<int>& proc) {
  const int n = shape.procs;
  Schedule s{.algorithm = name, .op = shape.op, .kind = ScheduleKind::tree, .tree = Tree(n, shape.root)};
  for (int v = 0; v < n; ++v)
    for_each_position_child(v, n, [&](int c) { s.tree.add_child(proc[std::size_t(v)], proc[std::size_t(c)]); });
  s.tree.finalize();
  return s;
}

// A personalized op's bytes per non-root rank: the message's, or the mean of the non-root blocks.
double per_rank_bytes(const CallShape& shape) {
  const int n = shape.procs;
  double per_rank = double(shape.bytes);
  if (!shape.block_bytes.empty() && n > 1) {
    const double total = std::accumulate(shape.block_bytes.begin(), shape.block_bytes.end(), 0.0);
    per_rank = (total - double(shape.block(shape.root))) / double(n - 1);
  }
  return per_rank;
}

// Unplaced ranks, compact (swap-remove); where[r] is r's index in it, -1 once placed.
class Unplaced {
 public:
  Unplaced(int n, int root) : where_(static_cast<std::size_t>(n), -1) {
    pool_.reserve(std::size_t(n));
    for (int r = 0; r < n; ++r)
      if (r != root) {
        where_[std::size_t(r)] = int(pool_.size());
        pool_.push_back(r);
      }
  }
  const std::vector<int>& pool() const { return pool_; }
  bool has(int r) const { return where_[std::size_t(r)] >= 0; }
  void take(int r) {
    const std::size_t k = std::size_t(where_[std::size_t(r)]);
    const int last = pool_.back();
    pool_[k] = last;
    where_[std::size_t(last)] = int(k);
    pool_.pop_back();
    where_[std::size_t(r)] = -1;
  }

 private:
  std::vector<int> pool_, where_;
};

// The best candidates of one scan in order (time, then rank): times t and ranks r, m of them.
struct Best {
  double t[kKeep + 1] = {};
  int r[kKeep + 1] = {};
  int m = 0;
};

// The best `cap` candidates of a scan, by insertion into a short sorted list. `o` is a
// compile-time constant: a candidate no better than a full list's last is dropped with one
// comparison (ties fall through to the rank order).
template <NextNode o>
void best_candidates(Scanner& scanner, int anchor, const std::vector<int>& pool, double bytes, int cap, Best& b) {
  scanner.scan(anchor, pool, bytes, [&](std::size_t k, double tk) {
    if (b.m == cap) {
      const double last = b.t[b.m - 1];
      if (o == NextNode::min ? tk > last : tk < last) return;
      if (!before(tk, pool[k], last, b.r[b.m - 1], o)) return;
    }
    const int rk = pool[k];
    int i = b.m == cap ? b.m - 1 : b.m++;
    for (; i > 0 && before(tk, rk, b.t[i - 1], b.r[i - 1], o); --i) {
      b.t[i] = b.t[i - 1];
      b.r[i] = b.r[i - 1];
    }
    b.t[i] = tk;
    b.r[i] = rk;
  });
}

// Each parent position's kept candidates, the next best after its last scan (bcast and reduce,
// whose siblings carry the same message; none for personalized ops).
class Kept {
 public:
  Kept(int n, bool personalized)
      : count_(static_cast<std::size_t>(n), 0),
        next_(static_cast<std::size_t>(n), 0),
        ranks_(personalized ? nullptr : new int[std::size_t(n) * kKeep]) {}
  // A kept candidate of p still unplaced (the choice a new scan would make), or -1.
  int next_unplaced(std::size_t p, const Unplaced& unplaced) {
    while (next_[p] < count_[p]) {
      const int r = ranks_[p * kKeep + std::size_t(next_[p]++)];
      if (unplaced.has(r)) return r;
    }
    return -1;
  }
  // Keeps all of b but its first (the one chosen).
  void keep(std::size_t p, const Best& b) {
    for (int i = 1; i < b.m; ++i) ranks_[p * kKeep + std::size_t(i - 1)] = b.r[i];
    count_[p] = b.m - 1;
    next_[p] = 0;
  }
  void clear(std::size_t p) { count_[p] = next_[p] = 0; }

 private:
  std::vector<int> count_, next_;
  std::unique_ptr<int[]> ranks_;
};

}  // namespace

Schedule build_mapped_binomial(const BuildContext& ctx, std::string_view name, std::span<const int> positions,
                               NextNode how) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  const bool personalized = is_personalized(shape.op);
  const double per_rank = per_rank_bytes(shape);
  auto bytes_of = [&](int v) { return personalized ? per_rank * double(position_subtree(v, n)) : double(shape.bytes); };
  std::vector<int> proc(static_cast<std::size_t>(n), -1);
  proc[0] = root;
  if (const MappedModel* grouped = grouped_model(ctx.cost, n, root, double(shape.bytes), upward)) {
    GroupedPool groups(*grouped, n, root);
    for (int v : positions) {
      const int chosen = groups.pick(proc[std::size_t(position_parent(v))], bytes_of(v), upward, how);
      groups.take(chosen);
      proc[std::size_t(v)] = chosen;
    }
    return assemble(name, shape, proc);
  }
  Unplaced unplaced(n, root);
  // Children of each position still to place.
  std::vector<int> pending(static_cast<std::size_t>(n), 0);
  for (int v = 1; v < n; ++v) ++pending[std::size_t(position_parent(v))];
  Kept kept(n, personalized);
  Scanner scanner(ctx.cost, upward);
  for (int v : positions) {
    const std::size_t p = std::size_t(position_parent(v));
    const int anchor = proc[p];
    --pending[p];
    int chosen = kept.next_unplaced(p, unplaced);
    const double bytes = bytes_of(v);
    if (chosen < 0) {
      const int keep = personalized ? 0 : std::min(kKeep, pending[p]);
      if (keep == 0) {
        chosen = unplaced.pool()[scanner.pick(anchor, unplaced.pool(), bytes, how)];
        kept.clear(p);
      } else {
        Best best;
        if (how == NextNode::min)
          best_candidates<NextNode::min>(scanner, anchor, unplaced.pool(), bytes, keep + 1, best);
        else
          best_candidates<NextNode::max>(scanner, anchor, unplaced.pool(), bytes, keep + 1, best);
        chosen = best.r[0];
        kept.keep(p, best);
      }
    }
    unplaced.take(chosen);
    proc[std::size_t(v)] = chosen;
  }
  return assemble(name, shape, proc);
}

}  // namespace collsel::builders::detail

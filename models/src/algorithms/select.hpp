// Shared machinery of the model-driven builders (not a public header): a compact pool of the
// ranks not placed yet and the next-node choice. Builders scan the pool with one P2PModel::p2p_row
// call per choice (one virtual call per row, not per pair) and remove the chosen rank by swapping
// it with the last one, so a choice costs O(remaining) and nothing is allocated per node.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel::builders::detail {

// MIN: the candidate with the smallest predicted p2p time is placed first (fastest first);
// MAX: the largest (slowest first).
enum class NextNode { min, max };

// True when (ta, ra) comes before (tb, rb): faster (MIN) or slower (MAX) first, then lower rank.
// A total order on (time, rank) for finite times, so the choice never depends on scan order.
inline bool before(double ta, int ra, double tb, int rb, NextNode how) {
  if (ta != tb) return how == NextNode::min ? ta < tb : ta > tb;
  return ra < rb;
}

class RankPool {
 public:
  RankPool(int procs, int root) {
    ranks_.reserve(std::size_t(procs));
    for (int r = 0; r < procs; ++r)
      if (r != root) ranks_.push_back(r);
  }
  bool empty() const { return ranks_.empty(); }
  std::size_t size() const { return ranks_.size(); }
  std::span<const int> ranks() const { return ranks_; }
  int operator[](std::size_t k) const { return ranks_[k]; }
  // Removes and returns the rank at index k (swap with the last: the pool stays compact).
  int take(std::size_t k) {
    const int r = ranks_[k];
    ranks_[k] = ranks_.back();
    ranks_.pop_back();
    return r;
  }

 private:
  std::vector<int> ranks_;
};

// Predicted time of one message of `bytes` between `anchor` and every rank of `pool`, into
// out[0..pool.size()): anchor -> rank for data flowing from the root, rank -> anchor otherwise.
// The model's p2p_row batches the downward direction; the upward one is a column of the model
// and is evaluated pair by pair.
inline void predict_against(const P2PModel& cost, bool upward, int anchor, std::span<const int> ranks,
                            double bytes, std::vector<double>& out) {
  if (out.size() < ranks.size()) out.resize(ranks.size());
  if (!upward) {
    cost.p2p_row(anchor, ranks, bytes, std::span<double>(out.data(), ranks.size()));
  } else {
    for (std::size_t k = 0; k < ranks.size(); ++k) out[k] = cost.p2p(ranks[k], anchor, bytes);
  }
}

// One scan's predicted times, handed to a callback f(k, time of ranks[k]) in order. For the plain
// Hockney model the times are computed inline (HockneyModel is final, so p2p() is not a virtual
// call and the very same expression as its p2p_row), fused with the caller's selection: no
// per-pair virtual call and no scratch array; likewise a host-class model's table (the same values
// as its p2p). Any other model goes through p2p_row into scratch.
class Scanner {
 public:
  Scanner(const P2PModel& cost, bool upward)
      : cost_(cost),
        hockney_(dynamic_cast<const HockneyModel*>(&cost)),
        mapped_(dynamic_cast<const MappedModel*>(&cost)),
        upward_(upward) {}

  template <class F>
  void scan(int anchor, std::span<const int> ranks, double bytes, F&& f) {
    if (hockney_) {
      const HockneyModel& h = *hockney_;
      if (!upward_) {
        const int piece = h.piece_of(bytes);
        const double* a = h.alpha_row(anchor, piece);
        const double* b = h.beta_row(anchor, piece);
        for (std::size_t k = 0; k < ranks.size(); ++k) {
          const int j = ranks[k];
          f(k, j == anchor ? 0.0 : a[j] + b[j] * bytes);  // HockneyModel::p2p(anchor, j, bytes)
        }
      } else {
        for (std::size_t k = 0; k < ranks.size(); ++k) f(k, h.p2p(ranks[k], anchor, bytes));
      }
      return;
    }
    if (mapped_)  // a host-class model: its per-size table read inline (MappedModel::View)
      if (const auto view = mapped_->view(anchor, bytes, upward_)) {
        for (std::size_t k = 0; k < ranks.size(); ++k) f(k, (*view)(ranks[k]));
        return;
      }
    predict_against(cost_, upward_, anchor, ranks, bytes, scratch_);
    for (std::size_t k = 0; k < ranks.size(); ++k) f(k, scratch_[k]);
  }

  // Index in `ranks` of the next node by strategy `how`, given their predicted times. Ties go to
  // the lowest rank, so every process computes the very same schedule.
  std::size_t pick(int anchor, std::span<const int> ranks, double bytes, NextNode how) {
    std::size_t best = 0;
    double bt = 0;
    if (how == NextNode::min) {
      scan(anchor, ranks, bytes, [&](std::size_t k, double t) {
        if (k == 0 || (t <= bt && (t < bt || ranks[k] < ranks[best]))) {
          best = k;
          bt = t;
        }
      });
    } else {
      scan(anchor, ranks, bytes, [&](std::size_t k, double t) {
        if (k == 0 || (t >= bt && (t > bt || ranks[k] < ranks[best]))) {
          best = k;
          bt = t;
        }
      });
    }
    return best;
  }

 private:
  const P2PModel& cost_;
  const HockneyModel* hockney_;
  const MappedModel* mapped_;
  bool upward_;
  std::vector<double> scratch_;
};

// Chooses, removes and returns the next node of `pool` for `anchor`.
inline int take_next(Scanner& scanner, int anchor, RankPool& pool, double bytes, NextNode how) {
  return pool.take(scanner.pick(anchor, pool.ranks(), bytes, how));
}

// Host-class models (MappedModel with cost groups): ranks of a cost group are interchangeable
// but for their rank and whether they share the anchor's host, so the next node is the best of
// (every unplaced rank on the anchor's host) and (per group, its lowest unplaced rank on another
// host) — the same choice as a scan of every unplaced rank under the same total order (time,
// then rank), in O(groups + ranks per host) instead of O(P). With a few hundred ranks per handful
// of groups this is what keeps a 1024-rank decision within milliseconds. Used by the mapped binomials and
// chain.
class GroupedPool {
 public:
  GroupedPool(const MappedModel& m, int n, int root)
      : model_(m), next_(std::size_t(n), -1), prev_(std::size_t(n), -1), head_(std::size_t(m.cost_groups()), -1),
        group_host_(head_.size(), kNoHost), placed_(std::size_t(n), 0) {
    std::vector<int> tail(head_.size(), -1);
    int hosts = 0;
    for (int r = 0; r < n; ++r) hosts = std::max(hosts, m.host_index(r) + 1);
    on_host_.resize(std::size_t(hosts));
    for (int r = 0; r < n; ++r) {
      on_host_[std::size_t(m.host_index(r))].push_back(r);
      int& host = group_host_[std::size_t(m.cost_group(r))];
      host = host == kNoHost || host == m.host_index(r) ? m.host_index(r) : kHosts;
      if (r == root) {
        placed_[std::size_t(r)] = 1;
        continue;
      }
      const std::size_t g = std::size_t(m.cost_group(r));
      if (tail[g] < 0) head_[g] = r;
      else next_[std::size_t(tail[g])] = r, prev_[std::size_t(r)] = tail[g];
      tail[g] = r;
    }
    mixed_ = std::find(group_host_.begin(), group_host_.end(), kHosts) != group_host_.end();
  }

  void take(int r) {
    placed_[std::size_t(r)] = 1;
    const std::size_t g = std::size_t(model_.cost_group(r));
    const int p = prev_[std::size_t(r)], q = next_[std::size_t(r)];
    if (p >= 0) next_[std::size_t(p)] = q;
    else head_[g] = q;
    if (q >= 0) prev_[std::size_t(q)] = p;
  }

  // `allowed`, where not empty: per cost group, whether its ranks may be picked (the anchor's host's
  // are considered all the same).
  int pick(int anchor, double bytes, bool upward, NextNode how, const std::vector<bool>& allowed = {}) const {
    const MappedModel::View view = *model_.view(anchor, bytes, upward);
    const int home = model_.host_index(anchor);
    int best = -1;
    double bt = 0;
    auto consider = [&](int r) {
      const double t = view(r);
      if (best < 0 || before(t, r, bt, best, how)) best = r, bt = t;
    };
    if (mixed_)
      for (int r : on_host_[std::size_t(home)])
        if (!placed_[std::size_t(r)]) consider(r);
    for (std::size_t g = 0; g < head_.size(); ++g) {
      if (group_host_[g] == home) {  // its ranks all share the anchor's host, so answer alike: its lowest
        if (!mixed_ && head_[g] >= 0) consider(head_[g]);
        continue;
      }
      if (!allowed.empty() && !allowed[g]) continue;
      for (int r = head_[g]; r >= 0; r = next_[std::size_t(r)])
        if (model_.host_index(r) != home) {
          consider(r);
          break;
        }
    }
    return best;
  }

 private:
  static constexpr int kNoHost = -1, kHosts = -2;  // a group's host before its first rank, and for several
  const MappedModel& model_;
  std::vector<int> next_, prev_, head_;  // per group, its unplaced ranks in increasing order
  std::vector<int> group_host_;          // per group, the host of all its ranks, or kHosts
  bool mixed_ = false;                   // some group has ranks on several hosts
  std::vector<std::vector<int>> on_host_;
  std::vector<char> placed_;  // per rank (char, not bool: with mixed groups read for each of the anchor's host)
};

// Grouped picking pays where groups are few against ranks (else the plain scan is as fast).
inline const MappedModel* grouped_model(const P2PModel& cost, int n, int root, double bytes, bool upward) {
  const auto* m = dynamic_cast<const MappedModel*>(&cost);
  if (!m || m->size() != n || n < 64 || m->cost_groups() == 0 || m->cost_groups() * 8 > n) return nullptr;
  if (!m->view(root, bytes, upward)) return nullptr;
  return m;
}

// The ranks other than the root, ordered by the predicted time of their own block between them
// and the root (root -> rank, or rank -> root for data flowing to the root): `how` = min fastest
// first, max slowest first; ties to the lower rank. The service order of the flat schedules.
inline std::vector<int> ranks_by_own_block_time(const CallShape& shape, const P2PModel& cost, NextNode how) {
  const bool upward = flows_to_root(shape.op);
  struct Item {
    double t;
    int rank;
  };
  std::vector<Item> items;
  items.reserve(std::size_t(shape.procs));
  for (int i = 0; i < shape.procs; ++i) {
    if (i == shape.root) continue;
    const double b = double(shape.block(i));
    items.push_back({upward ? cost.p2p(i, shape.root, b) : cost.p2p(shape.root, i, b), i});
  }
  std::sort(items.begin(), items.end(), [how](const Item& a, const Item& b) { return before(a.t, a.rank, b.t, b.rank, how); });
  std::vector<int> ranks;
  ranks.reserve(items.size());
  for (const Item& it : items) ranks.push_back(it.rank);
  return ranks;
}

}  // namespace collsel::builders::detail

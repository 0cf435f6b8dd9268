// Shared machinery of the model-driven builders (not a public header): a compact pool of the
// ranks not placed yet and the next-node choice. Builders scan the pool with one P2PModel::p2p_row
// call per choice (one virtual call per row, not per pair) and remove the chosen rank by swapping
// it with the last one, so a choice costs O(remaining) and nothing is allocated per node.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel::builders::detail {

// MIN: the candidate with the smallest predicted p2p time is placed first (fastest first);
// MAX: the largest (slowest first).
enum class NextNode { min, max };

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

// Index in `ranks` of the next node by strategy `how`, given their predicted times. Ties go to the
// lowest rank, so every process computes the very same schedule.
inline std::size_t pick_index(std::span<const int> ranks, const std::vector<double>& t, NextNode how) {
  std::size_t best = 0;
  double bt = t[0];
  if (how == NextNode::min) {
    for (std::size_t k = 1; k < ranks.size(); ++k)
      if (t[k] <= bt && (t[k] < bt || ranks[k] < ranks[best])) {
        best = k;
        bt = t[k];
      }
  } else {
    for (std::size_t k = 1; k < ranks.size(); ++k)
      if (t[k] >= bt && (t[k] > bt || ranks[k] < ranks[best])) {
        best = k;
        bt = t[k];
      }
  }
  return best;
}

// Chooses, removes and returns the next node of `pool` for `anchor`.
inline int take_next(const P2PModel& cost, bool upward, int anchor, RankPool& pool, double bytes,
                     NextNode how, std::vector<double>& scratch) {
  predict_against(cost, upward, anchor, pool.ranks(), bytes, scratch);
  return pool.take(pick_index(pool.ranks(), scratch, how));
}

}  // namespace collsel::builders::detail

// Every edge's point-to-point time at a message size, for one tree under one model, in one
// direction: the tables predict_pipeline() reads a plan's segment costs from. The plans a builder
// prices over one tree (segment sizes, windows and their ramps) share most of their sizes — half a
// 128 KiB segment is a 64 KiB one — so a builder keeps them per tree and asks the model once per size.
#pragma once

#include <map>
#include <vector>

namespace collsel {

// One edge's cost for a segment of one size (predict_pipeline): the whole transfer (with the
// receiver's fold for reduce), the part of it that occupies the edge (the marginal cost of its
// bytes) and the fold; the rest is latency, which the window overlaps.
struct EdgeSegmentCost {
  double whole = 0, link = 0, fold = 0;
};

class PipelineEdgeTimes {
 public:
  // The table for `bytes` (indexed by the rank below each edge), or nullptr.
  const std::vector<double>* find(double bytes) const {
    const auto it = by_bytes_.find(bytes);
    return it == by_bytes_.end() ? nullptr : &it->second;
  }
  const std::vector<double>& add(double bytes, std::vector<double> times) {
    return by_bytes_.insert_or_assign(bytes, std::move(times)).first->second;
  }
  std::size_t sizes() const { return by_bytes_.size(); }
  // Every edge's cost for a segment of `bytes` (indexed as the tables), or nullptr: what the
  // plans of one call derive from the tables, the same for every plan that has that size.
  const std::vector<EdgeSegmentCost>* find_costs(double bytes) const {
    const auto it = costs_.find(bytes);
    return it == costs_.end() ? nullptr : &it->second;
  }
  // Added once per size: the plans keep pointers into what is added.
  const std::vector<EdgeSegmentCost>& add_costs(double bytes, std::vector<EdgeSegmentCost> costs) {
    return costs_.try_emplace(bytes, std::move(costs)).first->second;
  }

 private:
  std::map<double, std::vector<double>> by_bytes_;
  std::map<double, std::vector<EdgeSegmentCost>> costs_;
};

}  // namespace collsel

// Every edge's point-to-point time at a message size, for one tree under one model, in one
// direction: the tables predict_pipeline() reads a plan's segment costs from. The plans a builder
// prices over one tree (segment sizes, windows and their ramps) share most of their sizes — half a
// 128 KiB segment is a 64 KiB one — so a builder keeps them per tree and asks the model once per size.
#pragma once

#include <map>
#include <vector>

namespace collsel {

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

 private:
  std::map<double, std::vector<double>> by_bytes_;
};

}  // namespace collsel

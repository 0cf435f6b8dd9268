// The abstract point-to-point predictor every collective cost is built from (CPM's CPM_predictor).
#pragma once

#include <span>
#include <string_view>

namespace collsel {

// Predicts the time, in seconds, of one point-to-point message of `bytes` bytes from process
// `from` to process `to`. Indices are whatever the model is keyed on: calibrated processes for a
// model read from a file, communicator ranks once mapped (see rank_mapping.hpp).
class P2PModel {
 public:
  virtual ~P2PModel() = default;
  virtual std::string_view kind() const = 0;  // "hockney", "lmo", "plogp", "loggp", ...
  virtual int size() const = 0;
  virtual double p2p(int from, int to, double bytes) const = 0;

  // Batch form for the tree builders, which scan candidates by the thousand: out[k] = p2p(from,
  // to[k], bytes). Models override it when they can do better than one virtual call per pair.
  virtual void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
    for (std::size_t k = 0; k < to.size(); ++k) out[k] = p2p(from, to[k], bytes);
  }
};

}  // namespace collsel

// Cost of the MPI library's own algorithm ("native"), from collsel-calibrate's timings of the
// PMPI_ collectives over a grid of sizes.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

class NativeCostTable {
 public:
  struct Point {
    std::size_t bytes;  // CallShape::bytes (per-rank block for scatter/gather, mean block for v)
    double seconds;
  };
  // Series measured at `procs` processes for `op` (root 0). Points are kept sorted by bytes.
  void add(Collective op, int procs, std::vector<Point> points);
  bool has(Collective op, int procs) const;
  // The root collsel-calibrate measures the library's collectives at.
  static constexpr int kMeasuredRoot = 0;

  // native's prediction: `modelled(shape)` is the cost of MPICH's own schedule for a shape under
  // the p2p model of kind `kind` (mpich_native.hpp), the same model every candidate is costed
  // with. Where this op was measured at this process count and the call has the measured root,
  // the measurement corrects it: at each measured size b the ratio measured(b) * bias /
  // modelled(the measured shape at b, equal blocks), interpolated in log(bytes) at the call's
  // size (the nearest ratio outside the measured sizes) and kept within [1/2, 2], multiplies
  // modelled(shape). So the level comes from the measurement, the growth beyond it and the
  // blocks' spread from the model, and the model's systematic error (its validation bias,
  // predicted / measured over collsel's own schedules) applies to native as to the candidates and
  // cancels in the ranking. At a measured size with equal blocks this is the measurement times
  // the bias (unless clamped). At another root, or with no series at this process count:
  // modelled(shape) — what the measured root's links did (an incast into a shaped link, say) says
  // nothing of another root's.
  double calibrated(const CallShape& shape, std::string_view kind,
                    const std::function<double(const CallShape&)>& modelled) const;
  // The factor of calibrated() alone (1 where nothing corrects the call): `modelled` is asked only
  // for the measured shapes, so a caller that has priced the call itself applies the factor to
  // that price (and to any other reading of it, predict()'s rested call).
  double correction(const CallShape& shape, std::string_view kind,
                    const std::function<double(const CallShape&)>& modelled) const;

  // Validation bias per model kind (1 = unbiased); kept within [0.5, 2].
  void set_model_bias(const std::map<std::string, double>& bias) { bias_ = bias; }
  double model_bias(std::string_view kind) const;

  const std::map<std::pair<Collective, int>, std::vector<Point>>& series() const { return series_; }

 private:
  std::map<std::pair<Collective, int>, std::vector<Point>> series_;
  std::map<std::string, double> bias_;
};

}  // namespace collsel

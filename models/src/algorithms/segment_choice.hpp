// The segment size of a pipelined schedule: the user's, or the model's predicted optimum.
#pragma once

#include <cstddef>

#include "collsel/registry.hpp"
#include "collsel/segments.hpp"

namespace collsel::builders::detail {

// `ctx.segment_bytes` when the user set one (non-zero); else, of one whole-message segment and
// power-of-two segments from kSmallestAutoSegment up to half the message (reduce: whole elements),
// the one predict_pipeline() prices fastest for `tree` (ties to the larger segment). Below 64 KiB
// a message's protocol (eager copies, per-message costs) weighs most and a calibration's fit is
// least sure of it, so the model never cuts finer than that.
inline constexpr std::size_t kSmallestAutoSegment = 64 * 1024;
// Every size priced with the window `limit` allows it (pipeline_window).
std::size_t choose_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit = {});

// choose_segment's size and its predicted time (predict_pipeline). `own_windows`: only the sizes
// at which `limit` gives another window than the executor's own (where it gives none, the one
// segment or the executor's choice among all sizes): at the others the schedule is
// pipelined_tree's, which that builder prices itself.
struct PricedSegment {
  std::size_t bytes = 0;
  double seconds = 0;
};
PricedSegment price_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit = {}, bool own_windows = false);

}  // namespace collsel::builders::detail

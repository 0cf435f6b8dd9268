// The segment size of a pipelined schedule: the user's, or the model's predicted optimum.
#pragma once

#include <cstddef>

#include "collsel/registry.hpp"

namespace collsel::builders::detail {

// `ctx.segment_bytes` when the user set one (non-zero); else, of one whole-message segment and
// power-of-two segments from kSmallestAutoSegment up to half the message (reduce: whole elements),
// the one predict_pipeline() prices fastest for `tree` (ties to the larger segment). Below 64 KiB
// a message's protocol (eager copies, per-message costs) weighs most and a calibration's fit is
// least sure of it, so the model never cuts finer than that.
inline constexpr std::size_t kSmallestAutoSegment = 64 * 1024;
// `window_cap` > 0: at most that many segments in flight (Schedule::window).
std::size_t choose_segment(const Tree& tree, const BuildContext& ctx, int window_cap = 0);

}  // namespace collsel::builders::detail

// The segment size of a pipelined schedule: the user's, or the model's predicted optimum.
#pragma once

#include <cstddef>

#include "collsel/registry.hpp"

namespace collsel::builders::detail {

// `ctx.segment_bytes` when the user set one (non-zero); else, of one whole-message segment and
// power-of-two segments from kSmallestAutoSegment up to half the message (reduce: whole elements),
// the one predict_pipeline() prices fastest for `tree` (ties to the larger segment).
inline constexpr std::size_t kSmallestAutoSegment = 8 * 1024;
std::size_t choose_segment(const Tree& tree, const BuildContext& ctx);

}  // namespace collsel::builders::detail

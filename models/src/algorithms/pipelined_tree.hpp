// pipelined_tree's builder under a limit on the segments in flight, shared by pipelined_tree,
// pipelined_tree_narrow and pipelined_tree_wide; not a public header.
#pragma once

#include <string_view>

#include "collsel/registry.hpp"
#include "collsel/segments.hpp"
#include "segment_choice.hpp"

namespace collsel::builders::detail {

// The pipelined_tree schedule named `algorithm`, every layout and segment priced with the
// segments in flight per edge that `limit` allows (pipeline_window), the chosen one's window in
// Schedule::window. A window the executor's own limit gives anyway is left out of the schedule.
// `own_windows`: only the segment sizes at which `limit` gives another window than the
// executor's (price_segment).
// `sizes`: the segment sizes priced where the user set none (price_segment).
Schedule build_pipelined_tree_windowed(const BuildContext& ctx, std::string_view algorithm, WindowLimit limit = {},
                                       bool own_windows = false, SegmentSizes sizes = SegmentSizes::usual);

}  // namespace collsel::builders::detail

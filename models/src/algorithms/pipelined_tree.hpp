// pipelined_tree's builder with a cap on the segments in flight, shared by pipelined_tree and
// pipelined_tree_narrow; not a public header.
#pragma once

#include <string_view>

#include "collsel/registry.hpp"

namespace collsel::builders::detail {

// The pipelined_tree schedule named `algorithm`, every layout and segment priced with at most
// `window_cap` segments in flight per edge (Schedule::window; 0: the executor's window). A cap
// that does not bind is left out of the schedule.
Schedule build_pipelined_tree_windowed(const BuildContext& ctx, std::string_view algorithm, int window_cap);

}  // namespace collsel::builders::detail

// pipelined_tree_narrow — pipelined_tree (bcast, reduce) with at most two segments in flight per
// edge instead of the executor's four, the first of half a segment (the ramp of two).
// Segments in flight share a link. Where they start together they arrive together, and a relay
// forwards them together, so the first window's stagger decays into pairs and a slow leaf behind a
// relay lags by the window. Two in flight still hide a latency shorter than a segment's bytes and
// share least; where the latency is longer, four keep the links busy. The flow shop passes
// segments one after another and prices both alike there, so the two are candidates side by side
// and measured verification tells them apart (decision record 0029).
// Cost (predict_pipeline with window_cap 2): the windowed flow shop over the tree.
#include "collsel/algorithms.hpp"
#include "pipelined_tree.hpp"

namespace collsel::builders {
namespace {
constexpr int kNarrowWindow = 2;
}  // namespace

Schedule build_pipelined_tree_narrow(const BuildContext& ctx) {
  return detail::build_pipelined_tree_windowed(ctx, "pipelined_tree_narrow", kNarrowWindow);
}

}  // namespace collsel::builders

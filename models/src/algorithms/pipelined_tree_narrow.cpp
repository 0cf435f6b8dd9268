// pipelined_tree_narrow — pipelined_tree (bcast, reduce) with at most two segments in flight per
// edge instead of the executor's four, the first of half a segment (the ramp of two).
// Segments in flight share a link. Where they start together they arrive together, and a relay
// forwards them together, so the first window's stagger decays into pairs and a slow leaf behind a
// relay lags by the window. Two in flight still hide a latency shorter than a segment's bytes and
// share least; where the latency is longer, four keep the links busy. The flow shop passes
// segments one after another and prices both alike there, so the two are candidates side by side
// and measured verification tells them apart (decision record 0029).
// Cost (predict_pipeline, window limit two): the windowed flow shop over the tree.
#include "collsel/algorithms.hpp"
#include "collsel/segments.hpp"
#include "pipelined_tree.hpp"
#include "segment_choice.hpp"

namespace collsel::builders {
namespace {
constexpr WindowLimit kNarrowWindow{.segments = 2};
}  // namespace

// Only where the model may cut segments of which the executor keeps more than two in flight: the
// user's segment, or 64 KiB ones (choose_segment's smallest) in a message that holds two.
// Elsewhere the schedule would be pipelined_tree's own, built twice.
bool narrow_window_binds(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const bool automatic = ctx.segment_bytes == kAutoSegmentBytes;
  const std::size_t segment = automatic ? detail::kSmallestAutoSegment : ctx.segment_bytes;
  if (automatic && shape.bytes / 2 < segment) return false;
  const SegmentLayout plain = pipeline_segments(shape.bytes, segment, shape.pipeline_unit());
  return plain.count > 1 && pipeline_window(plain) > pipeline_window(plain, false, kNarrowWindow);
}

Schedule build_pipelined_tree_narrow(const BuildContext& ctx) {
  return detail::build_pipelined_tree_windowed(ctx, "pipelined_tree_narrow", kNarrowWindow);
}

}  // namespace collsel::builders

// pipelined_tree_fine — pipelined_tree (bcast, reduce) cut into segments of 8, 16 or 32 KiB,
// below the 64 KiB the other pipelines never cut finer than (segment_choice.hpp).
// Where the links are fast, a pipeline's fill, not its bandwidth, sets the time of a call of
// 64 KiB to 1 MiB: every level of the tree holds the first segment for its whole latency and
// bytes, so a finer segment reaches the leaves sooner. Where bandwidth sets the time, smaller
// messages may move at less of a link's rate than large ones (SimGrid's SMPI model runs 15–64 KiB
// messages at 0.70 of it, 64 KiB and more at 0.94), which a model fitted over all sizes prices too
// cheaply. So finer segments are a candidate of their own, beside pipelined_tree's, and not the
// finest of its sizes: where the model prices them too low and another candidate close, measured
// verification tells them apart; where it prices them far ahead, the prediction's check finds
// the miss (decision records 0025, 0038).
// Cost (predict_pipeline): the windowed flow shop over the tree, at the fine size the model
// prices fastest.
#include "collsel/algorithms.hpp"
#include "pipelined_tree.hpp"
#include "segment_choice.hpp"

namespace collsel::builders {

// Only where the model chooses the segment and some fine size cuts the message into 2 to 128
// segments, in a message of 16 KiB to 1 MiB. Elsewhere, or with the user's segment, it would be pipelined_tree.
bool fine_segments_apply(const BuildContext& ctx) {
  return ctx.segment_bytes == kAutoSegmentBytes && !detail::fine_segments(ctx.shape.bytes).empty();
}

Schedule build_pipelined_tree_fine(const BuildContext& ctx) {
  return detail::build_pipelined_tree_windowed(ctx, "pipelined_tree_fine", {}, false, detail::SegmentSizes::fine);
}

}  // namespace collsel::builders

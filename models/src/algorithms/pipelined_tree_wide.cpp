// pipelined_tree_wide — pipelined_tree (bcast, reduce) with up to eight segments and 1 MiB in
// flight per edge instead of the executor's four and 256 KiB, the first seven ramped up.
// A segment's latency is idle link unless the segments in flight cover it. Where a path's
// latency for a large message is several times its bytes' time (SimGrid charges messages of
// 64 KiB and more about twelve times the link latency; long cables, switch hops), four segments
// of 64 KiB leave each link idle for part of every round trip, and a wider window keeps it busy.
// Where the latency is short the wider window only shares the link among more segments and
// lengthens the fill. The flow shop passes segments one after another and prices the two alike
// there, so the two are candidates side by side and measured verification tells them apart, as
// for pipelined_tree_narrow (decision records 0029, 0034).
// Cost (predict_pipeline, window limit eight and 1 MiB): the windowed flow shop over the tree.
#include "collsel/algorithms.hpp"
#include "collsel/segments.hpp"
#include "pipelined_tree.hpp"
#include "segment_choice.hpp"

namespace collsel::builders {
namespace {
constexpr WindowLimit kWideWindow{.segments = 8, .bytes = 1024 * 1024};
}  // namespace

// Only where the wider window would keep more segments in flight than the executor's does: the
// user's segment, or 64 KiB ones (choose_segment's smallest), in a message of more segments than
// the executor's window. Elsewhere the schedule would be pipelined_tree's own, built twice.
bool wide_window_binds(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const std::size_t segment = ctx.segment_bytes == kAutoSegmentBytes ? detail::kSmallestAutoSegment : ctx.segment_bytes;
  const SegmentLayout plain = pipeline_segments(shape.bytes, segment, shape.pipeline_unit());
  const int executors = pipeline_window(plain);
  return plain.count > executors && pipeline_window(plain, false, kWideWindow) > executors;
}

Schedule build_pipelined_tree_wide(const BuildContext& ctx) {
  // Only the sizes its window changes: at the others pipelined_tree prices the same plans.
  return detail::build_pipelined_tree_windowed(ctx, "pipelined_tree_wide", kWideWindow, /*own_windows=*/true);
}

}  // namespace collsel::builders

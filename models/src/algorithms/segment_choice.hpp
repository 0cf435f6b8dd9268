// The segment size of a pipelined schedule: the user's, or the model's predicted optimum.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include "collsel/registry.hpp"
#include "collsel/segments.hpp"

namespace collsel::builders::detail {

// `ctx.segment_bytes` when the user set one (non-zero); else, of one whole-message segment and
// power-of-two segments from kSmallestAutoSegment up to half the message (reduce: whole elements),
// the one predict_pipeline() prices fastest for `tree` (ties to the larger segment). Below 64 KiB
// a message's protocol (eager copies, per-message costs) weighs most and a calibration's fit is
// least sure of it, so the model never cuts finer than that.
inline constexpr std::size_t kSmallestAutoSegment = kSmallestUsualSegment;
// pipelined_tree_fine's sizes: powers of two from kSmallestFineSegment below kSmallestAutoSegment,
// each cutting the message into 2 to kMostFineSegments segments (more would price a fill no
// shorter at the cost of many more segments' predictions), in messages up to kLargestFineMessage
// (above it the fill is a small part of a pipeline's time, and finer segments only add their own
// costs: 1.27 and 1.32 times pipelined_tree's time at 2 and 4 MiB on a fast homogeneous
// SimGrid cluster, where they are 0.36-0.83 of it from 64 KiB to 1 MiB).
inline constexpr std::size_t kSmallestFineSegment = 8 * 1024;
inline constexpr std::size_t kMostFineSegments = 128;
inline constexpr std::size_t kLargestFineMessage = 1024 * 1024;
// Which sizes a builder prices where the user set none: the usual ones above, or the fine ones.
enum class SegmentSizes { usual, fine };
// The fine sizes for a message of `bytes` (empty where none cuts it into 2..kMostFineSegments).
std::vector<std::size_t> fine_segments(std::size_t bytes);

// Every size priced with the window `limit` allows it (pipeline_window), each only as far as it
// could still be chosen: below the fastest size so far, and below ctx.give_up_at (where every
// size is that slow, the first is returned).
std::size_t choose_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit = {});

// choose_segment's size and its predicted time (predict_pipeline). `own_windows`: only the sizes
// at which `limit` gives another window than the executor's own (where it gives none, the one
// segment or the executor's choice among all sizes): at the others the schedule is
// pipelined_tree's, which that builder prices itself.
struct PricedSegment {
  std::size_t bytes = 0;
  double seconds = 0;
};
// `fine`: the largest fine size alone, at which a builder compares its layouts; finer_segment()
// then tries the smaller ones on the layout it keeps. Where there is none, the usual sizes.
// `shared`: the tree is the call's shared layout of that index (PipelineLayoutCache), whose plans
// are predicted once for every row that prices them.
struct SharedLayout {
  PipelineLayoutCache* cache = nullptr;
  std::size_t index = 0;
};
// `give_up_at`: the caller keeps the result only where it is below this (a layout faster than the
// best so far); at or above it the returned time may be any between it and the layout's own.
PricedSegment price_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit = {}, bool own_windows = false,
                            SegmentSizes sizes = SegmentSizes::usual, SharedLayout shared = {},
                            double give_up_at = std::numeric_limits<double>::infinity());
// From `priced`, the fine sizes below it in turn while each is predicted faster than the last: a
// pipeline's time falls with its segment until the segments' own costs outweigh the shorter
// fill, and every halving doubles the segments a prediction walks through.
PricedSegment finer_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit, PricedSegment priced,
                            SharedLayout shared = {});

}  // namespace collsel::builders::detail

// How a message is cut into segments: the one rule that predict() and the shim's executors share,
// so that a pipelined (chain) or framed (bbs) schedule runs exactly the segments it was costed for.
#pragma once

#include <algorithm>
#include <cstddef>

#include "collsel/tree.hpp"

namespace collsel {

// Pipelined schedules keep up to this many segments in flight on every edge (receives posted
// ahead, sends not yet complete), so a segment's latency and rendezvous overlap the transfers of
// the ones before it; predict_pipeline() costs the same window (pipeline_window).
inline constexpr int kPipelineWindow = 4;
// ... and at most this many bytes: transfers in flight on one link share it, so a window of
// large segments would let each of them arrive only when all of them have, and the next edge
// would wait for the whole window (store and forward in windows instead of a pipeline).
inline constexpr std::size_t kPipelineWindowBytes = 256 * 1024;

struct SegmentLayout {
  std::size_t bytes = 0;  // the whole message
  int count = 1;          // segments (at least one, also for an empty message)
  std::size_t full = 0;   // pipelined: the size of every segment but the ramp's and the last
  bool balanced = false;  // framed: segment sizes differ by at most one byte
  // Pipelined: the first `ramp` segments grow from full / (ramp + 1) to full · ramp / (ramp + 1)
  // in whole units (pipeline_segments says why).
  int ramp = 0;
  std::size_t unit = 1;

  std::size_t ramp_length(int k) const {
    const std::size_t share = full * std::size_t(k + 1) / std::size_t(ramp + 1);
    return std::max(unit, share / unit * unit);
  }
  std::size_t offset(int i) const {
    if (!balanced) {
      std::size_t at = 0;
      for (int k = 0; k < std::min(i, ramp); ++k) at += ramp_length(k);
      return at + std::size_t(std::max(i - ramp, 0)) * full;
    }
    const std::size_t base = bytes / std::size_t(count), extra = bytes % std::size_t(count);
    return std::size_t(i) * base + std::min<std::size_t>(std::size_t(i), extra);
  }
  std::size_t length(int i) const {
    if (!balanced) {
      if (i + 1 == count) return bytes - offset(i);
      return i < ramp ? ramp_length(i) : full;
    }
    const std::size_t base = bytes / std::size_t(count), extra = bytes % std::size_t(count);
    return base + (std::size_t(i) < extra ? 1 : 0);
  }
};

// Pipelined schedules (chain): segments of segment_bytes rounded down to whole units of
// unit_bytes (reduce: the datatype's size, since an operation folds whole elements; at least one
// unit), the remainder last. segment_bytes = 0: one segment.
// With a window of W segments in flight (pipeline_window), the first W − 1 segments form a ramp:
// full·1/W, full·2/W, … Transfers in flight on one link share it (SimGrid, TCP), so W equal
// segments posted at once arrive at once; the sender posts the next W together, and every window
// pays its latency with the link idle (a 4 MiB pipeline over one 400 Mbit/s hop of 1.6 ms in
// 64 KiB segments, four in flight: 1.37 times the link's time). Segments of graduated sizes
// finish one after another, each one's successor is posted while the others still hold the link,
// and the stagger passes down the path (1.07 times). Only where the message holds the ramp and a
// full segment more; else no ramp.
inline SegmentLayout pipeline_segments(std::size_t bytes, std::size_t segment_bytes, std::size_t unit_bytes = 1,
                                       int ramp = 0) {
  unit_bytes = std::max<std::size_t>(unit_bytes, 1);
  const std::size_t full = std::max(unit_bytes, segment_bytes / unit_bytes * unit_bytes);
  if (segment_bytes == 0 || bytes <= full) return {.bytes = bytes, .count = 1, .full = bytes, .unit = unit_bytes};
  SegmentLayout layout{.bytes = bytes, .count = 1, .full = full, .ramp = std::max(ramp, 0), .unit = unit_bytes};
  const std::size_t ramp_bytes = layout.offset(layout.ramp);
  if (layout.ramp > 0 && bytes <= ramp_bytes + full) return pipeline_segments(bytes, segment_bytes, unit_bytes, 0);
  layout.count = layout.ramp + int((bytes - ramp_bytes + full - 1) / full);
  return layout;
}

// How many segments a pipelined schedule keeps in flight on an edge: at most `segments` of them
// and at most `bytes` of their full segments (at least one). The executor's own limit is
// kPipelineWindow and kPipelineWindowBytes; pipelined_tree_narrow and pipelined_tree_wide are the
// same tree under another limit.
struct WindowLimit {
  int segments = kPipelineWindow;
  std::size_t bytes = kPipelineWindowBytes;
};

// The segments a pipelined schedule keeps in flight on an edge for this layout under `limit`. On
// a path of two hops or more (`long_path`: chain) one: each hop waits for a window to arrive
// whole, so a window multiplies every hop's share of the fill, which on a long path costs more
// than the latency it hides (SimGrid random platforms: a 14-process chain at 1 MiB in 64 KiB
// segments takes 199 ms with four in flight, 154 ms with one).
inline int pipeline_window(const SegmentLayout& layout, bool long_path = false, WindowLimit limit = {}) {
  if (long_path) return 1;
  const std::size_t fit = limit.bytes / std::max<std::size_t>(layout.full, 1);
  return int(std::clamp<std::size_t>(fit, 1, std::size_t(std::max(limit.segments, 1))));
}

// The window of a pipelined schedule over `tree`: one segment on a chain (a tree of depth n − 1 over
// n > 2 ranks), else as the layout's segments and the limit allow. predict_pipeline() and the
// shim's executor both take it from here.
inline int pipeline_window(const SegmentLayout& layout, const Tree& tree, WindowLimit limit = {}) {
  const int n = tree.size();
  return pipeline_window(layout, n > 2 && tree.is_path(), limit);
}

// What a pipelined schedule over `tree` runs: its window (`window` > 0: that many, Schedule::window;
// else pipeline_window under `limit`) and its segments, ramp included. predict_pipeline() and the
// shim's executors both take it from here.
struct PipelinePlan {
  SegmentLayout segments;
  int window = 1;
};
inline PipelinePlan pipeline_plan(std::size_t bytes, std::size_t segment_bytes, std::size_t unit_bytes,
                                  const Tree& tree, int window = 0, WindowLimit limit = {}) {
  const SegmentLayout plain = pipeline_segments(bytes, segment_bytes, unit_bytes);
  const int w = window > 0 ? window : pipeline_window(plain, tree, limit);
  return {pipeline_segments(bytes, segment_bytes, unit_bytes, w - 1), w};
}

// Framed schedules (bbs): as many packets as segments of segment_bytes need, of balanced sizes
// (every packet crosses every step of the frames, so equal packets keep the steps even).
inline SegmentLayout frame_packets(std::size_t bytes, std::size_t segment_bytes) {
  const int count = segment_bytes == 0 || bytes <= segment_bytes ? 1 : int((bytes + segment_bytes - 1) / segment_bytes);
  return {.bytes = bytes, .count = count, .full = 0, .balanced = true};
}

}  // namespace collsel

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
  std::size_t full = 0;   // pipelined: the size of every segment but the last
  bool balanced = false;  // framed: segment sizes differ by at most one byte

  std::size_t offset(int i) const {
    if (!balanced) return std::size_t(i) * full;
    const std::size_t base = bytes / std::size_t(count), extra = bytes % std::size_t(count);
    return std::size_t(i) * base + std::min<std::size_t>(std::size_t(i), extra);
  }
  std::size_t length(int i) const {
    if (!balanced) return i + 1 < count ? full : bytes - std::size_t(count - 1) * full;
    const std::size_t base = bytes / std::size_t(count), extra = bytes % std::size_t(count);
    return base + (std::size_t(i) < extra ? 1 : 0);
  }
};

// Pipelined schedules (chain): segments of segment_bytes rounded down to whole units of
// unit_bytes (reduce: the datatype's size, since an operation folds whole elements; at least one
// unit), the remainder last. segment_bytes = 0: one segment.
inline SegmentLayout pipeline_segments(std::size_t bytes, std::size_t segment_bytes, std::size_t unit_bytes = 1) {
  unit_bytes = std::max<std::size_t>(unit_bytes, 1);
  const std::size_t full = std::max(unit_bytes, segment_bytes / unit_bytes * unit_bytes);
  if (segment_bytes == 0 || bytes <= full) return {.bytes = bytes, .count = 1, .full = bytes};
  return {.bytes = bytes, .count = int((bytes + full - 1) / full), .full = full};
}

// The segments a pipelined schedule keeps in flight on an edge for this layout: as many as
// kPipelineWindowBytes holds of its full segments, at least one, at most kPipelineWindow. On a
// path of two hops or more (`long_path`: chain) one: each hop waits for a window to arrive whole,
// so a window multiplies every hop's share of the fill, which on a long path costs more than the
// latency it hides (SimGrid random platforms: a 14-process chain at 1 MiB in 64 KiB segments
// takes 199 ms with four in flight, 154 ms with one).
inline int pipeline_window(const SegmentLayout& layout, bool long_path = false) {
  if (long_path) return 1;
  const std::size_t fit = kPipelineWindowBytes / std::max<std::size_t>(layout.full, 1);
  return int(std::clamp<std::size_t>(fit, 1, std::size_t(kPipelineWindow)));
}

// The window of a pipelined schedule over `tree`: one segment on a chain (a tree of depth n − 1 over
// n > 2 ranks), else as the layout's segments allow. predict_pipeline() and the shim's executor
// both take it from here.
inline int pipeline_window(const SegmentLayout& layout, const Tree& tree) {
  const int n = tree.size();
  return pipeline_window(layout, n > 2 && tree.depth() == n - 1);
}

// Framed schedules (bbs): as many packets as segments of segment_bytes need, of balanced sizes
// (every packet crosses every step of the frames, so equal packets keep the steps even).
inline SegmentLayout frame_packets(std::size_t bytes, std::size_t segment_bytes) {
  const int count = segment_bytes == 0 || bytes <= segment_bytes ? 1 : int((bytes + segment_bytes - 1) / segment_bytes);
  return {.bytes = bytes, .count = count, .full = 0, .balanced = true};
}

}  // namespace collsel

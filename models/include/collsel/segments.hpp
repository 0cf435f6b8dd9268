// How a message is cut into segments: the one rule that predict() and the shim's executors share,
// so that a pipelined (chain) or framed (bbs) schedule runs exactly the segments it was costed for.
#pragma once

#include <algorithm>
#include <cstddef>

namespace collsel {

// Pipelined schedules keep up to this many segments in flight on every edge (receives posted
// ahead, sends not yet complete), so a segment's latency and rendezvous overlap the transfers of
// the ones before it; predict_pipeline() costs the same window.
inline constexpr int kPipelineWindow = 4;

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

// Framed schedules (bbs): as many packets as segments of segment_bytes need, of balanced sizes
// (every packet crosses every step of the frames, so equal packets keep the steps even).
inline SegmentLayout frame_packets(std::size_t bytes, std::size_t segment_bytes) {
  const int count = segment_bytes == 0 || bytes <= segment_bytes ? 1 : int((bytes + segment_bytes - 1) / segment_bytes);
  return {.bytes = bytes, .count = count, .full = 0, .balanced = true};
}

}  // namespace collsel

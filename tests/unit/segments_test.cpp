// How messages are cut into segments (collsel/segments.hpp): the one rule the predictor and the
// pipelined and framed executors share.
#include <gtest/gtest.h>

#include <random>

#include "collsel/segments.hpp"

using namespace collsel;

namespace {

// Segments tile [0, bytes) in order, with no gap and no overlap.
void expect_tiling(const SegmentLayout& l, const std::string& what) {
  std::size_t next = 0;
  for (int i = 0; i < l.count; ++i) {
    EXPECT_EQ(l.offset(i), next) << what << " segment " << i;
    next += l.length(i);
  }
  EXPECT_EQ(next, l.bytes) << what;
}

}  // namespace

TEST(Segments, PipelineFullSegmentsThenTheRemainder) {
  const SegmentLayout l = pipeline_segments(1000, 300);
  ASSERT_EQ(l.count, 4);
  EXPECT_EQ(l.length(0), 300u);
  EXPECT_EQ(l.length(2), 300u);
  EXPECT_EQ(l.length(3), 100u);
  EXPECT_EQ(l.offset(3), 900u);
  expect_tiling(l, "1000/300");
  EXPECT_EQ(pipeline_segments(300, 300).count, 1);
  EXPECT_EQ(pipeline_segments(301, 300).count, 2);
  EXPECT_EQ(pipeline_segments(5000, 0).count, 1);  // no segmenting
  EXPECT_EQ(pipeline_segments(0, 300).count, 1);
  EXPECT_EQ(pipeline_segments(0, 300).length(0), 0u);
}

TEST(Segments, ReduceSegmentsHoldWholeElements) {
  // 200 elements of 12 bytes, segments of about 1000 bytes: 83 elements (996 bytes) per segment.
  const SegmentLayout l = pipeline_segments(2400, 1000, 12);
  ASSERT_EQ(l.count, 3);
  EXPECT_EQ(l.full, 996u);
  for (int i = 0; i < l.count; ++i) EXPECT_EQ(l.length(i) % 12, 0u) << i;
  EXPECT_EQ(l.length(2), 2400u - 2 * 996);
  expect_tiling(l, "2400/1000/12");
  // An element larger than the segment: one element per segment.
  const SegmentLayout big = pipeline_segments(5000, 1024, 2500);
  EXPECT_EQ(big.count, 2);
  EXPECT_EQ(big.length(0), 2500u);
}

TEST(Segments, PipelineWindowHoldsAtMostItsBytes) {
  // Up to kPipelineWindow segments in flight, no more than kPipelineWindowBytes of them, at least one.
  const std::size_t cap = kPipelineWindowBytes;
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, 1024)), kPipelineWindow);
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, cap / 4)), 4);
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, cap / 4 + 1)), 3);
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, cap / 2)), 2);
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, cap)), 1);
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, 1u << 20)), 1);
  // Reduce's whole elements: the window counts the rounded segment (full), not the request.
  const SegmentLayout l = pipeline_segments(4u << 20, cap / 2 + 8, 12);
  EXPECT_LE(std::size_t(pipeline_window(l)) * l.full, cap);
  EXPECT_EQ(pipeline_window(l), 1);  // (cap/2 + 8) rounds to cap/2 + 4 elements' worth: 2 do not fit
  // A path of two hops or more (chain): one segment in flight, whatever its size.
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, 1024), true), 1);
  EXPECT_EQ(pipeline_window(pipeline_segments(4u << 20, cap / 4), true), 1);
  // One segment (no cutting) counts as a segment of the whole message; an empty one as one byte.
  EXPECT_EQ(pipeline_window(pipeline_segments(5000, 0)), kPipelineWindow);
  EXPECT_EQ(pipeline_window(pipeline_segments(cap + 1, 0)), 1);
  EXPECT_EQ(pipeline_window(pipeline_segments(0, 300)), kPipelineWindow);
}

TEST(Segments, FramePacketsAreBalanced) {
  const SegmentLayout l = frame_packets(1001, 300);
  ASSERT_EQ(l.count, 4);
  EXPECT_EQ(l.length(0), 251u);
  for (int i = 1; i < 4; ++i) EXPECT_EQ(l.length(i), 250u) << i;
  expect_tiling(l, "1001/300 frames");
  EXPECT_EQ(frame_packets(300, 300).count, 1);
  EXPECT_EQ(frame_packets(10, 0).count, 1);
}

TEST(Segments, RandomLayoutsTileTheMessage) {
  std::mt19937 gen(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t unit = std::size_t(std::uniform_int_distribution<int>(1, 24)(gen));
    const std::size_t bytes = std::uniform_int_distribution<std::size_t>(0, 100000)(gen) / unit * unit;
    const std::size_t seg = std::uniform_int_distribution<std::size_t>(1, 20000)(gen);
    const SegmentLayout p = pipeline_segments(bytes, seg, unit);
    expect_tiling(p, "pipeline " + std::to_string(trial));
    for (int i = 0; i + 1 < p.count; ++i) ASSERT_EQ(p.length(i), p.full) << trial;
    for (int i = 0; i < p.count; ++i) ASSERT_EQ(p.length(i) % unit, 0u) << trial;
    ASSERT_LE(p.full, std::max(seg, unit)) << trial;
    const SegmentLayout f = frame_packets(bytes, seg);
    expect_tiling(f, "frames " + std::to_string(trial));
    for (int i = 0; i < f.count; ++i) ASSERT_LE(f.length(i), std::max(seg, bytes ? std::size_t(1) : 0)) << trial;
  }
}

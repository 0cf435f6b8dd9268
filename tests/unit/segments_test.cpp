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

TEST(Segments, TheFirstWindowRampsUp) {
  // A window of 4: the first 3 segments take 1/4, 2/4 and 3/4 of a full one, so that segments
  // posted together do not arrive together; then full segments and the remainder.
  const SegmentLayout l = pipeline_segments(4u << 20, 64u << 10, 1, 3);
  ASSERT_EQ(l.count, 3 + 63);  // (4 MiB − 96 KiB) / 64 KiB = 62.5 full segments
  EXPECT_EQ(l.length(0), 16u << 10);
  EXPECT_EQ(l.length(1), 32u << 10);
  EXPECT_EQ(l.length(2), 48u << 10);
  EXPECT_EQ(l.length(3), 64u << 10);
  EXPECT_EQ(l.length(l.count - 1), 32u << 10);
  expect_tiling(l, "4M/64K ramp 3");
  // Whole elements in the ramp too (reduce): 996-byte segments of 12-byte elements.
  const SegmentLayout r = pipeline_segments(120000, 1000, 12, 3);
  EXPECT_EQ(r.length(0), 20u * 12);  // a quarter of 996 bytes is 249: 20 whole elements
  for (int i = 0; i < r.count; ++i) EXPECT_EQ(r.length(i) % 12, 0u) << i;
  for (int i = 0; i + 1 < r.ramp; ++i) EXPECT_LT(r.length(i), r.length(i + 1)) << i;
  expect_tiling(r, "120000/1000/12 ramp 3");
  // No ramp where the message does not hold it and a full segment more: cut as without one.
  EXPECT_EQ(pipeline_segments(160u << 10, 64u << 10, 1, 3).ramp, 0);
  EXPECT_EQ(pipeline_segments(160u << 10, 64u << 10, 1, 3).count, 3);
  EXPECT_EQ(pipeline_segments(161u << 10, 64u << 10, 1, 3).ramp, 3);
  EXPECT_EQ(pipeline_segments(1000, 0, 1, 3).count, 1);
}

TEST(Segments, APlanRampsUpToItsWindow) {
  // A star of 5 (window kPipelineWindow for 64 KiB segments): a ramp of W − 1. A chain of 5
  // keeps one segment in flight and no ramp. A window given: its ramp.
  Tree star(5, 0), chain(5, 0);
  for (int v = 1; v < 5; ++v) {
    star.add_child(0, v);
    chain.add_child(v - 1, v);
  }
  star.finalize();
  chain.finalize();
  const PipelinePlan s = pipeline_plan(4u << 20, 64u << 10, 1, star);
  EXPECT_EQ(s.window, kPipelineWindow);
  EXPECT_EQ(s.segments.ramp, kPipelineWindow - 1);
  const PipelinePlan c = pipeline_plan(4u << 20, 64u << 10, 1, chain);
  EXPECT_EQ(c.window, 1);
  EXPECT_EQ(c.segments.ramp, 0);
  EXPECT_EQ(pipeline_plan(4u << 20, 64u << 10, 1, chain, 2).segments.ramp, 1);
  // A window limit (pipelined_tree_narrow's, _wide's): as many as it allows, the ramp with them;
  // one on a chain whatever the limit.
  const PipelinePlan narrow = pipeline_plan(4u << 20, 64u << 10, 1, star, 0, WindowLimit{.segments = 2});
  EXPECT_EQ(narrow.window, 2);
  EXPECT_EQ(narrow.segments.ramp, 1);
  EXPECT_EQ(narrow.segments.ramp_length(0), 32u << 10);
  EXPECT_EQ(pipeline_plan(4u << 20, 64u << 10, 1, chain, 0, WindowLimit{.segments = 2}).window, 1);
  const WindowLimit wide{.segments = 8, .bytes = 1u << 20};
  const PipelinePlan w = pipeline_plan(4u << 20, 64u << 10, 1, star, 0, wide);
  EXPECT_EQ(w.window, 8);
  EXPECT_EQ(w.segments.ramp, 7);
  EXPECT_EQ(w.segments.ramp_length(0), 8u << 10);
  EXPECT_EQ(w.segments.ramp_length(6), 56u << 10);
  expect_tiling(w.segments, "4 MiB/64 KiB, window 8");
  EXPECT_EQ(pipeline_plan(4u << 20, 256u << 10, 1, star, 0, wide).window, 4);  // 1 MiB of them
  EXPECT_EQ(pipeline_plan(4u << 20, 256u << 10, 1, star).window, 1);
  EXPECT_EQ(pipeline_plan(4u << 20, 64u << 10, 1, chain, 0, wide).window, 1);
  // A window given (Schedule::window) is the window, whatever the limit.
  EXPECT_EQ(pipeline_plan(4u << 20, 64u << 10, 1, star, 6, wide).window, 6);
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
    const int ramp = trial % 4;
    const SegmentLayout p = pipeline_segments(bytes, seg, unit, ramp);
    expect_tiling(p, "pipeline " + std::to_string(trial));
    ASSERT_TRUE(p.ramp == 0 || p.ramp == ramp) << trial;
    for (int i = p.ramp; i + 1 < p.count; ++i) ASSERT_EQ(p.length(i), p.full) << trial;
    for (int i = 0; i < p.ramp; ++i) ASSERT_LE(p.length(i), p.full) << trial;
    for (int i = 0; i < p.count; ++i) ASSERT_EQ(p.length(i) % unit, 0u) << trial;
    ASSERT_LE(p.full, std::max(seg, unit)) << trial;
    const SegmentLayout f = frame_packets(bytes, seg);
    expect_tiling(f, "frames " + std::to_string(trial));
    for (int i = 0; i < f.count; ++i) ASSERT_LE(f.length(i), std::max(seg, bytes ? std::size_t(1) : 0)) << trial;
  }
}

// The schedules that aim at the bandwidth bound: share_link's fluid model by hand, the concurrent
// flat scatter/gather at the bound on a star, pipelined_tree's speed order, and the model's choice
// of segment.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "collsel/bounds.hpp"
#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;

namespace {

Schedule build(std::string_view name, const P2PModel& m, const CallShape& shape,
               std::size_t segment = kAutoSegmentBytes) {
  return find_algorithm(name)->build(BuildContext{m, shape, segment});
}

// One switch: host i's link passes 1/beta[i] bytes per second each way; a pair runs at its slower
// end, after `latency` seconds.
HockneyModel star(const std::vector<double>& beta, double latency) {
  const int n = int(beta.size());
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, latency, std::max(beta[std::size_t(i)], beta[std::size_t(j)]));
  return m;
}

}  // namespace

TEST(ShareLink, MaxMinFairByHand) {
  // 10 B/s shared: B is capped at 4 B/s, A takes the other 6 until it is done at 10/6 s; then B
  // alone, still at its cap: 30 bytes at 4 B/s end at 7.5 s. Latency is added at the end.
  const std::vector<SharedFlow> flows = {{0, 10, 100, 0.5}, {0, 30, 4, 0}};
  const auto done = share_link(flows, 10);
  EXPECT_NEAR(done[0], 10.0 / 6 + 0.5, 1e-12);
  EXPECT_NEAR(done[1], 7.5, 1e-12);
  // A late flow: A has the link alone for 1 s (done), C then has it alone.
  const std::vector<SharedFlow> late = {{0, 10, 100, 0}, {1, 10, 100, 0}};
  const auto d2 = share_link(late, 10);
  EXPECT_NEAR(d2[0], 1.0, 1e-12);
  EXPECT_NEAR(d2[1], 2.0, 1e-12);
  // Unlimited link (0): each flow at its own cap; an empty flow ends after its latency.
  const std::vector<SharedFlow> free = {{0, 8, 2, 0}, {3, 0, 1, 0.25}};
  const auto d3 = share_link(free, 0);
  EXPECT_NEAR(d3[0], 4.0, 1e-12);
  EXPECT_NEAR(d3[1], 3.25, 1e-12);
}

TEST(FlatConcurrent, ScatterAndGatherReachTheBoundOnAStar) {
  // Root 0 and four fast hosts at 1e-9 s/B, one slow host at 1e-8 s/B, 1 MB blocks: the slow
  // host's block bounds (10 ms, the root's five blocks take 5 ms); one at a time costs 14 ms.
  const HockneyModel m = star({1e-9, 1e-9, 1e-9, 1e-8, 1e-9, 1e-9}, 1e-5);
  for (Collective op : {Collective::scatter, Collective::gather}) {
    const CallShape shape{.op = op, .procs = 6, .root = 0, .bytes = 1000000};
    const Schedule s = build("flat_concurrent", m, shape);
    EXPECT_EQ(s.kind, ScheduleKind::concurrent);
    EXPECT_EQ(s.tree.children(0).front(), 3) << "the slowest transfer is posted first";
    const double bound = bandwidth_bound(shape, m);
    EXPECT_NEAR(bound, 1e-2, 1e-12);
    EXPECT_NEAR(predict(s, shape, m), bound + 1e-5, 1e-9) << to_string(op);
    EXPECT_GT(predict(build("flat", m, shape), shape, m), 1.3 * predict(s, shape, m));
  }
  // Equal blocks through the root's own link: five blocks at 1e-9 s/B each when every host is fast.
  const HockneyModel fast = star(std::vector<double>(6, 1e-9), 0);
  const CallShape shape{.op = Collective::scatter, .procs = 6, .root = 2, .bytes = 1000000};
  EXPECT_NEAR(predict(build("flat_concurrent", fast, shape), shape, fast), 5e-3, 1e-12);
}

TEST(PipelinedTree, SlowRanksAreLeavesAndFastRanksForward) {
  std::vector<double> beta(13, 1e-9);
  for (int slow : {2, 5, 6, 11}) beta[std::size_t(slow)] = 1e-7;
  const HockneyModel m = star(beta, 2e-5);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 13, .root = 4, .bytes = 4 << 20, .element_bytes = 8};
    const Schedule s = build("pipelined_tree", m, shape);
    ASSERT_EQ(s.kind, ScheduleKind::pipeline);
    for (int slow : {2, 5, 6, 11}) EXPECT_TRUE(s.tree.children(slow).empty()) << slow << " " << to_string(op);
    for (int v = 0; v < 13; ++v) EXPECT_LE(s.tree.children(v).size(), 4u);
    EXPECT_GT(s.segment_bytes, 0u);
    // Every slow host takes the message in over its own link: that is the bound, and the tree
    // comes within 15 % of it.
    const double bound = bandwidth_bound(shape, m);
    EXPECT_LT(predict(s, shape, m), 1.15 * bound) << to_string(op);
  }
}

TEST(PipelinedTree, TheNarrowOneKeepsTwoSegmentsInFlight) {
  // 64 KiB segments: the executor's window is four, the narrow variant's two (its ramp one half
  // segment), and it is priced as it runs. On slow links of little latency (a segment's bytes
  // take 6.6 ms, its latency 20 µs) the flow shop prices both alike; with a latency of four
  // segments' bytes two in flight leave the links idle, and the wide one is predicted faster.
  const std::vector<double> beta(9, 1e-7);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 9, .root = 0, .bytes = 1 << 20, .element_bytes = 8};
    const HockneyModel short_latency = star(beta, 2e-5);
    const Schedule narrow = build("pipelined_tree_narrow", short_latency, shape, 64 << 10);
    const Schedule wide = build("pipelined_tree", short_latency, shape, 64 << 10);
    ASSERT_EQ(narrow.kind, ScheduleKind::pipeline);
    EXPECT_EQ(narrow.window, 2) << to_string(op);
    EXPECT_EQ(wide.window, 0) << to_string(op);
    EXPECT_DOUBLE_EQ(predict(narrow, shape, short_latency),
                     predict_pipeline(narrow.tree, shape, 64 << 10, short_latency, nullptr, 2));
    EXPECT_NEAR(predict(narrow, shape, short_latency), predict(wide, shape, short_latency),
                0.01 * predict(wide, shape, short_latency))
        << to_string(op);
    const HockneyModel long_latency = star(beta, 4 * 65536 * 1e-7);
    EXPECT_LT(predict(build("pipelined_tree", long_latency, shape, 64 << 10), shape, long_latency),
              0.9 * predict(build("pipelined_tree_narrow", long_latency, shape, 64 << 10), shape, long_latency))
        << to_string(op);
    // 128 KiB segments: the executor keeps two of them anyway (256 KiB in flight), so the cap
    // binds nothing and the two candidates are one plan.
    const Schedule narrow128 = build("pipelined_tree_narrow", short_latency, shape, 128 << 10);
    EXPECT_EQ(narrow128.window, 0) << to_string(op);
    EXPECT_TRUE(same_plan(narrow128, build("pipelined_tree", short_latency, shape, 128 << 10))) << to_string(op);
  }
}

TEST(PipelinedTree, TheNarrowOneIsACandidateOnlyWhereItsCapBinds) {
  // Below two 64 KiB segments the model cuts one segment, or 128 KiB ones of which the executor
  // keeps two anyway: nothing to cap, and the narrow row is left out unless asked for by name.
  const HockneyModel m = star(std::vector<double>(9, 1e-8), 2e-5);
  auto names = [&](std::size_t bytes, std::size_t segment, std::vector<std::string> only = {}) {
    DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 9, .root = 0, .bytes = bytes}, .cost = &m,
                      .segment_bytes = segment, .only = std::move(only)};
    std::vector<std::string> out;
    for (const Candidate& c : decide(r).candidates) out.emplace_back(c.algorithm->name);
    return out;
  };
  auto has_narrow = [](const std::vector<std::string>& v) {
    return std::find(v.begin(), v.end(), "pipelined_tree_narrow") != v.end();
  };
  EXPECT_FALSE(has_narrow(names(64 << 10, kAutoSegmentBytes)));
  EXPECT_FALSE(has_narrow(names((128 << 10) - 8, kAutoSegmentBytes)));
  EXPECT_TRUE(has_narrow(names(128 << 10, kAutoSegmentBytes)));
  EXPECT_TRUE(has_narrow(names(1 << 20, kAutoSegmentBytes)));
  EXPECT_FALSE(has_narrow(names(1 << 20, 128 << 10)));  // two of 128 KiB in flight anyway
  EXPECT_TRUE(has_narrow(names(1 << 20, 16 << 10)));
  const std::vector<std::string> forced = names(64 << 10, kAutoSegmentBytes, {"pipelined_tree_narrow"});
  ASSERT_EQ(forced.size(), 2u);
  EXPECT_EQ(forced.back(), "pipelined_tree_narrow");
}

TEST(PipelinedTree, TheWideOneKeepsEightSegmentsInFlight) {
  // 64 KiB segments: the executor keeps four in flight, the wide variant eight (1 MiB, its ramp
  // seven eighths of a segment), and it is priced as it runs. With a latency of six segments'
  // bytes four in flight leave every link idle for part of each round trip and eight do not; with
  // a short latency the flow shop prices both alike (measured verification tells them apart).
  const std::vector<double> beta(9, 1e-7);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 9, .root = 0, .bytes = 4 << 20, .element_bytes = 8};
    const HockneyModel long_latency = star(beta, 6 * 65536 * 1e-7);
    const Schedule wide = build("pipelined_tree_wide", long_latency, shape, 64 << 10);
    ASSERT_EQ(wide.kind, ScheduleKind::pipeline);
    EXPECT_EQ(wide.window, 8) << to_string(op);
    EXPECT_EQ(build("pipelined_tree", long_latency, shape, 64 << 10).window, 0) << to_string(op);
    EXPECT_DOUBLE_EQ(predict(wide, shape, long_latency),
                     predict_pipeline(wide.tree, shape, 64 << 10, long_latency, nullptr, 8));
    // One edge, where the window alone sets the pace: four in flight pass four segments per
    // latency and four segments' bytes, eight keep the link busy.
    const CallShape pair{.op = op, .procs = 2, .root = 0, .bytes = 4 << 20, .element_bytes = 8};
    const HockneyModel two = star({1e-7, 1e-7}, 6 * 65536 * 1e-7);
    const double wide_pair = predict(build("pipelined_tree_wide", two, pair, 64 << 10), pair, two),
                 plain_pair = predict(build("pipelined_tree", two, pair, 64 << 10), pair, two);
    EXPECT_LT(wide_pair, 0.7 * plain_pair) << to_string(op);
    EXPECT_LT(wide_pair, 1.1 * two.p2p(0, 1, double(pair.bytes))) << to_string(op);
    const HockneyModel short_latency = star(beta, 2e-5);
    const double short_plain = predict(build("pipelined_tree", short_latency, shape, 64 << 10), shape, short_latency);
    EXPECT_NEAR(predict(build("pipelined_tree_wide", short_latency, shape, 64 << 10), shape, short_latency), short_plain,
                0.01 * short_plain)
        << to_string(op);
    // 256 KiB segments: the executor keeps one in flight, the wide one four.
    EXPECT_EQ(build("pipelined_tree_wide", long_latency, shape, 256 << 10).window, 4) << to_string(op);
    // 1 MiB segments: one in flight either way, so the two candidates are one plan.
    const Schedule wide1m = build("pipelined_tree_wide", short_latency, shape, 1 << 20);
    EXPECT_EQ(wide1m.window, 0) << to_string(op);
    EXPECT_TRUE(same_plan(wide1m, build("pipelined_tree", short_latency, shape, 1 << 20))) << to_string(op);
  }
}

TEST(PipelinedTree, TheWideOneIsACandidateOnlyWhereItsWindowBinds) {
  // The model's smallest segment (64 KiB) in a message of more of them than the executor keeps
  // in flight (four), or a user's segment of which the wide window holds more than the executor's.
  const HockneyModel m = star(std::vector<double>(9, 1e-8), 2e-5);
  auto has_wide = [&](std::size_t bytes, std::size_t segment) {
    DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 9, .root = 0, .bytes = bytes}, .cost = &m,
                      .segment_bytes = segment};
    for (const Candidate& c : decide(r).candidates)
      if (c.algorithm->name == "pipelined_tree_wide") return true;
    return false;
  };
  EXPECT_FALSE(has_wide(256 << 10, kAutoSegmentBytes));
  EXPECT_TRUE(has_wide(512 << 10, kAutoSegmentBytes));
  EXPECT_TRUE(has_wide(4 << 20, kAutoSegmentBytes));
  EXPECT_TRUE(has_wide(4 << 20, 256 << 10));  // one of 256 KiB in flight, the wide window four
  EXPECT_FALSE(has_wide(4 << 20, 1 << 20));  // one in flight either way
}

TEST(PipelinedTree, TheFineOneShortensTheFillWhereLatencyIsShortAndLinksFast) {
  // Sixteen ranks on fast links (10 GB/s, 5 us): in 64 KiB the whole message is one segment,
  // which every level of the tree receives whole before it forwards; segments of 8-32 KiB reach
  // the leaves sooner. Priced as it runs: the predictor's time of its own segment.
  const HockneyModel m = star(std::vector<double>(16, 1e-10), 5e-6);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    for (std::size_t bytes : {std::size_t(64) << 10, std::size_t(256) << 10, std::size_t(1) << 20}) {
      const CallShape shape{.op = op, .procs = 16, .root = 3, .bytes = bytes, .element_bytes = 8};
      const Schedule fine = build("pipelined_tree_fine", m, shape);
      ASSERT_EQ(fine.kind, ScheduleKind::pipeline);
      EXPECT_TRUE(fine.segment_bytes == 8 << 10 || fine.segment_bytes == 16 << 10 || fine.segment_bytes == 32 << 10)
          << fine.segment_bytes;
      EXPECT_LE(fine.segment_bytes, bytes / 2);
      EXPECT_LE(bytes, 128 * fine.segment_bytes);
      EXPECT_DOUBLE_EQ(predict(fine, shape, m), predict_pipeline(fine.tree, shape, fine.segment_bytes, m));
      const Schedule plain = build("pipelined_tree", m, shape);
      EXPECT_GE(plain.segment_bytes, std::size_t(64) << 10);
      // The fill weighs less as the message grows: 0.73, 0.80 and 0.93 of pipelined_tree's time.
      const double gain = bytes <= 64 << 10 ? 0.75 : bytes <= 256 << 10 ? 0.82 : 0.95;
      EXPECT_LT(predict(fine, shape, m), gain * predict(plain, shape, m)) << to_string(op) << " " << bytes;
      // Its segment is the fastest fine one the predictor finds on its tree.
      for (std::size_t s : {std::size_t(8) << 10, std::size_t(16) << 10, std::size_t(32) << 10}) {
        if (s <= bytes / 2 && bytes <= 128 * s) {
          EXPECT_LE(predict(fine, shape, m), predict_pipeline(fine.tree, shape, s, m) * (1 + 1e-9))
              << to_string(op) << " " << bytes << " " << s;
        }
      }
    }
  }
}

TEST(PipelinedTree, AStepOfTheCurveAboveASegmentIsPricedWithItsBytes) {
  // Eight ranks on one switch whose messages from 64 KiB on pay 2 ms more (a change of protocol):
  // a 32 KiB segment's bytes are priced by the slope out of its size, which carries the step (up
  // to the segment's whole transfer time), as SimGrid moves messages just below 64 KiB slower than
  // larger ones; a 16 KiB segment's slope stays below the step (decision record 0041).
  const std::vector<double> beta{1e-9, 1e-9, 2e-9, 1e-9, 4e-9, 1e-9, 2e-9, 1e-9};
  auto with_step = [&](double step) {
    HockneyModel m(8, {65536.0});
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        if (i != j) {
          const double b = std::max(beta[std::size_t(i)], beta[std::size_t(j)]);
          m.set(i, j, 5e-6, b, 0);
          m.set(i, j, 5e-6 + step, b, 1);
        }
    return m;
  };
  const HockneyModel flat = with_step(0), stepped = with_step(2e-3);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 8, .root = 0, .bytes = std::size_t(1) << 20, .element_bytes = 8};
    const Tree tree = build("pipelined_tree_fine", flat, shape).tree;
    const double fine16 = predict_pipeline(tree, shape, 16 << 10, flat);
    EXPECT_NEAR(predict_pipeline(tree, shape, 16 << 10, stepped), fine16, 1e-3 * fine16) << to_string(op);
    EXPECT_GT(predict_pipeline(tree, shape, 32 << 10, stepped), 1.02 * predict_pipeline(tree, shape, 32 << 10, flat))
        << to_string(op);
  }
}

TEST(PipelinedTree, TheFineOneIsACandidateOnlyForTheModelsSegmentUpTo1MiB) {
  const HockneyModel m = star(std::vector<double>(9, 1e-9), 5e-6);
  auto has_fine = [&](std::size_t bytes, std::size_t segment, std::vector<std::string> only = {}) {
    DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 9, .root = 0, .bytes = bytes}, .cost = &m,
                      .segment_bytes = segment, .only = std::move(only)};
    for (const Candidate& c : decide(r).candidates)
      if (c.algorithm->name == "pipelined_tree_fine") return true;
    return false;
  };
  EXPECT_FALSE(has_fine((16 << 10) - 1, kAutoSegmentBytes));  // no 8 KiB segment twice
  EXPECT_TRUE(has_fine(16 << 10, kAutoSegmentBytes));
  EXPECT_TRUE(has_fine(64 << 10, kAutoSegmentBytes));
  EXPECT_TRUE(has_fine(1 << 20, kAutoSegmentBytes));
  EXPECT_FALSE(has_fine((1 << 20) + 1, kAutoSegmentBytes));
  EXPECT_FALSE(has_fine(4 << 20, kAutoSegmentBytes));
  EXPECT_FALSE(has_fine(64 << 10, 16 << 10));  // the user's segment: pipelined_tree's own plan
  // Asked for by name where it has nothing of its own: pipelined_tree's plan.
  EXPECT_TRUE(has_fine(4 << 10, kAutoSegmentBytes, {"pipelined_tree_fine"}));
  for (std::size_t bytes : {std::size_t(4) << 10, std::size_t(3) << 20}) {
    const CallShape shape{.op = Collective::bcast, .procs = 9, .root = 0, .bytes = bytes};
    EXPECT_TRUE(same_plan(build("pipelined_tree_fine", m, shape), build("pipelined_tree", m, shape))) << bytes;
  }
}

TEST(PipelinedTree, ASlowRootSendsOnceToARelay) {
  // The root's link is ten times slower than the others': each copy it sends out is the bound's
  // time, so a tree that serves k children from it takes k times the bound. Relayed, it sends
  // once, to the fastest rank, which fans the message out.
  std::vector<double> beta(10, 1e-9);
  beta[3] = 1e-8;
  const HockneyModel m = star(beta, 2e-5);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 10, .root = 3, .bytes = 4 << 20, .element_bytes = 8};
    const Schedule s = build("pipelined_tree", m, shape);
    ASSERT_EQ(s.kind, ScheduleKind::pipeline);
    ASSERT_EQ(s.tree.children(3).size(), 1u) << to_string(op);
    EXPECT_GE(s.tree.children(s.tree.children(3)[0]).size(), 2u) << to_string(op);
    // One copy through the root's link, and the fill: within 5 % of that copy alone (two copies
    // from the root would take twice as long).
    const double one_copy = m.p2p(3, 0, double(shape.bytes));
    EXPECT_LT(predict(s, shape, m), 1.05 * one_copy) << to_string(op);
  }
  // A root as fast as the others keeps its children: relaying would only add a hop.
  const HockneyModel even = star(std::vector<double>(10, 1e-9), 2e-5);
  const CallShape shape{.op = Collective::bcast, .procs = 10, .root = 3, .bytes = 4 << 20};
  EXPECT_GE(build("pipelined_tree", even, shape).tree.children(3).size(), 2u);
}

TEST(PipelinedTree, BehindASlowRootTheSlowRanksAreStillLeaves) {
  // Every pair from a slow root is as slow: the times from it differ by latency only, and here the
  // two other slow ranks (5, 7) have the shortest. Ranked by that time they would forward; ranked
  // by their own fastest pair (the fan-out sample) they are leaves, and the relay is a fast rank.
  const int n = 10;
  std::vector<double> beta(n, 1e-9), latency(n, 2e-5);
  for (int slow : {3, 5, 7}) beta[std::size_t(slow)] = 1e-8;
  latency[5] = latency[7] = 1e-6;
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j)
        m.set(i, j, std::max(latency[std::size_t(i)], latency[std::size_t(j)]),
              std::max(beta[std::size_t(i)], beta[std::size_t(j)]));
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = n, .root = 3, .bytes = 4 << 20, .element_bytes = 8};
    const Schedule s = build("pipelined_tree", m, shape);
    ASSERT_EQ(s.tree.children(3).size(), 1u) << to_string(op);
    const int relay = s.tree.children(3)[0];
    EXPECT_EQ(beta[std::size_t(relay)], 1e-9) << to_string(op);
    for (int slow : {5, 7}) EXPECT_TRUE(s.tree.children(slow).empty()) << slow << " " << to_string(op);
    EXPECT_LT(predict(s, shape, m), 1.05 * m.p2p(3, 0, double(shape.bytes))) << to_string(op);
  }
}

TEST(ChooseSegment, AutoIsTheFastestOfItsSizesAndASetSizeIsKept) {
  const HockneyModel m = collsel::testing::random_hockney(9, 17u);
  for (std::size_t bytes : {std::size_t(1000), std::size_t(100000), std::size_t(3000000)}) {
    const CallShape shape{.op = Collective::bcast, .procs = 9, .root = 3, .bytes = bytes};
    const Schedule a = build("chain", m, shape);
    const double chosen = predict(a, shape, m);
    std::vector<std::size_t> sizes = {bytes};
    for (std::size_t s = 65536; s <= bytes / 2; s *= 2) sizes.push_back(s);
    for (std::size_t s : sizes) {
      Schedule other = a;
      other.segment_bytes = s;
      EXPECT_LE(chosen, predict(other, shape, m) * (1 + 1e-12)) << bytes << " vs segment " << s;
    }
    EXPECT_EQ(build("chain", m, shape, 32768).segment_bytes, 32768u);
  }
}

TEST(Chain, NearTheBoundOnAStarWithLatency) {
  // 16 hosts at 10, 1 and 0.1 Gbit/s with 50 us latency: one whole-message hop per host costs
  // the fill of a 4 MiB message per hop; the chain's segment and window leave it within 10 % of
  // the slowest host's link.
  std::vector<double> beta;
  for (int i = 0; i < 16; ++i) beta.push_back(i % 5 == 1 ? 8e-8 : i % 3 == 0 ? 8e-9 : 8e-10);
  const HockneyModel m = star(beta, 5e-5);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 16, .root = 0, .bytes = 4 << 20, .element_bytes = 4};
    const Schedule s = build("chain", m, shape);
    EXPECT_LT(predict(s, shape, m), 1.10 * bandwidth_bound(shape, m)) << to_string(op);
  }
}

TEST(ShareLink, FlowsStartingTogetherAsTheGeneralSimulation) {
  // share_link takes a faster path when every flow starts at once; an empty flow arriving later
  // changes nothing but sends the same flows through the general event simulation.
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> bytes(0, 1e6), cap(1e5, 1e7), lat(0, 1e-3);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 40;
    std::vector<SharedFlow> flows;
    for (int k = 0; k < n; ++k) flows.push_back({2.0, trial % 7 == 0 && k == 0 ? 0.0 : bytes(gen), cap(gen), lat(gen)});
    const double capacity = trial % 5 == 0 ? 0.0 : cap(gen) * double(1 + trial % 4);
    const auto together = share_link(flows, capacity);
    flows.push_back({1e9, 0, 1, 0});
    const auto general = share_link(flows, capacity);
    for (int k = 0; k < n; ++k)
      EXPECT_NEAR(together[std::size_t(k)], general[std::size_t(k)], 1e-9 * general[std::size_t(k)])
          << "trial " << trial << " flow " << k;
  }
}

TEST(ShareLink, WindowByHand) {
  // Three flows of 10 bytes through 10 B/s. Window 1: one after another; the second waits for the
  // first's completion, latency included. Window 2: two share the link (5 B/s each) until 2 s,
  // the third then has it alone.
  const std::vector<SharedFlow> flows = {{0, 10, 100, 0.5}, {0, 10, 100, 0}, {0, 10, 100, 0}};
  const auto one = share_link(flows, 10, 1);
  EXPECT_NEAR(one[0], 1.5, 1e-12);
  EXPECT_NEAR(one[1], 2.5, 1e-12);
  EXPECT_NEAR(one[2], 3.5, 1e-12);
  const auto two = share_link(flows, 10, 2);
  EXPECT_NEAR(two[1], 2.0, 1e-12);
  EXPECT_NEAR(two[0], 2.5, 1e-12);
  EXPECT_NEAR(two[2], 3.0, 1e-12) << "posted when the second completes, at 2 s";
  // A posted flow starts no earlier than its own start; an empty flow frees its slot at once.
  const std::vector<SharedFlow> later = {{0, 0, 1, 0}, {3, 10, 100, 0}, {0, 10, 100, 0}};
  const auto d = share_link(later, 10, 1);
  EXPECT_NEAR(d[0], 0.0, 1e-12);
  EXPECT_NEAR(d[1], 4.0, 1e-12);
  EXPECT_NEAR(d[2], 5.0, 1e-12);
}

TEST(ShareLink, AWindowAsWideAsTheFlowsIsNoWindow) {
  std::mt19937 gen(5);
  std::uniform_real_distribution<double> bytes(0, 1e6), cap(1e5, 1e7), lat(0, 1e-3), start(0, 1e-2);
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 1 + trial % 20;
    std::vector<SharedFlow> flows;
    for (int k = 0; k < n; ++k) flows.push_back({trial % 2 ? start(gen) : 0.0, bytes(gen), cap(gen), lat(gen)});
    const double capacity = cap(gen) * double(1 + trial % 4);
    const auto free = share_link(flows, capacity);
    const auto wide = share_link(flows, capacity, n);
    // The windowed simulation itself, one slot short of every flow, where the last flow's start
    // makes the slot irrelevant: as wide as n when it starts after every other flow's end.
    for (int k = 0; k < n; ++k) EXPECT_DOUBLE_EQ(free[std::size_t(k)], wide[std::size_t(k)]) << trial;
    std::vector<SharedFlow> tail = flows;
    tail.push_back({1e6, 1, 1e9, 0});
    const auto narrow = share_link(tail, capacity, n);
    for (int k = 0; k < n; ++k)
      EXPECT_NEAR(narrow[std::size_t(k)], free[std::size_t(k)], 1e-9 * free[std::size_t(k)] + 1e-15) << trial << " " << k;
    // A narrower window never ends the last flow earlier.
    const auto w1 = share_link(flows, capacity, 1);
    EXPECT_GE(*std::max_element(w1.begin(), w1.end()) * (1 + 1e-12), *std::max_element(free.begin(), free.end())) << trial;
  }
}

TEST(FlatConcurrent, TheWindowIsTheLeastThatKeepsTheRootsLinkBusy) {
  // Four fast hosts and one ten times slower, 1 MB blocks: the slow transfer alone takes 10 ms, the
  // four fast ones 4.4 ms one after another beside it. Window 2 (the slow one and one fast one at
  // a time) is priced as all at once; window 1 would serve the slow host alone first.
  const HockneyModel m = star({1e-9, 1e-9, 1e-9, 1e-8, 1e-9, 1e-9}, 1e-5);
  for (Collective op : {Collective::scatter, Collective::gather}) {
    const CallShape shape{.op = op, .procs = 6, .root = 0, .bytes = 1000000};
    const Schedule s = build("flat_concurrent", m, shape);
    EXPECT_EQ(s.window, 2) << to_string(op);
    Schedule all = s;
    all.window = 0;
    EXPECT_LE(predict(s, shape, m), 1.01 * predict(all, shape, m)) << to_string(op);
    Schedule one = s;
    one.window = 1;
    EXPECT_GT(predict(one, shape, m), 1.3 * predict(s, shape, m)) << to_string(op);
    EXPECT_FALSE(same_plan(s, all));
  }
  // Alike hosts: the root's link is busy with one transfer at a time.
  const HockneyModel alike = star(std::vector<double>(6, 1e-9), 0);
  const CallShape shape{.op = Collective::scatter, .procs = 6, .root = 2, .bytes = 1000000};
  EXPECT_EQ(build("flat_concurrent", alike, shape).window, 1);
}

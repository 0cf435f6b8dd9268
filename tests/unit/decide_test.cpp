#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "collsel/buckets.hpp"
#include "collsel/choose.hpp"
#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "test_models.hpp"

using namespace collsel;
using collsel::testing::one_slow_host;
using collsel::testing::random_hockney;

namespace {

std::vector<std::string> names(const Decision& d) {
  std::vector<std::string> out;
  for (const Candidate& c : d.candidates) out.emplace_back(c.algorithm->name);
  return out;
}
bool has(const Decision& d, std::string_view name) {
  const auto v = names(d);
  return std::find(v.begin(), v.end(), name) != v.end();
}

}  // namespace

TEST(Decide, CandidatesPerCollective) {
  const HockneyModel m = random_hockney(8, 1u);
  DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1 << 20}, .cost = &m};
  Decision d = decide(r);
  EXPECT_EQ(d.candidates.front().algorithm->name, "native");
  EXPECT_TRUE(has(d, "chain"));
  EXPECT_TRUE(has(d, "binomial_ucs_max"));
  EXPECT_FALSE(has(d, "traff"));
  for (const Candidate& c : d.candidates) EXPECT_GT(c.predicted_seconds, 0) << c.algorithm->name;

  std::vector<std::size_t> blocks(8, 1000);
  r.shape = {.op = Collective::scatterv, .procs = 8, .root = 3, .bytes = 1000, .block_bytes = blocks};
  d = decide(r);
  EXPECT_TRUE(has(d, "traff"));
  EXPECT_TRUE(has(d, "sorted_flat_asc"));
  EXPECT_TRUE(has(d, "binomial_dfs_min"));
  EXPECT_FALSE(has(d, "chain"));
}

TEST(Decide, VVariantCandidatesButNativeCostTheRootsHeader) {
  const HockneyModel m = random_hockney(8, 5u);
  std::vector<std::size_t> blocks{100, 7000, 0, 65536, 3, 65536, 1, 40000};
  for (const Collective op : {Collective::scatterv, Collective::gatherv}) {
    const CallShape shape{.op = op, .procs = 8, .root = 5, .bytes = 22279, .block_bytes = blocks};
    const Decision d = decide({.shape = shape, .cost = &m});
    // The header: P + 4 words broadcast from the root by the library's bcast, priced as native.
    const CallShape header{.op = Collective::bcast, .procs = 8, .root = 5, .bytes = (8 + 4) * 8};
    const double h = predict(Schedule{.algorithm = "native", .op = Collective::bcast}, header, m);
    ASSERT_GT(h, 0);
    EXPECT_DOUBLE_EQ(v_header_seconds(shape, m), h);
    for (const Candidate& k : d.candidates) {
      const double alone = predict(k.schedule, shape, m);
      const bool native = k.schedule.kind == ScheduleKind::native;
      EXPECT_DOUBLE_EQ(k.predicted_seconds, native ? alone : alone + h) << to_string(op) << " " << k.algorithm->name;
      EXPECT_DOUBLE_EQ(k.rested_seconds, k.predicted_seconds) << k.algorithm->name;  // no buckets
      EXPECT_DOUBLE_EQ(predict_as_run(k.schedule, shape, m), k.predicted_seconds) << k.algorithm->name;
    }
  }
  // The other collectives carry no header.
  for (const Collective op : {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather}) {
    const CallShape shape{.op = op, .procs = 8, .root = 5, .bytes = 4096, .element_bytes = 8};
    EXPECT_EQ(v_header_seconds(shape, m), 0.0) << to_string(op);
    for (const Candidate& k : decide({.shape = shape, .cost = &m}).candidates)
      EXPECT_DOUBLE_EQ(k.predicted_seconds, predict(k.schedule, shape, m)) << to_string(op) << " " << k.algorithm->name;
  }
}

TEST(Decide, TiesInTheSteadyStateRankByTheRestedCall) {
  // Three predictions within kPredictionTie of the first: a tie, ranked by the rested call; the
  // fourth is beyond it and stays behind whatever its rested call.
  const std::vector<Candidate> c{{.predicted_seconds = 1.0, .rested_seconds = 0.9},
                                 {.predicted_seconds = 1.0 + kPredictionTie / 4, .rested_seconds = 0.5},
                                 {.predicted_seconds = 1.0 + kPredictionTie / 2, .rested_seconds = 0.7},
                                 {.predicted_seconds = 1.0 + 4 * kPredictionTie, .rested_seconds = 0.1},
                                 {.predicted_seconds = 0.5, .rested_seconds = 0.5}};
  std::vector<std::size_t> order{0, 1, 2, 3, 4};
  rank_by_prediction(order, [&](std::size_t k) -> const Candidate& { return c[k]; });
  EXPECT_EQ(order, (std::vector<std::size_t>{4, 1, 2, 0, 3}));
  // Equal rested calls keep the order they came in (registry order).
  const std::vector<Candidate> same{{.predicted_seconds = 1.0, .rested_seconds = 0.5},
                                    {.predicted_seconds = 1.0, .rested_seconds = 0.5}};
  std::vector<std::size_t> kept{1, 0};
  rank_by_prediction(kept, [&](std::size_t k) -> const Candidate& { return same[k]; });
  EXPECT_EQ(kept, (std::vector<std::size_t>{1, 0}));
}

TEST(Decide, EveryCandidateCarriesItsRestedCall) {
  const HockneyModel m = random_hockney(8, 3u);
  const Decision d = decide({.shape = {.op = Collective::reduce, .procs = 8, .root = 2, .bytes = 65536, .element_bytes = 8},
                             .cost = &m});
  // No buckets: the rested call is the predicted one, so the ranking is the predicted times'.
  for (const Candidate& k : d.candidates) EXPECT_DOUBLE_EQ(k.rested_seconds, k.predicted_seconds) << k.algorithm->name;
}

TEST(Decide, PicksTheFastestBeyondTheMargin) {
  const HockneyModel m = one_slow_host(8, 0, 3u);  // processes 0 and 1 slow: the rank-order binomial suffers
  DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 8, .root = 2, .bytes = 1 << 16}, .cost = &m};
  const Decision d = decide(r);
  const auto best = std::min_element(d.candidates.begin(), d.candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.predicted_seconds < b.predicted_seconds;
  });
  ASSERT_NE(d.chosen, 0u);
  EXPECT_EQ(d.best().predicted_seconds, best->predicted_seconds);
  EXPECT_LT(d.best().predicted_seconds, d.candidates[0].predicted_seconds * 0.95);
  // Every candidate's prediction is the prediction of its schedule.
  for (const Candidate& c : d.candidates)
    if (c.schedule.kind != ScheduleKind::native) {
      EXPECT_DOUBLE_EQ(c.predicted_seconds, predict(c.schedule, r.shape, m));
    }

  // A margin larger than the gain keeps native.
  r.margin = 1.0;
  EXPECT_EQ(decide(r).chosen, 0u);
}

TEST(Decide, OnlyExcludeAndForced) {
  const HockneyModel m = random_hockney(8, 2u);
  DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 4096}, .cost = &m};
  r.only = {"flat"};
  Decision d = decide(r);
  EXPECT_EQ(names(d), (std::vector<std::string>{"native", "flat"}));
  EXPECT_EQ(d.best().algorithm->name, "flat");  // forced even if slower than native

  r.only = {"flat", "native"};
  d = decide(r);
  EXPECT_EQ(d.best().algorithm->name, "native");  // flat is slower than the binomial native

  r.only.clear();
  r.exclude = {"chain", "flat"};
  d = decide(r);
  EXPECT_FALSE(has(d, "chain"));
  EXPECT_FALSE(has(d, "flat"));
  EXPECT_TRUE(has(d, "binomial"));
}

TEST(Decide, NonCommutativeReduceKeepsOnlyRankRangeSubtrees) {
  const HockneyModel m = random_hockney(8, 6u);
  DecisionRequest r{.shape = {.op = Collective::reduce, .procs = 8, .root = 0, .bytes = 4096}, .cost = &m,
                    .op_commutative = false};
  Decision d = decide(r);
  EXPECT_TRUE(has(d, "binomial"));  // MPICH's binomial at root 0: every subtree a rank range
  EXPECT_TRUE(has(d, "flat"));      // the executor folds the pieces by rank, whatever their order
  for (const Candidate& c : d.candidates)
    if (c.schedule.kind != ScheduleKind::native) {
      EXPECT_TRUE(subtree_ranges(c.schedule.tree).contiguous) << c.algorithm->name;
    }
  r.shape.root = 2;  // relative ranks 4..7 are 6, 7, 0, 1
  d = decide(r);
  EXPECT_FALSE(has(d, "binomial"));
  EXPECT_EQ(d.candidates.front().algorithm->name, "native");
  r.op_commutative = true;
  EXPECT_TRUE(has(decide(r), "binomial_bfs_min"));
}

TEST(Decide, SharedPredictionsGiveTheSameSchedules) {
  // decide() lets the bcast/reduce builders share candidate lists; the trees must be exactly those
  // built alone.
  for (int n : {3, 40, 300}) {
    const HockneyModel m = random_hockney(n, unsigned(n) + 17u);
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (std::size_t bytes : {std::size_t(1000), std::size_t(1) << 16}) {
        DecisionRequest r{.shape = {.op = op, .procs = n, .root = n / 3, .bytes = bytes}, .cost = &m};
        const Decision d = decide(r);
        for (const Candidate& c : d.candidates) {
          if (c.schedule.kind == ScheduleKind::native) continue;
          BuildContext alone{m, r.shape, r.segment_bytes};
          const Schedule s = c.algorithm->build(alone);
          for (int v = 0; v < n; ++v) {
            ASSERT_EQ(c.schedule.tree.parent(v), s.tree.parent(v)) << c.algorithm->name << " n=" << n;
            ASSERT_TRUE(std::equal(c.schedule.tree.children(v).begin(), c.schedule.tree.children(v).end(),
                                   s.tree.children(v).begin(), s.tree.children(v).end()))
                << c.algorithm->name;
          }
        }
      }
  }
}

TEST(Decide, PricingWithinReachKeepsTheChoiceAndEveryExactPrice) {
  // exact_within: a pipeline or frames candidate beyond that many times the fastest priced before
  // it is priced only that far. Everything else must be as in the exhaustive decision: the same
  // choice, and every other candidate's schedule and times to the bit.
  int bounded = 0, compared = 0;
  for (int n : {5, 16, 64, 200})
    for (const HockneyModel& m : {random_hockney(n, unsigned(n) + 5u), one_slow_host(n, n / 2, unsigned(n) + 9u)})
      for (Collective op : {Collective::bcast, Collective::reduce})
        for (std::size_t bytes : {std::size_t(1) << 16, std::size_t(1) << 20, std::size_t(4) << 20})
          for (double within : {1.2, kExactWithin}) {
            FrameCache frames;  // one bbs schedule for both decisions, so that same_plan can tell
            DecisionRequest exhaustive{
                .shape = {.op = op, .procs = n, .root = n / 3, .bytes = bytes}, .cost = &m, .frame_cache = &frames};
            DecisionRequest reach = exhaustive;
            reach.exact_within = within;
            const Decision all = decide(exhaustive), some = decide(reach);
            ASSERT_EQ(names(all), names(some));
            EXPECT_EQ(all.chosen, some.chosen) << to_string(op) << " n=" << n << " bytes=" << bytes;
            double fastest = all.candidates.front().predicted_seconds;
            for (const Candidate& c : all.candidates) fastest = std::min(fastest, c.predicted_seconds);
            for (std::size_t k = 0; k < all.candidates.size(); ++k) {
              const Candidate &a = all.candidates[k], &s = some.candidates[k];
              EXPECT_FALSE(a.bounded);
              if (s.bounded) {
                ++bounded;
                EXPECT_TRUE(s.schedule.kind == ScheduleKind::pipeline || s.schedule.kind == ScheduleKind::frames);
                EXPECT_EQ(s.predicted_seconds, s.rested_seconds);
                EXPECT_LE(s.predicted_seconds, a.predicted_seconds * (1 + 1e-12)) << a.algorithm->name;
                EXPECT_GE(s.predicted_seconds, within * fastest * (1 - 1e-12)) << a.algorithm->name;
                continue;
              }
              ++compared;
              EXPECT_EQ(s.predicted_seconds, a.predicted_seconds) << a.algorithm->name << " n=" << n;
              EXPECT_EQ(s.rested_seconds, a.rested_seconds) << a.algorithm->name;
              EXPECT_TRUE(same_plan(s.schedule, a.schedule)) << a.algorithm->name << " n=" << n << " bytes=" << bytes;
            }
            // choose() never ranks a bounded candidate: its schedule is not necessarily its builder's.
            for (std::size_t k : choose(reach, Capabilities::executor()).runnable)
              EXPECT_FALSE(some.candidates[k].bounded) << some.candidates[k].algorithm->name;
          }
  EXPECT_GT(bounded, 20);  // the product prices some candidates only within reach...
  EXPECT_GT(compared, 2 * bounded);  // ...and most in full
}

TEST(Decide, PricingWithinReachPricesEverythingWithTokenBucketsOrNamedAlgorithms) {
  const HockneyModel m = random_hockney(64, 3u);
  DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 64, .root = 0, .bytes = std::size_t(4) << 20},
                    .cost = &m, .exact_within = 1.01};
  bool any = false;
  for (const Candidate& c : decide(r).candidates) any |= c.bounded;
  EXPECT_TRUE(any);
  r.only = {"chain", "bbs", "pipelined_tree"};
  for (const Candidate& c : decide(r).candidates) EXPECT_FALSE(c.bounded) << c.algorithm->name;
  // Token buckets: a call's price repeats the call until the buckets settle, no bound stops it.
  HockneyModel shaped = random_hockney(16, 4u);
  auto buckets = std::make_shared<TokenBuckets>();
  buckets->line_seconds_per_byte = 1.0 / 4e9;
  for (int p = 0; p < 16; ++p) {
    const double rate = p % 2 ? 1e8 : 0;
    buckets->up_rate.push_back(rate), buckets->down_rate.push_back(rate);
    buckets->up_bytes.push_back(65536), buckets->down_bytes.push_back(65536);
  }
  shaped.set_buckets(std::move(buckets));
  DecisionRequest b{.shape = {.op = Collective::bcast, .procs = 16, .root = 0, .bytes = std::size_t(4) << 20},
                    .cost = &shaped, .exact_within = 1.01};
  for (const Candidate& c : decide(b).candidates) EXPECT_FALSE(c.bounded) << c.algorithm->name;
}

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "collsel/choose.hpp"
#include "collsel/hockney.hpp"
#include "test_models.hpp"

using namespace collsel;
using collsel::testing::one_slow_host;
using collsel::testing::random_hockney;

namespace {

// The rule choose() promises, restated from the decision: native first unless the fastest
// runnable other beats it by the margin; with a native defect the fastest runnable other. Times a
// rounding apart (kRoundingTie) are one time: the first in registry order is the fastest.
std::size_t expected_choice(const Decision& d, const Capabilities& caps, double margin) {
  std::size_t best = 0;
  for (std::size_t k = 1; k < d.candidates.size(); ++k)
    if (caps.runs(d.candidates[k].schedule) &&
        (best == 0 ||
         d.candidates[k].predicted_seconds < d.candidates[best].predicted_seconds * (1 - kRoundingTie)))
      best = k;
  if (!caps.native_defect.empty()) return best;
  if (best != 0 && d.candidates[best].predicted_seconds > d.candidates[0].predicted_seconds * (1.0 - margin))
    return 0;
  return best;
}

void check(const RankedChoice& r, const Capabilities& caps, double margin, const std::string& where) {
  const auto& all = r.decision.candidates;
  ASSERT_FALSE(r.runnable.empty()) << where;
  // Every runnable candidate exactly once, native included.
  std::set<std::size_t> seen(r.runnable.begin(), r.runnable.end());
  EXPECT_EQ(seen.size(), r.runnable.size()) << where;
  EXPECT_TRUE(seen.contains(0)) << where;
  for (std::size_t k = 0; k < all.size(); ++k)
    EXPECT_EQ(seen.contains(k), caps.runs(all[k].schedule)) << where << " " << all[k].algorithm->name;
  EXPECT_EQ(r.chosen(), expected_choice(r.decision, caps, margin)) << where;
  // Behind the first, the others by predicted time (native last when broken).
  const std::size_t tail_end = caps.native_defect.empty() ? r.runnable.size() : r.runnable.size() - 1;
  for (std::size_t i = 2; i < tail_end; ++i)
    EXPECT_LE(all[r.runnable[i - 1]].predicted_seconds, all[r.runnable[i]].predicted_seconds * (1 + kRoundingTie))
        << where;
  if (!caps.native_defect.empty()) {
    EXPECT_EQ(r.runnable.back(), 0u) << where;
    EXPECT_NE(r.chosen(), 0u) << where;
  }
  // Where decide()'s own choice can run, choose() agrees with it.
  if (caps.runs(r.decision.best().schedule) && caps.native_defect.empty()) {
    EXPECT_EQ(r.chosen(), r.decision.chosen) << where;
  }
}

}  // namespace

TEST(Choose, AgreesWithTheRuleOnAGridOfShapes) {
  for (unsigned seed : {1u, 2u, 3u})
    for (int procs : {2, 3, 5, 8})
      for (Collective op : all_collectives)
        for (std::size_t bytes : {std::size_t(1), std::size_t(1000), std::size_t(1) << 16, std::size_t(3) << 20})
          for (bool commutative : {true, false})
            for (bool broken : {false, true}) {
              const HockneyModel m = seed == 3u ? one_slow_host(procs, 0, seed) : random_hockney(procs, seed);
              const int root = procs / 2;
              std::vector<std::size_t> blocks;
              DecisionRequest req{.shape = {.op = op, .procs = procs, .root = root, .bytes = bytes}, .cost = &m,
                                  .op_commutative = commutative};
              if (is_vector_variant(op)) {
                blocks.assign(std::size_t(procs), bytes);
                req.shape.block_bytes = blocks;
              }
              Capabilities caps = Capabilities::executor();
              if (broken) caps.native_defect = "broken";
              const std::string where = std::string(to_string(op)) + " P=" + std::to_string(procs) + " " +
                                        std::to_string(bytes) + " B seed " + std::to_string(seed) +
                                        (commutative ? "" : " noncomm") + (broken ? " broken" : "");
              check(choose(req, caps), caps, req.margin, where);
            }
}

TEST(Choose, SkipsWhatTheExecutorCannotRun) {
  const HockneyModel m = one_slow_host(8, 0, 3u);
  DecisionRequest req{.shape = {.op = Collective::bcast, .procs = 8, .root = 2, .bytes = 1 << 16}, .cost = &m,
                      .margin = 0.0};
  const RankedChoice all = choose(req, Capabilities::executor());
  ASSERT_NE(all.chosen(), 0u);
  // Without the kind of the best candidate, the next runnable one wins (not native by default).
  Capabilities caps = Capabilities::executor();
  const ScheduleKind kind = all.best().schedule.kind;
  caps.kinds[std::size_t(Collective::bcast)] &= std::uint8_t(~(1u << unsigned(kind)));
  const RankedChoice fewer = choose(req, caps);
  EXPECT_NE(fewer.best().schedule.kind, kind);
  check(fewer, caps, req.margin, "bcast without one kind");
}

TEST(Choose, FlatIsTheLastResortWhenNativeIsBroken) {
  const HockneyModel m = random_hockney(8, 1u);
  DecisionRequest req{.shape = {.op = Collective::reduce, .procs = 8, .root = 3, .bytes = 4096}, .cost = &m,
                      .only = {"no_such_algorithm"}};
  Capabilities caps = Capabilities::executor();
  caps.native_defect = "broken";
  const RankedChoice r = choose(req, caps);
  EXPECT_EQ(r.best().algorithm->name, "flat");
  EXPECT_TRUE(r.native_avoided);
  EXPECT_EQ(r.runnable.back(), 0u);
}

TEST(Choose, ForcedAlgorithmLeadsWithoutTheMargin) {
  const HockneyModel m = random_hockney(8, 2u);
  DecisionRequest req{.shape = {.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1 << 20}, .cost = &m,
                      .margin = 0.99, .only = {"flat"}};
  const RankedChoice r = choose(req, Capabilities::executor());
  EXPECT_EQ(r.best().algorithm->name, "flat");
  EXPECT_EQ(r.runnable.back(), 0u);
}

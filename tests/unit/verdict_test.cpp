// Measured verification's verdict (shim/src/verification.*, audit.*): the round orders, the pairwise share and
// when a verification settles; and same_plan(), which keeps two builders' identical schedules
// from taking two of its slots.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "collsel/algorithms.hpp"
#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"
#include "collsel/registry.hpp"
#include "audit.hpp"
#include "verification.hpp"

using namespace collsel;
using namespace collsel::shim;

namespace {

// Options' calls laid out as judge() reads them: calls[o] has `rounds` times.
std::vector<double> layout(const std::vector<std::vector<double>>& calls) {
  std::vector<double> out;
  for (const auto& c : calls) out.insert(out.end(), c.begin(), c.end());
  return out;
}

}  // namespace

TEST(Verdict, RoundZeroKeepsThePlannedOrderLaterRoundsArePermutations) {
  for (int n = 1; n <= 8; ++n) {
    const auto orders = round_orders(n, 9);
    ASSERT_EQ(orders.size(), 9u);
    std::vector<int> planned(static_cast<std::size_t>(n));
    std::iota(planned.begin(), planned.end(), 0);
    EXPECT_EQ(orders[0], planned) << n << " options";
    for (const auto& o : orders) {
      std::vector<int> sorted = o;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(sorted, planned) << n << " options";
    }
    EXPECT_EQ(orders, round_orders(n, 9)) << "the same on every rank";
  }
  EXPECT_TRUE(round_orders(4, 0).empty());
}

TEST(Verdict, RoundOrdersAreAPrefixOfLongerOnes) {
  // The shim plans max_calls rounds and may stop after any: fewer rounds are the same start.
  const auto longer = round_orders(5, 32);
  for (int rounds = 1; rounds <= 32; ++rounds) {
    const auto shorter = round_orders(5, rounds);
    EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), longer.begin())) << rounds << " rounds";
  }
}

TEST(Verdict, RoundOrdersBalanceEveryCallsPredecessor) {
  // The calls run round after round as one sequence. After every round each option has followed
  // every other option equally often to within one call, and never itself.
  for (int n = 2; n <= 8; ++n) {
    const auto orders = round_orders(n, 32);
    std::vector<int> calls;
    std::vector<std::vector<int>> follows(std::size_t(n), std::vector<int>(std::size_t(n), 0));
    for (std::size_t r = 0; r < orders.size(); ++r) {
      for (int o : orders[r]) {
        if (!calls.empty()) ++follows[std::size_t(o)][std::size_t(calls.back())];
        calls.push_back(o);
      }
      if (r == 0) continue;
      for (int o = 0; o < n; ++o) {
        EXPECT_EQ(follows[std::size_t(o)][std::size_t(o)], 0) << n << " options, round " << r << ": option " << o << " after itself";
        int lo = 1 << 30, hi = 0;
        for (int p = 0; p < n; ++p) {
          if (p == o) continue;
          lo = std::min(lo, follows[std::size_t(o)][std::size_t(p)]);
          hi = std::max(hi, follows[std::size_t(o)][std::size_t(p)]);
        }
        EXPECT_LE(hi - lo, 1) << n << " options, after round " << r << ": option " << o;
      }
    }
  }
}

TEST(Verdict, ShareFasterCountsPairsAndTies) {
  const std::vector<double> a{1, 2, 3}, b{2, 4, 5};
  // Pairs x<y: 1<{2,4,5}=3, 2<{4,5}=2 (+0.5 tie with 2), 3<{4,5}=2 -> 7.5 of 9.
  EXPECT_DOUBLE_EQ(share_faster(a, b), 7.5 / 9);
  EXPECT_DOUBLE_EQ(share_faster(b, a), 1.5 / 9);
  EXPECT_DOUBLE_EQ(share_faster(a, {}), 0.5);
}

TEST(Verdict, ClearWinnerSettlesAfterTheFirstRounds) {
  // Option 1 faster than 0 and 2 in every call.
  const auto t = layout({{5, 6, 5.5}, {2, 2.1, 1.9}, {8, 9, 7}});
  const Agreement a = judge(t, 3, 3, 9, 0.05, 2);
  EXPECT_TRUE(a.settled);
  EXPECT_EQ(a.fastest, 1u);
  EXPECT_DOUBLE_EQ(a.measured_us[1], 2e6);
  // Every call's agreed time, option by option, for the log (and a replay of the verdict).
  ASSERT_EQ(a.calls_us.size(), 9u);
  EXPECT_DOUBLE_EQ(a.calls_us[3], 2e6);
  EXPECT_DOUBLE_EQ(a.calls_us[4], 2.1e6);
  EXPECT_DOUBLE_EQ(a.calls_us[8], 7e6);
}

TEST(Verdict, OverlappingCandidatesTakeMoreRoundsUntilTheLast) {
  // The two fastest overlap: option 1 (mean 2.5) beats option 0 (mean 3) in 6 of 9 pairs, short
  // of 80 %: not settled before the last round, which takes the better.
  const auto t = layout({{2, 3, 4}, {2.5, 3.5, 1.5}, {9, 9, 9}});
  EXPECT_FALSE(judge(t, 3, 3, 9, 0.05, -1).settled);
  const Agreement last = judge(t, 3, 3, 3, 0.05, -1);
  EXPECT_TRUE(last.settled);
  EXPECT_EQ(last.fastest, 1u);
}

TEST(Verdict, NativeStaysUnlessBeatenByTheMargin) {
  // Option 0 is 3 % faster than native (option 1) in every call: settled, but native kept.
  const auto t = layout({{0.97, 0.97, 0.97}, {1.0, 1.0, 1.0}});
  const Agreement kept = judge(t, 2, 3, 9, 0.05, 1);
  EXPECT_TRUE(kept.settled);
  EXPECT_EQ(kept.fastest, 1u);
  // 10 % faster: replaced.
  const auto u = layout({{0.9, 0.9, 0.9}, {1.0, 1.0, 1.0}});
  EXPECT_EQ(judge(u, 2, 3, 9, 0.05, 1).fastest, 0u);
  // A median 8 % faster (the mean 3 %), calls as often slower as faster (bimodal times): native
  // kept, also after the last round.
  const auto w = layout({{0.5, 0.92, 1.5}, {0.6, 1.0, 1.4}});
  EXPECT_EQ(judge(w, 2, 3, 3, 0.05, 1).fastest, 1u);
  // Faster in every pair of calls: replaced.
  const auto x = layout({{0.5, 0.55, 0.58}, {0.6, 1.0, 1.4}});
  EXPECT_EQ(judge(x, 2, 3, 3, 0.05, 1).fastest, 0u);
}

TEST(Verdict, AClearLeadReplacesNativeWithoutThePairs) {
  // Bimodal calls: the tree's expected time (0.883) is 1.34x native's (1.183), but a full token
  // bucket made one native call fast: the tree wins 7 of 9 pairs, short of 80 %.
  const std::vector<double> tree{0.6, 1.0, 1.05}, native{0.7, 1.4, 1.45};
  EXPECT_LT(share_faster(tree, native), kSettledShare);
  EXPECT_EQ(judge(layout({tree, native}), 2, 3, 3, 0.05, 1).fastest, 0u);
  // A lead of 20 % with the same spread is not clear enough: native kept.
  const auto u = layout({tree, {0.7, 1.2, 1.28}});
  EXPECT_EQ(judge(u, 2, 3, 3, 0.05, 1).fastest, 1u);
}

TEST(Verdict, AClearLeadMustHoldForTheMedianToo) {
  // A random emulated cluster's bcast of 64 KB (ms; seed 9): native's first call of the shape was
  // slow, its others the fastest of all. By the mean binomial_bfs_max leads native by 36 %, by the
  // median native leads; the bench measured native 1.38x faster. Native kept.
  const std::vector<double> tree{3.63, 3.28, 3.21}, native{8.6, 2.39, 2.85};
  ASSERT_GT(expected_call_time(native), expected_call_time(tree) * (1 + kClearLead));
  EXPECT_EQ(judge(layout({tree, native}), 2, 3, 3, 0.05, 1).fastest, 1u);
  // The same lead with the tree's median below native's: replaced.
  const std::vector<double> slow_native{8.6, 3.4, 3.5};
  ASSERT_GT(expected_call_time(slow_native), expected_call_time(tree) * (1 + kClearLead));
  EXPECT_EQ(judge(layout({tree, slow_native}), 2, 3, 3, 0.05, 1).fastest, 0u);
}

TEST(Verdict, TheModelsOwnChoiceReplacesNativeOnALeadByTheMargin) {
  // The same bimodal calls as above, a lead of 20 %: native kept for any other option, replaced
  // when the fastest is the model's own choice (option 0): a prediction and a measurement agree.
  const std::vector<double> tree{0.6, 1.0, 1.05}, native{0.7, 1.2, 1.28};
  const auto u = layout({tree, native});
  EXPECT_EQ(judge(u, 2, 3, 3, 0.05, 1, -1).fastest, 1u);
  EXPECT_EQ(judge(u, 2, 3, 3, 0.05, 1, 0).fastest, 0u);
  // The model's choice within the margin of native (3 % faster): native kept.
  const auto w = layout({{0.6, 1.0, 1.0}, {0.7, 0.95, 1.03}});
  EXPECT_EQ(judge(w, 2, 3, 3, 0.05, 1, 0).fastest, 1u);
  // The fastest is not the model's choice (option 1 is; option 0 leads native by 20 %): kept.
  const auto x = layout({tree, {1.3, 1.3, 1.3}, native});
  EXPECT_EQ(judge(x, 3, 3, 3, 0.05, 2, 1).fastest, 2u);
  // The agreement does not settle a verification early: a shared lead of pairs still does.
  EXPECT_FALSE(judge(u, 2, 3, 9, 0.05, 1, 0).settled);
}

TEST(Verdict, TheModelsOwnChoiceReplacesNativeEvenWhenAnotherMeasuredFaster) {
  // A random emulated cluster's reduce of 1 MB on 8 ranks (ms, nine rounds; seed 27): the model
  // chose binomial_bfs_min (predicted 87 ms, native 114 ms). binomial_dfs_min measured fastest but
  // beat native in only 77 % of the pairs; the model's choice beat native's time by 6 %. The bench
  // measured binomial_bfs_min 1.18x faster than native.
  const std::vector<double> bfs_min{129.5, 104.8, 113.7, 130.3, 123.2, 122.5, 109.8, 113.5, 118.9};
  const std::vector<double> dfs_min{116.2, 106.5, 111.7, 100.1, 121.2, 134.2, 104.9, 113.0, 123.0};
  const std::vector<double> native{119.0, 125.8, 115.1, 102.4, 127.0, 131.4, 130.6, 144.7, 139.9};
  const auto u = layout({bfs_min, dfs_min, native});
  ASSERT_LT(share_faster(dfs_min, native), kSettledShare);
  ASSERT_LT(expected_call_time(dfs_min), expected_call_time(bfs_min));
  const Agreement a = judge(u, 3, 9, 9, 0.05, 2, 0);
  EXPECT_TRUE(a.settled);
  EXPECT_EQ(a.fastest, 0u);
  // No model choice among the options: native kept.
  EXPECT_EQ(judge(u, 3, 9, 9, 0.05, 2, -1).fastest, 2u);
  // The model's choice within the margin of native: native kept, the faster other option too.
  const std::vector<double> near_native{119.0, 125.8, 115.1, 102.4, 127.0, 131.4, 130.6, 135.0, 125.0};
  EXPECT_EQ(judge(layout({near_native, dfs_min, native}), 3, 9, 9, 0.05, 2, 0).fastest, 2u);
}

TEST(Verdict, TheMeanOfTheCallsDecidesNotTheirMedian) {
  // Nine calls each of a reduce of 64 KB on six emulated hosts with token-bucket links (ms,
  // rounded): a tree fast in most calls, a second tree steady, native slow in half. By median the
  // steady tree (5.2) would win and native (5.6) stay; a job spends the sum of its calls, and by
  // their mean the first tree (4.8) leads native (6.4) by 32 %.
  const std::vector<double> native{3.0, 5.6, 8.5, 5.6, 5.0, 8.3, 5.1, 8.5, 7.6};
  const std::vector<double> fast_mostly{3.9, 6.2, 5.9, 5.5, 3.7, 5.8, 3.0, 5.5, 3.8};
  const std::vector<double> steady{4.1, 5.4, 4.7, 5.4, 5.1, 5.6, 5.0, 5.2, 7.3};
  const Agreement a = judge(layout({native, fast_mostly, steady}), 3, 9, 9, 0.05, 0);
  EXPECT_TRUE(a.settled);
  EXPECT_EQ(a.fastest, 1u);
  EXPECT_NEAR(a.measured_us[1], 43.3 / 9 * 1e6, 1.0);
}

TEST(Verdict, OnePreemptedCallCountsAtMostThreeTimesTheMedian) {
  EXPECT_DOUBLE_EQ(expected_call_time(std::vector<double>{1, 1, 1, 1, 100}), 7.0 / 5);
  EXPECT_DOUBLE_EQ(expected_call_time(std::vector<double>{2, 4}), 3.0);
  EXPECT_DOUBLE_EQ(expected_call_time(std::vector<double>{}), 0.0);
  // A tree faster than native in every call but one the scheduler preempted (100x): still faster.
  const std::vector<double> tree{1, 1, 1, 1, 100, 1, 1, 1, 1}, native(9, 1.5);
  EXPECT_EQ(judge(layout({tree, native}), 2, 9, 9, 0.05, 1).fastest, 0u);
}

TEST(Verdict, TiesGoToTheBetterPredicted) {
  const auto t = layout({{1, 1, 1}, {1, 1, 1}});
  const Agreement a = judge(t, 2, 3, 3, 0.0, -1);
  EXPECT_EQ(a.fastest, 0u);
  // Deterministic equal times (a simulator) settle at once: more rounds would repeat them.
  EXPECT_TRUE(judge(t, 2, 3, 9, 0.0, -1).settled);
  // Equal times with noise do not.
  const auto u = layout({{1, 2, 3}, {3, 2, 1}});
  EXPECT_FALSE(judge(u, 2, 3, 9, 0.0, -1).settled);
  EXPECT_EQ(judge(u, 2, 3, 9, 0.0, -1).fastest, 0u);
}

TEST(SamePlan, IdenticalTreesFromDifferentBuildersAreOnePlan) {
  HockneyModel uniform(8);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      if (i != j) uniform.set(i, j, 5e-6, 1e-9);
  const CallShape shape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 65536};
  const BuildContext ctx{uniform, shape, 65536};
  const Schedule binomial = find_algorithm("binomial")->build(ctx);
  const Schedule flat = find_algorithm("flat")->build(ctx);
  Schedule copy = binomial;
  copy.algorithm = "binomial_bfs_min";
  EXPECT_TRUE(same_plan(binomial, copy));
  EXPECT_FALSE(same_plan(binomial, flat));
  const Schedule native{.algorithm = "native", .op = Collective::bcast, .kind = ScheduleKind::native};
  EXPECT_TRUE(same_plan(native, native));
  EXPECT_FALSE(same_plan(native, binomial));
  // Same parents, other service order at the root: not the same plan.
  Tree a(4, 0), b(4, 0);
  a.add_child(0, 1), a.add_child(0, 2), a.add_child(0, 3), a.finalize();
  b.add_child(0, 3), b.add_child(0, 2), b.add_child(0, 1), b.finalize();
  const Schedule sa{.algorithm = "flat", .op = Collective::bcast, .kind = ScheduleKind::tree, .tree = a};
  const Schedule sb{.algorithm = "sorted_flat_dsc", .op = Collective::bcast, .kind = ScheduleKind::tree, .tree = b};
  EXPECT_FALSE(same_plan(sa, sb));
  Schedule pa = sa, pb = sa;
  pa.kind = pb.kind = ScheduleKind::pipeline;
  pa.segment_bytes = 1024, pb.segment_bytes = 2048;
  EXPECT_FALSE(same_plan(pa, pb));
}

TEST(SamePlan, TreesOfOneShapeAreInterchangeableOnlyWhenCostedAlike) {
  Tree a(5, 0), b(5, 0), c(5, 0), d(5, 0);
  a.add_child(0, 1), a.add_child(0, 2), a.add_child(2, 3), a.add_child(2, 4), a.finalize();
  b.add_child(0, 4), b.add_child(4, 2), b.add_child(4, 1), b.add_child(0, 3), b.finalize();  // a relabelled, reordered
  c.add_child(0, 1), c.add_child(1, 2), c.add_child(2, 3), c.add_child(3, 4), c.finalize();  // a path
  d.add_child(0, 1), d.add_child(0, 2), d.add_child(2, 3), d.add_child(3, 4), d.finalize();  // as many leaves' parents, other depth
  const auto tree = [](std::string_view name, const Tree& t) {
    return Schedule{.algorithm = name, .op = Collective::bcast, .kind = ScheduleKind::tree, .tree = t};
  };
  EXPECT_TRUE(same_shape(tree("binomial_bfs_min", a), tree("binomial_ucs_min", b)));
  EXPECT_FALSE(same_plan(tree("binomial_bfs_min", a), tree("binomial_ucs_min", b)));
  EXPECT_FALSE(same_shape(tree("binomial_bfs_min", a), tree("chain", c)));
  EXPECT_FALSE(same_shape(tree("binomial_bfs_min", a), tree("binomial_dfs_min", d)));
  Tree e(5, 1);  // a rooted elsewhere
  e.add_child(1, 0), e.add_child(1, 2), e.add_child(2, 3), e.add_child(2, 4), e.finalize();
  EXPECT_TRUE(same_shape(tree("x", a), tree("y", e)));
  Schedule pa = tree("chain", c), pb = tree("chain", c);
  pa.kind = pb.kind = ScheduleKind::pipeline;
  pa.segment_bytes = 1024, pb.segment_bytes = 2048;
  EXPECT_FALSE(same_shape(pa, pb));
  pb.segment_bytes = 1024;
  EXPECT_TRUE(same_shape(pa, pb));
  EXPECT_FALSE(same_shape(tree("flat", c), pa));  // a tree and a pipeline are other plans

  const AlgorithmInfo* bfs = find_algorithm("binomial_bfs_min");
  const AlgorithmInfo* ucs = find_algorithm("binomial_ucs_min");
  const Candidate x{bfs, 5.064e-3, tree("binomial_bfs_min", a)};
  Candidate y{ucs, 5.064e-3, tree("binomial_ucs_min", b)};
  EXPECT_TRUE(interchangeable(x, y));
  y.predicted_seconds = 5.066e-3;  // 0.04 %: the model cannot tell them apart
  EXPECT_TRUE(interchangeable(x, y));
  y.predicted_seconds = 5.2e-3;  // the model says the placement matters: both are tried
  EXPECT_FALSE(interchangeable(x, y));
  const Candidate z{ucs, 5.064e-3, tree("binomial_ucs_min", d)};
  EXPECT_FALSE(interchangeable(x, z));  // equal cost, another shape
  const Candidate same{ucs, 9e-3, tree("binomial_ucs_min", a)};
  EXPECT_TRUE(interchangeable(x, same));  // the very same plan, whatever its cost
  // Tied in the steady state, told apart by the rested call (rank_by_prediction): both are tried.
  Candidate rx = x, ry{ucs, 5.064e-3, tree("binomial_ucs_min", b)};
  rx.rested_seconds = 1.8e-3, ry.rested_seconds = 1.8e-3;
  EXPECT_TRUE(interchangeable(rx, ry));
  ry.rested_seconds = 3.4e-3;
  EXPECT_FALSE(interchangeable(rx, ry));
}

TEST(Verdict, AgreementIsDueAtTheEndOfEachRoundFromTheFirstRounds) {
  // 3 candidates, agreement from round 2: after calls 6, 9, 12, ..., never in between.
  for (int done = 1; done <= 12; ++done) EXPECT_EQ(agreement_due(done, 3, 2), done == 6 || done == 9 || done == 12) << done;
  EXPECT_TRUE(agreement_due(2, 2, 1));
}

TEST(Verdict, AWindowFamilyIsInDoubtTogether) {
  // pipelined_tree and its _narrow and _wide variants build one tree under different windows,
  // which the model cannot price apart: each is weighed as the family's best, so a member the
  // model prices 1.7 % behind the wide one stays in doubt at a 1.2 % error. Others keep their own.
  const auto pipeline = [](std::string_view name) {
    return Schedule{.algorithm = name, .op = Collective::bcast, .kind = ScheduleKind::pipeline};
  };
  const Candidate wide{find_algorithm("pipelined_tree_wide"), 91.2e-3, pipeline("pipelined_tree_wide")};
  const Candidate plain{find_algorithm("pipelined_tree"), 92.2e-3, pipeline("pipelined_tree")};
  const Candidate narrow{find_algorithm("pipelined_tree_narrow"), 92.7e-3, pipeline("pipelined_tree_narrow")};
  const Candidate chain{find_algorithm("chain"), 92.0e-3, pipeline("chain")};
  const Candidate native{find_algorithm("native"), 210e-3, Schedule{.algorithm = "native", .op = Collective::bcast}};
  const std::vector<const Candidate*> planned = {&wide, &plain, &narrow, &chain, &native};
  const std::vector<double> doubt = doubt_predictions(planned);
  ASSERT_EQ(doubt.size(), planned.size());
  EXPECT_DOUBLE_EQ(doubt[0], 91.2e-3);
  EXPECT_DOUBLE_EQ(doubt[1], 91.2e-3);
  EXPECT_DOUBLE_EQ(doubt[2], 91.2e-3);
  EXPECT_DOUBLE_EQ(doubt[3], 92.0e-3);
  EXPECT_DOUBLE_EQ(doubt[4], 210e-3);
  ExplorationBudget budget;
  budget.error = 0.012;
  const ExplorationPlan own = plan_exploration(std::vector<double>{91.2e-3, 92.2e-3, 92.7e-3, 92.0e-3, 210e-3}, 4,
                                               210e-3, budget, 3, 9, 0);
  const ExplorationPlan family = plan_exploration(doubt, 4, 210e-3, budget, 3, 9, 0);
  EXPECT_EQ(own.options, (std::vector<std::size_t>{0, 1, 3}));
  EXPECT_EQ(family.options, (std::vector<std::size_t>{0, 1, 2, 3}));
}

TEST(Verdict, SlotsGoToDistinctPlansWithNativeAlways) {
  Tree binomial_tree(4, 0), chain_tree(4, 0), flat_tree(4, 0);
  binomial_tree.add_child(0, 2), binomial_tree.add_child(0, 1), binomial_tree.add_child(2, 3), binomial_tree.finalize();
  chain_tree.add_child(0, 1), chain_tree.add_child(1, 2), chain_tree.add_child(2, 3), chain_tree.finalize();
  flat_tree.add_child(0, 1), flat_tree.add_child(0, 2), flat_tree.add_child(0, 3), flat_tree.finalize();
  const auto tree = [](std::string_view name, const Tree& t) {
    return Schedule{.algorithm = name, .op = Collective::scatter, .kind = ScheduleKind::tree, .tree = t};
  };
  const Candidate native{find_algorithm("native"), 4e-3, Schedule{.algorithm = "native", .op = Collective::scatter}};
  const Candidate binomial{find_algorithm("binomial"), 3e-3, tree("binomial", binomial_tree)};
  const Candidate bfs{find_algorithm("binomial_bfs_min"), 3e-3, tree("binomial_bfs_min", binomial_tree)};  // same plan
  const Candidate dfs{find_algorithm("binomial_dfs_min"), 3.5e-3, tree("binomial_dfs_min", chain_tree)};
  const Candidate flat{find_algorithm("flat"), 5e-3, tree("flat", flat_tree)};
  const std::vector<const Candidate*> ranked = {&binomial, &bfs, &dfs, &native, &flat};
  const auto names = [](const std::vector<const Candidate*>& slots) {
    std::vector<std::string_view> n;
    for (const Candidate* k : slots) n.push_back(k->algorithm->name);
    return n;
  };
  using Names = std::vector<std::string_view>;
  // Native's plan unknown: bfs shares binomial's slot, native is one of its own.
  EXPECT_EQ(names(verification_slots(ranked, 4, "")), (Names{"binomial", "binomial_dfs_min", "native", "flat"}));
  // Native is collsel's binomial (MPICH's scatter): native takes binomial's slot, flat gets one.
  EXPECT_EQ(names(verification_slots(ranked, 4, "binomial")), (Names{"native", "binomial_dfs_min", "flat"}));
  // Too few slots: native displaces the last.
  EXPECT_EQ(names(verification_slots(ranked, 2, "")), (Names{"binomial", "native"}));
  EXPECT_EQ(names(verification_slots(ranked, 2, "binomial")), (Names{"native", "binomial_dfs_min"}));
  // Native cannot run here (not ranked): its twin stays, and no slot is native.
  const std::vector<const Candidate*> without = {&binomial, &dfs, &flat};
  EXPECT_EQ(names(verification_slots(without, 4, "binomial")), (Names{"binomial", "binomial_dfs_min", "flat"}));
  // Native first in the ranking, its twin later: the twin is dropped.
  const std::vector<const Candidate*> native_first = {&native, &dfs, &binomial, &flat};
  EXPECT_EQ(names(verification_slots(native_first, 3, "binomial")), (Names{"native", "binomial_dfs_min", "flat"}));
  // ... and so is another builder's identical tree.
  const std::vector<const Candidate*> with_bfs = {&native, &bfs, &dfs, &binomial, &flat};
  EXPECT_EQ(names(verification_slots(with_bfs, 4, "binomial")), (Names{"native", "binomial_dfs_min", "flat"}));
}

// The audit of a verdict in the job's own sequence of calls (audit.hpp, AuditPlan).
namespace {
std::vector<double> block(double ms, int calls = 8, double spread = 0.0) {
  std::vector<double> out;
  for (int k = 0; k < calls; ++k) out.push_back((ms + spread * ((k % 3) - 1)) * 1e-3);
  return out;
}
}  // namespace

TEST(Audit, AVerdictAsFastInTheLoopAsVerifiedIsKeptAfterOneBlock) {
  AuditPlan plan({6.0e-3, 6.5e-3, 5.5e-3}, 2, 2, 0.05);
  EXPECT_EQ(plan.current(), 2);
  plan.block_done(block(5.6));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 2);
  EXPECT_EQ(plan.blocks(), 1);
}

TEST(Audit, NativeSlowInTheLoopGivesWayToATreeConfirmedBackToBack) {
  // Seed 46's shape: native verified 5.5 ms among the trees' calls, 12 ms per call repeated.
  AuditPlan plan({6.0e-3, 6.5e-3, 5.5e-3}, 2, 2, 0.05);
  plan.block_done(block(12.0));
  ASSERT_EQ(plan.current(), 0) << "the tree verified fastest runs next";
  plan.block_done(block(6.0));
  EXPECT_EQ(plan.verdict(), 0);
  // Option 1 (6.5 ms verified) cannot beat 6.0 ms by the margin: not tried; the new verdict is
  // confirmed by one more block of its own.
  ASSERT_EQ(plan.current(), 0);
  plan.block_done(block(6.3));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 0);
  EXPECT_EQ(plan.blocks(), 3);
  EXPECT_NEAR(plan.loop_seconds()[0], 6.3e-3, 1e-9);
  EXPECT_LT(plan.loop_seconds()[1], 0);
}

TEST(Audit, AChallengerThatDrainsItsLinksInTheConfirmationLoses) {
  AuditPlan plan({6.0e-3, 6.5e-3, 5.5e-3}, 2, 2, 0.05);
  plan.block_done(block(12.0));
  plan.block_done(block(6.0));   // found its links full after native's block
  ASSERT_EQ(plan.current(), 0);
  plan.block_done(block(13.0));  // back to back, as slow as native
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 2);
}

TEST(Audit, ChallengersSlowerInTheLoopLeaveTheVerdictAfterEachIsTried) {
  AuditPlan plan({6.0e-3, 6.5e-3, 5.5e-3}, 2, 2, 0.05);
  plan.block_done(block(12.0));
  ASSERT_EQ(plan.current(), 0);
  plan.block_done(block(14.0));
  ASSERT_EQ(plan.current(), 1) << "the next most promising";
  plan.block_done(block(13.0));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 2);
  EXPECT_EQ(plan.blocks(), 3);
}

TEST(Audit, NativeIsKeptAgainstATreeFasterOnlyWithinTheMargin) {
  AuditPlan plan({5.0e-3, 6.0e-3}, 1, 1, 0.05);
  plan.block_done(block(10.0, 8, 0.5));
  ASSERT_EQ(plan.current(), 0);
  plan.block_done(block(9.8, 8, 0.5));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 1);
}

TEST(Audit, NativeGivesWayToATreeFasterByTheMarginInVerificationAndInItsBlock) {
  // Random cluster 54's bcast of 64 KB: verification kept native (6.5 ms; binomial_ucs_min 6.0,
  // bbs 6.0, neither ahead in 80 % of the pairs); in the loop native took 6.4 ms, the trees 5.7-5.9.
  AuditPlan plan({6.00e-3, 6.03e-3, 6.51e-3}, 2, 2, 0.05);
  plan.block_done(block(6.43, 8, 0.9));
  ASSERT_EQ(plan.current(), 0);
  plan.block_done(block(5.94, 8, 0.9));
  EXPECT_EQ(plan.verdict(), 0) << "two measurements agree: faster than native by the margin in both";
  ASSERT_EQ(plan.current(), 0) << "confirmed back to back before anything else";
  plan.block_done(block(5.9, 8, 0.9));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 0);
  // The same blocks, but verification measured the tree within the margin of native: one
  // measurement only, and not a clear one; native stays.
  AuditPlan close({6.00e-3, 6.03e-3, 6.20e-3}, 2, 2, 0.05);
  close.block_done(block(6.43, 8, 0.9));
  ASSERT_EQ(close.current(), 0);
  close.block_done(block(5.94, 8, 0.9));
  EXPECT_EQ(close.verdict(), 2);
  // A confirming block that falls back within the margin of native returns the verdict to it.
  AuditPlan undone({6.00e-3, 6.03e-3, 6.51e-3}, 2, 2, 0.05);
  undone.block_done(block(6.43, 8, 0.9));
  undone.block_done(block(5.94, 8, 0.9));
  undone.block_done(block(6.3, 8, 0.9));
  EXPECT_TRUE(undone.over());
  EXPECT_EQ(undone.verdict(), 2);
}

TEST(Audit, ATreeVerdictSlowInTheLoopGivesWayToNative) {
  // Option 0 (a tree) was the verdict; native verified at 7 ms runs 5 ms when repeated.
  AuditPlan plan({5.0e-3, 7.0e-3}, 0, 1, 0.05);
  plan.block_done(block(9.0));
  ASSERT_EQ(plan.current(), 1);
  plan.block_done(block(5.0));
  EXPECT_EQ(plan.verdict(), 1);
  ASSERT_EQ(plan.current(), 1);
  plan.block_done(block(5.2));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 1);
}

TEST(Audit, NativeChallengesATreeVerdictWhateverVerificationMeasuredOfIt) {
  // Random cluster 27's reduce of 64 KB: native's verification calls 3.8, 9.6, 8.6, 11.4 and
  // 17.9 ms lost to binomial's (about 7.9 ms); repeated, native takes 4.3 ms and binomial 7.3.
  AuditPlan plan({10.2e-3, 7.9e-3, 8.9e-3}, 1, 0, 0.05);
  plan.block_done(block(7.3, 8, 0.4));
  ASSERT_EQ(plan.current(), 0) << "native runs a block although verification measured it slowest";
  plan.block_done(block(4.3, 8, 0.4));
  EXPECT_EQ(plan.verdict(), 0);
  ASSERT_EQ(plan.current(), 0) << "the return to native is confirmed back to back";
  plan.block_done(block(4.4, 8, 0.4));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 0);
  EXPECT_EQ(plan.blocks(), 3);
  EXPECT_LT(plan.loop_seconds()[2], 0) << "option 2 verified slower than the verdict's block: not tried";
}

TEST(Audit, ATreeVerdictFasterThanNativesBlockByTheMarginStays) {
  AuditPlan plan({10.2e-3, 7.9e-3, 8.9e-3}, 1, 0, 0.05);
  plan.block_done(block(7.3, 8, 0.4));
  ASSERT_EQ(plan.current(), 0);
  plan.block_done(block(9.0, 8, 0.4));
  EXPECT_TRUE(plan.over());
  EXPECT_EQ(plan.verdict(), 1);
  EXPECT_EQ(plan.blocks(), 2);
  // Within the margin of native's block, the library's own algorithm is kept.
  AuditPlan close({10.2e-3, 7.9e-3, 8.9e-3}, 1, 0, 0.05);
  close.block_done(block(7.3, 8, 0.4));
  close.block_done(block(7.5, 8, 0.4));
  EXPECT_EQ(close.verdict(), 0);
}

TEST(Audit, EveryAuditEndsWithinOptionsPlusOneBlocksOnTheSameVerdictEverywhere) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> ms(1.0, 20.0);
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + trial % 7;
    std::vector<double> verified(static_cast<std::size_t>(n));
    for (double& v : verified) v = ms(rng) * 1e-3;
    const int incumbent = int(rng() % unsigned(n)), native = int(rng() % unsigned(n + 1)) - 1;
    AuditPlan plan(verified, incumbent, native, 0.05), twin(verified, incumbent, native, 0.05);
    int blocks = 0;
    while (!plan.over()) {
      ASSERT_EQ(plan.current(), twin.current());
      const std::vector<double> calls = block(ms(rng), 8, 0.3);
      plan.block_done(calls);
      twin.block_done(calls);
      ASSERT_LE(++blocks, n + 1) << "trial " << trial;
    }
    EXPECT_TRUE(twin.over());
    EXPECT_EQ(plan.verdict(), twin.verdict());
    EXPECT_GE(plan.loop_seconds()[std::size_t(plan.verdict())], 0) << "the verdict was measured in the loop";
  }
}

TEST(Verdict, VerdictOptionIsJudgesRuleOnAnyCallCounts) {
  // Equal counts: the same option as judge().
  const std::vector<std::vector<double>> same = {{2, 2, 4.5}, {4, 4, 4}};
  const std::vector<std::span<const double>> s(same.begin(), same.end());
  EXPECT_EQ(verdict_option(s, 0.05, 1), judge(layout(same), 2, 3, 3, 0.05, 1).fastest);
  EXPECT_EQ(verdict_option(s, 0.05, 1), 0u);  // a lead above kClearLead, confirmed by the median
  // The first option's first call left out (a replay's --drop-first): two calls against three.
  // With it, native's slow first call (8.6) lifts its mean 36 % above the tree's, a lead the median
  // does not confirm: native kept. Without it native is the fastest.
  const std::vector<std::vector<double>> all = {{8.6, 2.39, 2.85}, {3.63, 3.28, 3.21}};
  const std::vector<std::vector<double>> dropped = {{2.39, 2.85}, {3.63, 3.28, 3.21}};
  const std::vector<std::span<const double>> a(all.begin(), all.end()), d(dropped.begin(), dropped.end());
  EXPECT_EQ(verdict_option(a, 0.05, 0), 0u);
  EXPECT_EQ(verdict_option(d, 0.05, 0), 0u);
  EXPECT_EQ(verdict_option(d, 0.05, -1), 0u);
  EXPECT_EQ(verdict_option(a, 0.05, -1), 1u);
  // The model's choice (option 1), 10 % faster than native (option 2) though option 0 is faster still
  // without a clear lead or 80 % of the pairs: the model's choice.
  const std::vector<std::vector<double>> m = {{70, 70, 120}, {90, 90, 90}, {70, 100, 130}};
  const std::vector<std::span<const double>> ms(m.begin(), m.end());
  EXPECT_EQ(verdict_option(ms, 0.05, 2, 1), 1u);
  EXPECT_EQ(verdict_option(ms, 0.05, 2), 2u);
}

TEST(Retirement, AClearLoserRetiresAndTheOthersGoOn) {
  // Three rounds of a scatter of 64 KB on 8 ranks of a shaped emulated cluster (us; seed 1201):
  // binomial_dfs_min lost every pair to flat_concurrent and is 42 % behind its time; ucs_min is
  // 20 % behind, bfs_min 8 %: not clear losers, and bfs_min still wins 4 of 9 pairs.
  const std::vector<double> ucs{5797, 10541, 10820}, bfs{6167, 7859, 10480}, dfs{9023, 11041, 12062},
      flat{6906, 8565, 7200};
  EXPECT_TRUE(loses_clearly(flat, dfs));
  EXPECT_FALSE(loses_clearly(flat, ucs));
  EXPECT_FALSE(loses_clearly(flat, bfs));
  const Agreement a = judge(layout({ucs, bfs, dfs, flat}), 4, 3, 9, 0.05, -1, 0);
  EXPECT_EQ(a.retired_at, (std::vector<int>{0, 0, 3, 0}));
  EXPECT_FALSE(a.settled);
  EXPECT_EQ(a.fastest, 3u);
  // Round 4: dfs_min's place ran the stand-in, whose time is not dfs_min's (1 us here): its three
  // calls still count, and it stays retired.
  auto more = [](std::vector<double> c, double t) {
    c.push_back(t);
    return c;
  };
  const Agreement b =
      judge(layout({more(ucs, 9583), more(bfs, 10139), more(dfs, 1), more(flat, 8216)}), 4, 4, 9, 0.05, -1, 0, a.retired_at);
  EXPECT_EQ(b.retired_at, (std::vector<int>{0, 0, 3, 0}));
  EXPECT_NEAR(b.measured_us[2], expected_call_time(dfs) * 1e6, 1e-6);
  EXPECT_NE(b.fastest, 2u);
  EXPECT_EQ(b.calls_us.size(), 16u);
}

TEST(Retirement, TheLastOneTriedSettles) {
  // Two options, one a clear loser after three rounds: one option is left to try, which settles
  // before the last round.
  const std::vector<double> tree{4.0, 4.2, 4.1}, native{6.0, 5.8, 6.3};
  const Agreement a = judge(layout({tree, native}), 2, 3, 9, 0.05, 1);
  EXPECT_EQ(a.retired_at, (std::vector<int>{0, 3}));
  EXPECT_TRUE(a.settled);
  EXPECT_EQ(a.fastest, 0u) << "native, a clear loser, is replaced";
  // Three options, two retire: one left, settled.
  const std::vector<double> slow{9.0, 9.1, 8.9};
  const Agreement b = judge(layout({native, tree, slow}), 3, 3, 9, 0.05, 0);
  EXPECT_EQ(b.retired_at, (std::vector<int>{3, 0, 3}));
  EXPECT_TRUE(b.settled);
  EXPECT_EQ(b.fastest, 1u);
}

TEST(Retirement, EachTestOfAClearLossIsNeeded) {
  const std::vector<double> leader{4.0, 4.0, 4.0};
  // 20 % behind in every pair: not clear (kClearLead is 25 %).
  EXPECT_FALSE(loses_clearly(leader, std::vector<double>{4.8, 4.8, 4.8}));
  EXPECT_TRUE(loses_clearly(leader, std::vector<double>{5.2, 5.2, 5.2}));
  // 50 % behind by its mean, but its median ties the leader's: one slow call is no clear loss.
  EXPECT_FALSE(loses_clearly(leader, std::vector<double>{3.9, 4.0, 10.0}));
  // Behind by mean and median but ahead in 3 of 9 pairs (share 2/3 < kSettledShare).
  EXPECT_FALSE(loses_clearly(std::vector<double>{3.0, 3.0, 6.5}, std::vector<double>{6.0, 6.0, 6.0}));
  // Nothing to compare.
  EXPECT_FALSE(loses_clearly(leader, std::vector<double>{}));
  // The rule is the same whatever the margin and native's place: the ranks that judge without
  // them (the v-variants' non-roots) retire the same options.
  const auto t = layout({leader, {5.2, 5.2, 5.2}, {4.1, 4.3, 3.9}});
  EXPECT_EQ(judge(t, 3, 3, 9, 0.05, 1, 2).retired_at, judge(t, 3, 3, 9, 0.0, -1, -1).retired_at);
}

// What a shape's exploration may spend (shim/src/verification.*, plan_exploration): which candidates
// the model is unsure of, how many rounds and how long an audit the shape's budget allows.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "verification.hpp"

using namespace collsel::shim;

namespace {

constexpr double kUnknown = std::numeric_limits<double>::infinity();

ExplorationPlan plan(const std::vector<double>& predicted, int native, ExplorationBudget b, int verify_calls = 3,
                     int verify_max_calls = 9, int audit_calls = 32) {
  const double native_seconds = native >= 0 ? predicted[std::size_t(native)] : predicted.front();
  return plan_exploration(predicted, native, native_seconds, b, verify_calls, verify_max_calls, audit_calls);
}

using Options = std::vector<std::size_t>;

}  // namespace

TEST(Exploration, NoneWhereTheModelsChoiceLeadsByMoreThanItsError) {
  // The model's choice leads native (30 %) and the other tree (20 %) by more than its 10 % error.
  const ExplorationPlan p = plan({1.0, 1.2, 1.3}, 2, {.error = 0.10});
  EXPECT_TRUE(p.options.empty());
  EXPECT_EQ(p.audit_block, 0);
  // The same lead with a model more than twice as unsure: the other tree is in doubt, and so is
  // native, 30 % behind, within (1.25)^2.44 = 1.72 (kNativeDoubtSpread).
  EXPECT_EQ(plan({1.0, 1.2, 1.3}, 2, {.error = 0.25}).options, (Options{0, 1, 2}));
}

TEST(Exploration, NativeStaysInDoubtFartherThanTheOthers) {
  // Error 52 %: a tree 79 % ahead of native still has native verified beside it (within
  // 1.52^2.44 = 2.78), while another candidate as far behind is not; a lead of 3x is sure.
  EXPECT_EQ(plan({1.0, 1.79}, 1, {.error = 0.52}).options, (Options{0, 1}));
  EXPECT_TRUE(plan({1.0, 1.79}, -1, {.error = 0.52}).options.empty());
  EXPECT_EQ(plan({1.0, 1.79, 1.79}, 2, {.error = 0.52}).options, (Options{0, 2}));
  EXPECT_TRUE(plan({1.0, 3.0}, 1, {.error = 0.52}).options.empty());
  // A well-validated model (0.1 %): native 0.2 % behind is in doubt (reach 1.001^2.44 - 1 =
  // 0.24 %), 0.3 % behind is not.
  EXPECT_TRUE(plan({1.0, 1.003}, 1, {.error = 0.001}).options.empty());
  EXPECT_EQ(plan({1.0, 1.002}, 1, {.error = 0.001}).options, (Options{0, 1}));
}

// Each candidate may carry its own kind of schedule's error: a pair is in doubt within the larger
// of the two, so a pipeline that misses by 15 % keeps a tree 6 % behind it in doubt where the
// trees' 3 % would not, and native's reach widens with it (docs/design/0024).
TEST(Exploration, EachCandidateWithinTheLargerOfItsOwnAndTheChoicesError) {
  const std::vector<double> predicted{1.0, 1.06, 1.3, 1.4};  // pipeline, tree, tree, native
  EXPECT_TRUE(plan(predicted, 3, {.error = 0.03}).options.empty());
  EXPECT_EQ(plan(predicted, 3, {.error = 0.03, .errors = {0.15, 0.03, 0.03, 0.03}}).options, (Options{0, 1, 3}));
  // The choice is a well-predicted tree: a pipeline within the pipelines' error is in doubt, a
  // tree as far behind is not.
  EXPECT_EQ(plan({1.0, 1.1, 1.1}, -1, {.error = 0.03, .errors = {0.03, 0.15, 0.03}}).options, (Options{0, 1}));
  // Errors that do not match the candidates: the budget's one error.
  EXPECT_TRUE(plan(predicted, 3, {.error = 0.03, .errors = {0.15}}).options.empty());
}

TEST(Exploration, OnlyTheCandidatesWithinTheErrorOfTheBest) {
  const ExplorationPlan p = plan({1.0, 1.05, 1.08, 1.2, 1.5}, 4, {.error = 0.10});
  EXPECT_EQ(p.options, (Options{0, 1, 2}));
  EXPECT_EQ(p.min_rounds, 3);
  EXPECT_EQ(p.max_rounds, 9);
  EXPECT_EQ(p.audit_block, 32);
  // Native in doubt is tried like any other.
  EXPECT_EQ(plan({1.0, 1.3, 1.04}, 2, {.error = 0.05}).options, (Options{0, 2}));
}

TEST(Exploration, TheModelsChoiceIsAlwaysTried) {
  // Native chosen although a tree is predicted 3 % faster (within the margin): the best predicted
  // is the tree, and native, 3 % behind it, is outside a 1 % error but stays as the model's choice.
  EXPECT_EQ(plan({1.0, 0.97}, 0, {.error = 0.01}).options, (Options{0, 1}));
}

TEST(Exploration, WithoutAKnownErrorEveryCandidateAsBefore) {
  const ExplorationPlan p = plan({1.0, 1.4, 2.0, 3.0, 1.2}, 4, {.error = kUnknown});
  EXPECT_EQ(p.options, (Options{0, 1, 2, 3, 4}));
  EXPECT_EQ(p.min_rounds, 3);
  EXPECT_EQ(p.max_rounds, 9);
  EXPECT_EQ(p.audit_block, 32);
}

TEST(Exploration, TheCallBudgetCutsRoundsThenTheAudit) {
  // 5 options x 4 rounds = 20 calls: nothing left for the audit's 6 blocks.
  ExplorationPlan p = plan({1.0, 1.01, 1.02, 1.03, 1.04}, 4, {.error = kUnknown, .max_calls = 20});
  EXPECT_EQ(p.options.size(), 5u);
  EXPECT_EQ(p.max_rounds, 4);
  EXPECT_EQ(p.min_rounds, 3);
  EXPECT_EQ(p.audit_block, 0);
  // 2 options: 9 rounds (18 calls), and (64 - 18) / 3 = 15 calls per audit block.
  p = plan({1.0, 1.01}, 1, {.error = kUnknown, .max_calls = 64});
  EXPECT_EQ(p.max_rounds, 9);
  EXPECT_EQ(p.audit_block, 15);
  // Too few calls even for two rounds of the model's choice and native: no verification.
  EXPECT_TRUE(plan({1.0, 1.01}, 1, {.error = kUnknown, .max_calls = 3}).options.empty());
}

TEST(Exploration, FewerRoundsWhenThePredictedGapIsWide) {
  // Each round costs the other option's predicted excess; 2 native calls' time allows fewer of
  // them the wider the gap.
  const ExplorationPlan close = plan({1.0, 1.1}, 1, {.error = kUnknown, .max_time = 2});
  const ExplorationPlan wide = plan({1.0, 1.5}, 1, {.error = kUnknown, .max_time = 2});
  EXPECT_EQ(close.max_rounds, 9);  // 2.2 / 0.1 = 22, capped at verify_max_calls
  EXPECT_EQ(wide.max_rounds, 6);   // 3.0 / 0.5
  EXPECT_EQ(wide.min_rounds, 3);
  // What 9 rounds leave (2.2 - 0.9) for at most 3 audit blocks at 0.1 per call: 4 calls a block.
  EXPECT_EQ(close.audit_block, 4);
  EXPECT_EQ(wide.audit_block, 0);  // (3.0 - 3.0) left
}

TEST(Exploration, TheSlowestOtherCandidateLeavesFirst) {
  // error unknown, time budget 1 native call (1.3): all four cost 1.3 per round, which does not fit
  // two rounds; the slowest other than the model's choice and native (1.6) leaves, then 1.4;
  // the model's choice and native (0.3 per round) fit 4 rounds.
  const ExplorationPlan p = plan({1.0, 1.4, 1.6, 1.3}, 3, {.error = kUnknown, .max_time = 1});
  EXPECT_EQ(p.options, (Options{0, 3}));
  EXPECT_EQ(p.max_rounds, 4);
  EXPECT_EQ(p.min_rounds, 3);
}

TEST(Exploration, FewerRoundsThanVerifyCallsWhenThatIsAllTheBudgetAllows) {
  const ExplorationPlan p = plan({1.0, 1.9}, 1, {.error = kUnknown, .max_time = 2});  // 3.8 / 0.9 = 4
  EXPECT_EQ(p.max_rounds, 4);
  const ExplorationPlan q = plan({1.0, 1.9}, 1, {.error = kUnknown, .max_time = 1.2});  // 2.28 / 0.9 = 2
  EXPECT_EQ(q.max_rounds, 2);
  EXPECT_EQ(q.min_rounds, 2);
}

TEST(Exploration, NeverExceedsTheBudget) {
  std::mt19937 rng(58);
  std::uniform_real_distribution<double> spread(0.0, 1.0);
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + int(rng() % 7);
    std::vector<double> predicted(static_cast<std::size_t>(n));
    for (double& t : predicted) t = 1e-3 * (1.0 + spread(rng));
    const int native = int(rng() % std::size_t(n));
    const ExplorationBudget b{.error = trial % 3 == 0 ? kUnknown : 0.5 * spread(rng),
                              .max_calls = int(rng() % 80),
                              .max_time = trial % 4 == 0 ? 0.0 : 4.0 * spread(rng)};
    const int verify_calls = 1 + int(rng() % 4), verify_max_calls = 1 + int(rng() % 12), audit_calls = int(rng() % 40);
    const double native_seconds = predicted[std::size_t(native)];
    const ExplorationPlan p =
        plan_exploration(predicted, native, native_seconds, b, verify_calls, verify_max_calls, audit_calls);
    if (p.options.empty()) continue;
    ASSERT_GE(p.options.size(), 2u);
    EXPECT_EQ(p.options.front(), 0u);
    EXPECT_TRUE(std::is_sorted(p.options.begin(), p.options.end()));
    EXPECT_GE(p.min_rounds, std::min(2, verify_calls));
    EXPECT_LE(p.min_rounds, p.max_rounds);
    EXPECT_LE(p.max_rounds, std::max(verify_calls, verify_max_calls));
    EXPECT_LE(p.audit_block, audit_calls);
    const int k = int(p.options.size());
    // At most options + 1 audit blocks follow the verification's most rounds.
    if (b.max_calls > 0) {
      EXPECT_LE(k * p.max_rounds + (k + 1) * p.audit_block, b.max_calls) << trial;
    }
    if (b.max_time > 0) {
      const double best = *std::min_element(predicted.begin(), predicted.end());
      double per_round = 0, worst = 0;
      for (std::size_t i : p.options) {
        per_round += predicted[i] - best;
        worst = std::max(worst, predicted[i] - best);
      }
      EXPECT_LE(per_round * p.max_rounds + (k + 1) * p.audit_block * worst, b.max_time * native_seconds * (1 + 1e-12))
          << trial;
    }
  }
}

// An unverified choice's first calls against its prediction (docs/shim.md, "The prediction
// checked"): a miss beyond (1 + error)^2.44 of the prediction, as far as native is kept in doubt.
TEST(Exploration, APredictionMissesBeyondTheReachOfItsError) {
  // Error 5.48 %: the reach is 1.0548^2.44 = 1.139.
  EXPECT_TRUE(prediction_missed(1.14, 1.0, 0.0548));
  EXPECT_FALSE(prediction_missed(1.13, 1.0, 0.0548));
  EXPECT_FALSE(prediction_missed(0.5, 1.0, 0.0548)) << "faster than predicted is no miss";
  EXPECT_FALSE(prediction_missed(10.0, 1.0, kUnknown)) << "an unknown error: every candidate was in doubt anyway";
  EXPECT_FALSE(prediction_missed(10.0, 0.0, 0.05));
  EXPECT_FALSE(prediction_missed(0.0, 1.0, 0.05));
}

// A verification that left native out and whose verdict misses its prediction verifies native
// beside it (decision record 0039). Emulated cluster, bcast of 64 KiB on 8 ranks (ms): trees
// predicted with 0.96 % error, pipelines with 36.7 %, native (its own measurement's correction)
// with 2.0 %.
TEST(Exploration, AVerdictThatMissesItsPredictionVerifiesNativeBesideIt) {
  const ExplorationBudget budget{.error = 0.020, .errors = {0.0096, 0.367, 0.020}, .max_calls = 64};
  // binomial_dfs_min 4.40, pipelined_tree 5.02, native 5.96: native's lead is beyond doubt.
  EXPECT_EQ(plan({4.40, 5.02, 5.96}, 2, budget).options, (Options{0, 1}));
  // binomial_dfs_min is the verdict at 7.35 (18 calls): native, predicted faster than that, is
  // verified beside it, within the 46 calls left.
  const ExplorationPlan again = plan_native_after_miss(7.35, 4.40, 0.0096, 5.96, 0.020, budget, 18, 3, 8, 32);
  EXPECT_EQ(again.options, (Options{0, 1}));
  EXPECT_GE(again.min_rounds, 2);
  EXPECT_LE(2 * again.max_rounds + 3 * again.audit_block, 64 - 18);
  // Within its error (4.40 x 1.0096^2.44 = 4.50): no miss, nothing more.
  EXPECT_TRUE(plan_native_after_miss(4.49, 4.40, 0.0096, 5.96, 0.020, budget, 18, 3, 8, 32).options.empty());
  // A miss, but native predicted beyond doubt of the measured verdict too (7.35 x 1.020^2.44 = 7.71).
  EXPECT_TRUE(plan_native_after_miss(7.35, 4.40, 0.0096, 7.80, 0.020, budget, 18, 3, 8, 32).options.empty());
  EXPECT_EQ(plan_native_after_miss(7.35, 4.40, 0.0096, 7.70, 0.020, budget, 18, 3, 8, 32).options, (Options{0, 1}));
  // The budget spent: not even two rounds of the two fit.
  EXPECT_TRUE(plan_native_after_miss(7.35, 4.40, 0.0096, 5.96, 0.020, budget, 61, 3, 8, 32).options.empty());
  EXPECT_TRUE(plan_native_after_miss(7.35, 4.40, 0.0096, 5.96, 0.020, budget, 64, 3, 8, 32).options.empty());
  // No budget in calls (0): none spent is counted against it.
  ExplorationBudget unlimited = budget;
  unlimited.max_calls = 0;
  EXPECT_EQ(plan_native_after_miss(7.35, 4.40, 0.0096, 5.96, 0.020, unlimited, 500, 3, 8, 32).options, (Options{0, 1}));
  // The budget in time does not price the verdict's excess over native: the job pays it anyway.
  ExplorationBudget timed = budget;
  timed.max_time = 2;
  EXPECT_EQ(plan_native_after_miss(7.35, 4.40, 0.0096, 5.96, 0.020, timed, 18, 3, 8, 32).options, (Options{0, 1}));
  EXPECT_EQ(plan_native_after_miss(1000.0, 0.127, 0.001, 0.167, 0.001, timed, 18, 3, 8, 32).options, (Options{0, 1}));
  // An unknown error: every candidate, native with it, was in doubt in the first place.
  EXPECT_TRUE(plan_native_after_miss(7.35, 4.40, kUnknown, 5.96, 0.020, budget, 18, 3, 8, 32).options.empty());
}

TEST(Exploration, AMissedPredictionIsExploredAtItsMeasuredTime) {
  // Two-cabinets at 4 ranks per host, reduce 4 MiB (ms): pipelined_tree predicted at 39.9 with the
  // pipelines' 5.48 %, binomial 42.2 (trees 2.1 %), chain 55.1, native 60.6. Nothing is in doubt.
  std::vector<double> predicted{39.9, 42.2, 55.1, 60.6};
  const ExplorationBudget budget{.error = 0.051, .errors = {0.0548, 0.021, 0.0548, 0.051}};
  EXPECT_TRUE(plan(predicted, 3, budget).options.empty());
  // It measures 67.1: a miss. Priced at that, binomial is in doubt beside it; chain and native,
  // beyond 5.48 % and 13.9 % of binomial, are not.
  EXPECT_TRUE(prediction_missed(67.1, 39.9, budget.errors[0]));
  predicted[0] = 67.1;
  EXPECT_EQ(plan(predicted, 3, budget).options, (Options{0, 1}));
}

// The drift rule of a frozen shape (shim/src/drift.hpp, docs/shim.md "Drift"): the first window is
// the baseline, noise within the threshold and a minority of slow calls never trigger, a sustained
// slowdown does, and the re-verifications per shape are bounded.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "drift.hpp"

using collsel::shim::DriftMonitor;
using collsel::shim::window_median;
using Outcome = DriftMonitor::Outcome;

namespace {

// A window of `n` calls of `mean` seconds, each off by a normal relative error of deviation `sd`.
std::vector<double> window(std::mt19937& rng, double mean, double sd, int n = 16) {
  std::normal_distribution<double> e(0.0, sd);
  std::vector<double> w(static_cast<std::size_t>(n));
  for (double& x : w) x = mean * std::max(0.1, 1.0 + e(rng));
  return w;
}

}  // namespace

TEST(DriftRule, MedianOfTheWindow) {
  EXPECT_DOUBLE_EQ(window_median(std::vector<double>{}), 0.0);
  EXPECT_DOUBLE_EQ(window_median(std::vector<double>{3, 1, 2}), 2.0);
  EXPECT_DOUBLE_EQ(window_median(std::vector<double>{4, 1, 3, 2}), 2.5);
}

TEST(DriftRule, FirstWindowIsTheBaseline) {
  DriftMonitor m(0.1, 2);
  EXPECT_TRUE(m.watching());
  EXPECT_LT(m.baseline(), 0);
  // However slow the first window is, it only sets the baseline.
  EXPECT_EQ(m.window_done(std::vector<double>(16, 5e-3)), Outcome::baseline);
  EXPECT_DOUBLE_EQ(m.baseline(), 5e-3);
  EXPECT_EQ(m.window_done(std::vector<double>(16, 5.4e-3)), Outcome::steady);  // +8 %
  EXPECT_EQ(m.window_done(std::vector<double>(16, 5.6e-3)), Outcome::drift);   // +12 %
  EXPECT_DOUBLE_EQ(m.last_window(), 5.6e-3);
}

TEST(DriftRule, NoiseWithinTheThresholdNeverTriggers) {
  std::mt19937 rng(7);
  DriftMonitor m(0.1, 2);
  ASSERT_EQ(m.window_done(window(rng, 1e-3, 0.05)), Outcome::baseline);
  // Calls off by 5 % (one deviation) around the same mean, one in twenty by more than the
  // threshold: the windows' medians stay within it.
  for (int i = 0; i < 2000; ++i) ASSERT_EQ(m.window_done(window(rng, 1e-3, 0.05)), Outcome::steady) << "window " << i;
  EXPECT_EQ(m.reverifications(), 0);
}

TEST(DriftRule, SlowCallsBelowHalfTheWindowNeverTrigger) {
  DriftMonitor m(0.1, 2);
  ASSERT_EQ(m.window_done(std::vector<double>(16, 1e-3)), Outcome::baseline);
  // A preempted call 100x slower, or 7 of 16 calls twice as slow: the median does not move.
  std::vector<double> w(16, 1e-3);
  w[3] = 0.1;
  EXPECT_EQ(m.window_done(w), Outcome::steady);
  w[3] = 1e-3;
  for (int i = 0; i < 7; ++i) w[std::size_t(i) * 2] = 2e-3;
  EXPECT_EQ(m.window_done(w), Outcome::steady);
  // 9 of 16: more than half the calls slower, a slowdown.
  for (int i = 0; i < 9; ++i) w[std::size_t(i)] = 2e-3;
  EXPECT_EQ(m.window_done(w), Outcome::drift);
}

TEST(DriftRule, SustainedSlowdownTriggersThenANewBaseline) {
  std::mt19937 rng(11);
  DriftMonitor m(0.1, 2);
  ASSERT_EQ(m.window_done(window(rng, 1e-3, 0.05)), Outcome::baseline);
  ASSERT_EQ(m.window_done(window(rng, 1e-3, 0.05)), Outcome::steady);
  EXPECT_EQ(m.window_done(window(rng, 1.3e-3, 0.05)), Outcome::drift);
  EXPECT_EQ(m.reverifications(), 1);
  EXPECT_LT(m.baseline(), 0);  // the next freeze's first window sets it
  EXPECT_TRUE(m.watching());
  // The new verdict at 1.3 ms is the new normal: no drift at that time.
  EXPECT_EQ(m.window_done(window(rng, 1.3e-3, 0.05)), Outcome::baseline);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(m.window_done(window(rng, 1.3e-3, 0.05)), Outcome::steady);
  // A faster time is no drift either.
  EXPECT_EQ(m.window_done(window(rng, 0.5e-3, 0.05)), Outcome::steady);
}

TEST(DriftRule, ReverificationsAreBounded) {
  DriftMonitor m(0.1, 2);
  double t = 1e-3;
  int drifts = 0;
  for (int i = 0; i < 100; ++i) {
    if (m.window_done(std::vector<double>(16, t)) == Outcome::drift) ++drifts;
    t *= 1.5;  // slower every window, for ever
  }
  EXPECT_EQ(drifts, 2);
  EXPECT_EQ(m.reverifications(), 2);
  EXPECT_FALSE(m.watching());
}

TEST(DriftRule, ThresholdZeroOrNoReverificationsIsOff) {
  DriftMonitor off(0.0, 2);
  EXPECT_FALSE(off.watching());
  DriftMonitor none(0.1, 0);
  EXPECT_FALSE(none.watching());
  ASSERT_EQ(none.window_done(std::vector<double>(4, 1e-3)), Outcome::baseline);
  EXPECT_EQ(none.window_done(std::vector<double>(4, 1.0)), Outcome::steady);
}

TEST(DriftRule, TheThresholdIsStrict) {
  DriftMonitor m(0.25, 1);
  ASSERT_EQ(m.window_done(std::vector<double>(8, 4e-3)), Outcome::baseline);
  EXPECT_EQ(m.window_done(std::vector<double>(8, 5e-3)), Outcome::steady);  // exactly +25 %
  EXPECT_EQ(m.window_done(std::vector<double>(8, 5.01e-3)), Outcome::drift);
}

TEST(DriftRule, DearAgreementsStretchTheSampling) {
  using collsel::shim::kDriftAgreementShare;
  using collsel::shim::kMaxDriftEvery;
  using collsel::shim::next_drift_every;
  // 4 x 16 calls of 1 ms watched: 64 ms; an agreement of up to 1 % of that (0.64 ms) keeps the interval.
  EXPECT_EQ(next_drift_every(4, 16, 0.6e-3, 1e-3), 4);
  EXPECT_EQ(next_drift_every(4, 16, 0.7e-3, 1e-3), 8);
  // Calls of 2 us watched by agreements of 20 us: the interval doubles window after window until
  // the agreements cost at most 1 % of the calls watched (at 64: 20 us per 2048 us), then stays.
  int every = 4;
  std::vector<int> seen;
  for (int w = 0; w < 20; ++w) {
    every = next_drift_every(every, 16, 20e-6, 2e-6);
    seen.push_back(every);
  }
  EXPECT_EQ(std::vector<int>(seen.begin(), seen.begin() + 5), (std::vector<int>{8, 16, 32, 64, 64}));
  EXPECT_EQ(every, 64);
  EXPECT_LE(20e-6, kDriftAgreementShare * 16 * every * 2e-6);
  // However dear, never beyond kMaxDriftEvery.
  every = 4;
  for (int w = 0; w < 40; ++w) every = next_drift_every(every, 16, 1.0, 1e-6);
  EXPECT_EQ(every, kMaxDriftEvery);
}

TEST(DriftRule, SamplesEveryEveryThCallCountingHeldCalls) {
  using collsel::shim::drift_sample_due;
  // One call at a time: every every-th call, as the fixed-count collectives count.
  long calls = 0;
  std::vector<long> sampled;
  for (int k = 1; k <= 12; ++k)
    if (drift_sample_due(calls, 1, 4)) sampled.push_back(k);
  EXPECT_EQ(sampled, (std::vector<long>{4, 8, 12}));
  EXPECT_EQ(calls, 12);
  // A call that starts a hold of 64 calls covers 65: past the interval of 4, every such call is
  // sampled; the interval stretched beyond it, every other one, then every fourth.
  calls = 0;
  int hits = 0;
  for (int k = 0; k < 8; ++k) hits += drift_sample_due(calls, 65, 4);
  EXPECT_EQ(hits, 8);
  calls = 0, hits = 0;
  for (int k = 0; k < 8; ++k) hits += drift_sample_due(calls, 65, 130);
  EXPECT_EQ(hits, 4);
  calls = 0, hits = 0;
  for (int k = 0; k < 8; ++k) hits += drift_sample_due(calls, 65, 260);
  EXPECT_EQ(hits, 2);
  EXPECT_EQ(calls, 8 * 65);
}

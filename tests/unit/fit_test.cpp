// The calibration statistics (collsel/fit.hpp) on synthetic data of known parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <set>

#include "collsel/fit.hpp"

using namespace collsel;
using namespace collsel::fit;

namespace {

std::vector<double> noisy(std::vector<double> v, double rel, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> d(0.0, rel);
  for (double& x : v) x *= 1.0 + d(gen);
  return v;
}

}  // namespace

TEST(FitStoppingRule, StudentTHalfWidthMatchesTheTable) {
  // Samples 1..5: mean 3, s = sqrt(2.5); t_{0.975,4} = 2.776.
  const std::vector<double> s = {1, 2, 3, 4, 5};
  const SampleStats st = sample_stats(s, 0.95);
  EXPECT_EQ(st.n, 5);
  EXPECT_DOUBLE_EQ(st.mean, 3.0);
  EXPECT_NEAR(st.half_width, 2.776445 * std::sqrt(2.5) / std::sqrt(5.0), 1e-5);
  EXPECT_NEAR(st.relative(), st.half_width / 3.0, 1e-12);
}

TEST(FitStoppingRule, StopsWhenTheIntervalIsNarrowOrAtTheBounds) {
  const Precision p{.cl = 0.95, .eps = 0.05, .min_reps = 3, .max_reps = 10};
  EXPECT_FALSE(precise_enough(std::vector<double>{1.0, 1.0}, p));           // below min_reps
  EXPECT_TRUE(precise_enough(std::vector<double>{1.0, 1.01, 0.99}, p));     // narrow
  EXPECT_FALSE(precise_enough(std::vector<double>{1.0, 2.0, 0.5, 1.5}, p)); // wide
  EXPECT_TRUE(precise_enough(std::vector<double>(10, 0.0), p));             // max_reps
  std::vector<double> wide = {1, 3, 1, 3, 1, 3, 1, 3, 1, 3};
  EXPECT_TRUE(precise_enough(wide, p));  // max_reps reached even if wide

  // Repeating noisy draws until the rule stops: the interval covers the true mean and is narrow.
  std::mt19937 gen(7);
  std::normal_distribution<double> d(10.0, 1.0);
  const Precision q{.cl = 0.99, .eps = 0.02, .min_reps = 5, .max_reps = 100000};
  std::vector<double> draws;
  while (!precise_enough(draws, q)) draws.push_back(d(gen));
  const SampleStats st = sample_stats(draws, q.cl);
  EXPECT_LE(st.relative(), 0.02);
  EXPECT_GT(draws.size(), 20u);  // sd/mean = 0.1 needs roughly (2.58 * 0.1 / 0.02)^2 = 166 draws
  EXPECT_NEAR(st.mean, 10.0, 0.3);
}

TEST(FitStoppingRule, InterruptedRepetitionsAreLeftOut) {
  // 5 us round trips with 2% noise; a few repetitions hit by a 4 ms time slice.
  std::vector<double> s = noisy(std::vector<double>(30, 5e-6), 0.02, 11);
  s[3] = 4e-3, s[17] = 4.2e-3, s[25] = 3.9e-3;
  const std::vector<double> kept = without_interruptions(s);
  EXPECT_EQ(kept.size(), 27u);
  EXPECT_NEAR(robust_stats(s, 0.95).mean, 5e-6, 0.1e-6);
  EXPECT_GT(sample_stats(s, 0.95).mean, 50e-6);  // the plain mean is ruled by the interruptions
  const Precision p{.cl = 0.95, .eps = 0.05, .min_reps = 5, .max_reps = 40};
  EXPECT_TRUE(precise_enough(s, p));
  EXPECT_FALSE(precise_enough(std::span<const double>(s).first(20), Precision{.cl = 0.95, .eps = 0.001, .min_reps = 5, .max_reps = 40}));
  // Nothing is removed from a clean (or too short) series, and fast samples are never removed.
  const std::vector<double> clean = noisy(std::vector<double>(20, 1.0), 0.05, 12);
  EXPECT_EQ(without_interruptions(clean).size(), 20u);
  EXPECT_EQ(without_interruptions(std::vector<double>{1.0, 100.0, 1.0}).size(), 3u);
  std::vector<double> fast = clean;
  fast[4] = 1e-3;
  EXPECT_EQ(without_interruptions(fast).size(), 20u);
}

TEST(FitStoppingRule, TimeCapStopsAWideExperimentAfterMinReps) {
  const Precision p{.cl = 0.95, .eps = 0.05, .min_reps = 5, .max_reps = 40, .max_seconds = 0.05};
  const std::vector<double> wide = {1, 3, 1, 3, 1, 3};
  EXPECT_FALSE(precise_enough(wide, p, 0.01));
  EXPECT_TRUE(precise_enough(wide, p, 0.06));
  EXPECT_FALSE(precise_enough(std::span<const double>(wide).first(4), p, 1.0));  // min_reps first
  const Precision uncapped{.cl = 0.95, .eps = 0.05, .min_reps = 5, .max_reps = 40};
  EXPECT_FALSE(precise_enough(wide, uncapped, 1e9));
}

TEST(FitStoppingRule, MeasuresOnPastThePresetCapsUntilConvergedOrTheTimeCap) {
  const Precision p{.cl = 0.95, .eps = 0.05, .min_reps = 3, .max_reps = 6, .max_seconds = 0.02};
  const std::vector<double> wide = {1, 3, 1, 3, 1, 3, 1, 3};
  // No time cap: the preset's cap stops it, as before.
  MeasureOnState s0;
  EXPECT_EQ(next_step(std::span<const double>(wide).first(4), p, 0.01, {}, s0), Stop::more);
  EXPECT_EQ(next_step(std::span<const double>(wide).first(6), p, 0.01, {}, s0), Stop::preset_cap);
  EXPECT_EQ(s0.measured_on(), 0.0);
  // A converged series stops as converged, never measured on.
  MeasureOnState s1;
  const MeasureOn on{.budget = 5, .per_experiment = 0.2, .max_reps = 120};
  EXPECT_EQ(next_step(std::vector<double>{1.0, 1.01, 0.99}, p, 0.001, on, s1), Stop::converged);
  EXPECT_EQ(s1.measured_on(), 0.0);
  // Unconverged at the cap (time, 0.03 s): measured on, then stopped 0.2 s later, unconverged.
  MeasureOnState s2;
  std::vector<double> x = {1, 3, 1};
  EXPECT_EQ(next_step(x, p, 0.03, on, s2), Stop::more);
  EXPECT_DOUBLE_EQ(s2.capped_at, 0.03);
  for (double t = 0.04; t < 0.229; t += 0.01) {
    x.push_back(x.size() % 2 ? 3 : 1);
    EXPECT_EQ(next_step(x, p, t, on, s2), Stop::more) << t;
  }
  x.push_back(1);
  EXPECT_EQ(next_step(x, p, 0.231, on, s2), Stop::time_cap);
  EXPECT_NEAR(s2.measured_on(), 0.201, 1e-9);
  // The budget left binds before the per-experiment limit; so do max_reps samples.
  MeasureOnState s3;
  const MeasureOn little{.budget = 0.05, .per_experiment = 0.2, .max_reps = 120};
  EXPECT_EQ(next_step(std::span<const double>(wide).first(6), p, 0.01, little, s3), Stop::more);
  EXPECT_EQ(next_step(wide, p, 0.07, little, s3), Stop::time_cap);
  MeasureOnState s4;
  const MeasureOn few{.budget = 5, .per_experiment = 5, .max_reps = 8};
  EXPECT_EQ(next_step(std::span<const double>(wide).first(6), p, 0.01, few, s4), Stop::more);
  EXPECT_EQ(next_step(std::span<const double>(wide).first(7), p, 0.02, few, s4), Stop::more);
  EXPECT_EQ(next_step(wide, p, 0.03, few, s4), Stop::time_cap);
  // Noisy draws that need more than the preset's 6 repetitions converge by measuring on.
  std::mt19937 gen(3);
  std::normal_distribution<double> d(10.0, 1.0);  // sd/mean 0.1: ~17 draws for +-5 % at 95 %
  MeasureOnState s5;
  const MeasureOn plenty{.budget = 100, .per_experiment = 100, .max_reps = 1000};
  std::vector<double> draws;
  Stop st = Stop::more;
  for (int k = 0; st == Stop::more; ++k) {
    draws.push_back(d(gen));
    st = next_step(draws, p, 0.001 * k, plenty, s5);
  }
  EXPECT_EQ(st, Stop::converged);
  EXPECT_GT(draws.size(), 6u);
  EXPECT_GE(s5.capped_at, 0.0);
  EXPECT_TRUE(converged(draws, p));
}

TEST(FitLine, RecoversHockneyParameters) {
  const double alpha = 25e-6, beta = 1.0 / 1.1e9;
  std::vector<double> x, y;
  for (double m = 0; m <= 1 << 20; m += 65536) x.push_back(m), y.push_back(alpha + beta * m);
  y = noisy(y, 0.01, 1);
  const LineFit f = fit_line(x, y);
  EXPECT_NEAR(f.intercept, alpha, 0.5 * alpha);
  EXPECT_NEAR(f.slope, beta, 0.03 * beta);
  EXPECT_THROW(fit_line(std::vector<double>{1}, std::vector<double>{}), std::invalid_argument);
  const LineFit c = fit_line(std::vector<double>{3, 3}, std::vector<double>{1, 2});
  EXPECT_DOUBLE_EQ(c.slope, 0.0);
  EXPECT_DOUBLE_EQ(c.intercept, 1.5);
}

namespace {
// Every pair's one-way times over `x`: below `from` alpha1 + beta1 M, from it alpha2 + beta2 M.
std::vector<std::vector<double>> two_regimes(int n, const std::vector<double>& x, double from,
                                             const std::function<std::array<double, 4>(int, int)>& params) {
  std::vector<std::vector<double>> one_way(std::size_t(n) * std::size_t(n));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const auto [a1, b1, a2, b2] = params(i, j);
      for (double m : x) one_way[std::size_t(i) * std::size_t(n) + std::size_t(j)].push_back(m < from ? a1 + b1 * m : a2 + b2 * m);
    }
  return one_way;
}
const std::vector<double> kSizes = {0, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304};
}  // namespace

TEST(FitHockney, FindsTheProtocolSwitchAndFitsEachPiece) {
  // SMPI-like: from 64 KiB on the latency is 11.6x and the bandwidth 0.94 / 0.70 of below.
  auto params = [](int i, int j) -> std::array<double, 4> {
    const double lat = 5e-6 * (1 + i + j), inv_bw = 1e-9 * (1 + 0.5 * i);
    return {2.0 * lat, inv_bw / 0.70, 11.6 * lat, inv_bw / 0.94};
  };
  const int n = 4;
  const fit::HockneyFit f = fit::fit_hockney(n, kSizes, two_regimes(n, kSizes, 65536, params));
  ASSERT_EQ(f.model.pieces(), 2);
  EXPECT_EQ(f.model.piece_start(1), 65536);
  EXPECT_EQ(f.pairs, 6);
  EXPECT_EQ(f.agreeing, 6);
  EXPECT_TRUE(f.clamped.empty());
  ASSERT_TRUE(f.alternative);  // one line, for the validation to weigh against the pieces
  EXPECT_EQ(f.alternative->pieces(), 1);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const auto [a1, b1, a2, b2] = params(std::min(i, j), std::max(i, j));
      EXPECT_NEAR(f.model.alpha(i, j, 0), a1, 1e-12);
      EXPECT_NEAR(f.model.beta(i, j, 0), b1, 1e-16);
      EXPECT_NEAR(f.model.alpha(i, j, 1), a2, 1e-12);
      EXPECT_NEAR(f.model.beta(i, j, 1), b2, 1e-16);
      EXPECT_NEAR(f.model.p2p(i, j, 65536), a2 + b2 * 65536, 1e-12);  // a 64 KiB segment: the second piece
      EXPECT_NEAR(f.model.p2p(i, j, 32768), a1 + b1 * 32768, 1e-12);
    }
}

TEST(FitHockney, SmpiFactorsSplitAtTheirLargestStep) {
  // SimGrid SMPI's default latency and bandwidth factors by size (smpi/lat-factor, smpi/bw-factor):
  // they change at 15424 bytes and again at 65472, where the latency factor jumps from 3.5 to 11.6.
  auto factor = [](double m, const std::vector<std::pair<double, double>>& table) {
    double f = table.back().second;
    for (const auto& [from, value] : table)
      if (m >= from) return value;
    return f;
  };
  const std::vector<std::pair<double, double>> lat = {{65472, 11.6436}, {15424, 3.48845}, {9376, 2.59299},
                                                      {5776, 2.18796},  {3484, 1.88101},  {1426, 1.61075},
                                                      {732, 1.9503},    {257, 1.95341},   {0, 2.01467}};
  const std::vector<std::pair<double, double>> bw = {{65472, 0.940694}, {15424, 0.697866}, {9376, 0.58729},
                                                     {5776, 1.08739},   {3484, 0.77493},   {1426, 0.608902},
                                                     {732, 0.341987},   {257, 0.338112},   {0, 0.812084}};
  const int n = 6;
  std::vector<std::vector<double>> one_way(std::size_t(n) * std::size_t(n));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const double latency = (i % 2 || j % 2) ? 138e-6 : 5e-6, rate = (i % 2 || j % 2) ? 125e6 : 1.25e9;
      for (double m : kSizes)
        one_way[std::size_t(i) * std::size_t(n) + std::size_t(j)].push_back(latency * factor(m, lat) +
                                                                             m / (rate * factor(m, bw)));
    }
  const fit::HockneyFit f = fit::fit_hockney(n, kSizes, one_way);
  ASSERT_EQ(f.model.pieces(), 2);
  EXPECT_EQ(f.model.piece_start(1), 65536);
  // From 64 KiB on the line is exact: 11.6 x the latency, 0.94 x the rate.
  EXPECT_NEAR(f.model.alpha(1, 2, 1), 138e-6 * 11.6436, 1e-9);
  EXPECT_NEAR(f.model.p2p(0, 2, 65536), 5e-6 * 11.6436 + 65536 / (1.25e9 * 0.940694), 1e-9);
}

TEST(FitHockney, OneLineIsOnePiece) {
  auto line = [](int i, int j) -> std::array<double, 4> {
    return {1e-5 * (i + 1), 1e-9 * (j + 1), 1e-5 * (i + 1), 1e-9 * (j + 1)};
  };
  const fit::HockneyFit f = fit::fit_hockney(3, kSizes, two_regimes(3, kSizes, 65536, line));
  EXPECT_EQ(f.model.pieces(), 1);
  EXPECT_EQ(f.agreeing, 0);
  ASSERT_TRUE(f.alternative);  // two pieces anyway, for the validation to weigh
  EXPECT_EQ(f.alternative->pieces(), 2);
  EXPECT_NEAR(f.alternative->p2p(2, 1, 1 << 20), 1e-5 * 2 + 1e-9 * 3 * (1 << 20), 1e-12);
  // Too few sizes for a break on both sides: no alternative.
  const std::vector<double> five = {0, 1024, 4096, 16384, 65536};
  EXPECT_FALSE(fit::fit_hockney(3, five, two_regimes(3, five, 65536, line)).alternative);
  EXPECT_NEAR(f.model.alpha(2, 1), 1e-5 * 2, 1e-12);
  EXPECT_NEAR(f.model.beta(2, 1), 1e-9 * 3, 1e-16);
}

TEST(FitHockney, ABreakOfAFewPairsIsNotTheLibrarys) {
  // Only pair 0-1 (of 10) bends: one piece for all, fitted through every size.
  auto params = [](int i, int j) -> std::array<double, 4> {
    if (i == 0 && j == 1) return {1e-5, 1e-9, 1e-3, 1e-9};
    return {1e-5, 1e-9, 1e-5, 1e-9};
  };
  const fit::HockneyFit f = fit::fit_hockney(5, kSizes, two_regimes(5, kSizes, 65536, params));
  EXPECT_EQ(f.model.pieces(), 1);
  EXPECT_EQ(f.pairs, 10);
  EXPECT_NEAR(f.model.alpha(2, 3), 1e-5, 1e-12);
}

TEST(FitHockney, NegativeFitsAreClampedAndNamed) {
  // A series falling with size: the slope comes out negative and is set to 0.
  std::vector<std::vector<double>> one_way(4);
  one_way[1] = {5e-5, 4.9e-5, 4.8e-5, 4.7e-5, 4.6e-5, 4.5e-5, 4.4e-5, 4.3e-5};
  const fit::HockneyFit f = fit::fit_hockney(2, kSizes, one_way);
  ASSERT_EQ(f.model.pieces(), 1);
  EXPECT_EQ(f.model.beta(0, 1), 0.0);
  ASSERT_EQ(f.clamped.size(), 1u);
  EXPECT_EQ(f.clamped[0], "hockney beta 0-1");
  EXPECT_THROW(fit::fit_hockney(3, kSizes, one_way), std::invalid_argument);  // not n * n series
}

TEST(FitBreak, FindsTheScatterThresholdS) {
  // Flat scatter: parallel slope below S = 24 KiB, serialised (steeper, offset) from S on.
  const double S = 24576;
  std::vector<double> x, y;
  for (double m = 0; m <= 65536; m += 2048) {
    x.push_back(m);
    y.push_back(m < S ? 40e-6 + m * 2e-9 : 90e-6 + m * 7e-9);
  }
  y = noisy(y, 0.01, 2);
  const BreakFit b = find_break(x, y);
  ASSERT_TRUE(b.significant);
  EXPECT_DOUBLE_EQ(b.at, S);
  EXPECT_NEAR(b.left.slope, 2e-9, 0.5e-9);
  EXPECT_NEAR(b.right.slope, 7e-9, 0.5e-9);
  EXPECT_LT(b.p_value, 1e-6);
}

TEST(FitBreak, NoBreakInOneLine) {
  std::vector<double> x, y;
  for (double m = 0; m <= 65536; m += 2048) x.push_back(m), y.push_back(30e-6 + m * 3e-9);
  y = noisy(y, 0.01, 3);
  EXPECT_FALSE(find_break(x, y).significant);
  // Too few points for two segments of three.
  EXPECT_FALSE(find_break(std::vector<double>{1, 2, 3, 4}, std::vector<double>{1, 2, 9, 10}).significant);
}

TEST(FitPiecewise, RecoversAPlogpGapBreakpoint) {
  // g(M): eager protocol up to 8 KiB, rendezvous (extra handshake, other slope) beyond.
  auto g = [](double m) { return m <= 8192 ? 1e-6 + m * 0.5e-9 : 6e-6 + m * 0.25e-9; };
  std::vector<double> x, y;
  for (double m = 0; m <= 32768; m += 1024) x.push_back(m), y.push_back(g(m));
  y = noisy(y, 0.005, 4);
  const PiecewiseLinear f = fit_piecewise(x, y);
  ASSERT_GE(f.x.size(), 3u);
  ASSERT_LE(f.x.size(), 5u);
  // A knot within one measurement stride of the protocol switch.
  bool near = false;
  for (std::size_t k = 1; k + 1 < f.x.size(); ++k) near = near || std::abs(f.x[k] - 8192) <= 1024;
  EXPECT_TRUE(near);
  for (double m : {0.0, 4096.0, 16384.0, 30000.0, 65536.0}) EXPECT_NEAR(f(m), g(m), 0.05 * g(m)) << m;
  // Short series are kept as measured.
  const PiecewiseLinear p = fit_piecewise(std::vector<double>{0, 1, 2}, std::vector<double>{5, 6, 8});
  EXPECT_EQ(p.y, (std::vector<double>{5, 6, 8}));
}

TEST(FitEscalation, FindsTheGatherThresholdM1) {
  // Gather time is linear, with a jump of 300 us at sizes above M1 = 5000 bytes.
  const double M1 = 5000;
  int passes = 0;
  auto measure = [&](const std::vector<double>& sizes) {
    ++passes;
    std::vector<double> t;
    for (double m : sizes) t.push_back(50e-6 + m * 1e-9 + (m > M1 ? 300e-6 : 0.0));
    return t;
  };
  const auto m1 = escalation_search(measure, 0, 16384, 1024, 8);
  ASSERT_TRUE(m1.has_value());
  EXPECT_LE(*m1, M1);
  EXPECT_GT(*m1, M1 - 8);
  EXPECT_EQ(passes, 8);  // strides 1024 .. 8
  // A smooth series has no escalation.
  auto smooth = [](const std::vector<double>& sizes) {
    std::vector<double> t;
    for (double m : sizes) t.push_back(50e-6 + m * 1e-9);
    return t;
  };
  EXPECT_FALSE(escalation_search(smooth, 0, 16384, 1024, 8).has_value());
}

// The LMO experiments at M bytes on a network whose one message from i to j of m bytes takes
// one_way(i, j, m) and whose one-to-two from r (m bytes to a and b, empty replies) one_to_two(r,
// a, b, m).
LmoMeasurements lmo_experiments(int n, double M, const std::function<double(int, int, double)>& one_way,
                                const std::function<double(int, int, int, double)>& one_to_two,
                                const std::vector<TripletRound>& rounds = {}) {
  LmoMeasurements meas;
  meas.n = n;
  meas.M = M;
  meas.rt0.assign(std::size_t(n * n), 0.0);
  meas.rtM.assign(std::size_t(n * n), 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j)
        meas.rt0[std::size_t(i * n + j)] = 2 * one_way(i, j, 0), meas.rtM[std::size_t(i * n + j)] = 2 * one_way(i, j, M);
  for (const TripletRound& round : rounds.empty() ? triplet_rounds(n) : rounds)
    for (const auto& t : round)
      for (int k = 0; k < 3; ++k) {
        const int r = t[std::size_t(k)], a = t[std::size_t((k + 1) % 3)], b = t[std::size_t((k + 2) % 3)];
        meas.one_to_two.push_back({r, a, b, one_to_two(r, a, b, 0), one_to_two(r, a, b, M)});
      }
  return meas;
}

// ... as `truth` says they take (cpm-manual §6.6.3.5), over `rounds`' triplets (default: all).
LmoMeasurements lmo_experiments(const LmoModel& truth, double M, const std::vector<TripletRound>& rounds = {}) {
  const int q = truth.piece_of(M);
  return lmo_experiments(
      truth.size(), M, [&](int i, int j, double m) { return truth.p2p(i, j, m); },
      [&](int r, int a, int b, double m) {
        auto part = [&](int x) { return 2 * (truth.L(r, x, q) + truth.C(x, q)) + m * (1 / truth.rate(r, x, q) + truth.t(x, q)); };
        return 2 * (2 * truth.C(r, q) + m * truth.t(r, q)) + std::max(part(a), part(b));
      },
      rounds);
}

// Above a change of protocol (SMPI: from 65472 bytes on every message pays several times the
// route's latency) LMO gets a piece of its own, solved from the experiments at two sizes inside
// it: lmo_between turns them into the system solve_lmo solves, with each line's intercept in place
// of the empty message's time.
TEST(FitLmo, PieceAboveAProtocolSwitchFromTwoSizes) {
  const int n = 5;
  LmoModel below(n), above(n);
  for (int i = 0; i < n; ++i) {
    below.set_processor(i, (2 + i) * 1e-6, (1 + 0.5 * i) * 1e-10);
    above.set_processor(i, (9 + 2 * i) * 1e-6, (2 + 0.5 * i) * 1e-10);
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      below.set_link(i, j, (10 + i + 2 * j) * 1e-6, (1 + 0.2 * (i + j)) * 1e9);
      // The higher-numbered receiver is the slower of a one-to-two at every size, as the
      // intercepts need for C and t to come out exact (the pairs' times are exact regardless).
      above.set_link(i, j, (80 + 5 * i + 3 * j) * 1e-6, (2.0 - 0.1 * (i + j)) * 1e9);
    }
  LmoModel truth = below;
  truth.add_piece(65536, above);
  ASSERT_EQ(truth.pieces(), 2);
  EXPECT_EQ(truth.piece_of(65535), 0);
  EXPECT_EQ(truth.piece_of(65536), 1);

  LmoModel solved = solve_lmo(lmo_experiments(truth, 32768));
  solved.add_piece(65536, solve_lmo(lmo_between(lmo_experiments(truth, 65536), lmo_experiments(truth, 1 << 20))));
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(solved.C(i, 1), truth.C(i, 1), 1e-12);
    EXPECT_NEAR(solved.t(i, 1), truth.t(i, 1), 1e-16);
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      for (double m : {0.0, 1000.0, 65535.0, 65536.0, 1e6, 4e6})
        EXPECT_NEAR(solved.p2p(i, j, m), truth.p2p(i, j, m), 1e-9 * truth.p2p(i, j, m)) << i << "-" << j << " " << m;
    }
  }
  std::vector<double> row(std::size_t{5});
  const std::vector<int> to = {0, 1, 2, 3, 4};
  for (double m : {100.0, 1e6}) {
    solved.p2p_row(2, to, m, row);
    for (int j = 0; j < n; ++j) EXPECT_DOUBLE_EQ(row[std::size_t(j)], solved.p2p(2, j, m));
  }

  EXPECT_THROW(lmo_between(lmo_experiments(truth, 1 << 20), lmo_experiments(truth, 65536)), std::invalid_argument);
  EXPECT_THROW(solved.add_piece(1000, above), std::invalid_argument);  // not above the last start
  EXPECT_THROW(solved.add_piece(1e7, LmoModel(n + 1)), std::invalid_argument);
}

TEST(FitLmo, RecoversProcessorAndLinkParametersFromTriplets) {
  const int n = 5;
  const double M = 8192;
  LmoModel truth(n);
  for (int i = 0; i < n; ++i) truth.set_processor(i, (5 + 3 * i) * 1e-6, (1 + 0.5 * i) * 1e-10);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) truth.set_link(i, j, (10 + i + 2 * j) * 1e-6, (1 + 0.2 * (i + j)) * 1e9);

  const LmoMeasurements meas = lmo_experiments(truth, M);
  const LmoModel exact = solve_lmo(meas);
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(exact.C(i), truth.C(i), 1e-12);
    EXPECT_NEAR(exact.t(i), truth.t(i), 1e-16);
    for (int j = 0; j < n; ++j)
      if (i != j) {
        EXPECT_NEAR(exact.L(i, j), truth.L(i, j), 1e-12);
        EXPECT_NEAR(exact.rate(i, j), truth.rate(i, j), 1e-3 * truth.rate(i, j));
      }
  }

  // With 0.5% noise on every experiment the averaged solution still predicts p2p within 5%.
  std::mt19937 gen(11);
  std::normal_distribution<double> d(0.0, 0.005);
  LmoMeasurements noisy_meas = meas;
  for (double& v : noisy_meas.rt0) v *= 1 + d(gen);
  for (double& v : noisy_meas.rtM) v *= 1 + d(gen);
  for (auto& e : noisy_meas.one_to_two) e.t0 *= 1 + d(gen), e.tM *= 1 + d(gen);
  const LmoModel est = solve_lmo(noisy_meas);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) {
        for (double m : {0.0, M, 65536.0}) EXPECT_NEAR(est.p2p(i, j, m), truth.p2p(i, j, m), 0.05 * truth.p2p(i, j, m));
      }

  // Every process must root an experiment, and an experiment name three processes of the n.
  LmoMeasurements missing = meas;
  std::erase_if(missing.one_to_two, [](const LmoMeasurements::OneToTwo& e) { return e.root == 3; });
  EXPECT_THROW(solve_lmo(missing), std::invalid_argument);
  LmoMeasurements stray = meas;
  stray.one_to_two.push_back({1, 1, 4, 1e-3, 2e-3});
  EXPECT_THROW(solve_lmo(stray), std::invalid_argument);
  stray.one_to_two.back() = {1, 2, n, 1e-3, 2e-3};
  EXPECT_THROW(solve_lmo(stray), std::invalid_argument);
}

// Above 16 processes the calibration measures a sample of the triplets (every process in at
// least 24 of them, not C(n - 1, 2)): on a consistent network any one-to-two experiment gives
// C_i and t_i exactly, so the sample recovers the truth as all the triplets do.
TEST(FitLmo, RecoversTheParametersFromSampledTriplets) {
  const int n = 29;
  const double M = 65536;
  LmoModel truth(n);
  for (int i = 0; i < n; ++i) truth.set_processor(i, (3 + i % 7) * 1e-6, (1 + 0.25 * (i % 5)) * 1e-10);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) truth.set_link(i, j, (10 + (i * j) % 13) * 1e-6, (0.5 + 0.1 * ((i + j) % 9)) * 1e9);
  const std::vector<TripletRound> rounds = lmo_triplet_rounds(n);
  const LmoMeasurements meas = lmo_experiments(truth, M, rounds);
  EXPECT_LE(meas.one_to_two.size(), std::size_t(3 * 24 * (n / 3 + 1)));  // not 3 C(29, 3) = 10962
  const LmoModel solved = solve_lmo(meas);
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(solved.C(i), truth.C(i), 1e-12);
    EXPECT_NEAR(solved.t(i), truth.t(i), 1e-16);
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      for (double m : {0.0, M, 4e6}) EXPECT_NEAR(solved.p2p(i, j, m), truth.p2p(i, j, m), 1e-9 * truth.p2p(i, j, m));
    }
  }
}

// A flow-level network (SimGrid's kind): no processing delays, every host a NIC of its own rate,
// a message paying the route's latency plus its bytes at the slower NIC, and a host's concurrent
// messages sharing its NIC (max-min fair). The one-to-two experiment then sees the root's NIC as
// its variable delay t_i, and t_i + t_j exceed a single message's per-byte time: the averaged
// solution's link term 1/rate_ij is negative. Kept so, LMO reproduces every pair's time; clamped
// to a positive rate it predicted twice the time of a message.
TEST(FitLmo, FlowLevelNetworkKeepsTheNegativeLinkTermAndEveryPairTime) {
  const double M = 65536, latency = 20e-6;
  auto measure = [&](const std::vector<double>& nic) {
    const int n = int(nic.size());
    auto one_way = [nic, latency](int i, int j, double m) {
      return latency + m / std::min(nic[std::size_t(i)], nic[std::size_t(j)]);
    };
    // Two flows of m bytes from `root`, fair shares of the root's NIC, each capped by its receiver.
    auto two_flows = [&](int root, int a, int b, double m) {
      const double cap = nic[std::size_t(root)], ca = nic[std::size_t(a)], cb = nic[std::size_t(b)];
      double ra = std::min(ca, cap / 2), rb = std::min(cb, cap - ra);
      ra = std::min(ca, cap - rb);
      const double first = std::min(m / ra, m / rb);
      const double left = std::max(m - first * ra, m - first * rb);  // the slower flow's remaining bytes
      const double alone = std::min(cap, m / ra > m / rb ? ca : cb);
      return latency + first + left / alone;
    };
    // M bytes to each of a and b at once, then their empty replies.
    const LmoMeasurements meas = lmo_experiments(n, M, one_way, [&](int r, int a, int b, double m) {
      return m > 0 ? two_flows(r, a, b, m) + latency : 2 * latency;
    });
    return std::pair{meas, std::function<double(int, int, double)>(one_way)};
  };

  const auto [meas, one_way] = measure({1.25e8, 1.25e8, 1.25e9, 1.25e9, 1.25e9, 3e8});  // bytes/s
  const int n = meas.n;
  std::vector<std::string> clamped;
  const LmoModel lmo = solve_lmo(meas, 1e-13, &clamped);
  EXPECT_TRUE(clamped.empty()) << clamped.front();
  int negative = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      negative += lmo.rate(i, j) < 0;
      for (double m : {0.0, 8192.0, M, 4194304.0})
        EXPECT_NEAR(lmo.p2p(i, j, m), one_way(i, j, m), 1e-9 * one_way(i, j, m)) << i << "-" << j << " " << m;
    }
  EXPECT_GT(negative, 0);
  EXPECT_GT(lmo.t(2), 0.0);  // a fast root's two flows to fast receivers share its NIC

  // Equal NICs: t_i is the NIC's time per byte, and the flat scatter (parallel form) the root's
  // serial work, as the flows take it.
  const double nic = 1.25e9;
  const auto [equal, unused] = measure(std::vector<double>(5, nic));
  const LmoModel even = solve_lmo(equal);
  EXPECT_NEAR(even.t(3), 1 / nic, 1e-6 / nic);
  LmoModel parallel = even;
  parallel.S = 1e12;
  EXPECT_NEAR(parallel.scatter_flat(0, M), latency + 4 * M / nic, 1e-6 * (latency + 4 * M / nic));

  // A pair whose round trip is no longer than its empty one (noise) is clamped and named.
  LmoMeasurements flat_pair = meas;
  flat_pair.rtM[std::size_t(0 * n + 1)] = flat_pair.rtM[std::size_t(1 * n + 0)] = meas.rt0[1];
  clamped.clear();
  const LmoModel noisy = solve_lmo(flat_pair, 1e-13, &clamped);
  EXPECT_NE(std::find(clamped.begin(), clamped.end(), "lmo per-byte 0-1"), clamped.end());
  EXPECT_GT(noisy.p2p(0, 1, M), noisy.p2p(0, 1, 0));
}

TEST(FitPlogp, GapFromTrains) {
  const double g = 3.5e-6;
  std::vector<double> counts, times;
  for (int x = 0; x <= 5; ++x) counts.push_back(double(1 << x)), times.push_back(20e-6 + (1 << x) * g);
  times = noisy(times, 0.01, 5);
  EXPECT_NEAR(gap_from_trains(counts, times), g, 0.05 * g);
}

TEST(FitPlogp, AGapBothOtherMeasurementsContradictGivesWayToTheMedian) {
  // Seed 27's root link (tbf, 1 Gbit/s), 1 MiB to host 2: a two-train gap of 3.3 ms where o_s says
  // 23.8 and Hockney's one-way time 31.2. The median of the three is o_s.
  EXPECT_DOUBLE_EQ(cross_checked_gap(3.3e-3, 23.8e-3, 31.2e-3), 23.8e-3);
  // A gap of zero (the train of two no longer than the train of one) against 32.4 and 17.1 ms.
  EXPECT_DOUBLE_EQ(cross_checked_gap(0, 32.4e-3, 17.1e-3), 17.1e-3);
  // Too slow against both, by more than the tolerance: the larger witness.
  EXPECT_DOUBLE_EQ(cross_checked_gap(40e-3, 9e-3, 10e-3), 10e-3);
  // Within the tolerance of the witnesses' range, or between them: the gap stands. Seed 59's
  // 400 Mbit/s link, 50 ms against 21.3 and 21.1, is such a gap.
  EXPECT_DOUBLE_EQ(cross_checked_gap(50.15e-3, 21.29e-3, 21.08e-3), 50.15e-3);
  EXPECT_DOUBLE_EQ(cross_checked_gap(6.3e-3, 18e-3, 22e-3), 6.3e-3);
  EXPECT_DOUBLE_EQ(cross_checked_gap(15e-3, 5e-3, 30e-3), 15e-3);
  // One witness far off (a send that returned early, eager): the gap lies between, and stands.
  EXPECT_DOUBLE_EQ(cross_checked_gap(8e-3, 0.4e-3, 8.4e-3), 8e-3);
  // No witness: nothing to check against.
  EXPECT_DOUBLE_EQ(cross_checked_gap(3.3e-3, 0, 22e-3), 3.3e-3);
  EXPECT_DOUBLE_EQ(cross_checked_gap(3.3e-3, 22e-3, 0), 3.3e-3);
  // A narrower tolerance replaces more.
  EXPECT_DOUBLE_EQ(cross_checked_gap(50.15e-3, 21.29e-3, 21.08e-3, 1.5), 21.29e-3);
}

TEST(FitRounds, PairsAreATournament) {
  for (int n : {2, 3, 4, 7, 8}) {
    const auto rounds = pair_rounds(n);
    EXPECT_EQ(int(rounds.size()), n % 2 ? n : n - 1) << n;
    std::set<std::pair<int, int>> seen;
    for (const auto& r : rounds) {
      std::set<int> busy;
      for (const auto& p : r) {
        EXPECT_LT(p[0], p[1]);
        EXPECT_TRUE(busy.insert(p[0]).second && busy.insert(p[1]).second);
        EXPECT_TRUE(seen.insert({p[0], p[1]}).second);
      }
    }
    EXPECT_EQ(int(seen.size()), n * (n - 1) / 2);
  }
}

TEST(FitRounds, TripletsAreDisjointAndComplete) {
  for (int n : {3, 4, 6, 8}) {
    std::set<std::array<int, 3>> seen;
    const auto rounds = triplet_rounds(n);
    for (const auto& r : rounds) {
      std::set<int> busy;
      for (const auto& t : r) {
        for (int p : t) EXPECT_TRUE(busy.insert(p).second);
        EXPECT_TRUE(seen.insert(t).second);
      }
    }
    EXPECT_EQ(int(seen.size()), n * (n - 1) * (n - 2) / 6);
    if (n == 6) {
      EXPECT_LE(rounds.size(), 12u);  // 20 triplets, 2 at a time at best
    }
  }
}

TEST(FitRounds, SampledTripletsCoverEveryProcessInDisjointRounds) {
  for (int n : {3, 4, 5, 17, 25, 32, 100, 1000})
    for (int layers : {1, 24}) {
      const auto rounds = sampled_triplet_rounds(n, layers);
      EXPECT_EQ(rounds, sampled_triplet_rounds(n, layers)) << "the same sample on every call (every rank)";
      std::vector<int> member(std::size_t(n), 0);
      std::size_t triplets = 0;
      for (const auto& r : rounds) {
        std::set<int> busy;
        for (const auto& t : r) {
          EXPECT_TRUE(t[0] < t[1] && t[1] < t[2]) << n;
          EXPECT_TRUE(t[0] >= 0 && t[2] < n);
          for (int p : t) EXPECT_TRUE(busy.insert(p).second) << "round not disjoint, n = " << n;
          for (int p : t) ++member[std::size_t(p)];
          ++triplets;
        }
      }
      for (int p = 0; p < n; ++p) EXPECT_GE(member[std::size_t(p)], layers) << "process " << p << " of " << n;
      EXPECT_LE(triplets, std::size_t(layers) * std::size_t(n / 3 + 1));
      // A layer is one round; the layers' extra triplets (3 not dividing n) at most as many more.
      EXPECT_LE(rounds.size(), std::size_t(layers) + (n % 3 ? std::size_t(layers) : 0));
      if (n % 3 == 0) {
        EXPECT_EQ(rounds.size(), std::size_t(layers));
      }
    }
  EXPECT_THROW(sampled_triplet_rounds(2, 1), std::invalid_argument);
  EXPECT_THROW(sampled_triplet_rounds(5, 0), std::invalid_argument);
  // The calibration's choice: every triplet up to 16 processes, the sample above.
  EXPECT_EQ(lmo_triplet_rounds(16), triplet_rounds(16));
  EXPECT_EQ(lmo_triplet_rounds(17), sampled_triplet_rounds(17, kTripletLayers));
}

TEST(FitRounds, WavesRespectHostCapacity) {
  // 8 processes on 2 hosts (0-3, 4-7). A tournament round of 4 pairs.
  const std::vector<int> host_of = {0, 0, 0, 0, 1, 1, 1, 1};
  const std::vector<std::vector<int>> pairs = {{0, 7}, {1, 6}, {2, 5}, {3, 4}};
  auto check = [&](const std::vector<std::vector<std::size_t>>& w, const std::vector<int>& cap) {
    std::set<std::size_t> seen;
    for (const auto& wave : w) {
      std::vector<int> active(cap.size(), 0);
      for (std::size_t g : wave) {
        EXPECT_TRUE(seen.insert(g).second);
        for (int p : pairs[g]) ++active[std::size_t(host_of[std::size_t(p)])];
      }
      for (std::size_t h = 0; h < cap.size(); ++h) EXPECT_LE(active[h], cap[h]);
    }
    EXPECT_EQ(seen.size(), pairs.size());
  };
  // Links shared (--no-core-limit's cores): enough cores, one wave, the round as it was.
  const auto all = waves(pairs, host_of, std::vector<int>{4, 4}, true);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].size(), 4u);
  // Two cores per host: two pairs at a time (each pair has one process on each host).
  const auto two = waves(pairs, host_of, std::vector<int>{2, 2}, true);
  EXPECT_EQ(two.size(), 2u);
  check(two, {2, 2});
  // One host with one core: pairs one at a time.
  EXPECT_EQ(waves(pairs, host_of, std::vector<int>{1, 4}, true).size(), 4u);
  // By default every pair crosses between the two hosts' links, so one at a time, cores or not.
  const auto one = waves(pairs, host_of, std::vector<int>{4, 4});
  EXPECT_EQ(one.size(), 4u);
  check(one, {1, 1});
  // Everything on one host with 2 cores, a triplet (3 > 2) still runs, alone.
  const std::vector<int> one_host(8, 0);
  const auto tri = waves({{0, 1, 2}, {3, 4, 5}}, one_host, std::vector<int>{2});
  ASSERT_EQ(tri.size(), 2u);
  EXPECT_EQ(tri[0], std::vector<std::size_t>{0});
  EXPECT_EQ(tri[1], std::vector<std::size_t>{1});
  EXPECT_TRUE(waves({}, one_host, std::vector<int>{2}).empty());
}

TEST(FitRounds, WavesKeepPairsBetweenHostsOffASharedLink) {
  // Every tournament round of 4 hosts with 4, 3, 4 and 1 processes (12, hosts in blocks, and a
  // 12-process placement round robin over them), cores enough for all: no host is in two groups
  // spanning hosts within a wave, pairs inside one host run beside them, and every group runs
  // exactly once.
  const std::vector<std::vector<int>> placements = {{0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3},
                                                    {0, 1, 2, 3, 0, 1, 2, 0, 1, 2, 0, 1}};
  for (const std::vector<int>& host_of : placements) {
    const std::vector<int> capacity(4, 16);
    std::size_t inside_beside = 0;
    for (const PairRound& round : pair_rounds(int(host_of.size()))) {
      std::vector<std::vector<int>> groups;
      for (const auto& p : round) groups.push_back({p[0], p[1]});
      std::set<std::size_t> seen;
      for (const auto& wave : waves(groups, host_of, capacity)) {
        std::vector<int> crossing(capacity.size(), 0);
        bool any_crossing = false, any_inside = false;
        for (std::size_t g : wave) {
          EXPECT_TRUE(seen.insert(g).second);
          const int a = host_of[std::size_t(groups[g][0])], b = host_of[std::size_t(groups[g][1])];
          if (a == b) {
            any_inside = true;
            continue;
          }
          any_crossing = true;
          EXPECT_EQ(++crossing[std::size_t(a)], 1) << "host " << a << " in two pairs between hosts";
          EXPECT_EQ(++crossing[std::size_t(b)], 1) << "host " << b << " in two pairs between hosts";
        }
        inside_beside += any_crossing && any_inside;
      }
      EXPECT_EQ(seen.size(), groups.size());
    }
    EXPECT_GT(inside_beside, 0u);  // pairs within a host are not held back by the links
  }
  // A triplet on hosts 0, 0 and 1 occupies both hosts' links: a pair between hosts 1 and 2 waits.
  const std::vector<int> host_of = {0, 0, 1, 1, 2};
  const auto w = waves({{0, 1, 2}, {3, 4}}, host_of, std::vector<int>{4, 4, 4});
  ASSERT_EQ(w.size(), 2u);
  // One process per host: every round is one wave, as with links shared.
  std::vector<int> distinct(9);
  for (int p = 0; p < 9; ++p) distinct[std::size_t(p)] = p;
  for (const PairRound& round : pair_rounds(9)) {
    std::vector<std::vector<int>> groups;
    for (const auto& p : round) groups.push_back({p[0], p[1]});
    EXPECT_EQ(waves(groups, distinct, std::vector<int>(9, 1)).size(), 1u);
  }
  for (const TripletRound& round : triplet_rounds(9)) {
    std::vector<std::vector<int>> groups;
    for (const auto& t : round) groups.push_back({t[0], t[1], t[2]});
    EXPECT_EQ(waves(groups, distinct, std::vector<int>(9, 1)).size(), 1u);
  }
}

TEST(FitRounds, ValidationRootsAddWhereTheModelsDisagree) {
  // Two models alike but for rank 3's links, which the second streams 1.3x slower: the validation
  // measures from rank 3 too. Alike everywhere: only 0 and n - 1.
  const int n = 8;
  HockneyModel a(n), b(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) {
        const double beta = 1e-9 * (1 + i + j);
        a.set(i, j, 1e-5, beta);
        b.set(i, j, 1e-5, (i == 3 || j == 3) ? 1.3 * beta : beta);
      }
  const std::vector<const P2PModel*> both = {&a, &b}, same = {&a, &a};
  EXPECT_EQ(validation_roots(both, n, 1 << 20), (std::vector<int>{0, 7, 3}));
  EXPECT_EQ(validation_roots(same, n, 1 << 20), (std::vector<int>{0, 7}));
  // One model has nothing to be told apart from; tiny jobs have no third rank.
  EXPECT_EQ(validation_roots(std::span<const P2PModel* const>(both.data(), 1), n, 1 << 20), (std::vector<int>{0, 7}));
  EXPECT_EQ(validation_roots(both, 2, 1 << 20), (std::vector<int>{0, 1}));
  EXPECT_EQ(validation_roots(both, 1, 1 << 20), (std::vector<int>{0}));
  // Where the disagreement is at an end already, nothing is added.
  HockneyModel c(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) c.set(i, j, 1e-5, (i == 7 || j == 7) ? 2e-9 : 1e-9);
  HockneyModel d(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) d.set(i, j, 1e-5, 1e-9);
  const std::vector<const P2PModel*> end = {&c, &d};
  EXPECT_EQ(validation_roots(end, n, 1 << 20), (std::vector<int>{0, 7}));
}

TEST(HockneyPieces, EachSizeReadsItsPiece) {
  HockneyModel m(3, {1000, 5000});
  for (int q = 0; q < 3; ++q)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (i != j) m.set(i, j, 1e-6 * (q + 1) * (i + 1), 1e-9 * (q + 1) * (j + 1), q);
  EXPECT_EQ(m.pieces(), 3);
  EXPECT_EQ(m.piece_of(0), 0);
  EXPECT_EQ(m.piece_of(999.5), 0);
  EXPECT_EQ(m.piece_of(1000), 1);
  EXPECT_EQ(m.piece_of(4999), 1);
  EXPECT_EQ(m.piece_of(5000), 2);
  EXPECT_EQ(m.piece_of(1e12), 2);
  const std::vector<int> to = {0, 1, 2};
  std::vector<double> row(3);
  for (double bytes : {0.0, 999.0, 1000.0, 4096.0, 5000.0, 1e6}) {
    m.p2p_row(1, to, bytes, row);
    for (int j = 0; j < 3; ++j) EXPECT_EQ(row[std::size_t(j)], m.p2p(1, j, bytes)) << bytes;
    const int q = m.piece_of(bytes);
    EXPECT_DOUBLE_EQ(m.p2p(1, 2, bytes), 1e-6 * (q + 1) * 2 + 1e-9 * (q + 1) * 3 * bytes);
  }
  EXPECT_EQ(m.p2p(2, 2, 5000), 0.0);
  EXPECT_THROW(HockneyModel(2, {0}), std::invalid_argument);
  EXPECT_THROW(HockneyModel(2, {100, 100}), std::invalid_argument);
  EXPECT_THROW(HockneyModel(2, {-1}), std::invalid_argument);
}

// ---- bucket_estimate: synthetic links with the latency, line and drained costs of the emulated
// clusters (0.6 GB/s line, 100 Mbit/s to 2 Gbit/s shaped), probed at 1 MiB and 256 KiB.
namespace {

constexpr double kLatency = 100e-6, kLine = 1.65e-9, kLarge = 1 << 20, kSmall = kLarge / 4;

// A token bucket of `bucket` bytes refilled at 1/`drained_per_byte`: a rested message passes
// min(m, bucket) at the line rate and the rest at the drained rate.
BucketProbe bucket_probe(double bytes, double drained_per_byte, double bucket, double noise = 0, unsigned seed = 1) {
  const double at_line = std::min(bytes, bucket);
  std::mt19937 gen(seed);
  std::normal_distribution<double> d(1.0, noise);
  auto jitter = [&](double t) { return noise > 0 ? t * d(gen) : t; };
  return {.bytes = bytes,
          .rested = jitter(kLatency + at_line * kLine + (bytes - at_line) * drained_per_byte),
          .drained = jitter(kLatency + bytes * drained_per_byte)};
}

// A link with no bucket whose rested messages stream at another, faster rate throughout.
BucketProbe rate_probe(double bytes, double drained_per_byte, double rested_per_byte) {
  return {.bytes = bytes, .rested = kLatency + bytes * rested_per_byte, .drained = kLatency + bytes * drained_per_byte};
}

}  // namespace

TEST(BucketEstimate, RealBucketsOfEverySizeAreKept) {
  for (const double drained : {1.0 / 12.5e6, 1.0 / 50e6, 1.0 / 125e6})
    for (const double bucket : {4096.0, 16384.0, 65536.0, 262144.0, 524288.0, double(kLarge)}) {
      const BucketEstimate e =
          bucket_estimate(bucket_probe(kLarge, drained, bucket), bucket_probe(kSmall, drained, bucket), kLatency, kLine);
      EXPECT_FALSE(e.rejected) << bucket << " at " << drained;
      EXPECT_NEAR(e.bytes, bucket, 1.0) << drained;
      EXPECT_NEAR(e.seconds_per_byte, drained, 1e-15);
      EXPECT_NEAR(e.small_gain_bytes, std::min(bucket, kSmall), 1.0);
    }
}

TEST(BucketEstimate, NoisyRealBucketsAreKept) {
  // 2 % noise on every time (0.4 ms of a 21 ms message, what 16 KiB at 50 MB/s gains), 50 draws
  // per bucket: buckets that change predictions are kept, within the noise's bytes.
  const double drained = 1.0 / 50e6;
  for (const double bucket : {131072.0, 262144.0, 524288.0})
    for (unsigned seed = 1; seed <= 50; ++seed) {
      const BucketEstimate e = bucket_estimate(bucket_probe(kLarge, drained, bucket, 0.02, seed),
                                               bucket_probe(kSmall, drained, bucket, 0.02, seed + 1000), kLatency, kLine);
      EXPECT_FALSE(e.rejected) << bucket << " seed " << seed << " large " << e.large_gain_bytes << " small "
                               << e.small_gain_bytes;
      EXPECT_NEAR(e.bytes, bucket, 65536.0) << seed;
    }
}

TEST(BucketEstimate, GainOfTheLargeMessageAloneIsNoBucket) {
  // Recorded on the random emulated clusters' 1-2 Gbit/s tbf links (4-64 KiB buckets, drained at
  // 50-140 MB/s): a rested 1 MiB message gained 130-900 KB's worth, a rested 256 KiB one nothing.
  const double drained = 1.0 / 50e6;
  for (const double large_gain : {131072.0, 459631.0, 900000.0}) {
    const double saved = large_gain * (drained - kLine);
    const BucketEstimate e = bucket_estimate(
        {.bytes = kLarge, .rested = kLatency + kLarge * drained - saved, .drained = kLatency + kLarge * drained},
        {.bytes = kSmall, .rested = kLatency + kSmall * drained, .drained = kLatency + kSmall * drained}, kLatency, kLine);
    EXPECT_TRUE(e.rejected) << large_gain;
    EXPECT_EQ(e.bytes, 0.0);
    EXPECT_NEAR(e.large_gain_bytes, large_gain, 1.0);
    EXPECT_GT(e.seconds_per_byte, 0.0);  // still shaped: its drained rate stays
  }
}

TEST(BucketEstimate, FasterRestedRateThroughoutIsNoBucket) {
  // A rested link streaming 1.2-1.7x faster all the way gains in proportion to the size: a
  // quarter on the small message, under half of what a bucket would give it.
  const double drained = 1.0 / 50e6;
  for (const double rested : {1.0 / 85e6, 1.0 / 70e6, 1.0 / 60e6}) {
    const BucketEstimate e =
        bucket_estimate(rate_probe(kLarge, drained, rested), rate_probe(kSmall, drained, rested), kLatency, kLine);
    EXPECT_TRUE(e.rejected) << rested;
    EXPECT_EQ(e.bytes, 0.0);
    EXPECT_NEAR(e.small_gain_bytes, e.large_gain_bytes / 4, 1.0);
  }
  // Only 2 % faster: kept or not, never a bucket that would change a prediction.
  const BucketEstimate small = bucket_estimate(rate_probe(kLarge, drained, 1.0 / 51e6),
                                               rate_probe(kSmall, drained, 1.0 / 51e6), kLatency, kLine);
  EXPECT_LT(small.bytes, 32768.0);
}

TEST(BucketEstimate, PartlySlowerSmallMessageKeepsTheBucket) {
  // Recorded on 250-400 Mbit/s links with 512 KiB tbf buckets: the 256 KiB message gained 66-95 %
  // of its size (a full bucket's bytes pass a little below the unshaped line), the 1 MiB one
  // 440-720 KB. A bucket still.
  const double drained = 1.0 / 50e6;
  for (const double fraction : {0.66, 0.8, 0.95}) {
    const double large_saved = 460e3 * (drained - kLine), small_saved = fraction * kSmall * (drained - kLine);
    const BucketEstimate e = bucket_estimate(
        {.bytes = kLarge, .rested = kLatency + kLarge * drained - large_saved, .drained = kLatency + kLarge * drained},
        {.bytes = kSmall, .rested = kLatency + kSmall * drained - small_saved, .drained = kLatency + kSmall * drained},
        kLatency, kLine);
    EXPECT_FALSE(e.rejected) << fraction;
    EXPECT_NEAR(e.bytes, 460e3, 1.0);
  }
}

TEST(BucketEstimate, UnshapedLinksAndMissingProbes) {
  // Within 1.5x of the line: not shaped, whatever the rested message did.
  const BucketEstimate line = bucket_estimate(bucket_probe(kLarge, 1.4 * kLine, 65536),
                                              bucket_probe(kSmall, 1.4 * kLine, 65536), kLatency, kLine);
  EXPECT_EQ(line.seconds_per_byte, 0.0);
  EXPECT_EQ(line.bytes, 0.0);
  // No small probe: the large one alone, as before the check.
  const BucketEstimate alone = bucket_estimate(bucket_probe(kLarge, 1.0 / 50e6, 262144), BucketProbe{}, kLatency, kLine);
  EXPECT_FALSE(alone.rejected);
  EXPECT_NEAR(alone.bytes, 262144, 1.0);
  EXPECT_EQ(bucket_estimate(BucketProbe{}, BucketProbe{}, kLatency, kLine).bytes, 0.0);
  EXPECT_EQ(bucket_estimate(bucket_probe(kLarge, 1.0 / 50e6, 262144), BucketProbe{}, kLatency, 0.0).bytes, 0.0);
  // A rested message slower than the drained one: no bucket, never a negative one.
  const BucketEstimate slower = bucket_estimate({.bytes = kLarge, .rested = 0.03, .drained = 0.02},
                                                {.bytes = kSmall, .rested = 0.008, .drained = 0.005}, kLatency, kLine);
  EXPECT_EQ(slower.bytes, 0.0);
  EXPECT_FALSE(slower.rejected);
}

#include "collsel/plogp.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <vector>

using collsel::LogGPModel;
using collsel::PiecewiseLinear;
using collsel::PlogpModel;

TEST(PiecewiseLinear, InterpolatesExtrapolatesAndClamps) {
  const PiecewiseLinear f{{1, 101, 1001}, {10, 20, 110}};
  EXPECT_DOUBLE_EQ(f(1), 10);
  EXPECT_DOUBLE_EQ(f(51), 15);      // halfway along the first segment
  EXPECT_DOUBLE_EQ(f(101), 20);     // on a point
  EXPECT_DOUBLE_EQ(f(551), 65);     // halfway along the second
  EXPECT_DOUBLE_EQ(f(2001), 210);   // past the end: slope of the last segment (0.1 per byte)
  EXPECT_DOUBLE_EQ(f(0), 10);       // below the first point: clamped
  EXPECT_DOUBLE_EQ(f(-5), 10);
}

TEST(PiecewiseLinear, DegenerateForms) {
  EXPECT_EQ(PiecewiseLinear{}(123), 0.0);
  const PiecewiseLinear one{{64}, {3}};
  EXPECT_EQ(one(0), 3);
  EXPECT_EQ(one(1e9), 3);
}

TEST(Plogp, P2PIsLatencyPlusGap) {
  PlogpModel m(2);
  EXPECT_EQ(m.kind(), "plogp");
  m.set(0, 1, 5e-6, {{1, 1001}, {1e-6, 2e-6}}, {{1, 1001}, {1e-6, 3e-6}}, {{1, 1001}, {2e-6, 12e-6}});
  EXPECT_NEAR(m.p2p(0, 1, 501), 5e-6 + 7e-6, 1e-15);
  EXPECT_NEAR(m.p2p(0, 1, 2001), 5e-6 + 22e-6, 1e-15);
  EXPECT_EQ(m.p2p(1, 1, 100), 0.0);
  EXPECT_EQ(m.p2p(1, 0, 100), 0.0);  // unset pair: L = 0, g empty
  EXPECT_EQ(m.os(0, 1).y[1], 2e-6);
  EXPECT_EQ(m.orecv(0, 1).y[1], 3e-6);
}

TEST(LogGP, DerivedFromPlogp) {
  PlogpModel m(2);
  // os(1) = 1 us, or(1) = 2 us, g(1) = 4 us, g(1 MiB) = 1 ms.
  const double Mmax = 1048576;
  m.set(0, 1, 10e-6, {{1, Mmax}, {1e-6, 100e-6}}, {{1, Mmax}, {2e-6, 200e-6}}, {{1, Mmax}, {4e-6, 1e-3}});
  m.set(1, 0, 20e-6, {{1}, {1e-6}}, {{1}, {1e-6}}, {{1, 2}, {3e-6, 5e-6}});
  const LogGPModel lg(m, Mmax);
  EXPECT_EQ(lg.kind(), "loggp");
  EXPECT_EQ(lg.size(), 2);
  EXPECT_NEAR(lg.L(0, 1), 10e-6 + 4e-6 - 1e-6 - 2e-6, 1e-15);  // L' = L + g(1) - os(1) - or(1)
  EXPECT_NEAR(lg.o2(0, 1), 3e-6, 1e-15);
  EXPECT_NEAR(lg.g(0, 1), 4e-6, 1e-15);
  EXPECT_NEAR(lg.G(0, 1), 1e-3 / Mmax, 1e-18);
  EXPECT_EQ(lg.max_bytes(), Mmax);
  // p2p = L' + 2o + G (M - 1): at M = 1 it equals PLogP's L + g(1).
  EXPECT_NEAR(lg.p2p(0, 1, 1), m.p2p(0, 1, 1), 1e-15);
  EXPECT_NEAR(lg.p2p(0, 1, 1001), 14e-6 + 1000 * 1e-3 / Mmax, 1e-15);
  EXPECT_NEAR(lg.p2p(0, 1, 0), 14e-6, 1e-15);
  // Reverse pair extrapolates g past its last point: g(Mmax) = 3 + 2 (Mmax - 1) us.
  EXPECT_NEAR(lg.G(1, 0), (3e-6 + 2e-6 * (Mmax - 1)) / Mmax, 1e-15);
  std::vector<double> out(3);
  const std::vector<int> to = {1, 0, 1};
  lg.p2p_row(0, to, 4096, out);
  for (std::size_t k = 0; k < to.size(); ++k) EXPECT_DOUBLE_EQ(out[k], lg.p2p(0, to[k], 4096));
  EXPECT_THROW(LogGPModel(m, 0.5), std::invalid_argument);
  EXPECT_EQ(lg.S(), std::numeric_limits<double>::infinity());  // a line: no rendezvous step
  EXPECT_EQ(lg.R(0, 1), 0.0);
}

// g through measured points with the step of a rendezvous protocol between 8 KiB and 64 KiB (as
// SimGrid's SMPI puts it at 65472 bytes): 1 ns per byte throughout, 1 ms more from 64 KiB on.
PlogpModel stepped_plogp(double step_seconds) {
  const std::vector<double> x = {0, 1024, 8192, 65536, 524288, 4194304};
  PlogpModel m(3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      const double slow = (i == 2 || j == 2) ? 2.0 : 1.0;  // pairs with process 2: half the rate
      std::vector<double> g;
      for (double M : x) g.push_back(20e-6 + slow * 1e-9 * M + (M >= 65536 ? step_seconds : 0.0));
      m.set(i, j, 5e-6, {x, std::vector<double>(x.size(), 1e-6)}, {x, std::vector<double>(x.size(), 2e-6)}, {x, g});
    }
  return m;
}

TEST(LogGP, RendezvousThresholdFollowsTheStep) {
  const PlogpModel m = stepped_plogp(1e-3);
  const double Mmax = 4194304;
  const LogGPModel lg(m, Mmax);
  EXPECT_EQ(lg.S(), 65536);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      const double slow = (i == 2 || j == 2) ? 2.0 : 1.0;
      EXPECT_NEAR(lg.G(i, j), slow * 1e-9, 1e-18);
      EXPECT_NEAR(lg.R(i, j), 1e-3, 1e-12);
      // At and above S, and below it, LogGPS is PLogP here (g is linear on either side).
      for (double M : {1.0, 1024.0, 8192.0, 65536.0, 100000.0, 524288.0, 4194304.0})
        EXPECT_NEAR(lg.p2p(i, j, M), m.p2p(i, j, M), 1e-12) << i << "->" << j << " at " << M;
    }
  // Plain LogGP's one gap per byte put a 64 KiB message about 1 ms too fast.
  EXPECT_LT(m.g(0, 1)(Mmax) / Mmax * 65535 + 25e-6, m.p2p(0, 1, 65536) - 0.9e-3);
  std::vector<double> out(2);
  const std::vector<int> to = {1, 2};
  for (double M : {4096.0, 65536.0}) {
    lg.p2p_row(0, to, M, out);
    EXPECT_DOUBLE_EQ(out[0], lg.p2p(0, 1, M));
    EXPECT_DOUBLE_EQ(out[1], lg.p2p(0, 2, M));
  }
}

TEST(LogGP, SmallStepKeepsThePlainView) {
  // A step of 0.1 us is within the 5 % the plain view may be off: cpm-manual's view is kept.
  const LogGPModel lg(stepped_plogp(1e-7), 4194304);
  EXPECT_EQ(lg.S(), std::numeric_limits<double>::infinity());
  const PlogpModel m = stepped_plogp(1e-7);
  EXPECT_NEAR(lg.G(0, 1), m.g(0, 1)(4194304) / 4194304, 1e-18);
}

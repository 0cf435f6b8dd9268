#include "collsel/plogp.hpp"

#include <gtest/gtest.h>

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
}

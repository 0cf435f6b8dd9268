#include "collsel/lmo.hpp"

#include <gtest/gtest.h>

#include <vector>

using collsel::LmoModel;

namespace {

// 3 processes; hand-picked round numbers so every expectation below can be checked on paper.
LmoModel three() {
  LmoModel m(3);
  m.set_processor(0, 1e-6, 1e-9);
  m.set_processor(1, 2e-6, 2e-9);
  m.set_processor(2, 3e-6, 3e-9);
  m.set_link(0, 1, 10e-6, 1e8);  // 1/rate = 1e-8
  m.set_link(0, 2, 20e-6, 1e7);  // 1/rate = 1e-7
  m.set_link(1, 2, 30e-6, 5e8);  // 1/rate = 2e-9
  return m;
}

}  // namespace

TEST(Lmo, P2PIsProcessorPlusLinkCosts) {
  const LmoModel m = three();
  EXPECT_EQ(m.kind(), "lmo");
  EXPECT_EQ(m.size(), 3);
  // C0 + L01 + C1 + M (t0 + 1/rate01 + t1) = 1 + 10 + 2 us + 1000 (1 + 10 + 2) ns = 13 us + 13 us
  EXPECT_NEAR(m.p2p(0, 1, 1000), 26e-6, 1e-15);
  // 2 -> 0: 3 + 20 + 1 us + 1000 (3 + 100 + 1) ns = 24 us + 104 us
  EXPECT_NEAR(m.p2p(2, 0, 1000), 128e-6, 1e-15);
  EXPECT_NEAR(m.p2p(1, 2, 0), 35e-6, 1e-15);
  EXPECT_EQ(m.p2p(1, 1, 1e6), 0.0);
}

TEST(Lmo, LinksAreSymmetric) {
  const LmoModel m = three();
  EXPECT_EQ(m.L(2, 1), 30e-6);
  EXPECT_EQ(m.rate(2, 1), 5e8);
  EXPECT_DOUBLE_EQ(m.p2p(1, 2, 4096), m.p2p(2, 1, 4096));
  EXPECT_EQ(m.C(1), 2e-6);
  EXPECT_EQ(m.t(2), 3e-9);
}

TEST(Lmo, P2PRowMatchesP2P) {
  const LmoModel m = three();
  const std::vector<int> to = {2, 0, 1, 0};
  std::vector<double> out(to.size());
  for (double M : {0.0, 1.0, 65536.0}) {
    m.p2p_row(0, to, M, out);
    for (std::size_t k = 0; k < to.size(); ++k) EXPECT_DOUBLE_EQ(out[k], m.p2p(0, to[k], M));
  }
}

TEST(Lmo, ScatterFlatParallelBelowSSequentialFromS) {
  LmoModel m = three();
  m.S = 1000;
  const double M = 500;
  // Root 0: (n-1)(C0 + M t0) = 2 (1 us + 0.5 us) = 3 us.
  // To 1: L01 + C1 + M (1/rate01 + t1) = 10 + 2 + 500 * 12e-9 s = 12 us + 6 us = 18 us
  // To 2: L02 + C2 + M (1e-7 + 3e-9) = 20 + 3 + 51.5 us = 74.5 us
  EXPECT_NEAR(m.scatter_flat(0, M), 3e-6 + 74.5e-6, 1e-12);
  const double M2 = 2000;  // >= S: sum. root 2 * (1 + 2) us = 6 us; to 1: 12 + 24 = 36 us; to 2: 23 + 206 = 229 us
  EXPECT_NEAR(m.scatter_flat(0, M2), 6e-6 + 36e-6 + 229e-6, 1e-12);
  // Exactly at S it is already sequential.
  EXPECT_NEAR(m.scatter_flat(0, 1000), 2 * (1e-6 + 1e-6) + (12e-6 + 12e-6) + (23e-6 + 103e-6), 1e-12);
}

TEST(Lmo, GatherFlatThreeRegimes) {
  LmoModel m = three();
  m.M1 = 100;
  m.M2 = 1000;
  m.gather_medium_extra = 50e-6;
  // Small (M = 50 < M1), root 1: 2 (C1 + 50 t1) = 2 (2 us + 0.1 us) = 4.2 us;
  // from 0: L10 + C0 + 50 (1e-8 + 1e-9) = 11 us + 0.55 us; from 2: 33 us + 50 * 5e-9 = 33.25 us -> max 33.25
  EXPECT_NEAR(m.gather_flat(1, 50), 4.2e-6 + 33.25e-6, 1e-12);
  // Medium (M = 500): small form + extra. root: 2 (2 + 1) = 6 us; from 0: 11 + 5.5; from 2: 33 + 2.5 -> 35.5
  EXPECT_NEAR(m.gather_flat(1, 500), 6e-6 + 35.5e-6 + 50e-6, 1e-12);
  // Large (M = 2000 >= M2): sum. root: 2 (2 + 4) = 12 us; from 0: 11 + 22 = 33 us; from 2: 33 + 10 = 43 us
  EXPECT_NEAR(m.gather_flat(1, 2000), 12e-6 + 33e-6 + 43e-6, 1e-12);
}

TEST(Lmo, ZeroThresholdsMeanSequential) {
  const LmoModel m = three();
  EXPECT_NEAR(m.scatter_flat(0, 0), 2e-6 + 12e-6 + 23e-6, 1e-12);
  EXPECT_NEAR(m.gather_flat(0, 0), 2e-6 + 12e-6 + 23e-6, 1e-12);
  EXPECT_EQ(LmoModel(1).scatter_flat(0, 1e6), 0.0);
}

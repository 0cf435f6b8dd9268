// native costed like every candidate (collsel/mpich_native.hpp, NativeCostTable::calibrated):
// MPICH 4.0.2's default selection at its thresholds, the reconstructed schedules' cost by hand on
// uniform links, a model bias that scales native and the candidates alike, and the measured
// correction within and beyond the calibrated sizes.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"
#include "collsel/mpich_native.hpp"
#include "collsel/native_cost.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;

namespace {

HockneyModel uniform(int n, double alpha, double beta) {
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, alpha, beta);
  return m;
}

// Every rank behind a link of its own (β per rank, no latency): a pair takes its slower end's time.
HockneyModel star(const std::vector<double>& link_beta) {
  const int n = int(link_beta.size());
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, 0, std::max(link_beta[std::size_t(i)], link_beta[std::size_t(j)]));
  return m;
}

MpichAlgorithm pick(Collective op, int procs, std::size_t bytes, std::size_t element = 1, bool builtin = true) {
  return mpich_default_algorithm({.op = op, .procs = procs, .root = 0, .bytes = bytes, .element_bytes = element}, builtin);
}

}  // namespace

TEST(MpichNative, DefaultSelectionAtItsThresholds) {
  using A = MpichAlgorithm;
  EXPECT_EQ(pick(Collective::bcast, 7, 1 << 22), A::binomial);  // fewer than 8 ranks
  EXPECT_EQ(pick(Collective::bcast, 8, 12288), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 8, 12289), A::scatter_recursive_doubling_allgather);
  EXPECT_EQ(pick(Collective::bcast, 16, 524288), A::scatter_recursive_doubling_allgather);
  EXPECT_EQ(pick(Collective::bcast, 16, 524289), A::scatter_ring_allgather);
  EXPECT_EQ(pick(Collective::bcast, 12, 12289), A::scatter_ring_allgather);  // not a power of two
  EXPECT_EQ(pick(Collective::reduce, 8, 2048, 4), A::binomial);
  EXPECT_EQ(pick(Collective::reduce, 8, 2052, 4), A::reduce_scatter_gather);
  EXPECT_EQ(pick(Collective::reduce, 8, 4096, 1024), A::binomial);       // 4 elements < pof2 = 8
  EXPECT_EQ(pick(Collective::reduce, 8, 1 << 20, 4, false), A::binomial);  // a user-defined op
  EXPECT_EQ(pick(Collective::scatter, 64, 1 << 20), A::binomial);
  EXPECT_EQ(pick(Collective::gather, 3, 10), A::binomial);
  EXPECT_EQ(pick(Collective::scatterv, 8, 1 << 20), A::linear);
  EXPECT_EQ(pick(Collective::gatherv, 8, 1), A::linear);
}

TEST(MpichNative, CostsByHandOnUniformLinks) {
  const double a = 1e-5, b = 1e-9;
  // Binomial is collsel's own binomial tree. Linear on uniform links (every peer as fast as the
  // root) posts its transfers together: they spend their latencies at once, and the root's port
  // passes their bytes one transfer's worth at a time. Small blocks take one transfer's time, large
  // ones queue their bytes as collsel's one-port flat does (less the latencies).
  const HockneyModel m4 = uniform(4, a, b);
  const CallShape small{.op = Collective::bcast, .procs = 4, .root = 1, .bytes = 1000};
  EXPECT_DOUBLE_EQ(predict_mpich_native(small, m4), 2 * (a + b * 1000));
  const CallShape v{.op = Collective::gatherv, .procs = 4, .root = 0, .bytes = 100};
  EXPECT_NEAR(predict_mpich_native(v, m4), a + b * 100, 1e-15);
  const CallShape large_v{.op = Collective::scatterv, .procs = 4, .root = 2, .bytes = 1000000};
  EXPECT_NEAR(predict_mpich_native(large_v, m4), 3 * b * 1e6, 1e-12);
  EXPECT_LT(predict_mpich_native(large_v, m4), predict_tree(find_algorithm("flat")->build({m4, large_v}).tree, large_v, m4));

  // bcast of 512 KB on 8 ranks: binomial scatter of 64 KB chunks, then 3 recursive-doubling steps
  // of 1, 2, 4 chunks; of 1 MB: the ring, 7 steps of one 128 KB chunk.
  const HockneyModel m8 = uniform(8, a, b);
  const CallShape rd{.op = Collective::bcast, .procs = 8, .root = 3, .bytes = 1 << 19};
  CallShape scatter = rd;
  scatter.op = Collective::scatter;
  scatter.bytes = 1 << 16;
  const double scatter_cost = predict_tree(find_algorithm("binomial")->build({m8, scatter}).tree, scatter, m8);
  EXPECT_NEAR(predict_mpich_native(rd, m8), scatter_cost + 3 * a + b * (1 << 16) * 7, 1e-15);
  const CallShape ring8{.op = Collective::bcast, .procs = 8, .root = 3, .bytes = 1 << 20};
  scatter.bytes = 1 << 17;
  EXPECT_NEAR(predict_mpich_native(ring8, m8),
              predict_tree(find_algorithm("binomial")->build({m8, scatter}).tree, scatter, m8) + 7 * (a + b * (1 << 17)),
              1e-15);
  // On 12 ranks (not a power of two): the ring, 11 steps of one ⌈M/12⌉-byte chunk.
  const HockneyModel m12 = uniform(12, a, b);
  const CallShape ring{.op = Collective::bcast, .procs = 12, .root = 0, .bytes = 120000};
  CallShape scatter12 = ring;
  scatter12.op = Collective::scatter;
  scatter12.bytes = 10000;
  EXPECT_NEAR(predict_mpich_native(ring, m12),
              predict_tree(find_algorithm("binomial")->build({m12, scatter12}).tree, scatter12, m12) + 11 * (a + b * 10000),
              1e-15);
  // reduce of 1 MB on 8 ranks (Rabenseifner): halving 512K, 256K, 128K, then gathering 128K,
  // 256K, 512K: 6 steps and 2 x 7/8 of the message.
  const CallShape rsg{.op = Collective::reduce, .procs = 8, .root = 0, .bytes = 1 << 20, .element_bytes = 8};
  EXPECT_NEAR(predict_mpich_native(rsg, m8), 6 * a + b * double(1 << 20) * 7 / 4, 1e-15);
  // On 6 ranks (pof2 4): ranks 1 and 3 first fold their whole vector into 0 and 2. Root 0 and root
  // 5 take part in the halving: one whole-vector step more. Root 1 dropped out: rank 0 hands it
  // its piece (M/4) first, and the gather's first transfer into it waits for that.
  const HockneyModel m6 = uniform(6, a, b);
  const double M = 1 << 20;
  const CallShape rsg6{.op = Collective::reduce, .procs = 6, .root = 0, .bytes = 1 << 20, .element_bytes = 8};
  EXPECT_NEAR(predict_mpich_native(rsg6, m6), (a + b * M) + 4 * a + b * M * 3 / 2, 1e-15);
  CallShape rsg6_root5 = rsg6, rsg6_root1 = rsg6;
  rsg6_root5.root = 5, rsg6_root1.root = 1;
  EXPECT_NEAR(predict_mpich_native(rsg6_root5, m6), (a + b * M) + 4 * a + b * M * 3 / 2, 1e-15);
  EXPECT_NEAR(predict_mpich_native(rsg6_root1, m6), (a + b * M) + 5 * a + b * M * 7 / 4, 1e-15);
}

// MPICH pairs Rabenseifner's ranks by their absolute number whatever the root (only the gather
// goes to the root): on 4 ranks, 0-1 and 2-3 halve first, then 0-2 and 1-3; the gather to root 1
// takes 2 -> 0, 3 -> 1, then 0 -> 1. With the link 0-1 ten times slower, the first halving step
// (M/2) and the last gather step (M/2) cross it: 5 + 0.25 + 0.25 + 5 = 10.5 b M. Pairs relative
// to the root (1-2 and 3-0, then 1-3 and 2-0, the gather ending 2 -> 1) would never use it.
TEST(MpichNative, ReduceScatterGatherPairsAbsoluteRanks) {
  const double b = 1e-9, M = 1 << 20;
  HockneyModel m(4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (i != j) m.set(i, j, 0, (i + j == 1) ? 10 * b : b);
  const CallShape root1{.op = Collective::reduce, .procs = 4, .root = 1, .bytes = std::size_t(M), .element_bytes = 8};
  EXPECT_NEAR(predict_reduce_scatter_gather(root1, m), 10.5 * b * M, 1e-12);
  EXPECT_NEAR(predict_mpich_native(root1, m), 10.5 * b * M, 1e-12);
  // Root 3: the same halving (5.25 b M), then 0 -> 2 and 1 -> 3 (M/4, 0.25 b M each), 2 -> 3
  // (M/2, 0.5 b M): the slow link only in the halving.
  CallShape root3 = root1;
  root3.root = 3;
  EXPECT_NEAR(predict_reduce_scatter_gather(root3, m), 6 * b * M, 1e-12);
}

// MPICH's linear scatterv/gatherv posts every transfer at once: transfers to peers slower than
// the root overlap instead of queueing (the one-port flat's sum). Root 0 and peer 1 have links of
// β; peers 2, 3, 4 links ten times slower (a pair takes its slower end's time); no latency.
TEST(MpichNative, LinearOverlapsTransfersToSlowPeers) {
  const double b = 1e-9, m = 1 << 20;
  const HockneyModel five_ranks = star({b, b, 10 * b, 10 * b, 10 * b});
  for (Collective op : {Collective::scatterv, Collective::gatherv}) {
    const CallShape shape{.op = op, .procs = 5, .root = 0, .bytes = std::size_t(m)};
    // The slow transfers can use a tenth of the port each, the fast one the 0.7 left until it is
    // done (b m / 0.7); then the slow ones still go at their own tenth: 10 b m in all, the slowest
    // transfer alone — not b m + 3 x 10 b m, one after the other.
    EXPECT_NEAR(predict_linear(shape, five_ranks), 10 * b * m, 1e-12) << to_string(op);
    EXPECT_NEAR(predict_tree(find_algorithm("flat")->build({five_ranks, shape}).tree, shape, five_ranks), 31 * b * m, 1e-12);
    EXPECT_NEAR(predict_mpich_native(shape, five_ranks), predict_linear(shape, five_ranks), 1e-15);
  }
  // Four fast peers and one slow: the fast ones share the 0.9 of the port the slow one leaves
  // (done at 4 b m / 0.9), the slow one runs beside them at its tenth and is the last (10 b m).
  const HockneyModel mixed6 = star({b, b, b, b, b, 10 * b});
  const CallShape five{.op = Collective::scatterv, .procs = 6, .root = 0, .bytes = std::size_t(m)};
  EXPECT_NEAR(predict_linear(five, mixed6), 10 * b * m, 1e-12);
  // Eleven fast peers and the slow one: an equal twelfth of the port is less than the slow one's
  // tenth, so all twelve share it equally and the port's work decides (12 b m).
  std::vector<double> twelve_fast(12, b);
  twelve_fast.push_back(10 * b);
  const HockneyModel mixed13 = star(twelve_fast);
  const CallShape twelve{.op = Collective::gatherv, .procs = 13, .root = 0, .bytes = std::size_t(m)};
  EXPECT_NEAR(predict_linear(twelve, mixed13), 12 * b * m, 1e-12);
}

// The event-driven fair share against a fine time-stepped one (water-filling at every step).
TEST(MpichNative, FairShareMakespanMatchesATimeSteppedSimulation) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> unit(0.05, 1.0);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 1 + trial % 9;
    std::vector<PortFlow> flows;
    for (int i = 0; i < n; ++i) {
      const double port = unit(gen);
      flows.push_back({port / (trial % 3 == 0 ? 1.0 : unit(gen)), port});
    }
    std::vector<double> left;
    for (const PortFlow& f : flows) left.push_back(f.port);
    const double dt = 1e-4;
    double t = 0;
    for (bool busy = true; busy; t += dt) {
      std::vector<std::size_t> active;
      for (std::size_t i = 0; i < flows.size(); ++i)
        if (left[i] > 0) active.push_back(i);
      busy = !active.empty();
      std::ranges::sort(active, {}, [&](std::size_t i) { return flows[i].share(); });
      double capacity = 1;
      for (std::size_t k = 0; k < active.size(); ++k) {
        const std::size_t i = active[k];
        const double rate = std::min(flows[i].share(), capacity / double(active.size() - k));
        capacity -= rate;
        left[i] -= rate * dt;
      }
      if (!busy) t -= dt;
    }
    EXPECT_NEAR(fair_share_makespan(flows), t, 2 * double(n) * dt) << "trial " << trial;
  }
  EXPECT_EQ(fair_share_makespan({}), 0);
}

// Bounds on random heterogeneous links and uneven blocks: at least the slowest transfer alone, at
// most the transfers one after the other.
TEST(MpichNative, LinearLiesBetweenItsBounds) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const int p = 3 + int(seed % 9);
    const HockneyModel m = collsel::testing::random_hockney(p, seed);
    for (Collective op : {Collective::scatterv, Collective::gatherv}) {
      const std::vector<std::size_t> blocks = uneven_blocks(40000, p);
      const CallShape shape{.op = op, .procs = p, .root = int(seed) % p, .bytes = 40000, .block_bytes = blocks};
      const bool up = op == Collective::gatherv;
      auto t = [&](int peer, double bytes) { return up ? m.p2p(peer, shape.root, bytes) : m.p2p(shape.root, peer, bytes); };
      double slowest = 0, sum = 0;
      for (int r = 0; r < p; ++r)
        if (r != shape.root) slowest = std::max(slowest, t(r, double(shape.block(r)))), sum += t(r, double(shape.block(r)));
      const double cost = predict_linear(shape, m);
      EXPECT_GE(cost, slowest * (1 - 1e-12)) << seed;
      EXPECT_LE(cost, sum * (1 + 1e-12)) << seed;
    }
  }
}

TEST(MpichNative, AModelBiasScalesNativeAndTheCandidatesAlike) {
  // Every link k times slower: native's reconstructed cost and every candidate's grow by k, so
  // the ranking (and the margin test against native) is unchanged.
  const HockneyModel m = collsel::testing::random_hockney(12, 21u);
  HockneyModel slow(12);
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j)
      if (i != j) slow.set(i, j, 3 * m.alpha(i, j), 3 * m.beta(i, j));
  for (Collective op : all_collectives)
    for (std::size_t bytes : {std::size_t(1024), std::size_t(1) << 16, std::size_t(1) << 22}) {
      std::vector<std::size_t> blocks(12, bytes);
      CallShape shape{.op = op, .procs = 12, .root = 5, .bytes = bytes};
      if (is_vector_variant(op)) shape.block_bytes = blocks;
      const Decision d1 = decide({.shape = shape, .cost = &m});
      const Decision d3 = decide({.shape = shape, .cost = &slow});
      ASSERT_EQ(d1.candidates.size(), d3.candidates.size());
      for (std::size_t i = 0; i < d1.candidates.size(); ++i)
        EXPECT_NEAR(d3.candidates[i].predicted_seconds, 3 * d1.candidates[i].predicted_seconds,
                    1e-9 * d1.candidates[i].predicted_seconds)
            << to_string(op) << " " << bytes << " " << d1.candidates[i].algorithm->name;
      EXPECT_EQ(d1.best().algorithm, d3.best().algorithm) << to_string(op) << " " << bytes;
    }
}

TEST(MpichNative, MeasurementCorrectsWithinAndBeyondTheCalibratedSizes) {
  NativeCostTable table;
  table.add(Collective::bcast, 8, {{1024, 4e-5}, {65536, 1e-3}});
  // A stand-in for MPICH's schedule's cost: root 3 sits behind a link three times slower.
  auto modelled = [](const CallShape& s) { return (s.root == 3 ? 6e-8 : 2e-8) * double(s.bytes); };
  auto at = [](int root, std::size_t bytes, int procs = 8) {
    return CallShape{.op = Collective::bcast, .procs = procs, .root = root, .bytes = bytes};
  };
  // At a measured size, at the measured root: the measurement.
  EXPECT_NEAR(table.calibrated(at(0, 65536), modelled), 1e-3, 1e-15);
  // Another root: the model alone (root 0's measurement says nothing of root 3's links)...
  EXPECT_DOUBLE_EQ(table.calibrated(at(3, 65536), modelled), modelled(at(3, 65536)));
  // ...unless the correction reaches every root: then root 0's ratio scales root 3's own cost.
  EXPECT_NEAR(table.calibrated(at(3, 65536), modelled, NativeCostTable::CorrectionReach::any_root),
              modelled(at(3, 65536)) * 1e-3 / modelled(at(0, 65536)), 1e-15);
  EXPECT_DOUBLE_EQ(table.correction(at(3, 65536), modelled, NativeCostTable::CorrectionReach::any_root),
                   table.correction(at(0, 65536), modelled));
  // Between measured sizes: the ratios interpolated in log(bytes); 8192 is half way from 1024 to 65536.
  const double r_lo = 4e-5 / modelled(at(0, 1024)), r_hi = 1e-3 / modelled(at(0, 65536));
  EXPECT_NEAR(table.calibrated(at(0, 8192), modelled), modelled(at(0, 8192)) * (r_lo + r_hi) / 2, 1e-15);
  // Uneven blocks at the measured root: their modelled cost, corrected at their mean block.
  const std::vector<std::size_t> uneven = {0, 4096, 8192, 12288, 16384, 4096, 8192, 12288};  // mean 8192
  CallShape v{.op = Collective::scatterv, .procs = 8, .root = 0, .bytes = 8192, .block_bytes = uneven};
  table.add(Collective::scatterv, 8, {{1024, 4e-5}, {65536, 1e-3}});
  auto by_blocks = [](const CallShape& s) { return s.block_bytes.empty() ? 2e-8 * double(s.bytes) * 8 : 3e-7; };
  const double rv_lo = 4e-5 / by_blocks(at(0, 1024)), rv_hi = 1e-3 / by_blocks(at(0, 65536));
  EXPECT_NEAR(table.calibrated(v, by_blocks), 3e-7 * (rv_lo + rv_hi) / 2, 1e-15);
  // Beyond: the model's growth at the measured level (ratio at the largest measured size).
  EXPECT_NEAR(table.calibrated(at(0, 1 << 22), modelled), modelled(at(0, 1 << 22)) * r_hi, 1e-12);
  // Another process count, or an op never measured: the model alone.
  EXPECT_DOUBLE_EQ(table.calibrated(at(0, 32768, 16), modelled), modelled(at(0, 32768, 16)));
  const CallShape never{.op = Collective::gather, .procs = 8, .root = 0, .bytes = 32768};
  EXPECT_DOUBLE_EQ(table.calibrated(never, modelled), modelled(never));
}

// The correction is not bounded (docs/design/0019): a model 150 times too fast at the measured
// sizes, or 4 times too slow, still predicts native at its measurement there, and carries the
// measured ratio between and beyond the measured sizes.
TEST(MpichNative, MeasurementCorrectsHoweverFarTheModelIs) {
  auto at = [](std::size_t bytes) { return CallShape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = bytes}; };
  NativeCostTable table;
  table.add(Collective::bcast, 8, {{1024, 4e-5}, {65536, 1e-3}});
  auto far_off = [](const CallShape& s) { return 1e-10 * double(s.bytes); };
  EXPECT_NEAR(table.calibrated(at(65536), far_off), 1e-3, 1e-15);
  EXPECT_NEAR(table.calibrated(at(1024), far_off), 4e-5, 1e-17);
  EXPECT_NEAR(table.correction(at(1 << 22), far_off), 1e-3 / far_off(at(65536)), 1e-9);
  auto four_times_slow = [](const CallShape& s) { return s.bytes <= 1024 ? 4 * 4e-5 : 4 * 1e-3; };
  EXPECT_NEAR(table.correction(at(1024), four_times_slow), 0.25, 1e-12);
  EXPECT_NEAR(table.correction(at(8192), four_times_slow), 0.25, 1e-12);
  EXPECT_NEAR(table.correction(at(65536), four_times_slow), 0.25, 1e-12);
  EXPECT_NEAR(table.correction(at(8), four_times_slow), 0.25, 1e-12);
}

// The measurement's reach (NativeCostTable::CorrectionReach): the schedules whose steps have every
// rank exchanging at once, and no rooted one.
TEST(MpichNative, EveryRankExchangesInTheAllgathersAndRabenseifnerOnly) {
  EXPECT_TRUE(exchanges_on_every_rank(MpichAlgorithm::scatter_recursive_doubling_allgather));
  EXPECT_TRUE(exchanges_on_every_rank(MpichAlgorithm::scatter_ring_allgather));
  EXPECT_TRUE(exchanges_on_every_rank(MpichAlgorithm::reduce_scatter_gather));
  EXPECT_FALSE(exchanges_on_every_rank(MpichAlgorithm::binomial));
  EXPECT_FALSE(exchanges_on_every_rank(MpichAlgorithm::linear));
}

TEST(MpichNative, PlanIsBinomialOnlyWhereMpichRunsItThroughout) {
  const auto plan = [](Collective op, int procs, std::size_t lo, std::size_t hi, bool builtin = true) {
    return std::string(mpich_native_plan({.op = op, .procs = procs, .root = 0, .bytes = hi, .element_bytes = 8}, lo, hi, builtin));
  };
  EXPECT_EQ(plan(Collective::scatter, 64, 1, 1 << 22), "binomial");
  EXPECT_EQ(plan(Collective::gather, 7, 1, 1 << 22), "binomial");
  EXPECT_EQ(plan(Collective::bcast, 7, 1, 1 << 22), "binomial");     // fewer than 8 ranks
  EXPECT_EQ(plan(Collective::bcast, 16, 1, 12288), "binomial");
  EXPECT_EQ(plan(Collective::bcast, 16, 8192, 65536), "");           // a bucket across 12288 bytes
  EXPECT_EQ(plan(Collective::reduce, 8, 8, 2048), "binomial");
  EXPECT_EQ(plan(Collective::reduce, 8, 65536, 65536), "");          // reduce_scatter_gather
  EXPECT_EQ(plan(Collective::reduce, 8, 65536, 65536, false), "binomial");  // a user's op
  EXPECT_EQ(plan(Collective::scatterv, 8, 1, 1), "");                // linear, in rank order
}

// Token-bucket links ([burst], buckets.hpp): one transfer's price, the steady state of calls back
// to back, and every predictor's bucket path against its drained one.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "collsel/buckets.hpp"
#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;

namespace {

constexpr double kAlpha = 1e-5, kShaped = 1e-8, kLine = 1e-10;  // 100 MB/s shaped, 10 GB/s line

HockneyModel uniform(int n, double beta) {
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, kAlpha, beta);
  return m;
}

// n processes on hosts of their own, no bucket anywhere; callers shape some links.
TokenBuckets no_buckets(int n) {
  TokenBuckets b;
  for (auto* v : {&b.up_rate, &b.down_rate, &b.up_bytes, &b.down_bytes}) v->assign(std::size_t(n), 0.0);
  b.line_seconds_per_byte = kLine;
  return b;
}

// `drained` with the odd processes' links shaped both ways: 300 MB/s sustained, 256 KiB buckets.
HockneyModel every_other_host_shaped(const HockneyModel& drained) {
  HockneyModel shaped = drained;
  TokenBuckets b = no_buckets(drained.size());
  for (std::size_t p = 1; p < b.up_rate.size(); p += 2) {
    b.up_rate[p] = b.down_rate[p] = 3e8;
    b.up_bytes[p] = b.down_bytes[p] = 262144;
  }
  b.line_seconds_per_byte = 2e-10;
  shaped.set_buckets(std::make_shared<TokenBuckets>(b));
  return shaped;
}

}  // namespace

TEST(Buckets, ARestedLinkPassesItsBucketAtTheLineRateThenTheDrainedRate) {
  const HockneyModel m = uniform(2, kShaped);
  TokenBuckets b = no_buckets(2);
  b.up_rate[0] = 1 / kShaped, b.up_bytes[0] = 1e5;
  BucketLevels levels(b);
  // Within the bucket: the latency and the line rate.
  const double first = levels.transfer(0, 1, 4e4, 0.0, m);
  EXPECT_NEAR(first, kAlpha + 4e4 * kLine, 1e-15);
  // Right after: what is left (6e4 and the tokens of the first transfer's time), the rest drained.
  const double left = 1e5 - 4e4 + first / kShaped;
  const double second = levels.transfer(0, 1, 1e5, first, m);
  EXPECT_NEAR(second, kAlpha + (1e5 - left) * kShaped + left * kLine, 1e-12);
  EXPECT_LT(second, m.p2p(0, 1, 1e5));
  // A second of rest refills it.
  EXPECT_NEAR(levels.transfer(0, 1, 1e5, 1.0, m), kAlpha + 1e5 * kLine, 1e-15);
}

TEST(Buckets, TheReceiversBucketLimitsAsTheSendersDoes) {
  const HockneyModel m = uniform(2, kShaped);
  TokenBuckets b = no_buckets(2);
  b.down_rate[1] = 1 / kShaped, b.down_bytes[1] = 1e4;
  BucketLevels levels(b);
  EXPECT_NEAR(levels.transfer(0, 1, 3e4, 0.0, m), kAlpha + 2e4 * kShaped + 1e4 * kLine, 1e-12);
  // The other direction crosses no bucket: the drained price.
  EXPECT_DOUBLE_EQ(levels.transfer(1, 0, 3e4, 0.0, m), m.p2p(1, 0, 3e4));
}

TEST(Buckets, AFullBucketMeetingAFasterEndWithoutOneTakesThatEndsTime) {
  // Sender 0: 100 MB/s sustained, a full bucket. Receiver 1: 1 GB/s sustained, no bucket (a host
  // calibrated slower than the line). The pair's drained price is the sender's rate; rested, the
  // message leaves at the line rate and arrives at the receiver's rate.
  const HockneyModel m = uniform(3, kShaped);
  TokenBuckets b = no_buckets(3);
  b.up_rate[0] = 1 / kShaped, b.up_bytes[0] = 1e5;
  b.down_rate[1] = 1e9;
  BucketLevels levels(b);
  const double bytes = 4e4;
  const double at_receiver = bytes * kShaped * 1e8 / 1e9;  // the receiver's 40 us as drained bytes' time
  EXPECT_NEAR(levels.transfer(0, 1, bytes, 0.0, m), kAlpha + at_receiver + (bytes - bytes / 10) * kLine, 1e-12);
  EXPECT_LT(levels.transfer(0, 1, bytes, 1.0, m), 0.2 * m.p2p(0, 1, bytes));
  // A receiver without a bucket and slower than the sender: its rate is the pair's, the drained price.
  HockneyModel slow = uniform(3, kShaped);
  slow.set(0, 2, kAlpha, 2 * kShaped);
  b.down_rate[2] = 1 / (2 * kShaped);
  BucketLevels slow_levels(b);
  EXPECT_NEAR(slow_levels.transfer(0, 2, bytes, 0.0, slow), slow.p2p(0, 2, bytes), 1e-12);
  // Both ends with buckets of their own: the one holding less decides, as one shaped end does.
  b.down_rate[1] = 1 / kShaped, b.down_bytes[1] = 1e4;
  BucketLevels both(b);
  EXPECT_NEAR(both.transfer(0, 1, bytes, 0.0, m), kAlpha + 3e4 * kShaped + 1e4 * kLine, 1e-12);
}

TEST(Buckets, UnshapedLinksAndPairsOnOneHostPayTheDrainedPrice) {
  const HockneyModel m = uniform(3, kShaped);
  TokenBuckets b = no_buckets(3);
  BucketLevels unshaped(b);
  EXPECT_DOUBLE_EQ(unshaped.transfer(0, 1, 5e4, 0.0, m), m.p2p(0, 1, 5e4));
  b.up_rate.assign(3, 1 / kShaped), b.up_bytes.assign(3, 1e6);
  b.host = {0, 0, 1};
  BucketLevels shared(b);
  EXPECT_DOUBLE_EQ(shared.transfer(0, 1, 5e4, 0.0, m), m.p2p(0, 1, 5e4));  // one host: no NIC crossed
  EXPECT_NEAR(shared.transfer(1, 2, 5e4, 0.0, m), kAlpha + 5e4 * kLine, 1e-15);
  // Ranks 0 and 1 share host 0's bucket: 1's transfer spent it for 0 as well.
  EXPECT_GT(shared.transfer(0, 2, 1e6, 0.0, m), kAlpha + 1e6 * kLine + 1e-4);
}

TEST(Buckets, CallsBackToBackDrainALinkTheyKeepBusy) {
  // One shaped link, nothing else in the call: at steady state each call waits for its tokens.
  const HockneyModel m = uniform(2, kShaped);
  HockneyModel shaped = m;
  TokenBuckets b = no_buckets(2);
  b.up_rate[0] = 1 / kShaped, b.up_bytes[0] = 1e6;  // ten calls' worth
  shaped.set_buckets(std::make_shared<TokenBuckets>(b));
  Tree edge(2, 0);
  edge.add_child(0, 1);
  edge.finalize();
  const CallShape shape{.op = Collective::bcast, .procs = 2, .root = 0, .bytes = 100000};
  EXPECT_NEAR(predict_tree(edge, shape, shaped), predict_tree(edge, shape, m), 0.01 * predict_tree(edge, shape, m));
}

TEST(Buckets, ALinkThatCarriesLessThanItRefillsDuringTheCallKeepsItsBucket) {
  // Rank 0 serves rank 2 over a slow link without a bucket (10 ms), then rank 1, whose incoming
  // link is shaped: per call it refills 1e6 bytes and receives 1e5, so it stays full.
  HockneyModel m = uniform(3, kShaped);
  m.set(0, 2, kAlpha, 1e-7);
  HockneyModel shaped = m;
  TokenBuckets b = no_buckets(3);
  b.down_rate[1] = 1 / kShaped, b.down_bytes[1] = 1e6;
  shaped.set_buckets(std::make_shared<TokenBuckets>(b));
  Tree flat(3, 0);
  flat.add_child(0, 2);
  flat.add_child(0, 1);
  flat.finalize();
  const CallShape shape{.op = Collective::bcast, .procs = 3, .root = 0, .bytes = 100000};
  EXPECT_NEAR(predict_tree(flat, shape, shaped), 2 * kAlpha + 1e5 * 1e-7 + 1e5 * kLine, 1e-12);
  EXPECT_NEAR(predict_tree(flat, shape, m), 2 * kAlpha + 1e5 * 1e-7 + 1e5 * kShaped, 1e-12);
}

TEST(Buckets, WithoutAShapedLinkEveryPredictionIsTheDrainedOne) {
  // The bucket paths (per-segment pipeline, frames, MPICH's algorithms with transfer times) must
  // reproduce the closed forms when no link is shaped: one schedule, priced the same either way.
  for (int n : {5, 8}) {
    const HockneyModel drained = collsel::testing::random_hockney(n, 7u + unsigned(n));
    HockneyModel flagged = drained;
    flagged.set_buckets(std::make_shared<TokenBuckets>(no_buckets(n)));
    ASSERT_NE(flagged.buckets(), nullptr);
    std::vector<std::size_t> blocks;
    for (int r = 0; r < n; ++r) blocks.push_back(std::size_t(1000 + 777 * r));
    for (Collective op : {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather,
                          Collective::scatterv, Collective::gatherv})
      for (std::size_t bytes : {std::size_t(8), std::size_t(65536), std::size_t(1 << 20) + 24})
        for (int root : {0, n - 1}) {
          CallShape shape{.op = op, .procs = n, .root = root, .bytes = bytes, .element_bytes = 8};
          if (op == Collective::scatterv || op == Collective::gatherv) shape.block_bytes = blocks;
          for (const AlgorithmInfo& a : algorithms()) {
            if (!a.collectives.contains(op)) continue;
            const Schedule s = a.build ? a.build(BuildContext{drained, shape})
                                       : Schedule{.algorithm = "native", .op = op, .kind = ScheduleKind::native};
            const double want = predict(s, shape, drained), got = predict(s, shape, flagged);
            EXPECT_NEAR(got, want, 1e-9 * want) << to_string(op) << " " << a.name << " n " << n << " bytes " << bytes
                                                << " root " << root;
          }
        }
  }
}

TEST(Buckets, EveryShapedPredictionIsAtMostTheDrainedOne) {
  const int n = 6;
  const HockneyModel drained = collsel::testing::random_hockney(n, 11u);
  const HockneyModel shaped = every_other_host_shaped(drained);
  bool faster = false;
  for (Collective op : {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather})
    for (std::size_t bytes : {std::size_t(65536), std::size_t(1 << 20)}) {
      const CallShape shape{.op = op, .procs = n, .root = 1, .bytes = bytes, .element_bytes = 8};
      for (const AlgorithmInfo& a : algorithms()) {
        if (!a.collectives.contains(op)) continue;
        const Schedule s = a.build ? a.build(BuildContext{drained, shape})
                                   : Schedule{.algorithm = "native", .op = op, .kind = ScheduleKind::native};
        const double d = predict(s, shape, drained), t = predict(s, shape, shaped);
        EXPECT_LE(t, d * (1 + 1e-12)) << to_string(op) << " " << a.name << " " << bytes;
        faster |= t < 0.99 * d;
      }
    }
  EXPECT_TRUE(faster) << "no prediction used a bucket";
}

TEST(Buckets, TheRestedCallIsTheFirstWithEveryBucketFull) {
  // The link of CallsBackToBackDrainALinkTheyKeepBusy: drained at steady state, its bucket (ten
  // calls' worth) passes the first call at the line rate.
  HockneyModel shaped = uniform(2, kShaped);
  TokenBuckets b = no_buckets(2);
  b.up_rate[0] = 1 / kShaped, b.up_bytes[0] = 1e6;
  shaped.set_buckets(std::make_shared<TokenBuckets>(b));
  Tree edge(2, 0);
  edge.add_child(0, 1);
  edge.finalize();
  const CallShape shape{.op = Collective::bcast, .procs = 2, .root = 0, .bytes = 100000};
  double rested = 0;
  const double steady = predict_tree(edge, shape, shaped, &rested);
  EXPECT_NEAR(rested, kAlpha + 1e5 * kLine, 1e-12);
  EXPECT_GT(steady, 10 * rested);
}

TEST(Buckets, EveryRestedCallIsAtMostItsSteadyStateAndEqualWithoutBuckets) {
  // Every schedule kind and MPICH's own algorithms report the rested call: full buckets are the
  // best a call can find, and without buckets there is nothing to rest.
  const int n = 6;
  const HockneyModel drained = collsel::testing::random_hockney(n, 11u);
  const HockneyModel shaped = every_other_host_shaped(drained);
  bool rests = false;
  for (Collective op : {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather,
                        Collective::scatterv, Collective::gatherv})
    for (std::size_t bytes : {std::size_t(65536), std::size_t(1 << 20)}) {
      CallShape shape{.op = op, .procs = n, .root = 1, .bytes = bytes, .element_bytes = 8};
      const std::vector<std::size_t> blocks(std::size_t(n), bytes);
      if (op == Collective::scatterv || op == Collective::gatherv) shape.block_bytes = blocks;
      for (const AlgorithmInfo& a : algorithms()) {
        if (!a.collectives.contains(op)) continue;
        const Schedule s = a.build ? a.build(BuildContext{drained, shape})
                                   : Schedule{.algorithm = "native", .op = op, .kind = ScheduleKind::native};
        double plain_rested = -1, rested = -1;
        const double plain = predict(s, shape, drained, nullptr, &plain_rested);
        const double steady = predict(s, shape, shaped, nullptr, &rested);
        EXPECT_DOUBLE_EQ(plain_rested, plain) << to_string(op) << " " << a.name << " " << bytes;
        EXPECT_GT(rested, 0) << to_string(op) << " " << a.name << " " << bytes;
        EXPECT_LE(rested, steady * (1 + 1e-12)) << to_string(op) << " " << a.name << " " << bytes;
        rests |= rested < 0.99 * steady;
      }
    }
  EXPECT_TRUE(rests) << "no steady state drained a bucket";
}

TEST(Buckets, MappedRanksUseTheirHostsBuckets) {
  // Two hosts of two calibrated processes; three ranks: two on h1, one on h0.
  const Cluster cluster{{"h0", "h1"}, {0, 0, 1, 1}, {-1, -1, -1, -1}};
  HockneyModel base = uniform(4, kShaped);
  TokenBuckets b = no_buckets(4);
  b.host = cluster.process_host;
  b.up_rate = {0, 0, 5e7, 5e7};
  b.up_bytes = {0, 0, 4096, 4096};
  base.set_buckets(std::make_shared<TokenBuckets>(b));
  const MappedModel mapped(base, cluster, {{"h1", -1}, {"h0", -1}, {"h1", -1}});
  const TokenBuckets* m = mapped.buckets();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->host, (std::vector<int>{1, 0, 1}));
  EXPECT_EQ(m->up_rate, (std::vector<double>{5e7, 0, 5e7}));
  EXPECT_EQ(m->up_bytes, (std::vector<double>{4096, 0, 4096}));
  EXPECT_EQ(m->line_seconds_per_byte, kLine);
}

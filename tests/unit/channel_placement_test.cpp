// A model calibrated with one placement of ranks predicts another (docs/channels.md): measurements
// synthesised from a known channel model on one placement of a dual EPYC 7763 are fitted as
// collsel-calibrate does (representative pairs, NBFT series, fit_channel_model), and the fitted
// model then predicts other placements — through MappedModel, as the shim does — within the noise
// of the synthetic measurements, choosing the same algorithms as the true model.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "collsel/channels.hpp"
#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"
#include "collsel/rank_mapping.hpp"

using namespace collsel;

namespace {

constexpr double us = 1e-6;
const std::string kReal = std::string(COLLSEL_TEST_DATA_DIR) + "/topologies/epyc-7763-2s-real.xml";

// The "true" node: three classes with distinct lines and NBFT surfaces that are not the derived
// sequential-sends default (each further receiver costs less than a whole message).
ChannelModel true_model() {
  ChannelModel m;
  auto put = [&](Channel c, double alpha, double beta, double d, double e) {
    ChannelParams p;
    p.p2p = {alpha, beta};
    p.nbft = ChannelNbft{.a = alpha, .b = beta, .d = d, .e = e};
    m.set(c, p);
  };
  put(Channel::l3, 0.3 * us, 5e-11, 0.1 * us, 2e-11);
  put(Channel::numa, 0.7 * us, 9e-11, 0.3 * us, 4e-11);
  put(Channel::remote, 1.3 * us, 1.6e-10, 0.6 * us, 7e-11);
  return m;
}

// Deterministic ±1 % "measurement noise", different for consecutive samples.
double noisy(double t, int& k) {
  ++k;
  return t * (1.0 + 0.01 * std::sin(1.7 * k));
}

const std::vector<double> kSizes{0, 1024, 16384, 262144, 1048576};

}  // namespace

TEST(ChannelPlacement, CalibratedWithOnePlacementPredictsAnother) {
  auto topology = std::make_shared<const Topology>(Topology::from_xml(kReal));
  ChannelModel truth = true_model();
  truth.set_topology(topology);

  // Calibration: 32 ranks scattered over the two sockets (cores 0-15 and 64-79, two core
  // complexes per socket): the l3, numa and remote classes are all among them.
  const std::vector<int> calib = topology->scatter(32);
  std::vector<ChannelP2PSample> p2p;
  std::vector<ChannelNbftSample> nbft;
  int k = 0;
  for (const ChannelPair& pair : representative_pairs(*topology, calib, 3))
    for (double m : kSizes)
      p2p.push_back({pair.channel, m, noisy(truth.p2p(calib[std::size_t(pair.a)], calib[std::size_t(pair.b)], m), k)});
  for (const NbftPlan& plan : nbft_plans(*topology, calib, 8))
    for (std::size_t n = 1; n <= plan.receivers.size(); ++n) {
      std::vector<int> cores;
      for (std::size_t r = 0; r < n; ++r) cores.push_back(calib[std::size_t(plan.receivers[r])]);
      for (double m : kSizes)
        nbft.push_back({plan.channel, int(n), m, noisy(truth.nbft_from(calib[std::size_t(plan.root)], cores, m), k)});
    }
  ChannelModel fitted = fit_channel_model(p2p, nbft);
  for (Channel c : {Channel::l3, Channel::numa, Channel::remote}) {
    ASSERT_TRUE(fitted.calibrated(c)) << to_string(c);
    ASSERT_TRUE(fitted.params(c)->nbft.has_value()) << to_string(c);
  }
  fitted.set_topology(topology);

  // The shim's view: a per-pair model of the 32 calibrated processes on host "node" (as the
  // per-host calibration would hold it), plus the fitted [channels].
  Cluster cluster{.hosts = {"node"}};
  HockneyModel base(32);
  for (int i = 0; i < 32; ++i) {
    cluster.process_host.push_back(0);
    cluster.process_core.push_back(calib[std::size_t(i)]);
    for (int j = 0; j < 32; ++j)
      if (i != j) {
        const ChannelP2P line = truth.params(truth.channel(calib[std::size_t(i)], calib[std::size_t(j)]))->p2p;
        base.set(i, j, line.alpha, line.beta);
      }
  }

  // Other placements of 16 ranks: packed (one socket, two core complexes), scatter, and one rank
  // per core complex (cores 0, 8, …, 120: numa and remote pairs only).
  std::vector<int> per_l3;
  for (int c = 0; c < 128; c += 8) per_l3.push_back(c);
  const std::vector<std::vector<int>> placements{topology->packed(16), topology->scatter(16), per_l3};
  std::vector<double> bcast_64k;  // true prediction per placement
  for (const std::vector<int>& cores : placements) {
    SCOPED_TRACE("placement starting " + std::to_string(cores[0]) + "," + std::to_string(cores[1]));
    std::vector<RankPlacement> ranks;
    for (int c : cores) ranks.push_back({"node", c});
    MappedModel mapped(base, cluster, ranks);
    mapped.set_channels(&fitted);
    const ChannelRankModel exact(truth, cores);

    for (int a = 0; a < 16; ++a)
      for (int b = 0; b < 16; ++b)
        for (double m : {64.0, 65536.0, 1048576.0})
          ASSERT_NEAR(mapped.p2p(a, b, m), exact.p2p(a, b, m), 0.03 * exact.p2p(a, b, m) + 1e-12)
              << a << "->" << b << " " << m << " B";
    // Formula (4) over this placement's mix of classes, with fitted Q ratios and NBFT surfaces.
    const std::vector<int> receivers(cores.begin() + 1, cores.end());
    for (double m : {1024.0, 262144.0})
      EXPECT_NEAR(fitted.nbft_from(cores[0], receivers, m), truth.nbft_from(cores[0], receivers, m),
                  0.05 * truth.nbft_from(cores[0], receivers, m));

    for (Collective op : {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather})
      for (std::size_t bytes : {std::size_t(1024), std::size_t(65536), std::size_t(1) << 20}) {
        const CallShape shape{.op = op, .procs = 16, .root = 0, .bytes = bytes};
        const Decision got = decide({.shape = shape, .cost = &mapped});
        const Decision want = decide({.shape = shape, .cost = &exact});
        ASSERT_EQ(got.candidates.size(), want.candidates.size());
        for (std::size_t i = 0; i < got.candidates.size(); ++i)
          EXPECT_NEAR(got.candidates[i].predicted_seconds, want.candidates[i].predicted_seconds,
                      0.03 * want.candidates[i].predicted_seconds)
              << to_string(op) << " " << bytes << " " << want.candidates[i].algorithm->name;
        // The same choice, or one the exact model prices within its 3 % (a pipelined tree and
        // its wide-window variant are priced within a hair of each other).
        for (const Candidate& c : want.candidates) {
          if (c.algorithm != got.best().algorithm) continue;
          EXPECT_LE(c.predicted_seconds, 1.03 * want.best().predicted_seconds)
              << to_string(op) << " " << bytes << " " << c.algorithm->name << " for " << want.best().algorithm->name;
        }
        if (op == Collective::bcast && bytes == 65536)  // one fixed schedule, whatever is chosen
          for (const Candidate& c : want.candidates)
            if (c.algorithm->name == "binomial") bcast_64k.push_back(c.predicted_seconds);
      }

    // Without the channel model the same ranks fall on calibrated processes in rank order —
    // whatever cores those had — and packed rank pairs are predicted at the wrong class.
    mapped.set_channels(nullptr);
    if (cores == placements[0]) {
      EXPECT_GT(mapped.p2p(0, 1, 65536), 2.0 * exact.p2p(0, 1, 65536));
    }
  }
  // The placements really differ: packed is the cheapest, one rank per core complex the dearest.
  ASSERT_EQ(bcast_64k.size(), 3u);
  EXPECT_LT(bcast_64k[0], bcast_64k[1]);
  EXPECT_LT(bcast_64k[1], bcast_64k[2]);
}

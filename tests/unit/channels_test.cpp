// The channel model: formula (4) on both shipped topologies with hand-computed numbers, NBFT
// chain/tree costs, fits recovering known parameters, calibration plans, the [channels] TOML
// section, and one model serving two placements of ranks.
#include <gtest/gtest.h>

#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "collsel/channels.hpp"
#include "collsel/hockney.hpp"
#include "collsel/model_file.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"

using namespace collsel;

namespace {

const std::string kData = COLLSEL_TEST_DATA_DIR;
const std::string kReal = kData + "/topologies/epyc-7763-2s-real.xml";
const std::string kNps4 = kData + "/topologies/epyc-2s-nps4-synthetic.xml";

constexpr double us = 1e-6;

// Hand-friendly model: class k (smt=0 … remote=4) has p2p T = s_k·(1 µs + 1 ns·m) with
// s = 0.5, 1, 2, 3, 4, so Q_{i,j} = s_i/s_j for every m. NBFT: a,b = the p2p line, d,e = 1/4 of it.
ChannelModel toy_model() {
  ChannelModel m;
  const double s[kChannelCount] = {0.5, 1, 2, 3, 4};
  for (Channel c : all_channels) {
    const double k = s[channel_index(c)];
    ChannelParams p;
    p.p2p = {k * us, k * 1e-9};
    p.nbft = ChannelNbft{.a = k * us, .b = k * 1e-9, .d = 0.25 * k * us, .e = 0.25 * k * 1e-9};
    m.set(c, p);
  }
  return m;
}

std::shared_ptr<const Topology> topo(const std::string& spec) {
  return std::make_shared<const Topology>(Topology::load(spec));
}

std::vector<int> range(int lo, int hi, int step = 1) {
  std::vector<int> v;
  for (int k = lo; k < hi; k += step) v.push_back(k);
  return v;
}

}  // namespace

TEST(Channels, QRatios) {
  const ChannelModel m = toy_model();
  EXPECT_DOUBLE_EQ(m.q(Channel::remote, Channel::l3, 1000), 4.0);
  EXPECT_DOUBLE_EQ(m.q(Channel::remote, Channel::package, 1e6), 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(m.q(Channel::numa, Channel::smt, 0), 4.0);
  // A size-dependent ratio: alpha 1/2 µs, beta 1/4 ns per byte.
  ChannelModel v;
  v.set(Channel::l3, {.p2p = {1 * us, 1e-9}});
  v.set(Channel::remote, {.p2p = {2 * us, 4e-9}});
  EXPECT_DOUBLE_EQ(v.q(Channel::remote, Channel::l3, 0), 2.0);
  EXPECT_DOUBLE_EQ(v.q(Channel::remote, Channel::l3, 1000), 6.0 / 2.0);
  EXPECT_NEAR(v.q(Channel::remote, Channel::l3, 1e9), 4.0, 1e-5);
}

TEST(Channels, NbftSingleChannel) {
  const ChannelModel m = toy_model();
  // T^l3(P=5, 1000 B) = a + b·m + 3·(d + e·m) = 2 µs + 3·0.5 µs.
  EXPECT_NEAR(m.nbft(Channel::l3, 5, 1000), 3.5 * us, 1e-15);
  ChannelCounts n{};
  n[channel_index(Channel::l3)] = 4;
  EXPECT_NEAR(m.nbft(n, 1000), 3.5 * us, 1e-15);
  EXPECT_EQ(m.nbft(ChannelCounts{}, 1000), 0.0);
  EXPECT_EQ(m.nbft(Channel::l3, 1, 1000), 0.0);
}

// Formula (4) on the real dual EPYC 7763: sender core 0, receivers 1-7 (l3), 8-63 (numa),
// 64-127 (remote). Q_{remote,l3} = 4, Q_{remote,numa} = 2 → P' = 64 + ⌊7/4⌋ + ⌊56/2⌋ + 1 = 94;
// T^remote(94, 1000) = 4·2 µs + 92·(4·0.5 µs) = 192 µs.
TEST(Channels, Formula4OnRealEpyc7763) {
  ChannelModel m = toy_model();
  m.set_topology(topo(kReal));
  const auto recv = range(1, 128);
  ChannelCounts n{};
  for (int r : recv) ++n[channel_index(m.channel(0, r))];
  EXPECT_EQ(n[channel_index(Channel::l3)], 7);
  EXPECT_EQ(n[channel_index(Channel::numa)], 56);
  EXPECT_EQ(n[channel_index(Channel::remote)], 64);
  Channel cmax = Channel::smt;
  EXPECT_EQ(m.nbft_equivalent_processes(n, 1000, &cmax), 94);
  EXPECT_EQ(cmax, Channel::remote);
  EXPECT_NEAR(m.nbft_from(0, recv, 1000), 192 * us, 1e-12);

  // c_max = numa: receivers 1-15 → N_l3 = 7, N_numa = 8, Q_{numa,l3} = 2 → P' = 8 + 3 + 1 = 12;
  // T^numa(12, 1000) = 2·2 µs + 10·(2·0.5 µs) = 14 µs.
  EXPECT_NEAR(m.nbft_from(0, range(1, 16), 1000), 14 * us, 1e-12);
  // Fewer cheap receivers than one Q: they vanish. 1 remote + 3 l3 → P' = 1 + ⌊3/4⌋ + 1 = 2.
  EXPECT_NEAR(m.nbft_from(0, std::vector<int>{64, 1, 2, 3}, 1000), 8 * us, 1e-12);
}

// Formula (4) on the synthetic NPS4 node (SMT): sender PU 0; receivers PU 1 (smt), the first PU
// of every other core: 7 l3, 8 numa, 48 package, 64 remote. Q_{remote,·} = 8, 4, 2, 4/3 →
// P' = 64 + ⌊1/8⌋ + ⌊7/4⌋ + ⌊8/2⌋ + ⌊48·3/4⌋ + 1 = 64 + 0 + 1 + 4 + 36 + 1 = 106;
// T^remote(106, 1000) = 8 µs + 104·2 µs = 216 µs.
TEST(Channels, Formula4OnSyntheticNps4) {
  ChannelModel m = toy_model();
  m.set_topology(topo(kNps4));
  auto recv = range(2, 256, 2);
  recv.push_back(1);
  ChannelCounts n{};
  for (int r : recv) ++n[channel_index(m.channel(0, r))];
  EXPECT_EQ(n, (ChannelCounts{1, 7, 8, 48, 64}));
  EXPECT_EQ(m.nbft_equivalent_processes(n, 1000), 106);
  EXPECT_NEAR(m.nbft_from(0, recv, 1000), 216 * us, 1e-12);
  // Within one socket (c_max = package): 1 smt, 7 l3, 8 numa, 48 package; Q_{package,·} = 6, 3,
  // 3/2 → P' = 48 + 0 + 2 + 5 + 1 = 56; T^package(56, 1000) = 6 µs + 54·1.5 µs = 87 µs.
  auto socket = range(2, 128, 2);
  socket.push_back(1);
  EXPECT_NEAR(m.nbft_from(0, socket, 1000), 87 * us, 1e-12);
}

TEST(Channels, CostliestChannelDecidesWhenFitsCross) {
  // l3 has a lower latency but a higher per-byte cost than numa: at 1 MB l3 is the costlier one,
  // and formula (4) must be evaluated on it (Q ≥ 1 always).
  ChannelModel m;
  m.set(Channel::l3, {.p2p = {1 * us, 4e-9}});
  m.set(Channel::numa, {.p2p = {3 * us, 1e-9}});
  ChannelCounts n{};
  n[channel_index(Channel::l3)] = 2;
  n[channel_index(Channel::numa)] = 8;
  Channel cmax = Channel::smt;
  // m = 1e6: T^l3 = 4001 µs, T^numa = 1003 µs → Q = 3.989…, P' = 2 + ⌊8/3.989⌋ + 1 = 5.
  EXPECT_EQ(m.nbft_equivalent_processes(n, 1e6, &cmax), 5);
  EXPECT_EQ(cmax, Channel::l3);
  // m = 0: numa costlier, Q = 3 → P' = 8 + ⌊2/3⌋ + 1 = 9.
  EXPECT_EQ(m.nbft_equivalent_processes(n, 0, &cmax), 9);
  EXPECT_EQ(cmax, Channel::numa);
}

TEST(Channels, FallbackToNearestCalibratedClass) {
  ChannelModel m;
  EXPECT_THROW((void)m.resolve(Channel::l3), std::logic_error);
  m.set(Channel::numa, {.p2p = {2 * us, 0}});
  m.set(Channel::remote, {.p2p = {5 * us, 0}});
  EXPECT_EQ(m.resolve(Channel::smt), Channel::numa);
  EXPECT_EQ(m.resolve(Channel::l3), Channel::numa);
  EXPECT_EQ(m.resolve(Channel::package), Channel::remote);
  EXPECT_EQ(m.resolve(Channel::remote), Channel::remote);
  m.erase(Channel::remote);
  EXPECT_EQ(m.resolve(Channel::remote), Channel::numa);  // nothing above: nearest below
  // No NBFT fit: n sequential sends.
  EXPECT_NEAR(m.nbft(Channel::numa, 4, 0), 6 * us, 1e-15);
}

TEST(Channels, ChainAndTreeFromNbft) {
  ChannelModel m = toy_model();
  m.set_topology(topo(kReal));
  // Links l3, numa, remote: 2 + 4 + 8 µs at 1000 B.
  const std::vector<int> path{0, 1, 8, 64};
  EXPECT_NEAR(m.chain(path, 1000, 1), 14 * us, 1e-12);
  // 4 segments of 250 B: 1.25 + 2.5 + 5 µs + 3 · 5 µs.
  EXPECT_NEAR(m.chain(path, 1000, 4), 23.75 * us, 1e-12);
  // Binary tree: rank 0 (core 0) → {1 (core 64), 2 (core 1)}; 1 → 3 (core 65).
  Tree t(4, 0);
  t.add_child(0, 1);
  t.add_child(0, 2);
  t.add_child(1, 3);
  t.finalize();
  const std::vector<int> cores{0, 64, 1, 65};
  // NBFT(0 → {64, 1}) = remote with P' = 1 + ⌊1/4⌋ + 1 = 2: 8 µs; then 64 → 65 (l3): 2 µs.
  EXPECT_NEAR(m.nbft_tree(t, cores, 1000), 10 * us, 1e-12);
}

TEST(Channels, FitRecoversKnownParameters) {
  std::vector<ChannelP2PSample> p2p;
  std::vector<ChannelNbftSample> nb;
  const double sizes[] = {0, 1024, 8192, 65536, 1 << 20};
  for (double m : sizes) {
    // Alternate ±1% noise around known lines.
    const double noise = (int(m) % 2048 == 0) ? 1.01 : 0.99;
    p2p.push_back({Channel::l3, m, (0.3 * us + 4e-11 * m) * noise});
    p2p.push_back({Channel::l3, m, (0.3 * us + 4e-11 * m) / noise});
    p2p.push_back({Channel::remote, m, 1.1 * us + 1.2e-10 * m});
    for (int n = 1; n <= 6; ++n)
      nb.push_back({Channel::remote, n, m, 1.0 * us + 1.1e-10 * m + (n - 1) * (0.4 * us + 0.5e-10 * m)});
  }
  const ChannelModel fit = fit_channel_model(p2p, nb);
  ASSERT_TRUE(fit.calibrated(Channel::l3));
  ASSERT_TRUE(fit.calibrated(Channel::remote));
  EXPECT_FALSE(fit.calibrated(Channel::numa));
  EXPECT_NEAR(fit.params(Channel::l3)->p2p.beta, 4e-11, 4e-13);
  EXPECT_NEAR(fit.params(Channel::remote)->p2p.alpha, 1.1 * us, 1e-12);
  EXPECT_NEAR(fit.params(Channel::remote)->p2p.beta, 1.2e-10, 1e-15);
  ASSERT_TRUE(fit.params(Channel::remote)->nbft.has_value());
  const ChannelNbft s = *fit.params(Channel::remote)->nbft;
  EXPECT_NEAR(s.a, 1.0 * us, 1e-12);
  EXPECT_NEAR(s.b, 1.1e-10, 1e-15);
  EXPECT_NEAR(s.d, 0.4 * us, 1e-12);
  EXPECT_NEAR(s.e, 0.5e-10, 1e-15);
  EXPECT_FALSE(fit.params(Channel::l3)->nbft.has_value());  // no series: derived
  const std::vector<ChannelP2PSample> bad{{Channel::l3, -1, 1}};
  EXPECT_THROW(fit_channel_model(bad, {}), std::invalid_argument);
}

TEST(Channels, RepresentativePairsAndNbftPlans) {
  const Topology t = Topology::load(kReal);
  const auto cores = t.scatter(16);  // 8 ranks per socket, each socket's ranks in one L3
  const auto pairs = representative_pairs(t, cores, 3);
  std::map<Channel, int> per;
  for (const auto& p : pairs) {
    ++per[p.channel];
    EXPECT_EQ(t.channel(cores[std::size_t(p.a)], cores[std::size_t(p.b)]), p.channel);
    EXPECT_LT(p.a, p.b);
  }
  EXPECT_EQ(per.size(), 2u);  // only l3 and remote occur among these ranks
  EXPECT_EQ(per[Channel::l3], 3);
  EXPECT_EQ(per[Channel::remote], 3);
  // Pairs of one class use distinct ranks (they can run at the same time).
  for (Channel c : {Channel::l3, Channel::remote}) {
    std::set<int> seen;
    for (const auto& p : pairs)
      if (p.channel == c) {
        EXPECT_TRUE(seen.insert(p.a).second);
        EXPECT_TRUE(seen.insert(p.b).second);
      }
  }
  // Unknown cores are skipped.
  std::vector<int> some{0, -1, 64};
  const auto p2 = representative_pairs(t, some, 3);
  ASSERT_EQ(p2.size(), 1u);
  EXPECT_EQ(p2[0], (ChannelPair{Channel::remote, 0, 2}));

  const auto plans = nbft_plans(t, cores, 4);
  ASSERT_EQ(plans.size(), 2u);
  for (const auto& p : plans) {
    EXPECT_EQ(p.receivers.size(), 4u);
    for (int r : p.receivers) EXPECT_EQ(t.channel(cores[std::size_t(p.root)], cores[std::size_t(r)]), p.channel);
  }
}

TEST(Channels, TomlRoundTripAndErrors) {
  ChannelModel m = toy_model();
  m.note = "toy";
  m.erase(Channel::package);
  ChannelParams numa = *m.params(Channel::numa);
  numa.nbft.reset();
  numa.pairs = 3;
  numa.samples = 42;
  m.set(Channel::numa, numa);
  toml::table doc;
  doc.insert("channels", channels_to_toml(m));
  std::ostringstream out;
  out << doc;
  EXPECT_EQ(parse_channel_model(out.str(), "rt.toml"), m) << out.str();
  const std::string text = format_channels_section(m);
  EXPECT_EQ(parse_channel_model(text, "rt2.toml"), m) << text;
  EXPECT_EQ(text.rfind("[channels]\nnote = ", 0), 0u) << text;

  auto error_of = [](const std::string& text) -> std::string {
    try {
      parse_channel_model(text, "bad.toml");
    } catch (const ChannelsFileError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of("[channels]\n[channels.l3]\nalpha = 1e-6\n"),
            "bad.toml:2: channels.l3.beta: missing (a number is required)");
  EXPECT_EQ(error_of("[channels]\n[channels.l3]\nalpha = 1e-6\nbeta = \"fast\"\n"),
            "bad.toml:4: channels.l3.beta: expected a number");
  EXPECT_EQ(error_of("[channels.l4]\nalpha = 1e-6\nbeta = 0\n").substr(0, 28), "bad.toml:1: channels.l4: unk");
  EXPECT_EQ(error_of("[channels.remote]\nalpha = -1.0\nbeta = 0\n"),
            "bad.toml:2: channels.remote.alpha: must be a finite number >= 0");
  EXPECT_EQ(error_of("[channels.remote]\nalpha = 1\nbeta = 0\nnbft = { a = 1, b = 0, d = 0 }\n"),
            "bad.toml:4: channels.remote.nbft.e: missing (a number is required)");
  EXPECT_EQ(error_of("[channels.remote]\nalpha = 1\nbeta = 0\ngamma = 2\n"),
            "bad.toml:4: channels.remote.gamma: unknown key (expected one of: alpha, beta, nbft, pairs, samples)");
  EXPECT_EQ(error_of("[hockney]\n"), "bad.toml:0: channels: missing [channels] section");
  EXPECT_EQ(error_of("[channels]\nnote = \"x\"\n").substr(0, 22), "bad.toml:1: channels: ");
  // A TOML syntax error has no key: "FILE:LINE: PROBLEM", no empty "KEY: ".
  const std::string syntax = error_of("[channels\n");
  EXPECT_EQ(syntax.substr(0, 12), "bad.toml:1: ");
  EXPECT_EQ(syntax.find(": : "), std::string::npos) << syntax;
}

TEST(Channels, ShippedEpycDefaultMatchesBuiltIn) {
  const ChannelModel file = read_channel_model_file(std::string(COLLSEL_SOURCE_DIR) + "/examples/models/epyc-channels.toml");
  EXPECT_EQ(file, epyc_default_channel_model());
  // Cost order holds at every size the table in docs/channels.md uses.
  for (double m : {1024.0, 65536.0, 1048576.0})
    for (int c = 1; c < kChannelCount; ++c) EXPECT_LT(file.p2p(Channel(c - 1), m), file.p2p(Channel(c), m));
}

// One channel model, two placements of 8 ranks on the dual EPYC 7763: packed (all in one L3)
// and scatter (round robin over the sockets). Predictions differ as the classes say, and a
// cost-aware builder builds a different tree.
TEST(Channels, OneModelTwoPlacements) {
  ChannelModel m = toy_model();
  m.set_topology(topo(kReal));
  const Topology& t = *m.topology();
  const ChannelRankModel packed(m, t.packed(8));
  const ChannelRankModel scatter(m, t.scatter(8));
  EXPECT_EQ(packed.kind(), "channels");
  // Packed: every pair shares the L3. Scatter: even ranks on socket 0, odd on socket 1.
  EXPECT_NEAR(packed.p2p(0, 1, 1000), 2 * us, 1e-15);
  EXPECT_NEAR(scatter.p2p(0, 1, 1000), 8 * us, 1e-15);
  EXPECT_NEAR(scatter.p2p(0, 2, 1000), 2 * us, 1e-15);
  EXPECT_EQ(scatter.p2p(3, 3, 1000), 0.0);

  const CallShape shape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1000};
  const AlgorithmInfo* flat = find_algorithm("flat");
  ASSERT_NE(flat, nullptr);
  const Schedule fp = flat->build(BuildContext{packed, shape});
  const Schedule fs = flat->build(BuildContext{scatter, shape});
  // Flat from rank 0: packed 7 l3 sends = 14 µs; scatter 4 remote + 3 l3 = 32 + 6 = 38 µs.
  EXPECT_NEAR(predict(fp, shape, packed), 14 * us, 1e-12);
  EXPECT_NEAR(predict(fs, shape, scatter), 38 * us, 1e-12);

  // The chain builder goes to the nearest next process: under scatter it must cross the socket
  // boundary once (all even ranks, then all odd), while the same builder on the packed placement
  // sees no reason to, so the two chains differ.
  const AlgorithmInfo* chain = find_algorithm("chain");
  ASSERT_NE(chain, nullptr);
  const Schedule cs = chain->build(BuildContext{scatter, shape});
  const Schedule cp = chain->build(BuildContext{packed, shape});
  std::vector<int> order{0};
  while (!cs.tree.children(order.back()).empty()) order.push_back(cs.tree.children(order.back())[0]);
  ASSERT_EQ(order.size(), 8u);
  int crossings = 0;
  for (std::size_t k = 1; k < order.size(); ++k) crossings += (order[k] % 2) != (order[k - 1] % 2);
  EXPECT_EQ(crossings, 1);
  std::vector<int> porder{0};
  while (!cp.tree.children(porder.back()).empty()) porder.push_back(cp.tree.children(porder.back())[0]);
  EXPECT_NE(order, porder);
}

// The [channels] section inside a whole model file: read, written back, errors with the
// model file's own error type and the section's real line numbers.
TEST(Channels, ModelFileSection) {
  std::ifstream in(std::string(COLLSEL_SOURCE_DIR) + "/examples/models/hetero-8.toml");
  ASSERT_TRUE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string base = ss.str();
  const ModelFile plain = parse_model_file(base, "hetero-8.toml");
  EXPECT_FALSE(plain.channels.has_value());
  EXPECT_EQ(format_model_file(plain).find("[channels]"), std::string::npos);

  const ChannelModel cm = epyc_default_channel_model();
  const ModelFile with = parse_model_file(base + "\n" + format_channels_section(cm), "m.toml");
  ASSERT_TRUE(with.channels.has_value());
  EXPECT_EQ(*with.channels, cm);
  const ModelFile again = parse_model_file(format_model_file(with), "again.toml");
  ASSERT_TRUE(again.channels.has_value());
  EXPECT_EQ(*again.channels, cm);

  const int lines = int(std::count(base.begin(), base.end(), '\n'));
  try {
    parse_model_file(base + "[channels.l3]\nalpha = 1e-6\nbeta = true\n", "m.toml");
    FAIL() << "accepted a bad [channels] section";
  } catch (const ModelFileError& e) {
    EXPECT_EQ(e.file(), "m.toml");
    EXPECT_EQ(e.line(), lines + 3);
    EXPECT_EQ(e.key(), "channels.l3.beta");
  }
}

// A model calibrated with two processes on one host (per-pair Hockney) serves 4 ranks placed on
// cores of a dual EPYC: same-host pairs with known cores come from the channel class, other
// pairs (another host, an unknown core) from the calibrated processes.
TEST(Channels, MappedModelUsesChannelsForSameHostPairs) {
  Cluster cluster{.hosts = {"n1", "n2"}, .process_host = {0, 0, 1}, .process_core = {0, 1, 0}};
  HockneyModel base(3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (i != j) base.set(i, j, 50 * us, 0);
  ChannelModel cm = toy_model();
  cm.set_topology(topo(kReal));
  const std::vector<RankPlacement> ranks{{"n1", 0}, {"n1", 64}, {"n1", 1}, {"n1", -1}, {"n2", 5}};
  MappedModel mapped(base, cluster, ranks);
  EXPECT_NEAR(mapped.p2p(0, 1, 1000), 50 * us, 1e-15);  // without channels: calibrated pair
  mapped.set_channels(&cm);
  EXPECT_NEAR(mapped.p2p(0, 1, 1000), 8 * us, 1e-15);   // cores 0, 64: remote
  EXPECT_NEAR(mapped.p2p(0, 2, 1000), 2 * us, 1e-15);   // cores 0, 1: l3
  EXPECT_NEAR(mapped.p2p(0, 3, 1000), 50 * us, 1e-15);  // core unknown: per-host model
  EXPECT_NEAR(mapped.p2p(0, 4, 1000), 50 * us, 1e-15);  // another host
  const std::vector<int> to{0, 1, 2, 3, 4};
  std::vector<double> row(to.size());
  mapped.p2p_row(0, to, 1000, row);
  EXPECT_EQ(row, (std::vector<double>{0.0, mapped.p2p(0, 1, 1000), mapped.p2p(0, 2, 1000), 50 * us, 50 * us}));
  mapped.set_channels(nullptr);
  EXPECT_NEAR(mapped.p2p(0, 1, 1000), 50 * us, 1e-15);
}

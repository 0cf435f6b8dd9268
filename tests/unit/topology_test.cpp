// Channel classification from hwloc on the shipped topologies (a real dual EPYC 7763, NPS1, no
// SMT; a synthetic dual-socket NPS4 EPYC with SMT) and synthetic strings. Never the build
// machine's own topology, except for the binding query, which must only not crash.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "collsel/topology.hpp"

using namespace collsel;

namespace {

const std::string kData = COLLSEL_TEST_DATA_DIR;
const std::string kReal = kData + "/topologies/epyc-7763-2s-real.xml";
const std::string kNps4 = kData + "/topologies/epyc-2s-nps4-synthetic.xml";

}  // namespace

TEST(Topology, RealEpyc7763Counts) {
  const Topology t = Topology::from_xml(kReal);
  EXPECT_EQ(t.pu_count(), 128);
  EXPECT_EQ(t.core_count(), 128);
  EXPECT_EQ(t.package_count(), 2);
  EXPECT_EQ(t.numa_count(), 2);
  EXPECT_EQ(t.l3_count(), 16);
  EXPECT_FALSE(t.has_smt());
  EXPECT_EQ(t.summary(), "2 packages, 2 NUMA nodes, 16 L3, 128 cores, 128 PUs");
}

TEST(Topology, RealEpyc7763Classes) {
  const Topology t = Topology::load(kReal);
  // L3 = 8-core complexes 0-7, 8-15, ...; package 0 = cores 0-63 (NPS1: one NUMA node each).
  EXPECT_EQ(t.channel(0, 1), Channel::l3);
  EXPECT_EQ(t.channel(0, 7), Channel::l3);
  EXPECT_EQ(t.channel(7, 8), Channel::numa);
  EXPECT_EQ(t.channel(0, 63), Channel::numa);
  EXPECT_EQ(t.channel(63, 64), Channel::remote);
  EXPECT_EQ(t.channel(0, 127), Channel::remote);
  EXPECT_EQ(t.channel(64, 71), Channel::l3);
  EXPECT_EQ(t.channel(5, 5), Channel::smt);  // the very same core
  EXPECT_EQ(t.channel(3, 100), t.channel(100, 3));
  EXPECT_EQ(t.channels_present(), (std::vector<Channel>{Channel::l3, Channel::numa, Channel::remote}));
  EXPECT_EQ(t.l3_of(9), 1);
  EXPECT_EQ(t.package_of(64), 1);
  EXPECT_THROW((void)t.channel(0, 128), std::out_of_range);
  EXPECT_THROW((void)t.channel(-1, 0), std::out_of_range);
}

TEST(Topology, SyntheticNps4Classes) {
  const Topology t = Topology::load(kNps4);
  EXPECT_EQ(t.pu_count(), 256);
  EXPECT_EQ(t.core_count(), 128);
  EXPECT_EQ(t.numa_count(), 8);
  EXPECT_EQ(t.l3_count(), 16);
  EXPECT_TRUE(t.has_smt());
  // PUs 2k, 2k+1 = core k; L3 = 16 PUs; NUMA node = 32 PUs; package = 128 PUs.
  EXPECT_EQ(t.channel(0, 1), Channel::smt);
  EXPECT_EQ(t.channel(0, 2), Channel::l3);
  EXPECT_EQ(t.channel(0, 15), Channel::l3);
  EXPECT_EQ(t.channel(0, 16), Channel::numa);
  EXPECT_EQ(t.channel(0, 31), Channel::numa);
  EXPECT_EQ(t.channel(0, 32), Channel::package);
  EXPECT_EQ(t.channel(0, 127), Channel::package);
  EXPECT_EQ(t.channel(0, 128), Channel::remote);
  EXPECT_EQ(t.channel(200, 201), Channel::smt);
  EXPECT_EQ(t.channels_present().size(), 5u);
  EXPECT_EQ(t.physical_core_of(255), 127);
}

// The channel order numa < package < remote must agree with the node's NUMA distance matrix
// (10 local, 12 same socket, 32 other socket) for every pair of cores.
TEST(Topology, SyntheticNps4AgreesWithNumaDistances) {
  std::ifstream in(kData + "/topologies/epyc-2s-nps4-numa-distances.txt");
  ASSERT_TRUE(in) << "missing distances file";
  std::string line;
  std::getline(in, line);  // name=...
  int kind = 0, n = 0;
  in >> kind >> n;
  ASSERT_EQ(n, 8);
  for (int k = 0; k < n; ++k) in >> line;  // numa:0 .. numa:7
  std::vector<int> dist(std::size_t(n * n));
  for (int& d : dist) in >> d;
  ASSERT_TRUE(in);
  const Topology t = Topology::load(kNps4);
  const std::map<int, Channel> expected{{10, Channel::numa}, {12, Channel::package}, {32, Channel::remote}};
  for (int a = 0; a < 256; a += 6)
    for (int b = 0; b < 256; b += 10) {
      if (t.physical_core_of(a) == t.physical_core_of(b) || t.l3_of(a) == t.l3_of(b)) continue;
      const int d = dist[std::size_t(t.numa_of(a) * n + t.numa_of(b))];
      ASSERT_TRUE(expected.count(d)) << d;
      EXPECT_EQ(t.channel(a, b), expected.at(d)) << a << "-" << b;
    }
}

TEST(Topology, SyntheticStrings) {
  const Topology t = Topology::from_synthetic("pack:2 numa:4 l3:4 core:8 pu:1");
  EXPECT_EQ(t.pu_count(), 256);
  EXPECT_EQ(t.numa_count(), 8);
  EXPECT_EQ(t.l3_count(), 32);
  EXPECT_EQ(t.channel(0, 7), Channel::l3);
  EXPECT_EQ(t.channel(0, 8), Channel::numa);
  EXPECT_EQ(t.channel(0, 32), Channel::package);
  EXPECT_EQ(t.channel(0, 128), Channel::remote);

  // No NUMA level: hwloc invents one node for the machine; sockets must still be remote.
  const Topology s = Topology::load("pack:2 core:2 pu:2");
  EXPECT_EQ(s.channel(0, 1), Channel::smt);
  EXPECT_EQ(s.channel(0, 2), Channel::numa);
  EXPECT_EQ(s.channel(0, 4), Channel::remote);

  EXPECT_THROW(Topology::from_synthetic("banana:3"), std::runtime_error);
  EXPECT_THROW(Topology::load("/nonexistent/topology.xml"), std::runtime_error);
}

TEST(Topology, PackedAndScatterBindings) {
  const Topology t = Topology::load(kReal);
  EXPECT_EQ(t.packed(4), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(t.scatter(5), (std::vector<int>{0, 64, 1, 65, 2}));
  const auto all = t.scatter(128);
  EXPECT_EQ(all[126], 63);
  EXPECT_EQ(all[127], 127);
  EXPECT_THROW(t.packed(129), std::invalid_argument);

  // SMT: one PU per physical core first, siblings only after every core has a rank.
  const Topology s = Topology::load(kNps4);
  EXPECT_EQ(s.packed(3), (std::vector<int>{0, 2, 4}));
  const auto p = s.packed(130);
  EXPECT_EQ(p[127], 254);
  EXPECT_EQ(p[128], 1);
  EXPECT_EQ(p[129], 3);
  EXPECT_EQ(s.scatter(4), (std::vector<int>{0, 128, 2, 130}));
}

TEST(Topology, BindingSpec) {
  const Topology t = Topology::load(kReal);
  EXPECT_EQ(t.binding("packed", 2), (std::vector<int>{0, 1}));
  EXPECT_EQ(t.binding("scatter", 2), (std::vector<int>{0, 64}));
  EXPECT_EQ(t.binding("5, 70,9", 3), (std::vector<int>{5, 70, 9}));
  EXPECT_THROW(t.binding("5,70", 3), std::invalid_argument);      // too few
  EXPECT_THROW(t.binding("5,x,9", 3), std::invalid_argument);     // not a number
  EXPECT_THROW(t.binding("5,700,9", 3), std::invalid_argument);   // not in the node
  EXPECT_THROW(t.binding("roundrobin", 3), std::invalid_argument);
  try {
    t.binding("1,2,3", 2);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("3 core ids for 2 ranks"), std::string::npos) << e.what();
  }
}

TEST(Topology, LiveBindingQueryIsSafe) {
  // Whatever this machine is: -1 (unbound) or one of its cores.
  const int core = bound_core_of_this_process();
  if (core >= 0) {
    EXPECT_TRUE(Topology::live().has_core(core));
  }
}

TEST(Topology, Fingerprint) {
  const Topology a = Topology::load(kReal), b = Topology::load(kReal), c = Topology::load(kNps4);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_NE(a.fingerprint(), c.fingerprint());
  EXPECT_NE(Topology::load("pack:2 core:4 pu:1").fingerprint(), Topology::load("pack:1 core:8 pu:1").fingerprint());
}

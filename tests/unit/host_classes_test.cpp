// Host classes: classification from landmark signatures, landmark and representative choice, and
// the rank mapping of hosts without calibrated processes through their class.
#include "collsel/host_classes.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/model_file.hpp"
#include "collsel/rank_mapping.hpp"

using namespace collsel;

namespace {
constexpr double nan_ = kUnmeasured;
}

TEST(HostClasses, DistanceIsTheLargestLogRatioOverCommonColumns) {
  EXPECT_DOUBLE_EQ(signature_distance({1, 2}, {1, 2}), 0.0);
  EXPECT_NEAR(signature_distance({1, 2}, {1.1, 1}), std::log(2.0), 1e-12);
  EXPECT_DOUBLE_EQ(signature_distance({nan_, 2}, {5, 2}), 0.0);  // unmeasured columns do not count
  EXPECT_DOUBLE_EQ(signature_distance({nan_}, {nan_}), 0.0);
}

TEST(HostClasses, AlikeHostsShareAClassInFoundingOrder) {
  // Two fast hosts, two slow ones, one fast host with a slightly different (within 5 %) latency,
  // one host slow towards the second landmark only.
  const HostSignatures s = {
      {nan_, nan_, 10, 100}, {1, 10, 10, 100}, {1, 100, 10, 1000}, {1.04, 10, 10, 100},
      {1, 100, 10, 1000},    {1, 10, 10, 300},
  };
  EXPECT_EQ(classify_hosts(s, 0.05), (std::vector<int>{0, 0, 1, 0, 1, 2}));
  // A tolerance of 0 separates the one whose latency differs by 4 %.
  EXPECT_EQ(classify_hosts(s, 0.0), (std::vector<int>{0, 0, 1, 2, 1, 3}));
  EXPECT_TRUE(classify_hosts({}, 0.1).empty());
}

TEST(HostClasses, LandmarksAndRepresentatives) {
  EXPECT_EQ(fastest_host({nan_, 5, 3, 3, 0}, 0), 2);  // ties to the lower index; 0 is not a time
  EXPECT_EQ(fastest_host({nan_, 5}, 1), -1);
  const HostSignatures s = {{nan_, 1}, {1, 1}, {1, 8}, {1, 2}};
  EXPECT_EQ(next_landmark(s, {0}), 2);          // the farthest from landmark 0's signature
  EXPECT_EQ(next_landmark({{1}, {1}}, {0}), -1);  // nothing differs
  // Class 0 = hosts 0, 1, 3, 6: the first and the middle one (3); class 1 = 2, 4; class 2 = 5.
  EXPECT_EQ(choose_representatives({0, 0, 1, 0, 1, 2, 0}, 2),
            (std::vector<bool>{true, false, true, true, true, true, false}));
  EXPECT_EQ(choose_representatives({0, 0, 0}, 1), (std::vector<bool>{true, false, false}));
}

namespace {

// Hosts h0..h5 in classes {h0, h1, h3, h5} (0) and {h2, h4} (1); calibrated processes on the
// representatives h0, h1 (class 0) and h2 (class 1), one each. alpha_ij = 1 + 10 i + j us.
struct ClassFixture {
  Cluster cluster{{"h0", "h1", "h2", "h3", "h4", "h5"}, {0, 1, 2}, {-1, -1, -1}, {0, 0, 1, 0, 1, 0}};
  HockneyModel model{3};
  ClassFixture() {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (i != j) model.set(i, j, (1 + 10 * i + j) * 1e-6, 0);
  }
  double alpha(int i, int j) const { return model.p2p(i, j, 0); }
};

}  // namespace

TEST(HostClasses, HostsWithoutProcessesAreStoodInForByTheirClass) {
  ClassFixture f;
  // One rank per host in host order. h3 (first non-representative of class 0) -> h0, h5 -> h1,
  // h4 -> h2.
  const MappedModel m(f.model, f.cluster, {{"h0"}, {"h1"}, {"h2"}, {"h3"}, {"h4"}, {"h5"}});
  EXPECT_EQ(m.process_of(3), 0);
  EXPECT_EQ(m.process_of(4), 2);
  EXPECT_EQ(m.process_of(5), 1);
  EXPECT_DOUBLE_EQ(m.p2p(3, 2, 0), f.alpha(0, 2));  // h3 -> h2 as h0 -> h2
  EXPECT_DOUBLE_EQ(m.p2p(5, 3, 0), f.alpha(1, 0));  // h5 -> h3 as h1 -> h0
  // h3 and h0 stand on the same host h0: their pair crosses hosts through the other
  // representative of class 0, h1.
  EXPECT_DOUBLE_EQ(m.p2p(3, 0, 0), f.alpha(0, 1));
  EXPECT_DOUBLE_EQ(m.p2p(0, 3, 0), f.alpha(0, 1));
  // Class 1 has one representative: h4 and h2 share process 2, the lone-host fallback applies
  // (no host has two processes: the fastest pair overall, 0 -> 1).
  EXPECT_DOUBLE_EQ(m.p2p(4, 2, 0), f.alpha(0, 1));
  // The decision's table view answers as p2p does, in both directions.
  for (int anchor = 0; anchor < 6; ++anchor) {
    const auto down = m.view(anchor, 4096, false), up = m.view(anchor, 4096, true);
    ASSERT_TRUE(down && up);
    for (int b = 0; b < 6; ++b) {
      EXPECT_DOUBLE_EQ((*down)(b), m.p2p(anchor, b, 4096)) << anchor << "->" << b;
      EXPECT_DOUBLE_EQ((*up)(b), m.p2p(b, anchor, 4096)) << b << "->" << anchor;
    }
  }
  // p2p_row answers as p2p does.
  const std::vector<int> to = {0, 1, 2, 3, 4, 5};
  for (int from = 0; from < 6; ++from) {
    std::vector<double> row(to.size());
    m.p2p_row(from, to, 4096, row);
    for (int k = 0; k < 6; ++k) EXPECT_DOUBLE_EQ(row[std::size_t(k)], m.p2p(from, k, 4096)) << from << "->" << k;
  }
}

TEST(HostClasses, DefaultPlacementSpreadsOverEveryHost) {
  ClassFixture f;
  const auto placed = default_placement(f.cluster, 8);
  ASSERT_EQ(placed.size(), 8u);
  EXPECT_EQ(placed[3].host, "h3");
  EXPECT_EQ(placed[7].host, "h1");
  EXPECT_NO_THROW(MappedModel(f.model, f.cluster, placed));
}

TEST(HostClasses, ModelFileRoundTripAndErrors) {
  ClassFixture f;
  ModelFile mf;
  mf.cluster = f.cluster;
  mf.hockney = f.model;
  const ModelFile back = parse_model_file(format_model_file(mf), "classes.toml");
  EXPECT_EQ(back.cluster.host_class, f.cluster.host_class);
  EXPECT_EQ(back.cluster.hosts, f.cluster.hosts);

  auto error_of = [](const std::string& cluster) {
    const std::string text = "[collsel_model]\nversion = 1\n[cluster]\n" + cluster;
    try {
      parse_model_file(text, "m.toml");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error_of("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0]\n")
                .find("m.toml:6: cluster.host_class: has 1 elements, expected 2"),
            std::string::npos);
  EXPECT_NE(error_of("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0, 1]\n")
                .find("cluster.host_class[1]: class 1 of host 'b' has no host with a calibrated process"),
            std::string::npos);
  EXPECT_NE(error_of("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0, -1]\n")
                .find("cluster.host_class[1]: class -1 is out of range"),
            std::string::npos);
  EXPECT_EQ(error_of("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0, 0]\n"), "");
  // Without classes a host without processes stays an error of the mapping, naming it.
  const Cluster plain{{"a", "b"}, {0}, {-1}};
  HockneyModel one(1);
  EXPECT_THROW(MappedModel(one, plain, {{"b"}}), std::invalid_argument);
}

TEST(HostClasses, RepresentativeProcessesAndTheirCluster) {
  // Hosts a, b, c, d with two processes each (ranks 0-7), classes {a, c, d} and {b}.
  const Cluster run{{"a", "b", "c", "d"}, {0, 0, 1, 1, 2, 2, 3, 3}, {0, 1, 0, 1, 0, 1, 0, 1}};
  const std::vector<int> host_class = {0, 1, 0, 0};
  // Class 0's representatives: a (first) and c (the middle of a, c, d): two processes on a, one on
  // c; class 1: b alone, two processes.
  const std::vector<int> procs = representative_processes(run, host_class);
  EXPECT_EQ(procs, (std::vector<int>{0, 1, 2, 3, 4}));
  const Cluster c = representative_cluster(run, host_class, procs);
  EXPECT_EQ(c.hosts, run.hosts);
  EXPECT_EQ(c.host_class, host_class);
  EXPECT_EQ(c.process_host, (std::vector<int>{0, 0, 1, 1, 2}));
  EXPECT_EQ(c.process_core, (std::vector<int>{0, 1, 0, 1, 0}));
  // One process per host, all alike: three representatives, so LMO has its triplets.
  const Cluster single{{"w", "x", "y", "z"}, {0, 1, 2, 3}, {}};
  EXPECT_EQ(representative_processes(single, {0, 0, 0, 0}).size(), 3u);
  // Every host of the run maps through the class cluster.
  HockneyModel m(int(procs.size()));
  for (int i = 0; i < m.size(); ++i)
    for (int j = 0; j < m.size(); ++j)
      if (i != j) m.set(i, j, 1e-6 * (1 + i + j), 0);
  EXPECT_NO_THROW(MappedModel(m, c, {{"d"}, {"d"}, {"b"}, {"a"}}));
}

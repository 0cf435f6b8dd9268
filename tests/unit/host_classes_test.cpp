// Host classes: classification from landmark signatures, landmark and representative choice, and
// the rank mapping of hosts without calibrated processes through their class.
#include "collsel/host_classes.hpp"

#include <gtest/gtest.h>

#include <array>
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

// The error a model file with this [cluster] body gives ("" if it reads).
std::string cluster_error(const std::string& cluster) {
  const std::string text = "[collsel_model]\nversion = 1\n[cluster]\n" + cluster;
  try {
    parse_model_file(text, "m.toml");
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::string();
}
}  // namespace

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
  EXPECT_EQ(classify_hosts(s, 0.05).host_class, (std::vector<int>{0, 0, 1, 0, 1, 2}));
  // A tolerance of 0 separates the one whose latency differs by 4 %.
  EXPECT_EQ(classify_hosts(s, 0.0).host_class, (std::vector<int>{0, 0, 1, 2, 1, 3}));
  EXPECT_TRUE(classify_hosts({}, 0.1).host_class.empty());
}

TEST(HostClasses, EveryTwoHostsOfAClassAgreeAndTheClosestMergeWhenTooMany) {
  // One column (a large round trip per host, shuffled): 1, 2 and 10 apart, each within 5 %.
  const HostSignatures s = {{10}, {1}, {2.1}, {10.5}, {1.05}, {2}, {10.2}};
  HostClasses c = classify_hosts(s, 0.1);
  EXPECT_EQ(c.host_class, (std::vector<int>{0, 1, 2, 0, 1, 2, 0}));  // numbered by first host
  EXPECT_EQ(c.classes, 3);
  EXPECT_DOUBLE_EQ(c.tolerance, 0.1);  // the one asked for: no class had to merge beyond it
  EXPECT_EQ(classify_hosts(s, 0.1, 3).host_class, c.host_class);
  // Two allowed: the 1 and 2 classes merge (2.1 apart), not 2 and 10 (5.25); the tolerance reached
  // is that class's spread.
  c = classify_hosts(s, 0.1, 2);
  EXPECT_EQ(c.host_class, (std::vector<int>{0, 1, 1, 0, 1, 1, 0}));
  EXPECT_NEAR(c.tolerance, 1.1, 1e-12);
  EXPECT_EQ(classify_hosts(s, 0.1, 1).host_class, std::vector<int>(7, 0));
  // A chain 9 % apart step by step: every two hosts of a class agree, so not all three join one
  // (the first fit joined 1.09 to 1, and 1.18 stood alone); the tighter pair goes together.
  EXPECT_EQ(classify_hosts({{1}, {1.09}, {1.18}}, 0.1).host_class, (std::vector<int>{0, 1, 1}));
  EXPECT_EQ(classify_hosts({{5}}, 0.1, 1).host_class, std::vector<int>{0});
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

  EXPECT_NE(cluster_error("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0]\n")
                .find("m.toml:6: cluster.host_class: has 1 elements, expected 2"),
            std::string::npos);
  EXPECT_NE(cluster_error("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0, 1]\n")
                .find("cluster.host_class[1]: class 1 of host 'b' has no host with a calibrated process"),
            std::string::npos);
  EXPECT_NE(cluster_error("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0, -1]\n")
                .find("cluster.host_class[1]: class -1 is out of range"),
            std::string::npos);
  EXPECT_EQ(cluster_error("hosts = [\"a\", \"b\"]\nprocess_host = [0]\nhost_class = [0, 0]\n"), "");
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

// --- switch groups ----------------------------------------------------------------------------

TEST(SwitchGroups, RunsOfNearAdjacentHostsWithinAClass) {
  // Hosts 0-8 in class 0, three "leaves" of three: consecutive pairs within a leaf (1, 10), across
  // leaves (2, 10.5): the empty round trip tells them apart, the large one (within 10 %) does not.
  // Hosts 9-11 in class 1, all pairs alike. Host 12 (class 0 again, after class 1): its pair with
  // host 8 was not measured.
  const std::vector<int> cls = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0};
  const std::array<double, 2> in{1, 10}, across{2, 10.5}, other{5, 50};
  std::vector<std::array<double, 2>> next = {in,    in,    across, in,    in,    across,
                                             in,    in,    {nan_, nan_}, other, other, {nan_, nan_}, {nan_, nan_}};
  const auto ref = far_references(cls, next);
  ASSERT_EQ(ref.size(), 2u);
  EXPECT_EQ(ref[0], across);
  EXPECT_EQ(ref[1], other);
  EXPECT_TRUE(is_near(in, across, 0.1));
  EXPECT_FALSE(is_near(across, across, 0.1));
  EXPECT_FALSE(is_near({1, 20}, across, 0.1));  // slower in a column: not near
  EXPECT_FALSE(is_near({1.9, 10}, across, 0.1));  // within the tolerance
  const std::vector<int> groups = find_switch_groups(cls, next, 0.1);
  EXPECT_EQ(groups, (std::vector<int>{0, 0, 0, 1, 1, 1, 2, 2, 2, -1, -1, -1, -1}));
  EXPECT_EQ(group_spans(groups), (std::vector<std::array<int, 2>>{{0, 2}, {3, 5}, {6, 8}}));
  EXPECT_EQ(next_in_class(cls), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 12, 10, 11, -1, -1}));
  // A class interleaved with another: its consecutive members are its pairs. Class 0 = hosts 0, 1,
  // 3, 4 with 1 -> 3 across (far); class 1 = hosts 2, 5.
  EXPECT_EQ(find_switch_groups({0, 0, 1, 0, 0, 1}, {in, across, other, in, {nan_, nan_}, {nan_, nan_}}, 0.1),
            (std::vector<int>{0, 0, -1, 1, 1, -1}));
  // All consecutive pairs alike: no tier.
  for (auto& t : next)
    if (t == across) t = in;
  EXPECT_TRUE(find_switch_groups(cls, next, 0.1).empty());
  EXPECT_TRUE(find_switch_groups({}, {}, 0.1).empty());
}

TEST(SwitchGroups, RepresentativesAreANearPairAndAFarOne) {
  const std::vector<int> cls = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1};
  const std::vector<int> grp = {0, 0, 0, 1, 1, 1, 2, 2, 2, -1, -1, -1};
  // Class 0: A = host 0, A' = host 1 (its group), B = the middle member, host 4 (group 1). Class 1
  // has no group: its first and its middle host, as without groups.
  EXPECT_EQ(choose_group_representatives(cls, grp),
            (std::vector<bool>{true, true, false, false, true, false, false, false, false, true, true, false}));
  // The class's first host alone, the groups after it: A = the first of the first group (2, 3).
  EXPECT_EQ(choose_group_representatives({0, 0, 0, 0, 0}, {-1, -1, 0, 0, -1}),
            (std::vector<bool>{false, false, true, true, true}));
  // The middle member in A's group: the next one outside it.
  EXPECT_EQ(choose_group_representatives({0, 0, 0, 0, 0}, {0, 0, 0, 0, 1}),
            (std::vector<bool>{true, true, false, false, true}));
  // Without groups: as choose_representatives(., 2).
  EXPECT_EQ(choose_group_representatives(cls, {}), choose_representatives(cls, 2));
  // Processes: two on A, one on A' and B.
  const Cluster run{{"a", "b", "c", "d", "e", "f"}, {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, {}};
  const std::vector<int> procs = representative_processes(run, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 1, 1});
  EXPECT_EQ(procs, (std::vector<int>{0, 1, 2, 6}));
  const Cluster c = representative_cluster(run, {0, 0, 0, 0, 0, 0}, procs, {0, 0, 0, 1, 1, 1});
  EXPECT_EQ(c.host_group, (std::vector<int>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(c.process_host, (std::vector<int>{0, 0, 1, 3}));
  // Host 0 outside every group, its class's A and B elsewhere: process 0 measures all the same
  // (it writes the model file), with the class's two processes as the class's first host.
  EXPECT_EQ(choose_group_representatives({0, 0, 0, 0, 0, 0}, {-1, 0, 0, 1, 1, 1}),
            (std::vector<bool>{false, true, true, true, false, false}));
  EXPECT_EQ(representative_processes(run, {0, 0, 0, 0, 0, 0}, {-1, 0, 0, 1, 1, 1}), (std::vector<int>{0, 1, 2, 4, 6}));
}

namespace {

// Hosts h0..h8 of one class in three switch groups of three, h9..h11 of a second class without
// groups. Calibrated processes: 0, 1 on h0 (A), 2 on h1 (A'), 3 on h4 (B), 4 on h9, 5 on h10.
// alpha_ij = 1 + 10 i + j us.
struct GroupFixture {
  Cluster cluster{{"h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h10", "h11"},
                  {0, 0, 1, 4, 9, 10},
                  {-1, -1, -1, -1, -1, -1},
                  {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1},
                  {0, 0, 0, 1, 1, 1, 2, 2, 2, -1, -1, -1}};
  HockneyModel model{6};
  GroupFixture() {
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j)
        if (i != j) model.set(i, j, (1 + 10 * i + j) * 1e-6, 1e-9 * (1 + i));
  }
  double alpha(int i, int j) const { return model.p2p(i, j, 0); }
};

}  // namespace

TEST(SwitchGroups, PairsWithinAGroupAreAnsweredByTheNearPair) {
  GroupFixture f;
  std::vector<RankPlacement> ranks;
  for (int h = 0; h < 12; ++h) ranks.push_back({"h" + std::to_string(h)});
  ranks.push_back({"h7"});  // a second rank on h7: rank 12
  const MappedModel m(f.model, f.cluster, ranks);
  // Within a group, on different hosts: A -> A' (processes 0 -> 2), whichever hosts.
  for (auto [a, b] : {std::pair{6, 7}, {7, 8}, {3, 5}, {0, 1}, {1, 2}, {12, 6}})
    EXPECT_DOUBLE_EQ(m.p2p(a, b, 0), f.alpha(0, 2)) << a << "->" << b;
  // Across groups of the class: far representatives only (A and B, never A').
  const double far_ab = f.alpha(0, 3), far_ba = f.alpha(3, 0);
  for (auto [a, b] : {std::pair{6, 3}, {0, 4}, {1, 7}, {2, 5}, {8, 0}}) {
    const double t = m.p2p(a, b, 0);
    EXPECT_TRUE(t == far_ab || t == far_ba || t == f.alpha(1, 3) || t == f.alpha(3, 1)) << a << "->" << b << " " << t;
  }
  // The same host: its own intra-host pair, not the near pair.
  EXPECT_DOUBLE_EQ(m.p2p(7, 12, 0), f.alpha(0, 1));
  // The other class keeps its mapping: h9 -> h10 as process 4 -> 5.
  EXPECT_DOUBLE_EQ(m.p2p(9, 10, 0), f.alpha(4, 5));
  // The decision's table view, p2p_row and p2p_column answer as p2p does, at two sizes.
  const int n = m.size();
  std::vector<int> to(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) to[std::size_t(k)] = k;
  for (double bytes : {0.0, 65536.0})
    for (int anchor = 0; anchor < n; ++anchor) {
      const auto down = m.view(anchor, bytes, false), up = m.view(anchor, bytes, true);
      ASSERT_TRUE(down && up);
      std::vector<double> row(to.size()), column(to.size());
      m.p2p_row(anchor, to, bytes, row);
      m.p2p_column(to, anchor, bytes, column);
      for (int b = 0; b < n; ++b) {
        EXPECT_DOUBLE_EQ((*down)(b), m.p2p(anchor, b, bytes)) << anchor << "->" << b;
        EXPECT_DOUBLE_EQ((*up)(b), m.p2p(b, anchor, bytes)) << b << "->" << anchor;
        EXPECT_DOUBLE_EQ(row[std::size_t(b)], m.p2p(anchor, b, bytes)) << anchor << "->" << b;
        EXPECT_DOUBLE_EQ(column[std::size_t(b)], m.p2p(b, anchor, bytes)) << b << "->" << anchor;
      }
    }
  // Cost groups: ranks of one group give one value from any anchor on another host.
  ASSERT_GT(m.cost_groups(), 0);
  for (int anchor = 0; anchor < n; ++anchor)
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        if (m.cost_group(a) != m.cost_group(b) || m.host_index(a) == m.host_index(anchor) ||
            m.host_index(b) == m.host_index(anchor))
          continue;
        EXPECT_DOUBLE_EQ(m.p2p(anchor, a, 4096), m.p2p(anchor, b, 4096)) << anchor << ": " << a << ", " << b;
      }
}

TEST(SwitchGroups, ModelFileRoundTripAndErrors) {
  GroupFixture f;
  ModelFile mf;
  mf.cluster = f.cluster;
  mf.hockney = f.model;
  const ModelFile back = parse_model_file(format_model_file(mf), "groups.toml");
  EXPECT_EQ(back.cluster.host_group, f.cluster.host_group);
  mf.cluster.host_group.clear();
  EXPECT_TRUE(parse_model_file(format_model_file(mf), "groups.toml").cluster.host_group.empty());

  const std::string base = "hosts = [\"a\", \"b\", \"c\"]\nprocess_host = [0, 2]\n";
  EXPECT_EQ(cluster_error(base + "host_class = [0, 0, 1]\nhost_group = [0, 0, -1]\n"), "");
  EXPECT_NE(cluster_error(base + "host_group = [0, 0, -1]\n").find("m.toml:6: cluster.host_group: needs host_class"),
            std::string::npos);
  EXPECT_NE(cluster_error(base + "host_class = [0, 0, 1]\nhost_group = [0, 0]\n")
                .find("cluster.host_group: has 2 elements, expected 3"),
            std::string::npos);
  EXPECT_NE(cluster_error(base + "host_class = [0, 0, 1]\nhost_group = [0, -2, -1]\n")
                .find("cluster.host_group[1]: group -2 is out of range -1..2"),
            std::string::npos);
  EXPECT_NE(cluster_error(base + "host_class = [0, 0, 1]\nhost_group = [0, 0, 0]\n")
                .find("cluster.host_group[2]: host 'c' is in class 1, but group 0 has hosts of class 0"),
            std::string::npos);
}

namespace {
// A one-switch cluster: host h's link has latency `lat[h]` and bandwidth `bw[h]`; a round trip
// of m bytes between two hosts costs 2 (lat_i + lat_j) + 2 m / min(bw_i, bw_j).
struct Star {
  std::vector<double> lat, bw;
  std::array<double, 2> round_trip(std::size_t i, std::size_t j, double m) const {
    const double empty = 2 * (lat[i] + lat[j]);
    return {empty, empty + 2 * m / std::min(bw[i], bw[j])};
  }
  HostSignatures survey(const std::vector<int>& landmarks, double m) const {
    HostSignatures s(lat.size());
    for (int l : landmarks)
      for (std::size_t h = 0; h < lat.size(); ++h) {
        const auto t = int(h) == l ? std::array<double, 2>{nan_, nan_} : round_trip(h, std::size_t(l), m);
        s[h].push_back(t[0]);
        s[h].push_back(t[1]);
      }
    return s;
  }
  std::vector<std::array<double, 2>> consecutive(const std::vector<int>& cls, double m) const {
    std::vector<std::array<double, 2>> out;
    const std::vector<int> next = next_in_class(cls);
    for (std::size_t h = 0; h < next.size(); ++h)
      if (next[h] >= 0) out.push_back(round_trip(h, std::size_t(next[h]), m));
    return out;
  }
};
}  // namespace

TEST(SpeedCheck, APairFasterThanEveryLandmarkRevealsBandwidthTheSurveyCouldNotSee) {
  // One latency; hosts 0 and 1 on 0.4 Gbit (the landmarks), the others on 0.4, 1 or 10 Gbit. Both
  // landmarks see every host at their own 0.4 Gbit: one class, whose consecutive pairs run at
  // 0.4-10 Gbit.
  const double m = 1 << 20;
  const Star star{std::vector<double>(8, 5e-6), {0.05e9, 0.05e9, 0.125e9, 1.25e9, 0.05e9, 1.25e9, 0.125e9, 0.05e9}};
  HostSignatures s = star.survey({0, 1}, m);
  std::vector<int> cls = classify_hosts(s, 0.1).host_class;
  EXPECT_EQ(cls, std::vector<int>(8, 0));
  const double seen = fastest_transfer_seen(s);
  EXPECT_NEAR(seen, 2 * m / 0.05e9, 1e-12);
  auto pairs = star.consecutive(cls, m);  // (0,1) (1,2) (2,3) (3,4) (4,5) (5,6) (6,7)
  EXPECT_FALSE(beyond_survey(pairs[0], seen, 0.1));  // 0.4 Gbit, as seen
  EXPECT_TRUE(beyond_survey(pairs[2], seen, 0.1));   // hosts 2 and 3: 1 Gbit, more than any landmark
  EXPECT_EQ(hidden_speed_pair(pairs, seen, 0.1), 2);  // the fastest of them ((5,6) ties, later)
  // Host 2 (1 Gbit) surveys: the 10 Gbit hosts stay hidden behind it, and their pair (3,5) now is
  // consecutive in their class: the check then adds host 3, which sees every host as it is.
  s = star.survey({0, 1, 2}, m);
  cls = classify_hosts(s, 0.1).host_class;
  EXPECT_EQ(cls, (std::vector<int>{0, 0, 0, 1, 0, 1, 1, 0}));  // the landmark (2) matches both classes: the first it merges with
  pairs = star.consecutive(cls, m);
  const int k = hidden_speed_pair(pairs, fastest_transfer_seen(s), 0.1);
  ASSERT_GE(k, 0);
  EXPECT_EQ(pairs[std::size_t(k)], star.round_trip(3, 5, m));
  s = star.survey({0, 1, 2, 3}, m);
  cls = classify_hosts(s, 0.1).host_class;
  EXPECT_EQ(cls, (std::vector<int>{0, 0, 1, 1, 0, 2, 1, 0}));  // 0.4, 1 and 10 Gbit apart (host 3 a landmark)
  EXPECT_EQ(hidden_speed_pair(star.consecutive(cls, m), fastest_transfer_seen(s), 0.1), -1);
  // Within the tolerance, or unmeasured: not beyond.
  EXPECT_FALSE(beyond_survey({1, 1 + 0.95}, 1.0, 0.1));
  EXPECT_FALSE(beyond_survey({nan_, nan_}, 1.0, 0.1));
  EXPECT_FALSE(beyond_survey({1, 1.5}, nan_, 0.1));
  EXPECT_TRUE(std::isnan(fastest_transfer_seen({{nan_, nan_}})));
}

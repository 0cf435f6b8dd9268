#include "collsel/rank_mapping.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsel/hockney.hpp"

using namespace collsel;

namespace {

// Processes 0,1 on host "a", 2,3 on "b", 4 alone on "c". alpha encodes the pair so a test can
// tell which calibrated pair answered: alpha_ij = 1 + 10 i + j (microseconds), beta = 0.
struct Fixture {
  Cluster cluster{{"a", "b", "c"}, {0, 0, 1, 1, 2}, {0, 1, 0, 1, 0}};
  HockneyModel model{5};
  Fixture() {
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j)
        if (i != j) model.set(i, j, (1 + 10 * i + j) * 1e-6, 1e-9);
  }
};

}  // namespace

TEST(RankMapping, RanksFollowTheirHostRoundRobin) {
  Fixture f;
  // Ranks: b, a, a, b, a (third on host a wraps around to process 0).
  const MappedModel m(f.model, f.cluster, {{"b"}, {"a"}, {"a"}, {"b"}, {"a"}});
  EXPECT_EQ(m.size(), 5);
  EXPECT_EQ(m.kind(), "hockney");
  EXPECT_EQ(m.process_of(0), 2);
  EXPECT_EQ(m.process_of(1), 0);
  EXPECT_EQ(m.process_of(2), 1);
  EXPECT_EQ(m.process_of(3), 3);
  EXPECT_EQ(m.process_of(4), 0);
  EXPECT_DOUBLE_EQ(m.p2p(0, 1, 100), f.model.p2p(2, 0, 100));
  EXPECT_DOUBLE_EQ(m.p2p(1, 2, 100), f.model.p2p(0, 1, 100));
  EXPECT_EQ(m.p2p(3, 3, 100), 0.0);
}

TEST(RankMapping, RanksComputeAtTheirProcesssSpeed) {
  Fixture f;
  const MappedModel plain(f.model, f.cluster, {{"b"}, {"a"}});
  EXPECT_TRUE(plain.reduce_gamma().empty());
  f.model.set_reduce_gamma({1e-9, 2e-9, 3e-9, 4e-9, 5e-9});
  const MappedModel m(f.model, f.cluster, {{"b"}, {"a"}, {"a"}, {"b"}, {"a"}, {"c"}});
  EXPECT_EQ(m.reduce_gamma(), (std::vector<double>{3e-9, 1e-9, 2e-9, 4e-9, 1e-9, 5e-9}));
  EXPECT_DOUBLE_EQ(m.reduce_local(5, 1000), 5e-6);
}

TEST(RankMapping, RanksSendThroughTheirProcesssLinkFloor) {
  Fixture f;  // every pair at 1e-9 s/B; host b's link measured at 4e9 B/s out, 2e9 B/s in
  f.model.set_link_floors({0, 0, 4e9, 4e9, 0}, {0, 0, 2e9, 2e9, 0});
  const MappedModel m(f.model, f.cluster, {{"b"}, {"a"}, {"a"}, {"b"}, {"a"}, {"c"}});
  EXPECT_EQ(m.link_out_floor(), (std::vector<double>{4e9, 0, 0, 4e9, 0, 0}));
  EXPECT_EQ(m.link_in_floor(), (std::vector<double>{2e9, 0, 0, 2e9, 0, 0}));
  // Ranks share hosts: the mapped model's host links, priced once, take the floors.
  ASSERT_EQ(m.host_out_per_byte().size(), 6u);
  EXPECT_NEAR(m.host_out_per_byte()[0], 2.5e-10, 1e-20);
  EXPECT_NEAR(m.host_in_per_byte()[3], 5e-10, 1e-20);
  EXPECT_NEAR(m.host_out_per_byte()[1], 1e-9, 1e-15) << "host a: its pairs";
}

TEST(RankMapping, SharedProcessUsesAnotherPairOnItsHost) {
  Fixture f;
  // Ranks 1 and 4 both map to process 0: predicted with pair (0, 1), the only other on host a.
  const MappedModel m(f.model, f.cluster, {{"b"}, {"a"}, {"a"}, {"b"}, {"a"}});
  EXPECT_DOUBLE_EQ(m.p2p(1, 4, 1000), f.model.p2p(0, 1, 1000));
  EXPECT_DOUBLE_EQ(m.p2p(4, 1, 1000), f.model.p2p(0, 1, 1000));
}

TEST(RankMapping, LoneHostFallsBackToFastestIntraHostPair) {
  Fixture f;
  // Two ranks on host c (one calibrated process): fastest intra-host pair among (0,1), (1,0),
  // (2,3), (3,2) is (0,1) with alpha 2 us.
  const MappedModel m(f.model, f.cluster, {{"c"}, {"c"}, {"a"}});
  EXPECT_EQ(m.process_of(0), 4);
  EXPECT_EQ(m.process_of(1), 4);
  EXPECT_DOUBLE_EQ(m.p2p(0, 1, 0), 2e-6);
  EXPECT_DOUBLE_EQ(m.p2p(0, 2, 0), f.model.p2p(4, 0, 0));
}

TEST(RankMapping, NoHostWithTwoProcessesFallsBackToFastestPair) {
  const Cluster cluster{{"x", "y", "z"}, {0, 1, 2}, {}};
  HockneyModel h(3);
  h.set_symmetric(0, 1, 5e-6, 0);
  h.set_symmetric(0, 2, 3e-6, 0);
  h.set_symmetric(1, 2, 4e-6, 0);
  const MappedModel m(h, cluster, {{"y"}, {"y"}});
  EXPECT_DOUBLE_EQ(m.p2p(0, 1, 0), 3e-6);
}

TEST(RankMapping, UnknownHostIsNamed) {
  Fixture f;
  try {
    MappedModel m(f.model, f.cluster, {{"a"}, {"nowhere"}});
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'nowhere'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("rank 1"), std::string::npos) << e.what();
  }
}

TEST(RankMapping, ModelAndClusterMustAgree) {
  Fixture f;
  HockneyModel small(3);
  EXPECT_THROW(MappedModel(small, f.cluster, {{"a"}}), std::invalid_argument);
}

TEST(RankMapping, RowEqualsP2P) {
  Fixture f;
  std::vector<RankPlacement> ranks;
  for (int r = 0; r < 23; ++r) ranks.push_back({f.cluster.hosts[std::size_t(r % 3)], -1});
  const MappedModel m(f.model, f.cluster, ranks);
  std::vector<int> to(ranks.size());
  std::iota(to.begin(), to.end(), 0);
  std::vector<double> out(to.size());
  for (int from = 0; from < m.size(); ++from)
    for (double M : {0.0, 4096.0}) {
      m.p2p_row(from, to, M, out);
      for (std::size_t k = 0; k < to.size(); ++k) ASSERT_DOUBLE_EQ(out[k], m.p2p(from, to[k], M)) << from << "->" << k;
    }
}

TEST(RankMapping, EdgesEqualP2P) {
  // p2p_edges, every edge of a tree at once: through the table (8 and more ranks per process,
  // view()) and through each anchor's row or column (fewer), in both directions.
  Fixture f;
  for (int n : {23, 200}) {
    std::vector<RankPlacement> ranks;
    for (int r = 0; r < n; ++r) ranks.push_back({f.cluster.hosts[std::size_t(r % 3)], -1});
    const MappedModel m(f.model, f.cluster, ranks);
    EXPECT_EQ(m.view(0, 4096.0, false).has_value(), n == 200);
    std::vector<int> anchor, other;  // a binary tree over the ranks: parent (r - 1) / 2 of r
    for (int r = 1; r < n; ++r) anchor.push_back((r - 1) / 2), other.push_back(r);
    std::vector<double> out(anchor.size());
    for (const bool upward : {false, true})
      for (double M : {0.0, 4096.0, 1e6}) {
        m.p2p_edges(anchor, other, upward, M, out);
        for (std::size_t k = 0; k < anchor.size(); ++k)
          ASSERT_DOUBLE_EQ(out[k], upward ? m.p2p(other[k], anchor[k], M) : m.p2p(anchor[k], other[k], M))
              << n << " ranks, edge " << anchor[k] << "-" << other[k] << (upward ? " up" : " down");
      }
  }
}

TEST(RankMapping, DefaultPlacementWrapsOverTheCluster) {
  Fixture f;
  const auto p = default_placement(f.cluster, 7);
  ASSERT_EQ(p.size(), 7u);
  EXPECT_EQ(p[0].host, "a");
  EXPECT_EQ(p[3].host, "b");
  EXPECT_EQ(p[3].core, 1);
  EXPECT_EQ(p[4].host, "c");
  EXPECT_EQ(p[5].host, "a");
  // Mapping the default placement back gives process r % n for every rank.
  const MappedModel m(f.model, f.cluster, p);
  for (int r = 0; r < 7; ++r) EXPECT_EQ(m.process_of(r), r % 5);
  EXPECT_TRUE(default_placement(f.cluster, 0).empty());
}

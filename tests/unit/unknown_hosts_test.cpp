// Hosts a model does not name (a batch allocation's other nodes): placed in a host class when the
// model has classes (collsel/rank_mapping.hpp, unknown_hosts), then predicted as that class's hosts.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "collsel/model_file.hpp"
#include "collsel/rank_mapping.hpp"

using namespace collsel;

namespace {

ModelFile classes_model() { return read_model_file(std::string(COLLSEL_TEST_DATA_DIR) + "/models/classes-6.toml"); }

std::vector<RankPlacement> ranks_on(const std::vector<std::string>& hosts) {
  std::vector<RankPlacement> r;
  for (const auto& h : hosts) r.push_back({h, -1});
  return r;
}

}  // namespace

TEST(UnknownHosts, KnownHostsAreNotListed) {
  const ModelFile m = classes_model();
  EXPECT_TRUE(unknown_hosts(m.cluster, {"fast1", "slow2", "fast3", "fast1"}).empty());
}

TEST(UnknownHosts, TakeTheClassMostOfTheJobsKnownHostsAreIn) {
  const ModelFile m = classes_model();
  // The job's known hosts: slow1, slow2 (class 1) and fast1 (class 0): class 1.
  const auto u = unknown_hosts(m.cluster, {"slow1", "new1", "slow2", "new2", "fast1", "new1"});
  ASSERT_EQ(u.size(), 2u);  // distinct, in order of first appearance
  EXPECT_EQ(u[0].host, "new1");
  EXPECT_EQ(u[1].host, "new2");
  EXPECT_EQ(u[0].host_class, 1);
  EXPECT_EQ(u[1].host_class, 1);
  // fast1, fast2 (class 0) against slow1 (class 1): class 0.
  EXPECT_EQ(unknown_hosts(m.cluster, {"fast1", "slow1", "fast2", "x"})[0].host_class, 0);
  // A tie between the classes goes to the lower one.
  EXPECT_EQ(unknown_hosts(m.cluster, {"slow1", "fast2", "x"})[0].host_class, 0);
}

TEST(UnknownHosts, WithoutKnownHostsTheModelsMostCommonClass) {
  const ModelFile m = classes_model();  // 4 hosts in class 0, 2 in class 1
  const auto u = unknown_hosts(m.cluster, {"x", "y"});
  ASSERT_EQ(u.size(), 2u);
  EXPECT_EQ(u[0].host_class, 0);
  Cluster c = m.cluster;
  c.host_class = {1, 1, 1, 1, 0, 0};
  EXPECT_EQ(unknown_hosts(c, {"x"})[0].host_class, 1);
}

TEST(UnknownHosts, WithoutClassesTheyStayUnplacedAndTheMappingRefusesThem) {
  ModelFile m = classes_model();
  m.cluster.host_class.clear();
  const auto u = unknown_hosts(m.cluster, {"fast1", "x"});
  ASSERT_EQ(u.size(), 1u);
  EXPECT_EQ(u[0].host, "x");
  EXPECT_EQ(u[0].host_class, -1);
  Cluster c = m.cluster;
  add_unknown_hosts(c, u);
  EXPECT_EQ(c.host_count(), m.cluster.host_count());
  EXPECT_THROW(MappedModel(*m.hockney, c, ranks_on({"fast1", "x"})), std::invalid_argument);
}

TEST(UnknownHosts, PlacedHostsArePredictedAsTheirClass) {
  const ModelFile m = classes_model();
  const std::vector<std::string> job = {"slow1", "newA", "newB", "slow2"};
  EXPECT_THROW(MappedModel(*m.hockney, m.cluster, ranks_on(job)), std::invalid_argument);
  Cluster c = m.cluster;
  const auto u = unknown_hosts(c, job);
  ASSERT_EQ(u.size(), 2u);
  add_unknown_hosts(c, u);
  ASSERT_EQ(c.host_count(), 8);
  EXPECT_EQ(c.host_class[6], 1);
  EXPECT_EQ(c.host_class[7], 1);
  EXPECT_TRUE(unknown_hosts(c, job).empty());
  const MappedModel mm(*m.hockney, c, ranks_on(job));
  // newA and newB are stood in for by class 1's representatives (slow1: process 3, slow2: 4), so
  // every pair of ranks costs what a pair of slow hosts costs.
  for (int r : {1, 2}) EXPECT_TRUE(mm.process_of(r) == 3 || mm.process_of(r) == 4) << r;
  const double slow = m.hockney->p2p(3, 4, 1e6);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b) {
      if (a != b) {
        EXPECT_DOUBLE_EQ(mm.p2p(a, b, 1e6), slow) << a << " -> " << b;
      }
    }
}

TEST(UnknownHosts, SwitchGroupsGetNoneForAPlacedHost) {
  ModelFile m = classes_model();
  m.cluster.host_group = {-1, -1, -1, -1, -1, -1};
  Cluster c = m.cluster;
  add_unknown_hosts(c, unknown_hosts(c, {"z"}));
  ASSERT_EQ(c.host_group.size(), 7u);
  EXPECT_EQ(c.host_group[6], -1);
  EXPECT_EQ(c.host_class[6], 0);
}

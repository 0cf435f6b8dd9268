#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "collsel/choose.hpp"
#include "collsel/frames.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;

TEST(Registry, HasEveryAlgorithmByItsExactName) {
  for (const char* name : {"native", "binomial", "binomial_bfs_min", "binomial_bfs_max", "binomial_dfs_min",
                           "binomial_dfs_max", "binomial_ucs_min", "binomial_ucs_max", "flat", "chain", "traff",
                           "sorted_flat_asc", "sorted_flat_dsc"})
    EXPECT_NE(find_algorithm(name), nullptr) << name;
  EXPECT_EQ(find_algorithm("binomial_bfs"), nullptr);
  EXPECT_EQ(algorithms().front().name, "native");
}

TEST(Registry, NamesAreUniqueAndOnlyNativeHasNoBuilder) {
  std::set<std::string_view> names;
  for (const AlgorithmInfo& a : algorithms()) {
    EXPECT_TRUE(names.insert(a.name).second) << a.name;
    EXPECT_EQ(a.build == nullptr, a.name == "native") << a.name;
    EXPECT_FALSE(a.summary.empty()) << a.name;
  }
}

TEST(Registry, CollectivesAndRestrictions) {
  const auto* chain = find_algorithm("chain");
  EXPECT_TRUE(chain->collectives.contains(Collective::bcast));
  EXPECT_TRUE(chain->collectives.contains(Collective::reduce));
  EXPECT_FALSE(chain->collectives.contains(Collective::scatter));
  for (const char* name : {"traff", "sorted_flat_asc", "sorted_flat_dsc"}) {
    const auto* a = find_algorithm(name);
    EXPECT_TRUE(a->collectives.contains(Collective::scatterv)) << name;
    EXPECT_TRUE(a->collectives.contains(Collective::gatherv)) << name;
    EXPECT_FALSE(a->collectives.contains(Collective::bcast)) << name;
    EXPECT_FALSE(a->collectives.contains(Collective::scatter)) << name;
  }
  for (const AlgorithmInfo& a : algorithms()) {
    if (a.name.starts_with("binomial")) {
      for (Collective c : all_collectives) EXPECT_TRUE(a.collectives.contains(c)) << a.name;
    }
  }
}

// The row's kind is what its builder returns, for every collective the row lists.
TEST(Registry, EveryBuilderReturnsItsRowsKind) {
  const HockneyModel cost = collsel::testing::random_hockney(6, 7);
  const std::vector<std::size_t> blocks = uneven_blocks(4096, 6);
  for (const AlgorithmInfo& a : algorithms()) {
    if (!a.build) {
      EXPECT_EQ(a.kind, ScheduleKind::native) << a.name;
      continue;
    }
    for (Collective op : all_collectives) {
      if (!a.collectives.contains(op)) continue;
      const CallShape shape{.op = op, .procs = 6, .root = 2, .bytes = 4096,
                            .block_bytes = is_vector_variant(op) ? std::span<const std::size_t>(blocks)
                                                                 : std::span<const std::size_t>()};
      FrameCache frames;
      const Schedule s = a.build(BuildContext{cost, shape, kDefaultSegmentBytes, &frames});
      EXPECT_EQ(s.kind, a.kind) << a.name << " " << to_string(op);
      EXPECT_TRUE(Capabilities::executor().runs(s)) << a.name << " " << to_string(op);
    }
  }
}

// The executors run exactly the (collective, kind) pairs of the registry's rows.
TEST(Registry, ExecutorCapabilitiesFollowFromTheRows) {
  const Capabilities caps = Capabilities::executor();
  for (Collective op : all_collectives) {
    std::uint8_t want = 0;
    for (const AlgorithmInfo& a : algorithms())
      if (a.collectives.contains(op)) want |= std::uint8_t(1u << unsigned(a.kind));
    EXPECT_EQ(caps.kinds[std::size_t(op)], want) << to_string(op);
  }
  const auto runs = [&](Collective op, ScheduleKind k) { return (caps.kinds[std::size_t(op)] >> unsigned(k) & 1u) != 0; };
  for (Collective op : all_collectives) {
    EXPECT_TRUE(runs(op, ScheduleKind::native)) << to_string(op);
    EXPECT_TRUE(runs(op, ScheduleKind::tree)) << to_string(op);
  }
  EXPECT_TRUE(runs(Collective::bcast, ScheduleKind::pipeline));
  EXPECT_TRUE(runs(Collective::reduce, ScheduleKind::pipeline));
  EXPECT_FALSE(runs(Collective::scatter, ScheduleKind::pipeline));
  EXPECT_TRUE(runs(Collective::bcast, ScheduleKind::frames));
  EXPECT_FALSE(runs(Collective::reduce, ScheduleKind::frames));
}

TEST(Registry, EveryNameIsDocumented) {
  std::ifstream f(std::string(COLLSEL_SOURCE_DIR) + "/docs/algorithms.md");
  ASSERT_TRUE(f) << "docs/algorithms.md";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str();
  for (const AlgorithmInfo& a : algorithms())
    EXPECT_NE(doc.find("`" + std::string(a.name) + "`"), std::string::npos)
        << a.name << " is not named in docs/algorithms.md";
}

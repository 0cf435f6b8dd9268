#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "collsel/registry.hpp"

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

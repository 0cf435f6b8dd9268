// collsel-bench's order of entries (tools/bench/order.hpp): permutations, the same on every call
// with the same seed, and carryover-balanced — in a full pass of the design every entry follows
// every other exactly once (even count) or twice (odd), and in part of a pass (even count) never
// the same one twice. For every entry count the bench meets (the v-variants have 13) and beyond.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include "order.hpp"

namespace {

using collsel::bench::repetition_orders;
using Orders = std::vector<std::vector<std::size_t>>;

// How often entry a runs just before entry b within one repetition, over all repetitions.
std::map<std::pair<std::size_t, std::size_t>, int> follow_counts(const Orders& orders) {
  std::map<std::pair<std::size_t, std::size_t>, int> count;
  for (const auto& order : orders)
    for (std::size_t j = 1; j < order.size(); ++j) ++count[{order[j - 1], order[j]}];
  return count;
}

std::size_t pass_length(std::size_t n) { return n % 2 == 0 ? n : 2 * n; }

class BenchOrder : public ::testing::TestWithParam<std::size_t> {};  // any entry count
class BenchOrderPairs : public ::testing::TestWithParam<std::size_t> {};  // two entries or more
class BenchOrderEven : public ::testing::TestWithParam<std::size_t> {};  // an even count

TEST_P(BenchOrder, EveryRepetitionIsAPermutationAndTheSameForTheSameSeed) {
  const std::size_t n = GetParam();
  for (std::size_t reps : {std::size_t{1}, std::size_t{9}, std::size_t{27}, pass_length(n) + 3}) {
    const Orders orders = repetition_orders(n, reps, 20261125u);
    ASSERT_EQ(orders.size(), reps);
    for (const auto& order : orders) {
      std::vector<std::size_t> sorted = order;
      std::sort(sorted.begin(), sorted.end());
      std::vector<std::size_t> expected(n);
      std::iota(expected.begin(), expected.end(), std::size_t{0});
      EXPECT_EQ(sorted, expected);
    }
    EXPECT_EQ(orders, repetition_orders(n, reps, 20261125u));
  }
}

TEST_P(BenchOrderPairs, AFullPassHasEveryEntryFollowEveryOtherEquallyOften) {
  const std::size_t n = GetParam();
  const int per_pass = n % 2 == 0 ? 1 : 2;
  for (int passes : {1, 3}) {
    const auto count = follow_counts(repetition_orders(n, pass_length(n) * std::size_t(passes), 7u));
    EXPECT_EQ(count.size(), n * (n - 1));  // every ordered pair of distinct entries occurs
    for (const auto& [pair, c] : count) {
      EXPECT_NE(pair.first, pair.second);
      EXPECT_EQ(c, per_pass * passes) << "entry " << pair.second << " after " << pair.first;
    }
  }
}

// (The odd design repeats pairs within its pass: each one twice.)
TEST_P(BenchOrderEven, PartOfAPassNeverRepeatsAPredecessor) {
  const std::size_t n = GetParam();
  for (std::uint32_t seed : {1u, 20261125u, 99u})
    for (std::size_t reps = 1; reps <= n; ++reps)
      for (const auto& [pair, c] : follow_counts(repetition_orders(n, reps, seed)))
        EXPECT_EQ(c, 1) << "entry " << pair.second << " after " << pair.first << " in " << reps << " repetitions";
}

INSTANTIATE_TEST_SUITE_P(EntryCounts, BenchOrder, ::testing::Range(std::size_t{0}, std::size_t{16}));
INSTANTIATE_TEST_SUITE_P(EntryCounts, BenchOrderPairs, ::testing::Range(std::size_t{2}, std::size_t{16}));
INSTANTIATE_TEST_SUITE_P(EntryCounts, BenchOrderEven, ::testing::Range(std::size_t{2}, std::size_t{16}, std::size_t{2}));

TEST(BenchOrderEdge, NoEntriesGiveEmptyRepetitions) {
  const Orders orders = repetition_orders(0, 4, 1u);
  ASSERT_EQ(orders.size(), 4u);
  for (const auto& order : orders) EXPECT_TRUE(order.empty());
}

}  // namespace

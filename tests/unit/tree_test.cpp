#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"

using namespace collsel;

namespace {

HockneyModel uniform(int n, double a, double b) {
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, a, b);
  return m;
}

}  // namespace

TEST(Binomial, MatchesMpichShapeForEightRanks) {
  HockneyModel m = uniform(8, 1, 0);
  BuildContext ctx{m, CallShape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1}};
  const Tree t = find_algorithm("binomial")->build(ctx).tree;
  EXPECT_EQ(std::vector<int>(t.children(0).begin(), t.children(0).end()), (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(std::vector<int>(t.children(4).begin(), t.children(4).end()), (std::vector<int>{6, 5}));
  EXPECT_EQ(t.subtree_size(4), 4);
  EXPECT_EQ(t.depth(), 3);
  EXPECT_FALSE(t.is_path());
}

TEST(Tree, APathIsATreeOfDepthNMinusOne) {
  Tree path(4, 2);
  path.add_child(2, 0), path.add_child(0, 3), path.add_child(3, 1);
  path.finalize();
  EXPECT_TRUE(path.is_path());
  EXPECT_EQ(path.depth(), 3);
  Tree fork(4, 2);
  fork.add_child(2, 0), fork.add_child(0, 3), fork.add_child(0, 1);
  fork.finalize();
  EXPECT_FALSE(fork.is_path());
  EXPECT_EQ(fork.depth(), 2);
}

TEST(Binomial, RootIsRotated) {
  HockneyModel m = uniform(5, 1, 0);
  BuildContext ctx{m, CallShape{.op = Collective::bcast, .procs = 5, .root = 3, .bytes = 1}};
  const Tree t = find_algorithm("binomial")->build(ctx).tree;
  EXPECT_EQ(t.root(), 3);
  EXPECT_EQ(t.parent(3), -1);
  EXPECT_EQ(t.parent(2), 3);  // relative 4 -> absolute (4+3)%5
  EXPECT_EQ(t.subtree_size(3), 5);
}

TEST(PredictTree, HomogeneousBinomialBcastIsLogP) {
  HockneyModel m = uniform(8, 2.0, 0.5);
  CallShape shape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 10};
  BuildContext ctx{m, shape};
  EXPECT_DOUBLE_EQ(predict_tree(find_algorithm("binomial")->build(ctx).tree, shape, m), 3 * (2.0 + 5.0));
  EXPECT_DOUBLE_EQ(predict_tree(find_algorithm("flat")->build(ctx).tree, shape, m), 7 * (2.0 + 5.0));
}

TEST(Decide, NativeWinsTiesWithinMargin) {
  HockneyModel m = uniform(4, 1.0, 0.0);
  // pipelined_tree posts a rank's sends at once, which a model of latency alone prices as one.
  DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 4, .root = 0, .bytes = 8}, .cost = &m,
                    .exclude = {"pipelined_tree", "pipelined_tree_narrow"}};
  const Decision d = decide(r);
  ASSERT_GE(d.candidates.size(), 2u);
  EXPECT_EQ(d.candidates.front().algorithm->name, "native");
  EXPECT_EQ(d.best().algorithm->name, "native");  // native is costed as binomial: equal, no gain
}

namespace {

// Runs a non-commutative reduction (string concatenation) over `t` as the tree reduce executor
// does: each child's result is kept apart and the pieces are folded by their subtree's lowest
// rank; returns "" when a subtree is not a rank range (the executor refuses such a tree).
std::string combine(const Tree& t, int v) {
  std::vector<std::pair<int, std::string>> pieces{{v, std::to_string(v) + ","}};
  for (int c : t.children(v)) {
    const std::string part = combine(t, c);
    const auto sub = t.subtree(c);
    const auto [mn, mx] = std::minmax_element(sub.begin(), sub.end());
    if (part.empty() || *mx - *mn + 1 != int(sub.size())) return "";
    pieces.emplace_back(*mn, part);
  }
  std::sort(pieces.begin(), pieces.end());
  std::string acc;
  for (const auto& p : pieces) acc += p.second;
  return acc;
}

std::string in_rank_order(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += std::to_string(i) + ",";
  return s;
}

Tree build_tree(std::string_view name, int n, int root) {
  HockneyModel m = uniform(n, 1, 0);
  BuildContext ctx{m, CallShape{.op = Collective::reduce, .procs = n, .root = root, .bytes = 1}};
  return find_algorithm(name)->build(ctx).tree;
}

}  // namespace

TEST(RankOrder, BinomialAtRootZeroCombinesInRankOrder) {
  for (int n : {1, 2, 3, 5, 8, 13, 16, 100}) {
    const Tree t = build_tree("binomial", n, 0);
    EXPECT_TRUE(subtree_ranges(t).contiguous) << n;
    EXPECT_EQ(combine(t, 0), in_rank_order(n)) << n;
  }
}

TEST(RankOrder, BinomialAtOtherRoots) {
  // P = 5, root 3: subtrees {4}, {0, 1}, {2} are rank ranges.
  EXPECT_TRUE(subtree_ranges(build_tree("binomial", 5, 3)).contiguous);
  // P = 8, root 2: relative 4..7 are ranks 6, 7, 0, 1 — not contiguous.
  EXPECT_FALSE(subtree_ranges(build_tree("binomial", 8, 2)).contiguous);
  // The check agrees with the executor's combining at every root.
  for (int n : {3, 6, 8, 12})
    for (int root = 0; root < n; ++root) {
      const Tree t = build_tree("binomial", n, root);
      const std::string got = combine(t, root);
      EXPECT_EQ(subtree_ranges(t).contiguous, got == in_rank_order(n)) << n << " root " << root;
      if (!got.empty()) {
        EXPECT_EQ(got, in_rank_order(n)) << n << " root " << root;
      }
    }
}

TEST(RankOrder, FlatAndHandMadeTrees) {
  EXPECT_TRUE(subtree_ranges(build_tree("flat", 4, 0)).contiguous);  // leaves are ranges of one
  EXPECT_EQ(combine(build_tree("flat", 4, 0), 0), in_rank_order(4));
  Tree chain(4, 2);  // 2 -> 1 -> 0 and 2 -> 3
  chain.add_child(2, 3);
  chain.add_child(2, 1);
  chain.add_child(1, 0);
  chain.finalize();
  EXPECT_TRUE(subtree_ranges(chain).contiguous);
  EXPECT_EQ(combine(chain, 2), in_rank_order(4));
  Tree gap(4, 0);  // 0 -> 1 -> 3 and 0 -> 2: subtree {1, 3} is not a rank range
  gap.add_child(0, 1);
  gap.add_child(1, 3);
  gap.add_child(0, 2);
  gap.finalize();
  EXPECT_FALSE(subtree_ranges(gap).contiguous);
  EXPECT_EQ(combine(gap, 0), "");
}

#include <gtest/gtest.h>

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
  DecisionRequest r{.shape = {.op = Collective::bcast, .procs = 4, .root = 0, .bytes = 8}, .cost = &m};
  const Decision d = decide(r);
  ASSERT_GE(d.candidates.size(), 2u);
  EXPECT_EQ(d.candidates.front().algorithm->name, "native");
  EXPECT_EQ(d.best().algorithm->name, "native");  // native is costed as binomial: equal, no gain
}

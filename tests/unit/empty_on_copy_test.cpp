// EmptyOnCopy (shim/src/empty_on_copy.hpp): a struct holding its state in one keeps its implicit
// copy, which copies every other member and starts the state empty; moves move the state.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

#include "empty_on_copy.hpp"

using collsel::shim::EmptyOnCopy;

namespace {

struct State {
  int calls = 0;
};

// A Choice in small: fields and per-object state.
struct Holder {
  std::string name;
  double us = -1;
  bool flag = false;
  EmptyOnCopy<State> state;
};

TEST(EmptyOnCopy, CopyKeepsEveryFieldAndStartsEmpty) {
  Holder a{.name = "ring", .us = 12.5, .flag = true};
  a.state = std::make_unique<State>(State{.calls = 3});
  const Holder b = a;
  EXPECT_EQ(b.name, "ring");
  EXPECT_EQ(b.us, 12.5);
  EXPECT_TRUE(b.flag);
  EXPECT_FALSE(b.state);
  EXPECT_TRUE(b.state == nullptr);
  ASSERT_TRUE(a.state);  // the original keeps its own
  EXPECT_EQ(a.state->calls, 3);
}

TEST(EmptyOnCopy, CopyAssignmentDropsTheTargetsState) {
  Holder a{.name = "ring"};
  Holder b{.name = "chain"};
  b.state = std::make_unique<State>();
  b = a;
  EXPECT_EQ(b.name, "ring");
  EXPECT_FALSE(b.state);
  b.state = std::make_unique<State>(State{.calls = 2});
  b = b;  // a copy of itself keeps what it owns
  ASSERT_TRUE(b.state);
  EXPECT_EQ((*b.state).calls, 2);
}

TEST(EmptyOnCopy, MoveMovesTheState) {
  Holder a{.name = "ring"};
  a.state = std::make_unique<State>(State{.calls = 7});
  State* owned = a.state.get();
  Holder b = std::move(a);
  EXPECT_EQ(b.state.get(), owned);
  EXPECT_FALSE(a.state);  // NOLINT(bugprone-use-after-move): moved-from is empty, as unique_ptr's
  Holder c;
  c = std::move(b);
  EXPECT_EQ(c.state.get(), owned);
  c.state.reset();
  EXPECT_FALSE(c.state);
}

}  // namespace

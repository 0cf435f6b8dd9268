// Ranks that share a host share its network link (collsel/host_links.hpp): the link's rate, and
// the tree, concurrent, pipeline and MPICH linear predictors queueing a host's transfers to and
// from other hosts through it.
#include <gtest/gtest.h>

#include "collsel/hockney.hpp"
#include "collsel/host_links.hpp"
#include "collsel/mpich_native.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"

using namespace collsel;

namespace {

// Ranks 0-2 on host 7, 3-5 on host 9: host-mates at 1e-10 s/B, across hosts 1e-8 s/B, no latency.
HockneyModel two_hosts() {
  HockneyModel h(6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      if (i != j) h.set(i, j, 0, (i < 3) == (j < 3) ? 1e-10 : 1e-8);
  return h;
}

Tree tree_of(int size, int root, std::initializer_list<std::pair<int, int>> edges) {
  Tree t(size, root);
  for (auto [parent, child] : edges) t.add_child(parent, child);
  t.finalize();
  return t;
}

constexpr double M = 1e6;

}  // namespace

TEST(HostLinks, AHostsLinkIsItsFastestHostPairsMedian) {
  HockneyModel h = two_hosts();
  EXPECT_TRUE(compute_host_links(h).out_per_byte.empty()) << "no hosts known: no links";
  h.set_hosts({7, 7, 7, 9, 9, 9});
  // Every pair from host 7 to host 9 twice as fast as back: host 7's link out and host 9's in.
  for (int a = 0; a < 3; ++a)
    for (int b = 3; b < 6; ++b) h.set(a, b, 0, 5e-9);
  const HostLinks l = compute_host_links(h);
  ASSERT_EQ(l.out_per_byte.size(), 6u);
  for (int r = 0; r < 3; ++r) {
    EXPECT_NEAR(l.out_per_byte[std::size_t(r)], 5e-9, 1e-18) << r;
    EXPECT_NEAR(l.in_per_byte[std::size_t(r)], 1e-8, 1e-18) << r;
  }
  for (int r = 3; r < 6; ++r) {
    EXPECT_NEAR(l.out_per_byte[std::size_t(r)], 1e-8, 1e-18) << r;
    EXPECT_NEAR(l.in_per_byte[std::size_t(r)], 5e-9, 1e-18) << r;
  }
  // A model's own links, once set, are what the predictors read.
  h.set_host_links(std::vector<double>(6, 2e-8), std::vector<double>(6, 3e-8));
  EXPECT_EQ(host_links(h).out_per_byte, std::vector<double>(6, 2e-8));
}

TEST(HostLinks, OnePairFasterThanTheOthersIsNoLink) {
  // One pair from host 7 to host 9 measured ten times as fast as the others between the two
  // hosts (a calibration round that loaded a shared link while one train was timed and not the
  // other): the hosts' links stay at what their other pairs say (decision record 0035).
  HockneyModel h = two_hosts();
  h.set_hosts({7, 7, 7, 9, 9, 9});
  h.set(2, 3, 0, 1e-9);
  const HostLinks l = compute_host_links(h);
  ASSERT_EQ(l.out_per_byte.size(), 6u);
  for (int r = 0; r < 6; ++r) {
    EXPECT_NEAR(l.out_per_byte[std::size_t(r)], 1e-8, 1e-18) << r;
    EXPECT_NEAR(l.in_per_byte[std::size_t(r)], 1e-8, 1e-18) << r;
  }
}

TEST(HostLinks, TheFastestPartnerHostSetsTheLink) {
  // Host 7 (ranks 0, 1) reaches host 8 (2, 3) at 4e-9 s/B and host 9 (4, 5) at 1e-8: its link
  // out passes at least the faster, host 9's in at least the slower.
  HockneyModel h(6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      if (i != j) h.set(i, j, 0, i / 2 == j / 2 ? 1e-10 : (i < 2 && j >= 2 && j < 4 ? 4e-9 : 1e-8));
  h.set_hosts({7, 7, 8, 8, 9, 9});
  const HostLinks l = compute_host_links(h);
  ASSERT_EQ(l.out_per_byte.size(), 6u);
  EXPECT_NEAR(l.out_per_byte[0], 4e-9, 1e-18);
  EXPECT_NEAR(l.in_per_byte[2], 4e-9, 1e-18);
  EXPECT_NEAR(l.in_per_byte[4], 1e-8, 1e-18);
  EXPECT_NEAR(l.out_per_byte[4], 1e-8, 1e-18);
}

TEST(HostLinks, AMeasuredFloorFasterThanEveryPairIsTheLink) {
  // Host 9's pairs all run at 1e-8 s/B, limited by host 7; measured with several transfers at
  // once its link passed 4e8 B/s out and 2e8 B/s in. A floor slower than the pairs says nothing.
  HockneyModel h = two_hosts();
  h.set_hosts({7, 7, 7, 9, 9, 9});
  h.set_link_floors({1e7, 1e7, 1e7, 4e8, 4e8, 4e8}, {0, 0, 0, 2e8, 2e8, 2e8});
  const HostLinks l = compute_host_links(h);
  for (int r = 0; r < 3; ++r) {
    EXPECT_NEAR(l.out_per_byte[std::size_t(r)], 1e-8, 1e-18) << r << ": a floor below the pairs' rate";
    EXPECT_NEAR(l.in_per_byte[std::size_t(r)], 1e-8, 1e-18) << r << ": no floor";
  }
  for (int r = 3; r < 6; ++r) {
    EXPECT_NEAR(l.out_per_byte[std::size_t(r)], 2.5e-9, 1e-18) << r;
    EXPECT_NEAR(l.in_per_byte[std::size_t(r)], 5e-9, 1e-18) << r;
  }
  EXPECT_DOUBLE_EQ(h.link_per_byte(4, true, 1e-8), 2.5e-9);
  EXPECT_DOUBLE_EQ(h.link_per_byte(4, true, 1e-9), 1e-9) << "a pair faster than the floor";
  EXPECT_DOUBLE_EQ(h.link_per_byte(1, false, 1e-8), 1e-8) << "0: not measured";
}

TEST(HostLinks, TwoRanksOfAHostSendingToAnotherHostTakeTurnsOnItsLink) {
  // 0 serves its host-mates 1 then 2 (1e-4 s each); 1 sends to 3 and 2 to 4 across (1e-2 s
  // each), 3 on to 5. Each rank its own link: 1 -> 3 ends at 0.0101, 2 -> 4 at 0.0102. One link
  // for host 7's two transfers: 2 -> 4 waits for 1 -> 3's bytes, ends at 0.0201.
  HockneyModel h = two_hosts();
  const Tree t = tree_of(6, 0, {{0, 1}, {0, 2}, {1, 3}, {2, 4}, {3, 5}});
  const CallShape bcast{.op = Collective::bcast, .procs = 6, .root = 0, .bytes = std::size_t(M)};
  EXPECT_NEAR(predict_tree(t, bcast, h), 0.0102, 1e-9);
  h.set_hosts({7, 7, 7, 9, 9, 9});
  EXPECT_NEAR(predict_tree(t, bcast, h), 0.0201, 1e-9);
  // Up the tree, the mirror image: the same.
  const CallShape reduce{.op = Collective::reduce, .procs = 6, .root = 0, .bytes = std::size_t(M), .element_bytes = 8};
  EXPECT_NEAR(predict_tree(t, reduce, h), 0.0201, 1e-9);
  // One transfer across at a time (a chain through the hosts): nothing waits.
  const Tree chain = tree_of(6, 0, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}});
  EXPECT_NEAR(predict_tree(chain, bcast, h), 4e-4 + 1e-2, 1e-9);
}

TEST(HostLinks, AFlatScatterPassesTheRootsHostLinkOnce) {
  // The root posts all five blocks of 1 MB at once. Its host-mates' two share the host's memory
  // (1e-4 s each); the three for host 9 share its link out: 3 MB at 1e-8 s/B, 0.03 s. Each rank
  // its own link (the root's fastest pair a host-mate's): 0.01 s.
  HockneyModel h = two_hosts();
  const Tree flat = tree_of(6, 0, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}});
  const CallShape scatter{.op = Collective::scatter, .procs = 6, .root = 0, .bytes = std::size_t(M)};
  EXPECT_NEAR(predict_concurrent_tree(flat, scatter, h), 0.01, 1e-9);
  h.set_hosts({7, 7, 7, 9, 9, 9});
  EXPECT_NEAR(predict_concurrent_tree(flat, scatter, h), 0.03, 1e-9);
  // MPICH's linear scatterv (every send posted at once) is that flat tree.
  const std::vector<std::size_t> blocks(6, std::size_t(M));
  const CallShape scatterv{.op = Collective::scatterv, .procs = 6, .root = 0, .bytes = std::size_t(M), .block_bytes = blocks};
  EXPECT_NEAR(predict_mpich_native(scatterv, h), 0.03, 1e-9);
  // Gather, the mirror: the three blocks from host 9 into the root's host's link.
  const CallShape gather{.op = Collective::gather, .procs = 6, .root = 0, .bytes = std::size_t(M)};
  EXPECT_NEAR(predict_concurrent_tree(flat, gather, h), 0.03, 1e-9);
}

TEST(HostLinks, PipelinesThatCrossFromTwoRanksOfAHostShareItsLink) {
  // 0 serves 3 across and 1 within its host; 1 serves 4 across: host 7's link carries every
  // segment twice. Each rank its own link, the two crossings run side by side.
  HockneyModel h = two_hosts();
  const Tree t = tree_of(6, 0, {{0, 3}, {0, 1}, {1, 4}, {3, 5}, {1, 2}});
  const CallShape bcast{.op = Collective::bcast, .procs = 6, .root = 0, .bytes = std::size_t(4 * M)};
  const double apart = predict_pipeline(t, bcast, 65536, h);
  h.set_hosts({7, 7, 7, 9, 9, 9});
  const double shared = predict_pipeline(t, bcast, 65536, h);
  EXPECT_NEAR(apart, 4 * M * 1e-8, 0.05 * 4 * M * 1e-8);
  EXPECT_NEAR(shared, 2 * 4 * M * 1e-8, 0.05 * 2 * 4 * M * 1e-8);
}

TEST(HostLinks, PipelinedTreeForwardsFromTheHostsThatSendFast) {
  // Five hosts of two ranks, the root's (0, 1) and four more. Every pair across hosts carries a
  // byte in 1e-9 s except out of hosts 1 and 2 (ranks 2-5): 1e-8 s. From the root every host is
  // alike, so a layout by the root's pairs alone makes the first hosts in rank order, 1 and 2, the
  // forwarders of a binary tree, and the root serving all four hosts itself is faster than that
  // (0.016 s). Their links out make them leaves under hosts 3 and 4: the root sends two copies,
  // 0.008 s, and the rest is forwarded at the same rate.
  // Five hosts of two ranks; a byte across hosts takes 1e-8 s where `slow(i, j)`, else 1e-9 s.
  auto five_hosts = [](auto slow) {
    HockneyModel m(10);
    for (int i = 0; i < 10; ++i)
      for (int j = 0; j < 10; ++j)
        if (i != j) m.set(i, j, 1e-5, i / 2 == j / 2 ? 1e-11 : slow(i, j) ? 1e-8 : 1e-9);
    m.set_hosts({0, 0, 1, 1, 2, 2, 3, 3, 4, 4});
    return m;
  };
  const HockneyModel h = five_hosts([](int i, int) { return i / 2 == 1 || i / 2 == 2; });
  const AlgorithmInfo* pipelined = find_algorithm("pipelined_tree");
  ASSERT_TRUE(pipelined && pipelined->build);
  const CallShape bcast{.op = Collective::bcast, .procs = 10, .root = 0, .bytes = std::size_t(4 * M)};
  const Schedule s = pipelined->build(BuildContext{h, bcast});
  for (int r = 2; r < 6; ++r)
    for (int c : s.tree.children(r)) EXPECT_EQ(c / 2, r / 2) << r << " forwards to another host (" << c << ")";
  EXPECT_LT(predict(s, bcast, h), 0.009);
  // The reduce's mirror: hosts 1 and 2 are slow into them.
  const HockneyModel up = five_hosts([](int, int j) { return j / 2 == 1 || j / 2 == 2; });
  const CallShape reduce{.op = Collective::reduce, .procs = 10, .root = 0, .bytes = std::size_t(4 * M), .element_bytes = 8};
  const Schedule r = pipelined->build(BuildContext{up, reduce});
  for (int p = 2; p < 6; ++p)
    for (int c : r.tree.children(p)) EXPECT_EQ(c / 2, p / 2) << p << " receives from another host (" << c << ")";
  EXPECT_LT(predict(r, reduce, up), 0.009);
}

// BBS schedule builder (models/src/bbs/): LP occupancies, integer multigraph, edge colouring,
// frames, their step expansion, and the registry's bbs builder on a communicator model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <map>
#include <set>

#include "collsel/algorithms.hpp"
#include "collsel/bbs.hpp"
#include "collsel/frames.hpp"
#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "test_models.hpp"

namespace collsel {
namespace {

// Every constraint of the LP, within tolerance.
void expect_feasible(const bbs::Graph& g, const bbs::Occupancies& o, int root, bool balance_root) {
  std::vector<double> in(static_cast<std::size_t>(g.nodes), 0), out(static_cast<std::size_t>(g.nodes), 0);
  double total = 0;
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    out[std::size_t(g.edges[e].u)] += o.forward[e];
    in[std::size_t(g.edges[e].v)] += o.forward[e];
    out[std::size_t(g.edges[e].v)] += o.backward[e];
    in[std::size_t(g.edges[e].u)] += o.backward[e];
    total += o.forward[e] + o.backward[e];
  }
  EXPECT_LE(total, g.nodes / 2 + 1e-6);  // (6)
  for (int i = 0; i < g.nodes; ++i) {
    EXPECT_LE(in[std::size_t(i)] + out[std::size_t(i)], 1 + 1e-6) << "node " << i;  // (7)
    if (i == root && !balance_root) continue;
    EXPECT_NEAR(in[std::size_t(i)], o.C, 1e-6) << "node " << i;  // (14), unit rates
  }
  for (std::size_t e = 0; e < g.edges.size(); ++e) {  // (8)
    if (g.edges[e].u != root || balance_root) {
      EXPECT_LE(o.forward[e], in[std::size_t(g.edges[e].u)] + 1e-6);
    }
    if (g.edges[e].v != root || balance_root) {
      EXPECT_LE(o.backward[e], in[std::size_t(g.edges[e].v)] + 1e-6);
    }
  }
}

TEST(Bbs, GridShape) {
  const bbs::Graph g = bbs::grid({2, 3, 4});
  EXPECT_EQ(g.nodes, 24);
  EXPECT_EQ(g.edges.size(), std::size_t(12 * 1 + 8 * 2 + 6 * 3));  // 2·3·4 grid edges per dimension
  EXPECT_TRUE(bbs::is_bipartite(g));
  EXPECT_THROW(bbs::grid({4, 0}), std::invalid_argument);
}

TEST(Bbs, BalancedOccupanciesOn4x4) {
  const bbs::Graph g = bbs::grid({4, 4});
  // Paper: every node (root included) balanced, so 16·C ≤ 8.
  const auto paper = bbs::balanced_occupancies(g, 0, true);
  EXPECT_NEAR(paper.C, 0.5, 1e-6);
  expect_feasible(g, paper, 0, true);
  // Root only sends: the 15 others share the 8 edges of a step.
  const auto sender_root = bbs::balanced_occupancies(g, 0, false);
  EXPECT_NEAR(sender_root.C, 8.0 / 15.0, 1e-6);
  expect_feasible(g, sender_root, 0, false);
}

TEST(Bbs, ExactColouringOfBipartiteMultigraph) {
  for (const auto& dims : {std::vector<int>{4, 4}, std::vector<int>{2, 2, 4}, std::vector<int>{3, 5}}) {
    const bbs::Graph g = bbs::grid(dims);
    const auto mg = bbs::integer_multigraph(g, bbs::balanced_occupancies(g, 0, true), 16);
    const auto colour = bbs::edge_colouring(mg, true);
    ASSERT_EQ(colour.size(), mg.edges.size());
    std::set<std::pair<int, int>> seen;  // (node, colour)
    for (std::size_t e = 0; e < colour.size(); ++e) {
      ASSERT_GE(colour[e], 0);
      ASSERT_LT(colour[e], mg.max_degree);  // König: d_m colours suffice
      EXPECT_TRUE(seen.insert({mg.edges[e].first, colour[e]}).second);
      EXPECT_TRUE(seen.insert({mg.edges[e].second, colour[e]}).second);
    }
  }
}

// Rounded occupancies (the interior point is not rational at l = 64): each edge's total is
// ⌊l·(O_uv + O_vu)⌋ or ⌈…⌉, and every saturated node keeps degree l, so d_m = l and every frame
// is a perfect matching (rounding each direction on its own gave d_m = 66 on these grids).
TEST(Bbs, RoundingKeepsSaturatedNodesAtDegreeL) {
  for (const auto& dims : {std::vector<int>{4, 16}, std::vector<int>{8, 8}, std::vector<int>{4, 4, 4}, std::vector<int>{3, 5}}) {
    const bbs::Graph g = bbs::grid(dims);
    const auto occ = bbs::balanced_occupancies(g, 0, true);
    const auto mg = bbs::integer_multigraph(g, occ, 64);
    ASSERT_EQ(mg.scale, 64);
    std::map<std::pair<int, int>, long> mult;
    std::vector<long> degree(std::size_t(g.nodes), 0);
    for (auto [u, v] : mg.edges) {
      ++mult[{std::min(u, v), std::max(u, v)}];
      ++degree[std::size_t(u)];
      ++degree[std::size_t(v)];
    }
    std::vector<double> load(std::size_t(g.nodes), 0);
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
      const auto [u, v] = std::pair{g.edges[e].u, g.edges[e].v};
      const double x = 64 * (occ.forward[e] + occ.backward[e]);
      const long k = mult[{std::min(u, v), std::max(u, v)}];
      EXPECT_GE(k, long(std::floor(x - 1e-6))) << "edge " << u << "-" << v;
      EXPECT_LE(k, long(std::ceil(x + 1e-6))) << "edge " << u << "-" << v;
      load[std::size_t(u)] += x;
      load[std::size_t(v)] += x;
    }
    long saturated = 0;
    for (int v = 0; v < g.nodes; ++v) {
      // Within the floor/ceil of the fractional load; exactly it where that is an integer.
      EXPECT_GE(degree[std::size_t(v)], long(std::floor(load[std::size_t(v)] + 1e-6)));
      EXPECT_LE(degree[std::size_t(v)], long(std::ceil(load[std::size_t(v)] - 1e-6)));
      if (std::abs(load[std::size_t(v)] - 64) < 1e-6) ++saturated;
    }
    if (g.nodes % 2 == 0) {
      EXPECT_EQ(saturated, g.nodes);  // even P: C = 1/2 saturates everyone
      EXPECT_EQ(mg.max_degree, 64);
    }
    const auto colour = bbs::edge_colouring(mg, true);
    EXPECT_LE(*std::max_element(colour.begin(), colour.end()) + 1, mg.max_degree);
  }
}

TEST(Bbs, GreedyColouringIsProperOnCompleteGraph) {
  const auto model = testing::random_hockney(7, 3, true);
  const bbs::Graph g = bbs::complete_from_model(model, 65536);
  EXPECT_FALSE(bbs::is_bipartite(g));
  const auto mg = bbs::integer_multigraph(g, bbs::balanced_occupancies(g, 2), 16);
  const auto colour = bbs::edge_colouring(mg, false);
  std::set<std::pair<int, int>> seen;
  for (std::size_t e = 0; e < colour.size(); ++e) {
    EXPECT_TRUE(seen.insert({mg.edges[e].first, colour[e]}).second);
    EXPECT_TRUE(seen.insert({mg.edges[e].second, colour[e]}).second);
  }
}

// Frames are matchings; every expanded transfer forwards a held packet; everyone ends complete.
void expect_valid_run(const FrameSchedule& fs, int packets) {
  for (const auto& f : fs.frames) {
    std::set<int> nodes;
    for (auto [a, b] : f) {
      EXPECT_TRUE(nodes.insert(a).second);
      EXPECT_TRUE(nodes.insert(b).second);
      if (fs.oriented) {
        EXPECT_NE(b, fs.root);
      }
    }
  }
  std::vector<std::vector<char>> has(static_cast<std::size_t>(fs.procs), std::vector<char>(std::size_t(packets), 0));
  std::fill(has[std::size_t(fs.root)].begin(), has[std::size_t(fs.root)].end(), 1);
  for (const auto& step : run_frames(fs, packets)) {
    std::set<int> busy;
    for (const Transfer& t : step) {
      EXPECT_TRUE(busy.insert(t.from).second && busy.insert(t.to).second);
      ASSERT_TRUE(has[std::size_t(t.from)][std::size_t(t.packet)]) << t.from << "->" << t.to << " " << t.packet;
      EXPECT_FALSE(has[std::size_t(t.to)][std::size_t(t.packet)]);
    }
    for (const Transfer& t : step) has[std::size_t(t.to)][std::size_t(t.packet)] = 1;
  }
  for (const auto& h : has) EXPECT_EQ(std::count(h.begin(), h.end(), 1), packets);
}

TEST(Bbs, FramesDeliverEverythingOnGrids) {
  for (bool orient : {true, false})
    for (bool balance : {true, false})
      for (auto choice : {PacketChoice::lowest_missing, PacketChoice::forward_potential}) {
        const bbs::Graph g = bbs::grid({4, 4});
        FrameSchedule fs = bbs::build(g, 0, {.orient = orient, .choice = choice, .balance_root = balance});
        fs.neighbours = g.adjacency();
        expect_valid_run(fs, 70);  // 70: the bitsets span two words
      }
  const bbs::Graph g3 = bbs::grid({2, 2, 4});
  expect_valid_run(bbs::build(g3, 5), 33);
}

TEST(Bbs, TunedScheduleIsValidAndNoSlowerThanThePapersRounding) {
  const bbs::Graph g = bbs::grid({2, 2, 4});
  for (int packets : {1, 40}) {
    const bbs::Tuned t = bbs::build_tuned(g, 0, packets);
    expect_valid_run(t.schedule, packets);
    EXPECT_EQ(t.steps, run_frames(t.schedule, packets).size());
    EXPECT_EQ(t.options.choice, PacketChoice::rarest);
    // Among the candidates is the plain build at l = 64 with either LP reading.
    for (bool balance : {true, false}) {
      const FrameSchedule plain =
          bbs::build(g, 0, {.orient = false, .choice = PacketChoice::rarest, .balance_root = balance, .max_scale = 64});
      EXPECT_LE(t.steps, run_frames(plain, packets).size());
    }
  }
  // The half-duplex bound: 15 nodes each need 40 packets, at most 8 transfers per step.
  EXPECT_GE(bbs::build_tuned(g, 0, 40).steps, std::size_t((15 * 40 + 7) / 8));
  EXPECT_THROW(bbs::build_tuned(g, 0, 0), std::invalid_argument);
  EXPECT_THROW(bbs::build(g, 0, {}, bbs::Occupancies{}), std::invalid_argument);
}

// Balanced saturation: with FrameSchedule::receive_rate = C no node receives faster than C after
// its first packet, so on a 4×4 grid (C = 1/2) the run takes at least 2·(N − 1) steps, while the
// uncapped rule lets nodes that fall behind catch up and beats that.
TEST(Bbs, BalancedRateCapsEveryNodesReception) {
  const bbs::Graph g = bbs::grid({4, 4});
  const bbs::Occupancies occ = bbs::balanced_occupancies(g, 0, true);
  ASSERT_NEAR(occ.C, 0.5, 1e-9);
  const int packets = 300;
  bbs::Options opt{.orient = false, .choice = PacketChoice::rarest, .balance_root = true, .balanced_rate = true};
  const FrameSchedule capped = bbs::build(g, 0, opt, occ);
  EXPECT_NEAR(capped.receive_rate, occ.C, 1e-9);
  expect_valid_run(capped, packets);
  const auto steps = run_frames(capped, packets);
  std::vector<long> first(16, -1), held(16, 0);
  std::set<int> released;  // packets some non-root node holds
  for (std::size_t t = 0; t < steps.size(); ++t)
    for (const Transfer& x : steps[t]) {
      const auto v = std::size_t(x.to);
      if (first[v] < 0) first[v] = long(t);
      ++held[v];
      // Received while held − 1 < C·(t − first), before this packet.
      EXPECT_LT(double(held[v] - 2), capped.receive_rate * double(long(t) - first[v]) + 1e-9) << "node " << v << " step " << t;
      // The root released a new packet only while released < 1 + C·t.
      if (released.insert(x.packet).second) {
        EXPECT_LT(double(released.size() - 1), 1 + capped.receive_rate * double(t) + 1e-9) << "packet " << x.packet << " step " << t;
      }
    }
  EXPECT_EQ(released.size(), std::size_t(packets));
  EXPECT_GE(steps.size(), std::size_t(2 * (packets - 1)));
  opt.balanced_rate = false;
  const FrameSchedule free = bbs::build(g, 0, opt, occ);
  EXPECT_EQ(free.receive_rate, 0);
  EXPECT_LT(run_frames(free, packets).size(), std::size_t(2 * (packets - 1)));
}

TEST(Bbs, ForwardPotentialPrefersPacketMostNeighboursLack) {
  // Star around node 1 (root 0, leaves 2 and 3), frames written by hand.
  FrameSchedule fs{.procs = 4, .root = 0};
  fs.frames = {{{0, 1}}, {{0, 1}}, {{1, 2}}, {{1, 3}}};
  fs.choice = PacketChoice::forward_potential;
  fs.neighbours = {{1}, {0, 2, 3}, {1}, {1}};
  const auto steps = run_frames(fs, 3);
  ASSERT_GE(steps.size(), 4u);
  // Step 1 and 2: 0→1 with FP = neighbours of 1 lacking the packet (2 and 3): ties → lowest.
  EXPECT_EQ(steps[0][0].packet, 0);
  EXPECT_EQ(steps[1][0].packet, 1);
  // Step 3: 1→2 offers 0 or 1, equal FP (node 1, the only neighbour of 2, holds both): lowest.
  EXPECT_EQ(steps[2][0].packet, 0);
  EXPECT_EQ(steps[3][0].packet, 0);
  // Step 5 (next cycle): 0→1 sends packet 2, the only one left.
  EXPECT_EQ(steps[4][0].packet, 2);
  expect_valid_run(fs, 3);
}

// The executor has no barrier between steps, and neither has the prediction: a transfer waits
// for its own two ranks only. 0→1, then 1→2 (slow, 10 ms), then 0→3: 0→3 runs beside the slow
// transfer (11 ms in all, where synchronous steps would take 1 + 10 + 1).
TEST(Bbs, PredictionWaitsForATransfersOwnRanksOnly) {
  FrameSchedule fs{.procs = 4, .root = 0};
  fs.frames = {{{0, 1}}, {{1, 2}}, {{0, 3}}};
  HockneyModel m(4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (i != j) m.set(i, j, 1e-3, 0);
  m.set(1, 2, 10e-3, 0);
  ASSERT_EQ(run_frames(fs, 1).size(), 3u);
  EXPECT_NEAR(predict_frames(fs, 1000, 1000, m), 11e-3, 1e-12);
  // Two packets, six steps: 0→1 [0,1], 1→2 [1,11], 0→3 [1,2], then 0→1 waits for 1 [11,12],
  // 1→2 [12,22] and 0→3 [12,13]: 22 ms (synchronous steps: 24).
  ASSERT_EQ(run_frames(fs, 2).size(), 6u);
  EXPECT_NEAR(predict_frames(fs, 2000, 1000, m), 22e-3, 1e-12);
}

TEST(Bbs, RegistryBuilderOnCommunicatorModel) {
  const auto model = testing::one_slow_host(8, 1, 11);
  const CallShape shape{.op = Collective::bcast, .procs = 8, .root = 3, .bytes = 1 << 20};
  const Schedule s = builders::build_bbs({.cost = model, .shape = shape, .segment_bytes = 64 * 1024});
  ASSERT_EQ(s.kind, ScheduleKind::frames);
  ASSERT_TRUE(s.frames);
  EXPECT_EQ(s.frames->procs, 8);
  EXPECT_EQ(s.frames->root, 3);
  expect_valid_run(*s.frames, 16);
  const double t = predict(s, shape, model);
  EXPECT_GT(t, 0);
  EXPECT_TRUE(std::isfinite(t));
  // Root 3 sits on the slow host: it sends at least once, over one of its (slow) links.
  double fastest_from_root = 1e300;
  for (int j = 0; j < 8; ++j)
    if (j != 3) fastest_from_root = std::min(fastest_from_root, model.p2p(3, j, 64 * 1024));
  EXPECT_GE(t, fastest_from_root);
  ASSERT_NE(find_algorithm("bbs"), nullptr);
  EXPECT_TRUE(find_algorithm("bbs")->collectives.contains(Collective::bcast));
}

// The frames depend on (procs, root, segment) and the model, not on the message size: with a
// FrameCache the LP runs once per root and segment, and the cached frames are those a fresh
// build gives.
TEST(Bbs, FrameCacheReusesFramesAcrossMessageSizes) {
  const auto model = testing::one_slow_host(8, 2, 5);
  FrameCache cache;
  auto build = [&](int root, std::size_t bytes, std::size_t segment, FrameCache* c) {
    const CallShape shape{.op = Collective::bcast, .procs = 8, .root = root, .bytes = bytes};
    return builders::build_bbs({.cost = model, .shape = shape, .segment_bytes = segment, .frame_cache = c});
  };
  const Schedule first = build(2, 1 << 20, 65536, &cache);
  EXPECT_EQ(cache.size(), 1u);
  const Schedule again = build(2, 3 << 20, 65536, &cache);  // another size, same segment
  EXPECT_EQ(again.frames.get(), first.frames.get());
  const Schedule fresh = build(2, 3 << 20, 65536, nullptr);
  EXPECT_EQ(fresh.frames->frames, again.frames->frames);
  for (int r = 0; r < 8; ++r) EXPECT_EQ(fresh.tree.parent(r), again.tree.parent(r)) << r;
  build(5, 1 << 20, 65536, &cache);  // another root
  build(2, 1000, 65536, &cache);     // one segment of 1000 bytes: other rates
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_NE(cache.find(8, 5, 65536), nullptr);
  EXPECT_NE(cache.find(8, 2, 1000), nullptr);
  EXPECT_EQ(cache.find(8, 3, 65536), nullptr);
}

}  // namespace
}  // namespace collsel

// The LP never sees non-finite or absurdly spread rates (GLPK's interior point would assert and
// abort the application): the caller gets an exception and falls back.
TEST(Bbs, LpRejectsNonPhysicalRates) {
  using namespace collsel::bbs;
  Graph g;
  g.nodes = 3;
  g.edges = {{0, 1, 1.0}, {1, 2, 1.0}, {0, 2, 1.0}};
  EXPECT_NO_THROW(balanced_occupancies(g, 0, false));
  g.edges[1].rate = std::numeric_limits<double>::infinity();
  EXPECT_THROW(balanced_occupancies(g, 0, false), std::invalid_argument);
  g.edges[1].rate = 1e-300;
  EXPECT_THROW(balanced_occupancies(g, 0, false), std::invalid_argument);
  g.edges[1].rate = 0;
  EXPECT_THROW(balanced_occupancies(g, 0, false), std::invalid_argument);
}

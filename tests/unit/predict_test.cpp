#include <gtest/gtest.h>

#include <array>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "collsel/frames.hpp"
#include "collsel/hockney.hpp"
#include "collsel/mpich_native.hpp"
#include "collsel/native_cost.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;
using collsel::testing::random_hockney;

namespace {

Schedule build(std::string_view name, const P2PModel& m, const CallShape& shape, std::size_t segment = 64 * 1024) {
  BuildContext ctx{m, shape, segment};
  return find_algorithm(name)->build(ctx);
}

// cpm-manual §8.19 taken literally: T(r) = p2p(r, c) + max(T(c), T(r without c's subtree)), c the
// first-served child of r; T(leaf) = 0. Downward only.
double recursive_formula(const Tree& t, const CallShape& shape, const P2PModel& m, int r, std::size_t first) {
  const auto kids = t.children(r);
  if (first == kids.size()) return 0;
  const int c = kids[first];
  double bytes = double(shape.bytes);
  if (is_personalized(shape.op)) {
    bytes = 0;
    for (int i : t.subtree(c)) bytes += double(shape.block(i));
  }
  return m.p2p(r, c, bytes) + std::max(recursive_formula(t, shape, m, c, 0), recursive_formula(t, shape, m, r, first + 1));
}

}  // namespace

TEST(Predict, EightProcessBinomialScatterMatchesTheSlides) {
  // seeds/lmo-estimation-slides.txt: binomial scatter of M per process over 8 processes, root 0:
  // α04 + 4β04M + max{α02 + 2β02M + max(α01 + β01M, α23 + β23M),
  //                   α46 + 2β46M + max(α45 + β45M, α67 + β67M)}
  const HockneyModel m = random_hockney(8, 2024u);
  const double M = 65536;
  auto a = [&](int i, int j) { return m.alpha(i, j); };
  auto b = [&](int i, int j) { return m.beta(i, j); };
  const double expected =
      a(0, 4) + 4 * b(0, 4) * M +
      std::max(a(0, 2) + 2 * b(0, 2) * M + std::max(a(0, 1) + b(0, 1) * M, a(2, 3) + b(2, 3) * M),
               a(4, 6) + 2 * b(4, 6) * M + std::max(a(4, 5) + b(4, 5) * M, a(6, 7) + b(6, 7) * M));
  const CallShape shape{.op = Collective::scatter, .procs = 8, .root = 0, .bytes = std::size_t(M)};
  const Schedule s = build("binomial", m, shape);
  EXPECT_NEAR(predict_tree(s.tree, shape, m), expected, 1e-15);
  EXPECT_NEAR(predict(s, shape, m), expected, 1e-15);
  // The pairs are distinct: a different tree gives a different time.
  EXPECT_GT(std::abs(predict(build("flat", m, shape), shape, m) - expected), 1e-7);
}

TEST(Predict, ForwardSimulationEqualsTheRecursiveFormula) {
  for (int n : {2, 7, 16, 23}) {
    const HockneyModel m = random_hockney(n, unsigned(n));
    std::vector<std::size_t> blocks(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) blocks[std::size_t(i)] = std::size_t(1000 + 97 * i * i);
    for (const AlgorithmInfo& a : algorithms()) {
      if (!a.build) continue;
      for (Collective op : {Collective::bcast, Collective::scatter, Collective::scatterv}) {
        if (!a.collectives.contains(op)) continue;
        CallShape shape{.op = op, .procs = n, .root = n / 3, .bytes = 5000};
        if (is_vector_variant(op)) shape.block_bytes = blocks;
        const Schedule s = build(a.name, m, shape);
        EXPECT_NEAR(predict_tree(s.tree, shape, m), recursive_formula(s.tree, shape, m, shape.root, 0), 1e-12)
            << a.name << " " << to_string(op) << " n=" << n;
      }
    }
  }
}

TEST(Predict, UpwardIsTheMirrorOfDownwardUnderASymmetricModel) {
  const int n = 19;
  const HockneyModel m = random_hockney(n, 99u, /*symmetric=*/true);
  std::vector<std::size_t> blocks(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) blocks[std::size_t(i)] = std::size_t(10 + 1000 * (i % 5));
  const std::pair<Collective, Collective> pairs[] = {{Collective::scatter, Collective::gather},
                                                     {Collective::bcast, Collective::reduce},
                                                     {Collective::scatterv, Collective::gatherv}};
  for (auto [down, up] : pairs)
    for (const AlgorithmInfo& a : algorithms()) {
      if (!a.build || !a.collectives.contains(down) || !a.collectives.contains(up)) continue;
      CallShape sd{.op = down, .procs = n, .root = 4, .bytes = 3000};
      CallShape su{.op = up, .procs = n, .root = 4, .bytes = 3000};
      if (is_vector_variant(down)) sd.block_bytes = su.block_bytes = blocks;
      const Schedule s = build(a.name, m, sd);
      // A pipelined tree that branches is a flow shop whose nodes share their links among
      // children: its segments do not retrace the same steps backwards, so it mirrors only
      // approximately.
      bool branches = false;
      for (int v = 0; v < n; ++v) branches = branches || s.tree.children(v).size() > 1;
      const double tol = s.kind == ScheduleKind::pipeline && branches ? 0.1 * predict(s, sd, m) : 1e-15;
      EXPECT_NEAR(predict(s, su, m), predict(s, sd, m), tol) << a.name << " " << to_string(up);
      // The builders themselves mirror too: the same model gives the same tree both ways.
      const Schedule t = build(a.name, m, su);
      EXPECT_NEAR(predict(t, su, m), predict(s, sd, m), tol) << a.name << " " << to_string(up);
    }
}

TEST(Predict, FlatIsTheSumAtTheRoot) {
  const HockneyModel m = random_hockney(6, 4u);
  const CallShape shape{.op = Collective::scatter, .procs = 6, .root = 2, .bytes = 777};
  double sum = 0;
  for (int i = 0; i < 6; ++i)
    if (i != 2) sum += m.p2p(2, i, 777);
  EXPECT_NEAR(predict(build("flat", m, shape), shape, m), sum, 1e-15);
}

TEST(Predict, PipelineByHand) {
  // Chain 0 -> 1 -> 2, M = 12 bytes cut in 3 segments of 4: Σ t_e + 2·max t_e.
  HockneyModel m(3);
  m.set(0, 1, 1.0, 0.5);  // t = 3
  m.set(1, 2, 2.0, 1.0);  // t = 6
  m.set(1, 0, 1.0, 0.5);
  m.set(2, 1, 2.0, 1.0);
  Tree path(3, 0);
  path.add_child(0, 1);
  path.add_child(1, 2);
  path.finalize();
  CallShape shape{.op = Collective::bcast, .procs = 3, .root = 0, .bytes = 12};
  // Window 1: an edge carries one segment at a time.
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 4, m, nullptr, 1), 3 + 6 + 2 * 6);
  // One segment: plain sum of whole-message times, whatever the window.
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 0, m), (1 + 6) + (2 + 12));
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 64, m), (1 + 6) + (2 + 12));
  // The executor's window: an edge takes the next segment once the link has passed the bytes of
  // the one before (0.5 and 1 per byte on 0->1 and 1->2), its latency overlapped, and the first
  // W − 1 = 3 segments ramp up (pipeline_segments): 1, 2, 3, 4 and the remaining 2 bytes. Edge
  // 0->1 passes them at 1.5, 2.5, 4, 6, 7 (each begins when the link has passed the one before:
  // 0, 0.5, 1.5, 3, 5); edge 1->2 begins at 1.5, 2.5, 4.5, 7.5, 11.5 and ends at 15.5.
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 4, m, nullptr, kPipelineWindow), 15.5);
  // The executor keeps one segment in flight on a path of two hops or more (pipeline_window).
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 4, m), 3 + 6 + 2 * 6);
  // 10 bytes in segments of 4, 4, 2: full t = (3, 6), last r = (2, 4):
  // max(b=0: 3 + 1·3 + (2+4) = 12, b=1: 9 + 1·6 + 4 = 19) = 19.
  shape.bytes = 10;
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 4, m, nullptr, 1), 19);
  // Reduce runs the path towards the root: edges 2->1 (t 6, r 4) then 1->0 (t 3, r 2):
  // max(b=0: 6 + 1·6 + (4+2) = 18, b=1: 9 + 1·6 + 2 = 17) = 18 — the partial segment breaks the mirror.
  shape.op = Collective::reduce;
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 4, m, nullptr, 1), 18);
}

// Reduce's local operation: every combining rank pays γ_v · bytes per child it folds in, after
// that child's message; bcast and gather pay nothing.
TEST(Predict, ReduceLocalOperationIsChargedPerChild) {
  HockneyModel m(3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (i != j) m.set(i, j, 1.0, 0.0);  // every message: 1 s
  m.set_reduce_gamma({0.5, 0.25, 0.0});
  EXPECT_DOUBLE_EQ(m.reduce_local(0, 4), 2.0);
  // Flat reduce to root 0 over 4 bytes: two children, each 1 s + 0.5·4 s, one after the other.
  Tree flat(3, 0);
  flat.add_child(0, 1);
  flat.add_child(0, 2);
  flat.finalize();
  CallShape shape{.op = Collective::reduce, .procs = 3, .root = 0, .bytes = 4};
  EXPECT_DOUBLE_EQ(predict_tree(flat, shape, m), 2 * (1 + 2));
  // A chain 0 <- 1 <- 2: rank 1 folds in 2's data (1 + 0.25·4), then 0 folds in 1's (1 + 0.5·4).
  Tree path(3, 0);
  path.add_child(0, 1);
  path.add_child(1, 2);
  path.finalize();
  EXPECT_DOUBLE_EQ(predict_tree(path, shape, m), (1 + 1) + (1 + 2));
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 0, m), (1 + 1) + (1 + 2));
  // Pipelined in 2 segments of 2 bytes: edge times 1 + 0.25·2 (2->1) and 1 + 0.5·2 (1->0):
  // one at a time on an edge, Σ t + (n−1)·max t.
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 2, m, nullptr, 1), 1.5 + 2 + 1 * 2);
  // With the window the latencies overlap but each fold still holds its rank: rank 0 folds
  // segment 0 over [2.5, 3.5] after its 1 s message, segment 1 no earlier than 2.5: it ends 4.5.
  EXPECT_DOUBLE_EQ(predict_pipeline(path, shape, 2, m, nullptr, kPipelineWindow), 4.5);
  // No local operation in the other collectives, nor without γ.
  for (Collective op : {Collective::bcast, Collective::gather}) {
    shape.op = op;
    EXPECT_DOUBLE_EQ(predict_tree(flat, shape, m), 2) << to_string(op);
  }
  m.set_reduce_gamma({});
  shape.op = Collective::reduce;
  EXPECT_DOUBLE_EQ(predict_tree(flat, shape, m), 2);
}

TEST(Predict, PipelineWindowFollowsTheExecutor) {
  // The default window is the executor's (pipeline_window): kPipelineWindow segments of up to
  // kPipelineWindowBytes / kPipelineWindow, one segment of kPipelineWindowBytes or more, and one on
  // a path of two hops or more. Hockney, with a latency the window would hide.
  HockneyModel m(4);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b)
      if (a != b) m.set(a, b, 1e-3, 1e-8);
  Tree star(3, 0);  // 0 -> 1, 0 -> 2
  star.add_child(0, 1);
  star.add_child(0, 2);
  star.finalize();
  const CallShape shape{.op = Collective::bcast, .procs = 3, .root = 0, .bytes = 8u << 20};
  const std::size_t large = kPipelineWindowBytes, small = kPipelineWindowBytes / kPipelineWindow;
  EXPECT_DOUBLE_EQ(predict_pipeline(star, shape, large, m), predict_pipeline(star, shape, large, m, nullptr, 1));
  EXPECT_DOUBLE_EQ(predict_pipeline(star, shape, small, m),
                   predict_pipeline(star, shape, small, m, nullptr, kPipelineWindow));
  EXPECT_LT(predict_pipeline(star, shape, small, m), predict_pipeline(star, shape, small, m, nullptr, 1));
  // A path 0 -> 1 -> 2 -> 3: one segment in flight, whatever its size; a single edge: the window.
  Tree path(4, 0);
  for (int v = 1; v < 4; ++v) path.add_child(v - 1, v);
  path.finalize();
  const CallShape four{.op = Collective::bcast, .procs = 4, .root = 0, .bytes = 8u << 20};
  EXPECT_DOUBLE_EQ(predict_pipeline(path, four, small, m), predict_pipeline(path, four, small, m, nullptr, 1));
  EXPECT_GT(predict_pipeline(path, four, small, m),
            predict_pipeline(path, four, small, m, nullptr, kPipelineWindow));
  Tree pair(2, 0);
  pair.add_child(0, 1);
  pair.finalize();
  const CallShape two{.op = Collective::bcast, .procs = 2, .root = 0, .bytes = 8u << 20};
  EXPECT_DOUBLE_EQ(predict_pipeline(pair, two, small, m),
                   predict_pipeline(pair, two, small, m, nullptr, kPipelineWindow));
  EXPECT_LT(predict_pipeline(pair, two, small, m), predict_pipeline(pair, two, small, m, nullptr, 1));
  // Large segments on the single edge: one in flight, slower than two would be in this model.
  EXPECT_DOUBLE_EQ(predict_pipeline(pair, two, large, m), predict_pipeline(pair, two, large, m, nullptr, 1));
  EXPECT_GT(predict_pipeline(pair, two, large, m), predict_pipeline(pair, two, large, m, nullptr, 2));
}

TEST(Predict, PipelineEqualsTheSegmentByStepSimulation) {
  // Brute force: segment k leaves edge e at F(k,e) = max(F(k−1,e), F(k,e−1)) + p2p(e, size_k).
  std::mt19937 gen(5);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 2 + trial % 9;
    const HockneyModel m = random_hockney(n, unsigned(100 + trial));
    const std::size_t bytes = std::uniform_int_distribution<std::size_t>(1, 200000)(gen);
    const std::size_t seg = std::uniform_int_distribution<std::size_t>(1000, 50000)(gen);
    for (Collective op : {Collective::bcast, Collective::reduce}) {
      // Reduce's segments hold whole elements of the datatype (12: a struct of three ints).
      const std::size_t unit = op == Collective::reduce ? std::size_t(std::array{1, 4, 8, 12}[trial % 4]) : 1;
      const CallShape shape{.op = op, .procs = n, .root = trial % n, .bytes = bytes / unit * unit,
                            .element_bytes = unit};
      const Schedule s = build("chain", m, shape, seg);
      std::vector<std::pair<int, int>> edges;
      for (int v = s.tree.root(); !s.tree.children(v).empty(); v = s.tree.children(v)[0])
        edges.emplace_back(v, s.tree.children(v)[0]);
      if (op == Collective::reduce) {
        std::reverse(edges.begin(), edges.end());
        for (auto& e : edges) std::swap(e.first, e.second);
      }
      // Window W: segment j enters edge e when the previous edge has it, the link has passed the
      // bytes of segment j − 1 (Hockney: β·size) and segment j − W is done; its segments those of
      // pipeline_segments with the ramp of W − 1 (segments_test checks that layout). W = 1: an
      // edge takes segment j when it has segment j − 1 done, F(k,e) as above.
      auto simulate = [&](int w) {
        const SegmentLayout layout = pipeline_segments(shape.bytes, seg, unit, w - 1);
        const int k = layout.count;
        std::vector<std::vector<double>> done(edges.size(), std::vector<double>(std::size_t(k), 0.0));
        std::vector<double> link_free(edges.size(), 0.0);
        double finish = 0;
        for (int j = 0; j < k; ++j) {
          const double size = double(layout.length(j));
          double arrived = 0;
          for (std::size_t e = 0; e < edges.size(); ++e) {
            const auto [a, b] = edges[e];
            const double begin = std::max({arrived, link_free[e], j >= w ? done[e][std::size_t(j - w)] : 0.0});
            done[e][std::size_t(j)] = begin + m.p2p(a, b, size);
            link_free[e] = begin + (m.p2p(a, b, 2 * size) - m.p2p(a, b, size));
            arrived = done[e][std::size_t(j)];
            finish = std::max(finish, arrived);
          }
        }
        return finish;
      };
      const int w = kPipelineWindow;
      const double one = simulate(1), finish = simulate(w);
      EXPECT_NEAR(predict_pipeline(s.tree, shape, s.segment_bytes, m, nullptr, 1), one, 1e-12) << "trial " << trial;
      EXPECT_NEAR(predict_pipeline(s.tree, shape, s.segment_bytes, m, nullptr, w), finish, 1e-9 * finish)
          << "trial " << trial;
      // The executor's window on a chain of three or more is one segment (pipeline_window).
      EXPECT_NEAR(predict(s, shape, m), n > 2 ? one : finish, 1e-9 * finish) << "trial " << trial;
    }
  }
}

// predict_pipeline's give_up_at: below it the time is the plan's own, at or above it a time
// between give_up_at and the plan's. Random k-ary trees on random models, a rank per host and
// ranks sharing hosts, bcast and reduce, windows of 1 to 8, thresholds around the plan's time.
TEST(Predict, PipelineGivesUpOnlyAboveItsThresholdAndNeverAboveItsTime) {
  std::mt19937 gen(17);
  int gave_up = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 2 + trial % 23;
    HockneyModel m = random_hockney(n, unsigned(300 + trial));
    if (trial % 3 == 2) {
      std::vector<int> hosts;
      for (int r = 0; r < n; ++r) hosts.push_back(r / 3);
      m.set_hosts(hosts);
    }
    const int k = 1 + trial % 4;
    const int root = trial % n;
    Tree tree(n, root);
    std::vector<int> order;
    for (int r = 0; r < n; ++r)
      if (r != root) order.push_back(r);
    std::shuffle(order.begin(), order.end(), gen);
    for (std::size_t p = 1; p <= order.size(); ++p) tree.add_child(p <= std::size_t(k) ? root : order[(p - 1) / std::size_t(k) - 1], order[p - 1]);
    tree.finalize();
    const std::size_t bytes = std::uniform_int_distribution<std::size_t>(1, 4 << 20)(gen);
    const std::size_t seg = std::uniform_int_distribution<std::size_t>(1024, 256 * 1024)(gen);
    for (const Collective op : {Collective::bcast, Collective::reduce}) {
      const CallShape shape{.op = op, .procs = n, .root = root, .bytes = bytes / 8 * 8, .element_bytes = 8};
      for (const int window : {1, 2, 4, 8}) {
        const double exact = predict_pipeline(tree, shape, seg, m, nullptr, window);
        for (const double at : {0.0, 0.3, 0.7, 0.9, 0.99, 0.999999, 1.0, 1.000001, 1.5}) {
          const double give_up_at = at * exact;
          const double t = predict_pipeline(tree, shape, seg, m, nullptr, window, {}, give_up_at);
          const std::string what = "trial " + std::to_string(trial) + " op " + std::to_string(int(op)) + " window " +
                                   std::to_string(window) + " at " + std::to_string(at);
          if (t < give_up_at) {
            EXPECT_EQ(t, exact) << what;
          } else {
            EXPECT_LE(t, exact) << what;
            if (t != exact) ++gave_up;
          }
        }
      }
    }
  }
  EXPECT_GT(gave_up, 100) << "the bound must let the flow shop stop early";
}

TEST(Predict, NativeWithoutMeasurementIsTheBinomial) {
  const HockneyModel m = random_hockney(12, 8u);
  const CallShape shape{.op = Collective::gather, .procs = 12, .root = 5, .bytes = 4096};
  const Schedule native{.algorithm = "native", .op = shape.op, .kind = ScheduleKind::native};
  EXPECT_DOUBLE_EQ(predict(native, shape, m), predict(build("binomial", m, shape), shape, m));
  NativeCostTable table;
  table.add(Collective::gather, 12, {{1024, 1e-3}, {8192, 3e-3}});
  // The measurement (at root 0) corrects root 0's calls only; root 5 keeps the model's cost.
  EXPECT_DOUBLE_EQ(predict(native, shape, m, &table), predict(native, shape, m));
  CallShape at_root0 = shape;
  at_root0.root = 0;
  const double correction = predict(native, at_root0, m, &table) / predict(native, at_root0, m);
  EXPECT_NE(correction, 1.0);
}

// A calibrated native 4 times slower than its rebuilt schedule (MPICH's two-level reduce on hosts
// with several ranks, costed as Rabenseifner's) is predicted at its measurement at every measured
// size, 4 times the model between them and beyond them (docs/design/0019); so is one 4 times faster.
TEST(Predict, NativeIsItsMeasurementEvenFourTimesTheModel) {
  const HockneyModel m = random_hockney(8, 5u);
  const Schedule native{.algorithm = "native", .op = Collective::reduce, .kind = ScheduleKind::native};
  auto at = [](std::size_t bytes) {
    return CallShape{.op = Collective::reduce, .procs = 8, .root = 0, .bytes = bytes, .element_bytes = 8};
  };
  const std::vector<std::size_t> measured = {65536, 1 << 20, 1 << 22};
  for (const double factor : {4.0, 0.25}) {
    NativeCostTable table;
    std::vector<NativeCostTable::Point> points;
    for (const std::size_t b : measured) points.push_back({b, factor * predict(native, at(b), m)});
    table.add(Collective::reduce, 8, points);
    for (const std::size_t b : measured)
      EXPECT_NEAR(predict(native, at(b), m, &table), factor * predict(native, at(b), m), 1e-12 * predict(native, at(b), m))
          << factor << " at " << b;
    for (const std::size_t b : {std::size_t(262144), std::size_t(3) << 20, std::size_t(1) << 24, std::size_t(32768)})
      EXPECT_NEAR(predict(native, at(b), m, &table) / predict(native, at(b), m), factor, 1e-12) << factor << " at " << b;
  }
}

// Where MPICH's schedule has every rank exchanging at once (Rabenseifner's reduce, bcast's scatter +
// allgather), root 0's measured correction holds at every root; below MPICH's threshold the same
// op runs a binomial tree, whose correction stays at root 0.
TEST(Predict, NativesCorrectionReachesEveryRootWhereEveryRankExchanges) {
  const HockneyModel m = random_hockney(8, 21u);
  const Schedule native{.algorithm = "native", .op = Collective::reduce, .kind = ScheduleKind::native};
  NativeCostTable table;
  table.add(Collective::reduce, 8, {{1024, 2e-4}, {1 << 20, 0.3}});
  auto factor = [&](int root, std::size_t bytes) {
    const CallShape shape{.op = Collective::reduce, .procs = 8, .root = root, .bytes = bytes, .element_bytes = 8};
    return predict(native, shape, m, &table) / predict(native, shape, m);
  };
  ASSERT_EQ(mpich_default_algorithm({.op = Collective::reduce, .procs = 8, .root = 3, .bytes = 1 << 20, .element_bytes = 8}),
            MpichAlgorithm::reduce_scatter_gather);
  ASSERT_NE(factor(0, 1 << 20), 1.0);
  for (int root = 1; root < 8; ++root) EXPECT_NEAR(factor(root, 1 << 20), factor(0, 1 << 20), 1e-12) << "root " << root;
  ASSERT_EQ(mpich_default_algorithm({.op = Collective::reduce, .procs = 8, .root = 3, .bytes = 1024, .element_bytes = 8}),
            MpichAlgorithm::binomial);
  ASSERT_NE(factor(0, 1024), 1.0);
  EXPECT_DOUBLE_EQ(factor(3, 1024), 1.0);
}

TEST(Predict, NativesCalibratedCorrectionScalesItsRestedCallAlike) {
  const HockneyModel m = random_hockney(12, 8u);
  const CallShape shape{.op = Collective::gather, .procs = 12, .root = 0, .bytes = 4096};
  const Schedule native{.algorithm = "native", .op = shape.op, .kind = ScheduleKind::native};
  NativeCostTable table;
  table.add(Collective::gather, 12, {{1024, 1e-3}, {8192, 3e-3}});
  double rested = 0, plain_rested = 0;
  const double corrected = predict(native, shape, m, &table, &rested);
  const double plain = predict(native, shape, m, nullptr, &plain_rested);
  ASSERT_NE(corrected, plain);
  // No buckets: the rested call is the call, corrected as it is.
  EXPECT_DOUBLE_EQ(plain_rested, plain);
  EXPECT_DOUBLE_EQ(rested, corrected);
}

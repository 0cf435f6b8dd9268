#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <numeric>
#include <string>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;
using collsel::testing::one_slow_host;
using collsel::testing::random_hockney;

namespace {

const std::vector<std::string_view> kMappedBinomials = {"binomial_bfs_min", "binomial_bfs_max", "binomial_dfs_min",
                                                        "binomial_dfs_max", "binomial_ucs_min", "binomial_ucs_max"};

Schedule build(std::string_view name, const P2PModel& m, const CallShape& shape, std::size_t segment = 64 * 1024) {
  BuildContext ctx{m, shape, segment};
  return find_algorithm(name)->build(ctx);
}

std::vector<int> kids(const Tree& t, int v) { return {t.children(v).begin(), t.children(v).end()}; }

// Walks `t` and MPICH's binomial (root 0) together: same number of children at every node and the
// same subtree sizes in the same service order.
void expect_binomial_shape(const Tree& t, const Tree& ref) {
  ASSERT_EQ(t.size(), ref.size());
  std::vector<std::pair<int, int>> stack{{t.root(), ref.root()}};
  int visited = 0;
  while (!stack.empty()) {
    auto [a, b] = stack.back();
    stack.pop_back();
    ++visited;
    ASSERT_EQ(t.children(a).size(), ref.children(b).size());
    for (std::size_t k = 0; k < t.children(a).size(); ++k) {
      EXPECT_EQ(t.subtree_size(t.children(a)[k]), ref.subtree_size(ref.children(b)[k]));
      stack.emplace_back(t.children(a)[k], ref.children(b)[k]);
    }
  }
  EXPECT_EQ(visited, t.size());
}

}  // namespace

TEST(Builders, EveryBuilderSpansAllRanksForEveryCollectiveAndRoot) {
  for (int n : {1, 2, 3, 5, 8, 13, 16}) {
    const HockneyModel m = random_hockney(n, 7u + unsigned(n));
    std::vector<std::size_t> blocks(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) blocks[std::size_t(i)] = std::size_t(100 + 37 * i);
    for (const AlgorithmInfo& a : algorithms()) {
      if (!a.build) continue;
      for (Collective op : all_collectives) {
        if (!a.collectives.contains(op)) continue;
        for (int root = 0; root < n; ++root) {
          CallShape shape{.op = op, .procs = n, .root = root, .bytes = 4096};
          if (is_vector_variant(op)) shape.block_bytes = blocks;
          const Schedule s = build(a.name, m, shape);  // finalize() throws on a malformed tree
          EXPECT_EQ(s.algorithm, a.name);
          EXPECT_EQ(s.tree.size(), n);
          EXPECT_EQ(s.tree.root(), root);
          EXPECT_EQ(s.tree.subtree_size(root), n);
          const double t = predict(s, shape, m);
          EXPECT_TRUE(std::isfinite(t) && t >= 0) << a.name << " " << to_string(op);
          if (n > 1) {
            EXPECT_GT(t, 0) << a.name;
          }
        }
      }
    }
  }
}

TEST(Builders, MappedBinomialsKeepTheBinomialShape) {
  for (int n : {2, 6, 8, 11, 16}) {
    const HockneyModel m = random_hockney(n, 3u);
    for (Collective op : {Collective::bcast, Collective::scatter, Collective::gather}) {
      const Tree ref = build("binomial", m, CallShape{.op = op, .procs = n, .root = 0, .bytes = 1000}).tree;
      for (auto name : kMappedBinomials)
        for (int root : {0, n - 1}) {
          SCOPED_TRACE(std::string(name) + " n=" + std::to_string(n) + " root=" + std::to_string(root));
          expect_binomial_shape(build(name, m, CallShape{.op = op, .procs = n, .root = root, .bytes = 1000}).tree, ref);
        }
    }
  }
}

TEST(Builders, MinBuildersKeepTheSlowHostAtLeaves) {
  // 8 processes on 4 hosts (2h, 2h+1 on host h); host 3 (processes 6 and 7) is slow.
  const HockneyModel m = one_slow_host(8, 3, 11u);
  std::vector<std::size_t> blocks(8, 2048);
  for (auto name : kMappedBinomials) {
    if (!name.ends_with("_min")) continue;
    for (Collective op : all_collectives)
      for (int root = 0; root < 6; ++root) {
        CallShape shape{.op = op, .procs = 8, .root = root, .bytes = 65536};
        if (is_vector_variant(op)) shape.block_bytes = blocks;
        const Tree t = build(name, m, shape).tree;
        EXPECT_TRUE(t.children(6).empty()) << name << " " << to_string(op) << " root " << root;
        EXPECT_TRUE(t.children(7).empty()) << name << " " << to_string(op) << " root " << root;
      }
  }
}

TEST(Builders, MaxBuildersServeTheSlowHostFirst) {
  const HockneyModel m = one_slow_host(8, 3, 11u);
  for (auto name : {"binomial_bfs_max", "binomial_dfs_max", "binomial_ucs_max"}) {
    const Tree t = build(name, m, CallShape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 65536}).tree;
    const int first = t.children(0)[0];
    EXPECT_TRUE(first == 6 || first == 7) << name;
    EXPECT_EQ(t.subtree_size(first), 4) << name;
  }
}

TEST(Builders, MinPlacesTheFastestProcessOnTheBiggestEdge) {
  const HockneyModel m = random_hockney(16, 5u);
  for (auto name : {"binomial_bfs_min", "binomial_dfs_min", "binomial_ucs_min"}) {
    const CallShape shape{.op = Collective::scatter, .procs = 16, .root = 2, .bytes = 10000};
    const Tree t = build(name, m, shape).tree;
    const int first = t.children(2)[0];
    for (int i = 0; i < 16; ++i)
      if (i != 2) {
        EXPECT_LE(m.p2p(2, first, 8 * 10000.0), m.p2p(2, i, 8 * 10000.0)) << name;
      }
  }
}

TEST(Builders, DfsFillsPositionsDepthFirstInServiceOrder) {
  // Times grow with the rank: MIN takes the lowest remaining rank at every step, so the rank of a
  // position reveals the order positions were filled: 4, 6, 7, 5, 2, 3, 1 for P = 8.
  HockneyModel m(8);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) m.set(i, j, 1.0 + j, 0);
  const Tree t = build("binomial_dfs_min", m, CallShape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1}).tree;
  EXPECT_EQ(kids(t, 0), (std::vector<int>{1, 5, 7}));  // positions 4, 2, 1
  EXPECT_EQ(kids(t, 1), (std::vector<int>{2, 4}));     // positions 6, 5
  EXPECT_EQ(kids(t, 2), (std::vector<int>{3}));        // position 7
  EXPECT_EQ(kids(t, 5), (std::vector<int>{6}));        // position 3
  const Tree b = build("binomial_bfs_min", m, CallShape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1}).tree;
  EXPECT_EQ(kids(b, 0), (std::vector<int>{1, 2, 3}));  // level 1: positions 4, 2, 1
  EXPECT_EQ(kids(b, 1), (std::vector<int>{4, 5}));     // level 2: positions 6, 5, then 3
  EXPECT_EQ(kids(b, 2), (std::vector<int>{6}));
  EXPECT_EQ(kids(b, 4), (std::vector<int>{7}));
  const Tree u = build("binomial_ucs_min", m, CallShape{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1}).tree;
  EXPECT_EQ(kids(u, 0), (std::vector<int>{1, 2, 4}));  // order 2: position 4; order 1: 2, 6; then 1, 3, 5, 7
  EXPECT_EQ(kids(u, 1), (std::vector<int>{3, 6}));
  EXPECT_EQ(kids(u, 2), (std::vector<int>{5}));
  EXPECT_EQ(kids(u, 3), (std::vector<int>{7}));
}

TEST(Builders, ChainFollowsTheNearestNext) {
  // Processes on a line at coordinate x_i; time = distance. From the root at one end the greedy
  // path visits them in coordinate order.
  const std::vector<double> x = {5, 0, 9, 2, 7, 1};
  HockneyModel m(6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) m.set(i, j, std::abs(x[std::size_t(i)] - x[std::size_t(j)]), 0);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const Schedule s = build("chain", m, CallShape{.op = op, .procs = 6, .root = 1, .bytes = 1 << 20}, 4096);
    EXPECT_EQ(s.kind, ScheduleKind::pipeline);
    EXPECT_EQ(s.segment_bytes, 4096u);
    std::vector<int> path{s.tree.root()};
    while (!s.tree.children(path.back()).empty()) {
      ASSERT_EQ(s.tree.children(path.back()).size(), 1u);
      path.push_back(s.tree.children(path.back())[0]);
    }
    EXPECT_EQ(path, (std::vector<int>{1, 5, 3, 0, 4, 2}));
  }
}

TEST(Builders, ChainsSegmentIsTheFastestOnItsPath) {
  // Each size is priced only as far as it could still beat the fastest before it
  // (choose_segment); the size kept is still the fastest of them all, priced in full.
  for (unsigned seed : {1u, 2u, 3u})
    for (int n : {5, 12, 33})
      for (Collective op : {Collective::bcast, Collective::reduce})
        for (std::size_t bytes : {std::size_t(1 << 20) + 7, std::size_t(4) << 20}) {
          const HockneyModel m = seed == 3u ? one_slow_host(n, 1, seed) : random_hockney(n, seed);
          const CallShape shape{.op = op, .procs = n, .root = n / 2, .bytes = bytes};
          const Schedule s = build("chain", m, shape, kAutoSegmentBytes);
          double fastest = predict_pipeline(s.tree, shape, bytes, m);
          for (std::size_t size = 64 * 1024; size <= bytes / 2; size *= 2)
            fastest = std::min(fastest, predict_pipeline(s.tree, shape, size, m));
          EXPECT_LE(predict_pipeline(s.tree, shape, s.segment_bytes, m), fastest * (1 + 1e-9))
              << to_string(op) << " n=" << n << " seed " << seed << " " << bytes << " B: " << s.segment_bytes;
        }
}

TEST(Builders, SortedFlatServesInPredictedOrder) {
  const HockneyModel m = random_hockney(9, 21u);
  std::vector<std::size_t> blocks = {10, 5000, 70, 900, 30000, 1, 4444, 123, 8};
  for (Collective op : {Collective::scatterv, Collective::gatherv}) {
    const CallShape shape{.op = op, .procs = 9, .root = 4, .bytes = 0, .block_bytes = blocks};
    auto t_of = [&](int i) {
      return op == Collective::scatterv ? m.p2p(4, i, double(blocks[std::size_t(i)]))
                                        : m.p2p(i, 4, double(blocks[std::size_t(i)]));
    };
    const Tree asc = build("sorted_flat_asc", m, shape).tree, dsc = build("sorted_flat_dsc", m, shape).tree;
    ASSERT_EQ(asc.children(4).size(), 8u);
    ASSERT_EQ(dsc.children(4).size(), 8u);
    for (std::size_t k = 1; k < 8; ++k) {
      EXPECT_LE(t_of(asc.children(4)[k - 1]), t_of(asc.children(4)[k]));
      EXPECT_GE(t_of(dsc.children(4)[k - 1]), t_of(dsc.children(4)[k]));
    }
    std::vector<int> a = kids(asc, 4), d = kids(dsc, 4);
    std::reverse(d.begin(), d.end());
    EXPECT_EQ(a, d);
  }
}

TEST(Builders, TraffPartitionProperty) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const int n = 40;
    const HockneyModel m = random_hockney(n, seed);
    std::vector<std::size_t> blocks(static_cast<std::size_t>(n));
    std::mt19937 gen(seed);
    for (auto& b : blocks) b = std::uniform_int_distribution<std::size_t>(1, 100000)(gen);
    for (Collective op : {Collective::scatterv, Collective::gatherv}) {
      const CallShape shape{.op = op, .procs = n, .root = 7, .bytes = 0, .block_bytes = blocks};
      const Tree t = build("traff", m, shape).tree;
      auto p2p = [&](int parent, int i, double bytes) {
        return op == Collective::scatterv ? m.p2p(parent, i, bytes) : m.p2p(i, parent, bytes);
      };
      for (int p = 0; p < n; ++p) {
        // Subsets in the order they were cut: reverse service order. The parent counts with the
        // lightest weight of its set; every subset but the final remainder reaches the threshold.
        std::vector<int> cs = kids(t, p);
        std::reverse(cs.begin(), cs.end());
        double lightest = 1e300;
        for (int c : cs)
          for (int i : t.subtree(c)) lightest = std::min(lightest, p2p(p, i, double(blocks[std::size_t(i)])));
        double earlier = lightest, prev_min_w = 1e300;
        for (std::size_t j = 0; j < cs.size(); ++j) {
          const int c = cs[j];
          double w = 0, payload = 0, max_w = 0, min_w = 1e300;
          for (int i : t.subtree(c)) {
            const double wi = p2p(p, i, double(blocks[std::size_t(i)]));
            w += wi;
            payload += double(blocks[std::size_t(i)]);
            max_w = std::max(max_w, wi);
            min_w = std::min(min_w, wi);
          }
          if (j + 1 < cs.size()) {
            EXPECT_GE(w, earlier * (1 - 1e-12)) << "subset weighs less than the earlier ones";
          }
          // Minimal: without its lightest member the subset would not reach the threshold.
          EXPECT_LT(w - min_w, earlier) << "subset longer than needed";
          EXPECT_LE(max_w, prev_min_w) << "subsets are not consecutive in decreasing weight";
          for (int i : t.subtree(c)) EXPECT_LE(p2p(p, c, payload), p2p(p, i, payload)) << "subset root not minimal";
          earlier += w;
          prev_min_w = min_w;
        }
      }
    }
  }
}

TEST(Builders, TraffWithUniformWeightsIsBinomial) {
  for (int n = 2; n <= 33; ++n) {
    HockneyModel m(n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) m.set(i, j, 1.0, 0.0);
    std::vector<std::size_t> blocks(static_cast<std::size_t>(n), 100);
    const CallShape shape{.op = Collective::scatterv, .procs = n, .root = 0, .bytes = 0, .block_bytes = blocks};
    expect_binomial_shape(build("traff", m, shape).tree, build("binomial", m, shape).tree);
  }
}

#include "collsel/model_file.hpp"
#include "collsel/rank_mapping.hpp"

TEST(Builders, ExampleModelKeepsItsSlowHostAtLeaves) {
  // examples/models/hetero-8.toml: node3 (processes 4 and 5) sits behind a 100 Mbit/s link.
  const ModelFile file = read_model_file(std::string(COLLSEL_SOURCE_DIR) + "/examples/models/hetero-8.toml");
  int kinds = 0;
  for (const char* kind : {"hockney", "lmo", "plogp", "loggp"}) {
    const P2PModel* base = file.model(kind);
    if (!base) continue;
    ++kinds;
    const MappedModel m(*base, file.cluster, default_placement(file.cluster, 8));
    std::vector<std::size_t> blocks(8, 65536);
    for (auto name : kMappedBinomials) {
      if (!name.ends_with("_min")) continue;
      for (Collective op : all_collectives)
        for (int root : {0, 1, 2, 3, 6, 7}) {
          CallShape shape{.op = op, .procs = 8, .root = root, .bytes = 65536};
          if (is_vector_variant(op)) shape.block_bytes = blocks;
          const Tree t = build(name, m, shape).tree;
          EXPECT_TRUE(t.children(4).empty() && t.children(5).empty())
              << kind << " " << name << " " << to_string(op) << " root " << root;
        }
    }
  }
  EXPECT_GE(kinds, 2);
}

namespace {

// Reference placement: a full scan of every unplaced process at every position, (time, rank)
// order — what the builders must reproduce whatever shortcuts they take.
std::vector<int> reference_placement(const P2PModel& m, const CallShape& shape, const std::vector<int>& order,
                                     bool min) {
  const int n = shape.procs;
  auto lowbit = [](int v) { return v & -v; };
  std::vector<int> proc(static_cast<std::size_t>(n), -1);
  std::vector<char> placed(static_cast<std::size_t>(n), 0);
  proc[0] = shape.root;
  placed[std::size_t(shape.root)] = 1;
  for (int v : order) {
    const int parent = proc[std::size_t(v - lowbit(v))];
    const double bytes = is_personalized(shape.op) ? double(shape.bytes) * std::min(lowbit(v), n - v) : double(shape.bytes);
    int best = -1;
    double bt = 0;
    for (int r = 0; r < n; ++r) {
      if (placed[std::size_t(r)]) continue;
      const double t = flows_to_root(shape.op) ? m.p2p(r, parent, bytes) : m.p2p(parent, r, bytes);
      if (best < 0 || (min ? t < bt : t > bt)) {
        best = r;
        bt = t;
      }
    }
    proc[std::size_t(v)] = best;
    placed[std::size_t(best)] = 1;
  }
  return proc;
}

// Process at each binomial position of `t` (walking it beside MPICH's binomial at root 0).
std::vector<int> placement_of(const Tree& t, const Tree& ref) {
  std::vector<int> proc(static_cast<std::size_t>(t.size()), -1);
  std::vector<std::pair<int, int>> stack{{t.root(), ref.root()}};
  while (!stack.empty()) {
    auto [a, b] = stack.back();
    stack.pop_back();
    proc[std::size_t(b)] = a;
    for (std::size_t k = 0; k < t.children(a).size(); ++k) stack.emplace_back(t.children(a)[k], ref.children(b)[k]);
  }
  return proc;
}

}  // namespace

TEST(Builders, MappedBinomialsEqualAFullScanGreedy) {
  for (int n : {9, 64, 100}) {
    auto size = [n](int v) { return std::min(v & -v, n - v); };
    std::vector<int> bfs, dfs, ucs;
    // BFS: queue order, then stable by (depth, larger subtree).
    bfs.push_back(0);
    for (std::size_t k = 0; k < bfs.size(); ++k) {
      int top = 1;
      while (top < n) top <<= 1;
      const int v = bfs[k], limit = v == 0 ? top : (v & -v);
      for (int mask = limit >> 1; mask > 0; mask >>= 1)
        if (v + mask < n) bfs.push_back(v + mask);
    }
    bfs.erase(bfs.begin());
    std::stable_sort(bfs.begin(), bfs.end(), [&](int a, int b) {
      const int da = __builtin_popcount(unsigned(a)), db = __builtin_popcount(unsigned(b));
      return da != db ? da < db : size(a) > size(b);
    });
    // DFS: preorder in service order.
    std::function<void(int)> pre = [&](int v) {
      int top = 1;
      while (top < n) top <<= 1;
      const int limit = v == 0 ? top : (v & -v);
      for (int mask = limit >> 1; mask > 0; mask >>= 1)
        if (v + mask < n) {
          dfs.push_back(v + mask);
          pre(v + mask);
        }
    };
    pre(0);
    for (int v = 1; v < n; ++v) ucs.push_back(v);
    std::stable_sort(ucs.begin(), ucs.end(), [&](int a, int b) { return size(a) > size(b); });

    const HockneyModel m = random_hockney(n, unsigned(n) * 7u);
    for (Collective op : {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather}) {
      const CallShape shape{.op = op, .procs = n, .root = n / 2, .bytes = 3000};
      const Tree ref = build("binomial", m, CallShape{.op = op, .procs = n, .root = 0, .bytes = 1}).tree;
      const std::pair<const char*, const std::vector<int>*> cases[] = {{"bfs", &bfs}, {"dfs", &dfs}, {"ucs", &ucs}};
      for (auto [tag, order] : cases)
        for (bool min : {true, false}) {
          const std::string name = std::string("binomial_") + tag + (min ? "_min" : "_max");
          EXPECT_EQ(placement_of(build(name, m, shape).tree, ref), reference_placement(m, shape, *order, min))
              << name << " " << to_string(op) << " n=" << n;
        }
    }
  }
}

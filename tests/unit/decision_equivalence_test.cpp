// The fast decision path against straightforward reference computations: every candidate's
// schedule and predicted time, and the chosen algorithm, must not depend on how fast decide() is.
//  - the model-driven builders against a plain greedy (every unplaced rank, one virtual p2p() per
//    pair, in rank order) on the same binomial positions or path;
//  - decide() on a HockneyModel (inline scans) against decide() on the same model behind a plain
//    P2PModel (p2p_row by pairs) — bit-identical schedules and times;
//  - run_frames (live edges only) against the walk over every edge of every frame.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "collsel/bbs.hpp"
#include "collsel/decide.hpp"
#include "collsel/frames.hpp"
#include "collsel/hockney.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/registry.hpp"
#include "test_models.hpp"

using namespace collsel;

namespace {

// The same predictions through the base class only: no HockneyModel fast path, p2p_row by pairs.
class Opaque final : public P2PModel {
 public:
  // What the model knows of the ranks (their hosts and switch groups) it passes on: the builders
  // lay out the same schedules from it, whichever way they scan.
  explicit Opaque(const P2PModel& m) : m_(m) {
    set_hosts(m.hosts());
    set_switch_groups(m.switch_groups());
  }
  std::string_view kind() const override { return m_.kind(); }
  int size() const override { return m_.size(); }
  double p2p(int i, int j, double bytes) const override { return m_.p2p(i, j, bytes); }

 private:
  const P2PModel& m_;
};

// Heterogeneous model with deliberate ties: α and β drawn from a few values, so equal predicted
// times are common and the lowest-rank tie-break is exercised.
HockneyModel tied_hockney(int n, unsigned seed) {
  HockneyModel m(n);
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> pick(1, 3);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, 1e-6 * pick(gen), 1e-9 * pick(gen));
  return m;
}

// Two pieces (from 64 KiB on), each drawn on its own: the inline scan must read the piece of the
// size it scans at, as p2p() does.
HockneyModel piecewise_hockney(int n, unsigned seed) {
  HockneyModel m(n, {65536});
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(1, 4);
  for (int piece = 0; piece < 2; ++piece)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (i != j) m.set(i, j, 1e-6 * u(gen) * (1 + 10 * piece), 1e-9 * u(gen), piece);
  return m;
}

// --- Reference binomial positions (MPICH relative ranks) ------------------------------------
int lowbit(int v) { return v & -v; }
int subtree(int v, int n) { return v == 0 ? n : std::min(lowbit(v), n - v); }
std::vector<int> position_children(int v, int n) {  // service order: largest subtree first
  std::vector<int> out;
  int top = 1;
  while (top < n) top <<= 1;
  for (int mask = (v == 0 ? top : lowbit(v)) >> 1; mask > 0; mask >>= 1)
    if (v + mask < n) out.push_back(v + mask);
  return out;
}
std::vector<int> positions(const std::string& family, int n) {
  std::vector<int> order;
  if (family == "dfs") {
    std::vector<int> stack;
    auto push = [&](int v) {
      auto kids = position_children(v, n);
      stack.insert(stack.end(), kids.rbegin(), kids.rend());
    };
    push(0);
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      order.push_back(v);
      push(v);
    }
    return order;
  }
  if (family == "bfs") {
    order.push_back(0);
    for (std::size_t k = 0; k < order.size(); ++k)
      for (int c : position_children(order[k], n)) order.push_back(c);
    order.erase(order.begin());
    std::stable_sort(order.begin(), order.end(), [n](int a, int b) {
      const int da = __builtin_popcount(unsigned(a)), db = __builtin_popcount(unsigned(b));
      return da != db ? da < db : subtree(a, n) > subtree(b, n);
    });
    return order;
  }
  for (int v = 1; v < n; ++v) order.push_back(v);  // ucs
  std::stable_sort(order.begin(), order.end(), [n](int a, int b) { return subtree(a, n) > subtree(b, n); });
  return order;
}

// Index of the best of `times` (MIN or MAX), ties to the lowest rank; ranks are 0..n-1 here.
int best_rank(const std::vector<double>& times, const std::vector<bool>& free, bool fastest) {
  int best = -1;
  for (int r = 0; r < int(times.size()); ++r) {
    if (!free[std::size_t(r)]) continue;
    if (best < 0 || (fastest ? times[std::size_t(r)] < times[std::size_t(best)]
                             : times[std::size_t(r)] > times[std::size_t(best)]))
      best = r;
  }
  return best;
}

// The greedy placement on binomial positions, computed plainly: every free rank, p2p() per pair.
Tree reference_mapped(const P2PModel& cost, const CallShape& shape, const std::string& family, bool fastest) {
  const int n = shape.procs;
  const bool upward = flows_to_root(shape.op);
  double per_rank = double(shape.bytes);
  if (!shape.block_bytes.empty() && n > 1) {
    double total = 0;
    for (std::size_t b : shape.block_bytes) total += double(b);
    per_rank = (total - double(shape.block(shape.root))) / double(n - 1);
  }
  std::vector<int> proc(std::size_t(n), -1);
  std::vector<bool> free(std::size_t(n), true);
  proc[0] = shape.root;
  free[std::size_t(shape.root)] = false;
  std::vector<double> times(static_cast<std::size_t>(n));
  for (int v : positions(family, n)) {
    const int anchor = proc[std::size_t(v - lowbit(v))];
    const double bytes = is_personalized(shape.op) ? per_rank * double(subtree(v, n)) : double(shape.bytes);
    for (int r = 0; r < n; ++r) times[std::size_t(r)] = upward ? cost.p2p(r, anchor, bytes) : cost.p2p(anchor, r, bytes);
    const int r = best_rank(times, free, fastest);
    proc[std::size_t(v)] = r;
    free[std::size_t(r)] = false;
  }
  Tree t(n, shape.root);
  for (int v = 0; v < n; ++v)
    for (int c : position_children(v, n)) t.add_child(proc[std::size_t(v)], proc[std::size_t(c)]);
  t.finalize();
  return t;
}

// Chain: nearest next from the current end, one segment (reduce: toward the end).
Tree reference_chain(const P2PModel& cost, const CallShape& shape, std::size_t segment_bytes) {
  const int n = shape.procs;
  const bool upward = flows_to_root(shape.op);
  const double seg = segment_bytes == 0 ? double(shape.bytes) : double(std::min(segment_bytes, shape.bytes));
  std::vector<bool> free(std::size_t(n), true);
  free[std::size_t(shape.root)] = false;
  std::vector<double> times(static_cast<std::size_t>(n));
  Tree t(n, shape.root);
  for (int end = shape.root, k = 1; k < n; ++k) {
    for (int r = 0; r < n; ++r) times[std::size_t(r)] = upward ? cost.p2p(r, end, seg) : cost.p2p(end, r, seg);
    const int next = best_rank(times, free, true);
    t.add_child(end, next);
    free[std::size_t(next)] = false;
    end = next;
  }
  t.finalize();
  return t;
}

void expect_same_tree(const Tree& a, const Tree& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  ASSERT_EQ(a.root(), b.root()) << what;
  for (int v = 0; v < a.size(); ++v) {
    const auto ca = a.children(v), cb = b.children(v);
    ASSERT_TRUE(std::equal(ca.begin(), ca.end(), cb.begin(), cb.end())) << what << ": children of rank " << v;
  }
}

// Two decisions of one shape, one by a model's fast paths and one by plain p2p() calls: the same
// candidates, in the same order, with the same choice, times and trees.
void expect_same_decision(const Decision& fast, const Decision& plain, const std::string& what) {
  ASSERT_EQ(fast.candidates.size(), plain.candidates.size()) << what;
  EXPECT_EQ(fast.chosen, plain.chosen) << what;
  for (std::size_t k = 0; k < fast.candidates.size(); ++k) {
    const Candidate& a = fast.candidates[k];
    const Candidate& b = plain.candidates[k];
    ASSERT_EQ(a.algorithm, b.algorithm) << what;
    EXPECT_EQ(a.predicted_seconds, b.predicted_seconds) << what << " " << a.algorithm->name;
    expect_same_tree(a.schedule.tree, b.schedule.tree, what + " " + std::string(a.algorithm->name));
  }
}

void expect_same_steps(const std::vector<std::vector<Transfer>>& a, const std::vector<std::vector<Transfer>>& b,
                       const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t s = 0; s < a.size(); ++s) {
    ASSERT_EQ(a[s].size(), b[s].size()) << what << ": step " << s;
    for (std::size_t k = 0; k < a[s].size(); ++k) {
      EXPECT_EQ(a[s][k].from, b[s][k].from) << what << ": step " << s;
      EXPECT_EQ(a[s][k].to, b[s][k].to) << what << ": step " << s;
      EXPECT_EQ(a[s][k].packet, b[s][k].packet) << what << ": step " << s;
    }
  }
}

// The frames' time with the every-edge walk: each transfer starts when both of its ranks have
// finished their earlier transfers (the executor's blocking sends and receives, no barrier).
double reference_frames_time(const FrameSchedule& fs, std::size_t bytes, std::size_t segment_bytes,
                             const P2PModel& cost) {
  const int packets = packet_count(bytes, segment_bytes);
  const std::size_t base = bytes / std::size_t(packets), extra = bytes % std::size_t(packets);
  std::vector<double> busy_until(std::size_t(fs.procs), 0.0);
  for (const auto& step : detail::run_frames_walk(fs, packets, true))
    for (const Transfer& t : step) {
      const double start = std::max(busy_until[std::size_t(t.from)], busy_until[std::size_t(t.to)]);
      const double end = start + cost.p2p(t.from, t.to, double(base + (std::size_t(t.packet) < extra ? 1 : 0)));
      busy_until[std::size_t(t.from)] = busy_until[std::size_t(t.to)] = end;
    }
  return *std::max_element(busy_until.begin(), busy_until.end());
}

const int kSizes[] = {5, 17, 64, 200};

}  // namespace

TEST(DecisionEquivalence, BuildersMatchPlainGreedy) {
  const Collective ops[] = {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather,
                            Collective::scatterv};
  for (int n : kSizes)
    for (unsigned seed : {1u, 2u}) {
      const HockneyModel random = collsel::testing::random_hockney(n, 100 * seed + unsigned(n));
      const HockneyModel tied = tied_hockney(n, 7 * seed + unsigned(n));
      for (const HockneyModel* m : {&random, &tied}) {
        const Opaque opaque(*m);
        std::vector<std::size_t> blocks(static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r) blocks[std::size_t(r)] = 1000 + std::size_t((r * 7919) % 5000);
        for (Collective op : ops)
          for (int root : {0, n / 3, n - 1}) {
            CallShape shape{.op = op, .procs = n, .root = root, .bytes = 48 * 1024};
            if (op == Collective::scatterv) shape.block_bytes = blocks;
            for (const P2PModel* cost : {static_cast<const P2PModel*>(m), static_cast<const P2PModel*>(&opaque)}) {
              const BuildContext ctx{*cost, shape, 16 * 1024};
              for (const std::string family : {"bfs", "dfs", "ucs"})
                for (const bool fastest : {true, false}) {
                  const std::string name = "binomial_" + family + (fastest ? "_min" : "_max");
                  const std::string what = name + " n=" + std::to_string(n) + " root=" + std::to_string(root) +
                                           " op=" + std::to_string(int(op));
                  const Schedule s = find_algorithm(name)->build(ctx);
                  expect_same_tree(s.tree, reference_mapped(*m, shape, family, fastest), what);
                }
              if (op == Collective::bcast || op == Collective::reduce)
                expect_same_tree(find_algorithm("chain")->build(ctx).tree, reference_chain(*m, shape, 16 * 1024),
                                 "chain n=" + std::to_string(n));
            }
          }
      }
    }
}

TEST(DecisionEquivalence, DecideSameOnFastAndPlainModel) {
  const Collective ops[] = {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather};
  for (int n : kSizes)
    for (unsigned seed : {3u, 4u, 5u}) {
      const HockneyModel m = seed == 3   ? collsel::testing::random_hockney(n, seed + unsigned(n))
                             : seed == 4 ? tied_hockney(n, seed)
                                         : piecewise_hockney(n, seed + unsigned(n));
      const Opaque opaque(m);
      for (Collective op : ops)
        for (std::size_t bytes : {std::size_t(1024), std::size_t(200 * 1024)}) {
          const CallShape shape{.op = op, .procs = n, .root = n / 2, .bytes = bytes};
          const Decision fast = decide({.shape = shape, .cost = &m});
          const Decision plain = decide({.shape = shape, .cost = &opaque});
          const std::string what = "n=" + std::to_string(n) + " op=" + std::to_string(int(op)) +
                                   " bytes=" + std::to_string(bytes);
          expect_same_decision(fast, plain, what);
          for (std::size_t k = 0; k < fast.candidates.size(); ++k) {
            const Candidate& a = fast.candidates[k];
            // Each candidate's time is exactly the prediction of its schedule (no cached shortcut).
            if (a.schedule.kind != ScheduleKind::native) {
              EXPECT_EQ(a.predicted_seconds, predict(a.schedule, shape, m)) << what << " " << a.algorithm->name;
            }
            if (a.schedule.kind == ScheduleKind::frames) {
              EXPECT_EQ(a.predicted_seconds, reference_frames_time(*a.schedule.frames, shape.bytes,
                                                                   a.schedule.segment_bytes, m))
                  << what;
            }
          }
        }
    }
}

// decide() lays the pipelined_tree rows' trees out once and predicts a plan they share once
// (PipelineLayoutCache); each row built on its own must come to the very same schedule. On one
// switch and on three, with a rank per host and with ranks sharing hosts, at sizes where the rows
// price one segment, several, and different windows.
TEST(DecisionEquivalence, SharedPipelineLayoutsMatchEachRowBuiltAlone) {
  for (const int n : {5, 17, 64})
    for (const int layout : {0, 1, 2}) {
      HockneyModel m = collsel::testing::random_hockney(n, 40u + unsigned(n));
      std::vector<int> groups(static_cast<std::size_t>(n)), hosts(static_cast<std::size_t>(n));
      for (int r = 0; r < n; ++r) groups[std::size_t(r)] = r % 3, hosts[std::size_t(r)] = r / 2;
      if (layout == 1) m.set_switch_groups(groups);
      if (layout == 2) m.set_hosts(hosts);
      for (const Collective op : {Collective::bcast, Collective::reduce})
        for (const std::size_t bytes : {std::size_t(48 * 1024), std::size_t(1) << 20, std::size_t(4) << 20})
          for (const int root : {0, n - 1}) {
            const CallShape shape{.op = op, .procs = n, .root = root, .bytes = bytes, .element_bytes = 8};
            const Decision d = decide({.shape = shape, .cost = &m, .segment_bytes = kAutoSegmentBytes});
            const std::string what = "n=" + std::to_string(n) + " layout=" + std::to_string(layout) +
                                     " op=" + std::to_string(int(op)) + " bytes=" + std::to_string(bytes) +
                                     " root=" + std::to_string(root);
            int pipelines = 0;
            for (const Candidate& c : d.candidates) {
              if (c.schedule.kind != ScheduleKind::pipeline) continue;
              ++pipelines;
              const Schedule alone = c.algorithm->build(BuildContext{m, shape, kAutoSegmentBytes});
              expect_same_tree(c.schedule.tree, alone.tree, what + " " + std::string(c.algorithm->name));
              EXPECT_EQ(c.schedule.segment_bytes, alone.segment_bytes) << what << " " << c.algorithm->name;
              EXPECT_EQ(c.schedule.window, alone.window) << what << " " << c.algorithm->name;
              EXPECT_EQ(c.predicted_seconds, predict(alone, shape, m)) << what << " " << c.algorithm->name;
            }
            EXPECT_GE(pipelines, n > 2 ? 2 : 1) << what;
          }
    }
}

// A cache handed a request for another call lays the layouts out afresh and forgets its prices.
TEST(DecisionEquivalence, PipelineLayoutCacheStartsAfreshForAnotherCall) {
  PipelineLayoutCache cache;
  int laid_out = 0;
  auto lay_out = [&] {
    ++laid_out;
    return std::vector<Tree>(std::size_t(laid_out));
  };
  const CallShape bcast{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1 << 20};
  EXPECT_EQ(cache.layouts(bcast, kAutoSegmentBytes, lay_out).size(), 1u);
  cache.set_price(0, 65536, 4, 1.5);
  EXPECT_EQ(cache.layouts(bcast, kAutoSegmentBytes, lay_out).size(), 1u);
  EXPECT_EQ(cache.price(0, 65536, 4), 1.5);
  EXPECT_FALSE(cache.price(0, 65536, 2).has_value());
  CallShape other_root = bcast;
  other_root.root = 3;
  EXPECT_EQ(cache.layouts(other_root, kAutoSegmentBytes, lay_out).size(), 2u);
  EXPECT_FALSE(cache.price(0, 65536, 4).has_value());
  EXPECT_EQ(cache.layouts(other_root, 128 * 1024, lay_out).size(), 3u);
  CallShape reduce = other_root;
  reduce.op = Collective::reduce;
  reduce.element_bytes = 8;
  EXPECT_EQ(cache.layouts(reduce, 128 * 1024, lay_out).size(), 4u);
  EXPECT_EQ(laid_out, 4);
}

TEST(DecisionEquivalence, LiveEdgeRunEqualsEveryEdgeWalk) {
  // Frame schedules from the LP builder (small P), the rank-order chain used above 16 ranks, and
  // random matchings; every packet choice, oriented or not, with and without the rate cap.
  std::vector<FrameSchedule> schedules;
  for (int n : {5, 9, 17}) {
    const HockneyModel m = collsel::testing::random_hockney(n, 40u + unsigned(n));
    const bbs::Graph g = bbs::complete_from_model(m, 16 * 1024);
    schedules.push_back(bbs::build(g, n / 2, {.orient = false, .choice = PacketChoice::rarest, .balance_root = false}));
    schedules.push_back(bbs::build(g, 0, {}));
  }
  for (int n : {33, 64, 200}) {
    const CallShape shape{.op = Collective::bcast, .procs = n, .root = n / 3, .bytes = 64 * 1024};
    const HockneyModel m = collsel::testing::random_hockney(n, 9u);
    schedules.push_back(*find_algorithm("bbs")->build(BuildContext{m, shape, 16 * 1024}).frames);
  }
  std::mt19937 gen(5);
  for (int n : {6, 11, 30}) {
    FrameSchedule fs{.procs = n, .root = 1};
    std::vector<int> ranks(static_cast<std::size_t>(n));
    std::iota(ranks.begin(), ranks.end(), 0);
    for (int f = 0; f < 4; ++f) {
      std::shuffle(ranks.begin(), ranks.end(), gen);
      auto& frame = fs.frames.emplace_back();
      for (int k = 0; k + 1 < n; k += 2) frame.emplace_back(ranks[std::size_t(k)], ranks[std::size_t(k + 1)]);
    }
    // Make sure every rank is reachable: a chain frame in rank order.
    auto& chain = fs.frames.emplace_back();
    for (int k = 0; k + 1 < n; ++k) chain.emplace_back(k, k + 1);
    for (const bool oriented : {true, false})
      for (const PacketChoice choice :
           {PacketChoice::lowest_missing, PacketChoice::forward_potential, PacketChoice::rarest})
        for (const double rate : {0.0, 0.5}) {
          FrameSchedule v = fs;
          v.oriented = oriented;
          v.choice = choice;
          v.receive_rate = rate;
          if (oriented) {  // oriented edges only send from→to: orient the chain away from the root
            for (auto& frame : v.frames)
              for (auto& e : frame)
                if (e.second == v.root) std::swap(e.first, e.second);
            v.frames.back().clear();
            for (int k = 0; k < n; ++k)
              if (k != v.root) v.frames.back().emplace_back(v.root, k);
          }
          schedules.push_back(v);
        }
  }
  for (std::size_t i = 0; i < schedules.size(); ++i)
    for (int packets : {1, 2, 7, 70}) {
      const std::string what = "schedule " + std::to_string(i) + " packets " + std::to_string(packets);
      std::vector<std::vector<Transfer>> every, live;
      bool every_threw = false, live_threw = false;
      try {
        every = detail::run_frames_walk(schedules[i], packets, true);
      } catch (const std::logic_error&) {
        every_threw = true;
      }
      try {
        live = run_frames(schedules[i], packets);
      } catch (const std::logic_error&) {
        live_threw = true;
      }
      ASSERT_EQ(every_threw, live_threw) << what;
      expect_same_steps(live, every, what);
    }
}

// Host-class models: the builders pick per cost group (select.hpp, GroupedPool) where a
// plain scan looks at every unplaced rank; the trees must be the same. 96 hosts in 3 classes, 6
// representatives with 2 processes each and tied times; one rank per host, and two per host (the
// anchor's own host then offers a cheaper or dearer pair than its group elsewhere).
TEST(DecisionEquivalence, GroupedPicksOnHostClassesMatchPlainScan) {  // mapped binomials and chain
  Cluster cluster;
  for (int h = 0; h < 96; ++h) {
    cluster.hosts.push_back("h" + std::to_string(h));
    cluster.host_class.push_back(h % 3);
  }
  for (int p = 0; p < 12; ++p) {
    cluster.process_host.push_back(p / 2);
    cluster.process_core.push_back(-1);
  }
  const HockneyModel base = tied_hockney(12, 5);
  const Collective ops[] = {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather};
  for (const int per_host : {1, 2, 4}) {  // 4: a cost group spans hosts, several of its ranks on each
    std::vector<RankPlacement> ranks;
    for (int r = 0; r < 96 * per_host; ++r) ranks.push_back({"h" + std::to_string(r / per_host), -1});
    const MappedModel mapped(base, cluster, ranks);
    const int n = mapped.size();
    ASSERT_GT(mapped.cost_groups(), 0);
    ASSERT_LE(mapped.cost_groups() * 8, n) << "the grouped path must be taken";
    const Opaque opaque(mapped);
    for (Collective op : ops)
      for (int root : {0, 1, n / 3, n - 1}) {
        const CallShape shape{.op = op, .procs = n, .root = root, .bytes = 48 * 1024};
        for (const std::string family : {"bfs", "dfs", "ucs"})
          for (const bool fastest : {true, false}) {
            const std::string name = "binomial_" + family + (fastest ? "_min" : "_max");
            const Schedule grouped = find_algorithm(name)->build(BuildContext{mapped, shape, 16 * 1024});
            const Schedule scanned = find_algorithm(name)->build(BuildContext{opaque, shape, 16 * 1024});
            expect_same_tree(grouped.tree, scanned.tree,
                             name + " per_host=" + std::to_string(per_host) + " op=" + std::to_string(int(op)) +
                                 " root=" + std::to_string(root));
          }
        if (op == Collective::bcast || op == Collective::reduce)
          expect_same_tree(find_algorithm("chain")->build(BuildContext{mapped, shape, 16 * 1024}).tree,
                           find_algorithm("chain")->build(BuildContext{opaque, shape, 16 * 1024}).tree,
                           "chain per_host=" + std::to_string(per_host) + " root=" + std::to_string(root));
      }
  }
}

// The same with switch groups (host_classes.hpp): a rank's cost group also keeps its switch
// group, so ranks of one cost group are all near an anchor or none. 192 hosts in 3 classes, each
// class in 4 switch groups (blocks of 48 hosts); calibrated processes on hosts 0-5 and 48-53
// (per class a near pair and a far representative).
TEST(DecisionEquivalence, GroupedPicksWithSwitchGroupsMatchPlainScan) {
  Cluster cluster;
  for (int h = 0; h < 192; ++h) {
    cluster.hosts.push_back("h" + std::to_string(h));
    cluster.host_class.push_back(h % 3);
    cluster.host_group.push_back((h / 48) * 3 + h % 3);
  }
  for (int h : {0, 1, 2, 3, 4, 5, 48, 49, 50, 51, 52, 53}) {
    cluster.process_host.push_back(h);
    cluster.process_core.push_back(-1);
  }
  HockneyModel base = tied_hockney(12, 5);
  // The calibrated processes behind their hosts' switches, so that every rank is behind its
  // process's (rank_mapping.hpp) and the pipelines lay out one tree per switch group.
  base.set_switch_groups({0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
  for (const int per_host : {1, 2}) {
    std::vector<RankPlacement> ranks;
    for (int r = 0; r < 192 * per_host; ++r) ranks.push_back({"h" + std::to_string(r / per_host), -1});
    const MappedModel mapped(base, cluster, ranks);
    const int n = mapped.size();
    ASSERT_GT(mapped.cost_groups(), 0);
    ASSERT_LE(mapped.cost_groups() * 8, n) << "the grouped path must be taken";
    const Opaque opaque(mapped);
    for (Collective op : {Collective::bcast, Collective::scatter, Collective::gather})
      for (int root : {0, 7, n / 2 + 1, n - 1}) {
        const CallShape shape{.op = op, .procs = n, .root = root, .bytes = 48 * 1024};
        for (const std::string family : {"bfs", "dfs", "ucs"})
          for (const bool fastest : {true, false}) {
            const std::string name = "binomial_" + family + (fastest ? "_min" : "_max");
            expect_same_tree(find_algorithm(name)->build(BuildContext{mapped, shape, 16 * 1024}).tree,
                             find_algorithm(name)->build(BuildContext{opaque, shape, 16 * 1024}).tree,
                             name + " groups per_host=" + std::to_string(per_host) + " root=" + std::to_string(root));
          }
        if (op == Collective::bcast)
          expect_same_tree(find_algorithm("chain")->build(BuildContext{mapped, shape, 16 * 1024}).tree,
                           find_algorithm("chain")->build(BuildContext{opaque, shape, 16 * 1024}).tree,
                           "chain groups per_host=" + std::to_string(per_host) + " root=" + std::to_string(root));
      }
    // The pipelines' links between switch groups, searched by cost group on one rank per host
    // (with two, hosts are laid out by their links and the pairs are scanned as they are).
    if (per_host != 1) continue;
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (int root : {0, n / 2 + 1})
        for (const std::size_t bytes : {std::size_t(48 * 1024), std::size_t(1) << 20})
          for (const char* name : {"pipelined_tree", "pipelined_tree_fine"}) {
            const CallShape shape{.op = op, .procs = n, .root = root, .bytes = bytes, .element_bytes = 8};
            const BuildContext fast{mapped, shape, kAutoSegmentBytes}, plain{opaque, shape, kAutoSegmentBytes};
            if (const auto* row = find_algorithm(name); row->applies && !row->applies(fast)) continue;
            const Schedule a = find_algorithm(name)->build(fast), b = find_algorithm(name)->build(plain);
            const std::string what = std::string(name) + " per_host=" + std::to_string(per_host) +
                                     " op=" + std::to_string(int(op)) + " root=" + std::to_string(root) +
                                     " bytes=" + std::to_string(bytes);
            expect_same_tree(a.tree, b.tree, what);
            EXPECT_EQ(a.segment_bytes, b.segment_bytes) << what;
          }
  }
}

// A pair model without host classes run with many ranks per host (16 hosts, two calibrated
// processes each; 16 or 20 ranks per host): the mapped model tables the pairs and the builders pick
// by cost group, as with classes. Every candidate's tree and predicted time must be the plain
// scan's; and a model where most ranks have a process of their own keeps the rows on the base.
TEST(DecisionEquivalence, GroupedPicksOnAPairModelWithManyRanksPerHostMatchPlainScan) {
  Cluster cluster;
  for (int h = 0; h < 16; ++h) cluster.hosts.push_back("h" + std::to_string(h));
  for (int p = 0; p < 32; ++p) {
    cluster.process_host.push_back(p / 2);
    cluster.process_core.push_back(-1);
  }
  const HockneyModel base = tied_hockney(32, 11);
  const Collective ops[] = {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather};
  for (const int per_host : {16, 20}) {
    std::vector<RankPlacement> ranks;
    for (int r = 0; r < 16 * per_host; ++r) ranks.push_back({"h" + std::to_string(r % 16), -1});
    const MappedModel mapped(base, cluster, ranks);
    const int n = mapped.size();
    ASSERT_EQ(mapped.cost_groups(), 32);
    const Opaque opaque(mapped);
    for (Collective op : ops)
      for (int root : {0, 1, n / 3, n - 1}) {
        const CallShape shape{.op = op, .procs = n, .root = root, .bytes = 48 * 1024};
        const Decision grouped = decide({.shape = shape, .cost = &mapped});
        const Decision plain = decide({.shape = shape, .cost = &opaque});
        const std::string what = "per_host=" + std::to_string(per_host) + " op=" + std::to_string(int(op)) +
                                 " root=" + std::to_string(root);
        expect_same_decision(grouped, plain, what);
      }
  }
  std::vector<RankPlacement> few;
  for (int r = 0; r < 64; ++r) few.push_back({"h" + std::to_string(r % 16), -1});
  EXPECT_EQ(MappedModel(base, cluster, few).cost_groups(), 0) << "2 ranks per process: rows on the base model";
}

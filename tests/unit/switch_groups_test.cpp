// Switch groups inferred from latencies (switch_groups.hpp), their mapping to ranks, and the
// pipelines that keep a group together: chain finishes a group before it moves on, pipelined_tree
// enters and leaves every group once; a model file without host classes carries them.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "collsel/bounds.hpp"
#include "collsel/hockney.hpp"
#include "collsel/model_file.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/registry.hpp"
#include "collsel/switch_groups.hpp"
#include "test_models.hpp"

using namespace collsel;

namespace {

// Hosts behind switches: host i's own link adds delay[i] and passes 1/beta[i] bytes per second;
// a pair behind one switch adds 1 µs, a pair across switches both switches' up-link delays. Each
// latency is off by up to `noise` (relative), as a calibration's fit is.
struct Switched {
  std::vector<int> group;
  std::vector<double> delay, beta, uplink;
};

Switched draw(const std::vector<int>& group_sizes, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> delay(2e-6, 50e-6), up(10e-6, 50e-6), beta(1e-9, 2.5e-8);
  Switched s;
  for (std::size_t g = 0; g < group_sizes.size(); ++g) {
    s.uplink.push_back(up(gen));
    for (int h = 0; h < group_sizes[g]; ++h) {
      s.group.push_back(int(g));
      s.delay.push_back(delay(gen));
      s.beta.push_back(beta(gen));
    }
  }
  // Interleave the groups' processes, as a host file ordered by name would.
  std::vector<std::size_t> order(s.group.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), gen);
  Switched shuffled = s;
  for (std::size_t i = 0; i < order.size(); ++i) {
    shuffled.group[i] = s.group[order[i]];
    shuffled.delay[i] = s.delay[order[i]];
    shuffled.beta[i] = s.beta[order[i]];
  }
  return shuffled;
}

HockneyModel model_of(const Switched& s, double noise, unsigned seed) {
  const int n = int(s.group.size());
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> off(1 - noise, 1 + noise);
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const std::size_t a = std::size_t(i), b = std::size_t(j);
      const double path = s.group[a] == s.group[b] ? 1e-6 : s.uplink[std::size_t(s.group[a])] + s.uplink[std::size_t(s.group[b])];
      m.set(i, j, (s.delay[a] + s.delay[b] + path) * off(gen), std::max(s.beta[a], s.beta[b]));
    }
  return m;
}

// Same partition, whatever the labels.
void expect_same_partition(const std::vector<int>& got, const std::vector<int>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i)
    for (std::size_t j = 0; j < want.size(); ++j)
      EXPECT_EQ(got[i] == got[j], want[i] == want[j]) << "processes " << i << " and " << j;
}

}  // namespace

TEST(InferredSwitchGroups, AreFoundFromTheLatenciesWhateverTheHostsOwnDelays) {
  for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    const Switched s = draw({4, 4, 7}, seed);
    const HockneyModel m = model_of(s, 0.005, seed + 100);
    expect_same_partition(infer_switch_groups(m), s.group);
  }
  // A host alone behind its switch, among two other groups. (Beside a single other group it would
  // look like a host with a slow link of its own: no third group tells the two apart.)
  const Switched lone = draw({1, 5, 6}, 8u);
  expect_same_partition(infer_switch_groups(model_of(lone, 0.005, 9u)), lone.group);
}

// One pair of hosts behind one switch whose latency is far off the others' pattern (SimGrid: two
// hosts slow to start, 424 us where their own delays add up to 216): every pair that holds one of
// the two looks split by the other, and the switch must not be.
TEST(InferredSwitchGroups, APairOffThePatternDoesNotSplitItsSwitch) {
  for (unsigned seed : {1u, 2u, 3u, 4u}) {
    const Switched s = draw(seed % 2 ? std::vector<int>{4, 4} : std::vector<int>{4, 5, 4}, seed);
    HockneyModel m = model_of(s, 0.005, seed + 20);
    int a = -1, b = -1;  // the first two processes of group 0
    for (int p = 0; p < int(s.group.size()) && b < 0; ++p)
      if (s.group[std::size_t(p)] == 0) (a < 0 ? a : b) = p;
    ASSERT_GE(b, 0);
    const double off = 4 * (s.uplink[0] + s.uplink[1]);
    m.set(a, b, m.alpha(a, b) + off, m.beta(a, b));
    m.set(b, a, m.alpha(b, a) + off, m.beta(b, a));
    expect_same_partition(infer_switch_groups(m), s.group);
  }
}

// Two hosts with the same links behind one switch are exactly alike (spread 0), where every other
// pair's fit is off by some microseconds: that one pair is no switch of its own.
TEST(InferredSwitchGroups, OnePairAlikeIsNoSwitch) {
  const std::vector<int> group = {0, 0, 0, 1, 1, 2, 2};
  const std::vector<double> uplink = {100e-6, 150e-6, 120e-6};
  const int n = int(group.size());
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const std::size_t a = std::size_t(i), b = std::size_t(j);
      const double delay = 40e-6 + (i > 1 ? 10e-6 * double(i) : 0) + (j > 1 ? 10e-6 * double(j) : 0);
      const double path = group[a] == group[b] ? 0 : uplink[std::size_t(group[a])] + uplink[std::size_t(group[b])];
      // The fit's error: a pair's own, the same for processes 0 and 1 to any third process.
      const int x = i > 1 ? i : 0, y = j > 1 ? j : 0;
      m.set(i, j, delay + path + 2e-6 * double((x + y) % 5), 1e-9);
    }
  expect_same_partition(infer_switch_groups(m), group);
}

TEST(InferredSwitchGroups, OneSwitchOrNoStructureGivesNone) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const Switched one = draw({12}, seed);
    EXPECT_TRUE(infer_switch_groups(model_of(one, 0.005, seed)).empty()) << seed;
    // Latencies without a switch's structure: every pair its own.
    EXPECT_TRUE(infer_switch_groups(collsel::testing::random_hockney(12, seed)).empty()) << seed;
  }
}

TEST(InferredSwitchGroups, ProcessesOfOneHostTakeTheirHostsGroup) {
  // Two processes per host (2h, 2h + 1), 0.3 us apart: the hosts' switches, not the hosts.
  const Switched s = draw({3, 4, 3}, 4u);
  const HockneyModel hosts = model_of(s, 0.005, 5u);
  const int n = 2 * int(s.group.size());
  HockneyModel m(n);
  std::vector<int> process_host, want;
  for (int i = 0; i < n; ++i) {
    process_host.push_back(i / 2);
    want.push_back(s.group[std::size_t(i / 2)]);
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, i / 2 == j / 2 ? 3e-7 : hosts.alpha(i / 2, j / 2), i / 2 == j / 2 ? 1e-10 : hosts.beta(i / 2, j / 2));
  }
  expect_same_partition(infer_switch_groups(m, process_host), want);
}

TEST(InferredSwitchGroups, TooFewProcessesGiveNone) {
  const Switched s = draw({2, 1}, 3u);
  EXPECT_TRUE(infer_switch_groups(model_of(s, 0.0, 1u)).empty());
}

TEST(InferredSwitchGroups, RanksTakeTheirProcessesGroup) {
  const Switched s = draw({3, 3}, 6u);
  HockneyModel m = model_of(s, 0.0, 1u);
  m.set_switch_groups(infer_switch_groups(m));
  ASSERT_EQ(m.switch_groups().size(), 6u);
  Cluster cluster;
  for (int h = 0; h < 6; ++h) {
    cluster.hosts.push_back("h" + std::to_string(h));
    cluster.process_host.push_back(h);
    cluster.process_core.push_back(-1);
  }
  // Ranks on hosts 5, 0, 5, 2: two ranks on host 5.
  std::vector<RankPlacement> ranks;
  for (int h : {5, 0, 5, 2}) ranks.push_back(RankPlacement{.host = "h" + std::to_string(h)});
  const MappedModel mapped(m, cluster, ranks);
  const std::vector<int> want = {m.switch_groups()[5], m.switch_groups()[0], m.switch_groups()[5], m.switch_groups()[2]};
  EXPECT_EQ(mapped.switch_groups(), want);
  // A call whose ranks all sit behind one switch has no groups to keep together.
  EXPECT_TRUE(call_switch_groups(mapped, 1).empty());
}

TEST(InferredSwitchGroups, ChainFinishesAGroupBeforeItMovesOn) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const Switched s = draw({5, 4, 6}, seed);
    HockneyModel m = model_of(s, 0.0, seed);
    m.set_switch_groups(s.group);
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (int root : {0, 7, 14}) {
        const CallShape shape{.op = op, .procs = 15, .root = root, .bytes = 4 << 20, .element_bytes = 8};
        const Schedule chain = find_algorithm("chain")->build(BuildContext{m, shape, kAutoSegmentBytes});
        // Walk the path from the root: each group appears in one run.
        std::set<int> finished;
        int at = root, visited = 1;
        while (!chain.tree.children(at).empty()) {
          ASSERT_EQ(chain.tree.children(at).size(), 1u);
          const int next = chain.tree.children(at)[0];
          const int from = s.group[std::size_t(at)], to = s.group[std::size_t(next)];
          if (from != to) {
            finished.insert(from);
            EXPECT_FALSE(finished.count(to)) << "group " << to << " entered twice, seed " << seed;
          }
          at = next;
          ++visited;
        }
        EXPECT_EQ(visited, 15);
      }
  }
}

TEST(InferredSwitchGroups, PipelinedTreeEntersAndLeavesEveryGroupOnce) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const Switched s = draw({5, 4, 6, 1}, seed);
    HockneyModel m = model_of(s, 0.0, seed);
    m.set_switch_groups(s.group);
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (int root : {0, 8, 15}) {
        const CallShape shape{.op = op, .procs = 16, .root = root, .bytes = 4 << 20, .element_bytes = 8};
        const Schedule tree = find_algorithm("pipelined_tree")->build(BuildContext{m, shape, kAutoSegmentBytes});
        ASSERT_EQ(tree.kind, ScheduleKind::pipeline);
        std::vector<int> entered(4, 0), left(4, 0);
        for (int r = 0; r < 16; ++r) {
          const int p = tree.tree.parent(r);
          if (p < 0) continue;
          const int from = s.group[std::size_t(p)], to = s.group[std::size_t(r)];
          if (from == to) continue;
          ++entered[std::size_t(to)];
          ++left[std::size_t(from)];
        }
        // Every up-link is crossed once each way at most: a group is entered once (the root's
        // once at most: a relay behind another switch takes the message out of the root's group,
        // where no host is twice as fast as the root, and it comes back once) and left once.
        const int root_group = s.group[std::size_t(root)];
        for (int g = 0; g < 4; ++g) {
          if (g == root_group)
            EXPECT_LE(entered[std::size_t(g)], 1) << "group " << g << " seed " << seed;
          else
            EXPECT_EQ(entered[std::size_t(g)], 1) << "group " << g << " seed " << seed;
          EXPECT_LE(left[std::size_t(g)], 1) << "group " << g << " seed " << seed;
        }
      }
  }
}

namespace {

// Three switches: the root's group (ranks 0–3) and group 1 (4–7) of hosts passing 1 GB/s, group 2
// of hosts passing 1/slow_beta[h] bytes per second. Rank order is group order.
Switched slow_group(const std::vector<double>& slow_beta) {
  Switched s;
  s.uplink = {10e-6, 30e-6, 20e-6};
  for (int g = 0; g < 3; ++g)
    for (int h = 0; h < (g == 2 ? int(slow_beta.size()) : 4); ++h) {
      s.group.push_back(g);
      s.delay.push_back(5e-6 + 1e-6 * double(h));
      s.beta.push_back(g == 2 ? slow_beta[std::size_t(h)] : 1e-9);
    }
  return s;
}
Switched slow_group(int slow_hosts, double slow_beta) {
  return slow_group(std::vector<double>(std::size_t(slow_hosts), slow_beta));
}

// Children of `parent` in another group than its own.
int children_across(const Schedule& schedule, const Switched& s, int parent) {
  int across = 0;
  for (const int c : schedule.tree.children(parent)) across += s.group[std::size_t(c)] != s.group[std::size_t(parent)];
  return across;
}

}  // namespace

// A group of hosts twenty times slower than the exit that reaches it: no member of it relays to
// another (decision record 0030); the exit serves them all, and the other groups are still entered
// once.
TEST(InferredSwitchGroups, PipelinedTreeServesASlowGroupFromItsExit) {
  const Switched s = slow_group(3, 2e-8);
  HockneyModel m = model_of(s, 0.0, 1);
  m.set_switch_groups(s.group);
  for (const char* name : {"pipelined_tree", "pipelined_tree_narrow"})
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (int root : {0, 5}) {
        const CallShape shape{.op = op, .procs = 11, .root = root, .bytes = 4 << 20, .element_bytes = 8};
        const Schedule tree = find_algorithm(name)->build(BuildContext{m, shape, kAutoSegmentBytes});
        int exit = -1;
        for (int r = 8; r < 11; ++r) {
          const int p = tree.tree.parent(r);
          ASSERT_GE(p, 0);
          EXPECT_NE(s.group[std::size_t(p)], 2) << name << ": slow rank " << r << " relayed by slow rank " << p;
          if (exit < 0) exit = p;
          EXPECT_EQ(p, exit) << name << ": the slow group is served by one exit";
        }
        for (const int g : {0, 1}) {
          int entered = 0;
          for (int r = 0; r < 11; ++r)
            entered += tree.tree.parent(r) >= 0 && s.group[std::size_t(r)] == g &&
                       s.group[std::size_t(tree.tree.parent(r))] != g;
          EXPECT_EQ(entered, s.group[std::size_t(root)] == g ? 0 : 1) << name << " group " << g;
        }
      }
}

// Hosts ten times slower than the exit: the exit serves as many as its link passes in one of the
// head's segment times, its own children included, and the rest still hang under the head.
TEST(InferredSwitchGroups, AnExitServesASlowGroupOnlyAsFarAsItsLinkKeepsUp) {
  const Switched s = slow_group(8, 1e-8);
  HockneyModel m = model_of(s, 0.0, 1);
  m.set_switch_groups(s.group);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 16, .root = 0, .bytes = 4 << 20, .element_bytes = 8};
    const Schedule tree = find_algorithm("pipelined_tree")->build(BuildContext{m, shape, kAutoSegmentBytes});
    int exit = -1, under_head = 0;
    for (int r = 8; r < 16; ++r) {
      const int p = tree.tree.parent(r);
      if (s.group[std::size_t(p)] != 2) exit = p;
      else ++under_head;
    }
    ASSERT_GE(exit, 0);
    EXPECT_GT(children_across(tree, s, exit), 1) << "the exit serves more of the slow group than its head";
    // A 64 KiB segment between two hosts of the slow group, and between two of the exit's.
    const double slow_segment = m.p2p(8, 9, 65536), fast_segment = m.p2p(4, 5, 65536);
    EXPECT_LE(double(tree.tree.children(exit).size()) * fast_segment, slow_segment)
        << "no more than its link passes at the head's pace";
    EXPECT_GT(under_head, 0) << "the rest hang under the head";
  }
}

// A head ten times slower than its exit but ten times faster than the group's other hosts paces
// none of them: the group is entered once, through its head, as before.
TEST(InferredSwitchGroups, ASlowHeadThatOutrunsItsMembersStillServesThem) {
  const Switched s = slow_group({1e-8, 1e-7, 1e-7, 1e-7});
  HockneyModel m = model_of(s, 0.0, 1);
  m.set_switch_groups(s.group);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 12, .root = 0, .bytes = 4 << 20, .element_bytes = 8};
    const Schedule tree = find_algorithm("pipelined_tree")->build(BuildContext{m, shape, kAutoSegmentBytes});
    EXPECT_NE(s.group[std::size_t(tree.tree.parent(8))], 2) << "the fastest host heads its group";
    for (int r = 9; r < 12; ++r) EXPECT_EQ(tree.tree.parent(r), 8) << "rank " << r << " hangs under the head";
  }
}

// A slow root whose switch holds one more host as slow, and fast hosts behind two other switches:
// no slow host relays, the root's included (decision record 0030).
TEST(InferredSwitchGroups, ASlowRootIsNotRelayedByAHostAsSlow) {
  Switched s;
  s.uplink = {10e-6, 30e-6, 20e-6};
  for (int g = 0; g < 3; ++g)
    for (int h = 0; h < (g == 0 ? 2 : 4); ++h) {
      s.group.push_back(g);
      s.delay.push_back(g == 0 && h == 1 ? 1e-6 : 5e-6 + 1e-6 * double(h));
      s.beta.push_back(g == 0 ? 2e-8 : 1e-9);
    }
  HockneyModel m = model_of(s, 0.0, 1);
  m.set_switch_groups(s.group);
  for (const char* name : {"pipelined_tree", "pipelined_tree_narrow"})
    for (Collective op : {Collective::bcast, Collective::reduce}) {
      const CallShape shape{.op = op, .procs = 10, .root = 0, .bytes = 4 << 20, .element_bytes = 8};
      const Schedule tree = find_algorithm(name)->build(BuildContext{m, shape, kAutoSegmentBytes});
      EXPECT_TRUE(tree.tree.children(1).empty()) << name << ": the slow rank 1 relays";
      for (const int c : tree.tree.children(0))
        EXPECT_TRUE(c == 1 || s.group[std::size_t(c)] != 0) << name << ": the root serves " << c;
    }
}

// A 1 Gbit/s root whose switch holds a 1 Gbit/s and a 400 Mbit/s host, fast hosts behind another
// switch: the root's link crossing to the other switch counts toward its fan-out, so it sends no
// more copies than pass in one of the slowest receiver's segment times (decision record 0043;
// laid out as a k-ary tree beside its exit link it sent three, 1.45 times the bound).
TEST(InferredSwitchGroups, AnExitsLinkChildCountsTowardItsFanOut) {
  Switched s;
  s.uplink = {100e-6, 100e-6};
  s.group = {0, 0, 0, 1, 1, 1, 1, 1};
  s.delay = {2e-6, 50e-6, 50e-6, 20e-6, 50e-6, 20e-6, 2e-6, 50e-6};
  s.beta = {8e-9, 8e-9, 2e-8, 5e-9, 8e-9, 5e-9, 5e-9, 5e-9};
  HockneyModel m = model_of(s, 0.0, 1);
  m.set_switch_groups(s.group);
  for (Collective op : {Collective::bcast, Collective::reduce}) {
    const CallShape shape{.op = op, .procs = 8, .root = 0, .bytes = 1 << 20, .element_bytes = 8};
    const Schedule tree = find_algorithm("pipelined_tree")->build(BuildContext{m, shape, kAutoSegmentBytes});
    const double root_segment = m.p2p(0, 1, 65536), slowest_segment = m.p2p(0, 2, 65536);
    EXPECT_LE(double(tree.tree.children(0).size()) * root_segment, slowest_segment)
        << "the root serves " << tree.tree.children(0).size() << " children";
    EXPECT_EQ(children_across(tree, s, 0), 1) << "the root's group is left once, from the root";
    EXPECT_NE(tree.tree.parent(2), 0) << "the slow host hangs under the other 1 Gbit/s host";
  }
}

TEST(InferredSwitchGroups, AModelFileWithoutClassesCarriesThem) {
  const std::string dir = COLLSEL_TEST_DATA_DIR "/models/";
  // LMO's latencies from a calibration on a SimGrid platform with three switches.
  const ModelFile switched = read_model_file(dir + "switched-15.toml");
  const P2PModel* lmo = switched.model("lmo");
  ASSERT_NE(lmo, nullptr);
  expect_same_partition(lmo->switch_groups(), {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2});
  // One switch: none. Host classes: left to the calibration's own host_group.
  EXPECT_TRUE(read_model_file(dir + "hetero-8.toml").default_model()->switch_groups().empty());
  EXPECT_TRUE(read_model_file(dir + "classes-6.toml").default_model()->switch_groups().empty());
}

namespace {

// Ranks on hosts (host_of, rank order interleaving the hosts): a pair on one host costs 0.5 µs
// and `inside[h]` s/B, a pair across hosts 20 µs and the slower of the two hosts' links. Host 0
// has no loopback of its own: its copies pass its (slow) link twice, dearer than leaving it.
HockneyModel hosts_model(const std::vector<int>& host_of, const std::vector<double>& link, const std::vector<double>& inside) {
  const int n = int(host_of.size());
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const std::size_t a = std::size_t(host_of[std::size_t(i)]), b = std::size_t(host_of[std::size_t(j)]);
      if (a == b)
        m.set(i, j, 0.5e-6, inside[a]);
      else
        m.set(i, j, 20e-6 + 1e-6 * double((i * 7 + j * 3) % 5), std::max(link[a], link[b]));
    }
  m.set_hosts(host_of);
  return m;
}

const std::vector<int> kHostOf = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 3, 0, 1, 3, 2, 1};  // 4 + 5 + 3 + 4 ranks
const std::vector<double> kLink = {1.0 / 12.5e6, 1.0 / 1.25e9, 1.0 / 250e6, 1.0 / 50e6};
const std::vector<double> kInside = {1.0 / 6e6, 1.0 / 12.5e9, 1.0 / 12.5e9, 1.0 / 12.5e9};

}  // namespace

TEST(HostGroups, ChainFinishesAHostBeforeItLeaves) {
  for (const bool switched : {false, true}) {
    HockneyModel m = hosts_model(kHostOf, kLink, kInside);
    if (switched) m.set_switch_groups({0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0});  // hosts 0, 1 | 2, 3
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (int root : {0, 1, 6, 15}) {
        const CallShape shape{.op = op, .procs = 16, .root = root, .bytes = 4 << 20, .element_bytes = 8};
        const Schedule chain = find_algorithm("chain")->build(BuildContext{m, shape, kAutoSegmentBytes});
        std::set<int> left;
        int at = root, visited = 1;
        while (!chain.tree.children(at).empty()) {
          ASSERT_EQ(chain.tree.children(at).size(), 1u);
          const int next = chain.tree.children(at)[0];
          const int from = kHostOf[std::size_t(at)], to = kHostOf[std::size_t(next)];
          if (from != to) {
            left.insert(from);
            EXPECT_FALSE(left.count(to)) << "host " << to << " entered twice, root " << root << " switched " << switched;
          }
          at = next;
          ++visited;
        }
        EXPECT_EQ(visited, 16);
      }
  }
}

TEST(HostGroups, PipelinedTreeEntersAHostOnceAndLeavesItFromItsEntry) {
  for (const bool switched : {false, true}) {
    HockneyModel m = hosts_model(kHostOf, kLink, kInside);
    if (switched) m.set_switch_groups({0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0});
    for (Collective op : {Collective::bcast, Collective::reduce})
      for (int root : {0, 1, 6, 15}) {
        const CallShape shape{.op = op, .procs = 16, .root = root, .bytes = 4 << 20, .element_bytes = 8};
        const Schedule tree = find_algorithm("pipelined_tree")->build(BuildContext{m, shape, kAutoSegmentBytes});
        ASSERT_EQ(tree.kind, ScheduleKind::pipeline);
        std::vector<int> entered(4, 0);
        std::vector<std::set<int>> exits(4);
        for (int r = 0; r < 16; ++r) {
          const int p = tree.tree.parent(r);
          if (p < 0) continue;
          const int from = kHostOf[std::size_t(p)], to = kHostOf[std::size_t(r)];
          if (from == to) continue;
          ++entered[std::size_t(to)];
          exits[std::size_t(from)].insert(p);
        }
        const int root_host = kHostOf[std::size_t(root)];
        for (int h = 0; h < 4; ++h) {
          EXPECT_EQ(entered[std::size_t(h)], h == root_host ? 0 : 1) << "host " << h << " root " << root;
          EXPECT_LE(exits[std::size_t(h)].size(), 1u) << "host " << h << " root " << root;
        }
        // A host's ranks form one subtree: every rank's parent is on its host, or it is the entry.
        for (int r = 0; r < 16; ++r) {
          const int p = tree.tree.parent(r);
          if (p >= 0 && kHostOf[std::size_t(p)] != kHostOf[std::size_t(r)])
            for (int q = 0; q < 16; ++q)
              if (q != r && kHostOf[std::size_t(q)] == kHostOf[std::size_t(r)]) {
                int up = q;
                while (up != r && up != root && kHostOf[std::size_t(up)] == kHostOf[std::size_t(r)]) up = tree.tree.parent(up);
                EXPECT_EQ(up, r) << "rank " << q << " not under its host's entry " << r;
              }
        }
      }
  }
}

TEST(HostGroups, RanksSharingAHostAreKnownToTheMappedModel) {
  HockneyModel m(4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (i != j) m.set(i, j, 1e-5, 1e-9);
  Cluster cluster;
  cluster.hosts = {"a", "b", "c"};
  cluster.process_host = {0, 0, 1, 2};
  cluster.process_core = {-1, -1, -1, -1};
  std::vector<RankPlacement> ranks;
  for (const char* h : {"c", "a", "b", "a"}) ranks.push_back(RankPlacement{.host = h});
  const MappedModel shared(m, cluster, ranks);
  EXPECT_EQ(shared.hosts(), (std::vector<int>{2, 0, 1, 0}));
  EXPECT_EQ(call_hosts(shared, 4), (std::vector<int>{2, 0, 1, 0}));
  EXPECT_TRUE(call_hosts(shared, 3).empty());  // ranks 0-2 on three hosts
  // Any host ids: the first process whose host a lower one has decides every prefix.
  HockneyModel ids(5);
  ids.set_hosts({5, 3, 7, 3, 5});
  EXPECT_EQ(ids.first_shared_host(), 3u);
  EXPECT_TRUE(call_hosts(ids, 3).empty());
  EXPECT_EQ(call_hosts(ids, 4), (std::vector<int>{5, 3, 7, 3}));
  ids.set_hosts({1, 2, 3});
  EXPECT_EQ(ids.first_shared_host(), 3u);
  // A rank per host: none, and the pipelines are laid out as before.
  ranks.pop_back();
  EXPECT_TRUE(MappedModel(m, cluster, ranks).hosts().empty());
}

// Six hosts of 100 Mbit/s but host 2, whose link passes 10 Gbit/s: every pair of it runs at its
// partner's 100 Mbit/s, so only its link's measured floor (the model file's [links]) shows it. With
// the floor the root sends the message once, to host 2, which serves every other host; the tree
// comes within a few percent of the bound. Without it, host 2 looks as slow as the rest and the
// root's link carries several copies.
TEST(HostGroups, AHostFasterThanAllItsPartnersServesTheOthersOnceItsFloorIsKnown) {
  std::vector<int> host_of;
  for (int r = 0; r < 18; ++r) host_of.push_back(r % 6);
  const std::vector<double> link(6, 1.0 / 12.5e6), inside(6, 1.0 / 12.5e9);
  for (Collective op : {Collective::bcast, Collective::reduce})
    for (const bool floor : {false, true}) {
      HockneyModel m = hosts_model(host_of, link, inside);
      if (floor) {
        std::vector<double> rate(18, 0.0);
        for (int r = 0; r < 18; ++r)
          if (host_of[std::size_t(r)] == 2) rate[std::size_t(r)] = 1.25e9;
        m.set_link_floors(rate, rate);
      }
      const CallShape shape{.op = op, .procs = 18, .root = 0, .bytes = 4 << 20, .element_bytes = 8};
      const Schedule s = find_algorithm("pipelined_tree")->build(BuildContext{m, shape, kAutoSegmentBytes});
      const double t = predict(s, shape, m), bound = bandwidth_bound(shape, m);
      std::vector<int> root_serves, hub_serves;  // hosts, by their entries
      for (int r = 0; r < 18; ++r) {
        const int p = s.tree.parent(r);
        if (p < 0 || host_of[std::size_t(p)] == host_of[std::size_t(r)]) continue;
        if (p == 0) root_serves.push_back(host_of[std::size_t(r)]);
        if (host_of[std::size_t(p)] == 2) hub_serves.push_back(host_of[std::size_t(r)]);
      }
      const std::string name = std::string(to_string(op)) + (floor ? " with the floor" : " without");
      if (floor) {
        EXPECT_EQ(root_serves, std::vector<int>{2}) << name;
        EXPECT_EQ(hub_serves.size(), 4u) << name;
        EXPECT_LT(t, 1.1 * bound) << name;
      } else {
        EXPECT_GT(t, 1.5 * bound) << name << ": the hub is hidden";
      }
    }
}

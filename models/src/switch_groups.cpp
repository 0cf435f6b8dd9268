// infer_switch_groups, call_switch_groups, call_hosts: switch_groups.hpp.
#include "collsel/switch_groups.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace collsel {

namespace {

// The threshold between the spreads of pairs behind one switch and across switches: the
// geometric middle of the first clear gap of the sorted spreads with at least two pairs below it;
// negative where there is none. One pair alike (two hosts with the same links behind one switch,
// spread 0, where the others' fits differ by tens of microseconds) is a coincidence, not a switch.
double first_gap(const std::vector<double>& spread, int n, const SwitchGroupRules& rules) {
  std::vector<double> sorted;
  sorted.reserve(std::size_t(n) * std::size_t(n - 1) / 2);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) sorted.push_back(spread[std::size_t(i) * std::size_t(n) + std::size_t(j)]);
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t m = 1; m + 1 < sorted.size(); ++m) {
    const double below = std::max(sorted[m], rules.noise_floor_s), above = sorted[m + 1];
    if (above >= rules.gap_ratio * below && above >= rules.min_spread_s) return std::sqrt(below * above);
  }
  return -1;
}

// Groups of the processes `members` of `model`, one per member; empty as infer_switch_groups.
std::vector<int> groups_of(const P2PModel& model, const std::vector<int>& members, const SwitchGroupRules& rules) {
  const int n = int(members.size());
  if (n < rules.min_processes || n > rules.max_processes) return {};
  const std::size_t un = std::size_t(n);
  std::vector<double> latency(un * un, 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int a = members[std::size_t(i)], b = members[std::size_t(j)];
      const double d = 0.5 * (model.p2p(a, b, 0) + model.p2p(b, a, 0));
      latency[std::size_t(i) * un + std::size_t(j)] = latency[std::size_t(j) * un + std::size_t(i)] = d;
    }
  const auto at = [un](int i, int j) { return std::size_t(i) * un + std::size_t(j); };
  std::vector<double> spread(un * un, 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (int k = 0; k < n; ++k) {
        if (k == i || k == j) continue;
        const double d = latency[at(i, k)] - latency[at(j, k)];
        lo = std::min(lo, d);
        hi = std::max(hi, d);
      }
      const double s = hi - lo;
      if (!std::isfinite(s)) return {};
      spread[at(i, j)] = spread[at(j, i)] = s;
    }
  double threshold = first_gap(spread, n, rules);
  if (threshold < 0) return {};
  // A pair's latency off the others' pattern (SimGrid: two hosts whose own links are both slow to
  // start, 424 us where their delays add up to 216) makes every pair that holds one of the two
  // look split by the other: the third process leans towards one side of the pair alone. Where a
  // split rests on one such process k, leaning towards i (j) while k's own spread to i (j) is
  // above the threshold (k is not behind i's switch), the split is that pair's error, and the
  // spread is taken without k. A host truly behind i's switch has a small spread to i and stays.
  // Per pair, the two lowest and the two highest differences D(i,k) − D(j,k) over every third
  // process k, with the k of each extreme.
  struct Extremes {
    double low = std::numeric_limits<double>::infinity(), low2 = low, high = -low, high2 = -low;
    int low_k = -1, high_k = -1;
  };
  const auto extremes = [&](int i, int j) {
    Extremes e;
    for (int k = 0; k < n; ++k) {
      if (k == i || k == j) continue;
      const double d = latency[at(i, k)] - latency[at(j, k)];
      if (d < e.low) e.low2 = e.low, e.low = d, e.low_k = k;
      else if (d < e.low2) e.low2 = d;
      if (d > e.high) e.high2 = e.high, e.high = d, e.high_k = k;
      else if (d > e.high2) e.high2 = d;
    }
    return e;
  };
  std::vector<double> kept = spread;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      if (spread[at(i, j)] < threshold || n < 5) continue;
      const Extremes e = extremes(i, j);
      const double without_low = e.high - e.low2, without_high = e.high2 - e.low;
      double trimmed = spread[at(i, j)];
      if (without_low < threshold && spread[at(i, e.low_k)] >= threshold) trimmed = without_low;
      if (without_high < threshold && spread[at(j, e.high_k)] >= threshold) trimmed = std::min(trimmed, without_high);
      kept[at(i, j)] = kept[at(j, i)] = trimmed;
    }
  // The gap found again, never below the first one: a trimmed pair's spread falls to nothing where
  // the untrimmed pairs behind one switch keep their tens of microseconds, and that is no gap.
  if (kept != spread) {
    spread = std::move(kept);
    threshold = std::max(threshold, first_gap(spread, n, rules));
  }
  std::vector<int> group(un, -1);
  int groups = 0;
  bool any_shared = false;
  for (int first = 0; first < n; ++first) {
    if (group[std::size_t(first)] >= 0) continue;
    group[std::size_t(first)] = groups;
    std::vector<int> stack{first};
    while (!stack.empty()) {
      const int a = stack.back();
      stack.pop_back();
      for (int b = 0; b < n; ++b)
        if (group[std::size_t(b)] < 0 && spread[at(a, b)] < threshold) {
          group[std::size_t(b)] = groups;
          any_shared = true;
          stack.push_back(b);
        }
    }
    ++groups;
  }
  if (groups < 2 || !any_shared) return {};
  return group;
}

}  // namespace

std::vector<int> infer_switch_groups(const P2PModel& model, const SwitchGroupRules& rules) {
  std::vector<int> all(std::size_t(model.size()));
  for (std::size_t p = 0; p < all.size(); ++p) all[p] = int(p);
  return groups_of(model, all, rules);
}

std::vector<int> infer_switch_groups(const P2PModel& model, const std::vector<int>& process_host,
                                     const SwitchGroupRules& rules) {
  if (process_host.size() != std::size_t(model.size())) return {};
  std::vector<int> first_of_host;  // by host index, -1 = none yet
  std::vector<int> members;
  for (std::size_t p = 0; p < process_host.size(); ++p) {
    const int h = process_host[p];
    if (h < 0) return {};
    if (std::size_t(h) >= first_of_host.size()) first_of_host.resize(std::size_t(h) + 1, -1);
    if (first_of_host[std::size_t(h)] < 0) {
      first_of_host[std::size_t(h)] = int(members.size());
      members.push_back(int(p));
    }
  }
  const std::vector<int> host_group = groups_of(model, members, rules);
  if (host_group.empty()) return {};
  std::vector<int> group(process_host.size());
  for (std::size_t p = 0; p < group.size(); ++p)
    group[p] = host_group[std::size_t(first_of_host[std::size_t(process_host[p])])];
  return group;
}

std::vector<int> call_switch_groups(const P2PModel& cost, int procs) {
  const std::vector<int>& all = cost.switch_groups();
  if (procs < 2 || all.size() < std::size_t(procs)) return {};
  std::vector<int> groups(all.begin(), all.begin() + procs);
  if (std::all_of(groups.begin(), groups.end(), [&](int g) { return g == groups[0]; })) return {};
  return groups;
}

std::vector<int> call_hosts(const P2PModel& cost, int procs) {
  const std::vector<int>& all = cost.hosts();
  if (procs < 2 || all.size() < std::size_t(procs)) return {};
  if (cost.first_shared_host() >= std::size_t(procs)) return {};  // no two of them on one host
  return std::vector<int>(all.begin(), all.begin() + procs);
}

}  // namespace collsel

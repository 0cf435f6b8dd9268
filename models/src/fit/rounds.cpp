// Schedules of parallel experiments. Pairs: the circle method of a round-robin tournament, O(n^2)
// pairs in n - 1 (even n) or n (odd n) rounds of disjoint pairs. Triplets: greedy first-fit of the
// C(n,3) triplets in lexicographic order into rounds of disjoint triplets, O(n^3) per round; or a
// sample, a shuffled partition per layer, O(layers * n).
// Waves: first fit of a round's groups under per-host capacities, O(groups^2 * group size).
#include <algorithm>
#include <random>
#include <stdexcept>

#include "collsel/fit.hpp"
#include "collsel/portable_shuffle.hpp"

namespace collsel::fit {

std::vector<PairRound> pair_rounds(int n) {
  std::vector<PairRound> rounds;
  if (n < 2) return rounds;
  // With odd n a phantom player m - 1 = n makes the count even; its partner sits the round out.
  const int m = n % 2 ? n + 1 : n;
  std::vector<int> ring(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i) ring[std::size_t(i)] = i;
  for (int r = 0; r < m - 1; ++r) {
    PairRound round;
    for (int k = 0; k < m / 2; ++k) {
      int a = ring[std::size_t(k)], b = ring[std::size_t(m - 1 - k)];
      if (a >= n || b >= n) continue;
      if (a > b) std::swap(a, b);
      round.push_back({a, b});
    }
    rounds.push_back(std::move(round));
    // Keep ring[0] fixed, rotate the rest by one.
    std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());
  }
  return rounds;
}

namespace {

// Greedy first fit of triplets, in order, into rounds of disjoint triplets.
std::vector<TripletRound> pack_triplets(std::vector<std::array<int, 3>> left, int n) {
  std::vector<TripletRound> rounds;
  while (!left.empty()) {
    TripletRound round;
    std::vector<char> busy(std::size_t(n), 0);
    std::vector<std::array<int, 3>> rest;
    for (const auto& t : left) {
      if (busy[std::size_t(t[0])] || busy[std::size_t(t[1])] || busy[std::size_t(t[2])]) {
        rest.push_back(t);
        continue;
      }
      for (int p : t) busy[std::size_t(p)] = 1;
      round.push_back(t);
    }
    rounds.push_back(std::move(round));
    left = std::move(rest);
  }
  return rounds;
}

}  // namespace

std::vector<TripletRound> triplet_rounds(int n) {
  std::vector<std::array<int, 3>> all;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k) all.push_back({i, j, k});
  return pack_triplets(std::move(all), n);
}

std::vector<TripletRound> sampled_triplet_rounds(int n, int layers) {
  if (n < 3 || layers < 1) throw std::invalid_argument("sampled_triplet_rounds: needs n >= 3 and layers >= 1");
  std::mt19937_64 random(0x636f6c6c73656cULL);  // every rank draws the same permutations
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[std::size_t(i)] = i;
  auto sorted = [](std::array<int, 3> t) {
    std::sort(t.begin(), t.end());
    return t;
  };
  std::vector<TripletRound> rounds;
  std::vector<std::array<int, 3>> extra;
  for (int layer = 0; layer < layers; ++layer) {
    portable_shuffle(order, random);
    TripletRound round;
    const std::size_t whole = order.size() / 3 * 3;
    for (std::size_t k = 0; k < whole; k += 3) round.push_back(sorted({order[k], order[k + 1], order[k + 2]}));
    rounds.push_back(std::move(round));
    if (whole < order.size())  // the one or two left over, completed from the permutation's start
      extra.push_back(sorted({order[whole], whole + 1 < order.size() ? order[whole + 1] : order[1], order[0]}));
  }
  for (TripletRound& r : pack_triplets(std::move(extra), n)) rounds.push_back(std::move(r));
  return rounds;
}

std::vector<TripletRound> lmo_triplet_rounds(int n) {
  return n <= kAllTripletsUpTo ? triplet_rounds(n) : sampled_triplet_rounds(n, kTripletLayers);
}

std::vector<std::vector<std::size_t>> waves(const std::vector<std::vector<int>>& groups, std::span<const int> host_of,
                                            std::span<const int> capacity, bool share_links) {
  std::vector<std::vector<std::size_t>> out;
  std::vector<char> placed(groups.size(), 0);
  for (std::size_t left = groups.size(); left > 0;) {
    std::vector<int> active(capacity.size(), 0);
    std::vector<char> link_busy(capacity.size(), 0);  // a group spanning hosts uses the host's link
    std::vector<std::size_t> wave;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (placed[g]) continue;
      std::vector<int> need(capacity.size(), 0);
      int hosts = 0;
      for (int p : groups[g]) hosts += need[std::size_t(host_of[std::size_t(p)])]++ == 0;
      const bool crosses = hosts > 1 && !share_links;
      bool fits = true;
      for (std::size_t h = 0; h < capacity.size() && fits; ++h)
        fits = need[h] == 0 || (active[h] + need[h] <= std::max(1, capacity[h]) && !(crosses && link_busy[h]));
      // An empty wave takes any group, so a group larger than a host still runs (alone).
      if (!fits && !wave.empty()) continue;
      for (std::size_t h = 0; h < capacity.size(); ++h) {
        active[h] += need[h];
        if (crosses && need[h] > 0) link_busy[h] = 1;
      }
      wave.push_back(g);
      placed[g] = 1;
      --left;
    }
    out.push_back(std::move(wave));
  }
  return out;
}

}  // namespace collsel::fit

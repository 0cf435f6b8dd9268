// Schedules of parallel experiments. Pairs: the circle method of a round-robin tournament, O(n^2)
// pairs in n - 1 (even n) or n (odd n) rounds of disjoint pairs. Triplets: greedy first-fit of the
// C(n,3) triplets in lexicographic order into rounds of disjoint triplets, O(n^3) per round.
#include <algorithm>

#include "collsel/fit.hpp"

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

std::vector<TripletRound> triplet_rounds(int n) {
  std::vector<std::array<int, 3>> left;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k) left.push_back({i, j, k});
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

}  // namespace collsel::fit

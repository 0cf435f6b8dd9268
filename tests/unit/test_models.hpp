// Small p2p models shared by the algorithm, prediction and decision tests.
#pragma once

#include <random>

#include "collsel/hockney.hpp"

namespace collsel::testing {

// Distinct α_ij, β_ij for every ordered pair (asymmetric unless `symmetric`).
inline HockneyModel random_hockney(int n, unsigned seed, bool symmetric = false) {
  HockneyModel m(n);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> a(1e-6, 5e-6), b(1e-9, 4e-9);
  for (int i = 0; i < n; ++i)
    for (int j = symmetric ? i + 1 : 0; j < n; ++j) {
      if (i == j) continue;
      const double x = a(gen), y = b(gen);
      if (symmetric) m.set_symmetric(i, j, x, y);
      else m.set(i, j, x, y);
    }
  return m;
}

// Processes 2h and 2h+1 on host h; every link touching a process of host `slow_host` is 50x slower.
inline HockneyModel one_slow_host(int n, int slow_host, unsigned seed) {
  HockneyModel m = random_hockney(n, seed, true);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j && (i / 2 == slow_host || j / 2 == slow_host)) m.set(i, j, 50 * m.alpha(i, j), 50 * m.beta(i, j));
  return m;
}

}  // namespace collsel::testing

// A shuffle that draws the same permutation everywhere: Fisher–Yates on the generator's raw
// output. The sequences of the standard engines (mt19937, mt19937_64) are fixed by the standard;
// std::shuffle and the distributions are not, so they could differ between standard libraries —
// and every rank of a job, every build and every CI check must draw the same orders.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace collsel {

template <class T, class Engine>
void portable_shuffle(std::vector<T>& v, Engine& engine) {
  for (std::size_t j = v.size(); j > 1; --j) std::swap(v[j - 1], v[std::size_t(engine() % j)]);
}

}  // namespace collsel

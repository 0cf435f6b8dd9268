#include "order.hpp"

#include <algorithm>
#include <numeric>
#include <random>

#include "collsel/portable_shuffle.hpp"

namespace collsel::bench {

namespace {

// The Williams design for n positions: row i is 0, 1, n-1, 2, n-2, ... shifted by i (mod n).
// Consecutive positions of the first row differ by 1, -2, 3, -4, ...: for even n every non-zero
// residue once, so each ordered pair is adjacent in exactly one row; for odd n the reversed rows
// supply the residues the first ones repeat, each ordered pair then adjacent in exactly two rows.
std::vector<std::vector<std::size_t>> williams_rows(std::size_t n) {
  std::vector<std::size_t> first(n);
  for (std::size_t j = 1; j < n; ++j) first[j] = j % 2 == 1 ? (j + 1) / 2 : n - j / 2;
  std::vector<std::vector<std::size_t>> rows;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<std::size_t> row(n);
    for (std::size_t j = 0; j < n; ++j) row[j] = (first[j] + i) % n;
    rows.push_back(std::move(row));
  }
  if (n % 2 == 1)
    for (std::size_t i = 0; i < n; ++i) rows.emplace_back(rows[i].rbegin(), rows[i].rend());
  return rows;
}

}  // namespace

std::vector<std::vector<std::size_t>> repetition_orders(std::size_t entries, std::size_t reps, std::uint32_t seed) {
  std::vector<std::vector<std::size_t>> orders;
  if (entries == 0) return std::vector<std::vector<std::size_t>>(reps);
  std::mt19937 rng(seed);
  std::vector<std::size_t> entry_at(entries);  // which entry takes each position of the design
  std::iota(entry_at.begin(), entry_at.end(), std::size_t{0});
  portable_shuffle(entry_at, rng);
  const auto rows = williams_rows(entries);
  std::vector<std::size_t> pass(rows.size());
  while (orders.size() < reps) {
    std::iota(pass.begin(), pass.end(), std::size_t{0});
    portable_shuffle(pass, rng);
    for (std::size_t r = 0; r < pass.size() && orders.size() < reps; ++r) {
      std::vector<std::size_t> order(entries);
      for (std::size_t j = 0; j < entries; ++j) order[j] = entry_at[rows[pass[r]][j]];
      orders.push_back(std::move(order));
    }
  }
  return orders;
}

}  // namespace collsel::bench

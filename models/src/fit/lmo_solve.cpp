// Averaged LMO solutions of the triplet experiments (cpm-manual §6.6.3.5): each experiment solved
// in O(1), then O(n^2) links.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "collsel/fit.hpp"

namespace collsel::fit {

LmoModel solve_lmo(const LmoMeasurements& m, double min_inverse_rate, std::vector<std::string>* clamped) {
  const int n = m.n;
  if (n < 3) throw std::invalid_argument("solve_lmo: needs at least 3 processes");
  if (!(m.M > 0)) throw std::invalid_argument("solve_lmo: the message size M must be positive");
  const std::size_t nn = std::size_t(n) * std::size_t(n);
  if (m.rt0.size() != nn || m.rtM.size() != nn) throw std::invalid_argument("solve_lmo: round-trip matrices are not n*n");
  auto rt0 = [&](int i, int j) { return m.rt0[std::size_t(i) * std::size_t(n) + std::size_t(j)]; };
  auto rtM = [&](int i, int j) { return m.rtM[std::size_t(i) * std::size_t(n) + std::size_t(j)]; };

  // C_i and t_i from every one-to-two experiment rooted at i (every triplet holding i, or the
  // sample of them that was measured).
  std::vector<double> C(std::size_t(n), 0.0), t(std::size_t(n), 0.0);
  std::vector<int> count(std::size_t(n), 0);
  for (const auto& e : m.one_to_two) {
    const int i = e.root, a = e.a, b = e.b;
    if (i < 0 || i >= n || a < 0 || a >= n || b < 0 || b >= n || i == a || i == b || a == b)
      throw std::invalid_argument("solve_lmo: a one-to-two experiment " + std::to_string(i) + " -> {" +
                                  std::to_string(a) + "," + std::to_string(b) + "} of " + std::to_string(n) +
                                  " processes");
    const double ci = (e.t0 - std::max(rt0(i, a), rt0(i, b))) / 2;
    const double both = std::max((rt0(i, a) + rtM(i, a)) / 2, (rt0(i, b) + rtM(i, b)) / 2);
    C[std::size_t(i)] += ci;
    t[std::size_t(i)] += (e.tM - both - 2 * ci) / m.M;
    ++count[std::size_t(i)];
  }
  for (int i = 0; i < n; ++i)
    if (count[std::size_t(i)] == 0)
      throw std::invalid_argument("solve_lmo: no one-to-two experiment from process " + std::to_string(i));
  LmoModel model(n);
  auto clamp = [&](double v, double lowest, const std::string& what) {
    if (v >= lowest) return v;
    if (clamped) clamped->push_back(what);
    return lowest;
  };
  for (int i = 0; i < n; ++i) {
    C[std::size_t(i)] = clamp(C[std::size_t(i)] / count[std::size_t(i)], 0.0, "lmo C " + std::to_string(i));
    t[std::size_t(i)] = clamp(t[std::size_t(i)] / count[std::size_t(i)], 0.0, "lmo t " + std::to_string(i));
    model.set_processor(i, C[std::size_t(i)], t[std::size_t(i)]);
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      // Links are symmetric: average the two directions' round trips (they are one measurement
      // when the caller measured the pair once).
      const double r0 = 0.5 * (rt0(i, j) + rt0(j, i)), rM = 0.5 * (rtM(i, j) + rtM(j, i));
      const std::string pair = std::to_string(i) + "-" + std::to_string(j);
      const double L = clamp(r0 / 2 - C[std::size_t(i)] - C[std::size_t(j)], 0.0, "lmo L " + pair);
      // The pair's measured per-byte time is what a message pays; the link term is what is left of
      // it after both hosts' variable delays, and it is negative where those delays overlap in one
      // transfer (a host's NIC that serialises its concurrent messages, as the one-to-two
      // experiment sees, works in parallel with the other host's in a single message: t_i + t_j
      // then exceeds the pair's time). Kept negative, as the averaged solution gives it, the model
      // reproduces the round trips it was solved from; only the pair's total is kept positive.
      const double per_byte = clamp((rM / 2 - C[std::size_t(i)] - L - C[std::size_t(j)]) / m.M, min_inverse_rate,
                                    "lmo per-byte " + pair);
      double inv = per_byte - t[std::size_t(i)] - t[std::size_t(j)];
      if (std::abs(inv) < min_inverse_rate) inv = min_inverse_rate;  // 1/rate = 0 would be an infinite rate
      model.set_link(i, j, L, 1.0 / inv);
    }
  return model;
}

LmoMeasurements lmo_between(const LmoMeasurements& a, const LmoMeasurements& b) {
  if (!(a.M > 0 && b.M > a.M)) throw std::invalid_argument("lmo_between: needs sizes 0 < a < b");
  if (a.n != b.n || a.rtM.size() != b.rtM.size() || a.one_to_two.size() != b.one_to_two.size())
    throw std::invalid_argument("lmo_between: the two sizes' experiments differ");
  auto intercept = [&](double ta, double tb) { return ta - a.M * (tb - ta) / (b.M - a.M); };
  LmoMeasurements m = b;
  m.rt0.resize(b.rtM.size());
  for (std::size_t k = 0; k < m.rt0.size(); ++k) m.rt0[k] = intercept(a.rtM[k], b.rtM[k]);
  for (std::size_t k = 0; k < m.one_to_two.size(); ++k) {
    const auto &ea = a.one_to_two[k], &eb = b.one_to_two[k];
    if (ea.root != eb.root || ea.a != eb.a || ea.b != eb.b)
      throw std::invalid_argument("lmo_between: the two sizes' one-to-two experiments are not in the same order");
    m.one_to_two[k].t0 = intercept(ea.tM, eb.tM);
  }
  return m;
}

}  // namespace collsel::fit

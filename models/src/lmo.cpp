// LMO point-to-point prediction and the flat scatter/gather formulas with their thresholds.
#include "collsel/lmo.hpp"

#include <algorithm>

namespace collsel {

LmoModel::LmoModel(int n)
    : n_(n),
      C_(std::size_t(n), 0.0),
      t_(std::size_t(n), 0.0),
      L_(std::size_t(n) * std::size_t(n), 0.0),
      rate_(std::size_t(n) * std::size_t(n), 0.0),
      inv_rate_(std::size_t(n) * std::size_t(n), 0.0) {}

void LmoModel::set_processor(int i, double C, double t) {
  C_[std::size_t(i)] = C;
  t_[std::size_t(i)] = t;
}

void LmoModel::set_link(int i, int j, double L, double rate) {
  const double inv = rate > 0 ? 1.0 / rate : 0.0;
  for (std::size_t k : {index(i, j), index(j, i)}) {
    L_[k] = L;
    rate_[k] = rate;
    inv_rate_[k] = inv;
  }
}

double LmoModel::p2p(int i, int j, double bytes) const {
  if (i == j) return 0.0;
  const std::size_t k = index(i, j);
  const std::size_t a = std::size_t(i), b = std::size_t(j);
  return C_[a] + L_[k] + C_[b] + bytes * (t_[a] + inv_rate_[k] + t_[b]);
}

void LmoModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  const std::size_t f = std::size_t(from), row = f * std::size_t(n_);
  const double base = C_[f], per_byte = t_[f];
  for (std::size_t k = 0; k < to.size(); ++k) {
    const std::size_t j = std::size_t(to[k]);
    out[k] = j == f ? 0.0 : base + L_[row + j] + C_[j] + bytes * (per_byte + inv_rate_[row + j] + t_[j]);
  }
}

// (n-1)(C_r + M t_r) is the root's own serial work; each receiver's part is
// L_ri + C_i + M (1/rate_ri + t_i), overlapping (max) or serialised (sum).
double LmoModel::flat(int root, double bytes, bool parallel) const {
  if (n_ <= 1) return 0.0;
  const std::size_t r = std::size_t(root);
  double part = 0.0;
  for (int i = 0; i < n_; ++i) {
    if (i == root) continue;
    const std::size_t k = index(root, i), ii = std::size_t(i);
    const double ti = L_[k] + C_[ii] + bytes * (inv_rate_[k] + t_[ii]);
    part = parallel ? std::max(part, ti) : part + ti;
  }
  return double(n_ - 1) * (C_[r] + bytes * t_[r]) + part;
}

double LmoModel::scatter_flat(int root, double bytes) const { return flat(root, bytes, bytes < S); }

double LmoModel::gather_flat(int root, double bytes) const {
  if (bytes < M1) return flat(root, bytes, true);
  if (bytes < M2) return flat(root, bytes, true) + gather_medium_extra;
  return flat(root, bytes, false);
}

}  // namespace collsel

namespace collsel {

bool LmoModel::operator==(const LmoModel& o) const {
  return n_ == o.n_ && C_ == o.C_ && t_ == o.t_ && L_ == o.L_ && rate_ == o.rate_ && S == o.S && M1 == o.M1 &&
         M2 == o.M2 && gather_medium_extra == o.gather_medium_extra;
}

}  // namespace collsel

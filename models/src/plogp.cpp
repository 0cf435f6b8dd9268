// PLogP prediction (L + g(M), g piecewise linear) and the LogGP parameters derived from it.
#include "collsel/plogp.hpp"

#include <algorithm>
#include <stdexcept>

namespace collsel {

double PiecewiseLinear::operator()(double M) const {
  const std::size_t n = std::min(x.size(), y.size());
  if (n == 0) return 0.0;
  if (n == 1 || M <= x[0]) return y[0];
  // First point strictly beyond M, limited to the last segment so that larger M extrapolates.
  std::size_t k = std::size_t(std::upper_bound(x.begin(), x.begin() + std::ptrdiff_t(n), M) - x.begin());
  k = std::min(k, n - 1);
  const double x0 = x[k - 1], x1 = x[k];
  if (x1 <= x0) return y[k];
  return y[k - 1] + (y[k] - y[k - 1]) * (M - x0) / (x1 - x0);
}

PlogpModel::PlogpModel(int n)
    : n_(n),
      L_(std::size_t(n) * std::size_t(n), 0.0),
      os_(std::size_t(n) * std::size_t(n)),
      or_(std::size_t(n) * std::size_t(n)),
      g_(std::size_t(n) * std::size_t(n)) {}

void PlogpModel::set(int i, int j, double L, PiecewiseLinear os, PiecewiseLinear orecv, PiecewiseLinear g) {
  const std::size_t k = index(i, j);
  L_[k] = L;
  os_[k] = std::move(os);
  or_[k] = std::move(orecv);
  g_[k] = std::move(g);
}

double PlogpModel::p2p(int i, int j, double bytes) const {
  if (i == j) return 0.0;
  const std::size_t k = index(i, j);
  return L_[k] + g_[k](bytes);
}

LogGPModel::LogGPModel(const PlogpModel& plogp, double max_bytes)
    : n_(plogp.size()),
      max_bytes_(max_bytes),
      L_(std::size_t(n_) * std::size_t(n_), 0.0),
      o2_(L_.size(), 0.0),
      g_(L_.size(), 0.0),
      G_(L_.size(), 0.0) {
  if (!(max_bytes >= 1.0)) throw std::invalid_argument("LogGP: max_bytes must be at least 1 byte");
  for (int i = 0; i < n_; ++i)
    for (int j = 0; j < n_; ++j) {
      if (i == j) continue;
      const std::size_t k = index(i, j);
      const double os1 = plogp.os(i, j)(1.0), or1 = plogp.orecv(i, j)(1.0), g1 = plogp.g(i, j)(1.0);
      L_[k] = plogp.L(i, j) + g1 - os1 - or1;
      o2_[k] = os1 + or1;
      g_[k] = g1;
      G_[k] = plogp.g(i, j)(max_bytes) / max_bytes;
    }
}

double LogGPModel::p2p(int i, int j, double bytes) const {
  if (i == j) return 0.0;
  const std::size_t k = index(i, j);
  return L_[k] + o2_[k] + (bytes >= 1.0 ? G_[k] * (bytes - 1.0) : 0.0);
}

void LogGPModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  const std::size_t row = std::size_t(from) * std::size_t(n_);
  const double extra = bytes >= 1.0 ? bytes - 1.0 : 0.0;
  for (std::size_t k = 0; k < to.size(); ++k) {
    const std::size_t j = std::size_t(to[k]);
    out[k] = to[k] == from ? 0.0 : L_[row + j] + o2_[row + j] + G_[row + j] * extra;
  }
}

}  // namespace collsel

namespace collsel {

bool PlogpModel::operator==(const PlogpModel& o) const {
  return n_ == o.n_ && L_ == o.L_ && os_ == o.os_ && or_ == o.or_ && g_ == o.g_;
}

bool LogGPModel::operator==(const LogGPModel& o) const {
  return n_ == o.n_ && max_bytes_ == o.max_bytes_ && L_ == o.L_ && o2_ == o.o2_ && g_ == o.g_ && G_ == o.G_;
}

}  // namespace collsel

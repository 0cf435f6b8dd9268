// PLogP prediction (L + g(M), g piecewise linear) and the LogGP parameters derived from it.
#include "collsel/plogp.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
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

namespace {

// One pair's LogGP(S) view: L' + 2o = L + g(1) (the two are kept apart only as parameters).
struct PairView {
  double L = 0, o2 = 0, g1 = 0, G = 0, R = 0;
  double at(double M, double S) const {
    return L + o2 + (M >= 1.0 ? G * (M - 1.0) : 0.0) + (M >= S ? R : 0.0);
  }
};

PairView pair_view(const PlogpModel& m, int i, int j, double Mmax, double S) {
  PairView v;
  const PiecewiseLinear& g = m.g(i, j);
  const double os1 = m.os(i, j)(1.0), or1 = m.orecv(i, j)(1.0);
  v.g1 = g(1.0);
  v.L = m.L(i, j) + v.g1 - os1 - or1;
  v.o2 = os1 + or1;
  if (!std::isfinite(S)) {
    v.G = g(Mmax) / Mmax;
  } else {
    v.G = std::max(0.0, (g(Mmax) - g(S)) / (Mmax - S));
    v.R = std::max(0.0, g(S) - v.g1 - v.G * (S - 1.0));
  }
  return v;
}

// Mean relative distance of every pair's view from PLogP at the points of its g (1 <= M <= Mmax).
double distance_from_plogp(const PlogpModel& m, double Mmax, double S) {
  double sum = 0;
  std::size_t points = 0;
  for (int i = 0; i < m.size(); ++i)
    for (int j = 0; j < m.size(); ++j) {
      if (i == j) continue;
      const PairView v = pair_view(m, i, j, Mmax, S);
      for (double M : m.g(i, j).x) {
        if (M < 1.0 || M > Mmax) continue;
        const double truth = m.p2p(i, j, M);
        if (truth > 0) sum += std::abs(v.at(M, S) - truth) / truth, ++points;
      }
    }
  return points ? sum / double(points) : 0.0;
}

// The rendezvous threshold whose view is nearest PLogP; infinity when plain LogGP is as near, or
// already within kPlainTolerance of it on average: the coarse view is refined only where it is off
// by more than a calibration's precision, not for the last per cent of a line's intercept.
double rendezvous_threshold(const PlogpModel& m, double Mmax) {
  constexpr std::size_t kMaxCandidates = 16;  // fitted pieces add points of their own per pair
  constexpr double kPlainTolerance = 0.05;
  std::map<double, std::size_t> seen;         // size -> pairs with a point there
  for (int i = 0; i < m.size(); ++i)
    for (int j = 0; j < m.size(); ++j)
      if (i != j)
        for (double M : m.g(i, j).x)
          if (M > 1.0 && M < Mmax) ++seen[M];
  std::vector<std::pair<double, std::size_t>> common(seen.begin(), seen.end());
  std::stable_sort(common.begin(), common.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (common.size() > kMaxCandidates) common.resize(kMaxCandidates);
  double best_S = std::numeric_limits<double>::infinity();
  double best = distance_from_plogp(m, Mmax, best_S);
  if (best <= kPlainTolerance) return best_S;
  for (const auto& [S, count] : common) {
    const double d = distance_from_plogp(m, Mmax, S);
    if (d < best) best = d, best_S = S;
  }
  return best_S;
}

}  // namespace

LogGPModel::LogGPModel(const PlogpModel& plogp, double max_bytes)
    : n_(plogp.size()),
      max_bytes_(max_bytes),
      L_(std::size_t(n_) * std::size_t(n_), 0.0),
      o2_(L_.size(), 0.0),
      g_(L_.size(), 0.0),
      G_(L_.size(), 0.0),
      R_(L_.size(), 0.0) {
  if (!(max_bytes >= 1.0)) throw std::invalid_argument("LogGP: max_bytes must be at least 1 byte");
  S_ = rendezvous_threshold(plogp, max_bytes);
  for (int i = 0; i < n_; ++i)
    for (int j = 0; j < n_; ++j) {
      if (i == j) continue;
      const std::size_t k = index(i, j);
      const PairView v = pair_view(plogp, i, j, max_bytes, S_);
      L_[k] = v.L;
      o2_[k] = v.o2;
      g_[k] = v.g1;
      G_[k] = v.G;
      R_[k] = v.R;
    }
}

double LogGPModel::p2p(int i, int j, double bytes) const {
  if (i == j) return 0.0;
  const std::size_t k = index(i, j);
  return L_[k] + o2_[k] + (bytes >= 1.0 ? G_[k] * (bytes - 1.0) : 0.0) + (bytes >= S_ ? R_[k] : 0.0);
}

void LogGPModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  const std::size_t row = std::size_t(from) * std::size_t(n_);
  const double extra = bytes >= 1.0 ? bytes - 1.0 : 0.0;
  const bool rendezvous = bytes >= S_;
  for (std::size_t k = 0; k < to.size(); ++k) {
    const std::size_t j = std::size_t(to[k]);
    out[k] = to[k] == from ? 0.0
                           : L_[row + j] + o2_[row + j] + G_[row + j] * extra + (rendezvous ? R_[row + j] : 0.0);
  }
}

}  // namespace collsel

namespace collsel {

bool PlogpModel::operator==(const PlogpModel& o) const {
  return n_ == o.n_ && L_ == o.L_ && os_ == o.os_ && or_ == o.or_ && g_ == o.g_;
}

bool LogGPModel::operator==(const LogGPModel& o) const {
  return n_ == o.n_ && max_bytes_ == o.max_bytes_ && S_ == o.S_ && L_ == o.L_ && o2_ == o.o2_ && g_ == o.g_ &&
         G_ == o.G_ && R_ == o.R_;
}

}  // namespace collsel

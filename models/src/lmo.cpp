// LMO point-to-point prediction and the flat scatter/gather formulas with their thresholds.
#include "collsel/lmo.hpp"

#include <algorithm>
#include <stdexcept>

namespace collsel {

LmoModel::LmoModel(int n) : n_(n) {
  const std::size_t nn = std::size_t(n) * std::size_t(n);
  pieces_.push_back(Piece{0.0, std::vector<double>(std::size_t(n), 0.0), std::vector<double>(std::size_t(n), 0.0),
                          std::vector<double>(nn, 0.0), std::vector<double>(nn, 0.0), std::vector<double>(nn, 0.0)});
}

void LmoModel::set_processor(int i, double C, double t, int p) {
  Piece& q = pieces_[std::size_t(p)];
  q.C[std::size_t(i)] = C;
  q.t[std::size_t(i)] = t;
}

void LmoModel::set_link(int i, int j, double L, double rate, int p) {
  Piece& q = pieces_[std::size_t(p)];
  const double inv = rate != 0 ? 1.0 / rate : 0.0;  // negative: the hosts' delays overlap (fit.hpp)
  for (std::size_t k : {index(i, j), index(j, i)}) {
    q.L[k] = L;
    q.rate[k] = rate;
    q.inv_rate[k] = inv;
  }
}

void LmoModel::add_piece(double start, const LmoModel& above) {
  if (above.n_ != n_) throw std::invalid_argument("LmoModel::add_piece: the piece has another number of processes");
  if (!(start > pieces_.back().start)) throw std::invalid_argument("LmoModel::add_piece: pieces start at increasing sizes");
  Piece q = above.pieces_.front();
  q.start = start;
  pieces_.push_back(std::move(q));
}

double LmoModel::p2p(int i, int j, double bytes) const {
  if (i == j) return 0.0;
  const Piece& q = pieces_[std::size_t(piece_of(bytes))];
  const std::size_t k = index(i, j);
  const std::size_t a = std::size_t(i), b = std::size_t(j);
  return q.C[a] + q.L[k] + q.C[b] + bytes * (q.t[a] + q.inv_rate[k] + q.t[b]);
}

void LmoModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  const Piece& q = pieces_[std::size_t(piece_of(bytes))];
  const std::size_t f = std::size_t(from), row = f * std::size_t(n_);
  const double base = q.C[f], per_byte = q.t[f];
  for (std::size_t k = 0; k < to.size(); ++k) {
    const std::size_t j = std::size_t(to[k]);
    out[k] = j == f ? 0.0 : base + q.L[row + j] + q.C[j] + bytes * (per_byte + q.inv_rate[row + j] + q.t[j]);
  }
}

// (n-1)(C_r + M t_r) is the root's own serial work; each receiver's part is
// L_ri + C_i + M (1/rate_ri + t_i), overlapping (max) or serialised (sum).
double LmoModel::flat(int root, double bytes, bool parallel) const {
  if (n_ <= 1) return 0.0;
  const Piece& q = pieces_[std::size_t(piece_of(bytes))];
  const std::size_t r = std::size_t(root);
  double part = 0.0;
  for (int i = 0; i < n_; ++i) {
    if (i == root) continue;
    const std::size_t k = index(root, i), ii = std::size_t(i);
    // Never negative, even where the link term is (the receiver's delay overlaps the root's).
    const double ti = std::max(0.0, q.L[k] + q.C[ii] + bytes * (q.inv_rate[k] + q.t[ii]));
    part = parallel ? std::max(part, ti) : part + ti;
  }
  return double(n_ - 1) * (q.C[r] + bytes * q.t[r]) + part;
}

double LmoModel::scatter_flat(int root, double bytes) const { return flat(root, bytes, bytes < S); }

double LmoModel::gather_flat(int root, double bytes) const {
  if (bytes < M1) return flat(root, bytes, true);
  if (bytes < M2) return flat(root, bytes, true) + gather_medium_extra;
  return flat(root, bytes, false);
}

bool LmoModel::operator==(const LmoModel& o) const {
  return n_ == o.n_ && pieces_ == o.pieces_ && S == o.S && M1 == o.M1 && M2 == o.M2 &&
         gather_medium_extra == o.gather_medium_extra;
}

}  // namespace collsel

#include "collsel/hockney.hpp"

#include <cmath>
#include <stdexcept>

namespace collsel {

HockneyModel::HockneyModel(int n, std::vector<double> piece_starts) : n_(n), starts_{0.0} {
  for (double s : piece_starts) {
    if (!(std::isfinite(s) && s > starts_.back()))
      throw std::invalid_argument("HockneyModel: piece starts must be finite, positive and increasing");
    starts_.push_back(s);
  }
  const std::size_t cells = starts_.size() * std::size_t(n) * std::size_t(n);
  alpha_.assign(cells, 0.0);
  beta_.assign(cells, 0.0);
}

void HockneyModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  const int piece = piece_of(bytes);
  const double* a = alpha_row(from, piece);
  const double* b = beta_row(from, piece);
  for (std::size_t k = 0; k < to.size(); ++k) {
    const int j = to[k];
    out[k] = j == from ? 0.0 : a[j] + b[j] * bytes;
  }
}

}  // namespace collsel

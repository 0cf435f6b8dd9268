#include "collsel/hockney.hpp"

namespace collsel {

void HockneyModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  const double* a = alpha_.data() + std::size_t(from) * std::size_t(n_);
  const double* b = beta_.data() + std::size_t(from) * std::size_t(n_);
  for (std::size_t k = 0; k < to.size(); ++k) {
    const int j = to[k];
    out[k] = j == from ? 0.0 : a[j] + b[j] * bytes;
  }
}

}  // namespace collsel

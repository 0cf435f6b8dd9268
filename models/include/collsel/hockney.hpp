// Heterogeneous Hockney model: T_ij(M) = alpha_ij + beta_ij * M (cpm-manual §6.4).
#pragma once

#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

class HockneyModel final : public P2PModel {
 public:
  explicit HockneyModel(int n = 0) : n_(n), alpha_(std::size_t(n) * n, 0.0), beta_(std::size_t(n) * n, 0.0) {}

  std::string_view kind() const override { return "hockney"; }
  int size() const override { return n_; }
  double p2p(int i, int j, double bytes) const override {
    if (i == j) return 0.0;
    const std::size_t k = index(i, j);
    return alpha_[k] + beta_[k] * bytes;
  }
  void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const override;

  double alpha(int i, int j) const { return alpha_[index(i, j)]; }  // seconds
  double beta(int i, int j) const { return beta_[index(i, j)]; }    // seconds per byte
  // Row i of α and β (n values each, row-major): what p2p(i, j, M) reads for every j.
  const double* alpha_row(int i) const { return alpha_.data() + std::size_t(i) * std::size_t(n_); }
  const double* beta_row(int i) const { return beta_.data() + std::size_t(i) * std::size_t(n_); }
  void set(int i, int j, double alpha, double beta) {
    alpha_[index(i, j)] = alpha;
    beta_[index(i, j)] = beta;
  }
  // Sets both directions: the model is symmetric unless calibrated otherwise.
  void set_symmetric(int i, int j, double alpha, double beta) {
    set(i, j, alpha, beta);
    set(j, i, alpha, beta);
  }

 private:
  std::size_t index(int i, int j) const { return std::size_t(i) * std::size_t(n_) + std::size_t(j); }
  int n_;
  std::vector<double> alpha_, beta_;
};

}  // namespace collsel

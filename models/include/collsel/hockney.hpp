// Heterogeneous Hockney model: T_ij(M) = alpha_ij + beta_ij * M (cpm-manual §6.4), optionally in
// pieces of the message size: from each piece's first size on, its own alpha and beta.
//
// Pieces are there for a change of protocol inside the MPI library or the network (eager to
// rendezvous; SimGrid's SMPI latency and bandwidth factors by size): one line fitted through 0 ..
// 4 MB then holds at neither end. In SMPI a 64 KB message pays 11.6 x the link latency while one
// line gave it the intercept of the small ones, and every pipelined segment was predicted 20-30 %
// too fast. The pieces' boundaries are common to all pairs (a protocol switch is a property of
// the library, not of a link); piece 0 starts at 0 bytes.
#pragma once

#include <cstddef>
#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

class HockneyModel final : public P2PModel {
 public:
  // `piece_starts`: the first size of every piece after the first, strictly increasing, > 0.
  explicit HockneyModel(int n = 0, std::vector<double> piece_starts = {});

  std::string_view kind() const override { return "hockney"; }
  int size() const override { return n_; }
  double p2p(int i, int j, double bytes) const override {
    if (i == j) return 0.0;
    const std::size_t k = offset(piece_of(bytes)) + index(i, j);
    return alpha_[k] + beta_[k] * bytes;
  }
  void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const override;

  int pieces() const { return int(starts_.size()); }
  // The first size of piece p (0 for piece 0).
  double piece_start(int p) const { return starts_[std::size_t(p)]; }
  // The piece a message of `bytes` falls in: the last one starting at or below it.
  int piece_of(double bytes) const {
    int p = 0;
    while (p + 1 < int(starts_.size()) && bytes >= starts_[std::size_t(p) + 1]) ++p;
    return p;
  }

  double alpha(int i, int j, int piece = 0) const { return alpha_[offset(piece) + index(i, j)]; }  // seconds
  double beta(int i, int j, int piece = 0) const { return beta_[offset(piece) + index(i, j)]; }    // seconds per byte
  // Row i of α and β of one piece (n values each): what p2p(i, j, M) reads for every j when M is
  // in that piece.
  const double* alpha_row(int i, int piece) const { return alpha_.data() + offset(piece) + std::size_t(i) * std::size_t(n_); }
  const double* beta_row(int i, int piece) const { return beta_.data() + offset(piece) + std::size_t(i) * std::size_t(n_); }
  void set(int i, int j, double alpha, double beta, int piece = 0) {
    alpha_[offset(piece) + index(i, j)] = alpha;
    beta_[offset(piece) + index(i, j)] = beta;
  }
  // Sets both directions: the model is symmetric unless calibrated otherwise.
  void set_symmetric(int i, int j, double alpha, double beta, int piece = 0) {
    set(i, j, alpha, beta, piece);
    set(j, i, alpha, beta, piece);
  }

 private:
  std::size_t index(int i, int j) const { return std::size_t(i) * std::size_t(n_) + std::size_t(j); }
  std::size_t offset(int piece) const { return std::size_t(piece) * std::size_t(n_) * std::size_t(n_); }
  int n_;
  std::vector<double> starts_;  // starts_[0] = 0, then the given piece starts
  std::vector<double> alpha_, beta_;
};

}  // namespace collsel

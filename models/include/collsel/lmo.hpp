// LMO model (Lastovetsky-Mkwawa-O'Flynn, cpm-manual §6.6, lmo-estimation-slides):
//   T_ij(M) = C_i + L_ij + C_j + M (t_i + 1/rate_ij + t_j)
// with processor delays (C_i fixed, t_i per byte), symmetric links (L_ij latency, rate_ij in
// bytes/s) and the collective thresholds of the flat one-to-many / many-to-one operations.
//
// Optionally in pieces of the message size, as HockneyModel is and for the same reason: where
// the library or the network changes protocol (eager to rendezvous; SMPI's factors by size), one
// set of parameters solved at one size holds on one side of the switch only. Each piece is a
// complete set of C, t, L and rate, solved from the LMO experiments at sizes inside it (its fixed
// delays are then the intercepts of its own lines); piece 0 starts at 0 bytes.
#pragma once

#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

class LmoModel final : public P2PModel {
 public:
  explicit LmoModel(int n = 0);

  std::string_view kind() const override { return "lmo"; }
  int size() const override { return n_; }
  // C_i + L_ij + C_j + M (t_i + 1/rate_ij + t_j) with the parameters of M's piece; 0 for i == j.
  double p2p(int i, int j, double bytes) const override;
  void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const override;

  // Piece p's parameters (piece 0 by default).
  double C(int i, int p = 0) const { return piece(p).C[std::size_t(i)]; }  // fixed processor delay, seconds
  double t(int i, int p = 0) const { return piece(p).t[std::size_t(i)]; }  // variable processor delay, s/byte
  double L(int i, int j, int p = 0) const { return piece(p).L[index(i, j)]; }  // link latency, seconds
  // Link transmission rate, bytes/s; negative where the hosts' variable delays overlap in one
  // message, so that 1/rate corrects t_i + t_j down to the pair's time (fit::solve_lmo).
  double rate(int i, int j, int p = 0) const { return piece(p).rate[index(i, j)]; }
  void set_processor(int i, double C, double t, int p = 0);
  void set_link(int i, int j, double L, double rate, int p = 0);  // sets (i,j) and (j,i)

  int pieces() const { return int(pieces_.size()); }
  double piece_start(int p) const { return piece(p).start; }  // its first size, bytes (0 for piece 0)
  int piece_of(double bytes) const {  // the last piece starting at or below `bytes`
    int p = 0;
    while (p + 1 < pieces() && bytes >= pieces_[std::size_t(p) + 1].start) ++p;
    return p;
  }
  // Appends `above`'s piece 0 as the piece from `start` bytes on (start above the last piece's;
  // the same n). Thresholds and the local reduction stay this model's.
  void add_piece(double start, const LmoModel& above);

  // Thresholds, bytes. Scatter: parallel part (max) for M < S, sequential (sum) for M >= S.
  // Gather: small M < M1 (max), medium M1 <= M < M2 (max + gather_medium_extra), large M >= M2
  // (sum). All zero (the default) means "always sequential", the safe pessimistic reading.
  double S = 0, M1 = 0, M2 = 0;
  // Seconds added to the flat gather of a medium message (M1 <= M < M2): the average cost of the
  // escalations TCP/IP shows in that range (cpm-manual §5: LMO_Gather_split_flat). 0 = none.
  double gather_medium_extra = 0;

  // Flat (linear) scatter of M bytes per receiver from `root` to every other process:
  //   (n-1)(C_r + M t_r) + max_i(L_ri + C_i + M(1/rate_ri + t_i))   if M < S
  //   (n-1)(C_r + M t_r) + sum_i(L_ri + C_i + M(1/rate_ri + t_i))   if M >= S
  double scatter_flat(int root, double bytes) const;
  // Flat gather of M bytes per sender: the same two forms, max for M < M1, max +
  // gather_medium_extra for M1 <= M < M2, sum for M >= M2.
  double gather_flat(int root, double bytes) const;

  bool operator==(const LmoModel& o) const;  // same parameters

 private:
  struct Piece {
    double start = 0;
    std::vector<double> C, t, L, rate;
    std::vector<double> inv_rate;  // 1/rate_ij cached for p2p (0 where rate is 0 = unset)
    bool operator==(const Piece& o) const { return start == o.start && C == o.C && t == o.t && L == o.L && rate == o.rate; }
  };
  std::size_t index(int i, int j) const { return std::size_t(i) * std::size_t(n_) + std::size_t(j); }
  const Piece& piece(int p) const { return pieces_[std::size_t(p)]; }
  double flat(int root, double bytes, bool parallel) const;
  int n_;
  std::vector<Piece> pieces_;
};

}  // namespace collsel

// LMO model (Lastovetsky-Mkwawa-O'Flynn, cpm-manual §6.6, lmo-estimation-slides):
//   T_ij(M) = C_i + L_ij + C_j + M (t_i + 1/rate_ij + t_j)
// with processor delays (C_i fixed, t_i per byte), symmetric links (L_ij latency, rate_ij in
// bytes/s) and the collective thresholds of the flat one-to-many / many-to-one operations.
#pragma once

#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

class LmoModel final : public P2PModel {
 public:
  explicit LmoModel(int n = 0);

  std::string_view kind() const override { return "lmo"; }
  int size() const override { return n_; }
  // C_i + L_ij + C_j + M (t_i + 1/rate_ij + t_j); 0 for i == j.
  double p2p(int i, int j, double bytes) const override;
  void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const override;

  double C(int i) const { return C_[std::size_t(i)]; }  // fixed processor delay, seconds
  double t(int i) const { return t_[std::size_t(i)]; }  // variable processor delay, seconds per byte
  double L(int i, int j) const { return L_[index(i, j)]; }        // link latency, seconds
  double rate(int i, int j) const { return rate_[index(i, j)]; }  // link transmission rate, bytes/s
  void set_processor(int i, double C, double t);
  void set_link(int i, int j, double L, double rate);  // sets (i,j) and (j,i)

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
  std::size_t index(int i, int j) const { return std::size_t(i) * std::size_t(n_) + std::size_t(j); }
  double flat(int root, double bytes, bool parallel) const;
  int n_;
  std::vector<double> C_, t_, L_, rate_;
  std::vector<double> inv_rate_;  // 1/rate_ij cached for p2p (0 where rate is 0 = unset)
};

}  // namespace collsel

// Heterogeneous PLogP model (Kielmann et al., cpm-manual §6.7): per pair (i,j) a latency L and
// piecewise-linear functions of the message size: send overhead o_s(M), receive overhead o_r(M)
// and gap g(M). p2p time = L + g(M). The LogGP view (L', o, g, G) is derived from it.
#pragma once

#include <limits>
#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

// y(M) through the points (x[k], y[k]), x strictly increasing, bytes -> seconds. Linear
// interpolation between points, linear extrapolation past the last point (the slope of the last
// segment), clamped to y[0] below the first point. Empty -> 0; one point -> constant.
struct PiecewiseLinear {
  std::vector<double> x, y;
  double operator()(double M) const;
  bool operator==(const PiecewiseLinear&) const = default;
};

class PlogpModel final : public P2PModel {
 public:
  explicit PlogpModel(int n = 0);

  std::string_view kind() const override { return "plogp"; }
  int size() const override { return n_; }
  double p2p(int i, int j, double bytes) const override;  // L_ij + g_ij(M); 0 for i == j

  double L(int i, int j) const { return L_[index(i, j)]; }  // seconds
  const PiecewiseLinear& os(int i, int j) const { return os_[index(i, j)]; }
  const PiecewiseLinear& orecv(int i, int j) const { return or_[index(i, j)]; }
  const PiecewiseLinear& g(int i, int j) const { return g_[index(i, j)]; }
  void set(int i, int j, double L, PiecewiseLinear os, PiecewiseLinear orecv, PiecewiseLinear g);

  bool operator==(const PlogpModel& o) const;  // same parameters

 private:
  std::size_t index(int i, int j) const { return std::size_t(i) * std::size_t(n_) + std::size_t(j); }
  int n_;
  std::vector<double> L_;
  std::vector<PiecewiseLinear> os_, or_, g_;
};

// LogGP parameters per pair derived from PLogP (cpm-manual §6.7.1):
//   L' = L + g(1) - o_s(1) - o_r(1),  2o = o_s(1) + o_r(1),  g = g(1),  G = g(Mmax)/Mmax
// p2p = L' + 2o + G (M - 1) for M >= 1, L' + 2o for M < 1.
//
// With the rendezvous threshold S of LogGPS (Ino, Fujimoto, Hagihara, PPoPP 2001) when the PLogP
// gap shows one: MPI libraries send messages from some size S on by rendezvous, a handshake
// before the data, so g(M) steps up at S and one gap per byte cannot follow it (a 64 KiB chain
// segment predicted 40-58 % too fast where the step is just below 64 KiB). S is learnt from
// g's points: every size where a pair's g has a point is tried (the 16 most common, 1 < S <
// Mmax), each pair then gets G = the slope of g from S to Mmax and R = what g(S) has above
// g(1) + G (S - 1) (at least 0), and the S whose view is nearest PLogP at the points (mean
// relative error over pairs and points) is kept, unless plain LogGP is at least as near or
// within 5 % of PLogP on that mean already.
//   p2p = L' + 2o + G (M - 1) + (M >= S ? R : 0)
// Without a step (S = infinity, every R = 0) it is cpm-manual's view above.
class LogGPModel final : public P2PModel {
 public:
  LogGPModel() = default;  // empty (size 0)
  LogGPModel(const PlogpModel& plogp, double max_bytes);

  std::string_view kind() const override { return "loggp"; }
  int size() const override { return n_; }
  double p2p(int i, int j, double bytes) const override;
  void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const override;

  double L(int i, int j) const { return L_[index(i, j)]; }    // L', seconds
  double o2(int i, int j) const { return o2_[index(i, j)]; }  // 2o, seconds
  double g(int i, int j) const { return g_[index(i, j)]; }    // gap per message, seconds
  double G(int i, int j) const { return G_[index(i, j)]; }    // gap per byte, seconds/byte
  double R(int i, int j) const { return R_[index(i, j)]; }    // rendezvous cost from S on, seconds
  double S() const { return S_; }                              // rendezvous threshold, bytes (inf: none)
  double max_bytes() const { return max_bytes_; }              // Mmax used for G, bytes

  bool operator==(const LogGPModel& o) const;  // same parameters

 private:
  std::size_t index(int i, int j) const { return std::size_t(i) * std::size_t(n_) + std::size_t(j); }
  int n_ = 0;
  double max_bytes_ = 0;
  double S_ = std::numeric_limits<double>::infinity();
  std::vector<double> L_, o2_, g_, G_, R_;
};

}  // namespace collsel

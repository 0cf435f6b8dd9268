// Calibration side of the channel model: which pairs and NBFT series to measure (a few per
// class, not all pairs), and the GSL least-squares fits that turn measurements into parameters.
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <stdexcept>

#include "collsel/channels.hpp"

namespace collsel {

std::vector<ChannelPair> representative_pairs(const Topology& topology, std::span<const int> rank_core,
                                              int per_channel) {
  const int n = int(rank_core.size());
  std::array<std::vector<ChannelPair>, kChannelCount> all;
  for (int a = 0; a < n; ++a) {
    if (rank_core[std::size_t(a)] < 0) continue;
    for (int b = a + 1; b < n; ++b) {
      if (rank_core[std::size_t(b)] < 0) continue;
      const Channel c = topology.channel(rank_core[std::size_t(a)], rank_core[std::size_t(b)]);
      all[std::size_t(c)].push_back({c, a, b});
    }
  }
  std::vector<ChannelPair> out;
  for (auto& cands : all) {
    if (cands.empty() || per_channel <= 0) continue;
    // Spread: walk the candidates with a stride so picks come from all over the node, taking a
    // pair only if both ranks are still unused in this class; fill up with any pair after that.
    std::vector<ChannelPair> picked;
    std::set<int> used;
    const std::size_t stride = std::max<std::size_t>(1, cands.size() / std::size_t(per_channel));
    for (int pass = 0; pass < 2 && int(picked.size()) < per_channel; ++pass)
      for (std::size_t start = 0; start < stride && int(picked.size()) < per_channel; ++start)
        for (std::size_t k = start; k < cands.size() && int(picked.size()) < per_channel; k += stride) {
          const ChannelPair& p = cands[k];
          if (std::find(picked.begin(), picked.end(), p) != picked.end()) continue;
          if (pass == 0 && (used.count(p.a) || used.count(p.b))) continue;
          picked.push_back(p);
          used.insert(p.a);
          used.insert(p.b);
        }
    out.insert(out.end(), picked.begin(), picked.end());
  }
  return out;
}

std::vector<NbftPlan> nbft_plans(const Topology& topology, std::span<const int> rank_core, int max_receivers) {
  const int n = int(rank_core.size());
  std::vector<NbftPlan> out;
  for (Channel c : all_channels) {
    NbftPlan best{c, -1, {}};
    for (int r = 0; r < n; ++r) {
      if (rank_core[std::size_t(r)] < 0) continue;
      std::vector<int> recv;
      for (int s = 0; s < n; ++s)
        if (s != r && rank_core[std::size_t(s)] >= 0 &&
            topology.channel(rank_core[std::size_t(r)], rank_core[std::size_t(s)]) == c)
          recv.push_back(s);
      if (recv.size() > best.receivers.size()) best = {c, r, std::move(recv)};
    }
    if (best.root < 0) continue;
    if (max_receivers >= 0 && int(best.receivers.size()) > max_receivers) best.receivers.resize(std::size_t(max_receivers));
    out.push_back(std::move(best));
  }
  return out;
}

namespace {

void check_sample(double bytes, double seconds, const char* what) {
  if (!std::isfinite(bytes) || !std::isfinite(seconds) || bytes < 0 || seconds < 0)
    throw std::invalid_argument(std::string("channel fit: a ") + what + " sample is negative or not finite");
}

ChannelP2P fit_line(const std::vector<double>& x, const std::vector<double>& y) {
  const bool one_size = std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); });
  if (x.size() < 2 || one_size) {
    double mean = 0;
    for (double v : y) mean += v;
    return {std::max(0.0, mean / double(y.size())), 0.0};
  }
  double c0 = 0, c1 = 0, cov00 = 0, cov01 = 0, cov11 = 0, sumsq = 0;
  gsl_fit_linear(x.data(), 1, y.data(), 1, x.size(), &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
  return {std::max(0.0, c0), std::max(0.0, c1)};
}

// T = a + b·m + (n − 1)·d + (n − 1)·m·e over the samples of one channel.
std::optional<ChannelNbft> fit_surface(const std::vector<ChannelNbftSample>& s) {
  std::set<double> sizes;
  std::set<int> counts;
  for (const auto& v : s) sizes.insert(v.bytes), counts.insert(v.receivers);
  if (sizes.size() < 2 || counts.size() < 2 || s.size() < 4) return std::nullopt;
  using Mat = std::unique_ptr<gsl_matrix, void (*)(gsl_matrix*)>;
  using Vec = std::unique_ptr<gsl_vector, void (*)(gsl_vector*)>;
  Mat X(gsl_matrix_alloc(s.size(), 4), gsl_matrix_free), cov(gsl_matrix_alloc(4, 4), gsl_matrix_free);
  Vec y(gsl_vector_alloc(s.size()), gsl_vector_free), c(gsl_vector_alloc(4), gsl_vector_free);
  std::unique_ptr<gsl_multifit_linear_workspace, void (*)(gsl_multifit_linear_workspace*)> work(
      gsl_multifit_linear_alloc(s.size(), 4), gsl_multifit_linear_free);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double extra = double(s[i].receivers - 1);
    gsl_matrix_set(X.get(), i, 0, 1.0);
    gsl_matrix_set(X.get(), i, 1, s[i].bytes);
    gsl_matrix_set(X.get(), i, 2, extra);
    gsl_matrix_set(X.get(), i, 3, extra * s[i].bytes);
    gsl_vector_set(y.get(), i, s[i].seconds);
  }
  double chisq = 0;
  if (gsl_multifit_linear(X.get(), y.get(), c.get(), cov.get(), &chisq, work.get()) != 0) return std::nullopt;
  auto coef = [&](std::size_t k) { return std::max(0.0, gsl_vector_get(c.get(), k)); };
  return ChannelNbft{.a = coef(0), .b = coef(1), .d = coef(2), .e = coef(3)};
}

}  // namespace

ChannelModel fit_channel_model(std::span<const ChannelP2PSample> p2p, std::span<const ChannelNbftSample> nbft) {
  std::array<std::vector<double>, kChannelCount> xs, ys;
  std::array<std::vector<ChannelNbftSample>, kChannelCount> ns;
  for (const auto& s : p2p) {
    check_sample(s.bytes, s.seconds, "point-to-point");
    xs[std::size_t(s.channel)].push_back(s.bytes);
    ys[std::size_t(s.channel)].push_back(s.seconds);
  }
  for (const auto& s : nbft) {
    check_sample(s.bytes, s.seconds, "NBFT");
    if (s.receivers < 1) throw std::invalid_argument("channel fit: an NBFT sample has no receiver");
    ns[std::size_t(s.channel)].push_back(s);
  }
  ChannelModel model;
  for (Channel c : all_channels) {
    const std::size_t k = std::size_t(c);
    if (xs[k].empty()) continue;  // an NBFT series alone does not define a class
    ChannelParams p;
    p.p2p = fit_line(xs[k], ys[k]);
    p.nbft = fit_surface(ns[k]);
    p.samples = int(xs[k].size() + ns[k].size());
    model.set(c, p);
  }
  return model;
}

}  // namespace collsel

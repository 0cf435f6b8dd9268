// Maps communicator ranks onto calibrated processes by host, so one calibration serves any
// placement of ranks on the same hosts.
#include "collsel/rank_mapping.hpp"

#include <limits>
#include <stdexcept>

namespace collsel {

MappedModel::MappedModel(const P2PModel& base, const Cluster& cluster, std::vector<RankPlacement> ranks)
    : base_(&base) {
  const int n = cluster.size();
  if (base.size() != n)
    throw std::invalid_argument("rank mapping: the " + std::string(base.kind()) + " model has " +
                                std::to_string(base.size()) + " processes but the cluster has " +
                                std::to_string(n));
  std::vector<std::vector<int>> host_procs(std::size_t(cluster.host_count()));
  for (int p = 0; p < n; ++p) {
    const int h = cluster.host_of(p);
    if (h < 0 || h >= cluster.host_count())
      throw std::invalid_argument("rank mapping: process " + std::to_string(p) + " has no valid host");
    host_procs[std::size_t(h)].push_back(p);
  }

  proc_.resize(ranks.size());
  host_.reserve(ranks.size());
  core_.reserve(ranks.size());
  std::vector<std::size_t> next(host_procs.size(), 0);
  std::vector<int> users(std::size_t(n), 0);
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    const int h = cluster.host_index(ranks[r].host);
    if (h < 0)
      throw std::invalid_argument("rank mapping: rank " + std::to_string(r) + " runs on host '" + ranks[r].host +
                                  "', which is not in the model's cluster");
    const auto& procs = host_procs[std::size_t(h)];
    if (procs.empty())
      throw std::invalid_argument("rank mapping: host '" + ranks[r].host + "' has no calibrated process");
    const int p = procs[next[std::size_t(h)]++ % procs.size()];
    proc_[r] = p;
    host_.push_back(h);
    core_.push_back(ranks[r].core);
    ++users[std::size_t(p)];
  }

  if (!base.reduce_gamma().empty()) {  // a rank computes at its calibrated process's speed
    std::vector<double> gamma(proc_.size());
    for (std::size_t r = 0; r < proc_.size(); ++r) gamma[r] = base.reduce_gamma()[std::size_t(proc_[r])];
    set_reduce_gamma(std::move(gamma));
  }

  // Substitute pairs, only for processes that serve more than one rank.
  sub_.assign(std::size_t(n), Pair{});
  Pair fallback;
  bool fallback_done = false;
  auto global_fallback = [&]() {
    if (fallback_done) return fallback;
    fallback_done = true;
    double best = std::numeric_limits<double>::infinity();
    for (const auto& procs : host_procs)  // fastest intra-host pair of any host
      for (int i : procs)
        for (int j : procs)
          if (i != j) {
            const double t = base.p2p(i, j, reference_bytes);
            if (t < best) best = t, fallback = {i, j};
          }
    if (fallback.i < 0)  // no host has two processes: fastest pair overall
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (i != j) {
            const double t = base.p2p(i, j, reference_bytes);
            if (t < best) best = t, fallback = {i, j};
          }
    return fallback;
  };
  for (int p = 0; p < n; ++p) {
    if (users[std::size_t(p)] < 2) continue;
    const auto& procs = host_procs[std::size_t(cluster.host_of(p))];
    if (procs.size() >= 2) {
      double best = std::numeric_limits<double>::infinity();
      for (int q : procs)
        if (q != p) {
          const double t = base.p2p(p, q, reference_bytes);
          if (t < best) best = t, sub_[std::size_t(p)] = {p, q};
        }
    } else {
      sub_[std::size_t(p)] = global_fallback();
    }
  }
}

void MappedModel::set_channels(const ChannelModel* channels) {
  channels_ = channels && channels->topology() && !channels->empty() ? channels : nullptr;
  if (channels_)
    for (int& c : core_)
      if (!channels_->topology()->has_core(c)) c = -1;
}

double MappedModel::p2p(int a, int b, double bytes) const {
  if (a == b) return 0.0;
  if (channels_ && host_[std::size_t(a)] == host_[std::size_t(b)] && core_[std::size_t(a)] >= 0 &&
      core_[std::size_t(b)] >= 0)
    return channels_->p2p(core_[std::size_t(a)], core_[std::size_t(b)], bytes);
  const int pa = proc_[std::size_t(a)], pb = proc_[std::size_t(b)];
  if (pa != pb) return base_->p2p(pa, pb, bytes);
  const Pair s = sub_[std::size_t(pa)];
  return s.i < 0 ? 0.0 : base_->p2p(s.i, s.j, bytes);
}

void MappedModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  // One batched call on the base model over the translated indices, then fix the ranks that share
  // `from`'s process (the base predicts 0 for them) and, with channels, the same-host pairs whose
  // cores are known (the only ones the channel model answers).
  thread_local std::vector<int> procs;
  procs.resize(to.size());
  const int pf = proc_[std::size_t(from)];
  bool shared = false;
  for (std::size_t k = 0; k < to.size(); ++k) {
    procs[k] = proc_[std::size_t(to[k])];
    shared |= procs[k] == pf && to[k] != from;
  }
  base_->p2p_row(pf, std::span<const int>(procs.data(), to.size()), bytes, out);
  if (shared) {
    const Pair s = sub_[std::size_t(pf)];
    const double t = s.i < 0 ? 0.0 : base_->p2p(s.i, s.j, bytes);
    for (std::size_t k = 0; k < to.size(); ++k)
      if (procs[k] == pf && to[k] != from) out[k] = t;
  }
  if (channels_ && core_[std::size_t(from)] >= 0) {
    const int hf = host_[std::size_t(from)], cf = core_[std::size_t(from)];
    for (std::size_t k = 0; k < to.size(); ++k) {
      const std::size_t b = std::size_t(to[k]);
      if (to[k] != from && host_[b] == hf && core_[b] >= 0) out[k] = channels_->p2p(cf, core_[b], bytes);
    }
  }
}

std::vector<RankPlacement> default_placement(const Cluster& cluster, int procs) {
  std::vector<RankPlacement> out;
  const int n = cluster.size();
  if (n == 0 || procs <= 0) return out;
  out.reserve(std::size_t(procs));
  for (int r = 0; r < procs; ++r) {
    const int p = r % n;
    const int core = std::size_t(p) < cluster.process_core.size() ? cluster.process_core[std::size_t(p)] : -1;
    out.push_back({cluster.hosts[std::size_t(cluster.host_of(p))], core});
  }
  return out;
}

}  // namespace collsel

// Channel model evaluation: fallback between classes, Q ratios, formula (4) of the EPYC node
// model, and chain / tree costs built from NBFT costs (docs/channels.md).
#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "collsel/channels.hpp"

namespace collsel {

bool ChannelModel::empty() const {
  return std::none_of(params_.begin(), params_.end(), [](const auto& p) { return p.has_value(); });
}

Channel ChannelModel::resolve(Channel c) const {
  const int k = channel_index(c);
  for (int j = k; j < kChannelCount; ++j)
    if (params_[std::size_t(j)]) return Channel(j);
  for (int j = k - 1; j >= 0; --j)
    if (params_[std::size_t(j)]) return Channel(j);
  throw std::logic_error("channel model: no channel class is calibrated");
}

ChannelNbft ChannelModel::nbft_params(Channel c) const {
  const ChannelParams& p = params_of(c);
  if (p.nbft) return *p.nbft;
  return ChannelNbft{.a = p.p2p.alpha, .b = p.p2p.beta, .d = p.p2p.alpha, .e = p.p2p.beta};
}

double ChannelModel::q(Channel ci, Channel cj, double bytes) const {
  const double tj = p2p(cj, bytes);
  const double ti = p2p(ci, bytes);
  if (tj <= 0) return ti <= 0 ? 1.0 : HUGE_VAL;
  return ti / tj;
}

int ChannelModel::nbft_equivalent_processes(const ChannelCounts& receivers, double bytes, Channel* cmax_out) const {
  int cmax = -1;
  double tmax = -1;
  for (int c = 0; c < kChannelCount; ++c) {
    if (receivers[std::size_t(c)] < 0) throw std::invalid_argument("formula (4): negative receiver count");
    if (receivers[std::size_t(c)] == 0) continue;
    const double t = p2p(Channel(c), bytes);
    if (t >= tmax) tmax = t, cmax = c;  // ties go to the higher class
  }
  if (cmax < 0) return 0;
  if (cmax_out) *cmax_out = Channel(cmax);
  int processes = receivers[std::size_t(cmax)] + 1;
  for (int j = 0; j < kChannelCount; ++j) {
    if (j == cmax || receivers[std::size_t(j)] == 0) continue;
    const double qj = q(Channel(cmax), Channel(j), bytes);  // ≥ 1 by the choice of cmax
    // A tiny tolerance so that N/Q landing on an integer is not lost to rounding of Q.
    processes += int(std::floor(double(receivers[std::size_t(j)]) / qj + 1e-9));
  }
  return processes;
}

double ChannelModel::nbft(const ChannelCounts& receivers, double bytes) const {
  Channel cmax = Channel::smt;
  const int processes = nbft_equivalent_processes(receivers, bytes, &cmax);
  return processes < 2 ? 0.0 : nbft(cmax, processes, bytes);
}

Channel ChannelModel::channel(int core_a, int core_b) const {
  if (!topology_) throw std::logic_error("channel model: no node topology attached");
  return topology_->channel(core_a, core_b);
}

double ChannelModel::nbft_from(int sender, std::span<const int> receivers, double bytes) const {
  ChannelCounts n{};
  for (int r : receivers) ++n[std::size_t(channel(sender, r))];
  return nbft(n, bytes);
}

double ChannelModel::chain(std::span<const int> cores, double bytes, int segments) const {
  if (cores.size() < 2) return 0.0;
  segments = std::max(1, segments);
  const double seg = bytes / double(segments);
  double sum = 0, slowest = 0;
  for (std::size_t k = 0; k + 1 < cores.size(); ++k) {
    const double t = nbft(channel(cores[k], cores[k + 1]), 2, seg);
    sum += t;
    slowest = std::max(slowest, t);
  }
  return sum + double(segments - 1) * slowest;
}

double ChannelModel::nbft_tree(const Tree& tree, std::span<const int> rank_core, double bytes) const {
  if (int(rank_core.size()) != tree.size())
    throw std::invalid_argument("nbft_tree: " + std::to_string(rank_core.size()) + " cores for a tree of " +
                                std::to_string(tree.size()) + " ranks");
  // Completion time of each node's subtree, children before parents (reverse preorder).
  std::vector<double> finish(std::size_t(tree.size()), 0.0);
  std::vector<int> kids_cores;
  const auto order = tree.preorder();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const int v = *it;
    const auto kids = tree.children(v);
    if (kids.empty()) continue;
    kids_cores.clear();
    double deepest = 0;
    for (int c : kids) {
      kids_cores.push_back(rank_core[std::size_t(c)]);
      deepest = std::max(deepest, finish[std::size_t(c)]);
    }
    finish[std::size_t(v)] = nbft_from(rank_core[std::size_t(v)], kids_cores, bytes) + deepest;
  }
  return finish[std::size_t(tree.root())];
}

std::optional<ChannelModel> channels_for_this_node(const ChannelModel& model) {
  if (model.empty()) return std::nullopt;
  try {
    ChannelModel m = model;
    m.set_topology(std::make_shared<const Topology>(Topology::live()));
    return m;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

ChannelRankModel::ChannelRankModel(ChannelModel model, std::vector<int> rank_core)
    : model_(std::move(model)), core_(std::move(rank_core)) {
  const Topology* topo = model_.topology();
  if (!topo) throw std::invalid_argument("channel rank model: the channel model has no node topology");
  if (model_.empty()) throw std::invalid_argument("channel rank model: no channel class is calibrated");
  const std::size_t n = core_.size();
  for (std::size_t r = 0; r < n; ++r)
    if (!topo->has_core(core_[r]))
      throw std::invalid_argument("channel rank model: rank " + std::to_string(r) + " is bound to core " +
                                  std::to_string(core_[r]) + ", which is not in " + topo->source());
  cls_.resize(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) cls_[i * n + j] = std::uint8_t(topo->channel(core_[i], core_[j]));
}

double ChannelRankModel::p2p(int from, int to, double bytes) const {
  if (from == to) return 0.0;
  return model_.p2p(Channel(cls_[std::size_t(from) * core_.size() + std::size_t(to)]), bytes);
}

}  // namespace collsel

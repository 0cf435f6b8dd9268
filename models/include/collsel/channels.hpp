// The intra-node channel model (seeds/epyc-node-model.txt, docs/channels.md): inside a node the
// cost of a message depends only on the channel class joining the two cores (topology.hpp), so
// parameters are kept per class, not per core pair, and one calibration holds for any placement.
//
//   p2p per channel (Hockney):  T^c(m) = alpha_c + beta_c·m
//   ratio of delays:            Q_ij(m) = T^ci(m) / T^cj(m)            (ci costlier than cj)
//   NBFT per channel:           T_NBFT^c(P, m) = a_c + b_c·m + (P − 2)·(d_c + e_c·m),  P ≥ 2
//                               (one sender posting non-blocking sends to P − 1 receivers that
//                               are all reached over channel c; P counts the sender)
//   NBFT over several channels, formula (4):
//       T_NBFT = T_NBFT^cmax(N_max + Σ_{j≠max} ⌊N_j / Q_{max,j}(m)⌋ + 1, m)
//   where N_j is the number of receivers reached over channel j and cmax the costliest channel
//   used. Times in seconds, sizes in bytes.
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/impl/forward_declarations.h>

#include "collsel/file_error.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/topology.hpp"
#include "collsel/tree.hpp"

namespace collsel {

// Point-to-point line of one channel.
struct ChannelP2P {
  double alpha = 0;  // seconds
  double beta = 0;   // seconds per byte
  double at(double bytes) const { return alpha + beta * bytes; }
  bool operator==(const ChannelP2P&) const = default;
};

// NBFT surface of one channel (see the header comment). With one receiver (P = 2) it is a + b·m,
// which a calibration finds close to the p2p line.
struct ChannelNbft {
  double a = 0, b = 0;  // first receiver: seconds, seconds per byte
  double d = 0, e = 0;  // each further receiver: seconds, seconds per byte
  double at(int processes, double bytes) const {
    if (processes < 2) return 0.0;
    return a + b * bytes + double(processes - 2) * (d + e * bytes);
  }
  bool operator==(const ChannelNbft&) const = default;
};

struct ChannelParams {
  ChannelP2P p2p;
  // Absent: derived from the p2p line as sequential sends, d = a = alpha, e = b = beta (a flat
  // tree that gains nothing from posting its sends at once — the conservative reading).
  std::optional<ChannelNbft> nbft;
  int pairs = 0;    // core pairs the p2p fit was measured on (information only)
  int samples = 0;  // measurements behind the fits (information only)
  bool operator==(const ChannelParams&) const = default;
};

using ChannelCounts = std::array<int, kChannelCount>;  // receivers per channel, indexed by Channel

class ChannelModel {
 public:
  bool empty() const;
  bool calibrated(Channel c) const { return params_[std::size_t(c)].has_value(); }
  const std::optional<ChannelParams>& params(Channel c) const { return params_[std::size_t(c)]; }
  void set(Channel c, ChannelParams p) { params_[std::size_t(c)] = std::move(p); }
  void erase(Channel c) { params_[std::size_t(c)].reset(); }
  std::string note;  // free text: where the numbers come from ("measured on ...", "defaults ...")

  // The calibrated class whose parameters stand in for `c`: c itself if calibrated, else the
  // nearest calibrated class above it (costlier: predictions err on the slow side), else the
  // nearest below. Throws std::logic_error when no class is calibrated.
  Channel resolve(Channel c) const;

  double p2p(Channel c, double bytes) const { return params_of(c).p2p.at(bytes); }
  ChannelNbft nbft_params(Channel c) const;
  // T_NBFT^c(P, m), P = processes including the sender (0 when P < 2).
  double nbft(Channel c, int processes, double bytes) const { return nbft_params(c).at(processes, bytes); }
  // Q_ij(m) = T^ci(m) / T^cj(m).
  double q(Channel ci, Channel cj, double bytes) const;

  // Formula (4). `receivers[c]` = receivers reached over channel c. cmax is the used channel with
  // the largest p2p time at this size (the highest-order one when the fits respect the order, as
  // the seed assumes); every other used channel j contributes ⌊N_j / Q_{max,j}(m)⌋.
  double nbft(const ChannelCounts& receivers, double bytes) const;
  // The process count P' and channel cmax formula (4) evaluates T_NBFT^cmax at (P' = 0: none).
  int nbft_equivalent_processes(const ChannelCounts& receivers, double bytes, Channel* cmax = nullptr) const;

  // ---- With a node topology: costs between cores (core ids as in topology.hpp).
  void set_topology(std::shared_ptr<const Topology> topology) { topology_ = std::move(topology); }
  const Topology* topology() const { return topology_.get(); }
  // Throw std::logic_error without a topology, std::out_of_range for a core not in it.
  Channel channel(int core_a, int core_b) const;
  double p2p(int core_a, int core_b, double bytes) const { return p2p(channel(core_a, core_b), bytes); }
  // NBFT from `sender` to every core of `receivers`, by formula (4).
  double nbft_from(int sender, std::span<const int> receivers, double bytes) const;
  // Chain through `cores` in order (cores[0] holds the message): every link is an NBFT with one
  // receiver. With S segments of m/S bytes the pipeline takes Σ_k T_k(m/S) + (S−1)·max_k T_k(m/S).
  double chain(std::span<const int> cores, double bytes, int segments = 1) const;
  // Any tree (a binary tree in the seed) where each parent serves all its children as one NBFT:
  // T(v) = T_NBFT(v → children of v) + max over children T(child). rank_core[r] = core of rank r.
  double nbft_tree(const Tree& tree, std::span<const int> rank_core, double bytes) const;

  // Parameters only; the attached topology is not part of a model's identity.
  bool operator==(const ChannelModel& o) const { return params_ == o.params_ && note == o.note; }

 private:
  const ChannelParams& params_of(Channel c) const { return *params_[std::size_t(resolve(c))]; }
  std::array<std::optional<ChannelParams>, kChannelCount> params_;
  std::shared_ptr<const Topology> topology_;
};

// A copy of `model` with the live node's topology attached, for a process that predicts for
// itself (the shim); nullopt when hwloc cannot read the machine or `model` is empty.
std::optional<ChannelModel> channels_for_this_node(const ChannelModel& model);

// P2PModel over the ranks of one node: rank r is bound to core rank_core[r] of the model's
// topology. kind() is "channels". p2p(r, r) = 0.
class ChannelRankModel final : public P2PModel {
 public:
  // Throws std::invalid_argument when the model has no topology, no calibrated class, or a core
  // is not in the topology.
  ChannelRankModel(ChannelModel model, std::vector<int> rank_core);
  std::string_view kind() const override { return "channels"; }
  int size() const override { return int(core_.size()); }
  double p2p(int from, int to, double bytes) const override;
  const ChannelModel& model() const { return model_; }
  std::span<const int> rank_core() const { return core_; }

 private:
  ChannelModel model_;
  std::vector<int> core_;
  std::vector<std::uint8_t> cls_;  // channel of every rank pair, row-major
};

// ---- Calibration (collsel-calibrate measures, these plan and fit; docs/channels.md).

// A pair of calibrating ranks (indices into rank_core) joined by `channel`.
struct ChannelPair {
  Channel channel;
  int a = 0, b = 0;
  bool operator==(const ChannelPair&) const = default;
};
// Up to `per_channel` pairs for every class present among the ranks' cores, not all pairs.
// Pairs of one class use distinct ranks where possible (so they may be measured at the same
// time) and are spread over the node. Ranks with core < 0 (unknown) are skipped. Deterministic.
std::vector<ChannelPair> representative_pairs(const Topology& topology, std::span<const int> rank_core,
                                              int per_channel = 3);

// One NBFT series: `root` sends to the first n of `receivers` for n = 1 .. receivers.size(); every
// receiver is reached from root over `channel`. One plan per class present (the root with the
// most receivers over that class; lowest rank on ties), at most `max_receivers` receivers.
struct NbftPlan {
  Channel channel;
  int root = 0;
  std::vector<int> receivers;
};
std::vector<NbftPlan> nbft_plans(const Topology& topology, std::span<const int> rank_core, int max_receivers = 8);

struct ChannelP2PSample {
  Channel channel;
  double bytes = 0, seconds = 0;  // one-way time of one message
};
struct ChannelNbftSample {
  Channel channel;
  int receivers = 1;  // P − 1
  double bytes = 0, seconds = 0;  // until the last receiver has the message
};
// Least squares (GSL) per channel: the p2p line from its samples (one size only: beta = 0), the
// NBFT surface from its samples when they span ≥ 2 sizes and ≥ 2 receiver counts (otherwise the
// channel keeps the derived NBFT). Negative fitted coefficients are clamped to 0. Throws
// std::invalid_argument when a sample is not finite or negative.
ChannelModel fit_channel_model(std::span<const ChannelP2PSample> p2p, std::span<const ChannelNbftSample> nbft);

// ---- The [channels] section of the model file (docs/channels.md).

// The model file's error type (file_error.hpp), under the name the channel readers throw.
using ChannelsFileError = FileError;

// `section` is the table of the [channels] section; `key` its dotted name for messages.
ChannelModel channels_from_toml(const toml::table& section, std::string_view file, std::string_view key = "channels");
// The table to store under [channels].
toml::table channels_to_toml(const ChannelModel& model);
// The whole section as TOML text, "[channels]\n..." (what the model-file writer appends).
std::string format_channels_section(const ChannelModel& model);
// A whole TOML file whose [channels] section holds a channel model (e.g.
// examples/models/epyc-channels.toml). Throws ChannelsFileError (line 0 if unreadable or absent).
ChannelModel read_channel_model_file(const std::filesystem::path& path);
ChannelModel parse_channel_model(std::string_view text, std::string_view source_name);

// The documented default for EPYC-like nodes when a model file has no [channels] section: the
// same numbers as examples/models/epyc-channels.toml (a unit test keeps the two equal).
ChannelModel epyc_default_channel_model();

}  // namespace collsel

// The abstract point-to-point predictor every collective cost is built from (CPM's CPM_predictor).
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "collsel/buckets.hpp"

namespace collsel {

// Predicts the time, in seconds, of one point-to-point message of `bytes` bytes from process
// `from` to process `to`. Indices are whatever the model is keyed on: calibrated processes for a
// model read from a file, communicator ranks once mapped (see rank_mapping.hpp).
class P2PModel {
 public:
  virtual ~P2PModel() = default;
  virtual std::string_view kind() const = 0;  // "hockney", "lmo", "plogp", "loggp", ...
  virtual int size() const = 0;
  virtual double p2p(int from, int to, double bytes) const = 0;

  // Batch form for the tree builders, which scan candidates by the thousand: out[k] = p2p(from,
  // to[k], bytes). Models override it when they can do better than one virtual call per pair.
  virtual void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
    for (std::size_t k = 0; k < to.size(); ++k) out[k] = p2p(from, to[k], bytes);
  }
  // The same into one receiver: out[k] = p2p(from[k], to, bytes) (a reduce's children to their parent).
  virtual void p2p_column(std::span<const int> from, int to, double bytes, std::span<double> out) const {
    for (std::size_t k = 0; k < from.size(); ++k) out[k] = p2p(from[k], to, bytes);
  }
  // Every edge of a tree at once (the pipelines' tables, a size at a time): out[k] =
  // p2p(anchor[k], other[k], bytes), or `upward` p2p(other[k], anchor[k], bytes) — p2p_row and
  // p2p_column of each anchor (a parent) over its children, the pairs grouped by anchor.
  virtual void p2p_edges(std::span<const int> anchor, std::span<const int> other, bool upward, double bytes,
                         std::span<double> out) const {
    for (std::size_t k = 0; k < anchor.size(); ++k)
      out[k] = upward ? p2p(other[k], anchor[k], bytes) : p2p(anchor[k], other[k], bytes);
  }

  // The local reduction (MPI_Reduce_local) of `bytes` received into process i's partial result:
  // γ_i · bytes, γ_i in seconds per byte from the model file's [compute] section. Reduce pays it
  // once per child at every combining node; no other collective computes. 0 when not calibrated.
  double reduce_local(int i, double bytes) const {
    return reduce_gamma_.empty() ? 0.0 : reduce_gamma_[std::size_t(i)] * bytes;
  }
  // One γ per process (size() values), or empty for none.
  void set_reduce_gamma(std::vector<double> gamma) { reduce_gamma_ = std::move(gamma); }
  const std::vector<double>& reduce_gamma() const { return reduce_gamma_; }

  // The links' token buckets ([burst], buckets.hpp), indexed as the model is; nullptr when none
  // were measured. p2p() stays the drained price: the schedule predictors spend the buckets.
  const TokenBuckets* buckets() const { return buckets_ && !buckets_->empty() ? buckets_.get() : nullptr; }
  void set_buckets(std::shared_ptr<const TokenBuckets> buckets) { buckets_ = std::move(buckets); }

  // The switch group of every process (switch_groups.hpp), indexed as the model is; empty when
  // unknown. The pipelines' builders keep a group's processes together, so that a schedule
  // crosses each switch's up-link once in each direction.
  const std::vector<int>& switch_groups() const { return switch_groups_; }
  void set_switch_groups(std::vector<int> groups) { switch_groups_ = std::move(groups); }

  // The host of every process (any ids), indexed as the model is; empty when unknown or when no
  // two processes share a host. Ranks of one host share its network link: the pipelines' builders
  // enter and leave a host once (switch_groups.hpp, call_hosts).
  const std::vector<int>& hosts() const { return hosts_; }
  void set_hosts(std::vector<int> hosts) {
    hosts_ = std::move(hosts);
    number_hosts();
  }
  // Per process: its host numbered 0 .. host_count() − 1 in the order hosts first appear (the
  // host links' index, host_links.hpp, asked for every plan a decision prices).
  const std::vector<int>& host_numbers() const { return host_numbers_; }
  int host_count() const { return host_count_; }
  // The least process whose host a lower process has (hosts().size() where none): the first
  // `procs` processes share a host exactly when this is below `procs` (call_hosts, asked for every
  // plan a decision prices).
  std::size_t first_shared_host() const { return first_shared_; }

  // Where hosts() is set, per process: the seconds per byte of its host's network link, out of
  // the host and into it (host_links.hpp); the predictors share it among the host's transfers to
  // and from other hosts. Empty when not set (compute_host_links then derives it).
  const std::vector<double>& host_out_per_byte() const { return host_out_; }
  const std::vector<double>& host_in_per_byte() const { return host_in_; }
  void set_host_links(std::vector<double> out, std::vector<double> in) {
    host_out_ = std::move(out);
    host_in_ = std::move(in);
  }

  // Per process: the bytes per second its host's link passes at least, out of the host and into
  // it, measured with transfers to (from) several other hosts at once (the model file's [links]);
  // 0 where not measured, empty when none were. A pair runs at its slower end's rate, so a host
  // whose partners are all slower than its link shows that link only to several at once.
  const std::vector<double>& link_out_floor() const { return link_out_floor_; }
  const std::vector<double>& link_in_floor() const { return link_in_floor_; }
  void set_link_floors(std::vector<double> out, std::vector<double> in) {
    link_out_floor_ = std::move(out);
    link_in_floor_ = std::move(in);
  }
  // Process p's link in seconds per byte, out of its host (`out`) or into it, as the fastest of
  // `pair_per_byte` (what its fastest pair says) and its measured floor.
  double link_per_byte(int p, bool out, double pair_per_byte) const {
    const std::vector<double>& floor = out ? link_out_floor_ : link_in_floor_;
    if (std::size_t(p) >= floor.size() || !(floor[std::size_t(p)] > 0)) return pair_per_byte;
    const double measured = 1.0 / floor[std::size_t(p)];
    return pair_per_byte > 0 ? std::min(pair_per_byte, measured) : pair_per_byte;
  }

 private:
  std::vector<double> reduce_gamma_;
  std::shared_ptr<const TokenBuckets> buckets_;
  std::vector<int> switch_groups_;
  std::vector<int> hosts_;
  std::size_t first_shared_ = 0;
  std::vector<int> host_numbers_;
  int host_count_ = 0;
  // host_numbers_, host_count_ and first_shared_, in one pass: a process whose host is numbered
  // already shares it with a lower one.
  void number_hosts() {
    std::map<int, int> number;
    host_numbers_.clear();
    first_shared_ = hosts_.size();
    for (std::size_t p = 0; p < hosts_.size(); ++p) {
      const auto [at, added] = number.try_emplace(hosts_[p], int(number.size()));
      host_numbers_.push_back(at->second);
      if (!added) first_shared_ = std::min(first_shared_, p);
    }
    host_count_ = int(number.size());
  }
  std::vector<double> host_out_, host_in_;
  std::vector<double> link_out_floor_, link_in_floor_;
};

}  // namespace collsel

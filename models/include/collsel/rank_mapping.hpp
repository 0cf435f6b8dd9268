// A model calibrated once serves another placement of ranks: each communicator rank is mapped to
// a calibrated process on the same host (docs/model-file.md, "Other placements of ranks").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "collsel/channels.hpp"
#include "collsel/cluster.hpp"
#include "collsel/p2p_model.hpp"

namespace collsel {

struct RankPlacement {
  std::string host;
  int core = -1;  // OS core the rank is bound to, -1 if unknown
};

// P2PModel whose indices are communicator ranks. Keeps a reference to `base`: the base model must
// outlive it. kind() is the base model's kind.
class MappedModel final : public P2PModel {
 public:
  // The k-th rank (in rank order) placed on host h goes to calibrated process number
  // k mod c_h among the c_h processes calibrated on h (in process order): distinct ranks on a host
  // get distinct processes while there are enough, round robin after that. With host classes, a
  // host without calibrated processes is stood in for by a representative host of its class (the
  // class's hosts spread over its representatives round robin), and two ranks on different hosts
  // that land on one representative host are predicted by that host and another representative
  // of the class, so their pair still crosses hosts (docs/model-file.md).
  // Throws std::invalid_argument naming the host when a rank's host is not in the cluster, or
  // when the host has no calibrated process (and no class representative).
  MappedModel(const P2PModel& base, const Cluster& cluster, std::vector<RankPlacement> ranks);

  std::string_view kind() const override { return base_->kind(); }
  int size() const override { return int(proc_.size()); }
  int process_of(int rank) const { return proc_[std::size_t(rank)]; }
  const P2PModel& base() const { return *base_; }

  // base.p2p(process_of(a), process_of(b), M). When two distinct ranks share one process, the
  // pair is predicted by a substitute pair: that process and the fastest other calibrated process
  // on its host; if the host had only one calibrated process, the fastest intra-host pair of any
  // host; if no host had two, the fastest pair overall. "Fastest" = least predicted time of a
  // 64 KiB message. a == b -> 0.
  double p2p(int a, int b, double bytes) const override;
  void p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const override;
  void p2p_column(std::span<const int> from, int to, double bytes, std::span<double> out) const override;
  void p2p_edges(std::span<const int> anchor, std::span<const int> other, bool upward, double bytes,
                 std::span<double> out) const override;

  static constexpr double reference_bytes = 65536.0;  // message size that ranks pairs by speed

  struct Slot {
    int proc, host, stand, alt;  // process, host, the process's host, alternate (else proc)
    int sw, near;                // switch group (-1: none) and its near pair's table index
  };
  // With few calibrated processes serving many ranks (host classes, or at least 8 ranks per
  // process) and no channels, a decision's hot loop: the time of
  // every pair with one fixed end `anchor`, read from the per-size table — the very values p2p()
  // and p2p_row() return. view(b) is p2p(anchor, b) (downward) or p2p(b, anchor) (upward).
  class View {
   public:
    double operator()(int b) const {
      // As across_hosts(): the second rank of the pair answers through its alternate when the two
      // ranks are on different hosts stood in for by one host.
      const Slot s = slots_[std::size_t(b)];
      if (s.sw >= 0 && s.sw == anchor_.sw && s.host != anchor_.host) return table_[s.near];  // one group
      const bool cross = s.host != anchor_.host && s.stand == anchor_.stand;
      if (upward_) {  // p2p(b, anchor)
        const int pa = cross ? anchor_.alt : anchor_.proc;
        return s.proc != pa ? table_[std::size_t(s.proc) * n_ + std::size_t(pa)] : b == anchor ? 0.0 : subs_[s.proc];
      }
      const int pb = cross ? s.alt : s.proc;  // p2p(anchor, b)
      return pb != anchor_.proc ? row_[pb] : b == anchor ? 0.0 : subs_[anchor_.proc];
    }

    // The same table anchored at rank `a`.
    void rebind(int a) {
      anchor_ = slots_[std::size_t(a)];
      anchor = a;
      row_ = table_ + std::size_t(anchor_.proc) * n_;
    }

   private:
    friend class MappedModel;
    const Slot* slots_ = nullptr;
    const double *table_ = nullptr, *row_ = nullptr, *subs_ = nullptr;
    std::size_t n_ = 0;
    Slot anchor_{};
    int anchor = -1;
    bool upward_ = false;
  };
  // Null when the table does not apply (no classes and fewer than 8 ranks per process, more than
  // 64 processes, or channels attached).
  std::optional<View> view(int anchor, double bytes, bool upward) const;

  // Where view() applies: ranks of one cost group (same process, alternate and switch group) have
  // one view value from any anchor on another host, and one from an anchor on their own host — so a
  // builder may pick the best of a group by looking at its lowest ranks only. Dense ids
  // 0..cost_groups()-1 (0 groups where view() does not apply).
  int cost_groups() const { return tabled_ && !channels_ ? groups_ : 0; }
  int cost_group(int rank) const { return group_[std::size_t(rank)]; }
  int host_index(int rank) const { return host_[std::size_t(rank)]; }

  // Intra-node channels (docs/channels.md): from now on a pair of ranks on the same host whose
  // cores are both known (and in the channel model's topology) is predicted from its channel
  // class, whatever process the calibration had there. `channels` must have a topology attached
  // (every host is taken to be that kind of node) and outlive this; nullptr turns it off.
  void set_channels(const ChannelModel* channels);

 private:
  struct Pair { int i = -1, j = -1; };
  Pair substitute(int process) const { return sub_[std::size_t(process)]; }
  // The process that answers for rank b in a pair with rank a (proc_[b], or its alternate when
  // a and b are on different hosts that one representative host stands in for).
  int across_hosts(int a, int b) const;
  // Ranks on different hosts of one switch group: predicted by their class's near pair.
  bool near(int a, int b) const {
    return !sw_.empty() && sw_[std::size_t(a)] >= 0 && sw_[std::size_t(a)] == sw_[std::size_t(b)] &&
           host_[std::size_t(a)] != host_[std::size_t(b)];
  }
  // Where tabled_: the base model's time of every pair of its n processes at `bytes` (row
  // major; per thread and size, for the last model asked), then per process the time of its
  // substitute pair (n more; 0 where it has none).
  const double* times_at(double bytes) const;
  static constexpr int kMaxTabledProcesses = 64;
  static constexpr std::size_t kMaxTabledSizes = 4096;  // tables kept per thread (then dropped)

  // The constructor's phases (rank_mapping.cpp). Which host's processes stand for each host:
  // standin[h] and alternate[h] (-1: none); near_of_class: class -> near_pairs_ index (-1: none).
  struct Standins {
    std::vector<int> standin, alternate, near_of_class;
  };
  Standins stand_in_hosts(const Cluster& cluster, const std::vector<std::vector<int>>& host_procs);
  // Every rank's process, alternate, host, core and switch group; per process the ranks it serves.
  std::vector<int> place_ranks(const Cluster& cluster, const std::vector<RankPlacement>& ranks,
                               const std::vector<std::vector<int>>& host_procs, const Standins& standins);
  void build_cost_groups(const Cluster& cluster);
  void map_compute_and_buckets(const P2PModel& base);
  void choose_substitutes(const P2PModel& base, const Cluster& cluster, const std::vector<std::vector<int>>& host_procs,
                          const std::vector<int>& users);

  const P2PModel* base_;
  std::vector<int> proc_;  // rank -> calibrated process
  std::vector<int> alt_proc_;   // rank -> process on another representative of its class, or -1
  std::vector<int> proc_host_;  // calibrated process -> host (only when stood_in_)
  bool stood_in_ = false;       // some rank's host is predicted through another host (classes)
  bool tabled_ = false;         // few processes for many ranks: pair times from times_at()
  std::uint64_t id_ = 0;        // distinguishes instances for times_at()'s per-thread table
  std::vector<Slot> slot_;  // per rank, packed for the tabled p2p_row (only when tabled_)
  std::vector<int> group_;  // per rank, its cost group (only when tabled_)
  int groups_ = 0;
  std::vector<Pair> sub_;  // calibrated process -> substitute pair for a shared process (-1 if unused)
  std::vector<Pair> near_pairs_;  // per class with a near pair: (A, A') of one switch group
  std::vector<int> sw_, near_;    // per rank: its host's switch group and near_pairs_ index (empty: none)
  const ChannelModel* channels_ = nullptr;
  std::vector<int> host_, core_;  // rank -> host index / core (core -1 where no channel applies)
};

// Hosts of a job that the model's cluster does not name: on a batch system every allocation of a
// calibrated partition brings other nodes (docs/batch.md). With host classes such a host is placed
// in a class and then predicted as any host of that class without calibrated processes (rule 5a
// of docs/model-file.md, "Other placements of ranks"). The model holds no measurement of the host
// (the landmark survey's round trips are not kept in the model file), so the class is the one
// most of the job's hosts that the model knows are in, or where the job has none, the one most of
// the model's hosts are in; ties go to the lower class number.
struct UnknownHost {
  std::string host;
  int host_class = -1;  // -1: the model has no classes (communicators with ranks there run native)
};
// The distinct names of `job_hosts` (in order of first appearance) that `cluster` does not name,
// each with its class.
std::vector<UnknownHost> unknown_hosts(const Cluster& cluster, const std::vector<std::string>& job_hosts);
// Adds hosts of known classes (host_class >= 0) to `cluster` as hosts without calibrated
// processes and outside any switch group.
void add_unknown_hosts(Cluster& cluster, const std::vector<UnknownHost>& hosts);

// Placement of `procs` ranks onto the model's own cluster, for tools without MPI:
// rank r -> host of calibrated process r % n (core likewise); with host classes, rank r -> host
// r % H of all H hosts (core unknown).
std::vector<RankPlacement> default_placement(const Cluster& cluster, int procs);

}  // namespace collsel

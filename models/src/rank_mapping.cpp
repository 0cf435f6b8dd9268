// Maps communicator ranks onto calibrated processes by host, so one calibration serves any
// placement of ranks on the same hosts.
#include "collsel/rank_mapping.hpp"
#include "collsel/host_links.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <map>
#include <string_view>
#include <unordered_map>
#include <stdexcept>

namespace collsel {

namespace {

// Each host's calibrated processes, in process order.
std::vector<std::vector<int>> processes_by_host(const Cluster& cluster) {
  std::vector<std::vector<int>> host_procs(std::size_t(cluster.host_count()));
  for (int p = 0; p < cluster.size(); ++p) {
    const int h = cluster.host_of(p);
    if (h < 0 || h >= cluster.host_count())
      throw std::invalid_argument("rank mapping: process " + std::to_string(p) + " has no valid host");
    host_procs[std::size_t(h)].push_back(p);
  }
  return host_procs;
}

}  // namespace

MappedModel::MappedModel(const P2PModel& base, const Cluster& cluster, std::vector<RankPlacement> ranks)
    : base_(&base) {
  const int n = cluster.size();
  if (base.size() != n)
    throw std::invalid_argument("rank mapping: the " + std::string(base.kind()) + " model has " +
                                std::to_string(base.size()) + " processes but the cluster has " +
                                std::to_string(n));
  const std::vector<std::vector<int>> host_procs = processes_by_host(cluster);
  const std::vector<int> users = place_ranks(cluster, ranks, host_procs, stand_in_hosts(cluster, host_procs));
  if (stood_in_) {
    proc_host_.resize(std::size_t(n));
    for (int p = 0; p < n; ++p) proc_host_[std::size_t(p)] = cluster.host_of(p);
  }
  static std::atomic<std::uint64_t> instances{0};
  id_ = ++instances;
  build_cost_groups(cluster);
  map_compute_and_buckets(base);
  choose_substitutes(base, cluster, host_procs, users);
  if (!hosts().empty()) {  // ranks sharing hosts: their links, priced once per communicator
    HostLinks links = compute_host_links(*this);
    set_host_links(std::move(links.out_per_byte), std::move(links.in_per_byte));
  }
}

MappedModel::Standins MappedModel::stand_in_hosts(const Cluster& cluster,
                                                  const std::vector<std::vector<int>>& host_procs) {
  const std::size_t hosts = host_procs.size();
  // Which host's processes stand for each host: itself, or with host classes, for a host without
  // calibrated processes the k-th such host of a class takes representative k mod r of the class's
  // r representatives (hosts with processes, in host order), so the hosts of a class spread over
  // them. alternate: another representative of the same class (-1 if none), for two ranks on
  // different hosts that the standins would put on one host.
  Standins st{.standin = std::vector<int>(hosts), .alternate = std::vector<int>(hosts, -1), .near_of_class = {}};
  std::vector<int>& standin = st.standin;
  std::vector<int>& alternate = st.alternate;
  for (std::size_t h = 0; h < hosts; ++h) standin[h] = int(h);
  // Switch groups (cluster.hpp): per class, its representatives in different groups stand for
  // its hosts ("far" representatives); a second calibrated host of a group (A', the near
  // partner) is stood in for by the group's first, and with it answers the class's pairs within
  // one group (near_pairs_).
  const bool grouped = cluster.has_classes() && cluster.host_class.size() == hosts && cluster.host_group.size() == hosts;
  std::vector<int>& near_of_class = st.near_of_class;  // class -> index into near_pairs_, -1 if none
  if (cluster.has_classes() && cluster.host_class.size() == hosts) {
    std::vector<std::vector<int>> reps(hosts);
    std::vector<int> group_head(grouped ? hosts : 0, -1);  // group -> its first calibrated host
    near_of_class.assign(hosts, -1);
    for (std::size_t h = 0; h < hosts; ++h) {
      if (host_procs[h].empty()) continue;
      const std::size_t c = std::size_t(cluster.host_class[h]);
      const int g = grouped ? cluster.host_group[h] : -1;
      if (g >= 0 && std::size_t(g) < hosts && group_head[std::size_t(g)] >= 0) {
        const int head = group_head[std::size_t(g)];
        standin[h] = head;  // A' answers only for pairs within its group
        if (near_of_class[c] < 0) {
          near_of_class[c] = int(near_pairs_.size());
          near_pairs_.push_back({host_procs[std::size_t(head)][0], host_procs[h][0]});
        }
        continue;
      }
      if (g >= 0 && std::size_t(g) < hosts) group_head[std::size_t(g)] = int(h);
      reps[c].push_back(int(h));
    }
    std::vector<std::size_t> served(hosts, 0);
    for (std::size_t h = 0; h < hosts; ++h) {
      const auto& r = reps[std::size_t(cluster.host_class[h])];
      if (standin[h] != int(h)) continue;  // a near partner
      if (!host_procs[h].empty()) {
        const auto at = std::find(r.begin(), r.end(), int(h));
        if (r.size() >= 2) alternate[h] = r[std::size_t(at - r.begin() + 1) % r.size()];
      } else if (!r.empty()) {
        standin[h] = r[served[std::size_t(cluster.host_class[h])]++ % r.size()];
      }
    }
  }
  return st;
}

std::vector<int> MappedModel::place_ranks(const Cluster& cluster, const std::vector<RankPlacement>& ranks,
                                          const std::vector<std::vector<int>>& host_procs, const Standins& st) {
  const std::size_t hosts = host_procs.size();
  const std::vector<int>& standin = st.standin;
  const std::vector<int>& alternate = st.alternate;
  const std::vector<int>& near_of_class = st.near_of_class;
  std::unordered_map<std::string_view, int> host_by_name;  // a thousand ranks x hosts: no linear scan
  host_by_name.reserve(hosts);
  for (std::size_t h = 0; h < hosts; ++h) host_by_name.emplace(cluster.hosts[h], int(h));

  proc_.resize(ranks.size());
  alt_proc_.assign(ranks.size(), -1);
  host_.reserve(ranks.size());
  core_.reserve(ranks.size());
  std::vector<std::size_t> next(hosts, 0);
  std::vector<int> users(std::size_t(cluster.size()), 0);
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    const auto found = host_by_name.find(ranks[r].host);
    if (found == host_by_name.end())
      throw std::invalid_argument("rank mapping: rank " + std::to_string(r) + " runs on host '" + ranks[r].host +
                                  "', which is not in the model's cluster");
    const int h = found->second;
    const int s = standin[std::size_t(h)];
    const auto& procs = host_procs[std::size_t(s)];
    if (procs.empty())
      throw std::invalid_argument("rank mapping: host '" + ranks[r].host + "' has no calibrated process");
    const std::size_t k = next[std::size_t(h)]++;
    const int p = procs[k % procs.size()];
    proc_[r] = p;
    if (const int a = alternate[std::size_t(s)]; a >= 0) alt_proc_[r] = host_procs[std::size_t(a)][k % host_procs[std::size_t(a)].size()];
    stood_in_ |= s != h;
    host_.push_back(h);
    core_.push_back(ranks[r].core);
    if (!near_pairs_.empty()) {
      const int c = near_of_class[std::size_t(cluster.host_class[std::size_t(h)])];
      const int g = cluster.host_group[std::size_t(h)];
      if (sw_.empty()) sw_.assign(ranks.size(), -1), near_.assign(ranks.size(), -1);
      if (c >= 0 && g >= 0) sw_[r] = g, near_[r] = c;
    }
    ++users[std::size_t(p)];
  }
  return users;
}

void MappedModel::build_cost_groups(const Cluster& cluster) {
  const int n = cluster.size();
  // Few processes serving many ranks: with host classes, or a pair model of a few hosts run with
  // many ranks per host (16 hosts x 2 processes, 1024 ranks: each process answers for 32 ranks).
  // There a per-size table of the n x n pairs costs no more than the rows it serves, and the
  // builders may pick by cost group. Where most ranks have a process of their own, a new size's
  // table would cost n times a row: the rows go to the base model.
  tabled_ = n <= kMaxTabledProcesses && (cluster.has_classes() || std::size_t(n) * 8 <= proc_.size());
  if (tabled_) {
    slot_.resize(proc_.size());
    for (std::size_t r = 0; r < proc_.size(); ++r) {
      Slot& s = slot_[r];
      s = {proc_[r], host_[r], cluster.host_of(proc_[r]), alt_proc_[r] >= 0 ? alt_proc_[r] : proc_[r], -1, -1};
      if (!sw_.empty() && sw_[r] >= 0) {
        const Pair np = near_pairs_[std::size_t(near_[r])];
        s.sw = sw_[r];
        s.near = np.i * n + np.j;
      }
    }
    // View's value for rank b depends on b's process, its alternate, its switch group and whether
    // b shares the anchor's host (which also fixes whether their processes share a host):
    // (proc, alt, group) cost groups.
    std::map<std::array<int, 3>, int> ids;
    group_.resize(proc_.size());
    for (std::size_t r = 0; r < proc_.size(); ++r)
      group_[r] = ids.try_emplace({slot_[r].proc, slot_[r].alt, slot_[r].sw}, int(ids.size())).first->second;
    groups_ = int(ids.size());
  }

}

void MappedModel::map_compute_and_buckets(const P2PModel& base) {
  {  // ranks that share a host share its link
    std::vector<char> seen;
    bool shared = false;
    for (const int h : host_) {
      if (std::size_t(h) >= seen.size()) seen.resize(std::size_t(h) + 1, 0);
      shared = shared || seen[std::size_t(h)];
      seen[std::size_t(h)] = 1;
    }
    if (shared) set_hosts(host_);
  }
  if (base.switch_groups().size() == std::size_t(base.size())) {  // a rank is behind its process's switch
    std::vector<int> groups(proc_.size());
    for (std::size_t r = 0; r < proc_.size(); ++r) groups[r] = base.switch_groups()[std::size_t(proc_[r])];
    set_switch_groups(std::move(groups));
  }
  if (!base.reduce_gamma().empty()) {  // a rank computes at its calibrated process's speed
    std::vector<double> gamma(proc_.size());
    for (std::size_t r = 0; r < proc_.size(); ++r) gamma[r] = base.reduce_gamma()[std::size_t(proc_[r])];
    set_reduce_gamma(std::move(gamma));
  }
  if (base.link_out_floor().size() == std::size_t(base.size()) && base.link_in_floor().size() == std::size_t(base.size())) {
    std::vector<double> out(proc_.size()), in(proc_.size());  // a rank's host link is its process's
    for (std::size_t r = 0; r < proc_.size(); ++r) {
      out[r] = base.link_out_floor()[std::size_t(proc_[r])];
      in[r] = base.link_in_floor()[std::size_t(proc_[r])];
    }
    set_link_floors(std::move(out), std::move(in));
  }
  if (const TokenBuckets* b = base.buckets()) {  // a rank sends through its own host's links
    auto mapped = std::make_shared<TokenBuckets>();
    mapped->line_seconds_per_byte = b->line_seconds_per_byte;
    for (std::size_t r = 0; r < proc_.size(); ++r) {
      const std::size_t p = std::size_t(proc_[r]);
      mapped->up_rate.push_back(b->up_rate[p]);
      mapped->down_rate.push_back(b->down_rate[p]);
      mapped->up_bytes.push_back(b->up_bytes[p]);
      mapped->down_bytes.push_back(b->down_bytes[p]);
      mapped->host.push_back(host_[r]);
    }
    set_buckets(std::move(mapped));
  }
}

void MappedModel::choose_substitutes(const P2PModel& base, const Cluster& cluster,
                                     const std::vector<std::vector<int>>& host_procs, const std::vector<int>& users) {
  const int n = cluster.size();
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

int MappedModel::across_hosts(int a, int b) const {
  const int pa = proc_[std::size_t(a)], pb = proc_[std::size_t(b)];
  // Ranks on two hosts stood in for by one host: the pair must cross hosts as theirs does.
  if (host_[std::size_t(a)] != host_[std::size_t(b)] && proc_host_[std::size_t(pa)] == proc_host_[std::size_t(pb)]) {
    if (alt_proc_[std::size_t(b)] >= 0) return alt_proc_[std::size_t(b)];
  }
  return pb;
}

void MappedModel::set_channels(const ChannelModel* channels) {
  channels_ = channels && channels->topology() && !channels->empty() ? channels : nullptr;
  if (channels_)
    for (int& c : core_)
      if (!channels_->topology()->has_core(c)) c = -1;
}

const double* MappedModel::times_at(double bytes) const {
  // A thousand-rank decision asks for ~10^6 pair times, all of them among the few representatives
  // a host-class model has, at a few hundred sizes (a scatter tree's edges carry whole subtrees):
  // one n x n table per size answers them. Per thread, for the last model asked, bounded.
  struct Tables {
    std::uint64_t owner = 0;
    std::unordered_map<double, std::vector<double>> by_size;
    // The table asked for last: a scan asks for one size many times in a row.
    double last_bytes = -1;
    const double* last = nullptr;
  };
  thread_local Tables tables;
  if (tables.owner == id_ && tables.last && bytes == tables.last_bytes) return tables.last;
  if (tables.owner != id_ || tables.by_size.size() >= kMaxTabledSizes) {
    tables.by_size.clear();
    tables.owner = id_;
  }
  auto [it, added] = tables.by_size.try_emplace(bytes);
  if (added) {
    const std::size_t n = std::size_t(base_->size());
    std::vector<double>& t = it->second;
    t.assign(n * n + n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (i != j) t[i * n + j] = base_->p2p(int(i), int(j), bytes);
    for (std::size_t p = 0; p < n; ++p)
      if (const Pair s = sub_[p]; s.i >= 0) t[n * n + p] = t[std::size_t(s.i) * n + std::size_t(s.j)];
  }
  tables.last_bytes = bytes;
  tables.last = it->second.data();
  return tables.last;
}

std::optional<MappedModel::View> MappedModel::view(int anchor, double bytes, bool upward) const {
  if (!tabled_ || channels_) return std::nullopt;
  View v;
  v.n_ = std::size_t(base_->size());
  v.table_ = times_at(bytes);
  v.subs_ = v.table_ + v.n_ * v.n_;
  v.slots_ = slot_.data();
  v.anchor_ = slot_[std::size_t(anchor)];
  v.anchor = anchor;
  v.row_ = v.table_ + std::size_t(v.anchor_.proc) * v.n_;
  v.upward_ = upward;
  return v;
}

double MappedModel::p2p(int a, int b, double bytes) const {
  if (a == b) return 0.0;
  if (channels_ && host_[std::size_t(a)] == host_[std::size_t(b)] && core_[std::size_t(a)] >= 0 &&
      core_[std::size_t(b)] >= 0)
    return channels_->p2p(core_[std::size_t(a)], core_[std::size_t(b)], bytes);
  if (near(a, b)) {
    const Pair np = near_pairs_[std::size_t(near_[std::size_t(a)])];
    return base_->p2p(np.i, np.j, bytes);
  }
  const int pa = proc_[std::size_t(a)];
  const int pb = stood_in_ ? across_hosts(a, b) : proc_[std::size_t(b)];
  const Pair s = pa != pb ? Pair{pa, pb} : sub_[std::size_t(pa)];
  if (s.i < 0) return 0.0;
  // One pair: asked of the base model directly, even with host classes — the value the table
  // would hold, without building n x n times for a size that a tree's subtree payload may use
  // only once (Träff, the v-variants' trees); scans go through p2p_row() and view().
  return base_->p2p(s.i, s.j, bytes);
}

void MappedModel::p2p_column(std::span<const int> from, int to, double bytes, std::span<double> out) const {
  if (const auto v = view(to, bytes, true)) {  // host classes: the table's column
    for (std::size_t k = 0; k < from.size(); ++k) out[k] = (*v)(from[k]);
    return;
  }
  for (std::size_t k = 0; k < from.size(); ++k) out[k] = p2p(from[k], to, bytes);
}

void MappedModel::p2p_edges(std::span<const int> anchor, std::span<const int> other, bool upward, double bytes,
                            std::span<double> out) const {
  if (anchor.empty()) return;
  if (auto v = view(anchor.front(), bytes, upward)) {  // host classes: the table, one anchor after another
    for (std::size_t k = 0; k < anchor.size(); ++k) {
      if (anchor[k] != v->anchor) v->rebind(anchor[k]);
      out[k] = (*v)(other[k]);
    }
    return;
  }
  for (std::size_t k = 0; k < anchor.size();) {  // each anchor's run as a row (down) or column (up)
    std::size_t end = k + 1;
    while (end < anchor.size() && anchor[end] == anchor[k]) ++end;
    const std::span<const int> run = other.subspan(k, end - k);
    if (upward) p2p_column(run, anchor[k], bytes, out.subspan(k, end - k));
    else p2p_row(anchor[k], run, bytes, out.subspan(k, end - k));
    k = end;
  }
}

void MappedModel::p2p_row(int from, std::span<const int> to, double bytes, std::span<double> out) const {
  if (const auto v = view(from, bytes, false)) {  // host classes: one pass over the table
    for (std::size_t k = 0; k < to.size(); ++k) out[k] = (*v)(to[k]);
    return;
  }
  // One batched call on the base model over the translated indices, then fix the ranks that share
  // `from`'s process (the base predicts 0 for them) and, with channels, the same-host pairs whose
  // cores are known (the only ones the channel model answers).
  thread_local std::vector<int> procs;
  procs.resize(to.size());
  const int pf = proc_[std::size_t(from)];
  bool shared = false;
  for (std::size_t k = 0; k < to.size(); ++k) {
    procs[k] = stood_in_ ? across_hosts(from, to[k]) : proc_[std::size_t(to[k])];
    shared |= procs[k] == pf && to[k] != from;
  }
  if (tabled_) {
    const double* row = times_at(bytes) + std::size_t(pf) * std::size_t(base_->size());
    for (std::size_t k = 0; k < to.size(); ++k) out[k] = row[procs[k]];  // the diagonal is 0
  } else {
    base_->p2p_row(pf, std::span<const int>(procs.data(), to.size()), bytes, out);
  }
  if (shared) {
    const Pair s = sub_[std::size_t(pf)];
    const double t = s.i < 0 ? 0.0 : tabled_ ? times_at(bytes)[std::size_t(s.i) * std::size_t(base_->size()) + std::size_t(s.j)]
                                             : base_->p2p(s.i, s.j, bytes);
    for (std::size_t k = 0; k < to.size(); ++k)
      if (procs[k] == pf && to[k] != from) out[k] = t;
  }
  if (!sw_.empty() && sw_[std::size_t(from)] >= 0) {  // pairs within from's switch group
    const Pair np = near_pairs_[std::size_t(near_[std::size_t(from)])];
    double t = -1;
    for (std::size_t k = 0; k < to.size(); ++k)
      if (near(from, to[k])) {
        if (t < 0) t = tabled_ ? times_at(bytes)[std::size_t(np.i) * std::size_t(base_->size()) + std::size_t(np.j)]
                               : base_->p2p(np.i, np.j, bytes);
        out[k] = t;
      }
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
  if (cluster.has_classes()) {  // the calibration's hosts, not only its representatives
    for (int r = 0; r < procs; ++r) out.push_back({cluster.hosts[std::size_t(r % cluster.host_count())], -1});
    return out;
  }
  for (int r = 0; r < procs; ++r) {
    const int p = r % n;
    const int core = std::size_t(p) < cluster.process_core.size() ? cluster.process_core[std::size_t(p)] : -1;
    out.push_back({cluster.hosts[std::size_t(cluster.host_of(p))], core});
  }
  return out;
}

std::vector<UnknownHost> unknown_hosts(const Cluster& cluster, const std::vector<std::string>& job_hosts) {
  std::unordered_map<std::string_view, int> known;
  known.reserve(cluster.hosts.size());
  for (std::size_t h = 0; h < cluster.hosts.size(); ++h) known.emplace(cluster.hosts[h], int(h));
  const bool classes = cluster.has_classes() && cluster.host_class.size() == cluster.hosts.size();
  int classes_count = 0;
  if (classes) classes_count = *std::max_element(cluster.host_class.begin(), cluster.host_class.end()) + 1;
  // The most common class among `hosts` (indices into cluster.hosts, each counted once), -1 if none.
  auto most_common = [&](const std::vector<int>& hosts) {
    std::vector<int> count(std::size_t(std::max(classes_count, 0)), 0);
    for (int h : hosts)
      if (const int c = cluster.host_class[std::size_t(h)]; c >= 0 && c < classes_count) ++count[std::size_t(c)];
    const auto best = std::max_element(count.begin(), count.end());  // the first of equals: the lower class
    return best == count.end() || *best == 0 ? -1 : int(best - count.begin());
  };
  std::vector<UnknownHost> out;
  std::vector<int> job_known;
  std::vector<bool> seen(cluster.hosts.size(), false);
  std::unordered_map<std::string_view, bool> listed;
  for (const std::string& name : job_hosts) {
    if (const auto it = known.find(name); it != known.end()) {
      if (!seen[std::size_t(it->second)]) job_known.push_back(it->second);
      seen[std::size_t(it->second)] = true;
    } else if (listed.emplace(name, true).second) {
      out.push_back({name, -1});
    }
  }
  if (classes && !out.empty()) {
    int c = most_common(job_known);
    if (c < 0) {
      std::vector<int> all(cluster.hosts.size());
      for (std::size_t h = 0; h < all.size(); ++h) all[h] = int(h);
      c = most_common(all);
    }
    for (UnknownHost& u : out) u.host_class = c;
  }
  return out;
}

void add_unknown_hosts(Cluster& cluster, const std::vector<UnknownHost>& hosts) {
  if (!cluster.has_classes()) return;
  for (const UnknownHost& u : hosts) {
    if (u.host_class < 0 || cluster.host_index(u.host) >= 0) continue;
    cluster.hosts.push_back(u.host);
    cluster.host_class.push_back(u.host_class);
    if (cluster.has_groups()) cluster.host_group.push_back(-1);
  }
}

}  // namespace collsel

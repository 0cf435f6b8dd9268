// Ping-pong per representative pair, one pair at a time (pairs on one node share caches and
// memory bandwidth, so concurrent pairs would disturb each other), and NBFT series per channel
// class; the models library plans and fits (channels.hpp).
#include "measure_channels.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "collsel/exec.hpp"

namespace collsel {
namespace {

constexpr int kTag = 7301;
constexpr int kWarmup = 2;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// One-way time a -> b of `bytes` bytes (half the round trip), median over the repetitions. All
// ranks of `comm` call it; only a and b communicate. Returns the median on `a`, 0 elsewhere.
double pingpong(MPI_Comm comm, int me, int a, int b, std::size_t bytes, int reps, std::vector<char>& buf) {
  MPI_Barrier(comm);
  if (me != a && me != b) return 0.0;
  std::vector<double> t;
  const int count = int(bytes);
  for (int k = 0; k < kWarmup + reps; ++k) {
    if (me == a) {
      const double t0 = MPI_Wtime();
      MPI_Send(buf.data(), count, MPI_BYTE, b, kTag, comm);
      MPI_Recv(buf.data(), count, MPI_BYTE, b, kTag, comm, MPI_STATUS_IGNORE);
      if (k >= kWarmup) t.push_back(0.5 * (MPI_Wtime() - t0));
    } else {
      MPI_Recv(buf.data(), count, MPI_BYTE, a, kTag, comm, MPI_STATUS_IGNORE);
      MPI_Send(buf.data(), count, MPI_BYTE, a, kTag, comm);
    }
  }
  return me == a ? median(t) : 0.0;
}

// Root sends `bytes` to receivers[0..n) at once; the time runs from just before the sends to the
// last receiver's arrival (MPI_Wtime is one clock on one node). Median over repetitions, on root.
double nbft(MPI_Comm comm, int me, int root, const std::vector<int>& receivers, int n, std::size_t bytes, int reps,
            std::vector<char>& buf) {
  const int count = int(bytes);
  const bool is_recv = std::find(receivers.begin(), receivers.begin() + n, me) != receivers.begin() + n;
  std::vector<double> start(std::size_t(reps), 0.0), arrive(std::size_t(reps), -std::numeric_limits<double>::infinity());
  std::vector<MPI_Request> req(static_cast<std::size_t>(n));
  for (int k = 0; k < kWarmup + reps; ++k) {
    MPI_Barrier(comm);
    if (me == root) {
      const double t0 = MPI_Wtime();
      for (int i = 0; i < n; ++i)
        MPI_Isend(buf.data(), count, MPI_BYTE, receivers[std::size_t(i)], kTag, comm, &req[std::size_t(i)]);
      MPI_Waitall(n, req.data(), MPI_STATUSES_IGNORE);
      if (k >= kWarmup) start[std::size_t(k - kWarmup)] = t0;
    } else if (is_recv) {
      MPI_Recv(buf.data(), count, MPI_BYTE, root, kTag, comm, MPI_STATUS_IGNORE);
      if (k >= kWarmup) arrive[std::size_t(k - kWarmup)] = MPI_Wtime();
    }
  }
  std::vector<double> last(static_cast<std::size_t>(reps));
  MPI_Reduce(arrive.data(), last.data(), reps, MPI_DOUBLE, MPI_MAX, root, comm);
  if (me != root) return 0.0;
  std::vector<double> t(static_cast<std::size_t>(reps));
  for (int k = 0; k < reps; ++k) t[std::size_t(k)] = std::max(0.0, last[std::size_t(k)] - start[std::size_t(k)]);
  return median(t);
}

// The host with the most ranks bound to a core (ties: the lowest rank's), and their count.
std::pair<std::string, int> busiest_host(const std::vector<RankPlacement>& where) {
  std::string best;
  int best_count = 0;
  for (const RankPlacement& r : where) {
    if (r.core < 0) continue;
    int c = 0;
    for (const RankPlacement& s : where) c += s.core >= 0 && s.host == r.host;
    if (c > best_count) best_count = c, best = r.host;
  }
  return {best, best_count};
}

// What the measured node's ranks share: their communicator (sub), this rank in it, the node's
// topology and each rank's core (-1 where the topology lacks it), the sizes and a buffer.
struct Node {
  MPI_Comm sub;
  int me = 0, n = 0;
  Topology topo;
  std::vector<int> rank_core;
  std::vector<std::size_t> sizes;
  int reps = 1;
  std::vector<char> buf;
};

// Ping-pong per representative pair, one pair at a time; the samples on the leader (sub rank 0),
// and how many pairs of each channel were measured.
std::vector<ChannelP2PSample> measure_pairs(Node& node, int pairs_per_channel,
                                            std::array<int, kChannelCount>& pairs_per) {
  std::vector<ChannelP2PSample> p2p;
  const int me = node.me;
  for (const ChannelPair& p : representative_pairs(node.topo, node.rank_core, pairs_per_channel)) {
    ++pairs_per[std::size_t(p.channel)];
    std::vector<double> t;
    for (std::size_t s : node.sizes) t.push_back(pingpong(node.sub, me, p.a, p.b, s, node.reps, node.buf));
    // The sender's medians go to the leader (sub rank 0).
    if (me == p.a && me != 0) MPI_Send(t.data(), int(t.size()), MPI_DOUBLE, 0, kTag, node.sub);
    if (me == 0 && p.a != 0) MPI_Recv(t.data(), int(t.size()), MPI_DOUBLE, p.a, kTag, node.sub, MPI_STATUS_IGNORE);
    if (me == 0)
      for (std::size_t k = 0; k < node.sizes.size(); ++k) p2p.push_back({p.channel, double(node.sizes[k]), t[k]});
  }
  return p2p;
}

// The NBFT series of every plan (1 .. all of its receivers, every size); the samples on the leader.
std::vector<ChannelNbftSample> measure_nbft_series(Node& node, int max_receivers) {
  std::vector<ChannelNbftSample> series;
  const int me = node.me;
  for (const NbftPlan& plan : nbft_plans(node.topo, node.rank_core, max_receivers)) {
    std::vector<double> t;
    for (int k = 1; k <= int(plan.receivers.size()); ++k)
      for (std::size_t s : node.sizes) t.push_back(nbft(node.sub, me, plan.root, plan.receivers, k, s, node.reps, node.buf));
    if (me == plan.root && me != 0) MPI_Send(t.data(), int(t.size()), MPI_DOUBLE, 0, kTag, node.sub);
    if (me == 0 && plan.root != 0)
      MPI_Recv(t.data(), int(t.size()), MPI_DOUBLE, plan.root, kTag, node.sub, MPI_STATUS_IGNORE);
    if (me == 0) {
      std::size_t i = 0;
      for (int k = 1; k <= int(plan.receivers.size()); ++k)
        for (std::size_t s : node.sizes) series.push_back({plan.channel, k, double(s), t[i++]});
    }
  }
  return series;
}

// The measurement on the node's ranks (collective over sub): the fitted [channels] section on the
// leader (empty elsewhere, or without data), and the points measured in `out`.
std::string measure_node(MPI_Comm sub, const std::vector<RankPlacement>& where, const std::string& host,
                         const ChannelMeasureOptions& opt, ChannelMeasurement& out) {
  Node node{.sub = sub, .topo = Topology::live()};  // every member reads the same node: the same plans
  MPI_Comm_rank(sub, &node.me);
  MPI_Comm_size(sub, &node.n);
  for (const RankPlacement& r : where)
    if (r.core >= 0 && r.host == host) node.rank_core.push_back(node.topo.has_core(r.core) ? r.core : -1);
  for (std::size_t s : opt.sizes)
    if (s <= opt.max_bytes) node.sizes.push_back(s);
  if (node.sizes.empty()) node.sizes.push_back(0);
  node.buf.assign(std::max<std::size_t>(1, *std::max_element(node.sizes.begin(), node.sizes.end())), 1);
  node.reps = std::max(1, opt.repetitions);
  std::array<int, kChannelCount> pairs_per{};
  const std::vector<ChannelP2PSample> p2p = measure_pairs(node, opt.pairs_per_channel, pairs_per);
  const std::vector<ChannelNbftSample> series = measure_nbft_series(node, opt.max_nbft_receivers);
  if (node.me != 0) return "";
  ChannelModel model = fit_channel_model(p2p, series);
  for (Channel c : all_channels)
    if (auto p = model.params(c)) {
      ChannelParams q = *p;
      q.pairs = pairs_per[std::size_t(c)];
      model.set(c, q);
    }
  model.note = "measured on " + host + " (" + node.topo.summary() + ") by " + std::to_string(node.n) + " bound ranks";
  out.p2p_points = int(p2p.size());
  out.nbft_points = int(series.size());
  return model.empty() ? "" : format_channels_section(model);
}

}  // namespace

ChannelMeasurement measure_channels(MPI_Comm comm, const ChannelMeasureOptions& opt) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  ChannelMeasurement out;

  // Who is where: host names and bound cores (hwloc's, as in [cluster]) of every rank.
  const int my_core = bound_core_of_this_process();
  const std::vector<RankPlacement> where = exec::gather_placement(comm, my_core);
  const auto [best, best_count] = busiest_host(where);
  if (best_count < 2) {
    out.why_not = "no host has two ranks bound to single cores (run with e.g. mpiexec -bind-to core)";
    return out;
  }
  out.host = best;
  int leader = -1;  // lowest rank of the measured ranks: it fits and broadcasts
  for (int r = 0; r < size && leader < 0; ++r)
    if (where[std::size_t(r)].core >= 0 && where[std::size_t(r)].host == best) leader = r;

  const bool member = my_core >= 0 && where[std::size_t(rank)].host == best;
  MPI_Comm sub = MPI_COMM_NULL;
  MPI_Comm_split(comm, member ? 0 : MPI_UNDEFINED, rank, &sub);
  std::string text;  // the fitted [channels] section, on the leader
  if (member) {
    text = measure_node(sub, where, best, opt, out);
    MPI_Comm_free(&sub);
  }

  // Everyone gets the same model: the leader's text, parsed on every rank.
  int text_len = int(text.size());
  MPI_Bcast(&text_len, 1, MPI_INT, leader, comm);
  text.resize(std::size_t(text_len));
  MPI_Bcast(text.data(), text_len, MPI_CHAR, leader, comm);
  int points[2] = {out.p2p_points, out.nbft_points};
  MPI_Bcast(points, 2, MPI_INT, leader, comm);
  out.p2p_points = points[0];
  out.nbft_points = points[1];
  if (text_len > 0) out.model = parse_channel_model(text, "measured channels");
  else out.why_not = "the measured host produced no channel data";
  return out;
}

}  // namespace collsel

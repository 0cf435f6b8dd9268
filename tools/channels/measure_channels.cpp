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

}  // namespace

ChannelMeasurement measure_channels(MPI_Comm comm, const ChannelMeasureOptions& opt) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  ChannelMeasurement out;

  // Who is where: host names and bound cores (hwloc's, as in [cluster]) of every rank.
  const int my_core = bound_core_of_this_process();
  const std::vector<RankPlacement> where = exec::gather_placement(comm, my_core);
  auto core_of = [&](int r) { return where[std::size_t(r)].core; };
  auto host_of = [&](int r) -> const std::string& { return where[std::size_t(r)].host; };

  // The host with the most bound ranks (ties: the lowest rank's).
  std::string best;
  int best_count = 0;
  for (int r = 0; r < size; ++r) {
    if (core_of(r) < 0) continue;
    int c = 0;
    for (int s = 0; s < size; ++s) c += core_of(s) >= 0 && host_of(s) == host_of(r);
    if (c > best_count) best_count = c, best = host_of(r);
  }
  if (best_count < 2) {
    out.why_not = "no host has two ranks bound to single cores (run with e.g. mpiexec -bind-to core)";
    return out;
  }
  out.host = best;
  int leader = -1;  // lowest rank of the measured ranks: it fits and broadcasts
  for (int r = 0; r < size && leader < 0; ++r)
    if (core_of(r) >= 0 && host_of(r) == best) leader = r;

  const bool member = my_core >= 0 && host_of(rank) == best;
  MPI_Comm sub = MPI_COMM_NULL;
  MPI_Comm_split(comm, member ? 0 : MPI_UNDEFINED, rank, &sub);

  std::string text;  // the fitted [channels] section, on the leader
  if (member) {
    int me = 0, n = 0;
    MPI_Comm_rank(sub, &me);
    MPI_Comm_size(sub, &n);
    std::vector<int> rank_core;
    for (int r = 0; r < size; ++r)
      if (core_of(r) >= 0 && host_of(r) == best) rank_core.push_back(core_of(r));
    // Every member reads the same node, so every member derives the same plans.
    const Topology topo = Topology::live();
    for (int& c : rank_core)
      if (!topo.has_core(c)) c = -1;
    std::vector<std::size_t> sizes;
    for (std::size_t s : opt.sizes)
      if (s <= opt.max_bytes) sizes.push_back(s);
    if (sizes.empty()) sizes.push_back(0);
    std::vector<char> buf(std::max<std::size_t>(1, *std::max_element(sizes.begin(), sizes.end())), 1);
    const int reps = std::max(1, opt.repetitions);

    std::vector<ChannelP2PSample> p2p;
    std::array<int, kChannelCount> pairs_per{};
    for (const ChannelPair& p : representative_pairs(topo, rank_core, opt.pairs_per_channel)) {
      ++pairs_per[std::size_t(p.channel)];
      std::vector<double> t;
      for (std::size_t s : sizes) t.push_back(pingpong(sub, me, p.a, p.b, s, reps, buf));
      // The sender's medians go to the leader (sub rank 0).
      if (me == p.a && me != 0) MPI_Send(t.data(), int(t.size()), MPI_DOUBLE, 0, kTag, sub);
      if (me == 0 && p.a != 0)
        MPI_Recv(t.data(), int(t.size()), MPI_DOUBLE, p.a, kTag, sub, MPI_STATUS_IGNORE);
      if (me == 0)
        for (std::size_t k = 0; k < sizes.size(); ++k) p2p.push_back({p.channel, double(sizes[k]), t[k]});
    }

    std::vector<ChannelNbftSample> series;
    for (const NbftPlan& plan : nbft_plans(topo, rank_core, opt.max_nbft_receivers)) {
      std::vector<double> t;
      for (int k = 1; k <= int(plan.receivers.size()); ++k)
        for (std::size_t s : sizes) t.push_back(nbft(sub, me, plan.root, plan.receivers, k, s, reps, buf));
      if (me == plan.root && me != 0) MPI_Send(t.data(), int(t.size()), MPI_DOUBLE, 0, kTag, sub);
      if (me == 0 && plan.root != 0)
        MPI_Recv(t.data(), int(t.size()), MPI_DOUBLE, plan.root, kTag, sub, MPI_STATUS_IGNORE);
      if (me == 0) {
        std::size_t i = 0;
        for (int k = 1; k <= int(plan.receivers.size()); ++k)
          for (std::size_t s : sizes) series.push_back({plan.channel, k, double(s), t[i++]});
      }
    }
    if (me == 0) {
      ChannelModel model = fit_channel_model(p2p, series);
      for (Channel c : all_channels)
        if (auto p = model.params(c)) {
          ChannelParams q = *p;
          q.pairs = pairs_per[std::size_t(c)];
          model.set(c, q);
        }
      model.note = "measured on " + best + " (" + topo.summary() + ") by " + std::to_string(n) + " bound ranks";
      if (!model.empty()) text = format_channels_section(model);
      out.p2p_points = int(p2p.size());
      out.nbft_points = int(series.size());
    }
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

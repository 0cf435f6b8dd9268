// Token buckets ([burst], buckets.hpp): what a rested link passes faster than a drained one.
// Each host, once as sender (its outgoing link) and once as receiver (its incoming link), with the
// partner the Hockney fit says it reaches fastest (whose own link is the least likely to be the
// shaped one): after a rest long enough for M = max_bytes to refill at the pair's fitted rate, one
// message of M bytes (rested), then two more back to back (the last one drained: the first
// emptied the bucket) and one of M/4 (drained too); after another such rest, one of M/4 (rested).
// The large pair gives the sustained rate and the bucket, the small pair whether a rested message
// of M/4 gains as that bucket would let it (fit::bucket_estimate), with `line` the
// cluster's fastest per-byte cost (the fit's fastest pair across hosts, or a rested message's,
// whichever is faster). No host with a bucket of at least kMinBucket: no [burst] section
// (SimGrid links, real NICs without burst allowance).
// Cost: hosts x 2 x kRepetitions x (2 rests + 3 messages of M bytes + 2 of M/4); about 7 s for 8
// emulated hosts at 1 MiB.
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "phases.hpp"

namespace collsel::calibrate {
namespace {

constexpr int kRepetitions = 3;
constexpr double kMinBucket = 16384;      // smaller buckets change no prediction worth a section
constexpr double kMaxRestSeconds = 2.0;   // a rest never longer than this (a very slow link)

struct Probe {
  int host = 0;
  bool up = true;            // the host's outgoing link (it sends) or incoming (it receives)
  int sender = 0, receiver = 0;
  double latency = 0;        // the fit's time of an empty message
  double ack = 0;            // the fit's time of the one-byte reply
  double rest = 0;           // seconds the sender waits before the rested message
};

constexpr int kTrain = 3;    // large messages per repetition: the rested one, then back to back
// Per probe and repetition, the times kept (seconds, the reply's time taken off).
enum Timed { kRestedLarge, kDrainedLarge, kDrainedSmall, kRestedSmall, kTimedCount };

double slope_of(const HockneyModel& m, int i, int j, double bytes) {
  return (m.p2p(i, j, bytes) - m.p2p(i, j, bytes / 2)) / (bytes / 2);
}

// The cluster's line: the fastest per-byte cost of any pair across hosts.
double fitted_line(const HockneyModel& drained, const Cluster& placement, double bytes) {
  const int n = placement.size();
  double line = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (placement.host_of(i) != placement.host_of(j)) line = std::min(line, slope_of(drained, i, j, bytes));
  return line;
}

// One probe per host and direction, from the host's first process to its fastest partner.
std::vector<Probe> plan_probes(const HockneyModel& drained, const Cluster& placement, double bytes) {
  const int n = placement.size();
  std::vector<Probe> probes;
  std::vector<int> first(std::size_t(placement.host_count()), -1);
  for (int p = n; p-- > 0;) first[std::size_t(placement.host_of(p))] = p;
  for (int h = 0; h < placement.host_count(); ++h) {
    const int a = first[std::size_t(h)];
    if (a < 0) continue;
    for (bool up : {true, false}) {
      Probe pr{.host = h, .up = up};
      double best = std::numeric_limits<double>::infinity();
      for (int b = 0; b < n; ++b) {
        if (placement.host_of(b) == h) continue;
        const double t = up ? drained.p2p(a, b, bytes) : drained.p2p(b, a, bytes);
        if (t < best) best = t, pr.sender = up ? a : b, pr.receiver = up ? b : a;
      }
      if (!std::isfinite(best)) continue;
      pr.latency = drained.p2p(pr.sender, pr.receiver, 0);
      pr.ack = drained.p2p(pr.receiver, pr.sender, 1);
      pr.rest = std::min(kMaxRestSeconds, 1.2 * bytes * slope_of(drained, pr.sender, pr.receiver, bytes) + 0.005);
      probes.push_back(pr);
    }
  }
  return probes;
}

// Where probe k's repetition r keeps its time `which`.
std::size_t slot(std::size_t k, int r, int which) {
  return (k * kRepetitions + std::size_t(r)) * kTimedCount + std::size_t(which);
}

// Every probe's messages, one probe at a time: the times (slot()) on every rank. Collective.
std::vector<double> measure_probes(MPI_Comm comm, const std::vector<Probe>& probes, std::size_t max_bytes) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<char> buffer(max_bytes);
  const int large = int(max_bytes), small = large / 4;
  char ack = 0;
  std::vector<double> mine(probes.size() * kRepetitions * kTimedCount, 0.0), times(mine.size(), 0.0);
  for (std::size_t k = 0; k < probes.size(); ++k) {
    const Probe& pr = probes[k];
    // One message of `count` bytes and its one-byte reply; the sender keeps its time in `which`
    // (-1: untimed), after resting first when asked.
    auto message = [&](int r, int count, bool rest_first, int which) {
      if (rank == pr.sender) {
        if (rest_first) usleep(useconds_t(pr.rest * 1e6));
        const double t0 = MPI_Wtime();
        MPI_Send(buffer.data(), count, MPI_BYTE, pr.receiver, 0, comm);
        MPI_Recv(&ack, 1, MPI_BYTE, pr.receiver, 1, comm, MPI_STATUS_IGNORE);
        if (which >= 0) mine[slot(k, r, which)] = MPI_Wtime() - t0 - pr.ack;
      } else if (rank == pr.receiver) {
        MPI_Recv(buffer.data(), count, MPI_BYTE, pr.sender, 0, comm, MPI_STATUS_IGNORE);
        MPI_Send(&ack, 1, MPI_BYTE, pr.sender, 1, comm);
      }
    };
    for (int r = 0; r < kRepetitions; ++r) {
      MPI_Barrier(comm);
      for (int m = 0; m < kTrain; ++m)
        message(r, large, m == 0, m == 0 ? kRestedLarge : m == kTrain - 1 ? kDrainedLarge : -1);
      message(r, small, false, kDrainedSmall);
      message(r, small, true, kRestedSmall);
    }
  }
  MPI_Allreduce(mine.data(), times.data(), int(times.size()), MPI_DOUBLE, MPI_MAX, comm);
  return times;
}

// The buckets from the probes' medians: per shaped link its estimate, per process its host's
// rates and bucket sizes; no [burst] without a bucket of at least kMinBucket.
BurstResult estimate_buckets(const std::vector<Probe>& probes, const std::vector<double>& times, double line,
                             const Cluster& placement, double bytes) {
  const int n = placement.size();
  const double small = double(int(bytes) / 4);
  auto median_of = [&](std::size_t k, int which) {
    std::vector<double> t;
    for (int r = 0; r < kRepetitions; ++r) t.push_back(times[slot(k, r, which)]);
    std::nth_element(t.begin(), t.begin() + kRepetitions / 2, t.end());
    return t[kRepetitions / 2];
  };
  // A rested message faster per byte than every fitted pair: the line is at least that fast.
  for (std::size_t k = 0; k < probes.size(); ++k)
    if (const double t = median_of(k, kRestedLarge) - probes[k].latency; t > 0) line = std::min(line, t / bytes);
  BurstResult result;
  TokenBuckets& b = result.buckets.emplace();
  b.line_seconds_per_byte = line;
  b.host = placement.process_host;
  for (auto* v : {&b.up_rate, &b.down_rate, &b.up_bytes, &b.down_bytes}) v->assign(std::size_t(n), 0.0);
  bool any = false;
  for (std::size_t k = 0; k < probes.size(); ++k) {
    const Probe& pr = probes[k];
    const fit::BucketEstimate e = fit::bucket_estimate(
        {.bytes = bytes, .rested = median_of(k, kRestedLarge), .drained = median_of(k, kDrainedLarge)},
        {.bytes = small, .rested = median_of(k, kRestedSmall), .drained = median_of(k, kDrainedSmall)},
        pr.latency, line);
    if (e.seconds_per_byte == 0) continue;  // not shaped: rate 0
    result.shaped.push_back({.host = pr.host, .up = pr.up, .estimate = e});
    any |= e.bytes >= kMinBucket;
    for (int p = 0; p < n; ++p) {
      if (placement.host_of(p) != pr.host) continue;
      (pr.up ? b.up_rate : b.down_rate)[std::size_t(p)] = 1.0 / e.seconds_per_byte;
      (pr.up ? b.up_bytes : b.down_bytes)[std::size_t(p)] = std::round(e.bytes);
    }
  }
  if (!any) result.buckets.reset();
  return result;
}

}  // namespace

int burst_steps() { return 1; }

BurstResult calibrate_buckets(Context& ctx, const HockneyModel& drained, const Cluster& placement) {
  ctx.progress.phase("burst");
  const MPI_Comm comm = ctx.engine.comm();
  int size = 0;
  MPI_Comm_size(comm, &size);
  const int n = placement.size();
  const double bytes = double(ctx.max_bytes);
  if (n != size || drained.size() != n || placement.host_count() < 2 || ctx.max_bytes < 2 * std::size_t(kMinBucket)) {
    ctx.progress.step();
    return {};
  }
  const double line = fitted_line(drained, placement, bytes);
  if (!(line > 0) || !std::isfinite(line)) {
    ctx.progress.step();
    return {};
  }
  const std::vector<Probe> probes = plan_probes(drained, placement, bytes);
  const std::vector<double> times = measure_probes(comm, probes, ctx.max_bytes);
  ctx.progress.step();
  return estimate_buckets(probes, times, line, placement, bytes);
}

}  // namespace collsel::calibrate

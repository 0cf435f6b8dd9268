// Token buckets ([burst], buckets.hpp): what a rested link passes faster than a drained one.
// Each host, once as sender (its outgoing link) and once as receiver (its incoming link), with the
// partner the Hockney fit says it reaches fastest (whose own link is the least likely to be the
// shaped one): after a rest long enough for M = max_bytes to refill at the pair's fitted rate, one
// message of M bytes (rested), then two more back to back (the last one drained: the first
// emptied the bucket). With the fit's latency a, the drained message gives the sustained rate
// r = M / (drained - a), and the rested one the bucket:
//   bucket = (drained - rested) / (1/r - line),   clamped to [0, M],
// the bytes that passed at the line rate, `line` the cluster's fastest per-byte cost (the fit's
// fastest pair across hosts, or a rested message's, whichever is faster). A link whose drained
// per-byte cost is within 1.5x of the line is not shaped (rate 0). No host with a bucket of at
// least kMinBucket: no [burst] section (SimGrid links, real NICs without burst allowance).
// Cost: hosts x 2 x kRepetitions x (rest + 3 messages of M bytes); about 10 s for 8 hosts at
// 1 MiB on 100 Mbit/s links.
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
constexpr double kShapedAbove = 1.5;      // slope over line beyond which a link is shaped
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

constexpr int kTrain = 3;    // messages per repetition: the rested one, then back to back

double slope_of(const HockneyModel& m, int i, int j, double bytes) {
  return (m.p2p(i, j, bytes) - m.p2p(i, j, bytes / 2)) / (bytes / 2);
}

}  // namespace

int burst_steps() { return 1; }

std::optional<TokenBuckets> calibrate_buckets(Context& ctx, const HockneyModel& drained, const Cluster& placement) {
  ctx.progress.phase("burst");
  const MPI_Comm comm = ctx.engine.comm();
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int n = placement.size();
  const double bytes = double(ctx.max_bytes);
  if (n != size || drained.size() != n || placement.host_count() < 2 || ctx.max_bytes < 2 * std::size_t(kMinBucket)) {
    ctx.progress.step();
    return std::nullopt;
  }
  // The cluster's line: the fastest per-byte cost of any pair across hosts.
  double line = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (placement.host_of(i) != placement.host_of(j)) line = std::min(line, slope_of(drained, i, j, bytes));
  if (!(line > 0) || !std::isfinite(line)) {
    ctx.progress.step();
    return std::nullopt;
  }
  // One probe per host and direction, from the host's first process to its fastest partner.
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
  std::vector<char> buffer(ctx.max_bytes);
  char ack = 0;
  // Per probe and repetition: the rested message's time and the last drained one's.
  std::vector<double> mine(probes.size() * kRepetitions * 2, 0.0), times(mine.size(), 0.0);
  for (std::size_t k = 0; k < probes.size(); ++k) {
    const Probe& pr = probes[k];
    for (int r = 0; r < kRepetitions; ++r) {
      MPI_Barrier(comm);
      for (int m = 0; m < kTrain; ++m) {
        if (rank == pr.sender) {
          if (m == 0) usleep(useconds_t(pr.rest * 1e6));
          const double t0 = MPI_Wtime();
          MPI_Send(buffer.data(), int(ctx.max_bytes), MPI_BYTE, pr.receiver, 0, comm);
          MPI_Recv(&ack, 1, MPI_BYTE, pr.receiver, 1, comm, MPI_STATUS_IGNORE);
          const double t = MPI_Wtime() - t0 - pr.ack;
          if (m == 0) mine[(k * kRepetitions + std::size_t(r)) * 2] = t;
          if (m == kTrain - 1) mine[(k * kRepetitions + std::size_t(r)) * 2 + 1] = t;
        } else if (rank == pr.receiver) {
          MPI_Recv(buffer.data(), int(ctx.max_bytes), MPI_BYTE, pr.sender, 0, comm, MPI_STATUS_IGNORE);
          MPI_Send(&ack, 1, MPI_BYTE, pr.sender, 1, comm);
        }
      }
    }
  }
  MPI_Allreduce(mine.data(), times.data(), int(times.size()), MPI_DOUBLE, MPI_MAX, comm);
  ctx.progress.step();

  auto median_of = [&](std::size_t k, int which) {
    std::vector<double> t;
    for (int r = 0; r < kRepetitions; ++r) t.push_back(times[(k * kRepetitions + std::size_t(r)) * 2 + std::size_t(which)]);
    std::nth_element(t.begin(), t.begin() + kRepetitions / 2, t.end());
    return t[kRepetitions / 2];
  };
  // A rested message faster per byte than every fitted pair: the line is at least that fast.
  for (std::size_t k = 0; k < probes.size(); ++k)
    if (const double t = median_of(k, 0) - probes[k].latency; t > 0) line = std::min(line, t / bytes);
  TokenBuckets b;
  b.line_seconds_per_byte = line;
  b.host = placement.process_host;
  for (auto* v : {&b.up_rate, &b.down_rate, &b.up_bytes, &b.down_bytes}) v->assign(std::size_t(n), 0.0);
  bool any = false;
  for (std::size_t k = 0; k < probes.size(); ++k) {
    const Probe& pr = probes[k];
    const double rested = median_of(k, 0), drained_time = median_of(k, 1);
    const double per_byte = (drained_time - pr.latency) / bytes;  // the sustained rate's
    if (!(per_byte > kShapedAbove * line)) continue;  // not shaped: rate 0
    const double bucket = std::clamp((drained_time - rested) / (per_byte - line), 0.0, bytes);
    any |= bucket >= kMinBucket;
    for (int p = 0; p < n; ++p) {
      if (placement.host_of(p) != pr.host) continue;
      (pr.up ? b.up_rate : b.down_rate)[std::size_t(p)] = 1.0 / per_byte;
      (pr.up ? b.up_bytes : b.down_bytes)[std::size_t(p)] = std::round(bucket);
    }
  }
  if (!any) return std::nullopt;
  return b;
}

}  // namespace collsel::calibrate

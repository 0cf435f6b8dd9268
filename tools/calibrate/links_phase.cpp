// Host links ([links], host_links.hpp): what a host's link passes with several transfers at once.
// A pair runs at its slower end's rate, so a host whose partners are all slower than its own link
// reads, from its pairs, as slow as its fastest partner, and no schedule that has it feed several
// slow hosts at once looks worth running. Sent to (received from) several hosts at once, its link
// shows up to the sum of their rates.
// Per host and direction, where its pairs leave the question open (its fastest partner's own link
// is no faster than the pair between them, so the pair may be the partner's limit): the host's
// first process sends to the first process of every other host at once (receives from each at
// once) a message of M = min(max_bytes, 1 MiB) times the pair's rate over the fastest pair's (at
// least 64 KiB), so that all end together where the link keeps up; kRounds rounds back to back,
// the first untimed (it drains token buckets and sets up connections); a round's rate is the most
// bytes passed by a completion over its time (round_rate), the fastest round's kept. A rate above the host's fastest pair by more
// than kGain is written; elsewhere 0.
// Cost: per host measured and direction, kRounds x (hosts − 1) x M bytes over its link: about
// 1.7 s for a 100 Mbit/s host among 8 at 1 MiB.
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "collsel/host_links.hpp"
#include "phases.hpp"

namespace collsel::calibrate {
namespace {

constexpr int kRounds = 3;         // the first untimed
constexpr double kGain = 1.1;      // a floor this much above the fastest pair is worth writing
constexpr double kOpen = 1.2;      // a partner's link this much faster than the pair settles it
constexpr int kMinBytes = 65536;   // the least message of a round (a slow partner's)

struct LinkProbe {
  int host = 0;
  bool out = true;  // the host sends to the others (its outgoing link) or receives from them
  int process = 0;  // the host's first process
  std::vector<int> partners;  // the first process of every other host
  std::vector<int> bytes;     // per partner: its message, in proportion to its pair's rate
  double pair_rate = 0;  // bytes per second of the host's fastest pair in this direction
};

// Per host, (first process, out link, in link) as its pairs say: the fastest sustained rate.
struct PairLinks {
  std::vector<int> first;
  std::vector<double> out, in;  // bytes per second
};

PairLinks pair_links(const P2PModel& model, const Cluster& placement) {
  const int hosts = placement.host_count();
  PairLinks l{std::vector<int>(std::size_t(hosts), -1), std::vector<double>(std::size_t(hosts), 0.0),
              std::vector<double>(std::size_t(hosts), 0.0)};
  for (int p = placement.size(); p-- > 0;) l.first[std::size_t(placement.host_of(p))] = p;
  for (int h = 0; h < hosts; ++h)
    for (int g = 0; g < hosts; ++g) {
      const int a = l.first[std::size_t(h)], b = l.first[std::size_t(g)];
      if (g == h || a < 0 || b < 0) continue;
      const double per_byte = sustained_per_byte(model, a, b);
      const double rate = per_byte > 0 ? 1.0 / per_byte : std::numeric_limits<double>::infinity();
      l.out[std::size_t(h)] = std::max(l.out[std::size_t(h)], rate);
      l.in[std::size_t(g)] = std::max(l.in[std::size_t(g)], rate);
    }
  return l;
}

// The probes where a host's pairs leave its link open: one of its fastest pairs in that direction
// (within kOpen of the fastest) runs within kOpen of the far host's own link.
std::vector<LinkProbe> plan_link_probes(const P2PModel& model, const Cluster& placement, int bytes) {
  const PairLinks l = pair_links(model, placement);
  const int hosts = placement.host_count();
  std::vector<LinkProbe> probes;
  for (int h = 0; h < hosts; ++h) {
    const int a = l.first[std::size_t(h)];
    if (a < 0) continue;
    for (bool out : {true, false}) {
      LinkProbe pr{.host = h, .out = out, .process = a, .partners = {}, .pair_rate = out ? l.out[std::size_t(h)] : l.in[std::size_t(h)]};
      bool open = false;
      for (int g = 0; g < hosts; ++g) {
        const int b = l.first[std::size_t(g)];
        if (g == h || b < 0) continue;
        pr.partners.push_back(b);
        const double per_byte = out ? sustained_per_byte(model, a, b) : sustained_per_byte(model, b, a);
        const double share = per_byte > 0 && std::isfinite(pr.pair_rate) ? 1.0 / per_byte / pr.pair_rate : 1.0;
        pr.bytes.push_back(int(std::clamp(std::round(share * double(bytes)), double(std::min(kMinBytes, bytes)), double(bytes))));
        if (!(per_byte > 0)) continue;
        // One of the host's fastest pairs, and the far host's link no faster: the far end may be
        // that pair's limit.
        const double rate = 1.0 / per_byte, far = out ? l.in[std::size_t(g)] : l.out[std::size_t(g)];
        open = open || (kOpen * rate >= pr.pair_rate && far < kOpen * rate);
      }
      if (open && pr.partners.size() >= 2 && std::isfinite(pr.pair_rate)) probes.push_back(std::move(pr));
    }
  }
  return probes;
}

// The rate a round shows: by the j-th transfer's completion (the j-th partner's reply, or the j-th
// message received) the link had passed the bytes of the first j at least, so it is at least the
// most of those over that time. The messages are sized by the partners' pair rates, so that they
// end together where the link keeps up with all of them: then the last completion shows the sum.
double round_rate(std::vector<std::pair<double, int>> done) {
  std::sort(done.begin(), done.end());
  double rate = 0, passed = 0;
  for (const auto& [t, bytes] : done) {
    passed += double(bytes);
    if (t > 0) rate = std::max(rate, passed / t);
  }
  return rate;
}

// Every probe's rounds, one probe at a time: the fastest timed round's rate per probe (bytes per
// second), on every rank. Collective.
std::vector<double> measure_link_probes(MPI_Comm comm, const std::vector<LinkProbe>& probes, int bytes) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<char> buffer(static_cast<std::size_t>(bytes));
  std::vector<double> mine(probes.size(), 0.0), best(probes.size(), 0.0);
  for (std::size_t k = 0; k < probes.size(); ++k) {
    const LinkProbe& pr = probes[k];
    const auto me = std::find(pr.partners.begin(), pr.partners.end(), rank);
    const bool partner = me != pr.partners.end();
    const int mine_bytes = partner ? pr.bytes[std::size_t(me - pr.partners.begin())] : 0;
    const int n = int(pr.partners.size());
    for (int round = 0; round < kRounds; ++round) {
      MPI_Barrier(comm);
      char token = 0;
      if (rank == pr.process) {
        // Each partner's buffer is its own slice where the host receives from all at once.
        std::vector<char> in(pr.out ? 0 : std::size_t(bytes) * std::size_t(n));
        std::vector<char> tokens(std::size_t(n), 0);
        std::vector<MPI_Request> data(static_cast<std::size_t>(n)), signal(static_cast<std::size_t>(n));
        std::vector<std::pair<double, int>> done;  // (completion, bytes)
        const double t0 = MPI_Wtime();
        for (int i = 0; i < n; ++i) {
          const int b = pr.partners[std::size_t(i)];
          if (pr.out) {
            MPI_Isend(buffer.data(), pr.bytes[std::size_t(i)], MPI_BYTE, b, 0, comm, &data[std::size_t(i)]);
            MPI_Irecv(&tokens[std::size_t(i)], 1, MPI_BYTE, b, 1, comm, &signal[std::size_t(i)]);
          } else {
            MPI_Irecv(in.data() + std::size_t(i) * std::size_t(bytes), bytes, MPI_BYTE, b, 0, comm, &data[std::size_t(i)]);
            MPI_Isend(&tokens[std::size_t(i)], 1, MPI_BYTE, b, 1, comm, &signal[std::size_t(i)]);
          }
        }
        // Out: a partner's reply says its message arrived; in: the message itself.
        std::vector<MPI_Request>& arrivals = pr.out ? signal : data;
        for (int i = 0; i < n; ++i) {
          int which = 0;
          MPI_Waitany(n, arrivals.data(), &which, MPI_STATUS_IGNORE);
          done.emplace_back(MPI_Wtime() - t0, pr.bytes[std::size_t(which)]);
        }
        MPI_Waitall(n, data.data(), MPI_STATUSES_IGNORE);
        MPI_Waitall(n, signal.data(), MPI_STATUSES_IGNORE);
        if (round > 0) mine[k] = std::max(mine[k], round_rate(std::move(done)));
      } else if (partner) {
        if (pr.out) {  // receive, then say so
          MPI_Recv(buffer.data(), bytes, MPI_BYTE, pr.process, 0, comm, MPI_STATUS_IGNORE);
          MPI_Send(&token, 1, MPI_BYTE, pr.process, 1, comm);
        } else {  // told to start, send
          MPI_Recv(&token, 1, MPI_BYTE, pr.process, 1, comm, MPI_STATUS_IGNORE);
          MPI_Send(buffer.data(), mine_bytes, MPI_BYTE, pr.process, 0, comm);
        }
      }
    }
  }
  MPI_Allreduce(mine.data(), best.data(), int(best.size()), MPI_DOUBLE, MPI_MAX, comm);
  return best;
}

}  // namespace

int links_steps() { return 1; }

LinkResult calibrate_links(Context& ctx, const P2PModel& pairs, const Cluster& placement) {
  ctx.progress.phase("links");
  LinkResult result;
  const MPI_Comm comm = ctx.engine.comm();
  int size = 0;
  MPI_Comm_size(comm, &size);
  const int n = placement.size();
  if (n != size || pairs.size() != n || placement.host_count() < 3) {
    ctx.progress.step();
    return result;
  }
  const int bytes = int(std::min<std::size_t>(ctx.max_bytes, std::size_t(1) << 20));
  const std::vector<LinkProbe> probes = plan_link_probes(pairs, placement, bytes);
  const std::vector<double> rates = measure_link_probes(comm, probes, bytes);
  ctx.progress.step();
  std::vector<double> out(std::size_t(n), 0.0), in(std::size_t(n), 0.0);
  for (std::size_t k = 0; k < probes.size(); ++k) {
    const LinkProbe& pr = probes[k];
    const double rate = rates[k];
    if (!(rate > 0) || !std::isfinite(rate)) continue;
    result.measured.push_back({.host = pr.host, .out = pr.out, .rate = rate, .pair_rate = pr.pair_rate});
    if (!(rate > kGain * pr.pair_rate)) continue;
    for (int p = 0; p < n; ++p)
      if (placement.host_of(p) == pr.host) (pr.out ? out : in)[std::size_t(p)] = rate;
  }
  const auto any = [](const std::vector<double>& v) { return std::any_of(v.begin(), v.end(), [](double x) { return x > 0; }); };
  if (any(out) || any(in)) {
    result.out_rate = std::move(out);
    result.in_rate = std::move(in);
  }
  return result;
}

}  // namespace collsel::calibrate

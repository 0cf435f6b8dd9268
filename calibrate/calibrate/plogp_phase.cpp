// Heterogeneous PLogP (cpm-manual §6.7, as logp_mpi measures it): per pair, in tournament rounds
// (O(P) rounds), the empty round trip, and in each direction over the size set the send overhead,
// the receive overhead and trains of 1, 2, 4, .. max_train messages whose slope is g(M) (at most
// kTrainBytes per train beyond the first two lengths); L = RTT(0)/2 - g(0). Each function is made
// piecewise linear by fit::fit_piecewise.
#include <algorithm>

#include "collsel/fit.hpp"
#include "phases.hpp"

namespace collsel::calibrate {
namespace {

// Long trains amortise the fixed cost of a train over many small messages; a large message's gap
// is measured as precisely by a short train, and 16 messages of 256 KiB took half of the phase
// (8 ranks, 2 cores). So a train holds at most this many bytes, but every size has trains of 1
// and 2 for the slope.
constexpr double kTrainBytes = 1 << 20;

PiecewiseLinear function_of(const std::vector<double>& x, const std::vector<double>& y) {
  PiecewiseLinear f = fit::fit_piecewise(x, y);
  for (double& v : f.y) v = std::max(0.0, v);  // noise around zero is not a negative time
  return f;
}

}  // namespace

int plogp_steps(int processes) { return int(fit::pair_rounds(processes).size()); }

PlogpModel calibrate_plogp(Context& ctx) {
  measure::Engine& eng = ctx.engine;
  const int P = eng.size();
  ctx.progress.phase("plogp");
  const std::vector<double> x(ctx.sizes.begin(), ctx.sizes.end());
  std::vector<std::vector<double>> counts;  // train lengths per size
  for (std::size_t s : ctx.sizes) {
    counts.emplace_back();
    for (int c = 1; c <= std::max(2, ctx.preset.max_train); c *= 2)
      if (c <= 2 || c * double(s) <= kTrainBytes) counts.back().push_back(c);
  }
  PlogpModel model(P);
  for (const fit::PairRound& round : fit::pair_rounds(P)) {
    std::vector<std::vector<int>> pairs;
    for (const auto& p : round) pairs.push_back({p[0], p[1]});
    const std::vector<double> rtt0 = eng.run_groups(pairs, [&](std::span<const int> g, int role) {
      return measure::roundtrip(eng.comm(), g, role, 0, ctx.buffers);
    });
    for (int dir = 0; dir < 2; ++dir) {
      // Sender first; the receive overhead is timed on the receiver, so its groups are reversed.
      std::vector<std::vector<int>> fwd, rev;
      for (const auto& p : round) {
        const int a = dir ? p[1] : p[0], b = dir ? p[0] : p[1];
        fwd.push_back({a, b});
        rev.push_back({b, a});
      }
      // All sizes in one batch per orientation: o_s and the trains timed on the sender, o_r on
      // the receiver.
      std::vector<measure::Engine::GroupExperiment> on_sender, on_receiver;
      std::vector<std::size_t> first;  // index of each size's o_s experiment in on_sender
      for (std::size_t si = 0; si < ctx.sizes.size(); ++si) {
        const std::size_t s = ctx.sizes[si];
        first.push_back(on_sender.size());
        on_sender.push_back([&, s](std::span<const int> g, int role) {
          return measure::send_overhead(eng.comm(), g, role, s, ctx.buffers);
        });
        for (double c : counts[si])
          on_sender.push_back([&, s, c](std::span<const int> g, int role) {
            return measure::train(eng.comm(), g, role, s, int(c), ctx.buffers);
          });
        on_receiver.push_back([&, s](std::span<const int> g, int role) {
          return measure::recv_overhead(eng.comm(), g, role, s, ctx.buffers);
        });
      }
      const auto snd = eng.run_groups(fwd, on_sender);
      const auto rcv = eng.run_groups(rev, on_receiver);
      std::vector<std::vector<double>> os(round.size()), orv(round.size()), gap(round.size());
      for (std::size_t si = 0; si < ctx.sizes.size(); ++si)
        for (std::size_t k = 0; k < round.size(); ++k) {
          os[k].push_back(snd[first[si]][k]);
          orv[k].push_back(rcv[si][k]);
          std::vector<double> trains;
          for (std::size_t c = 0; c < counts[si].size(); ++c) trains.push_back(snd[first[si] + 1 + c][k]);
          gap[k].push_back(fit::gap_from_trains(counts[si], trains));
        }
      for (std::size_t k = 0; k < round.size(); ++k) {
        const double L = std::max(0.0, rtt0[k] / 2 - gap[k].front());
        model.set(fwd[k][0], fwd[k][1], L, function_of(x, os[k]), function_of(x, orv[k]), function_of(x, gap[k]));
      }
    }
    ctx.progress.step();
  }
  return model;
}

}  // namespace collsel::calibrate

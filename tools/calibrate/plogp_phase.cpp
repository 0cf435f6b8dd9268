// Heterogeneous PLogP (cpm-manual §6.7, as logp_mpi measures it): per pair, in tournament rounds
// (O(P) rounds), the empty round trip, and in each direction over the size set the send overhead,
// the receive overhead and trains of 1, 2, 4, .. max_train messages whose slope is g(M) (at most
// kTrainBytes per train beyond the first two lengths); L = RTT(0)/2 - g(0). From 64 KiB on, a gap
// that both o_s and Hockney's T contradict is replaced (fit::cross_checked_gap). Each function is made
// piecewise linear by fit::fit_piecewise; the functions through the measured points themselves
// (logp_mpi's form) are the alternative the validation weighs against it.
#include <algorithm>
#include <array>
#include <sstream>
#include <string>

#include "collsel/fit.hpp"
#include "phases.hpp"

namespace collsel::calibrate {
namespace {

// Long trains amortise the fixed cost of a train over many small messages; a large message's gap
// is measured as precisely by a short train, and 16 messages of 256 KiB took half of the phase
// (8 ranks, 2 cores). So a train holds at most this many bytes, but every size has trains of 1
// and 2 for the slope.
constexpr double kTrainBytes = 1 << 20;

PiecewiseLinear nonnegative(PiecewiseLinear f) {
  for (double& v : f.y) v = std::max(0.0, v);  // noise around zero is not a negative time
  return f;
}
PiecewiseLinear fitted(const std::vector<double>& x, const std::vector<double>& y) {
  return nonnegative(fit::fit_piecewise(x, y));
}
PiecewiseLinear through_points(const std::vector<double>& x, const std::vector<double>& y) {
  return nonnegative(PiecewiseLinear{x, y});
}

}  // namespace

int plogp_steps(int processes) { return int(fit::pair_rounds(processes).size()); }

fit::PlogpFit calibrate_plogp(Context& ctx, const HockneyModel* hockney) {
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
  PlogpModel model(P), points(P);
  // Gaps that the pair's o_s and Hockney's T disagree with (fit::cross_checked_gap), for the note.
  int checked = 0;
  std::vector<std::string> replaced;
  // One round per tournament round holds every experiment of its pairs {p0, p1}: the empty round
  // trip, then per direction (sender p_d, receiver p_(1-d)) and size the send overhead and the
  // trains, timed on the sender, and the receive overhead, timed on the receiver. Each
  // experiment sees the pair in its own order: sender first (receiver first for o_r).
  std::vector<measure::Engine::GroupExperiment> exps;
  std::vector<int> timer;
  auto add = [&](int first_role, int timed_by, auto&& experiment) {
    exps.push_back([&, first_role, experiment](std::span<const int> g, int role) {
      const std::array<int, 2> view = {g[std::size_t(first_role)], g[std::size_t(1 - first_role)]};
      return experiment(std::span<const int>(view), role == first_role ? 0 : 1);
    });
    timer.push_back(timed_by);
  };
  add(0, 0, [&](std::span<const int> g, int role) { return measure::roundtrip(eng.comm(), g, role, 0, ctx.buffers); });
  // index[d][si]: o_s of direction d and size si; its trains follow it; o_r is at index_r[d][si].
  std::array<std::vector<std::size_t>, 2> index, index_r;
  for (int d = 0; d < 2; ++d)
    for (std::size_t si = 0; si < ctx.sizes.size(); ++si) {
      const std::size_t s = ctx.sizes[si];
      index[std::size_t(d)].push_back(exps.size());
      add(d, d, [&, s](std::span<const int> g, int role) { return measure::send_overhead(eng.comm(), g, role, s, ctx.buffers); });
      for (double c : counts[si])
        add(d, d, [&, s, c](std::span<const int> g, int role) {
          return measure::train(eng.comm(), g, role, s, int(c), ctx.buffers);
        });
      index_r[std::size_t(d)].push_back(exps.size());
      add(1 - d, 1 - d, [&, s](std::span<const int> g, int role) {
        return measure::recv_overhead(eng.comm(), g, role, s, ctx.buffers);
      });
    }
  for (const fit::PairRound& round : fit::pair_rounds(P)) {
    std::vector<std::vector<int>> pairs;
    for (const auto& p : round) pairs.push_back({p[0], p[1]});
    const auto t = eng.run_groups(pairs, exps, timer);
    for (std::size_t k = 0; k < round.size(); ++k)
      for (int d = 0; d < 2; ++d) {
        std::vector<double> os, orv, gap;
        for (std::size_t si = 0; si < ctx.sizes.size(); ++si) {
          const std::size_t e = index[std::size_t(d)][si];
          os.push_back(t[e][k]);
          orv.push_back(t[index_r[std::size_t(d)][si]][k]);
          std::vector<double> trains;
          for (std::size_t c = 0; c < counts[si].size(); ++c) trains.push_back(t[e + 1 + c][k]);
          gap.push_back(fit::gap_from_trains(counts[si], trains));
        }
        const double L = std::max(0.0, t[0][k] / 2 - gap.front());
        const int sender = round[k][std::size_t(d)], receiver = round[k][std::size_t(1 - d)];
        if (hockney)
          for (std::size_t si = 0; si < ctx.sizes.size(); ++si) {
            if (x[si] < fit::kGapCheckMinBytes) continue;
            ++checked;
            const double kept = fit::cross_checked_gap(gap[si], os[si], hockney->p2p(sender, receiver, x[si]));
            if (kept == gap[si]) continue;
            std::ostringstream r;
            r.precision(3);
            r << sender << "-" << receiver << " at " << ctx.sizes[si] << " bytes " << gap[si] * 1e3 << " -> "
              << kept * 1e3 << " ms";
            replaced.push_back(r.str());
            gap[si] = kept;
          }
        model.set(sender, receiver, L, fitted(x, os), fitted(x, orv), fitted(x, gap));
        points.set(sender, receiver, L, through_points(x, os), through_points(x, orv), through_points(x, gap));
      }
    ctx.progress.step();
  }
  if (checked > 0) {
    std::ostringstream note;
    note << "plogp: g from " << std::size_t(fit::kGapCheckMinBytes) << " bytes on checked against o_s and Hockney's "
         << "one-way time: " << replaced.size() << " of " << checked
         << " outside [min/" << fit::kGapTolerance << ", max*" << fit::kGapTolerance
         << "] of the two, replaced by the median of the three";
    for (std::size_t k = 0; k < replaced.size() && k < 12; ++k) note << (k ? "; " : ": ") << replaced[k];
    if (replaced.size() > 12) note << "; ..";
    ctx.notes.push_back(note.str());
  }
  fit::PlogpFit result{.model = std::move(model)};
  if (!(points == result.model)) result.alternative = std::move(points);
  return result;
}

}  // namespace collsel::calibrate

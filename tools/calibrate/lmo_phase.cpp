// LMO (cpm-manual §6.6.3.5): empty and M-byte round trips of every pair (tournament rounds, O(P)),
// one-to-two experiments from each root of every triplet (up to 16 processes: C(P,3) triplets packed
// into rounds of disjoint triplets, about C(P,3)/floor(P/3) rounds; above, a sample in which every
// process is in at least 24, fit::lmo_triplet_rounds), averaged solutions (fit::solve_lmo); where
// the library changes protocol, the same experiments at two sizes above the switch solve a second
// piece (LmoModel's pieces); then
// the thresholds from series of flat scatters and gathers of all P processes: S and M2 by the
// structural-break F test, M1 by the 10%-escalation stride search below M2.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "collsel/fit.hpp"
#include "phases.hpp"

namespace collsel::calibrate {
namespace {

// The non-empty size of the pair and one-to-two experiments. The per-byte delays t_i come from
// the difference of two times divided by M, so M must make M * t_i stand well above the few
// microseconds of timing noise and protocol costs: at 8 KiB, on 4 processes sharing 2 cores, t_i
// came out 10-30x the Hockney slope and LMO predictions 6x too slow; at 64 KiB t_i matched the
// slope and the predictions' median error fell to ~40% (docs/calibration.md).
constexpr std::size_t kOneToTwoBytes = 65536;
// Above a change of protocol the piece's two sizes: its first, and this far up (at least 16x).
constexpr std::size_t kAbovePieceBytes = 1 << 20;
// Below it, M is halved until it is under the switch, but not below this: where the switch is
// lower (an eager limit of a few KiB), piece 0 keeps a line through 64 KiB, as before pieces,
// rather than a t_i lost in noise (the 8 KiB above).
constexpr std::size_t kMinOneToTwoBytes = 16384;
constexpr std::size_t kThresholdMax = 65536;  // the series of the thresholds stop here

// Relative squared error of a model form against a measured series.
double misfit(const std::vector<double>& x, const std::vector<double>& y, auto&& form) {
  double e = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
    if (y[k] > 0) e += std::pow((form(x[k]) - y[k]) / y[k], 2);
  return e;
}

// The sizes of the experiments: 0 and M for piece 0; with a change of protocol, M below it and
// two sizes above it for the piece from there on (above_from, above_to; 0 without).
struct PieceSizes {
  std::size_t M = 0, above_from = 0, above_to = 0;
  std::vector<std::size_t> sizes;
};
PieceSizes piece_sizes(std::size_t max_bytes, double protocol_switch) {
  PieceSizes p;
  p.M = std::min(kOneToTwoBytes, max_bytes);
  if (protocol_switch > 0) {
    p.above_from = std::size_t(protocol_switch);
    p.above_to = std::min(max_bytes, std::max(kAbovePieceBytes, 16 * p.above_from));
    while (p.M >= p.above_from && p.M / 2 >= kMinOneToTwoBytes) p.M /= 2;
    if (p.above_to < 2 * p.above_from) p.above_from = p.above_to = 0;  // too little range above to solve
  }
  p.sizes = {0, p.M};
  if (p.above_to > 0) p.sizes.insert(p.sizes.end(), {p.above_from, p.above_to});
  return p;
}

// The round trips of every pair at every size: at[s] gets 0 bytes (rt0) and sizes[s] (rtM).
std::vector<fit::LmoMeasurements> measure_pairs(Context& ctx, const std::vector<std::size_t>& sizes) {
  measure::Engine& eng = ctx.engine;
  const int P = eng.size();
  const std::size_t S = sizes.size();
  std::vector<fit::LmoMeasurements> at(S);
  for (std::size_t s = 0; s < S; ++s) {
    at[s].n = P;
    at[s].M = double(std::max<std::size_t>(sizes[s], 1));
    at[s].rt0.assign(std::size_t(P) * std::size_t(P), 0.0);
    at[s].rtM.assign(std::size_t(P) * std::size_t(P), 0.0);
  }
  ctx.progress.phase("lmo round trips");
  for (const fit::PairRound& round : fit::pair_rounds(P)) {
    std::vector<std::vector<int>> groups;
    for (const auto& p : round) groups.push_back({p[0], p[1]});
    std::vector<measure::Engine::GroupExperiment> exps;
    for (std::size_t bytes : sizes)
      exps.push_back([&, bytes](std::span<const int> g, int role) {
        return measure::roundtrip(eng.comm(), g, role, bytes, ctx.buffers);
      });
    const auto t = eng.run_groups(groups, exps);
    for (std::size_t k = 0; k < round.size(); ++k) {
      const std::size_t ab = std::size_t(round[k][0]) * std::size_t(P) + std::size_t(round[k][1]);
      const std::size_t ba = std::size_t(round[k][1]) * std::size_t(P) + std::size_t(round[k][0]);
      for (std::size_t s = 0; s < S; ++s) {
        at[s].rt0[ab] = at[s].rt0[ba] = t[0][k];
        at[s].rtM[ab] = at[s].rtM[ba] = t[s][k];
      }
    }
    ctx.progress.step();
  }
  return at;
}

// The one-to-two experiments from each root of every triplet (a sample above
// fit::kAllTripletsUpTo processes, said in the notes), at every size, into at[s].one_to_two.
void measure_triplets(Context& ctx, const std::vector<std::size_t>& sizes, std::vector<fit::LmoMeasurements>& at) {
  measure::Engine& eng = ctx.engine;
  const int P = eng.size();
  const std::size_t S = sizes.size();
  ctx.progress.phase("lmo triplets");
  const std::vector<fit::TripletRound> triplet_rounds = fit::lmo_triplet_rounds(P);
  if (P > fit::kAllTripletsUpTo) {
    std::size_t triplets = 0;
    for (const fit::TripletRound& round : triplet_rounds) triplets += round.size();
    const long long all = (long long)P * (P - 1) * (P - 2) / 6;
    ctx.notes.push_back("lmo: one-to-two experiments of " + std::to_string(triplets) + " sampled triplets of the " +
                        std::to_string(all) + ", every process in at least " + std::to_string(fit::kTripletLayers) +
                        " (all of them up to " + std::to_string(fit::kAllTripletsUpTo) + " processes)");
  }
  for (const fit::TripletRound& round : triplet_rounds) {
    // Each member of the triplet as the root in turn, all in one round: experiment S r + s is
    // the root r's one-to-two with sizes[s] bytes, timed on that root.
    std::vector<std::vector<int>> groups;
    for (const auto& t : round) groups.push_back({t[0], t[1], t[2]});
    std::vector<measure::Engine::GroupExperiment> exps;
    std::vector<int> timer;
    for (int r = 0; r < 3; ++r)
      for (std::size_t bytes : sizes) {
        exps.push_back([&, r, bytes](std::span<const int> g, int role) {
          const std::array<int, 3> seen_from_root = {g[std::size_t(r)], g[std::size_t((r + 1) % 3)], g[std::size_t((r + 2) % 3)]};
          return measure::one_to_two(eng.comm(), seen_from_root, (role - r + 3) % 3, bytes, ctx.buffers);
        });
        timer.push_back(r);
      }
    const auto t = eng.run_groups(groups, exps, timer);
    for (int r = 0; r < 3; ++r)
      for (std::size_t k = 0; k < groups.size(); ++k)
        for (std::size_t s = 0; s < S; ++s)
          at[s].one_to_two.push_back({groups[k][std::size_t(r)], groups[k][std::size_t((r + 1) % 3)],
                                      groups[k][std::size_t((r + 2) % 3)], t[S * std::size_t(r)][k],
                                      t[S * std::size_t(r) + s][k]});
    ctx.progress.step();
  }
}

// The averaged solutions: piece 0 from 0 and M bytes; with sizes above a change of protocol, the
// piece from there on.
LmoModel solve_pieces(Context& ctx, const PieceSizes& p, const std::vector<fit::LmoMeasurements>& at) {
  LmoModel model = fit::solve_lmo(at[1], 1e-13, &ctx.clamped);
  if (p.sizes.size() == 4) {
    std::vector<std::string> clamped;
    const LmoModel above = fit::solve_lmo(fit::lmo_between(at[2], at[3]), 1e-13, &clamped);
    for (const std::string& c : clamped) ctx.clamped.push_back(c + " above " + std::to_string(p.above_from));
    model.add_piece(double(p.above_from), above);
    ctx.notes.push_back("lmo: two pieces, solved at 0 and " + std::to_string(p.M) + " bytes and from " +
                        std::to_string(p.above_from) + " on at " + std::to_string(p.above_from) + " and " +
                        std::to_string(p.above_to) + " bytes (the change of protocol Hockney's series show)");
  }
  return model;
}

// A series of flat scatters (or gathers) of all processes, one time per size.
std::vector<double> flat_series(Context& ctx, const std::vector<double>& sizes, bool scatter) {
  measure::Engine& eng = ctx.engine;
  std::vector<double> t;
  for (double m : sizes)
    t.push_back(eng.run_all([&] {
      return scatter ? measure::flat_scatter(eng.comm(), std::size_t(m), ctx.buffers)
                     : measure::flat_gather(eng.comm(), std::size_t(m), ctx.buffers);
    }));
  return t;
}

// The model's flat gather (or scatter) with every threshold at `threshold`.
auto flat_form(const LmoModel& model, double threshold, bool gather) {
  return [&model, threshold, gather](double m) {
    LmoModel f = model;
    f.S = f.M1 = f.M2 = threshold;
    return gather ? f.gather_flat(0, m) : f.scatter_flat(0, m);
  };
}

// The thresholds' series: sizes 0 .. thr_max by stride.
struct ThresholdSeries {
  std::size_t thr_max = 0;
  double stride = 0;
  std::vector<double> x;
};
ThresholdSeries threshold_series(const Context& ctx) {
  ThresholdSeries ts;
  ts.thr_max = std::min(kThresholdMax, ctx.max_bytes);
  const int points = std::max(6, ctx.preset.threshold_points);
  ts.stride = std::max(8.0, std::floor(double(ts.thr_max) / points / 8) * 8);
  for (int k = 0; k <= points && k * ts.stride <= double(ts.thr_max); ++k) ts.x.push_back(k * ts.stride);
  return ts;
}

// With a significant break the second regime starts there; without one, the series is one
// regime and the form (max or sum) that fits it better decides which side of it the threshold
// lies. The finding goes to the notes.
double threshold_of(Context& ctx, const ThresholdSeries& ts, const std::vector<double>& t, const LmoModel& model,
                    bool gather, const char* name) {
  const std::vector<double>& x = ts.x;
  const double beyond = x.back() + ts.stride;  // "parallel over everything measured"
  const double inf = std::numeric_limits<double>::infinity();
  const fit::BreakFit b = fit::find_break(x, t);
  double at = 0;
  std::ostringstream note;
  if (b.significant) {
    at = b.at;
    note << "lmo." << name << ": structural break at " << b.at << " bytes (F = " << b.f << ", p = " << b.p_value << ")";
  } else {
    const bool parallel = misfit(x, t, flat_form(model, inf, gather)) < misfit(x, t, flat_form(model, 0, gather));
    at = parallel ? beyond : 0;
    note << "lmo." << name << ": no significant break up to " << x.back() << " bytes (p = " << b.p_value
         << "); the " << (parallel ? "parallel (max)" : "serialised (sum)") << " form fits better";
  }
  ctx.notes.push_back(note.str());
  return at;
}

// M1 by the 10%-escalation stride search below M2, and the medium range's extra cost: what the
// gather measured above the parallel form there. `gather` is the M2 series.
void fit_m1(Context& ctx, const ThresholdSeries& ts, const std::vector<double>& gather, LmoModel& model) {
  const std::vector<double>& x = ts.x;
  const double hi = std::max(model.M2, 3 * ts.stride);
  const double min_stride = std::max(1.0, ts.stride / std::pow(2.0, ctx.preset.escalation_halvings));
  // The search's first pass is the M2 series again (same stride from 0): sizes already measured
  // are taken from it, only new ones are measured.
  std::map<double, double> gathered;
  for (std::size_t k = 0; k < x.size(); ++k) gathered[x[k]] = gather[k];
  auto gather_series = [&](const std::vector<double>& sizes) {
    std::vector<double> fresh;
    for (double m : sizes)
      if (!gathered.count(m)) fresh.push_back(m);
    const std::vector<double> t = flat_series(ctx, fresh, false);
    for (std::size_t k = 0; k < fresh.size(); ++k) gathered[fresh[k]] = t[k];
    std::vector<double> out;
    for (double m : sizes) out.push_back(gathered[m]);
    return out;
  };
  const auto m1 = fit::escalation_search(gather_series, 0, std::min(hi, double(ts.thr_max)), ts.stride, min_stride);
  model.M1 = std::min(m1 ? *m1 : model.M2, model.M2);
  ctx.notes.push_back(m1 ? "lmo.M1: 10% escalation after " + std::to_string(std::llround(*m1)) + " bytes"
                         : std::string("lmo.M1: no 10% escalation below M2"));
  double extra = 0;
  int medium = 0;
  const double inf = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < x.size(); ++k)
    if (x[k] >= model.M1 && x[k] < model.M2) extra += gather[k] - flat_form(model, inf, true)(x[k]), ++medium;
  model.gather_medium_extra = medium ? std::max(0.0, extra / medium) : 0.0;
}

// The thresholds, from series of flat scatters / gathers of all processes: S and M2 by the
// structural-break F test, then M1.
void fit_thresholds(Context& ctx, LmoModel& model) {
  const ThresholdSeries ts = threshold_series(ctx);
  ctx.progress.phase("lmo threshold S");
  const std::vector<double> scatter = flat_series(ctx, ts.x, true);
  model.S = threshold_of(ctx, ts, scatter, model, false, "S");
  ctx.progress.step();
  ctx.progress.phase("lmo threshold M2");
  const std::vector<double> gather = flat_series(ctx, ts.x, false);
  model.M2 = threshold_of(ctx, ts, gather, model, true, "M2");
  ctx.progress.step();
  ctx.progress.phase("lmo threshold M1");
  fit_m1(ctx, ts, gather, model);
  ctx.progress.step();
}

}  // namespace

int lmo_steps(int processes) {
  return int(fit::pair_rounds(processes).size() + fit::lmo_triplet_rounds(processes).size()) + 3;
}

LmoModel calibrate_lmo(Context& ctx, double protocol_switch) {
  const PieceSizes p = piece_sizes(ctx.max_bytes, protocol_switch);
  std::vector<fit::LmoMeasurements> at = measure_pairs(ctx, p.sizes);
  measure_triplets(ctx, p.sizes, at);
  LmoModel model = solve_pieces(ctx, p, at);
  fit_thresholds(ctx, model);
  return model;
}

}  // namespace collsel::calibrate

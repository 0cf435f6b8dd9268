// Heterogeneous Hockney: every pair's round trips over the size set, pairs in tournament rounds
// (O(P) rounds x sizes x repetitions), then alpha_ij, beta_ij by least squares on the one-way times
// — in two pieces of the size range when most pairs' series break at the same size.
#include <algorithm>

#include "collsel/fit.hpp"
#include "phases.hpp"

namespace collsel::calibrate {

int hockney_steps(int processes) { return int(fit::pair_rounds(processes).size()); }

fit::HockneyFit calibrate_hockney(Context& ctx) {
  measure::Engine& eng = ctx.engine;
  const int P = eng.size();
  ctx.progress.phase("hockney");
  std::vector<double> x(ctx.sizes.begin(), ctx.sizes.end());
  // one_way[pair index][size index]
  std::vector<std::vector<double>> one_way(std::size_t(P) * std::size_t(P));
  for (const fit::PairRound& round : fit::pair_rounds(P)) {
    std::vector<std::vector<int>> groups;
    for (const auto& p : round) groups.push_back({p[0], p[1]});
    std::vector<measure::Engine::GroupExperiment> exps;
    for (std::size_t s : ctx.sizes)
      exps.push_back([&, s](std::span<const int> g, int role) { return measure::roundtrip(eng.comm(), g, role, s, ctx.buffers); });
    const auto rt = eng.run_groups(groups, exps);
    for (std::size_t e = 0; e < ctx.sizes.size(); ++e)
      for (std::size_t k = 0; k < round.size(); ++k)
        one_way[std::size_t(round[k][0]) * std::size_t(P) + std::size_t(round[k][1])].push_back(rt[e][k] / 2);
    ctx.progress.step();
  }
  return fit::fit_hockney(P, x, one_way);
}

}  // namespace collsel::calibrate

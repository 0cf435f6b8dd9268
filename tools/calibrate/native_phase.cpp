// Native collectives: six operations x the size grid, each repeated under the stopping rule with
// all P processes (the sample is the slowest rank's time after a barrier). Scatter and gather
// sizes stop where the root's P blocks would pass kRootBytes (int counts and the root's memory);
// in the simulator, where every rank lives in one process, the limits are lower and reduce stops
// where P messages would pass kSimulatedBytes (the library's temporaries are per rank there; the
// calibration's own buffers are shared: docs/smpi.md). Beyond, the correction of native's cost follows its rebuilt
// schedule's growth (docs/algorithms.md), so the sizes the shim will see should be measured.
#include <algorithm>

#include "phases.hpp"

namespace collsel::calibrate {
namespace {
#if defined(COLLSEL_SMPI)
// The library's scatter and gather stage subtrees' blocks in per-rank temporaries too.
constexpr std::size_t kRootBytes = std::size_t(256) << 20;
constexpr std::size_t kSimulatedBytes = std::size_t(1) << 30;
#else
constexpr std::size_t kRootBytes = std::size_t(1) << 30;
constexpr std::size_t kSimulatedBytes = std::size_t(-1);
#endif
}

int native_steps() { return int(all_collectives.size()); }

NativeCostTable calibrate_native(Context& ctx) {
  measure::Engine& eng = ctx.engine;
  // Multiples of 8 bytes so the reduction (MPI_DOUBLE) moves exactly `bytes`.
  std::vector<std::size_t> grid = {8};
  for (std::size_t s : ctx.sizes)
    if (s >= 8) grid.push_back(s / 8 * 8);
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  NativeCostTable table;
  for (Collective op : all_collectives) {
    ctx.progress.phase("native " + std::string(to_string(op)));
    std::vector<NativeCostTable::Point> points;
    for (std::size_t s : grid) {
      const std::size_t all = s * std::size_t(eng.size());
      if (!points.empty() && ((is_personalized(op) && all > kRootBytes) ||
                              (op == Collective::reduce && all > kSimulatedBytes)))
        break;
      const double t = eng.run_all([&] { return measure::native_collective(eng.comm(), op, s, ctx.buffers); });
      points.push_back({s, std::max(0.0, t)});
    }
    table.add(op, eng.size(), std::move(points));
    ctx.progress.step();
  }
  return table;
}

}  // namespace collsel::calibrate

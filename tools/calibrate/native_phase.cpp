// Native collectives: six operations x the size grid, each repeated under the stopping rule with
// all P processes (the sample is the slowest rank's time after a barrier).
#include <algorithm>

#include "phases.hpp"

namespace collsel::calibrate {

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
      const double t = eng.run_all([&] { return measure::native_collective(eng.comm(), op, s, ctx.buffers); });
      points.push_back({s, std::max(0.0, t)});
    }
    table.add(op, eng.size(), std::move(points));
    ctx.progress.step();
  }
  return table;
}

}  // namespace collsel::calibrate

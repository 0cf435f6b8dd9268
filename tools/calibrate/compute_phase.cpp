// Local computation: γ_i, the seconds per byte of MPI_Reduce_local (MPI_SUM on MPI_DOUBLE) on
// every process, which reduce pays once per child at each combining rank (P2PModel::reduce_local).
// Each process times alone (singleton groups, so the engine's waves keep ranks that share a core
// from timing at once) at two sizes; γ is the slope between them, so the call's fixed cost is
// left out.
#include <algorithm>
#include <mpi.h>
#include <vector>

#include "phases.hpp"

namespace collsel::calibrate {

int compute_steps() { return 1; }

std::vector<double> calibrate_reduce_local(Context& ctx) {
  measure::Engine& eng = ctx.engine;
  ctx.progress.phase("reduce_local");
  // Whole doubles; at least 64 KiB so the slope is not lost in the call's fixed cost.
  const std::size_t large = std::max<std::size_t>(ctx.max_bytes, 65536) / sizeof(double);
  const std::size_t small = large / 4;
  std::vector<double> in(large, 1.0), inout(large, 0.5);
  auto timed = [&](std::size_t count) {
    return [&, count](std::span<const int>, int) {
      const double t0 = MPI_Wtime();
      MPI_Reduce_local(in.data(), inout.data(), int(count), MPI_DOUBLE, MPI_SUM);
      return MPI_Wtime() - t0;
    };
  };
  std::vector<std::vector<int>> alone;
  for (int r = 0; r < eng.size(); ++r) alone.push_back({r});
  const auto t = eng.run_groups(alone, {timed(small), timed(large)});
  std::vector<double> gamma(std::size_t(eng.size()));
  const double dbytes = double((large - small) * sizeof(double));
  for (std::size_t r = 0; r < gamma.size(); ++r) {
    const double slope = (t[1][r] - t[0][r]) / dbytes;
    // A slope lost in noise falls back to the large call's mean cost per byte.
    gamma[r] = slope > 0 ? slope : std::max(0.0, t[1][r] / double(large * sizeof(double)));
  }
  ctx.progress.step();
  return gamma;
}

}  // namespace collsel::calibrate

// Beyond the paper: pick, by running them, the best of several BBS schedules for one message size.
// The paper fixes one rounding of the occupancies (l = LCM of the denominators) and one LP
// reading; the step count, though, depends on both through d_m and the frames' mix (a coarse l
// gives a short cycle that fills the grid quickly, which pays at small N; a fine one follows
// the occupancies more closely). Running a candidate costs far less than solving the LP, so the
// LP is solved once per reading and every scale is tried.
#include <stdexcept>

#include "collsel/bbs.hpp"

namespace collsel::bbs {

namespace {
constexpr int kScales[] = {8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 288};
}

Tuned build_tuned(const Graph& g, int root, int packets) {
  if (packets < 1) throw std::invalid_argument("bbs: build_tuned needs at least one packet");
  Tuned best;
  bool have = false;
  for (bool balance_root : {true, false}) {
    const Occupancies occ = g.nodes > 1 ? balanced_occupancies(g, root, balance_root) : Occupancies{};
    for (int scale : kScales) {
      const Options opt{.orient = false, .choice = PacketChoice::rarest, .balance_root = balance_root, .max_scale = scale};
      FrameSchedule fs = build(g, root, opt, occ);
      const std::size_t steps = run_frames(fs, packets).size();
      if (!have || steps < best.steps || (steps == best.steps && fs.frames.size() < best.schedule.frames.size())) {
        best = Tuned{std::move(fs), opt, steps};
        have = true;
      }
      if (g.nodes == 1) return best;
    }
  }
  return best;
}

}  // namespace collsel::bbs

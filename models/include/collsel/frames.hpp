// BBS (broadcast by balanced saturation) schedules on communicator ranks: a cyclic sequence of
// frames, each a set of directed edges active together (no rank in two edges of one frame),
// oriented away from the root. Storage is O(P·d_m): the step-by-step expansion is derived.
#pragma once

#include <utility>
#include <vector>

namespace collsel {

struct Transfer {
  int from = 0, to = 0, packet = 0;
};

struct FrameSchedule {
  int procs = 0, root = 0;
  std::vector<std::vector<std::pair<int, int>>> frames;  // (from, to) edges of each frame
};

// The deterministic step-by-step run of `packets` packets through the cyclic frames (packet choice
// by forward potential, Algorithm 1 of the BBS paper). Identical on every rank, so the predictor
// and every rank's executor derive the same steps. Each inner vector is one step.
std::vector<std::vector<Transfer>> expand_steps(const FrameSchedule& schedule, int packets);

}  // namespace collsel

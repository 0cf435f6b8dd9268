// BBS (broadcast by balanced saturation) schedules on communicator ranks: a cyclic sequence of
// frames, each a set of directed edges active together (no rank in two edges of one frame),
// oriented away from the root. Storage is O(P·d_m): the step-by-step expansion is derived.
#pragma once

#include <cstddef>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

namespace collsel {

struct Transfer {
  int from = 0, to = 0, packet = 0;
};

// Which packet a sender forwards, of those it holds and the receiver lacks.
enum class PacketChoice {
  lowest_missing,     // lowest index: packets flow in order down every branch
  forward_potential,  // Algorithm 1: most neighbours of the receiver also lack it; ties to lowest
  rarest,             // held by the fewest nodes so far (keeps neighbours' packet sets diverse)
};

struct FrameSchedule {
  int procs = 0, root = 0;
  std::vector<std::vector<std::pair<int, int>>> frames;  // (from, to) edges of each frame
  // true: each edge sends only from→to (the paper). false: each step sends over the edge in the
  // direction that has something to give, toward the end holding fewer packets when both do.
  bool oriented = true;
  PacketChoice choice = PacketChoice::lowest_missing;
  // Neighbourhoods for the forward potential; empty: the union of the frames' edges.
  std::vector<std::vector<int>> neighbours;
  // Balanced saturation (the paper's BIA): when > 0, a non-root node that received its first
  // packet in step f receives at most 1 + receive_rate·(t − f) packets by the end of step t, and
  // the root releases at most 1 + receive_rate·t distinct packets by then (it may resend released
  // ones freely): data enters the network at the rate every node absorbs it, the LP's common
  // incoming efficiency C, and no node overtakes it (T = N/C + K, K from the start-up and the
  // last packet's way out). 0: no caps, a node behind may take every frame slot it can use
  // and the root sends whatever is missing (beyond the paper).
  double receive_rate = 0;
};

// BBS frames already built for one cost model, by (procs, root, segment bytes). The LP and the
// colouring depend on those only, not on the message size, so a communicator pays them once per
// root and segment instead of once per decision (26 ms at 16 ranks, 1.2 s at 32). Owned
// next to the model it was built for (the shim: per communicator and model object); entries are
// meaningless for any other model. The frames are a pure function of the model, so a rank that
// finds them cached runs exactly the schedule another rank builds afresh.
class FrameCache {
 public:
  std::shared_ptr<const FrameSchedule> find(int procs, int root, std::size_t segment) const {
    const auto it = entries_.find({procs, root, segment});
    return it == entries_.end() ? nullptr : it->second;
  }
  void insert(int procs, int root, std::size_t segment, std::shared_ptr<const FrameSchedule> frames) {
    entries_[{procs, root, segment}] = std::move(frames);
  }
  std::size_t size() const { return entries_.size(); }

 private:
  std::map<std::tuple<int, int, std::size_t>, std::shared_ptr<const FrameSchedule>> entries_;
};

// The deterministic step-by-step run of `packets` packets through the cyclic frames. Identical on
// every rank, so the predictor and every rank's executor derive the same steps. Each inner vector
// is one step; steps in which no frame edge had anything to send are dropped.
std::vector<std::vector<Transfer>> expand_steps(const FrameSchedule& schedule, int packets);

// As expand_steps, but keeping the idle steps: the synchronous step count of the schedule.
std::vector<std::vector<Transfer>> run_frames(const FrameSchedule& schedule, int packets);

namespace detail {
// run_frames walking every edge of every frame in each step (every_edge = true: the plain
// definition, for the tests) or only the edges that can still carry a packet (false: run_frames).
std::vector<std::vector<Transfer>> run_frames_walk(const FrameSchedule& schedule, int packets, bool every_edge);
}  // namespace detail

}  // namespace collsel

#include "collsel/p2p_model.hpp"
#include "collsel/segments.hpp"

namespace collsel {

// Number of packets a message of `bytes` is cut into with segments of `segment_bytes` (at least 1).
inline int packet_count(std::size_t bytes, std::size_t segment_bytes) {
  return frame_packets(bytes, segment_bytes).count;
}

// Predicted broadcast time of `bytes` through the frames as the executor runs them: the expanded
// steps' transfers in order, each starting once both of its ranks have finished their earlier
// transfers and keeping both busy until it ends (blocking send and receive, no barrier between
// steps), so a rank idle in a step does not wait for that step's slowest transfer. `rested`: as
// predict_call's. `give_up_at` (without token buckets only): the transfers are priced step by
// step as the frames give them, and the pricing stops once a rank is busy until `give_up_at` or
// later, returning that time (at least `give_up_at`, at most the finish).
double predict_frames(const FrameSchedule& schedule, std::size_t bytes, std::size_t segment_bytes,
                      const P2PModel& cost, double* rested = nullptr,
                      double give_up_at = std::numeric_limits<double>::infinity());

}  // namespace collsel

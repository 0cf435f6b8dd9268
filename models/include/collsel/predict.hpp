// Predicted time of a schedule under a point-to-point model (cpm-manual §8.19 and the digest in
// DESIGN.md). All times in seconds.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "collsel/native_cost.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/pipeline_edge_times.hpp"
#include "collsel/schedule.hpp"
#include "collsel/segments.hpp"

namespace collsel {

// `cost` is keyed on communicator ranks. Native is costed as the shape's library runs it
// (mpich_native.hpp, ompi_native.hpp); `native` (may be null) corrects that cost with the
// calibrated measurements (native_cost.hpp). `rested`, if given, receives
// the time of one call with every token bucket full (predict_call); without buckets the same time.
// `give_up_at`: the caller needs the time only where it is below this. A pipeline or frames
// schedule may then stop pricing at it and return a time at least `give_up_at` and at most its
// own (predict_pipeline, predict_frames); every other kind is priced in full.
double predict(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
               const NativeCostTable* native = nullptr, double* rested = nullptr,
               double give_up_at = std::numeric_limits<double>::infinity());

// The recursive tree formula: T(r) = p2p(r, c) + max(T(c's subtree), T(r without c's subtree)),
// with c the first-served child; edge sizes from the collective (whole message for bcast/reduce,
// the subtree's blocks for scatter/gather and their v-variants).
double predict_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, double* rested = nullptr);

// A segmented pipelined tree (chain: a path; bcast down the tree, reduce up it): segments of
// segment_bytes (the last one partial; 0: one segment), `window` of them in flight on an edge (0:
// the executor's window, pipeline_window of the segments and the tree's shape). Each
// edge's transfer of a segment takes p2p(e, m) (plus the receiver's fold for reduce) and holds the shared link of the node that serves it (down: the
// sender, up: the receiver) for the marginal cost of its bytes; the rest is latency, which the
// window overlaps. Simulated segment by segment (a flow shop). With window 1 on a path and full
// segments: Σ_e p2p(e, s) + (n−1)·max_e p2p(e, s).
// `window` > 0: that many in flight (Schedule::window); else pipeline_window under `limit`.
// `give_up_at`: a builder comparing plans needs a plan's time only where it is below this. The
// flow shop stops as soon as a bound below its finish reaches it (every edge still passes each
// later segment's bytes after it is free, and the last segment's whole transfer) and returns
// that bound: a time at least `give_up_at` and at most the plan's. Without token buckets only.
// `edge_times`: the edges' times this tree has under `cost` in this direction, kept across calls
// (pipeline_edge_times.hpp); the sizes it lacks are added to it.
// Once the flow shop settles (every time moves by the same amount per full segment, and keeps
// moving so), the walk adds that amount for the segments it skips instead of passing them; the
// result differs from walking every segment by rounding only (predict.cpp, SteadyState), and a
// decision at 16 MiB costs little more than at 1 MiB. `walk` turns that off and counts the
// passes, for tests.
struct PipelineWalk {
  bool skip_steady_state = true;
  int* segments_passed = nullptr;  // if given: the segments the walk passed (skipped ones not)
};
double predict_pipeline(const Tree& tree, const CallShape& shape, std::size_t segment_bytes,
                        const P2PModel& cost, double* rested = nullptr, int window = 0, WindowLimit limit = {},
                        double give_up_at = std::numeric_limits<double>::infinity(),
                        PipelineEdgeTimes* edge_times = nullptr, const PipelineWalk& walk = {});

// A tree whose every node posts all its children's transfers at once (ScheduleKind::concurrent;
// upward collectives: the children's transfers into it). The transfers a node posts together
// share its link, max-min fairly (share_link): each runs no faster than its pair alone (the
// model's marginal cost of a byte between the two), together no faster than the node's fastest
// pair. A child's subtree starts when its transfer completes, plus the pair's latency; upward, a
// node sends when every child's transfer has arrived (reduce: and been folded in).
// With window > 0 a node keeps at most `window` of its transfers in flight, in service order, the
// next starting when one completes (share_link's window).
double predict_concurrent_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, int window = 0);

// One transfer among those that share a link: it starts at `start`, carries `bytes` no faster than
// `rate_cap` bytes/s, and completes `latency` after its last byte has passed.
struct SharedFlow {
  double start = 0, bytes = 0, rate_cap = 0, latency = 0;
};
// Completion times of `flows` through one link of `capacity` bytes/s (0: unlimited), shared
// max-min fairly (progressive filling), in the order given. With 0 < window < flows.size(), the
// flows are posted in the order given, at most `window` of them posted and not yet complete:
// flow k (k >= window) is posted when the (k - window + 1)-th of the earlier ones completes and
// starts no earlier than that nor than its own `start`.
std::vector<double> share_link(std::span<const SharedFlow> flows, double capacity, int window = 0);

// The building blocks of every schedule's prediction. One transfer's time: `bytes` from rank
// `from` to rank `to`, starting `start` seconds into the call.
using TransferTime = std::function<double(int from, int to, double bytes, double start)>;

// One call, predicted by `once` with the transfer times of `cost`: its drained p2p(); with token
// buckets (cost.buckets(), buckets.hpp), the buckets spent and refilled transfer by transfer and
// the call repeated back to back until their levels settle — the time of a call in that steady
// state. `once` must ask for its transfers in the order they start on each rank. `rested`, if
// given, receives the time of the first call, every bucket full: where one host's sustained rate
// bounds every schedule's steady state alike (it sends as much in each), the steady states tie
// and the rested call still tells the schedules apart (decide.hpp, kPredictionTie).
double predict_call(const P2PModel& cost, const std::function<double(const TransferTime&)>& once,
                    double* rested = nullptr);

// predict_tree's simulation of one call with the given transfer times.
double simulate_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, const TransferTime& transfer);

}  // namespace collsel

// Predicted time of a schedule under a point-to-point model (cpm-manual §8.19 and the digest in
// DESIGN.md). All times in seconds.
#pragma once

#include <cstddef>
#include <functional>

#include "collsel/native_cost.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// `cost` is keyed on communicator ranks. Native is costed as the shape's library runs it
// (mpich_native.hpp, ompi_native.hpp); `native` (may be null) corrects that cost with the
// calibrated measurements (native_cost.hpp). `rested`, if given, receives
// the time of one call with every token bucket full (predict_call); without buckets the same time.
double predict(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
               const NativeCostTable* native = nullptr, double* rested = nullptr);

// The recursive tree formula: T(r) = p2p(r, c) + max(T(c's subtree), T(r without c's subtree)),
// with c the first-served child; edge sizes from the collective (whole message for bcast/reduce,
// the subtree's blocks for scatter/gather and their v-variants).
double predict_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost, double* rested = nullptr);

// A segmented pipeline along a path (chain; bcast, or reduce running the path towards the root):
// n = ⌈M / s⌉ segments of s = segment_bytes (the last one partial), t_e = p2p(e, s), r_e = p2p(e,
// last segment), edges numbered in the direction data flows:
//   T = max_b [ Σ_{e≤b} t_e + (n−2)·max_{e≤b} t_e + Σ_{e≥b} r_e ]   (n ≥ 2; the flow-shop makespan)
// which is Σ_e p2p(e, s) + (n−1)·max_e p2p(e, s) when s divides M, and Σ_e p2p(e, M) for n = 1
// (segment_bytes = 0 means one segment). Throws std::invalid_argument if `path` is not a path.
double predict_pipeline(const Tree& path, const CallShape& shape, std::size_t segment_bytes,
                        const P2PModel& cost, double* rested = nullptr);

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

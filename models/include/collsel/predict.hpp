// Predicted time of a schedule under a point-to-point model (cpm-manual §8.19 and the digest in
// DESIGN.md). All times in seconds.
#pragma once

#include "collsel/native_cost.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// `cost` is keyed on communicator ranks. `native` may be null: native is then costed as MPICH's
// default binomial tree would be (documented in docs/algorithms.md).
double predict(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
               const NativeCostTable* native = nullptr);

// The recursive tree formula: T(r) = p2p(r, c) + max(T(c's subtree), T(r without c's subtree)),
// with c the first-served child; edge sizes from the collective (whole message for bcast/reduce,
// the subtree's blocks for scatter/gather and their v-variants).
double predict_tree(const Tree& tree, const CallShape& shape, const P2PModel& cost);

}  // namespace collsel

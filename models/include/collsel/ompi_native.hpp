// native costed like every other candidate under Open MPI: what Open MPI 4.1 (and 5.0, whose
// rules for these four collectives are the same) runs by default for an intra-communicator
// collective, rebuilt from coll/tuned's fixed decision rules and costed with the same
// point-to-point model as collsel's own schedules — as mpich_native.hpp does for MPICH.
//
// coll/tuned decides by communicator size P and the message's bytes M (bcast, reduce: the whole
// message; scatter, gather: one rank's block) with size-bucketed tables; without a dynamic rules
// file and with no segment size (the fixed rules pass segment size 0: one segment), the
// algorithms it picks (the numbers are coll/tuned's own):
//   bcast    1 basic_linear, 2 chain, 3 pipeline, 4 split_binary_tree, 5 binary_tree,
//            6 binomial, 7 knomial (radix 4), 8 scatter_allgather, 9 scatter_allgather_ring
//   reduce   1 linear, 2 chain, 3 pipeline, 4 binary, 5 binomial, 6 in-order_binary,
//            7 rabenseifner (reduce-scatter + gather); a non-commutative op only linear or
//            in-order binary
//   scatter  1 basic_linear, 2 binomial, 3 linear_nb
//   gather   1 basic_linear, 2 binomial, 3 linear_sync
//   scatterv, gatherv: coll/tuned 4.1 has no rules; coll/basic's linear runs (the root sends to,
//            or receives from, every rank in turn, one blocking call each).
// Several ranks per node do not change this (coll/tuned has no node hierarchy; coll/han is off by
// default).
#pragma once

#include <string_view>

#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

enum class OmpiAlgorithm {
  basic_linear,       // bcast: non-blocking sends to every rank; reduce, gather: the root receives
                      // from every rank; scatter: blocking sends in rank order
  linear_nb,          // scatter: non-blocking sends to every rank at once
  linear_sync,        // gather: the root receives from every rank in turn, each after a handshake
  chain,              // bcast/reduce chain and pipeline with one segment: one path in rank order
  binary_tree,        // bcast binary_tree and split_binary_tree, reduce binary and in-order_binary
  binomial,
  knomial,            // bcast, radix 4
  scatter_allgather,  // bcast: binomial scatter + recursive-doubling allgather
  scatter_allgather_ring,
  rabenseifner,       // reduce: reduce-scatter by recursive halving + binomial gather
};

std::string_view to_string(OmpiAlgorithm a);

// The algorithm coll/tuned's fixed rules select for this call. `commutative`: reduce's op.
OmpiAlgorithm ompi_default_algorithm(const CallShape& shape, bool commutative = true);

// Whether its steps have every rank exchanging at once (NativeCostTable::CorrectionReach).
bool exchanges_on_every_rank(OmpiAlgorithm a);

// Its predicted time under `cost` (the shape's ranks), every tree in coll/tuned's rank order
// relative to the root (binomial, binary level order, k-nomial, chain), a node serving its
// children one at a time, the largest subtree first (coll/tuned posts the sends of one segment
// together; one port serves them). basic_linear bcast and linear_nb: predict_linear's shared
// port; basic_linear scatter and gather, linear_sync and the v-variants: the root's transfers one
// after the other; scatter_allgather: a binomial scatter of ⌈M/P⌉-byte chunks then ⌈log2 P⌉
// recursive-doubling steps; the ring: P−1 steps of one chunk; rabenseifner: as MPICH's
// reduce_scatter_gather. `rested`: as predict_call's.
double predict_ompi_native(const CallShape& shape, const P2PModel& cost, bool commutative = true,
                           double* rested = nullptr);

// The rank-ordered trees above (relative rank v is rank (v + root) mod P), for tests.
Tree ompi_tree(OmpiAlgorithm a, int procs, int root);

}  // namespace collsel

// native costed like every other candidate: what MPICH 4.0.2 runs by default for an
// intra-communicator collective, rebuilt from its selection rules and costed with the same
// point-to-point model as collsel's own schedules, so that a bias of that model affects native
// and the candidates alike.
//
// MPICH 4.0.2's default selection (src/mpi/coll/coll_selection.json, compiled into
// src/mpi/coll/src/csel_json_autogen.c as MPII_coll_generic_json), for a communicator without a
// node hierarchy (comm_hierarchy=any; with several ranks per node and several nodes MPICH runs its
// smp compositions, which this does not rebuild):
//   bcast    P < 8, or at most 12288 bytes: binomial; P a power of two and at most 524288 bytes:
//            scatter + recursive-doubling allgather; otherwise scatter + ring allgather
//   reduce   at most 2048 bytes, a user-defined op, or fewer elements than pof2 (the largest power
//            of two <= P): binomial; otherwise reduce_scatter_gather (Rabenseifner)
//   scatter, gather     binomial
//   scatterv, gatherv   linear (the root sends to / receives from every rank in turn)
#pragma once

#include <span>
#include <string_view>

#include "collsel/p2p_model.hpp"
#include "collsel/predict.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

enum class MpichAlgorithm { binomial, scatter_recursive_doubling_allgather, scatter_ring_allgather, reduce_scatter_gather, linear };

std::string_view to_string(MpichAlgorithm a);

// Whether the algorithm's steps have every rank exchanging at once (the allgathers after bcast's
// scatter, Rabenseifner's reduce-scatter) rather than a rooted tree or the root's own transfers.
// Those steps load every link together, which no point-to-point measurement does, and they are
// alike at every root: what a measurement at one root says of their cost holds at any other
// (NativeCostTable::correction, CorrectionReach).
bool exchanges_on_every_rank(MpichAlgorithm a);

// The algorithm MPICH 4.0.2 selects for this call. `builtin_op`: a predefined reduction op.
MpichAlgorithm mpich_default_algorithm(const CallShape& shape, bool builtin_op = true);

// The registry name of collsel's candidate that sends what MPICH 4.0.2 sends by default for every
// call of the shape's op and process count from bytes_min to bytes_max bytes: "binomial" where
// MPICH's choice is its binomial tree throughout (collsel's `binomial` is that tree), else "".
std::string_view mpich_native_plan(const CallShape& shape, std::size_t bytes_min, std::size_t bytes_max,
                                   bool builtin_op = true);

// Its predicted time under `cost` (the shape's ranks). Costs, with a step lasting as long as its
// slowest transfer (sends and receives of one rank overlap, full duplex):
//   binomial: the tree schedule's own cost (predict_tree of collsel's binomial);
//   linear: predict_linear below (every transfer posted at once, not collsel's one-port flat);
//   scatter + allgather: binomial scatter of ⌈M/P⌉-byte chunks, then ring: (P−1) steps of one
//     chunk to the right neighbour, or recursive doubling: log2 P steps, step k exchanging 2^k
//     chunks with rank ⊕ 2^k (relative ranks);
//   reduce_scatter_gather: predict_reduce_scatter_gather below.
// `rested`: as predict_call's.
double predict_mpich_native(const CallShape& shape, const P2PModel& cost, bool builtin_op = true,
                            double* rested = nullptr);

// MPICH's linear scatterv / gatherv: the root posts a send (receive) for every other rank at once
// and waits for all of them, so the transfers overlap — unlike collsel's `flat`, whose blocking
// sends keep the root busy until each one is done. Each transfer alone takes its pair's time
// (t_j = p2p), and all of them share the root's port, which moves b bytes in u(b): the root's time
// to its fastest peer (its own link's limit). Fluid, max-min fair processor sharing of that port:
// transfer j needs u(b_j) of it and can use at most the fraction u(b_j)/t_j, so transfers to slow
// peers run side by side while those to peers as fast as the root queue for its port. Equal to
// the sum of the times when every peer is as fast as the root; the slowest transfer alone when
// the root's port is never the limit.
double predict_linear(const CallShape& shape, const P2PModel& cost);

// MPICH's reduce_scatter_gather (Rabenseifner) as MPICH 4.0.2 runs it, in absolute ranks — only
// the gather depends on the root: with rem = P − pof2, the odd ranks below 2 rem fold their whole
// vector into rank − 1 and drop out; the pof2 left (rank 2v for v < rem, v + rem above) halve:
// at distance 1, 2, .., pof2/2 in new ranks a pair swaps and folds M/2, M/4, .. M/pof2 bytes; an
// odd root below 2 rem then receives rank 0's piece (M/pof2) and takes new rank 0's place; last a
// binomial gather to the root, the largest distance first: pof2/2 ranks send M/pof2, .., one rank
// sends M/2. Costed as it runs, without barriers: a transfer starts when both its ranks are done
// with their earlier ones (a sendrecv's ends each wait for the slower of the two directions' data
// and fold it); the time is the last rank's.
double predict_reduce_scatter_gather(const CallShape& shape, const P2PModel& cost);

// The two above for one call with the given transfer times (predict_call's `once`), for other
// libraries' schedules that share these steps (ompi_native.hpp).
double simulate_linear(const CallShape& shape, const P2PModel& cost, const TransferTime& transfer);
double simulate_reduce_scatter_gather(const CallShape& shape, const P2PModel& cost, const TransferTime& transfer);

// One transfer sharing a port: `alone` seconds when it has the port to itself (its own path's
// limit), `port` seconds of the whole port's capacity it needs (port <= alone).
struct PortFlow {
  double alone, port;
  double share() const { return port / alone; }  // the most of the port it can use
};
// Max-min fair processor sharing of one port of capacity 1 among flows that start together: when
// the last one is done.
double fair_share_makespan(std::span<const PortFlow> flows);

}  // namespace collsel

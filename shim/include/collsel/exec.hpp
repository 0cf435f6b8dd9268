// The executors: run a Schedule built (and costed) by models/ over PMPI_ point-to-point calls.
// One schedule, two interpreters: the object decide() returned is the one run here, unchanged.
//
// Every function has the standard MPI argument list of its collective (MPI_IN_PLACE where the
// standard allows it), takes `comm` as the communicator to communicate on (the shim passes its
// private duplicate of the user's communicator), and returns an MPI error code. A schedule of kind
// native makes the plain PMPI_ call. Any datatype works (derived, resized, zero-size); count 0 too.
//
// Scatterv/gatherv: the tree executors need every rank's block size, which MPI gives only to the
// root. Pass `block_bytes` (comm-size entries, bytes of each rank's block, identical on every rank:
// the shim broadcasts it from the root with its decision, docs/shim.md), or leave it empty and the
// executor broadcasts the root's counts itself first.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <span>
#include <vector>

#include "collsel/rank_mapping.hpp"
#include "collsel/schedule.hpp"

namespace collsel::exec {

int run_bcast(const Schedule& s, void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm);
int run_reduce(const Schedule& s, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
               MPI_Op op, int root, MPI_Comm comm);
int run_scatter(const Schedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int run_gather(const Schedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
               void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int run_scatterv(const Schedule& s, const void* sendbuf, const int* sendcounts, const int* displs,
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                 MPI_Comm comm, std::span<const std::size_t> block_bytes = {});
int run_gatherv(const Schedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                void* recvbuf, const int* recvcounts, const int* displs, MPI_Datatype recvtype,
                int root, MPI_Comm comm, std::span<const std::size_t> block_bytes = {});

// True when an executor exists for this schedule kind and collective (tree and native: every
// collective; pipeline: bcast and reduce; frames: bcast).
bool supports(const Schedule& s);

// The CPU this process is bound to (sched_getaffinity with exactly one CPU), else -1. Several
// CPUs, even the SMT siblings of one core, count as unbound (docs/channels.md, "The shim").
int bound_cpu();
// Where the ranks of `comm` run, in its rank order: every rank's host name
// (MPI_Get_processor_name) and the core id it passes as `my_core` (-1: unknown). Collective over
// `comm`, PMPI_ calls only. The one gathering of host names and cores of the project; each caller
// keeps its own core semantics: the shim and collsel-bench pass bound_cpu() (the overload below),
// collsel-calibrate ([cluster], channel measurement) passes bound_core_of_this_process() (hwloc,
// topology.hpp: a rank bound to all PUs of one core is that core's first PU).
std::vector<RankPlacement> gather_placement(MPI_Comm comm, int my_core);
// gather_placement(comm, bound_cpu()): the shim's and collsel-bench's placement (identical).
std::vector<RankPlacement> gather_placement(MPI_Comm comm);
// The MPI_COMM_WORLD rank of each rank of `comm`, from the groups alone (local, no
// communication); empty when some rank is not in this process's MPI_COMM_WORLD (dynamic
// processes: every rank then finds one, the others' world being foreign to it).
std::vector<int> world_ranks(MPI_Comm comm);
// `comm`'s placement read from the world's (`world`, gather_placement(MPI_COMM_WORLD) or its
// like) through world_ranks, without a collective; empty when world_ranks is.
std::vector<RankPlacement> placement_in(MPI_Comm comm, const std::vector<RankPlacement>& world);

// True when this executor can run `s` for a reduction whose op is not commutative: every subtree
// of the tree must hold a contiguous range of ranks, so partial results can be combined in rank
// order (children's results are folded by rank, whatever order they arrive in).
bool can_reduce_noncommutative(const Schedule& s);

// Tags used on the private communicator (one per collective, so a stray message of one kind can
// never match another; MPI's non-overtaking order separates consecutive calls).
inline constexpr int tag_bcast = 0x7c01, tag_reduce = 0x7c02, tag_scatter = 0x7c03,
                     tag_gather = 0x7c04, tag_header = 0x7c05;

}  // namespace collsel::exec

// Internal entry points of the executors, one file each; dispatch.cpp routes a Schedule to them.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <span>
#include <vector>

#include "collsel/frames.hpp"
#include "collsel/tree.hpp"

namespace collsel::exec::detail {

int tree_bcast(const Tree& tree, void* buf, int count, MPI_Datatype type, MPI_Comm comm);
int tree_reduce(const Tree& tree, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
                MPI_Op op, MPI_Comm comm);
// The one reduction rule of tree_reduce and pipeline_reduce: `me`'s children's results fold into
// its own in reverse service order for a commutative op, else in rank order of the subtrees (the
// tree's subtrees must hold contiguous ranges). Worked out once per call (fold_order), applied per
// segment (fold_children).
struct FoldOrder {
  bool commute = true;
  int error = MPI_SUCCESS;   // MPI_ERR_OP: non-commutative on a tree without contiguous subtrees
  std::vector<int> pieces;   // non-commutative: -1 (me's own) or the child index, in rank order
};
FoldOrder fold_order(const Tree& tree, int me, MPI_Op op);
// Folds child_bufs[k] (from tree.children(me)[k], `count` elements each) into acc, which holds
// `me`'s own. child_bufs may be overwritten.
int fold_children(const FoldOrder& order, void* acc, std::span<void* const> child_bufs, int count, MPI_Datatype type,
                  MPI_Op op);
// window: Schedule::window (that many segments in flight; 0: pipeline_window's).
int pipeline_bcast(const Tree& tree, std::size_t segment_bytes, int window, void* buf, int count,
                   MPI_Datatype type, MPI_Comm comm);
int pipeline_reduce(const Tree& tree, std::size_t segment_bytes, int window, const void* sendbuf, void* recvbuf,
                    int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm);
int frames_bcast(const std::shared_ptr<const FrameSchedule>& frames, std::size_t segment_bytes, void* buf,
                 int count, MPI_Datatype type, MPI_Comm comm);

// The root's blocks of a scatter/gather (displs == nullptr: rank r's block starts at r*count).
struct RootBlocks {
  const void* base = nullptr;
  const int* counts = nullptr;  // nullptr: every block has `count` elements
  const int* displs = nullptr;
  int count = 0;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Aint extent = 0;
  char* ptr(int r) const {
    const MPI_Aint d = displs ? MPI_Aint(displs[r]) : MPI_Aint(r) * count;
    return static_cast<char*>(const_cast<void*>(base)) + d * extent;
  }
  int cnt(int r) const { return counts ? counts[r] : count; }
};

// block_bytes: every rank's block size in bytes, identical on every rank. in_place: root only.
// concurrent: every rank posts its children's transfers without waiting, at most `window` in flight
// (0: all at once) (ScheduleKind::concurrent, Schedule::window).
int tree_scatter(const Tree& tree, const RootBlocks& root_blocks, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, bool in_place, std::span<const std::size_t> block_bytes,
                 MPI_Comm comm, bool concurrent = false, int window = 0);
int tree_gather(const Tree& tree, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                const RootBlocks& root_blocks, bool in_place, std::span<const std::size_t> block_bytes,
                MPI_Comm comm, bool concurrent = false, int window = 0);

}  // namespace collsel::exec::detail

// Routes a Schedule to its executor (selection is kept apart from the algorithms, MPICH style).
#include <vector>

#include "collsel/choose.hpp"
#include "collsel/exec.hpp"
#include "common.hpp"
#include "executors.hpp"
#include "native.hpp"

namespace collsel::exec {
namespace {
using namespace detail;

// The schedule must span this communicator and be rooted where the call is.
bool fits(const Schedule& s, int root, MPI_Comm comm) {
  const int n = comm_size(comm);
  if (s.kind == ScheduleKind::frames) return s.frames && s.frames->procs == n && s.frames->root == root;
  return s.tree.size() == n && s.tree.root() == root && s.tree.finalized();
}

// Block sizes of a v-variant, from the root's counts when the caller did not pass them.
std::vector<std::size_t> broadcast_blocks(const int* counts, MPI_Datatype type, int root, MPI_Comm comm) {
  const int n = comm_size(comm);
  std::vector<unsigned long long> b(std::size_t(n), 0);
  if (comm_rank(comm) == root) {
    int size = 0;
    PMPI_Type_size(type, &size);
    for (int r = 0; r < n; ++r) b[std::size_t(r)] = (unsigned long long)(counts[r]) * (unsigned long long)(size);
  }
  PMPI_Bcast(b.data(), n, MPI_UNSIGNED_LONG_LONG, root, comm);
  return {b.begin(), b.end()};
}

}  // namespace

bool supports(const Schedule& s) { return Capabilities::executor().runs(s); }

bool can_reduce_noncommutative(const Schedule& s) { return reduces_in_rank_order(s); }

int run_bcast(const Schedule& s, void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  if (s.kind == ScheduleKind::native) return native_bcast(buf, count, type, root, comm);
  if (!supports(s) || !fits(s, root, comm)) return MPI_ERR_INTERN;
  switch (s.kind) {
    case ScheduleKind::tree: return tree_bcast(s.tree, buf, count, type, comm);
    case ScheduleKind::pipeline: return pipeline_bcast(s.tree, s.segment_bytes, s.window, buf, count, type, comm);
    case ScheduleKind::frames: return frames_bcast(s.frames, s.segment_bytes, buf, count, type, comm);
    default: return MPI_ERR_INTERN;
  }
}

int run_reduce(const Schedule& s, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm) {
  if (s.kind == ScheduleKind::native) return native_reduce(sendbuf, recvbuf, count, type, op, root, comm);
  if (!supports(s) || !fits(s, root, comm)) return MPI_ERR_INTERN;
  if (s.kind == ScheduleKind::pipeline)
    return pipeline_reduce(s.tree, s.segment_bytes, s.window, sendbuf, recvbuf, count, type, op, comm);
  return tree_reduce(s.tree, sendbuf, recvbuf, count, type, op, comm);
}

int run_scatter(const Schedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  if (s.kind == ScheduleKind::native)
    return native_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if ((s.kind != ScheduleKind::tree && s.kind != ScheduleKind::concurrent) || !fits(s, root, comm)) return MPI_ERR_INTERN;
  const bool concurrent = s.kind == ScheduleKind::concurrent;
  const bool is_root = comm_rank(comm) == root;
  int size = 0;
  PMPI_Type_size(is_root ? sendtype : recvtype, &size);
  const std::size_t block = std::size_t(size) * std::size_t(is_root ? sendcount : recvcount);
  std::vector<std::size_t> blocks(std::size_t(comm_size(comm)), block);
  RootBlocks rb;
  if (is_root) rb = {sendbuf, nullptr, nullptr, sendcount, sendtype, type_info(sendtype).extent};
  return tree_scatter(s.tree, rb, recvbuf, recvcount, recvtype, is_root && recvbuf == MPI_IN_PLACE, blocks, comm,
                      concurrent, s.window);
}

int run_gather(const Schedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  if (s.kind == ScheduleKind::native)
    return native_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if ((s.kind != ScheduleKind::tree && s.kind != ScheduleKind::concurrent) || !fits(s, root, comm)) return MPI_ERR_INTERN;
  const bool concurrent = s.kind == ScheduleKind::concurrent;
  const bool is_root = comm_rank(comm) == root;
  int size = 0;
  PMPI_Type_size(is_root ? recvtype : sendtype, &size);
  const std::size_t block = std::size_t(size) * std::size_t(is_root ? recvcount : sendcount);
  std::vector<std::size_t> blocks(std::size_t(comm_size(comm)), block);
  RootBlocks rb;
  if (is_root) rb = {recvbuf, nullptr, nullptr, recvcount, recvtype, type_info(recvtype).extent};
  return tree_gather(s.tree, sendbuf, sendcount, sendtype, rb, is_root && sendbuf == MPI_IN_PLACE, blocks, comm,
                     concurrent, s.window);
}

int run_scatterv(const Schedule& s, const void* sendbuf, const int* sendcounts, const int* displs,
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 std::span<const std::size_t> block_bytes) {
  if (s.kind == ScheduleKind::native)
    return native_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if ((s.kind != ScheduleKind::tree && s.kind != ScheduleKind::concurrent) || !fits(s, root, comm)) return MPI_ERR_INTERN;
  const bool concurrent = s.kind == ScheduleKind::concurrent;
  const bool is_root = comm_rank(comm) == root;
  std::vector<std::size_t> own;
  if (block_bytes.empty()) {
    own = broadcast_blocks(sendcounts, sendtype, root, comm);
    block_bytes = own;
  }
  RootBlocks rb;
  if (is_root) rb = {sendbuf, sendcounts, displs, 0, sendtype, type_info(sendtype).extent};
  return tree_scatter(s.tree, rb, recvbuf, recvcount, recvtype, is_root && recvbuf == MPI_IN_PLACE, block_bytes,
                      comm, concurrent, s.window);
}

int run_gatherv(const Schedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root, MPI_Comm comm,
                std::span<const std::size_t> block_bytes) {
  if (s.kind == ScheduleKind::native)
    return native_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
  if ((s.kind != ScheduleKind::tree && s.kind != ScheduleKind::concurrent) || !fits(s, root, comm)) return MPI_ERR_INTERN;
  const bool concurrent = s.kind == ScheduleKind::concurrent;
  const bool is_root = comm_rank(comm) == root;
  std::vector<std::size_t> own;
  if (block_bytes.empty()) {
    own = broadcast_blocks(recvcounts, recvtype, root, comm);
    block_bytes = own;
  }
  RootBlocks rb;
  if (is_root) rb = {recvbuf, recvcounts, displs, 0, recvtype, type_info(recvtype).extent};
  return tree_gather(s.tree, sendbuf, sendcount, sendtype, rb, is_root && sendbuf == MPI_IN_PLACE, block_bytes, comm,
                     concurrent, s.window);
}

}  // namespace collsel::exec

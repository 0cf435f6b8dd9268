// Segmented pipeline (chain) bcast and reduce: the message is cut into segments of about
// segment_bytes (whole elements, so any datatype works) and each segment runs the tree schedule;
// a rank forwards segment s as soon as it has it and then moves on to s+1, so the segments flow
// down (bcast) or up (reduce) the chain one behind the other.
// Cost (chain of P ranks, k segments of m bytes): ≈ (P − 1 + k − 1) · max_edge p2p(m).
#include <algorithm>

#include "common.hpp"
#include "executors.hpp"

namespace collsel::exec::detail {
namespace {

int segment_elements(std::size_t segment_bytes, const TypeInfo& t, int count) {
  if (t.size <= 0 || segment_bytes == 0) return std::max(count, 1);
  return int(std::max<std::size_t>(1, segment_bytes / std::size_t(t.size)));
}

}  // namespace

int pipeline_bcast(const Tree& tree, std::size_t segment_bytes, void* buf, int count, MPI_Datatype type,
                   MPI_Comm comm) {
  const TypeInfo t = type_info(type);
  const int seg = segment_elements(segment_bytes, t, count);
  if (count == 0) return tree_bcast(tree, buf, 0, type, comm);
  for (int first = 0; first < count; first += seg)
    if (int rc = tree_bcast(tree, element(buf, first, t), std::min(seg, count - first), type, comm); rc != MPI_SUCCESS)
      return rc;
  return MPI_SUCCESS;
}

int pipeline_reduce(const Tree& tree, std::size_t segment_bytes, const void* sendbuf, void* recvbuf,
                    int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const TypeInfo t = type_info(type);
  const int seg = segment_elements(segment_bytes, t, count);
  if (count == 0) return tree_reduce(tree, sendbuf, recvbuf, 0, type, op, comm);
  const bool is_root = comm_rank(comm) == tree.root();
  for (int first = 0; first < count; first += seg) {
    const void* s = sendbuf == MPI_IN_PLACE ? MPI_IN_PLACE : element(sendbuf, first, t);
    void* r = is_root ? element(recvbuf, first, t) : recvbuf;
    if (int rc = tree_reduce(tree, s, r, std::min(seg, count - first), type, op, comm); rc != MPI_SUCCESS) return rc;
  }
  return MPI_SUCCESS;
}

}  // namespace collsel::exec::detail

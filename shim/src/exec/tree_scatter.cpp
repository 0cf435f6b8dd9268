// Tree scatter and scatterv: the edge into child c carries the blocks of c's whole subtree, laid
// out in Tree::preorder order (a subtree is a contiguous range of the preorder). The root packs
// each child's subtree blocks (PMPI_Pack, so any datatype works) and sends them in service order;
// an inner rank receives its subtree's payload into a temporary buffer, unpacks its own block
// (first in preorder) and forwards each child's slice. A leaf of the root receives its block
// directly with its own type. A leaf of an inner rank gets packed bytes: it receives them directly
// only into a contiguous type; otherwise into a temporary buffer that it unpacks, because MPICH
// 4.0.2 (ch4:ucx) fails with "Message truncated" when a contiguous message above 8 KB is received
// with a struct type mixing basic types (tests/mpi/native_mixed_type_truncation_bug.c), although MPI
// allows MPI_PACKED data to be received with any matching type signature.
// Concurrent (ScheduleKind::concurrent): a rank posts its children's sends in service order without
// waiting, at most `window` in flight (0: all at once), and waits for them together.
// Cost: the tree formula with edge bytes = Σ blocks of the child's subtree — predict_tree(); the
// concurrent form: predict_concurrent_tree().
#include <algorithm>
#include <climits>

#include "common.hpp"
#include "executors.hpp"
#include "collsel/exec.hpp"

namespace collsel::exec::detail {

int tree_scatter(const Tree& tree, const RootBlocks& rb, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 bool in_place, std::span<const std::size_t> block_bytes, MPI_Comm comm, bool concurrent,
                 int window) {
  const int me = comm_rank(comm);
  const auto off = preorder_offsets(tree, block_bytes);
  auto payload = [&](int v) {
    const int i = tree.preorder_index(v);
    return off[std::size_t(i + tree.subtree_size(v))] - off[std::size_t(i)];
  };
  if (me == tree.root()) {
    const auto kids = tree.children(me);
    // One-at-a-time service reuses one staging buffer; concurrent service stages every relayed
    // child's payload apart, since all the sends are in flight together.
    std::size_t staged = 0;
    for (int c : kids)
      if (tree.subtree_size(c) > 1) staged = concurrent ? staged + payload(c) : std::max(staged, payload(c));
    Bytes staging = make_bytes(staged);
    std::vector<MPI_Request> reqs;
    if (concurrent) reqs.reserve(kids.size());
    auto send = [&](const void* buf, int count, MPI_Datatype type, int to) {
      if (!concurrent) return PMPI_Send(buf, count, type, to, tag_scatter, comm);
      if (int rc = wait_for_room(reqs, window); rc != MPI_SUCCESS) return rc;
      reqs.push_back(MPI_REQUEST_NULL);
      return PMPI_Isend(buf, count, type, to, tag_scatter, comm, &reqs.back());
    };
    char* out = staging.get();
    for (int c : kids) {
      int rc;
      if (tree.subtree_size(c) == 1) {
        rc = send(rb.ptr(c), rb.cnt(c), rb.type, c);
      } else {
        char* const first = out;
        for (int r : tree.subtree(c)) {
          if ((rc = pack(rb.ptr(r), rb.cnt(r), rb.type, out, block_bytes[std::size_t(r)])) != MPI_SUCCESS)
            return wait_all(reqs, rc);
          out += block_bytes[std::size_t(r)];
        }
        const std::size_t n = payload(c);
        if (n > std::size_t(INT_MAX)) return wait_all(reqs, MPI_ERR_COUNT);
        rc = send(first, int(n), MPI_PACKED, c);
        if (!concurrent) out = staging.get();
      }
      if (rc != MPI_SUCCESS) return wait_all(reqs, rc);
    }
    if (int rc = wait_all(reqs, MPI_SUCCESS); rc != MPI_SUCCESS) return rc;
    if (!in_place) return copy_typed(rb.ptr(me), rb.cnt(me), rb.type, recvbuf, recvcount, recvtype);
    return MPI_SUCCESS;
  }
  const int parent = tree.parent(me);
  if (tree.subtree_size(me) == 1 && (parent == tree.root() || type_info(recvtype).contiguous))
    return PMPI_Recv(recvbuf, recvcount, recvtype, parent, tag_scatter, comm, MPI_STATUS_IGNORE);
  const std::size_t total = payload(me);
  if (total > std::size_t(INT_MAX)) return MPI_ERR_COUNT;
  Bytes tmp = make_bytes(total);
  if (int rc = PMPI_Recv(tmp.get(), int(total), MPI_PACKED, parent, tag_scatter, comm, MPI_STATUS_IGNORE);
      rc != MPI_SUCCESS)
    return rc;
  const std::size_t mine = off[std::size_t(tree.preorder_index(me))];
  std::vector<MPI_Request> reqs;
  for (int c : tree.children(me)) {
    const std::size_t at = off[std::size_t(tree.preorder_index(c))] - mine;
    int rc;
    if (concurrent) {
      if ((rc = wait_for_room(reqs, window)) != MPI_SUCCESS) return wait_all(reqs, rc);
      reqs.push_back(MPI_REQUEST_NULL);
      rc = PMPI_Isend(tmp.get() + at, int(payload(c)), MPI_PACKED, c, tag_scatter, comm, &reqs.back());
    } else {
      rc = PMPI_Send(tmp.get() + at, int(payload(c)), MPI_PACKED, c, tag_scatter, comm);
    }
    if (rc != MPI_SUCCESS) return wait_all(reqs, rc);
  }
  if (int rc = wait_all(reqs, MPI_SUCCESS); rc != MPI_SUCCESS) return rc;
  return unpack(tmp.get(), block_bytes[std::size_t(me)], recvbuf, recvcount, recvtype);
}

}  // namespace collsel::exec::detail

// Tree gather and gatherv: the mirror image of tree scatter in time. A rank receives its
// children's subtree payloads in reverse service order into its own payload buffer (own block
// first, then each child's subtree, in Tree::preorder layout) and sends the whole to its parent.
// Leaves send their block with their own type; the root unpacks each block to its place
// (PMPI_Unpack, so any datatype works) and receives leaf children directly into place.
// Concurrent (ScheduleKind::concurrent): a rank posts its children's receives in service order
// without waiting, at most `window` in flight (0: all at once), and waits for them together.
// Cost: the tree formula with p2p(child, parent, Σ blocks of the child's subtree) per edge; the
// concurrent form: predict_concurrent_tree().
#include <algorithm>
#include <climits>
#include <utility>

#include "common.hpp"
#include "executors.hpp"
#include "collsel/exec.hpp"

namespace collsel::exec::detail {

int tree_gather(const Tree& tree, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                const RootBlocks& rb, bool in_place, std::span<const std::size_t> block_bytes, MPI_Comm comm,
                bool concurrent, int window) {
  const int me = comm_rank(comm);
  const auto off = preorder_offsets(tree, block_bytes);
  auto payload = [&](int v) {
    const int i = tree.preorder_index(v);
    return off[std::size_t(i + tree.subtree_size(v))] - off[std::size_t(i)];
  };
  const auto kids = tree.children(me);
  // One at a time, children are served in reverse service order (the mirror image of scatter);
  // concurrent receives are posted in service order, as predict_concurrent_tree() takes them.
  std::vector<int> order(kids.begin(), kids.end());
  if (!concurrent) std::reverse(order.begin(), order.end());
  // The root's unpacking of one relayed child's payload (its subtree's blocks in preorder).
  auto unpack_subtree = [&](int c, const char* in) -> int {
    for (int r : tree.subtree(c)) {
      if (int rc = unpack(in, block_bytes[std::size_t(r)], rb.ptr(r), rb.cnt(r), rb.type); rc != MPI_SUCCESS) return rc;
      in += block_bytes[std::size_t(r)];
    }
    return MPI_SUCCESS;
  };
  if (me == tree.root()) {
    if (!in_place)
      if (int rc = copy_typed(sendbuf, sendcount, sendtype, rb.ptr(me), rb.cnt(me), rb.type); rc != MPI_SUCCESS)
        return rc;
    // One-at-a-time service reuses one staging buffer; concurrent service receives every relayed
    // child's payload apart, since all the receives are posted together.
    std::size_t staged = 0;
    for (int c : kids)
      if (tree.subtree_size(c) > 1) staged = concurrent ? staged + payload(c) : std::max(staged, payload(c));
    Bytes staging = make_bytes(staged);
    std::vector<MPI_Request> reqs;
    std::vector<std::pair<int, const char*>> relayed;  // (child, its payload) to unpack
    char* in = staging.get();
    for (const int c : order) {
      int rc;
      if (concurrent && (rc = wait_for_room(reqs, window)) != MPI_SUCCESS) return wait_all(reqs, rc);
      if (tree.subtree_size(c) == 1) {
        if (concurrent) {
          reqs.push_back(MPI_REQUEST_NULL);
          rc = PMPI_Irecv(rb.ptr(c), rb.cnt(c), rb.type, c, tag_gather, comm, &reqs.back());
        } else {
          rc = PMPI_Recv(rb.ptr(c), rb.cnt(c), rb.type, c, tag_gather, comm, MPI_STATUS_IGNORE);
        }
        if (rc != MPI_SUCCESS) return wait_all(reqs, rc);
        continue;
      }
      const std::size_t n = payload(c);
      if (n > std::size_t(INT_MAX)) return wait_all(reqs, MPI_ERR_COUNT);
      if (concurrent) {
        reqs.push_back(MPI_REQUEST_NULL);
        rc = PMPI_Irecv(in, int(n), MPI_PACKED, c, tag_gather, comm, &reqs.back());
        relayed.emplace_back(c, in);
        in += n;
      } else {
        rc = PMPI_Recv(staging.get(), int(n), MPI_PACKED, c, tag_gather, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = unpack_subtree(c, staging.get());
      }
      if (rc != MPI_SUCCESS) return wait_all(reqs, rc);
    }
    if (int rc = wait_all(reqs, MPI_SUCCESS); rc != MPI_SUCCESS) return rc;
    for (const auto& [c, data] : relayed)
      if (int rc = unpack_subtree(c, data); rc != MPI_SUCCESS) return rc;
    return MPI_SUCCESS;
  }
  const int parent = tree.parent(me);
  if (kids.empty()) return PMPI_Send(sendbuf, sendcount, sendtype, parent, tag_gather, comm);
  const std::size_t total = payload(me);
  if (total > std::size_t(INT_MAX)) return MPI_ERR_COUNT;
  Bytes tmp = make_bytes(total);
  if (int rc = pack(sendbuf, sendcount, sendtype, tmp.get(), block_bytes[std::size_t(me)]); rc != MPI_SUCCESS) return rc;
  const std::size_t mine = off[std::size_t(tree.preorder_index(me))];
  std::vector<MPI_Request> reqs;
  for (const int c : order) {
    const std::size_t at = off[std::size_t(tree.preorder_index(c))] - mine;
    int rc;
    if (concurrent) {
      if ((rc = wait_for_room(reqs, window)) != MPI_SUCCESS) return wait_all(reqs, rc);
      reqs.push_back(MPI_REQUEST_NULL);
      rc = PMPI_Irecv(tmp.get() + at, int(payload(c)), MPI_PACKED, c, tag_gather, comm, &reqs.back());
    } else {
      rc = PMPI_Recv(tmp.get() + at, int(payload(c)), MPI_PACKED, c, tag_gather, comm, MPI_STATUS_IGNORE);
    }
    if (rc != MPI_SUCCESS) return wait_all(reqs, rc);
  }
  if (int rc = wait_all(reqs, MPI_SUCCESS); rc != MPI_SUCCESS) return rc;
  return PMPI_Send(tmp.get(), int(total), MPI_PACKED, parent, tag_gather, comm);
}

}  // namespace collsel::exec::detail

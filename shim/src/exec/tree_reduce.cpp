// Tree reduce: the broadcast tree run upward, the mirror image in time — a rank receives its
// children's partial results in reverse service order, combines them with its own contribution
// (PMPI_Reduce_local, so predefined and user-defined ops work) and sends the result to its parent.
// Cost: the tree formula with p2p(child, parent, M) per edge, plus the local combinations.
// Non-commutative ops: every subtree must be a contiguous rank range (can_reduce_noncommutative);
// each child's result is then kept apart and the pieces are folded in rank order, so the result
// is x_0 op x_1 op ... op x_{P-1} whatever order the children's messages arrive in.
#include <algorithm>
#include <vector>

#include "common.hpp"
#include "executors.hpp"
#include "collsel/exec.hpp"

namespace collsel::exec::detail {

FoldOrder fold_order(const Tree& tree, int me, MPI_Op op) {
  FoldOrder f;
  int commute = 1;
  PMPI_Op_commutative(op, &commute);
  f.commute = commute != 0;
  if (f.commute) return f;
  const SubtreeRanges ranges = subtree_ranges(tree);
  if (!ranges.contiguous) {  // the shim never runs such a schedule
    f.error = MPI_ERR_OP;
    return f;
  }
  const auto kids = tree.children(me);
  std::vector<std::pair<int, int>> by_lo{{me, -1}};  // (lowest rank of the piece, child index or -1)
  for (std::size_t k = 0; k < kids.size(); ++k) by_lo.push_back({ranges.lo[std::size_t(kids[k])], int(k)});
  std::sort(by_lo.begin(), by_lo.end());
  for (const auto& [lo, k] : by_lo) f.pieces.push_back(k);
  return f;
}

int fold_children(const FoldOrder& order, void* acc, std::span<void* const> child_bufs, int count, MPI_Datatype type,
                  MPI_Op op) {
  if (order.error != MPI_SUCCESS) return order.error;
  if (order.commute) {  // in reverse service order, as the results arrive in a reduce's mirrored schedule
    for (std::size_t k = child_bufs.size(); k-- > 0;)
      if (int rc = PMPI_Reduce_local(child_bufs[k], acc, count, type, op); rc != MPI_SUCCESS) return rc;
    return MPI_SUCCESS;
  }
  auto buf = [&](int piece) { return piece < 0 ? acc : child_bufs[std::size_t(piece)]; };
  // Left fold: Reduce_local(in, inout) sets inout = in op inout, so the running result moves
  // into each next piece's buffer and ends in the last one.
  for (std::size_t k = 1; k < order.pieces.size(); ++k)
    if (int rc = PMPI_Reduce_local(buf(order.pieces[k - 1]), buf(order.pieces[k]), count, type, op); rc != MPI_SUCCESS)
      return rc;
  if (void* last = buf(order.pieces.back()); last != acc) return copy_typed(last, count, type, acc, count, type);
  return MPI_SUCCESS;
}

int tree_reduce(const Tree& tree, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
                MPI_Op op, MPI_Comm comm) {
  const int me = comm_rank(comm);
  const bool is_root = me == tree.root();
  const auto kids = tree.children(me);
  // A leaf only sends its own contribution.
  if (!is_root && kids.empty()) return PMPI_Send(sendbuf, count, type, tree.parent(me), tag_reduce, comm);

  const TypeInfo t = type_info(type);
  // acc: where this rank's partial result accumulates (the root's recvbuf, else a temporary).
  TypedBuffer acc_storage;
  void* acc = recvbuf;
  if (!is_root) {
    acc_storage = TypedBuffer(count, t);
    acc = acc_storage.data();
  }
  if (sendbuf != MPI_IN_PLACE)
    if (int rc = copy_typed(sendbuf, count, type, acc, count, type); rc != MPI_SUCCESS) return rc;
  int commute = 1;
  PMPI_Op_commutative(op, &commute);
  if (commute) {
    // fold_children's order, folding each child's result as it comes: one temporary, not one per child.
    TypedBuffer tmp(count, t);
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      if (int rc = PMPI_Recv(tmp.data(), count, type, *it, tag_reduce, comm, MPI_STATUS_IGNORE); rc != MPI_SUCCESS)
        return rc;
      if (int rc = PMPI_Reduce_local(tmp.data(), acc, count, type, op); rc != MPI_SUCCESS) return rc;
    }
  } else {
    // The children's results, received in reverse service order (the mirror of a bcast's sends).
    std::vector<TypedBuffer> bufs(kids.size());
    std::vector<void*> ptrs(kids.size());
    for (std::size_t k = kids.size(); k-- > 0;) {
      bufs[k] = TypedBuffer(count, t);
      ptrs[k] = bufs[k].data();
      if (int rc = PMPI_Recv(ptrs[k], count, type, kids[k], tag_reduce, comm, MPI_STATUS_IGNORE); rc != MPI_SUCCESS)
        return rc;
    }
    if (int rc = fold_children(fold_order(tree, me, op), acc, ptrs, count, type, op); rc != MPI_SUCCESS) return rc;
  }
  if (!is_root) return PMPI_Send(acc, count, type, tree.parent(me), tag_reduce, comm);
  return MPI_SUCCESS;
}

}  // namespace collsel::exec::detail

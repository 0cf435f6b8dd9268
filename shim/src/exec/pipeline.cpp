// Segmented pipeline (chain) bcast and reduce. Bcast cuts the message's bytes into segments of
// segment_bytes (derived types packed at the root); reduce cuts it into segments of about
// segment_bytes in whole elements (the op needs them). Each segment runs the tree schedule;
// a rank forwards segment s as soon as it has it and then moves on to s+1, so the segments flow
// down (bcast) or up (reduce) the chain one behind the other.
// Cost (chain of P ranks, k segments of m bytes): ≈ (P − 1 + k − 1) · max_edge p2p(m).
#include <algorithm>
#include <climits>

#include "collsel/exec.hpp"
#include "collsel/segments.hpp"

#include "common.hpp"
#include "executors.hpp"

namespace collsel::exec::detail {

int pipeline_bcast(const Tree& tree, std::size_t segment_bytes, void* buf, int count, MPI_Datatype type,
                   MPI_Comm comm) {
  const TypeInfo t = type_info(type);
  const std::size_t bytes = std::size_t(t.size) * std::size_t(std::max(count, 0));
  // Nothing to cut, or a derived type too large to pack in one MPI_Pack call: one segment.
  if (bytes == 0 || segment_bytes == 0 || (!t.contiguous && bytes > std::size_t(INT_MAX)))
    return tree_bcast(tree, buf, count, type, comm);
  // The message travels as bytes, cut exactly as predict_pipeline() cuts it (pipeline_segments:
  // full segments of segment_bytes, the remainder last). A derived type is packed at the root and
  // unpacked at the others. Bytes are the only unit all ranks share: each rank may describe the
  // message with its own datatype (MPI requires only matching type signatures), so segments
  // counted in elements would differ between ranks ("Message truncated", docs/testing.md).
  const int me = comm_rank(comm);
  const bool is_root = me == tree.root();
  BcastBytes view;
  if (int rc = view.open(buf, count, type, t, bytes, is_root); rc != MPI_SUCCESS) return rc;
  char* data = view.data();
  const auto kids = tree.children(me);
  const SegmentLayout segments = pipeline_segments(bytes, segment_bytes);
  // The receive of segment i + 1 is posted before segment i goes on to the children, so a rank
  // takes in the next segment while it forwards this one — the flow shop predict_pipeline()
  // costs (an edge carries one segment at a time, a rank's in- and out-edges work at once). With
  // a blocking receive after each forward, each segment's sender waited for its receiver to come
  // back to a receive: 20 MB on 2 and 4 oversubscribed ranks took 10x and ~2x longer (docs/testing.md).
  MPI_Request next = MPI_REQUEST_NULL;
  auto post = [&](int i) -> int {
    return PMPI_Irecv(data + segments.offset(i), int(segments.length(i)), MPI_BYTE, tree.parent(me), tag_bcast, comm,
                      &next);
  };
  auto fail = [&](int rc) {  // a send failed: the job aborts, but leave no receive pending
    if (next != MPI_REQUEST_NULL) {
      PMPI_Cancel(&next);
      PMPI_Request_free(&next);
    }
    return rc;
  };
  if (!is_root)
    if (int rc = post(0); rc != MPI_SUCCESS) return rc;
  for (int i = 0; i < segments.count; ++i) {
    if (!is_root) {
      if (int rc = PMPI_Wait(&next, MPI_STATUS_IGNORE); rc != MPI_SUCCESS) return rc;
      if (i + 1 < segments.count)
        if (int rc = post(i + 1); rc != MPI_SUCCESS) return rc;
    }
    for (int c : kids)
      if (int rc = PMPI_Send(data + segments.offset(i), int(segments.length(i)), MPI_BYTE, c, tag_bcast, comm);
          rc != MPI_SUCCESS)
        return fail(rc);
  }
  return view.close();
}

int pipeline_reduce(const Tree& tree, std::size_t segment_bytes, const void* sendbuf, void* recvbuf,
                    int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const TypeInfo t = type_info(type);
  if (count <= 0 || t.size <= 0) return tree_reduce(tree, sendbuf, recvbuf, std::max(count, 0), type, op, comm);
  const int me = comm_rank(comm);
  const bool is_root = me == tree.root();
  const auto kids = tree.children(me);
  // Whole elements per segment, as predict_pipeline() costs them (pipeline_segments with the
  // type's size as the unit).
  const std::size_t size = std::size_t(t.size);
  const SegmentLayout segments = pipeline_segments(size * std::size_t(count), segment_bytes, size);
  auto first_of = [&](int i) { return int(segments.offset(i) / size); };
  auto count_of = [&](int i) { return int(segments.length(i) / size); };
  const int largest = count_of(0);  // the first segment is a full one (the remainder comes last)
  if (kids.empty() && is_root)  // a communicator of one: the result is the root's own data
    return sendbuf == MPI_IN_PLACE ? MPI_SUCCESS : copy_typed(sendbuf, count, type, recvbuf, count, type);
  if (kids.empty()) {  // a leaf sends its own contribution, segment after segment
    for (int i = 0; i < segments.count; ++i)
      if (int rc = PMPI_Send(element(sendbuf, first_of(i), t), count_of(i), type, tree.parent(me), tag_reduce, comm);
          rc != MPI_SUCCESS)
        return rc;
    return MPI_SUCCESS;
  }
  // As the bcast's flow shop mirrored: the children's segment i + 1 is being received while
  // segment i is folded and sent on, so every edge carries one segment after another without
  // waiting for its receiver to come back (a reduce of one tree per segment made each sender
  // wait for its parent's previous send: 33 % slower than predicted in SMPI, docs/smpi.md).
  // Two receive buffers per child, alternating.
  std::vector<TypedBuffer> in(kids.size() * 2);
  for (auto& b : in) b = TypedBuffer(largest, t);
  std::vector<MPI_Request> reqs(kids.size(), MPI_REQUEST_NULL);
  const FoldOrder order = fold_order(tree, me, op);  // once per call, not per segment
  auto post = [&](int i) -> int {
    for (std::size_t k = 0; k < kids.size(); ++k)
      if (int rc = PMPI_Irecv(in[k * 2 + std::size_t(i % 2)].data(), count_of(i), type, kids[k], tag_reduce, comm,
                              &reqs[k]);
          rc != MPI_SUCCESS)
        return rc;
    return MPI_SUCCESS;
  };
  auto cancel = [&](int rc) -> int {  // an error ends the job; leave no receive pending
    for (MPI_Request& r : reqs)
      if (r != MPI_REQUEST_NULL) {
        PMPI_Cancel(&r);
        PMPI_Request_free(&r);
      }
    return rc;
  };
  TypedBuffer acc_storage = is_root ? TypedBuffer() : TypedBuffer(largest, t);
  std::vector<void*> ptrs(kids.size());
  if (int rc = post(0); rc != MPI_SUCCESS) return cancel(rc);
  for (int i = 0; i < segments.count; ++i) {
    const int first = first_of(i), n = count_of(i);
    const void* own = sendbuf == MPI_IN_PLACE ? nullptr : element(sendbuf, first, t);
    void* acc = is_root ? element(recvbuf, first, t) : acc_storage.data();
    if (own)
      if (int rc = copy_typed(own, n, type, acc, n, type); rc != MPI_SUCCESS) return cancel(rc);
    if (int rc = PMPI_Waitall(int(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE); rc != MPI_SUCCESS) return cancel(rc);
    for (std::size_t k = 0; k < kids.size(); ++k) ptrs[k] = in[k * 2 + std::size_t(i % 2)].data();
    if (i + 1 < segments.count)
      if (int rc = post(i + 1); rc != MPI_SUCCESS) return cancel(rc);
    if (int rc = fold_children(order, acc, ptrs, n, type, op); rc != MPI_SUCCESS) return cancel(rc);
    if (!is_root)
      if (int rc = PMPI_Send(acc, n, type, tree.parent(me), tag_reduce, comm); rc != MPI_SUCCESS) return cancel(rc);
  }
  return MPI_SUCCESS;
}

}  // namespace collsel::exec::detail

// Segmented pipeline (chain) bcast and reduce. Bcast cuts the message's bytes into segments of
// segment_bytes (derived types packed at the root); reduce cuts it into segments of about
// segment_bytes in whole elements (the op needs them). Each segment runs the tree schedule;
// a rank forwards segment s as soon as it has it and then moves on to s+1, so the segments flow
// down (bcast) or up (reduce) the chain one behind the other.
// Every edge keeps up to pipeline_window() segments in flight (segments.hpp: kPipelineWindow of
// them, fewer where they would exceed kPipelineWindowBytes, one on a chain of three or more; the
// schedule's window, Schedule::window, where it sets one), the
// first window's segments of graduated sizes so that they do not arrive together (the ramp of
// pipeline_segments).
// Cost (predict_pipeline): the first segment's way down the tree, then one segment per the
// slowest node's service time: its link's share of a segment for each child, at least one
// window's worth of a segment's whole transfer time.
#include <algorithm>
#include <climits>
#include <vector>

#include "collsel/exec.hpp"
#include "collsel/segments.hpp"

#include "common.hpp"
#include "executors.hpp"

namespace collsel::exec::detail {
int pipeline_bcast(const Tree& tree, std::size_t segment_bytes, int schedule_window, void* buf, int count,
                   MPI_Datatype type, MPI_Comm comm) {
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
  const PipelinePlan plan = pipeline_plan(bytes, segment_bytes, 1, tree, schedule_window);
  const SegmentLayout& segments = plan.segments;
  // Up to pipeline_window() segments in flight on every edge: the receives of the next segments
  // are posted ahead and a segment goes on to the children without waiting for the ones before
  // it to complete, so the latency and protocol of each segment overlap the transfers of the
  // others (the window predict_pipeline() costs). Ring slot i % W holds segment i's requests.
  const int window = plan.window;
  std::vector<MPI_Request> recvs(std::size_t(window), MPI_REQUEST_NULL);
  std::vector<MPI_Request> sends(std::size_t(window) * kids.size(), MPI_REQUEST_NULL);
  auto post = [&](int i) -> int {
    return PMPI_Irecv(data + segments.offset(i), int(segments.length(i)), MPI_BYTE, tree.parent(me), tag_bcast, comm,
                      &recvs[std::size_t(i % window)]);
  };
  auto fail = [&](int rc) {  // an error ends the job; leave no receive pending
    for (MPI_Request& r : recvs)
      if (r != MPI_REQUEST_NULL) {
        PMPI_Cancel(&r);
        PMPI_Request_free(&r);
      }
    return rc;
  };
  if (!is_root)
    for (int i = 0; i < std::min(window, segments.count); ++i)
      if (int rc = post(i); rc != MPI_SUCCESS) return fail(rc);
  for (int i = 0; i < segments.count; ++i) {
    const std::size_t slot = std::size_t(i % window);
    if (!is_root)
      if (int rc = PMPI_Wait(&recvs[slot], MPI_STATUS_IGNORE); rc != MPI_SUCCESS) return fail(rc);
    for (std::size_t k = 0; k < kids.size(); ++k) {
      MPI_Request& req = sends[slot * kids.size() + k];
      if (int rc = PMPI_Wait(&req, MPI_STATUS_IGNORE); rc != MPI_SUCCESS) return fail(rc);  // segment i - W
      if (int rc = PMPI_Isend(data + segments.offset(i), int(segments.length(i)), MPI_BYTE, kids[k], tag_bcast, comm,
                              &req);
          rc != MPI_SUCCESS)
        return fail(rc);
    }
    if (!is_root && i + window < segments.count)
      if (int rc = post(i + window); rc != MPI_SUCCESS) return fail(rc);
  }
  if (int rc = PMPI_Waitall(int(sends.size()), sends.data(), MPI_STATUSES_IGNORE); rc != MPI_SUCCESS) return rc;
  return view.close();
}

int pipeline_reduce(const Tree& tree, std::size_t segment_bytes, int schedule_window, const void* sendbuf, void* recvbuf,
                    int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const TypeInfo t = type_info(type);
  if (count <= 0 || t.size <= 0) return tree_reduce(tree, sendbuf, recvbuf, std::max(count, 0), type, op, comm);
  const int me = comm_rank(comm);
  const bool is_root = me == tree.root();
  const auto kids = tree.children(me);
  // Whole elements per segment, as predict_pipeline() costs them (pipeline_plan with the type's
  // size as the unit).
  const std::size_t size = std::size_t(t.size);
  const PipelinePlan plan = pipeline_plan(size * std::size_t(count), segment_bytes, size, tree, schedule_window);
  const SegmentLayout& segments = plan.segments;
  const int window = plan.window;
  auto first_of = [&](int i) { return int(segments.offset(i) / size); };
  auto count_of = [&](int i) { return int(segments.length(i) / size); };
  const int largest = int(segments.full / size);  // the ramp's and the remainder are no larger
  if (kids.empty() && is_root)  // a communicator of one: the result is the root's own data
    return sendbuf == MPI_IN_PLACE ? MPI_SUCCESS : copy_typed(sendbuf, count, type, recvbuf, count, type);
  if (kids.empty()) {  // a leaf sends its own contribution, up to pipeline_window() segments in flight
    std::vector<MPI_Request> sends(std::size_t(window), MPI_REQUEST_NULL);
    for (int i = 0; i < segments.count; ++i) {
      MPI_Request& req = sends[std::size_t(i % window)];
      if (int rc = PMPI_Wait(&req, MPI_STATUS_IGNORE); rc != MPI_SUCCESS) return rc;
      if (int rc = PMPI_Isend(element(sendbuf, first_of(i), t), count_of(i), type, tree.parent(me), tag_reduce, comm,
                              &req);
          rc != MPI_SUCCESS)
        return rc;
    }
    return PMPI_Waitall(int(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
  }
  // As the bcast's window mirrored: the children's next segments are being received while
  // segment i is folded, and segment i goes up without waiting for the segments before it to
  // complete (up to pipeline_window() in flight). Ring slot i % W: each child's receive buffer,
  // the partial result sent up, and their requests.
  const std::size_t nk = kids.size();
  std::vector<TypedBuffer> in(nk * std::size_t(window));
  for (auto& b : in) b = TypedBuffer(largest, t);
  std::vector<MPI_Request> reqs(nk * std::size_t(window), MPI_REQUEST_NULL);
  std::vector<TypedBuffer> acc_storage(is_root ? 0 : std::size_t(window));
  for (auto& b : acc_storage) b = TypedBuffer(largest, t);
  std::vector<MPI_Request> sends(std::size_t(window), MPI_REQUEST_NULL);
  const FoldOrder order = fold_order(tree, me, op);  // once per call, not per segment
  auto post = [&](int i) -> int {
    const std::size_t slot = std::size_t(i % window);
    for (std::size_t k = 0; k < nk; ++k)
      if (int rc = PMPI_Irecv(in[slot * nk + k].data(), count_of(i), type, kids[k], tag_reduce, comm,
                              &reqs[slot * nk + k]);
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
  std::vector<void*> ptrs(nk);
  for (int i = 0; i < std::min(window, segments.count); ++i)
    if (int rc = post(i); rc != MPI_SUCCESS) return cancel(rc);
  for (int i = 0; i < segments.count; ++i) {
    const std::size_t slot = std::size_t(i % window);
    const int first = first_of(i), n = count_of(i);
    const void* own = sendbuf == MPI_IN_PLACE ? nullptr : element(sendbuf, first, t);
    if (!is_root)  // the slot's partial result of segment i - W must have left
      if (int rc = PMPI_Wait(&sends[slot], MPI_STATUS_IGNORE); rc != MPI_SUCCESS) return cancel(rc);
    void* acc = is_root ? element(recvbuf, first, t) : acc_storage[slot].data();
    if (own)
      if (int rc = copy_typed(own, n, type, acc, n, type); rc != MPI_SUCCESS) return cancel(rc);
    if (int rc = PMPI_Waitall(int(nk), reqs.data() + slot * nk, MPI_STATUSES_IGNORE); rc != MPI_SUCCESS)
      return cancel(rc);
    for (std::size_t k = 0; k < nk; ++k) ptrs[k] = in[slot * nk + k].data();
    if (int rc = fold_children(order, acc, ptrs, n, type, op); rc != MPI_SUCCESS) return cancel(rc);
    if (i + window < segments.count)
      if (int rc = post(i + window); rc != MPI_SUCCESS) return cancel(rc);
    if (!is_root)
      if (int rc = PMPI_Isend(acc, n, type, tree.parent(me), tag_reduce, comm, &sends[slot]); rc != MPI_SUCCESS)
        return cancel(rc);
  }
  if (int rc = PMPI_Waitall(int(sends.size()), sends.data(), MPI_STATUSES_IGNORE); rc != MPI_SUCCESS) return rc;
  return MPI_SUCCESS;
}

}  // namespace collsel::exec::detail

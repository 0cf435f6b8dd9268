// Helpers shared by the executors: datatype geometry, typed temporary buffers, local copies and
// packing. Everything here works for any datatype (derived, resized, zero-size) and count 0.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "collsel/tree.hpp"

namespace collsel::exec::detail {

struct TypeInfo {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  int size = 0;             // bytes of data in one element
  bool contiguous = false;  // one element = `size` bytes at true_lb, elements back to back
};
TypeInfo type_info(MPI_Datatype type);

// Storage for `count` elements of a datatype; data() is the address to pass to MPI with that type.
class TypedBuffer {
 public:
  TypedBuffer() = default;
  TypedBuffer(int count, const TypeInfo& t);
  void* data() const { return base_; }

 private:
  std::unique_ptr<char[]> storage_;
  void* base_ = nullptr;
};

// Plain byte buffer (packed data).
using Bytes = std::unique_ptr<char[]>;
inline Bytes make_bytes(std::size_t n) { return Bytes(new char[n == 0 ? 1 : n]); }

// dst <- src; both sides describe the same type signature.
int copy_typed(const void* src, int scount, MPI_Datatype stype, void* dst, int rcount, MPI_Datatype rtype);
// Packs `count` elements into out (exactly `bytes` = count * type size bytes).
int pack(const void* buf, int count, MPI_Datatype type, char* out, std::size_t bytes);
int unpack(const char* in, std::size_t bytes, void* buf, int count, MPI_Datatype type);

// A broadcast buffer seen as `bytes` bytes, for executors that move bytes (pipeline, frames): the
// buffer itself when the type is contiguous, else a staging copy that the root packs at open()
// and the others unpack at close().
class BcastBytes {
 public:
  int open(void* buf, int count, MPI_Datatype type, const TypeInfo& t, std::size_t bytes, bool is_root);
  int close();  // after the last receive
  char* data() const { return data_; }

 private:
  void* buf_ = nullptr;
  int count_ = 0;
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  std::size_t bytes_ = 0;
  bool unpack_ = false;
  char* data_ = nullptr;
  Bytes staging_;
};

// Address of element `index` of a typed buffer.
inline char* element(const void* buf, MPI_Aint index, const TypeInfo& t) {
  return static_cast<char*>(const_cast<void*>(buf)) + index * t.extent;
}

using collsel::SubtreeRanges;
using collsel::subtree_ranges;

int comm_rank(MPI_Comm comm);
int comm_size(MPI_Comm comm);

// Waits for every request of `reqs` (nonblocking transfers a rank posted together) and returns
// `rc` if it is an error, else the wait's result. An error still waits: no request is left pending.
inline int wait_all(std::vector<MPI_Request>& reqs, int rc) {
  if (reqs.empty()) return rc;
  const int w = PMPI_Waitall(int(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE);
  reqs.clear();
  return rc != MPI_SUCCESS ? rc : w;
}

// Before a node posts one more of its nonblocking transfers: with `window` > 0 and that many of
// `reqs` in flight, waits until one of them completes (ScheduleKind::concurrent's window).
inline int wait_for_room(std::vector<MPI_Request>& reqs, int window) {
  if (window <= 0) return MPI_SUCCESS;
  int live = 0;
  for (MPI_Request r : reqs) live += r != MPI_REQUEST_NULL;
  for (; live >= window; --live) {
    int done = MPI_UNDEFINED;
    if (int rc = PMPI_Waitany(int(reqs.size()), reqs.data(), &done, MPI_STATUS_IGNORE); rc != MPI_SUCCESS) return rc;
    if (done == MPI_UNDEFINED) break;
  }
  return MPI_SUCCESS;
}

// Bytes of each subtree's payload in preorder layout: offset[i] = bytes before preorder position i.
std::vector<std::size_t> preorder_offsets(const Tree& tree, std::span<const std::size_t> block_bytes);

}  // namespace collsel::exec::detail

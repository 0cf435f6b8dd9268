#include "common.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

namespace collsel::exec::detail {

TypeInfo type_info(MPI_Datatype type) {
  TypeInfo t;
  PMPI_Type_get_extent(type, &t.lb, &t.extent);
  PMPI_Type_get_true_extent(type, &t.true_lb, &t.true_extent);
  PMPI_Type_size(type, &t.size);
  t.contiguous = MPI_Aint(t.size) == t.extent && t.true_extent == t.extent && t.true_lb == t.lb;
  return t;
}

TypedBuffer::TypedBuffer(int count, const TypeInfo& t) {
  // The span a typed buffer of `count` elements touches: true extent of one element plus
  // (count-1) extents (a negative extent is legal MPI but not supported here: treat as its magnitude).
  const MPI_Aint ext = t.extent < 0 ? -t.extent : t.extent;
  const MPI_Aint span = count <= 0 ? 0 : t.true_extent + MPI_Aint(count - 1) * ext;
  storage_.reset(new char[std::size_t(span > 0 ? span : 1)]);
  base_ = storage_.get() - t.true_lb;
}

int copy_typed(const void* src, int scount, MPI_Datatype stype, void* dst, int rcount, MPI_Datatype rtype) {
  if (src == dst && stype == rtype && scount == rcount) return MPI_SUCCESS;
  const TypeInfo s = type_info(stype);
  const std::size_t bytes = std::size_t(s.size) * std::size_t(scount > 0 ? scount : 0);
  if (bytes == 0) return MPI_SUCCESS;
  if (stype == rtype && s.contiguous) {
    std::memmove(static_cast<char*>(dst) + s.true_lb, static_cast<const char*>(src) + s.true_lb, bytes);
    return MPI_SUCCESS;
  }
  Bytes tmp = make_bytes(bytes);
  if (int rc = pack(src, scount, stype, tmp.get(), bytes); rc != MPI_SUCCESS) return rc;
  return unpack(tmp.get(), bytes, dst, rcount, rtype);
}

int pack(const void* buf, int count, MPI_Datatype type, char* out, std::size_t bytes) {
  if (bytes == 0) return MPI_SUCCESS;
  if (bytes > std::size_t(INT_MAX)) return MPI_ERR_COUNT;
  int pos = 0;
  const int rc = PMPI_Pack(buf, count, type, out, int(bytes), &pos, MPI_COMM_SELF);
  if (rc != MPI_SUCCESS) return rc;
  return std::size_t(pos) == bytes ? MPI_SUCCESS : MPI_ERR_INTERN;
}

int unpack(const char* in, std::size_t bytes, void* buf, int count, MPI_Datatype type) {
  if (bytes == 0) return MPI_SUCCESS;
  if (bytes > std::size_t(INT_MAX)) return MPI_ERR_COUNT;
  int pos = 0;
  return PMPI_Unpack(in, int(bytes), &pos, buf, count, type, MPI_COMM_SELF);
}

int comm_rank(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}
int comm_size(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_size(comm, &r);
  return r;
}

std::vector<std::size_t> preorder_offsets(const Tree& tree, std::span<const std::size_t> block_bytes) {
  const auto order = tree.preorder();
  std::vector<std::size_t> off(order.size() + 1, 0);
  for (std::size_t i = 0; i < order.size(); ++i) off[i + 1] = off[i] + block_bytes[std::size_t(order[i])];
  return off;
}

int BcastBytes::open(void* buf, int count, MPI_Datatype type, const TypeInfo& t, std::size_t bytes, bool is_root) {
  buf_ = buf, count_ = count, type_ = type, bytes_ = bytes;
  if (t.contiguous) {
    data_ = static_cast<char*>(buf) + t.true_lb;
    return MPI_SUCCESS;
  }
  staging_ = make_bytes(bytes);
  data_ = staging_.get();
  unpack_ = !is_root;
  return is_root ? pack(buf, count, type, data_, bytes) : MPI_SUCCESS;
}

int BcastBytes::close() { return unpack_ ? unpack(data_, bytes_, buf_, count_, type_) : MPI_SUCCESS; }

}  // namespace collsel::exec::detail

#include "workload.hpp"

#include <climits>
#include <stdexcept>
#include <string>

#include "collsel/exec.hpp"

namespace collsel::bench {
namespace {

// Byte i of the block owned by rank `owner`: differs between neighbouring blocks and positions,
// so a block delivered to the wrong rank or at the wrong offset is caught.
unsigned char pattern(int owner, std::size_t i) {
  return static_cast<unsigned char>((std::size_t(owner) * 37u + i * 11u + 5u) & 0xffu);
}
constexpr unsigned char kPoison = 0xa5;

// Rank r contributes (r + 1) * (i % 13 + 1) to element i: the sum is exact in doubles.
double reduce_input(int rank, std::size_t i) { return double(rank + 1) * double(i % 13 + 1); }

}  // namespace

void check_size(Collective op, std::size_t bytes, int procs) {
  const std::string what = std::string(to_string(op)) + " of " + std::to_string(bytes) + " bytes";
  // Counts and displacements are ints: the largest buffer (P blocks at the root; for the
  // v-variants P blocks of up to 2 * bytes) must fit one.
  const std::size_t largest = is_vector_variant(op)  ? 2 * bytes * std::size_t(procs)
                              : is_personalized(op) ? bytes * std::size_t(procs)
                                                    : bytes;
  if (largest > std::size_t(INT_MAX))
    throw std::invalid_argument(what + ": buffers larger than " + std::to_string(INT_MAX) +
                                " bytes cannot be described with int counts on " + std::to_string(procs) +
                                " processes");
  if (op == Collective::reduce && bytes % sizeof(double) != 0)
    throw std::invalid_argument(what + ": reduce sums doubles, so the size must be a multiple of 8");
}

Workload::Workload(Collective op, std::size_t bytes, int procs, int rank, int root)
    : op_(op), bytes_(bytes), procs_(procs), rank_(rank), root_(root) {
  check_size(op, bytes, procs);
  const std::size_t P = std::size_t(procs);
  switch (op) {
    case Collective::bcast:
      send_.resize(bytes);
      break;
    case Collective::reduce:
      dsend_.resize(bytes / sizeof(double));
      if (rank == root) drecv_.resize(bytes / sizeof(double));
      break;
    case Collective::scatter:
      if (rank == root) send_.resize(bytes * P);
      recv_.resize(bytes);
      break;
    case Collective::gather:
      send_.resize(bytes);
      if (rank == root) recv_.resize(bytes * P);
      break;
    case Collective::scatterv:
    case Collective::gatherv: {
      blocks_ = uneven_blocks(bytes, procs);
      std::size_t total = 0;
      for (std::size_t b : blocks_) {
        counts_.push_back(int(b));
        displs_.push_back(int(total));
        total += b;
      }
      const std::size_t mine = blocks_[std::size_t(rank)];
      if (op == Collective::scatterv) {
        if (rank == root) send_.resize(total);
        recv_.resize(mine);
      } else {
        send_.resize(mine);
        if (rank == root) recv_.resize(total);
      }
      break;
    }
  }
}

CallShape call_shape(Collective op, std::size_t bytes, int procs, int root, std::span<const std::size_t> blocks) {
  CallShape s{.op = op, .procs = procs, .root = root, .bytes = bytes};
  if (op == Collective::reduce) s.element_bytes = sizeof(double);  // Workload::run() reduces MPI_DOUBLEs
  if (is_vector_variant(op)) {  // the shim decides on the mean block of the actual counts
    s.block_bytes = blocks;
    std::size_t total = 0;
    for (std::size_t b : s.block_bytes) total += b;
    s.bytes = total / std::size_t(procs);
  }
  return s;
}

CallShape Workload::shape() const { return call_shape(op_, bytes_, procs_, root_, blocks_); }

void Workload::prepare() {
  switch (op_) {
    case Collective::bcast:
      for (std::size_t i = 0; i < send_.size(); ++i) send_[i] = rank_ == root_ ? pattern(root_, i) : kPoison;
      break;
    case Collective::reduce:
      for (std::size_t i = 0; i < dsend_.size(); ++i) dsend_[i] = reduce_input(rank_, i);
      for (double& x : drecv_) x = -1.0;
      break;
    case Collective::scatter:
      for (std::size_t i = 0; i < send_.size(); ++i) send_[i] = pattern(int(i / bytes_), i % bytes_);
      for (auto& b : recv_) b = kPoison;
      break;
    case Collective::gather:
      for (std::size_t i = 0; i < send_.size(); ++i) send_[i] = pattern(rank_, i);
      for (auto& b : recv_) b = kPoison;
      break;
    case Collective::scatterv:
      for (int r = 0; r < procs_ && rank_ == root_; ++r)
        for (std::size_t i = 0; i < blocks_[std::size_t(r)]; ++i)
          send_[std::size_t(displs_[std::size_t(r)]) + i] = pattern(r, i);
      for (auto& b : recv_) b = kPoison;
      break;
    case Collective::gatherv:
      for (std::size_t i = 0; i < send_.size(); ++i) send_[i] = pattern(rank_, i);
      for (auto& b : recv_) b = kPoison;
      break;
  }
}

int Workload::v_header(const Schedule& s, MPI_Comm comm) {
  if (s.kind == ScheduleKind::native) return MPI_SUCCESS;
  header_.assign(v_header_bytes(procs_) / sizeof(unsigned long long), 0);
  if (rank_ == root_)
    for (std::size_t r = 0; r < blocks_.size(); ++r) header_[kVHeaderWords + r] = blocks_[r];
  return PMPI_Bcast(header_.data(), int(header_.size()), MPI_UNSIGNED_LONG_LONG, root_, comm);
}

int Workload::run(const Schedule& s, MPI_Comm comm) {
  const int n = int(bytes_);
  switch (op_) {
    case Collective::bcast:
      return exec::run_bcast(s, send_.data(), n, MPI_BYTE, root_, comm);
    case Collective::reduce:
      return exec::run_reduce(s, dsend_.data(), drecv_.data(), int(dsend_.size()), MPI_DOUBLE, MPI_SUM, root_, comm);
    case Collective::scatter:
      return exec::run_scatter(s, send_.data(), n, MPI_BYTE, recv_.data(), n, MPI_BYTE, root_, comm);
    case Collective::gather:
      return exec::run_gather(s, send_.data(), n, MPI_BYTE, recv_.data(), n, MPI_BYTE, root_, comm);
    case Collective::scatterv:
      if (const int rc = v_header(s, comm); rc != MPI_SUCCESS) return rc;
      return exec::run_scatterv(s, send_.data(), counts_.data(), displs_.data(), MPI_BYTE, recv_.data(),
                                counts_[std::size_t(rank_)], MPI_BYTE, root_, comm, blocks_);
    case Collective::gatherv:
      if (const int rc = v_header(s, comm); rc != MPI_SUCCESS) return rc;
      return exec::run_gatherv(s, send_.data(), counts_[std::size_t(rank_)], MPI_BYTE, recv_.data(), counts_.data(),
                               displs_.data(), MPI_BYTE, root_, comm, blocks_);
  }
  return MPI_ERR_INTERN;
}

int Workload::run_intercepted(MPI_Comm comm) {
  const int n = int(bytes_);
  switch (op_) {
    case Collective::bcast:
      return MPI_Bcast(send_.data(), n, MPI_BYTE, root_, comm);
    case Collective::reduce:
      return MPI_Reduce(dsend_.data(), drecv_.data(), int(dsend_.size()), MPI_DOUBLE, MPI_SUM, root_, comm);
    case Collective::scatter:
      return MPI_Scatter(send_.data(), n, MPI_BYTE, recv_.data(), n, MPI_BYTE, root_, comm);
    case Collective::gather:
      return MPI_Gather(send_.data(), n, MPI_BYTE, recv_.data(), n, MPI_BYTE, root_, comm);
    case Collective::scatterv:
      return MPI_Scatterv(send_.data(), counts_.data(), displs_.data(), MPI_BYTE, recv_.data(),
                          counts_[std::size_t(rank_)], MPI_BYTE, root_, comm);
    case Collective::gatherv:
      return MPI_Gatherv(send_.data(), counts_[std::size_t(rank_)], MPI_BYTE, recv_.data(), counts_.data(),
                         displs_.data(), MPI_BYTE, root_, comm);
  }
  return MPI_ERR_INTERN;
}

bool Workload::check() const {
  switch (op_) {
    case Collective::bcast:
      for (std::size_t i = 0; i < send_.size(); ++i)
        if (send_[i] != pattern(root_, i)) return false;
      return true;
    case Collective::reduce: {
      const double ranks_sum = double(procs_) * double(procs_ + 1) / 2;
      for (std::size_t i = 0; i < drecv_.size(); ++i)
        if (drecv_[i] != ranks_sum * double(i % 13 + 1)) return false;
      return true;
    }
    case Collective::scatter:
    case Collective::scatterv:
      for (std::size_t i = 0; i < recv_.size(); ++i)
        if (recv_[i] != pattern(rank_, i)) return false;
      return true;
    case Collective::gather:
      for (std::size_t i = 0; i < recv_.size(); ++i)
        if (recv_[i] != pattern(int(i / bytes_), i % bytes_)) return false;
      return true;
    case Collective::gatherv:
      for (int r = 0; r < procs_ && rank_ == root_; ++r)
        for (std::size_t i = 0; i < blocks_[std::size_t(r)]; ++i)
          if (recv_[std::size_t(displs_[std::size_t(r)]) + i] != pattern(r, i)) return false;
      return true;
  }
  return false;
}

}  // namespace collsel::bench

// The experiments: a few MPI calls each, timed with MPI_Wtime.
#include "experiments.hpp"

#include <algorithm>

#include "collsel/native_cost.hpp"

namespace collsel::measure {
namespace {
constexpr int kTag = 7411;
}

#if defined(COLLSEL_SMPI)
// In the simulator every rank lives in one process and only the timing of a message matters, not
// its bytes: one shared block per buffer and size serves every rank (1024 ranks x 2 x 4 MB would
// otherwise be 8 GB of memory for the native phase alone).
Buffers::Block::~Block() {
  if (data) SMPI_SHARED_FREE(data);
}
char* Buffers::grow(Block& b, std::size_t bytes) {
  bytes = std::max<std::size_t>(bytes, 1);
  if (b.size < bytes) {
    if (b.data) SMPI_SHARED_FREE(b.data);
    b.data = static_cast<char*>(SMPI_SHARED_MALLOC(bytes));
    b.size = bytes;
  }
  return b.data;
}
#else
Buffers::Block::~Block() { delete[] data; }
char* Buffers::grow(Block& b, std::size_t bytes) {
  bytes = std::max<std::size_t>(bytes, 1);
  if (b.size < bytes) {
    delete[] b.data;
    b.data = new char[bytes]();
    b.size = bytes;
  }
  return b.data;
}
#endif
char* Buffers::send(std::size_t bytes) { return grow(send_, bytes); }
char* Buffers::recv(std::size_t bytes) { return grow(recv_, bytes); }

double roundtrip(MPI_Comm comm, std::span<const int> g, int role, std::size_t bytes, Buffers& buf) {
  const int n = int(bytes);
  if (role == 0) {
    char* s = buf.send(bytes);
    char* r = buf.recv(bytes);
    const double t0 = MPI_Wtime();
    MPI_Send(s, n, MPI_BYTE, g[1], kTag, comm);
    MPI_Recv(r, n, MPI_BYTE, g[1], kTag, comm, MPI_STATUS_IGNORE);
    return MPI_Wtime() - t0;
  }
  char* r = buf.recv(bytes);
  MPI_Recv(r, n, MPI_BYTE, g[0], kTag, comm, MPI_STATUS_IGNORE);
  MPI_Send(r, n, MPI_BYTE, g[0], kTag, comm);
  return 0;
}

double one_to_two(MPI_Comm comm, std::span<const int> g, int role, std::size_t bytes, Buffers& buf) {
  const int n = int(bytes);
  if (role == 0) {
    char* s = buf.send(bytes);
    char ack[2];
    MPI_Request req[4];
    const double t0 = MPI_Wtime();
    MPI_Isend(s, n, MPI_BYTE, g[1], kTag, comm, &req[0]);
    MPI_Isend(s, n, MPI_BYTE, g[2], kTag, comm, &req[1]);
    MPI_Irecv(&ack[0], 0, MPI_BYTE, g[1], kTag, comm, &req[2]);
    MPI_Irecv(&ack[1], 0, MPI_BYTE, g[2], kTag, comm, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    return MPI_Wtime() - t0;
  }
  char* r = buf.recv(bytes);
  MPI_Recv(r, n, MPI_BYTE, g[0], kTag, comm, MPI_STATUS_IGNORE);
  MPI_Send(nullptr, 0, MPI_BYTE, g[0], kTag, comm);
  return 0;
}

double send_overhead(MPI_Comm comm, std::span<const int> g, int role, std::size_t bytes, Buffers& buf) {
  const int n = int(bytes);
  if (role == 0) {
    char* s = buf.send(bytes);
    const double t0 = MPI_Wtime();
    MPI_Send(s, n, MPI_BYTE, g[1], kTag, comm);
    const double t = MPI_Wtime() - t0;
    MPI_Recv(nullptr, 0, MPI_BYTE, g[1], kTag, comm, MPI_STATUS_IGNORE);
    return t;
  }
  MPI_Recv(buf.recv(bytes), n, MPI_BYTE, g[0], kTag, comm, MPI_STATUS_IGNORE);
  MPI_Send(nullptr, 0, MPI_BYTE, g[0], kTag, comm);
  return 0;
}

double recv_overhead(MPI_Comm comm, std::span<const int> g, int role, std::size_t bytes, Buffers& buf) {
  const int n = int(bytes);
  if (role == 0) {
    // Only the time of taking a message that has already arrived is the receive overhead.
    int there = 0;
    while (!there) MPI_Iprobe(g[1], kTag, comm, &there, MPI_STATUS_IGNORE);
    char* r = buf.recv(bytes);
    const double t0 = MPI_Wtime();
    MPI_Recv(r, n, MPI_BYTE, g[1], kTag, comm, MPI_STATUS_IGNORE);
    const double t = MPI_Wtime() - t0;
    MPI_Send(nullptr, 0, MPI_BYTE, g[1], kTag, comm);
    return t;
  }
  MPI_Send(buf.send(bytes), n, MPI_BYTE, g[0], kTag, comm);
  MPI_Recv(nullptr, 0, MPI_BYTE, g[0], kTag, comm, MPI_STATUS_IGNORE);
  return 0;
}

double train(MPI_Comm comm, std::span<const int> g, int role, std::size_t bytes, int count, Buffers& buf) {
  const int n = int(bytes);
  if (role == 0) {
    char* s = buf.send(bytes);
    const double t0 = MPI_Wtime();
    for (int k = 0; k < count; ++k) MPI_Send(s, n, MPI_BYTE, g[1], kTag, comm);
    MPI_Recv(nullptr, 0, MPI_BYTE, g[1], kTag, comm, MPI_STATUS_IGNORE);
    return MPI_Wtime() - t0;
  }
  char* r = buf.recv(bytes);
  for (int k = 0; k < count; ++k) MPI_Recv(r, n, MPI_BYTE, g[0], kTag, comm, MPI_STATUS_IGNORE);
  MPI_Send(nullptr, 0, MPI_BYTE, g[0], kTag, comm);
  return 0;
}

double flat_scatter(MPI_Comm comm, std::size_t bytes, Buffers& buf) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int n = int(bytes);
  if (rank == 0) {
    char* s = buf.send(bytes * std::size_t(size));
    std::vector<MPI_Request> req(std::size_t(size - 1));
    const double t0 = MPI_Wtime();
    for (int r = 1; r < size; ++r)
      MPI_Isend(s + bytes * std::size_t(r), n, MPI_BYTE, r, kTag, comm, &req[std::size_t(r - 1)]);
    MPI_Waitall(size - 1, req.data(), MPI_STATUSES_IGNORE);
    return MPI_Wtime() - t0;
  }
  char* r = buf.recv(bytes);
  const double t0 = MPI_Wtime();
  MPI_Recv(r, n, MPI_BYTE, 0, kTag, comm, MPI_STATUS_IGNORE);
  return MPI_Wtime() - t0;
}

double flat_gather(MPI_Comm comm, std::size_t bytes, Buffers& buf) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int n = int(bytes);
  if (rank == 0) {
    char* r = buf.recv(bytes * std::size_t(size));
    std::vector<MPI_Request> req(std::size_t(size - 1));
    const double t0 = MPI_Wtime();
    for (int p = 1; p < size; ++p)
      MPI_Irecv(r + bytes * std::size_t(p), n, MPI_BYTE, p, kTag, comm, &req[std::size_t(p - 1)]);
    MPI_Waitall(size - 1, req.data(), MPI_STATUSES_IGNORE);
    return MPI_Wtime() - t0;
  }
  char* s = buf.send(bytes);
  const double t0 = MPI_Wtime();
  MPI_Send(s, n, MPI_BYTE, 0, kTag, comm);
  return MPI_Wtime() - t0;
}

double native_collective(MPI_Comm comm, Collective op, std::size_t bytes, Buffers& buf) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int n = int(bytes);
  const std::size_t all = bytes * std::size_t(size);
  // The root the native cost table's correction assumes (NativeCostTable::calibrated).
  constexpr int root = NativeCostTable::kMeasuredRoot;
  std::vector<int> counts, displs;
  if (is_vector_variant(op) && rank == root) {
    counts.assign(std::size_t(size), n);
    for (int r = 0; r < size; ++r) displs.push_back(r * n);
  }
  // Only the root holds every block (a thousand ranks each holding P blocks would not fit).
  const bool root_sends_all = rank == root && (op == Collective::scatter || op == Collective::scatterv);
  const bool root_receives_all = rank == root && (op == Collective::gather || op == Collective::gatherv);
  char* s = buf.send(root_sends_all ? all : bytes);
  char* r = buf.recv(root_receives_all ? all : bytes);
  const double t0 = MPI_Wtime();
  switch (op) {
    case Collective::bcast: PMPI_Bcast(s, n, MPI_BYTE, root, comm); break;
    case Collective::reduce:
      PMPI_Reduce(s, r, n / int(sizeof(double)), MPI_DOUBLE, MPI_SUM, root, comm);
      break;
    case Collective::scatter: PMPI_Scatter(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm); break;
    case Collective::gather: PMPI_Gather(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm); break;
    case Collective::scatterv:
      PMPI_Scatterv(s, counts.data(), displs.data(), MPI_BYTE, r, n, MPI_BYTE, root, comm);
      break;
    case Collective::gatherv:
      PMPI_Gatherv(s, n, MPI_BYTE, r, counts.data(), displs.data(), MPI_BYTE, root, comm);
      break;
  }
  return MPI_Wtime() - t0;
}

}  // namespace collsel::measure

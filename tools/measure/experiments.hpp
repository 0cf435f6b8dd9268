// The communication experiments of the calibration. Each returns a time in seconds measured with
// MPI_Wtime; group experiments return the time on role 0 (group[0]) and something unspecified
// elsewhere; whole-communicator ones return this rank's local time.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <span>
#include <vector>

#include "collsel/collective.hpp"

namespace collsel::measure {

// Reusable message buffers, grown on demand, so no experiment times an allocation. Their contents
// are unspecified (experiments time messages, they do not check them).
class Buffers {
 public:
  Buffers() = default;
  Buffers(const Buffers&) = delete;
  Buffers& operator=(const Buffers&) = delete;
  char* send(std::size_t bytes);
  char* recv(std::size_t bytes);

 private:
  struct Block {
    char* data = nullptr;
    std::size_t size = 0;
    ~Block();
  };
  static char* grow(Block& b, std::size_t bytes);
  Block send_, recv_;
};

// group = {a, b}: a sends `bytes` to b, b sends them back. Time on a: the round trip.
double roundtrip(MPI_Comm comm, std::span<const int> group, int role, std::size_t bytes, Buffers& buf);
// group = {root, a, b}: root sends `bytes` to a and to b (non-blocking, both posted at once) and
// waits for an empty reply from each. Time on root. (LMO one-to-two: linear scatter + gather.)
double one_to_two(MPI_Comm comm, std::span<const int> group, int role, std::size_t bytes, Buffers& buf);
// group = {a, b}: time on a of MPI_Send of `bytes` to b (PLogP o_s); b acknowledges with an empty
// message afterwards so consecutive repetitions do not pile up.
double send_overhead(MPI_Comm comm, std::span<const int> group, int role, std::size_t bytes, Buffers& buf);
// group = {b, a}: a sends `bytes` to b; b waits until the message is there (MPI_Iprobe) and times
// the MPI_Recv that takes it (PLogP o_r). b acknowledges with an empty message.
double recv_overhead(MPI_Comm comm, std::span<const int> group, int role, std::size_t bytes, Buffers& buf);
// group = {a, b}: a sends `count` messages of `bytes` back to back, b receives them all and
// replies with an empty message. Time on a: until the reply (PLogP gap trains).
double train(MPI_Comm comm, std::span<const int> group, int role, std::size_t bytes, int count, Buffers& buf);

// Linear scatter from rank 0 written with point-to-point calls: rank 0 posts non-blocking sends of
// `bytes` to every other rank and waits for them; every other rank receives. Local time.
double flat_scatter(MPI_Comm comm, std::size_t bytes, Buffers& buf);
// Linear gather to rank 0: every rank sends `bytes`, rank 0 posts all receives and waits. Local.
double flat_gather(MPI_Comm comm, std::size_t bytes, Buffers& buf);
// The MPI library's own collective (PMPI_, so a preloaded shim is bypassed) with root 0; `bytes`
// is the whole message for bcast/reduce (reduce: MPI_DOUBLE sums), one rank's block otherwise.
double native_collective(MPI_Comm comm, Collective op, std::size_t bytes, Buffers& buf);

}  // namespace collsel::measure

// collsel_barrier_check: does the engine's barrier hold every rank until the last one enters?
// Each round one rank enters late (0.2 s after the others); every other rank must leave after that
// rank entered. Also reports, without failing on it, whether the MPI library's MPI_Ibarrier (waited
// for with MPI_Test) holds the same way: SimGrid 3.32's SMPI does not (tests/smpi/smpi_barrier.sh).
// Exit 0 when the engine's barrier held in every round, 1 otherwise. Run with 3 or more ranks.
#include <mpi.h>

#include <algorithm>
#include <cstdio>

#include "engine.hpp"

namespace {

constexpr double kLate = 0.2;  // seconds the late rank spends before it enters
constexpr int kNoTag = 7499;   // a tag no message carries

// Seconds by which some rank left before the late rank entered (<= 0: none did). MPI_Wtime is
// compared across ranks: one host's clock here, the simulated clock in SMPI.
template <class Barrier>
double left_early(int late, Barrier&& barrier) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == late) {
    // Busy in MPI calls rather than asleep: in SMPI a sleep of the host does not move the
    // simulated clock, each MPI_Iprobe does.
    const double start = MPI_Wtime();
    int flag = 0;
    while (MPI_Wtime() - start < kLate) MPI_Iprobe(MPI_ANY_SOURCE, kNoTag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  }
  const double entered = MPI_Wtime();
  barrier();
  const double left = MPI_Wtime();
  double late_entered = rank == late ? entered : 0;
  MPI_Bcast(&late_entered, 1, MPI_DOUBLE, late, MPI_COMM_WORLD);
  double earliest = 0;
  MPI_Allreduce(&left, &earliest, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  return late_entered - earliest;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const collsel::measure::Engine engine(MPI_COMM_WORLD, collsel::fit::Precision{});
  bool held = true;
  for (int late = 1; late < std::min(size, 4); ++late) {
    const double engine_early = left_early(late, [&] { engine.polite_barrier(); });
    const double ibarrier_early = left_early(late, [&] {
      MPI_Request req = MPI_REQUEST_NULL;
      MPI_Ibarrier(MPI_COMM_WORLD, &req);
      for (int flag = 0; !flag;) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    });
    if (rank == 0)
      std::printf("late rank %d: engine barrier %s; MPI_Ibarrier %s\n", late,
                  engine_early > 0 ? "let a rank leave early" : "held",
                  ibarrier_early > 0 ? "let a rank leave early" : "held");
    held &= engine_early <= 0;
  }
  if (rank == 0) std::printf("collsel_barrier_check: %s\n", held ? "PASS" : "FAIL");
  MPI_Finalize();
  return held ? 0 : 1;
}

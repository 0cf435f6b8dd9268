// One collective call at one size on one rank, as collsel-bench runs it: the buffers, the
// arguments, a run through the shim's executors (collsel_exec) and a check of the result.
//
// Data types: reduce sums doubles (MPI_SUM on MPI_DOUBLE, so `bytes` must be a multiple of 8);
// every other collective moves MPI_BYTE. Scatterv/gatherv use uneven blocks: rank r's block is
// floor(2 * bytes * (r + 1) / (P + 1)) bytes, a ramp whose mean is `bytes` up to rounding.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/schedule.hpp"

namespace collsel::bench {

// Block bytes of every rank for a v-variant of nominal mean block `bytes` on `procs` ranks.
using collsel::uneven_blocks;
// The shape of the call a Workload(op, bytes, procs, any rank, root) makes, without its buffers;
// `blocks` are the v-variants' blocks (uneven_blocks) and must outlive the shape.
CallShape call_shape(Collective op, std::size_t bytes, int procs, int root, std::span<const std::size_t> blocks);

// Throws std::invalid_argument when a call of `op` at `bytes` on `procs` ranks cannot be run:
// buffers that int counts cannot describe, or a reduce size that is not a multiple of 8.
void check_size(Collective op, std::size_t bytes, int procs);

class Workload {
 public:
  // `bytes`: the whole message (bcast, reduce) or one rank's block (scatter, gather), or the
  // nominal mean block (scatterv, gatherv). Throws as check_size() does.
  Workload(Collective op, std::size_t bytes, int procs, int rank, int root);

  // The call's shape as the shim's decision sees it (v-variants: the blocks and their mean).
  CallShape shape() const;

  // Fresh inputs and poisoned outputs, so check() after one run() proves that run produced them.
  void prepare();
  // Runs the schedule with the executors on `comm`; returns the MPI error code. A v-variant's
  // schedule other than native runs after a header broadcast of the shim's size (v_header_bytes),
  // as the shim runs it, forced or chosen: what is measured is what the shim would cost.
  int run(const Schedule& s, MPI_Comm comm);
  // Makes the plain MPI_ call (not PMPI_): whatever interposes on it — libcollsel.so when it is
  // preloaded — runs it, exactly as it would run the application's call.
  int run_intercepted(MPI_Comm comm);
  // True when this rank's output is what the collective must produce.
  bool check() const;

 private:
  Collective op_;
  std::size_t bytes_;
  int procs_, rank_, root_;
  std::vector<std::size_t> blocks_;         // v-variants: each rank's block, identical on every rank
  std::vector<int> counts_, displs_;        // v-variants, in bytes
  std::vector<unsigned char> send_, recv_;  // bcast uses send_ as its buffer
  std::vector<double> dsend_, drecv_;       // reduce
  std::vector<unsigned long long> header_;  // v-variants: the shim's header (run())

  int v_header(const Schedule& s, MPI_Comm comm);
};

}  // namespace collsel::bench

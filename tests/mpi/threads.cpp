// MPI_THREAD_MULTIPLE test of the shim: several threads per process, each running the six rooted
// collectives on its own duplicate of MPI_COMM_WORLD at the same time, every result checked
// against values computed locally. Run once with the model's choices and once with each
// non-native algorithm forced for every op it applies to (set before the threads start, since the
// setting is per process and all ranks must agree).
#include <mpi.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "collsel/collsel.h"
#include "collsel/registry.hpp"

namespace {

std::atomic<long> g_failures{0};

void report(int rank, int tid, const std::string& phase, const char* op, int it, const char* what) {
  if (g_failures++ < 20)
    std::fprintf(stderr, "FAIL threads phase=%s thread=%d rank=%d op=%s iteration=%d: %s\n",
                 phase.c_str(), tid, rank, op, it, what);
}

int value(int owner, int i, int tid, int it) { return owner * 100003 + i * 7 + tid * 1009 + it; }

void worker(MPI_Comm comm, int tid, int iterations, const std::string& phase) {
  int rank, P;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &P);
  for (int it = 0; it < iterations; ++it) {
    const int root = (it + tid) % P;
    const int n = (it % 2) ? 3000 : 5 + tid;  // small and medium messages
    std::vector<int> a(std::size_t(n) * P), b(std::size_t(n) * P);

    for (int i = 0; i < n; ++i) a[i] = rank == root ? value(root, i, tid, it) : -1;
    MPI_Bcast(a.data(), n, MPI_INT, root, comm);
    for (int i = 0; i < n; ++i)
      if (a[i] != value(root, i, tid, it)) { report(rank, tid, phase, "bcast", it, "wrong value"); break; }

    for (int i = 0; i < n; ++i) a[i] = value(rank, i, tid, it);
    MPI_Reduce(a.data(), b.data(), n, MPI_INT, MPI_SUM, root, comm);
    if (rank == root)
      for (int i = 0; i < n; ++i) {
        long s = 0;
        for (int r = 0; r < P; ++r) s += value(r, i, tid, it);
        if (b[i] != int(s)) { report(rank, tid, phase, "reduce", it, "wrong sum"); break; }
      }

    for (int r = 0; r < P; ++r)
      for (int i = 0; i < n; ++i) a[std::size_t(r) * n + i] = value(r, i, tid, it);
    std::vector<int> mine(std::size_t(n), -1);
    MPI_Scatter(a.data(), n, MPI_INT, mine.data(), n, MPI_INT, root, comm);
    for (int i = 0; i < n; ++i)
      if (mine[i] != value(rank, i, tid, it)) { report(rank, tid, phase, "scatter", it, "wrong block"); break; }

    std::fill(b.begin(), b.end(), -1);
    MPI_Gather(mine.data(), n, MPI_INT, b.data(), n, MPI_INT, root, comm);
    if (rank == root)
      for (std::size_t k = 0; k < b.size(); ++k)
        if (b[k] != a[k]) { report(rank, tid, phase, "gather", it, "wrong block"); break; }

    // v-variants: rank r owns r+1 elements (rank order, contiguous).
    std::vector<int> counts(P), displs(P);
    int total = 0;
    for (int r = 0; r < P; ++r) {
      counts[r] = r + 1;
      displs[r] = total;
      total += r + 1;
    }
    std::vector<int> v(total), got(std::size_t(rank) + 1, -1), back(total, -1);
    for (int r = 0; r < P; ++r)
      for (int i = 0; i <= r; ++i) v[displs[r] + i] = value(r, i, tid, it);
    MPI_Scatterv(v.data(), counts.data(), displs.data(), MPI_INT, got.data(), rank + 1, MPI_INT, root, comm);
    for (int i = 0; i <= rank; ++i)
      if (got[i] != value(rank, i, tid, it)) { report(rank, tid, phase, "scatterv", it, "wrong block"); break; }
    MPI_Gatherv(got.data(), rank + 1, MPI_INT, back.data(), counts.data(), displs.data(), MPI_INT, root, comm);
    if (rank == root && back != v) report(rank, tid, phase, "gatherv", it, "wrong blocks");
  }
}

void run_phase(int threads, int iterations, const std::string& phase) {
  std::vector<MPI_Comm> comms(threads);
  for (auto& c : comms) MPI_Comm_dup(MPI_COMM_WORLD, &c);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, comms[t], t, iterations, phase);
  for (auto& th : pool) th.join();
  for (auto& c : comms) MPI_Comm_free(&c);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (provided < MPI_THREAD_MULTIPLE) {
    if (rank == 0) std::fprintf(stderr, "threads: MPI_THREAD_MULTIPLE not provided (%d)\n", provided);
    MPI_Finalize();
    return 1;
  }
  const int threads = 3, iterations = 6;
  const char* ops[] = {"bcast", "reduce", "scatter", "gather", "scatterv", "gatherv"};
  double t0 = MPI_Wtime();

  run_phase(threads, iterations, "auto");
  for (const auto& alg : collsel::algorithms()) {
    if (alg.name == "native") continue;
    std::string name(alg.name);
    for (const char* op : ops)
      if (alg.collectives.contains(*collsel::parse_collective(op))) collsel_set_algorithm(op, name.c_str());
    run_phase(threads, iterations, name);
    for (const char* op : ops) collsel_set_algorithm(op, "auto");
  }

  long mine = g_failures.load(), all = 0;
  PMPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("threads: %d threads x %d iterations per phase, %ld failures, %.1f s\n", threads,
                iterations, all, MPI_Wtime() - t0);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

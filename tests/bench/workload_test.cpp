// collsel-bench's workload and report, under MPI (3 ranks, root 1): the result check rejects
// untouched (poisoned) outputs and accepts what native and a tree schedule produce, for every op,
// including uneven v-blocks; the summary's fastest, ratios and median error on known numbers.
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "collsel/decide.hpp"
#include "collsel/exec.hpp"
#include "collsel/hockney.hpp"
#include "report.hpp"
#include "workload.hpp"

namespace {

int failures = 0;
int rank = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::fprintf(stderr, "rank %d: FAIL: %s\n", rank, what.c_str());
  }
}

bool all(bool mine) {
  int m = mine ? 1 : 0, r = 0;
  MPI_Allreduce(&m, &r, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return r != 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace collsel;
  MPI_Init(&argc, &argv);
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int root = size > 1 ? 1 : 0;

  // Equal links: every algorithm's schedule is valid, whatever it prefers.
  HockneyModel links(size);
  for (int i = 0; i < size; ++i)
    for (int j = 0; j < size; ++j)
      if (i != j) links.set(i, j, 5e-6, 1e-9);

  for (Collective op : all_collectives)
    for (std::size_t bytes : {std::size_t(24), std::size_t(4000)}) {
      const std::string what = std::string(to_string(op)) + " " + std::to_string(bytes) + " bytes";
      bench::Workload w(op, bytes, size, rank, root);
      w.prepare();
      expect(!all(w.check()), what + ": poisoned outputs pass the check");
      const Decision d = decide(DecisionRequest{.shape = w.shape(), .cost = &links});
      for (const Candidate& k : d.candidates) {
        if (!exec::supports(k.schedule)) continue;
        w.prepare();
        expect(w.run(k.schedule, MPI_COMM_WORLD) == MPI_SUCCESS, what + ": " + std::string(k.algorithm->name) + " failed");
        expect(all(w.check()), what + ": " + std::string(k.algorithm->name) + " result rejected");
      }
    }

  // Uneven blocks: a ramp, mean = bytes up to rounding.
  const auto blocks = bench::uneven_blocks(1000, 4);
  expect(blocks.size() == 4 && blocks[0] == 400 && blocks[1] == 800 && blocks[2] == 1200 && blocks[3] == 1600,
         "uneven_blocks(1000, 4) != {400, 800, 1200, 1600}");
  bench::Workload v(Collective::gatherv, 1000, size, rank, root);
  std::size_t total = 0;
  for (std::size_t b : bench::uneven_blocks(1000, size)) total += b;
  expect(v.shape().bytes == total / std::size_t(size) && v.shape().block_bytes.size() == std::size_t(size),
         "gatherv shape: mean block and blocks");
  bool reduce_rejected = false;
  try {
    bench::check_size(Collective::reduce, 100, size);
  } catch (const std::invalid_argument&) {
    reduce_rejected = true;
  }
  expect(reduce_rejected, "reduce of 100 bytes accepted");

  // Summary on known numbers.
  bench::Case c{.op = Collective::bcast, .procs = 4, .root = 0, .bytes = 65536,
                .rows = {{"native", 100, 90}, {"flat", 50, 60}, {"chain", 80, 40}, {"auto", 55, 60}},
                .auto_algorithm = "flat"};
  const bench::CaseSummary s = bench::summarize(c);
  expect(s.fastest && s.fastest->algorithm == "flat", "fastest is not flat");
  expect(s.auto_picked_fastest, "auto ran flat, the fastest");
  expect(std::fabs(s.auto_over_best - 1.1) < 1e-12, "auto/best != 55/50");
  expect(std::fabs(s.auto_over_native - 0.55) < 1e-12, "auto/native != 55/100");
  // Errors of native, flat, chain: 0.1, 0.2, 0.5 (auto excluded): median 0.2.
  expect(std::fabs(s.median_error - 0.2) < 1e-12, "median error != 0.2");
  expect(bench::median({3, 1, 2, 10}) == 2.5 && bench::median({}) == 0, "median");

  const bool ok = all(failures == 0);
  if (rank == 0) std::printf(ok ? "PASS\n" : "FAIL\n");
  MPI_Finalize();
  return ok ? 0 : 1;
}

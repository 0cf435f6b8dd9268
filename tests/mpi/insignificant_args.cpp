// Arguments MPI ignores must not route a call (MPICH's coll/scatter3 pattern): non-roots of
// MPI_Scatter pass sendbuf NULL, sendcount -1 and MPI_DATATYPE_NULL; non-roots of MPI_Gather pass
// recvbuf NULL, recvcount -1 and MPI_DATATYPE_NULL; the v-variants' non-roots pass null
// counts and displacements. Every rank must still take the same route, for every algorithm
// forced and for auto, or the job hangs (ctest's timeout) or a result is wrong.
// Exit 0 with "N passed, 0 failed".
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "collsel/collsel.h"
#include "collsel/registry.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, P = 1, passed = 0, failed = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  auto check = [&](bool ok, const std::string& what) {
    int mine = ok ? 1 : 0, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (all) ++passed;
    else ++failed;
    if (!ok) std::printf("FAIL (rank %d): %s\n", rank, what.c_str());
  };
  const int n = 1000;
  for (int root = 0; root < P; ++root) {
    const bool at_root = rank == root;
    for (const char* op : {"scatter", "gather", "scatterv", "gatherv"}) {
      const auto coll = collsel::parse_collective(op);
      std::vector<std::string> names{"auto"};
      for (const auto& a : collsel::algorithms())
        if (a.collectives.contains(*coll)) names.emplace_back(a.name);
      for (const std::string& alg : names) {
        collsel_set_algorithm(op, alg.c_str());
        std::vector<int> big(at_root ? std::size_t(n) * std::size_t(P) : 0), small(n, -1);
        std::vector<int> counts(at_root ? std::size_t(P) : 0, n), displs(at_root ? std::size_t(P) : 0);
        for (std::size_t r = 0; r < displs.size(); ++r) displs[r] = int(r) * n;
        const std::string what = std::string(op) + " root " + std::to_string(root) + " " + alg;
        if (op[0] == 's') {
          for (std::size_t i = 0; i < big.size(); ++i) big[i] = int(i);
          if (std::string(op) == "scatter") {
            if (at_root) MPI_Scatter(big.data(), n, MPI_INT, small.data(), n, MPI_INT, root, MPI_COMM_WORLD);
            else MPI_Scatter(nullptr, -1, MPI_DATATYPE_NULL, small.data(), n, MPI_INT, root, MPI_COMM_WORLD);
          } else {
            MPI_Scatterv(at_root ? big.data() : nullptr, at_root ? counts.data() : nullptr,
                         at_root ? displs.data() : nullptr, at_root ? MPI_INT : MPI_DATATYPE_NULL, small.data(), n,
                         MPI_INT, root, MPI_COMM_WORLD);
          }
          bool ok = true;
          for (int i = 0; i < n; ++i) ok = ok && small[std::size_t(i)] == rank * n + i;
          check(ok, what + ": wrong block");
        } else {
          for (int i = 0; i < n; ++i) small[std::size_t(i)] = rank * n + i;
          if (std::string(op) == "gather") {
            if (at_root) MPI_Gather(small.data(), n, MPI_INT, big.data(), n, MPI_INT, root, MPI_COMM_WORLD);
            else MPI_Gather(small.data(), n, MPI_INT, nullptr, -1, MPI_DATATYPE_NULL, root, MPI_COMM_WORLD);
          } else {
            MPI_Gatherv(small.data(), n, MPI_INT, at_root ? big.data() : nullptr, at_root ? counts.data() : nullptr,
                        at_root ? displs.data() : nullptr, at_root ? MPI_INT : MPI_DATATYPE_NULL, root,
                        MPI_COMM_WORLD);
          }
          bool ok = true;
          for (std::size_t i = 0; i < big.size(); ++i) ok = ok && big[i] == int(i);
          check(ok, what + ": wrong gathered data");
        }
      }
      collsel_set_algorithm(op, "auto");
    }
  }
  if (rank == 0) std::printf("%d passed, %d failed\n", passed, failed);
  MPI_Finalize();
  return failed ? 1 : 0;
}

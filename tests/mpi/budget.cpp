// A job that repeats a few call shapes (tests/mpi/budget_test.sh): each op of --ops runs --calls
// times at --bytes (bcast, reduce: the message; scatter, gather: one rank's block; scatterv,
// gatherv: about one rank's block, rank r's a little larger than rank r - 1's) from root 0 on a
// communicator of its own, and every call's result is checked against the library's own PMPI_
// call. With the shim linked in, its log tells how many of the calls it spent exploring, and for
// scatterv and gatherv rank 0 prints how many of them went with the root's header and how many
// were held without it (collsel_v_calls).
#include <dlfcn.h>
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

int run_op(const std::string& op, int count, int calls, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const std::size_t n = std::size_t(count), all = n * std::size_t(size);
  int failures = 0;
  for (int call = 0; call < calls; ++call) {
    int rc = MPI_SUCCESS;
    bool same = true;
    if (op == "bcast") {
      std::vector<int> a(n), b(n);
      for (std::size_t i = 0; i < n; ++i) a[i] = b[i] = rank == 0 ? int(i) * 3 + call : -1;
      rc = MPI_Bcast(a.data(), count, MPI_INT, 0, comm);
      PMPI_Bcast(b.data(), count, MPI_INT, 0, comm);
      same = a == b;
    } else if (op == "reduce") {
      std::vector<int> s(n), a(n, 0), b(n, 0);
      for (std::size_t i = 0; i < n; ++i) s[i] = rank + int(i) + call;
      rc = MPI_Reduce(s.data(), a.data(), count, MPI_INT, MPI_SUM, 0, comm);
      PMPI_Reduce(s.data(), b.data(), count, MPI_INT, MPI_SUM, 0, comm);
      same = rank != 0 || a == b;
    } else if (op == "scatter") {
      std::vector<int> s(rank == 0 ? all : 0), a(n, -1), b(n, -2);
      for (std::size_t i = 0; i < s.size(); ++i) s[i] = int(i) * 7 + call;
      rc = MPI_Scatter(s.data(), count, MPI_INT, a.data(), count, MPI_INT, 0, comm);
      PMPI_Scatter(s.data(), count, MPI_INT, b.data(), count, MPI_INT, 0, comm);
      same = a == b;
    } else if (op == "gather") {
      std::vector<int> s(n), a(rank == 0 ? all : 0, -1), b(rank == 0 ? all : 0, -2);
      for (std::size_t i = 0; i < n; ++i) s[i] = rank * 1000 + int(i) + call;
      rc = MPI_Gather(s.data(), count, MPI_INT, a.data(), count, MPI_INT, 0, comm);
      PMPI_Gather(s.data(), count, MPI_INT, b.data(), count, MPI_INT, 0, comm);
      same = a == b;
    } else if (op == "scatterv" || op == "gatherv") {
      std::vector<int> counts(static_cast<std::size_t>(size)), displs(static_cast<std::size_t>(size));
      int total = 0;
      for (int r = 0; r < size; ++r) {
        counts[std::size_t(r)] = count + 3 * r;
        displs[std::size_t(r)] = total;
        total += counts[std::size_t(r)];
      }
      const std::size_t mine = std::size_t(counts[std::size_t(rank)]);
      const std::size_t at_root = rank == 0 ? std::size_t(total) : 0;
      if (op == "scatterv") {
        std::vector<int> s(at_root), a(mine, -1), b(mine, -2);
        for (std::size_t i = 0; i < s.size(); ++i) s[i] = int(i) * 5 + call;
        rc = MPI_Scatterv(s.data(), counts.data(), displs.data(), MPI_INT, a.data(), int(mine), MPI_INT, 0, comm);
        PMPI_Scatterv(s.data(), counts.data(), displs.data(), MPI_INT, b.data(), int(mine), MPI_INT, 0, comm);
        same = a == b;
      } else {
        std::vector<int> s(mine), a(at_root, -1), b(at_root, -2);
        for (std::size_t i = 0; i < mine; ++i) s[i] = rank * 1000 + int(i) + call;
        rc = MPI_Gatherv(s.data(), int(mine), MPI_INT, a.data(), counts.data(), displs.data(), MPI_INT, 0, comm);
        PMPI_Gatherv(s.data(), int(mine), MPI_INT, b.data(), counts.data(), displs.data(), MPI_INT, 0, comm);
        same = a == b;
      }
    } else {
      if (rank == 0) std::fprintf(stderr, "budget: unknown op %s\n", op.c_str());
      return 1;
    }
    if (rc != MPI_SUCCESS || !same) ++failures;
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  std::string ops = "bcast";
  int bytes = 65536, calls = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    if (k == "--ops") ops = argv[i + 1];
    else if (k == "--bytes") bytes = std::atoi(argv[i + 1]);
    else if (k == "--calls") calls = std::atoi(argv[i + 1]);
  }
  int failures = 0;
  std::size_t start = 0;
  while (start <= ops.size()) {
    const std::size_t comma = ops.find(',', start);
    const std::string op = ops.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    failures += run_op(op, bytes / int(sizeof(int)), calls, comm);
    MPI_Comm_free(&comm);
    using VCalls = int (*)(const char*, long*, long*);
    if (auto v_calls = reinterpret_cast<VCalls>(dlsym(RTLD_DEFAULT, "collsel_v_calls"));
        v_calls && (op == "scatterv" || op == "gatherv")) {
      long headers = 0, held = 0;
      int rank = 0;
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      if (v_calls(op.c_str(), &headers, &held) == 0 && rank == 0)
        std::printf("budget: %s: %ld calls with the header, %ld held\n", op.c_str(), headers, held);
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  int total = 0, rank = 0;
  MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) std::printf("budget: %d wrong results\n", total);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

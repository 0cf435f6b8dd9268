// The tuning file's MPI program (tuning_test.sh): a few call shapes, each called until its
// decision is frozen, every result checked; after each shape the ranks compare what they ran
// (collsel_last_choice) and whether they still measure (collsel_exploring): every rank must take
// the same decision, with or without the tuning file.
//   tuning_probe [--set a|b|v] [--reverse] [--calls N]
// --set: which shapes (a: bcast, reduce, scatterv; b: scatter, gather, bcast of another size; v:
// scatterv and gatherv whose counts change from call to call within one size bucket);
// --reverse: on a communicator of the world's ranks in reverse order (the same size, another
// placement of ranks). Exit 1 on a wrong result or ranks that disagree.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "collsel/collsel.h"

namespace {

int g_bad = 0;

void check(bool ok, const char* what, int rank) {
  if (!ok && !g_bad) std::fprintf(stderr, "tuning_probe: rank %d: wrong result of %s\n", rank, what);
  if (!ok) g_bad = 1;
}

// Every rank ran the same algorithm last for `op`, and agrees on whether it still measures.
void agree(MPI_Comm comm, const char* op) {
  char mine[64] = {};
  double predicted = 0;
  if (collsel_last_choice(op, mine, sizeof mine, &predicted) != 0) std::snprintf(mine, sizeof mine, "?");
  std::snprintf(mine + 48, 16, "%d", collsel_exploring(op));
  int size = 0, rank = 0;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  std::vector<char> all(std::size_t(size) * sizeof mine);
  MPI_Allgather(mine, sizeof mine, MPI_CHAR, all.data(), sizeof mine, MPI_CHAR, comm);
  for (int r = 1; r < size; ++r)
    if (std::memcmp(all.data(), all.data() + std::size_t(r) * sizeof mine, sizeof mine) != 0) {
      if (rank == 0)
        std::fprintf(stderr, "tuning_probe: %s: rank 0 ran %s (exploring %s), rank %d ran %s (exploring %s)\n", op,
                     all.data(), all.data() + 48, r, all.data() + std::size_t(r) * sizeof mine,
                     all.data() + std::size_t(r) * sizeof mine + 48);
      g_bad = 1;
      return;
    }
  if (rank == 0) std::printf("%s: %s (exploring %s)\n", op, mine, mine + 48);
}

void bcast(MPI_Comm comm, int n, int root, int calls) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<int> buf(static_cast<std::size_t>(n));
  for (int c = 0; c < calls; ++c) {
    for (int i = 0; i < n; ++i) buf[std::size_t(i)] = rank == root ? i * 7 + c : -1;
    MPI_Bcast(buf.data(), n, MPI_INT, root, comm);
    for (int i = 0; i < n; ++i) check(buf[std::size_t(i)] == i * 7 + c, "bcast", rank);
  }
  agree(comm, "bcast");
}

void reduce(MPI_Comm comm, int n, int root, int calls) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (int c = 0; c < calls; ++c) {
    for (int i = 0; i < n; ++i) in[std::size_t(i)] = rank * 3 + i + c;
    MPI_Reduce(in.data(), out.data(), n, MPI_INT, MPI_SUM, root, comm);
    if (rank == root)
      for (int i = 0; i < n; ++i) check(out[std::size_t(i)] == 3 * size * (size - 1) / 2 + size * (i + c), "reduce", rank);
  }
  agree(comm, "reduce");
}

void scatter(MPI_Comm comm, int n, int root, int calls) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> all(static_cast<std::size_t>(n) * std::size_t(size)), mine(static_cast<std::size_t>(n));
  for (int c = 0; c < calls; ++c) {
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = int(i) * 5 + c;
    MPI_Scatter(all.data(), n, MPI_INT, mine.data(), n, MPI_INT, root, comm);
    for (int i = 0; i < n; ++i) check(mine[std::size_t(i)] == (rank * n + i) * 5 + c, "scatter", rank);
  }
  agree(comm, "scatter");
}

void gather(MPI_Comm comm, int n, int root, int calls) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> all(static_cast<std::size_t>(n) * std::size_t(size)), mine(static_cast<std::size_t>(n));
  for (int c = 0; c < calls; ++c) {
    for (int i = 0; i < n; ++i) mine[std::size_t(i)] = (rank * n + i) * 11 + c;
    MPI_Gather(mine.data(), n, MPI_INT, all.data(), n, MPI_INT, root, comm);
    if (rank == root)
      for (std::size_t i = 0; i < all.size(); ++i) check(all[i] == int(i) * 11 + c, "gather", rank);
  }
  agree(comm, "gather");
}

// Uneven blocks of about n elements, for call c: with `vary`, a few elements more or fewer from call
// to call (the mean stays in one size bucket for n of 1024); the displacements leave gaps.
int v_counts(int n, int size, int c, bool vary, std::vector<int>& counts, std::vector<int>& displs) {
  counts.assign(static_cast<std::size_t>(size), 0);
  displs.assign(static_cast<std::size_t>(size), 0);
  int total = 0;
  for (int r = 0; r < size; ++r) {
    counts[std::size_t(r)] = n + r * 64 + (vary ? ((c + r) % 3) * 8 : 0);
    displs[std::size_t(r)] = total;
    total += counts[std::size_t(r)] + (vary ? 5 : 0);
  }
  return total;
}

void scatterv(MPI_Comm comm, int n, int root, int calls, bool vary = false) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> counts, displs;
  std::vector<int> all, mine;
  for (int c = 0; c < calls; ++c) {
    const int total = v_counts(n, size, vary ? c : 0, vary, counts, displs);
    all.resize(static_cast<std::size_t>(total));
    mine.assign(static_cast<std::size_t>(counts[std::size_t(rank)]), -1);
    for (int i = 0; i < total; ++i) all[std::size_t(i)] = i * 13 + c;
    MPI_Scatterv(all.data(), counts.data(), displs.data(), MPI_INT, mine.data(), counts[std::size_t(rank)], MPI_INT,
                 root, comm);
    for (int i = 0; i < counts[std::size_t(rank)]; ++i)
      check(mine[std::size_t(i)] == (displs[std::size_t(rank)] + i) * 13 + c, "scatterv", rank);
  }
  agree(comm, "scatterv");
}

void gatherv(MPI_Comm comm, int n, int root, int calls, bool vary = false) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> counts, displs, all, mine;
  for (int c = 0; c < calls; ++c) {
    const int total = v_counts(n, size, vary ? c : 0, vary, counts, displs);
    all.assign(static_cast<std::size_t>(total), -1);
    mine.resize(static_cast<std::size_t>(counts[std::size_t(rank)]));
    for (std::size_t i = 0; i < mine.size(); ++i) mine[i] = (displs[std::size_t(rank)] + int(i)) * 17 + c;
    MPI_Gatherv(mine.data(), int(mine.size()), MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT, root, comm);
    if (rank == root)
      for (int r = 0; r < size; ++r)
        for (int i = 0; i < counts[std::size_t(r)]; ++i)
          check(all[std::size_t(displs[std::size_t(r)] + i)] == (displs[std::size_t(r)] + i) * 17 + c, "gatherv", rank);
  }
  agree(comm, "gatherv");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  std::string set = "a";
  bool reverse = false;
  int calls = 40;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--set" && i + 1 < argc) set = argv[++i];
    else if (a == "--reverse") reverse = true;
    else if (a == "--calls" && i + 1 < argc) calls = std::atoi(argv[++i]);
  }
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm comm = MPI_COMM_WORLD;
  if (reverse) MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &comm);
  if (set == "a") {
    bcast(comm, 16384, 0, calls);  // 64 KiB
    reduce(comm, 4096, 1 % size, calls);
    scatterv(comm, 1024, 0, calls);
  } else if (set == "v") {
    scatterv(comm, 1024, 0, calls, true);
    gatherv(comm, 1024, size - 1, calls, true);
  } else {
    scatter(comm, 1024, 0, calls);
    gather(comm, 2048, size - 1, calls);
    bcast(comm, 64, 0, calls);
  }
  if (comm != MPI_COMM_WORLD) MPI_Comm_free(&comm);
  int bad = 0;
  MPI_Allreduce(&g_bad, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return bad ? 1 : 0;
}

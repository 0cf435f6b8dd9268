/* A plain MPI program (not linked with collsel) run under LD_PRELOAD=libcollsel.so by
 * run_preload.sh: the six collectives at a few sizes, on MPI_COMM_WORLD and on a split
 * sub-communicator, each result checked against the library's own PMPI_ result. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(c, what) do { if (!(c)) { failures++; fprintf(stderr, "FAIL %s\n", what); } } while (0)

static void run(MPI_Comm comm, int n) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int *a = malloc(sizeof(int) * (size_t)n * size + 4), *b = malloc(sizeof(int) * (size_t)n * size + 4);
  int *counts = malloc(sizeof(int) * size), *displs = malloc(sizeof(int) * size);
  for (int root = 0; root < size; root++) {
    for (int i = 0; i < n; i++) a[i] = b[i] = (rank == root) ? i * 3 + root : -1;
    MPI_Bcast(a, n, MPI_INT, root, comm);
    PMPI_Bcast(b, n, MPI_INT, root, comm);
    CHECK(memcmp(a, b, sizeof(int) * n) == 0, "bcast");

    int *s = malloc(sizeof(int) * n + 4);
    for (int i = 0; i < n; i++) { s[i] = rank + i; a[i] = b[i] = 0; }
    MPI_Reduce(s, a, n, MPI_INT, MPI_SUM, root, comm);
    PMPI_Reduce(s, b, n, MPI_INT, MPI_SUM, root, comm);
    if (rank == root) CHECK(memcmp(a, b, sizeof(int) * n) == 0, "reduce");
    /* in place at the root (the MPICH 4.0.2 defect case for root != 0 above 2 KB) */
    if (rank == root) { memcpy(a, s, sizeof(int) * n); MPI_Reduce(MPI_IN_PLACE, a, n, MPI_INT, MPI_SUM, root, comm); }
    else MPI_Reduce(s, NULL, n, MPI_INT, MPI_SUM, root, comm);
    if (rank == root) CHECK(memcmp(a, b, sizeof(int) * n) == 0, "reduce in place");
    free(s);

    int total = 0;
    for (int r = 0; r < size; r++) { counts[r] = (r == 0 ? 4 * n : n / (r + 1)); displs[r] = total; total += counts[r]; }
    int *all = malloc(sizeof(int) * total + 4), *out = malloc(sizeof(int) * total + 4), *ref = malloc(sizeof(int) * total + 4);
    for (int i = 0; i < total; i++) all[i] = i * 7 + root;
    MPI_Scatterv(all, counts, displs, MPI_INT, out, counts[rank], MPI_INT, root, comm);
    PMPI_Scatterv(all, counts, displs, MPI_INT, ref, counts[rank], MPI_INT, root, comm);
    CHECK(memcmp(out, ref, sizeof(int) * counts[rank]) == 0, "scatterv");
    for (int i = 0; i < counts[rank]; i++) out[i] = rank * 100000 + i;
    memset(all, 0, sizeof(int) * total); memset(ref, 0, sizeof(int) * total);
    MPI_Gatherv(out, counts[rank], MPI_INT, all, counts, displs, MPI_INT, root, comm);
    PMPI_Gatherv(out, counts[rank], MPI_INT, ref, counts, displs, MPI_INT, root, comm);
    if (rank == root) CHECK(memcmp(all, ref, sizeof(int) * total) == 0, "gatherv");

    for (int i = 0; i < n * size; i++) a[i] = i + root;
    MPI_Scatter(a, n, MPI_INT, out, n, MPI_INT, root, comm);
    PMPI_Scatter(a, n, MPI_INT, ref, n, MPI_INT, root, comm);
    CHECK(memcmp(out, ref, sizeof(int) * n) == 0, "scatter");
    MPI_Gather(out, n, MPI_INT, a, n, MPI_INT, root, comm);
    PMPI_Gather(out, n, MPI_INT, b, n, MPI_INT, root, comm);
    if (rank == root) CHECK(memcmp(a, b, sizeof(int) * n * size) == 0, "gather");
    free(all); free(out); free(ref);
  }
  free(a); free(b); free(counts); free(displs);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int sizes[] = {1, 600, 20000};
  for (int k = 0; k < 3; k++) run(MPI_COMM_WORLD, sizes[k]);
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);  /* reversed rank order */
  for (int k = 0; k < 3; k++) run(half, sizes[k]);
  MPI_Comm_free(&half);
  int all = 0;
  PMPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("preload_app: %d failures\n", all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

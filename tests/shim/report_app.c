/* A plain MPI program for the end-of-job report's test (report_test.sh): on MPI_COMM_WORLD, root 0,
 * bcast at six sizes and reduce at one, each shape called CALLS times (argv[1], default 40) and the
 * larger bcasts twice as often, so that the shapes differ in time; every result is checked. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const int calls = argc > 1 ? atoi(argv[1]) : 40;
  int rank, size, failures = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int counts[] = {4, 64, 512, 2048, 8192, 16384}; /* ints */
  int *buf = malloc(sizeof(int) * 16384), *sum = malloc(sizeof(int) * 16384);
  for (int k = 0; k < 6; k++) {
    const int n = counts[k];
    for (int c = 0; c < (k >= 4 ? 2 * calls : calls); c++) {
      for (int i = 0; i < n; i++) buf[i] = rank == 0 ? i + c : -1;
      MPI_Bcast(buf, n, MPI_INT, 0, MPI_COMM_WORLD);
      for (int i = 0; i < n; i++) failures += buf[i] != i + c;
    }
  }
  for (int c = 0; c < calls; c++) {
    for (int i = 0; i < 1024; i++) buf[i] = rank + i;
    MPI_Reduce(buf, sum, 1024, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
      for (int i = 0; i < 1024; i++) failures += sum[i] != size * i + size * (size - 1) / 2;
  }
  int all = 0;
  PMPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("report_app: %d failures\n", all);
  free(buf);
  free(sum);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

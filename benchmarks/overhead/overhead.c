/* Overhead of the shim on the cheapest call it sees: ITER x MPI_Bcast of 4 bytes on 2 ranks.
 * Run it plainly and under LD_PRELOAD=libcollsel.so with native as the decision (run.sh does
 * both, interleaved); it prints one line "bcast4 ns_per_call=<median over rounds>".
 * Usage: collsel_overhead [--iterations N] [--rounds R] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long iterations = 100000;
  int rounds = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--iterations")) iterations = atol(argv[i + 1]);
    else if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
  }
  if (iterations < 1 || rounds < 1 || rounds > 1000) {
    if (rank == 0) fprintf(stderr, "overhead: --iterations and --rounds must be positive\n");
    MPI_Finalize();
    return 2;
  }
  int value = 0;
  double *per_call = malloc(sizeof(double) * rounds);
  for (long i = 0; i < 1000; ++i) MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); /* warm-up */
  for (int r = 0; r < rounds; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    for (long i = 0; i < iterations; ++i) MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    t = MPI_Wtime() - t;
    /* The slowest rank's time is the collective's time. */
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    per_call[r] = t / (double)iterations * 1e9;
  }
  qsort(per_call, (size_t)rounds, sizeof(double), cmp);
  if (rank == 0) printf("bcast4 ns_per_call=%.1f\n", per_call[rounds / 2]);
  free(per_call);
  MPI_Finalize();
  return 0;
}

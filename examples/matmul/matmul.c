/* Heterogeneous parallel matrix product C = A x B (cpm-manual §5.4), an unmodified MPI program for
 * running under LD_PRELOAD=libcollsel.so:
 *   1. every rank estimates its speed with a small local product (or takes --speeds),
 *   2. the root scatters row blocks of A proportional to the speeds (MPI_Scatterv),
 *   3. broadcasts B (MPI_Bcast),
 *   4. every rank computes its rows of C, and the root gathers them (MPI_Gatherv),
 *   5. the root checks C against a serial product (exit 1 on any difference).
 * Usage: collsel_matmul [-n N] [--speeds s0,s1,...] [--repeat K]
 * Entries are small integers, so every product is exact and the check is bit for bit. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void multiply_rows(const double *a, const double *b, double *c, int rows, int n) {
  for (int i = 0; i < rows; ++i) {
    double *ci = c + (size_t)i * n;
    for (int j = 0; j < n; ++j) ci[j] = 0.0;
    for (int k = 0; k < n; ++k) {
      double aik = a[(size_t)i * n + k];
      const double *bk = b + (size_t)k * n;
      for (int j = 0; j < n; ++j) ci[j] += aik * bk[j];
    }
  }
}

/* Rows of a small product per second on this process: the relative speed. */
static double measure_speed(void) {
  enum { M = 96 };
  double *a = malloc(sizeof(double) * M * M * 3), *b = a + M * M, *c = b + M * M;
  for (int i = 0; i < M * M; ++i) a[i] = b[i] = (double)(i % 7);
  double t = MPI_Wtime();
  multiply_rows(a, b, c, M, M);
  t = MPI_Wtime() - t;
  free(a);
  return t > 0 ? M / t : 1.0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, P;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  int n = 200, repeat = 1;
  const char *speeds_arg = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) n = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--speeds") && i + 1 < argc) speeds_arg = argv[++i];
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
    else {
      if (rank == 0) fprintf(stderr, "usage: %s [-n N] [--speeds s0,s1,...] [--repeat K]\n", argv[0]);
      MPI_Finalize();
      return 2;
    }
  }
  if (n < 1 || repeat < 1) {
    if (rank == 0) fprintf(stderr, "matmul: -n and --repeat must be positive\n");
    MPI_Finalize();
    return 2;
  }

  /* 1. Speeds: given on the command line, or measured on each rank and gathered at the root. */
  double my_speed = measure_speed(), *speeds = malloc(sizeof(double) * P);
  MPI_Gather(&my_speed, 1, MPI_DOUBLE, speeds, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0 && speeds_arg) {
    const char *p = speeds_arg;
    for (int r = 0; r < P; ++r) {
      char *end;
      double s = strtod(p, &end);
      if (end == p || s <= 0) {
        fprintf(stderr, "matmul: --speeds needs %d positive numbers separated by commas\n", P);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      speeds[r] = s;
      p = *end == ',' ? end + 1 : end;
    }
  }

  /* The root splits the N rows proportionally to the speeds (largest remainders get the rest). */
  int *rows = malloc(sizeof(int) * P), *counts = malloc(sizeof(int) * P), *displs = malloc(sizeof(int) * P);
  if (rank == 0) {
    double total = 0;
    for (int r = 0; r < P; ++r) total += speeds[r];
    int given = 0;
    for (int r = 0; r < P; ++r) {
      rows[r] = (int)(n * speeds[r] / total);
      given += rows[r];
    }
    for (int k = 0; given < n; k = (k + 1) % P, ++given) ++rows[k];
    int off = 0;
    for (int r = 0; r < P; ++r) {
      counts[r] = rows[r] * n;
      displs[r] = off;
      off += counts[r];
    }
  }
  int my_rows = 0;
  MPI_Scatter(rows, 1, MPI_INT, &my_rows, 1, MPI_INT, 0, MPI_COMM_WORLD);

  double *a = NULL, *c = NULL, *b = malloc(sizeof(double) * n * n);
  double *my_a = malloc(sizeof(double) * ((size_t)my_rows * n + 1));
  double *my_c = malloc(sizeof(double) * ((size_t)my_rows * n + 1));
  if (rank == 0) {
    a = malloc(sizeof(double) * n * n);
    c = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n * n; ++i) {
      a[i] = (double)((i * 7 + 3) % 11) - 5;
      b[i] = (double)((i * 5 + 1) % 13) - 6;
    }
  }

  int bad = 0;
  double t_total = 0;
  for (int it = 0; it < repeat; ++it) {
    double t0 = MPI_Wtime();
    MPI_Scatterv(a, counts, displs, MPI_DOUBLE, my_a, my_rows * n, MPI_DOUBLE, 0, MPI_COMM_WORLD); /* 2 */
    MPI_Bcast(b, n * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);                                             /* 3 */
    multiply_rows(my_a, b, my_c, my_rows, n);                                                       /* 4 */
    if (rank == 0) memset(c, 0xff, sizeof(double) * n * n);
    MPI_Gatherv(my_c, my_rows * n, MPI_DOUBLE, c, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    t_total += MPI_Wtime() - t0;

    if (rank == 0) { /* 5 */
      double *ref = malloc(sizeof(double) * n * n);
      multiply_rows(a, b, ref, n, n);
      if (memcmp(ref, c, sizeof(double) * n * n) != 0) bad = 1;
      free(ref);
    }
  }
  if (rank == 0) {
    printf("matmul n=%d on %d ranks: rows", n, P);
    for (int r = 0; r < P; ++r) printf(" %d", rows[r]);
    printf("; %.3f s per product; %s\n", t_total / repeat, bad ? "WRONG RESULT" : "result verified");
  }
  MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(a); free(b); free(c); free(my_a); free(my_c); free(rows); free(counts); free(displs); free(speeds);
  MPI_Finalize();
  return bad ? 1 : 0;
}

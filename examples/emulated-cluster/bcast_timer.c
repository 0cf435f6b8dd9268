/* bcast_timer: times MPI_Bcast of one message size on the emulated cluster (plain MPI, no
 * collsel), to show that a host's shaped link slows a broadcast as its bandwidth says.
 *   bcast_timer [bytes=4194304] [reps=10] [root=0]
 * Prints one line on rank 0: procs, root, bytes, median and minimum time over the repetitions
 * (each repetition is barrier-synchronised; the time is the slowest rank's). Exit 0 on success,
 * 2 on a bad argument, 1 if a received buffer is wrong. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static long parse_arg(const char *s, const char *what, long min) {
  char *end = NULL;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < min) {
    fprintf(stderr, "bcast_timer: %s '%s' must be an integer >= %ld\n", what, s, min);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return v;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long bytes = argc > 1 ? parse_arg(argv[1], "bytes", 1) : 4194304;
  long reps = argc > 2 ? parse_arg(argv[2], "reps", 1) : 10;
  long root = argc > 3 ? parse_arg(argv[3], "root", 0) : 0;
  if (root >= size) {
    if (rank == 0) fprintf(stderr, "bcast_timer: root %ld >= number of ranks %d\n", root, size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  unsigned char *buf = malloc((size_t)bytes);
  double *t = malloc(sizeof(double) * (size_t)reps);
  int bad = 0;
  for (long r = -1; r < reps; r++) { /* r = -1: warm-up (connection set-up), not timed */
    memset(buf, rank == root ? (int)(r & 0x7f) + 1 : 0, (size_t)bytes);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    MPI_Bcast(buf, (int)bytes, MPI_BYTE, (int)root, MPI_COMM_WORLD);
    double dt = MPI_Wtime() - t0, slowest;
    MPI_Reduce(&dt, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (buf[0] != (unsigned char)((r & 0x7f) + 1) || buf[bytes - 1] != buf[0]) bad = 1;
    if (r >= 0) t[r] = slowest;
  }
  int anybad = 0;
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (rank == 0) {
    qsort(t, (size_t)reps, sizeof(double), cmp_double);
    printf("bcast procs=%d root=%ld bytes=%ld median_ms=%.2f min_ms=%.2f%s\n", size, root, bytes,
           1e3 * t[reps / 2], 1e3 * t[0], anybad ? " WRONG-DATA" : "");
  }
  free(buf);
  free(t);
  MPI_Finalize();
  return anybad ? 1 : 0;
}

/* emu_pair_overlap: do point-to-point transfers between disjoint pairs slow each other?
 *
 *   mpiexec -n P emu_pair_overlap BYTES REPS SCENARIO...
 *
 * A SCENARIO is a comma-separated list of transfers SRC-DST (ranks), e.g. `2-4` or `2-4,6-1,5-3`;
 * its transfers start together and each is timed at its receiver from the common start to the
 * arrival of BYTES bytes. Every repetition runs the scenarios in the order given, each after a
 * 150 ms pause (every rank asleep, so token buckets refill and no rank is busy) and a barrier.
 * Rank 0 prints one line per scenario: the scenario, then per transfer the median over the
 * repetitions in milliseconds. On separate hosts with their own links, a transfer takes as long
 * beside others as alone; on the emulated cluster, where the hosts share this machine's cores,
 * it need not (docs/emulated-cluster.md, "Waiting ranks nap").
 * Exit 0; 2 with a message on bad arguments. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kMaxTransfers = 16 };

struct scenario {
  const char *text;
  int count;
  int src[kMaxTransfers], dst[kMaxTransfers];
};

/* 0 on success; otherwise a message in `why`. */
static int parse_scenario(const char *text, int ranks, struct scenario *s, char *why, size_t why_size) {
  s->text = text;
  s->count = 0;
  const char *p = text;
  int busy[4096] = {0};
  if (ranks > 4096) {
    snprintf(why, why_size, "at most 4096 ranks");
    return 1;
  }
  for (;;) {
    int src = -1, dst = -1, used = 0;
    if (sscanf(p, "%d-%d%n", &src, &dst, &used) != 2 || (p[used] != ',' && p[used] != '\0')) {
      snprintf(why, why_size, "scenario \"%s\": expected SRC-DST[,SRC-DST...]", text);
      return 1;
    }
    if (src < 0 || dst < 0 || src >= ranks || dst >= ranks || src == dst) {
      snprintf(why, why_size, "scenario \"%s\": %d-%d needs two different ranks below %d", text, src, dst, ranks);
      return 1;
    }
    if (busy[src] || busy[dst]) {
      snprintf(why, why_size, "scenario \"%s\": rank %d is in two transfers (pairs must be disjoint)", text,
               busy[src] ? src : dst);
      return 1;
    }
    if (s->count == kMaxTransfers) {
      snprintf(why, why_size, "scenario \"%s\": at most %d transfers", text, kMaxTransfers);
      return 1;
    }
    busy[src] = busy[dst] = 1;
    s->src[s->count] = src;
    s->dst[s->count] = dst;
    ++s->count;
    if (p[used] == '\0') return 0;
    p += used + 1;
  }
}

/* The decimal number `text` is, or -1 when it is not one. */
static long whole_number(const char *text) {
  char *end = NULL;
  const long value = strtol(text, &end, 10);
  return end != text && *end == '\0' && value >= 0 ? value : -1;
}

static int by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  char why[256] = "";
  const long bytes = argc > 1 ? whole_number(argv[1]) : -1;
  const long reps = argc > 2 ? whole_number(argv[2]) : -1;
  const int scenarios = argc - 3;
  struct scenario *list = scenarios > 0 ? calloc((size_t)scenarios, sizeof *list) : NULL;
  if (argc < 4)
    snprintf(why, sizeof why, "usage: emu_pair_overlap BYTES REPS SCENARIO... (SCENARIO: SRC-DST[,SRC-DST...])");
  else if (bytes < 0 || bytes > (1L << 30) || reps < 1 || reps > 100000)
    snprintf(why, sizeof why, "BYTES must be 0..2^30 and REPS 1..100000 (got \"%s\", \"%s\")", argv[1], argv[2]);
  for (int s = 0; !*why && s < scenarios; ++s) parse_scenario(argv[3 + s], ranks, &list[s], why, sizeof why);
  if (*why) {
    if (rank == 0) fprintf(stderr, "emu_pair_overlap: %s\n", why);
    MPI_Finalize();
    return 2;
  }

  char *buffer = malloc(bytes > 0 ? (size_t)bytes : 1);
  memset(buffer, 1, bytes > 0 ? (size_t)bytes : 1);
  double *arrival = calloc((size_t)ranks, sizeof *arrival);
  /* times[(s * kMaxTransfers + k) * reps + r]: transfer k of scenario s, repetition r (rank 0) */
  double *times = calloc((size_t)scenarios * kMaxTransfers * (size_t)reps, sizeof *times);
  for (long r = 0; r < reps; ++r)
    for (int s = 0; s < scenarios; ++s) {
      const struct scenario *sc = &list[s];
      usleep(150000);
      MPI_Barrier(MPI_COMM_WORLD);
      const double start = MPI_Wtime();
      MPI_Request requests[2];
      MPI_Status statuses[2];  /* not MPI_STATUSES_IGNORE: GCC 12 reads MPICH's (MPI_Status *)1 as an empty array */
      int pending = 0;
      for (int k = 0; k < sc->count; ++k) {
        if (rank == sc->src[k]) MPI_Isend(buffer, (int)bytes, MPI_BYTE, sc->dst[k], k, MPI_COMM_WORLD, &requests[pending++]);
        if (rank == sc->dst[k]) MPI_Irecv(buffer, (int)bytes, MPI_BYTE, sc->src[k], k, MPI_COMM_WORLD, &requests[pending++]);
      }
      if (pending) MPI_Waitall(pending, requests, statuses);
      const double elapsed = MPI_Wtime() - start;
      MPI_Gather(&elapsed, 1, MPI_DOUBLE, arrival, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
      if (rank == 0)
        for (int k = 0; k < sc->count; ++k) times[((size_t)s * kMaxTransfers + (size_t)k) * (size_t)reps + (size_t)r] = arrival[sc->dst[k]];
    }
  if (rank == 0)
    for (int s = 0; s < scenarios; ++s) {
      printf("%-24s", list[s].text);
      for (int k = 0; k < list[s].count; ++k) {
        double *series = &times[((size_t)s * kMaxTransfers + (size_t)k) * (size_t)reps];
        qsort(series, (size_t)reps, sizeof *series, by_value);
        printf(" %9.3f", series[reps / 2] * 1e3);
      }
      printf(" ms\n");
    }
  free(times);
  free(arrival);
  free(buffer);
  free(list);
  MPI_Finalize();
  return 0;
}

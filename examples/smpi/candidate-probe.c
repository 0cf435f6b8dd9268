/* candidate-probe: times, in SimGrid's simulated time, algorithm families collsel does not offer
   as candidates, so that their absence rests on measurements (docs/design/0037):
     vdg_equal       bcast: the root sends every rank its block (all at once), then a ring
                     allgather in rank order from the root (van de Geijn; MPICH's large bcast);
     vdg_weighted    the same with blocks in proportion to PROBE_WEIGHTS (one number per rank);
     two_tree_<seg>  bcast: two in-order binary trees over the non-root ranks, the second the
                     first shifted by one position so that the inner ranks of one are leaves of
                     the other; segments alternate between them, every receive posted at once;
     rabenseifner_ring  reduce (doubles, sum): ring reduce-scatter, then every rank sends its
                     reduced block to the root, which receives them all at once.
   Each runs twice on MPI_COMM_WORLD at 1 MiB and 4 MiB (PROBE_BYTES: other sizes in bytes,
   comma-separated, at least 8 each); the faster run is printed as
   op,procs,root,bytes,algorithm,measured_us. Every result is checked; a wrong one prints WRONG.
   Not built by CMake: smpicc -O2 -o candidate-probe candidate-probe.c, then
   PROBE_ROOT=R [PROBE_WEIGHTS=FILE] [PROBE_BYTES=B,...] smpirun -np N -platform P -hostfile H ./candidate-probe */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int procs, me, root;

static int relative(int rank) { return (rank - root + procs) % procs; }
static int absolute(int position) { return (position + root) % procs; }

/* Block boundaries over relative ranks, in proportion to weight[] (relative order). */
static long* block_offsets(long total, const double* weight) {
  long* off = malloc(sizeof(long) * (size_t)(procs + 1));
  double sum = 0, acc = 0;
  for (int i = 0; i < procs; ++i) sum += weight[i];
  off[0] = 0;
  for (int i = 0; i < procs; ++i) {
    acc += weight[i];
    off[i + 1] = (long)((double)total * (acc / sum));
  }
  off[procs] = total;
  return off;
}

static void scatter_allgather_bcast(char* buf, long bytes, const double* weight) {
  long* off = block_offsets(bytes, weight);
  const int v = relative(me);
  if (v == 0) {
    MPI_Request* req = malloc(sizeof(MPI_Request) * (size_t)procs);
    for (int i = 1; i < procs; ++i)
      MPI_Isend(buf + off[i], (int)(off[i + 1] - off[i]), MPI_BYTE, absolute(i), 1, MPI_COMM_WORLD, &req[i - 1]);
    MPI_Waitall(procs - 1, req, MPI_STATUSES_IGNORE);
    free(req);
  } else {
    MPI_Recv(buf + off[v], (int)(off[v + 1] - off[v]), MPI_BYTE, root, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  const int right = absolute((v + 1) % procs), left = absolute((v - 1 + procs) % procs);
  for (int step = 0; step < procs - 1; ++step) {
    const int out = (v - step + procs) % procs, in = (v - step - 1 + procs) % procs;
    MPI_Sendrecv(buf + off[out], (int)(off[out + 1] - off[out]), MPI_BYTE, right, 2, buf + off[in],
                 (int)(off[in + 1] - off[in]), MPI_BYTE, left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(off);
}

/* parent[x] of the in-order binary tree over positions lo..hi (-1 at its root). */
static void in_order_tree(int lo, int hi, int parent, int* parents) {
  if (lo > hi) return;
  const int mid = lo + (hi - lo) / 2;
  parents[mid] = parent;
  in_order_tree(lo, mid - 1, mid, parents);
  in_order_tree(mid + 1, hi, mid, parents);
}

/* Position x in 0..procs-2 is relative rank x + 1; tree t's parent of x, -1 for its root. */
static void two_trees(int* parent0, int* parent1) {
  const int n = procs - 1;
  int* shape = malloc(sizeof(int) * (size_t)n);
  in_order_tree(0, n - 1, -1, shape);
  for (int x = 0; x < n; ++x) {
    parent0[x] = shape[x];
    parent1[(x + 1) % n] = shape[x] < 0 ? -1 : (shape[x] + 1) % n;
  }
  free(shape);
}

/* A rank forwards segments as they arrive, not in order, and may be a rank's parent in both trees:
   each segment has a tag of its own, so that no receive matches another segment's message. */
static int segment_tag(long k) { return 100 + (int)k; }

static void two_tree_bcast(char* buf, long bytes, long segment) {
  const int n = procs - 1;
  int* parent[2] = {malloc(sizeof(int) * (size_t)n), malloc(sizeof(int) * (size_t)n)};
  two_trees(parent[0], parent[1]);
  const long segments = (bytes + segment - 1) / segment;
  MPI_Request* recv = malloc(sizeof(MPI_Request) * (size_t)segments);
  MPI_Request* send = malloc(sizeof(MPI_Request) * (size_t)(2 * segments));
  int sends = 0;
  const int v = relative(me);
  int children[2][2], child_count[2] = {0, 0}, from[2] = {0, 0};
  for (int t = 0; t < 2; ++t)
    for (int y = 0; y < n; ++y) {
      if (v == 0 && parent[t][y] < 0) children[t][child_count[t]++] = y;
      if (v > 0 && parent[t][y] == v - 1) children[t][child_count[t]++] = y;
      if (v > 0 && y == v - 1) from[t] = parent[t][y] < 0 ? 0 : parent[t][y] + 1;
    }
  /* Every receive is posted at once and a segment is forwarded as soon as it arrives, whichever
     tree it came down: a slow parent in one tree never holds up the other. */
  for (long k = 0; k < segments; ++k) {
    const long at = k * segment, length = at + segment > bytes ? bytes - at : segment;
    if (v > 0) MPI_Irecv(buf + at, (int)length, MPI_BYTE, absolute(from[k % 2]), segment_tag(k), MPI_COMM_WORLD, &recv[k]);
  }
  for (long done = 0; done < segments; ++done) {
    int k = (int)done;
    if (v > 0) MPI_Waitany((int)segments, recv, &k, MPI_STATUS_IGNORE);
    const long at = k * segment, length = at + segment > bytes ? bytes - at : segment;
    for (int c = 0; c < child_count[k % 2]; ++c)
      MPI_Isend(buf + at, (int)length, MPI_BYTE, absolute(children[k % 2][c] + 1), segment_tag(k), MPI_COMM_WORLD, &send[sends++]);
  }
  MPI_Waitall(sends, send, MPI_STATUSES_IGNORE);
  free(recv);
  free(send);
  free(parent[0]);
  free(parent[1]);
}

static void reduce_scatter_gather(const double* in, double* out, double* scratch, long count) {
  double* ones = malloc(sizeof(double) * (size_t)procs);
  for (int i = 0; i < procs; ++i) ones[i] = 1;
  long* off = block_offsets(count, ones);
  const int v = relative(me);
  const int right = absolute((v + 1) % procs), left = absolute((v - 1 + procs) % procs);
  double* partial = malloc(sizeof(double) * (size_t)count);
  memcpy(partial, in, sizeof(double) * (size_t)count);
  for (int step = 0; step < procs - 1; ++step) {
    const int out_block = (v - step + procs) % procs, in_block = (v - step - 1 + procs) % procs;
    const long n = off[in_block + 1] - off[in_block];
    MPI_Sendrecv(partial + off[out_block], (int)(off[out_block + 1] - off[out_block]), MPI_DOUBLE, right, 4, scratch,
                 (int)n, MPI_DOUBLE, left, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (long i = 0; i < n; ++i) partial[off[in_block] + i] += scratch[i];
  }
  const int mine = (v + 1) % procs;  /* the block complete here after procs - 1 steps */
  if (v == 0) {
    MPI_Request* req = malloc(sizeof(MPI_Request) * (size_t)procs);
    int posted = 0;
    for (int b = 0; b < procs; ++b) {
      const int owner = (b - 1 + procs) % procs;
      if (owner == 0)
        memcpy(out + off[b], partial + off[b], sizeof(double) * (size_t)(off[b + 1] - off[b]));
      else
        MPI_Irecv(out + off[b], (int)(off[b + 1] - off[b]), MPI_DOUBLE, absolute(owner), 5, MPI_COMM_WORLD, &req[posted++]);
    }
    MPI_Waitall(posted, req, MPI_STATUSES_IGNORE);
    free(req);
  } else {
    MPI_Send(partial + off[mine], (int)(off[mine + 1] - off[mine]), MPI_DOUBLE, root, 5, MPI_COMM_WORLD);
  }
  free(partial);
  free(off);
  free(ones);
}

static double slowest_rank(double started) {
  const double mine = MPI_Wtime() - started;
  double slowest = 0;
  MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return slowest;
}

static void report(const char* op, long bytes, const char* name, double seconds, int right) {
  int all = 0;
  MPI_Allreduce(&right, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (me == 0) printf("%s,%d,%d,%ld,%s,%.3f\n", op, procs, root, bytes, name, seconds * 1e6);
  if (me == 0 && !all) printf("WRONG %s %s %ld\n", op, name, bytes);
}

static void probe_bcast(long bytes, const double* weight) {
  static const long segments[] = {16384, 65536, 262144};
  static const char* names[] = {"vdg_equal", "vdg_weighted", "two_tree_16K", "two_tree_64K", "two_tree_256K"};
  double* ones = malloc(sizeof(double) * (size_t)procs);
  for (int i = 0; i < procs; ++i) ones[i] = 1;
  char* buf = malloc((size_t)bytes);
  for (int a = 0; a < 5; ++a) {
    double best = 1e30;
    int right = 1;
    for (int run = 0; run < 2; ++run) {
      for (long i = 0; i < bytes; ++i) buf[i] = me == root ? (char)(i * 7 + 3) : 0;
      MPI_Barrier(MPI_COMM_WORLD);
      const double started = MPI_Wtime();
      if (a < 2) scatter_allgather_bcast(buf, bytes, a == 0 ? ones : weight);
      else two_tree_bcast(buf, bytes, segments[a - 2]);
      const double t = slowest_rank(started);
      best = t < best ? t : best;
      for (long i = 0; i < bytes; ++i) right &= buf[i] == (char)(i * 7 + 3);
    }
    report("bcast", bytes, names[a], best, right);
  }
  free(buf);
  free(ones);
}

static void probe_reduce(long bytes) {
  const long count = bytes / (long)sizeof(double);
  double* in = malloc(sizeof(double) * (size_t)count);
  double* out = malloc(sizeof(double) * (size_t)count);
  double* scratch = malloc(sizeof(double) * (size_t)count);
  for (long i = 0; i < count; ++i) in[i] = (double)((i + me) % 97);
  double best = 1e30;
  int right = 1;
  for (int run = 0; run < 2; ++run) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double started = MPI_Wtime();
    reduce_scatter_gather(in, out, scratch, count);
    const double t = slowest_rank(started);
    best = t < best ? t : best;
  }
  if (me == root)
    for (long i = 0; i < count && right; ++i) {
      double expected = 0;
      for (int r = 0; r < procs; ++r) expected += (double)((i + r) % 97);
      right = out[i] == expected;
    }
  report("reduce", bytes, "rabenseifner_ring", best, right);
  free(in);
  free(out);
  free(scratch);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &procs);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  root = getenv("PROBE_ROOT") ? atoi(getenv("PROBE_ROOT")) % procs : 0;
  double* by_rank = malloc(sizeof(double) * (size_t)procs);
  double* weight = malloc(sizeof(double) * (size_t)procs);
  for (int i = 0; i < procs; ++i) by_rank[i] = 1;
  const char* path = getenv("PROBE_WEIGHTS");
  FILE* f = path && *path ? fopen(path, "r") : NULL;
  for (int i = 0; f && i < procs && fscanf(f, "%lf", &by_rank[i]) == 1; ++i) {}
  if (f) fclose(f);
  for (int i = 0; i < procs; ++i) weight[i] = by_rank[absolute(i)];
  long sizes[16] = {1L << 20, 4L << 20};
  int size_count = 2;
  const char* list = getenv("PROBE_BYTES");
  if (list && *list) {
    char* end = NULL;
    for (size_count = 0; size_count < 16 && *list; list = *end ? end + 1 : end) {
      sizes[size_count] = strtol(list, &end, 10);
      if (end == list || sizes[size_count] < 8) break;
      ++size_count;
    }
  }
  for (int s = 0; s < size_count; ++s) probe_bcast(sizes[s], weight);
  for (int s = 0; s < size_count; ++s) probe_reduce(sizes[s]);
  free(by_rank);
  free(weight);
  MPI_Finalize();
  return 0;
}

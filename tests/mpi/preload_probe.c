/* A plain MPI program (not linked against the shim) for the LD_PRELOAD test: a few bcasts and
 * reduces whose results it checks itself. Exit 1 on a wrong result. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  enum { N = 50000 };
  int *buf = malloc(sizeof(int) * N), *sum = malloc(sizeof(int) * N);
  for (int it = 0; it < 10; ++it) {
    int root = it % size;
    for (int i = 0; i < N; ++i) buf[i] = rank == root ? i * 3 + it : -1;
    MPI_Bcast(buf, N, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < N; ++i) bad |= buf[i] != i * 3 + it;
    for (int i = 0; i < N; ++i) buf[i] = rank + i;
    MPI_Reduce(buf, sum, N, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
    if (rank == root)
      for (int i = 0; i < N; ++i) bad |= sum[i] != size * (size - 1) / 2 + size * i;
  }
  if (bad) fprintf(stderr, "preload_probe: rank %d saw a wrong result\n", rank);
  free(buf);
  free(sum);
  MPI_Finalize();
  return bad ? 1 : 0;
}

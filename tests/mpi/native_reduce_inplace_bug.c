/* Reproducer of a native MPICH 4.0.2 (ch4:ucx) bug: PMPI_Reduce with MPI_IN_PLACE at a non-zero
 * root segfaults once the message exceeds 2 KB (513 ints on 3 ranks). Not run by ctest (it
 * crashes by design); build it and run `mpiexec -n 3 ./native_reduce_inplace_bug 513 1`.
 * Usage: native_reduce_inplace_bug COUNT ROOT. Prints "ok" when the native call survives. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int count = argc > 1 ? atoi(argv[1]) : 513, root = argc > 2 ? atoi(argv[2]) : 1;
  int *buf = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  for (int i = 0; i < count; ++i) buf[i] = rank + i;
  if (rank == root)
    PMPI_Reduce(MPI_IN_PLACE, buf, count, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
  else
    PMPI_Reduce(buf, NULL, count, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
  int expect = size * (size - 1) / 2 + size * (count - 1);
  if (rank == root) printf("count=%d root=%d: %s\n", count, root, buf[count - 1] == expect ? "ok" : "WRONG");
  free(buf);
  MPI_Finalize();
  return 0;
}

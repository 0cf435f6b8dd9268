/* Linked against the installed libcollsel.so (collsel::collsel): a broadcast through the shim,
 * checked, then collsel_last_choice must name the algorithm that ran. Exit 0 only if both hold. */
#include <mpi.h>
#include <stdio.h>

#include "collsel/collsel.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  enum { N = 4096 };
  static int buf[N];
  for (int i = 0; i < N; ++i) buf[i] = rank == 0 ? 3 * i + 1 : -1;
  MPI_Bcast(buf, N, MPI_INT, 0, MPI_COMM_WORLD);
  int bad = 0;
  for (int i = 0; i < N; ++i) bad |= buf[i] != 3 * i + 1;
  char name[64] = "";
  double predicted_us = 0;
  int rc = collsel_last_choice("bcast", name, (int)sizeof name, &predicted_us);
  int failed = bad || rc != 0 || name[0] == '\0', any_failed = 0;
  MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (rank == 0)
    printf("consumer_shim: %d ranks, bcast ran %s (predicted %.1f us), result %s\n", size,
           name[0] ? name : "(none)", predicted_us, bad ? "WRONG" : "verified");
  MPI_Finalize();
  return any_failed ? 1 : 0;
}

/* Reproducer of a native MPICH 4.0.2 (ch4:ucx) bug: a contiguous message of >= 8256 bytes
 * (MPI_BYTE or MPI_PACKED) received with a datatype mixing basic types (struct {int; double},
 * size 12, extent 16) fails with "Message truncated". MPICH's binomial MPI_Scatter and MPI_Gather
 * do exactly that internally, so they fail with correct arguments on such a type:
 *   mpiexec -n 2 ./native_mixed_type_truncation_bug p2p 688       # 8256 bytes: truncated
 *   mpiexec -n 2 ./native_mixed_type_truncation_bug p2p 687       # 8244 bytes: ok
 *   mpiexec -n 2 ./native_mixed_type_truncation_bug scatter 690 1 # root 1: truncated
 *   mpiexec -n 4 ./native_mixed_type_truncation_bug gather 5000 0 # truncated
 * Usage: native_mixed_type_truncation_bug p2p|scatter|gather COUNT [ROOT]. Prints one line per
 * rank that sees an error, and "ok" at rank 0 otherwise. Built, not run by ctest. */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct S {
  int i;
  double d;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *mode = argc > 1 ? argv[1] : "p2p";
  int count = argc > 2 ? atoi(argv[2]) : 688, root = argc > 3 ? atoi(argv[3]) : 0;
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {offsetof(struct S, i), offsetof(struct S, d)};
  MPI_Datatype tys[2] = {MPI_INT, MPI_DOUBLE}, s0, t;
  MPI_Type_create_struct(2, bl, disp, tys, &s0);
  MPI_Type_create_resized(s0, 0, sizeof(struct S), &t);
  MPI_Type_commit(&t);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  struct S *all = calloc((size_t)size * (size_t)count + 1, sizeof(struct S));
  struct S *mine = calloc((size_t)count + 1, sizeof(struct S));
  int rc = MPI_SUCCESS;
  if (!strcmp(mode, "p2p")) { /* what the collectives do inside: bytes sent, struct received */
    if (rank == 0) rc = MPI_Send(all, count * 12, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1) rc = MPI_Recv(mine, count, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (!strcmp(mode, "scatter")) {
    rc = MPI_Scatter(all, count, t, mine, count, t, root, MPI_COMM_WORLD);
  } else {
    rc = MPI_Gather(mine, count, t, all, count, t, root, MPI_COMM_WORLD);
  }
  if (rc != MPI_SUCCESS) {
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_class(rc, &rc);
    MPI_Error_string(rc, msg, &len);
    printf("%s count=%d root=%d rank %d: %s\n", mode, count, root, rank, msg);
  }
  int bad = rc != MPI_SUCCESS, any = 0;
  MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0 && !any) printf("%s count=%d root=%d: ok\n", mode, count, root);
  free(all);
  free(mine);
  MPI_Type_free(&t);
  MPI_Type_free(&s0);
  MPI_Finalize();
  return 0;
}

/* An erroneous program for the abort test (tests/mpi/agreement_test.sh): on a communicator with
 * MPI_ERRORS_RETURN, rank 1 receives a broadcast into fewer elements than the root sends, so its
 * receive fails while the other ranks wait on it. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(comm, &rank);
  static int buf[100000];
  const int rc = MPI_Bcast(buf, rank == 1 ? 10 : 100000, MPI_INT, 0, comm);
  printf("error_probe: rank %d returned %d\n", rank, rc);
  MPI_Comm_free(&comm);
  MPI_Finalize();
  return 0;
}

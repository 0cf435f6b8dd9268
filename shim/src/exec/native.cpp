// native: the MPI library's own algorithm, the plain PMPI_ call. Cost: from the NativeCostTable
// the calibration measured (or, without one, as MPICH's default binomial tree).
#include "native.hpp"

namespace collsel::exec::detail {

int native_bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  return PMPI_Bcast(buf, count, type, root, comm);
}
int native_reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                  MPI_Comm comm) {
  return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
}
int native_scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
int native_gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
int native_scatterv(const void* sendbuf, const int* sendcounts, const int* displs, MPI_Datatype sendtype,
                    void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
int native_gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                   const int* displs, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

}  // namespace collsel::exec::detail

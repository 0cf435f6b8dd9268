// Tree broadcast: each rank receives the whole message from its parent, then sends it to its
// children one after the other in service order (blocking sends, as the model serialises them).
// Cost: T(r) = p2p(r, c1, M) + max(T(subtree c1), T(r without c1)) — predict_tree().
// Any datatype is sent as is: MPI handles derived types on point-to-point messages.
#include "common.hpp"
#include "executors.hpp"
#include "collsel/exec.hpp"

namespace collsel::exec::detail {

int tree_bcast(const Tree& tree, void* buf, int count, MPI_Datatype type, MPI_Comm comm) {
  const int me = comm_rank(comm);
  if (me != tree.root()) {
    if (int rc = PMPI_Recv(buf, count, type, tree.parent(me), tag_bcast, comm, MPI_STATUS_IGNORE); rc != MPI_SUCCESS)
      return rc;
  }
  for (int c : tree.children(me))
    if (int rc = PMPI_Send(buf, count, type, c, tag_bcast, comm); rc != MPI_SUCCESS) return rc;
  return MPI_SUCCESS;
}

}  // namespace collsel::exec::detail

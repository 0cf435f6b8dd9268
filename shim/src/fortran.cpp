// The Fortran bindings' own entry points where they do not call the C MPI_ ones, so that a Fortran
// program (mpif.h, `use mpi`, `use mpi_f08`) reaches the shim as a C program does
// (docs/mpi-libraries.md, "Fortran").
//
// Open MPI: every binding calls the library's PMPI_ entry points. The shim defines the bindings'
// symbols for the calls it intercepts:
//   - mpi_bcast_ and its other manglings (mpi_bcast, mpi_bcast__, MPI_BCAST), which mpif.h and
//     `use mpi` programs call;
//   - ompi_bcast_f, which `use mpi_f08`'s procedures call (from libmpi_usempif08 into
//     libmpi_mpifh, so the preloaded definition takes the call).
// Each converts the call as Open MPI's binding does (handles with PMPI_*_f2c, the Fortran
// MPI_IN_PLACE and MPI_BOTTOM sentinels to C's, INTEGER arrays to int) and calls the shim's C
// entry point, where Open MPI's would call PMPI_. MPI_Init, MPI_Init_thread and MPI_Finalize are
// bound too: the shim starts at MPI_Init and writes its log and report at MPI_Finalize.
//
// MPICH: the collectives of all three bindings call the C MPI_ entry points, and so do mpif.h's and
// `use mpi`'s MPI_Init and MPI_Finalize, but `use mpi_f08`'s MPI_Init, MPI_Init_thread and
// MPI_Finalize (mpi_init_f08_, ...) call PMPI_: without these three the shim would never start in
// an mpi_f08 program, and every call would run native unlogged.
#include <mpi.h>


#define COLLSEL_EXPORT extern "C" __attribute__((visibility("default")))

#if defined(OPEN_MPI) && OPEN_MPI

#include <dlfcn.h>

#include <array>
#include <type_traits>
#include <vector>

namespace {

// The addresses a Fortran program passes for MPI_IN_PLACE or MPI_BOTTOM: Open MPI's common-block
// symbols in the four manglings it checks, looked up as the dynamic linker resolved them (the
// program's own common block where it defines one, else the library's).
struct Sentinels {
  std::array<const void*, 4> in_place{}, bottom{};
  Sentinels() {
    const char* in_place_names[] = {"mpi_fortran_in_place", "mpi_fortran_in_place_", "mpi_fortran_in_place__",
                                    "MPI_FORTRAN_IN_PLACE"};
    const char* bottom_names[] = {"mpi_fortran_bottom", "mpi_fortran_bottom_", "mpi_fortran_bottom__",
                                  "MPI_FORTRAN_BOTTOM"};
    for (std::size_t i = 0; i < 4; ++i) {
      in_place[i] = dlsym(RTLD_DEFAULT, in_place_names[i]);
      bottom[i] = dlsym(RTLD_DEFAULT, bottom_names[i]);
    }
  }
  static bool among(const std::array<const void*, 4>& names, const void* p) {
    for (const void* s : names)
      if (s && s == p) return true;
    return false;
  }
};

const Sentinels& sentinels() {
  static const Sentinels s;
  return s;
}

void* bottom(void* p) { return Sentinels::among(sentinels().bottom, p) ? MPI_BOTTOM : p; }
void* in_place_or_bottom(void* p) { return Sentinels::among(sentinels().in_place, p) ? MPI_IN_PLACE : bottom(p); }

void set_error(MPI_Fint* ierr, int rc) {
  if (ierr) *ierr = MPI_Fint(rc);
}

// A Fortran INTEGER array of counts or displacements as C's int array: the same memory where
// INTEGER is an int (Open MPI's default), else a converted copy of its first n entries.
class IntArray {
 public:
  IntArray(const MPI_Fint* values, MPI_Comm comm) {
    if constexpr (std::is_same_v<MPI_Fint, int>) {
      data_ = values;
    } else {
      int n = 0;
      PMPI_Comm_size(comm, &n);
      if (values) copy_.assign(values, values + n);
      data_ = values ? copy_.data() : nullptr;
    }
  }
  const int* get() const { return data_; }

 private:
  const int* data_ = nullptr;
  std::vector<int> copy_;
};

}  // namespace

COLLSEL_EXPORT void ompi_init_f(MPI_Fint* ierr) {
  int argc = 0;
  char** argv = nullptr;
  set_error(ierr, MPI_Init(&argc, &argv));
}

COLLSEL_EXPORT void ompi_init_thread_f(MPI_Fint* required, MPI_Fint* provided, MPI_Fint* ierr) {
  int argc = 0, c_provided = 0;
  char** argv = nullptr;
  const int rc = MPI_Init_thread(&argc, &argv, int(*required), &c_provided);
  *provided = MPI_Fint(c_provided);
  set_error(ierr, rc);
}

COLLSEL_EXPORT void ompi_finalize_f(MPI_Fint* ierr) { set_error(ierr, MPI_Finalize()); }

COLLSEL_EXPORT void ompi_bcast_f(char* buffer, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* root, MPI_Fint* comm,
                                 MPI_Fint* ierr) {
  set_error(ierr, MPI_Bcast(bottom(buffer), int(*count), PMPI_Type_f2c(*datatype), int(*root), PMPI_Comm_f2c(*comm)));
}

COLLSEL_EXPORT void ompi_reduce_f(char* sendbuf, char* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
                                  MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr) {
  set_error(ierr, MPI_Reduce(in_place_or_bottom(sendbuf), bottom(recvbuf), int(*count), PMPI_Type_f2c(*datatype),
                             PMPI_Op_f2c(*op), int(*root), PMPI_Comm_f2c(*comm)));
}

COLLSEL_EXPORT void ompi_scatter_f(char* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, char* recvbuf,
                                   MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm,
                                   MPI_Fint* ierr) {
  set_error(ierr, MPI_Scatter(bottom(sendbuf), int(*sendcount), PMPI_Type_f2c(*sendtype), in_place_or_bottom(recvbuf),
                              int(*recvcount), PMPI_Type_f2c(*recvtype), int(*root), PMPI_Comm_f2c(*comm)));
}

COLLSEL_EXPORT void ompi_gather_f(char* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, char* recvbuf,
                                  MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm,
                                  MPI_Fint* ierr) {
  set_error(ierr, MPI_Gather(in_place_or_bottom(sendbuf), int(*sendcount), PMPI_Type_f2c(*sendtype), bottom(recvbuf),
                             int(*recvcount), PMPI_Type_f2c(*recvtype), int(*root), PMPI_Comm_f2c(*comm)));
}

COLLSEL_EXPORT void ompi_scatterv_f(char* sendbuf, MPI_Fint* sendcounts, MPI_Fint* displs, MPI_Fint* sendtype,
                                    char* recvbuf, MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root,
                                    MPI_Fint* comm, MPI_Fint* ierr) {
  const MPI_Comm c_comm = PMPI_Comm_f2c(*comm);
  const IntArray counts(sendcounts, c_comm), offsets(displs, c_comm);
  set_error(ierr, MPI_Scatterv(bottom(sendbuf), counts.get(), offsets.get(), PMPI_Type_f2c(*sendtype),
                               in_place_or_bottom(recvbuf), int(*recvcount), PMPI_Type_f2c(*recvtype), int(*root),
                               c_comm));
}

COLLSEL_EXPORT void ompi_gatherv_f(char* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, char* recvbuf,
                                   MPI_Fint* recvcounts, MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* root,
                                   MPI_Fint* comm, MPI_Fint* ierr) {
  const MPI_Comm c_comm = PMPI_Comm_f2c(*comm);
  const IntArray counts(recvcounts, c_comm), offsets(displs, c_comm);
  set_error(ierr, MPI_Gatherv(in_place_or_bottom(sendbuf), int(*sendcount), PMPI_Type_f2c(*sendtype), bottom(recvbuf),
                              counts.get(), offsets.get(), PMPI_Type_f2c(*recvtype), int(*root), c_comm));
}

// mpif.h's and `use mpi`'s names of each: lower case with zero, one or two underscores, and upper
// case (Open MPI's own binding answers to all four, whatever the compiler's mangling).
#define COLLSEL_FORTRAN_NAME(name, target) \
  COLLSEL_EXPORT decltype(target) name __attribute__((alias(#target)));
#define COLLSEL_FORTRAN_NAMES(lower, upper, target) \
  COLLSEL_FORTRAN_NAME(lower, target)               \
  COLLSEL_FORTRAN_NAME(lower##_, target)            \
  COLLSEL_FORTRAN_NAME(lower##__, target)           \
  COLLSEL_FORTRAN_NAME(upper, target)

COLLSEL_FORTRAN_NAMES(mpi_init, MPI_INIT, ompi_init_f)
COLLSEL_FORTRAN_NAMES(mpi_init_thread, MPI_INIT_THREAD, ompi_init_thread_f)
COLLSEL_FORTRAN_NAMES(mpi_finalize, MPI_FINALIZE, ompi_finalize_f)
COLLSEL_FORTRAN_NAMES(mpi_bcast, MPI_BCAST, ompi_bcast_f)
COLLSEL_FORTRAN_NAMES(mpi_reduce, MPI_REDUCE, ompi_reduce_f)
COLLSEL_FORTRAN_NAMES(mpi_scatter, MPI_SCATTER, ompi_scatter_f)
COLLSEL_FORTRAN_NAMES(mpi_gather, MPI_GATHER, ompi_gather_f)
COLLSEL_FORTRAN_NAMES(mpi_scatterv, MPI_SCATTERV, ompi_scatterv_f)
COLLSEL_FORTRAN_NAMES(mpi_gatherv, MPI_GATHERV, ompi_gatherv_f)

#elif defined(MPICH) && !defined(COLLSEL_SMPI)

// MPICH's mpi_f08 procedures: `ierror`, `required` and `provided` are the Fortran INTEGERs.
COLLSEL_EXPORT void mpi_init_f08_(int* ierror) {
  const int rc = MPI_Init(nullptr, nullptr);
  if (ierror) *ierror = rc;
}

COLLSEL_EXPORT void mpi_init_thread_f08_(int* required, int* provided, int* ierror) {
  const int rc = MPI_Init_thread(nullptr, nullptr, *required, provided);
  if (ierror) *ierror = rc;
}

COLLSEL_EXPORT void mpi_finalize_f08_(int* ierror) {
  const int rc = MPI_Finalize();
  if (ierror) *ierror = rc;
}

#endif

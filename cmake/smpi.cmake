# COLLSEL_SMPI: collsel built for SimGrid's SMPI (docs/smpi.md). SMPI runs every simulated rank of
# an MPI program inside one simulator process: the program is built as a shared object that
# smpirun loads once per rank ("dlopen" privatization, so each rank has its own global variables).
# LD_PRELOAD does not reach such ranks, so the shim is a static library linked into the program
# (whole archive: its MPI_ entry points must win over SimGrid's, and nothing may be dropped as
# unreferenced). MPI::MPI_C and MPI::MPI_CXX stand for SimGrid's MPI here, so the rest of the
# build is unchanged.
find_path(SMPI_INCLUDE_DIR smpi/mpi.h)
find_library(SIMGRID_LIBRARY simgrid)
find_program(SMPIRUN_EXECUTABLE smpirun)
if(NOT SMPI_INCLUDE_DIR OR NOT SIMGRID_LIBRARY OR NOT SMPIRUN_EXECUTABLE)
  message(FATAL_ERROR "COLLSEL_SMPI needs SimGrid (Debian: libsimgrid-dev, which provides smpi/mpi.h, "
                      "libsimgrid and smpirun); scripts/install-deps.sh installs it")
endif()
foreach(lang C CXX)
  add_library(MPI::MPI_${lang} INTERFACE IMPORTED)
  set_target_properties(MPI::MPI_${lang} PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${SMPI_INCLUDE_DIR}/smpi"
    INTERFACE_LINK_LIBRARIES "${SIMGRID_LIBRARY}"
    INTERFACE_COMPILE_DEFINITIONS COLLSEL_SMPI)
endforeach()
set(MPIEXEC_EXECUTABLE ${SMPIRUN_EXECUTABLE})
set(MPIEXEC_NUMPROC_FLAG -np)
# Programs are shared objects that smpirun loads (what smpicc's -shared does). Stripped: smpirun
# copies the program once per rank into its tmpdir, and with debug information (20 MB) the copies
# failed at 64 ranks ("only 0 bytes copied").
string(APPEND CMAKE_EXE_LINKER_FLAGS " -shared -s")
# ... so their objects are position-independent code, not position-independent executables.
add_compile_options(-fPIC)

// Which MPI library runs the shim's native calls, as far as native's cost model is concerned:
// the libraries whose own default algorithms collsel rebuilds and costs (mpich_native.hpp,
// ompi_native.hpp). docs/mpi-libraries.md says what is claimed for each.
#pragma once

#include <optional>
#include <string_view>

namespace collsel {

enum class NativeLibrary {
  mpich4,    // MPICH 4.x (MPICH's own build; not the MPICH-derived libraries)
  openmpi4,  // Open MPI 4.1 and 5.0 (coll/tuned's fixed decision rules)
  smpi,      // SimGrid SMPI 3.x: its collectives are a run setting (smpi/coll-selector); costed as
             // MPICH's selection (what `mpich` selects), which collsel-calibrate's measurement of
             // the selector that runs corrects, and never taken for a candidate's twin
};

std::string_view to_string(NativeLibrary library);

// The library named by MPI_Get_library_version's text, or nullopt when native's cost model does
// not know it. MPICH is recognised by the text MPICH itself begins with ("MPICH Version:"
// followed by 4.); the MPICH-derived libraries (Intel MPI, MVAPICH, Cray MPICH) print their own
// names and are not recognised. Open MPI by "Open MPI v4.1" or "Open MPI v5.0"; SimGrid's SMPI by
// "SMPI Version 3.".
std::optional<NativeLibrary> identify_native_library(std::string_view version_text);

}  // namespace collsel

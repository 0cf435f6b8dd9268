// Known bugs of MPI libraries' own collectives, as data: where a row matches, "native" must not
// run (the shim picks the best other schedule instead, warns once, and never lets a forced or
// fallback native through). A row applies when every `library` substring occurs in
// MPI_Get_library_version's text, and matches a call by collective, root and byte range.
//
// Deciding is done from what every rank knows, so a defect that depends on something only the
// root sees (MPI_IN_PLACE at the root of a reduce) is matched without that condition: native is
// avoided for every such call shape, in place or not (docs/shim.md).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "collsel/collective.hpp"

namespace collsel::shim {

struct NativeDefect {
  std::array<std::string_view, 2> library;  // substrings of the library version text ("" = any)
  Collective op;
  bool nonzero_root_only;
  std::size_t broken_above_bytes;  // broken for messages strictly larger than this
  int min_procs;
  std::string_view what;
};

inline constexpr std::array kNativeDefects = {
    // Verified on Debian 12's MPICH 4.0.2 (ch4:ucx): 513 ints (2052 B) on 3 ranks at root 1 with
    // MPI_IN_PLACE segfaults inside PMPI_Reduce; 512 ints, root 0, or no MPI_IN_PLACE work.
    NativeDefect{{"MPICH Version:\t4.0.2", "ch4:ucx"}, Collective::reduce, true, 2048, 2,
                 "MPICH 4.0.2 (ch4:ucx) MPI_Reduce with MPI_IN_PLACE at a non-zero root above 2 KB "
                 "segfaults"},
};

// True when the defect covers any call of `op` at `root` on `procs` ranks with a message size in
// [bytes_min, bytes_max].
constexpr bool covers(const NativeDefect& d, Collective op, int procs, int root, std::size_t bytes_max) {
  return d.op == op && procs >= d.min_procs && (!d.nonzero_root_only || root != 0) &&
         bytes_max > d.broken_above_bytes;
}

}  // namespace collsel::shim

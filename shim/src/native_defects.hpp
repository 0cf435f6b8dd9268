// Known bugs of MPI libraries' own collectives, as data: where a row matches, "native" must not
// run (the shim picks the best other schedule instead, warns once, and never lets a forced or
// fallback native through). A row applies when every `library` substring occurs in
// MPI_Get_library_version's text, and matches a call by collective, root, datatype class and
// byte range. Every row names a standalone reproducer under tests/mpi/ (docs/testing.md).
//
// Deciding is done from what every rank knows, so a defect that depends on something only the
// root sees (MPI_IN_PLACE at the root of a reduce) cannot steer the decision. Such a row carries a
// workaround the root applies alone (`root_copy`: the root's in-place data gets a send buffer of
// its own, so the library never sees MPI_IN_PLACE): native stays a candidate and runs correctly
// (docs/shim.md). The datatype class is a property of the type signature, which matching calls
// share on every rank.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "collsel/collective.hpp"

namespace collsel::shim {

// Which datatypes a defect concerns.
enum class TypeClass {
  any,
  mixed,  // the type signature holds more than one basic type (struct {int; double}, MPI_DOUBLE_INT)
};

struct NativeDefect {
  std::array<std::string_view, 2> library;  // substrings of the library version text ("" = any)
  Collective op;
  bool nonzero_root_only;
  TypeClass types;
  // Broken for calls whose bytes (per rank; v-variants: mean block) are strictly larger than
  // this, or, with `times_procs`, whose bytes × procs are (the defect is in the collective's
  // internal messages, which carry up to all ranks' blocks).
  std::size_t broken_above_bytes;
  bool times_procs;
  int min_procs;
  std::string_view what;
  std::string_view reproducer;
  // The root avoids the defect alone by copying its in-place data to a separate send buffer:
  // native is not avoided, the shim's native call at the root copies (wrappers.cpp).
  bool root_copy;
};

inline constexpr std::array kNativeDefects = {
    // Verified on Debian 12's MPICH 4.0.2 (ch4:ucx): 513 ints (2052 B) on 3 ranks at root 1 with
    // MPI_IN_PLACE segfaults inside PMPI_Reduce; 512 ints, root 0, or no MPI_IN_PLACE work.
    NativeDefect{{"MPICH Version:\t4.0.2", "ch4:ucx"}, Collective::reduce, true, TypeClass::any, 2048, false, 2,
                 "MPICH 4.0.2 (ch4:ucx) MPI_Reduce with MPI_IN_PLACE at a non-zero root above 2 KB "
                 "segfaults",
                 "tests/mpi/native_reduce_inplace_bug.c", true},
    // MPICH's binomial scatter/gather move packed bytes and receive them into the user's type at
    // the leaves; a contiguous message of >= 8256 bytes received with a type mixing basic types
    // fails with "Message truncated" (point-to-point, any root; smallest failures seen: scatter
    // 690 struct {int; double} per rank on 2 ranks, gather 680 per rank on 4 ranks).
    NativeDefect{{"MPICH Version:\t4.0.2", "ch4:ucx"}, Collective::scatter, false, TypeClass::mixed, 8192, true, 2,
                 "MPICH 4.0.2 (ch4:ucx) MPI_Scatter with a datatype mixing basic types above 8 KB in total "
                 "fails with 'Message truncated'",
                 "tests/mpi/native_mixed_type_truncation_bug.c", false},
    NativeDefect{{"MPICH Version:\t4.0.2", "ch4:ucx"}, Collective::gather, false, TypeClass::mixed, 8192, true, 2,
                 "MPICH 4.0.2 (ch4:ucx) MPI_Gather with a datatype mixing basic types above 8 KB in total "
                 "fails with 'Message truncated'",
                 "tests/mpi/native_mixed_type_truncation_bug.c", false},
};

// True when the defect covers any call of `op` at `root` on `procs` ranks with a message size up
// to bytes_max and a datatype that is (`mixed`) or is not of the mixed class (whether or not it
// has a root_copy workaround).
constexpr bool covers(const NativeDefect& d, Collective op, int procs, int root, std::size_t bytes_max,
                      bool mixed = false) {
  if (d.op != op || procs < d.min_procs || (d.nonzero_root_only && root == 0)) return false;
  if (d.types == TypeClass::mixed && !mixed) return false;
  const std::size_t limit = d.times_procs ? d.broken_above_bytes / std::size_t(procs) : d.broken_above_bytes;
  return bytes_max > limit;
}

// The library's known defects, from MPI_Get_library_version's text: the rows of kNativeDefects
// that apply to it (every `library` substring occurs in the text), and by op whether one of them
// depends on the datatype class. (Which library's native algorithms to cost:
// identify_native_library, collsel/native_library.hpp.)
struct LibraryInfo {
  std::vector<const NativeDefect*> defects;
  std::array<bool, kCollectiveCount> type_defects{};
};
LibraryInfo detect_library(std::string_view version_text);

// The first of `defects` that makes native wrong for some call of `op` at `root` on `procs` ranks
// of up to bytes_max bytes (covers()) and that the root cannot avoid alone (no root_copy); null
// when native runs correctly. The shim avoids native there; collsel-bench's `auto` does the same.
const NativeDefect* native_defect(std::span<const NativeDefect* const> defects, Collective op, int procs, int root,
                                  std::size_t bytes_max, bool mixed = false);

}  // namespace collsel::shim

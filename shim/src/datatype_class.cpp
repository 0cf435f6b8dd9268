// Datatype class of a call: whether a type signature mixes basic types (TypeClass::mixed), which
// some native defects depend on. Cached on derived datatypes as an attribute.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "runtime.hpp"

namespace collsel::shim {

namespace {

bool pair_type(MPI_Datatype t) {
  // The predefined pair types of MINLOC/MAXLOC: structs of two basic types.
  return t == MPI_FLOAT_INT || t == MPI_DOUBLE_INT || t == MPI_LONG_INT || t == MPI_SHORT_INT ||
         t == MPI_LONG_DOUBLE_INT;
}

struct Envelope {
  int ints = 0, addrs = 0, types = 0, combiner = MPI_COMBINER_NAMED;
  bool ok = true;  // false: not describable with int counts (a large-count type)
};
Envelope envelope(MPI_Datatype t) {
  Envelope e;
  e.ok = PMPI_Type_get_envelope(t, &e.ints, &e.addrs, &e.types, &e.combiner) == MPI_SUCCESS;
  return e;
}

// Collects distinct basic types of a type signature (walks the type constructors; stops at two).
// A type that cannot be walked counts as mixed, which only makes the shim avoid a broken native.
void basic_types(MPI_Datatype t, std::vector<MPI_Datatype>& out) {
  const Envelope e = envelope(t);
  if (!e.ok) {
    out.insert(out.end(), {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL});
    return;
  }
  if (e.combiner == MPI_COMBINER_NAMED) {
    if (pair_type(t)) out.insert(out.end(), {MPI_INT, t});
    else if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    return;
  }
  std::vector<int> ints(std::size_t(e.ints) + 1);
  std::vector<MPI_Aint> addrs(std::size_t(e.addrs) + 1);
  std::vector<MPI_Datatype> types(std::size_t(e.types) + 1);
  PMPI_Type_get_contents(t, e.ints, e.addrs, e.types, ints.data(), addrs.data(), types.data());
  for (int i = 0; i < e.types; ++i) {
    MPI_Datatype sub = types[std::size_t(i)];
    if (out.size() < 2) basic_types(sub, out);
    // Derived types returned by get_contents are new handles the caller frees.
    if (envelope(sub).combiner != MPI_COMBINER_NAMED) PMPI_Type_free(&sub);
  }
}

}  // namespace

bool mixed_signature_slow(Runtime& rt, MPI_Datatype t) {
#if defined(MPICH)
  // A predefined type (MPICH handle kind 1) needs no walk.
  if ((static_cast<unsigned>(t) >> 30) == 1u) return pair_type(t);
#endif
  const bool derived = envelope(t).combiner != MPI_COMBINER_NAMED;
  void* value = nullptr;
  int flag = 0;
  if (derived && PMPI_Type_get_attr(t, rt.type_keyval, &value, &flag) == MPI_SUCCESS && flag)
    return reinterpret_cast<std::intptr_t>(value) == 2;
  std::vector<MPI_Datatype> basics;
  basic_types(t, basics);
  const bool mixed = basics.size() > 1;
  if (derived)  // attributes cannot be set on predefined types
    PMPI_Type_set_attr(t, rt.type_keyval, reinterpret_cast<void*>(std::intptr_t(mixed ? 2 : 1)));
  return mixed;
}

}  // namespace collsel::shim

#include "native_defects.hpp"

namespace collsel::shim {

LibraryInfo detect_library(std::string_view text) {
  LibraryInfo info;
  for (const NativeDefect& d : kNativeDefects) {
    bool match = true;
    for (std::string_view part : d.library)
      if (!part.empty() && text.find(part) == std::string_view::npos) match = false;
    if (!match) continue;
    info.defects.push_back(&d);
    if (d.types != TypeClass::any) info.type_defects[std::size_t(d.op)] = true;
  }
  return info;
}

const NativeDefect* native_defect(std::span<const NativeDefect* const> defects, Collective op, int procs, int root,
                                  std::size_t bytes_max, bool mixed) {
  for (const NativeDefect* d : defects)
    if (!d->root_copy && covers(*d, op, procs, root, bytes_max, mixed)) return d;
  return nullptr;
}

}  // namespace collsel::shim

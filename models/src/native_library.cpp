#include "collsel/native_library.hpp"

namespace collsel {

std::string_view to_string(NativeLibrary library) {
  switch (library) {
    case NativeLibrary::mpich4: return "MPICH 4";
    case NativeLibrary::openmpi4: return "Open MPI 4.1/5.0";
    case NativeLibrary::smpi: return "SimGrid SMPI 3";
  }
  return "?";
}

std::optional<NativeLibrary> identify_native_library(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return std::nullopt;
  text.remove_prefix(first);
  if (constexpr std::string_view mpich = "MPICH Version:"; text.starts_with(mpich)) {
    const std::size_t number = text.find_first_not_of(" \t", mpich.size());
    if (number != std::string_view::npos && text.substr(number, 2) == "4.") return NativeLibrary::mpich4;
    return std::nullopt;
  }
  for (std::string_view ompi : {"Open MPI v4.1", "Open MPI v5.0"})
    if (text.starts_with(ompi) && (text.size() == ompi.size() || text[ompi.size()] < '0' || text[ompi.size()] > '9'))
      return NativeLibrary::openmpi4;
  if (text.starts_with("SMPI Version 3.")) return NativeLibrary::smpi;
  return std::nullopt;
}

}  // namespace collsel

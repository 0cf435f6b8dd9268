// The MPI library collsel runs with, as one line, and the --version line of the MPI tools
// (collsel-calibrate, collsel-bench, the channels probe): "PROGRAM VERSION (MPI: LIBRARY)".
// MPI_Get_library_version may be called before MPI_Init, so --version needs no MPI launcher.
#pragma once

#include <mpi.h>

#include <cctype>
#include <cstring>
#include <string>
#include <string_view>

#include "collsel/version.hpp"

namespace collsel {

// The first line of a library version text, runs of blanks made one space ("MPICH Version:\t4.0.2"
// -> "MPICH Version: 4.0.2").
inline std::string library_version_line(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, text.find('\n'))) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

inline std::string mpi_library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  MPI_Get_library_version(text, &len);
  return library_version_line(std::string_view(text, std::size_t(len > 0 ? len : 0)));
}

inline std::string version_line(std::string_view program) {
  return std::string(program) + " " + kVersion + " (MPI: " + mpi_library_version() + ")";
}

// Whether the command line asks for --version (checked before MPI_Init, which may need a launcher).
inline bool version_asked(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--version") == 0) return true;
  return false;
}

}  // namespace collsel

# Installed metadata for consumers and packagers: the CMake package (find_package(collsel)), a
# pkg-config file (collsel.pc), and CPack's Debian package (`cpack -G DEB` in the build tree).

include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/collselConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
configure_package_config_file(cmake/collselConfig.cmake.in ${CMAKE_BINARY_DIR}/collselConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/collsel)
install(FILES ${CMAKE_BINARY_DIR}/collselConfig.cmake ${CMAKE_BINARY_DIR}/collselConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/collsel COMPONENT dev)
install(EXPORT collselTargets NAMESPACE collsel:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/collsel COMPONENT dev)

# collsel.pc. Its prefix is computed from the file's own place (${pcfiledir}), so the same file
# serves `cmake --install --prefix ANY`, a .deb unpacked anywhere, and Spack's prefixes. The MPI
# library's own pkg-config module is required when one exists (mpich, or Open MPI's ompi-c), so
# `cc $(pkg-config --cflags --libs collsel)` compiles an MPI program without mpicc.
file(RELATIVE_PATH COLLSEL_PC_PREFIX_FROM_PCDIR
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" COLLSEL_PC_PREFIX_FROM_PCDIR "${COLLSEL_PC_PREFIX_FROM_PCDIR}")
set(COLLSEL_PC_REQUIRES "")
foreach(module mpich ompi-c)
  pkg_check_modules(COLLSEL_PC_MPI_${module} QUIET ${module})
  if(COLLSEL_PC_MPI_${module}_FOUND)
    set(COLLSEL_PC_REQUIRES ${module})
    break()
  endif()
endforeach()
configure_file(cmake/collsel.pc.in ${CMAKE_BINARY_DIR}/collsel.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/collsel.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# Debian packages, one per install component: collsel (runtime: the tools, libcollsel.so.MAJOR
# and the aids in the multiarch libdir, share/collsel with the default configuration and example
# models) and collsel-dev (headers, the libcollsel.so link, the static archives, the CMake and
# pkg-config files), which depends on the same version of collsel. Library dependencies are found
# by dpkg-shlibdeps from the binaries themselves.
set(CPACK_PACKAGE_NAME collsel)
set(CPACK_PACKAGE_VENDOR "collsel developers")
set(CPACK_PACKAGE_CONTACT "collsel developers <collsel@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Model-driven selection of MPI collective algorithms (LD_PRELOAD PMPI shim and tools)")
set(CPACK_PACKAGE_DESCRIPTION
  "collsel intercepts MPI_Bcast, MPI_Reduce, MPI_Scatter(v) and MPI_Gather(v) of unmodified MPI applications through PMPI, predicts the cost of candidate algorithms from a calibrated model of the cluster, and runs the fastest. Includes collsel-calibrate, collsel-predict, collsel-bench and collsel-bbs-sim.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME collsel)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME collsel-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "collsel (= ${PROJECT_VERSION})")
set(CPACK_COMPONENT_DEV_DESCRIPTION "collsel development files: headers, static libraries, CMake and pkg-config files")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The shim is useless without an MPI to preload it into; the tools are MPI programs.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "mpich")
# Built against Open MPI: its own package names and MPI (docs/mpi-libraries.md).
if(COLLSEL_MPI_FLAVOUR STREQUAL "openmpi")
  set(CPACK_PACKAGE_NAME collsel-openmpi)
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME collsel-openmpi)
  set(CPACK_DEBIAN_DEV_PACKAGE_NAME collsel-openmpi-dev)
  set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "collsel-openmpi (= ${PROJECT_VERSION})")
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "openmpi-bin")
endif()
set(CPACK_STRIP_FILES OFF)
include(CPack)

# Installed metadata for consumers and packagers: the CMake package (find_package(collsel)), a
# pkg-config file (collsel.pc), and CPack's Debian package (`cpack -G DEB` in the build tree).

include(CMakePackageConfigHelpers)
# Each MPI flavour has a CMake package directory of its own, so both install side by side:
# LIBDIR/cmake/collsel (MPICH) and LIBDIR/cmake/collsel-openmpi (Open MPI). find_package(collsel)
# searches both (CMake looks in cmake/<name>*/); the version file accepts its flavour when the
# consumer asks for it (COLLSEL_MPI_FLAVOUR=mpich or openmpi), or when none is asked for and no
# MPICH package is installed beside it: MPICH's is the default (cmake/collselConfigVersion.cmake.in).
set(COLLSEL_CMAKE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/collsel${COLLSEL_FLAVOUR_SUFFIX})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/collselConfigVersion-basic.cmake
  COMPATIBILITY SameMinorVersion)
file(READ ${CMAKE_BINARY_DIR}/collselConfigVersion-basic.cmake COLLSEL_BASIC_VERSION_CHECK)
configure_file(cmake/collselConfigVersion.cmake.in ${CMAKE_BINARY_DIR}/collselConfigVersion.cmake @ONLY)
configure_package_config_file(cmake/collselConfig.cmake.in ${CMAKE_BINARY_DIR}/collselConfig.cmake
  INSTALL_DESTINATION ${COLLSEL_CMAKE_PACKAGE_DIR})
install(FILES ${CMAKE_BINARY_DIR}/collselConfig.cmake ${CMAKE_BINARY_DIR}/collselConfigVersion.cmake
  DESTINATION ${COLLSEL_CMAKE_PACKAGE_DIR} COMPONENT dev)
install(EXPORT collselTargets NAMESPACE collsel:: DESTINATION ${COLLSEL_CMAKE_PACKAGE_DIR} COMPONENT dev)

# collsel.pc. Its prefix is computed from the file's own place (${pcfiledir}), so the same file
# serves `cmake --install --prefix ANY`, a .deb unpacked anywhere, and Spack's prefixes. The MPI
# library's own pkg-config module is required when it exists (mpich, or Open MPI's ompi-c), so
# `cc $(pkg-config --cflags --libs collsel)` (collsel-openmpi) compiles an MPI program without mpicc.
file(RELATIVE_PATH COLLSEL_PC_PREFIX_FROM_PCDIR
  ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" COLLSEL_PC_PREFIX_FROM_PCDIR "${COLLSEL_PC_PREFIX_FROM_PCDIR}")
set(COLLSEL_PC_REQUIRES "")
if(COLLSEL_MPI_FLAVOUR STREQUAL "openmpi")
  set(COLLSEL_PC_MPI_MODULE ompi-c)
else()
  set(COLLSEL_PC_MPI_MODULE mpich)
endif()
pkg_check_modules(COLLSEL_PC_MPI QUIET ${COLLSEL_PC_MPI_MODULE})
if(COLLSEL_PC_MPI_FOUND)
  set(COLLSEL_PC_REQUIRES ${COLLSEL_PC_MPI_MODULE})
endif()
# collsel.pc for MPICH, collsel-openmpi.pc for Open MPI (as Debian names its MPI-flavoured modules).
set(COLLSEL_PC_NAME collsel${COLLSEL_FLAVOUR_SUFFIX})
configure_file(cmake/collsel.pc.in ${CMAKE_BINARY_DIR}/${COLLSEL_PC_NAME}.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/${COLLSEL_PC_NAME}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# Debian packages, one per install component (top CMakeLists.txt), so that the MPICH and the Open
# MPI builds' packages install side by side (FLAVOUR: mpich or openmpi, COLLSEL_MPI_FLAVOUR):
#   collsel-FLAVOUR      (runtime) the shim libcollsel[-openmpi].so.MAJOR (SONAME) in the multiarch
#                        libdir, collsel-calibrate[.openmpi], collsel-bench[.openmpi];
#   collsel-FLAVOUR-dev  (dev) the shim's link libcollsel[-openmpi].so, libcollsel_exec[-openmpi].a,
#                        the CMake package (cmake/collsel[-openmpi]/), collsel[-openmpi].pc;
#   collsel-common       (common) what has no MPI: collsel-predict, -bbs-sim, -info, the aids,
#                        share/collsel (default configuration, example models);
#   collsel-common-dev   (common_dev) the headers and libcollsel_models.a.
# Both flavours' builds make the same collsel-common and collsel-common-dev; the flavours' own
# files have names of their own. Library dependencies are found by dpkg-shlibdeps.
set(COLLSEL_DEB_NAME collsel-${COLLSEL_MPI_FLAVOUR})
set(CPACK_PACKAGE_NAME ${COLLSEL_DEB_NAME})
set(CPACK_PACKAGE_VENDOR "collsel developers")
set(CPACK_PACKAGE_CONTACT "collsel developers <collsel@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Model-driven selection of MPI collective algorithms (LD_PRELOAD PMPI shim and tools)")
set(CPACK_PACKAGE_DESCRIPTION
  "collsel intercepts MPI_Bcast, MPI_Reduce, MPI_Scatter(v) and MPI_Gather(v) of unmodified MPI applications through PMPI, predicts the cost of candidate algorithms from a calibrated model of the cluster, and runs the fastest. Includes collsel-calibrate, collsel-predict, collsel-bench and collsel-bbs-sim.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev common common_dev)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The shim is useless without an MPI to preload it into; the tools are MPI programs.
if(COLLSEL_MPI_FLAVOUR STREQUAL "openmpi")
  set(COLLSEL_DEB_MPI_RUNTIME openmpi-bin)
  set(COLLSEL_DEB_MPI_DEV libopenmpi-dev)
  set(COLLSEL_DEB_MPI_NAME "Open MPI")
else()
  set(COLLSEL_DEB_MPI_RUNTIME mpich)
  set(COLLSEL_DEB_MPI_DEV libmpich-dev)
  set(COLLSEL_DEB_MPI_NAME "MPICH")
endif()
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${COLLSEL_DEB_NAME})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "collsel-common (= ${PROJECT_VERSION}), ${COLLSEL_DEB_MPI_RUNTIME}")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
  "collsel for ${COLLSEL_DEB_MPI_NAME}: the PMPI shim and the MPI tools (collsel-calibrate, collsel-bench)")
set(CPACK_DEBIAN_DEV_PACKAGE_NAME ${COLLSEL_DEB_NAME}-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "${COLLSEL_DEB_NAME} (= ${PROJECT_VERSION}), collsel-common-dev (= ${PROJECT_VERSION}), ${COLLSEL_DEB_MPI_DEV}")
set(CPACK_COMPONENT_DEV_DESCRIPTION
  "collsel for ${COLLSEL_DEB_MPI_NAME}, development files: the shim's link, the executors' static library, CMake and pkg-config files")
set(CPACK_DEBIAN_COMMON_PACKAGE_NAME collsel-common)
set(CPACK_COMPONENT_COMMON_DESCRIPTION
  "collsel, the parts without MPI: collsel-predict, collsel-bbs-sim, collsel-info, the yield aids, default configuration and example models")
set(CPACK_DEBIAN_COMMON_DEV_PACKAGE_NAME collsel-common-dev)
set(CPACK_DEBIAN_COMMON_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_COMMON_DEV_DESCRIPTION "collsel development files without MPI: headers and the models' static library")
set(CPACK_STRIP_FILES OFF)
include(CPack)

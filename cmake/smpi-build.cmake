# The SMPI build beside the main one (docs/smpi.md): when SimGrid is installed, `cmake --build
# build` also configures and builds this source tree with COLLSEL_SMPI=ON in build/smpi/, whose
# programs (bin/collsel-calibrate, bin/collsel-bench, bin/collsel_matmul) run under smpirun; the
# main build's tests/smpi/ runs them. COLLSEL_WITH_SMPI=OFF skips it.
find_program(COLLSEL_SMPIRUN smpirun)
find_path(COLLSEL_SMPI_HEADER smpi/mpi.h)
if(COLLSEL_SMPIRUN AND COLLSEL_SMPI_HEADER)
  set(smpi_default ON)
else()
  set(smpi_default OFF)
endif()
option(COLLSEL_WITH_SMPI "Also build the SMPI programs in build/smpi (needs SimGrid)" ${smpi_default})
if(NOT COLLSEL_WITH_SMPI)
  message(STATUS "SMPI build: off (SimGrid's smpirun and smpi/mpi.h ${COLLSEL_SMPIRUN} ${COLLSEL_SMPI_HEADER})")
  return()
endif()
include(ExternalProject)
set(COLLSEL_SMPI_BINARY_DIR ${CMAKE_BINARY_DIR}/smpi)
# models/ has no MPI: the SMPI build links this build's libcollsel_models.a instead of compiling
# it again (half of its work). Not from a sanitized build, whose objects need the sanitizers'
# runtime that the SMPI build leaves out.
set(smpi_models_args "")
set(smpi_depends "")
if(NOT COLLSEL_SANITIZE AND NOT COLLSEL_MODELS_LIBRARY)
  set(smpi_models_args -DCOLLSEL_MODELS_LIBRARY=$<TARGET_FILE:collsel_models>)
  set(smpi_depends DEPENDS collsel_models)
endif()
# The build type's flags as the main build has them (scripts/test.sh sets its own).
string(TOUPPER "${CMAKE_BUILD_TYPE}" build_type_upper)
ExternalProject_Add(collsel_smpi
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${COLLSEL_SMPI_BINARY_DIR}
  CMAKE_ARGS -DCOLLSEL_SMPI=ON -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
             -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
             -DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER}
             -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
             -DCOLLSEL_SANITIZE=OFF ${smpi_models_args}
             "-DCMAKE_C_FLAGS_${build_type_upper}=${CMAKE_C_FLAGS_${build_type_upper}}"
             "-DCMAKE_CXX_FLAGS_${build_type_upper}=${CMAKE_CXX_FLAGS_${build_type_upper}}"
  ${smpi_depends}
  CMAKE_GENERATOR ${CMAKE_GENERATOR}
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON  # let the inner build decide what changed
  USES_TERMINAL_BUILD ON)

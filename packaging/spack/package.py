# Spack recipe for collsel.
#
# Written against Spack's documented CMakePackage conventions (package class named after the
# package, version()/variant()/depends_on() directives, cmake_args() with self.define and
# self.define_from_variant, build-time tests through the CMake "test" target). No Spack
# installation was reachable where this file was written, so it has not been run by `spack
# install`; `spack style` and `spack audit` were not run either. To use it, copy this directory
# into a Spack repository as packages/collsel/package.py (`spack repo create`, then
# `spack install collsel`), and set `git` below to where your collsel clone lives.

from spack.package import *


class Collsel(CMakePackage):
    """Model-driven selection of MPI collective algorithms. libcollsel.so is preloaded
    (LD_PRELOAD) into unmodified MPI applications; through PMPI it intercepts MPI_Bcast,
    MPI_Reduce, MPI_Scatter(v) and MPI_Gather(v), predicts every candidate algorithm's cost from
    a calibrated model of the cluster (collsel-calibrate) and runs the fastest."""

    homepage = "https://example.org/collsel"
    git = "https://example.org/collsel.git"

    maintainers("collsel-developers")
    license("UNKNOWN")

    version("main", branch="main")
    version("0.1.0", tag="v0.1.0")

    variant("tests", default=False, description="Build the GoogleTest unit tests and MPI tests")
    variant("benchmarks", default=False, description="Build the Google Benchmark micro-benchmarks")

    # The top-level CMakeLists.txt requires CMake 3.25 and C++20.
    depends_on("cmake@3.25:", type="build")
    depends_on("pkgconfig", type="build")
    depends_on("c", type="build")
    depends_on("cxx", type="build")

    # libcollsel.so interposes the MPI library the application uses: build it with that MPI.
    depends_on("mpi")
    depends_on("hwloc")
    depends_on("gsl")
    # Header-only parts: Boost.Graph (topology-aware trees), TOML++ (model and config files).
    depends_on("boost+graph")
    depends_on("tomlplusplus")
    depends_on("glpk")  # the linear program of broadcast by balanced saturation (BBS)
    depends_on("cli11")  # collsel-bbs-sim's command line

    depends_on("googletest", when="+tests")
    depends_on("benchmark", when="+benchmarks")

    def cmake_args(self):
        return [
            self.define_from_variant("COLLSEL_BUILD_TESTS", "tests"),
            self.define_from_variant("COLLSEL_BUILD_BENCHMARKS", "benchmarks"),
            self.define("MPI_C_COMPILER", self.spec["mpi"].mpicc),
            self.define("MPI_CXX_COMPILER", self.spec["mpi"].mpicxx),
            # Spack's prefixes keep libraries in lib/, also on Debian hosts (where collsel would
            # otherwise use the multiarch lib/<triplet>): the paths below rely on it.
            self.define("CMAKE_INSTALL_LIBDIR", "lib"),
        ]

    def setup_run_environment(self, env):
        # What a user of the module needs to preload the shim; the model is per cluster (made by
        # collsel-calibrate), so COLLSEL_MODEL is left to the site or the user. libcollsel.so
        # ignores these two names without a warning (shim/src/settings.hpp, kOtherVariables).
        # Built against Open MPI the shim is libcollsel-openmpi.so (docs/mpi-libraries.md).
        shim = "libcollsel-openmpi.so" if self.spec["mpi"].name == "openmpi" else "libcollsel.so"
        env.set("COLLSEL_SHIM", join_path(self.prefix.lib, shim))
        env.set("COLLSEL_YIELD_AID", join_path(self.prefix.lib, "libcollsel-yield.so"))

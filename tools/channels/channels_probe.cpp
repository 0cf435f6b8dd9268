// Runs the intra-node channel calibration alone and prints the [channels] section it would add to
// the model file (collsel-calibrate does the same as part of its run). With --check it verifies
// the result instead and exits non-zero on a problem (77, a skip, when no channel could be
// measured, e.g. unbound ranks): the test of measure_channels().
//   mpiexec -n 2 -bind-to core collsel_channels_probe [--check]
// --version prints the version and the MPI library (no launcher needed).
#include <cstdio>
#include <cstring>

#include "collsel/mpi_version.hpp"
#include "measure_channels.hpp"

int main(int argc, char** argv) {
  if (collsel::version_asked(argc, argv)) {
    std::printf("%s\n", collsel::version_line("collsel_channels_probe").c_str());
    return 0;
  }
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const bool check = argc > 1 && std::strcmp(argv[1], "--check") == 0;
  collsel::ChannelMeasureOptions opt;
  opt.sizes = {0, 4096, 65536};
  opt.repetitions = 9;
  int status = 0;
  const collsel::ChannelMeasurement m = collsel::measure_channels(MPI_COMM_WORLD, opt);
  if (rank == 0) {
    if (!m.model) {
      std::printf("channels: none measured: %s\n", m.why_not.c_str());
      // Unbound ranks are a documented outcome, not a failure (some launchers cannot bind); the
      // check has nothing to verify then, so it reports a skip (ctest SKIP_RETURN_CODE 77).
      if (check) status = 77;
    } else {
      std::printf("# host %s: %d p2p points, %d NBFT points\n%s", m.host.c_str(), m.p2p_points, m.nbft_points,
                  collsel::format_channels_section(*m.model).c_str());
      if (check) {
        const collsel::Topology topo = collsel::Topology::live();
        int classes = 0;
        for (collsel::Channel c : collsel::all_channels)
          if (const auto& p = m.model->params(c)) {
            ++classes;
            // A real message costs something and less than a second on one node.
            if (!(p->p2p.at(65536) > 0 && p->p2p.at(65536) < 1.0) || p->pairs < 1) status = 1;
          }
        if (classes == 0 || m.p2p_points < 3) status = 1;
        if (status) std::printf("channels: implausible measurement\n");
      }
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  // Every rank must hold the same model.
  const std::string mine = m.model ? collsel::format_channels_section(*m.model) : "";
  unsigned long h = 5381;
  for (char c : mine) h = h * 33 + static_cast<unsigned char>(c);
  unsigned long lo = h, hi = h;
  MPI_Allreduce(&h, &lo, 1, MPI_UNSIGNED_LONG, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&h, &hi, 1, MPI_UNSIGNED_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (lo != hi) {
    if (rank == 0) std::printf("channels: ranks disagree on the model\n");
    status = 1;
  }
  MPI_Finalize();
  return check ? status : 0;
}

// Host classes (collsel/host_classes.hpp): a few landmark hosts time a round trip with every other
// host at an empty and a large message; hosts alike towards every landmark form a class, and the
// pair experiments then run on a few representatives per class only.
//
// Cost: landmarks x (H - 1) x 2 sizes x (repetitions + 1) round trips, one pair at a time (no
// contention between experiments; the other processes wait in a receive), plus one broadcast per
// landmark. At H = 1024 with 3 landmarks and the quick preset: 24 552 round trips.
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <sstream>

#include "collsel/host_classes.hpp"
#include "phases.hpp"

namespace collsel::calibrate {
namespace {

constexpr int kSurveyTag = 0x5c1;

// The landmark host's leader times `reps` round trips (after one untimed) of each size with the
// leader of every other host, in host order; each other leader answers its turn. Returns, on every
// rank, the median round trip per host and size (NaN for the landmark's own host).
std::vector<std::array<double, 2>> survey_from(MPI_Comm comm, const std::vector<int>& leaders, int landmark,
                                               const std::array<std::size_t, 2>& sizes, int reps,
                                               measure::Buffers& buf) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const int me = leaders[std::size_t(landmark)];
  const std::size_t hosts = leaders.size();
  std::vector<double> flat(hosts * 2, kUnmeasured);
  char* data = buf.send(sizes[1]);
  if (rank == me) {
    std::vector<double> samples(static_cast<std::size_t>(reps));
    for (std::size_t h = 0; h < hosts; ++h) {
      if (int(h) == landmark) continue;
      for (std::size_t s = 0; s < 2; ++s) {
        for (int k = -1; k < reps; ++k) {
          const double t0 = MPI_Wtime();
          MPI_Send(data, int(sizes[s]), MPI_BYTE, leaders[h], kSurveyTag, comm);
          MPI_Recv(data, int(sizes[s]), MPI_BYTE, leaders[h], kSurveyTag, comm, MPI_STATUS_IGNORE);
          if (k >= 0) samples[std::size_t(k)] = MPI_Wtime() - t0;
        }
        std::nth_element(samples.begin(), samples.begin() + reps / 2, samples.end());
        flat[h * 2 + s] = samples[std::size_t(reps / 2)];
      }
    }
  } else if (std::find(leaders.begin(), leaders.end(), rank) != leaders.end()) {
    for (std::size_t s = 0; s < 2; ++s)
      for (int k = -1; k < reps; ++k) {
        MPI_Recv(data, int(sizes[s]), MPI_BYTE, me, kSurveyTag, comm, MPI_STATUS_IGNORE);
        MPI_Send(data, int(sizes[s]), MPI_BYTE, me, kSurveyTag, comm);
      }
  }
  MPI_Bcast(flat.data(), int(flat.size()), MPI_DOUBLE, me, comm);
  std::vector<std::array<double, 2>> out(hosts);
  for (std::size_t h = 0; h < hosts; ++h) out[h] = {flat[h * 2], flat[h * 2 + 1]};
  return out;
}

}  // namespace

HostClassSurvey survey_host_classes(MPI_Comm comm, const Cluster& placement, const ClassOptions& opt,
                                    measure::Progress& progress, measure::Buffers& buf) {
  const std::size_t hosts = std::size_t(placement.host_count());
  std::vector<int> leaders(hosts, -1);
  for (int p = placement.size() - 1; p >= 0; --p) leaders[std::size_t(placement.host_of(p))] = p;
  const std::array<std::size_t, 2> sizes = {0, opt.large_bytes};

  HostClassSurvey out;
  out.signatures.assign(hosts, {});
  progress.phase("host classes");
  int landmark = 0;  // the first host (rank 0's)
  while (landmark >= 0 && int(out.landmarks.size()) < opt.landmarks) {
    out.landmarks.push_back(landmark);
    const auto row = survey_from(comm, leaders, landmark, sizes, opt.repetitions, buf);
    for (std::size_t h = 0; h < hosts; ++h) {
      out.signatures[h].push_back(row[h][0]);
      out.signatures[h].push_back(row[h][1]);
    }
    progress.step();
    if (out.landmarks.size() == 1) {
      // The second landmark is the first one's fastest peer: a landmark behind a slow link would
      // see every host at its own link's speed and tell no bandwidth apart.
      std::vector<double> large(hosts);
      for (std::size_t h = 0; h < hosts; ++h) large[h] = row[h][1];
      landmark = fastest_host(large, landmark);
    } else {
      landmark = next_landmark(out.signatures, out.landmarks);
    }
  }
  // Classes within the tolerance; where noise splits them into more classes than representatives
  // can afford, the tolerance widens until they fit.
  out.tolerance = opt.tolerance;
  out.host_class = classify_hosts(out.signatures, out.tolerance);
  auto count = [](const std::vector<int>& c) { return c.empty() ? 0 : *std::max_element(c.begin(), c.end()) + 1; };
  while (count(out.host_class) > opt.max_classes) {
    out.tolerance = out.tolerance * 1.5 + 0.01;
    out.host_class = classify_hosts(out.signatures, out.tolerance);
  }
  out.classes = count(out.host_class);
  return out;
}

int classes_steps(int landmarks) { return landmarks; }

}  // namespace collsel::calibrate

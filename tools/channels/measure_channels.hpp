// The MPI side of the intra-node channel calibration (docs/channels.md, "Calibrating"):
// collsel-calibrate calls measure_channels() once, collectively, and stores the result as
// ModelFile::channels. Planning and fitting live in models/ (channels.hpp); this file only runs
// the ping-pongs and NBFT series on one node.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "collsel/channels.hpp"

namespace collsel {

struct ChannelMeasureOptions {
  std::vector<std::size_t> sizes = {0, 1024, 16384, 65536, 262144};  // bytes; capped by max_bytes
  std::size_t max_bytes = std::size_t(1) << 20;
  int pairs_per_channel = 3;   // representative_pairs()
  int max_nbft_receivers = 8;  // nbft_plans()
  int repetitions = 15;        // timed repetitions per point (median), after 2 warm-ups
};

struct ChannelMeasurement {
  std::optional<ChannelModel> model;  // the same on every rank of the communicator
  std::string host;                   // the node measured ("" when none)
  std::string why_not;                // when no model: the reason, for a warning
  int p2p_points = 0, nbft_points = 0;
};

// Collective over `comm` (every rank must call it). Measures the host with the most ranks bound
// to one core each (bound_core_of_this_process(); ties: the host of the lowest rank); needs two
// such ranks there, otherwise returns no model and the reason. Timing of an NBFT compares
// MPI_Wtime across the processes of that one host (a node-wide clock). Throws nothing MPI-related:
// MPI errors abort as usual.
ChannelMeasurement measure_channels(MPI_Comm comm, const ChannelMeasureOptions& options = {});

}  // namespace collsel

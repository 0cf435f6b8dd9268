// The phases of collsel-calibrate: each measures with the engine and fits with collsel/fit.hpp.
// Every function is collective over the engine's communicator and returns the same result on
// every rank.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/host_classes.hpp"
#include "collsel/lmo.hpp"
#include "collsel/model_file.hpp"
#include "collsel/native_cost.hpp"
#include "collsel/plogp.hpp"
#include "collsel/rank_mapping.hpp"
#include "engine.hpp"
#include "experiments.hpp"
#include "collsel/fit.hpp"
#include "progress.hpp"

namespace collsel::calibrate {

struct Context {
  measure::Engine& engine;
  measure::Progress& progress;
  const measure::Preset& preset;
  std::size_t max_bytes;
  std::vector<std::size_t> sizes;  // message sizes of the p2p series: 0, 1 KiB, growing, max_bytes
  std::vector<std::string>& notes; // lines for the model file's notes
  std::vector<std::string>& clamped;  // fits forced to zero ("hockney alpha 2-5"), for [collsel_model] clamped
  measure::Buffers buffers{};
};

// Host classes (classes_phase.cpp): landmark survey and classification.
struct ClassOptions {
  int landmarks = 3;          // hosts that time a round trip with every other host
  double tolerance = 0.1;     // relative difference of signatures within which hosts are alike
  int max_classes = 16;       // beyond this many, the closest classes merge (the tolerance widens for them)
  std::size_t large_bytes = 1 << 20;  // the survey's large message (the empty one is the other)
  int repetitions = 3;        // timed round trips per host and size (the median is kept)
  bool switch_groups = true;  // also learn which hosts of a class are near (find_switch_groups)
  int speed_landmarks = 2;    // landmarks the speed check may add (hidden_speed_pair)
};
struct HostClassSurvey {
  std::vector<int> landmarks;   // hosts, in the order they surveyed
  HostSignatures signatures;    // per host: (empty, large) round trip towards each landmark
  std::vector<int> host_class;  // per host
  double tolerance = 0;         // the tolerance the classes hold to (widened where the classes were too many)
  int classes = 0;
  int speed_landmarks = 0;      // of the landmarks, those the speed check added (large column only)
  double fastest_transfer = kUnmeasured;  // the fastest (large - empty) round trip any landmark measured
  // Switch groups: per host, the (empty, large) round trip with host h + 1 of its class (NaN where
  // not measured), the group (empty: none found), how many groups, and how many were dropped
  // because their first and last hosts were not near.
  std::vector<std::array<double, 2>> next_pair;
  std::vector<int> host_group;
  int groups = 0, groups_dropped = 0;
};
// Collective over comm; `placement` is comm's processes (hosts in order of first appearance).
HostClassSurvey survey_host_classes(MPI_Comm comm, const Cluster& placement, const ClassOptions& opt,
                                    measure::Progress& progress, measure::Buffers& buf);
int classes_steps(const ClassOptions& opt);

// Progress steps of each phase at P processes (rounds, series or operations).
int hockney_steps(int processes);
int lmo_steps(int processes);
int plogp_steps(int processes);
int native_steps();
int compute_steps();
int validation_steps();

// Round trips of every pair over ctx.sizes in tournament rounds; alpha, beta by regression, in
// one or two pieces of the size range (fit::fit_hockney; with the other answer as `alternative`).
fit::HockneyFit calibrate_hockney(Context& ctx);
// Pair round trips and triplet one-to-two experiments, averaged solutions; thresholds S, M1, M2
// from the flat scatter and gather series. Needs at least 3 processes. `protocol_switch` > 0: the
// size where the point-to-point times change protocol (Hockney's second piece); LMO then gets a
// piece of its own from there, solved from the same experiments at two sizes above it.
LmoModel calibrate_lmo(Context& ctx, double protocol_switch = 0);
// Per ordered pair: o_s(M), o_r(M), g(M) from trains, L from the empty round trip; fitted, with
// the functions through the measured points as `alternative` (fit::PlogpFit). With `hockney` (the
// same processes' fit), each gap from fit::kGapCheckMinBytes on is checked against o_s and
// Hockney's T (fit::cross_checked_gap); a note counts and names the ones replaced.
fit::PlogpFit calibrate_plogp(Context& ctx, const HockneyModel* hockney = nullptr);
// The library's six collectives (root 0) over the size grid at the calibrated P.
NativeCostTable calibrate_native(Context& ctx);
// Token buckets per host and direction (burst_phase.cpp): messages of max_bytes and max_bytes/4
// after a rest against drained ones (fit::bucket_estimate). `buckets`: nullopt when no link shows
// a bucket worth predicting, or `placement` is not the engine's communicator process for process.
// `shaped`: every shaped link's estimate (its two gains, bytes at the line rate by the M and the
// M/4 message; `rejected` where the small message gained under half of what that bucket would give
// it: priced drained); the file's notes list them.
struct ShapedLink {
  int host = 0;
  bool up = true;
  fit::BucketEstimate estimate;
};
struct BurstResult {
  std::optional<TokenBuckets> buckets;
  std::vector<ShapedLink> shaped;
};
int burst_steps();
BurstResult calibrate_buckets(Context& ctx, const HockneyModel& drained, const Cluster& placement);
// Host links (links_phase.cpp): per host and direction where its pairs leave its link open, its
// first process sends to (receives from) every other host's first process at once. `out_rate`,
// `in_rate`: per process, its host's rate where it beat the host's fastest pair by 10 % (0
// elsewhere), both empty where none did (no [links] section). `measured`: every probe, for the
// file's notes. Needs 3 hosts or more and `placement` the engine's communicator process for process.
struct LinkMeasurement {
  int host = 0;
  bool out = true;
  double rate = 0, pair_rate = 0;  // bytes per second: all partners at once, the fastest pair
};
struct LinkResult {
  std::vector<double> out_rate, in_rate;
  std::vector<LinkMeasurement> measured;
};
int links_steps();
LinkResult calibrate_links(Context& ctx, const P2PModel& pairs, const Cluster& placement);
// γ_i per process: seconds per byte of MPI_Reduce_local (MPI_SUM, MPI_DOUBLE), each process alone.
std::vector<double> calibrate_reduce_local(Context& ctx);
// Runs a few schedules with every process of ctx's communicator (placed as `placement` says) and
// measures how well each model of `file` (as the readers will see it, mapped as the shim maps it)
// predicts them. `file` matters on rank 0 only. The result is on rank 0; nullopt elsewhere, and
// when fewer than two models are there to choose between.
// `alternatives` (their models rank 0's): a second model of a kind the file holds (Hockney in one
// line or two pieces; PLogP fitted or through its points), weighed against the file's on the same
// schedules. `better` is set on each that predicted them with the smaller median error; the
// result's error and bias of that kind (and of LogGP, with a PLogP alternative's `loggp` view)
// are then the alternative's.
struct ModelAlternative {
  std::string kind;                 // "hockney" or "plogp"
  const P2PModel* model = nullptr;  // null: none
  const P2PModel* loggp = nullptr;  // for plogp: its LogGP view, which replaces the file's with it
  bool better = false;              // out
};
std::optional<ModelValidation> validate_models(Context& ctx, const ModelFile& file,
                                               const std::vector<RankPlacement>& placement,
                                               std::span<ModelAlternative> alternatives = {});

}  // namespace collsel::calibrate

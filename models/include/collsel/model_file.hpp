// The model file: TOML, versioned (docs/model-file.md). One file holds the cluster description,
// every calibrated point-to-point model and the measured costs of the MPI library's own
// collectives. Times are in seconds, sizes in bytes, rates in bytes per second.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "collsel/buckets.hpp"
#include "collsel/channels.hpp"
#include "collsel/file_error.hpp"
#include "collsel/cluster.hpp"
#include "collsel/hockney.hpp"
#include "collsel/lmo.hpp"
#include "collsel/native_cost.hpp"
#include "collsel/plogp.hpp"

namespace collsel {

struct ModelMetadata {
  std::string created;      // ISO 8601 UTC time of the calibration
  std::string mpi_library;  // MPI_Get_library_version's first line
  std::string precision;    // calibration precision preset ("fast", "normal", "accurate", ...)
  std::vector<std::string> notes;
  std::map<std::string, double> calibration_seconds;  // model kind -> seconds spent estimating it
  double precision_reached = 0;  // worst relative CI half-width reached (0 = not recorded)
  // The largest message collsel-calibrate measured (0 = not recorded): predictions of larger calls
  // extrapolate the fitted models, which the shim logs and collsel-predict marks.
  double max_bytes = 0;
  // Fitted parameters that came out negative and were set to 0 ("hockney alpha 2-5"): noise larger
  // than the parameter; collsel-predict warns of them.
  std::vector<std::string> clamped;
  bool extrapolated(double bytes) const { return max_bytes > 0 && bytes > max_bytes; }
  bool operator==(const ModelMetadata&) const = default;
};

// [validation]: how well each point-to-point model predicted collsel's own schedules, measured by
// collsel-calibrate after the fit (docs/model-file.md). The model predicting them best is the
// one the shim, collsel-predict and collsel-bench use unless told otherwise: which model is most
// faithful depends on the cluster (LMO's per-host delays add up where a link's rate is the bound;
// Hockney has no such structure), so it is measured, not assumed.
// The fewest measured schedules of a kind that give it an error of its own (schedule_error).
inline constexpr int kScheduleErrorPoints = 3;

struct ModelValidation {
  int points = 0;                               // measured (schedule, call shape) pairs
  std::map<std::string, double> median_error;   // kind -> median |predicted - measured| / measured
  std::map<std::string, double> bias;           // kind -> geometric mean of predicted / measured
  // schedule class (error_class: the kind's name, or pipeline_fine) -> model kind -> the median
  // error over that class of schedule alone, where at least kScheduleErrorPoints of it were
  // measured: the pipelines miss by more than the trees (docs/design/0024), and pipelines of fine
  // segments may miss by more still (docs/design/0042)
  std::map<std::string, std::map<std::string, double>> schedule_error;
  std::string preferred;                        // the kind with the smallest median error
  std::vector<int> roots;                       // ranks of the calibration job the schedules were rooted at
  bool operator==(const ModelValidation&) const = default;
};

// How far `model_kind`'s predictions of a schedule of class `schedule_kind` (error_class) miss:
// that class's own median error where the validation measured enough of it (schedule_error), else
// its parent class's (pipeline_fine: pipeline), else the model kind's median over every schedule;
// infinity where the validation knows none of them.
double validation_error(const ModelValidation& v, std::string_view model_kind, std::string_view schedule_kind);

// The kind with the smallest error; ties go to the first in the order lmo, plogp, hockney, loggp.
// Empty when `median_error` is empty.
std::string preferred_kind(const std::map<std::string, double>& median_error);

struct ModelFile {
  static constexpr int current_version = 1;

  ModelMetadata meta;
  Cluster cluster;
  std::optional<HockneyModel> hockney;
  std::optional<LmoModel> lmo;
  std::optional<PlogpModel> plogp;
  std::optional<LogGPModel> loggp;  // derived from plogp on read; only plogp.max_bytes is stored
  NativeCostTable native;
  std::optional<ChannelModel> channels;  // intra-node channel classes ([channels], docs/channels.md)
  // [compute] reduce_local: γ_i, seconds per byte of MPI_Reduce_local (MPI_SUM on MPI_DOUBLE) on
  // process i; empty when not calibrated. parse_model_file hands it to every model it reads
  // (P2PModel::reduce_local).
  std::vector<double> reduce_gamma;
  // [burst]: the links' token buckets per calibrated process (buckets.hpp); parse_model_file
  // hands them to every model it reads (P2PModel::buckets). Absent: every link priced drained.
  std::optional<TokenBuckets> burst;
  // [links]: per calibrated process, the bytes per second its host's link passed out of the host
  // (link_out_rate) and into it (link_in_rate) with transfers to (from) several hosts at once; 0
  // where not measured, both empty when the section is absent. parse_model_file hands them to
  // every model it reads (P2PModel::link_out_floor).
  std::vector<double> link_out_rate, link_in_rate;
  std::optional<ModelValidation> validation;

  // The model of that kind ("hockney", "lmo", "plogp", "loggp") or nullptr when absent.
  const P2PModel* model(std::string_view kind) const;
  // The model [validation] prefers when the file has it; else the first available in the order
  // lmo, plogp, hockney, loggp; nullptr if none.
  const P2PModel* default_model() const;
  // The kind default_model() returns ("" if none).
  std::string default_kind() const;
};

// what() is "FILE:LINE: KEY: PROBLEM" (file_error.hpp); [channels] errors are the same type.
using ModelFileError = FileError;

ModelFile parse_model_file(std::string_view text, std::string_view source_name);
// Throws ModelFileError (line 0 when the file cannot be read).
ModelFile read_model_file(const std::filesystem::path& path);
std::string format_model_file(const ModelFile& model);
// Atomic: writes a temporary file in the same directory, fsyncs it, renames it over `path`.
// Throws std::runtime_error naming the path on failure.
void write_model_file(const std::filesystem::path& path, const ModelFile& model);

}  // namespace collsel

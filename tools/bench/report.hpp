// collsel-bench's results and what is made of them: the per-case table, the summary (fastest
// algorithm, whether the shim's choice was it, ratios, prediction error), the CSV and the
// gnuplot script. Pure functions of the results; only rank 0 calls them.
#pragma once

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "collsel/collective.hpp"

namespace collsel::bench {

struct Row {
  std::string algorithm;  // registry name, or "auto" for the shim's own choice
  double measured_us = 0;   // median over repetitions of the slowest rank's time
  double predicted_us = 0;  // the model's prediction of the schedule that was run
  // Every repetition's slowest-rank time, in repetition order, and the entry that ran just
  // before it in that repetition ("" for the first of a repetition): for --raw-csv.
  std::vector<double> rep_us;
  std::vector<std::string> rep_after;
};

struct Case {
  Collective op;
  int procs = 0, root = 0;
  std::size_t bytes = 0;        // as given on the command line
  std::vector<Row> rows;        // measured algorithms (native first), then "auto"
  std::string auto_algorithm;   // what "auto" ran
  // Auto's warm-up (--auto shim): its untimed calls, the other entries' calls between them, and
  // the wall time of both on rank 0.
  int warmup_auto_calls = 0, warmup_other_calls = 0;
  double warmup_seconds = 0;
  // --auto-cold: "native_cold" (where native runs) and "auto_cold", each the mean of its calls from
  // the shape's first on a communicator the shim had not seen, then "oracle_cold" (the fastest
  // row's algorithm run so too); what auto settled on there and how many of its calls the shim
  // spent measuring. Empty without --auto-cold.
  std::vector<Row> cold_rows;
  std::string cold_auto_algorithm;
  int cold_explored_calls = 0;
  int cold_runs = 1;  // --cold-runs: each cold row is the median of this many runs
  // The shim's set-up of that communicator (collsel_prepare_comm, slowest rank), timed before
  // either row and in neither; -1 where no shim is loaded.
  double cold_setup_us = -1;
};

// The cold runs' ratios (--auto-cold): auto_cold / native_cold and oracle_cold / native_cold, and
// the warm auto's / native's for comparison; 0 where a row is missing.
struct ColdSummary {
  const Row* native = nullptr;
  const Row* automatic = nullptr;
  const Row* oracle = nullptr;
  double auto_over_native = 0, oracle_over_native = 0;
};
ColdSummary summarize_cold(const Case& c);

struct CaseSummary {
  const Row* fastest = nullptr;  // least measured time among the algorithms (not "auto")
  const Row* automatic = nullptr;
  const Row* native = nullptr;
  bool auto_picked_fastest = false;
  double auto_over_best = 0, auto_over_native = 0;  // 0 when a row is missing
  double median_error = 0;  // median |pred - meas| / meas over the algorithms' rows
};

CaseSummary summarize(const Case& c);
double relative_error(const Row& r);  // |predicted - measured| / measured
double median(std::vector<double> v);  // 0 for an empty vector

std::string human_size(std::size_t bytes);

// The table of one case (every algorithm, predicted, measured, error; marks fastest and auto).
void print_case(std::FILE* out, const Case& c);
// Per op and size, then the medians over all cases.
void print_summary(std::FILE* out, const std::vector<Case>& cases, int repetitions);

// Writes `header` and what `rows` puts into the stream to `path`, checked after the flush; throws
// std::runtime_error naming the path when it cannot be opened or written.
void write_text_file(const std::filesystem::path& path, const char* header,
                     const std::function<void(std::ostream&)>& rows);
// CSV with header op,procs,root,bytes,algorithm,measured_us,predicted_us (with --auto-cold also the
// rows native_cold and auto_cold after each case's others). Throws
// std::runtime_error naming the path when it cannot be written.
void write_csv(const std::filesystem::path& path, const std::vector<Case>& cases);
// Every repetition of every row: op,procs,root,bytes,algorithm,rep,after,measured_us (after = the
// entry timed just before it in that repetition, empty for the first). Throws
// std::runtime_error naming the path when it cannot be written.
void write_raw_csv(const std::filesystem::path& path, const std::vector<Case>& cases);
// Self-contained gnuplot script (data inline) drawing predicted vs measured per algorithm over
// message size for each op and the decision map (fastest measured vs auto per op and size).
// Its output is the SVG `svg_name`, relative to the directory the script is run from.
void write_gnuplot(const std::filesystem::path& path, const std::string& svg_name, const std::vector<Case>& cases);

}  // namespace collsel::bench

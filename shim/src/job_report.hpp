// The end-of-job report for people (docs/shim.md, "End-of-job report"), without MPI: the text made
// from the job's merged statistics (log.cpp merges them over the ranks at MPI_Finalize), and the
// placeholders of the report's file name. Kept apart from MPI so that the unit tests check it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace collsel::shim {

// One (op, communicator size, root, size range, algorithm) merged over the ranks. Its calls fall in
// three parts, each counted as the most calls any rank made and timed as that count times the
// largest over ranks of that rank's mean time per call (a collective is done when its slowest rank
// is): the shape's first call (at most one per shape, whichever algorithm ran it), the calls of
// measured verification and of the audit (exploration), and the others (the verdict's calls).
struct ReportRow {
  std::string op;
  int comm_size = 0, root = 0;
  unsigned long long bytes_min = 0, bytes_max = 0;  // the size range [bytes_min, bytes_max + 1)
  std::string algorithm;
  std::string reason;  // why native runs, on native rows
  double native_us = -1;  // native's time per call on this shape; negative: unknown
  bool native_measured = false;
  long first_calls = 0;
  double first_us = 0;    // per call
  long explore_calls = 0;
  double explore_us = 0;  // per call
  long calls = 0;         // the verdict's calls
  double us = 0;          // per call
};

// What the report's header says, and the rows.
struct ReportJob {
  std::string collsel_version, mpi_library;
  std::string model;        // the model file's path, "" for none
  bool model_used = false;  // the model was loaded and decides (else native everywhere)
  std::string tuning;       // the tuning file (setting tuning) and what was read of it, "" for none
  std::string job_id;       // "" outside a batch job
  int ranks = 0, hosts = 0;
  // Per world rank: wall time from MPI_Init to MPI_Finalize and time in intercepted collectives.
  std::vector<double> wall_seconds, collective_seconds;
  std::string unknown_hosts;  // a line on hosts the model does not name, "" when every host is known
  std::vector<ReportRow> rows;
  int top = 20;  // shapes listed one per line, the rest summed in one line; 0: every shape
  // Drift of frozen shapes (docs/shim.md, "Drift"): on; re-verifications it caused (their calls are
  // exploration's); window agreements and their time, both on the rank with the most.
  bool drift_on = false;
  long drift_reverified = 0, drift_checks = 0;
  double drift_ms = 0;
};

// The report's text, every line ending in '\n'.
std::string format_report(const ReportJob& job);

// A size range as people read it: "[256K, 512K)" for bytes_min = 262144, bytes_max = 524287.
std::string size_range(unsigned long long bytes_min, unsigned long long bytes_max);

// The report's file name from the `report` setting: %j the batch job's id (`job_id`, "nojob" when
// empty), %p rank 0's process id, %h rank 0's host name, %% a '%'; any other '%' stays as it is.
std::string expand_report_path(std::string_view pattern, std::string_view job_id, long pid, std::string_view host);

// The batch system's job id from the environment (SLURM_JOB_ID, PBS_JOBID, LSB_JOBID,
// FLUX_JOB_ID, the first set), "" outside a batch job.
std::string batch_job_id();

}  // namespace collsel::shim

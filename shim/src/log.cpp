// What the shim tells about a job: the JSON-lines log for tools (docs/shim.md, "Log") and the
// end-of-job report for people (docs/shim.md, "End-of-job report"). While the job runs every
// rank keeps per-shape statistics (and, at log_level = calls, call records); at MPI_Finalize they
// are merged on world rank 0, which writes both from the same merged records.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "collsel/mpi_version.hpp"
#include "collsel/version.hpp"
#include "json_line.hpp"
#include "job_report.hpp"
#include "runtime.hpp"

namespace collsel::shim {
namespace {

// One (comm size, op, root, byte range, algorithm) merged over ranks: calls is the most any rank
// made, observed_us the largest over ranks of that rank's mean time per call (a collective is
// done when its slowest rank is), native_us the largest known estimate of native's time. The
// report's parts of the calls (first, exploration, the others) are merged alike, each on its own.
struct Merged {
  std::string op, algorithm, reason;
  int comm_size = 0, root = 0;
  unsigned long long bytes_min = 0, bytes_max = 0;
  double predicted_us = -1;
  long calls = 0;
  double observed_us = 0;
  double native_us = -1;
  bool native_measured = false;
  bool extrapolated = false;
  std::array<long, 3> part_calls{};  // first call, exploration, the others
  std::array<double, 3> part_us{};   // per call
};

struct MergedJob {
  std::vector<Merged> rows;          // ordered by op, comm size, root, byte range, algorithm
  std::vector<std::string> records;  // call and verify records, as JSON lines
  long long dropped = 0;
  // Per world rank, in rank order: wall time since MPI_Init, time in intercepted calls, host name.
  std::vector<double> wall_seconds, collective_seconds;
  std::vector<std::string> hosts;
  long drift_reverified = 0, drift_checks = 0;  // re-verifications (summed), agreements (most on a rank)
  double drift_seconds = 0;                     // the agreements' time, on the slowest rank
};

const char* native_source(const Merged& m) {
  return m.native_us < 0 ? "none" : m.native_measured ? "measured" : "predicted";
}

// This rank's statistics, one tab-separated line per row, then its line for the report's header.
std::string my_records(Runtime& rt) {
  std::ostringstream mine;
  mine.precision(17);  // doubles read back as they were
  std::lock_guard lock(rt.log_mu);
  double collective_seconds = rt.unlisted_seconds;
  for (const auto& [k, st] : rt.stats) {
    collective_seconds += st->total_seconds;
    if (st->calls <= 0) continue;
    std::string reason = st->reason;
    std::replace(reason.begin(), reason.end(), '\n', ' ');
    std::replace(reason.begin(), reason.end(), '\t', ' ');
    mine << "S\t" << int(st->op) << '\t' << st->comm_size << '\t' << st->root << '\t' << st->bytes_min << '\t'
         << st->bytes_max << '\t' << st->algorithm << '\t' << st->predicted_us << '\t' << st->calls << '\t'
         << st->total_seconds << '\t' << st->native_us << '\t' << int(st->native_measured) << '\t'
         << int(st->extrapolated) << '\t' << st->first_calls << '\t' << st->first_seconds << '\t' << st->explore_calls
         << '\t' << st->explore_seconds << '\t' << reason << '\n';
  }
  if (rt.logging) {
    for (const auto& l : rt.call_lines) mine << "C\t" << l << '\n';
    for (const auto& l : rt.verify_lines) mine << "V\t" << l << '\n';
    if (rt.call_records_dropped) mine << "D\t" << rt.call_records_dropped << '\n';
  }
  char host[MPI_MAX_PROCESSOR_NAME + 1] = {};
  int len = 0;
  PMPI_Get_processor_name(host, &len);
  std::string name(host, std::size_t(std::max(len, 0)));
  std::replace(name.begin(), name.end(), '\n', ' ');
  mine << "R\t" << PMPI_Wtime() - rt.init_wtime << '\t' << collective_seconds << '\t' << rt.drift_reverified << '\t'
       << rt.drift_checks << '\t' << rt.drift_seconds << '\t' << name << '\n';
  return mine.str();
}

// Folds one rank's row into the merged rows.
void merge_row(std::map<std::tuple<int, int, int, unsigned long long, unsigned long long, std::string>, Merged>& merged,
               const std::string& line) {
  std::istringstream f(line);
  std::string tag;
  int op = 0, measured = 0, extrapolated = 0;
  Merged m;
  long calls = 0, first = 0, explore = 0;
  double total = 0, first_s = 0, explore_s = 0;
  f >> tag >> op >> m.comm_size >> m.root >> m.bytes_min >> m.bytes_max >> m.algorithm >> m.predicted_us >> calls >>
      total >> m.native_us >> measured >> extrapolated >> first >> first_s >> explore >> explore_s;
  if (!f || calls <= 0) return;
  std::getline(f >> std::ws, m.reason);
  m.op = std::string(to_string(Collective(op)));
  m.native_measured = measured != 0;
  m.extrapolated = extrapolated != 0;
  const std::array<long, 3> part_calls{first, explore, calls - first - explore};
  const std::array<double, 3> part_seconds{first_s, explore_s, total - first_s - explore_s};
  auto [it, fresh] = merged.try_emplace({op, m.comm_size, m.root, m.bytes_min, m.bytes_max, m.algorithm}, m);
  Merged& e = it->second;
  for (std::size_t p = 0; p < 3; ++p)
    if (part_calls[p] > 0) {
      e.part_calls[p] = std::max(e.part_calls[p], part_calls[p]);
      e.part_us[p] = std::max(e.part_us[p], part_seconds[p] / double(part_calls[p]) * 1e6);
    }
  const double mean = total / double(calls) * 1e6;
  if (fresh) {
    e.calls = calls;
    e.observed_us = mean;
    return;
  }
  e.calls = std::max(e.calls, calls);
  e.observed_us = std::max(e.observed_us, mean);
  e.predicted_us = std::max(e.predicted_us, m.predicted_us);  // v-variants: only the root knows it
  if (m.native_us >= 0 && (m.native_measured > e.native_measured || m.native_us > e.native_us)) {
    e.native_us = m.native_us;
    e.native_measured = m.native_measured;
  }
  if (e.reason.empty()) e.reason = m.reason;
  e.extrapolated = e.extrapolated || m.extrapolated;
}

// Collective over the world's private duplicate; the result is filled on world rank 0 only.
MergedJob merge(Runtime& rt) {
  const std::string text = my_records(rt);
  int n = int(text.size());
  std::vector<int> sizes(std::size_t(rt.world_size)), displs(std::size_t(rt.world_size));
  PMPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, rt.world_priv);
  std::string all;
  if (rt.world_rank == 0) {
    int total = 0;
    for (int r = 0; r < rt.world_size; ++r) {
      displs[std::size_t(r)] = total;
      total += sizes[std::size_t(r)];
    }
    all.resize(std::size_t(total));
  }
  PMPI_Gatherv(text.data(), n, MPI_CHAR, all.data(), sizes.data(), displs.data(), MPI_CHAR, 0, rt.world_priv);
  MergedJob job;
  if (rt.world_rank != 0) return job;
  std::map<std::tuple<int, int, int, unsigned long long, unsigned long long, std::string>, Merged> merged;
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("C\t", 0) == 0 || line.rfind("V\t", 0) == 0) { job.records.push_back(line.substr(2)); continue; }
    if (line.rfind("D\t", 0) == 0) { job.dropped += std::stoll(line.substr(2)); continue; }
    if (line.rfind("R\t", 0) == 0) {  // in rank order: the gather concatenates the ranks' texts
      std::istringstream f(line.substr(2));
      double wall = 0, collective = 0, drift_seconds = 0;
      long drift_reverified = 0, drift_checks = 0;
      std::string host;
      f >> wall >> collective >> drift_reverified >> drift_checks >> drift_seconds;
      job.drift_reverified += drift_reverified;
      job.drift_checks = std::max(job.drift_checks, drift_checks);
      job.drift_seconds = std::max(job.drift_seconds, drift_seconds);
      std::getline(f >> std::ws, host);
      job.wall_seconds.push_back(wall);
      job.collective_seconds.push_back(collective);
      job.hosts.push_back(host);
      continue;
    }
    merge_row(merged, line);
  }
  for (auto& [k, m] : merged) job.rows.push_back(std::move(m));
  return job;
}

// Reports a file that could not be written: a full disk (/dev/full), a quota. Strict: aborts.
void write_failed(const Runtime& rt, const std::string& what, const std::string& path) {
  const std::string why = "cannot write " + what + " " + path + ": " + std::strerror(errno);
  if (rt.settings.strict) {
    abort_job("strict mode (COLLSEL_STRICT=1): " + why + "; aborting the job");
  }
  print("warning: " + why);
}

void write_log(const Runtime& rt, const MergedJob& job) {
  std::ofstream out(rt.settings.log);
  out << JsonLine()
             .add("kind", "job")
             .add("collsel_version", kVersion)
             .add("mpi_library", library_version_line(rt.library_version))
             .add("world_size", rt.world_size)
             .str()
      << '\n';
  for (const UnknownHost& u : rt.unknown_hosts)  // hosts the model does not name (hosts.cpp)
    out << JsonLine().add("kind", "unknown_host").add("host", u.host).add("host_class", u.host_class).str() << '\n';
  for (const Merged& m : job.rows) {
    JsonLine line;
    line.add("kind", "summary").add("op", m.op).add("comm_size", m.comm_size).add("root", m.root);
    line.add("bytes_min", m.bytes_min).add("bytes_max", m.bytes_max).add("algorithm", m.algorithm);
    line.add("calls", m.calls).add_us("predicted_us", m.predicted_us).add_us("observed_us", m.observed_us);
    line.add_us("native_us", m.native_us).add("native_source", native_source(m));
    if (m.extrapolated) line.add("extrapolated", true);
    if (!m.reason.empty()) line.add("reason", m.reason);
    out << line.str() << '\n';
  }
  for (const auto& l : job.records) out << l << '\n';
  if (job.dropped > 0)
    out << JsonLine().add("kind", "note").add("dropped_call_records", job.dropped).add("limit_per_rank", kMaxCallRecords).str()
        << '\n';
  out.flush();
  if (!out) write_failed(rt, "log", rt.settings.log);
}

}  // namespace

LogStats* stats_for(Runtime& rt, Collective op, int comm_size, int root, const Choice& c) {
  std::ostringstream k;
  k << int(op) << '/' << comm_size << '/' << root << '/' << c.bytes_min << '/' << c.bytes_max << '/';
  const std::string shape = k.str();
  k << c.algorithm->name;
  std::lock_guard lock(rt.log_mu);
  auto& slot = rt.stats[k.str()];
  if (!slot)
    slot.reset(new LogStats{.op = op, .comm_size = comm_size, .root = root, .bytes_min = c.bytes_min,
                            .bytes_max = c.bytes_max, .algorithm = std::string(c.algorithm->name),
                            .predicted_us = c.predicted_us, .native_us = c.native_us, .reason = c.reason,
                            .extrapolated = c.extrapolated, .shape_started = &rt.shapes_started[shape]});
  return slot.get();
}

void record_call(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, const Choice& c,
                 LogStats* stats, double seconds, bool exploring) {
  std::lock_guard lock(rt.log_mu);
  if (stats) {
    ++stats->calls;
    stats->total_seconds += seconds;
    if (!*stats->shape_started) {
      *stats->shape_started = true;
      ++stats->first_calls;
      stats->first_seconds += seconds;
    } else if (exploring) {
      ++stats->explore_calls;
      stats->explore_seconds += seconds;
    }
  }
  if (!rt.logging || !rt.settings.log_calls || cs.rank != 0) return;
  if (rt.call_lines.size() >= kMaxCallRecords) {
    ++rt.call_records_dropped;  // bounded memory: the log says how many were left out
    return;
  }
  JsonLine l;
  l.add("kind", "call").add("op", to_string(op)).add("comm_size", cs.size).add("root", root).add("bytes", bytes);
  l.add("algorithm", c.algorithm->name).add_us("predicted_us", c.predicted_us).add_us("observed_us", seconds * 1e6);
  l.add_us("time", PMPI_Wtime());
  rt.call_lines.push_back(l.str());
}

namespace {

// The report's header and rows from the merged records (world rank 0).
ReportJob report_of(const Runtime& rt, const MergedJob& merged) {
  ReportJob job{.collsel_version = kVersion,
                .mpi_library = library_version_line(rt.library_version),
                .model = rt.settings.model,
                .model_used = rt.model && !rt.disabled,
                .tuning = rt.tuning ? rt.settings.tuning + " (" + std::to_string(rt.tuning_table.size()) +
                                          (rt.tuning_table.size() == 1 ? " entry read)" : " entries read)")
                                    : std::string(),
                .job_id = batch_job_id(),
                .ranks = rt.world_size,
                .hosts = int(std::set<std::string>(merged.hosts.begin(), merged.hosts.end()).size()),
                .wall_seconds = merged.wall_seconds,
                .collective_seconds = merged.collective_seconds,
                .top = rt.settings.report_top,
                .drift_on = rt.settings.drift_threshold > 0 && rt.settings.drift_max > 0,
                .drift_reverified = merged.drift_reverified,
                .drift_checks = merged.drift_checks,
                .drift_ms = merged.drift_seconds * 1e3};
  if (!rt.unknown_hosts.empty())
    job.unknown_hosts = (rt.unknown_hosts.front().host_class >= 0
                             ? "hosts not in the model, placed in a host class: "
                             : "hosts not in the model (no host classes; communicators with ranks there ran native): ") +
                        describe_unknown_hosts(rt.unknown_hosts, std::size_t(-1));
  for (const Merged& m : merged.rows)
    job.rows.push_back(ReportRow{.op = m.op, .comm_size = m.comm_size, .root = m.root, .bytes_min = m.bytes_min,
                                 .bytes_max = m.bytes_max, .algorithm = m.algorithm, .reason = m.reason,
                                 .native_us = m.native_us, .native_measured = m.native_measured,
                                 .first_calls = m.part_calls[0], .first_us = m.part_us[0],
                                 .explore_calls = m.part_calls[1], .explore_us = m.part_us[1],
                                 .calls = m.part_calls[2], .us = m.part_us[2]});
  return job;
}

}  // namespace

void write_job_records(Runtime& rt) {
  const MergedJob job = merge(rt);
  if (rt.world_rank != 0) return;
  if (rt.logging) write_log(rt, job);
  if (!rt.reporting) return;
  const std::string text = format_report(report_of(rt, job));
  const std::string& where = rt.settings.report;
  if (where == "auto" || where == "stderr") {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
    return;
  }
  std::ofstream out(rt.report_path);
  out << text;
  out.flush();
  if (!out) write_failed(rt, "report", rt.report_path);
}

}  // namespace collsel::shim

#include "job_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>
#include <sstream>
#include <tuple>

namespace collsel::shim {
namespace {

std::string fixed(double v, int decimals) {
  char b[48];
  std::snprintf(b, sizeof b, "%.*f", decimals, v);
  return b;
}

std::string plural(long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A byte count in the largest binary unit that divides it: 4, 1K, 256K, 1M; "16E" for 2^64.
std::string human_bytes(long double b) {
  const char* units[] = {"", "K", "M", "G", "T", "P", "E"};
  int u = 0;
  while (b >= 1024 && u < 6 && std::fmod(b, 1024.0L) == 0) {
    b /= 1024;
    ++u;
  }
  char s[64];
  std::snprintf(s, sizeof s, "%.0Lf%s", b, units[u]);
  return s;
}

// One shape (op, communicator size, root, size range) of the report, its rows merged.
struct Shape {
  std::string op;
  int comm_size = 0, root = 0;
  unsigned long long bytes_min = 0, bytes_max = 0;
  std::string algorithm;  // the one that ran most of the verdict's calls
  long algorithm_calls = -1;
  int other_algorithms = 0;  // others that ran some of them
  std::string reason;        // why native ran, when the algorithm is native
  long calls = 0;
  double ms = 0;
  double native_ms = 0;  // native's time for the same calls: of the rows with an estimate
  bool native_known = true, native_predicted = false;
  long explore_calls = 0;
  long first_calls = 0;
  std::string first_algorithm, first_reason;  // of the first call: the decision, when nothing else ran
};

// Native's time for `calls` calls of row r that took `us` each, or -1 when unknown; `predicted`
// is set when it is the model's estimate.
double native_ms_of(const ReportRow& r, long calls, double us, bool& predicted) {
  if (r.algorithm == "native") return double(calls) * us / 1e3;
  if (r.native_us < 0) return -1;
  if (!r.native_measured) predicted = true;
  return double(calls) * r.native_us / 1e3;
}

std::vector<Shape> shapes_of(const std::vector<ReportRow>& rows) {
  std::vector<Shape> shapes;
  std::map<std::tuple<std::string, int, int, unsigned long long, unsigned long long>, std::size_t> index;
  for (const ReportRow& r : rows) {
    auto [it, fresh] = index.try_emplace({r.op, r.comm_size, r.root, r.bytes_min, r.bytes_max}, shapes.size());
    if (fresh) shapes.push_back(Shape{.op = r.op, .comm_size = r.comm_size, .root = r.root, .bytes_min = r.bytes_min,
                                      .bytes_max = r.bytes_max});
    Shape& s = shapes[it->second];
    s.explore_calls += r.explore_calls;
    s.first_calls += r.first_calls;
    if (r.first_calls > 0) {
      s.first_algorithm = r.algorithm;
      s.first_reason = r.reason;
    }
    if (r.calls <= 0) continue;
    if (s.algorithm_calls >= 0) ++s.other_algorithms;
    if (r.calls > s.algorithm_calls) {
      s.algorithm = r.algorithm;
      s.algorithm_calls = r.calls;
      s.reason = r.reason;
    }
    s.calls += r.calls;
    s.ms += double(r.calls) * r.us / 1e3;
    const double n = native_ms_of(r, r.calls, r.us, s.native_predicted);
    if (n < 0) s.native_known = false;
    else s.native_ms += n;
  }
  return shapes;
}

// The table's columns: op, procs, root, bytes, algorithm | calls, time_ms, native_ms, saved_ms.
constexpr const char* kShapeColumns = "%-8s %5s %5s %-14s %-20s";
constexpr int kShapeWidth = 8 + 1 + 5 + 1 + 5 + 1 + 14 + 1 + 20;

std::string numbers(long calls, double ms, const std::string& native, const std::string& saved) {
  char b[128];
  std::snprintf(b, sizeof b, " %8ld %12s %14s %12s\n", calls, fixed(ms, 3).c_str(), native.c_str(), saved.c_str());
  return b;
}

void header(std::ostringstream& o, const ReportJob& job) {
  o << "collsel: end-of-job report (world rank 0)\n";
  o << "collsel " << job.collsel_version << ", MPI library: " << job.mpi_library << "\n";
  o << "model: "
    << (job.model.empty() ? std::string("none")
                          : job.model + (job.model_used ? "" : " (not used: native everywhere, see the warning)"))
    << "; tuning file: " << (job.tuning.empty() ? "none" : job.tuning) << "\n";
  o << plural(job.ranks, "rank", "ranks") << " on " << plural(job.hosts, "host", "hosts")
    << "; batch job: " << (job.job_id.empty() ? "none" : job.job_id) << "\n";
  const std::size_t n = std::min(job.wall_seconds.size(), job.collective_seconds.size());
  if (n == 0) return;
  const std::size_t longest = std::size_t(
      std::max_element(job.wall_seconds.begin(), job.wall_seconds.begin() + std::ptrdiff_t(n)) - job.wall_seconds.begin());
  const std::size_t most = std::size_t(std::max_element(job.collective_seconds.begin(),
                                                        job.collective_seconds.begin() + std::ptrdiff_t(n)) -
                                       job.collective_seconds.begin());
  const double wall_sum = std::accumulate(job.wall_seconds.begin(), job.wall_seconds.begin() + std::ptrdiff_t(n), 0.0);
  const double coll_sum =
      std::accumulate(job.collective_seconds.begin(), job.collective_seconds.begin() + std::ptrdiff_t(n), 0.0);
  auto percent = [](double part, double whole) { return whole > 0 ? fixed(100 * part / whole, 1) : std::string("-"); };
  o << "wall time: " << fixed(job.wall_seconds[longest] * 1e3, 3)
    << " ms (MPI_Init to MPI_Finalize, the longest of the ranks: rank " << longest << ")\n";
  o << "intercepted collectives: " << fixed(coll_sum / double(n) * 1e3, 3) << " ms per rank on average, "
    << percent(coll_sum, wall_sum) << " % of the wall time; most on rank " << most << ": "
    << fixed(job.collective_seconds[most] * 1e3, 3) << " ms, "
    << percent(job.collective_seconds[most], job.wall_seconds[most]) << " % of its wall time\n";
}

}  // namespace

std::string size_range(unsigned long long bytes_min, unsigned long long bytes_max) {
  return "[" + human_bytes(bytes_min) + ", " + human_bytes((long double)bytes_max + 1) + ")";
}

namespace {

// Exploration and first calls over every row, and every call.
struct Overheads {
  long explore_calls = 0, first_calls = 0, all_calls = 0;
  double explore_ms = 0, explore_native_ms = 0, explore_unknown_ms = 0, first_ms = 0;
  bool explore_predicted = false;
  long explored = 0, unsettled = 0;  // shapes with exploration; of them, those with no verdict's call
  double explore_lost() const { return explore_ms - explore_unknown_ms - explore_native_ms; }
};

Overheads overheads_of(const std::vector<ReportRow>& rows, const std::vector<Shape>& shapes) {
  Overheads v;
  for (const ReportRow& r : rows) {
    v.explore_calls += r.explore_calls;
    v.first_calls += r.first_calls;
    v.all_calls += r.explore_calls + r.first_calls + r.calls;
    const double ms = double(r.explore_calls) * r.explore_us / 1e3;
    v.explore_ms += ms;
    v.first_ms += double(r.first_calls) * r.first_us / 1e3;
    if (r.explore_calls == 0) continue;
    const double n = native_ms_of(r, r.explore_calls, r.explore_us, v.explore_predicted);
    if (n < 0) v.explore_unknown_ms += ms;
    else v.explore_native_ms += n;
  }
  for (const Shape& s : shapes) {
    v.explored += s.explore_calls > 0;
    v.unsettled += s.explore_calls > 0 && s.calls == 0;
  }
  return v;
}

// Why native ran, by reason, with the shapes: over every shape with a decision (the verdict's
// calls, else a first call with no exploration after it), listed or not.
std::vector<std::pair<std::string, std::vector<std::string>>> why_native(const std::vector<Shape>& shapes) {
  std::vector<std::pair<std::string, std::vector<std::string>>> kept;
  for (const Shape& s : shapes) {
    const bool decided_by_first = s.calls == 0 && s.explore_calls == 0;
    const std::string& algorithm = decided_by_first ? s.first_algorithm : s.algorithm;
    const std::string& reason = decided_by_first ? s.first_reason : s.reason;
    if (algorithm != "native" || reason.empty()) continue;
    auto it = std::find_if(kept.begin(), kept.end(), [&](const auto& k) { return k.first == reason; });
    if (it == kept.end()) it = kept.insert(kept.end(), {reason, {}});
    it->second.push_back(s.op + " on " + std::to_string(s.comm_size) + " ranks, root " + std::to_string(s.root) + ", " +
                         size_range(s.bytes_min, s.bytes_max) + " bytes");
  }
  return kept;
}

// The sums of the table's shapes, listed or in the rest.
struct TableSums {
  long calls = 0;
  double ms = 0, saved = 0, lost = 0, unknown_ms = 0;
};

// The table: the shapes with a verdict's call, by time, the first `top` one a line and the rest
// summed in one line.
TableSums write_table(std::ostringstream& o, std::vector<Shape> shapes, int top) {
  std::erase_if(shapes, [](const Shape& s) { return s.calls == 0; });
  std::stable_sort(shapes.begin(), shapes.end(), [](const Shape& a, const Shape& b) { return a.ms > b.ms; });
  o << "shapes by time (calls: all but each shape's first and exploration's; times: the slowest rank's; "
       "native_ms: native's time for the same calls, m = measured, p = predicted by the model)\n";
  char line[256];
  std::snprintf(line, sizeof line, kShapeColumns, "op", "procs", "root", "bytes", "algorithm");
  o << line;
  std::snprintf(line, sizeof line, " %8s %12s %14s %12s\n", "calls", "time_ms", "native_ms", "saved_ms");
  o << line;
  TableSums sum;
  long rest = 0, rest_calls = 0, rest_unknown = 0;
  double rest_ms = 0, rest_native_ms = 0, rest_saved = 0;
  bool rest_predicted = false;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const Shape& s = shapes[i];
    sum.ms += s.ms;
    sum.calls += s.calls;
    const double d = s.native_ms - s.ms;
    if (s.native_known) (d >= 0 ? sum.saved : sum.lost) += std::fabs(d);
    else sum.unknown_ms += s.ms;
    if (top > 0 && i >= std::size_t(top)) {
      ++rest;
      rest_calls += s.calls;
      rest_ms += s.ms;
      if (!s.native_known) {
        ++rest_unknown;
        continue;
      }
      rest_native_ms += s.native_ms;
      rest_saved += d;
      rest_predicted = rest_predicted || s.native_predicted;
      continue;
    }
    const std::string algorithm = s.algorithm + (s.other_algorithms ? "+" + std::to_string(s.other_algorithms) : "");
    std::snprintf(line, sizeof line, kShapeColumns, s.op.c_str(), std::to_string(s.comm_size).c_str(),
                  std::to_string(s.root).c_str(), size_range(s.bytes_min, s.bytes_max).c_str(), algorithm.c_str());
    o << line
      << numbers(s.calls, s.ms, s.native_known ? fixed(s.native_ms, 3) + (s.native_predicted ? " p" : " m") : "-",
                 s.native_known ? fixed(d, 3) : "-");
  }
  if (rest > 0) {
    std::string label = "(" + plural(rest, "more shape", "more shapes") + ")";
    label.resize(std::size_t(kShapeWidth), ' ');
    o << label
      << numbers(rest_calls, rest_ms, fixed(rest_native_ms, 3) + (rest_predicted ? " p" : " m"), fixed(rest_saved, 3));
    if (rest_unknown > 0)
      o << "(their native_ms and saved_ms leave out " << plural(rest_unknown, "shape", "shapes")
        << " with no estimate of native)\n";
  }
  return sum;
}

void write_totals(std::ostringstream& o, const ReportJob& job, const Overheads& v, const TableSums& t) {
  o << "exploration (measured verification and audit): " << plural(v.explore_calls, "call", "calls") << ", "
    << fixed(v.explore_ms, 3) << " ms on " << plural(v.explored, "shape", "shapes");
  if (v.unsettled > 0) o << " (" << v.unsettled << " of them still measuring at MPI_Finalize)";
  if (v.explore_calls > 0) {
    o << "; native's time for the same calls " << fixed(v.explore_native_ms, 3) << (v.explore_predicted ? " ms p" : " ms m")
      << ", lost to exploration " << fixed(v.explore_lost(), 3) << " ms";
    if (v.explore_unknown_ms > 0)
      o << " (leaving out " << fixed(v.explore_unknown_ms, 3) << " ms with no estimate of native)";
  }
  o << "\n";
  if (job.drift_on)
    o << "drift (frozen shapes sampled): " << plural(job.drift_reverified, "re-verification", "re-verifications")
      << " (their calls are exploration's); " << plural(job.drift_checks, "window agreement", "window agreements")
      << ", " << fixed(job.drift_ms, 3) << " ms\n";
  o << "first calls (each shape's first, with the connections' set-up; neither saved nor lost): "
    << plural(v.first_calls, "call", "calls") << ", " << fixed(v.first_ms, 3) << " ms\n";
  o << "total: " << fixed(t.ms + v.explore_ms + v.first_ms, 3) << " ms in " << plural(v.all_calls, "call", "calls")
    << " = " << fixed(t.ms, 3) << " ms in " << plural(t.calls, "call", "calls") << " of the shapes + "
    << fixed(v.explore_ms, 3) << " ms exploration + " << fixed(v.first_ms, 3) << " ms first calls\n";
  o << "against native: saved " << fixed(t.saved, 3) << " ms, lost " << fixed(t.lost, 3) << " ms, net "
    << fixed(t.saved - t.lost, 3) << " ms in the shapes' calls";
  if (t.unknown_ms > 0) o << " (" << fixed(t.unknown_ms, 3) << " ms with no estimate of native)";
  o << "; net " << fixed(t.saved - t.lost - v.explore_lost(), 3) << " ms after the time lost to exploration\n";
}

}  // namespace

std::string format_report(const ReportJob& job) {
  std::ostringstream o;
  header(o, job);
  if (!job.unknown_hosts.empty()) o << job.unknown_hosts << "\n";
  const std::vector<Shape> shapes = shapes_of(job.rows);
  const TableSums table = write_table(o, shapes, job.top);
  write_totals(o, job, overheads_of(job.rows, shapes), table);
  for (const auto& [reason, where] : why_native(shapes)) {
    o << "native on " << plural(long(where.size()), "shape", "shapes") << ": " << reason;
    if (where.size() == 1) o << " (" << where.front() << ")";
    o << "\n";
  }
  return o.str();
}

std::string expand_report_path(std::string_view pattern, std::string_view job_id, long pid, std::string_view host) {
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
    if (c != '%' || (next != 'j' && next != 'p' && next != 'h' && next != '%')) {
      out += c;
      continue;
    }
    ++i;
    if (next == 'j') out += job_id.empty() ? std::string_view("nojob") : job_id;
    else if (next == 'p') out += std::to_string(pid);
    else if (next == 'h') out += host;
    else out += '%';
  }
  return out;
}

std::string batch_job_id() {
  for (const char* var : {"SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "FLUX_JOB_ID"}) {
    const char* v = std::getenv(var);
    if (!v || !*v) continue;
    std::string id(v);
    std::replace(id.begin(), id.end(), '/', '_');  // a file name's part
    return id;
  }
  return "";
}

}  // namespace collsel::shim

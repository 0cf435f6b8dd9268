// What the shim tells about a job: the JSON-lines log for tools (docs/shim.md, "Log") and the
// end-of-job report for people (docs/shim.md, "End-of-job report"). While the job runs every
// rank keeps per-shape statistics (and, at log_level = calls, call records); at MPI_Finalize they
// are merged on world rank 0, which writes both from the same merged records.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "collsel/mpi_version.hpp"
#include "collsel/version.hpp"
#include "json_line.hpp"
#include "runtime.hpp"

namespace collsel::shim {
namespace {

// One (comm size, op, root, byte range, algorithm) merged over ranks: calls is the most any rank
// made, observed_us the largest over ranks of that rank's mean time per call (a collective is
// done when its slowest rank is), native_us the largest known estimate of native's time.
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
};

struct MergedJob {
  std::vector<Merged> rows;          // ordered by op, comm size, root, byte range, algorithm
  std::vector<std::string> records;  // call and verify records, as JSON lines
  long long dropped = 0;
};

const char* native_source(const Merged& m) {
  return m.native_us < 0 ? "none" : m.native_measured ? "measured" : "predicted";
}

// Collective over the world's private duplicate; the result is filled on world rank 0 only.
MergedJob merge(Runtime& rt) {
  std::ostringstream mine;
  {
    std::lock_guard lock(rt.log_mu);
    for (const auto& [k, st] : rt.stats)
      if (st->calls > 0) {
        std::string reason = st->reason;
        std::replace(reason.begin(), reason.end(), '\n', ' ');
        std::replace(reason.begin(), reason.end(), '\t', ' ');
        mine << "S\t" << int(st->op) << '\t' << st->comm_size << '\t' << st->root << '\t' << st->bytes_min << '\t'
             << st->bytes_max << '\t' << st->algorithm << '\t' << st->predicted_us << '\t' << st->calls << '\t'
             << st->total_seconds << '\t' << st->native_us << '\t' << int(st->native_measured) << '\t'
             << int(st->extrapolated) << '\t' << reason << '\n';
      }
    if (rt.logging) {
      for (const auto& l : rt.call_lines) mine << "C\t" << l << '\n';
      for (const auto& l : rt.verify_lines) mine << "V\t" << l << '\n';
      if (rt.call_records_dropped) mine << "D\t" << rt.call_records_dropped << '\n';
    }
  }
  const std::string text = mine.str();
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
    std::istringstream f(line);
    std::string tag;
    int op = 0, measured = 0, extrapolated = 0;
    Merged m;
    long calls = 0;
    double total = 0;
    f >> tag >> op >> m.comm_size >> m.root >> m.bytes_min >> m.bytes_max >> m.algorithm >> m.predicted_us >> calls >>
        total >> m.native_us >> measured >> extrapolated;
    if (!f || calls <= 0) continue;
    std::getline(f >> std::ws, m.reason);
    m.op = std::string(to_string(Collective(op)));
    m.native_measured = measured != 0;
    m.extrapolated = extrapolated != 0;
    const double mean = total / double(calls) * 1e6;
    auto [it, fresh] = merged.try_emplace({op, m.comm_size, m.root, m.bytes_min, m.bytes_max, m.algorithm}, m);
    Merged& e = it->second;
    if (fresh) {
      e.calls = calls;
      e.observed_us = mean;
      continue;
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

std::string fixed(double v, int decimals) {
  char b[48];
  std::snprintf(b, sizeof b, "%.*f", decimals, v);
  return b;
}

std::string byte_range(unsigned long long lo, unsigned long long hi) {
  auto human = [](unsigned long long b) {
    const char* units[] = {"", "K", "M", "G", "T"};
    int u = 0;
    double v = double(b);
    while (v >= 1024 && u < 4 && std::fmod(v, 1024) == 0) {
      v /= 1024;
      ++u;
    }
    return fixed(v, 0) + units[u];
  };
  if (hi == ~0ull) return human(lo) + "..";
  return lo == hi ? human(lo) : human(lo) + ".." + human(hi + 1);  // [lo, hi + 1): powers of two
}

}  // namespace

std::string format_report(const std::vector<ReportRow>& rows) {
  std::ostringstream o;
  char line[256];
  const char* head = "%-8s %6s %5s %-12s %7s %-18s %11s %13s %11s\n";
  std::snprintf(line, sizeof line, head, "op", "procs", "root", "bytes", "calls", "algorithm", "observed_ms",
                "native_ms", "saved_ms");
  o << line;
  double observed = 0, saved = 0, lost = 0, unknown_ms = 0;
  // Why native ran, by reason: how many shapes, and which one when there is just one.
  std::vector<std::pair<std::string, std::vector<std::string>>> kept;
  for (const ReportRow& r : rows) {
    const double total_ms = double(r.calls) * r.observed_us / 1e3;
    observed += total_ms;
    std::string native_col = "-", saved_col = "-";
    if (r.algorithm == "native") {
      native_col = fixed(total_ms, 3) + "  ";
      saved_col = "0.000";
    } else if (r.native_us >= 0) {
      const double native_ms = double(r.calls) * r.native_us / 1e3, d = native_ms - total_ms;
      native_col = fixed(native_ms, 3) + (r.native_measured ? " m" : " p");
      saved_col = fixed(d, 3);
      (d >= 0 ? saved : lost) += std::fabs(d);
    } else {
      unknown_ms += total_ms;
    }
    std::snprintf(line, sizeof line, "%-8s %6d %5d %-12s %7ld %-18s %11s %13s %11s\n", r.op.c_str(), r.comm_size,
                  r.root, byte_range(r.bytes_min, r.bytes_max).c_str(), r.calls, r.algorithm.c_str(),
                  fixed(total_ms, 3).c_str(), native_col.c_str(), saved_col.c_str());
    o << line;
    if (r.algorithm == "native" && !r.reason.empty()) {
      auto it = std::find_if(kept.begin(), kept.end(), [&](const auto& k) { return k.first == r.reason; });
      if (it == kept.end()) it = kept.insert(kept.end(), {r.reason, {}});
      it->second.push_back(r.op + " on " + std::to_string(r.comm_size) + " ranks, root " + std::to_string(r.root) +
                           ", " + byte_range(r.bytes_min, r.bytes_max) + " bytes");
    }
  }
  o << "total: observed " << fixed(observed, 3) << " ms in collsel's collectives; estimated saved " << fixed(saved, 3)
    << " ms, lost " << fixed(lost, 3) << " ms, net " << fixed(saved - lost, 3) << " ms against native";
  if (unknown_ms > 0) o << " (" << fixed(unknown_ms, 3) << " ms with no estimate of native)";
  o << "\n";
  for (const auto& [reason, shapes] : kept) {
    o << "native on " << shapes.size() << (shapes.size() == 1 ? " shape" : " shapes") << ": " << reason;
    if (shapes.size() == 1) o << " (" << shapes.front() << ")";
    o << "\n";
  }
  return o.str();
}

LogStats* stats_for(Runtime& rt, Collective op, int comm_size, int root, const Choice& c) {
  std::ostringstream k;
  k << int(op) << '/' << comm_size << '/' << root << '/' << c.bytes_min << '/' << c.bytes_max << '/'
    << c.algorithm->name;
  std::lock_guard lock(rt.log_mu);
  auto& slot = rt.stats[k.str()];
  if (!slot)
    slot.reset(new LogStats{.op = op, .comm_size = comm_size, .root = root, .bytes_min = c.bytes_min,
                            .bytes_max = c.bytes_max, .algorithm = std::string(c.algorithm->name),
                            .predicted_us = c.predicted_us, .native_us = c.native_us, .reason = c.reason,
                            .extrapolated = c.extrapolated});
  return slot.get();
}

void record_call(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, const Choice& c,
                 LogStats* stats, double seconds) {
  std::lock_guard lock(rt.log_mu);
  if (stats) {
    ++stats->calls;
    stats->total_seconds += seconds;
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

void write_job_records(Runtime& rt) {
  const MergedJob job = merge(rt);
  if (rt.world_rank != 0) return;
  if (rt.logging) write_log(rt, job);
  if (!rt.reporting) return;
  std::vector<ReportRow> rows;
  for (const Merged& m : job.rows)
    rows.push_back(ReportRow{.op = m.op, .comm_size = m.comm_size, .root = m.root, .bytes_min = m.bytes_min,
                             .bytes_max = m.bytes_max, .algorithm = m.algorithm, .calls = m.calls,
                             .observed_us = m.observed_us, .native_us = m.native_us,
                             .native_measured = m.native_measured, .reason = m.reason});
  std::string text = "collsel: end-of-job report (world rank 0; times are the slowest rank's; native_ms: "
                     "m = measured during verification, p = predicted by the model)\n";
  text += "collsel " + std::string(kVersion) + ", MPI library: " + library_version_line(rt.library_version) + "\n";
  if (!rt.unknown_hosts.empty())
    text += (rt.unknown_hosts.front().host_class >= 0
                 ? "hosts not in the model, placed in a host class: "
                 : "hosts not in the model (no host classes; communicators with ranks there ran native): ") +
            describe_unknown_hosts(rt.unknown_hosts, std::size_t(-1)) + "\n";
  text += format_report(rows);
  const std::string& where = rt.settings.report;
  if (where == "auto" || where == "stderr") {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
    return;
  }
  std::ofstream out(where);
  out << text;
  out.flush();
  if (!out) write_failed(rt, "report", where);
}

}  // namespace collsel::shim

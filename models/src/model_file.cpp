// Model file reader and writer (schema: docs/model-file.md). The reader validates everything it
// reads so that a bad file is reported once, with file, line and key, before any prediction.
#include "collsel/model_file.hpp"
#include "collsel/schedule.hpp"
#include "collsel/switch_groups.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_set>

#include "model_file_detail.hpp"

namespace collsel {

namespace {
std::string error_text(const std::string& file, int line, const std::string& key, const std::string& problem) {
  std::string s = file + ":" + std::to_string(line) + ": ";
  if (!key.empty()) s += key + ": ";
  return s + problem;
}
}  // namespace

FileError::FileError(std::string file, int line, std::string key, std::string problem)
    : std::runtime_error(error_text(file, line, key, problem)),
      file_(std::move(file)),
      line_(line),
      key_(std::move(key)),
      problem_(std::move(problem)) {}

const P2PModel* ModelFile::model(std::string_view kind) const {
  if (kind == "hockney") return hockney ? &*hockney : nullptr;
  if (kind == "lmo") return lmo ? &*lmo : nullptr;
  if (kind == "plogp") return plogp ? &*plogp : nullptr;
  if (kind == "loggp") return loggp ? &*loggp : nullptr;
  return nullptr;
}

namespace {
// Without a [validation] section: LMO separates processor and link costs, PLogP follows the
// measured curve, Hockney is the simplest, LogGP a coarse view of PLogP.
constexpr std::string_view kKindOrder[] = {"lmo", "plogp", "hockney", "loggp"};
}  // namespace

double validation_error(const ModelValidation& v, std::string_view model_kind, std::string_view schedule_kind) {
  for (std::string_view c = schedule_kind; !c.empty(); c = error_class_parent(c))
    if (const auto s = v.schedule_error.find(std::string(c)); s != v.schedule_error.end())
      if (const auto e = s->second.find(std::string(model_kind)); e != s->second.end()) return e->second;
  if (const auto e = v.median_error.find(std::string(model_kind)); e != v.median_error.end()) return e->second;
  return std::numeric_limits<double>::infinity();
}

std::string preferred_kind(const std::map<std::string, double>& median_error) {
  std::string best;
  double best_error = 0;
  for (std::string_view k : kKindOrder) {
    const auto it = median_error.find(std::string(k));
    if (it == median_error.end()) continue;
    if (best.empty() || it->second < best_error) best = std::string(k), best_error = it->second;
  }
  return best;
}

std::string ModelFile::default_kind() const {
  if (validation && model(validation->preferred)) return validation->preferred;
  for (std::string_view k : kKindOrder)
    if (model(k)) return std::string(k);
  return "";
}

const P2PModel* ModelFile::default_model() const { return model(default_kind()); }

// ---------------------------------------------------------------------------------------------
namespace detail {

void TomlReader::fail(const toml::node* at, const std::string& key, const std::string& problem) const {
  throw ModelFileError(source_, line_of(at), key, problem);
}

void TomlReader::fail_line(int line, const std::string& key, const std::string& problem) const {
  throw ModelFileError(source_, line, key, problem);
}

void TomlReader::only_keys(const toml::table& t, const std::string& path,
                           std::initializer_list<std::string_view> allowed) const {
  for (const auto& [k, v] : t) {
    if (std::find(allowed.begin(), allowed.end(), k.str()) != allowed.end()) continue;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    fail_line(int(k.source().begin.line ? k.source().begin.line : v.source().begin.line), join(path, k.str()),
              "unknown key (expected one of: " + list + ")");
  }
}

const toml::node* TomlReader::get(const toml::table& t, const std::string& path, std::string_view key,
                                  bool required) const {
  const toml::node* n = t.get(key);
  if (!n && required) fail(&t, join(path, key), "missing (required)");
  return n;
}

const toml::table* TomlReader::table(const toml::table& t, const std::string& path, std::string_view key,
                                     bool required) const {
  const toml::node* n = get(t, path, key, required);
  if (!n) return nullptr;
  if (!n->is_table()) fail(n, join(path, key), "must be a table");
  return n->as_table();
}

const toml::array* TomlReader::array(const toml::table& t, const std::string& path, std::string_view key,
                                     bool required) const {
  const toml::node* n = get(t, path, key, required);
  if (!n) return nullptr;
  if (!n->is_array()) fail(n, join(path, key), "must be an array");
  return n->as_array();
}

double TomlReader::as_number(const toml::node& n, const std::string& key) const {
  double v;
  if (const auto* f = n.as_floating_point())
    v = f->get();
  else if (const auto* i = n.as_integer())
    v = double(i->get());
  else
    fail(&n, key, "must be a number");
  if (!std::isfinite(v)) fail(&n, key, "must be a finite number");
  return v;
}

double TomlReader::number(const toml::table& t, const std::string& path, std::string_view key, bool required,
                          double fallback) const {
  const toml::node* n = get(t, path, key, required);
  return n ? as_number(*n, join(path, key)) : fallback;
}

double TomlReader::nonnegative(const toml::table& t, const std::string& path, std::string_view key,
                               bool required, double fallback) const {
  const toml::node* n = get(t, path, key, required);
  if (!n) return fallback;
  const double v = as_number(*n, join(path, key));
  if (v < 0) fail(n, join(path, key), "must not be negative (got " + format_number(v) + ")");
  return v;
}

long long TomlReader::integer(const toml::table& t, const std::string& path, std::string_view key, bool required,
                              long long fallback) const {
  const toml::node* n = get(t, path, key, required);
  if (!n) return fallback;
  if (!n->is_integer()) fail(n, join(path, key), "must be an integer");
  return n->as_integer()->get();
}

std::string TomlReader::string(const toml::table& t, const std::string& path, std::string_view key,
                               bool required) const {
  const toml::node* n = get(t, path, key, required);
  if (!n) return {};
  if (!n->is_string()) fail(n, join(path, key), "must be a string");
  return n->as_string()->get();
}

std::vector<double> TomlReader::numbers(const toml::array& a, const std::string& key, bool nonneg,
                                        double max) const {
  std::vector<double> out;
  out.reserve(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    const std::string ek = key + "[" + std::to_string(k) + "]";
    const double v = as_number(a[k], ek);
    if (nonneg && v < 0) fail(&a[k], ek, "must not be negative (got " + format_number(v) + ")");
    if (v > max)
      fail(&a[k], ek, "is not a physical value (got " + format_number(v) + ", at most " + format_number(max) + ")");
    out.push_back(v);
  }
  return out;
}

std::vector<long long> TomlReader::integers(const toml::array& a, const std::string& key) const {
  std::vector<long long> out;
  out.reserve(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!a[k].is_integer()) fail(&a[k], key + "[" + std::to_string(k) + "]", "must be an integer");
    out.push_back(a[k].as_integer()->get());
  }
  return out;
}

std::vector<std::string> TomlReader::strings(const toml::array& a, const std::string& key) const {
  std::vector<std::string> out;
  out.reserve(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!a[k].is_string()) fail(&a[k], key + "[" + std::to_string(k) + "]", "must be a string");
    out.push_back(a[k].as_string()->get());
  }
  return out;
}

std::vector<double> TomlReader::vector_n(const toml::table& t, const std::string& path, std::string_view key,
                                         int n, double max) const {
  const toml::array* a = array(t, path, key, true);
  const std::string k = join(path, key);
  if (int(a->size()) != n)
    fail(a, k, "has " + std::to_string(a->size()) + " elements, expected " + std::to_string(n) +
                   " (one per process)");
  return numbers(*a, k, true, max);
}

std::vector<double> TomlReader::matrix_n(const toml::table& t, const std::string& path, std::string_view key,
                                         int n, double max, bool nonneg) const {
  const toml::array* a = array(t, path, key, true);
  const std::string k = join(path, key);
  if (int(a->size()) != n)
    fail(a, k, "has " + std::to_string(a->size()) + " rows, expected " + std::to_string(n) + " (an " +
                   std::to_string(n) + " x " + std::to_string(n) + " matrix)");
  std::vector<double> m;
  m.reserve(std::size_t(n) * std::size_t(n));
  for (int i = 0; i < n; ++i) {
    const toml::node& row = (*a)[std::size_t(i)];
    const std::string rk = k + "[" + std::to_string(i) + "]";
    if (!row.is_array()) fail(&row, rk, "must be an array (a matrix row)");
    if (int(row.as_array()->size()) != n)
      fail(&row, rk, "has " + std::to_string(row.as_array()->size()) + " elements, expected " + std::to_string(n));
    const auto v = numbers(*row.as_array(), rk, nonneg, max);
    for (std::size_t k = 0; k < v.size(); ++k)
      if (v[k] < -max)
        fail(&(*row.as_array())[k], rk + "[" + std::to_string(k) + "]",
             "is not a physical value (got " + format_number(v[k]) + ", at least " + format_number(-max) + ")");
    m.insert(m.end(), v.begin(), v.end());
  }
  return m;
}

std::string format_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

std::string format_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void write_vector(std::string& out, std::string_view key, const std::vector<double>& v) {
  out += std::string(key) + " = [";
  for (std::size_t k = 0; k < v.size(); ++k) out += (k ? ", " : "") + format_number(v[k]);
  out += "]\n";
}

void write_matrix(std::string& out, std::string_view key, int n, const std::vector<double>& m) {
  out += std::string(key) + " = [\n";
  for (int i = 0; i < n; ++i) {
    out += "  [";
    for (int j = 0; j < n; ++j) out += (j ? ", " : "") + format_number(m[std::size_t(i) * std::size_t(n) + std::size_t(j)]);
    out += "],\n";
  }
  out += "]\n";
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
namespace {

using detail::format_number;
using detail::format_string;
using detail::TomlReader;

// --- [collsel_model] -------------------------------------------------------------------------
void read_header(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "collsel_model";
  if (!node.is_table()) r.fail(&node, p, "must be a table");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"version", "created", "mpi_library", "precision", "precision_reached", "max_bytes", "clamped", "notes",
                     "calibration_seconds"});
  const long long version = r.integer(t, p, "version", true);
  if (version > ModelFile::current_version)
    r.fail(t.get("version"), p + ".version",
           "version " + std::to_string(version) + " is newer than this collsel supports (" +
               std::to_string(ModelFile::current_version) + "); use a newer collsel or recalibrate");
  if (version < 1) r.fail(t.get("version"), p + ".version", "must be at least 1");
  m.meta.created = r.string(t, p, "created", false);
  m.meta.mpi_library = r.string(t, p, "mpi_library", false);
  m.meta.precision = r.string(t, p, "precision", false);
  m.meta.precision_reached = r.nonnegative(t, p, "precision_reached", false);
  m.meta.max_bytes = r.nonnegative(t, p, "max_bytes", false);
  if (const toml::array* a = r.array(t, p, "clamped", false)) m.meta.clamped = r.strings(*a, p + ".clamped");
  if (const toml::array* a = r.array(t, p, "notes", false)) m.meta.notes = r.strings(*a, p + ".notes");
  if (const toml::table* c = r.table(t, p, "calibration_seconds", false)) {
    const std::string cp = p + ".calibration_seconds";
    for (const auto& [k, v] : *c) m.meta.calibration_seconds[std::string(k.str())] = r.nonnegative(*c, cp, k.str(), true);
  }
}

void write_header(std::string& out, const ModelFile& m) {
  out += "[collsel_model]\n";
  out += "version = " + std::to_string(ModelFile::current_version) + "\n";
  if (!m.meta.created.empty()) out += "created = " + format_string(m.meta.created) + "\n";
  if (!m.meta.mpi_library.empty()) out += "mpi_library = " + format_string(m.meta.mpi_library) + "\n";
  if (!m.meta.precision.empty()) out += "precision = " + format_string(m.meta.precision) + "\n";
  if (m.meta.precision_reached != 0)
    out += "precision_reached = " + format_number(m.meta.precision_reached) + "  # relative CI half-width\n";
  if (m.meta.max_bytes != 0)
    out += "max_bytes = " + format_number(m.meta.max_bytes) + "  # largest message measured; larger calls are extrapolated\n";
  if (!m.meta.clamped.empty()) {
    out += "clamped = [  # fitted parameters that came out negative and were set to 0\n";
    for (const auto& c : m.meta.clamped) out += "  " + format_string(c) + ",\n";
    out += "]\n";
  }
  if (!m.meta.notes.empty()) {
    out += "notes = [\n";
    for (const auto& n : m.meta.notes) out += "  " + format_string(n) + ",\n";
    out += "]\n";
  }
  if (!m.meta.calibration_seconds.empty()) {
    out += "calibration_seconds = {";
    bool first = true;
    for (const auto& [k, v] : m.meta.calibration_seconds) {
      out += (first ? " " : ", ") + format_string(k) + " = " + format_number(v);
      first = false;
    }
    out += " }  # seconds spent estimating each model\n";
  }
}

// --- [cluster] -------------------------------------------------------------------------------
void read_cluster(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "cluster";
  if (!node.is_table()) r.fail(&node, p, "must be a table");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"hosts", "process_host", "process_core", "host_class", "host_group"});
  const toml::array* hosts = r.array(t, p, "hosts", true);
  m.cluster.hosts = r.strings(*hosts, p + ".hosts");
  if (m.cluster.hosts.empty()) r.fail(hosts, p + ".hosts", "must name at least one host");
  std::unordered_set<std::string_view> seen;  // a thousand hosts: no quadratic scan
  for (std::size_t h = 0; h < m.cluster.hosts.size(); ++h) {
    const std::string hk = p + ".hosts[" + std::to_string(h) + "]";
    if (m.cluster.hosts[h].empty()) r.fail(&(*hosts)[h], hk, "must not be empty");
    if (!seen.insert(m.cluster.hosts[h]).second)
      r.fail(&(*hosts)[h], hk, "host '" + m.cluster.hosts[h] + "' is listed twice");
  }
  const toml::array* ph = r.array(t, p, "process_host", true);
  const auto hv = r.integers(*ph, p + ".process_host");
  if (hv.empty()) r.fail(ph, p + ".process_host", "must list at least one process");
  m.cluster.process_host.clear();
  for (std::size_t k = 0; k < hv.size(); ++k) {
    if (hv[k] < 0 || hv[k] >= (long long)m.cluster.hosts.size())
      r.fail(&(*ph)[k], p + ".process_host[" + std::to_string(k) + "]",
             "host index " + std::to_string(hv[k]) + " is out of range 0.." + std::to_string(m.cluster.hosts.size() - 1));
    m.cluster.process_host.push_back(int(hv[k]));
  }
  m.cluster.process_core.assign(hv.size(), -1);
  if (const toml::array* pc = r.array(t, p, "process_core", false)) {
    const auto cv = r.integers(*pc, p + ".process_core");
    if (cv.size() != hv.size())
      r.fail(pc, p + ".process_core",
             "has " + std::to_string(cv.size()) + " elements, expected " + std::to_string(hv.size()) + " (one per process)");
    for (std::size_t k = 0; k < cv.size(); ++k) {
      if (cv[k] < -1 || cv[k] > std::numeric_limits<int>::max())
        r.fail(&(*pc)[k], p + ".process_core[" + std::to_string(k) + "]", "must be a core index or -1 (unknown)");
      m.cluster.process_core[k] = int(cv[k]);
    }
  }
  m.cluster.host_class.clear();
  if (const toml::array* hc = r.array(t, p, "host_class", false)) {
    const auto cv = r.integers(*hc, p + ".host_class");
    const std::size_t hosts_n = m.cluster.hosts.size();
    if (cv.size() != hosts_n)
      r.fail(hc, p + ".host_class",
             "has " + std::to_string(cv.size()) + " elements, expected " + std::to_string(hosts_n) + " (one per host)");
    for (std::size_t h = 0; h < hosts_n; ++h) {
      if (cv[h] < 0 || cv[h] >= (long long)hosts_n)
        r.fail(&(*hc)[h], p + ".host_class[" + std::to_string(h) + "]",
               "class " + std::to_string(cv[h]) + " is out of range 0.." + std::to_string(hosts_n - 1));
      m.cluster.host_class.push_back(int(cv[h]));
    }
    // Every class must have a host with calibrated processes to stand for the others.
    std::vector<bool> represented(hosts_n, false);
    for (int host : m.cluster.process_host) represented[std::size_t(m.cluster.host_class[std::size_t(host)])] = true;
    for (std::size_t h = 0; h < hosts_n; ++h)
      if (!represented[std::size_t(m.cluster.host_class[h])])
        r.fail(&(*hc)[h], p + ".host_class[" + std::to_string(h) + "]",
               "class " + std::to_string(m.cluster.host_class[h]) + " of host '" + m.cluster.hosts[h] +
                   "' has no host with a calibrated process (process_host) to stand for it");
  }
  m.cluster.host_group.clear();
  if (const toml::array* hg = r.array(t, p, "host_group", false)) {
    if (!m.cluster.has_classes()) r.fail(hg, p + ".host_group", "needs host_class (switch groups lie within classes)");
    const auto gv = r.integers(*hg, p + ".host_group");
    const std::size_t hosts_n = m.cluster.hosts.size();
    if (gv.size() != hosts_n)
      r.fail(hg, p + ".host_group",
             "has " + std::to_string(gv.size()) + " elements, expected " + std::to_string(hosts_n) + " (one per host)");
    std::vector<int> class_of_group(hosts_n, -1);
    for (std::size_t h = 0; h < hosts_n; ++h) {
      const std::string key = p + ".host_group[" + std::to_string(h) + "]";
      if (gv[h] < -1 || gv[h] >= (long long)hosts_n)
        r.fail(&(*hg)[h], key, "group " + std::to_string(gv[h]) + " is out of range -1.." + std::to_string(hosts_n - 1));
      m.cluster.host_group.push_back(int(gv[h]));
      if (gv[h] < 0) continue;
      int& c = class_of_group[std::size_t(gv[h])];
      if (c >= 0 && c != m.cluster.host_class[h])
        r.fail(&(*hg)[h], key,
               "host '" + m.cluster.hosts[h] + "' is in class " + std::to_string(m.cluster.host_class[h]) + ", but group " +
                   std::to_string(gv[h]) + " has hosts of class " + std::to_string(c) + " (a group lies within one class)");
      c = m.cluster.host_class[h];
    }
  }
}

void write_cluster(std::string& out, const ModelFile& m) {
  const Cluster& c = m.cluster;
  out += "[cluster]\nhosts = [";
  for (std::size_t h = 0; h < c.hosts.size(); ++h) out += (h ? ", " : "") + format_string(c.hosts[h]);
  out += "]\nprocess_host = [";
  for (std::size_t p = 0; p < c.process_host.size(); ++p) out += (p ? ", " : "") + std::to_string(c.process_host[p]);
  out += "]  # index into hosts, per calibrated process\n";
  const bool any_core = std::any_of(c.process_core.begin(), c.process_core.end(), [](int k) { return k >= 0; });
  if (any_core && c.process_core.size() == c.process_host.size()) {
    out += "process_core = [";
    for (std::size_t p = 0; p < c.process_core.size(); ++p) out += (p ? ", " : "") + std::to_string(c.process_core[p]);
    out += "]  # OS core each process was bound to, -1 unknown\n";
  }
  if (c.has_classes()) {
    out += "host_class = [";
    for (std::size_t h = 0; h < c.host_class.size(); ++h) out += (h ? ", " : "") + std::to_string(c.host_class[h]);
    out += "]  # class of each host; a host without processes is predicted through one of its class\n";
  }
  if (c.has_classes() && c.has_groups()) {
    out += "host_group = [";
    for (std::size_t h = 0; h < c.host_group.size(); ++h) out += (h ? ", " : "") + std::to_string(c.host_group[h]);
    out += "]  # switch group of each host (-1: none); pairs within a group are predicted by a near pair\n";
  }
}

// Physical bounds of the model's values (docs/model-file.md, "Errors"): far beyond any network,
// yet small enough that sums over a thousand processes and their products with message sizes
// stay finite. A model outside them is rejected at load, before any prediction or LP sees it.
constexpr double kMaxSeconds = 1e3;        // a latency, a processor delay, a measured time
constexpr double kMaxSecondsPerByte = 1e-3;  // 1 KB/s, the slowest link considered
constexpr double kMaxRate = 1e15;          // bytes per second
constexpr double kMaxBytes = 1e12;         // a message size threshold

// A non-negative scalar no larger than `max`.
double bounded(const TomlReader& r, const toml::table& t, const std::string& path, std::string_view key, bool required,
               double max, double fallback = 0) {
  const double v = r.nonnegative(t, path, key, required, fallback);
  if (v > max)
    r.fail(t.get(key), TomlReader::join(path, key),
           "is not a physical value (got " + format_number(v) + ", at most " + format_number(max) + ")");
  return v;
}

// --- pieces above a protocol switch ---------------------------------------------------------
// Walks `[[<p>.above]]`: every entry must be a table of `keys` only, one of them min_bytes
// (strictly increasing, above 0); `piece(table, path, min_bytes)` reads the rest of each.
template <class ReadPiece>
void read_pieces_above(const TomlReader& r, const toml::table& t, const std::string& p,
                       std::initializer_list<std::string_view> keys, ReadPiece piece) {
  const toml::node* above = t.get("above");
  if (!above) return;
  const std::string ap = p + ".above";
  const std::string shape = "[[" + ap + "]]";
  if (!above->is_array()) r.fail(above, ap, "must be an array of tables (" + shape + ")");
  const toml::array& a = *above->as_array();
  double previous = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const std::string ep = ap + "[" + std::to_string(k) + "]";
    if (!a[k].is_table()) r.fail(&a[k], ep, "must be a table (" + shape + ")");
    const toml::table& e = *a[k].as_table();
    r.only_keys(e, ep, keys);
    const double from = bounded(r, e, ep, "min_bytes", true, kMaxBytes);
    if (!(from > previous))
      r.fail(e.get("min_bytes"), ep + ".min_bytes",
             "must be above " + format_number(previous) + " (pieces start at increasing sizes, after 0)");
    previous = from;
    piece(e, ep, from);
  }
}

// --- [hockney] -------------------------------------------------------------------------------
// Piece 0 is [hockney]'s own alpha and beta; every [[hockney.above]] adds the piece starting at
// its min_bytes (strictly increasing, > 0).
void read_hockney(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "hockney";
  if (!node.is_table()) r.fail(&node, p, "must be a table");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"alpha", "beta", "above"});
  const int n = m.cluster.size();
  struct Piece {
    std::vector<double> alpha, beta;
  };
  std::vector<Piece> pieces{{r.matrix_n(t, p, "alpha", n, kMaxSeconds), r.matrix_n(t, p, "beta", n, kMaxSecondsPerByte)}};
  std::vector<double> starts;
  read_pieces_above(r, t, p, {"min_bytes", "alpha", "beta"}, [&](const toml::table& e, const std::string& ep, double from) {
    starts.push_back(from);
    pieces.push_back({r.matrix_n(e, ep, "alpha", n, kMaxSeconds), r.matrix_n(e, ep, "beta", n, kMaxSecondsPerByte)});
  });
  HockneyModel h(n, starts);
  for (std::size_t q = 0; q < pieces.size(); ++q)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const std::size_t k = std::size_t(i) * std::size_t(n) + std::size_t(j);
        h.set(i, j, pieces[q].alpha[k], pieces[q].beta[k], int(q));
      }
  m.hockney = std::move(h);
}

void write_hockney(std::string& out, const ModelFile& m) {
  if (!m.hockney) return;
  const HockneyModel& h = *m.hockney;
  const int n = h.size();
  for (int q = 0; q < h.pieces(); ++q) {
    std::vector<double> a, b;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) a.push_back(h.alpha(i, j, q)), b.push_back(h.beta(i, j, q));
    if (q == 0) {
      out += "[hockney]  # T_ij(M) = alpha[i][j] + beta[i][j] * M";
      out += h.pieces() > 1 ? " for M below the first [[hockney.above]]\n" : "\n";
    } else {
      out += "\n[[hockney.above]]  # the same from min_bytes on (a change of protocol)\n";
      out += "min_bytes = " + format_number(h.piece_start(q)) + "\n";
    }
    out += "# alpha: seconds\n";
    detail::write_matrix(out, "alpha", n, a);
    out += "# beta: seconds per byte\n";
    detail::write_matrix(out, "beta", n, b);
  }
}

// --- [lmo] -----------------------------------------------------------------------------------
// Piece 0 is [lmo]'s own C, t, L and rate; every [[lmo.above]] adds the piece starting at its
// min_bytes (strictly increasing, > 0). The thresholds are [lmo]'s alone.
void read_lmo_piece(const TomlReader& r, const toml::table& t, const std::string& p, LmoModel& lmo, int piece) {
  const int n = lmo.size();
  const auto C = r.vector_n(t, p, "C", n, kMaxSeconds), tt = r.vector_n(t, p, "t", n, kMaxSecondsPerByte);
  // A rate may be negative: the link term that corrects t[i] + t[j] where the two hosts' delays
  // overlap in one message (fit.hpp, solve_lmo); the pair's per-byte time must not be.
  const auto L = r.matrix_n(t, p, "L", n, kMaxSeconds), rate = r.matrix_n(t, p, "rate", n, kMaxRate, false);
  for (int i = 0; i < n; ++i) lmo.set_processor(i, C[std::size_t(i)], tt[std::size_t(i)], piece);
  const toml::array& la = *t.get("L")->as_array();
  const toml::array& ra = *t.get("rate")->as_array();
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const std::size_t ij = std::size_t(i) * std::size_t(n) + std::size_t(j);
      const std::size_t ji = std::size_t(j) * std::size_t(n) + std::size_t(i);
      const std::string idx = "[" + std::to_string(j) + "][" + std::to_string(i) + "]";
      if (L[ij] != L[ji])
        r.fail(&(*la[std::size_t(j)].as_array())[std::size_t(i)], p + ".L" + idx,
               "links are symmetric: must equal L[" + std::to_string(i) + "][" + std::to_string(j) + "]");
      if (rate[ij] != rate[ji])
        r.fail(&(*ra[std::size_t(j)].as_array())[std::size_t(i)], p + ".rate" + idx,
               "links are symmetric: must equal rate[" + std::to_string(i) + "][" + std::to_string(j) + "]");
      const toml::node* rate_node = &(*ra[std::size_t(i)].as_array())[std::size_t(j)];
      const std::string rate_key = p + ".rate[" + std::to_string(i) + "][" + std::to_string(j) + "]";
      if (rate[ij] == 0) r.fail(rate_node, rate_key, "must not be 0 (bytes per second)");
      const double per_byte = tt[std::size_t(i)] + 1 / rate[ij] + tt[std::size_t(j)];
      if (!(per_byte > 0))
        r.fail(rate_node, rate_key,
               "leaves the pair's per-byte time t[" + std::to_string(i) + "] + 1/rate + t[" + std::to_string(j) +
                   "] = " + format_number(per_byte) + " s/byte, which must be positive");
      lmo.set_link(i, j, L[ij], rate[ij], piece);
    }
}

void read_lmo(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "lmo";
  if (!node.is_table()) r.fail(&node, p, "must be a table");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"C", "t", "L", "rate", "S", "M1", "M2", "gather_medium_extra", "above"});
  const int n = m.cluster.size();
  LmoModel lmo(n);
  read_lmo_piece(r, t, p, lmo, 0);
  read_pieces_above(r, t, p, {"min_bytes", "C", "t", "L", "rate"}, [&](const toml::table& e, const std::string& ep, double from) {
    LmoModel piece(n);
    read_lmo_piece(r, e, ep, piece, 0);
    lmo.add_piece(from, piece);
  });
  lmo.S = bounded(r, t, p, "S", true, kMaxBytes);
  lmo.M1 = bounded(r, t, p, "M1", true, kMaxBytes);
  lmo.M2 = bounded(r, t, p, "M2", true, kMaxBytes);
  if (lmo.M2 < lmo.M1) r.fail(t.get("M2"), p + ".M2", "must not be below M1 (" + format_number(lmo.M1) + ")");
  lmo.gather_medium_extra = bounded(r, t, p, "gather_medium_extra", false, kMaxSeconds);
  m.lmo = std::move(lmo);
}

void write_lmo(std::string& out, const ModelFile& m) {
  if (!m.lmo) return;
  const LmoModel& l = *m.lmo;
  const int n = l.size();
  auto piece = [&](int q) {
    std::vector<double> C, t, L, rate;
    for (int i = 0; i < n; ++i) C.push_back(l.C(i, q)), t.push_back(l.t(i, q));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) L.push_back(l.L(i, j, q)), rate.push_back(l.rate(i, j, q));
    out += "# C: fixed processor delay, seconds\n";
    detail::write_vector(out, "C", C);
    out += "# t: variable processor delay, seconds per byte\n";
    detail::write_vector(out, "t", t);
    out += "# L: link latency, seconds (symmetric)\n";
    detail::write_matrix(out, "L", n, L);
    out += "# rate: link transmission rate, bytes per second (symmetric; diagonal unused). Negative where\n"
           "# the two hosts' variable delays overlap in one message: 1/rate then corrects t[i] + t[j]\n";
    detail::write_matrix(out, "rate", n, rate);
  };
  out += "[lmo]  # T_ij(M) = C[i] + L[i][j] + C[j] + M * (t[i] + 1/rate[i][j] + t[j])";
  out += l.pieces() > 1 ? " for M below the first [[lmo.above]]\n" : "\n";
  piece(0);
  out += "S = " + format_number(l.S) + "  # bytes: flat scatter serialises from S on\n";
  out += "M1 = " + format_number(l.M1) + "  # bytes: flat gather small/medium threshold\n";
  out += "M2 = " + format_number(l.M2) + "  # bytes: flat gather medium/large threshold\n";
  out += "gather_medium_extra = " + format_number(l.gather_medium_extra) +
         "  # seconds added to a medium flat gather\n";
  for (int q = 1; q < l.pieces(); ++q) {
    out += "\n[[lmo.above]]  # the same from min_bytes on (a change of protocol)\n";
    out += "min_bytes = " + format_number(l.piece_start(q)) + "\n";
    piece(q);
  }
}

// --- [plogp] ---------------------------------------------------------------------------------
PiecewiseLinear read_function(const TomlReader& r, const toml::table& t, const std::string& path,
                              std::string_view key) {
  const toml::table* f = r.table(t, path, key, true);
  const std::string fp = TomlReader::join(path, key);
  r.only_keys(*f, fp, {"x", "y"});
  const toml::array* xa = r.array(*f, fp, "x", true);
  const toml::array* ya = r.array(*f, fp, "y", true);
  PiecewiseLinear pl{r.numbers(*xa, fp + ".x", true, kMaxBytes), r.numbers(*ya, fp + ".y", true, kMaxSeconds)};
  if (pl.x.empty()) r.fail(xa, fp + ".x", "must have at least one point");
  if (pl.x.size() != pl.y.size())
    r.fail(ya, fp + ".y", "has " + std::to_string(pl.y.size()) + " values for " + std::to_string(pl.x.size()) + " sizes in x");
  for (std::size_t k = 1; k < pl.x.size(); ++k)
    if (!(pl.x[k] > pl.x[k - 1]))
      r.fail(&(*xa)[k], fp + ".x[" + std::to_string(k) + "]", "message sizes must be strictly increasing");
  return pl;
}

void read_plogp(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "plogp";
  if (!node.is_table()) r.fail(&node, p, "must be a table");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"max_bytes", "pair"});
  const int n = m.cluster.size();
  const toml::array* pairs = r.array(t, p, "pair", true);
  PlogpModel model(n);
  std::vector<char> seen(std::size_t(n) * std::size_t(n), 0);
  double last_x = 1.0;
  for (std::size_t k = 0; k < pairs->size(); ++k) {
    const toml::node& e = (*pairs)[k];
    const std::string ep = p + ".pair[" + std::to_string(k) + "]";
    if (!e.is_table()) r.fail(&e, ep, "must be a table ([[plogp.pair]])");
    const toml::table& pt = *e.as_table();
    r.only_keys(pt, ep, {"i", "j", "L", "os", "orecv", "g"});
    const long long i = r.integer(pt, ep, "i", true), j = r.integer(pt, ep, "j", true);
    if (i < 0 || i >= n) r.fail(pt.get("i"), ep + ".i", "process " + std::to_string(i) + " is out of range 0.." + std::to_string(n - 1));
    if (j < 0 || j >= n) r.fail(pt.get("j"), ep + ".j", "process " + std::to_string(j) + " is out of range 0.." + std::to_string(n - 1));
    if (i == j) r.fail(pt.get("j"), ep + ".j", "a pair needs two different processes");
    char& s = seen[std::size_t(i) * std::size_t(n) + std::size_t(j)];
    if (s) r.fail(&e, ep, "pair (" + std::to_string(i) + ", " + std::to_string(j) + ") is given twice");
    s = 1;
    const double L = bounded(r, pt, ep, "L", true, kMaxSeconds);
    PiecewiseLinear os = read_function(r, pt, ep, "os"), orv = read_function(r, pt, ep, "orecv"),
                    g = read_function(r, pt, ep, "g");
    last_x = std::max(last_x, g.x.back());
    model.set(int(i), int(j), L, std::move(os), std::move(orv), std::move(g));
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j && !seen[std::size_t(i) * std::size_t(n) + std::size_t(j)])
        r.fail(pairs, p + ".pair",
               "no entry for pair (" + std::to_string(i) + ", " + std::to_string(j) + "): every ordered pair of the " +
                   std::to_string(n) + " processes is required");
  double max_bytes = r.nonnegative(t, p, "max_bytes", false, last_x);
  if (max_bytes < 1) r.fail(t.get("max_bytes"), p + ".max_bytes", "must be at least 1 byte");
  m.loggp = LogGPModel(model, max_bytes);
  m.plogp = std::move(model);
}

void write_function(std::string& out, std::string_view key, const PiecewiseLinear& f) {
  out += std::string(key) + " = { x = [";
  for (std::size_t k = 0; k < f.x.size(); ++k) out += (k ? ", " : "") + format_number(f.x[k]);
  out += "], y = [";
  for (std::size_t k = 0; k < f.y.size(); ++k) out += (k ? ", " : "") + format_number(f.y[k]);
  out += "] }\n";
}

void write_plogp(std::string& out, const ModelFile& m) {
  if (!m.plogp) return;
  const PlogpModel& pl = *m.plogp;
  out += "[plogp]  # T_ij(M) = L + g(M); os, orecv, g: piecewise linear, x bytes -> y seconds\n";
  if (m.loggp) {
    out += "max_bytes = " + format_number(m.loggp->max_bytes()) + "  # Mmax of the LogGP view, bytes\n";
    // Derived again on every read (docs/model-file.md); said here for whoever reads the file.
    out += std::isfinite(m.loggp->S())
               ? "# LogGP view: rendezvous threshold S = " + format_number(m.loggp->S()) + " bytes (LogGPS), derived on read\n"
               : "# LogGP view: one gap per byte for every size (no rendezvous step in g), derived on read\n";
  }
  for (int i = 0; i < pl.size(); ++i)
    for (int j = 0; j < pl.size(); ++j) {
      if (i == j) continue;
      out += "\n[[plogp.pair]]\ni = " + std::to_string(i) + "\nj = " + std::to_string(j) + "\n";
      out += "L = " + format_number(pl.L(i, j)) + "\n";
      write_function(out, "os", pl.os(i, j));
      write_function(out, "orecv", pl.orecv(i, j));
      write_function(out, "g", pl.g(i, j));
    }
}

// --- [channels] (docs/channels.md; reader and writer live in channels/channel_toml.cpp) --------
void read_channels(const TomlReader& r, const toml::node& node, ModelFile& m) {
  if (!node.is_table()) r.fail(&node, "channels", "must be a table ([channels])");
  m.channels = channels_from_toml(*node.as_table(), r.source());
}

void write_channels(std::string& out, const ModelFile& m) {
  if (m.channels && !m.channels->empty()) out += format_channels_section(*m.channels);
}

// --- [compute] -------------------------------------------------------------------------------
void read_compute(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "compute";
  if (!node.is_table()) r.fail(&node, p, "must be a table ([compute])");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"reduce_local"});
  m.reduce_gamma = r.vector_n(t, p, "reduce_local", m.cluster.size(), kMaxSecondsPerByte);
}

void write_compute(std::string& out, const ModelFile& m) {
  if (m.reduce_gamma.empty()) return;
  out += "[compute]  # local computation of the collectives\n";
  out += "# reduce_local: seconds per byte of MPI_Reduce_local (MPI_SUM on MPI_DOUBLE), per process\n";
  detail::write_vector(out, "reduce_local", m.reduce_gamma);
}

// --- [burst] (token-bucket links, buckets.hpp) --------------------------------------------------
void read_burst(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "burst";
  if (!node.is_table()) r.fail(&node, p, "must be a table ([burst])");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"line_seconds_per_byte", "up_rate", "down_rate", "up_bytes", "down_bytes"});
  const int n = m.cluster.size();
  TokenBuckets b;
  b.line_seconds_per_byte = r.nonnegative(t, p, "line_seconds_per_byte", true);
  if (!(b.line_seconds_per_byte > 0) || b.line_seconds_per_byte > kMaxSecondsPerByte)
    r.fail(t.get("line_seconds_per_byte"), TomlReader::join(p, "line_seconds_per_byte"),
           "must be > 0 and at most " + detail::format_number(kMaxSecondsPerByte));
  b.up_rate = r.vector_n(t, p, "up_rate", n, kMaxRate);
  b.down_rate = r.vector_n(t, p, "down_rate", n, kMaxRate);
  b.up_bytes = r.vector_n(t, p, "up_bytes", n, kMaxBytes);
  b.down_bytes = r.vector_n(t, p, "down_bytes", n, kMaxBytes);
  b.host = m.cluster.process_host;
  m.burst = std::move(b);
}

void write_burst(std::string& out, const ModelFile& m) {
  if (!m.burst || m.burst->empty()) return;
  out += "[burst]  # token-bucket links: a rested link passes what its bucket holds at the line rate\n";
  out += "line_seconds_per_byte = " + detail::format_number(m.burst->line_seconds_per_byte) + "\n";
  out += "# per process, its host's outgoing (up) and incoming (down) link: the sustained rate in bytes\n";
  out += "# per second (0: no bucket) and the bucket in bytes\n";
  detail::write_vector(out, "up_rate", m.burst->up_rate);
  detail::write_vector(out, "down_rate", m.burst->down_rate);
  detail::write_vector(out, "up_bytes", m.burst->up_bytes);
  detail::write_vector(out, "down_bytes", m.burst->down_bytes);
}

// --- [links] (host links faster than their pairs, host_links.hpp) --------------------------------
void read_links(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "links";
  if (!node.is_table()) r.fail(&node, p, "must be a table ([links])");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"out_rate", "in_rate"});
  const int n = m.cluster.size();
  m.link_out_rate = r.vector_n(t, p, "out_rate", n, kMaxRate);
  m.link_in_rate = r.vector_n(t, p, "in_rate", n, kMaxRate);
}

void write_links(std::string& out, const ModelFile& m) {
  if (m.link_out_rate.empty() && m.link_in_rate.empty()) return;
  out += "[links]  # host links measured with several transfers at once\n";
  out += "# per process, the bytes per second its host's link passed out of the host (to several hosts at\n";
  out += "# once) and into it (from several); 0: not faster than its fastest pair\n";
  const std::vector<double> none(std::size_t(m.cluster.size()), 0.0);
  detail::write_vector(out, "out_rate", m.link_out_rate.empty() ? none : m.link_out_rate);
  detail::write_vector(out, "in_rate", m.link_in_rate.empty() ? none : m.link_in_rate);
}

// --- [[native]] ------------------------------------------------------------------------------
void read_native(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "native";
  if (!node.is_array()) r.fail(&node, p, "must be an array of tables ([[native]])");
  const toml::array& a = *node.as_array();
  for (std::size_t k = 0; k < a.size(); ++k) {
    const toml::node& e = a[k];
    const std::string ep = p + "[" + std::to_string(k) + "]";
    if (!e.is_table()) r.fail(&e, ep, "must be a table ([[native]])");
    const toml::table& t = *e.as_table();
    r.only_keys(t, ep, {"op", "procs", "bytes", "seconds"});
    const std::string op_name = r.string(t, ep, "op", true);
    const auto op = parse_collective(op_name);
    if (!op)
      r.fail(t.get("op"), ep + ".op",
             "unknown operation '" + op_name + "' (expected bcast, reduce, scatter, gather, scatterv or gatherv)");
    const long long procs = r.integer(t, ep, "procs", true);
    if (procs < 1 || procs > std::numeric_limits<int>::max()) r.fail(t.get("procs"), ep + ".procs", "must be at least 1");
    if (m.native.has(*op, int(procs)))
      r.fail(&e, ep, "a second series for op '" + op_name + "' at procs = " + std::to_string(procs));
    const toml::array* ba = r.array(t, ep, "bytes", true);
    const toml::array* sa = r.array(t, ep, "seconds", true);
    const auto bytes = r.integers(*ba, ep + ".bytes");
    const auto secs = r.numbers(*sa, ep + ".seconds", true, kMaxSeconds);
    if (bytes.empty()) r.fail(ba, ep + ".bytes", "must have at least one size");
    if (bytes.size() != secs.size())
      r.fail(sa, ep + ".seconds", "has " + std::to_string(secs.size()) + " values for " + std::to_string(bytes.size()) + " sizes");
    std::vector<NativeCostTable::Point> pts;
    for (std::size_t q = 0; q < bytes.size(); ++q) {
      if (bytes[q] < 0) r.fail(&(*ba)[q], ep + ".bytes[" + std::to_string(q) + "]", "must not be negative");
      if (q > 0 && bytes[q] <= bytes[q - 1])
        r.fail(&(*ba)[q], ep + ".bytes[" + std::to_string(q) + "]", "sizes must be strictly increasing");
      pts.push_back({std::size_t(bytes[q]), secs[q]});
    }
    m.native.add(*op, int(procs), std::move(pts));
  }
}

void write_native(std::string& out, const ModelFile& m) {
  for (const auto& [key, pts] : m.native.series()) {
    out += "\n[[native]]\nop = " + format_string(to_string(key.first)) + "\nprocs = " + std::to_string(key.second) +
           "\nbytes = [";
    for (std::size_t k = 0; k < pts.size(); ++k) out += (k ? ", " : "") + std::to_string(pts[k].bytes);
    out += "]\nseconds = [";
    for (std::size_t k = 0; k < pts.size(); ++k) out += (k ? ", " : "") + format_number(pts[k].seconds);
    out += "]\n";
  }
}

// --- [validation] ----------------------------------------------------------------------------
void read_validation(const TomlReader& r, const toml::node& node, ModelFile& m) {
  const std::string p = "validation";
  if (!node.is_table()) r.fail(&node, p, "must be a table ([validation])");
  const toml::table& t = *node.as_table();
  r.only_keys(t, p, {"points", "median_error", "bias", "preferred", "roots", "schedule_error"});
  ModelValidation v;
  const long long points = r.integer(t, p, "points", true);
  if (points < 1 || points > 1000000) r.fail(t.get("points"), p + ".points", "must be between 1 and 1000000");
  v.points = int(points);
  // kind -> number tables (key `key` of `parent`, at `path`); a kind must be one the file can hold.
  auto per_kind = [&](const toml::table& parent, const std::string& path, std::string_view key, bool positive) {
    std::map<std::string, double> out;
    const toml::table* kt = r.table(parent, path, key, true);
    const std::string kp = path + "." + std::string(key);
    for (const auto& [k, val] : *kt) {
      const std::string kind(k.str());
      if (kind != "hockney" && kind != "lmo" && kind != "plogp" && kind != "loggp")
        r.fail(&val, kp + "." + kind, "unknown model kind (expected hockney, lmo, plogp or loggp)");
      const double x = r.number(*kt, kp, kind, true);
      if (!(x >= 0) || (positive && x == 0) || x > 1e6)
        r.fail(&val, kp + "." + kind, positive ? "must be a ratio in (0, 1e6]" : "must be a ratio in [0, 1e6]");
      out[kind] = x;
    }
    if (out.empty()) r.fail(kt, kp, "must name at least one model kind");
    return out;
  };
  v.median_error = per_kind(t, p, "median_error", false);
  v.bias = per_kind(t, p, "bias", true);
  if (const toml::table* st = r.table(t, p, "schedule_error", false)) {  // optional: files before it lack it
    const std::string sp = p + ".schedule_error";
    for (const auto& [k, val] : *st) {
      const std::string kind(k.str());
      if (!is_error_class(kind))
        r.fail(&val, sp + "." + kind,
               "unknown schedule kind (expected tree, pipeline, pipeline_fine, frames or concurrent)");
      v.schedule_error[kind] = per_kind(*st, sp, kind, false);
    }
  }
  v.preferred = r.string(t, p, "preferred", true);
  if (!v.median_error.count(v.preferred))
    r.fail(t.get("preferred"), p + ".preferred", "'" + v.preferred + "' has no median_error entry");
  if (const toml::array* ra = r.array(t, p, "roots", false)) {  // optional: files before it lack it
    const auto rv = r.integers(*ra, p + ".roots");
    for (std::size_t k = 0; k < rv.size(); ++k) {
      if (rv[k] < 0 || rv[k] > 1 << 30)
        r.fail(&(*ra)[k], p + ".roots[" + std::to_string(k) + "]", "must be a rank (0 or more)");
      v.roots.push_back(int(rv[k]));
    }
  }
  m.validation = std::move(v);
}

void write_validation(std::string& out, const ModelFile& m) {
  if (!m.validation) return;
  const ModelValidation& v = *m.validation;
  auto table = [&](std::string_view key, const std::map<std::string, double>& values) {
    out += std::string(key) + " = { ";
    bool first = true;
    for (const auto& [k, x] : values) out += (first ? "" : ", ") + k + " = " + format_number(x), first = false;
    out += " }\n";
  };
  out += "[validation]  # each model's prediction of collsel's own schedules, measured after the fit\n";
  out += "points = " + std::to_string(v.points) + "  # (schedule, call shape) pairs measured\n";
  out += "# median |predicted - measured| / measured, per model kind\n";
  table("median_error", v.median_error);
  out += "# geometric mean of predicted / measured (1 = unbiased)\n";
  table("bias", v.bias);
  if (!v.schedule_error.empty()) {
    out += "# the same per kind of schedule, where " + std::to_string(kScheduleErrorPoints) +
           " or more were measured (verification weighs each candidate by its own)\n";
    out += "schedule_error = { ";
    bool first = true;
    for (const auto& [schedule, errors] : v.schedule_error) {
      out += std::string(first ? "" : ", ") + schedule + " = { ";
      bool first_kind = true;
      for (const auto& [k, x] : errors) out += (first_kind ? "" : ", ") + k + " = " + format_number(x), first_kind = false;
      out += " }";
      first = false;
    }
    out += " }\n";
  }
  out += "preferred = " + format_string(v.preferred) + "  # the model used unless a job names another\n";
  if (!v.roots.empty()) {
    out += "roots = [";
    for (std::size_t k = 0; k < v.roots.size(); ++k) out += (k ? ", " : "") + std::to_string(v.roots[k]);
    out += "]  # the schedules' roots: 0, the last rank, and where the models disagree most\n";
  }
}

// The sections of a model file, read in this order (the cluster first: the models are sized by
// it) whatever their order in the file. A new section is one row here.
struct Section {
  std::string_view name;
  bool required;
  void (*read)(const TomlReader&, const toml::node&, ModelFile&);
  void (*write)(std::string&, const ModelFile&);
};

constexpr Section sections[] = {
    {"collsel_model", true, read_header, write_header},
    {"cluster", true, read_cluster, write_cluster},
    {"hockney", false, read_hockney, write_hockney},
    {"lmo", false, read_lmo, write_lmo},
    {"plogp", false, read_plogp, write_plogp},
    {"native", false, read_native, write_native},
    {"channels", false, read_channels, write_channels},
    {"compute", false, read_compute, write_compute},
    {"burst", false, read_burst, write_burst},
    {"links", false, read_links, write_links},
    {"validation", false, read_validation, write_validation},
};

}  // namespace

ModelFile parse_model_file(std::string_view text, std::string_view source_name) {
  const TomlReader r{std::string(source_name)};
  toml::table root;
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw ModelFileError(std::string(source_name), int(e.source().begin.line), "", std::string(e.description()));
  }
  for (const auto& [k, v] : root) {
    const bool known = std::any_of(std::begin(sections), std::end(sections), [&](const Section& s) { return s.name == k.str(); });
    if (!known) {
      std::string list;
      for (const Section& s : sections) list += (list.empty() ? "" : ", ") + std::string(s.name);
      const int line = int(k.source().begin.line ? k.source().begin.line : v.source().begin.line);
      r.fail_line(line, std::string(k.str()),
                  k.str() == "loggp" ? "unknown section: LogGP is derived from [plogp], not stored"
                                     : "unknown section (expected: " + list + ")");
    }
  }
  ModelFile m;
  for (const Section& s : sections) {
    const toml::node* n = root.get(s.name);
    if (!n) {
      if (s.required) r.fail_line(0, std::string(s.name), "missing section [" + std::string(s.name) + "]");
      continue;
    }
    s.read(r, *n, m);
  }
  // What the file says of every model it holds: the local reduction's rate, the links' floors and
  // buckets, and the switch groups.
  std::vector<P2PModel*> models;
  for (P2PModel* model : std::initializer_list<P2PModel*>{m.hockney ? &*m.hockney : nullptr, m.lmo ? &*m.lmo : nullptr,
                                                         m.plogp ? &*m.plogp : nullptr, m.loggp ? &*m.loggp : nullptr})
    if (model) models.push_back(model);
  if (!m.reduce_gamma.empty())
    for (P2PModel* model : models) model->set_reduce_gamma(m.reduce_gamma);
  if (!m.link_out_rate.empty())
    for (P2PModel* model : models) model->set_link_floors(m.link_out_rate, m.link_in_rate);
  if (m.burst) {
    auto buckets = std::make_shared<const TokenBuckets>(*m.burst);
    for (P2PModel* model : models) model->set_buckets(buckets);
  }
  // Switch groups from the latencies: LMO's when present (its per-pair latency is free of the
  // per-host delays' noise), else the preferred model's. Not with host classes, whose calibrated
  // processes stand in for other hosts.
  if (!m.cluster.has_classes())
    if (const P2PModel* source = m.lmo ? &*m.lmo : m.default_model()) {
      const std::vector<int> groups = infer_switch_groups(*source, m.cluster.process_host);
      if (!groups.empty())
        for (P2PModel* model : models) model->set_switch_groups(groups);
    }
  return m;
}

ModelFile read_model_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ModelFileError(path.string(), 0, "", "is a directory, not a model file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelFileError(path.string(), 0, "", std::string("cannot open the model file: ") + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw ModelFileError(path.string(), 0, "", "cannot read the model file");
  const std::string text = ss.str();
  return parse_model_file(text, path.string());
}

std::string format_model_file(const ModelFile& model) {
  std::string out =
      "# collsel communication model (docs/model-file.md). Times in seconds, sizes in bytes,\n"
      "# rates in bytes per second; processes are numbered as in [cluster].\n";
  for (const Section& s : sections) {
    const std::size_t before = out.size();
    std::string part;
    s.write(part, model);
    if (part.empty()) continue;
    if (before > 0) out += "\n";
    out += part;
  }
  return out;
}

void write_model_file(const std::filesystem::path& path, const ModelFile& model) {
  const std::string text = format_model_file(model);
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::string tmpl = (dir / ("." + path.filename().string() + ".tmp.XXXXXX")).string();
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot create a temporary file in " + dir.string());
  auto fail = [&](const char* what) {
    ::close(fd);
    ::unlink(tmpl.c_str());
    throw std::runtime_error(path.string() + ": " + what);
  };
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail("write failed");
    }
    done += std::size_t(w);
  }
  if (::fchmod(fd, 0644) != 0) fail("cannot set the file mode");
  if (::fsync(fd) != 0) fail("fsync failed");
  if (::close(fd) != 0) {
    ::unlink(tmpl.c_str());
    throw std::runtime_error(path.string() + ": close failed");
  }
  if (std::rename(tmpl.c_str(), path.c_str()) != 0) {
    ::unlink(tmpl.c_str());
    throw std::runtime_error(path.string() + ": cannot rename the temporary file into place");
  }
  // Make the rename itself durable.
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace collsel

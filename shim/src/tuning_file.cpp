#include "tuning_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <type_traits>

#include "collsel/registry.hpp"

namespace collsel::shim {
namespace {

// A line's first `max` fields, split at single spaces; returns how many there are (more than
// `max`: max + 1).
template <std::size_t N>
std::size_t fields(std::string_view line, std::array<std::string_view, N>& f) {
  std::size_t n = 0, start = 0;
  while (start <= line.size()) {
    if (n == N) return N + 1;
    const std::size_t end = std::min(line.find(' ', start), line.size());
    f[n++] = line.substr(start, end - start);
    start = end + 1;
  }
  return n;
}

template <class T>
bool number(std::string_view s, T& out, int base = 10) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  std::from_chars_result r;
  if constexpr (std::is_floating_point_v<T>) r = std::from_chars(s.data(), end, out);
  else r = std::from_chars(s.data(), end, out, base);
  return r.ec == std::errc() && r.ptr == end;
}

bool hex16(std::string_view s, std::uint64_t& out) { return s.size() == 16 && number(s, out, 16); }

bool flag(std::string_view s, bool& out) {
  if (s != "0" && s != "1") return false;
  out = s == "1";
  return true;
}

// "alg:seconds,alg:seconds" or "-" (none).
bool times(std::string_view s, std::vector<TuningTime>& out) {
  out.clear();
  if (s == "-") return true;
  std::size_t start = 0;
  while (start < s.size()) {
    const std::size_t end = std::min(s.find(',', start), s.size());
    const std::string_view item = s.substr(start, end - start);
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    TuningTime t{std::string(item.substr(0, colon)), 0};
    if (!number(item.substr(colon + 1), t.seconds) || !(t.seconds >= 0)) return false;
    out.push_back(std::move(t));
    start = end + 1;
  }
  return !out.empty() && s.back() != ',';
}

std::string format_times(const std::vector<TuningTime>& ts) {
  if (ts.empty()) return "-";
  std::string s;
  char b[40];
  for (const TuningTime& t : ts) {
    std::snprintf(b, sizeof b, "%.9g", t.seconds);
    s += (s.empty() ? "" : ",") + t.algorithm + ":" + b;
  }
  return s;
}

// A name of the registry's kind: letters, digits, '_' (the format's separators stay unambiguous).
bool plain_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

constexpr std::size_t kFields = 15;

// Why `line` is no entry ("" when it is one, filled into e).
std::string parse_entry(std::string_view line, TuningEntry& e) {
  std::array<std::string_view, kFields> f;
  if (const std::size_t n = fields(line, f); n != kFields)
    return "expected " + std::to_string(kFields) + " fields separated by single spaces, got " +
           (n > kFields ? "more" : std::to_string(n));
  TuningKey& k = e.key;
  if (!hex16(f[0], k.hosts) || !hex16(f[1], k.model) || !hex16(f[2], k.library) || !hex16(f[3], k.settings))
    return "the first four fields must be 16 hex digits each";
  if (!number(f[4], k.comm_size) || k.comm_size < 1) return "bad communicator size '" + std::string(f[4]) + "'";
  const auto op = parse_collective(f[5]);
  if (!op) return "unknown op '" + std::string(f[5]) + "'";
  k.op = *op;
  if (!number(f[6], k.root) || k.root < 0 || k.root >= k.comm_size) return "bad root '" + std::string(f[6]) + "'";
  if (!number(f[7], k.bucket) || k.bucket < 0 || k.bucket > 64) return "bad size bucket '" + std::string(f[7]) + "'";
  if (!flag(f[8], k.commute) || !flag(f[9], k.mixed)) return "commute and mixed must be 0 or 1";
  if (!number(f[10], k.rule) || k.rule < -1 || k.rule >= int(kMaxRulesPerOp)) return "bad rule '" + std::string(f[10]) + "'";
  if (!plain_name(f[11])) return "bad verdict '" + std::string(f[11]) + "'";
  e.verdict = std::string(f[11]);
  if (!number(f[12], e.written)) return "bad time written '" + std::string(f[12]) + "'";
  if (!times(f[13], e.measured) || !times(f[14], e.audited)) return "bad list of times (algorithm:seconds,...)";
  for (const auto* list : {&e.measured, &e.audited})
    for (const TuningTime& t : *list)
      if (!plain_name(t.algorithm)) return "bad algorithm name '" + t.algorithm + "'";
  return "";
}

}  // namespace

std::uint64_t tuning_key_hash(const TuningKey& k) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::uint64_t v) {
    for (int i = 0; i < 8; ++i) h = (h ^ ((v >> (8 * i)) & 0xff)) * 1099511628211ull;
  };
  mix(k.hosts);
  mix(k.model);
  mix(k.library);
  mix(k.settings);
  mix(std::uint64_t(k.comm_size));
  mix(std::uint64_t(k.op));
  mix(std::uint64_t(k.root));
  mix(std::uint64_t(k.bucket) | std::uint64_t(k.commute) << 8 | std::uint64_t(k.mixed) << 9 |
      std::uint64_t(k.rule + 1) << 16);
  return h;
}

TuningFile parse_tuning(std::string_view text, const std::string& name) {
  TuningFile file;
  if (text.empty()) return file;
  file.entries.reserve(std::size_t(std::count(text.begin(), text.end(), '\n')));
  std::size_t pos = 0;
  int line_no = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const bool complete = nl != std::string_view::npos;
    std::string_view line = text.substr(pos, complete ? nl - pos : std::string_view::npos);
    pos = complete ? nl + 1 : text.size();
    ++line_no;
    if (line_no == 1) {
      if (line != kTuningHeader || !complete) {
        file.foreign = true;
        std::string first(line.substr(0, 60));
        file.problems.push_back(name + ":1: not a collsel tuning file (its first line is '" + first + "', expected '" +
                                std::string(kTuningHeader) + "')");
        return file;
      }
      continue;
    }
    if (!complete) {  // a write cut short: the last line has no newline
      file.problems.push_back(name + ":" + std::to_string(line_no) + ": truncated (no newline at the end of the file)");
      break;
    }
    if (line.empty() || line.front() == '#') continue;
    TuningEntry e;
    if (std::string why = parse_entry(line, e); !why.empty())
      file.problems.push_back(name + ":" + std::to_string(line_no) + ": " + why);
    else file.entries.push_back(std::move(e));
  }
  return file;
}

std::string format_tuning_entry(const TuningEntry& e) {
  const TuningKey& k = e.key;
  char digests[80];
  std::snprintf(digests, sizeof digests, "%016llx %016llx %016llx %016llx", static_cast<unsigned long long>(k.hosts),
                static_cast<unsigned long long>(k.model), static_cast<unsigned long long>(k.library),
                static_cast<unsigned long long>(k.settings));
  std::string line = digests;
  line += ' ' + std::to_string(k.comm_size) + ' ' + std::string(to_string(k.op)) + ' ' + std::to_string(k.root) + ' ' +
          std::to_string(k.bucket) + ' ' + (k.commute ? '1' : '0') + ' ' + (k.mixed ? '1' : '0') + ' ' +
          std::to_string(k.rule) + ' ' + e.verdict + ' ' + std::to_string(e.written) + ' ' + format_times(e.measured) +
          ' ' + format_times(e.audited);
  return line;
}

std::string format_tuning(std::span<const TuningEntry> entries) {
  std::string text(kTuningHeader);
  text += "\n# hosts model library settings procs op root bucket commute mixed rule verdict written measured audited"
          " (docs/tuning.md)\n";
  for (const TuningEntry& e : entries) text += format_tuning_entry(e) + '\n';
  return text;
}

std::vector<TuningEntry> merge_tuning(std::vector<TuningEntry> older, std::span<const TuningEntry> newer) {
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> at;
  for (std::size_t i = 0; i < older.size(); ++i) at[tuning_key_hash(older[i].key)].push_back(i);
  std::vector<char> drop(older.size(), 0);
  for (const TuningEntry& n : newer) {
    auto it = at.find(tuning_key_hash(n.key));
    if (it == at.end()) continue;
    for (std::size_t i : it->second)
      if (older[i].key == n.key) drop[i] = 1;
  }
  std::vector<TuningEntry> out;
  out.reserve(older.size() + newer.size());
  for (std::size_t i = 0; i < older.size(); ++i)
    if (!drop[i]) out.push_back(std::move(older[i]));
  // Within `newer`, the last entry of a key wins.
  for (std::size_t i = 0; i < newer.size(); ++i) {
    bool later = false;
    for (std::size_t j = i + 1; j < newer.size() && !later; ++j) later = newer[j].key == newer[i].key;
    if (!later) out.push_back(newer[i]);
  }
  return out;
}

bool read_tuning_text(const std::string& path, std::string& text, bool& missing, std::string& why) {
  text.clear();
  missing = false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) {
      missing = true;
      return true;
    }
    why = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    why = "is a directory";
    return false;
  }
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      why = std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    text.append(buf, std::size_t(n));
  }
  ::close(fd);
  return true;
}

std::string update_tuning_file(const std::string& path, std::span<const TuningEntry> verdicts) {
  const std::string lock_path = path + ".lock";
  const int lock = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lock < 0) return "cannot open the lock file " + lock_path + ": " + std::strerror(errno);
  while (::flock(lock, LOCK_EX) != 0)
    if (errno != EINTR) {
      const std::string why = "cannot lock " + lock_path + ": " + std::strerror(errno);
      ::close(lock);
      return why;
    }
  struct Unlock {
    int fd;
    ~Unlock() { ::close(fd); }  // closing releases the lock
  } unlock{lock};
  std::string text, why;
  bool missing = false;
  if (!read_tuning_text(path, text, missing, why)) return "cannot read " + path + ": " + why;
  TuningFile current = parse_tuning(text, path);
  if (current.foreign) return current.problems.front() + "; it is left as it is";
  const std::string merged = format_tuning(merge_tuning(std::move(current.entries), verdicts));
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return "cannot write " + tmp + ": " + std::strerror(errno);
  std::size_t done = 0;
  while (done < merged.size()) {
    const ssize_t n = ::write(fd, merged.data() + done, merged.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      why = "cannot write " + tmp + ": " + std::strerror(n < 0 ? errno : ENOSPC);
      ::close(fd);
      ::unlink(tmp.c_str());
      return why;
    }
    done += std::size_t(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    why = "cannot write " + tmp + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return why;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    why = "cannot rename " + tmp + " to " + path + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return why;
  }
  return "";
}

std::string tuning_settings_text(const Settings& s, Collective op) {
  std::ostringstream t;
  t << "placement=" << (s.placement_model ? "model" : "host") << ";verify=" << s.verify
    << ";verify_candidates=" << s.verify_candidates << ";verify_calls=" << s.verify_calls
    << ";verify_max_calls=" << s.verify_max_calls << ";audit_calls=" << s.audit_calls;
  char budget[160];  // the exploration rule's (plan_exploration): which candidates, rounds and blocks
  std::snprintf(budget, sizeof budget, ";verify_error=%.17g;verify_budget_calls=%d;verify_budget_time=%.17g",
                s.verify_error, s.verify_budget_calls, s.verify_budget_time);
  t << budget;
  const OpSettings& o = s.op(op);
  t << ";op=" << to_string(op) << ";algorithm=" << o.algorithm << ";exclude=";
  for (const std::string& x : o.exclude) t << x << ',';
  t << ";rules=";
  for (const Rule& r : o.rules) t << r.min_bytes << ".." << r.max_bytes << ':' << r.algorithm << ',';
  char margin[40];
  std::snprintf(margin, sizeof margin, "%.17g", o.margin);
  t << ";segment_bytes=" << o.segment_bytes << ";margin=" << margin << ";p2p_model=" << o.p2p_model;
  // The candidates this build knows for the op: a verdict reached without one of them (an older
  // collsel) is not this build's to reuse.
  t << ";candidates=";
  for (const AlgorithmInfo& a : algorithms())
    if (a.collectives.contains(op)) t << a.name << ',';
  return t.str();
}

TuningTable::TuningTable(std::vector<TuningEntry> entries) : entries_(std::move(entries)) {
  index_.reserve(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) index_[tuning_key_hash(entries_[i].key)] = i;
}

const TuningEntry* TuningTable::find(const TuningKey& k) const {
  const auto it = index_.find(tuning_key_hash(k));
  if (it == index_.end()) return nullptr;
  const TuningEntry& e = entries_[it->second];
  return e.key == k ? &e : nullptr;
}

}  // namespace collsel::shim

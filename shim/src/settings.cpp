#include "settings.hpp"

#include <cmath>
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <cstring>
#include <cerrno>
#include <fstream>
#include <filesystem>
#include <toml++/toml.h>

#include "collsel/registry.hpp"

extern char** environ;

namespace collsel::shim {
namespace {

std::string upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

std::string display_name(const SettingInfo& info, Collective op) {
  return info.per_op ? std::string(to_string(op)) + "." + std::string(info.key) : std::string(info.key);
}

// A raw value from either source: a TOML node, or environment text.
struct Raw {
  const toml::node* node = nullptr;
  std::string_view text;
};

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

bool get_string(const Raw& r, std::string& out, std::string& err) {
  if (r.node) {
    if (auto v = r.node->value<std::string>()) { out = *v; return true; }
    err = "expected a string";
    return false;
  }
  out = trim(r.text);
  return true;
}

bool get_bool(const Raw& r, bool& out, std::string& err) {
  if (r.node) {
    if (auto v = r.node->value<bool>()) { out = *v; return true; }
    err = "expected true or false";
    return false;
  }
  const std::string t = trim(r.text);
  if (t == "1" || t == "true" || t == "yes" || t == "on") { out = true; return true; }
  if (t == "0" || t == "false" || t == "no" || t == "off" || t.empty()) { out = false; return true; }
  err = "expected 0/1/true/false, got '" + t + "'";
  return false;
}

bool get_size(const Raw& r, std::size_t& out, std::string& err) {
  long long v = -1;
  if (r.node) {
    auto i = r.node->value_exact<int64_t>();
    if (!i) { err = "expected a non-negative integer"; return false; }
    v = *i;
  } else {
    const std::string t = trim(r.text);
    char* end = nullptr;
    v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end != '\0') { err = "expected a non-negative integer, got '" + t + "'"; return false; }
  }
  if (v < 0) { err = "must not be negative"; return false; }
  out = std::size_t(v);
  return true;
}

bool get_number(const Raw& r, double& out, std::string& err) {
  if (r.node) {
    if (auto v = r.node->value<double>()) { out = *v; return true; }
    err = "expected a number";
    return false;
  }
  const std::string t = trim(r.text);
  char* end = nullptr;
  out = std::strtod(t.c_str(), &end);
  if (t.empty() || *end != '\0') { err = "expected a number, got '" + t + "'"; return false; }
  return true;
}

bool is_auto(const Raw& r) {
  return r.node ? (r.node->is_string() && r.node->value_or(std::string()) == "auto") : trim(r.text) == "auto";
}

// segment_bytes: auto (kAutoSegmentBytes) or a size of at least 1 KiB.
bool get_segment(const Raw& r, std::size_t& out, std::string& err) {
  if (is_auto(r)) {
    out = kAutoSegmentBytes;
    return true;
  }
  if (!get_size(r, out, err)) { err += " or auto"; return false; }
  if (out < kSmallestSegmentBytes) { err = "must be at least 1024 bytes (1K)"; return false; }
  return true;
}

// A finite number ≥ 0, or with `allow_auto` the word auto (stored as -1).
bool get_share(const Raw& r, bool allow_auto, double& out, std::string& err) {
  if (allow_auto && is_auto(r)) {
    out = -1;
    return true;
  }
  if (!get_number(r, out, err)) {
    if (allow_auto) err += " or auto";
    return false;
  }
  if (!(out >= 0 && std::isfinite(out))) {
    err = allow_auto ? "must be at least 0 (or auto)" : "must be at least 0";
    return false;
  }
  return true;
}

bool check_algorithm(std::string_view name, Collective op, bool allow_auto, std::string& err) {
  if (allow_auto && name == "auto") return true;
  const AlgorithmInfo* a = find_algorithm(name);
  if (!a) {
    err = "unknown algorithm '" + std::string(name) + "' (known:";
    for (const auto& x : algorithms()) err += " " + std::string(x.name);
    err += ")";
    return false;
  }
  if (!a->collectives.contains(op)) {
    err = "algorithm '" + std::string(name) + "' does not apply to " + std::string(to_string(op));
    return false;
  }
  return true;
}

// A string that must be `no` or `yes`; out = (value == yes).
bool get_either(const Raw& r, std::string_view no, std::string_view yes, bool& out, std::string& err) {
  std::string v;
  if (!get_string(r, v, err)) return false;
  if (v != no && v != yes) {
    err = "expected " + std::string(no) + " or " + std::string(yes) + ", got '" + v + "'";
    return false;
  }
  out = v == yes;
  return true;
}

bool get_list(const Raw& r, Collective op, std::vector<std::string>& out, std::string& err) {
  out.clear();
  if (r.node) {
    const toml::array* arr = r.node->as_array();
    if (!arr) { err = "expected an array of algorithm names"; return false; }
    for (const auto& e : *arr) {
      auto v = e.value<std::string>();
      if (!v) { err = "expected an array of algorithm names"; return false; }
      out.push_back(*v);
    }
  } else {
    std::stringstream ss{std::string(r.text)};
    for (std::string item; std::getline(ss, item, ',');)
      if (!trim(item).empty()) out.push_back(trim(item));
  }
  for (const auto& name : out) {
    if (name == "native") { err = "native cannot be excluded"; return false; }
    if (!check_algorithm(name, op, false, err)) return false;
  }
  return true;
}

std::string where(const toml::node& n, const std::string& file) {
  return file + ":" + std::to_string(n.source().begin.line);
}

// The per-operation `rules` array of `op` into o.rules.
bool get_rules(const Raw& r, const SettingInfo& info, Collective op, const std::string& file, OpSettings& o,
               std::string& err) {
  const toml::array* arr = r.node ? r.node->as_array() : nullptr;
  if (!arr) { err = "expected an array of tables ([[" + std::string(to_string(op)) + ".rules]])"; return false; }
  if (arr->size() > kMaxRulesPerOp) {
    err = "at most " + std::to_string(kMaxRulesPerOp) + " rules per collective, got " + std::to_string(arr->size());
    return false;
  }
  o.rules.clear();
  for (const auto& e : *arr) {
    const toml::table* t = e.as_table();
    if (!t) { err = "each rule must be a table"; return false; }
    Rule rule{0, std::size_t(-1), ""};
    bool has_alg = false;
    for (auto&& [key, val] : *t) {
      std::string kerr;
      const std::string ks(key.str());
      bool ok = true;
      if (ks == "min_bytes") ok = get_size({&val, {}}, rule.min_bytes, kerr);
      else if (ks == "max_bytes") ok = get_size({&val, {}}, rule.max_bytes, kerr);
      else if (ks == "algorithm") {
        ok = get_string({&val, {}}, rule.algorithm, kerr) && check_algorithm(rule.algorithm, op, true, kerr);
        has_alg = true;
      } else {
        ok = false;
        kerr = "unknown key (expected min_bytes, max_bytes, algorithm)";
      }
      if (!ok) {
        err = where(val, file) + ": " + display_name(info, op) + "." + ks + ": " + kerr;
        err = "\x01" + err;  // already located
        return false;
      }
    }
    if (!has_alg) { err = "a rule needs an algorithm"; return false; }
    if (rule.min_bytes > rule.max_bytes) { err = "min_bytes > max_bytes"; return false; }
    o.rules.push_back(rule);
  }
  return true;
}

// An integer setting in [lo, hi].
bool get_int_in(const Raw& r, int lo, int hi, int& out, std::string& err) {
  double v = 0;
  if (!get_number(r, v, err)) return false;
  if (!(v >= lo && v <= hi) || v != double(int(v))) {
    err = "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    return false;
  }
  out = int(v);
  return true;
}

// Applies one value of `info` (for `op` when per-op). Returns false with err on a bad value.
bool apply(Settings& s, const SettingInfo& info, Collective op, const Raw& r, const std::string& file,
           std::string& err) {
  OpSettings& o = s.ops[std::size_t(op)];
  const std::string_view k = info.key;
  if (!info.per_op) {
    if (k == "config") return get_string(r, s.config, err);
    if (k == "model") return get_string(r, s.model, err);
    if (k == "log") return get_string(r, s.log, err);
    if (k == "tuning") return get_string(r, s.tuning, err);
    if (k == "report") {
      if (!get_string(r, s.report, err)) return false;
      if (s.report.empty()) { err = "expected auto, stderr, off or a file path, got an empty value"; return false; }
      return true;
    }
    if (k == "report_top") return get_int_in(r, 0, 1000000, s.report_top, err);
    if (k == "strict") return get_bool(r, s.strict, err);
    if (k == "verbose") return get_bool(r, s.verbose, err);
    if (k == "log_level") return get_either(r, "summary", "calls", s.log_calls, err);
    if (k == "placement") return get_either(r, "host", "model", s.placement_model, err);
    if (k == "verify") return get_bool(r, s.verify, err);
    if (k == "verify_candidates") return get_int_in(r, 2, 8, s.verify_candidates, err);
    if (k == "verify_calls") return get_int_in(r, 1, 32, s.verify_calls, err);
    if (k == "verify_max_calls") return get_int_in(r, 1, 32, s.verify_max_calls, err);
    if (k == "audit_calls") return get_int_in(r, 0, 256, s.audit_calls, err);
    if (k == "verify_error") return get_share(r, true, s.verify_error, err);
    if (k == "verify_budget_calls") return get_int_in(r, 0, 100000, s.verify_budget_calls, err);
    if (k == "verify_budget_time") return get_share(r, false, s.verify_budget_time, err);
    if (k == "verify_check_calls") return get_int_in(r, 0, 32, s.verify_check_calls, err);
    if (k == "v_native_recheck") return get_int_in(r, 0, 1000000, s.v_native_recheck, err);
    if (k == "drift_threshold") return get_share(r, false, s.drift_threshold, err);
    if (k == "drift_window") return get_int_in(r, 2, 1024, s.drift_window, err);
    if (k == "drift_every") return get_int_in(r, 1, 1000000, s.drift_every, err);
    if (k == "drift_max") return get_int_in(r, 0, 100, s.drift_max, err);
  } else {
    if (k == "algorithm") {
      std::string v;
      if (!get_string(r, v, err) || !check_algorithm(v, op, true, err)) return false;
      o.algorithm = v;
      o.algorithm_from_env = r.node == nullptr;
      return true;
    }
    if (k == "exclude") return get_list(r, op, o.exclude, err);
    if (k == "segment_bytes") return get_segment(r, o.segment_bytes, err);
    if (k == "margin") {
      if (!get_number(r, o.margin, err)) return false;
      if (!(o.margin >= 0 && o.margin < 1)) { err = "must be in [0, 1)"; return false; }
      return true;
    }
    if (k == "p2p_model") {
      std::string v;
      if (!get_string(r, v, err)) return false;
      if (v != "auto" && v != "hockney" && v != "lmo" && v != "plogp" && v != "loggp") {
        err = "expected hockney, lmo, plogp, loggp or auto, got '" + v + "'";
        return false;
      }
      o.p2p_model = v;
      return true;
    }
    if (k == "rules") return get_rules(r, info, op, file, o, err);
  }
  err = "not settable here";
  return false;
}

const SettingInfo* find_setting(std::string_view key, bool per_op) {
  for (const auto& s : kSettings)
    if (s.key == key && s.per_op == per_op) return &s;
  return nullptr;
}

// The setting an old name stands for, or nullptr.
const SettingAlias* find_alias(std::string_view old_key, bool per_op) {
  for (const auto& a : kSettingAliases)
    if (a.old_key == old_key && a.per_op == per_op) return &a;
  return nullptr;
}

void set_source(Settings& s, const std::string& name, const std::string& src) {
  for (auto& [n, v] : s.sources)
    if (n == name) { v = src; return; }
  s.sources.emplace_back(name, src);
}

void read_toml(Settings& s, const std::string& file) {
  // What the OS says, before the parser turns it into something vaguer (a directory read as an
  // empty configuration, "file not found" for a permission problem).
  {
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
      s.errors.push_back(file + ":0: is a directory, not a configuration file");
      return;
    }
    std::ifstream probe(file);
    if (!probe) {
      s.errors.push_back(file + ":0: cannot open the configuration file: " + std::strerror(errno));
      return;
    }
  }
  toml::table root;
  try {
    root = toml::parse_file(file);
  } catch (const toml::parse_error& e) {
    s.errors.push_back(file + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description()));
    return;
  } catch (const std::exception& e) {
    s.errors.push_back(file + ":0: " + e.what());
    return;
  }
  auto report = [&](const toml::node& n, const std::string& key, const std::string& err) {
    if (!err.empty() && err[0] == '\x01') s.errors.push_back(err.substr(1));
    else s.errors.push_back(where(n, file) + ": " + key + ": " + err);
  };
  for (auto&& [key, val] : root) {
    const std::string k(key.str());
    if (auto op = parse_collective(k)) {
      const toml::table* t = val.as_table();
      if (!t) { report(val, k, "expected a table [" + k + "]"); continue; }
      for (auto&& [okey, oval] : *t) {
        std::string name = k + "." + std::string(okey.str());
        const SettingInfo* info = find_setting(okey.str(), true);
        if (const SettingAlias* a = info ? nullptr : find_alias(okey.str(), true)) {
          info = find_setting(a->new_key, true);
          s.warnings.push_back(file + ":" + std::to_string(okey.source().begin.line) + ": " + name + ": renamed " +
                               k + "." + std::string(a->new_key) + " (the old name still works)");
          name = k + "." + std::string(a->new_key);
        }
        if (!info || !info->toml) {
          s.errors.push_back(file + ":" + std::to_string(okey.source().begin.line) + ": " + name + ": unknown setting");
          continue;
        }
        std::string err;
        if (!apply(s, *info, *op, {&oval, {}}, file, err)) report(oval, name, err);
        else set_source(s, name, where(oval, file));
      }
      continue;
    }
    const SettingInfo* info = find_setting(k, false);
    std::string name = k;
    if (const SettingAlias* a = info ? nullptr : find_alias(k, false)) {
      info = find_setting(a->new_key, false);
      name = std::string(a->new_key);
      s.warnings.push_back(file + ":" + std::to_string(key.source().begin.line) + ": " + k + ": renamed " + name +
                           " (the old name still works)");
    }
    if (!info || !info->toml) {
      s.errors.push_back(file + ":" + std::to_string(key.source().begin.line) + ": " + k + ": unknown setting");
      continue;
    }
    std::string err;
    if (!apply(s, *info, Collective::bcast, {&val, {}}, file, err)) report(val, name, err);
    else set_source(s, name, where(val, file));
  }
}

}  // namespace

std::string env_name(const SettingInfo& info, Collective op) {
  return info.per_op ? "COLLSEL_" + upper(to_string(op)) + "_" + upper(info.key) : "COLLSEL_" + upper(info.key);
}

Settings load_settings() {
  Settings s;
  if (const char* c = std::getenv("COLLSEL_CONFIG"); c && *c) {
    s.config = c;
    set_source(s, "config", "env COLLSEL_CONFIG");
    read_toml(s, s.config);
  }
  // The environment overrides the file.
  std::vector<std::string> known;
  for (const auto& info : kSettings) {
    if (!info.env) continue;
    const int ops = info.per_op ? int(kCollectiveCount) : 1;
    for (int i = 0; i < ops; ++i) {
      const Collective op = all_collectives[std::size_t(i)];
      const std::string name = env_name(info, op);
      known.push_back(name);
      const char* v = std::getenv(name.c_str());
      if (!v || name == "COLLSEL_CONFIG") continue;
      std::string err;
      if (!apply(s, info, op, {nullptr, v}, "", err)) s.errors.push_back("environment: " + name + ": " + err);
      else set_source(s, display_name(info, op), "env " + name);
    }
  }
  for (const auto& a : kSettingAliases) {
    const SettingInfo* info = find_setting(a.new_key, a.per_op);
    const int ops = a.per_op ? int(kCollectiveCount) : 1;
    for (int i = 0; i < ops; ++i) {
      const Collective op = all_collectives[std::size_t(i)];
      const std::string old_name = a.per_op ? "COLLSEL_" + upper(to_string(op)) + "_" + upper(a.old_key)
                                            : "COLLSEL_" + upper(a.old_key);
      const std::string new_name = env_name(*info, op);
      known.push_back(old_name);
      const char* v = std::getenv(old_name.c_str());
      if (!v) continue;
      s.warnings.push_back("environment: " + old_name + ": renamed " + new_name + " (the old name still works)");
      if (std::getenv(new_name.c_str())) continue;  // the new name wins
      std::string err;
      if (!apply(s, *info, op, {nullptr, v}, "", err)) s.errors.push_back("environment: " + old_name + ": " + err);
      else set_source(s, display_name(*info, op), "env " + old_name);
    }
  }
  for (char** e = environ; e && *e; ++e) {
    const std::string_view kv(*e);
    if (kv.substr(0, 8) != "COLLSEL_") continue;
    if (kv.substr(0, 13) == "COLLSEL_TEST_") continue;  // test hooks, not settings (docs/testing.md)
    const std::string name(kv.substr(0, kv.find('=')));
    if (std::any_of(kOtherVariables.begin(), kOtherVariables.end(), [&](const OtherVariable& o) { return o.name == name; }))
      continue;  // collsel's, not the shim's
    if (std::find(known.begin(), known.end(), name) == known.end())
      s.warnings.push_back("environment: " + name + ": not a collsel setting (ignored)");
  }
  return s;
}

std::string format_settings(const Settings& s) {
  std::ostringstream out;
  auto source = [&](const std::string& name) {
    for (const auto& [n, v] : s.sources)
      if (n == name) return v;
    return std::string("default");
  };
  auto line = [&](const std::string& name, const std::string& value) {
    out << "  " << name << " = " << value;
    for (std::size_t k = name.size() + value.size(); k < 40; ++k) out << ' ';
    out << "  (" << source(name) << ")\n";
  };
  line("config", '"' + s.config + '"');
  line("model", '"' + s.model + '"');
  line("strict", s.strict ? "true" : "false");
  line("verbose", s.verbose ? "true" : "false");
  line("log", '"' + s.log + '"');
  line("log_level", s.log_calls ? "\"calls\"" : "\"summary\"");
  line("report", '"' + s.report + '"');
  line("report_top", std::to_string(s.report_top));
  line("tuning", '"' + s.tuning + '"');
  line("placement", s.placement_model ? "\"model\"" : "\"host\"");
  line("verify", s.verify ? "true" : "false");
  line("verify_candidates", std::to_string(s.verify_candidates));
  line("verify_calls", std::to_string(s.verify_calls));
  line("verify_max_calls", std::to_string(s.verify_max_calls));
  {
    std::ostringstream e, t;
    e << s.verify_error;
    t << s.verify_budget_time;
    line("verify_error", s.verify_error < 0 ? std::string("\"auto\"") : e.str());
    line("verify_budget_calls", std::to_string(s.verify_budget_calls));
    line("verify_budget_time", t.str());
  }
  line("verify_check_calls", std::to_string(s.verify_check_calls));
  line("audit_calls", std::to_string(s.audit_calls));
  line("v_native_recheck", std::to_string(s.v_native_recheck));
  {
    std::ostringstream d;
    d << s.drift_threshold;
    line("drift_threshold", d.str());
  }
  line("drift_window", std::to_string(s.drift_window));
  line("drift_every", std::to_string(s.drift_every));
  line("drift_max", std::to_string(s.drift_max));
  for (Collective c : all_collectives) {
    const OpSettings& o = s.op(c);
    const std::string p = std::string(to_string(c)) + ".";
    line(p + "algorithm", '"' + o.algorithm + '"');
    std::string ex = "[";
    for (std::size_t i = 0; i < o.exclude.size(); ++i) ex += (i ? ", \"" : "\"") + o.exclude[i] + '"';
    line(p + "exclude", ex + "]");
    std::string rules = "[";
    for (std::size_t i = 0; i < o.rules.size(); ++i)
      rules += (i ? ", " : "") + std::string("{") + std::to_string(o.rules[i].min_bytes) + ".." +
               std::to_string(o.rules[i].max_bytes) + ": " + o.rules[i].algorithm + "}";
    line(p + "rules", rules + "]");
    line(p + "segment_bytes", o.segment_bytes == kAutoSegmentBytes ? std::string("auto") : std::to_string(o.segment_bytes));
    std::ostringstream m;
    m << o.margin;
    line(p + "margin", m.str());
    line(p + "p2p_model", '"' + o.p2p_model + '"');
  }
  return out.str();
}

}  // namespace collsel::shim

// The shim's settings table (shim/src/settings.*): it is the source of the defaults, the docs
// table and config/collsel.toml agree with it, and bad values are errors naming file, line, key.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "collsel/decide.hpp"
#include "settings.hpp"

using namespace collsel;
using namespace collsel::shim;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

const SettingInfo& setting(std::string_view key, bool per_op) {
  for (const auto& s : kSettings)
    if (s.key == key && s.per_op == per_op) return s;
  throw std::logic_error("no setting " + std::string(key));
}

// The section of docs/settings.md holding global or per-operation rows.
std::string docs_section(bool per_op) {
  const std::string doc = slurp(std::string(COLLSEL_SOURCE_DIR) + "/docs/settings.md");
  const auto g = doc.find("## Global settings"), p = doc.find("## Per-operation settings");
  EXPECT_NE(g, std::string::npos);
  EXPECT_NE(p, std::string::npos);
  return per_op ? doc.substr(p) : doc.substr(g, p - g);
}

// Loads settings from a TOML text (and no COLLSEL_* but the config). ctest runs each test case as
// a process of its own, in parallel: each writes its file in a directory of its own.
Settings load_toml(const std::string& text, const std::string& name = "bad.toml") {
  const auto dir = std::filesystem::temp_directory_path() / ("collsel-settings-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::ofstream(path) << text;
  setenv("COLLSEL_CONFIG", path.c_str(), 1);
  Settings s = load_settings();
  unsetenv("COLLSEL_CONFIG");
  std::filesystem::remove_all(dir);
  return s;
}

bool has_error(const Settings& s, const std::string& needle) {
  for (const auto& e : s.errors)
    if (e.find(needle) != std::string::npos) return true;
  return false;
}

std::string errors(const Settings& s) {
  std::string out;
  for (const auto& e : s.errors) out += e + "\n";
  return out;
}

}  // namespace

TEST(SettingsTable, IsTheSourceOfTheDefaults) {
  EXPECT_EQ(setting("segment_bytes", true).default_value, "auto");
  EXPECT_EQ(kDefaultSegmentBytes, kAutoSegmentBytes);
  EXPECT_EQ(std::stod(std::string(setting("margin", true).default_value)), kDefaultMargin);
  const OpSettings o;
  EXPECT_EQ(o.segment_bytes, kDefaultSegmentBytes);
  EXPECT_EQ(o.margin, kDefaultMargin);
  EXPECT_EQ(o.algorithm, setting("algorithm", true).default_value);
  const DecisionRequest r;
  EXPECT_EQ(r.segment_bytes, kDefaultSegmentBytes);
  EXPECT_EQ(r.margin, kDefaultMargin);
}

TEST(SettingsTable, DocsTableAgrees) {
  for (const SettingInfo& info : kSettings) {
    if (!info.toml) continue;
    const std::string section = docs_section(info.per_op);
    const std::string row_start = "| `" + std::string(info.key) + "` |";
    const auto at = section.find(row_start);
    ASSERT_NE(at, std::string::npos) << info.key << " has no row in docs/settings.md";
    const std::string row = section.substr(at, section.find('\n', at) - at);
    std::vector<std::string> cells;
    std::stringstream ss(row);
    for (std::string c; std::getline(ss, c, '|');) cells.push_back(c);
    ASSERT_GE(cells.size(), 5u) << row;
    const std::string shown = cells[4].substr(1, cells[4].size() - 2);
    if (info.default_value.empty())
      EXPECT_TRUE(shown == "(none)" || shown == "`[]`") << info.key << ": " << shown;
    else
      EXPECT_EQ(shown, "`" + std::string(info.default_value) + "`") << info.key;
    const std::string env = info.env ? "`" + env_name(info) + "`" : "";
    if (info.env && !info.per_op) {
      EXPECT_NE(row.find(env), std::string::npos) << info.key;
    }
  }
}

TEST(SettingsTable, ConfigFileAgrees) {
  const std::string toml = slurp(std::string(COLLSEL_SOURCE_DIR) + "/config/collsel.toml");
  for (const SettingInfo& info : kSettings) {
    if (!info.toml || info.type == SettingType::rules) continue;
    if (info.type == SettingType::path && info.default_value.empty()) continue;  // an example path is shown
    std::string value(info.default_value);
    switch (info.type) {
      case SettingType::algorithm_list: value = "[]"; break;
      case SettingType::path:
      case SettingType::choice:
      case SettingType::algorithm: value = '"' + value + '"'; break;
      case SettingType::bytes:
      case SettingType::number:
        if (value == "auto") value = "\"auto\"";
        break;
      default: break;
    }
    const std::string line = "# " + std::string(info.key) + " = " + value + "\n";
    EXPECT_NE(toml.find(line), std::string::npos) << "config/collsel.toml lacks '" << line << "'";
  }
}

TEST(BadSettings, UnknownKeysNameFileAndLine) {
  const Settings s = load_toml("strict = false\nno_such_key = 1\n[bcast]\nsegmentbytes = 4\n");
  EXPECT_TRUE(has_error(s, "bad.toml:2: no_such_key: unknown setting")) << errors(s);
  EXPECT_TRUE(has_error(s, "bad.toml:4: bcast.segmentbytes: unknown setting")) << errors(s);
  EXPECT_EQ(s.errors.size(), 2u) << errors(s);
}

TEST(BadSettings, BadValuesNameFileLineAndKey) {
  const Settings s = load_toml(
      "verbose = \"maybe\"\n[reduce]\nmargin = 1.5\nsegment_bytes = 0\nalgorithm = \"traff\"\nexclude = [\"native\"]\n"
      "p2p_model = \"fast\"\n");
  for (const char* where : {"bad.toml:1: verbose", "bad.toml:3: reduce.margin", "bad.toml:4: reduce.segment_bytes",
                            "bad.toml:5: reduce.algorithm", "bad.toml:6: reduce.exclude", "bad.toml:7: reduce.p2p_model"})
    EXPECT_TRUE(has_error(s, where)) << where << "\n" << errors(s);
}

TEST(BadSettings, RulesAreChecked) {
  Settings s = load_toml("[bcast]\nrules = [{min_bytes = 10, max_bytes = 1, algorithm = \"flat\"}]\n");
  EXPECT_TRUE(has_error(s, "min_bytes > max_bytes")) << errors(s);
  s = load_toml("[bcast]\nrules = [{min_bytes = 0, algorithm = \"no_such\"}]\n");
  EXPECT_TRUE(has_error(s, "bad.toml:2: bcast.rules.algorithm: unknown algorithm 'no_such'")) << errors(s);
  std::string many = "[bcast]\nrules = [";
  for (std::size_t i = 0; i <= kMaxRulesPerOp; ++i) many += (i ? ", " : "") + std::string("{algorithm = \"flat\"}");
  s = load_toml(many + "]\n");
  EXPECT_TRUE(has_error(s, "at most " + std::to_string(kMaxRulesPerOp) + " rules")) << errors(s);
  s = load_toml("[bcast]\nrules = [{min_bytes = 0, max_bytes = 4096, algorithm = \"binomial\"}]\n");
  EXPECT_TRUE(s.errors.empty()) << errors(s);
  ASSERT_EQ(s.ops[0].rules.size(), 1u);
  EXPECT_EQ(s.ops[0].rules[0].max_bytes, 4096u);
}

TEST(BadSettings, EnvironmentValues) {
  setenv("COLLSEL_GATHER_MARGIN", "abc", 1);
  setenv("COLLSEL_NO_SUCH_THING", "1", 1);
  const Settings s = load_settings();
  unsetenv("COLLSEL_GATHER_MARGIN");
  unsetenv("COLLSEL_NO_SUCH_THING");
  EXPECT_TRUE(has_error(s, "environment: COLLSEL_GATHER_MARGIN")) << errors(s);
  bool warned = false;
  for (const auto& w : s.warnings) warned |= w.find("COLLSEL_NO_SUCH_THING") != std::string::npos;
  EXPECT_TRUE(warned);
}

TEST(Settings, CollselsOtherVariablesAreNotWarnedOf) {
  // Set by the yield aid's users, the Spack module and CI (scripts/test.sh reads COLLSEL_OPENMPI): every
  // rank of every job would otherwise print a warning for them.
  for (const auto& o : kOtherVariables) setenv(std::string(o.name).c_str(), "1", 1);
  setenv("COLLSEL_NO_SUCH_THING", "1", 1);
  const Settings s = load_settings();
  for (const auto& o : kOtherVariables) unsetenv(std::string(o.name).c_str());
  unsetenv("COLLSEL_NO_SUCH_THING");
  EXPECT_TRUE(s.errors.empty()) << errors(s);
  ASSERT_EQ(s.warnings.size(), 1u) << (s.warnings.empty() ? std::string("no warning") : s.warnings.back());
  EXPECT_NE(s.warnings[0].find("COLLSEL_NO_SUCH_THING"), std::string::npos) << s.warnings[0];
}

TEST(Settings, RenamedPerOpModelStillWorksAndWarns) {
  Settings s = load_toml("[reduce]\nmodel = \"hockney\"\n");
  EXPECT_TRUE(s.errors.empty()) << errors(s);
  EXPECT_EQ(s.op(Collective::reduce).p2p_model, "hockney");
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("bad.toml:2: reduce.model: renamed reduce.p2p_model"), std::string::npos)
      << s.warnings[0];
  s = load_toml("[reduce]\nmodel = \"fast\"\n");
  EXPECT_TRUE(has_error(s, "bad.toml:2: reduce.p2p_model")) << errors(s);

  setenv("COLLSEL_GATHER_MODEL", "plogp", 1);
  s = load_settings();
  EXPECT_EQ(s.op(Collective::gather).p2p_model, "plogp");
  setenv("COLLSEL_GATHER_P2P_MODEL", "lmo", 1);  // the new name wins
  s = load_settings();
  unsetenv("COLLSEL_GATHER_MODEL");
  unsetenv("COLLSEL_GATHER_P2P_MODEL");
  EXPECT_EQ(s.op(Collective::gather).p2p_model, "lmo");
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("COLLSEL_GATHER_MODEL: renamed COLLSEL_GATHER_P2P_MODEL"), std::string::npos)
      << s.warnings[0];
}

TEST(Settings, RenamedAuditCallsStillWorksAndWarnsOnce) {
  Settings s = load_toml("verify_audit_calls = 8\n");
  EXPECT_TRUE(s.errors.empty()) << errors(s);
  EXPECT_EQ(s.audit_calls, 8);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("bad.toml:1: verify_audit_calls: renamed audit_calls"), std::string::npos)
      << s.warnings[0];
  s = load_toml("verify_audit_calls = 999\n");
  EXPECT_TRUE(has_error(s, "bad.toml:1: audit_calls")) << errors(s);

  setenv("COLLSEL_VERIFY_AUDIT_CALLS", "4", 1);
  s = load_settings();
  EXPECT_EQ(s.audit_calls, 4);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("COLLSEL_VERIFY_AUDIT_CALLS: renamed COLLSEL_AUDIT_CALLS"), std::string::npos)
      << s.warnings[0];
  setenv("COLLSEL_AUDIT_CALLS", "6", 1);  // the new name wins
  s = load_settings();
  unsetenv("COLLSEL_VERIFY_AUDIT_CALLS");
  unsetenv("COLLSEL_AUDIT_CALLS");
  EXPECT_EQ(s.audit_calls, 6);
  EXPECT_EQ(s.warnings.size(), 1u);
}

TEST(BadSettings, ASyntaxErrorNamesTheLine) {
  const Settings s = load_toml("strict = false\n[bcast\n");
  ASSERT_EQ(s.errors.size(), 1u) << errors(s);
  EXPECT_NE(s.errors[0].find("bad.toml:2:"), std::string::npos) << errors(s);
}

TEST(Settings, DriftSettingsAndTheirRanges) {
  Settings s = load_toml("");
  EXPECT_DOUBLE_EQ(s.drift_threshold, 0.1);
  EXPECT_EQ(s.drift_window, 16);
  EXPECT_EQ(s.drift_every, 4);
  EXPECT_EQ(s.drift_max, 2);
  s = load_toml("drift_threshold = 0.25\ndrift_window = 8\ndrift_every = 1\ndrift_max = 0\n");
  EXPECT_TRUE(s.errors.empty()) << errors(s);
  EXPECT_DOUBLE_EQ(s.drift_threshold, 0.25);
  EXPECT_EQ(s.drift_window, 8);
  EXPECT_EQ(s.drift_every, 1);
  EXPECT_EQ(s.drift_max, 0);
  s = load_toml("drift_threshold = -0.1\ndrift_window = 1\ndrift_every = 0\ndrift_max = 101\n");
  EXPECT_TRUE(has_error(s, "bad.toml:1: drift_threshold")) << errors(s);
  EXPECT_TRUE(has_error(s, "bad.toml:2: drift_window")) << errors(s);
  EXPECT_TRUE(has_error(s, "bad.toml:3: drift_every")) << errors(s);
  EXPECT_TRUE(has_error(s, "bad.toml:4: drift_max")) << errors(s);
  setenv("COLLSEL_DRIFT_THRESHOLD", "0", 1);
  s = load_settings();
  unsetenv("COLLSEL_DRIFT_THRESHOLD");
  EXPECT_TRUE(s.errors.empty()) << errors(s);
  EXPECT_DOUBLE_EQ(s.drift_threshold, 0.0);
}

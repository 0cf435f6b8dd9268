// The shim's settings: one table (name, type, default, meaning) read from the per-job TOML file
// (COLLSEL_CONFIG) and from COLLSEL_* environment variables. Precedence: environment, then the
// TOML file, then the defaults (the model decides whatever is left to "auto").
// docs/settings.md documents every row of kSettings; config/collsel.toml shows every key.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/decide.hpp"

namespace collsel::shim {

enum class SettingType { path, boolean, choice, algorithm, algorithm_list, bytes, number, rules };

struct SettingInfo {
  std::string_view key;  // TOML key; per-operation keys live in a table per op ([bcast] algorithm)
  bool per_op;           // env name COLLSEL_<OP>_<KEY>, else COLLSEL_<KEY>
  bool env;              // settable from the environment
  bool toml;             // settable from the TOML file
  SettingType type;
  std::string_view default_value;
  std::string_view help;
  // The values it takes, as people read them (docs/settings.md's type column, collsel-info).
  std::string_view values;
};

inline constexpr std::array kSettings = {
    SettingInfo{"config", false, true, false, SettingType::path, "",
                "per-job TOML configuration file (environment only)",
                "path"},
    SettingInfo{"model", false, true, true, SettingType::path, "",
                "model file written by collsel-calibrate; none: native everywhere",
                "path"},
    SettingInfo{"strict", false, true, true, SettingType::boolean, "false",
                "every fallback (no model, bad configuration, forced algorithm not applicable, ...) aborts the job with the reason",
                "boolean"},
    SettingInfo{"verbose", false, true, true, SettingType::boolean, "false",
                "print the effective configuration and every new decision on rank 0",
                "boolean"},
    SettingInfo{"log", false, true, true, SettingType::path, "",
                "JSON-lines log written by rank 0 at MPI_Finalize; empty: no log",
                "path"},
    SettingInfo{"log_level", false, true, true, SettingType::choice, "summary",
                "summary: one line per (comm size, op, root, byte range, algorithm); calls: also one line per call",
                "summary or calls"},
    SettingInfo{"report", false, true, true, SettingType::path, "auto",
                "end-of-job report printed by world rank 0 at MPI_Finalize (header, wall and collective time, per call shape the calls, time and time saved against native, exploration's cost): auto = on stderr when a model is loaded, stderr, off, or a file path (%j job id, %p rank 0's pid, %h its host, %% a %)",
                "auto, stderr, off or a path"},
    SettingInfo{"report_top", false, true, true, SettingType::number, "20",
                "the end-of-job report lists this many call shapes, those with the most time, one a line, and sums the others in one line (0: every shape; 0..1000000)",
                "integer 0..1000000"},
    SettingInfo{"tuning", false, true, true, SettingType::path, "",
                "tuning file: verdicts of earlier jobs read at MPI_Init (a known call shape starts frozen, without verification or audit) and this job's merged into it at MPI_Finalize; empty: none",
                "path"},
    SettingInfo{"placement", false, true, true, SettingType::choice, "host",
                "host: map ranks to calibrated processes by host name and bound core; model: MPI_COMM_WORLD rank w is calibrated process w mod n (run the model's own layout anywhere, e.g. tests)",
                "host or model"},
    SettingInfo{"verify", false, true, true, SettingType::boolean, "true",
                "measured verification: the first calls of each new call shape try the best predicted candidates (native among them) and the ranks keep the fastest measured",
                "boolean"},
    SettingInfo{"verify_candidates", false, true, true, SettingType::number, "5",
                "candidates tried by verification, native included (2..8)",
                "integer 2..8"},
    SettingInfo{"verify_calls", false, true, true, SettingType::number, "3",
                "timed calls per candidate before the ranks first agree; a candidate's time is the mean of its calls (each the slowest rank's time, counted at most 3x their median) (1..32)",
                "integer 1..32"},
    SettingInfo{"verify_max_calls", false, true, true, SettingType::number, "9",
                "at most this many calls per candidate: after verify_calls rounds, one more round at a time while the fastest does not beat the runner-up in 80 % of their pairs of calls (1..32; below verify_calls: verify_calls)",
                "integer 1..32"},
    SettingInfo{"verify_error", false, true, true, SettingType::number, "auto",
                "the model's relative error: verification tries only candidates predicted within it of the best predicted, none where the model's choice leads by more; auto: the model file's [validation] median error of the point-to-point model used, per kind of schedule where it has one (without it every candidate is in doubt)",
                "number ≥ 0 or auto"},
    SettingInfo{"verify_budget_calls", false, true, true, SettingType::number, "64",
                "a shape's verification and the audit of its verdict together make at most this many calls: fewer rounds, fewer candidates, shorter or no audit blocks (0: no limit; 0..100000)",
                "integer 0..100000"},
    SettingInfo{"verify_budget_time", false, true, true, SettingType::number, "2",
                "a shape's verification and audit together cost at most this many times native's predicted time of one call, priced by prediction beyond the best predicted candidate (0: no limit)",
                "number ≥ 0"},
    SettingInfo{"verify_check_calls", false, true, true, SettingType::number, "3",
                "where nothing is in doubt, the model's choice's first this many calls are timed and agreed on; a median beyond what the model's error allows of the prediction starts verification as if the choice had been predicted at it (0: off; native is checked too; 0..32)",
                "integer 0..32"},
    SettingInfo{"audit_calls", false, true, true, SettingType::number, "32",
                "after the verdict, its next calls of the shape run back to back as the job makes them and the last half of them are timed; a candidate that verification measured faster than that by the margin then runs as many, as does native where the verdict is another, and the faster in the job's own sequence is kept (0: no audit; 0..256)",
                "integer 0..256"},
    SettingInfo{"drift_threshold", false, true, true, SettingType::number, "0.1",
                "drift: a frozen shape whose algorithm's sampled time (median of a window, slowest rank) exceeds the first window's after the freeze by more than this fraction is verified again (0: off)",
                "number ≥ 0"},
    SettingInfo{"drift_window", false, true, true, SettingType::number, "16",
                "drift: sampled calls per window; at each window's end the ranks agree on its times with one reduction (2..1024)",
                "integer 2..1024"},
    SettingInfo{"drift_every", false, true, true, SettingType::number, "4",
                "drift: every this-many-th call of a frozen shape is timed (1..1000000)",
                "integer 1..1000000"},
    SettingInfo{"drift_max", false, true, true, SettingType::number, "2",
                "drift: at most this many re-verifications per shape and job, then the shape stays frozen unmonitored (0..100)",
                "integer 0..100"},
    SettingInfo{"v_native_recheck", false, true, true, SettingType::number, "64",
                "scatterv/gatherv: once a call of a (communicator, op, root) is decided native, this many of its next calls run native without the root's header broadcast; then one call decides again (0: the header on every call; 0..1000000)",
                "integer 0..1000000"},
    SettingInfo{"algorithm", true, true, true, SettingType::algorithm, "auto",
                "force this registry algorithm for the operation; auto: the model decides",
                "algorithm name"},
    SettingInfo{"exclude", true, true, true, SettingType::algorithm_list, "",
                "algorithms the model may not choose (environment: comma-separated)",
                "list of names (env: comma-separated)"},
    SettingInfo{"rules", true, false, true, SettingType::rules, "",
                "array of tables {min_bytes, max_bytes, algorithm}: force an algorithm for a byte range (first match wins)",
                "array of tables {min_bytes, max_bytes, algorithm}"},
    SettingInfo{"segment_bytes", true, true, true, SettingType::bytes, "auto",
                "segment size of pipelined (chain, pipelined_tree and its _narrow, _wide and _fine variants) and frame (BBS) schedules, at least 1K; auto: the size the model predicts fastest per call (64K and up; _fine: 8K, 16K or 32K; BBS: 64K)",
                "integer ≥ 1024 or auto"},
    SettingInfo{"margin", true, true, true, SettingType::number, "0.05",
                "another algorithm replaces native only if predicted faster by more than this fraction",
                "number in [0, 1)"},
    SettingInfo{"p2p_model", true, true, true, SettingType::choice, "auto",
                "point-to-point model to predict with: hockney, lmo, plogp, loggp or auto (the file's preferred one)",
                "hockney, lmo, plogp, loggp, auto"},
};

// Old names still accepted, with a warning naming the new one. The per-operation `model` was
// renamed `p2p_model`: it picks a point-to-point model kind, while the global `model` is a file.
// `verify_audit_calls` was renamed `audit_calls`: the audit follows verification, it is not part of it.
struct SettingAlias {
  std::string_view old_key, new_key;
  bool per_op;
};
inline constexpr std::array kSettingAliases = {SettingAlias{"model", "p2p_model", true},
                                               SettingAlias{"verify_audit_calls", "audit_calls", false}};

// COLLSEL_* names that are not settings of libcollsel.so but belong to collsel: the yield aid's
// (libcollsel-yield.so, shim/aids/progress_yield.c) and the paths the Spack module sets for
// LD_PRELOAD (packaging/spack). The shim does not warn about them.
struct OtherVariable {
  std::string_view name, owner;
};
inline constexpr std::array kOtherVariables = {
    OtherVariable{"COLLSEL_YIELD_NAP_US", "the yield aid libcollsel-yield.so (docs/calibration.md)"},
    OtherVariable{"COLLSEL_SHIM", "the Spack module: path of libcollsel.so, for LD_PRELOAD"},
    OtherVariable{"COLLSEL_YIELD_AID", "the Spack module: path of libcollsel-yield.so, for LD_PRELOAD"},
    OtherVariable{"COLLSEL_OPENMPI", "scripts/test.sh and .ci/run: 0 leaves the Open MPI build and tests out"},
    OtherVariable{"COLLSEL_TEST_EXTENDED", "scripts/test.sh: 1 runs the tests labelled extended too"},
};

// The choice cache keys a call's matching rule (or none) in 8 bits (runtime.hpp, choice_key).
inline constexpr std::size_t kMaxRulesPerOp = 254;

struct Rule {
  std::size_t min_bytes = 0, max_bytes = 0;
  std::string algorithm;
};

struct OpSettings {
  std::string algorithm = "auto";
  bool algorithm_from_env = false;  // an environment force beats the TOML rules
  std::vector<std::string> exclude;
  std::vector<Rule> rules;
  std::size_t segment_bytes = kDefaultSegmentBytes;
  double margin = kDefaultMargin;
  std::string p2p_model = "auto";
};

struct Settings {
  std::string config, model, log;
  std::string report = "auto";  // auto, stderr, off, or a file path (placeholders: job_report.hpp)
  int report_top = 20;
  std::string tuning;           // tuning file (docs/tuning.md); empty: none
  bool strict = false, verbose = false, log_calls = false;
  bool placement_model = false;  // placement = "model"
  bool verify = true;
  int verify_candidates = 5, verify_calls = 3, verify_max_calls = 9;
  int audit_calls = 32;
  double verify_error = -1;  // negative: auto (the model file's [validation])
  int verify_budget_calls = 64;
  double verify_budget_time = 2.0;
  int verify_check_calls = 3;  // an unverified choice's calls checked against its prediction (0: off)
  int v_native_recheck = 64;
  // Drift of a frozen shape (docs/shim.md, "Drift"): threshold 0 = off.
  double drift_threshold = 0.1;
  int drift_window = 16, drift_every = 4, drift_max = 2;
  std::array<OpSettings, kCollectiveCount> ops;
  // Where each effective value came from ("default", "FILE:LINE", "env COLLSEL_X"), by display name.
  std::vector<std::pair<std::string, std::string>> sources;
  std::vector<std::string> errors;    // "FILE:LINE: KEY: PROBLEM" or "environment: NAME: PROBLEM"
  std::vector<std::string> warnings;  // unknown COLLSEL_* environment variables, renamed settings

  const OpSettings& op(Collective c) const { return ops[std::size_t(c)]; }
};

// Reads COLLSEL_CONFIG (if set) and the environment. Never throws: problems go to `errors`.
Settings load_settings();
// The effective configuration, one "name = value   (source)" line per setting.
std::string format_settings(const Settings& s);
// Environment variable name of a setting (per-op settings: for `op`).
std::string env_name(const SettingInfo& info, Collective op = Collective::bcast);

}  // namespace collsel::shim

// Start-up at MPI_Init: settings read, model loaded, and every rank's agreement that they are
// the same (a digest of the settings and of the model's contents); intra-node channels; the MPI
// library's known defects; the test hooks; the tuning file (tuning.cpp).
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "job_report.hpp"
#include "runtime.hpp"

namespace collsel::shim {
namespace {

// Test hooks (docs/testing.md): "alg=seconds,..." added to this rank's measured times.
void read_delay_hooks(Runtime& rt, bool lead) {
  for (auto [var, delays] : {std::pair{"COLLSEL_TEST_VERIFY_DELAY", &rt.test_verify_delay},
                             std::pair{"COLLSEL_TEST_AUDIT_DELAY", &rt.test_audit_delay}}) {
    const char* hook = std::getenv(var);
    if (!hook || !*hook) continue;
    std::istringstream items(hook);
    for (std::string item; std::getline(items, item, ',');) {
      const std::size_t eq = item.find('=');
      const std::string name = eq == std::string::npos ? "" : item.substr(0, eq);
      const double seconds = eq == std::string::npos ? 0 : std::atof(item.c_str() + eq + 1);
      if (name == "*")  // every algorithm; a later item names the exceptions
        for (const AlgorithmInfo& a : algorithms()) delays->emplace_back(&a, seconds);
      else if (const AlgorithmInfo* a = name.empty() ? nullptr : find_algorithm(name))
        delays->emplace_back(a, seconds);
      else warn_once(rt, lead, std::string(var) + ": ignoring '" + item + "' (expected algorithm=seconds)");
    }
  }
  // "seconds@calls": the algorithm a frozen shape runs after that many calls slows down (drift).
  if (const char* hook = std::getenv("COLLSEL_TEST_DRIFT_DELAY"); hook && *hook) {
    const char* at = std::strchr(hook, '@');
    rt.test_drift_seconds = std::atof(hook);
    rt.test_drift_after = at ? std::atol(at + 1) : 0;
    if (!at || !(rt.test_drift_seconds > 0)) {
      rt.test_drift_seconds = 0;
      warn_once(rt, lead, std::string("COLLSEL_TEST_DRIFT_DELAY: ignoring '") + hook + "' (expected seconds@calls)");
    }
  }
}

// COLLSEL_TEST_CHECK_HOLDS=1: every check of a prediction holds (runtime.hpp).
void read_check_hook(Runtime& rt) {
  const char* hook = std::getenv("COLLSEL_TEST_CHECK_HOLDS");
  rt.test_check_holds = hook && std::strcmp(hook, "1") == 0;
}

// The configuration's errors, joined into one message (empty without errors).
std::string configuration_problem(const Settings& s) {
  if (s.errors.empty()) return "";
  std::string problem = "configuration error: " + s.errors.front();
  for (std::size_t i = 1; i < s.errors.size(); ++i) problem += "; " + s.errors[i];
  return problem;
}

// Reads the model file into rt.model; returns why it cannot be used (empty when it can).
std::string load_model(Runtime& rt) {
  const Settings& s = rt.settings;
  if (s.model.empty()) return "no model (set COLLSEL_MODEL or model in COLLSEL_CONFIG)";
  try {
    rt.model = read_model_file(s.model);
    if (!rt.model->default_model()) return "model file " + s.model + " holds no point-to-point model";
  } catch (const std::exception& e) {
    return std::string("cannot use model file: ") + e.what();
  }
  return "";
}

// Digest of the settings and of the loaded model's contents, so ranks started with different
// environments, or reading different files under one path (a relative path from different
// working directories, a stale node-local copy), do not diverge silently. The model's path
// itself does not count: node-local copies may live at different paths.
unsigned long long settings_digest(const Runtime& rt) {
  Settings without_path = rt.settings;
  without_path.model.clear();
  std::string digest_text = format_settings(without_path);
  if (rt.model) {  // the bytes the model was parsed from
    std::ifstream in(rt.settings.model, std::ios::binary);
    digest_text += std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  unsigned long long h = 1469598103934665603ull;
  for (char c : digest_text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

// The log's writer (world rank 0) checks now that it can write it, with the OS's reason, rather
// than losing it silently at MPI_Finalize. Empty when it can, or when this rank writes none.
std::string log_problem(const Settings& s, bool lead) {
  if (s.log.empty() || !lead) return "";
  std::error_code ec;
  if (std::filesystem::is_directory(s.log, ec)) return "log " + s.log + ": is a directory";
  if (std::FILE* f = std::fopen(s.log.c_str(), "a")) {
    std::fclose(f);
    return "";
  }
  return "cannot write log " + s.log + ": " + std::strerror(errno);
}

// Every rank must decide alike: the ranks agree on whether the configuration and the model are
// usable, and on their digest; a problem on any rank disables collsel (or the model) on all.
// Returns whether every rank keeps a log (it is merged collectively at MPI_Finalize).
bool agree_on_configuration(Runtime& rt) {
  std::string problem = configuration_problem(rt.settings);
  const std::string model_problem = problem.empty() ? load_model(rt) : "";
  const unsigned long long h = settings_digest(rt);
  const std::string log_error = log_problem(rt.settings, rt.world_rank == 0);
  unsigned long long flags[4] = {problem.empty() ? 1ull : 0ull, model_problem.empty() ? 1ull : 0ull, h,
                                 rt.settings.log.empty() || !log_error.empty() ? 0ull : 1ull},
                     mins[4], maxs[4];
  PMPI_Allreduce(flags, mins, 4, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
  PMPI_Allreduce(flags, maxs, 4, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (!log_error.empty()) fallback(rt, nullptr, log_error + " (no log is written)");
  if (problem.empty() && mins[2] != maxs[2])
    problem = "ranks see different collsel settings or model contents (environment, configuration file, or a "
              "model file that differs between ranks)";
  if (problem.empty() && mins[0] == 0) problem = "configuration error on another rank";
  if (!problem.empty()) {
    rt.disabled = true;
    rt.model.reset();
    fallback(rt, nullptr, problem + " — native everywhere");
  } else if (mins[1] == 0) {
    rt.model.reset();
    fallback(rt, nullptr, (model_problem.empty() ? "model file unusable on another rank" : model_problem) +
                              " — native everywhere");
  }
  return mins[3] == 1;
}

// Intra-node channels: only if every rank's node classifies cores alike (collective).
void agree_on_channels(Runtime& rt) {
  if (rt.disabled || !rt.model) return;  // every rank agrees on these two, so all ranks reduce
  std::optional<ChannelModel> ch;
  if (rt.model->channels) ch = channels_for_this_node(*rt.model->channels);
  unsigned long long fp = ch ? ch->topology()->fingerprint() : 0, lo = 0, hi = 0;
  PMPI_Allreduce(&fp, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
  PMPI_Allreduce(&fp, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (ch && lo == hi) rt.channels = std::move(ch);
}

// The first line of the library's version text, without trailing blanks.
std::string library_first_line(const std::string& version) {
  std::string first_line = version.substr(0, version.find_first_of("\r\n"));
  while (!first_line.empty() && (first_line.back() == ' ' || first_line.back() == '\t')) first_line.pop_back();
  return first_line;
}

// The library, for native's cost model and its known defects. The test hook
// COLLSEL_TEST_LIBRARY_VERSION stands in for the library's text in the choice of native's cost
// model only (docs/testing.md); the defects are the library's that runs. Collective (the
// placement of unknown hosts).
void identify_library(Runtime& rt) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  PMPI_Get_library_version(version, &len);
  // Up to the first NUL: Open MPI counts the terminating one in `len`.
  rt.library_version.assign(version, strnlen(version, std::size_t(std::max(len, 0))));
  if (const char* hook = std::getenv("COLLSEL_TEST_LIBRARY_VERSION"); hook && *hook) rt.library_version = hook;
  rt.native_library = identify_native_library(rt.library_version);
  // Every rank runs the same library: no agreement needed. Without a cost model of the library's
  // own algorithms native cannot be weighed against the candidates: native everywhere.
  if (!rt.native_library && rt.model && !rt.disabled) {
    rt.model.reset();
    rt.library_unknown = true;
    fallback(rt, nullptr,
             "native's cost model does not know this MPI library (\"" + library_first_line(rt.library_version) +
                 "\"; it knows MPICH 4, Open MPI 4.1/5.0 and SimGrid SMPI 3, docs/mpi-libraries.md) — native everywhere");
  }
  if (!rt.disabled && rt.model) place_unknown_hosts(rt);  // collective: every rank agrees on both
  LibraryInfo library = detect_library(std::string_view(version, std::size_t(len)));
  rt.defects = std::move(library.defects);
  rt.type_defects = library.type_defects;
  if (std::find(rt.type_defects.begin(), rt.type_defects.end(), true) != rt.type_defects.end())
    PMPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &rt.type_keyval, nullptr);
}

// MPICH encodes a predefined datatype's size in its handle; use that only if it checks out.
void check_builtin_type_sizes() {
#if defined(MPICH)
  g_builtin_type_sizes = true;
  for (MPI_Datatype t : {MPI_CHAR, MPI_BYTE, MPI_SHORT, MPI_INT, MPI_LONG, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE,
                         MPI_2INT, MPI_UINT64_T, MPI_C_DOUBLE_COMPLEX, MPI_INTEGER, MPI_DOUBLE_PRECISION}) {
    int size = -1;
    PMPI_Type_size(t, &size);
    const unsigned h = static_cast<unsigned>(t);
    if ((h >> 30) == 1u && int((h >> 8) & 0xffu) != size) g_builtin_type_sizes = false;
  }
#endif
}

// The test hooks (docs/testing.md): delays added to measured times, a lower large-count limit.
void read_test_hooks(Runtime& rt, bool lead) {
  read_delay_hooks(rt, lead);
  read_check_hook(rt);
  if (const char* hook = std::getenv("COLLSEL_TEST_LARGE_COUNT_BYTES"); hook && *hook) {
    const long long limit = std::atoll(hook);
    if (limit > 0 && limit < rt.large_count_bytes) rt.large_count_bytes = limit;
  }
}

// The report is merged collectively too; every rank agrees on the settings (digest) and on the
// model being loaded, so every rank agrees on whether it reports. Rank 0 checks that it can write
// the report's file (else the report goes to stderr).
void plan_report(Runtime& rt, bool lead) {
  Settings& s = rt.settings;
  rt.reporting = s.report != "off" && (s.report != "auto" || (rt.model && !rt.disabled));
  if (!rt.reporting || !lead || s.report == "auto" || s.report == "stderr") return;
  // Rank 0's job id, process id and host name in the file's name (job_report.hpp).
  char host[MPI_MAX_PROCESSOR_NAME + 1] = {};
  int host_len = 0;
  PMPI_Get_processor_name(host, &host_len);
  rt.report_path = expand_report_path(s.report, batch_job_id(), long(getpid()),
                                      std::string_view(host, std::size_t(std::max(host_len, 0))));
  std::error_code ec;
  std::string why;
  if (std::filesystem::is_directory(rt.report_path, ec)) why = "is a directory";
  else if (std::FILE* f = std::fopen(rt.report_path.c_str(), "a")) std::fclose(f);
  else why = std::strerror(errno);
  if (!why.empty()) {
    fallback(rt, nullptr, "cannot write report " + rt.report_path + ": " + why + " (the report goes to stderr)");
    s.report = "stderr";
  }
}

// With the setting verbose, rank 0 prints the effective configuration.
void print_configuration(const Runtime& rt) {
  std::string text = "effective configuration:\n" + format_settings(rt.settings);
  text += "  model file: " +
          std::string(rt.model ? "loaded, predicting with " + std::string(rt.model->default_model()->kind()) +
                                     (rt.model->burst ? " and the links' token buckets ([burst])" : "")
                               : "none") +
          "\n";
  const std::string first_line = rt.library_version.substr(0, rt.library_version.find_first_of("\r\n"));
  text += "  MPI library: " + first_line + " (native costed as " +
          (rt.native_library ? std::string(to_string(*rt.native_library)) + " runs it" : std::string("unknown")) +
          ")\n";
  for (const NativeDefect* d : rt.defects)
    text += "  native known broken: " + std::string(d->what) + " (" + std::string(d->reproducer) + ")\n";
  print(text);
}

}  // namespace

void runtime_init() {
  if (g_runtime.load()) return;
  auto rt = std::make_unique<Runtime>();
  rt->init_wtime = PMPI_Wtime();  // the report's wall time starts here
  PMPI_Comm_rank(MPI_COMM_WORLD, &rt->world_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &rt->world_size);
  rt->settings = load_settings();
  const bool lead = rt->world_rank == 0;
  for (const auto& w : rt->settings.warnings) warn_once(*rt, lead, w);
  // The phases in this order: each collective one runs on every rank in the same order.
  const bool every_rank_logs = agree_on_configuration(*rt);
  agree_on_channels(*rt);
  identify_library(*rt);
  check_builtin_type_sizes();
  read_test_hooks(*rt, lead);
  rt->logging = every_rank_logs;
  plan_report(*rt, lead);
  PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_comm_state, &rt->keyval, nullptr);
  PMPI_Comm_dup(MPI_COMM_WORLD, &rt->world_priv);
  tuning_init(*rt);  // collective when the tuning file is on (every rank agrees)
  if (rt->settings.verbose && lead) print_configuration(*rt);
  Runtime& ready = *rt;
  g_runtime.store(rt.release(), std::memory_order_release);
  // MPI_COMM_WORLD is set up here, not at its first collective: the job pays its duplicate with
  // the rest of start-up, and a program that times its first calls on the world does not see it.
  if (!ready.disabled) comm_state(ready, MPI_COMM_WORLD);
}

}  // namespace collsel::shim

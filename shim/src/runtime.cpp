// The process-wide runtime: messages (warn once, fallback, abort), and its end at MPI_Finalize.
// Start-up is in startup.cpp, communicator state in comm_state.cpp, the choice in choice.cpp,
// datatype classes in datatype_class.cpp, the JSON log in log.cpp.
#include "runtime.hpp"

#include <sched.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <cerrno>
#include <filesystem>
#include <iterator>
#include <sstream>

#include "collsel/choose.hpp"
#include "collsel/exec.hpp"
#include "collsel/predict.hpp"

namespace collsel::shim {

std::atomic<Runtime*> g_runtime{nullptr};
Runtime* g_retired_runtime = nullptr;  // after MPI_Finalize (runtime_finalize)
std::atomic<std::uint64_t> g_comm_epoch{1};
thread_local CommCacheEntry t_comm_cache COLLSEL_FAST_TLS = {MPI_COMM_NULL, 0, nullptr};
bool g_builtin_type_sizes = false;
std::array<std::atomic<const AlgorithmInfo*>, kCollectiveCount> g_api_forced{};
std::atomic<std::uint64_t> g_generation{1};
std::array<std::atomic<const AlgorithmInfo*>, kCollectiveCount> g_last_algorithm{};
std::array<std::atomic<long>, kCollectiveCount> g_v_headers{}, g_v_held{};
std::array<std::atomic<double>, kCollectiveCount> g_last_predicted_us{};
std::array<std::atomic<bool>, kCollectiveCount> g_last_exploring{};

namespace {
constexpr std::size_t kOps = kCollectiveCount;
}  // namespace

void print(const std::string& msg) {
  std::fprintf(stderr, "collsel: %s\n", msg.c_str());
  std::fflush(stderr);
}

void abort_job(const std::string& message) {
  print(message);
  // mpiexec (hydra) forwards a rank's stderr asynchronously and drops what is still in flight when
  // MPI_Abort kills the job: give it a moment, so the reason reaches the user.
  timespec pause{0, 200'000'000};
  nanosleep(&pause, nullptr);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // PMPI_Abort does not return
}

void abort_failed_algorithm(const CommState& cs, Collective op, const AlgorithmInfo* algorithm, int rc) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int len = 0;
  PMPI_Error_string(rc, text, &len);
  abort_job(std::string(to_string(op)) + " with " + std::string(algorithm->name) + " failed on rank " +
            std::to_string(cs.rank) + " of " + std::to_string(cs.size) + ": " + std::string(text, std::size_t(len)) +
            "; aborting the job, since the other ranks would wait for this one forever");
}

std::string fmt_us(double us) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", us);
  return b;
}

void warn_once(Runtime& rt, bool print_here, const std::string& message) {
  std::lock_guard lock(rt.warn_mu);
  if (!rt.warned.insert(message).second) return;
  if (print_here) print("warning: " + message);
}

thread_local std::string* t_fallback_reason = nullptr;

void fallback(Runtime& rt, const CommState* cs, const std::string& reason) {
  if (t_fallback_reason && t_fallback_reason->empty()) *t_fallback_reason = reason;
  if (rt.settings.strict) {
    // The reasons end with what happens without strict mode; here it does not happen.
    std::string why = reason;
    for (std::string_view tail : {" — native everywhere", " (native)"})
      if (why.size() >= tail.size() && why.compare(why.size() - tail.size(), tail.size(), tail) == 0)
        why.erase(why.size() - tail.size());
    abort_job("strict mode (COLLSEL_STRICT=1): " + why + "; aborting the job");
  }
  warn_once(rt, cs ? cs->rank == 0 : rt.world_rank == 0, reason);
}

void runtime_finalize() {
  Runtime* rt = g_runtime.load();
  if (!rt) return;
  if (rt->recording()) write_job_records(*rt);
  tuning_finalize(*rt);  // collective when the tuning file is on
  // Free the shim's communicators while MPI is still up.
  // Only where the state exists: Open MPI reports deleting an attribute that was never set as an
  // error (fatal under MPI_ERRORS_ARE_FATAL), MPICH does not.
  for (MPI_Comm comm : {MPI_COMM_WORLD, MPI_COMM_SELF}) {
    void* state = nullptr;
    int found = 0;
    PMPI_Comm_get_attr(comm, rt->keyval, &state, &found);
    if (found) PMPI_Comm_delete_attr(comm, rt->keyval);
  }
  PMPI_Comm_free(&rt->world_priv);
  PMPI_Comm_free_keyval(&rt->keyval);
  if (rt->type_keyval != MPI_KEYVAL_INVALID) PMPI_Type_free_keyval(&rt->type_keyval);
  g_runtime.store(nullptr);
  // Other communicators' states are freed by MPI with their communicators; the runtime itself
  // is kept (a late attribute callback must not touch freed memory), reachable from a global so
  // that leak checkers see it is kept on purpose.
  g_retired_runtime = rt;
}

}  // namespace collsel::shim

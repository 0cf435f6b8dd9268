// The shim's state: the process-wide runtime (settings, model, defects; immutable after MPI_Init
// except for the control API's forced algorithms and the log), the per-communicator state cached
// as an attribute (private duplicate communicator, rank placement, mapped models, decision cache,
// each behind its own mutex), and the decision procedure.
#pragma once

#include <mpi.h>

#include <array>
#include <bit>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/model_file.hpp"
#include "collsel/native_library.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/registry.hpp"
#include "collsel/schedule.hpp"
#include "native_defects.hpp"
#include "size_buckets.hpp"
#include "settings.hpp"
#include "audit.hpp"
#include "drift.hpp"
#include "empty_on_copy.hpp"
#include "tuning_file.hpp"
#include "verification.hpp"

namespace collsel::shim {

// Statistics of one (comm size, op, root, byte range, algorithm) on this rank: the log's summary
// record and the end-of-job report's row. Kept when logging or reporting.
struct LogStats {
  Collective op;
  int comm_size, root;
  std::size_t bytes_min, bytes_max;
  std::string algorithm;
  double predicted_us = -1;
  long calls = 0;
  double total_seconds = 0;
  // Native's time per call on this shape (negative: unknown): measured when verification tried
  // native, else the model's prediction. The report's estimate of time saved rests on it.
  double native_us = -1;
  bool native_measured = false;
  std::string reason;  // why native runs, on native rows (forced, predicted fastest, a fallback...)
  bool extrapolated = false;  // beyond the model's calibrated message sizes
  // Of `calls` (the report's parts, job_report.hpp): the shape's first call on this rank, if this row
  // ran it, and the calls of measured verification and of the audit after it.
  long first_calls = 0;
  double first_seconds = 0;
  long explore_calls = 0;
  double explore_seconds = 0;
  bool* shape_started = nullptr;  // shared by the rows of one shape (Runtime::shapes_started)
};

struct Verification;
struct Audit;
struct Drift;
struct PredictionCheck;

// One cached decision: what runs for a (communicator, op, root, size bucket, ...) — choice_key().
struct Choice {
  const AlgorithmInfo* algorithm = nullptr;
  bool native = true;
  double predicted_us = -1;  // negative: unknown (no model)
  double native_us = -1;     // native's predicted time on this shape, negative: unknown
  std::string reason;        // why native runs, when it does (the report's "native:" lines)
  bool extrapolated = false; // the call is larger than any message the model was calibrated with
  double decide_ms = 0;      // host wall time this rank spent deciding (every candidate built and costed)
  double decide_cpu_ms = 0;  // the same decision's CPU time on this thread
  Schedule schedule;
  std::size_t bytes_min = 0, bytes_max = 0;
  LogStats* stats = nullptr;  // only when logging
  std::uint64_t key = 0, generation = 0;  // cache key and forced-algorithm generation it was made for
  bool tuned = false;  // the verdict came from the tuning file (tuning.cpp): not verified in this job
  bool native_measured = false;  // tuned: native_us is the tuning file's measured time (else a prediction)
  // The state of this decision's measurement, which a copy of it starts without (EmptyOnCopy): a
  // copy (the drift monitor's model, a verification's option planned afresh) has the fields above.
  // While this shape is being verified (verification.hpp, measured_calls.hpp): the candidates its first calls try. Null
  // once the ranks have agreed on the fastest, which then fills the fields above.
  EmptyOnCopy<Verification> verify;
  // After the verdict, while it is audited in the job's own sequence of calls (audit.hpp, measured_calls.hpp): the
  // verification's candidates and the blocks measured. Null once the decision is frozen for good.
  EmptyOnCopy<Audit> audit;
  // Once frozen (no verify, no audit), its drift monitor (drift.hpp, measured_calls.hpp): set where a
  // verification was planned (at the root for scatterv/gatherv), and kept while the shape is
  // verified again.
  EmptyOnCopy<Drift> drift;
  // While an unverified choice's first calls are timed against its prediction (docs/shim.md, "The
  // prediction checked"): the candidates verification would try if the prediction misses. Null
  // once checked, or where verification was planned.
  EmptyOnCopy<PredictionCheck> check;
};

// Measured verification of one call shape (docs/shim.md, "Measured verification"): in rounds,
// each of which runs every option once in an order of its own (round 0 best predicted first, the
// others balancing what each option follows: verification.hpp, round_orders);
// after round min_calls and every round after it the ranks agree, with one reduction, on the
// option whose expected call time (verification.hpp: the mean of its slowest-rank times, outliers
// capped) is smallest, and stop once it is clearly ahead of the runner-up or max_calls rounds are
// done. An option that loses clearly retires at an agreement (verification.hpp, loses_clearly):
// its place in the later rounds runs the stand-in, unmeasured.
struct Verification {
  std::vector<Choice> options;  // best predicted first; native among them when it can run
  int min_calls = 3, max_calls = 3;  // rounds (calls per option): at least, at most
  int audit_block = 0;               // the audit's block length once settled (0: no audit; plan_exploration)
  int done = 0;                 // calls made so far
  std::vector<std::vector<int>> orders;  // per round (max_calls of them), the order of the options
  std::vector<double> seconds;  // this rank's time of call k of option o at [o * max_calls + k]
  std::vector<int> retired_at;  // per option: 0 while tried, k once retired after round k
  int stand_in = -1;            // what a retired option's place runs: the latest agreement's verdict
  // Where the plan left native out: native's option, its prediction and error, the error each
  // option's prediction is judged by, and the shape's budget, to verify native beside a verdict
  // that misses its prediction (plan_native_after_miss; docs/design/0039). Null otherwise.
  struct NativeAside {
    Choice option;
    double predicted = 0, error = 0;
    std::vector<double> option_errors;  // per option of the verification
    ExplorationBudget budget;
  };
  std::shared_ptr<const NativeAside> native_aside;
  bool after_miss = false;  // this verification is of a verdict that missed its prediction, and native
  int rounds() const { return done / int(options.size()); }
};

// The check of an unverified choice (docs/shim.md, "The prediction checked"): its first `calls`
// calls timed on every rank, then one agreement on their slowest-rank times; where their median is
// beyond what the model's error allows of the prediction, the shape is explored as if the choice
// had been predicted at that median (prediction_missed, plan_exploration).
struct PredictionCheck {
  int calls = 3;
  int done = 0;
  std::vector<double> seconds;  // this rank's time of each checked call
  std::vector<Choice> options;  // verification's candidates in its slot order, the choice first
  std::vector<double> predicted;  // their predictions (seconds)
  int native = -1;                // native's index among them (-1: not one)
  double native_seconds = 0;      // native's prediction on the shape
  ExplorationBudget budget;
};

// The audit of a verdict (audit.hpp, AuditPlan): blocks of block_calls calls of one option, back
// to back in the job's own sequence; the last measured_calls of each block are timed and agreed.
struct Audit {
  std::vector<Choice> options;  // the verification's, in its order
  AuditPlan plan;
  int block_calls = 0, measured_calls = 0;
  int done = 0;                 // calls of the current block made
  std::vector<double> seconds;  // this rank's times of the current block's measured calls
  int calls = 0;                // calls audited so far (the log)
  std::vector<double> verified_seconds;  // each option's time in verification (the tuning file)
};

// The drift monitor of a shape (docs/shim.md, "Drift"): the model's choice and the verification
// planned for it, to run again when the frozen verdict drifts; this rank's samples of the window.
// A choice whose prediction was checked and held has no verification planned: its check's
// candidates are planned afresh at the drifted time instead.
struct Drift {
  DriftMonitor monitor;
  int every = 4;
  Choice model;                       // a copy of c as decided by the model (no verify, audit, drift)
  std::unique_ptr<Verification> plan; // the verification planned, none of its calls made
  std::unique_ptr<PredictionCheck> check;  // or the check that held (plan null)
  long calls = 0;                     // calls of the frozen shape since its latest freeze
  std::vector<double> samples;        // this rank's times of the window's sampled calls, then its
                                      // time in the previous window's agreement
  int sampled = 0;
  // Test hook COLLSEL_TEST_DRIFT_DELAY: the algorithm frozen when the hook's call count was reached.
  long frozen_calls = 0;
  const AlgorithmInfo* slowed = nullptr;
};

// The per-communicator lock: a tiny spinlock (MPI forbids concurrent collectives on one
// communicator, so it is never contended by a correct program; it only keeps an erroneous one
// from corrupting the cache) that costs two atomic operations on the cached path.
class SpinLock {
 public:
  void lock() {
    while (flag_.exchange(true, std::memory_order_acquire))
      while (flag_.load(std::memory_order_relaxed)) {
      }
  }
  void unlock() { flag_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> flag_{false};
};

// A scatterv/gatherv call that is one of an unverified choice's checked calls or of an audit's
// block, named by the root's header or held after it (a native check's, decision record 0044; a
// block of native, 0047): its place, so that every rank times it and joins the agreement after
// the last.
struct VMeasuredCall {
  std::uint64_t key = 0;  // the shape key, as in the header
  int call = 0, calls = 0;  // this call's index among `calls`; calls == 0: the call is none's
  bool audit = false;       // an audit block's (else a check's)
  int audit_measured = 0;   // the block's timed calls (the last ones)
  Choice* choice = nullptr;  // the root's choice (root only)
};

struct CommState {
  MPI_Comm priv = MPI_COMM_NULL;  // private duplicate: all of the shim's own traffic goes here
  int size = 1, rank = 0;
  bool inter = false;
  SpinLock mu;
  // The last choice looked up: a loop repeating one call finds it with one atomic load, without
  // the lock (choices are only freed under the lock, by a call on this same communicator).
  std::atomic<Choice*> last{nullptr};
  std::vector<RankPlacement> placement;                        // empty without a model
  std::uint64_t hosts_digest = 0;  // of `placement` (tuning.cpp): the tuning file's host set and placement
  std::map<std::string, std::unique_ptr<MappedModel>> mapped;  // by model kind; null: cannot map
  std::unique_ptr<HockneyModel> uniform;                       // for forced algorithms without a model
  // bbs frames per model object above (they live as long as this state): built once per root.
  std::map<const P2PModel*, FrameCache> frame_caches;
  std::uint64_t generation = 0;
  std::unordered_map<std::uint64_t, std::unique_ptr<Choice>> cache;
  // Scatterv/gatherv: the last schedule built per (op, root, algorithm) and the blocks it was built for.
  struct VSchedule {
    Collective op;
    int root;
    const AlgorithmInfo* algorithm;
    std::vector<std::size_t> blocks;
    Schedule schedule;
  };
  std::vector<VSchedule> vcache;
  // Scatterv/gatherv verification at a non-root: its own times per shape (the root's choice key,
  // sent in the header), laid out as Verification::seconds, and the options retired (as the
  // root's Verification::retired_at: every rank judges the same agreed times alike), until the
  // agreement settles the shape.
  struct VVerify {
    std::vector<double> seconds;
    std::vector<int> retired_at;
  };
  std::unordered_map<std::uint64_t, VVerify> vverify;
  // Scatterv/gatherv drift samples at a non-root, per shape (the root's choice key): its own times
  // of the window's samples, then its time in the previous window's agreement (the root keeps its
  // in its choice's Drift); and the test hook's state (COLLSEL_TEST_DRIFT_DELAY).
  struct VDrift {
    std::vector<double> samples;
    const AlgorithmInfo* slowed = nullptr;
  };
  std::unordered_map<std::uint64_t, VDrift> vdrift;
  // Scatterv/gatherv decided native at a (op, root): how many more calls go straight to native
  // without the root's header (the same count on every rank: the header that set it reached
  // all), and the control API generation it was set under.
  // A native choice's prediction check (PredictionCheck) and an audit's block of native hold their
  // calls after the first: the first call's header names them (measured.calls > 0), and each held
  // call is the check's or the block's next one.
  struct VNative {
    int calls_left = 0;
    std::uint64_t generation = 0;
    VMeasuredCall measured;  // .call: the next held call's index
  };
  std::map<std::pair<int, int>, VNative> vnative;
};

struct Runtime {
  Settings settings;
  bool disabled = false;  // configuration unusable: native everywhere (control API still honoured)
  std::optional<ModelFile> model;
  // The model's [channels] on this node's live topology; set only when every rank sees the same
  // kind of node, so all ranks predict alike (docs/channels.md, "The shim").
  std::optional<ChannelModel> channels;
  std::vector<const NativeDefect*> defects;  // rows of kNativeDefects matching this library
  // The library whose default algorithms native's cost model rebuilds (MPI_Get_library_version,
  // or the test hook COLLSEL_TEST_LIBRARY_VERSION): MPICH 4 (mpich_native.hpp; verification then
  // knows when native is collsel's binomial, verification_slots) or Open MPI (ompi_native.hpp).
  // Unset: a library native's cost model does not know; the shim runs native everywhere.
  std::optional<NativeLibrary> native_library;
  std::string library_version;  // the text the library gave (or the test hook's)
  bool library_unknown = false;  // the model was dropped for that (native everywhere)
  // MPI-4's large-count entry points: a call whose message or blocks exceed this many bytes runs
  // the library's large-count call (collsel's executors take int counts). INT_MAX; the test hook
  // COLLSEL_TEST_LARGE_COUNT_BYTES lowers it (docs/testing.md).
  long long large_count_bytes = 2147483647;
  // Hosts of this job that the model's cluster does not name, each with the host class it was
  // placed in (-1: the model has no classes; their communicators run native). hosts.cpp.
  std::vector<UnknownHost> unknown_hosts;
  // Where every world rank runs (host name, bound core), gathered once at start-up with a model and
  // placement = host (place_unknown_hosts): a communicator's placement is read from it through its
  // group, without a collective (comm_state.cpp). Empty otherwise.
  std::vector<RankPlacement> world_placement;
  std::array<bool, kCollectiveCount> type_defects{};         // by op: one of them depends on the datatype class
  int type_keyval = MPI_KEYVAL_INVALID;       // datatype attribute caching mixed_signature()
  int world_rank = 0, world_size = 1;
  int keyval = MPI_KEYVAL_INVALID;
  MPI_Comm world_priv = MPI_COMM_NULL;
  bool logging = false;    // the JSON log is written (every rank keeps statistics for it)
  bool reporting = false;  // the end-of-job report is printed (every rank keeps statistics for it)
  bool recording() const { return logging || reporting; }

  std::mutex log_mu;
  std::map<std::string, std::unique_ptr<LogStats>> stats;
  // Per (op, comm size, root, size range): whether this rank has made its first call (the report's
  // first calls).
  std::map<std::string, bool> shapes_started;
  // Time in intercepted calls that no row of `stats` holds: the scatterv/gatherv calls that go to
  // native without the root's header, at ranks other than the root (the report's collective time).
  double unlisted_seconds = 0;
  double init_wtime = 0;    // PMPI_Wtime() at MPI_Init (the report's wall time)
  std::string report_path;  // world rank 0: the report's file, its placeholders expanded (job_report.hpp)
  std::vector<std::string> call_lines;

  std::vector<std::string> verify_lines;  // one JSON record per verified shape (log)
  long long call_records_dropped = 0;     // log_level = calls beyond kMaxCallRecords
  // Test hook COLLSEL_TEST_VERIFY_DELAY="alg=seconds,...": seconds added to this rank's measured
  // time of those algorithms during verification, so tests can make ranks disagree locally or
  // make the model's choice slow (docs/testing.md). Empty in production.
  std::vector<std::pair<const AlgorithmInfo*, double>> test_verify_delay;
  // Test hook COLLSEL_TEST_AUDIT_DELAY, the same for the audit's blocks (a verdict fast among the
  // other candidates' calls but slow when repeated).
  std::vector<std::pair<const AlgorithmInfo*, double>> test_audit_delay;
  // Test hook COLLSEL_TEST_DRIFT_DELAY="seconds@calls": once a frozen shape has made `calls` calls
  // frozen, the algorithm it then runs takes `seconds` more in this rank's measurements of it (the
  // drift samples, and the shape's verification and audit after that): an algorithm that slows down.
  double test_drift_seconds = 0;
  long test_drift_after = 0;
  // Test hook COLLSEL_TEST_CHECK_HOLDS=1: the check of a prediction (PredictionCheck) finds it held
  // whatever its calls measure, so tests on a machine slower than their model see what follows.
  bool test_check_holds = false;
  // Drift (measured_calls.cpp): re-verifications decided (counted on each communicator's rank 0),
  // and this rank's window agreements and their time (the report).
  long drift_reverified = 0, drift_checks = 0;
  double drift_seconds = 0;

  // The tuning file (docs/tuning.md, tuning.cpp): on when the setting names one and collsel is not
  // disabled (every rank agrees on both: the settings digest). Its entries, the same on every rank
  // (broadcast by world rank 0), and the digests that key them in this job (world rank 0's,
  // broadcast too, so every rank looks up the same keys).
  bool tuning = false;
  bool tuning_writable = true;  // false: the file is not collsel's, or cannot be read (never written)
  TuningTable tuning_table;
  std::uint64_t tuning_model = 0, tuning_library = 0;
  std::array<std::uint64_t, kCollectiveCount> tuning_settings{};
  std::vector<TuningEntry> tuning_verdicts;  // this rank's verdicts to merge into the file (under log_mu)

  std::mutex warn_mu;
  std::set<std::string> warned;
  std::array<bool, kCollectiveCount> extrapolation_warned{};  // under warn_mu
};

// Why native runs everywhere under a library native's cost model does not know (the report).
inline constexpr const char* kLibraryUnknownReason = "the MPI library is not one native's cost model knows (see the warning)";

// Why a large-count call runs native (the report).
inline constexpr const char* kLargeCountReason = "a large-count call beyond what collsel's executors carry (int counts)";

// log_level = "calls" keeps at most this many per-call records per rank in memory until
// MPI_Finalize (about 25 MB); later calls are counted, and the log says how many were left out.
inline constexpr std::size_t kMaxCallRecords = 100000;
// The largest communicator collsel decides for (collsel-predict --procs has the same limit);
// larger ones run native with a warning.
inline constexpr int kMaxDecisionProcs = 8192;

extern std::atomic<Runtime*> g_runtime;

// Control-API state (usable before MPI_Init): forced algorithm per op, and the last choice per op.
extern std::array<std::atomic<const AlgorithmInfo*>, kCollectiveCount> g_api_forced;
extern std::atomic<std::uint64_t> g_generation;  // bumped when g_api_forced changes
extern std::array<std::atomic<const AlgorithmInfo*>, kCollectiveCount> g_last_algorithm;
// Scatterv/gatherv calls of this process that exchanged the root's header, and that went to a
// held native without it (collsel_v_calls).
extern std::array<std::atomic<long>, kCollectiveCount> g_v_headers, g_v_held;
extern std::array<std::atomic<double>, kCollectiveCount> g_last_predicted_us;
// Whether the shape of the last call of each op is still measured (verification or audit): collsel_exploring.
extern std::array<std::atomic<bool>, kCollectiveCount> g_last_exploring;

void runtime_init();      // after PMPI_Init*
// At start-up, with a model and placement = host: gathers the world's placement (world_placement),
// places the job's hosts that the model does not name in a host class (one warning on world rank
// 0), or warns that they run native (collective over the world; hosts.cpp).
void place_unknown_hosts(Runtime& rt);
// The unknown hosts grouped by class ("host class 0: a, b; host class 1: c"; without a class just
// the names), at most `limit` names per group.
std::string describe_unknown_hosts(const std::vector<UnknownHost>& hosts, std::size_t limit);
void runtime_finalize();  // before PMPI_Finalize

// The tuning file (tuning.cpp, docs/tuning.md). At start-up, after the world's private duplicate
// exists: world rank 0 reads the file and broadcasts it with this job's digests (collective over
// the world when the tuning file is on).
void tuning_init(Runtime& rt);
// At MPI_Finalize: every rank's verdicts gathered on world rank 0, which merges them into the
// file (collective over the world when the tuning file is on).
void tuning_finalize(Runtime& rt);
// The digest of a communicator's host set and placement (every rank's host and core, rank order).
std::uint64_t hosts_digest(const std::vector<RankPlacement>& placement);
// The tuning file's key of a call shape on this communicator.
TuningKey tuning_key(const Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, bool commute,
                     bool mixed, int rule);
// A verdict reached on this rank (logged here: the communicator's rank 0, or the v-variants' root):
// kept for the tuning file. `verified`: each option's time in verification; `audited`: in the audit
// (negative: its block did not run), empty without an audit.
void note_tuning_verdict(Runtime& rt, const CommState& cs, Collective op, int root, const Choice& c,
                         const std::vector<Choice>& options, std::span<const double> verified_seconds,
                         std::span<const double> audited_seconds);

// The communicator's state (created, collectively, on the first intercepted call on it). A
// one-entry per-thread cache (communicator handle + epoch) answers repeated calls on one
// communicator; the epoch changes whenever the shim's state of any communicator is freed, so a
// reused handle never finds a stale state.
extern std::atomic<std::uint64_t> g_comm_epoch;
struct CommCacheEntry {
  MPI_Comm comm;
  std::uint64_t epoch;
  CommState* state;
};
// initial-exec: one instruction to reach it on the cached path. Not under SMPI, which dlopens a
// copy of the program per simulated rank: copies of an initial-exec variable exhaust the static
// TLS block (cmake/smpi.cmake).
#if defined(COLLSEL_SMPI)
#define COLLSEL_FAST_TLS
#else
#define COLLSEL_FAST_TLS __attribute__((tls_model("initial-exec")))
#endif
extern thread_local CommCacheEntry t_comm_cache COLLSEL_FAST_TLS;
CommState* comm_state_slow(Runtime& rt, MPI_Comm comm);
// The communicator attribute's delete callback: frees the shim's state of that communicator.
int delete_comm_state(MPI_Comm comm, int keyval, void* value, void* extra);
// The model (keyed on this communicator's ranks) that predicts `op`, or null (reported once).
const P2PModel* model_for(Runtime& rt, CommState& cs, Collective op);
// Equal links, for forced algorithms without a model.
const P2PModel& uniform_model(CommState& cs);
// Merges every rank's statistics on world rank 0, which writes the log and the end-of-job report
// (collective over the world, at MPI_Finalize; log.cpp).
void write_job_records(Runtime& rt);
// While set (choice.cpp, during one decision), fallback() also stores its reason here.
extern thread_local std::string* t_fallback_reason;
inline CommState* comm_state(Runtime& rt, MPI_Comm comm) {
  const CommCacheEntry& e = t_comm_cache;
  if (e.comm == comm && e.state && e.epoch == g_comm_epoch.load(std::memory_order_acquire)) return e.state;
  return comm_state_slow(rt, comm);
}

// Size of a datatype; MPICH encodes a predefined type's size in its handle (checked at start-up
// against PMPI_Type_size), which saves a library call on the cached path.
extern bool g_builtin_type_sizes;
inline int type_size(MPI_Datatype t) {
#if defined(MPICH)
  const unsigned h = static_cast<unsigned>(t);
  if (g_builtin_type_sizes && (h >> 30) == 1u) return int((h >> 8) & 0xffu);
#endif
  int s = 0;
  PMPI_Type_size(t, &s);
  return s;
}

// Whether the type signature holds more than one basic type (TypeClass::mixed); cached on derived
// datatypes as an attribute. Only worked out when a matching defect of `op` depends on it.
bool mixed_signature_slow(Runtime& rt, MPI_Datatype t);
inline bool mixed_signature(Runtime& rt, Collective op, MPI_Datatype t) {
  if (!rt.type_defects[std::size_t(op)]) [[likely]]
    return false;
  return mixed_signature_slow(rt, t);
}

// The cached choice for a call (decides on a miss). `blocks`: v-variants' block sizes (root only).
// `element_bytes`: reduce's datatype size (its pipelined segments hold whole elements); it refines
// the prediction only and is not part of the key (every rank must find the same entry).
Choice* lookup_or_decide(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, bool commute,
                         bool mixed, std::span<const std::size_t> blocks = {}, std::size_t element_bytes = 1);
// The cached path, inlined into the wrappers: same key as lookup_or_decide, answered from the
// communicator's last hit when the call repeats (no rules for the op, no forced change since).
// Bits: op 0-2, commute 3, size bucket 4-10, rule + 1 11-18 (settings cap the rules at
// kMaxRulesPerOp), mixed 35, root 36-63. The datatype's size is not part of it: matching calls may
// use types of different sizes on different ranks (count 512 of MPI_INT against one contiguous
// type of 512 ints, as MPICH's dtpools tests do), and every rank must find the same entry — the
// measured verification counts its calls per entry, so differing keys made ranks run different
// candidates at the same call and hang. Only reduce's prediction uses it (element_bytes).
inline std::uint64_t choice_key(Collective op, int root, std::size_t bytes, bool commute, bool mixed, int rule) {
  static_assert(kMaxRulesPerOp + 1 <= 0xff && kCollectiveCount <= 8);
  return std::uint64_t(op) | std::uint64_t(commute) << 3 | std::uint64_t(size_bucket(bytes)) << 4 |
         std::uint64_t((rule + 1) & 0xff) << 11 | std::uint64_t(mixed) << 35 | std::uint64_t(root) << 36;
}
inline Choice* cached_choice(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, bool commute,
                             bool mixed, std::size_t element_bytes = 1) {
  if (rt.settings.ops[std::size_t(op)].rules.empty()) [[likely]] {
    const std::uint64_t key = choice_key(op, root, bytes, commute, mixed, -1);
    Choice* c = cs.last.load(std::memory_order_acquire);
    if (c && c->key == key && c->generation == g_generation.load(std::memory_order_relaxed)) [[likely]]
      return c;
  }
  return lookup_or_decide(rt, cs, op, root, bytes, commute, mixed, {}, element_bytes);
}

// Schedule of `algorithm` for a v-variant with these blocks (identical on every rank).
const Schedule* v_schedule(Runtime& rt, CommState& cs, Collective op, int root, const AlgorithmInfo* algorithm,
                           std::span<const std::size_t> blocks);
// Whether the decision for `op` can be made without any information from the root (v-variants:
// no model, nothing forced, no rules): then the shim calls native with no header broadcast.
bool v_static_native(const Runtime& rt, Collective op);
// Scatterv/gatherv: true while this (op, root) runs native without the root's header (counts the
// call); the same answer on every rank of the communicator. `measured`, where given: the check or
// the audit block the held call is one of, if any (VMeasuredCall::calls == 0: none).
bool v_native_held(CommState& cs, Collective op, int root, VMeasuredCall* measured = nullptr);

// Reports a fallback: aborts the job with the reason in strict mode, else warns once (on the
// communicator's rank 0, or world rank 0 when cs is null).
void fallback(Runtime& rt, const CommState* cs, const std::string& reason);
void warn_once(Runtime& rt, bool print_here, const std::string& message);

// A collsel algorithm (not native) returned an error on this rank: its peers may be blocked in
// the same schedule waiting for it, and no error code can reach them. Abort the job with the
// reason (MPI's errors-are-fatal semantics) rather than leave them hanging.
[[noreturn]] void abort_failed_algorithm(const CommState& cs, Collective op, const AlgorithmInfo* algorithm, int rc);
inline int checked(const CommState& cs, Collective op, const AlgorithmInfo* algorithm, bool native, int rc) {
  if (rc != MPI_SUCCESS && !native) [[unlikely]]
    abort_failed_algorithm(cs, op, algorithm, rc);
  return rc;
}

// One line on stderr, prefixed "collsel: ".
void print(const std::string& msg);
// Prints the reason and aborts the whole job (MPI_Abort on MPI_COMM_WORLD).
[[noreturn]] void abort_job(const std::string& message);
// Microseconds with two decimals, for the log.
std::string fmt_us(double us);

// What collsel_last_choice reports for `op` on this process.
inline void note_choice(Collective op, const Choice& c) {
  g_last_algorithm[std::size_t(op)].store(c.algorithm, std::memory_order_relaxed);
  g_last_predicted_us[std::size_t(op)].store(c.predicted_us, std::memory_order_relaxed);
  g_last_exploring[std::size_t(op)].store(false, std::memory_order_relaxed);
}
// After a verification's or an audit's call: whether the shape's next call still measures.
inline void note_exploring(Collective op, bool exploring) {
  g_last_exploring[std::size_t(op)].store(exploring, std::memory_order_relaxed);
}

// Records one call's time in its statistics row (and, at log_level = calls, the call record).
// `exploring`: the call is one of measured verification or of the audit.
void record_call(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, const Choice& c,
                 LogStats* stats, double seconds, bool exploring = false);
// The statistics row of choice c on this shape (created on first use).
LogStats* stats_for(Runtime& rt, Collective op, int comm_size, int root, const Choice& c);

}  // namespace collsel::shim

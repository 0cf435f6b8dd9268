// collsel-bench — measures every applicable algorithm of a collective (forced, run by the same
// executors as the shim), the MPI library's own (`native`) and the shim's own choice (`auto`)
// side by side, and sets the times against the model's predictions (docs/bench.md).
//
//   mpiexec -n P collsel-bench --model FILE --ops LIST --bytes LIST [--algorithms all|LIST]
//                              [--root R] [--csv [FILE]] [--reps N] [--p2p-model K]
//                              [--placement host|model] [--raw-csv FILE] [--before random|self|idle] [--before-calls N]
//
// Every schedule measured is a candidate of the very decide() call the shim makes for that call
// (same model, rank placement, channels, margin, segment size), so the time measured is the time
// of the schedule that was predicted. Repetitions are interleaved: in each repetition the
// algorithms run in an order of a carryover-balanced design (order.hpp: every entry follows every
// other equally often; seeded, the same on every rank), each after a barrier; a repetition's time
// is the slowest rank's, an algorithm's time the median over repetitions. What runs just before
// each timed call is a choice (--before): another entry (the interleaving above), the entry
// itself (an untimed call: an application calling the collective back to back), or a pause (an
// application computing between calls) — on links whose speed depends on recent traffic (token
// buckets) the three are different regimes.
// Errors (bad option, op or size, unreadable model, a host the model does not know and cannot place
// in a host class): one line on stderr from one rank, exit code 2 on every rank; a wrong result
// from an executor: exit code 1.
#include <CLI/CLI.hpp>
#include <mpi.h>
#include <dlfcn.h>
#if defined(COLLSEL_SMPI)
#include "collsel/collsel.h"
#endif
#include "cli_options.hpp"
#include "collsel/mpi_version.hpp"
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <random>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "collsel/bounds.hpp"
#include "collsel/byte_size.hpp"
#include "collsel/choose.hpp"
#include "collsel/exec.hpp"
#include "collsel/model_file.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/registry.hpp"
#include "native_defects.hpp"
#include "size_buckets.hpp"
#include "order.hpp"
#include "report.hpp"
#include "workload.hpp"

namespace {

using namespace collsel;
constexpr const char* kProgram = "collsel-bench";

// Bad input: one line on stderr, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A measured algorithm produced a wrong result or an MPI error: exit code 1.
struct RunError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The shim's defaults for the decision (config/collsel.toml): margin, no exclusions; the segment
// size is the shim's default unless --segment-bytes says otherwise.
constexpr double kShimMargin = kDefaultMargin;

struct Options {
  std::string model_path, ops_list, bytes_list, algorithms = "all", csv, model_kind, placement = "host";
  std::string segment = "auto";  // --segment-bytes: the schedules' segment size, as the shim's setting
  std::size_t segment_bytes = kDefaultSegmentBytes;  // its value
  std::string kinds_csv;  // every model kind's prediction of every measured candidate
  std::string raw_csv;    // every repetition's time
  std::string auto_mode = "detect";  // shim, model, or detect: shim when libcollsel.so is loaded
  std::string before = "random";  // what precedes each timed call: random, self or idle
  std::string warmup_between = "one";  // with --before random: one other entry or all others between auto's warm-up calls
  int root = 0, reps = 15, auto_warmup = 50, idle_ms = 50;
  bool auto_cold = false;  // --auto-cold: also time auto from a shape's first call (fresh shim state)
  int cold_calls = 50;     // --cold-calls: the calls of each cold run
  int cold_runs = 1;       // --cold-runs: cold runs per row, each on a fresh communicator; the median kept
  int before_calls = 1;  // with --before self: untimed calls of the entry before each timed one
};

// What precedes each timed call, for the header line ("" for the default, another entry).
std::string regime_note(const Options& opt) {
  if (opt.before == "self")
    return opt.before_calls == 1 ? " (each after an untimed call of itself)"
                                 : " (each after " + std::to_string(opt.before_calls) + " untimed calls of itself)";
  if (opt.before == "idle") return " (each after a pause of " + std::to_string(opt.idle_ms) + " ms)";
  return "";
}

// libcollsel.so's control API when it is loaded into this process (collsel.h), else null.
using LastChoiceFn = int (*)(const char*, char*, int, double*);
LastChoiceFn shim_last_choice() {
#if defined(COLLSEL_SMPI)
  return &collsel_last_choice;  // linked in: SMPI loads each rank's copy privately, dlsym would not see it
#endif
  return reinterpret_cast<LastChoiceFn>(dlsym(RTLD_DEFAULT, "collsel_last_choice"));
}

// collsel_exploring of the loaded shim (collsel.h), else null.
using ExploringFn = int (*)(const char*);
ExploringFn shim_exploring() {
#if defined(COLLSEL_SMPI)
  return &collsel_exploring;
#endif
  return reinterpret_cast<ExploringFn>(dlsym(RTLD_DEFAULT, "collsel_exploring"));
}

// collsel_prepare_comm of the loaded shim (collsel.h), else null.
using PrepareCommFn = int (*)(MPI_Comm);
PrepareCommFn shim_prepare_comm() {
#if defined(COLLSEL_SMPI)
  return &collsel_prepare_comm;
#endif
  return reinterpret_cast<PrepareCommFn>(dlsym(RTLD_DEFAULT, "collsel_prepare_comm"));
}

// Auto's warm-up goes on past --auto-warmup while the shim still measures the shape, by at most
// this many calls: a verification of 8 candidates x 32 rounds and an audit of 9 blocks of 256.
constexpr int kMaxWarmupExtension = 8 * 32 + 9 * 256;

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    items.push_back(list.substr(start, comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

// Every rank knows whether every rank is fine; the lowest failing rank prints its message.
// Returns true when all ranks succeeded.
bool all_ok(const std::string& error, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int first_bad = error.empty() ? size : rank, lowest = size;
  MPI_Allreduce(&first_bad, &lowest, 1, MPI_INT, MPI_MIN, comm);
  if (lowest < size && lowest == rank) {
    std::fprintf(stderr, "%s: %s\n", kProgram, error.c_str());
    std::fflush(stderr);
  }
  return lowest == size;
}

// The shim's view of the job: the model file, the point-to-point model mapped onto this job's
// ranks, and the native defects of this MPI library.
struct Setup {
  ModelFile file;
  std::optional<ChannelModel> channels;
  std::vector<RankPlacement> placement;
  std::unique_ptr<MappedModel> model;
  std::vector<const shim::NativeDefect*> defects;
};

// Reads the model and maps it (collective: every rank calls it). Returns the error, or "".
std::string load(const Options& opt, MPI_Comm comm, int size, Setup& setup) {
  std::string error;
  const P2PModel* base = nullptr;
  try {
    setup.file = read_model_file(opt.model_path);
    base = opt.model_kind.empty() ? setup.file.default_model() : setup.file.model(opt.model_kind);
    if (!base)
      error = opt.model_path + ": " +
              (opt.model_kind.empty() ? std::string("holds no point-to-point model")
                                      : "has no '" + opt.model_kind + "' model");
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!all_ok(error, comm)) return "reported";

  // Placement: as the shim (host names and bound cores), or the model's own cluster.
  setup.placement = opt.placement == "host" ? exec::gather_placement(comm) : default_placement(setup.file.cluster, size);
  if (opt.placement == "host") {
    // Hosts the model does not name: placed in a host class as the shim places them (docs/batch.md).
    std::vector<std::string> hosts;
    for (const RankPlacement& p : setup.placement) hosts.push_back(p.host);
    const std::vector<UnknownHost> unknown = unknown_hosts(setup.file.cluster, hosts);
    if (!unknown.empty() && setup.file.cluster.has_classes()) {
      add_unknown_hosts(setup.file.cluster, unknown);
      std::string list;
      for (const UnknownHost& u : unknown) list += (list.empty() ? "" : ", ") + u.host + " -> class " + std::to_string(u.host_class);
      int rank = 0;
      MPI_Comm_rank(comm, &rank);
      if (rank == 0)
        std::printf("note: hosts not in the model, placed in a host class as the shim places them: %s\n", list.c_str());
    }
  }
  try {
    setup.model = std::make_unique<MappedModel>(*base, setup.file.cluster, setup.placement);
  } catch (const std::exception& e) {
    error = opt.model_path + " does not cover this job: " + e.what() +
            " (calibrate on these hosts, or use --placement model to run the model's own cluster layout)";
  }
  if (!all_ok(error, comm)) return "reported";

  // Intra-node channels, attached only when every rank sees the same kind of node (as the shim).
  if (opt.placement == "host") {
    std::optional<ChannelModel> ch;
    if (setup.file.channels) ch = channels_for_this_node(*setup.file.channels);
    unsigned long long fp = ch ? ch->topology()->fingerprint() : 0, lo = 0, hi = 0;
    MPI_Allreduce(&fp, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, comm);
    MPI_Allreduce(&fp, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm);
    if (ch && lo == hi) {
      setup.channels = std::move(ch);
      setup.model->set_channels(&*setup.channels);
    }
  }

  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  MPI_Get_library_version(version, &len);
  setup.defects = shim::detect_library(std::string_view(version, std::size_t(len))).defects;
  return "";
}

// What the shim can run for this call with its defaults (MPI_SUM is commutative): the executor's
// capabilities and the library's native defect covering the call's size bucket, by the shim's rules.
Capabilities shim_capabilities(const Setup& setup, const CallShape& shape) {
  Capabilities caps = Capabilities::executor();
  if (const shim::NativeDefect* defect = shim::native_defect(setup.defects, shape.op, shape.procs, shape.root,
                                                             shim::bucket_range(shape.bytes).max))
    caps.native_defect = defect->what;
  return caps;
}

struct Entry {
  std::string name;  // algorithm, or "auto"
  const Candidate* candidate;
  bool intercepted = false;  // auto run by the preloaded shim through the plain MPI_ call
};

// One case being measured: its communicator, workload and entries, shared by the phases below.
struct CaseRun {
  const Options& opt;
  MPI_Comm comm;
  bench::Workload& work;
  std::vector<Entry> entries;
  Collective op;
  std::size_t bytes;
  int size;

  int run(const Entry& e) { return e.intercepted ? work.run_intercepted(comm) : work.run(e.candidate->schedule, comm); }
  void pause() const {
    if (opt.before == "idle") usleep(useconds_t(opt.idle_ms) * 1000u);
  }
  std::string what() const { return std::string(to_string(op)) + " of " + std::to_string(bytes) + " bytes"; }
};

// The entries measured: every candidate the shim could run (of `only`, if given; native always),
// then `auto` — the shim itself when it is preloaded (--auto shim): the plain MPI_ call, so its
// measured verification, cache and overhead are all in the time; otherwise the shim's model choice
// run by the executors (--auto model). Rank 0 notes the candidates no executor runs.
std::vector<Entry> case_entries(const Options& opt, const RankedChoice& ranked, const Capabilities& caps,
                                const std::vector<std::string>& only, Collective op, std::size_t bytes, int rank) {
  std::vector<Entry> entries;
  std::vector<std::string> skipped;
  for (const Candidate& k : ranked.decision.candidates) {
    const std::string name(k.algorithm->name);
    if (name != "native" && !only.empty() && std::find(only.begin(), only.end(), name) == only.end()) continue;
    if (!caps.runs(k.schedule)) {
      skipped.push_back(name);
      continue;
    }
    entries.push_back({name, &k});
  }
  entries.push_back({"auto", &ranked.best(), opt.auto_mode == "shim"});
  if (rank == 0 && !skipped.empty()) {
    std::string list;
    for (const auto& s : skipped) list += (list.empty() ? "" : ", ") + s;
    std::printf("note: %s %s: no executor for %s (not measured)\n", std::string(to_string(op)).c_str(),
                bench::human_size(bytes).c_str(), list.c_str());
  }
  return entries;
}

// Each schedule runs once on fresh inputs and its result is checked on every rank, so an executor
// that skips work cannot be timed as fast. This run is also the warm-up.
void check_entries(CaseRun& r) {
  for (const Entry& e : r.entries) {
    r.work.prepare();
    MPI_Barrier(r.comm);
    int rc = r.run(e);
    int ok = rc == MPI_SUCCESS && r.work.check() ? 1 : 0, all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, r.comm);
    if (!all)
      throw RunError(std::string(to_string(r.op)) + " of " + std::to_string(r.bytes) + " bytes on " +
                     std::to_string(r.size) + " processes, root " + std::to_string(r.opt.root) + ": " + e.name +
                     (e.name == "auto" ? " (" + std::string(e.candidate->algorithm->name) + ")" : "") +
                     " produced a wrong result or an MPI error");
  }
}

struct Warmup {
  int auto_calls = 0, other_calls = 0;
  double seconds = 0;
};

// The shim's first calls of a new shape may try several candidates before it settles (measured
// verification, docs/shim.md): those calls are the warm-up, not the timed ones. Each follows a
// call of another entry drawn at random (seeded, the same on every rank), as every timed call
// follows a random predecessor: on links whose speed depends on recent traffic (token buckets of
// shaped links) back-to-back calls of one collective see drained links where shuffled calls see
// partly refilled ones, and a verdict measured under one regime can be wrong under the other.
// With --before self or idle the warm-up calls follow each other (or a pause), as the timed ones.
// --warmup-between all: every other entry, shuffled, runs between two warm-up calls of auto, as
// between two of its timed calls on average: the audit of the shim's verdict (docs/shim.md) then
// judges the candidates in the sequence that is timed, where one entry between (the default)
// leaves auto half the traffic of the links, near a loop of itself. It costs one call of every
// entry per warm-up call of auto.
Warmup warm_up_auto(CaseRun& r) {
  std::mt19937 warmup_rng(20261126u);
  const bool before_random = r.opt.before == "random", all_between = r.opt.warmup_between == "all";
  const ExploringFn exploring = shim_exploring();
  const std::string op_name(to_string(r.op));
  // Whether the shim still measures this shape after auto's last call (verification or the audit
  // of its verdict): every rank knows the same, and asks together.
  auto still_measuring = [&] {
    int mine = exploring && exploring(op_name.c_str()) == 1 ? 1 : 0, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, r.comm);
    return any != 0;
  };
  Warmup w;
  const double start = MPI_Wtime();
  const std::vector<Entry>& entries = r.entries;
  for (std::size_t a = 0; a < entries.size(); ++a) {
    if (!entries[a].intercepted) continue;
    std::vector<std::size_t> others;  // in entry order until --warmup-between all shuffles it
    for (std::size_t o = 0; o < entries.size(); ++o)
      if (o != a) others.push_back(o);
    for (int k = 0; k < r.opt.auto_warmup || (k < r.opt.auto_warmup + kMaxWarmupExtension && still_measuring()); ++k) {
      int rc = MPI_SUCCESS;
      r.pause();
      if (before_random && entries.size() > 1) {
        if (all_between) {
          std::shuffle(others.begin(), others.end(), warmup_rng);  // the same on every rank
          for (std::size_t o : others) {
            MPI_Barrier(r.comm);
            const int rc_other = r.run(entries[o]);
            if (rc == MPI_SUCCESS) rc = rc_other;
            ++w.other_calls;
          }
        } else {
          MPI_Barrier(r.comm);
          rc = r.run(entries[others[warmup_rng() % others.size()]]);
          ++w.other_calls;
        }
      }
      MPI_Barrier(r.comm);
      if (rc == MPI_SUCCESS) rc = r.run(entries[a]);
      ++w.auto_calls;
      if (rc != MPI_SUCCESS) throw RunError(r.what() + ": auto's warm-up failed");
    }
  }
  w.seconds = MPI_Wtime() - start;
  return w;
}

struct Timings {
  std::vector<double> slowest;     // [entry * reps + repetition]: the slowest rank's seconds
  std::vector<std::string> after;  // the same index: the entry timed just before
};

// Interleaved repetitions in carryover-balanced orders (order.hpp, the same on every rank): on
// shaped links (token buckets) and shared cores a call's time depends on what ran just before it,
// so every entry meets every other as its predecessor equally often (a rotation would keep `auto`
// always after the last forced one; independent shuffles leave some pairs out).
Timings timed_repetitions(CaseRun& r) {
  const bool before_random = r.opt.before == "random", before_self = r.opt.before == "self";
  const std::size_t n = r.entries.size(), reps = std::size_t(r.opt.reps);
  std::vector<double> times(n * reps);
  Timings t{.slowest = std::vector<double>(n * reps), .after = std::vector<std::string>(n * reps)};
  const auto orders = bench::repetition_orders(n, reps, 20261125u);
  for (std::size_t k = 0; k < reps; ++k) {
    const std::vector<std::size_t>& order = orders[k];
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t e = order[j];
      if (before_self) {
        for (int b = 0; b < r.opt.before_calls; ++b) {
          MPI_Barrier(r.comm);
          if (r.run(r.entries[e]) != MPI_SUCCESS) times[e * reps + k] = -1;
        }
        t.after[e * reps + k] = r.entries[e].name;
      } else if (j > 0 && before_random) {
        t.after[e * reps + k] = r.entries[order[j - 1]].name;
      } else if (!before_random) {
        t.after[e * reps + k] = "idle";
      }
      r.pause();
      MPI_Barrier(r.comm);
      const double t0 = MPI_Wtime();
      const int rc = r.run(r.entries[e]);
      const double took = MPI_Wtime() - t0;
      if (times[e * reps + k] >= 0) times[e * reps + k] = rc == MPI_SUCCESS ? took : -1;  // reported below, on every rank alike
    }
  }
  MPI_Allreduce(times.data(), t.slowest.data(), int(times.size()), MPI_DOUBLE, MPI_MAX, r.comm);
  int failed = *std::min_element(times.begin(), times.end()) < 0 ? 1 : 0, any_failed = 0;
  MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, r.comm);
  if (any_failed) throw RunError(r.what() + ": an MPI call failed");
  return t;
}

// The case's rows: every entry's median and repetitions, with auto as the shim settled on it.
bench::Case case_rows(const CaseRun& r, const Candidate& chosen, const Warmup& w, Timings t) {
  bench::Case c{.op = r.op, .procs = r.size, .root = r.opt.root, .bytes = r.bytes,
                .auto_algorithm = std::string(chosen.algorithm->name),
                .warmup_auto_calls = w.auto_calls, .warmup_other_calls = w.other_calls,
                .warmup_seconds = w.seconds};
  double auto_predicted_us = chosen.predicted_seconds * 1e6;
  if (r.opt.auto_mode == "shim") {
    // What the shim settled on, as it reports it on this rank (every rank runs the same).
    char name[64] = {};
    double predicted_us = -1;
    if (LastChoiceFn last = shim_last_choice(); last && last(std::string(to_string(r.op)).c_str(), name, sizeof name, &predicted_us) == 0) {
      c.auto_algorithm = name;
      auto_predicted_us = predicted_us;
    }
  }
  const std::size_t reps = std::size_t(r.opt.reps);
  for (std::size_t e = 0; e < r.entries.size(); ++e) {
    const auto first = std::ptrdiff_t(e * reps), last = std::ptrdiff_t((e + 1) * reps);
    std::vector<double> mine(t.slowest.begin() + first, t.slowest.begin() + last);
    std::vector<double> rep_us(mine.size());
    std::transform(mine.begin(), mine.end(), rep_us.begin(), [](double s) { return s * 1e6; });
    c.rows.push_back({r.entries[e].name, bench::median(std::move(mine)) * 1e6,
                      r.entries[e].intercepted ? auto_predicted_us : r.entries[e].candidate->predicted_seconds * 1e6,
                      std::move(rep_us), std::vector<std::string>(t.after.begin() + first, t.after.begin() + last)});
  }
  return c;
}

// --auto-cold: what a job pays on its first run. On a communicator of its own, which the shim has
// never seen (its state is kept per communicator and not copied by MPI_Comm_dup), native runs
// opt.cold_calls calls back to back, then auto as many through the plain MPI_ call, every call
// timed from the shape's very first: the shim's decision, its verification and the audit of its
// verdict are all in auto's time. After the warm rows, the oracle (the fastest entry measured
// warm) runs as many calls the same way: what the best algorithm, known from the first call,
// would have cost in the same sequence. Each run starts with the links at rest (kColdRest), as at
// a job's start: on shaped links a run right after another finds the token buckets it drained.
// Each call follows a barrier; its time is the slowest rank's; a row's time is the mean of its
// calls (a job's time is their sum). The result of the last call of each is checked.
// `explored`: auto's calls spent measuring (collsel_exploring, on rank 0).
struct ColdRun {
  bench::Row native, automatic;
  std::string auto_algorithm;
  int explored = 0;
  double setup_us = -1;  // the shim's set-up of the fresh communicator (slowest rank); -1: no shim
};

constexpr auto kColdRest = std::chrono::milliseconds(200);

// One cold run of entry e on r's communicator: opt.cold_calls calls, the row `name`. Counts in
// *exploring_after the calls after which the shim said it was still measuring (intercepted e).
bench::Row run_cold(const Options& opt, CaseRun& r, const Entry& e, const char* name, int* exploring_after) {
  const ExploringFn exploring = shim_exploring();
  const std::string op_name(to_string(r.op));
  const std::size_t n = std::size_t(opt.cold_calls);
  std::vector<double> mine(n), slowest(n);
  r.work.prepare();
  MPI_Barrier(r.comm);
  std::this_thread::sleep_for(kColdRest);
  int rc = MPI_SUCCESS;
  for (std::size_t k = 0; k < n; ++k) {
    MPI_Barrier(r.comm);
    const double t0 = MPI_Wtime();
    const int rc_k = r.run(e);
    mine[k] = MPI_Wtime() - t0;
    if (rc == MPI_SUCCESS) rc = rc_k;
    if (e.intercepted && exploring && exploring_after && exploring(op_name.c_str()) == 1) ++*exploring_after;
  }
  int ok = rc == MPI_SUCCESS && r.work.check() ? 1 : 0, all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, r.comm);
  if (!all) throw RunError(r.what() + ": " + name + " (cold) produced a wrong result or an MPI error");
  MPI_Allreduce(mine.data(), slowest.data(), int(n), MPI_DOUBLE, MPI_MAX, r.comm);
  bench::Row row{name, 0, e.candidate->predicted_seconds * 1e6, {}, {}};
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    sum += slowest[k];
    row.rep_us.push_back(slowest[k] * 1e6);
    row.rep_after.push_back(k == 0 ? "" : name);
  }
  row.measured_us = sum / double(n) * 1e6;
  return row;
}

// A communicator of the case's own (a duplicate starts without the shim's state).
struct CaseComm {
  MPI_Comm comm = MPI_COMM_NULL;
  explicit CaseComm(MPI_Comm parent) { MPI_Comm_dup(parent, &comm); }
  ~CaseComm() { MPI_Comm_free(&comm); }
  CaseComm(const CaseComm&) = delete;
  CaseComm& operator=(const CaseComm&) = delete;
};

// `auto_first`: auto runs before native (odd runs of --cold-runs, so neither always runs first).
ColdRun measure_cold(const Options& opt, CaseRun& warm, const Entry* native, const Candidate& chosen, MPI_Comm parent,
                     bool auto_first) {
  const CaseComm cold_comm(parent);
  // The shim sets up a communicator once (its private duplicate, its ranks' places): a job pays
  // that once, not per shape, so it is timed here, apart from the shape's calls.
  double setup_us = -1;
  if (const PrepareCommFn prepare = shim_prepare_comm()) {
    MPI_Barrier(cold_comm.comm);
    const double t0 = MPI_Wtime();
    const int prepared = prepare(cold_comm.comm);
    double mine = MPI_Wtime() - t0, slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, cold_comm.comm);
    if (prepared == 0) setup_us = slowest * 1e6;
  }
  CaseRun r{.opt = warm.opt, .comm = cold_comm.comm, .work = warm.work, .entries = {}, .op = warm.op,
            .bytes = warm.bytes, .size = warm.size};
  const Entry automatic{"auto", &chosen, true};
  const std::string op_name(to_string(r.op));
  ColdRun cold;
  cold.setup_us = setup_us;
  int exploring_after = 0;
  // Not where native is a known defect.
  if (native && !auto_first) cold.native = run_cold(opt, r, *native, "native_cold", nullptr);
  cold.automatic = run_cold(opt, r, automatic, "auto_cold", &exploring_after);
  if (native && auto_first) cold.native = run_cold(opt, r, *native, "native_cold", nullptr);
  // The exploration is a prefix of auto's calls: after all of them but its last the shim says so.
  // (Still exploring after the last call: every call was.)
  cold.explored = exploring_after > 0 ? std::min(exploring_after + 1, opt.cold_calls) : 0;
  cold.auto_algorithm = std::string(chosen.algorithm->name);
  char name[64] = {};
  double predicted_us = -1;
  if (LastChoiceFn last = shim_last_choice(); last && last(op_name.c_str(), name, sizeof name, &predicted_us) == 0) {
    cold.auto_algorithm = name;
    cold.automatic.predicted_us = predicted_us;
  }
  // A shape still measured after its last cold call has settled on nothing yet: its last call ran
  // a candidate of the measurement.
  if (const ExploringFn exploring = shim_exploring(); exploring && exploring(op_name.c_str()) == 1)
    cold.auto_algorithm = "measuring (" + cold.auto_algorithm + ")";
  return cold;
}

// --cold-runs: of runs, the one whose `row` is the median (the lower of two middle ones), so that
// its calls, exploration and verdict are one run's.
template <class Run, class RowOf>
const Run& median_run(const std::vector<Run>& runs, RowOf row) {
  std::vector<const Run*> order;
  for (const Run& run : runs) order.push_back(&run);
  std::stable_sort(order.begin(), order.end(),
                   [&](const Run* a, const Run* b) { return row(*a).measured_us < row(*b).measured_us; });
  return *order[(order.size() - 1) / 2];
}

// The cold runs of a case, opt.cold_runs of each on fresh communicators: native's median run and
// auto's median run (with its exploration and verdict).
ColdRun measure_cold_runs(const Options& opt, CaseRun& warm, const Entry* native, const Candidate& chosen,
                          MPI_Comm parent) {
  std::vector<ColdRun> runs;
  for (int k = 0; k < opt.cold_runs; ++k) runs.push_back(measure_cold(opt, warm, native, chosen, parent, k % 2 == 1));
  ColdRun cold = median_run(runs, [](const ColdRun& c) -> const bench::Row& { return c.automatic; });
  cold.native = median_run(runs, [](const ColdRun& c) -> const bench::Row& { return c.native; }).native;
  return cold;
}

// The oracle's cold run (after the warm rows, which name it): its entry on a communicator of its
// own, or native's cold row again where native is the fastest (it ran so already).
bench::Row measure_cold_oracle(const Options& opt, CaseRun& warm, const bench::Case& c, MPI_Comm parent) {
  const bench::CaseSummary s = bench::summarize(c);
  bench::Row row;
  const auto cold_native = std::find_if(c.cold_rows.begin(), c.cold_rows.end(),
                                        [](const bench::Row& x) { return x.algorithm == "native_cold"; });
  const auto entry = std::find_if(warm.entries.begin(), warm.entries.end(), [&](const Entry& e) {
    return s.fastest && !e.intercepted && e.name == s.fastest->algorithm;
  });
  if (!s.fastest || entry == warm.entries.end()) return row;  // no oracle: no row
  if (entry->name == "native") {
    if (cold_native == c.cold_rows.end()) return row;
    row = *cold_native;
    row.algorithm = "oracle_cold";
    std::replace(row.rep_after.begin(), row.rep_after.end(), std::string("native_cold"), std::string("oracle_cold"));
    return row;
  }
  const CaseComm cold_comm(parent);
  CaseRun r{.opt = warm.opt, .comm = cold_comm.comm, .work = warm.work, .entries = {}, .op = warm.op,
            .bytes = warm.bytes, .size = warm.size};
  return run_cold(opt, r, *entry, "oracle_cold", nullptr);
}

bench::Case measure(const Options& opt, const Setup& setup, Collective op, std::size_t bytes,
                    const std::vector<std::string>& only, MPI_Comm parent, int rank, int size) {
  // Each case on a communicator of its own: the preloaded shim keeps its decisions, and a decided
  // native of scatterv/gatherv holds for the next calls of its (communicator, op, root) whatever
  // their counts (v_native_recheck), so on one communicator the second size of a v-variant was
  // still held native, then verified during the timed repetitions. A fresh communicator starts
  // every shape as an application's first calls of it would.
  const CaseComm case_comm(parent);
  bench::Workload work(op, bytes, size, rank, opt.root);
  const CallShape shape = work.shape();
  DecisionRequest request{.shape = shape, .cost = setup.model.get(), .native = &setup.file.native,
                          .op_commutative = true, .segment_bytes = opt.segment_bytes, .margin = kShimMargin};
  const Capabilities caps = shim_capabilities(setup, shape);
  const RankedChoice ranked = choose(request, caps);
  CaseRun r{.opt = opt, .comm = case_comm.comm, .work = work,
            .entries = case_entries(opt, ranked, caps, only, op, bytes, rank), .op = op, .bytes = bytes, .size = size};
  std::optional<ColdRun> cold;
  if (opt.auto_cold) {
    // Before anything else of this shape reaches the shim (auto's predicted time: the model's choice).
    const auto native = std::find_if(r.entries.begin(), r.entries.end(), [](const Entry& e) { return e.name == "native"; });
    cold = measure_cold_runs(opt, r, native != r.entries.end() ? &*native : nullptr, ranked.best(), parent);
  }
  check_entries(r);
  const Warmup w = warm_up_auto(r);
  bench::Case c = case_rows(r, ranked.best(), w, timed_repetitions(r));
  if (cold) {
    if (!cold->native.algorithm.empty()) c.cold_rows.push_back(std::move(cold->native));
    c.cold_rows.push_back(std::move(cold->automatic));
    c.cold_auto_algorithm = cold->auto_algorithm;
    c.cold_explored_calls = cold->explored;
    c.cold_setup_us = cold->setup_us;
    std::vector<bench::Row> oracle_runs;
    for (int k = 0; k < opt.cold_runs; ++k) oracle_runs.push_back(measure_cold_oracle(opt, r, c, parent));
    if (bench::Row oracle = median_run(oracle_runs, [](const bench::Row& x) -> const bench::Row& { return x; });
        !oracle.algorithm.empty())
      c.cold_rows.push_back(std::move(oracle));
    c.cold_runs = opt.cold_runs;
  }
  return c;
}

// --kinds-csv: how every model kind in the file predicts every candidate of the measured shapes
// (rank 0 alone: the decisions need no communication), so a run can report each kind's error
// against the very same measurements (op,procs,root,bytes,algorithm,kind,predicted_us). The
// schedules are the ones measured — built with the bench's model, as the shim builds them — and
// each kind costs them: trees by UCS/BFS/DFS and bbs's frames depend on the model that builds them,
// and a kind's prediction of a schedule it would have built otherwise is no error of that schedule.
void write_kinds_csv(const Options& opt, const Setup& setup, const std::vector<bench::Case>& cases) {
  struct Shape {
    const bench::Case* c;
    std::vector<std::size_t> blocks;
    std::vector<Candidate> candidates;  // what was measured: built with setup.model
  };
  std::vector<Shape> shapes;
  for (const bench::Case& c : cases) {
    Shape s{.c = &c, .blocks = bench::uneven_blocks(c.bytes, c.procs), .candidates = {}};
    const CallShape shape = bench::call_shape(c.op, c.bytes, c.procs, c.root, s.blocks);
    DecisionRequest request{.shape = shape, .cost = setup.model.get(), .native = &setup.file.native,
                            .op_commutative = true, .segment_bytes = opt.segment_bytes, .margin = kShimMargin};
    const Capabilities caps = shim_capabilities(setup, shape);
    for (Candidate& k : choose(request, caps).decision.candidates)
      if (caps.runs(k.schedule)) s.candidates.push_back(std::move(k));
    shapes.push_back(std::move(s));
  }
  bench::write_text_file(opt.kinds_csv, "op,procs,root,bytes,algorithm,kind,predicted_us\n", [&](std::ostream& out) {
    for (const char* kind : {"hockney", "lmo", "plogp", "loggp"}) {
      const P2PModel* base = setup.file.model(kind);
      if (!base) continue;
      MappedModel model(*base, setup.file.cluster, setup.placement);
      if (setup.channels) model.set_channels(&*setup.channels);
      for (const Shape& s : shapes) {
        const bench::Case& c = *s.c;
        const CallShape shape = bench::call_shape(c.op, c.bytes, c.procs, c.root, s.blocks);
        const auto row = [&](std::string_view algorithm, double seconds) {
          char us[32];
          std::snprintf(us, sizeof us, "%.3f", seconds * 1e6);  // as --csv
          out << to_string(c.op) << ',' << c.procs << ',' << c.root << ',' << c.bytes << ',' << algorithm << ','
              << kind << ',' << us << '\n';
        };
        for (const Candidate& k : s.candidates)
          row(k.algorithm->name, predict_as_run(k.schedule, shape, model, &setup.file.native));
        // What no algorithm can beat under this model (collsel/bounds.hpp), as the pseudo-algorithm "bound".
        row("bound", bandwidth_bound(shape, model));
      }
    }
  });
  std::printf("wrote %s (every model kind's predictions)\n", opt.kinds_csv.c_str());
}

// Shell-quotes a path for std::system.
std::string quoted(const std::string& s) {
  std::string r = "'";
  for (char ch : s) r += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return r + "'";
}

// With --csv - (or --csv alone): the descriptor of the original standard output, where the CSV
// goes; the human-readable output then goes to standard error.
int g_csv_fd = -1;

void write_outputs(const Options& opt, const std::vector<bench::Case>& cases) {
  if (!opt.raw_csv.empty()) {
    bench::write_raw_csv(opt.raw_csv, cases);
    std::printf("wrote %s (every repetition's time)\n", opt.raw_csv.c_str());
  }
  if (opt.csv.empty()) return;
  if (opt.csv == "-") {  // standard output, which main() kept aside for it
    bench::write_csv("/dev/fd/" + std::to_string(g_csv_fd), cases);
    return;
  }
  const std::filesystem::path csv(opt.csv);
  bench::write_csv(csv, cases);
  std::filesystem::path gp = csv;
  gp += ".gp";
  std::filesystem::path svg_name = csv.filename();
  svg_name += ".svg";
  bench::write_gnuplot(gp, svg_name.string(), cases);
  std::printf("\nwrote %s and its gnuplot script %s\n", csv.string().c_str(), gp.string().c_str());
  if (std::system("gnuplot --version >/dev/null 2>&1") != 0) {
    std::printf("gnuplot not found: render the plot with  cd %s && gnuplot %s\n",
                quoted(std::filesystem::absolute(csv).parent_path().string()).c_str(),
                gp.filename().string().c_str());
    return;
  }
  const std::string cmd = "cd " + quoted(std::filesystem::absolute(csv).parent_path().string()) + " && gnuplot " +
                          quoted(gp.filename().string()) + " 2>&1";
  if (std::system(cmd.c_str()) == 0) {
    std::filesystem::path svg = csv;
    svg += ".svg";
    std::printf("wrote the plot %s\n", svg.string().c_str());
  } else {
    std::printf("warning: gnuplot failed on %s (the CSV and the script are written)\n", gp.string().c_str());
  }
}

// --auto detect becomes shim or model (every rank must agree, or the intercepted calls would not
// match); --auto shim and --auto-cold need libcollsel.so preloaded on every rank. False: a usage
// error, reported on rank 0.
bool resolve_auto(Options& resolved, MPI_Comm comm, int rank) {
  int here = shim_last_choice() ? 1 : 0, everywhere = 0;
  MPI_Allreduce(&here, &everywhere, 1, MPI_INT, MPI_MIN, comm);
  if (resolved.auto_mode == "detect") resolved.auto_mode = everywhere ? "shim" : "model";
  if (resolved.auto_mode == "shim" && !everywhere) {
    if (rank == 0) std::fprintf(stderr, "%s: --auto shim: libcollsel.so is not preloaded on every rank\n", kProgram);
    return false;
  }
  if (resolved.auto_cold && resolved.auto_mode != "shim") {
    if (rank == 0)
      std::fprintf(stderr, "%s: --auto-cold times the preloaded shim's first calls: it needs --auto shim (libcollsel.so preloaded)\n",
                   kProgram);
    return false;
  }
  return true;
}

int run(const Options& opt, MPI_Comm comm, int rank, int size) {
  // Options: checked identically on every rank, reported once.
  std::vector<Collective> ops;
  std::vector<std::size_t> sizes;
  std::vector<std::string> only;
  std::vector<std::pair<Collective, std::size_t>> left_out;  // shapes int counts cannot describe
  std::string error;
  try {
    for (const std::string& name : split(opt.ops_list)) {
      const auto op = parse_collective(name);
      if (!op)
        throw UsageError("unknown op '" + name + "' in --ops (expected bcast, reduce, scatter, gather, scatterv or gatherv)");
      ops.push_back(*op);
    }
    sizes = parse_size_list(opt.bytes_list, "--bytes", 1);
    if (opt.root < 0 || opt.root >= size)
      throw UsageError("--root " + std::to_string(opt.root) + " is not a rank of " + std::to_string(size) + " processes");
    if (opt.reps < 1) throw UsageError("--reps must be at least 1");
    if (opt.algorithms != "all")
      for (const std::string& name : split(opt.algorithms)) {
        if (!find_algorithm(name)) {
          std::string known;
          for (const AlgorithmInfo& a : algorithms()) known += (known.empty() ? "" : ", ") + std::string(a.name);
          throw UsageError("unknown algorithm '" + name + "' in --algorithms (expected all or some of: " + known + ")");
        }
        only.push_back(name);
      }
    // A shape whose buffers int counts cannot describe is left out with a note (at 1024 processes
    // the v-variants' 2 x 1 MB blocks already pass INT_MAX bytes); only nothing left is an error.
    std::string last_problem;
    for (Collective op : ops)
      for (std::size_t b : sizes) try {
          bench::check_size(op, b, size);
        } catch (const std::invalid_argument& e) {
          left_out.emplace_back(op, b);
          last_problem = e.what();
          if (rank == 0) std::printf("note: %s: not measured\n", e.what());
        }
    if (left_out.size() == ops.size() * sizes.size()) throw UsageError(last_problem);
    // Fail before measuring, not after, when the CSV cannot be written.
    if (rank == 0 && !opt.csv.empty() && opt.csv != "-" && !std::ofstream(opt.csv))
      throw UsageError("--csv " + opt.csv + ": cannot open for writing (" + std::strerror(errno) + ")");
    if (rank == 0 && !opt.kinds_csv.empty() && !std::ofstream(opt.kinds_csv))
      throw UsageError("--kinds-csv " + opt.kinds_csv + ": cannot open for writing (" + std::strerror(errno) + ")");
    if (rank == 0 && !opt.raw_csv.empty() && !std::ofstream(opt.raw_csv))
      throw UsageError("--raw-csv " + opt.raw_csv + ": cannot open for writing (" + std::strerror(errno) + ")");
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!all_ok(error, comm)) return 2;

  Setup setup;
  if (!load(opt, comm, size, setup).empty()) return 2;
  Options resolved = opt;
  if (!resolve_auto(resolved, comm, rank)) return 2;
  if (rank == 0)
    std::printf("%s: %d processes, root %d, model %s from %s%s, %d repetitions%s, auto = %s\n", kProgram, size,
                opt.root, std::string(setup.model->kind()).c_str(), opt.model_path.c_str(),
                opt.placement == "model" ? " (placed on the model's cluster)" : "", opt.reps,
                regime_note(opt).c_str(),
                resolved.auto_mode == "shim" ? "the preloaded shim (plain MPI_ calls)" : "the model's choice");

  std::vector<bench::Case> cases;
  for (Collective op : ops)
    for (std::size_t bytes : sizes) {
      if (std::find(left_out.begin(), left_out.end(), std::pair{op, bytes}) != left_out.end()) continue;
      cases.push_back(measure(resolved, setup, op, bytes, only, comm, rank, size));
      if (rank == 0) {
        bench::print_case(stdout, cases.back());
        std::fflush(stdout);
      }
    }
  error.clear();
  if (rank == 0) {
    bench::print_summary(stdout, cases, opt.reps);
    try {
      write_outputs(opt, cases);
      if (!opt.kinds_csv.empty()) write_kinds_csv(opt, setup, cases);
    } catch (const std::exception& e) {
      error = e.what();
    }
    std::fflush(stdout);
  }
  return all_ok(error, comm) ? 0 : 2;
}

// The command line (docs/bench.md; the names shared with the other tools: docs/settings.md, "Tools").
void add_options(CLI::App& app, Options& opt, collsel::tools::DeprecatedAliases& aliases) {
  using collsel::tools::OptionSpec;
  app.set_version_flag("--version", collsel::version_line(kProgram), "print the version and the MPI library, then exit");
  const OptionSpec options[] = {
      {.names = "--model", .value = &opt.model_path, .help = "model file (TOML, written by collsel-calibrate)",
       .required = true},
      {.names = "--ops,--op",
       .value = &opt.ops_list,
       .help = "comma-separated collectives: bcast, reduce, scatter, gather, scatterv, gatherv (--ops and --op are "
               "one option, as in collsel-predict)",
       .required = true},
      {.names = "--bytes",
       .value = &opt.bytes_list,
       .help = "comma-separated sizes: bcast/reduce the whole message, scatter/gather one rank's block, the "
               "v-variants the mean block (K, M, G = powers of 1024), e.g. 1K,64K,1M",
       .required = true},
      {.names = "--algorithms",
       .value = &opt.algorithms,
       .help = "all, or a comma-separated list of registry algorithms (native and auto are always measured)"},
      {.names = "--root", .value = &opt.root, .help = "root rank (default 0)"},
      {.names = "--csv",
       .value = &opt.csv,
       .help = "write the results as CSV to FILE, its gnuplot script to FILE.gp and, if gnuplot is installed, the "
               "plot to FILE.svg; without FILE or with -: the CSV alone on standard output (the rest of the output "
               "then goes to standard error)",
       .optional_file = true},
      {.names = "--reps", .value = &opt.reps, .help = "timed repetitions of every algorithm (default 15)"},
      {.names = "--kinds-csv",
       .value = &opt.kinds_csv,
       .help = "also write every model kind's prediction of every measured candidate to FILE "
               "(op,procs,root,bytes,algorithm,kind,predicted_us), and its bandwidth bound (algorithm 'bound')"},
      {.names = "--raw-csv",
       .value = &opt.raw_csv,
       .help = "also write every repetition's time to FILE (op,procs,root,bytes,algorithm,rep,after,measured_us; "
               "after = the entry timed just before it in that repetition)"},
      collsel::tools::p2p_model_option(opt.model_kind, "the file's preferred model, as the shim"),
      collsel::tools::segment_bytes_option(
          opt.segment, "(default: auto, the model's choice per call, as the shim); it shapes the schedules the "
                       "bench builds (the algorithms' rows, --auto model); a preloaded shim takes its own setting "
                       "(COLLSEL_<OP>_SEGMENT_BYTES)"),
  };
  collsel::tools::add_options(app, options);
  collsel::tools::add_model_kind_alias(app, aliases, opt.model_kind);
  const OptionSpec measuring[] = {
      {.names = "--auto",
       .value = &opt.auto_mode,
       .help = "shim: auto is the preloaded libcollsel.so running the plain MPI_ call (its measured verification "
               "included); model: the shim's model choice run by the executors; detect (default): shim when "
               "libcollsel.so is preloaded",
       .check = CLI::IsMember({"detect", "shim", "model"})},
      {.names = "--auto-warmup",
       .value = &opt.auto_warmup,
       .help = "with --auto shim: untimed calls before auto is timed, so the shim has settled: at least this many, "
               "and on while the shim still measures the shape (its verification and the audit of the verdict; "
               "collsel_exploring), by at most 2560 more; 0: none",
       .check = CLI::Range(0, 100000)},
      {.names = "--auto-cold",
       .value = &opt.auto_cold,
       .help = "with --auto shim: also time what a job pays on its first run: per case, on a communicator the shim "
               "has never seen, --cold-calls calls of native, then as many of auto from the shape's first call (its "
               "verification and audit included), each timed; rows native_cold and auto_cold (mean per call)"},
      {.names = "--cold-calls",
       .value = &opt.cold_calls,
       .help = "with --auto-cold: the calls of each cold run (default 50)",
       .check = CLI::Range(1, 100000)},
      {.names = "--cold-runs",
       .value = &opt.cold_runs,
       .help = "with --auto-cold: each cold row this many times, every run on a communicator of its own, auto "
               "before native in every other; each row is its median run (default 1)",
       .check = CLI::Range(1, 1000)},
      {.names = "--before",
       .value = &opt.before,
       .help = "what runs just before each timed call: random (default: another entry, in a carryover-balanced "
               "order), self (an untimed call of the same entry: back-to-back calls) or idle (a pause of --idle-ms "
               "on every rank: calls between computation); the shim's warm-up follows the same rule",
       .check = CLI::IsMember({"random", "self", "idle"})},
      {.names = "--warmup-between",
       .value = &opt.warmup_between,
       .help = "with --before random: what runs between two of auto's warm-up calls: one (default: another entry "
               "drawn at random) or all (every other entry once, shuffled, as between two timed calls of auto, so "
               "the shim's audit judges the regime that is timed; one call of every entry per warm-up call)",
       .check = CLI::IsMember({"one", "all"})},
      {.names = "--before-calls",
       .value = &opt.before_calls,
       .help = "with --before self: untimed calls of the entry just before each timed one (default 1); on "
               "token-bucket links a deep bucket drains over several calls, and more calls approach the steady "
               "state of a loop, which the predictions price",
       .check = CLI::Range(1, 1000)},
      {.names = "--idle-ms",
       .value = &opt.idle_ms,
       .help = "with --before idle: the pause before each timed call (default 50 ms)",
       .check = CLI::Range(0, 60000)},
      {.names = "--placement",
       .value = &opt.placement,
       .help = "host: map ranks to calibrated processes by host name and core, as the shim (default); model: "
               "rank r is calibrated process r mod n (predictions then describe the model's cluster)",
       .check = CLI::IsMember({"host", "model"})},
  };
  collsel::tools::add_options(app, measuring);
}

// After parsing: the deprecated --model-kind (the new name wins), --segment-bytes's value (checked
// when parsed), and --csv - (the CSV alone on standard output, the rest of rank 0's output on
// standard error).
void finish_options(const CLI::App& app, Options& opt, collsel::tools::DeprecatedAliases& aliases, int rank) {
  opt.segment_bytes = collsel::tools::segment_bytes_value(opt.segment);
  for (const std::string& warning : aliases.resolve(app))
    if (rank == 0) std::fprintf(stderr, "%s: warning: %s\n", kProgram, warning.c_str());
  if (rank == 0 && opt.csv == "-") {
    std::fflush(stdout);
    g_csv_fd = dup(STDOUT_FILENO);
    dup2(STDERR_FILENO, STDOUT_FILENO);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (collsel::version_asked(argc, argv)) {  // before MPI_Init: no launcher needed
    std::printf("%s\n", collsel::version_line(kProgram).c_str());
    return 0;
  }
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  Options opt;
  CLI::App app{"Measures every applicable algorithm of MPI collectives, native and the shim's own choice (auto) "
               "side by side and compares them with a collsel model's predictions.",
               kProgram};
  collsel::tools::DeprecatedAliases aliases;
  add_options(app, opt, aliases);

  int code = 0;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      if (rank == 0) app.exit(e);
    } else {
      if (rank == 0) std::fprintf(stderr, "%s: %s (see --help)\n", kProgram, e.what());
      code = 2;
    }
    MPI_Finalize();
    return code;
  }
  finish_options(app, opt, aliases, rank);

  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  try {
    code = run(opt, comm, rank, size);
  } catch (const RunError& e) {
    // Thrown on every rank alike (the checks are agreed collectively); rank 0 reports it.
    if (rank == 0) std::fprintf(stderr, "%s: %s\n", kProgram, e.what());
    code = 1;
  }
  MPI_Comm_free(&comm);
  MPI_Finalize();
  return code;
}

#include "runtime.hpp"

#include <sched.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <cerrno>
#include <filesystem>
#include <iterator>
#include <sstream>

#include "collsel/choose.hpp"
#include "collsel/exec.hpp"
#include "collsel/predict.hpp"
#include "verify.hpp"

namespace collsel::shim {

std::atomic<Runtime*> g_runtime{nullptr};
Runtime* g_retired_runtime = nullptr;  // after MPI_Finalize (runtime_finalize)
std::atomic<std::uint64_t> g_comm_epoch{1};
thread_local CommCacheEntry t_comm_cache __attribute__((tls_model("initial-exec"))) = {MPI_COMM_NULL, 0, nullptr};
bool g_builtin_type_sizes = false;
std::array<std::atomic<const AlgorithmInfo*>, kCollectiveCount> g_api_forced{};
std::atomic<std::uint64_t> g_generation{1};
std::array<std::atomic<const AlgorithmInfo*>, kCollectiveCount> g_last_algorithm{};
std::array<std::atomic<double>, kCollectiveCount> g_last_predicted_us{};

namespace {
constexpr std::size_t kOps = kCollectiveCount;
}  // namespace

void print(const std::string& msg) {
  std::fprintf(stderr, "collsel: %s\n", msg.c_str());
  std::fflush(stderr);
}

void abort_failed_algorithm(const CommState& cs, Collective op, const AlgorithmInfo* algorithm, int rc) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int len = 0;
  PMPI_Error_string(rc, text, &len);
  print(std::string(to_string(op)) + " with " + std::string(algorithm->name) + " failed on rank " +
        std::to_string(cs.rank) + " of " + std::to_string(cs.size) + ": " + std::string(text, std::size_t(len)) +
        "; aborting the job, since the other ranks would wait for this one forever");
  PMPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // PMPI_Abort does not return
}

std::string fmt_us(double us) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", us);
  return b;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Communicator state: a private duplicate cached as an attribute whose delete callback frees it.

int delete_state(MPI_Comm, int, void* value, void*) {
  auto* cs = static_cast<CommState*>(value);
  g_comm_epoch.fetch_add(1, std::memory_order_acq_rel);
  if (cs->priv != MPI_COMM_NULL) PMPI_Comm_free(&cs->priv);
  delete cs;
  return MPI_SUCCESS;
}

CommState* create_state(Runtime& rt, MPI_Comm comm) {
  auto cs = std::make_unique<CommState>();
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  cs->inter = inter != 0;
  if (!cs->inter) {
    PMPI_Comm_dup(comm, &cs->priv);
    PMPI_Comm_size(cs->priv, &cs->size);
    PMPI_Comm_rank(cs->priv, &cs->rank);
    if (rt.model && rt.settings.placement_model) {
      // placement = "model": world rank w runs where calibrated process w mod n ran.
      int world_rank = 0;
      PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
      std::vector<int> world(std::size_t(cs->size), 0);
      PMPI_Allgather(&world_rank, 1, MPI_INT, world.data(), 1, MPI_INT, cs->priv);
      const auto layout = default_placement(rt.model->cluster, *std::max_element(world.begin(), world.end()) + 1);
      cs->placement.resize(std::size_t(cs->size));
      for (int r = 0; r < cs->size; ++r) cs->placement[std::size_t(r)] = layout[std::size_t(world[std::size_t(r)])];
    } else if (rt.model) {
      // Ranks are mapped to calibrated processes by host name (and bound core when known).
      cs->placement = exec::gather_placement(cs->priv);
    }
  }
  cs->generation = g_generation.load(std::memory_order_acquire);
  CommState* raw = cs.release();
  PMPI_Comm_set_attr(comm, rt.keyval, raw);
  return raw;
}

// The model (keyed on this communicator's ranks) that predicts `op`, or null (reported once).
const P2PModel* model_for(Runtime& rt, CommState& cs, Collective op) {
  if (!rt.model || rt.disabled) return nullptr;
  const std::string& want = rt.settings.op(op).model;
  const P2PModel* base = want == "auto" ? rt.model->default_model() : rt.model->model(want);
  if (!base) {
    fallback(rt, &cs, "model file " + rt.settings.model + " has no " + (want == "auto" ? std::string("usable") : want) +
                          " model (" + std::string(to_string(op)) + " runs native)");
    return nullptr;
  }
  const std::string kind(base->kind());
  auto it = cs.mapped.find(kind);
  if (it == cs.mapped.end()) {
    std::unique_ptr<MappedModel> m;
    try {
      m = std::make_unique<MappedModel>(*base, rt.model->cluster, cs.placement);
      if (rt.channels) m->set_channels(&*rt.channels);  // same-host pairs with known cores
    } catch (const std::exception& e) {
      fallback(rt, &cs, "model file " + rt.settings.model + " does not cover this communicator: " + e.what() +
                            " (native on it)");
    }
    it = cs.mapped.emplace(kind, std::move(m)).first;
  }
  return it->second.get();
}

const P2PModel& uniform_model(CommState& cs) {
  // Forcing an algorithm needs no model; its schedule is then built on equal links.
  if (!cs.uniform) {
    cs.uniform = std::make_unique<HockneyModel>(cs.size);
    for (int i = 0; i < cs.size; ++i)
      for (int j = 0; j < cs.size; ++j)
        if (i != j) cs.uniform->set(i, j, 5e-6, 1e-9);
  }
  return *cs.uniform;
}

bool native_broken(const Runtime& rt, Collective op, int procs, int root, std::size_t bytes_max, bool mixed,
                   const NativeDefect** which) {
  for (const NativeDefect* d : rt.defects)
    if (covers(*d, op, procs, root, bytes_max, mixed)) {
      *which = d;
      return true;
    }
  return false;
}

std::string json_escape(std::string_view s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r;
}

}  // namespace

void warn_once(Runtime& rt, bool print_here, const std::string& message) {
  std::lock_guard lock(rt.warn_mu);
  if (!rt.warned.insert(message).second) return;
  if (print_here) print("warning: " + message);
}

void fallback(Runtime& rt, const CommState* cs, const std::string& reason) {
  if (rt.settings.strict) {
    // The reasons end with what happens without strict mode; here it does not happen.
    std::string why = reason;
    for (std::string_view tail : {" — native everywhere", " (native)"})
      if (why.size() >= tail.size() && why.compare(why.size() - tail.size(), tail.size(), tail) == 0)
        why.erase(why.size() - tail.size());
    print("strict mode (COLLSEL_STRICT=1): " + why + "; aborting the job");
    PMPI_Abort(MPI_COMM_WORLD, 1);
  }
  warn_once(rt, cs ? cs->rank == 0 : rt.world_rank == 0, reason);
}

CommState* comm_state_slow(Runtime& rt, MPI_Comm comm) {
  const std::uint64_t epoch = g_comm_epoch.load(std::memory_order_acquire);
  void* value = nullptr;
  int flag = 0;
  if (PMPI_Comm_get_attr(comm, rt.keyval, &value, &flag) != MPI_SUCCESS) return nullptr;
  CommState* cs = flag ? static_cast<CommState*>(value) : create_state(rt, comm);
  t_comm_cache = {comm, epoch, cs};
  return cs;
}

bool v_static_native(const Runtime& rt, Collective op) {
  const OpSettings& os = rt.settings.op(op);
  if (g_api_forced[std::size_t(op)].load(std::memory_order_relaxed)) return false;
  if (rt.disabled) return true;
  return !rt.model && os.algorithm == "auto" && os.rules.empty();
}

LogStats* stats_for(Runtime& rt, Collective op, int comm_size, int root, std::size_t bytes_min,
                    std::size_t bytes_max, const AlgorithmInfo* algorithm, double predicted_us) {
  std::ostringstream k;
  k << int(op) << '/' << comm_size << '/' << root << '/' << bytes_min << '/' << bytes_max << '/' << algorithm->name;
  std::lock_guard lock(rt.log_mu);
  auto& slot = rt.stats[k.str()];
  if (!slot)
    slot.reset(new LogStats{op, comm_size, root, bytes_min, bytes_max, std::string(algorithm->name), predicted_us});
  return slot.get();
}

void record_call(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, const Choice& c,
                 LogStats* stats, double seconds) {
  std::lock_guard lock(rt.log_mu);
  if (stats) {
    ++stats->calls;
    stats->total_seconds += seconds;
  }
  if (rt.settings.log_calls && cs.rank == 0 && rt.call_lines.size() >= kMaxCallRecords) {
    ++rt.call_records_dropped;  // bounded memory: the log says how many were left out
  } else if (rt.settings.log_calls && cs.rank == 0) {
    std::ostringstream l;
    l << "{\"kind\": \"call\", \"op\": \"" << to_string(op) << "\", \"comm_size\": " << cs.size
      << ", \"root\": " << root << ", \"bytes\": " << bytes << ", \"algorithm\": \"" << c.algorithm->name
      << "\", \"predicted_us\": " << fmt_us(c.predicted_us) << ", \"observed_us\": " << fmt_us(seconds * 1e6)
      << ", \"time\": " << fmt_us(PMPI_Wtime()) << "}";
    rt.call_lines.push_back(l.str());
  }
}

// ---------------------------------------------------------------------------------------------
// Deciding.

namespace {

std::unique_ptr<Choice> decide_choice(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes,
                                      std::size_t bmin, std::size_t bmax, int rule, bool commute, bool mixed,
                                      std::span<const std::size_t> blocks) {
  const OpSettings& os = rt.settings.op(op);
  auto choice = std::make_unique<Choice>();
  choice->algorithm = &native_algorithm();
  choice->bytes_min = bmin;
  choice->bytes_max = bmax;
  const std::string where = std::string(to_string(op)) + " on " + std::to_string(cs.size) + " ranks, root " +
                            std::to_string(root) + ", " + std::to_string(bmin) + ".." + std::to_string(bmax) +
                            " bytes";

  // What is forced, by precedence: control API, environment, TOML rules, TOML algorithm.
  std::string forced;
  if (const AlgorithmInfo* a = g_api_forced[std::size_t(op)].load(std::memory_order_acquire)) forced = a->name;
  else if (rt.disabled) forced = "native";
  else if (os.algorithm_from_env && os.algorithm != "auto") forced = os.algorithm;
  else if (rule >= 0) forced = os.rules[std::size_t(rule)].algorithm;
  else if (os.algorithm != "auto") forced = os.algorithm;
  if (forced == "auto") forced.clear();
  // A decision scans O(P²) pairs and a forced algorithm without a model builds P x P matrices: past
  // kMaxDecisionProcs that costs seconds and gigabytes, so such communicators run native.
  if (cs.size > kMaxDecisionProcs && forced != "native") {
    fallback(rt, &cs, "communicators of more than " + std::to_string(kMaxDecisionProcs) + " ranks (" + where +
                          ") are beyond collsel's decision limit (native)");
    forced = "native";
  }

  const P2PModel* model = model_for(rt, cs, op);
  const CallShape shape{.op = op, .procs = cs.size, .root = root, .bytes = bytes, .block_bytes = blocks};
  const NativeDefect* defect = nullptr;
  const bool broken = native_broken(rt, op, cs.size, root, bmax, mixed, &defect);
  Capabilities caps = Capabilities::executor();
  if (broken) caps.native_defect = defect->what;
  auto run_choose = [&](const P2PModel& cost, std::vector<std::string> only) -> std::optional<RankedChoice> {
    DecisionRequest req{.shape = shape, .cost = &cost, .native = model ? &rt.model->native : nullptr,
                        .op_commutative = commute, .segment_bytes = os.segment_bytes, .margin = os.margin,
                        .only = std::move(only), .exclude = os.exclude, .frame_cache = &cs.frame_caches[&cost]};
    try {
      return choose(req, caps);
    } catch (const std::exception& e) {
      fallback(rt, &cs, "cannot decide " + where + ": " + e.what() + " (native)");
      return std::nullopt;
    }
  };
  auto take = [&](const Candidate& k, bool predicted) {
    choice->algorithm = k.algorithm;
    choice->native = k.schedule.kind == ScheduleKind::native;
    choice->predicted_us = predicted ? k.predicted_seconds * 1e6 : -1;
    choice->schedule = k.schedule;
  };

  // choose() already keeps a broken native out of an automatic choice; forced and model-less
  // choices are native first and replaced below.
  std::optional<RankedChoice> r;
  bool avoided = false;
  if (!forced.empty() && forced != "native") {
    r = run_choose(model ? *model : uniform_model(cs), {forced});
    if (r && r->best().algorithm->name == forced) take(r->best(), model != nullptr);
    else if (r) fallback(rt, &cs, "forced algorithm " + forced + " cannot run " + where +
                                      (op == Collective::reduce && !commute ? " with a non-commutative op" : "") +
                                      " (native)");
    if (choice->native) r.reset();
  } else if (forced.empty() && model) {
    if ((r = run_choose(*model, {}))) {
      take(r->best(), true);
      avoided = r->native_avoided;
    }
  } else if (model && forced == "native") {
    // Forced native keeps its prediction when a model exists.
    if (auto n = run_choose(*model, {"native"})) take(n->decision.candidates.front(), true);
  }

  // Native known broken here: run the best other schedule (never native), whatever was asked.
  if (choice->native && broken) {
    if (forced == "native" && !rt.disabled)
      fallback(rt, &cs, "native cannot be forced for " + where + ": " + std::string(defect->what));
    if (!r) r = run_choose(model ? *model : uniform_model(cs), {});
    if (r) take(r->best(), model != nullptr);
    avoided = true;
  }
  if (avoided)
    warn_once(rt, cs.rank == 0,
              std::string(defect->what) + ": " + where + " runs " + std::string(choice->algorithm->name) +
                  " instead of native");

  // The model decided (nothing forced): measure its best candidates on the first calls.
  if (forced.empty() && model && r) {
    std::vector<char> runs(r->decision.candidates.size(), 0);
    for (std::size_t i : r->runnable) runs[i] = 1;
    auto runnable = [&](const Candidate& k) { return runs[std::size_t(&k - r->decision.candidates.data())] != 0; };
    plan_verification(rt, *choice, r->decision, !broken, runnable);
  }

  if (rt.settings.verbose && cs.rank == 0)
    print(where + ": " + std::string(choice->algorithm->name) +
          (choice->predicted_us >= 0 ? " (predicted " + fmt_us(choice->predicted_us) + " us)" : ""));
  if (rt.logging)
    choice->stats = stats_for(rt, op, cs.size, root, bmin, bmax, choice->algorithm, choice->predicted_us);
  return choice;
}

int matching_rule(const OpSettings& os, std::size_t bytes) {
  for (std::size_t i = 0; i < os.rules.size(); ++i)
    if (bytes >= os.rules[i].min_bytes && bytes <= os.rules[i].max_bytes) return int(i);
  return -1;
}

}  // namespace

Choice* lookup_or_decide(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes,
                         bool commute, bool mixed, std::span<const std::size_t> blocks) {
  const OpSettings& os = rt.settings.ops[std::size_t(op)];
  const int bucket = size_bucket(bytes);
  const int rule = os.rules.empty() ? -1 : matching_rule(os, bytes);
  const std::uint64_t key = choice_key(op, root, bytes, commute, mixed, rule);
  std::lock_guard lock(cs.mu);
  const std::uint64_t gen = g_generation.load(std::memory_order_acquire);
  if (gen != cs.generation) [[unlikely]] {  // the control API changed a forced algorithm
    cs.last.store(nullptr, std::memory_order_release);
    cs.cache.clear();
    cs.vcache.clear();
    cs.generation = gen;
  }
  if (auto it = cs.cache.find(key); it != cs.cache.end()) {
    cs.last.store(it->second.get(), std::memory_order_release);
    return it->second.get();
  }
  const std::size_t bmin = bucket == 0 ? 0 : std::size_t(1) << (bucket - 1);
  const std::size_t bmax = bucket == 0 ? 0 : bucket >= 64 ? std::size_t(-1) : (std::size_t(1) << bucket) - 1;
  auto c = decide_choice(rt, cs, op, root, bytes, bmin, bmax, rule, commute, mixed, blocks);
  c->key = key;
  c->generation = gen;
  Choice* raw = cs.cache.emplace(key, std::move(c)).first->second.get();
  cs.last.store(raw, std::memory_order_release);
  return raw;
}

const Schedule* v_schedule(Runtime& rt, CommState& cs, Collective op, int root, const AlgorithmInfo* algorithm,
                           std::span<const std::size_t> blocks) {
  std::lock_guard lock(cs.mu);
  for (auto& v : cs.vcache)
    if (v.op == op && v.root == root && v.algorithm == algorithm)
      if (std::equal(v.blocks.begin(), v.blocks.end(), blocks.begin(), blocks.end())) return &v.schedule;
  const P2PModel* model = model_for(rt, cs, op);
  const CallShape shape{.op = op, .procs = cs.size, .root = root, .bytes = 0, .block_bytes = blocks};
  Schedule s;
  try {
    s = algorithm->build(BuildContext{model ? *model : uniform_model(cs), shape, rt.settings.op(op).segment_bytes});
  } catch (const std::exception& e) {
    // Every rank builds from the same data, so every rank fails alike.
    fallback(rt, &cs, std::string(to_string(op)) + ": cannot build " + std::string(algorithm->name) + ": " + e.what());
    return nullptr;
  }
  auto it = std::find_if(cs.vcache.begin(), cs.vcache.end(), [&](const CommState::VSchedule& v) {
    return v.op == op && v.root == root && v.algorithm == algorithm;
  });
  if (it == cs.vcache.end()) {
    cs.vcache.push_back({op, root, algorithm, {}, {}});
    it = cs.vcache.end() - 1;
  }
  it->blocks.assign(blocks.begin(), blocks.end());
  it->schedule = std::move(s);
  return &it->schedule;
}

// ---------------------------------------------------------------------------------------------
// Datatype class.

namespace {

bool pair_type(MPI_Datatype t) {
  // The predefined pair types of MINLOC/MAXLOC: structs of two basic types.
  return t == MPI_FLOAT_INT || t == MPI_DOUBLE_INT || t == MPI_LONG_INT || t == MPI_SHORT_INT ||
         t == MPI_LONG_DOUBLE_INT;
}

struct Envelope {
  int ints = 0, addrs = 0, types = 0, combiner = MPI_COMBINER_NAMED;
  bool ok = true;  // false: not describable with int counts (a large-count type)
};
Envelope envelope(MPI_Datatype t) {
  Envelope e;
  e.ok = PMPI_Type_get_envelope(t, &e.ints, &e.addrs, &e.types, &e.combiner) == MPI_SUCCESS;
  return e;
}

// Collects distinct basic types of a type signature (walks the type constructors; stops at two).
// A type that cannot be walked counts as mixed, which only makes the shim avoid a broken native.
void basic_types(MPI_Datatype t, std::vector<MPI_Datatype>& out) {
  const Envelope e = envelope(t);
  if (!e.ok) {
    out.insert(out.end(), {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL});
    return;
  }
  if (e.combiner == MPI_COMBINER_NAMED) {
    if (pair_type(t)) out.insert(out.end(), {MPI_INT, t});
    else if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    return;
  }
  std::vector<int> ints(std::size_t(e.ints) + 1);
  std::vector<MPI_Aint> addrs(std::size_t(e.addrs) + 1);
  std::vector<MPI_Datatype> types(std::size_t(e.types) + 1);
  PMPI_Type_get_contents(t, e.ints, e.addrs, e.types, ints.data(), addrs.data(), types.data());
  for (int i = 0; i < e.types; ++i) {
    MPI_Datatype sub = types[std::size_t(i)];
    if (out.size() < 2) basic_types(sub, out);
    // Derived types returned by get_contents are new handles the caller frees.
    if (envelope(sub).combiner != MPI_COMBINER_NAMED) PMPI_Type_free(&sub);
  }
}

}  // namespace

bool mixed_signature_slow(Runtime& rt, MPI_Datatype t) {
#if defined(MPICH)
  // A predefined type (MPICH handle kind 1) needs no walk.
  if ((static_cast<unsigned>(t) >> 30) == 1u) return pair_type(t);
#endif
  const bool derived = envelope(t).combiner != MPI_COMBINER_NAMED;
  void* value = nullptr;
  int flag = 0;
  if (derived && PMPI_Type_get_attr(t, rt.type_keyval, &value, &flag) == MPI_SUCCESS && flag)
    return reinterpret_cast<std::intptr_t>(value) == 2;
  std::vector<MPI_Datatype> basics;
  basic_types(t, basics);
  const bool mixed = basics.size() > 1;
  if (derived)  // attributes cannot be set on predefined types
    PMPI_Type_set_attr(t, rt.type_keyval, reinterpret_cast<void*>(std::intptr_t(mixed ? 2 : 1)));
  return mixed;
}

// ---------------------------------------------------------------------------------------------
// Start and end.

void runtime_init() {
  if (g_runtime.load()) return;
  auto rt = std::make_unique<Runtime>();
  PMPI_Comm_rank(MPI_COMM_WORLD, &rt->world_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &rt->world_size);
  rt->settings = load_settings();
  const bool lead = rt->world_rank == 0;
  Settings& s = rt->settings;
  for (const auto& w : s.warnings) warn_once(*rt, lead, w);

  // Every rank must decide alike: agree on whether the configuration and the model are usable.
  std::string problem;
  if (!s.errors.empty()) {
    problem = "configuration error: " + s.errors.front();
    for (std::size_t i = 1; i < s.errors.size(); ++i) problem += "; " + s.errors[i];
  }
  std::string model_problem;
  if (problem.empty() && !s.model.empty()) {
    try {
      rt->model = read_model_file(s.model);
      if (!rt->model->default_model()) model_problem = "model file " + s.model + " holds no point-to-point model";
    } catch (const std::exception& e) {
      model_problem = std::string("cannot use model file: ") + e.what();
    }
  } else if (problem.empty()) {
    model_problem = "no model (set COLLSEL_MODEL or model in COLLSEL_CONFIG)";
  }
  // Digest of the settings and of the loaded model's contents, so ranks started with different
  // environments, or reading different files under one path (a relative path from different
  // working directories, a stale node-local copy), do not diverge silently. The model's path
  // itself does not count: node-local copies may live at different paths.
  Settings without_path = s;
  without_path.model.clear();
  std::string digest_text = format_settings(without_path);
  if (rt->model) {  // the bytes the model was parsed from
    std::ifstream in(s.model, std::ios::binary);
    digest_text += std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  unsigned long long h = 1469598103934665603ull;
  for (char c : digest_text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  // The log's writer (world rank 0) checks now that it can write it, with the OS's reason, rather
  // than losing it silently at MPI_Finalize.
  std::string log_problem;
  if (!s.log.empty() && lead) {
    std::error_code ec;
    if (std::filesystem::is_directory(s.log, ec)) {
      log_problem = "log " + s.log + ": is a directory";
    } else if (std::FILE* f = std::fopen(s.log.c_str(), "a")) {
      std::fclose(f);
    } else {
      log_problem = "cannot write log " + s.log + ": " + std::strerror(errno);
    }
  }
  // The log is merged collectively at MPI_Finalize: written only if every rank keeps one.
  unsigned long long flags[4] = {problem.empty() ? 1ull : 0ull, model_problem.empty() ? 1ull : 0ull, h,
                                 s.log.empty() || !log_problem.empty() ? 0ull : 1ull},
                     mins[4], maxs[4];
  PMPI_Allreduce(flags, mins, 4, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
  PMPI_Allreduce(flags, maxs, 4, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  const bool every_rank_logs = mins[3] == 1;
  if (!log_problem.empty()) fallback(*rt, nullptr, log_problem + " (no log is written)");
  if (problem.empty() && mins[2] != maxs[2])
    problem = "ranks see different collsel settings or model contents (environment, configuration file, or a "
              "model file that differs between ranks)";
  if (problem.empty() && mins[0] == 0) problem = "configuration error on another rank";
  if (!problem.empty()) {
    rt->disabled = true;
    rt->model.reset();
    fallback(*rt, nullptr, problem + " — native everywhere");
  } else if (mins[1] == 0) {
    rt->model.reset();
    fallback(*rt, nullptr, (model_problem.empty() ? "model file unusable on another rank" : model_problem) +
                               " — native everywhere");
  }

  // Intra-node channels: only if every rank's node classifies cores alike (collective).
  if (!rt->disabled && rt->model) {  // every rank agrees on these two, so all ranks reduce
    std::optional<ChannelModel> ch;
    if (rt->model->channels) ch = channels_for_this_node(*rt->model->channels);
    unsigned long long fp = ch ? ch->topology()->fingerprint() : 0, lo = 0, hi = 0;
    PMPI_Allreduce(&fp, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
    PMPI_Allreduce(&fp, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (ch && lo == hi) rt->channels = std::move(ch);
  }

  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  PMPI_Get_library_version(version, &len);
  for (const NativeDefect& d : kNativeDefects) {
    bool match = true;
    for (std::string_view part : d.library)
      if (!part.empty() && std::string_view(version, std::size_t(len)).find(part) == std::string_view::npos) match = false;
    if (match) {
      rt->defects.push_back(&d);
      if (d.types != TypeClass::any) rt->type_defects[std::size_t(d.op)] = true;
    }
  }
  if (std::find(rt->type_defects.begin(), rt->type_defects.end(), true) != rt->type_defects.end())
    PMPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &rt->type_keyval, nullptr);

#if defined(MPICH)
  // MPICH encodes a predefined datatype's size in its handle; use that only if it checks out.
  g_builtin_type_sizes = true;
  for (MPI_Datatype t : {MPI_CHAR, MPI_BYTE, MPI_SHORT, MPI_INT, MPI_LONG, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE,
                         MPI_2INT, MPI_UINT64_T, MPI_C_DOUBLE_COMPLEX, MPI_INTEGER, MPI_DOUBLE_PRECISION}) {
    int size = -1;
    PMPI_Type_size(t, &size);
    const unsigned h = static_cast<unsigned>(t);
    if ((h >> 30) == 1u && int((h >> 8) & 0xffu) != size) g_builtin_type_sizes = false;
  }
#endif
  if (const char* hook = std::getenv("COLLSEL_TEST_VERIFY_DELAY"); hook && *hook) {
    std::istringstream items(hook);
    for (std::string item; std::getline(items, item, ',');) {
      const std::size_t eq = item.find('=');
      const std::string name = eq == std::string::npos ? "" : item.substr(0, eq);
      const double seconds = eq == std::string::npos ? 0 : std::atof(item.c_str() + eq + 1);
      if (name == "*")  // every algorithm; a later item names the exceptions
        for (const AlgorithmInfo& a : algorithms()) rt->test_verify_delay.emplace_back(&a, seconds);
      else if (const AlgorithmInfo* a = name.empty() ? nullptr : find_algorithm(name))
        rt->test_verify_delay.emplace_back(a, seconds);
      else warn_once(*rt, lead, "COLLSEL_TEST_VERIFY_DELAY: ignoring '" + item + "' (expected algorithm=seconds)");
    }
  }
  rt->logging = every_rank_logs;
  PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_state, &rt->keyval, nullptr);
  PMPI_Comm_dup(MPI_COMM_WORLD, &rt->world_priv);
  if (s.verbose && lead) {
    std::string text = "effective configuration:\n" + format_settings(s);
    text += "  model file: " + std::string(rt->model ? "loaded, predicting with " + std::string(rt->model->default_model()->kind()) : "none") + "\n";
    for (const NativeDefect* d : rt->defects)
      text += "  native known broken: " + std::string(d->what) + " (" + std::string(d->reproducer) + ")\n";
    print(text);
  }
  g_runtime.store(rt.release(), std::memory_order_release);
}

void runtime_finalize() {
  Runtime* rt = g_runtime.load();
  if (!rt) return;
  if (rt->logging) {
    // Every rank sends its records to world rank 0, which merges them: calls is the most any
    // rank made, observed_us the largest over ranks of that rank's mean time per call.
    std::ostringstream mine;
    {
      std::lock_guard lock(rt->log_mu);
      for (const auto& [k, st] : rt->stats)
        if (st->calls > 0)
          mine << "S\t" << int(st->op) << '\t' << st->comm_size << '\t' << st->root << '\t' << st->bytes_min << '\t'
               << st->bytes_max << '\t' << st->algorithm << '\t' << st->predicted_us << '\t' << st->calls << '\t'
               << st->total_seconds << '\n';
      for (const auto& l : rt->call_lines) mine << "C\t" << l << '\n';
      for (const auto& l : rt->verify_lines) mine << "V\t" << l << '\n';
      if (rt->call_records_dropped) mine << "D\t" << rt->call_records_dropped << '\n';
    }
    const std::string text = mine.str();
    int n = int(text.size());
    std::vector<int> sizes(std::size_t(rt->world_size)), displs(std::size_t(rt->world_size));
    PMPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, rt->world_priv);
    std::string all;
    if (rt->world_rank == 0) {
      int total = 0;
      for (int r = 0; r < rt->world_size; ++r) {
        displs[std::size_t(r)] = total;
        total += sizes[std::size_t(r)];
      }
      all.resize(std::size_t(total));
    }
    PMPI_Gatherv(text.data(), n, MPI_CHAR, all.data(), sizes.data(), displs.data(), MPI_CHAR, 0, rt->world_priv);
    if (rt->world_rank == 0) {
      struct Merged { std::string op, alg; int size, root; unsigned long long bmin, bmax; double pred; long calls; double observed; };
      std::map<std::string, Merged> merged;
      long long dropped = 0;
      std::vector<std::string> calls;
      std::istringstream in(all);
      for (std::string line; std::getline(in, line);) {
        if (line.rfind("C\t", 0) == 0 || line.rfind("V\t", 0) == 0) { calls.push_back(line.substr(2)); continue; }
        if (line.rfind("D\t", 0) == 0) { dropped += std::stoll(line.substr(2)); continue; }
        std::istringstream f(line);
        std::string tag;
        int op;
        Merged m{};
        long c;
        double total;
        f >> tag >> op >> m.size >> m.root >> m.bmin >> m.bmax >> m.alg >> m.pred >> c >> total;
        if (!f) continue;
        m.op = std::string(to_string(Collective(op)));
        const std::string key = m.op + "/" + std::to_string(m.size) + "/" + std::to_string(m.root) + "/" +
                                std::to_string(m.bmin) + "/" + std::to_string(m.bmax) + "/" + m.alg;
        auto [it, fresh] = merged.try_emplace(key, m);
        const double mean = total / double(c) * 1e6;
        if (fresh) { it->second.calls = c; it->second.observed = mean; }
        else { it->second.calls = std::max(it->second.calls, c); it->second.observed = std::max(it->second.observed, mean); }
      }
      std::ofstream out(rt->settings.log);
      for (const auto& [k, m] : merged)
        out << "{\"kind\": \"summary\", \"op\": \"" << m.op << "\", \"comm_size\": " << m.size << ", \"root\": " << m.root
            << ", \"bytes_min\": " << m.bmin << ", \"bytes_max\": " << m.bmax << ", \"algorithm\": \""
            << json_escape(m.alg) << "\", \"calls\": " << m.calls << ", \"predicted_us\": " << fmt_us(m.pred)
            << ", \"observed_us\": " << fmt_us(m.observed) << "}\n";
      for (const auto& l : calls) out << l << '\n';
      if (dropped > 0)
        out << "{\"kind\": \"note\", \"dropped_call_records\": " << dropped << ", \"limit_per_rank\": " << kMaxCallRecords
            << "}\n";
      out.flush();
      if (!out) {  // a full disk (/dev/full), a quota: say so, with the reason
        const std::string why = "cannot write log " + rt->settings.log + ": " + std::strerror(errno);
        if (rt->settings.strict) {
          print("strict mode (COLLSEL_STRICT=1): " + why + "; aborting the job");
          PMPI_Abort(MPI_COMM_WORLD, 1);
        }
        print("warning: " + why);
      }
    }
  }
  // Free the shim's communicators while MPI is still up.
  PMPI_Comm_delete_attr(MPI_COMM_WORLD, rt->keyval);
  PMPI_Comm_delete_attr(MPI_COMM_SELF, rt->keyval);
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

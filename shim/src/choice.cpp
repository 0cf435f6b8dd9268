// The choice for a call: what is forced (control API, environment, rules, algorithm), else
// choose() on the communicator's model; known native defects avoided; verification planned; the
// decision cached per call shape (choice_key).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <optional>
#include <sstream>
#include <utility>

#include "collsel/choose.hpp"
#include "collsel/mpich_native.hpp"
#include "collsel/predict.hpp"
#include "json_line.hpp"
#include "runtime.hpp"
#include "measured_calls.hpp"

namespace collsel::shim {

bool v_static_native(const Runtime& rt, Collective op) {
  const OpSettings& os = rt.settings.op(op);
  if (g_api_forced[std::size_t(op)].load(std::memory_order_relaxed)) return false;
  if (rt.disabled) return true;
  return !rt.model && os.algorithm == "auto" && os.rules.empty();
}

bool v_native_held(CommState& cs, Collective op, int root, VMeasuredCall* measured) {
  if (cs.vnative.empty()) [[likely]]
    return false;
  const auto it = cs.vnative.find({int(op), root});
  if (it == cs.vnative.end()) return false;
  if (it->second.calls_left <= 0 || it->second.generation != g_generation.load(std::memory_order_acquire)) {
    cs.vnative.erase(it);  // this call decides again, with the header, on every rank
    return false;
  }
  CommState::VNative& held = it->second;
  --held.calls_left;
  if (measured && held.measured.calls > 0) *measured = held.measured, ++held.measured.call;
  g_v_held[std::size_t(op)].fetch_add(1, std::memory_order_relaxed);
  return true;
}

namespace {

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

std::string fixed_margin(double margin) {
  std::ostringstream m;
  m << margin;
  return m.str();
}

// A shape the tuning file holds a verdict for (docs/tuning.md), while c is about to be verified:
// c starts frozen on the entry's algorithm (no verification, no audit) when that is still a
// runnable candidate of `d`, or, for an entry whose audit did not end, starts that audit. Else c
// is left to verification. `take(k)` makes c run candidate k.
template <class Runnable, class Take>
void apply_tuning(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, bool commute,
                  bool mixed, int rule, Choice& c, const Decision& d, bool broken, Runnable runnable, Take take) {
  const bool v_variant = op == Collective::scatterv || op == Collective::gatherv;
  const TuningEntry* e = rt.tuning_table.find(tuning_key(rt, cs, op, root, bytes, commute, mixed, rule));
  if (!e) return;
  auto log_tuned = [&](bool resumed) {  // on the rank that logs this shape's verdict
    if (!rt.logging || !(cs.rank == 0 || v_variant)) return;
    JsonLine l;
    l.add("kind", "tuned").add("op", to_string(op)).add("comm_size", cs.size).add("root", root);
    l.add("bytes_min", c.bytes_min).add("bytes_max", c.bytes_max).add("algorithm", c.algorithm->name);
    l.add("written", e->written);
    if (resumed) l.add("audit", "resumed");
    std::lock_guard lock(rt.log_mu);
    rt.verify_lines.push_back(l.str());
  };
  // An entry whose audit did not end (its job ended first) resumes there: the audit runs, with
  // verification's times from the entry. Scatterv and gatherv, whose audit the root's header
  // announces during verification, verify again instead.
  if (e->audited.empty() && c.verify->audit_block > 0) {  // an audit within the shape's budget
    if (!v_variant && resume_audit(rt, op, c, *e)) {
      c.tuned = true;
      log_tuned(true);
    }
    return;
  }
  const auto k = std::find_if(d.candidates.begin(), d.candidates.end(), [&](const Candidate& x) {
    const bool native = x.schedule.kind == ScheduleKind::native;
    return x.algorithm->name == e->verdict && (native ? !broken : runnable(x));
  });
  if (k == d.candidates.end()) return;
  take(*k);
  c.verify.reset();
  c.tuned = true;
  for (const TuningTime& t : e->measured)  // native's time measured by the job that verified it
    if (t.algorithm == "native") {
      c.native_us = t.seconds * 1e6;
      c.native_measured = true;
    }
  if (c.native) c.reason = "kept from the tuning file";
  log_tuned(false);
}

// The measurement of a shape the model decided (r: its ranking): verification planned, then
// the tuning file's verdict applied where it holds (apply_tuning).
template <class Take>
void plan_measurement(Runtime& rt, const CommState& cs, const CallShape& shape, std::size_t bmin, std::size_t bmax,
                      bool commute, bool mixed, int rule, Choice& c, const RankedChoice& r, bool broken, Take take) {
  std::vector<char> runs(r.decision.candidates.size(), 0);
  for (std::size_t i : r.runnable) runs[i] = 1;
  auto runnable = [&](const Candidate& k) { return runs[std::size_t(&k - r.decision.candidates.data())] != 0; };
  // A non-commutative op is a user's: MPICH reduces it with binomial whatever the size. A
  // commutative one is taken as predefined, whose large reductions are not binomial (no twin).
  const std::string_view native_plan = rt.native_library == NativeLibrary::mpich4
                                           ? mpich_native_plan(shape, bmin, bmax, /*builtin_op=*/commute)
                                           : std::string_view{};
  // The kind model_for() predicts with: its [validation] error decides what is in doubt.
  const std::string& want = rt.settings.op(shape.op).p2p_model;
  const std::string kind = want == "auto" ? rt.model->default_kind() : want;
  plan_verification(rt, c, r.decision, !broken, native_plan, kind, runnable);
  watch_drift(rt, c);  // before the tuning file freezes c: a tuned verdict is watched too
  if (c.verify && rt.tuning && cs.hosts_digest != 0)
    apply_tuning(rt, cs, shape.op, shape.root, shape.bytes, commute, mixed, rule, c, r.decision, broken, runnable, take);
}

// The call shape in words, for messages: "bcast on 8 ranks, root 0, 1024..2047 bytes".
std::string shape_text(Collective op, int procs, int root, std::size_t bmin, std::size_t bmax) {
  return std::string(to_string(op)) + " on " + std::to_string(procs) + " ranks, root " + std::to_string(root) + ", " +
         std::to_string(bmin) + ".." + std::to_string(bmax) + " bytes";
}

// What is forced, by precedence: control API, environment, TOML rules, TOML algorithm; empty
// when nothing is (the model decides).
std::string forced_algorithm(Runtime& rt, CommState& cs, Collective op, int rule, const std::string& where) {
  const OpSettings& os = rt.settings.op(op);
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
  return forced;
}

// How far the decision prices every pipeline and frames candidate in full
// (DecisionRequest::exact_within): kExactWithin, or farther where the model's error reaches
// farther. Verification tries the candidates predicted within (1 + error) of the best, and a
// candidate priced only to a bound cannot be one of them, so the reach is twice the largest error
// the model file's [validation] states (or verify_error). Where no error is known every candidate
// is in doubt (verification tries the best predicted), and every candidate is priced in full.
double exact_within(const Runtime& rt) {
  const Settings& s = rt.settings;
  if (!s.verify) return kExactWithin;
  double error = s.verify_error;
  if (error < 0) {
    if (!rt.model || !rt.model->validation || rt.model->validation->median_error.empty()) return 0;
    const ModelValidation& v = *rt.model->validation;
    for (const auto& [kind, e] : v.median_error) error = std::max(error, e);
    for (const auto& [schedule_class, by_kind] : v.schedule_error)
      for (const auto& [kind, e] : by_kind) error = std::max(error, e);
  }
  if (!std::isfinite(error)) return 0;
  return std::max(kExactWithin, 1.0 + 2.0 * error);
}

// choose() for a decision request; a failure is a fallback to native (nullopt).
std::optional<RankedChoice> choose_or_fall_back(Runtime& rt, CommState& cs, const DecisionRequest& req,
                                                const Capabilities& caps, const std::string& where) {
  try {
    return choose(req, caps);
  } catch (const std::exception& e) {
    fallback(rt, &cs, "cannot decide " + where + ": " + e.what() + " (native)");
    return std::nullopt;
  }
}

// A call larger than any calibrated message: the predictions extrapolate the fit (said once per op).
void note_extrapolation(Runtime& rt, const CommState& cs, Collective op, std::size_t bytes, Choice& choice) {
  if (!rt.model->meta.extrapolated(double(bytes))) return;
  choice.extrapolated = true;
  std::lock_guard lock(rt.warn_mu);
  if (!std::exchange(rt.extrapolation_warned[std::size_t(op)], true) && cs.rank == 0)
    print("note: " + std::string(to_string(op)) + " of " + std::to_string(bytes) +
          " bytes is larger than the largest message the model was calibrated with (" +
          std::to_string(std::size_t(rt.model->meta.max_bytes)) +
          " bytes): its predictions, and those of larger calls, are extrapolated (the log marks them; "
          "verification measures them)");
}

// The decision's last steps: why native runs (when it does), the verbose line, the report's row.
void finish_choice(Runtime& rt, const CommState& cs, Collective op, int root, const std::string& forced,
                   bool has_model, const std::string& where, Choice& choice) {
  const double margin = rt.settings.op(op).margin;
  if (choice.native && choice.reason.empty())
    choice.reason = rt.disabled              ? "collsel is disabled (configuration problem, see the warning)"
                    : forced == "native"     ? "forced"
                    : rt.library_unknown     ? kLibraryUnknownReason
                    : !has_model && rt.model ? "the model file does not cover this communicator (see the warning)"
                    : !has_model             ? "no model"
                                             : "predicted fastest (margin " + fixed_margin(margin) + ")";
  // Until the verdict the model's choice is only the first candidate tried (finish_verification
  // gives the reason if native wins).
  if (choice.verify) choice.reason = "tried in measured verification";
  if (rt.settings.verbose && cs.rank == 0)
    print(where + ": " + std::string(choice.algorithm->name) +
          (choice.predicted_us >= 0 ? " (predicted " + fmt_us(choice.predicted_us) + " us)" : ""));
  if (rt.recording()) {
    choice.stats = stats_for(rt, op, cs.size, root, choice);
    if (choice.tuned && choice.native_measured) {  // measured, by the job that reached the verdict
      std::lock_guard lock(rt.log_mu);
      choice.stats->native_us = choice.native_us;
      choice.stats->native_measured = true;
    }
  }
}

std::unique_ptr<Choice> decide_choice(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes,
                                      std::size_t bmin, std::size_t bmax, int rule, bool commute, bool mixed,
                                      std::span<const std::size_t> blocks, std::size_t element_bytes) {
  const OpSettings& os = rt.settings.op(op);
  auto choice = std::make_unique<Choice>();
  choice->algorithm = &native_algorithm();
  choice->bytes_min = bmin;
  choice->bytes_max = bmax;
  const std::string where = shape_text(op, cs.size, root, bmin, bmax);
  // The first fallback reported while deciding is why native runs (the report's "native:" lines).
  t_fallback_reason = &choice->reason;
  struct ClearSink {
    ~ClearSink() { t_fallback_reason = nullptr; }
  } clear_sink;
  const std::string forced = forced_algorithm(rt, cs, op, rule, where);

  const P2PModel* model = model_for(rt, cs, op);
  const CallShape shape{.op = op, .procs = cs.size, .root = root, .bytes = bytes, .block_bytes = blocks,
                        .element_bytes = element_bytes,
                        .native_library = rt.native_library.value_or(NativeLibrary::mpich4)};
  const NativeDefect* defect = native_defect(rt.defects, op, cs.size, root, bmax, mixed);
  const bool broken = defect != nullptr;
  Capabilities caps = Capabilities::executor();
  if (broken) caps.native_defect = defect->what;
  auto run_choose = [&](const P2PModel& cost, std::vector<std::string> only) -> std::optional<RankedChoice> {
    DecisionRequest req{.shape = shape, .cost = &cost, .native = model ? &rt.model->native : nullptr,
                        .op_commutative = commute, .segment_bytes = os.segment_bytes, .margin = os.margin,
                        .only = std::move(only), .exclude = os.exclude, .frame_cache = &cs.frame_caches[&cost],
                        .exact_within = exact_within(rt)};
    return choose_or_fall_back(rt, cs, req, caps, where);
  };
  std::optional<RankedChoice> r;
  auto take = [&](const Candidate& k, bool predicted) {
    if (predicted) {  // native's prediction on this shape, for the report's estimate of time saved
      const Candidate& native = r ? r->decision.candidates.front() : k;
      if (native.schedule.kind == ScheduleKind::native) choice->native_us = native.predicted_seconds * 1e6;
    }
    choice->algorithm = k.algorithm;
    choice->native = k.schedule.kind == ScheduleKind::native;
    choice->predicted_us = predicted ? k.predicted_seconds * 1e6 : -1;
    choice->schedule = k.schedule;
  };

  // choose() already keeps a broken native out of an automatic choice; forced and model-less
  // choices are native first and replaced below.
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

  // The model decided (nothing forced): measure its best candidates on the first calls, unless
  // the tuning file knows the shape.
  if (forced.empty() && model && r)
    plan_measurement(rt, cs, shape, bmin, bmax, commute, mixed, rule, *choice, *r, broken,
                     [&](const Candidate& k) { take(k, true); });
  if (model) note_extrapolation(rt, cs, op, bytes, *choice);
  finish_choice(rt, cs, op, root, forced, model != nullptr, where, *choice);
  return choice;
}

int matching_rule(const OpSettings& os, std::size_t bytes) {
  for (std::size_t i = 0; i < os.rules.size(); ++i)
    if (bytes >= os.rules[i].min_bytes && bytes <= os.rules[i].max_bytes) return int(i);
  return -1;
}

}  // namespace

Choice* lookup_or_decide(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes,
                         bool commute, bool mixed, std::span<const std::size_t> blocks, std::size_t element_bytes) {
  const OpSettings& os = rt.settings.ops[std::size_t(op)];
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
  const auto [bmin, bmax] = bucket_range(bytes);
  // Host time, also inside a simulator: wall, and this thread's CPU time, which other processes
  // sharing the cores do not inflate (in SMPI every rank runs on one thread, and a decision makes
  // no MPI call that could switch to another rank).
  const auto started = std::chrono::steady_clock::now();
  const double cpu_started = thread_cpu_ms();
  auto c = decide_choice(rt, cs, op, root, bytes, bmin, bmax, rule, commute, mixed, blocks, element_bytes);
  c->decide_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  c->decide_cpu_ms = thread_cpu_ms() - cpu_started;
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
  const CallShape shape{.op = op, .procs = cs.size, .root = root, .bytes = 0, .block_bytes = blocks,
                        .native_library = rt.native_library.value_or(NativeLibrary::mpich4)};
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

}  // namespace collsel::shim

// The shim's measured calls: those of measured verification (its rules: verification.hpp) and of
// the audit of its verdict (audit.hpp), each timed, then agreed on by the ranks (MPI).
// Measured verification (docs/shim.md, "Measured verification"). A model can be far off on a
// cluster nobody tuned it for; the first calls of every new call shape (communicator, op, root,
// size bucket: the decision cache's key) therefore run the best few candidates by prediction —
// native always among them — in rounds, each call a complete and correct collective. Each rank
// times its calls; from round verify_calls on, the ranks agree after every round with one small
// reduction (per call the slowest rank's time: a collective is done when its slowest rank is) and
// stop once the fastest is clearly ahead of the runner-up, or after verify_max_calls rounds; so
// every rank keeps the same. The cached path is untouched afterwards.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "collsel/decide.hpp"
#include "runtime.hpp"
#include "audit.hpp"
#include "verification.hpp"

namespace collsel::shim {

// Sets c.verify to the candidates worth trying (runnable ones, best predicted first, native
// included when it can run) when verification is on and there are at least two; c itself stays
// the model's choice, used for logging until the verdict. `runnable(k)`: the executor can run k here.
// `native_plan`: collsel's candidate that sends what native sends here, if known (verification_slots).
// Of those, only the ones the model is unsure of, in rounds and an audit that fit the shape's
// budget (plan_exploration; `kind`: the point-to-point model that predicted them, whose error the
// model file's [validation] gives).
template <class Runnable>
void plan_verification(const Runtime& rt, Choice& c, const Decision& d, bool native_runs, std::string_view native_plan,
                       std::string_view kind, Runnable runnable);

// Verification's option for candidate k of the decision c.
Choice verification_option(const Choice& c, const Candidate& k);

// The verification of `options` (verification_option's, in slot order) that `plan` keeps.
// `predicted`, `native` and `budget`: what plan_exploration had; where the plan leaves native
// out, they are kept to verify it should the verdict miss its prediction (Verification::native_aside).
std::unique_ptr<Verification> planned_verification(std::span<const Choice> options, const ExplorationPlan& plan,
                                                   std::span<const double> predicted, int native,
                                                   const ExplorationBudget& budget);

// Where nothing is in doubt: c's first verify_check_calls calls are to be timed against its
// prediction (c.check), native too (docs/design/0040), unless the check is off. For scatterv/gatherv c is the
// root's, whose header names the checked calls to the other ranks. `options`, `predicted`, `native`, `native_seconds`, `budget`: what
// plan_exploration had, for the exploration a missed prediction starts.
void plan_prediction_check(const Runtime& rt, Choice& c, std::vector<Choice> options, std::vector<double> predicted,
                           int native, double native_seconds, ExplorationBudget budget);

// After the last checked call (collective over cs.priv: every rank checks the same calls): the
// ranks agree on the calls' slowest-rank times; where their median misses the prediction
// (prediction_missed), c is verified as planned with the choice priced at that median. The log
// says what the check found (when `log_here`).
void end_prediction_check(Runtime& rt, CommState& cs, Collective op, int root, Choice& c, bool log_here);

// The same for scatterv/gatherv, whose check only the root keeps (the other ranks follow its
// header): the calls' times are reduced (MAX) to the root, which judges them; the next header says
// whether a verification follows. Collective over cs.priv; `c` is the root's decision (null
// elsewhere), `seconds` this rank's times of the checked calls.
void end_v_prediction_check(Runtime& rt, CommState& cs, Collective op, int root, Choice* c,
                            std::span<const double> seconds);

// Runs one call of a shape whose choice is checked: `run()` makes the call as an unexplored one
// (its log and report rows), timed here.
template <class Run>
int check_call(Runtime& rt, CommState& cs, Collective op, int root, Choice& c, Run run);

// The budget and the model's error that plan_exploration applies (settings verify_error,
// verify_budget_calls, verify_budget_time; the error of `kind` in the model file's [validation]).
ExplorationBudget exploration_budget(const Runtime& rt, std::string_view kind);

// The option whose place in the round the next call of a verifying shape takes.
inline std::size_t next_option(const Verification& v) {
  return std::size_t(v.orders[std::size_t(v.rounds())][std::size_t(v.done) % v.options.size()]);
}

// The option the next call runs: next_option's, or the stand-in where that one has retired.
inline std::size_t running_option(const Verification& v) {
  const std::size_t o = next_option(v);
  return v.retired_at[o] > 0 && v.stand_in >= 0 ? std::size_t(v.stand_in) : o;
}

// The test hook's extra seconds for `algorithm` on this rank (0 unless COLLSEL_TEST_VERIFY_DELAY).
inline double test_delay(const Runtime& rt, const AlgorithmInfo* algorithm) {
  double seconds = 0;  // the last item naming the algorithm wins ("*=0.05,native=0")
  for (const auto& [a, s] : rt.test_verify_delay)
    if (a == algorithm) seconds = s;
  return seconds;
}

// The test hook's extra seconds for `algorithm` in the audit's blocks (COLLSEL_TEST_AUDIT_DELAY).
inline double test_audit_delay(const Runtime& rt, const AlgorithmInfo* algorithm) {
  double seconds = 0;
  for (const auto& [a, s] : rt.test_audit_delay)
    if (a == algorithm) seconds = s;
  return seconds;
}

// Records this rank's time of the call just made in next_option(v)'s place (not where that option
// has retired: the stand-in ran); true when a round ended that the ranks must now agree on
// (agree_fastest, collectively).
bool record_verification_call(Verification& v, double seconds);

// Records this rank's time of the audit's call just made (the option whose block is due); true
// when the block ended and the ranks must now agree on it (end_audit_block, end_v_audit_block).
inline bool record_audit_call(Audit& a, double seconds) {
  ++a.calls;
  // The block's first calls bring the links to the state this option leaves them in; the rest are timed.
  if (const int k = a.done++ - (a.block_calls - a.measured_calls); k >= 0) a.seconds[std::size_t(k)] = seconds;
  return a.done == a.block_calls;
}

// The ranks' agreement after a round (collective over cs.priv, the same on every rank).
// seconds[o * stride + k]: this rank's time of call k < rounds of option o. One MPI_Allreduce (MAX)
// of options x rounds doubles gives every rank each call's slowest time; judge() the verdict and
// the options retired (retired_at: those of the earlier agreements).
Agreement agree_fastest(const CommState& cs, std::span<const double> seconds, int options, int stride, int rounds,
                        int max_rounds, double margin, int native_option, int model_option,
                        std::span<const int> retired_at);
// The index of native among the options, -1 if it is not one.
int native_option(const Verification& v);
// The index of the model's own choice `decided` among the options, -1 if it is native or not one
// of them (it shared its slot with an interchangeable candidate, verification_slots()).
int model_option(const Verification& v, const Choice& decided);

// After a round's last call (collective): agree; once settled make c the fastest option, drop the
// verification state and log the record (on cs rank 0, or the root for the v-variants:
// `log_here`).
void end_verification_round(Runtime& rt, CommState& cs, Collective op, int root, Choice& c, bool log_here);

// A shape whose verdict the tuning file holds from a job that ended before its audit did
// (docs/tuning.md): c (about to be verified) takes the entry's verdict and starts its audit, with
// verification's times from the entry. False, c untouched, when the entry's candidates are not
// this verification's options (verification as usual then).
bool resume_audit(const Runtime& rt, Collective op, Choice& c, const TuningEntry& e);

// After a block's last call (collective over cs.priv): agree on its measured calls (one
// MPI_Allreduce, MAX), and once the audit is over make c its verdict, drop the audit and log it.
void end_audit_block(Runtime& rt, CommState& cs, Collective op, int root, Choice& c);

// The same for scatterv/gatherv, whose audit plan only the root keeps (the other ranks follow its
// header): the block's measured calls are reduced (MAX) to the root, which judges them, logs and
// broadcasts whether the audit goes on. Collective over cs.priv; `c` is the root's decision (null
// elsewhere), `seconds` this rank's times of the block's measured calls. Returns, on every rank,
// whether the shape is still audited.
bool end_v_audit_block(Runtime& rt, CommState& cs, Collective op, int root, Choice* c, std::span<const double> seconds);

// Drift (docs/shim.md, "Drift"; the rule: drift.hpp). Where verification was planned for c (at the
// root for scatterv/gatherv) and drift is on: c keeps a monitor with a copy of the model's choice and
// of that plan, which runs again, on every rank at the same call, when the frozen verdict drifts.
// A choice whose prediction check held (`held`, no plan) keeps that check instead: a drift plans
// its candidates at the drifted time.
void watch_drift(const Runtime& rt, Choice& c, std::unique_ptr<PredictionCheck> held = nullptr);

// The test hook's extra seconds for `option` of shape c on this rank (COLLSEL_TEST_DRIFT_DELAY):
// non-zero once the hook's call count has passed, for the algorithm then frozen.
inline double test_drift_delay(const Choice& c, const Choice& option, const Runtime& rt) {
  return c.drift && c.drift->slowed && c.drift->slowed == option.algorithm ? rt.test_drift_seconds : 0.0;
}

// After a window's last sampled call (collective over cs.priv): the ranks agree on its times (one
// MPI_Allreduce, MAX); on a drift c goes back to the model's choice and its verification starts
// again, and the log says so (cs rank 0).
void end_drift_window(Runtime& rt, CommState& cs, Collective op, int root, Choice& c);

// The same for scatterv/gatherv, whose monitor only the root keeps (the other ranks follow its
// header): the window's samples are reduced (MAX) to the root, which judges them, logs and
// broadcasts whether the shape drifted; on a drift every rank ends its hold of a decided native
// (v_native_held) and the root's c goes back to verification. Collective over cs.priv; `c` is the
// root's decision (null elsewhere), `samples` this rank's times of the window's samples, then its
// time in the previous agreement (which this one's replaces). Returns, on every rank, whether the
// shape drifted.
bool end_v_drift_window(Runtime& rt, CommState& cs, Collective op, int root, Choice* c, std::span<double> samples);

// Runs one call of a frozen shape with a drift monitor: every drift_every-th call timed, the window's
// agreement after its last.
template <class Body>
int drift_call(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, Choice& c, Body body);

// Runs one call of a shape whose verdict is audited (the option whose block is due), timed.
template <class Body>
int audit_call(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, Choice& c, Body body);

// Runs one call of a shape under verification: the option due, timed; after the last call the
// collective agreement and the verdict. `body(option)` makes the call with that option.
template <class Body>
int verify_call(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, Choice& c, Body body);

// --- templates ---------------------------------------------------------------------------------

template <class Runnable>
void plan_verification(const Runtime& rt, Choice& c, const Decision& d, bool native_runs, std::string_view native_plan,
                       std::string_view kind, Runnable runnable) {
  const Settings& s = rt.settings;
  if (!s.verify || s.verify_candidates < 2) return;
  std::vector<const Candidate*> ranked;
  for (const Candidate& k : d.candidates) {
    const bool native = k.schedule.kind == ScheduleKind::native;
    if (native ? native_runs : runnable(k)) ranked.push_back(&k);
  }
  // The model's own choice first, then by predicted time (rank_by_prediction: ties by the rested
  // call, then registry order).
  rank_by_prediction(ranked, [](const Candidate* k) -> const Candidate& { return *k; });
  std::stable_partition(ranked.begin(), ranked.end(), [&](const Candidate* k) { return k->algorithm == c.algorithm; });
  // Two builders often make the very same schedule (binomial_bfs_min and binomial_ucs_min on a
  // few hosts), or trees of one shape over like hosts that the model costs alike (they measure
  // the same), or native is collsel's binomial: trying both would spend a candidate's slot
  // measuring noise (verification_slots).
  const std::vector<const Candidate*> slots = verification_slots(ranked, std::size_t(s.verify_candidates), native_plan);
  if (slots.size() < 2) return;
  // Only where the model is unsure, within the shape's budget (plan_exploration). The first slot
  // is the model's choice's, which native takes where it sends what native sends
  // (verification_slots): the model's choice is priced as predicted.
  int native = -1;
  double native_seconds = 0;
  std::vector<const Candidate*> planned(slots.begin(), slots.end());
  planned.front() = ranked.front();
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (slots[i]->schedule.kind == ScheduleKind::native) native = int(i);
  std::vector<double> predicted = doubt_predictions(planned);
  for (const Candidate& k : d.candidates)
    if (k.schedule.kind == ScheduleKind::native) native_seconds = k.predicted_seconds;
  ExplorationBudget budget = exploration_budget(rt, kind);
  if (s.verify_error < 0 && rt.model && rt.model->validation)  // each candidate's kind of schedule its own error
    for (std::size_t i = 0; i < slots.size(); ++i) {
      const Candidate& k = *planned[i];
      budget.errors.push_back(k.schedule.kind == ScheduleKind::native
                                  ? budget.error
                                  : validation_error(*rt.model->validation, kind, error_class(k.schedule)));
    }
  const ExplorationPlan plan =
      plan_exploration(predicted, native, native_seconds, budget, s.verify_calls, s.verify_max_calls, s.audit_calls);
  std::vector<Choice> options;
  for (std::size_t i = 0; i < slots.size(); ++i) options.push_back(verification_option(c, *slots[i]));
  if (plan.options.empty()) {
    plan_prediction_check(rt, c, std::move(options), std::move(predicted), native, native_seconds, std::move(budget));
    return;
  }
  c.verify = planned_verification(options, plan, predicted, native, budget);
}

// One call of a verification's or an audit's option, timed on this rank (and recorded when
// logging): {return code, seconds}.
template <class Body>
std::pair<int, double> timed_call(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes,
                                  Choice& option, Body& body) {
  if (rt.recording() && !option.stats) option.stats = stats_for(rt, op, cs.size, root, option);
  note_choice(op, option);
  const double t0 = PMPI_Wtime();
  const int rc = checked(cs, op, option.algorithm, option.native, body(static_cast<const Choice&>(option)));
  const double t = PMPI_Wtime() - t0;
  if (rt.recording()) record_call(rt, cs, op, root, bytes, option, option.stats, t, /*exploring=*/true);
  return {rc, t};
}

template <class Body>
int verify_call(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, Choice& c, Body body) {
  Verification& v = *c.verify;
  Choice& option = v.options[running_option(v)];
  const auto [rc, t] = timed_call(rt, cs, op, root, bytes, option, body);
  if (record_verification_call(v, t + test_delay(rt, option.algorithm) + test_drift_delay(c, option, rt)))
    end_verification_round(rt, cs, op, root, c, cs.rank == 0);
  note_exploring(op, c.verify || c.audit);
  return rc;
}

template <class Body>
int audit_call(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, Choice& c, Body body) {
  Audit& a = *c.audit;
  Choice& option = a.options[std::size_t(a.plan.current())];
  const auto [rc, t] = timed_call(rt, cs, op, root, bytes, option, body);
  if (record_audit_call(a, t + test_audit_delay(rt, option.algorithm) + test_drift_delay(c, option, rt)))
    end_audit_block(rt, cs, op, root, c);
  note_exploring(op, c.audit != nullptr);
  return rc;
}

template <class Body>
int drift_call(Runtime& rt, CommState& cs, Collective op, int root, std::size_t bytes, Choice& c, Body body) {
  Drift& d = *c.drift;
  note_choice(op, c);
  const bool sampled = d.monitor.watching() && ++d.calls % d.every == 0;
  if (!sampled && !rt.recording()) [[likely]]
    return checked(cs, op, c.algorithm, c.native, body(static_cast<const Choice&>(c)));
  const double t0 = PMPI_Wtime();
  const int rc = checked(cs, op, c.algorithm, c.native, body(static_cast<const Choice&>(c)));
  const double t = PMPI_Wtime() - t0;
  if (rt.recording()) record_call(rt, cs, op, root, bytes, c, c.stats, t);
  if (!sampled) return rc;
  if (rt.test_drift_seconds > 0 && !d.slowed && (d.frozen_calls += d.every) >= rt.test_drift_after)
    d.slowed = c.algorithm;
  d.samples[std::size_t(d.sampled++)] = t + test_drift_delay(c, c, rt);
  if (d.sampled + 1 == int(d.samples.size())) end_drift_window(rt, cs, op, root, c);
  return rc;
}

template <class Run>
int check_call(Runtime& rt, CommState& cs, Collective op, int root, Choice& c, Run run) {
  const double t0 = PMPI_Wtime();
  const int rc = run();
  PredictionCheck& k = *c.check;
  k.seconds[std::size_t(k.done++)] = PMPI_Wtime() - t0 + test_delay(rt, c.algorithm);
  if (k.done == k.calls) end_prediction_check(rt, cs, op, root, c, cs.rank == 0);
  return rc;
}

}  // namespace collsel::shim

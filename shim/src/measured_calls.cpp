#include "measured_calls.hpp"

#include "json_line.hpp"

#include <algorithm>
#include <sstream>

namespace collsel::shim {

namespace {
// Makes the decision c run the measured option w; `why_native`: the reason shown when w is native.
void adopt(Choice& c, const Choice& w, std::string why_native) {
  c.algorithm = w.algorithm;
  c.native = w.native;
  c.predicted_us = w.predicted_us;
  c.schedule = w.schedule;
  c.reason = w.native ? std::move(why_native) : "";
  c.stats = w.stats;
}
}  // namespace

ExplorationBudget exploration_budget(const Runtime& rt, std::string_view kind) {
  const Settings& s = rt.settings;
  ExplorationBudget b{.max_calls = s.verify_budget_calls, .max_time = s.verify_budget_time};
  if (s.verify_error >= 0) {
    b.error = s.verify_error;
  } else if (rt.model && rt.model->validation) {
    const auto& errors = rt.model->validation->median_error;
    if (const auto it = errors.find(std::string(kind)); it != errors.end()) b.error = it->second;
  }
  return b;
}

bool record_verification_call(Verification& v, double seconds) {
  const std::size_t o = next_option(v), k = std::size_t(v.rounds());
  if (v.retired_at[o] == 0) v.seconds[o * std::size_t(v.max_calls) + k] = seconds;
  ++v.done;
  return agreement_due(v.done, int(v.options.size()), v.min_calls);
}

int native_option(const Verification& v) {
  for (std::size_t o = 0; o < v.options.size(); ++o)
    if (v.options[o].native) return int(o);
  return -1;
}

int model_option(const Verification& v, const Choice& decided) {
  if (decided.native) return -1;
  for (std::size_t o = 0; o < v.options.size(); ++o)
    if (!v.options[o].native && v.options[o].algorithm == decided.algorithm) return int(o);
  return -1;
}

Agreement agree_fastest(const CommState& cs, std::span<const double> seconds, int options, int stride, int rounds,
                        int max_rounds, double margin, int native_option, int model_option,
                        std::span<const int> retired_at) {
  const std::size_t n = std::size_t(options), k = std::size_t(rounds);
  std::vector<double> mine(n * k), slowest(n * k, 0.0);
  for (std::size_t o = 0; o < n; ++o)
    std::copy_n(seconds.begin() + std::ptrdiff_t(o * std::size_t(stride)), k, mine.begin() + std::ptrdiff_t(o * k));
  // The one reduction of a round: a collective takes as long as its slowest rank.
  PMPI_Allreduce(mine.data(), slowest.data(), int(n * k), MPI_DOUBLE, MPI_MAX, cs.priv);
  return judge(slowest, options, rounds, max_rounds, margin, native_option, model_option, retired_at);
}

namespace {
// Where v left native out and settled on options[winner], measured at `measured` seconds beyond
// what its prediction's error allows: the verification of that verdict and native
// (plan_native_after_miss), else null.
std::unique_ptr<Verification> native_after_miss(const Settings& s, const Verification& v, std::size_t winner,
                                                double measured) {
  const Verification::NativeAside* aside = v.native_aside.get();
  const Choice& w = v.options[winner];
  if (!aside || w.native || winner >= aside->option_errors.size()) return nullptr;
  const ExplorationPlan plan =
      plan_native_after_miss(measured, w.predicted_us * 1e-6, aside->option_errors[winner], aside->predicted,
                             aside->error, aside->budget, v.done, s.verify_calls, s.verify_max_calls, s.audit_calls);
  if (plan.options.size() < 2) return nullptr;
  const std::vector<Choice> options{w, aside->option};
  const std::vector<double> priced{measured, aside->predicted};
  auto again = planned_verification(options, plan, priced, 1, aside->budget);
  again->after_miss = true;
  return again;
}
}  // namespace

void end_verification_round(Runtime& rt, CommState& cs, Collective op, int root, Choice& c, bool log_here) {
  Verification& v = *c.verify;
  // After a miss the verdict's prediction is no evidence: native is judged against its measurement alone.
  const int model = v.after_miss ? -1 : model_option(v, c);
  const Agreement agreed = agree_fastest(cs, v.seconds, int(v.options.size()), v.max_calls, v.rounds(), v.max_calls,
                                         rt.settings.op(op).margin, native_option(v), model, v.retired_at);
  v.retired_at = agreed.retired_at;
  v.stand_in = int(agreed.fastest);
  if (!agreed.settled) return;  // another round
  const std::size_t winner = agreed.fastest;
  const std::vector<double>& measured_us = agreed.measured_us;
  const Choice& w = v.options[winner];
  if (rt.logging && log_here) {
    std::vector<JsonLine> candidates;
    for (std::size_t o = 0; o < v.options.size(); ++o) {
      const int counted = counted_calls(agreed.retired_at[o], v.rounds());
      JsonLine j;
      j.add("algorithm", v.options[o].algorithm->name)
          .add_us("predicted_us", v.options[o].predicted_us)
          .add_us("measured_us", measured_us[o])
          .add_us("calls_us", std::span<const double>(agreed.calls_us)
                                  .subspan(o * std::size_t(v.rounds()), std::size_t(counted)));
      if (agreed.retired_at[o] > 0) j.add("retired_after_round", agreed.retired_at[o]);
      candidates.push_back(j);
    }
    JsonLine l;
    l.add("kind", "verify").add("op", to_string(op)).add("comm_size", cs.size).add("root", root);
    l.add("bytes_min", c.bytes_min).add("bytes_max", c.bytes_max).add("calls", v.done);
    l.add("model_choice", c.algorithm->name).add("candidates", candidates).add("verdict", w.algorithm->name);
    if (v.after_miss) l.add("after_miss", true);
    if (c.extrapolated) l.add("extrapolated", true);
    l.add_us("decide_ms", c.decide_ms);  // two decimals, as the times
    l.add_us("decide_cpu_ms", c.decide_cpu_ms);
    std::lock_guard lock(rt.log_mu);
    rt.verify_lines.push_back(l.str());
  }
  if (rt.settings.verbose && log_here)
    print(std::string(to_string(op)) + " on " + std::to_string(cs.size) + " ranks, root " + std::to_string(root) +
          ", " + std::to_string(c.bytes_min) + ".." + std::to_string(c.bytes_max) + " bytes: verified " +
          std::string(w.algorithm->name) + " (" + fmt_us(measured_us[winner]) + " us; model chose " +
          std::string(c.algorithm->name) + ")");
  const std::string model_choice(c.algorithm->name);
  const int native = native_option(v);
  if (native >= 0) c.native_us = measured_us[std::size_t(native)];
  adopt(c, w, "measured fastest in verification (the model chose " + model_choice + ")");
  if (rt.recording()) {
    if (!c.stats) c.stats = stats_for(rt, op, cs.size, root, c);
    // Native was measured on this shape: that, not its prediction, is what the time saved by every
    // candidate tried here (and by the verdict) is counted against. (Scatterv/gatherv rows are
    // found by their key: their calls are recorded through the header's view, not the options.)
    std::vector<LogStats*> rows{c.stats};
    for (const Choice& o : v.options) rows.push_back(o.stats ? o.stats : stats_for(rt, op, cs.size, root, o));
    std::lock_guard lock(rt.log_mu);
    if (native >= 0)
      for (LogStats* st : rows) {
        st->native_us = c.native_us;
        st->native_measured = true;
      }
    if (w.native) c.stats->reason = c.reason;
  }
  // A verdict that missed its prediction is verified again beside native, which the plan left out
  // on the strength of that prediction (docs/design/0039); its audit, if any, follows that one.
  if (auto again = native_after_miss(rt.settings, v, winner, measured_us[winner] * 1e-6)) {
    c.verify = std::move(again);  // v is gone from here on
    return;
  }
  // The audit (audit.hpp, AuditPlan). The v-variants' non-roots follow the root's header, which
  // names the option due and the block's state (wrappers.cpp, v_header).
  const int block = v.audit_block;  // within the shape's budget (plan_exploration)
  std::vector<double> verified(measured_us.size());
  std::transform(measured_us.begin(), measured_us.end(), verified.begin(), [](double us) { return us * 1e-6; });
  if (block > 0 && v.options.size() >= 2) {
    c.audit = std::make_unique<Audit>(Audit{.options = std::move(v.options),
                                            .plan = AuditPlan(verified, int(winner), native,
                                                              rt.settings.op(op).margin),
                                            .block_calls = block,
                                            .measured_calls = (block + 1) / 2,
                                            .verified_seconds = verified});
    c.audit->seconds.assign(std::size_t(c.audit->measured_calls), 0.0);
  }
  // Kept for the tuning file: final without an audit; with one, until the audit's verdict replaces
  // it, the verification's, which a job ending mid-audit leaves for the next to audit.
  if (log_here) note_tuning_verdict(rt, cs, op, root, c, c.audit ? c.audit->options : v.options, verified, {});
  c.verify.reset();
}

bool resume_audit(const Runtime& rt, Collective op, Choice& c, const TuningEntry& e) {
  const Verification& v = *c.verify;
  const int block = v.audit_block;  // what the shape's budget allows (plan_exploration)
  if (block <= 0 || v.options.size() < 2) return false;
  std::vector<double> verified(v.options.size(), -1.0);
  int winner = -1;
  for (std::size_t o = 0; o < v.options.size(); ++o) {
    const std::string_view name = v.options[o].algorithm->name;
    for (const TuningTime& t : e.measured)
      if (t.algorithm == name) verified[o] = t.seconds;
    if (verified[o] < 0) return false;
    if (name == e.verdict) winner = int(o);
  }
  if (winner < 0 || e.measured.size() != v.options.size()) return false;
  const std::string model_choice(c.algorithm->name);
  adopt(c, v.options[std::size_t(winner)], "measured fastest in verification by an earlier job (the model chose " +
                                               model_choice + "; tuning file)");
  const int native = native_option(v);
  if (native >= 0) {
    c.native_us = verified[std::size_t(native)] * 1e6;
    c.native_measured = true;
  }
  c.audit = std::make_unique<Audit>(Audit{.options = std::move(c.verify->options),
                                          .plan = AuditPlan(verified, winner, native, rt.settings.op(op).margin),
                                          .block_calls = block,
                                          .measured_calls = (block + 1) / 2,
                                          .verified_seconds = verified});
  c.audit->seconds.assign(std::size_t(c.audit->measured_calls), 0.0);
  c.verify.reset();
  return true;
}

namespace {
// A block's agreed times (`slowest`) into the plan; once the audit is over make c its verdict, drop
// the audit and log it (when `log_here`).
void judge_audit_block(Runtime& rt, const CommState& cs, Collective op, int root, Choice& c,
                       std::span<const double> slowest, bool log_here) {
  Audit& a = *c.audit;
  a.plan.block_done(slowest);
  a.done = 0;
  if (!a.plan.over()) return;
  const std::size_t kept = std::size_t(a.plan.verdict());
  const Choice& w = a.options[kept];
  if (rt.logging && log_here) {
    std::vector<JsonLine> options;
    for (std::size_t o = 0; o < a.options.size(); ++o) {
      JsonLine j;
      j.add("algorithm", a.options[o].algorithm->name);
      const double loop = a.plan.loop_seconds()[o];
      if (loop >= 0) j.add_us("audited_us", loop * 1e6);
      options.push_back(j);
    }
    JsonLine l;
    l.add("kind", "audit").add("op", to_string(op)).add("comm_size", cs.size).add("root", root);
    l.add("bytes_min", c.bytes_min).add("bytes_max", c.bytes_max).add("calls", a.calls);
    l.add("block_calls", a.block_calls).add("measured_calls", a.measured_calls);
    l.add("verified", c.algorithm->name).add("options", options).add("verdict", w.algorithm->name);
    std::lock_guard lock(rt.log_mu);
    rt.verify_lines.push_back(l.str());
  }
  if (rt.settings.verbose && log_here && w.algorithm != c.algorithm)
    print(std::string(to_string(op)) + " on " + std::to_string(cs.size) + " ranks, root " + std::to_string(root) +
          ", " + std::to_string(c.bytes_min) + ".." + std::to_string(c.bytes_max) + " bytes: audited " +
          std::string(w.algorithm->name) + " (" + fmt_us(a.plan.loop_seconds()[kept] * 1e6) +
          " us per call in the job's sequence; verification kept " + std::string(c.algorithm->name) + ")");
  if (w.algorithm != c.algorithm || w.native != c.native) {
    adopt(c, w, "measured fastest in the job's sequence of calls (verification kept " + std::string(c.algorithm->name) + ")");
    if (rt.recording()) {
      if (!c.stats) c.stats = stats_for(rt, op, cs.size, root, c);
      std::lock_guard lock(rt.log_mu);
      if (w.native) c.stats->reason = c.reason;
    }
  }
  if (log_here) note_tuning_verdict(rt, cs, op, root, c, a.options, a.verified_seconds, a.plan.loop_seconds());
  c.audit.reset();
}
}  // namespace

void end_audit_block(Runtime& rt, CommState& cs, Collective op, int root, Choice& c) {
  const std::vector<double>& mine = c.audit->seconds;
  std::vector<double> slowest(mine.size(), 0.0);
  // The one reduction of a block: a collective takes as long as its slowest rank.
  PMPI_Allreduce(mine.data(), slowest.data(), int(slowest.size()), MPI_DOUBLE, MPI_MAX, cs.priv);
  judge_audit_block(rt, cs, op, root, c, slowest, cs.rank == 0);
}

bool end_v_audit_block(Runtime& rt, CommState& cs, Collective op, int root, Choice* c, std::span<const double> seconds) {
  std::vector<double> slowest(seconds.size(), 0.0);
  // Reduced to the root, which alone keeps the plan, and its answer broadcast: together the cost of
  // the fixed-count collectives' one MPI_Allreduce, and every rank knows whether to go on measuring
  // (collsel_exploring), which the next header alone would tell too late.
  PMPI_Reduce(seconds.data(), slowest.data(), int(seconds.size()), MPI_DOUBLE, MPI_MAX, root, cs.priv);
  int more = 0;
  if (cs.rank == root && c && c->audit) {
    judge_audit_block(rt, cs, op, root, *c, slowest, true);
    more = c->audit != nullptr;
  }
  PMPI_Bcast(&more, 1, MPI_INT, root, cs.priv);
  return more != 0;
}

namespace {
// A verification as planned, none of its calls made (its options copied without their own state).
std::unique_ptr<Verification> fresh_copy(const Verification& v) {
  auto f = std::make_unique<Verification>(v);
  f->done = 0;
  std::fill(f->seconds.begin(), f->seconds.end(), 0.0);
  std::fill(f->retired_at.begin(), f->retired_at.end(), 0);
  f->stand_in = -1;
  return f;
}

// The verification of a checked choice's candidates as if the model had priced the choice at
// `measured` seconds (null: nothing then in doubt). The budget in time prices a candidate by its
// predicted excess over the best, what the job would lose if the model were right; here the job
// pays the choice's measured time anyway, and every candidate in doubt is predicted faster than
// that: trying it costs nothing so priced.
std::unique_ptr<Verification> verification_at(const Settings& s, const PredictionCheck& k, double measured) {
  std::vector<double> predicted = k.predicted;
  predicted.front() = measured;
  ExplorationBudget budget = k.budget;
  budget.max_time = 0;
  const ExplorationPlan plan =
      plan_exploration(predicted, k.native, k.native_seconds, budget, s.verify_calls, s.verify_max_calls, s.audit_calls);
  if (plan.options.empty()) return nullptr;
  return planned_verification(k.options, plan, predicted, k.native, budget);
}
}  // namespace

void watch_drift(const Runtime& rt, Choice& c, std::unique_ptr<PredictionCheck> held) {
  const Settings& s = rt.settings;
  if (!c.verify && !held) return;
  if (!(s.drift_threshold > 0) || s.drift_max <= 0) return;
  c.drift = std::make_unique<Drift>(Drift{.monitor = DriftMonitor(s.drift_threshold, s.drift_max),
                                          .every = s.drift_every,
                                          .model = c,
                                          .plan = held ? nullptr : fresh_copy(*c.verify),
                                          .check = std::move(held)});
  c.drift->samples.assign(std::size_t(s.drift_window) + 1, 0.0);
}

namespace {
// A window's agreed times (`slowest`: the window's samples, then the slowest rank's time in the
// previous agreement) into c's monitor, and the sampling interval after it.
DriftMonitor::Outcome judge_drift_window(Drift& d, std::span<const double> slowest) {
  d.sampled = 0;
  const std::span<const double> window = slowest.first(slowest.size() - 1);
  const DriftMonitor::Outcome outcome = d.monitor.window_done(window);
  // Agreements dearer than their share of the calls they watch come less often (the same on every rank).
  d.every = next_drift_every(d.every, int(window.size()), slowest.back(), window_median(window));
  return outcome;
}

// This rank's agreement in the report; `reverified`: count the drift (on the rank that logs it).
void count_drift_agreement(Runtime& rt, double seconds, bool reverified) {
  std::lock_guard lock(rt.log_mu);
  ++rt.drift_checks;
  rt.drift_seconds += seconds;
  if (reverified) ++rt.drift_reverified;
}

// After a drift of c (its monitor's baseline was `baseline`): the log says so (when `log_here`),
// and c goes back to the model's choice and its verification as planned.
void verify_again(Runtime& rt, const CommState& cs, Collective op, int root, Choice& c, double baseline, bool log_here) {
  Drift& d = *c.drift;
  if (rt.logging && log_here) {
    JsonLine l;
    l.add("kind", "drift").add("op", to_string(op)).add("comm_size", cs.size).add("root", root);
    l.add("bytes_min", c.bytes_min).add("bytes_max", c.bytes_max).add("algorithm", c.algorithm->name);
    l.add("calls", d.calls).add_us("baseline_us", baseline * 1e6).add_us("window_us", d.monitor.last_window() * 1e6);
    l.add_us("ratio", d.monitor.last_window() / baseline).add_us("threshold", rt.settings.drift_threshold);
    l.add("reverification", d.monitor.reverifications());
    std::lock_guard lock(rt.log_mu);
    rt.verify_lines.push_back(l.str());
  }
  if (rt.settings.verbose && log_here)
    print(std::string(to_string(op)) + " on " + std::to_string(cs.size) + " ranks, root " + std::to_string(root) +
          ", " + std::to_string(c.bytes_min) + ".." + std::to_string(c.bytes_max) + " bytes: " +
          std::string(c.algorithm->name) + " drifted (" + fmt_us(d.monitor.last_window() * 1e6) + " us per call against " +
          fmt_us(baseline * 1e6) + " us when frozen): verified again");
  // Back to the model's choice, and its verification as planned: the drifted verdict has no say
  // beyond what its calls measure now.
  const Choice& m = d.model;
  c.algorithm = m.algorithm;
  c.native = m.native;
  c.predicted_us = m.predicted_us;
  c.schedule = m.schedule;
  c.reason = "tried in measured verification";
  c.stats = m.stats;
  c.tuned = false;
  // A checked choice: its check's candidates, as if it had been predicted at the drifted window.
  // Where none is in doubt even so, the shape stays frozen and the next window is its baseline.
  c.verify = d.plan ? fresh_copy(*d.plan) : verification_at(rt.settings, *d.check, d.monitor.last_window());
  d.calls = 0;
  note_exploring(op, c.verify != nullptr);
}
}  // namespace

void end_drift_window(Runtime& rt, CommState& cs, Collective op, int root, Choice& c) {
  Drift& d = *c.drift;
  const double t0 = PMPI_Wtime();
  std::vector<double> slowest(d.samples.size(), 0.0);
  // The one reduction of a window: every rank judges the same times (a collective is done when its
  // slowest rank is), and the slowest rank's time in the previous agreement, its cost.
  PMPI_Allreduce(d.samples.data(), slowest.data(), int(slowest.size()), MPI_DOUBLE, MPI_MAX, cs.priv);
  const double baseline = d.monitor.baseline();
  const DriftMonitor::Outcome outcome = judge_drift_window(d, slowest);
  const double agreed = PMPI_Wtime() - t0;
  d.samples.back() = agreed;
  count_drift_agreement(rt, agreed, outcome == DriftMonitor::Outcome::drift && cs.rank == 0);
  if (outcome != DriftMonitor::Outcome::drift) return;
  verify_again(rt, cs, op, root, c, baseline, cs.rank == 0);
}

bool end_v_drift_window(Runtime& rt, CommState& cs, Collective op, int root, Choice* c, std::span<double> samples) {
  const double t0 = PMPI_Wtime();
  std::vector<double> slowest(samples.size(), 0.0);
  // Reduced to the root, which alone keeps the monitor, and its answer broadcast: every rank knows at
  // once whether the shape is measured again (collsel_exploring) and ends a held native, which
  // would otherwise skip the header that starts the verification.
  PMPI_Reduce(samples.data(), slowest.data(), int(slowest.size()), MPI_DOUBLE, MPI_MAX, root, cs.priv);
  int drifted = 0;
  double baseline = -1;
  if (cs.rank == root && c && c->drift) {
    baseline = c->drift->monitor.baseline();
    drifted = judge_drift_window(*c->drift, slowest) == DriftMonitor::Outcome::drift;
  }
  PMPI_Bcast(&drifted, 1, MPI_INT, root, cs.priv);
  const double agreed = PMPI_Wtime() - t0;
  samples.back() = agreed;
  count_drift_agreement(rt, agreed, drifted && cs.rank == root);
  if (!drifted) return false;
  cs.vnative.erase({int(op), root});
  if (cs.rank == root && c && c->drift) verify_again(rt, cs, op, root, *c, baseline, true);
  note_exploring(op, true);
  return true;
}

}  // namespace collsel::shim

namespace collsel::shim {

Choice verification_option(const Choice& c, const Candidate& k) {
  return Choice{.algorithm = k.algorithm,
                .native = k.schedule.kind == ScheduleKind::native,
                .predicted_us = k.predicted_seconds * 1e6,
                .native_us = c.native_us,
                .reason = "tried in measured verification",
                .extrapolated = c.extrapolated,
                .schedule = k.schedule,
                .bytes_min = c.bytes_min,
                .bytes_max = c.bytes_max};
}

std::unique_ptr<Verification> planned_verification(std::span<const Choice> options, const ExplorationPlan& plan,
                                                   std::span<const double> predicted, int native,
                                                   const ExplorationBudget& budget) {
  auto v = std::make_unique<Verification>();
  v->min_calls = plan.min_rounds;
  v->max_calls = plan.max_rounds;
  v->audit_block = plan.audit_block;
  for (std::size_t i : plan.options) v->options.push_back(options[i]);
  const bool native_planned = std::ranges::find(plan.options, std::size_t(native)) != plan.options.end();
  if (native >= 0 && !native_planned && std::size_t(native) < options.size()) {
    Verification::NativeAside aside{.option = options[std::size_t(native)],
                                    .predicted = predicted[std::size_t(native)],
                                    .error = budget.error_of(std::size_t(native), predicted.size()),
                                    .option_errors = {},
                                    .budget = budget};
    for (std::size_t i : plan.options) aside.option_errors.push_back(budget.error_of(i, predicted.size()));
    v->native_aside = std::make_shared<const Verification::NativeAside>(std::move(aside));
  }
  v->seconds.assign(v->options.size() * std::size_t(v->max_calls), 0.0);
  v->retired_at.assign(v->options.size(), 0);
  v->orders = round_orders(int(v->options.size()), v->max_calls);
  return v;
}


void plan_prediction_check(const Runtime& rt, Choice& c, std::vector<Choice> options, std::vector<double> predicted,
                           int native, double native_seconds, ExplorationBudget budget) {
  const int calls = rt.settings.verify_check_calls;
  if (calls <= 0 || predicted.size() < 2) return;
  c.check = std::make_unique<PredictionCheck>(PredictionCheck{.calls = calls,
                                                              .seconds = std::vector<double>(std::size_t(calls), 0.0),
                                                              .options = std::move(options),
                                                              .predicted = std::move(predicted),
                                                              .native = native,
                                                              .native_seconds = native_seconds,
                                                              .budget = std::move(budget)});
}

namespace {
// The check's verdict from its calls' slowest-rank times (`slowest`), on the rank that keeps c's
// check: where their median misses the prediction, c is verified as planned with the choice priced
// at that median; otherwise it is frozen and watched. The log says what the check found (when
// `log_here`).
void judge_prediction_check(Runtime& rt, const CommState& cs, Collective op, int root, Choice& c,
                            std::span<const double> slowest, bool log_here) {
  PredictionCheck& k = *c.check;
  const double measured = window_median(slowest);
  const double error = k.budget.error_of(0, k.predicted.size());
  const bool missed = !rt.test_check_holds && prediction_missed(measured, k.predicted.front(), error);
  if (missed) c.verify = verification_at(rt.settings, k, measured);  // as if the model had priced it so
  if (rt.logging && log_here) {
    JsonLine l;
    l.add("kind", "check").add("op", to_string(op)).add("comm_size", cs.size).add("root", root);
    l.add("bytes_min", c.bytes_min).add("bytes_max", c.bytes_max).add("algorithm", c.algorithm->name);
    l.add("calls", k.calls).add_us("predicted_us", k.predicted.front() * 1e6).add_us("measured_us", measured * 1e6);
    l.add_us("error_pct", 100 * error).add("missed", missed).add("verifying", c.verify ? int(c.verify->options.size()) : 0);
    std::lock_guard lock(rt.log_mu);
    rt.verify_lines.push_back(l.str());
  }
  if (rt.settings.verbose && log_here && missed)
    print(std::string(to_string(op)) + " on " + std::to_string(cs.size) + " ranks, root " + std::to_string(root) + ", " +
          std::to_string(c.bytes_min) + ".." + std::to_string(c.bytes_max) + " bytes: " + std::string(c.algorithm->name) +
          " measured " + fmt_us(measured * 1e6) + " us per call against " + fmt_us(k.predicted.front() * 1e6) +
          " us predicted: " + (c.verify ? "verified" : "nothing else in doubt"));
  // Where the prediction held, the choice is frozen and watched like a verified one, its check
  // kept to plan a verification if it drifts.
  auto held = c.verify ? nullptr : std::make_unique<PredictionCheck>(std::move(*c.check));
  c.check.reset();
  watch_drift(rt, c, std::move(held));
}
}  // namespace

void end_prediction_check(Runtime& rt, CommState& cs, Collective op, int root, Choice& c, bool log_here) {
  const PredictionCheck& k = *c.check;
  std::vector<double> slowest(k.seconds.size(), 0.0);
  PMPI_Allreduce(k.seconds.data(), slowest.data(), int(k.seconds.size()), MPI_DOUBLE, MPI_MAX, cs.priv);
  judge_prediction_check(rt, cs, op, root, c, slowest, log_here);
}

void end_v_prediction_check(Runtime& rt, CommState& cs, Collective op, int root, Choice* c,
                            std::span<const double> seconds) {
  std::vector<double> slowest(seconds.size(), 0.0);
  // To the root alone: the next call's header tells the others whether verification follows.
  PMPI_Reduce(seconds.data(), slowest.data(), int(seconds.size()), MPI_DOUBLE, MPI_MAX, root, cs.priv);
  if (cs.rank == root && c && c->check) judge_prediction_check(rt, cs, op, root, *c, slowest, true);
}

}  // namespace collsel::shim

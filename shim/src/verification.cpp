#include "verification.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace collsel::shim {

std::vector<std::vector<int>> round_orders(int options, int rounds) {
  const std::size_t n = std::size_t(std::max(options, 0));
  std::vector<std::vector<int>> orders;
  if (rounds <= 0) return orders;
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  orders.push_back(order);
  if (n < 2) {
    orders.resize(std::size_t(rounds), order);
    return orders;
  }
  std::vector<int> follows(n * n, 0);  // [option * n + predecessor]: calls of option right after predecessor
  for (std::size_t j = 1; j < n; ++j) ++follows[std::size_t(order[j]) * n + std::size_t(order[j - 1])];
  for (int r = 1; r < rounds; ++r) {
    const int last = orders.back().back();
    std::vector<int> best;
    long best_rise = 0;
    std::iota(order.begin(), order.end(), 0);
    do {
      if (order[0] == last) continue;
      // Every option of a round appears once, so its pairs (the boundary's included) raise distinct
      // counts: the sum of squares rises by the sum of 2c + 1 over them.
      long rise = 2L * follows[std::size_t(order[0]) * n + std::size_t(last)] + 1;
      for (std::size_t j = 1; j < n; ++j) rise += 2L * follows[std::size_t(order[j]) * n + std::size_t(order[j - 1])] + 1;
      if (best.empty() || rise < best_rise) {
        best = order;
        best_rise = rise;
      }
    } while (std::next_permutation(order.begin(), order.end()));
    ++follows[std::size_t(best[0]) * n + std::size_t(last)];
    for (std::size_t j = 1; j < n; ++j) ++follows[std::size_t(best[j]) * n + std::size_t(best[j - 1])];
    orders.push_back(std::move(best));
  }
  return orders;
}

std::vector<const Candidate*> verification_slots(std::span<const Candidate* const> ranked, std::size_t slots,
                                                 std::string_view native_plan) {
  const auto is_native = [](const Candidate* k) { return k->schedule.kind == ScheduleKind::native; };
  // Native's twin: the candidate named native_plan, and whatever is interchangeable with it.
  const auto plan = native_plan.empty() ? ranked.end() : std::find_if(ranked.begin(), ranked.end(), [&](const Candidate* k) {
    return k->algorithm->name == native_plan;
  });
  const auto is_plan = [&](const Candidate* k) {
    return plan != ranked.end() && (k == *plan || interchangeable(*k, **plan));
  };
  const auto twins = [&](const Candidate* a, const Candidate* b) {
    return interchangeable(*a, *b) || (is_native(a) && is_plan(b)) || (is_native(b) && is_plan(a));
  };
  std::vector<const Candidate*> distinct;
  for (const Candidate* k : ranked) {
    const auto twin = std::find_if(distinct.begin(), distinct.end(), [&](const Candidate* d) { return twins(d, k); });
    if (twin == distinct.end()) distinct.push_back(k);
    else if (is_native(k)) *twin = k;
  }
  if (distinct.size() > slots) {
    const auto native = std::find_if(distinct.begin(), distinct.end(), is_native);
    const bool native_cut = native != distinct.end() && std::size_t(native - distinct.begin()) >= slots;
    if (native_cut && slots > 0) distinct[slots - 1] = *native;
    distinct.resize(slots);
  }
  return distinct;
}

std::vector<double> doubt_predictions(std::span<const double> predicted, std::span<const std::string_view> families) {
  std::vector<double> doubt(predicted.begin(), predicted.end());
  const std::size_t n = std::min(predicted.size(), families.size());  // callers pass one family each
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (!families[i].empty() && families[j] == families[i]) doubt[i] = std::min(doubt[i], predicted[j]);
  return doubt;
}

std::vector<double> doubt_predictions(std::span<const Candidate* const> planned) {
  std::vector<double> predicted;
  std::vector<std::string_view> families;
  for (const Candidate* k : planned) {
    predicted.push_back(k->predicted_seconds);
    families.push_back(k->algorithm->window_family);
  }
  return doubt_predictions(predicted, families);
}

ExplorationPlan plan_exploration(std::span<const double> predicted, int native, double native_seconds,
                                 const ExplorationBudget& budget, int verify_calls, int verify_max_calls,
                                 int audit_calls) {
  ExplorationPlan plan;
  if (predicted.size() < 2) return plan;
  const double best = std::ranges::min(predicted);
  // Whether a candidate could beat the model's choice: either prediction may miss by its own error.
  const auto error = [&](std::size_t i) {
    return std::max(budget.error_of(0, predicted.size()), budget.error_of(i, predicted.size()));
  };
  // Native, the floor a job must never fall below, stays in doubt over a wider reach: the error is
  // the median miss, and native is verified while the best's lead over it is within what a
  // prediction at about the 90th percentile misses (kNativeDoubtSpread medians, in log terms).
  for (std::size_t i = 0; i < predicted.size(); ++i)
    if (i == 0 || !(predicted[i] > best * (1.0 + error(i))) ||
        (int(i) == native && !(predicted[i] > best * std::pow(1.0 + error(i), kNativeDoubtSpread))))
      plan.options.push_back(i);
  const int most = std::max(verify_calls, verify_max_calls);
  const int least = std::min(2, verify_calls);
  const double time_limit = budget.max_time > 0 ? budget.max_time * native_seconds : 0;
  const auto excess = [&](std::size_t i) { return std::max(0.0, predicted[i] - best); };
  // The rounds the budget allows this set of options (most at the least).
  const auto rounds_allowed = [&] {
    int rounds = most;
    if (budget.max_calls > 0) rounds = std::min(rounds, budget.max_calls / int(plan.options.size()));
    double per_round = 0;
    for (std::size_t i : plan.options) per_round += excess(i);
    if (time_limit > 0 && per_round > 0) rounds = int(std::min<double>(rounds, std::floor(time_limit / per_round)));
    return rounds;
  };
  while (plan.options.size() >= 2 && rounds_allowed() < least) {
    // The slowest predicted option other than the model's choice and native leaves (the later on ties).
    std::size_t drop = 0;
    for (std::size_t j = 1; j < plan.options.size(); ++j) {
      const std::size_t i = plan.options[j];
      if (int(i) == native) continue;
      if (drop == 0 || predicted[i] >= predicted[plan.options[drop]]) drop = j;
    }
    if (drop == 0) {  // only the model's choice and native are left, and they do not fit
      plan.options.clear();
      break;
    }
    plan.options.erase(plan.options.begin() + std::ptrdiff_t(drop));
  }
  if (plan.options.size() < 2) {
    plan.options.clear();
    return plan;
  }
  plan.max_rounds = rounds_allowed();
  plan.min_rounds = std::min(verify_calls, plan.max_rounds);
  // The audit: what the verification's most rounds leave, for at most options + 1 blocks.
  const int n = int(plan.options.size()), blocks = n + 1;
  int block = audit_calls;
  if (budget.max_calls > 0) block = std::min(block, (budget.max_calls - n * plan.max_rounds) / blocks);
  double worst = 0, per_round = 0;
  for (std::size_t i : plan.options) {
    worst = std::max(worst, excess(i));
    per_round += excess(i);
  }
  if (time_limit > 0 && worst > 0)
    block = int(std::min<double>(block, std::floor((time_limit - per_round * plan.max_rounds) / (blocks * worst))));
  plan.audit_block = block >= 2 ? block : 0;
  return plan;
}

bool prediction_missed(double measured, double predicted, double error) {
  if (!(predicted > 0) || !(measured > 0) || !std::isfinite(error)) return false;
  return measured > predicted * std::pow(1.0 + error, kNativeDoubtSpread);
}

ExplorationPlan plan_native_after_miss(double measured, double predicted, double error, double native_seconds,
                                       double native_error, ExplorationBudget budget, int spent, int verify_calls,
                                       int verify_max_calls, int audit_calls) {
  if (!prediction_missed(measured, predicted, error) || !(native_seconds > 0)) return {};
  if (budget.max_calls > 0) {
    budget.max_calls -= spent;
    if (budget.max_calls <= 0) return {};  // 0 would mean no limit
  }
  // As for a missed check (0025): the job pays the verdict's measured time anyway, and native is
  // in doubt only within the error's reach of it, so no budget in time prices the calls.
  budget.max_time = 0;
  budget.errors = {error, native_error};
  const std::vector<double> priced{measured, native_seconds};
  return plan_exploration(priced, 1, native_seconds, budget, verify_calls, verify_max_calls, audit_calls);
}

double share_faster(std::span<const double> a, std::span<const double> b) {
  if (a.empty() || b.empty()) return 0.5;
  double wins = 0;
  for (double x : a)
    for (double y : b) wins += x < y ? 1.0 : x == y ? 0.5 : 0.0;
  return wins / double(a.size() * b.size());
}

namespace {
double median_call_time(std::span<const double> calls) {
  std::vector<double> t(calls.begin(), calls.end());
  std::ranges::sort(t);
  const std::size_t k = t.size();
  return k == 0 ? 0.0 : k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
}
}  // namespace

double expected_call_time(std::span<const double> calls) {
  if (calls.empty()) return 0.0;
  const double median = median_call_time(calls);
  double sum = 0;
  for (double x : calls) sum += std::min(x, kOutlierCap * median);
  return sum / double(calls.size());
}

bool loses_clearly(std::span<const double> leader, std::span<const double> other) {
  if (leader.empty() || other.empty()) return false;
  return expected_call_time(other) > expected_call_time(leader) * (1.0 + kClearLead) &&
         median_call_time(leader) < median_call_time(other) && share_faster(leader, other) >= kSettledShare;
}

Agreement judge(std::span<const double> slowest, int options, int rounds, int max_rounds, double margin,
                int native_option, int model_option, std::span<const int> retired_at) {
  const std::size_t n = std::size_t(options), k = std::size_t(rounds);
  Agreement a;
  a.measured_us.resize(n);
  a.retired_at.assign(n, 0);
  for (std::size_t o = 0; o < n && o < retired_at.size(); ++o) a.retired_at[o] = std::clamp(retired_at[o], 0, rounds);
  for (double t : slowest.first(n * k)) a.calls_us.push_back(t * 1e6);
  if (n == 0 || k == 0) {
    a.settled = true;
    return a;
  }
  auto calls = [&](std::size_t o) { return slowest.subspan(o * k, std::size_t(counted_calls(a.retired_at[o], rounds))); };
  std::vector<double> time(n);
  for (std::size_t o = 0; o < n; ++o) {
    time[o] = expected_call_time(calls(o));
    a.measured_us[o] = time[o] * 1e6;
  }
  std::size_t best = 0;
  for (std::size_t o = 1; o < n; ++o)
    if (time[o] < time[best]) best = o;
  for (std::size_t o = 0; o < n; ++o)
    if (o != best && a.retired_at[o] == 0 && loses_clearly(calls(best), calls(o))) a.retired_at[o] = rounds;
  const auto tried = [&](std::size_t o) { return a.retired_at[o] == 0; };
  a.settled = rounds >= max_rounds || std::count_if(a.retired_at.begin(), a.retired_at.end(), [](int r) { return r == 0; }) < 2;
  if (!a.settled) {
    std::size_t runner_up = n;
    for (std::size_t o = 0; o < n; ++o)
      if (o != best && tried(o) && (runner_up == n || time[o] < time[runner_up])) runner_up = o;
    // No spread at all (a simulator's deterministic times): more rounds cannot tell them apart.
    auto steady = [](std::span<const double> c) { return std::ranges::min(c) == std::ranges::max(c); };
    a.settled = share_faster(calls(best), calls(runner_up)) >= kSettledShare ||
                (steady(calls(best)) && steady(calls(runner_up)));
  }
  std::vector<std::span<const double>> per_option(n);
  for (std::size_t o = 0; o < n; ++o) per_option[o] = calls(o);
  a.fastest = verdict_option(per_option, margin, native_option, model_option);
  return a;
}

std::size_t verdict_option(std::span<const std::span<const double>> calls, double margin, int native_option,
                           int model_option) {
  const std::size_t n = calls.size();
  if (n == 0) return 0;
  std::vector<double> time(n);
  for (std::size_t o = 0; o < n; ++o) time[o] = expected_call_time(calls[o]);
  std::size_t best = 0;
  for (std::size_t o = 1; o < n; ++o)
    if (time[o] < time[best]) best = o;
  if (native_option < 0 || std::size_t(native_option) >= n || best == std::size_t(native_option)) return best;
  const std::size_t native = std::size_t(native_option);
  // Replacing the library's own algorithm needs a time faster by the margin and a lead call for
  // call (on shaped links a 64 KB call's time is bimodal, and a few calls can fall either way),
  // or a lead too large for that — and confirmed by the median: one slow native call among three
  // (a shape's very first call is one 4 % of the time) lifts native's mean 25 % above a tree's.
  const bool clear_lead = time[native] > time[best] * (1.0 + kClearLead) &&
                          median_call_time(calls[best]) < median_call_time(calls[native]);
  const bool beats_by_margin = time[best] <= time[native] * (1.0 - margin);
  const bool steady_lead = beats_by_margin && share_faster(calls[best], calls[native]) >= kSettledShare;
  if (clear_lead || steady_lead) return best;
  // The model's own choice, measured faster than native by the margin, has a prediction and a
  // measurement behind it even where another option measured faster still but by no clear lead.
  const bool model_leads = model_option >= 0 && std::size_t(model_option) < n && std::size_t(model_option) != native &&
                           time[std::size_t(model_option)] <= time[native] * (1.0 - margin);
  return model_leads ? std::size_t(model_option) : native;
}

}  // namespace collsel::shim

// Measured verification's rules, without MPI: which candidates it tries, the order of their calls
// in each round and the verdict from the calls' agreed times (docs/shim.md; the shim's calls:
// measured_calls.hpp). Unit-tested in tests/unit.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collsel/decide.hpp"

namespace collsel::shim {

// The candidates a verification measures, from `ranked` (the model's choice first, then by
// predicted time): at most `slots`, one per plan. Interchangeable candidates (decide.hpp) share a
// slot, and so do native and `native_plan` — the name of collsel's candidate that sends what the
// library's own algorithm sends for this call (mpich_native_plan()), empty when not known — and
// native takes that slot, since it is measured anyway: on 6-8 ranks MPICH's scatter, gather and
// bcast are collsel's `binomial`, and measuring both spent one of the slots on noise. Native, when
// in `ranked` (it runs here), is always among them: in the last slot if the others filled them.
std::vector<const Candidate*> verification_slots(std::span<const Candidate* const> ranked, std::size_t slots,
                                                 std::string_view native_plan);

// The predictions that decide which of `planned` (the model's choice first, then the other slots)
// are in doubt: each candidate's own, but a member of a window family (AlgorithmInfo::
// window_family: one tree under different windows of segments in flight, which the model cannot
// price apart) takes its family's best among them, so where one member is in doubt every one is
// (decision record 0034).
std::vector<double> doubt_predictions(std::span<const Candidate* const> planned);
// The same rule on bare predictions, families[i] being predicted[i]'s window family (empty: none);
// collsel-judge's `explore` replays it from logged names.
std::vector<double> doubt_predictions(std::span<const double> predicted, std::span<const std::string_view> families);

// What a shape's exploration (its verification and the audit of the verdict) may spend, and how
// sure the model is (docs/shim.md, "What exploration costs"; docs/design/0012).
struct ExplorationBudget {
  // The model's relative error: a candidate is in doubt when predicted within this fraction of the
  // best predicted. Infinity: not known (every candidate is in doubt).
  double error = std::numeric_limits<double>::infinity();
  // Per candidate, in the order of plan_exploration's `predicted`: its own error (its kind of
  // schedule's, [validation] schedule_error); empty: `error` for every one.
  std::vector<double> errors;
  // Candidate i's own error among `candidates`: errors[i] where they match, else `error`.
  double error_of(std::size_t i, std::size_t candidates) const {
    return errors.size() == candidates ? errors[i] : error;
  }
  int max_calls = 0;      // calls of verification and audit together, at most (0: no limit)
  double max_time = 0;    // their predicted time beyond the best predicted candidate's, at most this
                          // many times native's predicted time of one call (0: no limit)
};

// How far native stays in doubt, in medians of the model's error taken in log terms: the 90th
// percentile of a half-normal |log error| is 2.44 times its median. A shape whose best candidate
// leads native by less than (1 + error)^2.44 verifies native beside it (error 52 %: a lead of up
// to 2.78x; 2.4 %: 6.0 %; 0.1 %: 0.24 %).
inline constexpr double kNativeDoubtSpread = 2.44;

struct ExplorationPlan {
  std::vector<std::size_t> options;  // indices into `predicted`, in its order; empty: no verification
  int min_rounds = 0, max_rounds = 0;  // verification's rounds (verify_calls, verify_max_calls within the budget)
  int audit_block = 0;                 // the audit's block length (0: no audit)
};

// The rule (pure; the same inputs on every rank: the model's predictions and the model file's
// error). `predicted`: seconds of the candidates verification_slots kept, the model's choice first;
// `native`: native's index among them (-1: not one); `native_seconds`: native's prediction on the
// shape. Candidates predicted within `error` of the best predicted are in doubt, the model's
// choice always among them, and native within (1 + error)^kNativeDoubtSpread of it, where a
// candidate's `error` is the larger of its own and the model's choice's (budget.errors); fewer than
// two in doubt: no verification. The rounds are
// verify_calls..verify_max_calls, fewer when the budget says so: every round costs each option's
// predicted time beyond the best, and a round's calls count against max_calls; while fewer than
// min(2, verify_calls) rounds fit, the slowest predicted option other than the model's choice and
// native leaves the set (those two always fit two rounds of a max_time of at least 2). The audit's
// block (audit_calls at most) is what is left once the verification's most rounds are spent, shared
// by its options + 1 blocks at most, each priced at the slowest option's predicted excess; under 2
// calls: no audit.
ExplorationPlan plan_exploration(std::span<const double> predicted, int native, double native_seconds,
                                 const ExplorationBudget& budget, int verify_calls, int verify_max_calls,
                                 int audit_calls);

// Whether an unverified choice's measured time (its checked calls' median) is beyond what the
// model's error allows of its prediction: slower than predicted × (1 + error)^kNativeDoubtSpread,
// the miss of about one prediction in ten (pure; the same on every rank).
bool prediction_missed(double measured, double predicted, double error);

// A verification that left native out (its predicted lead was beyond doubt) and settled on a
// verdict measured at `measured` seconds, predicted at `predicted` with error `error`: where the
// verdict missed its prediction (prediction_missed), native's lead was counted from a price the
// measurement disproves, so the verdict and native are planned again as plan_exploration plans a
// choice priced at its measured time — options {0: the verdict, 1: native} when native, predicted at
// `native_seconds` with error `native_error`, is in doubt so priced, within what is left of the
// budget's calls after the `spent` ones and with no budget in time, as after a missed check
// (docs/design/0039). Empty options: nothing more to verify.
ExplorationPlan plan_native_after_miss(double measured, double predicted, double error, double native_seconds,
                                       double native_error, ExplorationBudget budget, int spent, int verify_calls,
                                       int verify_max_calls, int audit_calls);

// The order of the options in each of `rounds` rounds of a verification (the same on every rank):
// round 0 in the planned order (the model's choice first), every later round the permutation that
// keeps the calls' predecessors most even — on shaped links and shared cores a call's time depends
// on what ran just before it, so two options compared by their times must have followed the same
// others. The calls run as one sequence, round after round; counting the pair across each round's
// boundary too, each round takes, among the permutations that never run an option right after
// itself (back to back it finds the buckets its own last call drained), the one that least raises
// the sum of squares of the (predecessor, option) counts; ties go to the first in lexicographic
// order. After every round — the verdict may come after any of them — each option has followed
// each other option equally often to within one call (2 to 8 options, up to 32 rounds; the seeded
// shuffles this replaces left a spread of 2-4 calls and one call in five after the same option).
// Cost: options! x options per round, once per shape (8 options: 0.3 M steps per round).
std::vector<std::vector<int>> round_orders(int options, int rounds);

// After call number `done` (1-based) of a verification with `options` candidates: whether a round
// just ended on which the ranks must agree (from round `min_rounds` on). The root's and the other
// ranks' bookkeeping of the v-variants both ask this, so they join the same reductions.
inline bool agreement_due(int done, int options, int min_rounds) {
  return done % options == 0 && done / options >= min_rounds;
}

// The share of pairs (x from a, y from b) with x < y, ties counting half (0.5 when one is empty).
double share_faster(std::span<const double> a, std::span<const double> b);

// An option's time in a verification: the mean of its calls, each counted at most kOutlierCap
// times their median. A job's time is the sum of its calls, so the mean is what a verdict must make
// small; the median picks one mode where a call's time is bimodal (a 64 KB call on a token-bucket
// link finds the bucket full or empty), and a tree fast in most calls lost to native's median so.
// The cap keeps one preempted call from deciding (docs/design/0003).
inline constexpr double kOutlierCap = 3.0;
double expected_call_time(std::span<const double> calls);

// The fastest must beat the runner-up in at least this share of their pairs of calls to settle a
// verification before its last round: 0.8 needs 8 of 9 pairs after three rounds each (one
// inversion) and tolerates more inversions as the rounds grow.
inline constexpr double kSettledShare = 0.8;
// A lead over native this large (by expected_call_time; set when it was the median) replaces it even
// without kSettledShare of the pairs: on shaped links a 64 KB call's time is bimodal (a token
// bucket full or empty), and a clearly faster tree can lose pairs to lucky native calls. The lead
// must hold for the median of the calls too, so that one slow first call of native does not decide
// (docs/design/0002, 0003).
inline constexpr double kClearLead = 0.25;

// A candidate that loses clearly to the fastest retires from a verification: its later calls run
// the stand-in (the verdict as it would be now) instead, unmeasured, and its calls so far still
// count. Clearly: the fastest's time leads its time by more than kClearLead, the fastest's median
// leads its median, and the fastest beats it in at least kSettledShare of their pairs of calls —
// native's own test for a clear lead, with the pairs besides. On 8 ranks of a shaped cluster a
// tree measured 45 % behind the leader after three rounds ran six more; retired, its six calls
// run the leader (docs/design/0022).
bool loses_clearly(std::span<const double> leader, std::span<const double> other);

struct Agreement {
  std::size_t fastest = 0;          // by expected_call_time; native kept within `margin`
  bool settled = false;             // the fastest is clearly ahead, or the last round was made
  std::vector<double> measured_us;  // every option's expected_call_time, microseconds
  std::vector<double> calls_us;     // every call's agreed time, microseconds: [option * rounds + call]
  // Per option, the rounds of its calls that count: 0 while it is tried, k once it retired after
  // round k (loses_clearly); its calls_us beyond k are not its own.
  std::vector<int> retired_at;
};

// How many of an option's calls count after `rounds` rounds, given its retired_at.
inline int counted_calls(int retired_at, int rounds) { return retired_at > 0 ? retired_at : rounds; }

// slowest[o * rounds + k]: the agreed (slowest rank's) seconds of call k of option o; retired_at
// (empty: none retired) the options retired at earlier agreements, whose calls count up to their
// round only. An option's time is expected_call_time of its calls. Every option still tried that
// loses_clearly to the fastest retires now (Agreement::retired_at; the rule takes neither the
// margin nor native's place, so the ranks that judge without them retire the same). Settled when
// rounds >= max_rounds, when fewer than two options are still tried, when the fastest beats the
// runner-up still tried in at least kSettledShare of their pairs, or when neither's calls vary at
// all (deterministic times, as in a simulator: more rounds add nothing).
// Native, when tried (native_option >= 0), is kept unless the fastest beats its time by more
// than `margin` and beats it in at least kSettledShare of their pairs of calls, or its time is
// more than kClearLead faster and its median is faster too. Failing those, the model's own choice
// (model_option >= 0: predicted faster than native by the margin when the shape was decided)
// replaces native when its time is faster by the margin, whether or not it is the fastest: two
// independent lines of evidence, a prediction and a measurement, agree. Noise alone must not
// replace the library's own algorithm. Ties: the earlier (better predicted) option.
Agreement judge(std::span<const double> slowest, int options, int rounds, int max_rounds, double margin,
                int native_option, int model_option = -1, std::span<const int> retired_at = {});

// The verdict's choice alone, judge()'s rule on options whose call counts may differ: calls[o] holds
// option o's agreed times (any unit), at least one each. The option kept: the fastest by
// expected_call_time, native kept or the model's choice taken over it as judge() says. Also what
// collsel-judge applies when scripts replay verdicts on recorded runs (tools/judge).
std::size_t verdict_option(std::span<const std::span<const double>> calls, double margin, int native_option,
                           int model_option = -1);

}  // namespace collsel::shim

// collsel-judge: the shim's rules of measured verification (shim/src/verification.hpp) applied to
// recorded measurements, one request per line of standard input, one answer per line of standard
// output (flushed, so a script can hold it open and ask as it goes). The scripts that replay
// verdicts call it instead of restating the rules (scripts/replay_common.py). Requests:
//   time T,T,...                      expected_call_time of these calls
//   verdict NATIVE MODEL T,T,... ...  verdict_option: the index of the option kept, one list of calls
//                                     per option; NATIVE, MODEL: their indices, -1 when not options;
//                                     the default margin
//   explore ERROR NATIVE NATIVE_S P,P,... [A,A,...]
//                                     plan_exploration with the default settings: "OPTIONS ROUNDS
//                                     BLOCK" (indices comma-separated; BLOCK: the audit's block
//                                     length, 0 for none), or "none"; P: the predictions, the
//                                     model's choice first; ERROR may be inf; A: the algorithms
//                                     the predictions are of (registry names, as many), so that a
//                                     window family is in doubt together as in the shim
//                                     (doubt_predictions); without them each is its own
//   audit BLOCK VERDICT NATIVE V,V,... L,L,...
//                                     the audit (AuditPlan, the default margin) of the verdict
//                                     VERDICT after a verification that measured option o at V[o],
//                                     in blocks of BLOCK calls in which every call of option o takes
//                                     L[o] (the measured half of each block agreed as the shim
//                                     agrees it): "BLOCKS KEPT", the options of the blocks run in
//                                     order (comma-separated) and the option kept; NATIVE: native's
//                                     index, -1 when not an option
//   rounds MIN MAX NATIVE MODEL T,T,... ...
//                                     the rounds of a verification (judge(), the default margin)
//                                     on options recorded with the same count of calls each, their
//                                     agreements from round MIN to MAX or the calls recorded:
//                                     "ROUNDS VERDICT RETIRED", the rounds it took (the last
//                                     recorded where it had not settled), the option kept and each
//                                     option's round of retirement (comma-separated, 0: tried to
//                                     the end); an option's calls after it retired are not read
//   slots N NATIVE COUNT              verification_slots with N slots: the indices (comma-separated)
//                                     it keeps of COUNT candidates ranked best first, each a plan of
//                                     its own, native at index NATIVE (-1: none)
// --constants prints the rules' constants and the settings' defaults they use, "name value" a line.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_options.hpp"
#include "collsel/decide.hpp"
#include "collsel/frames.hpp"
#include "collsel/registry.hpp"
#include "collsel/version.hpp"
#include "audit.hpp"
#include "settings.hpp"
#include "verification.hpp"

namespace {

namespace shim = collsel::shim;
constexpr const char* kProgram = "collsel-judge";

[[noreturn]] void bad_request(const std::string& line, const std::string& why) {
  std::fprintf(stderr, "%s: bad request '%s': %s\n", kProgram, line.c_str(), why.c_str());
  std::exit(2);
}

double number(const std::string& token, const std::string& line) {
  char* end = nullptr;
  const double v = std::strtod(token.c_str(), &end);
  if (token.empty() || *end != '\0') bad_request(line, "'" + token + "' is not a number");
  return v;
}

int integer(const std::string& token, const std::string& line) {
  const double v = number(token, line);
  if (v != double(int(v))) bad_request(line, "'" + token + "' is not an integer");
  return int(v);
}

std::vector<double> numbers(const std::string& list, const std::string& line) {
  std::vector<double> v;
  std::stringstream in(list);
  for (std::string t; std::getline(in, t, ',');) v.push_back(number(t, line));
  if (v.empty()) bad_request(line, "an empty list");
  return v;
}

// The window family of each algorithm named in `list` (comma-separated registry names).
std::vector<std::string_view> window_families(const std::string& list, const std::string& line) {
  std::vector<std::string_view> families;
  std::stringstream in(list);
  for (std::string t; std::getline(in, t, ',');) {
    const collsel::AlgorithmInfo* a = collsel::find_algorithm(t);
    if (!a) bad_request(line, "'" + t + "' is no algorithm of the registry");
    families.push_back(a->window_family);
  }
  return families;
}

std::string joined(const std::vector<std::size_t>& v) {
  std::string s;
  for (std::size_t i : v) s += (s.empty() ? "" : ",") + std::to_string(i);
  return s;
}

void print_constants() {
  const shim::Settings defaults;
  std::printf("margin %.15g\n", collsel::kDefaultMargin);
  std::printf("settled_share %.15g\n", shim::kSettledShare);
  std::printf("clear_lead %.15g\n", shim::kClearLead);
  std::printf("outlier_cap %.15g\n", shim::kOutlierCap);
  std::printf("verify_candidates %d\n", defaults.verify_candidates);
  std::printf("verify_calls %d\n", defaults.verify_calls);
  std::printf("verify_max_calls %d\n", defaults.verify_max_calls);
  std::printf("verify_budget_calls %d\n", defaults.verify_budget_calls);
  std::printf("verify_budget_time %.15g\n", defaults.verify_budget_time);
  std::printf("audit_calls %d\n", defaults.audit_calls);
}

// verification_slots on `count` candidates ranked best first, native at index `native`, every other a
// plan of its own (no twins: the scripts know no plans), without a native twin.
std::string slots(int n, int native, int count, const std::string& line) {
  if (n < 1 || count < 0 || native >= count) bad_request(line, "expected N >= 1 and NATIVE < COUNT");
  std::vector<collsel::Candidate> candidates(static_cast<std::size_t>(count));
  std::vector<const collsel::Candidate*> ranked;
  for (int i = 0; i < count; ++i) {
    collsel::Candidate& c = candidates[std::size_t(i)];
    c.predicted_seconds = c.rested_seconds = i + 1.0;  // far apart: never interchangeable
    if (i != native) {
      c.schedule.kind = collsel::ScheduleKind::frames;
      c.schedule.frames = std::make_shared<collsel::FrameSchedule>();  // its own plan
    }
    ranked.push_back(&c);
  }
  std::vector<std::size_t> kept;
  for (const collsel::Candidate* c : shim::verification_slots(ranked, std::size_t(n), ""))
    kept.push_back(std::size_t(c - candidates.data()));
  return joined(kept);
}

// The audit of `verdict` in blocks of `block` calls, every call of option o taking loop[o]: the
// options of the blocks run, in order, then the option kept.
std::string audit(int block, int verdict, int native, const std::vector<double>& verified,
                  const std::vector<double>& loop, const std::string& line) {
  const int options = int(verified.size());
  if (block < 2 || options < 2 || int(loop.size()) != options || verdict < 0 || verdict >= options || native < -1 ||
      native >= options)
    bad_request(line, "expected BLOCK >= 2, as many V as L (at least 2), VERDICT and NATIVE among them");
  shim::AuditPlan plan(verified, verdict, native, collsel::kDefaultMargin);
  const int measured = (block + 1) / 2;  // as end_verification_round plans it
  std::vector<std::size_t> blocks;
  while (!plan.over()) {
    const std::size_t o = std::size_t(plan.current());
    blocks.push_back(o);
    plan.block_done(std::vector<double>(std::size_t(measured), loop[o]));
  }
  return joined(blocks) + " " + std::to_string(plan.verdict());
}

// A verification's rounds replayed on `calls` (one list per option, each as long as the others):
// its agreements from round `min_rounds` to `max_rounds` or the last recorded.
std::string rounds(int min_rounds, int max_rounds, int native, int model, const std::vector<std::vector<double>>& calls,
                   const std::string& line) {
  const int options = int(calls.size()), recorded = int(calls.front().size());
  if (min_rounds < 1 || max_rounds < min_rounds || native < -1 || native >= options || model < -1 || model >= options)
    bad_request(line, "expected 1 <= MIN <= MAX, NATIVE and MODEL among the options or -1");
  std::vector<double> slowest;
  for (const std::vector<double>& c : calls) {
    if (int(c.size()) != recorded) bad_request(line, "every option needs as many calls");
    slowest.insert(slowest.end(), c.begin(), c.end());
  }
  std::vector<int> retired(std::size_t(options), 0);
  shim::Agreement a;
  int r = std::min(min_rounds, recorded);
  for (;; ++r) {
    // judge() reads option o's calls at [o * r, o * r + r): the first r of each.
    std::vector<double> first;
    for (const std::vector<double>& c : calls) first.insert(first.end(), c.begin(), c.begin() + r);
    a = shim::judge(first, options, r, max_rounds, collsel::kDefaultMargin, native, model, retired);
    retired = a.retired_at;
    if (a.settled || r >= recorded) break;
  }
  std::string out = std::to_string(r) + " " + std::to_string(a.fastest) + " ";
  for (int o = 0; o < options; ++o) out += (o ? "," : "") + std::to_string(retired[std::size_t(o)]);
  return out;
}

// One request's answer (without the newline).
std::string answer(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  if (w.empty()) bad_request(line, "empty");
  char buf[64];
  if (w[0] == "time" && w.size() == 2) {
    std::snprintf(buf, sizeof buf, "%.17g", shim::expected_call_time(numbers(w[1], line)));
    return buf;
  }
  if (w[0] == "verdict" && w.size() >= 4) {
    std::vector<std::vector<double>> calls;
    for (std::size_t i = 3; i < w.size(); ++i) calls.push_back(numbers(w[i], line));
    std::vector<std::span<const double>> spans(calls.begin(), calls.end());
    return std::to_string(shim::verdict_option(spans, collsel::kDefaultMargin, integer(w[1], line), integer(w[2], line)));
  }
  if (w[0] == "explore" && (w.size() == 5 || w.size() == 6)) {
    const shim::Settings s;
    shim::ExplorationBudget budget;
    budget.error = number(w[1], line);
    budget.max_calls = s.verify_budget_calls;
    budget.max_time = s.verify_budget_time;
    std::vector<double> predicted = numbers(w[4], line);
    if (w.size() == 6) {
      const std::vector<std::string_view> families = window_families(w[5], line);
      if (families.size() != predicted.size()) bad_request(line, "as many algorithms as predictions expected");
      predicted = shim::doubt_predictions(predicted, families);
    }
    const shim::ExplorationPlan plan = shim::plan_exploration(predicted, integer(w[2], line), number(w[3], line), budget,
                                                              s.verify_calls, s.verify_max_calls, s.audit_calls);
    if (plan.options.empty()) return "none";
    return joined(plan.options) + " " + std::to_string(plan.max_rounds) + " " + std::to_string(plan.audit_block);
  }
  if (w[0] == "audit" && w.size() == 6)
    return audit(integer(w[1], line), integer(w[2], line), integer(w[3], line), numbers(w[4], line),
                 numbers(w[5], line), line);
  if (w[0] == "slots" && w.size() == 4) return slots(integer(w[1], line), integer(w[2], line), integer(w[3], line), line);
  if (w[0] == "rounds" && w.size() >= 7) {
    std::vector<std::vector<double>> calls;
    for (std::size_t i = 5; i < w.size(); ++i) calls.push_back(numbers(w[i], line));
    return rounds(integer(w[1], line), integer(w[2], line), integer(w[3], line), integer(w[4], line), calls, line);
  }
  bad_request(line, "expected 'time CALLS', 'verdict NATIVE MODEL CALLS...', 'explore ERROR NATIVE NATIVE_S PREDICTED [ALGORITHMS]', "
                    "'audit BLOCK VERDICT NATIVE VERIFIED LOOP', 'rounds MIN MAX NATIVE MODEL CALLS...' or "
                    "'slots N NATIVE COUNT'");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"The shim's verdict and exploration rules applied to recorded measurements: one request a line on "
               "standard input (time, verdict, explore, audit, rounds, slots; see tools/judge/main.cpp), one answer a line. Needs no MPI.",
               kProgram};
  app.set_version_flag("--version", std::string(kProgram) + " " + collsel::kVersion, "print the version, then exit");
  bool constants = false;
  app.add_flag("--constants", constants, "print the rules' constants and the settings' defaults, then exit");
  if (const auto exit_code = collsel::tools::parse_command_line(app, argc, argv, kProgram)) return *exit_code;
  if (constants) {
    print_constants();
    return 0;
  }
  for (std::string line; std::getline(std::cin, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::printf("%s\n", answer(line).c_str());
    std::fflush(stdout);
  }
  return 0;
}

// The decision: build every applicable candidate schedule, predict it, pick the fastest.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "collsel/native_cost.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/registry.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// The shim's default margin (settings table; tested against it like kDefaultSegmentBytes).
inline constexpr double kDefaultMargin = 0.05;

struct DecisionRequest {
  CallShape shape;
  const P2PModel* cost = nullptr;            // keyed on communicator ranks
  const NativeCostTable* native = nullptr;
  bool op_commutative = true;                // reduce only
  std::size_t segment_bytes = kDefaultSegmentBytes;
  // A non-native algorithm is chosen only if predicted faster than native by this fraction.
  double margin = kDefaultMargin;
  std::vector<std::string> only;     // if non-empty: consider only these (plus native)
  std::vector<std::string> exclude;  // never consider these
  FrameCache* frame_cache = nullptr;  // bbs frames built before for this `cost` (BuildContext)
  // A pipeline or frames candidate predicted slower than `exact_within` times the fastest
  // candidate priced before it (registry order) is priced only that far (Candidate::bounded).
  // 0: every candidate priced in full. Without effect where `only` names algorithms or the model
  // has token buckets.
  double exact_within = 0;

  // True when `only` names algorithms but not native: the first of them leads (native_leads).
  bool forces_other() const {
    return !only.empty() && std::find(only.begin(), only.end(), "native") == only.end();
  }
};

struct Candidate {
  const AlgorithmInfo* algorithm = nullptr;
  double predicted_seconds = 0;  // the steady state of calls back to back (predict_call)
  Schedule schedule;
  double rested_seconds = 0;  // one call with every token bucket full; without buckets the same
  // Priced only as far as DecisionRequest::exact_within allowed: its predicted and rested times are
  // that limit, below its own, and its schedule is not necessarily the builder's best. Never
  // chosen; the shim neither runs nor verifies it.
  bool bounded = false;
};

// The shim's DecisionRequest::exact_within where the model's errors allow it (docs/algorithms.md,
// "Pricing within reach"): candidates beyond twice the fastest are priced only that far.
inline constexpr double kExactWithin = 2.0;

// Predicted times within this fraction of each other are a tie. With token buckets one host's
// sustained rate can bound the steady state of every schedule alike — each sends its share of
// the message from that host once per call — and the steady states then agree to 0.01–0.1 %
// although the candidates measure far apart. Such a tie is ranked by the rested call, which still
// sees where the slow host's transfer sits in the schedule.
inline constexpr double kPredictionTie = 2e-3;

// Rested times this close are one time: pricing rounds differently by schedule (a walk's
// steady state is skipped where it settles, predict.cpp), and the same flow at two windows that
// never bind must not be told apart by its last bits.
inline constexpr double kRoundingTie = 1e-9;

// Sorts `items` fastest first by the predicted time of candidate_of(item); each run of ties (within
// kPredictionTie of the run's first) by rested time; rested times within kRoundingTie of each
// other, and everything else, keep the order `items` came in (the registry's).
template <class T, class CandidateOf>
void rank_by_prediction(std::vector<T>& items, CandidateOf candidate_of) {
  std::vector<std::pair<T, std::size_t>> ranked;  // item, position as given
  ranked.reserve(items.size());
  for (std::size_t k = 0; k < items.size(); ++k) ranked.emplace_back(items[k], k);
  using Item = std::pair<T, std::size_t>;
  auto predicted = [&](const Item& x) { return candidate_of(x.first).predicted_seconds; };
  auto rested = [&](const Item& x) { return candidate_of(x.first).rested_seconds; };
  std::stable_sort(ranked.begin(), ranked.end(), [&](const Item& a, const Item& b) { return predicted(a) < predicted(b); });
  for (auto run = ranked.begin(); run != ranked.end();) {
    const double limit = predicted(*run) * (1.0 + kPredictionTie);
    const auto end = std::find_if(run, ranked.end(), [&](const Item& x) { return predicted(x) > limit; });
    std::stable_sort(run, end, [&](const Item& a, const Item& b) { return rested(a) < rested(b); });
    for (auto same = run; same != end;) {  // rested times a rounding apart, in the given order
      auto next = same + 1;
      while (next != end && rested(*next) - rested(*(next - 1)) <= kRoundingTie * rested(*(next - 1))) ++next;
      std::sort(same, next, [](const Item& a, const Item& b) { return a.second < b.second; });
      same = next;
    }
    run = end;
  }
  for (std::size_t k = 0; k < items.size(); ++k) items[k] = ranked[k].first;
}

// The choice rule, the only one (decide() and choose() both apply it): native (candidates[0])
// leads unless the request forces another (forces_other) or the fastest of `ranked_others` —
// indices into `candidates` besides native, ranked by rank_by_prediction — is predicted faster
// than native by more than request.margin. With no others native leads.
bool native_leads(const DecisionRequest& request, const std::vector<Candidate>& candidates,
                  const std::vector<std::size_t>& ranked_others);

struct Decision {
  std::vector<Candidate> candidates;  // every applicable algorithm, native first
  std::size_t chosen = 0;             // index into candidates: native_leads() over all of them
  const Candidate& best() const { return candidates[chosen]; }
};

// Scatterv/gatherv: every candidate but native runs after the root's header (v_header_bytes), one
// broadcast by the library's own bcast; this is its predicted time (rested: its rested call), 0
// for the other collectives. decide() adds it to every candidate but native: at 64 KB blocks it is
// 5-9 % of the call, enough to rank a tree ahead of native that runs slower than native with it.
double v_header_seconds(const CallShape& shape, const P2PModel& cost, const NativeCostTable* native = nullptr,
                        double* rested = nullptr);

// What the shim's call costs running `schedule`: predict() plus, for a scatterv/gatherv schedule
// other than native, v_header_seconds (rested alike). Every candidate of decide() is priced so;
// collsel-bench's per-kind predictions and collsel-predict --cost-kind use it too.
double predict_as_run(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
                      const NativeCostTable* native = nullptr, double* rested = nullptr);

Decision decide(const DecisionRequest& request);

// True when measuring both would measure one thing twice: the same plan (same_plan), or the same
// shape (same_shape: ranks placed or served in another order) that the model costs alike (within
// 0.1 %, in the steady state and in the rested call). Measured verification gives such a pair one
// slot.
bool interchangeable(const Candidate& a, const Candidate& b);

// Whether the executor reduces a non-commutative op over `s` in rank order: native, or a tree or
// pipeline whose every subtree is a rank range (subtree_ranges). decide() drops the others.
bool reduces_in_rank_order(const Schedule& s);

}  // namespace collsel

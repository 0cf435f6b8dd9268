#include "collsel/choose.hpp"

#include <algorithm>

#include "collsel/predict.hpp"

namespace collsel {

Capabilities Capabilities::executor() {
  static const Capabilities all = [] {
    Capabilities c;
    for (const AlgorithmInfo& a : algorithms())
      for (Collective op : all_collectives)
        if (a.collectives.contains(op)) c.kinds[std::size_t(op)] |= std::uint8_t(1u << unsigned(a.kind));
    return c;
  }();
  return all;
}

bool Capabilities::runs(const Schedule& s) const {
  if (s.kind == ScheduleKind::frames && s.frames == nullptr) return false;
  return (kinds[std::size_t(s.op)] >> unsigned(s.kind) & 1u) != 0;
}

RankedChoice choose(const DecisionRequest& request, const Capabilities& caps) {
  RankedChoice r{.decision = decide(request)};
  std::vector<Candidate>& all = r.decision.candidates;
  const bool native_ok = caps.native_defect.empty();

  std::vector<std::size_t> others;
  bool any_bounded = false, any_unrunnable = false;
  for (std::size_t k = 1; k < all.size(); ++k) {
    // A bounded candidate's schedule is not necessarily its builder's best: never run.
    any_bounded |= all[k].bounded;
    if (!caps.runs(all[k].schedule)) any_unrunnable = true;
    else if (!all[k].bounded) others.push_back(k);
  }
  // The bounds are drawn from the fastest of every candidate; where one the executor cannot run
  // may be that fastest, the runnable ones are priced in full.
  if (any_bounded && any_unrunnable) {
    DecisionRequest exact = request;
    exact.exact_within = 0;
    return choose(exact, caps);
  }
  // Ranked as in decide().
  rank_by_prediction(others, [&](std::size_t k) -> const Candidate& { return all[k]; });

  // The decision's rule over the runnable candidates.
  const bool forced = request.forces_other();
  const bool native_leads = collsel::native_leads(request, all, others);

  if (!native_ok && others.empty()) {
    // Flat as a last resort: it runs every op (every subtree is a rank range) on every executor.
    if (const AlgorithmInfo* flat = find_algorithm("flat"); flat && flat->build) {
      Candidate k{.algorithm = flat};
      try {
        k.schedule = flat->build(BuildContext{*request.cost, request.shape, request.segment_bytes,
                                              request.frame_cache});
        k.predicted_seconds = predict(k.schedule, request.shape, *request.cost, request.native, &k.rested_seconds);
        if (caps.runs(k.schedule)) {
          all.push_back(std::move(k));
          others.push_back(all.size() - 1);
        }
      } catch (const std::exception&) {
        // No flat either: native stays the only candidate, broken or not.
      }
    }
  }

  r.runnable = std::move(others);
  if (native_ok && native_leads) {
    r.runnable.insert(r.runnable.begin(), 0);
  } else if (native_ok && !forced) {
    // Behind the leader, native takes its place by predicted time.
    auto at = std::find_if(r.runnable.begin() + 1, r.runnable.end(),
                           [&](std::size_t k) { return all[k].predicted_seconds > all.front().predicted_seconds; });
    r.runnable.insert(at, 0);
  } else {
    r.runnable.push_back(0);
  }
  r.native_avoided = !native_ok && native_leads && r.chosen() != 0;
  return r;
}

}  // namespace collsel

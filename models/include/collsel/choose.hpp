// The choice after decide(): which candidate an executor can actually run for this call, ranked.
// The shim runs chosen(), collsel-bench measures it as "auto" and collsel-predict marks it with
// `*`, so all three call choose() and cannot drift apart.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/decide.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// What the executor can run, as data. Op commutativity is the request's `op_commutative`
// (decide() already drops schedules that cannot reduce a non-commutative op in rank order).
struct Capabilities {
  // Bit `unsigned(kind)` of kinds[op] is set when the executor runs that schedule kind for op.
  std::array<std::uint8_t, kCollectiveCount> kinds{};
  // Non-empty: the MPI library's own collective is known broken for this call (what breaks), so
  // native ranks last and runs only if nothing else can.
  std::string_view native_defect;

  bool runs(const Schedule& s) const;

  // What collsel's executors run: each registry row's kind for each of its collectives
  // (AlgorithmInfo, registry.hpp).
  static Capabilities executor();
};

struct RankedChoice {
  Decision decision;
  // Indices into decision.candidates: every runnable candidate that is not bounded
  // (Candidate::bounded), best first. Native is always
  // present: first when native_leads() (decide.hpp) over the runnable others, last when
  // caps.native_defect is set.
  std::vector<std::size_t> runnable;
  // True when native would have been chosen but caps.native_defect forbids it.
  bool native_avoided = false;

  std::size_t chosen() const { return runnable.front(); }
  const Candidate& best() const { return decision.candidates[chosen()]; }
};

// decide(), then the ranking above. When native is broken and no other candidate of the decision
// can run, flat is built (whatever request.only/exclude say) and ranked first: every subtree of a
// flat tree is a rank range, so it runs every op, even a non-commutative one.
RankedChoice choose(const DecisionRequest& request, const Capabilities& caps);

}  // namespace collsel

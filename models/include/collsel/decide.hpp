// The decision: build every applicable candidate schedule, predict it, pick the fastest.
#pragma once

#include <optional>
#include <string>
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
};

struct Candidate {
  const AlgorithmInfo* algorithm = nullptr;
  double predicted_seconds = 0;
  Schedule schedule;
};

struct Decision {
  std::vector<Candidate> candidates;  // every applicable algorithm, native first
  std::size_t chosen = 0;             // index into candidates
  const Candidate& best() const { return candidates[chosen]; }
};

Decision decide(const DecisionRequest& request);

// True when measuring both would measure one thing twice: the same plan (same_plan), or the same
// shape (same_shape: ranks placed or served in another order) that the model costs alike (within
// 0.1 %). Measured verification gives such a pair one slot.
bool interchangeable(const Candidate& a, const Candidate& b);

// Whether the executor reduces a non-commutative op over `s` in rank order: native, or a tree or
// pipeline whose every subtree is a rank range (subtree_ranges). decide() drops the others.
bool reduces_in_rank_order(const Schedule& s);

}  // namespace collsel

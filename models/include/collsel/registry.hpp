// The single source of truth for algorithms: one row per algorithm with its name, schedule kind,
// collectives and schedule builder. collsel-predict, the shim, collsel-bench and the docs all
// read this table; nothing else lists algorithms, and what the executors run follows from it
// (Capabilities::executor(), choose.hpp).
#pragma once

#include <limits>
#include <span>
#include <string_view>

#include "collsel/collective.hpp"
#include "collsel/frames.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/pipeline_layouts.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// segment_bytes = kAutoSegmentBytes (the shim's default, "auto"): each pipelined builder picks
// the segment its predicted time favours (choose_segment); frames (bbs) cut kFrameSegmentBytes.
inline constexpr std::size_t kAutoSegmentBytes = 0;
// The smallest segment_bytes: below it a segment's fixed cost dominates (1-byte segments made a
// 1 MB bcast take 13 s). The setting and the tools' --segment-bytes both refuse less.
inline constexpr std::size_t kSmallestSegmentBytes = 1024;
inline constexpr std::size_t kDefaultSegmentBytes = kAutoSegmentBytes;
inline constexpr std::size_t kFrameSegmentBytes = 64 * 1024;

// Everything a builder may use. `cost` is keyed on communicator ranks (0..procs-1).
struct BuildContext {
  const P2PModel& cost;
  CallShape shape;
  std::size_t segment_bytes = kDefaultSegmentBytes;  // pipeline/frame segment size; 0: auto
  FrameCache* frame_cache = nullptr;      // bbs: frames built before for this cost model, if any
  // The pipelined_tree rows: layouts and plans another row of this call priced (decide() gives
  // every builder of a call the same one); nullptr: each builder lays out and prices its own.
  PipelineLayoutCache* pipeline_layouts = nullptr;
  // A time the caller will not choose at or above (decide(), DecisionRequest::exact_within): the
  // pipeline builders stop pricing a plan there, and where every plan is that slow they return one
  // priced only that far. Infinity: every plan priced in full.
  double give_up_at = std::numeric_limits<double>::infinity();
};

using ScheduleBuilder = Schedule (*)(const BuildContext&);

// One row of the registry (models/src/registry.cpp), e.g.
//   AlgorithmInfo{.name = "flat", .kind = ScheduleKind::tree, .collectives = kAll,
//                 .build = builders::build_flat, .summary = "root serves every rank in rank order"},
// Its restrictions are its collectives and its kind: the row is a candidate only for the
// collectives it lists, and a reduce with a non-commutative op only where its schedule reduces in
// rank order (reduces_in_rank_order, decide.hpp: native always, tree and pipeline when every
// subtree is a rank range, frames never), and `applies` where the row sets it. The executors run
// `kind` for each of `collectives`.
// Adding a tree algorithm: its file under models/src/algorithms/, its declaration in
// algorithms.hpp, its row here and its row in docs/algorithms.md.
struct AlgorithmInfo {
  std::string_view name;                  // as in settings, flags and logs
  ScheduleKind kind = ScheduleKind::tree; // the kind of every schedule `build` returns (decide() checks)
  CollectiveSet collectives;              // the collectives it is a candidate for
  ScheduleBuilder build = nullptr;        // nullptr only for native
  std::string_view summary;               // the rule in one line
  // A restriction beyond the collectives: false where the row has nothing of its own to offer for
  // the call (decide() leaves it out unless it is asked for by name); nullptr: every call.
  bool (*applies)(const BuildContext&) = nullptr;
  // Rows that build one tree under different windows of segments in flight share a family name.
  // The flow shop cannot price windows apart (decision records 0029, 0034), so measured
  // verification holds every member in doubt where the family's best prediction is.
  std::string_view window_family;
};

std::span<const AlgorithmInfo> algorithms();
const AlgorithmInfo* find_algorithm(std::string_view name);
inline const AlgorithmInfo& native_algorithm() { return *find_algorithm("native"); }

}  // namespace collsel

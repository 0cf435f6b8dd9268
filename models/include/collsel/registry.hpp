// The single source of truth for algorithms: one row per algorithm with its name, collectives,
// restrictions and schedule builder. collsel-predict, the shim, collsel-bench and the docs all
// read this table; nothing else lists algorithms.
#pragma once

#include <span>
#include <string_view>

#include "collsel/collective.hpp"
#include "collsel/frames.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// The shim's default pipeline/frame segment; the settings table (shim/src/settings.hpp) states
// it as text and a unit test holds the two, docs/settings.md and config/collsel.toml together.
inline constexpr std::size_t kDefaultSegmentBytes = 64 * 1024;

// Everything a builder may use. `cost` is keyed on communicator ranks (0..procs-1).
struct BuildContext {
  const P2PModel& cost;
  CallShape shape;
  std::size_t segment_bytes = kDefaultSegmentBytes;  // pipeline segment size (chain)
  FrameCache* frame_cache = nullptr;      // bbs: frames built before for this cost model, if any
};

using ScheduleBuilder = Schedule (*)(const BuildContext&);

struct AlgorithmInfo {
  std::string_view name;
  CollectiveSet collectives;
  ScheduleBuilder build = nullptr;  // nullptr only for native
  std::string_view summary;
};

std::span<const AlgorithmInfo> algorithms();
const AlgorithmInfo* find_algorithm(std::string_view name);
inline const AlgorithmInfo& native_algorithm() { return *find_algorithm("native"); }

}  // namespace collsel

// A schedule: what an algorithm builds for one call shape, costed by predict() and run by the shim.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/native_library.hpp"
#include "collsel/tree.hpp"

namespace collsel {

struct FrameSchedule;  // BBS frames (frames.hpp)

// The shape of one collective call, as far as costing needs it. Sizes are in bytes.
struct CallShape {
  Collective op = Collective::bcast;
  int procs = 1;
  int root = 0;
  // bcast/reduce: the whole message; scatter/gather: one rank's block.
  std::size_t bytes = 0;
  // scatterv/gatherv: each rank's block (procs entries). Empty for the other collectives.
  std::span<const std::size_t> block_bytes = {};
  // reduce: the datatype's size. A pipelined reduce cuts whole elements (pipeline_segments), so
  // its segments are costed in these units; 1 (bytes) for everything else.
  std::size_t element_bytes = 1;
  // The library whose own algorithm native's schedule stands for (mpich_native.hpp, ompi_native.hpp).
  NativeLibrary native_library = NativeLibrary::mpich4;

  std::size_t block(int rank) const { return block_bytes.empty() ? bytes : block_bytes[std::size_t(rank)]; }
  // The unit a pipeline cuts this call's message in (pipeline_segments): reduce's elements, else bytes.
  std::size_t pipeline_unit() const { return op == Collective::reduce ? element_bytes : 1; }
};

// Scatterv/gatherv through the shim: only the root knows the counts, so before every call that
// does not run native it broadcasts a header of kVHeaderWords + P 64-bit words (the algorithm, its
// predicted time, the verification state, every rank's block bytes; docs/shim.md). A candidate's
// cost includes it (decide()); a decided native holds without it.
inline constexpr std::size_t kVHeaderWords = 4;
inline constexpr std::size_t v_header_bytes(int procs) { return (kVHeaderWords + std::size_t(procs)) * 8; }

enum class ScheduleKind {
  native,    // the MPI library's own PMPI_ call
  tree,      // one message per tree edge (whole subtree payload for scatter/gather)
  pipeline,  // tree edges carry the message in segments of segment_bytes, pipelined (chain)
  frames,    // BBS: a cyclic sequence of frames of concurrent edges
  concurrent,  // tree edges, every node posting all its children's transfers at once (scatter, gather)
};

// The kind's name as the model file's [validation] schedule_error keys it: native, tree,
// pipeline, frames, concurrent.
std::string_view to_string(ScheduleKind kind);
// The kind named `name`, if any.
std::optional<ScheduleKind> schedule_kind_from_string(std::string_view name);

// The least segment the pipelines cut where the model chooses their segment; finer ones are
// pipelined_tree_fine's (segment_choice.hpp, decision record 0038).
inline constexpr std::size_t kSmallestUsualSegment = 64 * 1024;

struct Schedule {
  std::string_view algorithm;  // registry name
  Collective op = Collective::bcast;
  ScheduleKind kind = ScheduleKind::native;
  Tree tree;                        // tree and pipeline kinds
  std::size_t segment_bytes = 0;    // pipeline kind
  // concurrent kind: at most `window` of a node's transfers in flight at once, posted in service
  // order, the next as soon as one completes; 0: all at once.
  // pipeline kind: `window` segments in flight per edge (pipeline_plan's window); 0: as many as
  // the executor's pipeline_window() allows.
  int window = 0;
  std::shared_ptr<const FrameSchedule> frames;  // frames kind
};

// True when a and b send the same messages in the same order, whatever builder made them: the same
// kind and tree (parents and service order), segment size and frame schedule object. Two natives
// are the same plan.
bool same_plan(const Schedule& a, const Schedule& b);

// True when a and b have the same form: the same kind and segment size, and trees that are one
// rooted tree up to which rank sits at which node and in which order each node serves its children
// (binomial_bfs_min and binomial_ucs_min on a cluster of like hosts). Frames and natives: same_plan.
bool same_shape(const Schedule& a, const Schedule& b);

// The class of schedules the model file's [validation] schedule_error keys an error by: the kind's
// name (to_string), and `pipeline_fine` for a pipeline of segments below kSmallestUsualSegment,
// which a model may price far from the other pipelines (decision record 0042).
std::string_view error_class(const Schedule& s);
inline constexpr std::string_view kFinePipelineClass = "pipeline_fine";
// Whether `name` is such a class (native is none).
bool is_error_class(std::string_view name);
// The class whose error stands for `name` where the validation measured too few of it:
// `pipeline` for `pipeline_fine`; empty for the others (the model kind's median error).
std::string_view error_class_parent(std::string_view name);

}  // namespace collsel

#include "collsel/registry.hpp"

#include <array>

#include "collsel/algorithms.hpp"

namespace collsel {
namespace {

using C = Collective;
constexpr CollectiveSet kAll{C::bcast, C::reduce, C::scatter, C::gather, C::scatterv, C::gatherv};

// Order matters only for display: native first, then by family.
const std::array kAlgorithms = {
    AlgorithmInfo{.name = "native", .kind = ScheduleKind::native, .collectives = kAll, .summary = "the MPI library's own PMPI_ call"},
    AlgorithmInfo{.name = "binomial", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial,
                  .summary = "binomial tree in rank order relative to the root (as MPICH)"},
    AlgorithmInfo{.name = "binomial_bfs_min", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial_bfs_min,
                  .summary = "binomial shape, positions filled breadth first, fastest process first"},
    AlgorithmInfo{.name = "binomial_bfs_max", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial_bfs_max,
                  .summary = "binomial shape, positions filled breadth first, slowest process first"},
    AlgorithmInfo{.name = "binomial_dfs_min", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial_dfs_min,
                  .summary = "binomial shape, positions filled depth first, fastest process first"},
    AlgorithmInfo{.name = "binomial_dfs_max", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial_dfs_max,
                  .summary = "binomial shape, positions filled depth first, slowest process first"},
    AlgorithmInfo{.name = "binomial_ucs_min", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial_ucs_min,
                  .summary = "binomial shape, subtrees of equal order filled together, fastest first"},
    AlgorithmInfo{.name = "binomial_ucs_max", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_binomial_ucs_max,
                  .summary = "binomial shape, subtrees of equal order filled together, slowest first"},
    AlgorithmInfo{.name = "flat", .kind = ScheduleKind::tree, .collectives = kAll,
                  .build = builders::build_flat, .summary = "root serves every rank in rank order"},
    // Any datatype: bcast packs a derived type and cuts bytes, reduce cuts whole elements.
    AlgorithmInfo{.name = "chain", .kind = ScheduleKind::pipeline, .collectives = {C::bcast, C::reduce},
                  .build = builders::build_chain,
                  .summary = "segmented pipeline through every process, nearest next from the root"},
    AlgorithmInfo{.name = "pipelined_tree", .kind = ScheduleKind::pipeline, .collectives = {C::bcast, C::reduce},
                  .build = builders::build_pipelined_tree,
                  .summary = "segmented pipeline down a k-ary tree, fastest ranks inside, slowest at the leaves",
                  .window_family = "pipelined_tree"},
    AlgorithmInfo{.name = "pipelined_tree_narrow", .kind = ScheduleKind::pipeline, .collectives = {C::bcast, C::reduce},
                  .build = builders::build_pipelined_tree_narrow,
                  .summary = "pipelined_tree with two segments in flight per edge instead of four",
                  .applies = builders::narrow_window_binds, .window_family = "pipelined_tree"},
    AlgorithmInfo{.name = "pipelined_tree_wide", .kind = ScheduleKind::pipeline, .collectives = {C::bcast, C::reduce},
                  .build = builders::build_pipelined_tree_wide,
                  .summary = "pipelined_tree with up to eight segments and 1 MiB in flight per edge instead of four and 256 KiB",
                  .applies = builders::wide_window_binds, .window_family = "pipelined_tree"},
    AlgorithmInfo{.name = "pipelined_tree_fine", .kind = ScheduleKind::pipeline, .collectives = {C::bcast, C::reduce},
                  .build = builders::build_pipelined_tree_fine,
                  .summary = "pipelined_tree in segments of 8-32 KiB instead of 64 KiB and more: a shorter fill where links are fast",
                  .applies = builders::fine_segments_apply},
    AlgorithmInfo{.name = "traff", .kind = ScheduleKind::tree, .collectives = {C::scatterv, C::gatherv}, .build = builders::build_traff,
                  .summary = "Traff tree: subsets weighing at least all earlier ones, best root each"},
    AlgorithmInfo{.name = "sorted_flat_asc", .kind = ScheduleKind::tree, .collectives = {C::scatterv, C::gatherv},
                  .build = builders::build_sorted_flat_asc,
                  .summary = "root serves every rank, ascending predicted time"},
    AlgorithmInfo{.name = "sorted_flat_dsc", .kind = ScheduleKind::tree, .collectives = {C::scatterv, C::gatherv},
                  .build = builders::build_sorted_flat_dsc,
                  .summary = "root serves every rank, descending predicted time"},
    AlgorithmInfo{.name = "flat_concurrent", .kind = ScheduleKind::concurrent, .collectives = {C::scatter, C::gather, C::scatterv, C::gatherv},
                  .build = builders::build_flat_concurrent,
                  .summary = "root posts every rank's transfer at once, slowest first; links shared"},
    // The frames executor packs non-contiguous datatypes itself.
    AlgorithmInfo{.name = "bbs", .kind = ScheduleKind::frames, .collectives = {C::bcast}, .build = builders::build_bbs,
                  .summary = "broadcast by balanced saturation: LP occupancies, edge-coloured frames"},
};

}  // namespace

std::span<const AlgorithmInfo> algorithms() { return kAlgorithms; }

const AlgorithmInfo* find_algorithm(std::string_view name) {
  for (const auto& a : kAlgorithms)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace collsel

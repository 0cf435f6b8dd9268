// Schedule builders, one per algorithm file under models/src/algorithms/. The registry
// (registry.cpp) is the only place that lists them; call them through it.
#pragma once

#include "collsel/registry.hpp"

namespace collsel::builders {

Schedule build_binomial(const BuildContext& ctx);
Schedule build_flat(const BuildContext& ctx);
Schedule build_binomial_bfs_min(const BuildContext& ctx);
Schedule build_binomial_bfs_max(const BuildContext& ctx);
Schedule build_binomial_dfs_min(const BuildContext& ctx);
Schedule build_binomial_dfs_max(const BuildContext& ctx);
Schedule build_binomial_ucs_min(const BuildContext& ctx);
Schedule build_binomial_ucs_max(const BuildContext& ctx);
Schedule build_chain(const BuildContext& ctx);
Schedule build_traff(const BuildContext& ctx);
Schedule build_sorted_flat_asc(const BuildContext& ctx);
Schedule build_sorted_flat_dsc(const BuildContext& ctx);
Schedule build_pipelined_tree(const BuildContext& ctx);
Schedule build_pipelined_tree_narrow(const BuildContext& ctx);
bool narrow_window_binds(const BuildContext& ctx);  // pipelined_tree_narrow's restriction
Schedule build_pipelined_tree_wide(const BuildContext& ctx);
bool wide_window_binds(const BuildContext& ctx);  // pipelined_tree_wide's restriction
Schedule build_pipelined_tree_fine(const BuildContext& ctx);
bool fine_segments_apply(const BuildContext& ctx);  // pipelined_tree_fine's restriction
Schedule build_flat_concurrent(const BuildContext& ctx);
Schedule build_bbs(const BuildContext& ctx);  // models/src/bbs/builder.cpp

}  // namespace collsel::builders

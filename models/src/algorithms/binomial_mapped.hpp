// The binomial shape with a model-driven choice of which process sits at which position
// (binomial_{bfs,dfs,ucs}_{min,max}); not a public header. Positions are MPICH's relative ranks:
// position v > 0 hangs under v − lowbit(v) and serves v + 2^k for 2^k < lowbit(v), largest
// subtree first (the root serves every power of two below P, largest first).
#pragma once

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "collsel/registry.hpp"
#include "select.hpp"

namespace collsel::builders::detail {

inline int lowbit(int v) { return v & -v; }
inline int position_parent(int v) { return v - lowbit(v); }
// Number of positions in the subtree of position v among n.
inline int position_subtree(int v, int n) { return v == 0 ? n : std::min(lowbit(v), n - v); }
// Depth of position v: its parent chain strips one set bit at a time.
inline int position_depth(int v) { return __builtin_popcount(unsigned(v)); }
// Calls f(child) for the children of position v in service order (largest subtree first).
template <class F>
void for_each_position_child(int v, int n, F&& f) {
  int top = 1;
  while (top < n) top <<= 1;
  const int limit = v == 0 ? top : lowbit(v);
  for (int mask = limit >> 1; mask > 0; mask >>= 1)
    if (v + mask < n) f(v + mask);
}

// Places processes on the positions in the order `positions` (a permutation of 1..n−1 in which
// every parent precedes its children): each position takes, from the processes not placed yet,
// the one with the MIN/MAX predicted time from (to, for reduce/gather) the process at its parent
// position with the message its edge carries. Edge message: bcast/reduce the whole message;
// scatter/gather the subtree's blocks (subtree size × block); scatterv/gatherv subtree size × the
// mean block of the non-root ranks (the subtree's members are not known when its root is chosen).
Schedule build_mapped_binomial(const BuildContext& ctx, std::string_view name, std::span<const int> positions,
                               NextNode how);

}  // namespace collsel::builders::detail

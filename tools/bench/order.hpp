// The order in which collsel-bench times its entries (the algorithms, native and auto of one op
// and size), one permutation per repetition. On links whose speed depends on their recent traffic
// (token buckets) a call's time depends on the call just before it, so two entries compared by
// their medians must have met the same predecessors; independent shuffles leave some pairs out and
// repeat others (docs/design/0009; why measured verification orders its rounds otherwise: 0017).
//
// The repetitions therefore follow a Williams design, the carryover-balanced order of crossover
// trials: for an even number of entries n, n orders in which every entry follows every other
// exactly once; for an odd n, 2n orders (the n and their reverses) in which it does so exactly
// twice. Entries are assigned to the design's positions and its orders are taken in a seeded
// random order, afresh for each pass through them; fewer repetitions than orders take a part of
// a pass, in which (n even) no entry meets the same predecessor twice.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collsel::bench {

// `reps` permutations of 0 .. entries-1; the same for the same arguments on every rank.
std::vector<std::vector<std::size_t>> repetition_orders(std::size_t entries, std::size_t reps, std::uint32_t seed);

}  // namespace collsel::bench

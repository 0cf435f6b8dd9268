#include "collsel/registry.hpp"

#include <array>

#include "collsel/algorithms.hpp"

namespace collsel {
namespace {

using C = Collective;
constexpr CollectiveSet kAll{C::bcast, C::reduce, C::scatter, C::gather, C::scatterv, C::gatherv};

// Order matters only for display: native first, then by family.
const std::array kAlgorithms = {
    AlgorithmInfo{.name = "native", .collectives = kAll, .summary = "the MPI library's own PMPI_ call"},
    AlgorithmInfo{.name = "binomial", .collectives = kAll, .requires_commutative = true,
                  .build = builders::build_binomial,
                  .summary = "binomial tree in rank order relative to the root (as MPICH)"},
    AlgorithmInfo{.name = "flat", .collectives = kAll, .requires_commutative = true,
                  .build = builders::build_flat, .summary = "root serves every rank in rank order"},
};

}  // namespace

std::span<const AlgorithmInfo> algorithms() { return kAlgorithms; }

const AlgorithmInfo* find_algorithm(std::string_view name) {
  for (const auto& a : kAlgorithms)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace collsel

// The six rooted collectives collsel handles, and their names as used in files, flags and logs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace collsel {

enum class Collective : std::uint8_t { bcast, reduce, scatter, gather, scatterv, gatherv };

inline constexpr std::size_t kCollectiveCount = 6;
inline constexpr std::array<Collective, kCollectiveCount> all_collectives = {
    Collective::bcast,   Collective::reduce,   Collective::scatter,
    Collective::gather,  Collective::scatterv, Collective::gatherv};

constexpr std::string_view to_string(Collective c) {
  switch (c) {
    case Collective::bcast: return "bcast";
    case Collective::reduce: return "reduce";
    case Collective::scatter: return "scatter";
    case Collective::gather: return "gather";
    case Collective::scatterv: return "scatterv";
    case Collective::gatherv: return "gatherv";
  }
  return "?";
}

constexpr std::optional<Collective> parse_collective(std::string_view s) {
  for (Collective c : all_collectives)
    if (to_string(c) == s) return c;
  return std::nullopt;
}

// Data flows from the root outwards (bcast, scatter, scatterv) or towards it.
constexpr bool flows_to_root(Collective c) {
  return c == Collective::reduce || c == Collective::gather || c == Collective::gatherv;
}
// Each rank owns a distinct block (scatter/gather and their v-variants) rather than the whole message.
constexpr bool is_personalized(Collective c) {
  return c == Collective::scatter || c == Collective::gather || c == Collective::scatterv ||
         c == Collective::gatherv;
}
constexpr bool is_vector_variant(Collective c) {
  return c == Collective::scatterv || c == Collective::gatherv;
}

// The v-variants' blocks collsel-bench measures, mean block `bytes` on `procs` ranks: rank r's
// block is 2 bytes (r + 1) / (procs + 1), so they grow with the rank and total about procs x bytes.
// collsel-predict --blocks uneven predicts the same calls.
inline std::vector<std::size_t> uneven_blocks(std::size_t bytes, int procs) {
  std::vector<std::size_t> blocks(static_cast<std::size_t>(procs > 0 ? procs : 0));
  for (std::size_t r = 0; r < blocks.size(); ++r) blocks[r] = 2 * bytes * (r + 1) / (blocks.size() + 1);
  return blocks;
}

// A small bit set of collectives, used by the algorithm registry.
class CollectiveSet {
 public:
  constexpr CollectiveSet() = default;
  constexpr CollectiveSet(std::initializer_list<Collective> cs) {
    for (Collective c : cs) bits_ |= bit(c);
  }
  constexpr bool contains(Collective c) const { return (bits_ & bit(c)) != 0; }
  constexpr CollectiveSet operator|(CollectiveSet o) const { CollectiveSet r; r.bits_ = bits_ | o.bits_; return r; }

 private:
  static constexpr std::uint8_t bit(Collective c) { return std::uint8_t(1u << unsigned(c)); }
  std::uint8_t bits_ = 0;
};

}  // namespace collsel

// The inside of one node, as far as message costs care: which cores share a physical core (SMT),
// an L3 cache (a core complex), a NUMA node, a package. Read with hwloc from an XML export, a
// synthetic description ("pack:2 numa:4 l3:4 core:8 pu:1") or the live machine; nothing of hwloc
// is kept afterwards, so a Topology is a plain copyable value (docs/channels.md).
//
// "Core" in this API means the OS index of a processing unit (a Linux CPU number, as in taskset,
// hwloc-bind or an MPI binding map): what a rank is bound to. SMT siblings are distinct ids.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collsel {

// Channel classes joining two cores, ordered by expected cost (cheapest first). The seed's
// c0 < c1 < c2 < c3 are l3 < numa < package < remote; smt sits below them when the node has SMT.
// Two cores in different packages are `remote`; otherwise the pair is in the first class of this
// list whose object (core, L3, NUMA node, package) the two cores share.
enum class Channel : std::uint8_t {
  smt = 0,      // same physical core (hyper-threads), or the very same core id
  l3 = 1,       // same L3 cache / core complex
  numa = 2,     // same NUMA node, different L3
  package = 3,  // same package (socket), different NUMA node
  remote = 4,   // different packages
};
inline constexpr int kChannelCount = 5;
inline constexpr std::array<Channel, kChannelCount> all_channels = {
    Channel::smt, Channel::l3, Channel::numa, Channel::package, Channel::remote};

constexpr std::string_view to_string(Channel c) {
  switch (c) {
    case Channel::smt: return "smt";
    case Channel::l3: return "l3";
    case Channel::numa: return "numa";
    case Channel::package: return "package";
    case Channel::remote: return "remote";
  }
  return "?";
}
constexpr std::optional<Channel> parse_channel(std::string_view s) {
  for (Channel c : all_channels)
    if (to_string(c) == s) return c;
  return std::nullopt;
}
constexpr int channel_index(Channel c) { return int(c); }

class Topology {
 public:
  // Throw std::runtime_error naming the file / description when hwloc cannot load it.
  static Topology from_xml(const std::string& path);
  static Topology from_synthetic(const std::string& description);
  static Topology live();
  // An existing file (or a name ending in ".xml") is read as XML, anything else as synthetic.
  static Topology load(const std::string& xml_or_synthetic);

  const std::string& source() const { return source_; }
  int pu_count() const { return int(pus_.size()); }
  int core_count() const { return cores_; }
  int l3_count() const { return l3s_; }
  int numa_count() const { return numas_; }
  int package_count() const { return packages_; }
  bool has_smt() const { return cores_ < int(pus_.size()); }
  // One-line summary: "2 packages, 2 NUMA nodes, 16 L3, 128 cores, 128 PUs".
  std::string summary() const;
  // A hash of the classification (every core id with its core, L3, NUMA node and package): two
  // nodes with equal fingerprints classify every pair alike. Lets the ranks of a job check that
  // they all see the same kind of node before predicting from one topology.
  std::uint64_t fingerprint() const;

  // Core ids (PU OS indices) in hwloc's logical order.
  std::vector<int> cores() const;
  bool has_core(int core) const;
  // Logical index of the core's physical core / L3 / NUMA node / package (-1 when the node has
  // no such object above it). Throws std::out_of_range for an unknown core id.
  int physical_core_of(int core) const { return at(core).core; }
  int l3_of(int core) const { return at(core).l3; }
  int numa_of(int core) const { return at(core).numa; }
  int package_of(int core) const { return at(core).package; }

  // The channel class joining two cores. Throws std::out_of_range for an unknown core id.
  Channel channel(int core_a, int core_b) const;
  // The classes that join at least one pair of distinct cores of this node.
  std::vector<Channel> channels_present() const;

  // Placements of `ranks` ranks (rank r -> core id). packed: fill physical cores in logical
  // order (one PU per physical core first; further SMT siblings only once every core has a
  // rank). scatter: round robin across packages (rank r on package r mod npkg), each package
  // filled in its packed order. Both throw std::invalid_argument when ranks > pu_count().
  std::vector<int> packed(int ranks) const;
  std::vector<int> scatter(int ranks) const;
  // "packed", "scatter" or a comma-separated list of core ids, one per rank (the list must
  // have exactly `ranks` known ids). Throws std::invalid_argument with the reason.
  std::vector<int> binding(std::string_view spec, int ranks) const;

 private:
  struct Pu {
    int os = -1, core = -1, l3 = -1, numa = -1, package = -1;
    int rank_in_core = 0;  // 0 for the first PU of its physical core
  };
  const Pu& at(int core) const;
  static Topology from_hwloc(void* topology, std::string source);
  std::vector<int> packed_order(int package) const;  // package < 0: the whole node

  std::string source_;
  std::vector<Pu> pus_;          // logical order
  std::vector<int> os_to_pu_;    // os index -> position in pus_, -1 if absent
  int cores_ = 0, l3s_ = 0, numas_ = 0, packages_ = 0;
};

// The core this process is bound to on the live machine: the PU OS index when the binding is a
// single PU, or the first PU of the physical core when it is exactly one core's PUs; -1 when the
// process is unbound or bound to more than one core (its placement is then unknown and the
// per-host model applies), or when hwloc cannot tell.
int bound_core_of_this_process();

}  // namespace collsel

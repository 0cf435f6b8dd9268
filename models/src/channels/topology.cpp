// Node topology from hwloc: XML export, synthetic description or the live machine. Every PU is
// reduced to the logical indices of its physical core, L3, NUMA node and package; comparing those
// indices classifies a pair of cores in O(1) without keeping hwloc around.
#include "collsel/topology.hpp"

#include <hwloc.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <memory>
#include <stdexcept>

namespace collsel {
namespace {

struct TopologyHandle {
  hwloc_topology_t t = nullptr;
  TopologyHandle() {
    if (hwloc_topology_init(&t) != 0) throw std::runtime_error("hwloc: cannot initialise a topology");
  }
  ~TopologyHandle() { hwloc_topology_destroy(t); }
  TopologyHandle(const TopologyHandle&) = delete;
  TopologyHandle& operator=(const TopologyHandle&) = delete;
};

int logical_ancestor(hwloc_topology_t t, hwloc_obj_type_t type, hwloc_obj_t pu) {
  const hwloc_obj_t a = hwloc_get_ancestor_obj_by_type(t, type, pu);
  return a ? int(a->logical_index) : -1;
}

std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

}  // namespace

Topology Topology::from_hwloc(void* handle, std::string source) {
  auto t = static_cast<hwloc_topology_t>(handle);
  Topology topo;
  topo.source_ = std::move(source);
  const int npu = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU);
  if (npu <= 0) throw std::runtime_error("topology " + topo.source_ + ": no processing units");
  // NUMA nodes are memory children in hwloc 2: find a PU's node through the nodes' cpusets
  // (the first, lowest logical index, when several cover it, e.g. DDR and HBM).
  const int nnuma = std::max(0, hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_NUMANODE));
  std::vector<hwloc_obj_t> numas;
  for (int k = 0; k < nnuma; ++k) numas.push_back(hwloc_get_obj_by_type(t, HWLOC_OBJ_NUMANODE, unsigned(k)));
  std::vector<int> pus_seen_per_core(std::size_t(std::max(1, hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE))), 0);
  int max_os = 0;
  for (int k = 0; k < npu; ++k) {
    const hwloc_obj_t pu = hwloc_get_obj_by_type(t, HWLOC_OBJ_PU, unsigned(k));
    Pu p;
    p.os = int(pu->os_index);
    p.core = logical_ancestor(t, HWLOC_OBJ_CORE, pu);
    p.l3 = logical_ancestor(t, HWLOC_OBJ_L3CACHE, pu);
    p.package = logical_ancestor(t, HWLOC_OBJ_PACKAGE, pu);
    for (hwloc_obj_t n : numas)
      if (n->cpuset && hwloc_bitmap_isset(n->cpuset, pu->os_index)) {
        p.numa = int(n->logical_index);
        break;
      }
    if (p.core >= 0) {
      if (std::size_t(p.core) >= pus_seen_per_core.size()) pus_seen_per_core.resize(std::size_t(p.core) + 1, 0);
      p.rank_in_core = pus_seen_per_core[std::size_t(p.core)]++;
    }
    max_os = std::max(max_os, p.os);
    topo.pus_.push_back(p);
  }
  // A PU without a Core object above it is its own physical core.
  int next_core = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE);
  for (Pu& p : topo.pus_)
    if (p.core < 0) p.core = next_core++;
  topo.cores_ = next_core;
  topo.l3s_ = std::max(0, hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_L3CACHE));
  topo.numas_ = nnuma;
  topo.packages_ = std::max(0, hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PACKAGE));
  topo.os_to_pu_.assign(std::size_t(max_os) + 1, -1);
  for (std::size_t k = 0; k < topo.pus_.size(); ++k) topo.os_to_pu_[std::size_t(topo.pus_[k].os)] = int(k);
  return topo;
}

Topology Topology::from_xml(const std::string& path) {
  TopologyHandle h;
  if (hwloc_topology_set_xml(h.t, path.c_str()) != 0)
    throw std::runtime_error("topology " + path + ": hwloc cannot read this XML file");
  if (hwloc_topology_load(h.t) != 0) throw std::runtime_error("topology " + path + ": hwloc cannot load it");
  return from_hwloc(h.t, path);
}

Topology Topology::from_synthetic(const std::string& description) {
  TopologyHandle h;
  if (hwloc_topology_set_synthetic(h.t, description.c_str()) != 0)
    throw std::runtime_error("topology \"" + description + "\": not a valid hwloc synthetic description");
  if (hwloc_topology_load(h.t) != 0)
    throw std::runtime_error("topology \"" + description + "\": hwloc cannot load it");
  return from_hwloc(h.t, description);
}

Topology Topology::live() {
  TopologyHandle h;
  if (hwloc_topology_load(h.t) != 0) throw std::runtime_error("topology: hwloc cannot read this machine");
  return from_hwloc(h.t, "this machine");
}

Topology Topology::load(const std::string& spec) {
  std::error_code ec;
  const bool is_file = std::filesystem::is_regular_file(spec, ec);
  if (is_file || (spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".xml") == 0)) return from_xml(spec);
  return from_synthetic(spec);
}

std::string Topology::summary() const {
  auto plural = [](int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  return plural(packages_, "package", "packages") + ", " + plural(numas_, "NUMA node", "NUMA nodes") + ", " +
         std::to_string(l3s_) + " L3, " + plural(cores_, "core", "cores") + ", " + std::to_string(pu_count()) +
         " PUs";
}

std::uint64_t Topology::fingerprint() const {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the integers
  auto mix = [&](int v) {
    for (int k = 0; k < 4; ++k) h = (h ^ ((std::uint32_t(v) >> (8 * k)) & 0xffu)) * 1099511628211ull;
  };
  for (const Pu& p : pus_) {
    mix(p.os);
    mix(p.core);
    mix(p.l3);
    mix(p.numa);
    mix(p.package);
  }
  return h;
}

std::vector<int> Topology::cores() const {
  std::vector<int> out;
  out.reserve(pus_.size());
  for (const Pu& p : pus_) out.push_back(p.os);
  return out;
}

bool Topology::has_core(int core) const {
  return core >= 0 && std::size_t(core) < os_to_pu_.size() && os_to_pu_[std::size_t(core)] >= 0;
}

const Topology::Pu& Topology::at(int core) const {
  if (!has_core(core))
    throw std::out_of_range("topology " + source_ + ": no core with OS index " + std::to_string(core));
  return pus_[std::size_t(os_to_pu_[std::size_t(core)])];
}

Channel Topology::channel(int core_a, int core_b) const {
  const Pu& a = at(core_a);
  const Pu& b = at(core_b);
  if (a.core == b.core) return Channel::smt;
  // Packages first: a NUMA node hwloc invents for a node without NUMA information spans every
  // package, and must not make two sockets look close. No Package objects = one package.
  if (a.package != b.package) return Channel::remote;
  if (a.l3 >= 0 && a.l3 == b.l3) return Channel::l3;
  if (a.numa >= 0 && a.numa == b.numa) return Channel::numa;
  return Channel::package;
}

std::vector<Channel> Topology::channels_present() const {
  // All pairs: O(PU^2) cheap comparisons, ~33k pairs for a 256-PU node.
  std::array<bool, kChannelCount> seen{};
  for (std::size_t i = 0; i < pus_.size(); ++i)
    for (std::size_t j = i + 1; j < pus_.size(); ++j) seen[std::size_t(channel(pus_[i].os, pus_[j].os))] = true;
  std::vector<Channel> out;
  for (Channel c : all_channels)
    if (seen[std::size_t(c)]) out.push_back(c);
  return out;
}

std::vector<int> Topology::packed_order(int package) const {
  // First PU of every physical core in logical order, then the second PUs, and so on.
  std::vector<int> out;
  int max_rank = 0;
  for (const Pu& p : pus_) max_rank = std::max(max_rank, p.rank_in_core);
  for (int r = 0; r <= max_rank; ++r)
    for (const Pu& p : pus_)
      if (p.rank_in_core == r && (package < 0 || p.package == package)) out.push_back(p.os);
  return out;
}

std::vector<int> Topology::packed(int ranks) const {
  if (ranks < 0 || ranks > pu_count())
    throw std::invalid_argument("binding: " + std::to_string(ranks) + " ranks do not fit on the " +
                                std::to_string(pu_count()) + " PUs of " + source_);
  auto order = packed_order(-1);
  order.resize(std::size_t(ranks));
  return order;
}

std::vector<int> Topology::scatter(int ranks) const {
  if (ranks < 0 || ranks > pu_count())
    throw std::invalid_argument("binding: " + std::to_string(ranks) + " ranks do not fit on the " +
                                std::to_string(pu_count()) + " PUs of " + source_);
  const int npkg = std::max(1, packages_);
  if (npkg == 1) return packed(ranks);
  std::vector<std::vector<int>> per(static_cast<std::size_t>(npkg));
  for (int k = 0; k < npkg; ++k) per[std::size_t(k)] = packed_order(k);
  std::vector<int> out;
  std::vector<std::size_t> next(std::size_t(npkg), 0);
  // Round robin over packages, skipping full ones (packages of unequal size).
  for (int k = 0; int(out.size()) < ranks; k = (k + 1) % npkg)
    if (next[std::size_t(k)] < per[std::size_t(k)].size()) out.push_back(per[std::size_t(k)][next[std::size_t(k)]++]);
  return out;
}

std::vector<int> Topology::binding(std::string_view spec, int ranks) const {
  const std::string s = trim(spec);
  if (s == "packed") return packed(ranks);
  if (s == "scatter") return scatter(ranks);
  std::vector<int> out;
  std::string_view rest = s;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string item = trim(rest.substr(0, comma));
    int v = -1;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size())
      throw std::invalid_argument("binding '" + s + "': '" + item +
                                  "' is not a core id (expected packed, scatter or a comma-separated list)");
    if (!has_core(v))
      throw std::invalid_argument("binding '" + s + "': core " + item + " is not in " + source_);
    out.push_back(v);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (int(out.size()) != ranks)
    throw std::invalid_argument("binding '" + s + "': " + std::to_string(out.size()) + " core ids for " +
                                std::to_string(ranks) + " ranks");
  return out;
}

int bound_core_of_this_process() {
  try {
    TopologyHandle h;
    if (hwloc_topology_load(h.t) != 0) return -1;
    std::unique_ptr<hwloc_bitmap_s, void (*)(hwloc_bitmap_t)> set(hwloc_bitmap_alloc(), hwloc_bitmap_free);
    if (!set || hwloc_get_cpubind(h.t, set.get(), HWLOC_CPUBIND_PROCESS) != 0) return -1;
    const int weight = hwloc_bitmap_weight(set.get());
    if (weight == 1) return hwloc_bitmap_first(set.get());
    if (weight < 1) return -1;
    // Bound to the PUs of exactly one physical core: that core, named by its first PU.
    const hwloc_obj_t core = hwloc_get_next_obj_covering_cpuset_by_type(h.t, set.get(), HWLOC_OBJ_CORE, nullptr);
    if (core && hwloc_bitmap_isincluded(set.get(), core->cpuset)) return hwloc_bitmap_first(core->cpuset);
    return -1;
  } catch (...) {
    return -1;  // never let a topology problem take the application down
  }
}

}  // namespace collsel

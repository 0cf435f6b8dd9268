#include "collsel/host_links.hpp"

#include <algorithm>
#include <limits>
#include <map>

namespace collsel {

double sustained_per_byte(const P2PModel& model, int a, int b) {
  constexpr double probe = 1 << 20;
  return std::max(0.0, (model.p2p(a, b, 2 * probe) - model.p2p(a, b, probe)) / probe);
}

HostLinks compute_host_links(const P2PModel& model) {
  HostLinks links;
  const std::vector<int>& hosts = model.hosts();
  const int n = model.size();
  if (hosts.size() != std::size_t(n)) return links;
  std::map<int, int> first;  // host id -> its first process
  for (int p = 0; p < n; ++p) first.try_emplace(hosts[std::size_t(p)], p);
  const double inf = std::numeric_limits<double>::infinity();
  // Every pair between a process and another host's first process passes both hosts' links at its
  // rate: the pairs from host A to host B are A's processes to B's first and A's first to B's
  // processes. Their median, not their fastest, stands for A -> B: a pair measured faster than its
  // path allows (calibration times some so, 0035) would otherwise pass for both hosts' links.
  std::map<std::pair<int, int>, std::vector<double>> between;  // (host from, host to) -> seconds per byte
  for (int p = 0; p < n; ++p) {
    const int hp = hosts[std::size_t(p)];
    const bool host_first = first.at(hp) == p;  // its pair back is another's pair there
    for (const auto& [host, q] : first) {
      if (host == hp) continue;
      between[{hp, host}].push_back(sustained_per_byte(model, p, q));
      if (!host_first) between[{host, hp}].push_back(sustained_per_byte(model, q, p));
    }
  }
  std::map<int, std::pair<double, double>> link;  // host id -> (out, in)
  for (const auto& [host, q] : first) link.try_emplace(host, inf, inf);
  for (auto& [hosts_ab, samples] : between) {
    // The slower of two middle samples: the pair rates' median, leaning away from too fast.
    const auto middle = samples.begin() + std::ptrdiff_t(samples.size() / 2);
    std::nth_element(samples.begin(), middle, samples.end());
    link.at(hosts_ab.first).first = std::min(link.at(hosts_ab.first).first, *middle);
    link.at(hosts_ab.second).second = std::min(link.at(hosts_ab.second).second, *middle);
  }
  links.out_per_byte.resize(std::size_t(n));
  links.in_per_byte.resize(std::size_t(n));
  for (int p = 0; p < n; ++p) {
    const auto [out, in] = link.at(hosts[std::size_t(p)]);
    // One host alone: no link to share.
    links.out_per_byte[std::size_t(p)] = out < inf ? model.link_per_byte(p, true, out) : 0.0;
    links.in_per_byte[std::size_t(p)] = in < inf ? model.link_per_byte(p, false, in) : 0.0;
  }
  return links;
}

HostLinks host_links(const P2PModel& model) {
  HostLinks links;
  if (model.host_out_per_byte().size() == std::size_t(model.size()) &&
      model.host_in_per_byte().size() == std::size_t(model.size()))
    links = {model.host_out_per_byte(), model.host_in_per_byte(), {}, 0};
  else
    links = compute_host_links(model);
  links.host_index = model.host_numbers();
  links.host_count = model.host_count();
  return links;
}

}  // namespace collsel

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
  const auto per_byte = [&](int a, int b) { return sustained_per_byte(model, a, b); };
  const double inf = std::numeric_limits<double>::infinity();
  std::map<int, std::pair<double, double>> link;  // host id -> (out, in)
  for (const auto& [host, q] : first) link.try_emplace(host, inf, inf);
  // A pair as fast as this passes both hosts' links at that rate: each pair informs both ends.
  for (int p = 0; p < n; ++p) {
    auto& [out, in] = link.at(hosts[std::size_t(p)]);
    for (const auto& [host, q] : first) {
      if (host == hosts[std::size_t(p)]) continue;
      auto& [far_out, far_in] = link.at(host);
      const double there = per_byte(p, q), back = per_byte(q, p);
      out = std::min(out, there);
      far_in = std::min(far_in, there);
      in = std::min(in, back);
      far_out = std::min(far_out, back);
    }
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

namespace {
void number_hosts(const P2PModel& model, HostLinks& links) {
  std::map<int, int> index;
  links.host_index.clear();
  for (int h : model.hosts()) links.host_index.push_back(index.try_emplace(h, int(index.size())).first->second);
  links.host_count = int(index.size());
}
}  // namespace

HostLinks host_links(const P2PModel& model) {
  HostLinks links;
  if (model.host_out_per_byte().size() == std::size_t(model.size()) &&
      model.host_in_per_byte().size() == std::size_t(model.size()))
    links = {model.host_out_per_byte(), model.host_in_per_byte(), {}, 0};
  else
    links = compute_host_links(model);
  number_hosts(model, links);
  return links;
}

}  // namespace collsel

// bandwidth_bound: collsel/bounds.hpp.
#include "collsel/bounds.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include "collsel/switch_groups.hpp"

namespace collsel {

namespace {

// The marginal cost of a byte from q to r at `probe` bytes.
double marginal(const P2PModel& model, int q, int r, double probe) {
  return std::max(0.0, (model.p2p(q, r, 2 * probe) - model.p2p(q, r, probe)) / probe);
}

// Ranks that share a host share its network link: what crosses it, crosses at the host's fastest
// rate to (from) another host or its measured floor (P2PModel::link_per_byte), however fast its
// ranks talk among themselves. 0 without such hosts.
double host_link_bound(const CallShape& shape, const P2PModel& model, double probe) {
  const int n = shape.procs, root = shape.root;
  const double inf = std::numeric_limits<double>::infinity();
  double bound = 0;
  const std::vector<int> hosts = call_hosts(model, n);
  if (hosts.empty()) return bound;
  std::map<int, std::size_t> index;  // host id -> 0 .. H − 1
  std::vector<std::size_t> host_of(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r)
    host_of[std::size_t(r)] = index.try_emplace(hosts[std::size_t(r)], index.size()).first->second;
  const std::size_t count = index.size();
  if (count < 2) return bound;
  std::vector<double> nic_in(count, inf), nic_out(count, inf), moved(count, 0.0);
  for (int q = 0; q < n; ++q)
    for (int r = 0; r < n; ++r) {
      const std::size_t hq = host_of[std::size_t(q)], hr = host_of[std::size_t(r)];
      if (hq == hr) continue;
      const double per_byte = marginal(model, q, r, probe);
      nic_out[hq] = std::min(nic_out[hq], model.link_per_byte(q, true, per_byte));
      nic_in[hr] = std::min(nic_in[hr], model.link_per_byte(r, false, per_byte));
    }
  const std::size_t root_host = host_of[std::size_t(root)];
  double leaves_root_host = 0;
  for (int r = 0; r < n; ++r)
    if (host_of[std::size_t(r)] != root_host) {
      moved[host_of[std::size_t(r)]] += double(shape.block(r));
      leaves_root_host += double(shape.block(r));
    }
  const double m = double(shape.bytes);
  double capacity = 0;
  for (std::size_t h = 0; h < count; ++h) {
    if (h != root_host) {
      switch (shape.op) {
        case Collective::bcast: bound = std::max(bound, m * nic_in[h]); break;
        case Collective::reduce: bound = std::max(bound, m * nic_out[h]); break;
        case Collective::scatter:
        case Collective::scatterv: bound = std::max(bound, moved[h] * nic_in[h]); break;
        case Collective::gather:
        case Collective::gatherv: bound = std::max(bound, moved[h] * nic_out[h]); break;
      }
    }
    const double per_byte = shape.op == Collective::bcast ? nic_out[h] : nic_in[h];
    capacity += per_byte > 0 ? 1.0 / per_byte : inf;
  }
  switch (shape.op) {
    case Collective::bcast:
    case Collective::reduce:
      if (capacity < inf) bound = std::max(bound, double(count - 1) * m / capacity);
      break;
    case Collective::scatter:
    case Collective::scatterv: bound = std::max(bound, leaves_root_host * nic_out[root_host]); break;
    case Collective::gather:
    case Collective::gatherv: bound = std::max(bound, leaves_root_host * nic_in[root_host]); break;
  }
  return bound;
}

}  // namespace

double bandwidth_bound(const CallShape& shape, const P2PModel& model) {
  const int n = shape.procs;
  if (n < 2) return 0.0;
  const double probe = std::max<double>(double(std::max<std::size_t>(shape.bytes, 1)), 65536.0);
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> in(std::size_t(n), inf), out(std::size_t(n), inf);
  for (int q = 0; q < n; ++q)
    for (int r = 0; r < n; ++r) {
      if (q == r) continue;
      const double per_byte = marginal(model, q, r, probe);
      out[std::size_t(q)] = std::min(out[std::size_t(q)], per_byte);
      in[std::size_t(r)] = std::min(in[std::size_t(r)], per_byte);
    }
  for (int r = 0; r < n; ++r) {  // or the link's measured floor, where faster
    out[std::size_t(r)] = model.link_per_byte(r, true, out[std::size_t(r)]);
    in[std::size_t(r)] = model.link_per_byte(r, false, in[std::size_t(r)]);
  }
  const int root = shape.root;
  double bound = 0, through_root = 0;
  for (int r = 0; r < n; ++r) {
    if (r == root) continue;
    const double m = double(shape.block(r));
    switch (shape.op) {
      case Collective::bcast: bound = std::max(bound, m * in[std::size_t(r)]); break;
      case Collective::reduce: bound = std::max(bound, m * out[std::size_t(r)]); break;
      case Collective::scatter:
      case Collective::scatterv:
        bound = std::max(bound, m * in[std::size_t(r)]);
        through_root += m * out[std::size_t(root)];
        break;
      case Collective::gather:
      case Collective::gatherv:
        bound = std::max(bound, m * out[std::size_t(r)]);
        through_root += m * in[std::size_t(root)];
        break;
    }
  }
  // Every byte a process takes in was sent by some process (bcast: n − 1 copies of the message,
  // which any process may forward; reduce: n − 1 contributions, each leaving its process and
  // arriving somewhere): the links' total upload (download) rate bounds the whole.
  if (shape.op == Collective::bcast || shape.op == Collective::reduce) {
    double capacity = 0;
    for (int r = 0; r < n; ++r) {
      const double per_byte = shape.op == Collective::bcast ? out[std::size_t(r)] : in[std::size_t(r)];
      capacity += per_byte > 0 ? 1.0 / per_byte : inf;
    }
    if (capacity < inf) bound = std::max(bound, double(n - 1) * double(shape.bytes) / capacity);
  }
  return std::max({bound, through_root, host_link_bound(shape, model, probe)});
}

}  // namespace collsel

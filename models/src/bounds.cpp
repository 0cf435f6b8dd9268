// bandwidth_bound: collsel/bounds.hpp.
#include "collsel/bounds.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace collsel {

double bandwidth_bound(const CallShape& shape, const P2PModel& model) {
  const int n = shape.procs;
  if (n < 2) return 0.0;
  const double probe = std::max<double>(double(std::max<std::size_t>(shape.bytes, 1)), 65536.0);
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> in(std::size_t(n), inf), out(std::size_t(n), inf);
  for (int q = 0; q < n; ++q)
    for (int r = 0; r < n; ++r) {
      if (q == r) continue;
      const double per_byte = std::max(0.0, (model.p2p(q, r, 2 * probe) - model.p2p(q, r, probe)) / probe);
      out[std::size_t(q)] = std::min(out[std::size_t(q)], per_byte);
      in[std::size_t(r)] = std::min(in[std::size_t(r)], per_byte);
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
  return std::max(bound, through_root);
}

}  // namespace collsel

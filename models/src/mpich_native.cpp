#include "collsel/mpich_native.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>

#include "collsel/predict.hpp"
#include "collsel/registry.hpp"

namespace collsel {
namespace {

int pof2_at_most(int p) { return p < 1 ? 1 : int(std::bit_floor(unsigned(p))); }

double tree_cost(std::string_view algorithm, const CallShape& shape, const P2PModel& cost) {
  return predict_tree(find_algorithm(algorithm)->build(BuildContext{cost, shape}).tree, shape, cost);
}

}  // namespace

std::string_view to_string(MpichAlgorithm a) {
  switch (a) {
    case MpichAlgorithm::binomial: return "binomial";
    case MpichAlgorithm::scatter_recursive_doubling_allgather: return "scatter_recursive_doubling_allgather";
    case MpichAlgorithm::scatter_ring_allgather: return "scatter_ring_allgather";
    case MpichAlgorithm::reduce_scatter_gather: return "reduce_scatter_gather";
    case MpichAlgorithm::linear: return "linear";
  }
  return "?";
}

MpichAlgorithm mpich_default_algorithm(const CallShape& shape, bool builtin_op) {
  const int p = shape.procs;
  const std::size_t m = shape.bytes;
  switch (shape.op) {
    case Collective::bcast:
      if (p < 8 || m <= 12288) return MpichAlgorithm::binomial;
      if (std::has_single_bit(unsigned(p)) && m <= 524288) return MpichAlgorithm::scatter_recursive_doubling_allgather;
      return MpichAlgorithm::scatter_ring_allgather;
    case Collective::reduce: {
      const std::size_t count = m / std::max<std::size_t>(shape.element_bytes, 1);
      if (m <= 2048 || !builtin_op || count < std::size_t(pof2_at_most(p))) return MpichAlgorithm::binomial;
      return MpichAlgorithm::reduce_scatter_gather;
    }
    case Collective::scatter:
    case Collective::gather: return MpichAlgorithm::binomial;
    case Collective::scatterv:
    case Collective::gatherv: return MpichAlgorithm::linear;
  }
  return MpichAlgorithm::binomial;
}

std::string_view mpich_native_plan(const CallShape& shape, std::size_t bytes_min, std::size_t bytes_max,
                                   bool builtin_op) {
  // MPICH's choice goes from binomial to the others as the size grows: binomial at both ends is
  // binomial throughout.
  CallShape low = shape, high = shape;
  low.bytes = bytes_min, high.bytes = bytes_max;
  const bool binomial = mpich_default_algorithm(low, builtin_op) == MpichAlgorithm::binomial &&
                        mpich_default_algorithm(high, builtin_op) == MpichAlgorithm::binomial;
  return binomial ? "binomial" : "";
}

double predict_mpich_native(const CallShape& shape, const P2PModel& cost, bool builtin_op) {
  const int p = shape.procs;
  if (p <= 1) return 0;
  const MpichAlgorithm algorithm = mpich_default_algorithm(shape, builtin_op);
  auto absolute = [&](int rel) { return (rel + shape.root) % p; };
  const double m = double(shape.bytes);
  switch (algorithm) {
    case MpichAlgorithm::binomial: return tree_cost("binomial", shape, cost);
    case MpichAlgorithm::linear: return tree_cost("flat", shape, cost);
    case MpichAlgorithm::scatter_recursive_doubling_allgather:
    case MpichAlgorithm::scatter_ring_allgather: {
      const double chunk = std::ceil(m / double(p));
      CallShape scatter = shape;
      scatter.op = Collective::scatter;
      scatter.bytes = std::size_t(chunk);
      double t = tree_cost("binomial", scatter, cost);
      if (algorithm == MpichAlgorithm::scatter_ring_allgather) {
        double step = 0;
        for (int i = 0; i < p; ++i) step = std::max(step, cost.p2p(absolute(i), absolute((i + 1) % p), chunk));
        return t + double(p - 1) * step;
      }
      for (int mask = 1; mask < p; mask <<= 1) {
        double step = 0;
        for (int i = 0; i < p; ++i) step = std::max(step, cost.p2p(absolute(i), absolute(i ^ mask), chunk * mask));
        t += step;
      }
      return t;
    }
    case MpichAlgorithm::reduce_scatter_gather: {
      const int pof2 = pof2_at_most(p), rem = p - pof2;
      double t = 0;
      if (rem > 0) {  // ranks 0, 2, .., 2 rem − 2 fold their whole vector into the next one
        double step = 0;
        for (int i = 0; i < 2 * rem; i += 2)
          step = std::max(step, cost.p2p(absolute(i), absolute(i + 1), m) + cost.reduce_local(absolute(i + 1), m));
        t += step;
      }
      // The pof2 ranks left: relative ranks 1, 3, .., 2 rem − 1, then 2 rem, .., p − 1.
      auto member = [&](int v) { return v < rem ? 2 * v + 1 : v + rem; };
      double piece = m;
      for (int mask = 1; mask < pof2; mask <<= 1) {
        piece /= 2;
        double step = 0;
        for (int v = 0; v < pof2; ++v) {
          const int a = absolute(member(v)), b = absolute(member(v ^ mask));
          step = std::max(step, cost.p2p(b, a, piece) + cost.reduce_local(a, piece));
        }
        t += step;
      }
      for (int mask = pof2 >> 1; mask >= 1; mask >>= 1) {  // binomial gather of the pieces
        double step = 0;
        const double bytes = m * double(mask) / double(pof2);
        for (int v = 0; v < pof2; ++v)
          if ((v & mask) && !(v & (mask - 1))) step = std::max(step, cost.p2p(absolute(member(v)), absolute(member(v ^ mask)), bytes));
        t += step;
      }
      // Relative rank 0 (the root) folded its vector away when rem > 0: the result comes back.
      if (rem > 0) t += cost.p2p(absolute(member(0)), absolute(0), m);
      return t;
    }
  }
  return tree_cost("binomial", shape, cost);
}

}  // namespace collsel

#include "collsel/mpich_native.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "collsel/predict.hpp"
#include "collsel/registry.hpp"

namespace collsel {
namespace {

int pof2_at_most(int p) { return p < 1 ? 1 : int(std::bit_floor(unsigned(p))); }

double tree_cost(std::string_view algorithm, const CallShape& shape, const P2PModel& cost) {
  return predict_tree(find_algorithm(algorithm)->build(BuildContext{cost, shape}).tree, shape, cost);
}

}  // namespace

// A flow is capped (runs at its share) when its share is below the equal part of what the capped
// ones leave; the others run at that level. Completions only raise the level, so a flow once
// capped stays capped, and the uncapped ones, all at one rate, finish in the order of their work:
// n events, O(n log n) in all (1024-rank communicators decide in about a millisecond).
double fair_share_makespan(std::vector<PortFlow> flows) {
  const std::size_t n = flows.size();
  if (n == 0) return 0;
  std::vector<std::size_t> by_share(n), by_work(n);
  for (std::size_t i = 0; i < n; ++i) by_share[i] = by_work[i] = i;
  std::ranges::sort(by_share, {}, [&](std::size_t i) { return flows[i].share(); });
  std::ranges::sort(by_work, {}, [&](std::size_t i) { return flows[i].port; });
  std::vector<char> capped(n, 0), done(n, 0);
  // Capped flows' completion times; the uncapped ones have all moved `levelled` seconds of port.
  std::priority_queue<std::pair<double, std::size_t>, std::vector<std::pair<double, std::size_t>>, std::greater<>> ends;
  double now = 0, levelled = 0, capped_rate = 0;
  std::size_t uncapped = n, next_share = 0, next_work = 0;
  auto level = [&] { return (1 - capped_rate) / double(uncapped); };
  auto cap_below_level = [&] {
    while (uncapped > 0) {
      while (next_share < n && (capped[by_share[next_share]] || done[by_share[next_share]])) ++next_share;
      if (next_share == n) return;
      const std::size_t i = by_share[next_share];
      if (flows[i].share() > level()) return;
      capped[i] = 1, --uncapped, capped_rate += flows[i].share();
      ends.emplace(now + (flows[i].port - levelled) / flows[i].share(), i);
    }
  };
  cap_below_level();
  for (std::size_t finished = 0; finished < n; ++finished) {
    while (next_work < n && (capped[by_work[next_work]] || done[by_work[next_work]])) ++next_work;
    const double rate = uncapped > 0 ? level() : 0;
    const double uncapped_end =
        next_work < n ? now + (flows[by_work[next_work]].port - levelled) / rate : std::numeric_limits<double>::infinity();
    const double capped_end = ends.empty() ? std::numeric_limits<double>::infinity() : ends.top().first;
    std::size_t i;
    if (capped_end <= uncapped_end) {
      i = ends.top().second, ends.pop();
      levelled += rate * (capped_end - now), now = capped_end;
      capped_rate -= flows[i].share();
    } else {
      i = by_work[next_work];
      levelled = flows[i].port, now = uncapped_end;
      --uncapped;
    }
    done[i] = 1;
    cap_below_level();
  }
  return now;
}

double predict_linear(const CallShape& shape, const P2PModel& cost) {
  const int p = shape.procs;
  const bool upward = flows_to_root(shape.op);
  auto p2p = [&](int peer, double bytes) {
    return upward ? cost.p2p(peer, shape.root, bytes) : cost.p2p(shape.root, peer, bytes);
  };
  // The root's fastest peer at the mean block: the pair whose time is the root's own port's
  // (some peer is at least as fast as the root's link, or the root's link is never the limit).
  double mean = 0;
  for (int r = 0; r < p; ++r)
    if (r != shape.root) mean += double(shape.block(r)) / double(p - 1);
  int fastest = -1;
  for (int r = 0; r < p; ++r)
    if (r != shape.root && (fastest < 0 || p2p(r, mean) < p2p(fastest, mean))) fastest = r;
  std::vector<PortFlow> flows;
  double unshared = 0;  // transfers that need none of the port (a model giving 0 for the pair)
  for (int r = 0; r < p; ++r) {
    const double bytes = double(shape.block(r));
    if (r == shape.root || bytes <= 0) continue;
    const double alone = p2p(r, bytes), port = std::min(alone, p2p(fastest, bytes));
    if (port > 0) flows.push_back({alone, port});
    else unshared = std::max(unshared, alone);
  }
  return std::max(fair_share_makespan(std::move(flows)), unshared);
}

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
    case MpichAlgorithm::linear: return predict_linear(shape, cost);
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

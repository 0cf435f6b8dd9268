#include "collsel/mpich_native.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <queue>
#include <span>
#include <utility>
#include <vector>

#include "collsel/predict.hpp"
#include "collsel/registry.hpp"
#include "collsel/switch_groups.hpp"

namespace collsel {
namespace {

int pof2_at_most(int p) { return p < 1 ? 1 : int(std::bit_floor(unsigned(p))); }

double tree_cost(std::string_view algorithm, const CallShape& shape, const P2PModel& cost, const TransferTime& transfer) {
  return simulate_tree(find_algorithm(algorithm)->build(BuildContext{cost, shape}).tree, shape, cost, transfer);
}

}  // namespace

// A flow is capped (runs at its share) when its share is below the equal part of what the capped
// ones leave; the others run at that level. Completions only raise the level, so a flow once
// capped stays capped, and the uncapped ones, all at one rate, finish in the order of their work:
// n events, O(n log n) in all (1024-rank communicators decide in about a millisecond).
double fair_share_makespan(std::span<const PortFlow> flows) {
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

namespace {

double linear_once(const CallShape& shape, const P2PModel& cost, const TransferTime& transfer) {
  const int p = shape.procs;
  if (p > 1 && !call_hosts(cost, p).empty()) {
    // Ranks sharing hosts: the root's transfers share its host's link, those to one far host that
    // host's (predict_concurrent_tree on the flat tree; host_links.hpp), not the root's fastest
    // pair's, which is a loopback.
    Tree flat(p, shape.root);
    for (int r = 0; r < p; ++r)
      if (r != shape.root) flat.add_child(shape.root, r);
    flat.finalize();
    return predict_concurrent_tree(flat, shape, cost);
  }
  const bool upward = flows_to_root(shape.op);
  auto p2p = [&](int peer, double bytes) {
    return upward ? cost.p2p(peer, shape.root, bytes) : cost.p2p(shape.root, peer, bytes);
  };
  // Every flow starts with the call (the root's port shares them); with token buckets the root's
  // bucket goes to the peers in rank order.
  auto alone_time = [&](int peer, double bytes) {
    return upward ? transfer(peer, shape.root, bytes, 0.0) : transfer(shape.root, peer, bytes, 0.0);
  };
  // The root's fastest peer at the mean block: the pair whose time is the root's own port's
  // (some peer is at least as fast as the root's link, or the root's link is never the limit).
  double mean = 0;
  for (int r = 0; r < p; ++r)
    if (r != shape.root) mean += double(shape.block(r)) / double(p - 1);
  int fastest = -1;
  double fastest_time = std::numeric_limits<double>::infinity();
  for (int r = 0; r < p; ++r)
    if (const double t = r == shape.root ? fastest_time : p2p(r, mean); t < fastest_time) fastest = r, fastest_time = t;
  if (fastest < 0) fastest = (shape.root + 1) % std::max(p, 1);  // no finite time: any peer
  std::vector<PortFlow> flows;
  double unshared = 0;  // transfers that need none of the port (a model giving 0 for the pair)
  // The port passes a transfer's bytes: the fastest pair's time less its latency, which the
  // transfers posted together spend at once.
  const double port_latency = p2p(fastest, 0.0);
  for (int r = 0; r < p; ++r) {
    const double bytes = double(shape.block(r));
    if (r == shape.root || bytes <= 0) continue;
    const double alone = alone_time(r, bytes), port = std::min(alone, std::max(0.0, p2p(fastest, bytes) - port_latency));
    if (port > 0) flows.push_back({alone, port});
    else unshared = std::max(unshared, alone);
  }
  return std::max(fair_share_makespan(flows), unshared);
}

double reduce_scatter_gather_once(const CallShape& shape, const P2PModel& cost, const TransferTime& transfer_time) {
  const int p = shape.procs, root = shape.root;
  if (p <= 1) return 0;
  const int pof2 = pof2_at_most(p), rem = p - pof2;
  const double m = double(shape.bytes);
  // Each rank's clock: a transfer starts when both ends are done with their earlier ones (blocking
  // sends, receives and sendrecvs; no barrier between steps).
  std::vector<double> ready(std::size_t(p), 0.0);
  auto at = [&](int r) -> double& { return ready[std::size_t(r)]; };
  auto transfer = [&](int from, int to, double bytes, bool combine) {
    const double start = std::max(at(from), at(to));
    at(to) = at(from) = start + transfer_time(from, to, bytes, start) + (combine ? cost.reduce_local(to, bytes) : 0.0);
  };
  // Ranks below 2 rem: the odd ones fold their whole vector into rank - 1 and drop out.
  for (int r = 1; r < 2 * rem; r += 2) transfer(r, r - 1, m, true);
  // The power of two left, by new rank: rank 2v for v < rem, v + rem above.
  auto real = [&](int v) { return v < rem ? 2 * v : v + rem; };
  // Recursive halving: at distance `mask` the pair swaps halves of what it holds and folds.
  for (int mask = 1; mask < pof2; mask <<= 1) {
    const double piece = m / double(2 * mask);
    for (int v = 0; v < pof2; ++v) {
      const int w = v ^ mask;
      if (w < v) continue;
      const int a = real(v), b = real(w);
      const double start = std::max(at(a), at(b));
      const double swapped = start + std::max(transfer_time(a, b, piece, start), transfer_time(b, a, piece, start));
      at(a) = swapped + cost.reduce_local(a, piece);
      at(b) = swapped + cost.reduce_local(b, piece);
    }
  }
  // An odd root below 2 rem dropped out: new rank 0 (rank 0) hands it its piece, and the root
  // takes new rank 0's place in the gather.
  int new_root = root - rem;
  std::vector<int> member(static_cast<std::size_t>(pof2));
  for (int v = 0; v < pof2; ++v) member[std::size_t(v)] = real(v);
  if (root < 2 * rem) {
    if (root % 2 != 0) {
      transfer(0, root, m / double(pof2), false);
      member[0] = root;
      new_root = 0;
    } else {
      new_root = root / 2;
    }
  }
  // Binomial gather of the pieces to the new root, the largest distance first: at distance `mask`
  // the ranks of new_root's 2 mask-block outside its mask-block send what they hold, m / (2 mask).
  for (int mask = pof2 / 2; mask >= 1; mask /= 2)
    for (int v = 0; v < pof2; ++v)
      if ((v / (2 * mask)) == (new_root / (2 * mask)) && (v & mask) != (new_root & mask))
        transfer(member[std::size_t(v)], member[std::size_t(v ^ mask)], m / double(2 * mask), false);
  return *std::max_element(ready.begin(), ready.end());
}

}  // namespace

double simulate_linear(const CallShape& shape, const P2PModel& cost, const TransferTime& transfer) {
  return linear_once(shape, cost, transfer);
}

double simulate_reduce_scatter_gather(const CallShape& shape, const P2PModel& cost, const TransferTime& transfer) {
  return reduce_scatter_gather_once(shape, cost, transfer);
}

double predict_linear(const CallShape& shape, const P2PModel& cost) {
  return predict_call(cost, [&](const TransferTime& transfer) { return linear_once(shape, cost, transfer); });
}

double predict_reduce_scatter_gather(const CallShape& shape, const P2PModel& cost) {
  return predict_call(cost, [&](const TransferTime& transfer) { return reduce_scatter_gather_once(shape, cost, transfer); });
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

bool exchanges_on_every_rank(MpichAlgorithm a) {
  return a == MpichAlgorithm::scatter_recursive_doubling_allgather || a == MpichAlgorithm::scatter_ring_allgather ||
         a == MpichAlgorithm::reduce_scatter_gather;
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

double predict_mpich_native(const CallShape& shape, const P2PModel& cost, bool builtin_op, double* rested) {
  const int p = shape.procs;
  if (rested) *rested = 0;
  if (p <= 1) return 0;
  const MpichAlgorithm algorithm = mpich_default_algorithm(shape, builtin_op);
  auto absolute = [&](int rel) { return (rel + shape.root) % p; };
  const double m = double(shape.bytes);
  return predict_call(cost, [&](const TransferTime& transfer) -> double {
    switch (algorithm) {
      case MpichAlgorithm::binomial: return tree_cost("binomial", shape, cost, transfer);
      case MpichAlgorithm::linear: return linear_once(shape, cost, transfer);
      case MpichAlgorithm::scatter_recursive_doubling_allgather:
      case MpichAlgorithm::scatter_ring_allgather: {
        const double chunk = std::ceil(m / double(p));
        CallShape scatter = shape;
        scatter.op = Collective::scatter;
        scatter.bytes = std::size_t(chunk);
        double t = tree_cost("binomial", scatter, cost, transfer);
        // The allgather's steps: every rank exchanges at once; a step takes its slowest transfer.
        auto step = [&](auto peer_of, double bytes) {
          double slowest = 0;
          for (int i = 0; i < p; ++i) slowest = std::max(slowest, transfer(absolute(i), absolute(peer_of(i)), bytes, t));
          return slowest;
        };
        if (algorithm == MpichAlgorithm::scatter_ring_allgather) {
          // P - 1 like steps; with token buckets each finds them emptier (P^2 transfers, so only then).
          const auto ring = [&](int i) { return (i + 1) % p; };
          if (!cost.buckets()) return t + double(p - 1) * step(ring, chunk);
          for (int k = 1; k < p; ++k) t += step(ring, chunk);
          return t;
        }
        for (int mask = 1; mask < p; mask <<= 1) t += step([&](int i) { return i ^ mask; }, chunk * mask);
        return t;
      }
      case MpichAlgorithm::reduce_scatter_gather: return reduce_scatter_gather_once(shape, cost, transfer);
    }
    return tree_cost("binomial", shape, cost, transfer);
  }, rested);
}

}  // namespace collsel

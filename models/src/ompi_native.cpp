#include "collsel/ompi_native.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <utility>
#include <vector>

#include "collsel/mpich_native.hpp"
#include "collsel/predict.hpp"

namespace collsel {
namespace {

using A = OmpiAlgorithm;
constexpr std::size_t kAbove = std::numeric_limits<std::size_t>::max();

// One row of a size-bucketed table: messages of fewer than `below` bytes (the first row that
// fits) run `algorithm`.
struct Step {
  std::size_t below;
  A algorithm;
};
A pick(std::size_t bytes, std::initializer_list<Step> steps) {
  for (const Step& s : steps)
    if (bytes < s.below) return s.algorithm;
  return steps.end()[-1].algorithm;
}

// coll/tuned's numbers, per collective, in our names.
constexpr A bcast_alg[10] = {A::basic_linear, A::basic_linear, A::chain,    A::chain,
                             A::binary_tree,  A::binary_tree,  A::binomial, A::knomial,
                             A::scatter_allgather, A::scatter_allgather_ring};
constexpr A reduce_alg[8] = {A::basic_linear, A::basic_linear, A::chain,       A::chain,
                             A::binary_tree,  A::binomial,     A::binary_tree, A::rabenseifner};
constexpr A scatter_alg[4] = {A::basic_linear, A::basic_linear, A::binomial, A::linear_nb};
constexpr A gather_alg[4] = {A::basic_linear, A::basic_linear, A::binomial, A::linear_sync};

// Tables with coll/tuned's numbers, translated by `names`.
Step b(std::size_t below, int n) { return {below, bcast_alg[n]}; }
Step r(std::size_t below, int n) { return {below, reduce_alg[n]}; }
Step s(std::size_t below, int n) { return {below, scatter_alg[n]}; }
Step g(std::size_t below, int n) { return {below, gather_alg[n]}; }

A bcast_rule(int p, std::size_t m) {
  if (p < 4)
    return pick(m, {b(32, 3), b(256, 5), b(512, 3), b(1024, 7), b(32768, 1), b(131072, 5), b(262144, 2),
                    b(524288, 1), b(1048576, 6), b(kAbove, 5)});
  if (p < 8) return pick(m, {b(64, 5), b(128, 6), b(2048, 5), b(8192, 6), b(1048576, 1), b(kAbove, 2)});
  if (p < 16) return pick(m, {b(8, 7), b(64, 5), b(4096, 7), b(16384, 5), b(32768, 6), b(kAbove, 1)});
  if (p < 32) return pick(m, {b(4096, 7), b(1048576, 6), b(kAbove, 8)});
  if (p < 64) return pick(m, {b(2048, 6), b(kAbove, 7)});
  if (p < 128) return A::knomial;
  if (p < 256) return pick(m, {b(2, 6), b(16384, 5), b(32768, 1), b(65536, 5), b(kAbove, 7)});
  if (p < 1024) return pick(m, {b(16384, 7), b(32768, 4), b(kAbove, 7)});
  if (p < 2048) return pick(m, {b(524288, 7), b(kAbove, 8)});
  if (p < 4096) return pick(m, {b(262144, 7), b(kAbove, 8)});
  return pick(m, {b(8192, 7), b(16384, 5), b(262144, 7), b(kAbove, 8)});
}

A reduce_rule(int p, std::size_t m, bool commutative) {
  if (!commutative) {
    if (p < 4) return pick(m, {r(8, 6), r(kAbove, 1)});
    if (p < 8) return A::basic_linear;
    if (p < 16) return pick(m, {r(1024, 6), r(8192, 1), r(16384, 6), r(262144, 1), r(kAbove, 6)});
    if (p < 128) return A::binary_tree;
    if (p < 256) return pick(m, {r(512, 6), r(1024, 1), r(kAbove, 6)});
    return A::binary_tree;
  }
  if (p < 4)
    return pick(m, {r(8, 7), r(16, 4), r(32, 3), r(262144, 1), r(524288, 3), r(1048576, 2), r(kAbove, 3)});
  if (p < 8) return pick(m, {r(4096, 4), r(65536, 2), r(262144, 5), r(524288, 1), r(1048576, 5), r(kAbove, 1)});
  if (p < 16) return pick(m, {r(8192, 4), r(kAbove, 5)});
  if (p < 32) return pick(m, {r(4096, 4), r(kAbove, 5)});
  if (p < 256) return A::binomial;
  if (p < 512) return pick(m, {r(8192, 5), r(16384, 6), r(kAbove, 5)});
  if (p < 2048) return A::binomial;
  if (p < 4096) return pick(m, {r(512, 5), r(1024, 6), r(8192, 5), r(16384, 6), r(kAbove, 5)});
  return pick(m, {r(16, 5), r(32, 6), r(1024, 5), r(2048, 6), r(8192, 5), r(16384, 6), r(kAbove, 5)});
}

A scatter_rule(int p, std::size_t m) {
  if (p < 4) return pick(m, {s(2, 3), s(131072, 1), s(262144, 3), s(kAbove, 1)});
  if (p < 8) return pick(m, {s(2048, 2), s(4096, 1), s(8192, 2), s(32768, 1), s(1048576, 3), s(kAbove, 1)});
  if (p < 16) return pick(m, {s(16384, 2), s(1048576, 3), s(kAbove, 1)});
  if (p < 32) return pick(m, {s(16384, 2), s(32768, 1), s(kAbove, 3)});
  if (p < 64) return pick(m, {s(512, 2), s(8192, 3), s(16384, 2), s(kAbove, 3)});
  return pick(m, {s(512, 2), s(kAbove, 3)});
}

A gather_rule(int p, std::size_t m) {
  if (p < 4) return pick(m, {g(2, 3), g(4, 1), g(32768, 2), g(65536, 1), g(131072, 2), g(kAbove, 3)});
  if (p < 8) return pick(m, {g(1024, 2), g(8192, 1), g(32768, 2), g(262144, 1), g(kAbove, 3)});
  if (p < 256) return A::binomial;
  if (p < 512) return pick(m, {g(2048, 2), g(8192, 1), g(kAbove, 2)});
  return A::binomial;
}

// Relative rank v's absolute rank.
int absolute(int v, int root, int p) { return (v + root) % p; }

// Binomial: v's children v + 2^k for 2^k below v's lowest set bit (all of them at 0), within P.
void add_binomial(Tree& t, int p, int root) {
  for (int v = 0; v < p; ++v) {
    const int limit = v == 0 ? std::numeric_limits<int>::max() : (v & -v);
    std::vector<int> kids;
    for (int mask = 1; mask < limit && v + mask < p; mask <<= 1) kids.push_back(v + mask);
    std::reverse(kids.begin(), kids.end());  // the largest subtree first
    for (int c : kids) t.add_child(absolute(v, root, p), absolute(c, root, p));
  }
}

// K-nomial of radix k: v's children v + j k^i (j = 1..k−1) for k^i below the weight of v's lowest
// non-zero digit (all of them at 0), within P.
void add_knomial(Tree& t, int p, int root, int k) {
  for (int v = 0; v < p; ++v) {
    long long limit = 1;
    if (v == 0) limit = std::numeric_limits<long long>::max();
    else
      while (v % (limit * k) == 0) limit *= k;
    std::vector<int> kids;
    for (long long w = 1; w < limit && v + w < p; w *= k)
      for (int j = 1; j < k && v + j * w < p; ++j) kids.push_back(int(v + j * w));
    std::reverse(kids.begin(), kids.end());  // the largest subtrees (highest weight) first
    for (int c : kids) t.add_child(absolute(v, root, p), absolute(c, root, p));
  }
}

}  // namespace

std::string_view to_string(OmpiAlgorithm a) {
  switch (a) {
    case A::basic_linear: return "basic_linear";
    case A::linear_nb: return "linear_nb";
    case A::linear_sync: return "linear_sync";
    case A::chain: return "chain";
    case A::binary_tree: return "binary_tree";
    case A::binomial: return "binomial";
    case A::knomial: return "knomial";
    case A::scatter_allgather: return "scatter_allgather";
    case A::scatter_allgather_ring: return "scatter_allgather_ring";
    case A::rabenseifner: return "rabenseifner";
  }
  return "?";
}

OmpiAlgorithm ompi_default_algorithm(const CallShape& shape, bool commutative) {
  const int p = shape.procs;
  const std::size_t m = shape.bytes;
  switch (shape.op) {
    case Collective::bcast: return bcast_rule(p, m);
    case Collective::reduce: return reduce_rule(p, m, commutative);
    case Collective::scatter: return scatter_rule(p, m);
    case Collective::gather: return gather_rule(p, m);
    case Collective::scatterv:
    case Collective::gatherv: return A::basic_linear;
  }
  return A::binomial;
}

bool exchanges_on_every_rank(OmpiAlgorithm a) {
  return a == A::scatter_allgather || a == A::scatter_allgather_ring || a == A::rabenseifner;
}

Tree ompi_tree(OmpiAlgorithm a, int procs, int root) {
  Tree t(procs, root);
  switch (a) {
    case A::binomial:
    case A::scatter_allgather:
    case A::scatter_allgather_ring:
    case A::rabenseifner: add_binomial(t, procs, root); break;
    case A::knomial: add_knomial(t, procs, root, 4); break;
    case A::chain:
      for (int v = 1; v < procs; ++v) t.add_child(absolute(v - 1, root, procs), absolute(v, root, procs));
      break;
    case A::binary_tree:
      for (int v = 1; v < procs; ++v) t.add_child(absolute((v - 1) / 2, root, procs), absolute(v, root, procs));
      break;
    case A::basic_linear:
    case A::linear_nb:
    case A::linear_sync:
      for (int v = 1; v < procs; ++v) t.add_child(root, absolute(v, root, procs));
      break;
  }
  t.finalize();
  return t;
}

double predict_ompi_native(const CallShape& shape, const P2PModel& cost, bool commutative, double* rested) {
  const int p = shape.procs;
  if (rested) *rested = 0;
  if (p <= 1) return 0;
  const OmpiAlgorithm algorithm = ompi_default_algorithm(shape, commutative);
  const Tree tree = ompi_tree(algorithm, p, shape.root);
  return predict_call(cost, [&](const TransferTime& transfer) -> double {
    switch (algorithm) {
      case A::linear_nb: return simulate_linear(shape, cost, transfer);
      case A::basic_linear:
        if (shape.op == Collective::bcast) return simulate_linear(shape, cost, transfer);
        return simulate_tree(tree, shape, cost, transfer);
      case A::rabenseifner: return simulate_reduce_scatter_gather(shape, cost, transfer);
      case A::scatter_allgather:
      case A::scatter_allgather_ring: {
        const double chunk = std::ceil(double(shape.bytes) / double(p));
        CallShape scatter = shape;
        scatter.op = Collective::scatter;
        scatter.bytes = std::size_t(chunk);
        scatter.block_bytes = {};
        double t = simulate_tree(tree, scatter, cost, transfer);
        auto step = [&](auto peer_of, double bytes) {
          double slowest = 0;
          for (int v = 0; v < p; ++v)
            if (const int w = peer_of(v); w >= 0 && w < p && w != v)
              slowest = std::max(slowest, transfer(absolute(v, shape.root, p), absolute(w, shape.root, p), bytes, t));
          return slowest;
        };
        if (algorithm == A::scatter_allgather_ring) {
          for (int k = 1; k < p; ++k) t += step([&](int v) { return (v + 1) % p; }, chunk);
          return t;
        }
        for (int mask = 1; mask < p; mask <<= 1) t += step([&](int v) { return v ^ mask; }, chunk * mask);
        return t;
      }
      default: return simulate_tree(tree, shape, cost, transfer);
    }
  }, rested);
}

}  // namespace collsel

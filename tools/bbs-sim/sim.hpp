// collsel-bbs-sim: the synchronous half-duplex step model of the BBS paper on grids. Every
// algorithm produces its steps as lists of transfers {from, to, packet}; validate() checks them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "collsel/bbs.hpp"
#include "collsel/frames.hpp"
#include "collsel/portable_shuffle.hpp"  // the randomised baselines (Greedy, SRDA's allgather)

namespace collsel::sim {

using Steps = std::vector<std::vector<Transfer>>;

struct Grid {
  std::string name;
  std::vector<int> dims;
  bbs::Graph graph;
  std::vector<std::vector<int>> adj;
  std::vector<int> dist;  // hops from the root (node 0)
  int nodes() const { return graph.nodes; }
  std::vector<int> coords(int v) const;
  int node(const std::vector<int>& c) const;
};

// Packets held per node, as bitsets.
class Holdings {
 public:
  Holdings(int nodes, int packets, int root);
  bool has(int v, int p) const { return (row(v)[std::size_t(p) >> 6] >> (p & 63)) & 1U; }
  void give(int v, int p);
  // Lowest packet `from` holds and `to` lacks, or -1.
  int first_new(int from, int to) const;
  int held(int v) const { return held_[std::size_t(v)]; }
  bool done() const { return missing_ == 0; }

 private:
  const unsigned long long* row(int v) const { return bits_.data() + std::size_t(v) * words_; }
  std::size_t words_;
  std::vector<unsigned long long> bits_;
  std::vector<int> held_;
  long missing_;
};

// "grid4x4", "grid2x2x4", "gridAxB[xC]": throws std::invalid_argument naming the bad text.
Grid parse_topology(const std::string& text);

// Throws std::runtime_error describing the first violation: a node in two transfers of one step,
// a transfer over a non-edge, a packet sent before its sender held it, a node left without some
// packet at the end. Returns the number of transfers.
long validate(const Grid& g, const Steps& steps, int packets);

// One run varies by up to ±5 % at N = 100, so a randomised baseline reports the run of median
// length among run(1) .. run(kSeededRuns).
constexpr unsigned kSeededRuns = 9;
template <class Run>
Steps median_of_seeded_runs(Run run) {
  std::vector<Steps> runs;
  for (unsigned seed = 1; seed <= kSeededRuns; ++seed) runs.push_back(run(seed));
  std::vector<std::size_t> idx(runs.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::nth_element(idx.begin(), idx.begin() + std::ptrdiff_t(idx.size() / 2), idx.end(),
                   [&](std::size_t a, std::size_t b) { return runs[a].size() < runs[b].size(); });
  return std::move(runs[idx[idx.size() / 2]]);
}

Steps run_greedy(const Grid& g, int packets);       // greedy.cpp
Steps run_binary_tree(const Grid& g, int packets);  // binary_tree.cpp
Steps run_srda(const Grid& g, int packets);         // srda.cpp

}  // namespace collsel::sim

// BBS (broadcast by balanced saturation, seeds/bbs-paper.txt): from an undirected graph with edge
// rates and a root, build the cyclic frame schedule of frames.hpp.
//   1. LP (GLPK) for balanced occupancies O_ij: Σ O ≤ ⌊P/2⌋ (6), per node in+out ≤ 1 (7),
//      O_ij ≤ Σ_k O_ki for non-root senders (8), Σ_j O_ji E_ji = C for every non-root i (14);
//      maximise C.
//   2. Occupancies → integer weights k_ij = l·(O_ij + O_ji) with l the LCM of their denominators
//      (smallest l making them integral, capped) → undirected multigraph of maximum degree d_m;
//      edge colouring with d_m colours when the multigraph is bipartite (alternating paths),
//      otherwise a weight-guided greedy colouring that may use a few more; each colour is a frame.
//   3. Each frame edge keeps the direction of its occupancy (edges into the root are turned away
//      from it; the paper orients by BFS, which on grids starves nodes fed mostly from farther
//      neighbours by the LP), frames are ordered greedily (most
//      new data to the farthest, most deficient nodes first), packets chosen by forward potential.
#pragma once

#include <vector>

#include "collsel/frames.hpp"
#include "collsel/p2p_model.hpp"

namespace collsel::bbs {

struct Edge {
  int u = 0, v = 0;
  double rate = 1;  // E_uv = E_vu (packets per step)
};

struct Graph {
  int nodes = 0;
  std::vector<Edge> edges;
  std::vector<std::vector<int>> adjacency() const;
};

// Grid with the given dimensions, node numbering row-major (last dimension fastest), unit rates.
Graph grid(const std::vector<int>& dims);
// Communicator as a complete graph: E_ij = 1 / β_ij with β_ij the model's time per byte for a
// message of `bytes` between i and j (symmetrised by taking the slower direction).
Graph complete_from_model(const P2PModel& cost, double bytes);

struct Occupancies {
  double C = 0;                              // balanced incoming efficiency
  std::vector<double> forward, backward;     // O_uv and O_vu per graph edge
};
// Solves the LP of step 1; throws std::runtime_error if GLPK fails. balance_root: the root is
// held to (8) and (14) like every node (the paper's reading, C ≤ ⌊P/2⌋/P, T ≈ 2N + K on grids);
// otherwise the root only sends and C may reach ⌊P/2⌋/(P−1).
Occupancies balanced_occupancies(const Graph& g, int root, bool balance_root = false);

struct Multigraph {
  int nodes = 0;
  int scale = 1;                        // l
  std::vector<std::pair<int, int>> edges;  // parallel edges, each as (sender, receiver) of the LP
  int max_degree = 0;                   // d_m
};
// Step 2a: occupancies → integer multiplicities k_uv = l·O_uv per direction. max_scale caps l;
// beyond it the values are rounded: on bipartite graphs each edge's total l·(O_uv + O_vu) to its
// floor or ceiling keeping every saturated node at degree l (so d_m = l), then split by O_uv : O_vu;
// otherwise each direction to the nearest integer, keeping every edge of positive occupancy.
Multigraph integer_multigraph(const Graph& g, const Occupancies& o, int max_scale = 64);

// Step 2b: colours 0..k-1 per multigraph edge, no two edges at one node share a colour. Exact
// (k = d_m) for bipartite multigraphs.
std::vector<int> edge_colouring(const Multigraph& m, bool bipartite);
bool is_bipartite(const Graph& g);

struct Options {
  // Paper: every frame oriented away from the root. Beyond the paper: undirected frames whose
  // direction is chosen per step (FrameSchedule::oriented = false).
  bool orient = true;
  PacketChoice choice = PacketChoice::forward_potential;
  bool balance_root = true;  // the paper's LP (see balanced_occupancies)
  int max_scale = 64;
  // The paper's balanced saturation: every node receives at most at the LP's rate C
  // (FrameSchedule::receive_rate = C; unit edge rates). false: no cap (beyond the paper).
  bool balanced_rate = false;
};
FrameSchedule build(const Graph& g, int root, const Options& opt = {});
// As build, from occupancies already solved (opt.balance_root is then ignored).
FrameSchedule build(const Graph& g, int root, const Options& opt, const Occupancies& occ);

// Beyond the paper (collsel-bbs-sim's bbs-opt): the schedule with the fewest steps for `packets`
// packets among both LP readings (balance_root true and false) and several multigraph scales l
// (the rounding of the occupancies decides d_m and the frames), each frame edge sending toward
// the end that lacks data, rarest packet first. Every candidate is run (run_frames) and the best
// kept; ties go to fewer frames. Cost: two LPs, 2·|scales| colourings and step runs.
struct Tuned {
  FrameSchedule schedule;
  Options options;
  std::size_t steps = 0;
};
Tuned build_tuned(const Graph& g, int root, int packets);

}  // namespace collsel::bbs

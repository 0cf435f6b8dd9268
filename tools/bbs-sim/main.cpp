// collsel-bbs-sim: step counts of BBS and the baselines of the BBS paper on 2-D/3-D grids, in
// the synchronous half-duplex model (one packet per edge per step, each node in at most one
// transfer per step, root = node 0). Every schedule is validated before it is reported.
//   collsel-bbs-sim --topology grid4x4 --packets 500 [--algorithms bbs,greedy,binarytree,srda] [--csv]
// bbs: the paper's LP, multigraph and frames; each frame edge sends, per step, in the direction
// that has something new (toward the end holding less), the packet held by the fewest nodes, and
// no node receives faster than the balanced rate C (balanced saturation: T ≈ N/C + K).
// bbs-paper: the paper's rules as written (frame edges keep their occupancy direction, packets by
// forward potential). bbs-opt: as bbs without the rate cap, the schedule with the fewest steps for this N among
// both LP readings (the root balanced, or only sending: C up to ⌊P/2⌋/(P−1)) and several
// multigraph scales l (bbs::build_tuned).
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "collsel/version.hpp"
#include "sim.hpp"

using namespace collsel;

namespace {

sim::Steps run(const std::string& algorithm, const sim::Grid& g, int packets, double& build_seconds) {
  build_seconds = 0;
  if (algorithm == "greedy") return sim::run_greedy(g, packets);
  if (algorithm == "binarytree") return sim::run_binary_tree(g, packets);
  if (algorithm == "srda") return sim::run_srda(g, packets);
  if (algorithm == "bbs" || algorithm == "bbs-paper" || algorithm == "bbs-opt") {
    const auto t0 = std::chrono::steady_clock::now();
    bbs::Options opt;  // bbs: the paper's LP and frames, per-step edge direction, rarest packet
    opt.orient = false;
    opt.choice = PacketChoice::rarest;
    opt.balanced_rate = true;  // balanced saturation: no node receives faster than C
    if (algorithm == "bbs-paper") {  // the paper's rules as written: fixed directions, Algorithm 1
      opt.orient = true;
      opt.choice = PacketChoice::forward_potential;
      opt.balanced_rate = false;
    }
    FrameSchedule fs;
    if (algorithm == "bbs-opt") {  // the best of both LP readings and several scales, for this N
      fs = bbs::build_tuned(g.graph, 0, packets).schedule;
    } else {
      fs = bbs::build(g.graph, 0, opt);
    }
    fs.neighbours = g.adj;  // forward potential over the grid neighbourhood (Algorithm 1)
    build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return run_frames(fs, packets);
  }
  throw std::invalid_argument("--algorithms: unknown algorithm '" + algorithm +
                              "' (bbs, bbs-paper, bbs-opt, greedy, binarytree, srda)");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Step simulator of BBS and baseline broadcasts on grids (half-duplex model)", "collsel-bbs-sim"};
  app.set_version_flag("--version", std::string("collsel-bbs-sim ") + collsel::kVersion, "print the version, then exit");
  std::string topology, algorithms = "bbs,greedy,binarytree,srda";
  int packets = 0;
  bool csv = false, timing = false;
  std::string csv_path;
  app.add_option("--topology", topology, "grid4x4, grid2x2x4, gridAxB or gridAxBxC")->required();
  app.add_option("--packets", packets, "number of packets N")->required()->check(CLI::Range(1, 1000000));
  app.add_option("--algorithms", algorithms, "comma-separated: bbs,bbs-paper,bbs-opt,greedy,binarytree,srda");
  CLI::Option* csv_opt = app.add_option("--csv", csv_path,
                                        "CSV instead of the table (topology,P,algorithm,N,T,AE), to FILE, or to "
                                        "standard output without FILE or with -")
                             ->expected(0, 1)
                             ->default_str("-")
                             ->type_name("[FILE]");
  app.add_flag("--timing", timing, "print the BBS schedule build time to stderr");
  CLI11_PARSE(app, argc, argv);
  csv = csv_opt->count() > 0;
  if (csv && csv_path != "-" && !std::freopen(csv_path.c_str(), "w", stdout)) {
    std::fprintf(stderr, "collsel-bbs-sim: --csv %s: cannot open for writing\n", csv_path.c_str());
    return 2;
  }
  try {
    const sim::Grid g = sim::parse_topology(topology);
    std::vector<std::string> names;
    std::stringstream ss(algorithms);
    for (std::string a; std::getline(ss, a, ',');)
      if (!a.empty()) names.push_back(a);
    if (names.empty()) throw std::invalid_argument("--algorithms: empty list");
    if (csv) std::cout << "topology,P,algorithm,N,T,AE\n";
    else std::printf("%-12s %6s %-11s %7s %8s %7s %8s\n", "topology", "P", "algorithm", "N", "T", "AE", "bound");
    const long bound = (long(g.nodes() - 1) * packets + g.nodes() / 2 - 1) / (g.nodes() / 2);
    for (const auto& a : names) {
      double build = 0;
      const sim::Steps steps = run(a, g, packets, build);
      const long transfers = sim::validate(g, steps, packets);
      const double ae = steps.empty() ? 0 : double(transfers) / double(steps.size());
      if (csv) std::printf("%s,%d,%s,%d,%zu,%.2f\n", g.name.c_str(), g.nodes(), a.c_str(), packets, steps.size(), ae);
      else std::printf("%-12s %6d %-11s %7d %8zu %7.2f %8ld\n", g.name.c_str(), g.nodes(), a.c_str(), packets,
                       steps.size(), ae, bound);
      if (timing && build > 0) std::fprintf(stderr, "%s %s: schedule built in %.3f s\n", g.name.c_str(), a.c_str(), build);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "collsel-bbs-sim: %s\n", e.what());
    return 2;
  }
  return 0;
}

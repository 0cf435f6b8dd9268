// Loading a model file for 1024 processes: parse the TOML, check it, build the models, and map
// 1024 ranks onto it (what every rank of the shim does once at start-up, docs/shim.md). Two files:
//   classes: 1024 hosts in 4 classes, pairs calibrated on 8 representative processes, with
//            Hockney, LMO, PLogP, [[native]] for 6 ops and [validation] — what collsel-calibrate
//            writes above 16 hosts (docs/calibration.md, "Calibrating many hosts");
//   pairs:   1024 processes with Hockney for every pair (2 x 1024 x 1024 numbers) — what a per-pair
//            calibration would write for the cheapest model alone; LMO adds as much again and PLogP
//            three functions per ordered pair, so a per-pair file of every model is far larger.
// Goal (docs/smpi.md): a file at P = 1024 of at most 10 MB, loaded in at most 0.5 s per rank.
// Counters: file_MB (size of the text).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/lmo.hpp"
#include "collsel/model_file.hpp"
#include "collsel/plogp.hpp"
#include "collsel/rank_mapping.hpp"

namespace {

using namespace collsel;
constexpr int kHosts = 1024;

std::vector<std::string> host_names() {
  std::vector<std::string> h;
  for (int i = 0; i < kHosts; ++i) h.push_back("node-" + std::to_string(i));
  return h;
}

std::string classes_file() {
  ModelFile mf;
  mf.cluster.hosts = host_names();
  for (int h = 0; h < kHosts; ++h) mf.cluster.host_class.push_back(h % 4);
  // Representatives: hosts 0..3 (two processes each) — one per class, two processes per host.
  const int n = 8;
  for (int p = 0; p < n; ++p) mf.cluster.process_host.push_back(p / 2), mf.cluster.process_core.push_back(-1);
  std::mt19937 gen(1024u);
  std::uniform_real_distribution<double> alpha(2e-6, 60e-6), beta(1.0 / 12e9, 1.0 / 0.1e9);
  HockneyModel hk(n);
  LmoModel lmo(n);
  PlogpModel plogp(n);
  for (int i = 0; i < n; ++i) {
    lmo.set_processor(i, alpha(gen) / 4, beta(gen) / 4);
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      hk.set(i, j, alpha(gen), beta(gen));
      if (i < j) lmo.set_link(i, j, alpha(gen), 1 / beta(gen));
      PiecewiseLinear os, orecv, g;
      for (double x : {0.0, 1024.0, 65536.0, 1048576.0, 4194304.0}) {
        os.x.push_back(x), os.y.push_back(1e-6 + x * 1e-11);
        orecv.x.push_back(x), orecv.y.push_back(1e-6 + x * 1e-11);
        g.x.push_back(x), g.y.push_back(2e-6 + x * beta(gen));
      }
      plogp.set(i, j, alpha(gen), os, orecv, g);
    }
  }
  mf.hockney = hk;
  mf.lmo = lmo;
  mf.plogp = plogp;
  for (Collective op : all_collectives) {
    std::vector<NativeCostTable::Point> points;
    for (std::size_t b = 8; b <= 4194304; b *= 4) points.push_back({b, 1e-5 + double(b) * 1e-9});
    mf.native.add(op, kHosts, std::move(points));
  }
  return format_model_file(mf);
}

std::string pairs_file() {
  ModelFile mf;
  mf.cluster.hosts = host_names();
  for (int p = 0; p < kHosts; ++p) mf.cluster.process_host.push_back(p), mf.cluster.process_core.push_back(-1);
  std::mt19937 gen(1024u);
  std::uniform_real_distribution<double> alpha(2e-6, 60e-6), beta(1.0 / 12e9, 1.0 / 0.1e9);
  HockneyModel hk(kHosts);
  for (int i = 0; i < kHosts; ++i)
    for (int j = 0; j < kHosts; ++j)
      if (i != j) hk.set(i, j, alpha(gen), beta(gen));
  mf.hockney = hk;
  return format_model_file(mf);
}

void load(benchmark::State& state, const std::string& text) {
  std::vector<RankPlacement> ranks;
  for (const std::string& h : host_names()) ranks.push_back({h, -1});
  for (auto _ : state) {
    const ModelFile mf = parse_model_file(text, "model.toml");
    const MappedModel mapped(*mf.default_model(), mf.cluster, ranks);
    benchmark::DoNotOptimize(mapped.p2p(0, kHosts - 1, 65536));
  }
  state.counters["file_MB"] = double(text.size()) / 1e6;
}

void BM_LoadClasses1024(benchmark::State& state) {
  static const std::string text = classes_file();
  load(state, text);
}
void BM_LoadPairs1024Hockney(benchmark::State& state) {
  static const std::string text = pairs_file();
  load(state, text);
}

}  // namespace

BENCHMARK(BM_LoadClasses1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadPairs1024Hockney)->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();

// The full decision — decide(): build every applicable candidate schedule and predict it — for
// P = 64, 256, 1024 under a heterogeneous Hockney model (random α_ij, β_ij per ordered pair, fixed
// seed), bcast and scatter of 64 KB. The shim takes this decision once per (communicator, call
// shape) and caches it; the goal is ≤ 5 ms at P = 1024.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "collsel/decide.hpp"
#include "collsel/hockney.hpp"

namespace {

collsel::HockneyModel heterogeneous_hockney(int n) {
  collsel::HockneyModel m(n);
  std::mt19937 gen(20261122u);
  std::uniform_real_distribution<double> alpha(2e-6, 60e-6), beta(1.0 / 12e9, 1.0 / 0.1e9);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, alpha(gen), beta(gen));
  return m;
}

void decision(benchmark::State& state, collsel::Collective op) {
  const int n = int(state.range(0));
  const collsel::HockneyModel model = heterogeneous_hockney(n);
  collsel::DecisionRequest request{.shape = {.op = op, .procs = n, .root = 0, .bytes = 64 * 1024}, .cost = &model};
  std::size_t candidates = 0;
  for (auto _ : state) {
    const collsel::Decision d = collsel::decide(request);
    candidates = d.candidates.size();
    benchmark::DoNotOptimize(d.chosen);
  }
  state.counters["candidates"] = double(candidates);
}

void BM_DecideBcast64K(benchmark::State& state) { decision(state, collsel::Collective::bcast); }
void BM_DecideScatter64K(benchmark::State& state) { decision(state, collsel::Collective::scatter); }

}  // namespace

// With --benchmark_repetitions=N the "min" row is the run least disturbed by other processes.
double fastest(const std::vector<double>& v) { return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end()); }

BENCHMARK(BM_DecideBcast64K)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", fastest);
BENCHMARK(BM_DecideScatter64K)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", fastest);

BENCHMARK_MAIN();

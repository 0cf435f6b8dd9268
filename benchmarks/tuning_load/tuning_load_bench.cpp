// Loading a tuning file of 10 000 entries (docs/tuning.md): what world rank 0 does at MPI_Init —
// read the file — and what every rank does with the bytes it receives — parse them and index the
// entries by key. Goal: at most 50 ms. Counters: file_MB (size of the text), entries.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tuning_file.hpp"

namespace {

using namespace collsel;
using namespace collsel::shim;
constexpr int kEntries = 10000;

// 10 000 entries as a busy file would hold them: 40 host sets, 6 ops, roots and size buckets,
// five candidates measured and three audited per entry.
std::vector<TuningEntry> entries() {
  std::mt19937_64 gen(58);
  std::uniform_real_distribution<double> seconds(1e-6, 1e-2);
  const char* algorithms[] = {"native", "binomial_bfs_min", "chain", "pipelined_tree", "bbs"};
  std::vector<TuningEntry> out;
  for (int i = 0; i < kEntries; ++i) {
    TuningEntry e;
    e.key = TuningKey{.hosts = gen() % 40 + 1, .model = 0x5eed, .library = 0x4d504943, .settings = gen() % 3,
                      .comm_size = 64, .op = all_collectives[std::size_t(i) % kCollectiveCount], .root = (i / 6) % 64,
                      .bucket = 1 + (i / 384) % 28, .commute = true, .mixed = false, .rule = -1};
    e.verdict = algorithms[gen() % 5];
    e.written = 1764770000 + i;
    for (const char* a : algorithms) e.measured.push_back({a, seconds(gen)});
    for (int k = 0; k < 3; ++k) e.audited.push_back({algorithms[k], seconds(gen)});
    out.push_back(std::move(e));
  }
  return out;
}

void BM_LoadTuningFile(benchmark::State& state) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("collsel-tuning-bench-" + std::to_string(::getpid()))).string();
  const std::string text = format_tuning(entries());
  { std::ofstream(path, std::ios::binary) << text; }
  std::size_t loaded = 0;
  for (auto _ : state) {
    std::string bytes, why;
    bool missing = false;
    if (!read_tuning_text(path, bytes, missing, why)) state.SkipWithError(why.c_str());
    TuningFile f = parse_tuning(bytes, path);
    const TuningTable table(std::move(f.entries));
    loaded = table.size();
    benchmark::DoNotOptimize(table.find(TuningKey{}));
  }
  std::filesystem::remove(path);
  state.counters["file_MB"] = double(text.size()) / 1e6;
  state.counters["entries"] = double(loaded);
  if (loaded != std::size_t(kEntries)) state.SkipWithError("not every entry loaded");
}
BENCHMARK(BM_LoadTuningFile)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

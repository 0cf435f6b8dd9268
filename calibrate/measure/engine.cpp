// Repetitions under the stopping rule. One MPI_Allreduce per repetition decides, on every rank at
// once, whether every group is done, and doubles as the synchronisation between repetitions.
#include "engine.hpp"

#include <algorithm>
#include <cmath>

namespace collsel::measure {

std::optional<Preset> preset(std::string_view name) {
  if (name == "quick")
    return Preset{.name = "quick", .precision = {.cl = 0.90, .eps = 0.10, .min_reps = 3, .max_reps = 12},
                  .size_factor = 8, .max_train = 8, .threshold_points = 10, .escalation_halvings = 2,
                  .channel_repetitions = 5};
  if (name == "normal")
    return Preset{.name = "normal", .precision = {.cl = 0.95, .eps = 0.05, .min_reps = 5, .max_reps = 40},
                  .size_factor = 4, .max_train = 16, .threshold_points = 16, .escalation_halvings = 3,
                  .channel_repetitions = 9};
  if (name == "high")
    return Preset{.name = "high", .precision = {.cl = 0.99, .eps = 0.025, .min_reps = 10, .max_reps = 200},
                  .size_factor = 2, .max_train = 32, .threshold_points = 32, .escalation_halvings = 5,
                  .channel_repetitions = 21};
  return std::nullopt;
}

Engine::Engine(MPI_Comm comm, fit::Precision precision, int warmup)
    : comm_(comm), precision_(precision), warmup_(std::max(0, warmup)) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

void Engine::record(std::span<const double> samples) {
  ++measurements_;
  const double rel = fit::sample_stats(samples, precision_.cl).relative();
  if (std::isfinite(rel)) worst_ = std::max(worst_, rel);
}

std::vector<double> Engine::run_groups(const std::vector<std::vector<int>>& groups, const GroupExperiment& experiment) {
  int mine = -1, role = -1;
  for (std::size_t g = 0; g < groups.size() && mine < 0; ++g)
    for (std::size_t r = 0; r < groups[g].size(); ++r)
      if (groups[g][r] == rank_) mine = int(g), role = int(r);
  std::vector<double> samples;
  bool done = role != 0;
  for (int rep = 0;; ++rep) {
    const int local = done ? 1 : 0;
    int all = 0;
    MPI_Allreduce(&local, &all, 1, MPI_INT, MPI_MIN, comm_);
    if (all) break;
    if (mine < 0) continue;
    // A group that has converged keeps running while others have not, so that every round
    // carries the same load from its first repetition to its last.
    const double t = experiment(groups[std::size_t(mine)], role);
    if (role == 0 && !done && rep >= warmup_) {
      samples.push_back(t);
      done = fit::precise_enough(samples, precision_);
    }
  }
  std::vector<double> mean(groups.size(), 0.0), out(groups.size(), 0.0);
  if (role == 0 && !samples.empty()) {
    record(samples);
    mean[std::size_t(mine)] = fit::sample_stats(samples, precision_.cl).mean;
  }
  MPI_Allreduce(mean.data(), out.data(), int(out.size()), MPI_DOUBLE, MPI_SUM, comm_);
  return out;
}

double Engine::run_all(const std::function<double()>& local) {
  std::vector<double> samples;
  for (int rep = 0;; ++rep) {
    MPI_Barrier(comm_);
    const double mine = local();
    double slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, comm_);
    if (rep < warmup_) continue;
    samples.push_back(slowest);
    // Every rank holds the same samples, so every rank stops at the same repetition.
    if (fit::precise_enough(samples, precision_)) break;
  }
  if (rank_ == 0) record(samples);
  return fit::sample_stats(samples, precision_.cl).mean;
}

double Engine::reached() const {
  double all = 0;
  MPI_Allreduce(&worst_, &all, 1, MPI_DOUBLE, MPI_MAX, comm_);
  return all;
}

}  // namespace collsel::measure

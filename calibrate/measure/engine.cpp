// Repetitions under the stopping rule: one collective per round of group experiments, a
// go/stop message per repetition inside each group, a barrier per repetition of a
// whole-communicator experiment.
#include "engine.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace collsel::measure {

std::optional<Preset> preset(std::string_view name) {
  if (name == "quick")
    return Preset{.name = "quick", .precision = {.cl = 0.90, .eps = 0.10, .min_reps = 3, .max_reps = 6},
                  .size_factor = 8, .max_train = 8, .threshold_points = 8, .escalation_halvings = 1,
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
  return run_groups(groups, std::vector<GroupExperiment>{experiment}).front();
}

std::vector<std::vector<double>> Engine::run_groups(const std::vector<std::vector<int>>& groups,
                                                    const std::vector<GroupExperiment>& experiments) {
  constexpr int kControlTag = 7412;
  int mine = -1, role = -1;
  for (std::size_t g = 0; g < groups.size() && mine < 0; ++g)
    for (std::size_t r = 0; r < groups[g].size(); ++r)
      if (groups[g][r] == rank_) mine = int(g), role = int(r);
  const std::size_t ng = groups.size();
  std::vector<double> mean(experiments.size() * ng, 0.0), out(mean.size(), 0.0);
  if (mine >= 0) {
    const std::vector<int>& group = groups[std::size_t(mine)];
    for (std::size_t e = 0; e < experiments.size(); ++e) {
      std::vector<double> samples;
      for (int rep = 0;; ++rep) {
        const double t = experiments[e](group, role);
        int go = 1;
        if (role == 0) {
          if (rep >= warmup_) {
            samples.push_back(t);
            go = fit::precise_enough(samples, precision_) ? 0 : 1;
          }
          for (std::size_t m = 1; m < group.size(); ++m) MPI_Send(&go, 1, MPI_INT, group[m], kControlTag, comm_);
        } else {
          MPI_Recv(&go, 1, MPI_INT, group[0], kControlTag, comm_, MPI_STATUS_IGNORE);
        }
        if (!go) break;
      }
      if (role == 0) {
        record(samples);
        mean[e * ng + std::size_t(mine)] = fit::sample_stats(samples, precision_.cl).mean;
      }
    }
  }
  // The one collective of the round: everyone learns every mean, and the next round starts
  // together. A process that is done (or had no group) waits politely, sleeping between tests,
  // so that it does not take a core from the groups still measuring when ranks outnumber cores.
  MPI_Request req = MPI_REQUEST_NULL;
  MPI_Iallreduce(mean.data(), out.data(), int(out.size()), MPI_DOUBLE, MPI_SUM, comm_, &req);
  for (int flag = 0;;) {
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    if (flag) break;
    const timespec pause{0, 20000};  // 20 us: far below a round's length
    nanosleep(&pause, nullptr);
  }
  std::vector<std::vector<double>> result(experiments.size());
  for (std::size_t e = 0; e < experiments.size(); ++e) result[e].assign(out.begin() + std::ptrdiff_t(e * ng), out.begin() + std::ptrdiff_t((e + 1) * ng));
  return result;
}

double Engine::run_all(const std::function<double()>& local) {
  // Local times are gathered (maximum over ranks) once per batch of repetitions rather than once
  // per repetition; the stopping rule is checked after each batch, identically on every rank.
  std::vector<double> samples;
  const int first = std::max(2, precision_.min_reps);
  for (int batch = first + warmup_;;) {
    std::vector<double> mine(std::size_t(batch), 0.0), slowest(std::size_t(batch), 0.0);
    for (int k = 0; k < batch; ++k) {
      MPI_Barrier(comm_);
      mine[std::size_t(k)] = local();
    }
    MPI_Allreduce(mine.data(), slowest.data(), batch, MPI_DOUBLE, MPI_MAX, comm_);
    const std::size_t skip = samples.empty() ? std::size_t(warmup_) : 0;
    samples.insert(samples.end(), slowest.begin() + std::ptrdiff_t(skip), slowest.end());
    if (fit::precise_enough(samples, precision_)) break;
    batch = std::max(1, std::min(first / 2, precision_.max_reps - int(samples.size())));
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

// Repetitions under the stopping rule: one collective per round (or wave) of group experiments, a
// go/stop message per repetition inside each group, a barrier per repetition of a
// whole-communicator experiment.
#include "engine.hpp"
#include "progress.hpp"

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <sstream>
#include <cmath>
#include <ctime>
#include <stdexcept>

namespace collsel::measure {

std::optional<Preset> preset(std::string_view name) {
  if (name == "quick")
    return Preset{.name = "quick", .precision = {.cl = 0.90, .eps = 0.10, .min_reps = 3, .max_reps = 6, .max_seconds = 0.02},
                  .size_factor = 8, .max_train = 8, .threshold_points = 8, .escalation_halvings = 1,
                  .channel_repetitions = 5, .time_cap = 10};
  if (name == "normal")
    return Preset{.name = "normal", .precision = {.cl = 0.95, .eps = 0.05, .min_reps = 5, .max_reps = 40, .max_seconds = 0.05},
                  .size_factor = 4, .max_train = 16, .threshold_points = 16, .escalation_halvings = 3,
                  .channel_repetitions = 9, .time_cap = 30};
  if (name == "high")
    return Preset{.name = "high", .precision = {.cl = 0.99, .eps = 0.025, .min_reps = 10, .max_reps = 200, .max_seconds = 0.5},
                  .size_factor = 2, .max_train = 32, .threshold_points = 32, .escalation_halvings = 5,
                  .channel_repetitions = 21, .time_cap = 120};
  return std::nullopt;
}

Engine::Engine(MPI_Comm comm, fit::Precision precision, int warmup, bool limit_to_cores)
    : comm_(comm), precision_(precision), warmup_(std::max(0, warmup)) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  // Hosts: the processes sharing memory; a host is named by its lowest rank. Its capacity is the
  // number of CPUs in the union of its processes' affinity masks (bound ranks: one each; unbound:
  // every CPU the host lets them use).
  MPI_Comm local;
  MPI_Comm_split_type(comm_, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  int leader = rank_;
  MPI_Allreduce(MPI_IN_PLACE, &leader, 1, MPI_INT, MPI_MIN, local);
  cpu_set_t mine, all;
  CPU_ZERO(&mine);
  if (sched_getaffinity(0, sizeof mine, &mine) != 0) CPU_SET(0, &mine);
  MPI_Allreduce(&mine, &all, int(sizeof mine), MPI_BYTE, MPI_BOR, local);
  int local_size = 0;
  MPI_Comm_size(local, &local_size);
  MPI_Comm_free(&local);
  const int cores = std::max(1, CPU_COUNT(&all));
  const std::size_t n = static_cast<std::size_t>(size_);
  std::vector<int> leaders(n), cores_of(n), sizes(n);
  MPI_Allgather(&leader, 1, MPI_INT, leaders.data(), 1, MPI_INT, comm_);
  MPI_Allgather(&cores, 1, MPI_INT, cores_of.data(), 1, MPI_INT, comm_);
  MPI_Allgather(&local_size, 1, MPI_INT, sizes.data(), 1, MPI_INT, comm_);
  std::vector<int> host_leader;
  for (int r = 0; r < size_; ++r) {
    const auto it = std::find(host_leader.begin(), host_leader.end(), leaders[std::size_t(r)]);
    host_of_.push_back(int(it - host_leader.begin()));
    if (it == host_leader.end()) {
      host_leader.push_back(leaders[std::size_t(r)]);
      capacity_.push_back(cores_of[std::size_t(r)]);
      if (sizes[std::size_t(r)] > cores_of[std::size_t(r)]) ++oversubscribed_hosts_;
    }
  }
  if (!limit_to_cores) {
    capacity_.assign(capacity_.size(), size_);
    share_links_ = true;
  }
}

void Engine::wait_politely(MPI_Request& req) const {
  // A process that is done (or had no group) sleeps between tests, so that it does not take a
  // core from the groups still measuring when ranks outnumber cores. The pause doubles up to
  // 1 ms: short waits end quickly, long ones cost the measuring processes almost nothing.
#if defined(COLLSEL_SMPI)
  // Not in SMPI: it runs every simulated rank on one thread, so a real sleep halts the whole
  // simulation and moves no simulated clock, and no rank competes for a core. Sleeping there, a
  // 35-host calibration spent over 90 % of its wall time asleep (strace).
  MPI_Wait(&req, MPI_STATUS_IGNORE);
#else
  long pause_ns = 20000;
  for (int flag = 0;;) {
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    if (flag) return;
    const timespec pause{0, pause_ns};
    nanosleep(&pause, nullptr);
    pause_ns = std::min(2 * pause_ns, 1000000L);
  }
#endif
}

void Engine::polite_barrier() const {
  // A dissemination barrier of point-to-point messages, each waited for politely: no rank leaves
  // before every rank has entered. Not MPI_Ibarrier: SimGrid 3.32's SMPI lets the ranks that
  // entered early leave its Ibarrier before the last one enters (tests/smpi/smpi_barrier.sh), and
  // waves meant to run one after another then overlapped (two pairs of the fat tree's
  // representatives measured side by side: 4 MB at half the link speed).
  constexpr int kBarrierTag = 7413;
  char none = 0;
  for (int k = 1, round = 0; k < size_; k *= 2, ++round) {
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Irecv(&none, 0, MPI_BYTE, (rank_ - k + size_) % size_, kBarrierTag + round, comm_, &req[0]);
    MPI_Isend(&none, 0, MPI_BYTE, (rank_ + k) % size_, kBarrierTag + round, comm_, &req[1]);
    wait_politely(req[0]);
    wait_politely(req[1]);
  }
}

void Engine::measure_on(double time_cap) { time_cap_ = std::max(0.0, time_cap); }

fit::MeasureOn Engine::measure_on_left(double used_here) const {
  // One experiment may measure on for 10 x its preset's time cap (0.5 s where the preset has
  // none) and reach 100 x its repetition cap, within what is left of the calibration's time cap.
  const double per = precision_.max_seconds > 0 ? 10 * precision_.max_seconds : 0.5;
  return {.budget = time_cap_ - spent_ - used_here, .per_experiment = per, .max_reps = 100 * precision_.max_reps};
}

void Engine::record(std::span<const double> samples, std::span<const int> group, fit::Stop stop, double measured_on) {
  ++measurements_;
  if (measured_on > 0) {
    ++measured_on_;
    if (stop == fit::Stop::converged) ++rescued_;
  }
  const double rel = fit::robust_stats(samples, precision_.cl).relative();
  if (std::isfinite(rel)) worst_ = std::max(worst_, rel);
  if (stop != fit::Stop::converged)  // stopped by a cap, short of the precision
    unconverged_.push_back({progress_ ? progress_->current_phase() : std::string(), {group.begin(), group.end()},
                            std::isfinite(rel) ? rel : -1, measured_on});
}

Engine::Gate Engine::gate() const {
  // Each rank's records as text lines "reached<TAB>measured on<TAB>phase<TAB>processes", gathered
  // on rank 0.
  std::string mine;
  for (const Unconverged& u : unconverged_) {
    std::string who;
    for (int r : u.group) who += (who.empty() ? "" : "-") + std::to_string(r);
    mine += std::to_string(u.reached) + '\t' + std::to_string(u.measured_on) + '\t' + u.phase + '\t' +
            (who.empty() ? "all" : who) + '\n';
  }
  Gate gate;
  long counts[3] = {measurements_, measured_on_, rescued_}, sums[3] = {0, 0, 0};
  MPI_Reduce(counts, sums, 3, MPI_LONG, MPI_SUM, 0, comm_);
  gate.measured = sums[0];
  gate.measured_on = sums[1];
  gate.rescued = sums[2];
  gate.spent = spent_;
  int n = int(mine.size());
  std::vector<int> sizes(static_cast<std::size_t>(size_)), displs(static_cast<std::size_t>(size_));
  MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, comm_);
  std::string all;
  if (rank_ == 0) {
    int at = 0;
    for (int r = 0; r < size_; ++r) displs[std::size_t(r)] = at, at += sizes[std::size_t(r)];
    all.resize(std::size_t(at));
  }
  MPI_Gatherv(mine.data(), n, MPI_CHAR, all.data(), sizes.data(), displs.data(), MPI_CHAR, 0, comm_);
  std::vector<std::pair<double, std::string>> rows;
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);) {
    const auto a = line.find('\t'), b = line.find('\t', a + 1), c = line.find('\t', b + 1);
    if (a == std::string::npos || b == std::string::npos || c == std::string::npos) continue;
    const double reached = std::atof(line.substr(0, a).c_str());
    const double on = std::atof(line.substr(a + 1, b - a - 1).c_str());
    char pct[64];
    std::snprintf(pct, sizeof pct, reached < 0 ? "not finite" : "+-%.0f %%", 100 * reached);
    std::string text = line.substr(b + 1, c - b - 1) + ", processes " + line.substr(c + 1) + ": " + pct;
    if (on > 0) {
      char more[64];
      std::snprintf(more, sizeof more, " (measured on %.2f s)", on);
      text += more;
    }
    rows.emplace_back(reached < 0 ? 1e300 : reached, std::move(text));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  for (auto& r : rows) gate.unconverged.push_back(std::move(r.second));
  return gate;
}

std::vector<double> Engine::run_groups(const std::vector<std::vector<int>>& groups, const GroupExperiment& experiment) {
  return run_groups(groups, std::vector<GroupExperiment>{experiment}).front();
}

std::vector<std::vector<double>> Engine::run_groups(const std::vector<std::vector<int>>& groups,
                                                    const std::vector<GroupExperiment>& experiments) {
  return run_groups(groups, experiments, std::vector<int>(experiments.size(), 0));
}

std::vector<std::vector<double>> Engine::run_groups(const std::vector<std::vector<int>>& groups,
                                                    const std::vector<GroupExperiment>& experiments,
                                                    const std::vector<int>& timer) {
  if (timer.size() != experiments.size()) throw std::invalid_argument("run_groups: one timer per experiment");
  constexpr int kControlTag = 7412;
  int mine = -1, role = -1;
  for (std::size_t g = 0; g < groups.size() && mine < 0; ++g)
    for (std::size_t r = 0; r < groups[g].size(); ++r)
      if (groups[g][r] == rank_) mine = int(g), role = int(r);
  const std::size_t ng = groups.size();
  std::vector<double> mean(experiments.size() * ng, 0.0), out(mean.size(), 0.0);
  std::vector<std::vector<std::size_t>> waves;
  if (one_at_a_time_)
    for (std::size_t g = 0; g < ng; ++g) waves.push_back({g});
  else
    waves = fit::waves(groups, host_of_, capacity_, share_links_);
  // Seconds this rank's experiments measured past their caps, in the slot of its wave: the round's
  // share of the time cap is the sum over waves of the longest (groups of a wave run together).
  std::vector<double> on_wave(waves.size() + 1, 0.0), on_all(waves.size() + 1, 0.0);
  for (std::size_t w = 0; w < waves.size(); ++w) {
    if (w > 0) {
      // The previous wave must be over before the next one starts.
      polite_barrier();
    }
    if (mine < 0 || std::find(waves[w].begin(), waves[w].end(), std::size_t(mine)) == waves[w].end()) continue;
    const std::vector<int>& group = groups[std::size_t(mine)];
    double used = 0;  // measured on by this rank's experiments in this round
    for (std::size_t e = 0; e < experiments.size(); ++e) {
      const int timing = timer[e];
      std::vector<double> samples;
      fit::MeasureOnState state;
      fit::Stop stop = fit::Stop::more;
      const fit::MeasureOn on = measure_on_left(used);
      const double start = MPI_Wtime();
      for (int rep = 0;; ++rep) {
        const double t = experiments[e](group, role);
        int go = 1;
        if (role == timing) {
          if (rep >= warmup_) {
            samples.push_back(t);
            stop = fit::next_step(samples, precision_, MPI_Wtime() - start, on, state);
            go = stop == fit::Stop::more ? 1 : 0;
          }
          for (std::size_t m = 0; m < group.size(); ++m)
            if (int(m) != timing) MPI_Send(&go, 1, MPI_INT, group[m], kControlTag, comm_);
        } else {
          MPI_Recv(&go, 1, MPI_INT, group[std::size_t(timing)], kControlTag, comm_, MPI_STATUS_IGNORE);
        }
        if (!go) break;
      }
      if (role == timing) {
        used += state.measured_on();
        record(samples, group, stop, state.measured_on());
        mean[e * ng + std::size_t(mine)] = fit::robust_stats(samples, precision_.cl).mean;
      }
    }
    on_wave[w] = used;
  }
  // The collectives that end the round: everyone learns every mean and the time measured on, and
  // the next round starts together.
  MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  MPI_Iallreduce(mean.data(), out.data(), int(out.size()), MPI_DOUBLE, MPI_SUM, comm_, &req[0]);
  MPI_Iallreduce(on_wave.data(), on_all.data(), int(on_all.size()), MPI_DOUBLE, MPI_MAX, comm_, &req[1]);
  wait_politely(req[0]);
  wait_politely(req[1]);
  for (double s : on_all) spent_ += s;
  std::vector<std::vector<double>> result(experiments.size());
  for (std::size_t e = 0; e < experiments.size(); ++e) result[e].assign(out.begin() + std::ptrdiff_t(e * ng), out.begin() + std::ptrdiff_t((e + 1) * ng));
  return result;
}

double Engine::run_all(const std::function<double()>& local) {
  // Local times are gathered (maximum over ranks) once per batch of repetitions rather than once
  // per repetition; the stopping rule is checked after each batch, identically on every rank.
  // The elapsed time travels with the batch (its maximum over ranks), so the time cap stops every
  // rank after the same batch.
  std::vector<double> samples;
  const int first = std::max(2, precision_.min_reps);
  fit::MeasureOnState state;
  fit::Stop stop = fit::Stop::more;
  const fit::MeasureOn on = measure_on_left(0);
  const double start = MPI_Wtime();
  for (int batch = first + warmup_;;) {
    std::vector<double> mine(std::size_t(batch) + 1, 0.0), slowest(std::size_t(batch) + 1, 0.0);
    for (int k = 0; k < batch; ++k) {
      MPI_Barrier(comm_);
      mine[std::size_t(k)] = local();
    }
    mine.back() = MPI_Wtime() - start;
    MPI_Allreduce(mine.data(), slowest.data(), batch + 1, MPI_DOUBLE, MPI_MAX, comm_);
    const double elapsed = slowest.back();
    slowest.pop_back();
    const std::size_t skip = samples.empty() ? std::size_t(warmup_) : 0;
    samples.insert(samples.end(), slowest.begin() + std::ptrdiff_t(skip), slowest.end());
    // The same samples, elapsed time and budget on every rank: the same decision.
    stop = fit::next_step(samples, precision_, elapsed, on, state);
    if (stop != fit::Stop::more) break;
    batch = state.capped_at >= 0 ? std::max(1, first / 2)
                                 : std::max(1, std::min(first / 2, precision_.max_reps - int(samples.size())));
  }
  spent_ += state.measured_on();
  if (rank_ == 0) record(samples, {}, stop, state.measured_on());
  return fit::robust_stats(samples, precision_.cl).mean;
}

double Engine::reached() const {
  double all = 0;
  MPI_Allreduce(&worst_, &all, 1, MPI_DOUBLE, MPI_MAX, comm_);
  return all;
}

}  // namespace collsel::measure

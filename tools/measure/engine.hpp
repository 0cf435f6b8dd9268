// The measurement engine (MPIBlib style). Warm-up repetitions are run and discarded; an
// experiment is repeated until the Student-t confidence interval of its mean is within eps of the
// mean (fit::precise_enough). Experiments whose groups share no process run at the same time, one
// round after another; a round starts with every process synchronised, and each repetition inside
// a group waits for the decision of the member timing the experiment. Whole-communicator experiments start every repetition
// from a barrier. (Synchronising all processes for every repetition of a pair experiment as well
// would cost a collective per sample, which dominates when processes outnumber cores.)
// A round's groups run in waves (fit::waves) that keep at most as many processes active per host
// as it has cores, and at most one group spanning several hosts on any host: groups sharing cores
// would measure the scheduler, not the network, and two pairs leaving one host would share its
// link and measure each a part of it (with several ranks per host, two pairs between the same two
// hosts each at half the rate). With one process per host a round is one wave.
#pragma once

#include <mpi.h>

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collsel/fit.hpp"

namespace collsel::measure {

// The --precision presets: the stopping rule and how dense the size grids are.
struct Preset {
  std::string name;
  fit::Precision precision;
  double size_factor = 4;       // message sizes grow by this factor from 1 KiB to --max-bytes
  int max_train = 8;            // PLogP trains of 1, 2, 4, .. max_train messages
  int threshold_points = 16;    // points of the LMO threshold series
  int escalation_halvings = 3;  // stride halvings of the M1 search
  int channel_repetitions = 9;  // repetitions of the intra-node channel experiments (median)
  // Default of --time-cap: seconds the whole calibration may spend measuring experiments past
  // the preset's caps while they fall short of its precision (Engine::measure_on).
  double time_cap = 30;
};
// "quick", "normal" or "high"; nullopt otherwise.
std::optional<Preset> preset(std::string_view name);

class Engine {
 public:
  // limit_to_cores = false runs every group of a round at once, however many cores there are and
  // whatever hosts' links they share.
  Engine(MPI_Comm comm, fit::Precision precision, int warmup = 1, bool limit_to_cores = true);
  MPI_Comm comm() const { return comm_; }
  // Every group of a round in a wave of its own: for few groups whose concurrent flows could meet
  // inside the network (an oversubscribed fabric routes disjoint pairs over shared up-links), where
  // sequential experiments cost little. The same on every rank.
  void one_group_at_a_time() { one_at_a_time_ = true; }
  // A barrier over comm() whose waits sleep between tests (as the waves' do). Collective.
  void polite_barrier() const;
  int rank() const { return rank_; }
  int size() const { return size_; }
  const fit::Precision& precision() const { return precision_; }

  // One experiment run by every member of each group, groups at the same time (they must be
  // disjoint). experiment(group, role) is called by the member group[role]; the time it returns
  // on role 0 is the sample. Returns every group's mean, on every rank. Collective.
  using GroupExperiment = std::function<double(std::span<const int> group, int role)>;
  std::vector<double> run_groups(const std::vector<std::vector<int>>& groups, const GroupExperiment& experiment);
  // Several experiments one after the other in every group, with one synchronisation of the whole
  // communicator for all of them: result[e][g] is experiment e's mean in group g. Inside a group,
  // every repetition is synchronised by the leader's go/stop message to the other members.
  std::vector<std::vector<double>> run_groups(const std::vector<std::vector<int>>& groups,
                                              const std::vector<GroupExperiment>& experiments);
  // As above, but experiment e is timed by the member group[timer[e]] (its time is the sample, it
  // decides go/stop), so experiments timed on different members share one round: fewer rounds,
  // fewer synchronisations of the whole communicator. timer.size() == experiments.size().
  std::vector<std::vector<double>> run_groups(const std::vector<std::vector<int>>& groups,
                                              const std::vector<GroupExperiment>& experiments,
                                              const std::vector<int>& timer);

  // An experiment of the whole communicator: local() returns this rank's time from a common
  // barrier; the sample is the maximum over ranks. Returns the mean, on every rank. Collective.
  double run_all(const std::function<double()>& local);

  // The worst relative half-width of the confidence intervals reached so far (over every rank's
  // measurements). Collective.
  double reached() const;
  long measurements() const { return measurements_; }  // experiments finished by this rank

  // The quality gate: an experiment that reaches its preset's repetition or time cap before the
  // requested precision is measured on until it converges, for at most `per_experiment` seconds
  // (10 x the preset's time cap, at most 100 x its repetitions), while the calibration has spent
  // less than `time_cap` seconds in all measuring on (0: never measure on). Set before measuring;
  // the same on every rank.
  void measure_on(double time_cap);
  double time_cap() const { return time_cap_; }
  // Experiments still short of the precision at the end, named by the phase (label_with) and the
  // processes that measured.
  void label_with(const class Progress* progress) { progress_ = progress; }
  struct Gate {
    long measured = 0;      // experiments in all
    long measured_on = 0;   // experiments measured past their preset's caps
    long rescued = 0;       // of those, converged by measuring on
    double spent = 0;       // seconds of the time cap used
    // Unconverged experiments, worst first: "PHASE, processes I-J: +-N %" (", measured on S s").
    std::vector<std::string> unconverged;
  };
  // Collective; the lines and counts on rank 0.
  Gate gate() const;
  // Hosts whose processes outnumber the cores they may run on (0: none); the same on every rank.
  int oversubscribed_hosts() const { return oversubscribed_hosts_; }

 private:
  void record(std::span<const double> samples, std::span<const int> group, fit::Stop stop, double measured_on);
  fit::MeasureOn measure_on_left(double used_here) const;
  void wait_politely(MPI_Request& req) const;
  MPI_Comm comm_;
  int rank_ = 0, size_ = 0;
  fit::Precision precision_;
  int warmup_;
  double worst_ = 0;
  long measurements_ = 0;
  double time_cap_ = 0;  // seconds the calibration may spend measuring on in all
  bool one_at_a_time_ = false;
  double spent_ = 0;     // seconds spent measuring on so far (the same on every rank)
  long measured_on_ = 0, rescued_ = 0;
  struct Unconverged {
    std::string phase;
    std::vector<int> group;  // empty: the whole communicator
    double reached;          // relative half-width of the confidence interval
    double measured_on;      // seconds measured past the preset's caps
  };
  std::vector<Unconverged> unconverged_;
  const class Progress* progress_ = nullptr;
  std::vector<int> host_of_;   // per process: index of its host
  std::vector<int> capacity_;  // per host: cores its processes may run on (affinity union)
  bool share_links_ = false;   // groups spanning hosts may share a host's link in one wave
  int oversubscribed_hosts_ = 0;
};

}  // namespace collsel::measure

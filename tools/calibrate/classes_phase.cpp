// Host classes (collsel/host_classes.hpp): a few landmark hosts time a round trip with every other
// host at an empty and a large message; hosts alike towards every landmark form a class, and the
// pair experiments then run on a few representatives per class only.
//
// Cost: landmarks x (H - 1) x 2 sizes x (repetitions + 1) round trips, one pair at a time (no
// contention between experiments; the other processes wait in a receive), plus one broadcast per
// landmark. At H = 1024 with 3 landmarks and the quick preset: 24 552 round trips. The consecutive
// members of each class time theirs too (the speed check and switch groups): at most H - 1 pairs,
// about a landmark's survey more; each landmark the speed check adds costs a survey and the new
// classes' consecutive pairs again; switch groups add the ends of each group (at most H / 3 pairs).
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <sstream>

#include "collsel/host_classes.hpp"
#include "phases.hpp"

namespace collsel::calibrate {
namespace {

constexpr int kSurveyTag = 0x5c1;
constexpr int kTurnTag = 0x5c2;

// The landmark host's leader times `reps` round trips (after one untimed) of each size with the
// leader of every other host, in host order; each other leader answers its turn. Returns, on every
// rank, the median round trip per host and size (NaN for the landmark's own host).
std::vector<std::array<double, 2>> survey_from(MPI_Comm comm, const std::vector<int>& leaders, int landmark,
                                               const std::array<std::size_t, 2>& sizes, int reps,
                                               measure::Buffers& buf) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const int me = leaders[std::size_t(landmark)];
  const std::size_t hosts = leaders.size();
  std::vector<double> flat(hosts * 2, kUnmeasured);
  char* data = buf.send(sizes[1]);
  if (rank == me) {
    std::vector<double> samples(static_cast<std::size_t>(reps));
    for (std::size_t h = 0; h < hosts; ++h) {
      if (int(h) == landmark) continue;
      for (std::size_t s = 0; s < 2; ++s) {
        for (int k = -1; k < reps; ++k) {
          const double t0 = MPI_Wtime();
          MPI_Send(data, int(sizes[s]), MPI_BYTE, leaders[h], kSurveyTag, comm);
          MPI_Recv(data, int(sizes[s]), MPI_BYTE, leaders[h], kSurveyTag, comm, MPI_STATUS_IGNORE);
          if (k >= 0) samples[std::size_t(k)] = MPI_Wtime() - t0;
        }
        std::nth_element(samples.begin(), samples.begin() + reps / 2, samples.end());
        flat[h * 2 + s] = samples[std::size_t(reps / 2)];
      }
    }
  } else if (std::find(leaders.begin(), leaders.end(), rank) != leaders.end()) {
    for (std::size_t s = 0; s < 2; ++s)
      for (int k = -1; k < reps; ++k) {
        MPI_Recv(data, int(sizes[s]), MPI_BYTE, me, kSurveyTag, comm, MPI_STATUS_IGNORE);
        MPI_Send(data, int(sizes[s]), MPI_BYTE, me, kSurveyTag, comm);
      }
  }
  MPI_Bcast(flat.data(), int(flat.size()), MPI_DOUBLE, me, comm);
  std::vector<std::array<double, 2>> out(hosts);
  for (std::size_t h = 0; h < hosts; ++h) out[h] = {flat[h * 2], flat[h * 2 + 1]};
  return out;
}

// Round trips of each pair of hosts' leaders in `pairs`, one pair at a time in list order: the
// first host of pair k starts once the first host of pair k - 1 is done (a token), so no two
// experiments share the fabric. Returns on every rank the median per pair and size.
std::vector<std::array<double, 2>> pairs_in_turn(MPI_Comm comm, const std::vector<int>& leaders,
                                                 const std::vector<std::array<int, 2>>& pairs,
                                                 const std::array<std::size_t, 2>& sizes, int reps,
                                                 measure::Buffers& buf) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<double> flat(pairs.size() * 2, 0.0);
  char* data = buf.send(sizes[1]);
  std::vector<double> samples(static_cast<std::size_t>(reps));
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const int a = leaders[std::size_t(pairs[k][0])], b = leaders[std::size_t(pairs[k][1])];
    if (rank == a) {
      if (k > 0 && leaders[std::size_t(pairs[k - 1][0])] != a)
        MPI_Recv(nullptr, 0, MPI_BYTE, leaders[std::size_t(pairs[k - 1][0])], kTurnTag, comm, MPI_STATUS_IGNORE);
      for (std::size_t s = 0; s < 2; ++s) {
        for (int i = -1; i < reps; ++i) {
          const double t0 = MPI_Wtime();
          MPI_Send(data, int(sizes[s]), MPI_BYTE, b, kSurveyTag, comm);
          MPI_Recv(data, int(sizes[s]), MPI_BYTE, b, kSurveyTag, comm, MPI_STATUS_IGNORE);
          if (i >= 0) samples[std::size_t(i)] = MPI_Wtime() - t0;
        }
        std::nth_element(samples.begin(), samples.begin() + reps / 2, samples.end());
        flat[k * 2 + s] = samples[std::size_t(reps / 2)];
      }
      if (k + 1 < pairs.size() && leaders[std::size_t(pairs[k + 1][0])] != a)
        MPI_Send(nullptr, 0, MPI_BYTE, leaders[std::size_t(pairs[k + 1][0])], kTurnTag, comm);
    } else if (rank == b) {
      for (std::size_t s = 0; s < 2; ++s)
        for (int i = -1; i < reps; ++i) {
          MPI_Recv(data, int(sizes[s]), MPI_BYTE, a, kSurveyTag, comm, MPI_STATUS_IGNORE);
          MPI_Send(data, int(sizes[s]), MPI_BYTE, a, kSurveyTag, comm);
        }
    }
  }
  // Only each pair's first host wrote its entries (times > 0): a sum hands them to everyone.
  MPI_Allreduce(MPI_IN_PLACE, flat.data(), int(flat.size()), MPI_DOUBLE, MPI_SUM, comm);
  std::vector<std::array<double, 2>> out(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k) out[k] = {flat[k * 2], flat[k * 2 + 1]};
  return out;
}

// Switch groups (host_classes.hpp, find_switch_groups) from the consecutive pairs' round trips
// (out.next_pair): groups form where a pair is nearer than the class's slowest; then the first and
// last host of every group of three or more time theirs, and a group whose ends are not near too
// (host order does not follow the switches there) is dropped. A pair's large round trip counts
// only where the survey could have seen its speed (beyond_survey): a bandwidth no landmark has
// tells hosts apart, not switches.
void find_groups(MPI_Comm comm, const std::vector<int>& leaders, const ClassOptions& opt,
                 const std::array<std::size_t, 2>& sizes, measure::Buffers& buf, HostClassSurvey& out) {
  auto resolved = [&](std::array<double, 2> t) {
    if (beyond_survey(t, out.fastest_transfer, opt.tolerance)) t[1] = kUnmeasured;
    return t;
  };
  std::vector<std::array<double, 2>> next_pair = out.next_pair;
  for (auto& t : next_pair) t = resolved(t);
  std::vector<int> group = find_switch_groups(out.host_class, next_pair, out.tolerance);
  if (group.empty()) return;
  const auto spans = group_spans(group);
  std::vector<int> members(spans.size(), 0);
  for (int g : group)
    if (g >= 0) ++members[std::size_t(g)];
  std::vector<std::array<int, 2>> ends;
  for (std::size_t g = 0; g < spans.size(); ++g)
    if (members[g] >= 3) ends.push_back(spans[g]);
  const auto end_times = pairs_in_turn(comm, leaders, ends, sizes, opt.repetitions, buf);
  const auto reference = far_references(out.host_class, next_pair);
  std::vector<bool> drop(spans.size(), false);
  for (std::size_t k = 0; k < ends.size(); ++k) {
    const int cls = out.host_class[std::size_t(ends[k][0])];
    if (!is_near(resolved(end_times[k]), reference[std::size_t(cls)], out.tolerance)) {
      const int g = group[std::size_t(ends[k][0])];
      drop[std::size_t(g)] = true;
      ++out.groups_dropped;
    }
  }
  // Dense ids again after the drops; no group left: no tier.
  std::vector<int> id(spans.size(), -1);
  int groups = 0;
  for (std::size_t g = 0; g < spans.size(); ++g)
    if (!drop[g]) id[g] = groups++;
  for (int& g : group) g = g >= 0 ? id[std::size_t(g)] : -1;
  out.groups = groups;
  if (groups > 0) out.host_group = std::move(group);
}

// One survey: the hosts' leaders (lowest process of each host), the two sizes, and what is found
// so far.
class ClassSurvey {
 public:
  ClassSurvey(MPI_Comm comm, const Cluster& placement, const ClassOptions& opt, measure::Progress& progress,
              measure::Buffers& buf)
      : comm_(comm), opt_(opt), progress_(progress), buf_(buf), hosts_(std::size_t(placement.host_count())),
        leaders_(hosts_, -1), sizes_{0, opt.large_bytes} {
    for (int p = placement.size() - 1; p >= 0; --p) leaders_[std::size_t(placement.host_of(p))] = p;
  }
  HostClassSurvey run();

 private:
  std::vector<std::array<double, 2>> survey(int landmark, bool large_only);
  void survey_landmarks();
  void classify();
  bool time_consecutive();
  bool is_landmark(int h) const {
    return std::find(out_.landmarks.begin(), out_.landmarks.end(), h) != out_.landmarks.end();
  }

  MPI_Comm comm_;
  const ClassOptions& opt_;
  measure::Progress& progress_;
  measure::Buffers& buf_;
  const std::size_t hosts_;
  std::vector<int> leaders_;
  const std::array<std::size_t, 2> sizes_;
  HostClassSurvey out_;
};

// A landmark's survey; its round trips join every host's signature. A landmark the speed check
// adds signs with its large round trip only: its empty one adds nothing the others' did not show
// (latency adds up, every landmark sees it) but, from a low-latency host, stretches the latency
// ratios and splits classes the bandwidth needs.
std::vector<std::array<double, 2>> ClassSurvey::survey(int landmark, bool large_only) {
  out_.landmarks.push_back(landmark);
  const auto row = survey_from(comm_, leaders_, landmark, sizes_, opt_.repetitions, buf_);
  HostSignatures own(hosts_);
  for (std::size_t h = 0; h < hosts_; ++h) {
    own[h] = {row[h][0], row[h][1]};
    out_.signatures[h].push_back(large_only ? kUnmeasured : row[h][0]);
    out_.signatures[h].push_back(row[h][1]);
  }
  const double seen = fastest_transfer_seen(own);
  if (!(out_.fastest_transfer <= seen)) out_.fastest_transfer = seen;
  progress_.step();
  return row;
}

// The landmarks' surveys, from the first host (rank 0's).
void ClassSurvey::survey_landmarks() {
  int landmark = 0;
  while (landmark >= 0 && int(out_.landmarks.size()) < opt_.landmarks) {
    const auto row = survey(landmark, false);
    if (out_.landmarks.size() == 1) {
      // The second landmark is the first one's fastest peer: a landmark behind a slow link would
      // see every host at its own link's speed and tell no bandwidth apart.
      std::vector<double> large(hosts_);
      for (std::size_t h = 0; h < hosts_; ++h) large[h] = row[h][1];
      landmark = fastest_host(large, landmark);
    } else {
      landmark = next_landmark(out_.signatures, out_.landmarks);
    }
  }
}

// Classes within the tolerance; where noise, or more kinds of hosts than representatives can
// afford, makes more classes, the closest classes merge until they fit (host_classes.hpp). A
// tolerance widened for every class alike (first fit, in steps of 10 %) lumped 1 and 2 Gbit
// hosts on random 34-48-host platforms to keep 10 Gbit ones apart (docs/smpi.md).
// Every rank holds the signatures, but one forms the classes and broadcasts them: 0.1 s at 1024
// hosts is nothing on a rank's own core, minutes when SimGrid runs all 1024 ranks in one process.
void ClassSurvey::classify() {
  int rank = 0;
  MPI_Comm_rank(comm_, &rank);
  HostClasses formed;
  if (rank == 0) formed = classify_hosts(out_.signatures, opt_.tolerance, opt_.max_classes);
  formed.host_class.resize(hosts_);
  MPI_Bcast(formed.host_class.data(), int(hosts_), MPI_INT, 0, comm_);
  MPI_Bcast(&formed.tolerance, 1, MPI_DOUBLE, 0, comm_);
  MPI_Bcast(&formed.classes, 1, MPI_INT, 0, comm_);
  out_.host_class = std::move(formed.host_class);
  out_.tolerance = formed.tolerance;
  out_.classes = formed.classes;
}

// Consecutive members of each class time a round trip, one pair at a time. A pair faster than
// anything the landmarks saw (the speed check, host_classes.hpp) makes one of its hosts a
// landmark and the classes are formed again, with their new consecutive pairs (those already
// timed are kept). False when every host ends in a class of its own (the survey is complete).
bool ClassSurvey::time_consecutive() {
  std::map<std::array<int, 2>, std::array<double, 2>> timed;
  std::vector<std::array<int, 2>> consecutive;
  std::vector<std::array<double, 2>> times;
  for (int added = 0;; ++added) {
    const std::vector<int> next = next_in_class(out_.host_class);
    consecutive.clear();
    std::vector<std::array<int, 2>> missing;
    for (std::size_t h = 0; h < hosts_; ++h)
      if (next[h] >= 0) {
        consecutive.push_back({int(h), next[h]});
        if (!timed.count(consecutive.back())) missing.push_back(consecutive.back());
      }
    if (!missing.empty()) {
      const auto fresh = pairs_in_turn(comm_, leaders_, missing, sizes_, opt_.repetitions, buf_);
      for (std::size_t k = 0; k < missing.size(); ++k) timed[missing[k]] = fresh[k];
    }
    times.clear();
    for (const auto& pair : consecutive) times.push_back(timed[pair]);
    progress_.step();
    if (added == opt_.speed_landmarks) break;
    const int k = hidden_speed_pair(times, out_.fastest_transfer, opt_.tolerance);
    if (k < 0) break;
    const std::array<int, 2>& pair = consecutive[std::size_t(k)];
    const int host = is_landmark(pair[0]) ? pair[1] : pair[0];
    if (is_landmark(host)) break;
    progress_.add_steps(2);
    survey(host, true);
    ++out_.speed_landmarks;
    classify();
    if (out_.classes == int(hosts_)) return false;
  }
  out_.next_pair.assign(hosts_, {kUnmeasured, kUnmeasured});
  for (std::size_t k = 0; k < consecutive.size(); ++k) out_.next_pair[std::size_t(consecutive[k][0])] = times[k];
  return true;
}

HostClassSurvey ClassSurvey::run() {
  out_.signatures.assign(hosts_, {});
  progress_.phase("host classes");
  survey_landmarks();
  classify();
  if (out_.classes == int(hosts_) || !time_consecutive()) return std::move(out_);
  if (opt_.switch_groups) find_groups(comm_, leaders_, opt_, sizes_, buf_, out_);
  return std::move(out_);
}

}  // namespace

HostClassSurvey survey_host_classes(MPI_Comm comm, const Cluster& placement, const ClassOptions& opt,
                                    measure::Progress& progress, measure::Buffers& buf) {
  return ClassSurvey(comm, placement, opt, progress, buf).run();
}

int classes_steps(const ClassOptions& opt) { return opt.landmarks + 1; }

}  // namespace collsel::calibrate

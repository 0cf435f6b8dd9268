// Host classes learned from measurements, so that calibration scales to hundreds of hosts
// (docs/calibration.md, "Calibrating many hosts: host classes").
//
// Measuring every pair is O(H^2) experiments. Instead a few *landmark* hosts measure a round trip
// with every other host at a small and a large size; the times form each host's *signature*
// (2 numbers per landmark). Hosts whose signatures agree within a tolerance behave alike towards
// every landmark and form a class; the full calibration then runs only on a few representative
// hosts per class, and every other host is predicted through a representative of its class
// (MappedModel). Cost: landmarks x (H - 1) round trips at two sizes instead of H (H - 1) / 2 pair
// series, and the p2p phases on 2 hosts per class.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <vector>

namespace collsel {

// Signatures: one row per host, one column per measured quantity (a time, > 0), NaN where the
// quantity was not measured (a landmark towards itself).
using HostSignatures = std::vector<std::vector<double>>;

inline constexpr double kUnmeasured = std::numeric_limits<double>::quiet_NaN();

// Relative distance of two signatures: the largest |ln(a / b)| over the columns known in both
// (0 when no column is known in both).
double signature_distance(const std::vector<double>& a, const std::vector<double>& b);

// Classes of hosts by complete linkage (in log space): every two hosts of a class agree within
// ln(1 + tolerance) in every column known for both, and the classes that would merge within it do;
// where that leaves more than `max_classes`, the two classes whose union is the tightest merge
// until it does not (the tolerance then reached is reported). Classes are numbered by their first
// host (host 0 is in class 0). Deterministic: ties go to the lower host.
struct HostClasses {
  std::vector<int> host_class;  // per host
  int classes = 0;
  double tolerance = 0;  // the tolerance the classes hold to: the one asked for, or the one reached
};
HostClasses classify_hosts(const HostSignatures& signatures, double tolerance,
                           int max_classes = std::numeric_limits<int>::max());

// The next landmark: the host farthest (signature_distance) from every current landmark, ties to
// the lower index; -1 when every host is a landmark already or none differs from them.
int next_landmark(const HostSignatures& signatures, const std::vector<int>& landmarks);

// The fastest peer of a landmark by one column of its measurements (e.g. the large round trip):
// the host with the smallest finite value, ties to the lower index; -1 if there is none.
int fastest_host(const std::vector<double>& times, int exclude);

// The speed check. A landmark times every host through its own link, so a bandwidth above every
// landmark's own is invisible to the survey: behind a first landmark on 0.4 Gbit, hosts on 1 and
// 10 Gbit look alike and share a class (a random 48-host SimGrid platform lumped 0.4-10 Gbit
// hosts so). A pair of other hosts shows it: its transfer time (large round trip less the empty
// one) faster than any the landmarks measured beyond ln(1 + tolerance) means both its hosts are
// faster than every landmark. fastest_transfer_seen() is the smallest (large - empty) over the
// signatures' column pairs (NaN if none); beyond_survey() says whether a pair's (empty, large)
// round trips are faster than that; hidden_speed_pair() is the index of the fastest such pair in
// `pairs`, -1 if none.
double fastest_transfer_seen(const HostSignatures& signatures);
bool beyond_survey(const std::array<double, 2>& pair, double seen, double tolerance);
int hidden_speed_pair(const std::vector<std::array<double, 2>>& pairs, double seen, double tolerance);

// Up to `per_class` representative hosts of every class, spread evenly over its members in host
// order (the first, then e.g. the middle one): where host numbers follow racks or switches, two
// representatives then sit apart, as most pairs of the class do. Returns, per host, whether it
// represents its class.
std::vector<bool> choose_representatives(const std::vector<int>& host_class, int per_class);

// Switch groups: which hosts of a class are nearer each other than the class's other pairs (the
// nodes of one leaf switch in a fat tree, where landmarks see every leaf but their own alike).
// next_in_class(host_class)[h] is the next host of h's class in host order (-1 for its last);
// `next_pair[h]` is the (empty, large) round trip between h and that host (NaN where not
// measured). Per class, the far reference is the slowest of those pairs per column; a pair is
// near when it is faster than the reference beyond ln(1 + tolerance) in some column and slower
// in none. A group is a maximal run of a class's members (in host order) joined by near pairs:
// host order is taken to follow the switches, as hostfiles usually do (where it does not, groups
// form only where it happens to). Returns per host its group (dense ids in order of their first
// host; -1 outside any group), or an empty vector when no pair is near: then the pairs of each
// class's consecutive members cost alike and the tier adds nothing.
std::vector<int> next_in_class(const std::vector<int>& host_class);
std::vector<int> find_switch_groups(const std::vector<int>& host_class,
                                    const std::vector<std::array<double, 2>>& next_pair, double tolerance);
// Per class, the far reference find_switch_groups() compares with (NaN where the class has no
// measured pair).
std::vector<std::array<double, 2>> far_references(const std::vector<int>& host_class,
                                                  const std::vector<std::array<double, 2>>& next_pair);
// Whether `times` (a pair's round trips) are near against `reference` (see find_switch_groups).
bool is_near(const std::array<double, 2>& times, const std::array<double, 2>& reference, double tolerance);
// Per group: its first and last host.
std::vector<std::array<int, 2>> group_spans(const std::vector<int>& host_group);

// With switch groups, the representative hosts of a class: its first host A (the first of the
// first group with two hosts, else the class's first), A's near partner A' (the next host of
// A's group, if A is in one), and a far one B: the class's middle member, or the next after it
// outside A's group (any member outside A's group if none is after). Without groups: as
// choose_representatives(host_class, 2). Returns per host whether it represents.
std::vector<bool> choose_group_representatives(const std::vector<int>& host_class, const std::vector<int>& host_group);

struct Cluster;
// The processes (of the run `placement` describes, ascending) whose pairs are measured: on two
// representative hosts of every class (three when that would leave fewer than three processes,
// which LMO's triplets need), two processes on the first of a class where it has two (its
// intra-host pair), one on the others.
// With switch groups (`host_group` non-empty) the representative hosts are those of
// choose_group_representatives(), the class's first host still with two processes. Either way
// process 0's host is one of them (process 0 writes the model file), so the first process
// returned is process 0.
std::vector<int> representative_processes(const Cluster& placement, const std::vector<int>& host_class,
                                          const std::vector<int>& host_group = {});
// The model file's [cluster]: every host with its class (and switch group), the representatives
// as its processes.
Cluster representative_cluster(const Cluster& placement, const std::vector<int>& host_class,
                               const std::vector<int>& processes, const std::vector<int>& host_group = {});

}  // namespace collsel

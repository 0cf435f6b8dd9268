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

// Classes of hosts: host h joins the first class whose reference signature is within
// ln(1 + tolerance) of its own in every column known for both, else founds a new class. A class's
// reference is its founder's signature, completed in the founder's unmeasured columns by the
// first member that measured them.
// Classes are numbered in the order they are founded (host 0 is in class 0). Deterministic.
std::vector<int> classify_hosts(const HostSignatures& signatures, double tolerance);

// The next landmark: the host farthest (signature_distance) from every current landmark, ties to
// the lower index; -1 when every host is a landmark already or none differs from them.
int next_landmark(const HostSignatures& signatures, const std::vector<int>& landmarks);

// The fastest peer of a landmark by one column of its measurements (e.g. the large round trip):
// the host with the smallest finite value, ties to the lower index; -1 if there is none.
int fastest_host(const std::vector<double>& times, int exclude);

// Up to `per_class` representative hosts of every class, spread evenly over its members in host
// order (the first, then e.g. the middle one): where host numbers follow racks or switches, two
// representatives then sit apart, as most pairs of the class do. Returns, per host, whether it
// represents its class.
std::vector<bool> choose_representatives(const std::vector<int>& host_class, int per_class);

struct Cluster;
// The processes (of the run `placement` describes, ascending) whose pairs are measured: on two
// representative hosts of every class (three when that would leave fewer than three processes,
// which LMO's triplets need), two processes on the first of a class where it has two (its
// intra-host pair), one on the others.
std::vector<int> representative_processes(const Cluster& placement, const std::vector<int>& host_class);
// The model file's [cluster]: every host with its class, the representatives as its processes.
Cluster representative_cluster(const Cluster& placement, const std::vector<int>& host_class,
                               const std::vector<int>& processes);

}  // namespace collsel

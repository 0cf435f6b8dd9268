// Which processes sit behind one switch, inferred from a model's latencies (docs/model-file.md,
// "Switch groups"; decision record 0016).
//
// Two processes behind one switch are equally far from every third process up to a constant:
// D(i,k) − D(j,k) = d_i − d_j for every k, their own links' delays, whatever switch k is behind.
// Behind different switches the difference moves by the up-links' delays between a k near i and a
// k near j. So the spread over k of D(i,k) − D(j,k) (max − min, k ∉ {i, j}) is the fit's noise
// within a group and at least twice the up-links' delay across groups; the groups are the
// connected components of the pairs whose spread lies below the first clear gap of the sorted
// spreads with two pairs or more below it (two hosts with the same links are alike, spread 0,
// where every other pair's fit is off by tens of microseconds). One pair's latency off that
// pattern (two hosts behind one switch, both slow to start) would split every pair that holds one
// of them, by that one third process: where a pair's spread rests on one process k leaning
// towards one side, and k's own spread to that side is above the gap too, the pair's spread is
// taken without k, and the gap found again, never below the first. A process k truly behind the
// side's switch has a small spread to it and counts (a switch of two hosts, one pair of them off,
// stays split). D(i,j) is the mean of the two directions' zero-byte times. A host alone
// behind its switch is told apart only where a third group exists: beside one other group its
// up-link's delay is indistinguishable from a slow link of its own.
//
// Not to be confused with [cluster] host_group (host_classes.hpp, find_switch_groups): those are
// learnt by a calibration with host classes, within a class, from measured round trips, and decide
// which pair predicts a pair; these are inferred on reading a model file without classes, across
// all its processes, and shape the pipelines.
#pragma once

#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

struct SwitchGroupRules {
  int min_processes = 4;      // below, no third process separates the pairs
  int max_processes = 128;    // above, the O(P³) scan is left out (host classes cover such clusters)
  double gap_ratio = 4.0;     // a gap: the next spread at least this many times the previous
  double noise_floor_s = 1e-6;  // spreads below this count as this in the ratio
  double min_spread_s = 5e-6;   // a gap's upper side is at least this
};

// One group id per process of `model` (0 .. groups − 1, in order of first appearance), or empty
// when the latencies show no groups: too few or too many processes, no clear gap, one group, or
// every process a group of its own.
std::vector<int> infer_switch_groups(const P2PModel& model, const SwitchGroupRules& rules = {});

// The same over hosts: `process_host` gives each process's host; the first process of each host
// stands for it (processes of one host are always together, and their own near-zero spreads
// would hide the switches' gap), and every process takes its host's group.
std::vector<int> infer_switch_groups(const P2PModel& model, const std::vector<int>& process_host,
                                     const SwitchGroupRules& rules = {});

// The groups of the call's ranks 0 .. procs − 1 under `cost` (cost.switch_groups()), or empty when
// the model has none or they all share one.
std::vector<int> call_switch_groups(const P2PModel& cost, int procs);

// The hosts of the call's ranks 0 .. procs − 1 under `cost` (cost.hosts()), or empty when the
// model knows none or no two of these ranks share a host. A pipeline that enters and leaves each
// host once (its ranks consecutive in a chain, or one subtree fed by one edge from another host)
// carries the message across every host's link once each way, as a point-to-point model prices it.
std::vector<int> call_hosts(const P2PModel& cost, int procs);

}  // namespace collsel

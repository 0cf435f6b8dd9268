// What a model is keyed on: the calibrated processes, the host each ran on and (when known) the
// core it was bound to; with host classes, also the hosts it stands for. A model calibrated once
// serves another placement of ranks through this.
#pragma once

#include <string>
#include <vector>

namespace collsel {

struct Cluster {
  std::vector<std::string> hosts;  // distinct host names
  std::vector<int> process_host;   // host index of each calibrated process
  std::vector<int> process_core;   // OS core index of each process, -1 if unbound/unknown
  // Host classes (collsel/host_classes.hpp): the class of every host, or empty. With classes, a
  // host need not have calibrated processes: it is predicted through a host of its class that has
  // them (a representative; rank_mapping.hpp).
  std::vector<int> host_class;
  // Switch groups within classes (collsel/host_classes.hpp, find_switch_groups): per host its
  // group, -1 for none, or empty. Two hosts of one group are "near" (e.g. they share a leaf
  // switch): their pair is predicted by the class's near pair of representatives, every other
  // pair of the class by representatives in different groups. A group lies within one class.
  std::vector<int> host_group;

  int size() const { return int(process_host.size()); }
  int host_count() const { return int(hosts.size()); }
  int host_of(int process) const { return process_host[std::size_t(process)]; }
  bool has_classes() const { return !host_class.empty(); }
  bool has_groups() const { return !host_group.empty(); }
  int host_index(const std::string& name) const {
    for (std::size_t h = 0; h < hosts.size(); ++h)
      if (hosts[h] == name) return int(h);
    return -1;
  }
};

}  // namespace collsel

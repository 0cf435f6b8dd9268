// The job's hosts that the model does not name (docs/batch.md): on a batch system each allocation
// of a calibrated partition brings other nodes. With host classes they are placed in one (rule in
// collsel/rank_mapping.hpp, unknown_hosts) and predicted as that class's hosts; without, the
// communicators with ranks on them run native. Either way world rank 0 warns once, naming them,
// and the log and the end-of-job report list them.
#include <algorithm>
#include <string>

#include "collsel/exec.hpp"
#include "runtime.hpp"

namespace collsel::shim {

namespace {

// "a, b, c" of at most `limit` names, then "and N more".
std::string name_list(const std::vector<std::string>& names, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < limit; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > limit) out += " and " + std::to_string(names.size() - limit) + " more";
  return out;
}

}  // namespace

std::string describe_unknown_hosts(const std::vector<UnknownHost>& hosts, std::size_t limit) {
  std::string out;
  std::vector<int> classes;
  for (const UnknownHost& u : hosts)
    if (std::find(classes.begin(), classes.end(), u.host_class) == classes.end()) classes.push_back(u.host_class);
  std::sort(classes.begin(), classes.end());
  for (int c : classes) {
    std::vector<std::string> names;
    for (const UnknownHost& u : hosts)
      if (u.host_class == c) names.push_back(u.host);
    if (!out.empty()) out += "; ";
    out += c >= 0 ? "host class " + std::to_string(c) + ": " + name_list(names, limit) : name_list(names, limit);
  }
  return out;
}

void place_unknown_hosts(Runtime& rt) {
  if (rt.settings.placement_model) return;  // ranks take the model's own layout, wherever they run
  rt.world_placement = exec::gather_placement(MPI_COMM_WORLD);
  std::vector<std::string> job_hosts;
  for (const RankPlacement& p : rt.world_placement) job_hosts.push_back(p.host);
  rt.unknown_hosts = unknown_hosts(rt.model->cluster, job_hosts);
  if (rt.unknown_hosts.empty()) return;
  const std::size_t n = rt.unknown_hosts.size();
  const std::string count = std::to_string(n) + (n == 1 ? " host" : " hosts");
  if (rt.model->cluster.has_classes()) {
    add_unknown_hosts(rt.model->cluster, rt.unknown_hosts);
    warn_once(rt, rt.world_rank == 0,
              count + " of this job not in the model's cluster, placed in the host class most of the job's known "
                      "hosts (else the model's hosts) are in (docs/batch.md): " +
                  describe_unknown_hosts(rt.unknown_hosts, 32));
  } else {
    warn_once(rt, rt.world_rank == 0,
              count + " of this job not in the model's cluster, which has no host classes to place them in: " +
                  describe_unknown_hosts(rt.unknown_hosts, 32) +
                  "; communicators with ranks there run native (calibrate on these hosts, or calibrate the "
                  "partition with host classes: docs/batch.md)");
  }
}

}  // namespace collsel::shim

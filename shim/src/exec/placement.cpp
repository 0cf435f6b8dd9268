// Where the ranks of a communicator run: host names and cores, gathered here for the shim,
// collsel-bench (both with bound_cpu(), so they map ranks onto a model's calibrated processes
// identically, rank_mapping.hpp) and collsel-calibrate (with its hwloc core, topology.hpp).
#include <sched.h>

#include <cstring>
#include <vector>

#include "collsel/exec.hpp"

namespace collsel::exec {

int bound_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  // Bound to several CPUs (e.g. both SMT siblings of a core) counts as unbound: no single core.
  if (sched_getaffinity(0, sizeof(set), &set) != 0 || CPU_COUNT(&set) != 1) return -1;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) return c;
  return -1;
}

std::vector<RankPlacement> gather_placement(MPI_Comm comm, int my_core) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  // One allgather of (name, core) records (the shim: once, over MPI_COMM_WORLD at MPI_Init).
  struct Record {
    char name[MPI_MAX_PROCESSOR_NAME];
    int core;
  };
  Record mine{};
  int len = 0;
  PMPI_Get_processor_name(mine.name, &len);
  mine.core = my_core;
  std::vector<Record> all(static_cast<std::size_t>(size));
  PMPI_Allgather(&mine, int(sizeof(Record)), MPI_BYTE, all.data(), int(sizeof(Record)), MPI_BYTE, comm);
  std::vector<RankPlacement> placement(static_cast<std::size_t>(size));
  for (int r = 0; r < size; ++r) {
    const Record& x = all[std::size_t(r)];
    placement[std::size_t(r)].host.assign(x.name, strnlen(x.name, MPI_MAX_PROCESSOR_NAME));
    placement[std::size_t(r)].core = x.core;
  }
  return placement;
}

std::vector<RankPlacement> gather_placement(MPI_Comm comm) { return gather_placement(comm, bound_cpu()); }

std::vector<int> world_ranks(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  MPI_Group group = MPI_GROUP_NULL, world = MPI_GROUP_NULL;
  PMPI_Comm_group(comm, &group);
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> ranks(static_cast<std::size_t>(size)), out(static_cast<std::size_t>(size), MPI_UNDEFINED);
  for (int r = 0; r < size; ++r) ranks[std::size_t(r)] = r;
  PMPI_Group_translate_ranks(group, size, ranks.data(), world, out.data());
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
  for (int w : out)
    if (w == MPI_UNDEFINED) return {};
  return out;
}

std::vector<RankPlacement> placement_in(MPI_Comm comm, const std::vector<RankPlacement>& world) {
  std::vector<RankPlacement> out;
  const std::vector<int> ranks = world_ranks(comm);
  for (int w : ranks) {
    if (w < 0 || std::size_t(w) >= world.size()) return {};
    out.push_back(world[std::size_t(w)]);
  }
  return out;
}

}  // namespace collsel::exec

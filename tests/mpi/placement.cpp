// exec::gather_placement() and exec::bound_cpu() (shim/src/exec/placement.cpp): the one gathering
// of host names and cores, used by the shim, collsel-bench and collsel-calibrate.
//
//   collsel_mpi_placement            any number of ranks, bound or not
//   collsel_mpi_placement --bound    under mpiexec -bind-to core: every rank's cores must be known
//                                    and agree with hwloc's bound_core_of_this_process()
//
// Prints "FAIL ..." for every failed check and exits 1 when any rank failed.
#include <mpi.h>
#include <sched.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "collsel/exec.hpp"
#include "collsel/topology.hpp"

namespace {

int failures = 0;
int world_rank = 0;

void check(bool ok, const std::string& what) {
  if (ok) return;
  ++failures;
  std::fprintf(stderr, "FAIL (rank %d): %s\n", world_rank, what.c_str());
}

std::string my_host() {
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int len = 0;
  MPI_Get_processor_name(name, &len);
  return std::string(name, std::size_t(len));
}

// Entries in rank order of `comm`, each with the host and the core its rank passed.
void check_gather(MPI_Comm comm, const std::string& label, int (*core_of_world_rank)(int)) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> world_of(std::size_t(size), -1);  // world rank of each rank of comm
  MPI_Allgather(&world_rank, 1, MPI_INT, world_of.data(), 1, MPI_INT, comm);
  const auto p = collsel::exec::gather_placement(comm, core_of_world_rank(world_rank));
  check(int(p.size()) == size, label + ": " + std::to_string(p.size()) + " entries for " + std::to_string(size) + " ranks");
  if (int(p.size()) != size) return;
  check(p[std::size_t(rank)].host == my_host(), label + ": own host '" + p[std::size_t(rank)].host + "', want '" + my_host() + "'");
  for (int r = 0; r < size; ++r) {
    const auto& e = p[std::size_t(r)];
    const int want = core_of_world_rank(world_of[std::size_t(r)]);
    check(e.core == want, label + ": rank " + std::to_string(r) + " core " + std::to_string(e.core) + ", want " + std::to_string(want));
    check(!e.host.empty() && e.host.size() == std::strlen(e.host.c_str()),
          label + ": rank " + std::to_string(r) + " host '" + e.host + "' empty or with NUL bytes");
  }
  // Every rank of comm sees the same list.
  std::string flat;
  for (const auto& e : p) flat += e.host + '\n' + std::to_string(e.core) + '\n';
  const std::string mine = flat;
  int n = int(flat.size()), n0 = n;
  MPI_Bcast(&n0, 1, MPI_INT, 0, comm);
  flat.resize(std::size_t(n0));
  MPI_Bcast(flat.data(), n0, MPI_CHAR, 0, comm);
  check(n == n0 && flat == mine, label + ": placement differs from rank 0's");
}

// bound_cpu() under affinities this thread sets itself (restored afterwards): one CPU is that
// CPU, two CPUs (whatever they are) are unbound.
void check_bound_cpu_semantics() {
  cpu_set_t saved;
  CPU_ZERO(&saved);
  if (sched_getaffinity(0, sizeof saved, &saved) != 0) {
    check(false, "sched_getaffinity failed");
    return;
  }
  std::vector<int> allowed;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &saved)) allowed.push_back(c);
  check(collsel::exec::bound_cpu() == (allowed.size() == 1 ? allowed[0] : -1),
        "bound_cpu() = " + std::to_string(collsel::exec::bound_cpu()) + " with " + std::to_string(allowed.size()) +
            " allowed CPUs");
  for (int c : allowed) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(c, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) continue;
    check(collsel::exec::bound_cpu() == c, "bound to CPU " + std::to_string(c) + " only, bound_cpu() = " +
                                               std::to_string(collsel::exec::bound_cpu()));
  }
  if (allowed.size() >= 2) {
    cpu_set_t two;
    CPU_ZERO(&two);
    CPU_SET(allowed[0], &two);
    CPU_SET(allowed[1], &two);
    if (sched_setaffinity(0, sizeof two, &two) == 0)
      check(collsel::exec::bound_cpu() == -1, "bound to two CPUs, bound_cpu() = " + std::to_string(collsel::exec::bound_cpu()));
  }
  check(sched_setaffinity(0, sizeof saved, &saved) == 0, "cannot restore the affinity");
}

int distinct(int w) { return 1000 + 7 * w; }  // a core id per world rank no machine has
int unknown(int) { return -1; }

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const bool bound = argc > 1 && std::strcmp(argv[1], "--bound") == 0;

  check_gather(MPI_COMM_WORLD, "world", distinct);
  check_gather(MPI_COMM_WORLD, "world, unknown cores", unknown);
  // A sub-communicator in reverse order: entries follow its ranks, not the world's.
  MPI_Comm sub = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, world_rank % 2, size - world_rank, &sub);
  check_gather(sub, "reversed half", distinct);
  // The same placement read from the world's through the groups, without a collective (the
  // shim's way for every communicator after MPI_COMM_WORLD).
  {
    const auto world = collsel::exec::gather_placement(MPI_COMM_WORLD, distinct(world_rank));
    const auto gathered = collsel::exec::gather_placement(sub, distinct(world_rank));
    const auto read = collsel::exec::placement_in(sub, world);
    check(read.size() == gathered.size(), "placement_in(reversed half): " + std::to_string(read.size()) + " entries");
    for (std::size_t r = 0; r < read.size() && r < gathered.size(); ++r)
      check(read[r].host == gathered[r].host && read[r].core == gathered[r].core,
            "placement_in(reversed half): rank " + std::to_string(r) + " core " + std::to_string(read[r].core) +
                ", gathered " + std::to_string(gathered[r].core));
    const auto ranks = collsel::exec::world_ranks(sub);
    int sub_size = 0;
    MPI_Comm_size(sub, &sub_size);
    std::vector<int> want(std::size_t(sub_size), -1);
    MPI_Allgather(&world_rank, 1, MPI_INT, want.data(), 1, MPI_INT, sub);
    check(ranks == want, "world_ranks(reversed half) differs from the ranks' own world ranks");
    check(collsel::exec::placement_in(sub, {}).empty(), "placement_in with no world placement is not empty");
  }
  MPI_Comm_free(&sub);

  // The one-argument form is the shim's and collsel-bench's: every rank's bound_cpu().
  const int mine = collsel::exec::bound_cpu();
  std::vector<int> cpus(std::size_t(size), -2);
  MPI_Allgather(&mine, 1, MPI_INT, cpus.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const auto p = collsel::exec::gather_placement(MPI_COMM_WORLD);
  for (int r = 0; r < size && int(p.size()) == size; ++r)
    check(p[std::size_t(r)].core == cpus[std::size_t(r)], "gather_placement(world): rank " + std::to_string(r) +
                                                              " core " + std::to_string(p[std::size_t(r)].core) +
                                                              ", its bound_cpu() " + std::to_string(cpus[std::size_t(r)]));

  if (bound) {
    // Bound by the launcher to one core each: both core semantics see it (no SMT siblings
    // involved when a core has one PU; with two, hwloc names the core, bound_cpu() says -1).
    const int hw = collsel::bound_core_of_this_process();
    check(hw >= 0, "--bound: bound_core_of_this_process() = " + std::to_string(hw));
    check(mine == hw || mine == -1, "--bound: bound_cpu() " + std::to_string(mine) + " vs hwloc " + std::to_string(hw));
    const auto h = collsel::exec::gather_placement(MPI_COMM_WORLD, hw);
    for (int r = 0; r < size; ++r)
      for (int s = r + 1; s < size; ++s)
        if (h[std::size_t(r)].host == h[std::size_t(s)].host)
          check(h[std::size_t(r)].core != h[std::size_t(s)].core,
                "--bound: ranks " + std::to_string(r) + " and " + std::to_string(s) + " share core " +
                    std::to_string(h[std::size_t(r)].core));
  }

  check_bound_cpu_semantics();

  int any = failures, total = 0;
  MPI_Allreduce(&any, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (world_rank == 0) std::printf("placement: %d ranks, %d failed checks\n", size, total);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

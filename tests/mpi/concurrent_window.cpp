// The concurrent executors with a window (Schedule::window, ScheduleKind::concurrent): scatter,
// gather, scatterv and gatherv run from hand-built schedules — a flat tree and a two-level tree
// whose inner rank also serves several children — at every window from 1 to all, every root,
// counts 0, 1, 7, 1000 and 100000, MPI_INT and a vector type (a gap inside each element). Each
// result is compared element by element with what MPI requires; gaps must stay untouched.
//
//   collsel_mpi_concurrent_window    any number of ranks (the test runs 5)
//
// Prints "FAIL ..." for every failed check and exits 1 when any rank failed.
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "collsel/exec.hpp"
#include "collsel/schedule.hpp"

namespace {

int failures = 0;
int me = 0, procs = 0;

void check(bool ok, const std::string& what) {
  if (ok) return;
  if (++failures <= 20) std::fprintf(stderr, "FAIL (rank %d): %s\n", me, what.c_str());
}

// Flat: the root serves everyone. Two-level: the root serves its next rank and every third rank;
// the next rank serves the rest (so it relays, and posts several transfers itself).
collsel::Schedule schedule(collsel::Collective op, int root, bool two_level, int window) {
  collsel::Schedule s{.algorithm = "flat_concurrent", .op = op, .kind = collsel::ScheduleKind::concurrent,
                      .tree = collsel::Tree(procs, root), .window = window};
  const int hub = (root + 1) % procs;
  for (int k = 1; k < procs; ++k) {
    const int r = (root + k) % procs;
    const bool direct = !two_level || r == hub || k % 3 == 0;
    s.tree.add_child(direct ? root : hub, r);
  }
  s.tree.finalize();
  return s;
}

// Element e of rank r's block.
int value(int r, int e, int salt) { return r * 1000003 + e * 7 + salt; }

struct Layout {
  MPI_Datatype type;
  int stride;  // ints per element in memory
};

void run_case(collsel::Collective op, int root, bool two_level, int window, int count, const Layout& t, int salt) {
  const collsel::Schedule s = schedule(op, root, two_level, window);
  const bool v = op == collsel::Collective::scatterv || op == collsel::Collective::gatherv;
  // Irregular counts for the v-variants (rank r: count for r even, count/2 + 1 for odd, 0 for the
  // last rank), blocks in reverse rank order with one element's gap between them.
  std::vector<int> counts(static_cast<std::size_t>(procs)), displs(static_cast<std::size_t>(procs));
  for (int r = 0; r < procs; ++r) counts[std::size_t(r)] = !v ? count : r == procs - 1 ? 0 : r % 2 ? count / 2 + 1 : count;
  int at = 0;
  for (int r = procs - 1; r >= 0; --r) {
    displs[std::size_t(r)] = v ? at : r * count;
    at += counts[std::size_t(r)] + (v ? 1 : 0);
  }
  if (!v) at = procs * count;
  const int sentinel = -7;
  std::vector<int> whole(std::size_t(at + 1) * std::size_t(t.stride), sentinel);
  std::vector<int> mine(std::size_t(counts[std::size_t(me)] + 1) * std::size_t(t.stride), sentinel);
  const bool down = op == collsel::Collective::scatter || op == collsel::Collective::scatterv;
  auto slot = [&](int r, int e) { return (std::size_t(displs[std::size_t(r)]) + std::size_t(e)) * std::size_t(t.stride); };
  if (down && me == root)
    for (int r = 0; r < procs; ++r)
      for (int e = 0; e < counts[std::size_t(r)]; ++e) whole[slot(r, e)] = value(r, e, salt);
  if (!down)
    for (int e = 0; e < counts[std::size_t(me)]; ++e) mine[std::size_t(e) * std::size_t(t.stride)] = value(me, e, salt);
  const int my_count = counts[std::size_t(me)];
  int rc = MPI_SUCCESS;
  switch (op) {
    case collsel::Collective::scatter:
      rc = collsel::exec::run_scatter(s, whole.data(), count, t.type, mine.data(), count, t.type, root, MPI_COMM_WORLD);
      break;
    case collsel::Collective::gather:
      rc = collsel::exec::run_gather(s, mine.data(), count, t.type, whole.data(), count, t.type, root, MPI_COMM_WORLD);
      break;
    case collsel::Collective::scatterv:
      rc = collsel::exec::run_scatterv(s, whole.data(), counts.data(), displs.data(), t.type, mine.data(), my_count,
                                       t.type, root, MPI_COMM_WORLD);
      break;
    default:
      rc = collsel::exec::run_gatherv(s, mine.data(), my_count, t.type, whole.data(), counts.data(), displs.data(),
                                      t.type, root, MPI_COMM_WORLD);
  }
  const std::string label = std::string(collsel::to_string(op)) + " root " + std::to_string(root) +
                            (two_level ? " two-level" : " flat") + " window " + std::to_string(window) + " count " +
                            std::to_string(count) + " stride " + std::to_string(t.stride);
  check(rc == MPI_SUCCESS, label + ": rc " + std::to_string(rc));
  if (down) {
    for (std::size_t i = 0; i < mine.size(); ++i) {
      const bool data = i % std::size_t(t.stride) == 0 && i / std::size_t(t.stride) < std::size_t(my_count);
      const int want = data ? value(me, int(i / std::size_t(t.stride)), salt) : sentinel;
      if (mine[i] != want) {
        check(false, label + ": recvbuf[" + std::to_string(i) + "] = " + std::to_string(mine[i]) + ", want " + std::to_string(want));
        break;
      }
    }
  } else if (me == root) {
    std::vector<int> want(whole.size(), sentinel);
    for (int r = 0; r < procs; ++r)
      for (int e = 0; e < counts[std::size_t(r)]; ++e) want[slot(r, e)] = value(r, e, salt);
    for (std::size_t i = 0; i < whole.size(); ++i)
      if (whole[i] != want[i]) {
        check(false, label + ": recvbuf[" + std::to_string(i) + "] = " + std::to_string(whole[i]) + ", want " + std::to_string(want[i]));
        break;
      }
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &procs);
  MPI_Datatype gapped;  // one int, then an int-sized gap: extent 8 bytes, 4 of data
  MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &gapped);
  MPI_Type_commit(&gapped);
  const Layout layouts[] = {{MPI_INT, 1}, {gapped, 2}};
  int cases = 0, salt = 0;
  for (collsel::Collective op : {collsel::Collective::scatter, collsel::Collective::gather, collsel::Collective::scatterv,
                                 collsel::Collective::gatherv})
    for (int root = 0; root < procs; ++root)
      for (bool two_level : {false, true})
        for (int window = 0; window < procs; ++window)
          for (int count : {0, 1, 7, 1000, 100000})
            for (const Layout& t : layouts) {
              run_case(op, root, two_level, window, count, t, ++salt);
              ++cases;
            }
  MPI_Type_free(&gapped);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0) std::printf("%d cases on %d ranks, %d failures\n", cases, procs, all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

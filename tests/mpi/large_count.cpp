// MPI-4's large-count entry points through the shim (docs/mpi-libraries.md): MPI_Bcast_c,
// MPI_Reduce_c, MPI_Scatter_c, MPI_Scatterv_c, MPI_Gather_c and MPI_Gatherv_c at every root, with
// binomial forced (collsel_set_algorithm) and with auto. A call within the int path's reach must
// run what was forced (collsel_last_choice names it on every rank); one beyond it —
// COLLSEL_TEST_LARGE_COUNT_BYTES lowers the limit from 2^31 − 1 bytes — must run native. Every
// result is checked. --huge: one real MPI_Bcast_c of 2^31 + 16 bytes (2 GB per rank).
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "collsel/collsel.h"

namespace {

int g_rank = 0, g_size = 1, g_failures = 0, g_checks = 0;
long long g_limit = 2147483647;

void check(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok) {
    ++g_failures;
    std::printf("FAIL (rank %d): %s\n", g_rank, what.c_str());
  }
}

std::string last(const char* op) {
  char name[64] = {};
  if (collsel_last_choice(op, name, sizeof name, nullptr) != 0) return "(none)";
  return name;
}

// What must have run: the forced algorithm within the limit, native beyond it.
void check_choice(const char* op, const char* forced, long long bytes, const std::string& where) {
  const std::string want = bytes > g_limit ? "native" : forced;
  const std::string got = last(op);
  if (std::strcmp(forced, "auto") == 0 && bytes <= g_limit) return;  // auto: whatever was decided
  check(got == want, where + ": ran " + got + ", expected " + want);
}

int value(int rank, long long i) { return int((rank + 1) * 1000003LL + i * 7) & 0x7fffffff; }

void run_case(const char* forced, int root, long long n) {
  const std::string where = std::string(forced) + " root " + std::to_string(root) + " " + std::to_string(n) + " ints";
  const long long bytes = n * long(sizeof(int));
  for (const char* op : {"bcast", "reduce", "scatter", "gather", "scatterv", "gatherv"})
    collsel_set_algorithm(op, forced);
  const bool is_root = g_rank == root;
  // Bcast.
  {
    std::vector<int> buf(static_cast<std::size_t>(n));
    for (long long i = 0; i < n; ++i) buf[std::size_t(i)] = is_root ? value(root, i) : -1;
    MPI_Bcast_c(buf.data(), MPI_Count(n), MPI_INT, root, MPI_COMM_WORLD);
    bool ok = true;
    for (long long i = 0; i < n; ++i) ok = ok && buf[std::size_t(i)] == value(root, i);
    check(ok, "bcast " + where + ": wrong data");
    check_choice("bcast", forced, bytes, "bcast " + where);
  }
  // Reduce (sum).
  {
    std::vector<int> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n), -1);
    for (long long i = 0; i < n; ++i) in[std::size_t(i)] = int(i % 1000) + g_rank;
    MPI_Reduce_c(in.data(), out.data(), MPI_Count(n), MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
    if (is_root) {
      bool ok = true;
      for (long long i = 0; i < n; ++i)
        ok = ok && out[std::size_t(i)] == int(i % 1000) * g_size + g_size * (g_size - 1) / 2;
      check(ok, "reduce " + where + ": wrong sum");
    }
    check_choice("reduce", forced, bytes, "reduce " + where);
  }
  // Scatter and gather: blocks of n ints.
  {
    std::vector<int> all(is_root ? std::size_t(n) * std::size_t(g_size) : 0), mine(std::size_t(n), -1);
    if (is_root)
      for (int r = 0; r < g_size; ++r)
        for (long long i = 0; i < n; ++i) all[std::size_t(r) * std::size_t(n) + std::size_t(i)] = value(r, i);
    MPI_Scatter_c(all.data(), MPI_Count(n), MPI_INT, mine.data(), MPI_Count(n), MPI_INT, root, MPI_COMM_WORLD);
    bool ok = true;
    for (long long i = 0; i < n; ++i) ok = ok && mine[std::size_t(i)] == value(g_rank, i);
    check(ok, "scatter " + where + ": wrong block");
    check_choice("scatter", forced, bytes, "scatter " + where);
    std::fill(all.begin(), all.end(), -1);
    MPI_Gather_c(mine.data(), MPI_Count(n), MPI_INT, all.data(), MPI_Count(n), MPI_INT, root, MPI_COMM_WORLD);
    if (is_root) {
      ok = true;
      for (int r = 0; r < g_size; ++r)
        for (long long i = 0; i < n; ++i) ok = ok && all[std::size_t(r) * std::size_t(n) + std::size_t(i)] == value(r, i);
      check(ok, "gather " + where + ": wrong blocks");
    }
    check_choice("gather", forced, bytes, "gather " + where);
  }
  // Scatterv and gatherv: rank r's block holds n + r ints, laid out in reverse rank order with gaps.
  {
    std::vector<MPI_Count> counts(static_cast<std::size_t>(g_size));
    std::vector<MPI_Aint> displs(static_cast<std::size_t>(g_size));
    MPI_Aint at = 0;
    long long largest = 0;
    for (int r = g_size - 1; r >= 0; --r) {
      counts[std::size_t(r)] = n + r;
      displs[std::size_t(r)] = at;
      at += MPI_Aint(n + r + 3);
      largest = std::max<long long>(largest, (n + r) * long(sizeof(int)));
    }
    std::vector<int> all(is_root ? std::size_t(at) : 0, -7), mine(std::size_t(n + g_rank), -1);
    if (is_root)
      for (int r = 0; r < g_size; ++r)
        for (long long i = 0; i < n + r; ++i) all[std::size_t(displs[std::size_t(r)] + i)] = value(r, i);
    MPI_Scatterv_c(all.data(), is_root ? counts.data() : nullptr, is_root ? displs.data() : nullptr, MPI_INT,
                   mine.data(), MPI_Count(n + g_rank), MPI_INT, root, MPI_COMM_WORLD);
    bool ok = true;
    for (long long i = 0; i < n + g_rank; ++i) ok = ok && mine[std::size_t(i)] == value(g_rank, i);
    check(ok, "scatterv " + where + ": wrong block");
    // Every rank runs what the root decided: native where any block is beyond the limit.
    check_choice("scatterv", forced, largest, "scatterv " + where);
    std::vector<int> back(is_root ? std::size_t(at) : 0, -7);
    MPI_Gatherv_c(mine.data(), MPI_Count(n + g_rank), MPI_INT, back.data(), is_root ? counts.data() : nullptr,
                  is_root ? displs.data() : nullptr, MPI_INT, root, MPI_COMM_WORLD);
    if (is_root) check(back == all, "gatherv " + where + ": wrong blocks or gaps touched");
    check_choice("gatherv", forced, largest, "gatherv " + where);
  }
}

void run_huge() {
  // 2^31 + 16 bytes: beyond int; must run native, with the data intact.
  const MPI_Count n = (MPI_Count(1) << 31) + 16;
  std::vector<unsigned char> buf(static_cast<std::size_t>(n));
  const int root = g_size - 1;
  for (MPI_Count i = 0; i < n; i += 4096) buf[std::size_t(i)] = g_rank == root ? (unsigned char)(i / 4096 * 31) : 0;
  buf[std::size_t(n - 1)] = g_rank == root ? 0x5a : 0;
  collsel_set_algorithm("bcast", "binomial");
  MPI_Bcast_c(buf.data(), n, MPI_BYTE, root, MPI_COMM_WORLD);
  bool ok = buf[std::size_t(n - 1)] == 0x5a;
  for (MPI_Count i = 0; i < n; i += 4096) ok = ok && buf[std::size_t(i)] == (unsigned char)(i / 4096 * 31);
  check(ok, "bcast of 2^31 + 16 bytes: wrong data");
  check(last("bcast") == "native", "bcast of 2^31 + 16 bytes ran " + last("bcast") + ", expected native");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  if (const char* hook = std::getenv("COLLSEL_TEST_LARGE_COUNT_BYTES"); hook && *hook) g_limit = std::atoll(hook);
  const bool huge = argc > 1 && std::strcmp(argv[1], "--huge") == 0;
  if (huge) {
    run_huge();
  } else {
    for (const char* forced : {"binomial", "auto"})
      for (int root = 0; root < g_size; ++root)
        for (long long n : {0LL, 1LL, 100LL, 249LL, 250LL, 251LL, 5000LL}) run_case(forced, root, n);
  }
  int failures = 0;
  MPI_Allreduce(&g_failures, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0)
    std::printf("large-count: %d checks per rank, %d failures (limit %lld bytes)\n", g_checks, failures, g_limit);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

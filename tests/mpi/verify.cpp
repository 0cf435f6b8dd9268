// The shim's measured verification (docs/shim.md, "Measured verification"), linked with
// libcollsel. For bcast, scatter and gatherv (the root decides the v-variants) on one shape each:
// the first calls try the candidates in rounds (verify_calls rounds, then more up to
// verify_max_calls while the fastest is not clearly ahead), every result is checked, and then
// every rank must run the same algorithm — whatever each rank measured. Gatherv's audit is run
// out in every mode (its non-roots learn the blocks from the root's header), then its holds checked. Under MPICH 4, binomial
// (MPICH's own scatter, and bcast below 8 ranks) is never tried beside native.
//   collsel_mpi_verify --expect same|native|not-model
// same:       only agreement is checked (run with a different COLLSEL_TEST_VERIFY_DELAY per rank,
//             so ranks see different candidates as fastest locally).
// native:     every non-native candidate is delayed on every rank: the verdict must be native
//             while the model chose something else, settled after verify_calls rounds.
// not-model:  the model's own choice is delayed on every rank (by the environment the test sets
//             from a first run): the verdict must be another candidate.
// audit:      every non-native candidate is delayed in verification (verdict native), native in
//             the audit's blocks (COLLSEL_TEST_AUDIT_DELAY): a job that repeats the call finds
//             native slow, so the audit must move bcast and scatter to another candidate, after
//             exactly three blocks of COLLSEL_AUDIT_CALLS calls (native's, the challenger's,
//             the confirmation), the same on every rank; gatherv too, whose plan only the root keeps.
// audit-native: the other way round: native is delayed in verification (a tree wins there) and
//             every other candidate in the audit's blocks: native challenges a tree's verdict
//             whatever verification measured of it, so bcast, scatter and gatherv return to native
//             within options + 1 blocks, the same on every rank.
// header-counted: the root enters each gatherv call of the verification 50 ms late. A tree is
//             timed from before the root's header it waits for, native from after it (a decided
//             native holds without the header): the gatherv verdict must be native.
// Exit 0 with "N passed, 0 failed", else 1.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "collsel/collsel.h"

namespace {

int g_rank = 0, g_size = 1, g_failed = 0, g_passed = 0;

void check(bool ok, const std::string& what) {
  int mine = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all) ++g_passed;
  else {
    ++g_failed;
    if (!ok) std::printf("FAIL (rank %d): %s\n", g_rank, what.c_str());
  }
}

std::string last(const char* op) {
  char name[64] = {};
  double predicted = 0;
  return collsel_last_choice(op, name, sizeof name, &predicted) == 0 ? name : "";
}

// Every rank's string, gathered: true when all are equal.
bool same_everywhere(const std::string& s) {
  char mine[64] = {}, *all = nullptr;
  std::snprintf(mine, sizeof mine, "%s", s.c_str());
  std::vector<char> buf(std::size_t(64 * g_size));
  all = buf.data();
  MPI_Allgather(mine, 64, MPI_CHAR, all, 64, MPI_CHAR, MPI_COMM_WORLD);
  for (int r = 0; r < g_size; ++r)
    if (std::strncmp(all + 64 * r, mine, 64) != 0) return false;
  return true;
}

struct Outcome {
  std::string model_choice, verdict;
  std::set<std::string> tried;
  int audited = 0;  // calls after the verification's while the shim still measured (the audit)
  std::set<std::string> audit_ran;
};

// `calls` calls of one shape, results checked; the algorithm of each call noted.
template <class Call>
Outcome run_shape(const char* op, int calls, Call call) {
  Outcome o;
  for (int k = 0; k < calls; ++k) {
    check(call(), std::string(op) + " call " + std::to_string(k) + ": wrong result");
    const std::string ran = last(op);
    if (k == 0) o.model_choice = ran;
    o.tried.insert(ran);
  }
  // After the verification calls: one more, which runs the verdict.
  check(call(), std::string(op) + " after verification: wrong result");
  o.verdict = last(op);
  return o;
}

// The calls of an audit that follow run_shape's (the shim says it still measures), results
// checked, at most `limit`; then one more call, which runs the frozen decision.
template <class Call>
void run_audit(const char* op, Outcome& o, int limit, Call call) {
  o.audit_ran.insert(o.verdict);
  o.audited = 1;  // run_shape's last call was the audit's first
  while (collsel_exploring(op) == 1 && o.audited < limit) {
    check(call(), std::string(op) + " audit call " + std::to_string(o.audited) + ": wrong result");
    o.audit_ran.insert(last(op));
    ++o.audited;
  }
  check(collsel_exploring(op) == 0, std::string(op) + ": still measuring after " + std::to_string(limit) + " audit calls");
  check(call(), std::string(op) + " after the audit: wrong result");
  o.verdict = last(op);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  std::string expect = "same";
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--expect") == 0) expect = argv[i + 1];
  const char* cand = std::getenv("COLLSEL_VERIFY_CANDIDATES");
  const char* per = std::getenv("COLLSEL_VERIFY_CALLS");
  const char* most = std::getenv("COLLSEL_VERIFY_MAX_CALLS");
  const int candidates = cand ? std::atoi(cand) : 3, first_rounds = per ? std::atoi(per) : 3;
  const int last_round = std::max(first_rounds, most ? std::atoi(most) : 9);
  // "native": every other candidate is 50 ms slower, so the verification settles after its first
  // rounds; "same": the ranks may see any candidate as fastest, so it may take every round.
  const bool audit_native = expect == "audit-native";
  const bool audit = expect == "audit" || audit_native;
  const int calls = candidates * (expect == "native" || audit ? first_rounds : last_round);
  const char* audit_env = std::getenv("COLLSEL_AUDIT_CALLS");
  const int audit_block = audit_env ? std::atoi(audit_env) : 32;
  const int root = g_size - 1;

  // bcast of 256 KiB of ints.
  const int n = 65536;
  std::vector<int> buf(n);
  auto bcast_call = [&] {
    for (int i = 0; i < n; ++i) buf[std::size_t(i)] = g_rank == root ? i * 7 + 1 : -1;
    MPI_Bcast(buf.data(), n, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i)
      if (buf[std::size_t(i)] != i * 7 + 1) return false;
    return true;
  };
  // An audit takes at most options + 1 blocks (audit.hpp, AuditPlan).
  const int audit_limit = audit_block * (candidates + 1) + 1;
  Outcome b = run_shape("bcast", calls, bcast_call);
  if (audit) run_audit("bcast", b, audit_limit, bcast_call);
  // Settled after its first rounds: every further call of the shape runs the verdict (a
  // verification still going would try the other candidates in these calls).
  if (expect == "native")
    for (int k = 0; k < candidates * (last_round - first_rounds); ++k) {
      MPI_Bcast(buf.data(), n, MPI_INT, root, MPI_COMM_WORLD);
      check(last("bcast") == b.verdict, "bcast call " + std::to_string(calls + 1 + k) + " after the verdict ran " +
                                            last("bcast") + ", not the verdict " + b.verdict);
    }
  // scatter of 64 KiB blocks.
  const int m = 16384;
  std::vector<int> all(std::size_t(m) * std::size_t(g_size)), mine(m);
  auto scatter_call = [&] {
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = int(i) * 3;
    std::fill(mine.begin(), mine.end(), -1);
    MPI_Scatter(all.data(), m, MPI_INT, mine.data(), m, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < m; ++i)
      if (mine[std::size_t(i)] != (g_rank * m + i) * 3) return false;
    return true;
  };
  Outcome s = run_shape("scatter", calls, scatter_call);
  if (audit) run_audit("scatter", s, audit_limit, scatter_call);
  // gatherv of uneven blocks (rank r sends (r + 1) * 4096 ints).
  const std::size_t P = static_cast<std::size_t>(g_size);
  std::vector<int> counts(P), displs(P);
  int total = 0;
  for (int r = 0; r < g_size; ++r) displs[std::size_t(r)] = total, total += counts[std::size_t(r)] = (r + 1) * 4096;
  std::vector<int> send(static_cast<std::size_t>(counts[std::size_t(g_rank)])), recv(static_cast<std::size_t>(total));
  bool late_root = expect == "header-counted";
  auto gatherv_call = [&] {
    if (late_root && g_rank == root) usleep(50000);
    for (std::size_t i = 0; i < send.size(); ++i) send[i] = g_rank * 100000 + int(i);
    std::fill(recv.begin(), recv.end(), -1);
    MPI_Gatherv(send.data(), int(send.size()), MPI_INT, recv.data(), counts.data(), displs.data(), MPI_INT, root,
                MPI_COMM_WORLD);
    if (g_rank != root) return true;
    for (int r = 0; r < g_size; ++r)
      for (int i = 0; i < counts[std::size_t(r)]; ++i)
        if (recv[std::size_t(displs[std::size_t(r)] + i)] != r * 100000 + i) return false;
    return true;
  };
  Outcome g = run_shape("gatherv", calls, gatherv_call);
  late_root = false;
  // The root alone keeps the audit's plan; each rank's collsel_exploring must still say the same
  // after every call, or the ranks of this loop would make different numbers of calls.
  if (collsel_exploring("gatherv") == 1) run_audit("gatherv", g, audit_limit, gatherv_call);
  if (expect == "header-counted")
    check(g.verdict == "native", "gatherv: the root came 50 ms late to every call, which the trees' non-roots wait "
                                 "for in its header, but the verdict is " + g.verdict);
  // A decided native holds without the root's header for v_native_recheck calls, then one call
  // decides again with it (and holds again): with COLLSEL_V_NATIVE_RECHECK=3 the next 5 calls are
  // held, held, held, header, held. A verdict other than native never holds.
  long headers0 = 0, held0 = 0, headers1 = 0, held1 = 0;
  check(collsel_v_calls("gatherv", &headers0, &held0) == 0, "collsel_v_calls(gatherv) failed");
  check(collsel_v_calls("bcast", nullptr, nullptr) == -1, "collsel_v_calls(bcast) must be refused");
  for (int k = 0; k < 5; ++k) check(gatherv_call(), "gatherv after the verdict, call " + std::to_string(k) + ": wrong result");
  collsel_v_calls("gatherv", &headers1, &held1);
  const char* recheck = std::getenv("COLLSEL_V_NATIVE_RECHECK");
  if (g.verdict != "native") {
    check(held1 == held0 && headers1 == headers0 + 5, "gatherv ran " + g.verdict + " but calls went without the header");
  } else if (recheck && std::atoi(recheck) == 3) {
    check(held1 - held0 == 4 && headers1 - headers0 == 1,
          "gatherv native held: expected 4 held calls and 1 with the header, got " + std::to_string(held1 - held0) +
              " and " + std::to_string(headers1 - headers0));
  }
  if (g_rank == 0)
    std::printf("gatherv after the verdict: %ld calls held native without the header, %ld with it\n", held1 - held0,
                headers1 - headers0);

  // Under MPICH 4 native is collsel's binomial for scatter, and for bcast below 8 ranks: the two
  // share one slot, native's (verification_slots), so binomial is never tried beside it.
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int version_len = 0;
  MPI_Get_library_version(version, &version_len);
  const std::string library(version, std::size_t(version_len));
  const std::size_t at = library.find("MPICH Version:");
  const bool mpich4 = at != std::string::npos && library.find_first_not_of(" \t", at + 14) != std::string::npos &&
                      library.compare(library.find_first_not_of(" \t", at + 14), 2, "4.") == 0;
  if (mpich4) {
    check(s.tried.count("binomial") == 0, "scatter: binomial, which is MPICH's own scatter, took a slot of its own");
    if (g_size < 8) check(b.tried.count("binomial") == 0, "bcast: binomial, which is MPICH's own bcast here, took a slot");
  }

  using Named = std::pair<const char*, const Outcome*>;
  for (const auto& [op, o] : {Named{"bcast", &b}, Named{"scatter", &s}, Named{"gatherv", &g}}) {
    const std::string name = op;
    if (g_rank == 0)
      std::printf("%s: model chose %s, tried %zu candidates, verdict %s (%d calls audited)\n", op,
                  o->model_choice.c_str(), o->tried.size(), o->verdict.c_str(), o->audited);
    check(o->tried.size() >= 2, name + ": verification tried fewer than 2 candidates");
    check(o->tried.count("native") == 1, name + ": native was not among the candidates");
    check(o->tried.count(o->verdict) == 1, name + ": the verdict " + o->verdict + " was not a candidate");
    check(same_everywhere(o->verdict), name + ": ranks froze different algorithms");
    if (audit_native) {
      check(o->verdict == "native", name + ": native was slow only in verification, but the audit kept " + o->verdict);
      check(o->audit_ran.count("native") == 1, name + ": native ran no block of the audit");
      check(o->audited % audit_block == 0 && o->audited <= (candidates + 1) * audit_block,
            name + ": the audit took " + std::to_string(o->audited) + " calls, not whole blocks of " +
                std::to_string(audit_block) + " within options + 1 blocks");
      check(same_everywhere(std::to_string(o->audited)), name + ": ranks audited different numbers of calls");
    } else if (expect == "native") {
      check(o->verdict == "native", name + ": every other candidate was slow, but the verdict is " + o->verdict);
    } else if (audit) {
      check(o->verdict != "native", name + ": native was slow in the audit's blocks, but it was kept");
      check(o->audited == 3 * audit_block, name + ": the audit took " + std::to_string(o->audited) + " calls, not " +
                                               std::to_string(3 * audit_block) + " (native's block, the challenger's, its confirmation)");
      check(o->audit_ran.size() == 2, name + ": the audit ran " + std::to_string(o->audit_ran.size()) + " algorithms, not 2");
      check(same_everywhere(std::to_string(o->audited)), name + ": ranks audited different numbers of calls");
    } else if (expect == "not-model") {
      check(o->verdict != o->model_choice, name + ": the model's choice " + o->model_choice +
                                               " was made slow, but it is the verdict");
    }
  }
  if (g_rank == 0) std::printf("%d passed, %d failed\n", g_passed, g_failed);
  MPI_Finalize();
  return g_failed ? 1 : 0;
}

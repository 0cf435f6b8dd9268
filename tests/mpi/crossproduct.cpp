// MPI integration test of the shim: every algorithm of the registry (forced through
// collsel_set_algorithm, plus "auto") × every collective it applies to × roots × counts ×
// datatypes × MPI_IN_PLACE, each result compared bit for bit with the expected result. Linked
// directly against libcollsel.so, so MPI_Bcast & co. are the shim's, while PMPI_* is the MPI
// library's own. Reduce is compared with native PMPI_Reduce on the same inputs (never in place);
// for the data-movement collectives every rank computes locally what native would deliver (the
// inputs are a deterministic function of owner rank and index), because native MPI_Scatter is
// itself broken for some shapes on this MPICH (docs/testing.md).
//
// Every receive buffer (shim and reference alike) is filled with a sentinel before the call, so
// comparing whole buffers (plus a guard zone after them) also proves that the shim leaves the gaps
// of vector/resized/struct types, the gaps between v-variant blocks and unwritten regions alone.
// Send buffers are checked to be unchanged. Arguments that are significant only at the root are
// passed as NULL elsewhere.
//
// The reference never calls native MPI_Reduce with MPI_IN_PLACE: MPICH 4.0.2 (ch4:ucx) crashes
// there at a non-zero root above 2 KB (docs/testing.md). The shim's in-place reduce at every root
// with 100000 elements is part of the product and must pass.
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <unistd.h>
#include <string>
#include <vector>

#include "collsel/collsel.h"
#include "collsel/registry.hpp"

namespace {

constexpr unsigned char kSentinel = 0xA5;
constexpr std::size_t kGuard = 64;  // bytes after every receive buffer that must stay untouched

// ---------------------------------------------------------------------------------------------
// Datatypes: each is described by its extent and the (offset, kind) slots of one element, so the
// test can write values and user-defined ops can combine them without MPI's help.
enum class Kind { i32, f64 };
struct Slot {
  std::size_t offset;
  Kind kind;
};
struct TypeCase {
  std::string name;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  std::size_t extent = 0;
  std::size_t size = 0;  // MPI_Type_size: bytes of data per element
  std::vector<Slot> slots;
  bool predefined = false;  // predefined reduction ops (MPI_SUM, MPI_MAX) allowed
  bool contiguous = false;
};
std::vector<TypeCase> g_types;
bool g_mpich_402_ucx = false;  // the library with the known native defects (docs/testing.md)

const TypeCase* type_of(MPI_Datatype t) {
  for (const auto& tc : g_types)
    if (tc.type == t) return &tc;
  return nullptr;
}

void make_types() {
  g_types.push_back({"int", MPI_INT, sizeof(int), 4, {{0, Kind::i32}}, true, true});
  g_types.push_back({"double", MPI_DOUBLE, sizeof(double), 8, {{0, Kind::f64}}, true, true});
  {  // two ints 12 bytes apart: an 8-byte gap inside every element
    MPI_Datatype v;
    MPI_Type_vector(2, 1, 3, MPI_INT, &v);
    MPI_Type_commit(&v);
    g_types.push_back({"vector", v, 16, 8, {{0, Kind::i32}, {12, Kind::i32}}, false, false});
  }
  {  // struct { int; double; }: 4 padding bytes after the int
    struct S {
      int i;
      double d;
    };
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {offsetof(S, i), offsetof(S, d)};
    MPI_Datatype tys[2] = {MPI_INT, MPI_DOUBLE}, s0, s;
    MPI_Type_create_struct(2, bl, disp, tys, &s0);
    MPI_Type_create_resized(s0, 0, sizeof(S), &s);
    MPI_Type_free(&s0);
    MPI_Type_commit(&s);
    g_types.push_back({"struct", s, sizeof(S), 12,
                       {{offsetof(S, i), Kind::i32}, {offsetof(S, d), Kind::f64}}, false, false});
  }
  {  // one int in a 12-byte extent
    MPI_Datatype r;
    MPI_Type_create_resized(MPI_INT, 0, 12, &r);
    MPI_Type_commit(&r);
    g_types.push_back({"resized", r, 12, 4, {{0, Kind::i32}}, false, false});
  }
}

// ---------------------------------------------------------------------------------------------
// Reduction ops. Values are integers so that double arithmetic is exact.
enum class RedOp { sum, max, ucomm, noncomm };
const char* to_string(RedOp o) {
  switch (o) {
    case RedOp::sum: return "MPI_SUM";
    case RedOp::max: return "MPI_MAX";
    case RedOp::ucomm: return "user_commutative";
    case RedOp::noncomm: return "user_noncommutative";
  }
  return "?";
}

// Commutative: a ∘ b = a + b + ab = (1+a)(1+b) − 1 (inputs 0..3 keep doubles exact).
std::uint32_t ucomm_u(std::uint32_t a, std::uint32_t b) { return a + b + a * b; }
double ucomm_d(double a, double b) { return a + b + a * b; }
// Non-commutative: x encodes the affine map t ↦ (x>>16)·t + (x & 0xffff) mod 2^16, and
// in ∘ inout is the composition in(inout(t)), so rank order matters.
std::uint32_t compose(std::uint32_t f, std::uint32_t g) {
  std::uint32_t a1 = f >> 16, b1 = f & 0xffff, a2 = g >> 16, b2 = g & 0xffff;
  return (((a1 * a2) & 0xffff) << 16) | ((a1 * b2 + b1) & 0xffff);
}

template <class F32, class F64>
void apply_slots(void* in, void* inout, int len, MPI_Datatype* dt, F32 fi, F64 fd) {
  const TypeCase* tc = type_of(*dt);
  if (!tc) {
    std::fprintf(stderr, "crossproduct: user op called with a datatype the test never passed\n");
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  auto* a = static_cast<unsigned char*>(in);
  auto* b = static_cast<unsigned char*>(inout);
  for (int e = 0; e < len; ++e)
    for (const Slot& s : tc->slots) {
      std::size_t off = std::size_t(e) * tc->extent + s.offset;
      if (s.kind == Kind::i32) {
        std::uint32_t x, y;
        std::memcpy(&x, a + off, 4);
        std::memcpy(&y, b + off, 4);
        y = fi(x, y);
        std::memcpy(b + off, &y, 4);
      } else {
        double x, y;
        std::memcpy(&x, a + off, 8);
        std::memcpy(&y, b + off, 8);
        y = fd(x, y);
        std::memcpy(b + off, &y, 8);
      }
    }
}

void ucomm_fn(void* in, void* inout, int* len, MPI_Datatype* dt) {
  apply_slots(in, inout, *len, dt, ucomm_u, ucomm_d);
}
void noncomm_fn(void* in, void* inout, int* len, MPI_Datatype* dt) {
  apply_slots(in, inout, *len, dt, compose, [](double x, double y) {
    return double(compose(std::uint32_t(x), std::uint32_t(y)));
  });
}
MPI_Op g_ucomm, g_noncomm;
MPI_Op mpi_op(RedOp o) {
  switch (o) {
    case RedOp::sum: return MPI_SUM;
    case RedOp::max: return MPI_MAX;
    case RedOp::ucomm: return g_ucomm;
    case RedOp::noncomm: return g_noncomm;
  }
  return MPI_OP_NULL;
}

// Deterministic value for (owner, element index, slot, salt).
std::uint32_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return std::uint32_t(x);
}

// Input value of element `e`, slot `k` owned by rank `owner`.
std::uint32_t input_value(std::size_t e, std::size_t k, int owner, RedOp op, std::uint64_t salt) {
  std::uint32_t h = mix((salt << 40) ^ (std::uint64_t(owner) << 32) ^ (e << 2) ^ k);
  // ucomm needs tiny inputs (doubles stay exact over 8 ranks); sums stay far from overflow.
  return op == RedOp::ucomm ? h % 4 : op == RedOp::noncomm ? h : h % 65536;
}

// Writes `n` elements of `tc` starting at element `first` of `buf`; values depend on `owner`.
void fill(unsigned char* buf, const TypeCase& tc, std::size_t first, std::size_t n, int owner,
          RedOp op, std::uint64_t salt) {
  for (std::size_t e = 0; e < n; ++e)
    for (std::size_t k = 0; k < tc.slots.size(); ++k) {
      const std::uint32_t v = input_value(e, k, owner, op, salt);
      std::size_t off = (first + e) * tc.extent + tc.slots[k].offset;
      if (tc.slots[k].kind == Kind::i32) {
        std::memcpy(buf + off, &v, 4);
      } else {
        double d = v;
        std::memcpy(buf + off, &d, 8);
      }
    }
}

// The reduction of every rank's inputs in rank order, v0 ∘ v1 ∘ … ∘ v(P-1), computed locally (so
// the expected result owes nothing to the MPI library): MPI combines as inout = in ∘ inout with
// the lower ranks' operand as `in`.
void fill_reduced(unsigned char* buf, const TypeCase& tc, std::size_t n, int P, RedOp op, std::uint64_t salt) {
  for (std::size_t e = 0; e < n; ++e)
    for (std::size_t k = 0; k < tc.slots.size(); ++k) {
      std::uint32_t acc = input_value(e, k, P - 1, op, salt);
      double dacc = acc;
      for (int r = P - 2; r >= 0; --r) {
        const std::uint32_t v = input_value(e, k, r, op, salt);
        const double d = v;
        switch (op) {
          case RedOp::sum: acc += v; dacc += d; break;
          case RedOp::max: acc = std::int32_t(v) > std::int32_t(acc) ? v : acc; dacc = std::max(d, dacc); break;
          case RedOp::ucomm: acc = ucomm_u(v, acc); dacc = ucomm_d(d, dacc); break;
          case RedOp::noncomm:
            acc = compose(v, acc);
            dacc = double(compose(std::uint32_t(d), std::uint32_t(dacc)));
            break;
        }
      }
      std::size_t off = e * tc.extent + tc.slots[k].offset;
      if (tc.slots[k].kind == Kind::i32) std::memcpy(buf + off, &acc, 4);
      else std::memcpy(buf + off, &dacc, 8);
    }
}

using Bytes = std::vector<unsigned char>;

char g_current_case[512] = "(before the first case)";

// A crash inside a collective (e.g. a native MPICH defect reached through the shim) still reports
// the exact case: async-signal-safe write of the last case started.
void on_fatal_signal(int sig) {
  const char head[] = "CRASH in case: ";
  (void)!write(2, head, sizeof head - 1);
  (void)!write(2, g_current_case, std::strlen(g_current_case));
  (void)!write(2, "\n", 1);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}
Bytes sentinel_buffer(std::size_t bytes) { return Bytes(bytes + kGuard, kSentinel); }

// ---------------------------------------------------------------------------------------------
struct Options {
  std::vector<std::string> algorithms;  // empty = all of the registry plus "auto"
  std::vector<std::string> ops = {"bcast", "reduce", "scatter", "gather", "scatterv", "gatherv"};
  std::vector<std::string> redops = {"sum", "max", "user_commutative", "user_noncommutative"};
  std::vector<int> counts = {0, 1, 7, 1000, 100000};
  std::vector<std::string> types = {"int", "double", "vector", "struct", "resized"};
  std::vector<std::string> comms = {"world", "split", "reversed"};
  std::vector<int> sub_counts = {0, 7, 1000};  // counts on the sub-communicators
  std::vector<std::string> sub_types = {"int", "struct"};
  int max_roots = 0;  // 0 = every root; otherwise this many roots spread over the ranks
  std::vector<int> only_roots;  // non-empty: just these roots (those < P), overrides max_roots
  int max_failures_printed = 20;
  bool quiet = false;
  // "auto" runs this many times in a row per case: the shim's measured verification tries its
  // candidates on a shape's first calls, and each of those calls must be correct too.
  int auto_repeats = 1;
};

struct Case {
  std::string comm_name;
  int P = 1;
  std::string algorithm;
  std::string op;
  RedOp redop = RedOp::sum;
  int root = 0;
  int count = 0;
  const TypeCase* tc = nullptr;
  bool in_place = false;
};

struct Runner {
  Options opt;
  int world_rank = 0, world_size = 1;
  long cases = 0, failures = 0, printed = 0;
  long fallbacks = 0;
  long native_defects = 0, native_printed = 0;  // forced native avoided where it is known broken
  // Seeds the input values; counts the cases of one communicator, so that every member agrees
  // (the world-wide case counter differs between ranks once sub-communicators differ in size).
  std::uint64_t comm_case = 0;

  void fail(const Case& c, int rank, const std::string& what) {
    ++failures;
    if (printed++ >= opt.max_failures_printed) return;
    std::fprintf(stderr,
                 "FAIL P=%d comm=%s algorithm=%s op=%s%s%s root=%d count=%d type=%s in_place=%d "
                 "(rank %d): %s\n",
                 world_size, c.comm_name.c_str(), c.algorithm.c_str(), c.op.c_str(),
                 c.op == "reduce" ? " redop=" : "", c.op == "reduce" ? to_string(c.redop) : "",
                 c.root, c.count, c.tc->name.c_str(), int(c.in_place), rank, what.c_str());
  }

  // Compares two byte buffers and reports the first differing byte.
  void compare(const Case& c, int rank, const char* what, const Bytes& got, const Bytes& want) {
    if (got.size() != want.size()) return fail(c, rank, std::string(what) + ": size mismatch");
    if (std::memcmp(got.data(), want.data(), got.size()) == 0) return;  // fast path; else find the byte
    for (std::size_t i = 0; i < got.size(); ++i)
      if (got[i] != want[i]) {
        char msg[200];
        std::snprintf(msg, sizeof msg, "%s differs from the expected (native) result at byte %zu of %zu (got 0x%02x, want 0x%02x)%s",
                      what, i, got.size() - kGuard, got[i], want[i],
                      i >= got.size() - kGuard ? " [guard zone after the buffer]" : "");
        return fail(c, rank, msg);
      }
  }

  // The native defects of this MPI library (docs/testing.md, each with a reproducer under
  // tests/mpi/), stated here independently of the shim's table: for these call shapes the shim must
  // never run native, even when it is forced.
  static bool native_known_broken(const Case& c) {
    if (c.P < 2 || !g_mpich_402_ucx) return false;
    const std::size_t bytes = std::size_t(c.count) * c.tc->size;
    // (MPI_Reduce with MPI_IN_PLACE at a non-zero root above 2 KB segfaults, but the shim's root
    // then gives its data a send buffer of its own: native runs there, forced or chosen, and its
    // result is compared bit for bit like every other.)
    // MPI_Scatter / MPI_Gather with a type mixing basic types (struct {int; double}) above 8 KB
    // in total fail with "Message truncated".
    if (c.op == "scatter" || c.op == "gather") return c.tc->name == "struct" && bytes * std::size_t(c.P) > 8192;
    return false;
  }

  // After the shim's call: did the forced algorithm run? Another choice is accepted only for the
  // reasons the registry and docs/algorithms.md document: a non-commutative reduce on a tree that
  // does not keep rank order (native, or an order-keeping schedule where native is broken; the
  // bit-exact comparison with the expected result proves the order), and forced native where native is a known
  // defect (counted and printed as an expected native defect). Native must never run where it is
  // known to be broken.
  void check_choice(const Case& c, int rank) {
    char name[128] = {0};
    double predicted = 0;
    if (collsel_last_choice(c.op.c_str(), name, sizeof name, &predicted) != 0)
      return fail(c, rank, "collsel_last_choice reports no call");
    const collsel::AlgorithmInfo* ran = collsel::find_algorithm(name);
    if (!ran) return fail(c, rank, std::string("collsel_last_choice names unknown algorithm '") + name + "'");
    const bool broken = native_known_broken(c);
    if (broken && ran->name == "native")
      return fail(c, rank, "the shim ran native where native is known to be broken");
    if (c.algorithm == "auto" || c.algorithm == name) return;
    if (c.algorithm == "native" && broken) {
      ++native_defects;
      if (rank == c.root && native_printed++ < opt.max_failures_printed)
        std::printf("expected native defect: P=%d comm=%s op=%s root=%d count=%d type=%s in_place=%d: forced "
                    "native avoided, ran %s\n",
                    world_size, c.comm_name.c_str(), c.op.c_str(), c.root, c.count, c.tc->name.c_str(),
                    int(c.in_place), name);
      return;
    }
    const collsel::AlgorithmInfo* forced = collsel::find_algorithm(c.algorithm);
    // A forced tree whose subtrees are not all rank ranges cannot reduce a non-commutative op.
    const bool noncomm = c.op == "reduce" && c.redop == RedOp::noncomm && forced->build != nullptr;
    if (noncomm) {
      ++fallbacks;
      return;
    }
    fail(c, rank, "forced '" + c.algorithm + "' but collsel_last_choice says '" + name + "'");
  }

  std::vector<int> roots(int P) const {
    std::vector<int> r;
    if (!opt.only_roots.empty()) {
      for (int x : opt.only_roots)
        if (x >= 0 && x < P) r.push_back(x);
    } else if (opt.max_roots <= 0 || opt.max_roots >= P) {
      for (int i = 0; i < P; ++i) r.push_back(i);
    } else {
      for (int i = 0; i < opt.max_roots; ++i) {
        int x = int((long(i) * (P - 1)) / (opt.max_roots - 1 > 0 ? opt.max_roots - 1 : 1));
        if (r.empty() || r.back() != x) r.push_back(x);
      }
    }
    return r;
  }

  std::vector<std::string> algorithms_for(const std::string& op) const {
    std::vector<std::string> out;
    auto coll = *collsel::parse_collective(op);
    for (const auto& a : collsel::algorithms()) {
      if (!a.collectives.contains(coll)) continue;
      if (!opt.algorithms.empty() &&
          std::find(opt.algorithms.begin(), opt.algorithms.end(), a.name) == opt.algorithms.end())
        continue;
      out.emplace_back(a.name);
    }
    if (opt.algorithms.empty() ||
        std::find(opt.algorithms.begin(), opt.algorithms.end(), "auto") != opt.algorithms.end())
      out.insert(out.end(), std::size_t(std::max(1, opt.auto_repeats)), "auto");
    return out;
  }

  // An MPI error returned by the shim (the communicators use MPI_ERRORS_RETURN).
  void check_rc(const Case& c, int rank, int rc) {
    if (rc == MPI_SUCCESS) return;
    char msg[MPI_MAX_ERROR_STRING] = {0};
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    fail(c, rank, std::string("the call returned an MPI error: ") + msg);
  }

  // Remembered so that a crash inside the call still names the case (signal handler in main).
  void note_current(const Case& c, int rank) {
    std::snprintf(g_current_case, sizeof g_current_case,
                  "P=%d comm=%s algorithm=%s op=%s%s%s root=%d count=%d type=%s in_place=%d (rank %d)",
                  world_size, c.comm_name.c_str(), c.algorithm.c_str(), c.op.c_str(),
                  c.op == "reduce" ? " redop=" : "", c.op == "reduce" ? to_string(c.redop) : "", c.root,
                  c.count, c.tc->name.c_str(), int(c.in_place), rank);
  }

  void set_algorithm(const Case& c, int rank) {
    if (collsel_set_algorithm(c.op.c_str(), c.algorithm.c_str()) != 0)
      fail(c, rank, "collsel_set_algorithm refused the algorithm");
  }

  // v-variant layout: irregular counts (zeros included), blocks placed in reverse rank order with
  // a one-element gap between them.
  static void v_layout(int P, int count, int root, std::vector<int>& counts, std::vector<int>& displs,
                       std::size_t& total) {
    counts.assign(P, 0);
    displs.assign(P, 0);
    for (int r = 0; r < P; ++r) {
      if (count == 0 || (r + root) % 3 == 1) continue;
      counts[r] = std::max(1, count - r * (count / (2 * P) + 1));
    }
    std::size_t pos = 1;
    for (int r = P - 1; r >= 0; --r) {
      displs[r] = int(pos);
      pos += std::size_t(counts[r]) + 1;
    }
    total = pos;
  }

  void run_case_set(MPI_Comm comm, const std::string& comm_name, const std::vector<int>& counts,
                    const std::vector<std::string>& types) {
    int rank, P;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &P);
    comm_case = 0;
    for (const auto& op : opt.ops) {
      auto algs = algorithms_for(op);
      std::vector<RedOp> redops = {RedOp::sum};
      if (op == "reduce") {
        redops.clear();
        auto want = [&](const char* n) { return std::find(opt.redops.begin(), opt.redops.end(), n) != opt.redops.end(); };
        if (want("sum")) redops.push_back(RedOp::sum);
        if (want("max")) redops.push_back(RedOp::max);
        if (want("user_commutative")) redops.push_back(RedOp::ucomm);
        if (want("user_noncommutative")) redops.push_back(RedOp::noncomm);
      }
      for (RedOp redop : redops)
        for (const auto& tname : types) {
          const TypeCase* tc = nullptr;
          for (const auto& t : g_types)
            if (t.name == tname) tc = &t;
          if (!tc) continue;
          if (op == "reduce" && !tc->predefined && (redop == RedOp::sum || redop == RedOp::max))
            continue;  // predefined ops are defined on predefined datatypes only
          for (int count : counts)
            for (int root : roots(P))
              for (int ip = 0; ip < (op == "bcast" ? 1 : 2); ++ip) {
                Case c{comm_name, P, "", op, redop, root, count, tc, ip == 1};
                run_one(comm, rank, c, algs);
              }
        }
    }
  }

  void run_one(MPI_Comm comm, int rank, Case c, const std::vector<std::string>& algs) {
    const TypeCase& tc = *c.tc;
    const int P = c.P, root = c.root, count = c.count;
    const std::size_t ext = tc.extent, n = std::size_t(count);
    const bool at_root = rank == root;
    const std::uint64_t salt = ++comm_case;
    MPI_Datatype dt = tc.type;

    if (c.op == "bcast") {
      Bytes init = sentinel_buffer(n * ext);
      if (at_root) fill(init.data(), tc, 0, n, root, c.redop, salt);
      // Expected: the root's values everywhere (what native PMPI_Bcast produces).
      Bytes ref = sentinel_buffer(n * ext);
      fill(ref.data(), tc, 0, n, root, c.redop, salt);
      Bytes buf;
      for (const auto& a : algs) {
        c.algorithm = a;
        ++cases;
        set_algorithm(c, rank);
        note_current(c, rank);
        buf.assign(init.begin(), init.end());
        check_rc(c, rank, MPI_Bcast(buf.data(), count, dt, root, comm));
        compare(c, rank, "bcast buffer", buf, ref);
        check_choice(c, rank);
      }
    } else if (c.op == "reduce") {
      Bytes send = sentinel_buffer(n * ext);
      fill(send.data(), tc, 0, n, rank, c.redop, salt);
      // Expected: the rank-ordered reduction of every rank's inputs, computed at the root.
      Bytes ref;
      if (at_root) {
        ref = sentinel_buffer(n * ext);
        fill_reduced(ref.data(), tc, n, P, c.redop, salt);
      }
      Bytes s, r;
      for (const auto& a : algs) {
        c.algorithm = a;
        ++cases;
        set_algorithm(c, rank);
        note_current(c, rank);
        s.assign(send.begin(), send.end());
        if (at_root) {
          if (c.in_place) r.assign(send.begin(), send.end());
          else r.assign(n * ext + kGuard, kSentinel);
        }
        const void* sb = (at_root && c.in_place) ? MPI_IN_PLACE : s.data();
        check_rc(c, rank, MPI_Reduce(sb, at_root ? r.data() : nullptr, count, dt, mpi_op(c.redop), root, comm));
        if (at_root) compare(c, rank, "reduce result", r, ref);
        if (!(at_root && c.in_place)) compare(c, rank, "reduce sendbuf (must be unchanged)", s, send);
        check_choice(c, rank);
      }
    } else if (c.op == "scatter" || c.op == "gather") {
      const bool scatter = c.op == "scatter";
      Bytes big, small = sentinel_buffer(n * ext);
      if (at_root) {
        big = sentinel_buffer(std::size_t(P) * n * ext);
        if (scatter)
          for (int r = 0; r < P; ++r) fill(big.data(), tc, std::size_t(r) * n, n, r, c.redop, salt);
      }
      if (!scatter) fill(small.data(), tc, 0, n, rank, c.redop, salt);
      // Expected: block r holds rank r's values (what native produces; computed locally because
      // native MPI_Scatter is itself broken for some shapes, docs/testing.md).
      // Each is needed by one direction only (scatter checks ref_small, gather ref_big).
      Bytes ref_big, ref_small;
      if (scatter) {
        ref_small = sentinel_buffer(n * ext);
        fill(ref_small.data(), tc, 0, n, rank, c.redop, salt);
      } else if (at_root) {
        ref_big = sentinel_buffer(std::size_t(P) * n * ext);
        for (int r = 0; r < P; ++r) fill(ref_big.data(), tc, std::size_t(r) * n, n, r, c.redop, salt);
      }
      Bytes b, s;
      for (const auto& a : algs) {
        c.algorithm = a;
        ++cases;
        set_algorithm(c, rank);
        note_current(c, rank);
        b.assign(big.begin(), big.end());
        s.assign(small.begin(), small.end());
        if (scatter) {
          void* rb = (at_root && c.in_place) ? MPI_IN_PLACE : s.data();
          check_rc(c, rank, MPI_Scatter(at_root ? b.data() : nullptr, count, dt, rb, count, dt, root, comm));
          if (at_root) compare(c, rank, "scatter sendbuf (must be unchanged)", b, big);
          if (!(at_root && c.in_place)) compare(c, rank, "scatter recvbuf", s, ref_small);
        } else {
          if (at_root && c.in_place)  // the root's own block already sits in the receive buffer
            fill(b.data(), tc, std::size_t(root) * n, n, root, c.redop, salt);
          const void* sb = (at_root && c.in_place) ? MPI_IN_PLACE : s.data();
          check_rc(c, rank, MPI_Gather(sb, count, dt, at_root ? b.data() : nullptr, count, dt, root, comm));
          if (at_root) compare(c, rank, "gather recvbuf", b, ref_big);
          if (!(at_root && c.in_place)) compare(c, rank, "gather sendbuf (must be unchanged)", s, small);
        }
        check_choice(c, rank);
      }
    } else {  // scatterv / gatherv
      const bool scatter = c.op == "scatterv";
      std::vector<int> counts, displs;
      std::size_t total = 0;
      v_layout(P, count, root, counts, displs, total);
      const int mine = counts[std::size_t(rank)];
      Bytes big, small = sentinel_buffer(std::size_t(mine) * ext);
      if (at_root) {
        big = sentinel_buffer(total * ext);
        if (scatter)
          for (int r = 0; r < P; ++r)
            fill(big.data(), tc, std::size_t(displs[r]), std::size_t(counts[r]), r, c.redop, salt);
      }
      if (!scatter) fill(small.data(), tc, 0, std::size_t(mine), rank, c.redop, salt);
      Bytes ref_big, ref_small;
      if (scatter) {
        ref_small = sentinel_buffer(std::size_t(mine) * ext);
        fill(ref_small.data(), tc, 0, std::size_t(mine), rank, c.redop, salt);
      } else if (at_root) {
        ref_big = sentinel_buffer(total * ext);
        for (int r = 0; r < P; ++r)
          fill(ref_big.data(), tc, std::size_t(displs[r]), std::size_t(counts[r]), r, c.redop, salt);
      }
      const int* cnt = at_root ? counts.data() : nullptr;
      const int* dsp = at_root ? displs.data() : nullptr;
      Bytes b, s;
      for (const auto& a : algs) {
        c.algorithm = a;
        ++cases;
        set_algorithm(c, rank);
        note_current(c, rank);
        b.assign(big.begin(), big.end());
        s.assign(small.begin(), small.end());
        if (scatter) {
          void* rb = (at_root && c.in_place) ? MPI_IN_PLACE : s.data();
          check_rc(c, rank, MPI_Scatterv(at_root ? b.data() : nullptr, cnt, dsp, dt, rb, mine, dt, root, comm));
          if (at_root) compare(c, rank, "scatterv sendbuf (must be unchanged)", b, big);
          if (!(at_root && c.in_place)) compare(c, rank, "scatterv recvbuf", s, ref_small);
        } else {
          if (at_root && c.in_place)
            fill(b.data(), tc, std::size_t(displs[root]), std::size_t(mine), root, c.redop, salt);
          const void* sb = (at_root && c.in_place) ? MPI_IN_PLACE : s.data();
          check_rc(c, rank, MPI_Gatherv(sb, mine, dt, at_root ? b.data() : nullptr, cnt, dsp, dt, root, comm));
          if (at_root) compare(c, rank, "gatherv recvbuf", b, ref_big);
          if (!(at_root && c.in_place)) compare(c, rank, "gatherv sendbuf (must be unchanged)", s, small);
        }
        check_choice(c, rank);
      }
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Runner run;
  MPI_Comm_rank(MPI_COMM_WORLD, &run.world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &run.world_size);

  CLI::App app{"collsel MPI cross-product test: shim results vs native PMPI_ results"};
  Options& o = run.opt;
  app.add_option("--algorithms", o.algorithms, "algorithms to force (default: whole registry + auto)")->delimiter(',');
  app.add_option("--ops", o.ops, "collectives")->delimiter(',');
  app.add_option("--redops", o.redops, "reduce: sum,max,user_commutative,user_noncommutative")->delimiter(',');
  app.add_option("--counts", o.counts, "element counts on MPI_COMM_WORLD")->delimiter(',');
  app.add_option("--types", o.types, "int,double,vector,struct,resized")->delimiter(',');
  app.add_option("--comms", o.comms, "world,split,reversed")->delimiter(',');
  app.add_option("--sub-counts", o.sub_counts, "element counts on the sub-communicators")->delimiter(',');
  app.add_option("--sub-types", o.sub_types, "datatypes on the sub-communicators")->delimiter(',');
  app.add_option("--max-roots", o.max_roots, "0 = every root, else this many roots spread over the ranks");
  app.add_option("--roots", o.only_roots, "only these roots (those below the communicator size)")->delimiter(',');
  app.add_flag("--quiet", o.quiet, "no summary line");
  app.add_option("--auto-repeats", o.auto_repeats,
                 "run auto this many times in a row per case (the shim's verification calls, each checked)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = run.world_rank == 0 ? app.exit(e) : 1;
    MPI_Finalize();
    return code == 0 ? 0 : 2;
  }

  make_types();
  {
    char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    int len = 0;
    MPI_Get_library_version(version, &len);
    const std::string v(version, std::size_t(len));
    g_mpich_402_ucx = v.find("MPICH Version:\t4.0.2") != std::string::npos && v.find("ch4:ucx") != std::string::npos;
  }
  std::signal(SIGSEGV, on_fatal_signal);
  std::signal(SIGBUS, on_fatal_signal);
  std::signal(SIGABRT, on_fatal_signal);
  // Errors come back as return codes (checked per case) instead of aborting the job unnamed; the
  // sub-communicators inherit the handler.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Op_create(ucomm_fn, 1, &g_ucomm);
  MPI_Op_create(noncomm_fn, 0, &g_noncomm);

  if (run.world_rank == 0 && !o.quiet)
    for (const auto& op : o.ops) {
      std::string list;
      for (const auto& a : run.algorithms_for(op)) list += " " + a;
      std::printf("crossproduct: %s:%s\n", op.c_str(), list.c_str());
    }
  double t0 = MPI_Wtime();
  for (const auto& cname : o.comms) {
    if (cname == "world") {
      run.run_case_set(MPI_COMM_WORLD, "world", o.counts, o.types);
    } else if (cname == "split") {  // odd and even ranks, each its own communicator
      MPI_Comm sub;
      MPI_Comm_split(MPI_COMM_WORLD, run.world_rank % 2, run.world_rank, &sub);
      run.run_case_set(sub, run.world_rank % 2 ? "split-odd" : "split-even", o.sub_counts, o.sub_types);
      MPI_Comm_free(&sub);
    } else if (cname == "reversed") {  // rank r of the world is rank P-1-r here
      MPI_Comm sub;
      MPI_Comm_split(MPI_COMM_WORLD, 0, run.world_size - 1 - run.world_rank, &sub);
      run.run_case_set(sub, "reversed", o.sub_counts, o.sub_types);
      MPI_Comm_free(&sub);
    } else if (run.world_rank == 0) {
      std::fprintf(stderr, "crossproduct: unknown communicator '%s'\n", cname.c_str());
      ++run.failures;
    }
  }
  // Restore the model's choice for anything after the test.
  for (const char* op : {"bcast", "reduce", "scatter", "gather", "scatterv", "gatherv"})
    collsel_set_algorithm(op, "auto");

  long totals[4] = {run.cases, run.failures, run.fallbacks, run.native_defects}, sums[4];
  PMPI_Reduce(totals, sums, 4, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  long any_fail = run.failures, all_fail = 0;
  PMPI_Allreduce(&any_fail, &all_fail, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (run.world_rank == 0 && !o.quiet)
    std::printf("crossproduct P=%d: %ld case-rank checks, %ld failures, %ld documented native fallbacks, %ld "
                "expected native defects (forced native avoided), %.1f s\n",
                run.world_size, sums[0], sums[1], sums[2], sums[3], MPI_Wtime() - t0);

  MPI_Op_free(&g_ucomm);
  MPI_Op_free(&g_noncomm);
  for (auto& tc : g_types)
    if (!tc.predefined) MPI_Type_free(&tc.type);
  MPI_Finalize();
  return all_fail == 0 ? 0 : 1;
}

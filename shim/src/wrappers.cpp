// The intercepted MPI entry points and the control API (collsel.h). Each collective: look up the
// communicator's state (attribute) and the cached choice (small hash), then run native or the
// choice's schedule on the private communicator. Only PMPI_ calls inside.
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <optional>
#include <cstring>
#include <vector>

#include "collsel/collsel.h"
#include "collsel/exec.hpp"
#include "runtime.hpp"
#include "v_header.hpp"
#include "measured_calls.hpp"

using namespace collsel;
using namespace collsel::shim;

#define COLLSEL_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// Runs `body` (timed and recorded when logging or reporting).
template <class Body>
inline int run(Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, const Choice& c,
               LogStats* stats, Body body) {
  note_choice(op, c);
  if (!rt.recording()) [[likely]]
    return checked(cs, op, c.algorithm, c.native, body());
  const double t0 = PMPI_Wtime();
  const int rc = checked(cs, op, c.algorithm, c.native, body());
  record_call(rt, cs, op, root, bytes, c, stats, PMPI_Wtime() - t0);
  return rc;
}

inline CommState* usable_state(Runtime* rt, MPI_Comm comm, int root) {
  if (!rt || comm == MPI_COMM_NULL) return nullptr;
  CommState* cs = comm_state(*rt, comm);
  if (!cs || cs->inter || root < 0 || root >= cs->size) return nullptr;  // intercomm: native
  return cs;
}

// Scatterv/gatherv: the root decides from its counts and broadcasts the header (v_header.hpp) on
// the private communicator; then all ranks build the same schedule from the same block sizes.
struct VCall {
  const AlgorithmInfo* algorithm = nullptr;
  Choice* choice = nullptr;  // root only
  Choice shown;              // what the log and collsel_last_choice see
  std::vector<std::size_t> blocks;
  LogStats* stats = nullptr;
  std::size_t mean_bytes = 0;
  std::uint64_t verify_key = 0;  // non-zero: this call is one of a verification, an audit, a drift sample or a check
  int verify_options = 0, verify_min_calls = 0, verify_max_calls = 0, verify_done = 0;
  int verify_option = 0;
  int audit_after = 0;  // verification: the root's audit block (0: no audit follows)
  int drift_sample = 0, drift_window = 0;  // a frozen shape's drift sample (drift_window > 0)
  long drift_calls = 0;                     // the shape's calls since it froze (the root's count)
  VMeasuredCall measured;  // a checked call or an audit block's (measured.calls > 0)
  double entered = 0;  // PMPI_Wtime() on entry, before the header
};

// The root's decision c at this call: what it runs (c, or the option of a verification or an audit
// due), and the header's naming of the measurement the call is one of, if any.
const Choice* name_measured_call(const Choice& c, VHeader& h) {
  if (const Verification* ver = c.verify.get()) {
    const std::size_t o = next_option(*ver);  // the place in the round, which the other ranks record in
    h.key = c.key | 1ull << 63;
    h.verify = VVerifyState{.option = int(o), .options = int(ver->options.size()), .min_calls = ver->min_calls,
                            .max_calls = ver->max_calls, .done = ver->done, .audit_after = ver->audit_block};
    return &ver->options[running_option(*ver)];
  }
  if (const Audit* a = c.audit.get()) {
    h.key = c.key | 1ull << 63;
    h.audit = VAuditState{.block_calls = a->block_calls, .measured_calls = a->measured_calls, .done = a->done};
    return &a->options[std::size_t(a->plan.current())];
  }
  if (const PredictionCheck* k = c.check.get()) {
    h.key = c.key | 1ull << 63;
    h.check = VCheckState{.call = k->done, .calls = k->calls};
  }
  return &c;
}

// The root's header for a call of its decision `choice` that runs `runs`: the hold of native it
// starts, if any, and the drift sample it names, if any.
void name_hold_and_drift(const Runtime& rt, Choice* choice, const Choice& runs, VHeader& h) {
  if (!choice || choice->verify) return;
  // An audit's block of native holds its calls after the first, which this header names (0047).
  if (choice->audit) {
    if (runs.native && rt.settings.v_native_recheck > 0 && h.audit && h.audit->done == 0 && h.audit->block_calls > 1)
      h.hold_native = std::uint32_t(h.audit->block_calls - 1);
    return;
  }
  // A decided native (not a verification's or an audit's try) holds for the next calls of this
  // (op, root): they skip this header, the one cost the shim adds to native (v_native_held). The
  // root's count is sent, so every rank holds for as long whatever its own settings say.
  // A native under its check (0040) holds the check's other calls, which this header names
  // (every rank then times them as it would with a header); after the check's agreement the next
  // call's header says whether it holds on or verification follows (0044).
  if (runs.native && rt.settings.v_native_recheck > 0) {
    if (!choice->check) h.hold_native = std::uint32_t(rt.settings.v_native_recheck);
    else if (h.check && h.check->call == 0 && h.check->calls > 1) h.hold_native = std::uint32_t(h.check->calls - 1);
  }
  // A frozen shape's drift sample (drift.hpp): the root counts the shape's calls, those of the hold
  // this header starts included, and names the sample, so that every rank times it and joins its
  // window's agreement.
  if (Drift* d = choice->drift.get();
      d && d->monitor.watching() && drift_sample_due(d->calls, 1 + long(h.hold_native), d->every)) {
    h.key = choice->key | 1ull << 63;
    h.drift = VDriftState{.sample = d->sampled, .window = int(d->samples.size()) - 1,
                          .calls = std::min(d->calls, (1l << 30) - 1)};
  }
}

// `force_native` (the root's): the call runs native whatever was decided — a large-count call
// that collsel's executors cannot carry (large_count_native).
template <class Count>
bool v_header(Runtime& rt, CommState& cs, Collective op, int root, const Count* counts, MPI_Datatype type,
              bool force_native, VCall& v) {
  v.entered = PMPI_Wtime();
  const std::size_t n = std::size_t(cs.size);
  VHeader h;
  if (cs.rank == root) {
    const int ts = type_size(type);
    v.blocks.resize(n);
    std::size_t total = 0;
    for (std::size_t r = 0; r < n; ++r) total += v.blocks[r] = std::size_t(counts[r]) * std::size_t(ts);
    v.mean_bytes = total / n;
    static const Choice native_choice{.algorithm = &native_algorithm(), .reason = kLargeCountReason};
    const bool mixed = force_native ? false : mixed_signature(rt, op, type);
    v.choice = force_native ? nullptr : lookup_or_decide(rt, cs, op, root, v.mean_bytes, true, mixed, v.blocks);
    const Choice* runs = force_native ? &native_choice : v.choice;
    if (force_native) {
      v.shown.reason = native_choice.reason;
    } else {
      runs = name_measured_call(*v.choice, h);
    }
    h.algorithm = std::uint32_t(runs->algorithm - algorithms().data());
    name_hold_and_drift(rt, v.choice, *runs, h);
    h.predicted_us = runs->predicted_us;
    h.blocks.assign(v.blocks.begin(), v.blocks.end());
  } else {
    h.blocks.resize(n);
  }
  std::vector<std::uint64_t> header = encode(h);
  static_assert(sizeof(unsigned long long) == sizeof(std::uint64_t), "the header travels as MPI_UNSIGNED_LONG_LONG");
  PMPI_Bcast(header.data(), int(header.size()), MPI_UNSIGNED_LONG_LONG, root, cs.priv);
  h = decode(header);
  g_v_headers[std::size_t(op)].fetch_add(1, std::memory_order_relaxed);
  Choice* mine = cs.rank == root ? v.choice : nullptr;
  if (h.check) v.measured = {.key = h.key, .call = h.check->call, .calls = h.check->calls, .choice = mine};
  if (h.audit)
    v.measured = {.key = h.key, .call = h.audit->done, .calls = h.audit->block_calls, .audit = true,
                  .audit_measured = h.audit->measured_calls, .choice = mine};
  if (h.hold_native > 0) {
    CommState::VNative held{.calls_left = int(h.hold_native), .generation = g_generation.load(std::memory_order_acquire)};
    // The check's calls or the audit block's after this one.
    if (v.measured.calls > 0) held.measured = v.measured, ++held.measured.call;
    cs.vnative[{int(op), root}] = held;
  }
  const auto all = algorithms();
  if (h.algorithm >= all.size()) return false;
  v.algorithm = &all[h.algorithm];
  v.shown.algorithm = v.algorithm;
  v.shown.predicted_us = h.predicted_us;
  v.verify_key = h.key;
  if (h.drift) {
    v.drift_sample = h.drift->sample;
    v.drift_window = h.drift->window;
    v.drift_calls = h.drift->calls;
  } else if (h.verify) {
    v.verify_option = h.verify->option;
    v.verify_options = h.verify->options;
    v.verify_min_calls = h.verify->min_calls;
    v.verify_max_calls = h.verify->max_calls;
    v.verify_done = h.verify->done;
    v.audit_after = h.verify->audit_after;
  }
  if (cs.rank != root) {
    v.blocks.assign(h.blocks.begin(), h.blocks.end());
    std::size_t total = 0;
    for (auto b : v.blocks) total += b;
    v.mean_bytes = total / n;
  }
  if (rt.recording()) {
    const ByteRange range = bucket_range(v.mean_bytes);
    v.shown.bytes_min = range.min;
    v.shown.bytes_max = range.max;
    if (v.choice) {  // the root knows native's estimate and why native runs
      v.shown.native_us = v.choice->native_us;
      v.shown.extrapolated = v.choice->extrapolated;
      v.shown.reason = v.choice->verify || v.choice->audit ? "tried in measured verification" : v.choice->reason;
    }
    v.stats = stats_for(rt, op, cs.size, root, v.shown);
  }
  return true;
}

// The bookkeeping of one call of an audit's block (`m`: named by the header, or held after it), `t`
// its time on this rank: the root keeps it in its choice's audit, the others per shape key; after
// the block's last call all join end_v_audit_block, which tells every rank whether the audit goes on.
inline void v_audit_call(Runtime& rt, CommState& cs, Collective op, int root, const VMeasuredCall& m, double t) {
  const std::uint64_t key = m.key;
  const int done = m.call, block = m.calls, measured = m.audit_measured;
  Choice* root_choice = m.choice;
  if (cs.rank == root) {
    Audit* a = root_choice ? root_choice->audit.get() : nullptr;
    if (a && a->done == done) record_audit_call(*a, t);
    // The others join the agreement after the block's last call whatever the root's state: so does the root.
    if (done + 1 == block) {
      std::vector<double> none(std::size_t(measured), t);
      note_exploring(op, end_v_audit_block(rt, cs, op, root, root_choice, a ? std::span<const double>(a->seconds) : none));
    } else {
      note_exploring(op, true);
    }
    return;
  }
  std::vector<double>& mine = cs.vverify[key].seconds;
  mine.resize(std::size_t(measured), 0.0);
  if (const int k = done - (block - measured); k >= 0) mine[std::size_t(k)] = t;
  bool more = true;
  if (done + 1 == block) {
    more = end_v_audit_block(rt, cs, op, root, nullptr, mine);
    cs.vverify.erase(key);
  }
  note_exploring(op, more);
}

// The test hook's extra seconds for this call's algorithm (COLLSEL_TEST_DRIFT_DELAY; test_drift_delay):
// once the shape's calls since it froze (the root's count, in the header) have reached the hook's,
// the algorithm then frozen looks slower in this rank's samples, verification and audit of the shape.
// `key` the shape's, `root_choice` the root's choice (null elsewhere).
inline double v_test_drift_delay(const Runtime& rt, const CommState& cs, int root, std::uint64_t key,
                                 const Choice* root_choice, const AlgorithmInfo* algorithm) {
  if (!(rt.test_drift_seconds > 0)) [[likely]]
    return 0;
  const AlgorithmInfo* slowed = nullptr;
  if (cs.rank == root) {
    if (root_choice && root_choice->drift) slowed = root_choice->drift->slowed;
  } else if (const auto it = cs.vdrift.find(key); it != cs.vdrift.end()) {
    slowed = it->second.slowed;
  }
  return slowed && slowed == algorithm ? rt.test_drift_seconds : 0.0;
}
inline double v_test_drift_delay(const Runtime& rt, const CommState& cs, int root, const VCall& v) {
  return v_test_drift_delay(rt, cs, root, v.verify_key, v.choice, v.algorithm);
}

// One drift sample of a frozen shape (the header's), `t` its time on this rank: the root keeps it in
// its choice's monitor, the others per shape key; after the window's last sample all join
// end_v_drift_window, which tells every rank whether the shape is verified again.
inline void v_drift_sample(Runtime& rt, CommState& cs, Collective op, int root, const VCall& v, double t) {
  const bool here = cs.rank == root;
  Drift* d = here ? v.choice->drift.get() : nullptr;
  CommState::VDrift* mine = here ? nullptr : &cs.vdrift[v.verify_key];
  const AlgorithmInfo*& slowed = here ? d->slowed : mine->slowed;
  if (rt.test_drift_seconds > 0 && !slowed && v.drift_calls >= rt.test_drift_after) slowed = v.algorithm;
  std::vector<double>& samples = here ? d->samples : mine->samples;
  samples.resize(std::size_t(v.drift_window) + 1, 0.0);
  samples[std::size_t(v.drift_sample)] = t + v_test_drift_delay(rt, cs, root, v);
  if (here) ++d->sampled;
  if (v.drift_sample + 1 == v.drift_window) end_v_drift_window(rt, cs, op, root, here ? v.choice : nullptr, samples);
}

// One checked call of an unverified choice (`m`: named by the header, or held after it), `t` its
// time on this rank: the root keeps it in its choice's check, the others per shape key; after the
// last one all join end_v_prediction_check.
inline void v_check_call(Runtime& rt, CommState& cs, Collective op, int root, const VMeasuredCall& m, double t) {
  const std::uint64_t key = m.key;
  const int call = m.call, calls = m.calls;
  Choice* root_choice = m.choice;
  if (cs.rank == root) {
    PredictionCheck* k = root_choice ? root_choice->check.get() : nullptr;
    if (k && call < k->calls) {
      k->seconds[std::size_t(call)] = t;
      k->done = call + 1;
    }
    // The others join the agreement after the last call whatever the root's state: so does the root.
    if (call + 1 == calls) {
      std::vector<double> none(std::size_t(calls), t);
      end_v_prediction_check(rt, cs, op, root, root_choice, k ? std::span<const double>(k->seconds) : none);
    }
    return;
  }
  std::vector<double>& mine = cs.vverify[key].seconds;
  mine.resize(std::size_t(calls), 0.0);
  mine[std::size_t(call)] = t;
  if (call + 1 < calls) return;
  end_v_prediction_check(rt, cs, op, root, nullptr, mine);
  cs.vverify.erase(key);
}

// A checked call's or an audit block's call of `algorithm` (`m`), `t` its time on this rank, with
// the test hooks' seconds for it.
inline void v_measured_call(Runtime& rt, CommState& cs, Collective op, int root, const VMeasuredCall& m,
                            const AlgorithmInfo* algorithm, double t) {
  if (m.audit)
    v_audit_call(rt, cs, op, root, m,
                 t + test_audit_delay(rt, algorithm) + v_test_drift_delay(rt, cs, root, m.key, m.choice, algorithm));
  else
    v_check_call(rt, cs, op, root, m, t + test_delay(rt, algorithm));
}

// One scatterv/gatherv call after the header: `call(schedule or null for native)`. Under
// verification or an audit every rank times it; the root keeps its times in its choice, the others
// per shape key, and after a round's or a block's last call all of them join the agreement.
template <class Call>
int v_run(Runtime& rt, CommState& cs, Collective op, int root, VCall& v, Call call) {
  const Schedule* s = v.algorithm->build ? v_schedule(rt, cs, op, root, v.algorithm, v.blocks) : nullptr;
  if (!s) v.shown.algorithm = &native_algorithm();
  v.shown.native = s == nullptr;
  if (!v.verify_key) [[likely]]
    return run(rt, cs, op, root, v.mean_bytes, v.shown, v.stats, [&] { return call(s); });
  note_choice(op, v.shown);
  const double t0 = PMPI_Wtime();
  const int rc = checked(cs, op, v.shown.algorithm, s == nullptr, call(s));
  const double t1 = PMPI_Wtime();
  if (rt.recording())
    record_call(rt, cs, op, root, v.mean_bytes, v.shown, v.stats, t1 - t0,
                /*exploring=*/v.drift_window == 0 && (v.measured.calls == 0 || v.measured.audit));
  // Each option is timed as it runs once decided: a tree with the root's header it needs, native
  // without (a decided native holds without it, v_native_held), so that a tree is not judged
  // without the header it then runs with.
  double t = t1 - (s ? v.entered : t0);
  if (v.drift_window > 0) {
    v_drift_sample(rt, cs, op, root, v, t);
    return rc;
  }
  if (v.measured.calls > 0) {
    v_measured_call(rt, cs, op, root, v.measured, v.algorithm, t);
    return rc;
  }
  t += test_delay(rt, v.algorithm) + v_test_drift_delay(rt, cs, root, v);
  if (cs.rank == root) {
    if (record_verification_call(*v.choice->verify, t)) end_verification_round(rt, cs, op, root, *v.choice, true);
    note_exploring(op, v.choice->verify || v.choice->audit);
    return rc;
  }
  // The other ranks keep their times per shape key and join each agreement; the root alone turns
  // it into the verdict, but every rank sees the same `settled` and drops its times with it.
  CommState::VVerify& mine = cs.vverify[v.verify_key];
  if (v.verify_done == 0) mine = {};  // a verification starting (again, after a drift)
  mine.seconds.resize(std::size_t(v.verify_options * v.verify_max_calls), 0.0);
  mine.retired_at.resize(std::size_t(v.verify_options), 0);
  const int k = v.verify_done / v.verify_options;
  if (mine.retired_at[std::size_t(v.verify_option)] == 0) mine.seconds[std::size_t(v.verify_option * v.verify_max_calls + k)] = t;
  const int done = v.verify_done + 1;
  if (agreement_due(done, v.verify_options, v.verify_min_calls)) {
    const Agreement a = agree_fastest(cs, mine.seconds, v.verify_options, v.verify_max_calls, done / v.verify_options,
                                      v.verify_max_calls, 0, -1, -1, mine.retired_at);
    mine.retired_at = a.retired_at;
    if (a.settled) cs.vverify.erase(v.verify_key);
  }
  // Settled, the root audits its verdict next if its audit_calls says so (end_verification_round).
  note_exploring(op, cs.vverify.count(v.verify_key) > 0 || v.audit_after > 0);
  return rc;
}

// Why a scatterv/gatherv call goes to native without the root's header, or null: the header is
// needed. Every rank of the communicator gives the same answer.
inline const char* v_native_reason(const Runtime& rt, CommState& cs, Collective op, int root,
                                   VMeasuredCall* measured) {
  if (v_static_native(rt, op))
    return rt.disabled ? "collsel is disabled (configuration problem, see the warning)"
           : rt.library_unknown ? kLibraryUnknownReason
                                : "no model";
  if (!v_native_held(cs, op, root, measured)) return nullptr;
  if (measured->calls == 0) return "decided native for this root; held without the header (v_native_recheck)";
  return measured->audit ? "native's audit block, held without the header"
                         : "decided native for this root; held without the header while its prediction is checked";
}

// Scatterv/gatherv that every rank knows run native (no model, nothing forced, or held): no
// header. Only the root, which knows the counts, logs such calls. A held call of a native
// choice's check or of an audit's block of native (`measured`) is timed on every rank and joins
// the check's or the block's agreement.
template <class Count, class Native>
int v_native(Runtime& rt, CommState& cs, Collective op, int root, const Count* counts, MPI_Datatype type,
             const char* reason, const VMeasuredCall* measured, Native native) {
  static const Choice native_choice{.algorithm = &native_algorithm()};
  note_choice(op, native_choice);
  if (!rt.recording() && !measured) return native();
  const auto checked_call = [&](double t) {
    if (measured) v_measured_call(rt, cs, op, root, *measured, native_choice.algorithm, t);
  };
  if (cs.rank != root) {  // timed for the report's time in collectives only
    const double t0 = PMPI_Wtime();
    const int rc = native();
    const double t = PMPI_Wtime() - t0;
    if (rt.recording()) {
      std::lock_guard lock(rt.log_mu);
      rt.unlisted_seconds += t;
    }
    checked_call(t);
    return rc;
  }
  std::size_t total = 0;
  const int ts = type_size(type);
  for (int r = 0; r < cs.size; ++r) total += std::size_t(counts[r]) * std::size_t(ts);
  const std::size_t mean = total / std::size_t(cs.size);
  const ByteRange range = bucket_range(mean);
  Choice shown{.algorithm = native_choice.algorithm, .reason = reason, .bytes_min = range.min, .bytes_max = range.max};
  LogStats* st = rt.recording() ? stats_for(rt, op, cs.size, root, shown) : nullptr;
  const double t0 = PMPI_Wtime();
  const int rc = native();
  const double t = PMPI_Wtime() - t0;
  if (rt.recording()) record_call(rt, cs, op, root, mean, native_choice, st, t, /*exploring=*/measured && measured->audit);
  checked_call(t);
  return rc;
}

// One scatterv/gatherv call: native without the root's header where every rank knows it runs
// native, else the header and then native or the schedule. `native()` is the library's call with
// the caller's arguments; `exec(schedule)` runs collsel's schedule (v.blocks in `v`).
template <class Count, class Native, class Exec>
int v_collective(Runtime& rt, CommState& cs, Collective op, int root, const Count* counts, MPI_Datatype type,
                 bool force_native, Native native, Exec exec) {
  VMeasuredCall held;
  if (const char* why = v_native_reason(rt, cs, op, root, &held))
    return v_native(rt, cs, op, root, counts, type, why, held.calls > 0 ? &held : nullptr, native);
  VCall v;
  if (!v_header(rt, cs, op, root, counts, type, force_native, v)) return MPI_ERR_INTERN;
  return v_run(rt, cs, op, root, v, [&](const Schedule* s) { return s ? exec(*s, v.blocks) : native(); });
}

}  // namespace

COLLSEL_EXPORT int MPI_Init(int* argc, char*** argv) {
  const int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) runtime_init();
  return rc;
}

COLLSEL_EXPORT int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) runtime_init();
  return rc;
}

COLLSEL_EXPORT int MPI_Finalize(void) {
  runtime_finalize();
  return PMPI_Finalize();
}

static int bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  CommState* cs = usable_state(rt, comm, root);
  if (!cs || count < 0) return PMPI_Bcast(buf, count, type, root, comm);
  const int ts = type_size(type);
  const std::size_t bytes = std::size_t(ts) * std::size_t(count);
  const bool mixed = mixed_signature(*rt, Collective::bcast, type);
  Choice* c = cached_choice(*rt, *cs, Collective::bcast, root, bytes, true, mixed);
  auto body = [&](const Choice& k) {
    return k.native ? PMPI_Bcast(buf, count, type, root, comm)
                    : exec::run_bcast(k.schedule, buf, count, type, root, cs->priv);
  };
  if (c->verify) [[unlikely]]
    return verify_call(*rt, *cs, Collective::bcast, root, bytes, *c, body);
  if (c->audit) [[unlikely]]
    return audit_call(*rt, *cs, Collective::bcast, root, bytes, *c, body);
  auto plain = [&] { return run(*rt, *cs, Collective::bcast, root, bytes, *c, c->stats, [&] { return body(*c); }); };
  if (c->check) [[unlikely]]
    return check_call(*rt, *cs, Collective::bcast, root, *c, plain);
  if (c->drift) return drift_call(*rt, *cs, Collective::bcast, root, bytes, *c, body);
  return plain();
}

// Native reduce. At a root that reduces in place where a root_copy defect covers the call
// (native_defects.hpp: MPICH 4.0.2 crashes), the root's data is first copied, through the datatype,
// into a buffer of its own that becomes the send buffer, so the library never sees MPI_IN_PLACE.
static int native_reduce(const Runtime& rt, const CommState& cs, const void* sendbuf, void* recvbuf, int count,
                  MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm, std::size_t bytes) {
  if (sendbuf != MPI_IN_PLACE || cs.rank != root || count == 0) [[likely]]
    return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  bool copy = false;
  for (const NativeDefect* d : rt.defects)
    if (d->root_copy && covers(*d, Collective::reduce, cs.size, root, bytes)) copy = true;
  if (!copy) return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  // The bytes the type touches lie in [lowest, highest) relative to the buffer, whatever the sign
  // of its extent; pack them and unpack into a fresh block of that span (nothing else is read).
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  PMPI_Type_get_extent(type, &lb, &extent);
  PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
  const MPI_Aint last = MPI_Aint(count - 1) * extent;
  const MPI_Aint lowest = true_lb + std::min<MPI_Aint>(0, last);
  const MPI_Aint highest = true_lb + true_extent + std::max<MPI_Aint>(0, last);
  int pack_size = 0, at = 0;
  PMPI_Pack_size(count, type, comm, &pack_size);
  std::vector<char> packed(std::size_t(std::max(pack_size, 1))), block(std::size_t(std::max<MPI_Aint>(highest - lowest, 1)));
  PMPI_Pack(recvbuf, count, type, packed.data(), pack_size, &at, comm);
  char* base = block.data() - lowest;  // the copy's buffer address: its data lands in `block`
  at = 0;
  PMPI_Unpack(packed.data(), pack_size, &at, base, count, type, comm);
  return PMPI_Reduce(base, recvbuf, count, type, op, root, comm);
}

static int reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                  MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  CommState* cs = usable_state(rt, comm, root);
  if (!cs || count < 0) return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  const int ts = type_size(type);
  const std::size_t bytes = std::size_t(ts) * std::size_t(count);
  int commute = 1;
  PMPI_Op_commutative(op, &commute);
  const bool mixed = mixed_signature(*rt, Collective::reduce, type);
  Choice* c = cached_choice(*rt, *cs, Collective::reduce, root, bytes, commute != 0, mixed, std::size_t(std::max(ts, 1)));
  auto body = [&](const Choice& k) {
    return k.native ? native_reduce(*rt, *cs, sendbuf, recvbuf, count, type, op, root, comm, bytes)
                    : exec::run_reduce(k.schedule, sendbuf, recvbuf, count, type, op, root, cs->priv);
  };
  if (c->verify) [[unlikely]]
    return verify_call(*rt, *cs, Collective::reduce, root, bytes, *c, body);
  if (c->audit) [[unlikely]]
    return audit_call(*rt, *cs, Collective::reduce, root, bytes, *c, body);
  auto plain = [&] { return run(*rt, *cs, Collective::reduce, root, bytes, *c, c->stats, [&] { return body(*c); }); };
  if (c->check) [[unlikely]]
    return check_call(*rt, *cs, Collective::reduce, root, *c, plain);
  if (c->drift) return drift_call(*rt, *cs, Collective::reduce, root, bytes, *c, body);
  return plain();
}

static int scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  CommState* cs = usable_state(rt, comm, root);
  // Only what MPI reads on this rank may route the call: the send side at the root, the receive
  // side elsewhere (a non-root may pass sendcount -1 and MPI_DATATYPE_NULL).
  if (!cs || (cs->rank == root ? sendcount : recvcount) < 0)
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  const bool is_root = cs->rank == root;
  const int ts = type_size(is_root ? sendtype : recvtype);
  const std::size_t bytes = std::size_t(ts) * std::size_t(is_root ? sendcount : recvcount);
  // The datatype class is the same on every rank: matching calls share the type signature.
  const bool mixed = mixed_signature(*rt, Collective::scatter, is_root ? sendtype : recvtype);
  Choice* c = cached_choice(*rt, *cs, Collective::scatter, root, bytes, true, mixed);
  auto body = [&](const Choice& k) {
    return k.native ? PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)
                    : exec::run_scatter(k.schedule, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                        root, cs->priv);
  };
  if (c->verify) [[unlikely]]
    return verify_call(*rt, *cs, Collective::scatter, root, bytes, *c, body);
  if (c->audit) [[unlikely]]
    return audit_call(*rt, *cs, Collective::scatter, root, bytes, *c, body);
  auto plain = [&] { return run(*rt, *cs, Collective::scatter, root, bytes, *c, c->stats, [&] { return body(*c); }); };
  if (c->check) [[unlikely]]
    return check_call(*rt, *cs, Collective::scatter, root, *c, plain);
  if (c->drift) return drift_call(*rt, *cs, Collective::scatter, root, bytes, *c, body);
  return plain();
}

static int gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  CommState* cs = usable_state(rt, comm, root);
  // As for scatter: the receive side at the root, the send side elsewhere.
  if (!cs || (cs->rank == root ? recvcount : sendcount) < 0)
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  const bool is_root = cs->rank == root;
  const int ts = type_size(is_root ? recvtype : sendtype);
  const std::size_t bytes = std::size_t(ts) * std::size_t(is_root ? recvcount : sendcount);
  const bool mixed = mixed_signature(*rt, Collective::gather, is_root ? recvtype : sendtype);
  Choice* c = cached_choice(*rt, *cs, Collective::gather, root, bytes, true, mixed);
  auto body = [&](const Choice& k) {
    return k.native ? PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)
                    : exec::run_gather(k.schedule, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                       root, cs->priv);
  };
  if (c->verify) [[unlikely]]
    return verify_call(*rt, *cs, Collective::gather, root, bytes, *c, body);
  if (c->audit) [[unlikely]]
    return audit_call(*rt, *cs, Collective::gather, root, bytes, *c, body);
  auto plain = [&] { return run(*rt, *cs, Collective::gather, root, bytes, *c, c->stats, [&] { return body(*c); }); };
  if (c->check) [[unlikely]]
    return check_call(*rt, *cs, Collective::gather, root, *c, plain);
  if (c->drift) return drift_call(*rt, *cs, Collective::gather, root, bytes, *c, body);
  return plain();
}

COLLSEL_EXPORT int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                                void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  auto native = [&] { return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm); };
  CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  return v_collective(*rt, *cs, Collective::scatterv, root, sendcounts, sendtype, false, native,
                      [&](const Schedule& s, const std::vector<std::size_t>& blocks) {
                        return exec::run_scatterv(s, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                                  recvtype, root, cs->priv, blocks);
                      });
}

COLLSEL_EXPORT int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                               MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  auto native = [&] { return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm); };
  CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  return v_collective(*rt, *cs, Collective::gatherv, root, recvcounts, recvtype, false, native,
                      [&](const Schedule& s, const std::vector<std::size_t>& blocks) {
                        return exec::run_gatherv(s, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                                 recvtype, root, cs->priv, blocks);
                      });
}

COLLSEL_EXPORT int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  return bcast(buf, count, type, root, comm);
}

COLLSEL_EXPORT int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                              MPI_Comm comm) {
  return reduce(sendbuf, recvbuf, count, type, op, root, comm);
}

COLLSEL_EXPORT int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

COLLSEL_EXPORT int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                              MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

#if defined(COLLSEL_HAVE_MPI_LARGE_COUNT)
// ---------------------------------------------------------------------------------------------
// MPI-4's large-count entry points (docs/mpi-libraries.md). collsel's executors take int counts:
// a call whose every count and displacement fits an int, and whose message or blocks are at most
// Runtime::large_count_bytes, takes the path of the int entry point (native there is the int
// call); any other runs the library's large-count call with a note. What decides is the bytes,
// the same on every rank of a call (counts may differ with the datatypes), so every rank takes
// the same path; the v-variants' root decides for all in its header.

namespace {

// The datatype's size, 0 when unknown (MPI_UNDEFINED: larger than MPI_Count allows).
MPI_Count type_size_c(MPI_Datatype t) {
  MPI_Count s = 0;
  PMPI_Type_size_c(t, &s);
  return s < 0 ? 0 : s;
}

// The int path's count for `count` elements of a type of `size` bytes, or nullopt when the call
// takes the large-count path: more than `limit` bytes. A zero-size type moves nothing at any
// count: 0. A negative count (erroneous) goes to the int path, whose library call reports it.
std::optional<int> int_path_count(MPI_Count count, MPI_Count size, long long limit) {
  if (count < 0) return count < INT_MIN ? std::nullopt : std::optional<int>(int(count));
  if (size == 0) return 0;
  if (count > INT_MAX || count > limit / size) return std::nullopt;
  return int(count);
}

// The note said once per process and op on `print_here`; the log records the call as native.
void large_count_note(Runtime& rt, bool print_here, Collective op) {
  {
    std::lock_guard lock(rt.warn_mu);
    if (!rt.warned.insert(std::string("large count ") + std::string(to_string(op))).second) print_here = false;
  }
  if (print_here)
    print("note: " + std::string(to_string(op)) + ": a large-count call of more than " +
          std::to_string(rt.large_count_bytes) +
          " bytes per message or block, or with counts or displacements beyond int, runs native (collsel's "
          "executors take int counts)");
}

// A fixed-count collective's large-count call that runs native, recorded in the log and report.
template <class Native>
int large_native(Runtime* rt, MPI_Comm comm, Collective op, int root, std::size_t bytes, Native native) {
  static const Choice native_choice{.algorithm = &native_algorithm(), .reason = kLargeCountReason};
  note_choice(op, native_choice);
  CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  large_count_note(*rt, cs->rank == 0, op);
  if (!rt->recording()) return native();
  const int b = size_bucket(bytes);
  Choice shown{.algorithm = native_choice.algorithm,
               .reason = native_choice.reason,
               .bytes_min = b == 0 ? 0 : std::size_t(1) << (b - 1),
               .bytes_max = b == 0 ? 0 : (std::size_t(1) << b) - 1};
  LogStats* st = stats_for(*rt, op, cs->size, root, shown);
  const double t0 = PMPI_Wtime();
  const int rc = native();
  record_call(*rt, *cs, op, root, bytes, shown, st, PMPI_Wtime() - t0);
  return rc;
}

long long large_count_limit(const Runtime* rt) { return rt ? rt->large_count_bytes : INT_MAX; }

// The v-variants' root: int copies of its counts and displacements, or false when they or a block
// (count times the type's size) do not fit.
bool int_copies(const MPI_Count* counts, const MPI_Aint* displs, int n, MPI_Datatype type, long long limit,
                std::vector<int>& icounts, std::vector<int>& idispls) {
  const MPI_Count size = type_size_c(type);
  icounts.assign(std::size_t(n), 0);
  idispls.assign(std::size_t(n), 0);
  for (int r = 0; r < n; ++r) {
    const std::optional<int> c = int_path_count(counts[r], size, limit);
    if (!c || displs[r] < INT_MIN || displs[r] > INT_MAX) return false;
    icounts[std::size_t(r)] = *c;
    idispls[std::size_t(r)] = int(displs[r]);
  }
  return true;
}

// Scatter and gather: this rank's (count, type) that MPI reads — `root_side` at the root, the
// other side elsewhere — decides; the side MPI does not read here keeps an int's worth (0 past it).
struct FixedCounts {
  std::optional<int> read;  // nullopt: the large-count path
  int other = 0;
  MPI_Count bytes = 0;
};
FixedCounts fixed_counts(bool is_root, MPI_Count root_count, MPI_Datatype root_type, MPI_Count other_count,
                         MPI_Datatype other_type, long long limit) {
  const MPI_Count count = is_root ? root_count : other_count;
  const MPI_Count size = type_size_c(is_root ? root_type : other_type);
  FixedCounts f{.read = int_path_count(count, size, limit), .bytes = count * size};
  const std::optional<int> o = is_root ? int_path_count(other_count, type_size_c(other_type), INT_MAX)
                                       : int_path_count(root_count, type_size_c(root_type), INT_MAX);
  f.other = o.value_or(0);
  return f;
}

}  // namespace

COLLSEL_EXPORT int MPI_Bcast_c(void* buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  const MPI_Count size = type_size_c(type);
  if (const std::optional<int> c = int_path_count(count, size, large_count_limit(rt))) return bcast(buf, *c, type, root, comm);
  return large_native(rt, comm, Collective::bcast, root, std::size_t(count * size),
                      [&] { return PMPI_Bcast_c(buf, count, type, root, comm); });
}

COLLSEL_EXPORT int MPI_Reduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype type, MPI_Op op,
                                int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  const MPI_Count size = type_size_c(type);
  if (const std::optional<int> c = int_path_count(count, size, large_count_limit(rt)))
    return reduce(sendbuf, recvbuf, *c, type, op, root, comm);
  return large_native(rt, comm, Collective::reduce, root, std::size_t(count * size),
                      [&] { return PMPI_Reduce_c(sendbuf, recvbuf, count, type, op, root, comm); });
}

COLLSEL_EXPORT int MPI_Scatter_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  auto native = [&] { return PMPI_Scatter_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm); };
  const CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  const bool is_root = cs->rank == root;
  const FixedCounts f = fixed_counts(is_root, sendcount, sendtype, recvcount, recvtype, rt->large_count_bytes);
  if (!f.read) return large_native(rt, comm, Collective::scatter, root, std::size_t(f.bytes), native);
  return is_root ? scatter(sendbuf, *f.read, sendtype, recvbuf, f.other, recvtype, root, comm)
                 : scatter(sendbuf, f.other, sendtype, recvbuf, *f.read, recvtype, root, comm);
}

COLLSEL_EXPORT int MPI_Gather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  auto native = [&] { return PMPI_Gather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm); };
  const CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  const bool is_root = cs->rank == root;
  const FixedCounts f = fixed_counts(is_root, recvcount, recvtype, sendcount, sendtype, rt->large_count_bytes);
  if (!f.read) return large_native(rt, comm, Collective::gather, root, std::size_t(f.bytes), native);
  return is_root ? gather(sendbuf, f.other, sendtype, recvbuf, *f.read, recvtype, root, comm)
                 : gather(sendbuf, *f.read, sendtype, recvbuf, f.other, recvtype, root, comm);
}

COLLSEL_EXPORT int MPI_Scatterv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                  MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  int root, MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  auto native = [&] { return PMPI_Scatterv_c(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm); };
  CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  std::vector<int> icounts, idispls;
  bool fits = true;
  if (cs->rank == root) {
    fits = int_copies(sendcounts, displs, cs->size, sendtype, rt->large_count_bytes, icounts, idispls);
    if (!fits) large_count_note(*rt, true, Collective::scatterv);
  }
  // This rank's block: beyond the limit, the root's counts say so too and it runs native.
  const int own = recvbuf == MPI_IN_PLACE ? 0 : int_path_count(recvcount, type_size_c(recvtype), rt->large_count_bytes).value_or(0);
  return v_collective(*rt, *cs, Collective::scatterv, root, cs->rank == root ? sendcounts : nullptr, sendtype, !fits,
                      native, [&](const Schedule& s, const std::vector<std::size_t>& blocks) {
                        return exec::run_scatterv(s, sendbuf, icounts.data(), idispls.data(), sendtype, recvbuf,
                                                  own, recvtype, root, cs->priv, blocks);
                      });
}

COLLSEL_EXPORT int MPI_Gatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                                 MPI_Comm comm) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  auto native = [&] { return PMPI_Gatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm); };
  CommState* cs = usable_state(rt, comm, root);
  if (!cs) return native();
  std::vector<int> icounts, idispls;
  bool fits = true;
  if (cs->rank == root) {
    fits = int_copies(recvcounts, displs, cs->size, recvtype, rt->large_count_bytes, icounts, idispls);
    if (!fits) large_count_note(*rt, true, Collective::gatherv);
  }
  const int own = sendbuf == MPI_IN_PLACE ? 0 : int_path_count(sendcount, type_size_c(sendtype), rt->large_count_bytes).value_or(0);
  return v_collective(*rt, *cs, Collective::gatherv, root, cs->rank == root ? recvcounts : nullptr, recvtype, !fits,
                      native, [&](const Schedule& s, const std::vector<std::size_t>& blocks) {
                        return exec::run_gatherv(s, sendbuf, own, sendtype, recvbuf, icounts.data(),
                                                 idispls.data(), recvtype, root, cs->priv, blocks);
                      });
}
#endif  // COLLSEL_HAVE_MPI_LARGE_COUNT

// ---------------------------------------------------------------------------------------------
// Control API.

COLLSEL_EXPORT int collsel_set_algorithm(const char* op, const char* algorithm) {
  const auto c = op ? parse_collective(op) : std::nullopt;
  if (!c) {
    std::fprintf(stderr, "collsel: collsel_set_algorithm: unknown operation '%s'\n", op ? op : "(null)");
    return -1;
  }
  const AlgorithmInfo* a = nullptr;
  if (algorithm && std::strcmp(algorithm, "auto") != 0) {
    a = find_algorithm(algorithm);
    if (!a || !a->collectives.contains(*c)) {
      std::fprintf(stderr, "collsel: collsel_set_algorithm: %s '%s' for %s\n",
                   a ? "algorithm does not apply:" : "unknown algorithm", algorithm, op);
      return -1;
    }
  }
  // Only a change drops the cached decisions (and any verification under way).
  if (g_api_forced[std::size_t(*c)].exchange(a, std::memory_order_acq_rel) != a)
    g_generation.fetch_add(1, std::memory_order_acq_rel);
  return 0;
}

COLLSEL_EXPORT int collsel_v_calls(const char* op, long* headers, long* held) {
  const auto c = op ? parse_collective(op) : std::nullopt;
  if (!c || (*c != Collective::scatterv && *c != Collective::gatherv)) return -1;
  if (headers) *headers = g_v_headers[std::size_t(*c)].load(std::memory_order_relaxed);
  if (held) *held = g_v_held[std::size_t(*c)].load(std::memory_order_relaxed);
  return 0;
}

COLLSEL_EXPORT int collsel_prepare_comm(MPI_Comm comm) {
  // As a collective rooted at rank 0 finds its state (every communicator has a rank 0).
  return usable_state(g_runtime.load(std::memory_order_acquire), comm, 0) ? 0 : -1;
}

COLLSEL_EXPORT int collsel_exploring(const char* op) {
  const auto c = op ? parse_collective(op) : std::nullopt;
  if (!c || !g_last_algorithm[std::size_t(*c)].load(std::memory_order_relaxed)) return -1;
  return g_last_exploring[std::size_t(*c)].load(std::memory_order_relaxed) ? 1 : 0;
}

COLLSEL_EXPORT int collsel_last_choice(const char* op, char* name, int len, double* predicted_us) {
  const auto c = op ? parse_collective(op) : std::nullopt;
  if (!c) return -1;
  const AlgorithmInfo* a = g_last_algorithm[std::size_t(*c)].load(std::memory_order_relaxed);
  if (!a) return -1;
  if (name && len > 0) {
    const std::size_t n = std::min<std::size_t>(a->name.size(), std::size_t(len - 1));
    std::memcpy(name, a->name.data(), n);
    name[n] = '\0';
  }
  if (predicted_us) *predicted_us = g_last_predicted_us[std::size_t(*c)].load(std::memory_order_relaxed);
  return 0;
}

// The header of a scatterv/gatherv call through the shim. Only the root knows the counts, so before
// every call that does not run a held native it decides and broadcasts this header on the private
// communicator; every rank then builds the same schedule from the same block sizes (docs/shim.md).
// While the root verifies the shape or audits its verdict, the algorithm is the option due and
// `key` names the shape, so the other ranks time their part too and join the agreement after a
// round's or a block's last call; a frozen shape's drift sample (drift.hpp) and an unverified
// choice's checked call (PredictionCheck) are named the same way, and the last of them is the
// agreement's. On the wire: kVHeaderWords 64-bit words, then one per rank's
// block (v_header_bytes, schedule.hpp, which decide() costs); encode() and decode() are the only
// code that knows the layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace collsel::shim {

// Verification's state at this call (verification.hpp).
struct VVerifyState {
  int option = 0;       // the option this call runs (0..options-1)
  int options = 0;      // options tried
  int min_calls = 0;    // rounds before the first agreement (verify_calls)
  int max_calls = 0;    // rounds at most (verify_max_calls)
  int done = 0;         // calls of the verification made before this one
  int audit_after = 0;  // the audit's block length once settled (audit_calls; 0: no audit)
};

// The audit's state at this call (AuditPlan, audit.hpp).
struct VAuditState {
  int block_calls = 0;     // calls per block
  int measured_calls = 0;  // of them timed (the last ones)
  int done = 0;            // calls of the current block made before this one
};

// A frozen shape's drift sample at this call (DriftMonitor, drift.hpp): every rank times it.
struct VDriftState {
  int sample = 0;  // the sample's index in its window (0..window-1); the last one ends the window
  int window = 0;  // samples per window (drift_window)
  long calls = 0;  // the shape's calls since it froze, as the root counts them (at most 2^30 - 1)
};

// An unverified choice's checked call (PredictionCheck, runtime.hpp): every rank times it.
struct VCheckState {
  int call = 0;   // the call's index among the checked ones (0..calls-1); the last one is the agreement's
  int calls = 0;  // calls checked (verify_check_calls)
};

struct VHeader {
  std::uint32_t algorithm = 0;    // index into algorithms() of what this call runs
  // > 0: a decided native, held for this many calls (v_native_recheck); with `check`, the check's
  // calls after this one, held as its checked calls (decision record 0044).
  std::uint32_t hold_native = 0;
  double predicted_us = 0;        // its predicted time
  // Non-zero when this call is one of a verification, an audit, a drift sample or a check: the
  // root's choice key with bit 63 set (never 0). Then exactly one of verify, audit, drift and check is set.
  std::uint64_t key = 0;
  std::optional<VVerifyState> verify;
  std::optional<VAuditState> audit;
  std::optional<VDriftState> drift;
  std::optional<VCheckState> check;
  std::vector<std::uint64_t> blocks;  // every rank's block bytes
};

// The header as kVHeaderWords + blocks.size() words. Fields beyond their width on the wire
// (algorithm, hold_native: 32 bits; verification's option, options, min_calls, max_calls: 8; done:
// 16; audit_after: 15; the audit's three, the drift sample's sample and window and the check's call
// and calls: 16, the drift's calls: 30) throw std::length_error.
std::vector<std::uint64_t> encode(const VHeader& h);
// The header from its words (at least kVHeaderWords; the rest are the blocks).
VHeader decode(std::span<const std::uint64_t> words);

}  // namespace collsel::shim

// The audit of a verdict's rules, without MPI (docs/shim.md, "The audit of a verdict"; the shim's
// calls: measured_calls.hpp). Unit-tested in tests/unit.
#pragma once

#include <span>
#include <vector>

#include "verification.hpp"

namespace collsel::shim {

// The audit of a verdict in the job's own sequence of calls (docs/shim.md, "The audit"). The
// verification's calls interleave its candidates, so each finds the links as the others left them;
// a job that repeats one call finds them as that call's own last run left them. On shaped links
// with deep token buckets the two differ (docs/design/0004).
// So after the verdict its next block of calls is timed (the first half of the block lets the
// links reach the job's regime, the second half is measured), and every option that verification
// measured faster than that by the margin runs a block of its own, the most promising first, and
// native runs one whenever the verdict is another (a verdict must beat native in the job's own
// sequence too, whatever verification measured of native); the
// blocks are judged as verification's rounds are (judge(): native kept unless clearly beaten, or
// unless an option beats it by the margin both in verification and in its block). When
// that moves the verdict, one more block of the new verdict, run back to back, confirms it. At most
// options + 1 blocks, then the decision is frozen for good. The same on every rank: the measured
// calls of each block are agreed (slowest rank) before this plan sees them.
class AuditPlan {
 public:
  // verified_seconds[o]: option o's time in verification; incumbent: its verdict; native_option:
  // native's index, -1 if not an option.
  AuditPlan(std::vector<double> verified_seconds, int incumbent, int native_option, double margin);

  int current() const { return current_; }  // the option whose block is due; -1: the audit is over
  bool over() const { return current_ < 0; }
  int verdict() const { return verdict_; }  // the option to keep, from the blocks measured so far
  // The agreed seconds of the measured calls of the current block (the same count every block).
  void block_done(std::span<const double> slowest);
  // Per option, the expected_call_time of its latest block; negative: no block run.
  const std::vector<double>& loop_seconds() const { return loop_; }
  int blocks() const { return blocks_; }

 private:
  int judge_blocks() const;

  std::vector<double> verified_, loop_;
  std::vector<std::vector<double>> calls_;  // per option, its latest block's measured calls
  int incumbent_, native_, current_, verdict_;
  double margin_;
  bool confirmed_ = false;
  int blocks_ = 0;
};

}  // namespace collsel::shim

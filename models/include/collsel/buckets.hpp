// Token-bucket links: a shaped link (a tbf qdisc, a cloud NIC's burst allowance) passes the bytes
// its bucket holds at the line rate and the rest at its sustained rate, and the bucket refills at
// that rate while the link rests. The point-to-point models are fitted to trains of messages,
// which drain the buckets: on such links they price every byte at the sustained rate, while in a
// collective a host that sends one 64 KB message finds its bucket full, and priced drained a
// schedule can come out far slower than it runs (docs/design/0006). The model file's [burst]
// section (docs/model-file.md) holds what collsel-calibrate measured; the predictors of tree and
// pipeline schedules spend and refill the buckets call by call (predict.hpp). No [burst] section:
// every link is priced drained.
#pragma once

#include <cstddef>
#include <vector>

namespace collsel {

class P2PModel;

struct TokenBuckets {
  // Per index of the model they belong to (calibrated process, or communicator rank once mapped):
  // the sustained rate of its host's outgoing (up) and incoming (down) link, bytes per second,
  // 0 where the link has no bucket (not shaped: every byte at the line rate the model prices);
  // and the bucket's size in bytes (ignored where the rate is 0).
  std::vector<double> up_rate, down_rate, up_bytes, down_bytes;
  // Per index: its host (a NIC's bucket is shared by every rank on the host; a pair on one host
  // does not cross it). Empty: every index on a host of its own.
  std::vector<int> host;
  // Seconds per byte of a link passing bytes from a full bucket: the cluster's line rate.
  double line_seconds_per_byte = 0;

  int size() const { return int(up_rate.size()); }
  bool empty() const { return up_rate.empty(); }
  int host_of(int i) const { return host.empty() ? i : host[std::size_t(i)]; }
  bool operator==(const TokenBuckets&) const = default;
};

// The buckets' levels during one predicted call (every bucket full at first). Transfers must be
// asked in the order they start on each link, as the schedule predictors simulate them.
class BucketLevels {
 public:
  explicit BucketLevels(const TokenBuckets& buckets);

  // Seconds to move `bytes` from index `from` to index `to`, starting `start` seconds into the
  // call. Each shaped end passes what its bucket holds (refilled up to `start`) at the line rate
  // and the rest at its own sustained rate; the end that takes longest decides, its uncovered
  // bytes priced by the drained model `cost` as bytes at the pair's (the slower end's) rate
  // (never more than cost.p2p(from, to, bytes); docs/model-file.md, `[burst]`). Every byte spends
  // a token of both buckets.
  double transfer(int from, int to, double bytes, double start, const P2PModel& cost);

  // The next call starts `call_seconds` after this one started: levels are kept, refill times
  // are shifted. Predicting a call a few times over gives the steady state of an application that
  // calls the collective back to back.
  void next_call(double call_seconds);
  // True when no bucket's level at the start of this call moved by more than kBucketSettled of
  // its size since the previous call's start.
  bool settled() const { return settled_; }

 private:
  struct Bucket {
    double rate = 0, size = 0, level = 0, at = 0;  // at: time of `level`
    bool shaped() const { return rate > 0; }
    double level_at(double t) const;
  };
  Bucket& up(int i) { return up_[std::size_t(buckets_->host_of(i))]; }
  Bucket& down(int i) { return down_[std::size_t(buckets_->host_of(i))]; }
  const TokenBuckets* buckets_;
  std::vector<Bucket> up_, down_;  // per host
  std::vector<double> start_levels_;  // every bucket's level at the start of the current call
  bool settled_ = false;
};

// The predictors repeat the call back to back until the buckets' levels at its start and its time
// settle (to kBucketSettled, relative), at most kBucketMaxCalls times: a host that sends more in a
// call than its bucket refills meanwhile drains it call after call, one that sends less keeps it
// full; where the two nearly balance, the bucket drains slowly and the prediction is that of the
// last call repeated. The bound keeps a decision's cost at most that many times the drained one's
// (a chain of 1024 ranks at 4 MiB in 64 KiB segments: 64 x 64 x 1023 transfers).
inline constexpr int kBucketMaxCalls = 64;
inline constexpr double kBucketSettled = 1e-3;

}  // namespace collsel

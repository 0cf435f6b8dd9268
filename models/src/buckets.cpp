#include "collsel/buckets.hpp"

#include <algorithm>
#include <cmath>

#include "collsel/p2p_model.hpp"

namespace collsel {

double BucketLevels::Bucket::level_at(double t) const {
  return std::min(size, level + rate * std::max(0.0, t - at));
}

BucketLevels::BucketLevels(const TokenBuckets& buckets) : buckets_(&buckets) {
  int hosts = 0;
  for (int i = 0; i < buckets.size(); ++i) hosts = std::max(hosts, buckets.host_of(i) + 1);
  up_.resize(std::size_t(hosts));
  down_.resize(std::size_t(hosts));
  for (int i = buckets.size(); i-- > 0;) {  // the lowest index of a host speaks for it
    const std::size_t k = std::size_t(i), h = std::size_t(buckets.host_of(i));
    up_[h] = {buckets.up_rate[k], buckets.up_bytes[k], buckets.up_bytes[k], 0};
    down_[h] = {buckets.down_rate[k], buckets.down_bytes[k], buckets.down_bytes[k], 0};
  }
  for (auto* side : {&up_, &down_})
    for (const Bucket& b : *side) start_levels_.push_back(b.level);
}

double BucketLevels::transfer(int from, int to, double bytes, double start, const P2PModel& cost) {
  const double drained = cost.p2p(from, to, bytes);
  if (bytes <= 0 || from == to || buckets_->host_of(from) == buckets_->host_of(to)) return drained;
  Bucket& out = up(from);
  Bucket& in = down(to);
  if (!out.shaped() && !in.shaped()) return drained;
  // Each shaped end passes what its bucket holds now at the line rate and the rest at its own
  // sustained rate; an unshaped end (rate 0) passes anything at the line rate. The drained model
  // prices bytes at the pair's sustained rate, the slower end's. The end that takes longest
  // decides: its uncovered bytes count as many drained bytes as their time at that pair's rate.
  // A full bucket at one end meeting a faster end whose bucket is 0 (a host calibrated slower
  // than the line, or a bucket too small to measure) then costs the faster end's time, not the
  // pair's drained one.
  const double pair_rate = std::min(out.shaped() ? out.rate : in.rate, in.shaped() ? in.rate : out.rate);
  double drained_bytes = 0;
  for (const Bucket* b : {&out, &in})
    if (b->shaped())
      drained_bytes = std::max(drained_bytes, (bytes - std::min(bytes, b->level_at(start))) * pair_rate / b->rate);
  const double covered = bytes - drained_bytes;
  const double rested = cost.p2p(from, to, drained_bytes) + covered * buckets_->line_seconds_per_byte;
  const double seconds = std::min(drained, rested);
  // Every byte spends a token, and tokens keep coming while the message passes: the bytes beyond
  // the bucket pass at the sustained rate, as fast as the tokens come, and leave it empty.
  for (Bucket* b : {&out, &in})
    if (b->shaped()) {
      b->level = std::clamp(b->level_at(start) - bytes + b->rate * seconds, 0.0, b->size);
      b->at = start + seconds;
    }
  return seconds;
}

void BucketLevels::next_call(double call_seconds) {
  std::vector<double> levels;
  levels.reserve(up_.size() + down_.size());
  for (auto* side : {&up_, &down_})
    for (Bucket& b : *side) {
      b.at -= call_seconds;
      levels.push_back(b.level_at(0));
    }
  settled_ = levels.size() == start_levels_.size();
  for (std::size_t k = 0; settled_ && k < levels.size(); ++k) {
    const Bucket& b = k < up_.size() ? up_[k] : down_[k - up_.size()];
    settled_ = std::abs(levels[k] - start_levels_[k]) <= kBucketSettled * b.size;
  }
  start_levels_ = std::move(levels);
}

}  // namespace collsel

// One link's token bucket from rested and drained messages of two sizes (fit.hpp). O(1).
#include <algorithm>

#include "collsel/fit.hpp"

namespace collsel::fit {

BucketEstimate bucket_estimate(const BucketProbe& large, const BucketProbe& small, double latency, double line) {
  BucketEstimate e;
  if (!(large.bytes > 0) || !(line > 0)) return e;
  const double per_byte = (large.drained - latency) / large.bytes;
  if (!(per_byte > kShapedAbove * line)) return e;  // not shaped
  e.seconds_per_byte = per_byte;
  const double saved_per_byte = per_byte - line;
  e.large_gain_bytes = std::clamp((large.drained - large.rested) / saved_per_byte, 0.0, large.bytes);
  e.bytes = e.large_gain_bytes;
  if (!(small.bytes > 0)) return e;
  e.small_gain_bytes = std::clamp((small.drained - small.rested) / saved_per_byte, 0.0, small.bytes);
  const double as_bucket = std::min(e.large_gain_bytes, small.bytes);
  if (e.small_gain_bytes < 0.5 * as_bucket && as_bucket - e.small_gain_bytes >= kBucketSlackBytes) {
    e.rejected = true;
    e.bytes = 0;
  }
  return e;
}

}  // namespace collsel::fit

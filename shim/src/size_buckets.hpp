// The shim caches a decision per size bucket of the call's bytes (per rank; v-variants: the mean
// block): bucket 0 holds 0 bytes, bucket k the bytes [2^(k-1), 2^k - 1]. A decision is made for the
// whole bucket (a native defect covering any size of it avoids native), and the log and report
// show each decision's bucket as its byte range.
#pragma once

#include <bit>
#include <cstddef>

namespace collsel::shim {

inline int size_bucket(std::size_t bytes) { return bytes == 0 ? 0 : int(std::bit_width(bytes)); }

struct ByteRange {
  std::size_t min = 0, max = 0;
};

// The bytes of the bucket that holds `bytes`.
inline ByteRange bucket_range(std::size_t bytes) {
  const int b = size_bucket(bytes);
  if (b == 0) return {};
  return {std::size_t(1) << (b - 1), b >= 64 ? std::size_t(-1) : (std::size_t(1) << b) - 1};
}

}  // namespace collsel::shim

#include "v_header.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

#include "collsel/schedule.hpp"

namespace collsel::shim {
namespace {

// Word 3, the measurement state. In verification: option | options << 8 | min_calls << 16 |
// max_calls << 24 | done << 32 | audit_after << 48. In the audit: block_calls | measured_calls << 16 |
// done << 32 | kAuditState. A drift sample: sample | window << 16 | calls << 32 | kDriftState. A
// checked call: call | calls << 16 | kCheckState. (The audit's state leaves bits 61 and 62 clear,
// the check's bit 62; the drift's calls reach bit 61, so its state is read first.)
constexpr std::uint64_t kAuditState = 1ull << 63;
constexpr std::uint64_t kDriftState = kAuditState | 1ull << 62;
constexpr std::uint64_t kCheckState = kAuditState | 1ull << 61;

std::uint64_t field(long value, int bits, const char* name) {
  if (value < 0 || value >= (1l << bits)) throw std::length_error(std::string("v-header: ") + name + " out of range");
  return std::uint64_t(value);
}

}  // namespace

std::vector<std::uint64_t> encode(const VHeader& h) {
  static_assert(kVHeaderWords == 4);
  std::vector<std::uint64_t> w(kVHeaderWords + h.blocks.size(), 0);
  w[0] = std::uint64_t(h.algorithm) | std::uint64_t(h.hold_native) << 32;
  std::memcpy(&w[1], &h.predicted_us, sizeof(double));
  w[2] = h.key;
  if (h.key && h.drift) {
    w[3] = field(h.drift->sample, 16, "sample") | field(h.drift->window, 16, "window") << 16 |
           field(h.drift->calls, 30, "calls") << 32 | kDriftState;
  } else if (h.key && h.check) {
    w[3] = field(h.check->call, 16, "call") | field(h.check->calls, 16, "calls") << 16 | kCheckState;
  } else if (h.key && h.audit) {
    const VAuditState& a = *h.audit;
    w[3] = field(a.block_calls, 16, "block_calls") | field(a.measured_calls, 16, "measured_calls") << 16 |
           field(a.done, 16, "done") << 32 | kAuditState;
  } else if (h.key && h.verify) {
    const VVerifyState& v = *h.verify;
    w[3] = field(v.option, 8, "option") | field(v.options, 8, "options") << 8 | field(v.min_calls, 8, "min_calls") << 16 |
           field(v.max_calls, 8, "max_calls") << 24 | field(v.done, 16, "done") << 32 |
           field(v.audit_after, 15, "audit_after") << 48;
  }
  for (std::size_t r = 0; r < h.blocks.size(); ++r) w[kVHeaderWords + r] = h.blocks[r];
  return w;
}

VHeader decode(std::span<const std::uint64_t> w) {
  if (w.size() < kVHeaderWords) throw std::length_error("v-header: too short");
  VHeader h;
  h.algorithm = std::uint32_t(w[0] & 0xffffffffull);
  h.hold_native = std::uint32_t(w[0] >> 32);
  std::memcpy(&h.predicted_us, &w[1], sizeof(double));
  h.key = w[2];
  if (h.key && (w[3] & kDriftState) == kDriftState) {
    h.drift = VDriftState{.sample = int(w[3] & 0xffff), .window = int(w[3] >> 16 & 0xffff),
                          .calls = long(w[3] >> 32 & 0x3fffffff)};
  } else if (h.key && (w[3] & (kDriftState | kCheckState)) == kCheckState) {
    h.check = VCheckState{.call = int(w[3] & 0xffff), .calls = int(w[3] >> 16 & 0xffff)};
  } else if (h.key && (w[3] & kAuditState)) {
    h.audit = VAuditState{.block_calls = int(w[3] & 0xffff), .measured_calls = int(w[3] >> 16 & 0xffff),
                          .done = int(w[3] >> 32 & 0xffff)};
  } else if (h.key) {
    h.verify = VVerifyState{.option = int(w[3] & 0xff), .options = int(w[3] >> 8 & 0xff),
                            .min_calls = int(w[3] >> 16 & 0xff), .max_calls = int(w[3] >> 24 & 0xff),
                            .done = int(w[3] >> 32 & 0xffff), .audit_after = int(w[3] >> 48 & 0x7fff)};
  }
  h.blocks.assign(w.begin() + kVHeaderWords, w.end());
  return h;
}

}  // namespace collsel::shim

// The scatterv/gatherv header (shim/src/v_header.*): encode and decode round-trip every field, the
// wire size is the one decide() costs, and fields beyond their width are refused.
#include <gtest/gtest.h>

#include <stdexcept>

#include "collsel/schedule.hpp"
#include "v_header.hpp"

using namespace collsel;
using namespace collsel::shim;

namespace {

void expect_same(const VHeader& a, const VHeader& b) {
  EXPECT_EQ(a.algorithm, b.algorithm);
  EXPECT_EQ(a.hold_native, b.hold_native);
  EXPECT_EQ(a.predicted_us, b.predicted_us);
  EXPECT_EQ(a.key, b.key);
  ASSERT_EQ(a.verify.has_value(), b.verify.has_value());
  if (a.verify) {
    EXPECT_EQ(a.verify->option, b.verify->option);
    EXPECT_EQ(a.verify->options, b.verify->options);
    EXPECT_EQ(a.verify->min_calls, b.verify->min_calls);
    EXPECT_EQ(a.verify->max_calls, b.verify->max_calls);
    EXPECT_EQ(a.verify->done, b.verify->done);
    EXPECT_EQ(a.verify->audit_after, b.verify->audit_after);
  }
  ASSERT_EQ(a.audit.has_value(), b.audit.has_value());
  if (a.audit) {
    EXPECT_EQ(a.audit->block_calls, b.audit->block_calls);
    EXPECT_EQ(a.audit->measured_calls, b.audit->measured_calls);
    EXPECT_EQ(a.audit->done, b.audit->done);
  }
  ASSERT_EQ(a.drift.has_value(), b.drift.has_value());
  if (a.drift) {
    EXPECT_EQ(a.drift->sample, b.drift->sample);
    EXPECT_EQ(a.drift->window, b.drift->window);
    EXPECT_EQ(a.drift->calls, b.drift->calls);
  }
  ASSERT_EQ(a.check.has_value(), b.check.has_value());
  if (a.check) {
    EXPECT_EQ(a.check->call, b.check->call);
    EXPECT_EQ(a.check->calls, b.check->calls);
  }
  EXPECT_EQ(a.blocks, b.blocks);
}

}  // namespace

TEST(VHeader, ADecidedCallRoundTrips) {
  const VHeader h{.algorithm = 11, .hold_native = 0, .predicted_us = 1234.5678, .blocks = {0, 8, 1ull << 40, 17, 3}};
  const auto words = encode(h);
  EXPECT_EQ(words.size() * 8, v_header_bytes(5));
  expect_same(decode(words), h);
}

TEST(VHeader, AHeldNativeRoundTrips) {
  const VHeader h{.algorithm = 0, .hold_native = 1000000, .predicted_us = -1, .blocks = {4, 4}};
  expect_same(decode(encode(h)), h);
}

TEST(VHeader, VerificationStateRoundTrips) {
  const VHeader h{.algorithm = 3, .predicted_us = 0.25, .key = 0x8123456789abcdefull,
                  .verify = VVerifyState{.option = 7, .options = 8, .min_calls = 32, .max_calls = 255, .done = 65535,
                                         .audit_after = 256},
                  .blocks = {1, 2, 3}};
  expect_same(decode(encode(h)), h);
}

TEST(VHeader, AuditStateRoundTrips) {
  const VHeader h{.algorithm = 5, .predicted_us = 99.0, .key = 1ull << 63,
                  .audit = VAuditState{.block_calls = 256, .measured_calls = 128, .done = 65535}, .blocks = {9}};
  expect_same(decode(encode(h)), h);
  // Without a key neither state travels.
  const VHeader plain{.algorithm = 5, .audit = VAuditState{.block_calls = 2}, .blocks = {9}};
  EXPECT_FALSE(decode(encode(plain)).audit.has_value());
  EXPECT_FALSE(decode(encode(plain)).verify.has_value());
}

TEST(VHeader, DriftSampleRoundTrips) {
  const VHeader h{.algorithm = 2, .hold_native = 64, .predicted_us = 7.5, .key = 0x8000000000000abcull,
                  .drift = VDriftState{.sample = 65535, .window = 65535, .calls = (1l << 30) - 1}, .blocks = {5, 6}};
  expect_same(decode(encode(h)), h);
  // Neither an audit's state nor a verification's is read as a drift sample, nor the reverse.
  const VHeader first{.algorithm = 2, .key = 1ull << 63, .drift = VDriftState{.sample = 0, .window = 16, .calls = 4},
                      .blocks = {1}};
  expect_same(decode(encode(first)), first);
  const VHeader audit{.algorithm = 2, .key = 1ull << 63,
                      .audit = VAuditState{.block_calls = 65535, .measured_calls = 65535, .done = 65535}, .blocks = {1}};
  expect_same(decode(encode(audit)), audit);
  const VHeader verify{.algorithm = 2, .key = 1ull << 63,
                       .verify = VVerifyState{.option = 255, .options = 255, .min_calls = 255, .max_calls = 255,
                                              .done = 65535, .audit_after = (1 << 15) - 1},
                       .blocks = {1}};
  expect_same(decode(encode(verify)), verify);
  // Without a key no drift sample travels.
  EXPECT_FALSE(decode(encode(VHeader{.drift = VDriftState{.window = 16}, .blocks = {1}})).drift.has_value());
}

TEST(VHeader, CheckedCallRoundTrips) {
  const VHeader h{.algorithm = 4, .predicted_us = 812.5, .key = 0x8000000000000defull,
                  .check = VCheckState{.call = 65535, .calls = 65535}, .blocks = {3, 0, 7}};
  expect_same(decode(encode(h)), h);
  const VHeader first{.algorithm = 4, .key = 1ull << 63, .check = VCheckState{.call = 0, .calls = 3}, .blocks = {1}};
  expect_same(decode(encode(first)), first);
  // A drift sample whose calls set bit 61 (the check's mark) stays a drift sample; a full audit
  // state is not read as a check.
  const VHeader drift{.algorithm = 4, .key = 1ull << 63,
                      .drift = VDriftState{.sample = 1, .window = 4, .calls = 1l << 29}, .blocks = {1}};
  expect_same(decode(encode(drift)), drift);
  const VHeader audit{.algorithm = 4, .key = 1ull << 63,
                      .audit = VAuditState{.block_calls = 65535, .measured_calls = 65535, .done = 65535}, .blocks = {1}};
  expect_same(decode(encode(audit)), audit);
  // Without a key no check travels.
  EXPECT_FALSE(decode(encode(VHeader{.check = VCheckState{.calls = 3}, .blocks = {1}})).check.has_value());
}

TEST(VHeader, FieldsBeyondTheirWidthAreRefused) {
  VHeader h{.key = 1ull << 63, .verify = VVerifyState{.option = 256}};
  EXPECT_THROW(encode(h), std::length_error);
  h.verify = VVerifyState{.audit_after = 1 << 15};
  EXPECT_THROW(encode(h), std::length_error);
  h.verify.reset();
  h.audit = VAuditState{.block_calls = 1 << 16};
  EXPECT_THROW(encode(h), std::length_error);
  h.audit.reset();
  h.drift = VDriftState{.sample = 0, .window = 1 << 16};
  EXPECT_THROW(encode(h), std::length_error);
  h.drift = VDriftState{.sample = 0, .window = 16, .calls = 1l << 30};
  EXPECT_THROW(encode(h), std::length_error);
  h.drift.reset();
  h.check = VCheckState{.call = 0, .calls = 1 << 16};
  EXPECT_THROW(encode(h), std::length_error);
  EXPECT_THROW(decode(std::vector<std::uint64_t>(3, 0)), std::length_error);
}

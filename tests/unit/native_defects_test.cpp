// The shim core's library detection, native defects and size buckets (shim/src/native_defects.*,
// size_buckets.hpp), which the shim and collsel-bench both use.
#include <gtest/gtest.h>

#include <string>

#include "native_defects.hpp"
#include "size_buckets.hpp"

using namespace collsel;
using namespace collsel::shim;

namespace {
const std::string kMpich402Ucx = "MPICH Version:\t4.0.2\nMPICH Release date:\tThu May 26 2022\nMPICH Device:\tch4:ucx\n";
}  // namespace

TEST(NativeDefects, DetectsTheDefectsOfMpich402Ucx) {
  const LibraryInfo info = detect_library(kMpich402Ucx);
  EXPECT_EQ(info.defects.size(), kNativeDefects.size());
  EXPECT_TRUE(info.type_defects[std::size_t(Collective::scatter)]);
  EXPECT_TRUE(info.type_defects[std::size_t(Collective::gather)]);
  EXPECT_FALSE(info.type_defects[std::size_t(Collective::reduce)]);
  EXPECT_FALSE(info.type_defects[std::size_t(Collective::bcast)]);
}

TEST(NativeDefects, OtherLibrariesHaveNone) {
  for (const std::string text : {"MPICH Version:\t4.1.2\nMPICH Device:\tch4:ofi\n", "MPICH Version:\t4.0.2\nMPICH Device:\tch4:ofi\n",
                                 "Open MPI v4.1.4, package: Debian OpenMPI", ""}) {
    const LibraryInfo info = detect_library(text);
    EXPECT_TRUE(info.defects.empty()) << text;
  }
}

TEST(NativeDefects, NativeDefectSkipsRootCopyRowsAndMatchesTheCall) {
  const LibraryInfo info = detect_library(kMpich402Ucx);
  // The in-place reduce defect has a root copy: native stays.
  EXPECT_EQ(native_defect(info.defects, Collective::reduce, 3, 1, 1 << 20), nullptr);
  // Mixed-type scatter above 8 KB in total: broken; not mixed, or smaller: fine.
  const NativeDefect* d = native_defect(info.defects, Collective::scatter, 4, 0, 4096, true);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->op, Collective::scatter);
  EXPECT_EQ(native_defect(info.defects, Collective::scatter, 4, 0, 4096, false), nullptr);
  EXPECT_EQ(native_defect(info.defects, Collective::scatter, 4, 0, 2048, true), nullptr);
  EXPECT_EQ(native_defect(info.defects, Collective::bcast, 4, 0, 1 << 30, true), nullptr);
  EXPECT_EQ(native_defect({}, Collective::scatter, 4, 0, 4096, true), nullptr);
}

TEST(SizeBuckets, BucketsArePowersOfTwo) {
  EXPECT_EQ(size_bucket(0), 0);
  EXPECT_EQ(size_bucket(1), 1);
  EXPECT_EQ(size_bucket(4095), 12);
  EXPECT_EQ(size_bucket(4096), 13);
  EXPECT_EQ(bucket_range(0).min, 0u);
  EXPECT_EQ(bucket_range(0).max, 0u);
  EXPECT_EQ(bucket_range(1).min, 1u);
  EXPECT_EQ(bucket_range(1).max, 1u);
  EXPECT_EQ(bucket_range(5000).min, 4096u);
  EXPECT_EQ(bucket_range(5000).max, 8191u);
  EXPECT_EQ(bucket_range(std::size_t(-1)).max, std::size_t(-1));
  for (std::size_t b : {std::size_t(3), std::size_t(65536), std::size_t(65537), std::size_t(1) << 40}) {
    EXPECT_LE(bucket_range(b).min, b);
    EXPECT_GE(bucket_range(b).max, b);
    EXPECT_EQ(size_bucket(bucket_range(b).min), size_bucket(b));
    EXPECT_EQ(size_bucket(bucket_range(b).max), size_bucket(b));
  }
}

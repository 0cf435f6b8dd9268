#include "collsel/byte_size.hpp"

#include <gtest/gtest.h>

using collsel::format_byte_size;
using collsel::parse_byte_size;

TEST(ByteSize, ParsesPlainAndSuffixedSizes) {
  EXPECT_EQ(parse_byte_size("0"), 0u);
  EXPECT_EQ(parse_byte_size("4096"), 4096u);
  EXPECT_EQ(parse_byte_size("64K"), 65536u);
  EXPECT_EQ(parse_byte_size("64kib"), 65536u);
  EXPECT_EQ(parse_byte_size("1M"), 1048576u);
  EXPECT_EQ(parse_byte_size("1MB"), 1048576u);
  EXPECT_EQ(parse_byte_size("2G"), std::size_t(2) << 30);
  EXPECT_EQ(parse_byte_size("7B"), 7u);
}

TEST(ByteSize, RejectsMalformedText) {
  for (const char* bad : {"", "K", "-1", "1.5M", "12X", " 12", "1234567890123456", "64 K"})
    EXPECT_FALSE(parse_byte_size(bad).has_value()) << bad;
}

TEST(ByteSize, FormatsTheShortestExactForm) {
  EXPECT_EQ(format_byte_size(0), "0B");
  EXPECT_EQ(format_byte_size(1000), "1000B");
  EXPECT_EQ(format_byte_size(65536), "64K");
  EXPECT_EQ(format_byte_size(3 << 20), "3M");
  EXPECT_EQ(format_byte_size(std::size_t(1) << 40), "1024G");
  for (std::size_t b : {std::size_t(1), std::size_t(1536), std::size_t(1) << 20})
    EXPECT_EQ(parse_byte_size(format_byte_size(b)), b);
}

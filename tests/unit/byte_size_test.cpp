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

TEST(ByteSize, ToolOptionsParseSizesAndListsOrNameTheBadOne) {
  EXPECT_EQ(collsel::parse_size("64K", "--segment"), 65536u);
  EXPECT_EQ(collsel::parse_size_list("1,4K,1M", "--bytes"), (std::vector<std::size_t>{1, 4096, 1 << 20}));
  EXPECT_EQ(collsel::parse_size_list("0", "--bytes"), (std::vector<std::size_t>{0}));
  try {
    collsel::parse_size_list("1K,2X,3K", "--bytes");
    ADD_FAILURE() << "2X parsed";
  } catch (const collsel::BadSize& e) {
    EXPECT_STREQ(e.what(), "bad size '2X' in --bytes (expected bytes like 4096, 64K, 1M or 2G)");
  }
  try {
    collsel::parse_size_list("1K,0", "--bytes", 1);
    ADD_FAILURE() << "0 accepted";
  } catch (const collsel::BadSize& e) {
    EXPECT_STREQ(e.what(), "bad size '0' in --bytes (sizes start at 1 byte)");
  }
  EXPECT_THROW(collsel::parse_size_list("1K,", "--bytes"), collsel::BadSize);
}

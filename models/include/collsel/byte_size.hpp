// Byte sizes as users write them on command lines and in files: "4096", "64K", "1M", "2G"
// (powers of 1024; the unit is case-insensitive and may be written K, KB or KiB).
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace collsel {

// Bytes, or nullopt when the text is not 1-15 digits followed by an optional unit.
std::optional<std::size_t> parse_byte_size(std::string_view text);

// A size given to a tool's command-line option: a bad one throws BadSize, whose message names the
// text and the option ("bad size 'x' in --bytes (expected bytes like 4096, 64K, 1M or 2G)"), or
// says that sizes start at min_bytes when it is smaller. The tools' one parser of sizes.
struct BadSize : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
std::size_t parse_size(std::string_view text, std::string_view option, std::size_t min_bytes = 0);
// A comma-separated list of them ("1K,64K,1M"), in order.
std::vector<std::size_t> parse_size_list(std::string_view list, std::string_view option, std::size_t min_bytes = 0);

// The shortest exact form: 65536 -> "64K", 1000 -> "1000B".
std::string format_byte_size(std::size_t bytes);

}  // namespace collsel

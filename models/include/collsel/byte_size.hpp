// Byte sizes as users write them on command lines and in files: "4096", "64K", "1M", "2G"
// (powers of 1024; the unit is case-insensitive and may be written K, KB or KiB).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace collsel {

// Bytes, or nullopt when the text is not 1-15 digits followed by an optional unit.
std::optional<std::size_t> parse_byte_size(std::string_view text);

// The shortest exact form: 65536 -> "64K", 1000 -> "1000B".
std::string format_byte_size(std::size_t bytes);

}  // namespace collsel

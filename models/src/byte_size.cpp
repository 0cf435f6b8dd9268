#include "collsel/byte_size.hpp"

#include <cctype>

namespace collsel {

std::optional<std::size_t> parse_byte_size(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 15) return std::nullopt;
  std::string unit(text.substr(digits));
  for (char& c : unit) c = char(std::toupper(static_cast<unsigned char>(c)));
  int shift = 0;
  if (unit.empty() || unit == "B") shift = 0;
  else if (unit == "K" || unit == "KB" || unit == "KIB") shift = 10;
  else if (unit == "M" || unit == "MB" || unit == "MIB") shift = 20;
  else if (unit == "G" || unit == "GB" || unit == "GIB") shift = 30;
  else return std::nullopt;
  std::size_t value = 0;
  for (std::size_t i = 0; i < digits; ++i) value = value * 10 + std::size_t(text[i] - '0');
  return value << shift;
}

std::size_t parse_size(std::string_view text, std::string_view option, std::size_t min_bytes) {
  const auto bytes = parse_byte_size(text);
  const std::string where = "bad size '" + std::string(text) + "' in " + std::string(option);
  if (!bytes) throw BadSize(where + " (expected bytes like 4096, 64K, 1M or 2G)");
  if (*bytes < min_bytes)
    throw BadSize(where + " (sizes start at " + std::to_string(min_bytes) + (min_bytes == 1 ? " byte)" : " bytes)"));
  return *bytes;
}

std::vector<std::size_t> parse_size_list(std::string_view list, std::string_view option, std::size_t min_bytes) {
  std::vector<std::size_t> sizes;
  for (std::size_t start = 0;;) {
    const std::size_t comma = list.find(',', start);
    sizes.push_back(parse_size(list.substr(start, comma == std::string_view::npos ? comma : comma - start), option,
                               min_bytes));
    if (comma == std::string_view::npos) return sizes;
    start = comma + 1;
  }
}

std::string format_byte_size(std::size_t bytes) {
  const char* units[] = {"B", "K", "M", "G"};
  int u = 0;
  while (u < 3 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++u;
  }
  return std::to_string(bytes) + units[u];
}

}  // namespace collsel

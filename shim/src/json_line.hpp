// One JSON object on one line (the log is JSON lines, docs/shim.md "Log"), written key by key:
// strings escaped as JSON requires (quotes, backslashes, control characters), times in
// microseconds with two decimals (null where not finite: JSON has no NaN or infinity), integers as
// they are, arrays from nested objects.
#pragma once

#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace collsel::shim {

class JsonLine {
 public:
  JsonLine& add(std::string_view key, std::string_view value) {
    next_key(key);
    quoted(value);
    return *this;
  }
  JsonLine& add(std::string_view key, const char* value) { return add(key, std::string_view(value)); }
  JsonLine& add(std::string_view key, const std::string& value) { return add(key, std::string_view(value)); }
  template <class Int, std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>, int> = 0>
  JsonLine& add(std::string_view key, Int value) {
    next_key(key);
    out_ += std::to_string(value);
    return *this;
  }
  JsonLine& add(std::string_view key, bool value) {
    next_key(key);
    out_ += value ? "true" : "false";
    return *this;
  }
  // Microseconds, two decimals (negative: unknown, as the log has always written it; null: not a
  // finite number).
  JsonLine& add_us(std::string_view key, double us) {
    next_key(key);
    number(us);
    return *this;
  }
  // An array of microseconds, two decimals each.
  JsonLine& add_us(std::string_view key, std::span<const double> us) {
    next_key(key);
    out_ += '[';
    for (std::size_t i = 0; i < us.size(); ++i) {
      if (i) out_ += ", ";
      number(us[i]);
    }
    out_ += ']';
    return *this;
  }
  JsonLine& add(std::string_view key, const std::vector<JsonLine>& objects) {
    next_key(key);
    out_ += '[';
    for (std::size_t i = 0; i < objects.size(); ++i) out_ += (i ? ", " : "") + objects[i].str();
    out_ += ']';
    return *this;
  }
  std::string str() const { return out_ + '}'; }

 private:
  void number(double v) {
    if (!std::isfinite(v)) {
      out_ += "null";
      return;
    }
    char b[48];
    std::snprintf(b, sizeof b, "%.2f", v);
    out_ += b;
  }
  void next_key(std::string_view key) {
    out_ += out_.size() > 1 ? ", " : "";
    quoted(key);
    out_ += ": ";
  }
  void quoted(std::string_view s) {
    out_ += '"';
    for (char c : s) {
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\t': out_ += "\\t"; break;
        case '\r': out_ += "\\r"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", static_cast<unsigned char>(c));
            out_ += b;
          } else {
            out_ += c;
          }
      }
    }
    out_ += '"';
  }
  std::string out_ = "{";
};

}  // namespace collsel::shim

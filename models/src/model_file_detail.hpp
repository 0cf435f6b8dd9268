// Internal helpers of the model-file reader and writer (models/src only, not installed). A new
// section ([channels], ...) is one reader and one writer built on these, registered in the
// section table of model_file.cpp.
#pragma once

#include <limits>

#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "collsel/model_file.hpp"

namespace collsel::detail {

// Reads typed values out of a parsed TOML document; every failure throws ModelFileError naming
// the source, the line of the offending node and its dotted key.
class TomlReader {
 public:
  explicit TomlReader(std::string source) : source_(std::move(source)) {}
  const std::string& source() const { return source_; }

  [[noreturn]] void fail(const toml::node* at, const std::string& key, const std::string& problem) const;
  [[noreturn]] void fail_line(int line, const std::string& key, const std::string& problem) const;
  static int line_of(const toml::node* n) { return n ? int(n->source().begin.line) : 0; }

  // Rejects keys of `t` that are not in `allowed` (catches typos in hand-edited files).
  void only_keys(const toml::table& t, const std::string& path, std::initializer_list<std::string_view> allowed) const;

  // `path` is the dotted key of the table `t`; "" for the root.
  const toml::table* table(const toml::table& t, const std::string& path, std::string_view key, bool required) const;
  const toml::array* array(const toml::table& t, const std::string& path, std::string_view key, bool required) const;

  // A finite number (integer or float). Missing and not required -> fallback.
  double number(const toml::table& t, const std::string& path, std::string_view key, bool required,
                double fallback = 0.0) const;
  double nonnegative(const toml::table& t, const std::string& path, std::string_view key, bool required,
                     double fallback = 0.0) const;
  long long integer(const toml::table& t, const std::string& path, std::string_view key, bool required,
                    long long fallback = 0) const;
  std::string string(const toml::table& t, const std::string& path, std::string_view key, bool required) const;

  // Elements of an array node: numbers (>= 0 when nonneg), integers, strings.
  // `max`: the largest physical value (a bigger one is an error naming the element).
  std::vector<double> numbers(const toml::array& a, const std::string& key, bool nonneg,
                              double max = std::numeric_limits<double>::max()) const;
  std::vector<long long> integers(const toml::array& a, const std::string& key) const;
  std::vector<std::string> strings(const toml::array& a, const std::string& key) const;

  // A required vector of n non-negative numbers / an n x n matrix (array of n rows of n), row-major;
  // the matrix's elements may be negative when !nonneg (magnitudes still at most max).
  std::vector<double> vector_n(const toml::table& t, const std::string& path, std::string_view key, int n,
                               double max = std::numeric_limits<double>::max()) const;
  std::vector<double> matrix_n(const toml::table& t, const std::string& path, std::string_view key, int n,
                               double max = std::numeric_limits<double>::max(), bool nonneg = true) const;

  static std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
  }

 private:
  const toml::node* get(const toml::table& t, const std::string& path, std::string_view key, bool required) const;
  double as_number(const toml::node& n, const std::string& key) const;
  std::string source_;
};

// Writer helpers: shortest text that reads back to the same double, always a TOML float.
std::string format_number(double v);
std::string format_string(std::string_view s);
void write_vector(std::string& out, std::string_view key, const std::vector<double>& v);
// n x n row-major matrix, one row per line.
void write_matrix(std::string& out, std::string_view key, int n, const std::vector<double>& m);

}  // namespace collsel::detail

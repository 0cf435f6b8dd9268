// The shim's JSON-lines writer (shim/src/json_line.hpp): the exact layout tools grep for, and
// escaping that keeps any algorithm name, reason or path valid JSON.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "json_line.hpp"

using collsel::shim::JsonLine;

TEST(JsonLine, KeysValuesAndLayout) {
  const std::size_t bytes = 65536;
  const std::string line = JsonLine()
                               .add("kind", "summary")
                               .add("comm_size", 8)
                               .add("bytes_max", bytes)
                               .add_us("predicted_us", 412.1)
                               .add_us("native_us", -1)
                               .add("extrapolated", true)
                               .str();
  EXPECT_EQ(line,
            "{\"kind\": \"summary\", \"comm_size\": 8, \"bytes_max\": 65536, \"predicted_us\": 412.10, "
            "\"native_us\": -1.00, \"extrapolated\": true}");
  EXPECT_EQ(JsonLine().str(), "{}");
}

TEST(JsonLine, EscapesWhatJsonRequires) {
  const std::string line = JsonLine().add("reason", "a \"quoted\" path C:\\x\nline\ttab\x01").str();
  EXPECT_EQ(line, "{\"reason\": \"a \\\"quoted\\\" path C:\\\\x\\nline\\ttab\\u0001\"}");
}

TEST(JsonLine, ArraysOfObjects) {
  std::vector<JsonLine> candidates;
  candidates.push_back(JsonLine().add("algorithm", "chain").add_us("measured_us", 1.5));
  candidates.push_back(JsonLine().add("algorithm", "native").add_us("measured_us", 2));
  EXPECT_EQ(JsonLine().add("candidates", candidates).add("verdict", "chain").str(),
            "{\"candidates\": [{\"algorithm\": \"chain\", \"measured_us\": 1.50}, {\"algorithm\": \"native\", "
            "\"measured_us\": 2.00}], \"verdict\": \"chain\"}");
  EXPECT_EQ(JsonLine().add("candidates", std::vector<JsonLine>{}).str(), "{\"candidates\": []}");
}

TEST(JsonLine, ArraysOfMicroseconds) {
  const std::vector<double> calls{3959.014, 4123.5, 12};
  EXPECT_EQ(JsonLine().add_us("calls_us", calls).str(), "{\"calls_us\": [3959.01, 4123.50, 12.00]}");
  EXPECT_EQ(JsonLine().add_us("calls_us", std::span<const double>()).str(), "{\"calls_us\": []}");
}

TEST(JsonLine, NumbersThatAreNotFiniteAreNull) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(JsonLine().add_us("a", nan).add_us("b", inf).add_us("c", -inf).add_us("d", 1.5).str(),
            "{\"a\": null, \"b\": null, \"c\": null, \"d\": 1.50}");
  const std::vector<double> calls{1, nan, inf, 2};
  EXPECT_EQ(JsonLine().add_us("calls_us", calls).str(), "{\"calls_us\": [1.00, null, null, 2.00]}");
}

// The tools' command-line options as tables: each tool lists its options (names, the variable that
// receives the value, the help, what values it takes) and add_options() declares them to CLI11.
// The options several tools share are declared here once: --p2p-model and its old name
// --model-kind (docs/settings.md, "Tools"), --segment-bytes, and outputs whose file name is optional (--csv).
#pragma once

#include <CLI/CLI.hpp>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace collsel::tools {

// The point-to-point model kinds a tool predicts with, as the shim's setting p2p_model.
extern const std::vector<std::string> kModelKinds;

// One option. A bool variable makes it a flag.
struct OptionSpec {
  std::string names;  // "--root", "-o,--output", "--ops,--op"
  std::variant<std::string*, std::vector<std::string>*, int*, double*, bool*> value;
  std::string help;
  std::optional<CLI::Validator> check = std::nullopt;  // e.g. CLI::IsMember({...}), CLI::Range(a, b)
  bool required = false;
  char delimiter = '\0';        // a list option: the separator of its items in one argument
  bool optional_file = false;   // [FILE]: the option alone means "-" (standard output)
  std::string group = {};       // the help's group, if not the default one
};
void add_options(CLI::App& app, std::span<const OptionSpec> options);

// --p2p-model KIND: the model to predict with; `default_note` says what the tool predicts with
// without it.
OptionSpec p2p_model_option(std::string& kind, const std::string& default_note);

// --segment-bytes SIZE|auto: the segment size of pipelined and frame schedules, as the shim's
// setting segment_bytes; checked when parsed (at least 1K, or auto).
OptionSpec segment_bytes_option(std::string& text, const std::string& help_tail);
// Its value: collsel::kAutoSegmentBytes for auto (the model's choice per call).
std::size_t segment_bytes_value(const std::string& text);

// Old names of options, still accepted: each an option of its own in the help's group "Deprecated
// aliases". After parsing, resolve() gives each new option its old name's value, unless the new
// name was given too (the new name wins), and returns a warning per old name used, in the order
// they were added ("--model-kind is deprecated, use --p2p-model").
class DeprecatedAliases {
 public:
  CLI::Option* add(CLI::App& app, const std::string& old_name, const std::string& new_name, std::string& target);
  std::vector<std::string> resolve(const CLI::App& app);

 private:
  struct Alias {
    std::string old_name, new_name;
    std::string* target;
    std::string value;  // what CLI11 parses the old name into
  };
  std::deque<Alias> aliases_;  // a deque: CLI11 keeps the address of each value
};

// --model-kind, the old name of --p2p-model (with its choices).
void add_model_kind_alias(CLI::App& app, DeprecatedAliases& aliases, std::string& kind);

// Parses the command line the tools' way: --help and --version print and give exit code 0; an
// error prints "PROGRAM: ERROR (see --help)" on standard error and gives 2; nullopt: go on.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, const char* program);

}  // namespace collsel::tools

#include "cli_options.hpp"

#include "collsel/byte_size.hpp"
#include "collsel/registry.hpp"

#include <cstdio>
#include <stdexcept>
#include <type_traits>

namespace collsel::tools {

const std::vector<std::string> kModelKinds = {"hockney", "lmo", "plogp", "loggp"};

void add_options(CLI::App& app, std::span<const OptionSpec> options) {
  for (const OptionSpec& spec : options) {
    CLI::Option* o = std::visit(
        [&](auto* variable) -> CLI::Option* {
          if constexpr (std::is_same_v<decltype(variable), bool*>) return app.add_flag(spec.names, *variable, spec.help);
          else return app.add_option(spec.names, *variable, spec.help);
        },
        spec.value);
    if (spec.delimiter) o->delimiter(spec.delimiter);
    if (spec.check) o->check(*spec.check);
    if (spec.optional_file) o->expected(0, 1)->default_str("-")->type_name("[FILE]");
    if (spec.required) o->required();
    if (!spec.group.empty()) o->group(spec.group);
  }
}

OptionSpec p2p_model_option(std::string& kind, const std::string& default_note) {
  return {.names = "--p2p-model",
          .value = &kind,
          .help = "point-to-point model to predict with, as the shim's setting p2p_model: hockney, lmo, plogp or "
                  "loggp (default: " + default_note + ")",
          .check = CLI::IsMember(kModelKinds)};
}

std::size_t segment_bytes_value(const std::string& text) {
  if (text == "auto") return kAutoSegmentBytes;
  const std::size_t bytes = parse_size(text, "--segment-bytes");
  if (bytes < kSmallestSegmentBytes) throw BadSize("--segment-bytes must be at least 1K or auto (got " + text + ")");
  return bytes;
}

OptionSpec segment_bytes_option(std::string& text, const std::string& help_tail) {
  const CLI::Validator size_or_auto(
      [](std::string& value) -> std::string {
        try {
          segment_bytes_value(value);
          return {};
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
      },
      "SIZE|auto");
  return {.names = "--segment-bytes",
          .value = &text,
          .help = "segment size of pipelined and frame schedules, as the shim's setting segment_bytes, or auto " + help_tail,
          .check = size_or_auto};
}

CLI::Option* DeprecatedAliases::add(CLI::App& app, const std::string& old_name, const std::string& new_name,
                                    std::string& target) {
  Alias& a = aliases_.emplace_back(Alias{old_name, new_name, &target, {}});
  return app.add_option(old_name, a.value, "deprecated: " + new_name)->group("Deprecated aliases");
}

std::vector<std::string> DeprecatedAliases::resolve(const CLI::App& app) {
  std::vector<std::string> warnings;
  for (const Alias& a : aliases_) {
    if (app.count(a.old_name) == 0) continue;
    warnings.push_back(a.old_name + " is deprecated, use " + a.new_name);
    if (app.count(a.new_name) == 0) *a.target = a.value;
  }
  return warnings;
}

void add_model_kind_alias(CLI::App& app, DeprecatedAliases& aliases, std::string& kind) {
  aliases.add(app, "--model-kind", "--p2p-model", kind)->check(CLI::IsMember(kModelKinds));
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, const char* program) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::fprintf(stderr, "%s: %s (see --help)\n", program, e.what());
    return 2;
  }
  return std::nullopt;
}

}  // namespace collsel::tools

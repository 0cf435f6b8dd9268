// collsel-info: what libcollsel.so can be told, and what it would be told here. Lists every
// setting of the shim's table (shim/src/settings.hpp: TOML key, environment variable, values,
// default, help), then the effective configuration that the environment (COLLSEL_*) and a TOML
// file (--config FILE, else COLLSEL_CONFIG) give, with where each value comes from, and any
// problem the shim would report. No MPI: it runs anywhere, without a launcher.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli_options.hpp"
#include "collsel/collective.hpp"
#include "collsel/version.hpp"
#include "settings.hpp"

namespace {

using collsel::shim::kOtherVariables;
using collsel::shim::kSettings;
using collsel::shim::SettingInfo;
using collsel::shim::SettingType;

constexpr const char* kProgram = "collsel-info";

// The default as docs/settings.md shows it: (none) for an empty path, [] for an empty list.
std::string shown_default(const SettingInfo& s) {
  if (!s.default_value.empty()) return std::string(s.default_value);
  return s.type == SettingType::algorithm_list || s.type == SettingType::rules ? "[]" : "(none)";
}

std::string environment_name(const SettingInfo& s) {
  if (!s.env) return "-";
  if (!s.per_op) return collsel::shim::env_name(s);
  return "COLLSEL_<OP>_" + collsel::shim::env_name(s).substr(std::string("COLLSEL_BCAST_").size());
}

std::string toml_name(const SettingInfo& s) {
  if (!s.toml) return std::string(s.key) + " (env)";
  return s.per_op ? "<op>." + std::string(s.key) : std::string(s.key);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Lists the settings of libcollsel.so (type, default, help) and their effective values from the "
               "environment (COLLSEL_*) and a TOML configuration file. Needs no MPI.",
               kProgram};
  app.set_version_flag("--version", std::string(kProgram) + " " + collsel::kVersion, "print the version, then exit");
  std::string config;
  bool list = false;
  app.add_option("--config", config, "TOML configuration file to read (default: COLLSEL_CONFIG, if set)");
  app.add_flag("--list", list,
               "only the table, one setting a line, tab-separated: key, scope (global or op), environment "
               "variable, values, default, help");
  if (const auto exit_code = collsel::tools::parse_command_line(app, argc, argv, kProgram)) return *exit_code;

  if (list) {
    for (const SettingInfo& s : kSettings)
      std::printf("%s\t%s\t%s\t%s\t%s\t%s\n", std::string(s.key).c_str(), s.per_op ? "op" : "global",
                  environment_name(s).c_str(), std::string(s.values).c_str(), shown_default(s).c_str(),
                  std::string(s.help).c_str());
    return 0;
  }

  std::printf("%s %s: the settings of libcollsel.so (docs/settings.md)\n\n", kProgram, collsel::kVersion);
  std::printf("Precedence: the environment, then the TOML file (COLLSEL_CONFIG), then the defaults. Per-operation\n"
              "settings: TOML table [<op>], environment COLLSEL_<OP>_<KEY>; <op> is one of");
  for (collsel::Collective c : collsel::all_collectives) std::printf(" %s", std::string(collsel::to_string(c)).c_str());
  std::printf(".\n\n");
  for (const SettingInfo& s : kSettings) {
    std::printf("%-22s %-26s %s (default %s)\n", toml_name(s).c_str(), environment_name(s).c_str(),
                std::string(s.values).c_str(), shown_default(s).c_str());
    std::printf("    %s\n", std::string(s.help).c_str());
  }
  std::printf("\nNot settings of libcollsel.so, but collsel's (the shim ignores them without a warning):\n");
  for (const auto& o : kOtherVariables)
    std::printf("%-22s %s\n", std::string(o.name).c_str(), std::string(o.owner).c_str());

  // The effective configuration, read as the shim reads it at MPI_Init.
  if (!config.empty()) setenv("COLLSEL_CONFIG", config.c_str(), 1);
  const collsel::shim::Settings settings = collsel::shim::load_settings();
  std::printf("\nEffective configuration here (value, then where it comes from):\n%s",
              collsel::shim::format_settings(settings).c_str());
  for (const auto& w : settings.warnings) std::printf("warning: %s\n", w.c_str());
  for (const auto& e : settings.errors) std::printf("configuration error: %s\n", e.c_str());
  if (!settings.errors.empty()) {
    std::printf("With these errors libcollsel.so runs native everywhere (strict: aborts the job).\n");
    return 1;
  }
  return 0;
}

// collsel-predict — prints, for a collective, a process count and message sizes, every applicable
// algorithm's predicted time under a model file and marks the one the shim would choose.
//
//   collsel-predict --model FILE --op OP --procs P [--root R] --bytes LIST [--csv]
//                   [--model-kind hockney|lmo|plogp|loggp] [--segment BYTES]
//
// Ranks are placed on the model's cluster as default_placement() does (rank r on the host of
// calibrated process r mod n). scatterv/gatherv are predicted with uniform blocks of the given size.
// Errors (unknown op, bad size, missing or malformed model, bad flags): one line on stderr, exit 2.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/decide.hpp"
#include "collsel/model_file.hpp"
#include "collsel/rank_mapping.hpp"

namespace {

constexpr const char* kProgram = "collsel-predict";

// A usage or input error: reported as one line, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string model_path;
  std::string op_name;
  int procs = 0;
  int root = 0;
  std::string bytes_list;
  bool csv = false;
  std::string model_kind;  // empty: the file's default model
  std::string segment = "64K";
};

// "4096", "64K", "1M", "2G" (powers of 1024; k/m/g accepted too).
std::size_t parse_size(const std::string& text, const std::string& what) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  const std::string rest = text.substr(digits);
  std::size_t scale = 1;
  if (rest == "K" || rest == "k") scale = std::size_t(1) << 10;
  else if (rest == "M" || rest == "m") scale = std::size_t(1) << 20;
  else if (rest == "G" || rest == "g") scale = std::size_t(1) << 30;
  else if (!rest.empty()) digits = 0;
  if (digits == 0 || digits > 15)
    throw UsageError("bad size '" + text + "' in " + what + " (expected bytes like 4096, 64K, 1M or 2G)");
  return std::stoull(text.substr(0, digits)) * scale;
}

std::vector<std::size_t> parse_size_list(const std::string& list) {
  std::vector<std::size_t> sizes;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    sizes.push_back(parse_size(list.substr(start, comma - start), "--bytes"));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return sizes;
}

collsel::Collective parse_op(const std::string& name) {
  const auto op = collsel::parse_collective(name);
  if (!op) throw UsageError("unknown --op '" + name + "' (expected bcast, reduce, scatter, gather, scatterv or gatherv)");
  return *op;
}

const collsel::P2PModel& choose_model(const collsel::ModelFile& file, const Options& opt) {
  const collsel::P2PModel* m = opt.model_kind.empty() ? file.default_model() : file.model(opt.model_kind);
  if (!m) {
    std::string have;
    for (const char* kind : {"hockney", "lmo", "plogp", "loggp"})
      if (file.model(kind)) have += std::string(have.empty() ? "" : ", ") + kind;
    if (opt.model_kind.empty()) throw UsageError(opt.model_path + ": holds no point-to-point model");
    throw UsageError(opt.model_path + ": no '" + opt.model_kind + "' model (the file has: " +
                     (have.empty() ? "none" : have) + ")");
  }
  return *m;
}

std::string human_size(std::size_t b) {
  const char* units[] = {"B", "K", "M", "G"};
  int u = 0;
  while (u < 3 && b >= 1024 && b % 1024 == 0) {
    b /= 1024;
    ++u;
  }
  return std::to_string(b) + units[u];
}

void print_decision(const Options& opt, std::size_t bytes, const collsel::Decision& d) {
  if (opt.csv) {
    for (std::size_t k = 0; k < d.candidates.size(); ++k)
      std::printf("%s,%d,%d,%zu,%.*s,%.3f,%d\n", opt.op_name.c_str(), opt.procs, opt.root, bytes,
                  int(d.candidates[k].algorithm->name.size()), d.candidates[k].algorithm->name.data(),
                  d.candidates[k].predicted_seconds * 1e6, k == d.chosen ? 1 : 0);
    return;
  }
  std::printf("\n%s of %s (%zu bytes%s):\n", opt.op_name.c_str(), human_size(bytes).c_str(), bytes,
              collsel::is_personalized(parse_op(opt.op_name)) ? " per rank" : "");
  for (std::size_t k = 0; k < d.candidates.size(); ++k) {
    const auto& c = d.candidates[k];
    std::printf("  %s %-18.*s %14.3f us\n", k == d.chosen ? "*" : " ", int(c.algorithm->name.size()),
                c.algorithm->name.data(), c.predicted_seconds * 1e6);
  }
}

int run(const Options& opt) {
  const collsel::Collective op = parse_op(opt.op_name);
  if (opt.procs < 1) throw UsageError("--procs must be at least 1");
  if (opt.root < 0 || opt.root >= opt.procs)
    throw UsageError("--root " + std::to_string(opt.root) + " is not a rank of " + std::to_string(opt.procs) + " processes");
  const std::vector<std::size_t> sizes = parse_size_list(opt.bytes_list);
  const std::size_t segment = parse_size(opt.segment, "--segment");

  const collsel::ModelFile file = collsel::read_model_file(opt.model_path);
  const collsel::P2PModel& base = choose_model(file, opt);
  // The model is keyed on calibrated processes; the decision needs communicator ranks.
  const collsel::MappedModel ranks(base, file.cluster, collsel::default_placement(file.cluster, opt.procs));

  if (opt.csv) {
    std::printf("op,procs,root,bytes,algorithm,predicted_us,chosen\n");
  } else {
    std::printf("%s: %d processes, root %d, model %s from %s (%d calibrated processes on %d hosts)\n",
                opt.op_name.c_str(), opt.procs, opt.root, std::string(base.kind()).c_str(), opt.model_path.c_str(),
                file.cluster.size(), file.cluster.host_count());
    std::printf("predicted times; * = chosen (native first, chosen unless another is faster by the margin)\n");
  }
  for (std::size_t bytes : sizes) {
    std::vector<std::size_t> blocks;
    collsel::DecisionRequest request{.shape = {.op = op, .procs = opt.procs, .root = opt.root, .bytes = bytes},
                                     .cost = &ranks, .native = &file.native, .segment_bytes = segment};
    if (collsel::is_vector_variant(op)) {
      blocks.assign(std::size_t(opt.procs), bytes);  // uniform blocks of the given size
      request.shape.block_bytes = blocks;
    }
    print_decision(opt, bytes, collsel::decide(request));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  CLI::App app{"Predicts every applicable algorithm's time for a collective under a collsel model file and "
               "marks the one the shim would choose.",
               kProgram};
  app.add_option("--model", opt.model_path, "model file (TOML, written by collsel-calibrate)")->required();
  app.add_option("--op", opt.op_name, "bcast, reduce, scatter, gather, scatterv or gatherv")->required();
  app.add_option("--procs", opt.procs, "number of processes")->required();
  app.add_option("--root", opt.root, "root rank (default 0)");
  app.add_option("--bytes", opt.bytes_list,
                 "comma-separated message sizes: bcast/reduce the whole message, the others one rank's "
                 "block (K, M, G = powers of 1024), e.g. 1K,64K,1M")
      ->required();
  app.add_flag("--csv", opt.csv, "CSV: op,procs,root,bytes,algorithm,predicted_us,chosen");
  app.add_option("--model-kind", opt.model_kind, "hockney, lmo, plogp or loggp (default: the file's default model)")
      ->check(CLI::IsMember({"hockney", "lmo", "plogp", "loggp"}));
  app.add_option("--segment", opt.segment, "pipeline segment size for chain (default 64K)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << kProgram << ": " << e.what() << " (see --help)\n";
    return 2;
  }
  try {
    return run(opt);
  } catch (const collsel::ModelFileError& e) {
    std::cerr << kProgram << ": " << e.what() << "\n";
  } catch (const UsageError& e) {
    std::cerr << kProgram << ": " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << kProgram << ": " << opt.model_path << ": " << e.what() << "\n";
  }
  return 2;
}

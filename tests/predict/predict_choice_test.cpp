// collsel-predict's `chosen` column is choose()'s answer: for a grid of shapes the tool's CSV is
// compared with choose() run here on the same model file (default model, default placement,
// the shim's executor capabilities). Usage: predict_choice_test <collsel-predict> <model.toml>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "collsel/choose.hpp"
#include "collsel/model_file.hpp"
#include "collsel/rank_mapping.hpp"

using namespace collsel;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: predict_choice_test <collsel-predict> <model.toml>\n");
    return 2;
  }
  const std::string tool = argv[1], model_path = argv[2];
  const ModelFile file = read_model_file(model_path);
  const std::vector<std::size_t> sizes = {1, 1000, 65536, 3u << 20};
  int checked = 0, failures = 0;
  for (Collective op : all_collectives)
    for (int procs : {2, 5, 8})
      for (int root : {0, procs - 1}) {
        const std::string cmd = tool + " --csv --model " + model_path + " --op " + std::string(to_string(op)) +
                                " --procs " + std::to_string(procs) + " --root " + std::to_string(root) +
                                " --bytes 1,1000,65536,3145728";
        std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
        if (!pipe) {
          std::fprintf(stderr, "cannot run %s\n", cmd.c_str());
          return 1;
        }
        std::map<std::size_t, std::string> chosen;  // bytes -> algorithm marked chosen
        char line[512];
        while (std::fgets(line, sizeof line, pipe.get())) {
          std::vector<std::string> f;
          std::stringstream ss(line);
          for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
          if (f.size() == 7 && f[6].starts_with("1")) chosen[std::stoull(f[3])] = f[4];
        }
        const MappedModel ranks(*file.default_model(), file.cluster, default_placement(file.cluster, procs));
        for (std::size_t bytes : sizes) {
          std::vector<std::size_t> blocks;
          DecisionRequest req{.shape = {.op = op, .procs = procs, .root = root, .bytes = bytes}, .cost = &ranks,
                              .native = &file.native};
          if (is_vector_variant(op)) {
            blocks.assign(std::size_t(procs), bytes);
            req.shape.block_bytes = blocks;
          }
          const std::string want(choose(req, Capabilities::executor()).best().algorithm->name);
          ++checked;
          if (chosen[bytes] != want) {
            ++failures;
            std::fprintf(stderr, "%s P=%d root %d %zu B: collsel-predict marks '%s', choose() says '%s'\n",
                         std::string(to_string(op)).c_str(), procs, root, bytes, chosen[bytes].c_str(), want.c_str());
          }
        }
      }
  std::printf("%d shapes, %d disagreements\n", checked, failures);
  return failures == 0 && checked > 0 ? 0 : 1;
}

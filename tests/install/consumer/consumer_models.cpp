// Reads an installed model file with collsel's public API and prints a Hockney prediction.
// Usage: consumer MODEL.toml. Exit 0 only if the file parses and the prediction is sane.
#include <cstdio>
#include <exception>

#include "collsel/model_file.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s MODEL.toml\n", argv[0]);
    return 2;
  }
  try {
    const collsel::ModelFile model = collsel::read_model_file(argv[1]);
    if (!model.hockney) {
      std::fprintf(stderr, "consumer: %s has no [hockney] model\n", argv[1]);
      return 1;
    }
    const int n = model.hockney->size();
    if (n < 2) {
      std::fprintf(stderr, "consumer: model has %d processes, want >= 2\n", n);
      return 1;
    }
    const double small = model.hockney->p2p(0, 1, 1024), large = model.hockney->p2p(0, 1, 1 << 20);
    if (!(small > 0 && large > small)) {
      std::fprintf(stderr, "consumer: implausible Hockney times %g s (1 KiB), %g s (1 MiB)\n", small, large);
      return 1;
    }
    std::printf("consumer: %d processes; hockney p2p(0,1): 1 KiB %.3g s, 1 MiB %.3g s\n", n, small, large);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "consumer: %s\n", e.what());
    return 1;
  }
  return 0;
}

// Chain bcast of a large derived-type message (the shape of MPICH's dtpools bcast test that broke
// chain: a resized indexed type of MPI_INT whose lower bound is not its first byte, 65530
// elements, several pipeline segments). Forced chain and auto, several segment sizes including
// ones the type size does not divide; every element checked on every rank.
// Exit 0 with "N passed, 0 failed".
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "collsel/collsel.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, P = 1, passed = 0, failed = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  // indexed: 6 blocks of 1..3 ints inside 20 ints; resized to lb 80 bytes, extent 80 bytes.
  const int blocklens[6] = {1, 2, 3, 1, 2, 3};
  const int displs[6] = {1, 3, 6, 10, 12, 15};
  MPI_Datatype indexed, resized;
  MPI_Type_indexed(6, blocklens, displs, MPI_INT, &indexed);
  MPI_Type_create_resized(indexed, 80, 80, &resized);
  MPI_Type_commit(&resized);
  const int count = 65530, ints_per_extent = 20;
  // Element i's data: ints at i * 20 + displs (the lb only shifts what extent arithmetic counts from).
  std::vector<int> buf(std::size_t(count + 1) * ints_per_extent);
  auto expected = [](std::size_t at) { return int(at * 2654435761u % 1000003u); };
  const int root = P - 1;
  for (const char* alg : {"chain", "auto"}) {
    collsel_set_algorithm("bcast", alg);
    for (int repeat = 0; repeat < 10; ++repeat) {  // auto: the shim's verification tries several
      for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = rank == root ? expected(i) : -7;
      MPI_Bcast(buf.data(), count, resized, root, MPI_COMM_WORLD);
      bool ok = true;
      for (int e = 0; e < count && ok; ++e)
        for (int b = 0; b < 6; ++b)
          for (int k = 0; k < blocklens[b]; ++k) {
            const std::size_t at = std::size_t(e) * ints_per_extent + std::size_t(displs[b] + k);
            if (buf[at] != expected(at)) ok = false;
          }
      // Bytes outside the type's blocks stay untouched at the receivers.
      if (rank != root)
        for (std::size_t at = 0; at < std::size_t(ints_per_extent) && ok; ++at)
          if (at != 1 && !(at >= 3 && at <= 4) && !(at >= 6 && at <= 8) && at != 10 && !(at >= 12 && at <= 13) &&
              !(at >= 15 && at <= 17) && buf[at] != -7)
            ok = false;
      int all = 0, mine = ok ? 1 : 0;
      MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
      if (all) ++passed;
      else ++failed;
      if (!ok) std::printf("FAIL (rank %d): bcast %s, call %d: wrong data\n", rank, alg, repeat);
      if (std::string(alg) == "chain") {
        char name[64] = {};
        collsel_last_choice("bcast", name, sizeof name, nullptr);
        mine = std::string(name) == "chain" ? 1 : 0;
        MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (all) ++passed;
        else ++failed;
        if (!mine) std::printf("FAIL (rank %d): forced chain, but %s ran\n", rank, name);
        if (repeat == 0) break;
      }
    }
  }
  MPI_Type_free(&resized);
  MPI_Type_free(&indexed);
  if (rank == 0) std::printf("%d passed, %d failed\n", passed, failed);
  MPI_Finalize();
  return failed ? 1 : 0;
}

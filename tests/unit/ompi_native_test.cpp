// native under Open MPI (collsel/ompi_native.hpp): coll/tuned's fixed rules at their switch
// points, the rank-ordered trees, costs by hand on uniform links, predict() choosing the library's
// schedule by the shape; and which library texts native's cost model knows (native_library.hpp).
#include <gtest/gtest.h>

#include "collsel/hockney.hpp"
#include "collsel/mpich_native.hpp"
#include "collsel/native_library.hpp"
#include "collsel/ompi_native.hpp"
#include "collsel/predict.hpp"
#include "collsel/schedule.hpp"

using namespace collsel;

namespace {

using A = OmpiAlgorithm;

A pick(Collective op, int procs, std::size_t bytes, bool commutative = true) {
  return ompi_default_algorithm({.op = op, .procs = procs, .root = 0, .bytes = bytes}, commutative);
}

HockneyModel uniform(int n, double alpha, double beta) {
  HockneyModel m(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) m.set(i, j, alpha, beta);
  return m;
}

}  // namespace

TEST(OmpiNative, BcastAtItsSwitchPoints) {
  // P < 4: pipeline (one segment: a chain) below 32 bytes, binary tree below 256, ...
  EXPECT_EQ(pick(Collective::bcast, 3, 31), A::chain);
  EXPECT_EQ(pick(Collective::bcast, 3, 32), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 3, 255), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 3, 256), A::chain);
  EXPECT_EQ(pick(Collective::bcast, 3, 512), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 3, 1024), A::basic_linear);
  EXPECT_EQ(pick(Collective::bcast, 3, 32767), A::basic_linear);
  EXPECT_EQ(pick(Collective::bcast, 3, 32768), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 3, 131072), A::chain);
  EXPECT_EQ(pick(Collective::bcast, 3, 262144), A::basic_linear);
  EXPECT_EQ(pick(Collective::bcast, 3, 524288), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 2, 1048575), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 2, 1048576), A::binary_tree);
  // 4 <= P < 8.
  EXPECT_EQ(pick(Collective::bcast, 4, 63), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 4, 64), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 7, 128), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 7, 2048), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 5, 8191), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 5, 8192), A::basic_linear);
  EXPECT_EQ(pick(Collective::bcast, 5, 1048576), A::chain);
  // 8 <= P < 16, 16 <= P < 32, and further up.
  EXPECT_EQ(pick(Collective::bcast, 8, 7), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 8, 8), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 15, 64), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 15, 4096), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 15, 16384), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 15, 32768), A::basic_linear);
  EXPECT_EQ(pick(Collective::bcast, 16, 4095), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 16, 4096), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 31, 1048576), A::scatter_allgather);
  EXPECT_EQ(pick(Collective::bcast, 32, 2047), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 63, 2048), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 100, 1), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 128, 1), A::binomial);
  EXPECT_EQ(pick(Collective::bcast, 128, 2), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 255, 16384), A::basic_linear);
  EXPECT_EQ(pick(Collective::bcast, 255, 32768), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 255, 65536), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 256, 16384), A::binary_tree);  // split binary tree
  EXPECT_EQ(pick(Collective::bcast, 1023, 32768), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 1024, 524288), A::scatter_allgather);
  EXPECT_EQ(pick(Collective::bcast, 2048, 262143), A::knomial);
  EXPECT_EQ(pick(Collective::bcast, 4096, 8192), A::binary_tree);
  EXPECT_EQ(pick(Collective::bcast, 4096, 262144), A::scatter_allgather);
}

TEST(OmpiNative, ReduceAtItsSwitchPoints) {
  EXPECT_EQ(pick(Collective::reduce, 3, 7), A::rabenseifner);
  EXPECT_EQ(pick(Collective::reduce, 3, 8), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 3, 16), A::chain);
  EXPECT_EQ(pick(Collective::reduce, 3, 32), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 3, 262144), A::chain);
  EXPECT_EQ(pick(Collective::reduce, 3, 524288), A::chain);
  EXPECT_EQ(pick(Collective::reduce, 3, 1048576), A::chain);
  EXPECT_EQ(pick(Collective::reduce, 4, 4095), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 4, 4096), A::chain);
  EXPECT_EQ(pick(Collective::reduce, 7, 65536), A::binomial);
  EXPECT_EQ(pick(Collective::reduce, 7, 262144), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 7, 524288), A::binomial);
  EXPECT_EQ(pick(Collective::reduce, 7, 1048576), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 8, 8191), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 8, 8192), A::binomial);
  EXPECT_EQ(pick(Collective::reduce, 16, 4096), A::binomial);
  EXPECT_EQ(pick(Collective::reduce, 300, 8192), A::binary_tree);  // in-order binary
  EXPECT_EQ(pick(Collective::reduce, 300, 16384), A::binomial);
  // A non-commutative op: linear or in-order binary only.
  EXPECT_EQ(pick(Collective::reduce, 3, 7, false), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 3, 8, false), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 7, 1, false), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 8, 1023, false), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 8, 1024, false), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 8, 8192, false), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 8, 16384, false), A::basic_linear);
  EXPECT_EQ(pick(Collective::reduce, 8, 262144, false), A::binary_tree);
  EXPECT_EQ(pick(Collective::reduce, 200, 512, false), A::basic_linear);
}

TEST(OmpiNative, ScatterAndGatherAtTheirSwitchPoints) {
  EXPECT_EQ(pick(Collective::scatter, 3, 1), A::linear_nb);
  EXPECT_EQ(pick(Collective::scatter, 3, 2), A::basic_linear);
  EXPECT_EQ(pick(Collective::scatter, 3, 131072), A::linear_nb);
  EXPECT_EQ(pick(Collective::scatter, 3, 262144), A::basic_linear);
  EXPECT_EQ(pick(Collective::scatter, 4, 2047), A::binomial);
  EXPECT_EQ(pick(Collective::scatter, 4, 2048), A::basic_linear);
  EXPECT_EQ(pick(Collective::scatter, 5, 4096), A::binomial);
  EXPECT_EQ(pick(Collective::scatter, 5, 8192), A::basic_linear);
  EXPECT_EQ(pick(Collective::scatter, 7, 32768), A::linear_nb);
  EXPECT_EQ(pick(Collective::scatter, 7, 1048576), A::basic_linear);
  EXPECT_EQ(pick(Collective::scatter, 8, 16383), A::binomial);
  EXPECT_EQ(pick(Collective::scatter, 8, 16384), A::linear_nb);
  EXPECT_EQ(pick(Collective::scatter, 20, 16384), A::basic_linear);
  EXPECT_EQ(pick(Collective::scatter, 20, 32768), A::linear_nb);
  EXPECT_EQ(pick(Collective::scatter, 40, 512), A::linear_nb);
  EXPECT_EQ(pick(Collective::scatter, 40, 8192), A::binomial);
  EXPECT_EQ(pick(Collective::scatter, 64, 511), A::binomial);
  EXPECT_EQ(pick(Collective::scatter, 64, 512), A::linear_nb);

  EXPECT_EQ(pick(Collective::gather, 3, 1), A::linear_sync);
  EXPECT_EQ(pick(Collective::gather, 3, 2), A::basic_linear);
  EXPECT_EQ(pick(Collective::gather, 3, 4), A::binomial);
  EXPECT_EQ(pick(Collective::gather, 3, 32768), A::basic_linear);
  EXPECT_EQ(pick(Collective::gather, 3, 65536), A::binomial);
  EXPECT_EQ(pick(Collective::gather, 3, 131072), A::linear_sync);
  EXPECT_EQ(pick(Collective::gather, 4, 1023), A::binomial);
  EXPECT_EQ(pick(Collective::gather, 4, 1024), A::basic_linear);
  EXPECT_EQ(pick(Collective::gather, 7, 8192), A::binomial);
  EXPECT_EQ(pick(Collective::gather, 7, 32768), A::basic_linear);
  EXPECT_EQ(pick(Collective::gather, 7, 262144), A::linear_sync);
  EXPECT_EQ(pick(Collective::gather, 8, 1 << 24), A::binomial);
  EXPECT_EQ(pick(Collective::gather, 256, 2048), A::basic_linear);
  EXPECT_EQ(pick(Collective::gather, 256, 8192), A::binomial);

  EXPECT_EQ(pick(Collective::scatterv, 8, 1 << 20), A::basic_linear);
  EXPECT_EQ(pick(Collective::gatherv, 3, 1), A::basic_linear);
}

TEST(OmpiNative, TreesInRankOrderFromTheRoot) {
  // Binomial of 6 from root 2: relative 0 -> 4, 2, 1; 2 -> 3; 4 -> 5.
  const Tree bin = ompi_tree(A::binomial, 6, 2);
  EXPECT_EQ(bin.parent(0), 2);  // relative 4
  EXPECT_EQ(bin.parent(4), 2);  // relative 2
  EXPECT_EQ(bin.parent(3), 2);  // relative 1
  EXPECT_EQ(bin.parent(5), 4);  // relative 3 under relative 2
  EXPECT_EQ(bin.parent(1), 0);  // relative 5 under relative 4
  EXPECT_EQ(bin.children(2)[0], 0);  // the largest subtree first
  // K-nomial of radix 4 on 9 ranks from 0: 0 -> 8, 4, 3, 2, 1 (largest first); 4 -> 5, 6, 7.
  const Tree k = ompi_tree(A::knomial, 9, 0);
  EXPECT_EQ(k.children(0).size(), 5u);
  EXPECT_EQ(k.children(0)[0], 8);
  EXPECT_EQ(k.parent(7), 4);
  EXPECT_EQ(k.parent(3), 0);
  // Chain and binary tree in rank order.
  const Tree c = ompi_tree(A::chain, 4, 1);
  EXPECT_EQ(c.parent(2), 1);
  EXPECT_EQ(c.parent(3), 2);
  EXPECT_EQ(c.parent(0), 3);
  const Tree b = ompi_tree(A::binary_tree, 7, 0);
  EXPECT_EQ(b.parent(5), 2);
  EXPECT_EQ(b.parent(6), 2);
  EXPECT_EQ(b.depth(), 2);
}

TEST(OmpiNative, CostsByHandOnUniformLinks) {
  const double a = 1e-5, beta = 1e-9;
  const HockneyModel m4 = uniform(4, a, beta);
  auto t = [&](double bytes) { return a + beta * bytes; };
  // P = 4, 1 MB bcast: a chain of 3 links, one segment.
  EXPECT_NEAR(predict_ompi_native({.op = Collective::bcast, .procs = 4, .root = 1, .bytes = 1 << 20}, m4),
              3 * t(1 << 20), 1e-12);
  // P = 4, 1 KB bcast: binomial, two rounds.
  EXPECT_NEAR(predict_ompi_native({.op = Collective::bcast, .procs = 4, .root = 0, .bytes = 1000}, m4), 2 * t(1000), 1e-12);
  // P = 4, 2 KB scatter blocks: basic_linear, the root's blocking sends one after the other; 4 KB
  // blocks: binomial, two rounds.
  EXPECT_NEAR(predict_ompi_native({.op = Collective::scatter, .procs = 4, .root = 0, .bytes = 2048}, m4),
              3 * t(2048), 1e-12);
  EXPECT_NEAR(predict_ompi_native({.op = Collective::scatter, .procs = 4, .root = 0, .bytes = 4096}, m4),
              t(8192) + t(4096), 1e-12);
  // P = 4, 1 KB gather blocks: binomial, the far half's 2 blocks then one.
  EXPECT_NEAR(predict_ompi_native({.op = Collective::gather, .procs = 4, .root = 3, .bytes = 1000}, m4),
              t(2000) + t(1000), 1e-12);
  // Scatterv: the root's blocking sends in turn.
  const std::vector<std::size_t> blocks{100, 200, 300, 400};
  EXPECT_NEAR(predict_ompi_native({.op = Collective::scatterv, .procs = 4, .root = 0, .block_bytes = blocks}, m4),
              t(200) + t(300) + t(400), 1e-12);
  // Rabenseifner at P = 2 (below 8 bytes): the same as MPICH's reduce_scatter_gather.
  const HockneyModel m2 = uniform(2, a, beta);
  const CallShape r2{.op = Collective::reduce, .procs = 2, .root = 1, .bytes = 4};
  EXPECT_DOUBLE_EQ(predict_ompi_native(r2, m2), predict_reduce_scatter_gather(r2, m2));
}

TEST(OmpiNative, PredictCostsTheShapesLibrary) {
  const HockneyModel m8 = uniform(8, 1e-5, 1e-9);
  const Schedule native{.kind = ScheduleKind::native};
  CallShape s{.op = Collective::bcast, .procs = 8, .root = 0, .bytes = 1 << 20};
  EXPECT_DOUBLE_EQ(predict(native, s, m8), predict_mpich_native(s, m8));
  s.native_library = NativeLibrary::openmpi4;
  EXPECT_DOUBLE_EQ(predict(native, s, m8), predict_ompi_native(s, m8));
  EXPECT_NE(predict_ompi_native(s, m8), predict_mpich_native(s, m8));  // basic_linear against scatter + allgather
}

TEST(NativeLibrary, KnownLibraries) {
  EXPECT_EQ(identify_native_library("MPICH Version:\t4.0.2\nMPICH Release date:\tThu Mar  3 15:18:38 CST 2022\n"),
            NativeLibrary::mpich4);
  EXPECT_EQ(identify_native_library("MPICH Version:      4.2.1"), NativeLibrary::mpich4);
  EXPECT_EQ(identify_native_library("Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, "
                                    "May 26, 2022"),
            NativeLibrary::openmpi4);
  EXPECT_EQ(identify_native_library("Open MPI v5.0.3, package: Open MPI"), NativeLibrary::openmpi4);
  EXPECT_EQ(identify_native_library("SMPI Version 3.32. Copyright The SimGrid Team 2007-2022"), NativeLibrary::smpi);
  // What native's cost model does not know: older or other versions, MPICH's derivatives.
  for (const char* text : {"MPICH Version:\t3.4.3", "Open MPI v4.0.7, package: Open MPI", "Open MPI v4.10.0",
                           "Open MPI v3.1.6", "Intel(R) MPI Library 2021.9 for Linux* OS",
                           "MVAPICH2 Version      :\t2.3.7", "MVAPICH Version:\t3.0",
                           "MPI VERSION    : CRAY MPICH version 8.1.25 (ANL base 3.4a2)", "SMPI Version 2.0", "", "   "})
    EXPECT_FALSE(identify_native_library(text).has_value()) << text;
}

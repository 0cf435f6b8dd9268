// bandwidth_bound: hand-computed bounds on a 3-process Hockney model.
#include "collsel/bounds.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "collsel/hockney.hpp"

using namespace collsel;

namespace {
// Process 2 has a slow link: 1e-8 s/B into and out of it; 0 <-> 1 at 1e-9 s/B. Latencies 5 us
// (left out by the bound).
HockneyModel three() {
  HockneyModel h(3);
  h.set_symmetric(0, 1, 5e-6, 1e-9);
  h.set_symmetric(0, 2, 5e-6, 1e-8);
  h.set_symmetric(1, 2, 5e-6, 1e-8);
  return h;
}
}  // namespace

TEST(BandwidthBound, EveryReceiverAndTheRootsLink) {
  const HockneyModel h = three();
  const double M = 1e6;
  // bcast from 0: process 2 must receive M at 1e-8 s/B.
  EXPECT_NEAR(bandwidth_bound({.op = Collective::bcast, .procs = 3, .root = 0, .bytes = 1000000}, h), M * 1e-8, 1e-12);
  EXPECT_NEAR(bandwidth_bound({.op = Collective::reduce, .procs = 3, .root = 0, .bytes = 1000000}, h), M * 1e-8, 1e-12);
  // scatter from 0: the root sends 2 blocks over its fastest link (1e-9), process 2 receives one at
  // 1e-8: the latter bounds.
  EXPECT_NEAR(bandwidth_bound({.op = Collective::scatter, .procs = 3, .root = 0, .bytes = 1000000}, h), M * 1e-8, 1e-12);
  // gather to 2: both blocks come in over 2's link (1e-8 each).
  EXPECT_NEAR(bandwidth_bound({.op = Collective::gather, .procs = 3, .root = 2, .bytes = 1000000}, h), 2 * M * 1e-8, 1e-12);
  // gatherv to 0 with blocks 0, 3 MB, 1 MB: the root takes 4 MB at 1e-9; process 1 sends 3 MB at
  // 1e-9, process 2 1 MB at 1e-8 (the bound).
  const std::vector<std::size_t> blocks = {0, 3000000, 1000000};
  EXPECT_NEAR(bandwidth_bound({.op = Collective::gatherv, .procs = 3, .root = 0, .bytes = 1333333, .block_bytes = blocks}, h),
              1e6 * 1e-8, 1e-12);
  EXPECT_EQ(bandwidth_bound({.op = Collective::bcast, .procs = 1, .root = 0, .bytes = 10}, h), 0.0);
}

TEST(BandwidthBound, AStepOfTheModelIsNotABandwidth) {
  // Two pieces: from 64000 bytes on a rendezvous adds 2 ms per message at the same 1e-9 s/B. A
  // 64 KiB scatter over 3 processes is bounded by its bytes at 1e-9 s/B, not by the steps.
  HockneyModel h(3, {64000});
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      h.set_symmetric(i, j, 5e-6, 1e-9, 0);
      h.set_symmetric(i, j, 2e-3, 1e-9, 1);
    }
  EXPECT_NEAR(bandwidth_bound({.op = Collective::scatter, .procs = 3, .root = 0, .bytes = 65536}, h), 2 * 65536 * 1e-9, 1e-12);
  EXPECT_NEAR(bandwidth_bound({.op = Collective::bcast, .procs = 3, .root = 0, .bytes = 1024}, h), 1024 * 1e-9, 1e-12);
}

TEST(BandwidthBound, TotalUploadBoundsABroadcast) {
  // Root 0 uploads at 1e-9 s/B, the four others download at 1e-9 but upload at only 1e-8 s/B:
  // every receiver's own link allows M·1e-9, but the n − 1 = 4 copies need 4M bytes uploaded at
  // 1e9 + 4·1e8 B/s in all: 4M / 1.4e9. Reduce mirrors it with download rates.
  HockneyModel up(5), down(5);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      if (i == j) continue;
      up.set(i, j, 0, i == 0 ? 1e-9 : 1e-8);
      down.set(i, j, 0, j == 0 ? 1e-9 : 1e-8);
    }
  const double M = 1e6;
  EXPECT_NEAR(bandwidth_bound({.op = Collective::bcast, .procs = 5, .root = 0, .bytes = 1000000}, up), 4 * M / 1.4e9, 1e-12);
  EXPECT_NEAR(bandwidth_bound({.op = Collective::reduce, .procs = 5, .root = 0, .bytes = 1000000}, down), 4 * M / 1.4e9,
              1e-12);
}

TEST(BandwidthBound, HostMatesShareTheHostsLink) {
  // Two hosts of three ranks each (ranks 0-2 on host 7, 3-5 on host 9): host-mates at 1e-10 s/B,
  // across hosts 1e-8 s/B. Each rank's fastest link is a host-mate's; what crosses the hosts'
  // links crosses at 1e-8.
  HockneyModel h(6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      if (i != j) h.set(i, j, 0, (i < 3) == (j < 3) ? 1e-10 : 1e-8);
  const double M = 1e6;
  // Without hosts: bcast and reduce by the host-mates' links, the upload term 5M / (6 × 1e10).
  EXPECT_NEAR(bandwidth_bound({.op = Collective::bcast, .procs = 6, .root = 0, .bytes = 1000000}, h), M * 1e-10, 1e-12);
  h.set_hosts({7, 7, 7, 9, 9, 9});
  // bcast/reduce: host 9 receives (sends) the message once over its link.
  EXPECT_NEAR(bandwidth_bound({.op = Collective::bcast, .procs = 6, .root = 0, .bytes = 1000000}, h), M * 1e-8, 1e-12);
  EXPECT_NEAR(bandwidth_bound({.op = Collective::reduce, .procs = 6, .root = 4, .bytes = 1000000}, h), M * 1e-8, 1e-12);
  // scatter/gather: the three blocks of host 9's ranks cross its link and the root host's.
  EXPECT_NEAR(bandwidth_bound({.op = Collective::scatter, .procs = 6, .root = 1, .bytes = 1000000}, h), 3 * M * 1e-8, 1e-12);
  EXPECT_NEAR(bandwidth_bound({.op = Collective::gather, .procs = 6, .root = 5, .bytes = 1000000}, h), 3 * M * 1e-8, 1e-12);
  // Blocks of scatterv: host 9's ranks 1, 2 and 3 MB: 6 MB over its link.
  const std::vector<std::size_t> blocks{0, 0, 0, 1000000, 2000000, 3000000};
  EXPECT_NEAR(bandwidth_bound({.op = Collective::scatterv, .procs = 6, .root = 0, .bytes = 1000000, .block_bytes = blocks}, h),
              6 * M * 1e-8, 1e-12);
  // The call's ranks on one host: nothing crosses a host's link, the per-rank bound stands.
  EXPECT_NEAR(bandwidth_bound({.op = Collective::bcast, .procs = 3, .root = 0, .bytes = 1000000}, h), M * 1e-10, 1e-12);
}

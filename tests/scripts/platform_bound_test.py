#!/usr/bin/env python3
"""scripts/platform-bound.py on small platforms whose bounds are known by hand (tests/scripts/CMakeLists.txt).

Usage: platform_bound_test.py PATH/TO/platform-bound.py PATH/TO/examples/smpi/random-platforms
"""
import os
import subprocess
import sys
import tempfile
import unittest

from script_module import load

SCRIPT, GENERATOR = sys.argv[1], sys.argv[2]
del sys.argv[1:3]


pb = load(SCRIPT, "platform_bound")
gen = load(GENERATOR, "random_platforms")

MB = 1e6  # bytes per second of 1 MBps
M = 1_000_000


def header():
    return ["<?xml version='1.0'?>", '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">',
            '<platform version="4.1">']


def switch(zid, hosts, backbone=None):
    """A Cluster zone as random-platforms writes it: hosts = [(name, MBps up, MBps down, latency us)]."""
    out = [f'<zone id="{zid}" routing="Cluster">', f'<router id="{zid}-gw"/>']
    if backbone:
        out.append(f'<backbone id="{zid}-bb" bandwidth="{backbone}MBps" latency="1us"/>')
    for name, up, down, us in hosts:
        out.append(f'<host id="{name}" speed="1Gf"/>')
        if up == down:
            out += [f'<link id="nic-{name}" bandwidth="{up}MBps" latency="{us}us" sharing_policy="SPLITDUPLEX"/>',
                    f'<host_link id="{name}" up="nic-{name}_UP" down="nic-{name}_DOWN"/>']
        else:
            out += [f'<link id="up-{name}" bandwidth="{up}MBps" latency="{us}us"/>',
                    f'<link id="down-{name}" bandwidth="{down}MBps" latency="{us}us"/>',
                    f'<host_link id="{name}" up="up-{name}" down="down-{name}"/>']
    return out + ["</zone>"]


class Fixture:
    def __init__(self, xml_lines, hostfile_lines):
        self.dir = tempfile.mkdtemp()
        with open(os.path.join(self.dir, "platform.xml"), "w") as f:
            f.write("\n".join(xml_lines) + "\n")
        with open(os.path.join(self.dir, "hostfile"), "w") as f:
            f.write("\n".join(hostfile_lines) + "\n")

    def bound(self, exact=True, **kw):
        plat = pb.Platform(os.path.join(self.dir, "platform.xml"))
        hosts = pb.read_hostfile(os.path.join(self.dir, "hostfile"))
        if exact:  # no SimGrid factor, no latency, no crosstraffic: link bandwidths alone
            kw = dict(dict(bw_factor=1.0, lat_factor=0.0, crosstraffic=0.0), **kw)
        return pb.Bound(plat, hosts, **kw)


def star(backbone=1000):
    """One switch: root r at 100 MBps, a at 10, b at 50, c at 100."""
    hosts = [("r", 100, 100, 2), ("a", 10, 10, 5), ("b", 50, 50, 2), ("c", 100, 100, 2)]
    return Fixture(header() + ['<zone id="room" routing="Full">'] + switch("sw0", hosts, backbone) +
                   ["</zone>", "</platform>"], ["r", "a", "b", "c"])


def two_switches(uplink=10):
    """sw0: r (root), a, b; sw1: c, d, e; every NIC 100 MBps; each switch's up-link `uplink` MBps."""
    nic = lambda n: (n, 100, 100, 2)
    lines = header() + ['<zone id="room" routing="Full">']
    lines += switch("sw0", [nic("r"), nic("a"), nic("b")], 10000) + switch("sw1", [nic("c"), nic("d"), nic("e")], 10000)
    lines += [f'<link id="up-0" bandwidth="{uplink}MBps" latency="10us" sharing_policy="SPLITDUPLEX"/>',
              f'<link id="up-1" bandwidth="{uplink}MBps" latency="10us" sharing_policy="SPLITDUPLEX"/>']
    for a, b in ((0, 1), (1, 0)):
        lines += [f'<zoneRoute src="sw{a}" dst="sw{b}" gw_src="sw{a}-gw" gw_dst="sw{b}-gw" symmetrical="NO">',
                  f'<link_ctn id="up-{a}" direction="UP"/><link_ctn id="up-{b}" direction="DOWN"/>', "</zoneRoute>"]
    lines += ["</zone>", "</platform>"]
    return Fixture(lines, ["r", "a", "b", "c", "d", "e"])


class Star(unittest.TestCase):
    def test_slowest_receiver_bounds_bcast_and_scatter(self):
        b = star().bound()
        got = b.bound("bcast", M, 0)
        self.assertAlmostEqual(got["s"], M / (10 * MB))   # a's 10 MBps link
        self.assertIn("nic-a_DOWN", got["term"])
        self.assertAlmostEqual(b.bound("reduce", M, 0)["s"], M / (10 * MB))
        self.assertAlmostEqual(b.bound("scatter", M, 0)["s"], M / (10 * MB))  # a's block; r sends 3 in 0.03 s

    def test_root_link_bounds_scatter_from_a_slow_root(self):
        b = star().bound()
        got = b.bound("scatter", M, 2)  # root b at 50 MBps sends 3 blocks: 0.06 s; a receives 1: 0.1 s
        self.assertAlmostEqual(got["s"], 0.1)
        got = b.bound("gather", 4 * M, 2)  # 12 MB into b: 0.24 s; a sends 4 MB: 0.4 s
        self.assertAlmostEqual(got["s"], 0.4)
        got = b.bound("gather", M, 1)  # root a: 3 blocks into its 10 MBps link
        self.assertAlmostEqual(got["s"], 3 * M / (10 * MB))
        self.assertIn("nic-a_DOWN", got["term"])

    def test_shared_backbone_counts_crosstraffic(self):
        # backbone 20 MBps, SHARED: every block crosses it once and its backward flow once more (5 %)
        b = star(backbone=20).bound(crosstraffic=0.05)
        got = b.bound("scatter", M, 0)
        self.assertAlmostEqual(got["s"], 3 * M * 1.05 / (20 * MB))
        self.assertIn("sw0-bb", got["term"])
        self.assertGreater(got["cut"], got["host"])
        # bcast: three receptions of M cross the backbone too
        self.assertAlmostEqual(b.bound("bcast", M, 0)["s"], 3 * M * 1.05 / (20 * MB))

    def test_simgrid_factors_and_latency(self):
        b = star().bound(exact=False)
        got = b.bound("bcast", M, 0)
        # a's link at 0.940694 of 10 MBps, idle until the first message into or out of it has paid
        # 11.6436 x its route's latency (a 5 us + backbone 1 us + the fastest other end's 2 us)
        self.assertAlmostEqual(got["s"], 11.6436 * 8e-6 + M / (0.940694 * 10 * MB))

    def test_factors_of_the_smallest_message(self):
        self.assertEqual(pb.factors(1 << 20), (0.940694, 11.6436))
        self.assertEqual(pb.factors(64527), (0.940694, 3.48845))  # a block below 65472 bytes
        self.assertEqual(pb.factors(1), (1.08739, 1.61075))      # any message at all
        self.assertEqual(pb.factors(1, 0.5, 2.0), (0.5, 2.0))
        # scatterv of a 1 MB mean block on 4 ranks: rank 1's block of 800 kB is above 64 KiB; with
        # a 40 kB mean it is 32 kB, whose latency factor is 3.48845
        b = star().bound(exact=False)
        got = b.bound("scatterv", 40_000, 0)
        self.assertAlmostEqual(got["s"], 3.48845 * 8e-6 + 32_000 / (0.940694 * 10 * MB))
        self.assertEqual(b.factor_used, (0.940694, 3.48845))
        anysize = star().bound(exact=False, min_message=1)
        got = anysize.bound("bcast", M, 0)
        self.assertAlmostEqual(got["s"], 1.61075 * 8e-6 + M / (1.08739 * 10 * MB))

    def test_v_variants_use_collsel_bench_blocks(self):
        b = star().bound()
        blocks = pb.uneven_blocks(M, 4)  # rank r: 2 M (r + 1) / 5
        self.assertEqual(blocks, [400000, 800000, 1200000, 1600000])
        # root r: a's block of 800 kB at 10 MBps dominates r's 3.6 MB at 100
        self.assertAlmostEqual(b.bound("scatterv", M, 0)["s"], 0.08)
        # root c (rank 3): it receives 2.4 MB at 100 MBps; a sends 0.8 MB at 10
        self.assertAlmostEqual(b.bound("gatherv", M, 3)["s"], 0.08)


class TwoSwitches(unittest.TestCase):
    def test_thin_uplink_cut_dominates(self):
        b = two_switches(uplink=10).bound()
        got = b.bound("bcast", M, 0)  # sw1 without the root receives M through 10 MBps
        self.assertAlmostEqual(got["s"], 0.1)
        self.assertRegex(got["term"], "up-[01]_(UP|DOWN)")
        self.assertAlmostEqual(got["host"], M / (100 * MB))
        self.assertAlmostEqual(b.bound("reduce", M, 0)["s"], 0.1)
        got = b.bound("scatter", M, 0)  # c, d, e's blocks leave sw0 through its up-link
        self.assertAlmostEqual(got["s"], 0.3)
        self.assertIn("cut", got["term"])
        self.assertAlmostEqual(b.bound("gather", M, 3)["s"], 0.3)  # root c: r, a, b's blocks into sw1
        self.assertAlmostEqual(b.bound("scatter", M, 3)["s"], 0.3)

    def test_wide_uplink_leaves_the_nics(self):
        b = two_switches(uplink=1000).bound()
        self.assertAlmostEqual(b.bound("bcast", M, 0)["s"], M / (100 * MB))
        self.assertAlmostEqual(b.bound("scatter", M, 0)["s"], 5 * M / (100 * MB))  # the root's NIC

    def test_routes_follow_the_zone_routes(self):
        b = two_switches().bound()
        self.assertEqual(b.routes[("a", "d")], [("nic-a", "UP"), ("sw0-bb", None), ("up-0", "UP"), ("up-1", "DOWN"),
                                                ("sw1-bb", None), ("nic-d", "DOWN")])
        self.assertEqual(b.routes[("a", "b")], [("nic-a", "UP"), ("sw0-bb", None), ("nic-b", "DOWN")])


class RanksPerHost(unittest.TestCase):
    def fixture(self):
        hosts = [("r", 100, 100, 2), ("a", 10, 10, 5), ("b", 100, 100, 2)]
        return Fixture(header() + ['<zone id="room" routing="Full">'] + switch("sw0", hosts, 1000) +
                       ["</zone>", "</platform>"], ["r:2", "a:3", "b"])

    def test_a_host_receives_its_ranks_blocks_once_each(self):
        b = self.fixture().bound()
        self.assertEqual(b.rank_hosts, ["r", "r", "a", "a", "a", "b"])
        # scatter from rank 0 on r: a's three ranks' blocks through a's 10 MBps link
        got = b.bound("scatter", M, 0)
        self.assertAlmostEqual(got["s"], 3 * M / (10 * MB))
        self.assertIn("nic-a_DOWN", got["term"])
        # r's own second rank costs no link: r sends 4 blocks (a's 3, b's 1) at 100 MBps
        self.assertAlmostEqual(b.bound("scatter", M, 5)["s"], 3 * M / (10 * MB))
        self.assertAlmostEqual(b.bound("gather", 10 * M, 0)["s"], 30 * M / (10 * MB))

    def test_bcast_needs_the_message_once_per_host(self):
        b = self.fixture().bound()
        self.assertAlmostEqual(b.bound("bcast", M, 0)["s"], M / (10 * MB))
        self.assertAlmostEqual(b.bound("reduce", M, 3)["s"], M / (10 * MB))  # root on a: M into a

    def test_round_robin_beyond_the_hostfile(self):
        f = self.fixture()
        self.assertEqual(pb.read_hostfile(os.path.join(f.dir, "hostfile"), 8), ["r", "r", "a", "a", "a", "b", "r", "r"])


class TotalUpload(unittest.TestCase):
    def test_slow_uplinks_bound_bcast_by_their_sum(self):
        # the root at 100 MBps both ways, four hosts 100 MBps down and 10 MBps up (a SHARED link
        # per direction): every byte of the four copies of M leaves over someone's up-link, whose
        # sum is 140 MBps: 4 M / 140 MBps, more than any one link needs
        hosts = [("h0", 100, 100, 2)] + [(f"h{i}", 10, 100, 2) for i in range(1, 5)]
        f = Fixture(header() + ['<zone id="room" routing="Full">'] + switch("sw0", hosts, 10000) +
                    ["</zone>", "</platform>"], [h[0] for h in hosts])
        b = f.bound()
        got = b.bound("bcast", M, 0)
        self.assertAlmostEqual(got["s"], 4 * M / (140 * MB))
        self.assertIn("total up", got["term"])
        self.assertAlmostEqual(got["host"], M / (100 * MB))
        # with crosstraffic every message also loads its receiver's up-link by 5 %
        self.assertAlmostEqual(f.bound(crosstraffic=0.05).bound("bcast", M, 0)["s"], 4 * M * 1.05 / (140 * MB))
        # reduce: every host's M leaves over its own 10 MBps up-link; the downloads sum to 500 MBps
        self.assertAlmostEqual(b.bound("reduce", M, 0)["s"], M / (10 * MB))


class ClusterElements(unittest.TestCase):
    def test_two_cabinets_shared_link(self):
        xml = header() + ['<zone id="room" routing="Full">',
                          '<cluster id="fast" prefix="f-" suffix="" radical="0-3" speed="1Gf" bw="100MBps" lat="2us"'
                          ' bb_bw="1000MBps" bb_lat="1us"/>',
                          '<cluster id="slow" prefix="s-" suffix="" radical="0-1" speed="1Gf" bw="100MBps" lat="2us"/>',
                          '<link id="between" bandwidth="20MBps" latency="10us"/>',
                          '<zoneRoute src="fast" dst="slow" gw_src="f-fast_router" gw_dst="s-slow_router">',
                          '<link_ctn id="between"/></zoneRoute>', "</zone>", "</platform>"]
        f = Fixture(xml, ["f-0", "f-1", "f-2", "f-3", "s-0", "s-1"])
        b = f.bound(crosstraffic=0.05)
        self.assertEqual(b.routes[("f-1", "s-0")], [("fast_link_1", "UP"), ("fast_backbone", None), ("between", None),
                                                    ("slow_link_0", "DOWN")])
        # scatter from f-0: the two slow hosts' blocks cross the shared link, 1.05 per byte
        self.assertAlmostEqual(b.bound("scatter", M, 0)["s"], 2 * M * 1.05 / (20 * MB))
        # bcast from s-0: the fast cabinet needs M once through it
        self.assertAlmostEqual(b.bound("bcast", M, 4)["s"], M * 1.05 / (20 * MB))

    def test_fat_tree_is_refused(self):
        xml = header() + ['<zone id="z" routing="None">',
                          '<cluster id="ft" prefix="n-" suffix="" radical="0-3" speed="1Gf" bw="1GBps" lat="1us"'
                          ' topology="FAT_TREE" topo_parameters="2;2,2;1,2;1,1"/>', "</zone>", "</platform>"]
        with self.assertRaises(pb.Unsupported):
            Fixture(xml, ["n-0"]).bound()


class Generator(unittest.TestCase):
    def test_a_drawn_platform_of_random_platforms(self):
        """Seed 3 of examples/smpi/random-platforms: the root (rank 15, host h15 at 1 Gbit/s)
        sends 15 blocks over its own link; the slowest host (100 Mbit/s) receives one."""
        p = gen.draw(3)
        d = tempfile.mkdtemp()
        with open(os.path.join(d, "platform.xml"), "w") as f:
            f.write(gen.platform_xml(p))
        with open(os.path.join(d, "hostfile"), "w") as f:
            f.write("".join(f"h{h}\n" for h in p["order"]))
        with open(os.path.join(d, "root"), "w") as f:
            f.write(f"{p['root']}\n")
        out = subprocess.run([sys.executable, SCRIPT, d, "--ops", "scatter,bcast", "--bytes", "1M"],
                             capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        rows = [line.split(",") for line in out.stdout.splitlines()]
        self.assertEqual(rows[0][:7], ["dir", "op", "procs", "root", "bytes", "platform_bound_us", "term"])
        root_host = f"h{p['order'][p['root']]}"
        gbit = p["hosts"][p["order"][p["root"]]]["gbit"]
        n = len(p["hosts"])
        # the root's link is idle until 11.6436 x the shortest route through it (its 2 us NIC,
        # the backbone's 1 us and h3's 2 us NIC)
        expect = 11.6436 * 5e-6 + (n - 1) * (1 << 20) / (0.940694 * gbit * 1e9 / 8)
        self.assertEqual(rows[1][1], "scatter")
        self.assertAlmostEqual(float(rows[1][5]), expect * 1e6, delta=1.0)
        self.assertIn(f"nic-{root_host[1:]}_UP", rows[1][6])
        slowest = min(h["gbit"] for h in p["hosts"])
        self.assertGreaterEqual(float(rows[2][5]), (1 << 20) / (0.940694 * slowest * 1e9 / 8) * 1e6)

    def test_usage_errors(self):
        out = subprocess.run([sys.executable, SCRIPT, "--ops", "allreduce", "x"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 2)
        out = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True)
        self.assertEqual(out.returncode, 2)

    def test_bench_csv_and_summary(self):
        f = star()
        bench = os.path.join(f.dir, "b.csv")
        with open(bench, "w") as b:  # bcast of 1 MB from rank 0: bound 0.1 s (a's link)
            b.write("platform,procs,op,root,bytes,algorithm,measured_us\n"
                    "x,4,bcast,0,1000000,native,400000\nx,4,bcast,0,1000000,chain,150000\n"
                    "x,4,bcast,0,1000000,auto,200000\nx,4,bcast,3,1000000,chain,1000\n")
        args = [sys.executable, SCRIPT, "--platform", os.path.join(f.dir, "platform.xml"), "--hostfile",
                os.path.join(f.dir, "hostfile"), "--root", "0", "--bench-csv", bench, "--ops", "bcast", "--bytes",
                "1000000", "--bw-factor", "1", "--lat-factor", "0", "--crosstraffic", "0"]
        out = subprocess.run(args, capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        head, row = [line.split(",") for line in out.stdout.splitlines()]
        got = dict(zip(head, row))
        self.assertEqual((got["fastest"], got["fastest_per_platform"], got["native_per_platform"], got["auto_per_platform"]),
                         ("chain", "1.500", "4.000", "2.000"))  # the root 3 row is not this call's
        out = subprocess.run(args + ["--summary"], capture_output=True, text=True)
        self.assertIn("| bcast | 1 | 1.500 | 1.500 (platform.xml, 1000000) | 4.00 | 2.000 |", out.stdout)
        self.assertIn("auto 2.000, platform bound 4.000, auto / bound's 0.500", out.stdout)

    def test_annotate_adds_ratios(self):
        f = star()
        seeds = tempfile.mkdtemp()
        os.symlink(f.dir, os.path.join(seeds, "seed-7"))
        with open(os.path.join(f.dir, "root"), "w") as r:
            r.write("0\n")
        table = os.path.join(seeds, "t.csv")
        with open(table, "w") as t:
            t.write("seed,op,bytes,bound_us,native_us,after_us\n7,bcast,1000000,90000,300000,150000\n")
        out = subprocess.run([sys.executable, SCRIPT, "--annotate", table, "--seeds-dir", seeds, "--crosstraffic", "0",
                              "--lat-factor", "0", "--bw-factor", "1"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        head, row = [line.split(",") for line in out.stdout.splitlines()]
        got = dict(zip(head, row))
        self.assertEqual(got["platform_bound_us"], "100000")
        self.assertEqual(got["native_per_platform"], "3.000")
        self.assertEqual(got["after_per_platform"], "1.500")
        self.assertNotIn("bound_per_platform", got)


if __name__ == "__main__":
    unittest.main(verbosity=1)

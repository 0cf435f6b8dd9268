#!/usr/bin/env python3
"""examples/smpi/random-platforms' draws without SimGrid: several ranks per host (--ranks-per-host),
their hostfile and loopbacks, and that the default draws every seed as before
(tests/scripts/CMakeLists.txt, ctest scripts_random_platforms).

Usage: random_platforms_test.py PATH/TO/examples/smpi/random-platforms PATH/TO/scripts/platform-bound.py
"""
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

from script_module import load

GENERATOR, BOUND = sys.argv[1], sys.argv[2]
del sys.argv[1:3]


gen = load(GENERATOR, "random_platforms")

# Seed 3's draw as the script has always printed it (-n -s 3): a change here redraws every seed.
SEED_3 = """seed 3: 16 hosts on 2 switch(es), ranks by-switch, root 15
  switch 0: backbone 10G, uplink 2.5G/100us: h0:0.4G/50us h1:0.1G/50us h4:2G/50us h5:2G/20us h7:0.4G/50us \
h8:0.1G/20us h9:0.1G/50us h11:1G/2us h13:1G/2us
  switch 1: backbone 40G, uplink 10G/100us: h2:2G/20us h3:10G/2us h6:0.4G/20us h10:0.1G/5us h12:1G/5us h14:2G/20us \
h15:1G/2us"""


def run(*args):
    return subprocess.run([sys.executable, GENERATOR, *args], capture_output=True, text=True)


def write_seed_dir(p):
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "platform.xml"), "w") as f:
        f.write(gen.platform_xml(p))
    with open(os.path.join(d, "hostfile"), "w") as f:
        f.write("".join(f"h{h}\n" for h in gen.rank_hosts(p)))
    with open(os.path.join(d, "root"), "w") as f:
        f.write(f"{p['root']}\n")
    return d


class DefaultDraw(unittest.TestCase):
    def test_seed_3_is_drawn_as_before(self):
        self.assertEqual(gen.describe(gen.draw(3)), SEED_3)
        out = run("-n", "-s", "3")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout, SEED_3 + "\n")

    def test_one_rank_per_host_is_the_default(self):
        for seed in range(1, 31):
            p, q = gen.draw(seed), gen.draw(seed, (8, 16), (1, 1))
            self.assertEqual(p, q)
            self.assertEqual(p["ranks"], [1] * len(p["hosts"]))
            self.assertEqual(gen.rank_hosts(p), p["order"])
            self.assertNotIn("lo-", gen.platform_xml(p))
            self.assertNotIn("<route ", gen.platform_xml(p))
        self.assertEqual(run("-n", "-s", "1,2,3").stdout, run("-n", "-s", "1,2,3", "--ranks-per-host", "1,1").stdout)


class SeveralRanksPerHost(unittest.TestCase):
    def test_the_platform_stays_and_ranks_are_added(self):
        for seed in range(1, 31):
            base, p = gen.draw(seed), gen.draw(seed, (8, 16), (4, 8))
            for key in ("switches", "hosts", "order", "placement"):
                self.assertEqual(base[key], p[key], f"seed {seed}: {key}")
            self.assertTrue(all(4 <= k <= 8 for k in p["ranks"]), p["ranks"])
            ranks = gen.rank_hosts(p)
            self.assertEqual(len(ranks), sum(p["ranks"]))
            self.assertLess(p["root"], len(ranks))
            # each host's ranks are consecutive, the hosts in the draw's order
            blocks = [h for i, h in enumerate(ranks) if i == 0 or ranks[i - 1] != h]
            self.assertEqual(blocks, p["order"])

    def test_loopback_of_every_host_with_several_ranks(self):
        p = gen.draw(7, (8, 16), (1, 3))
        self.assertTrue(1 in p["ranks"] and max(p["ranks"]) > 1, p["ranks"])  # both kinds of host
        root = ET.fromstring(gen.platform_xml(p))
        links = {l.get("id"): l for l in root.iter("link")}
        routes = {(r.get("src"), r.get("dst")): [c.get("id") for c in r.iter("link_ctn")] for r in root.iter("route")}
        cores = {h.get("id"): int(h.get("core")) for h in root.iter("host")}
        for h, k in enumerate(p["ranks"]):
            name = f"h{h}"
            self.assertGreaterEqual(cores[name], k)
            if k == 1:
                self.assertNotIn(f"lo-{h}", links)
                self.assertNotIn((name, name), routes)
                continue
            lo = links[f"lo-{h}"]
            self.assertEqual((lo.get("bandwidth"), lo.get("latency")), ("12500000000Bps", "0.5us"))  # 100 Gbit/s
            self.assertEqual(lo.get("sharing_policy"), None)  # SHARED: the host's own messages share it
            self.assertEqual(routes[(name, name)], [f"lo-{h}"])
        self.assertEqual(len(routes), sum(1 for k in p["ranks"] if k > 1))

    def test_draw_only_prints_the_ranks(self):
        out = run("-n", "-s", "3", "--ranks-per-host", "4,4")
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = out.stdout.splitlines()
        self.assertEqual(lines[0], "seed 3: 16 hosts, 64 ranks (4-4 per host, loopback 100G/0.5us) on 2 switch(es), "
                                   f"ranks by-switch, root {gen.draw(3, (8, 16), (4, 4))['root']}")
        self.assertEqual(len(lines), 3)
        for line, before in zip(lines[1:], SEED_3.splitlines()[1:]):  # every host of a switch, with its 4 ranks
            hosts = line.split(": ", 2)[2].split()
            self.assertTrue(all(h.endswith("x4") for h in hosts), hosts)
            self.assertEqual(" ".join(h[:-2] for h in hosts), before.split(": ", 2)[2])

    def test_usage_errors(self):
        for bad in ("0,2", "5,4", "4", "x,y", "1,65"):
            out = run("-n", "-s", "3", "--ranks-per-host", bad)
            self.assertEqual(out.returncode, 2, bad)
            self.assertIn("--ranks-per-host", out.stderr)

    def test_platform_bound_reads_the_draw(self):
        """scripts/platform-bound.py on a drawn platform with 4 ranks per host: the root's host
        sends the blocks of the other hosts' ranks (not its own) over its link; the loopback
        routes are read and carry nothing between hosts."""
        p = gen.draw(3, (8, 16), (4, 4))
        d = write_seed_dir(p)
        out = subprocess.run([sys.executable, BOUND, d, "--ops", "scatter", "--bytes", "1M"], capture_output=True,
                             text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        head, row = [line.split(",") for line in out.stdout.splitlines()]
        got = dict(zip(head, row))
        self.assertEqual(got["procs"], "64")
        root_host = gen.rank_hosts(p)[p["root"]]
        gbit = p["hosts"][root_host]["gbit"]
        blocks = (64 - 4) * (1 << 20)
        self.assertIn(f"nic-{root_host}_UP: {blocks} bytes out of h{root_host}", got["term"])
        # the root's link is idle until 11.6436 x its shortest route (its NIC, the 1 us backbone, a 2 us NIC)
        lat = p["hosts"][root_host]["us"] + 1 + 2
        expect = 11.6436 * lat * 1e-6 + blocks / (0.940694 * gbit * 1e9 / 8)
        self.assertAlmostEqual(float(got["platform_bound_us"]), expect * 1e6, delta=1.0)


if __name__ == "__main__":
    unittest.main(verbosity=2)

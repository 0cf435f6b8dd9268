#!/usr/bin/env python3
"""platform-bound: what no schedule of a rooted collective beats on a SimGrid platform, from its links.

  platform-bound.py [options] DIR [DIR ...]
  platform-bound.py [options] --platform XML --hostfile FILE --root RANK
  platform-bound.py [options] --annotate CSV (--seeds-dir DIR | DIR)

DIR holds platform.xml, hostfile and root as examples/smpi/random-platforms writes them (its
seed-N/); --platform, --hostfile and --root name them one by one. Rank r runs on the hostfile's
line r (a line `host:N` is N lines; with more ranks than lines, smpirun's round robin). Prints CSV
(dir,op,procs,root,bytes,platform_bound_us,term,host_us,cut_us,total_us: the bound, what binds,
and the largest term of each kind below) for every op of --ops and size of --bytes. With --bench,
DIR's bench.csv (collsel-bench; --bench-csv: that file, for one platform; rows of the root only)
adds native_us, the fastest measured algorithm (auto excluded), auto_us and each over the bound;
--summary prints instead the geomean and worst of those ratios per op over every DIR and size,
and auto's speedup over native beside the bound's. --annotate adds to a CSV with columns
seed,op,bytes and *_us (as docs/results/bandwidth/committed-seeds.csv, or scripts/bound-table.py's
output) platform_bound_us, platform_term and, for every other *_us column X_us, X_per_platform,
the platform of each row being seed-<seed>/ of --seeds-dir, or DIR for every row.

The bound is the largest of these lower bounds, each over one link (one direction of a
SPLITDUPLEX link) of capacity f x bandwidth, the link idle before the first message that uses it
has paid its latency (route latency x the latency factor):
- per host: the bytes its ranks must receive (send) from other hosts cross every link that all
  routes into (out of) the host use: bcast M into every host without the root, reduce M out of
  every host without the root; scatter (gather) every host's blocks into (out of) it, all blocks of
  the other hosts out of (into) the root's host. Ranks on one host share its links; their copies
  among themselves are free here (a loopback, or routes through the host's own link on platforms
  without one: the bound is lower than the truth there, never higher).
- per group of hosts (every zone's hosts, the complements, single hosts): what must cross the
  group's cut crosses every link that all routes across it use, at least once: bcast M into a
  group without the root, M out of the root's group (when some host is outside it); scatter the
  blocks of every host outside the root's group out of it, the blocks of a group without the root
  into it; reduce and gather mirrored. Added to the receptions (sends) inside the group that also
  cross the link (a switch's backbone carries both).
- total: every byte received was sent, over the sender's private link, and arrives over the
  receiver's: the bytes moved between hosts over the sum of the hosts' private up (down) links.
A message from a to b also loads the links of the route b -> a with `--crosstraffic` (0.05) of
its bytes (SimGrid's network/crosstraffic, on by default): a SHARED link crossed both ways counts
1.05 per byte.

SimGrid factors (the SMPI network model of SimGrid 3.32 with its defaults, as
examples/smpi/random-platforms and scripts/smpi-results.sh run it): a message of at least 65472
bytes gets 0.940694 of a link's bandwidth (smpi/bw-factor; the flow's rate and its share of every
link are scaled alike) and pays 11.6436 times its route's latency (smpi/lat-factor); smaller
messages get other factors (up to 1.08739 of the bandwidth at 5776-9375 bytes). The bound holds
for schedules whose messages are at least --min-message bytes (default 64 KiB) but where the
call's own data is smaller (a message below it, a v-variant's smallest block): it takes the
largest bandwidth factor and the least latency factor of the sizes from the smaller of the two up.
Every message collsel's algorithms and SMPI's mpich selector send at 1 MiB and 4 MiB on up to 16
ranks is that large; --min-message 1 gives a bound over any message size, --bw-factor and
--lat-factor set fixed factors. TCP-gamma (4 MiB) caps one flow at gamma / (2 x route latency),
over 6.9 GB/s on these platforms' routes; a cap of single flows is no term here. Latencies of the
rest of a schedule are left out (a bound for large messages).

Platforms: zones with routing Full (zoneRoute and route elements) and Cluster (host_link, backbone,
router), and <cluster> elements without a topology (FLAT); FATPIPE links cap single flows only and
are no term. Other topologies (FAT_TREE, TORUS, DRAGONFLY) and routings exit 2.
Exit: 0 done, 1 unreadable input, 2 usage or an unsupported platform.
"""
import argparse
import csv
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

OPS = ("bcast", "reduce", "scatter", "gather", "scatterv", "gatherv")
# SimGrid 3.32's SMPI network model, defaults of smpi/bw-factor and smpi/lat-factor: (from this
# many bytes, factor), a message taking the entry of the largest threshold it reaches.
BW_FACTORS = ((65472, 0.940694), (15424, 0.697866), (9376, 0.58729), (5776, 1.08739), (3484, 0.77493),
              (1426, 0.608902), (732, 0.341987), (257, 0.338112), (0, 0.812084))
LAT_FACTORS = ((65472, 11.6436), (15424, 3.48845), (9376, 2.59299), (5776, 2.18796), (3484, 1.88101),
               (1426, 1.61075), (732, 1.9503), (257, 1.95341), (0, 2.01467))
MIN_MESSAGE = 65536    # the smallest message a schedule sends but the call's own smaller blocks
CROSSTRAFFIC = 0.05    # network/crosstraffic: the backward flow's share


def factors(smallest, bw_factor=None, lat_factor=None):
    """(bandwidth factor, latency factor) good for every message of at least `smallest` bytes: the
    largest bandwidth factor and the least latency factor of the sizes from there up, unless set."""
    reach = [i for i, (threshold, _) in enumerate(BW_FACTORS) if threshold <= smallest][:1]
    first = reach[0] if reach else len(BW_FACTORS) - 1
    bw = max(f for _, f in BW_FACTORS[: first + 1])
    lat = min(f for _, f in LAT_FACTORS[: first + 1])
    return (bw if bw_factor is None else bw_factor), (lat if lat_factor is None else lat_factor)


class Unsupported(Exception):
    """A platform this script cannot route (exit 2)."""


def parse_quantity(text, units, what):
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*([A-Za-z]*)\s*", text)
    if not m or m.group(2) not in units:
        raise Unsupported(f"cannot read {what} '{text}'")
    return float(m.group(1)) * units[m.group(2)]


def _bandwidth_units():
    units = {"": 1.0}
    for prefix, mult in (("", 1.0), ("k", 1e3), ("K", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12),
                         ("Ki", 2.0 ** 10), ("Mi", 2.0 ** 20), ("Gi", 2.0 ** 30), ("Ti", 2.0 ** 40)):
        units[prefix + "Bps"] = mult
        units[prefix + "bps"] = mult / 8
    return units


BANDWIDTH_UNITS = _bandwidth_units()
LATENCY_UNITS = {"": 1.0, "s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9, "ps": 1e-12}


def bandwidth(text):
    """Bytes per second of a SimGrid bandwidth ("1.25GBps", "10Gbps", "125000000Bps")."""
    return parse_quantity(text, BANDWIDTH_UNITS, "bandwidth")


def latency(text):
    return parse_quantity(text, LATENCY_UNITS, "latency")


class Zone:
    def __init__(self, zid, routing, parent):
        self.id, self.routing, self.parent = zid, routing, parent
        self.children = []          # sub-zones
        self.hosts = []             # hosts directly in the zone
        self.routers = set()
        self.backbone = None        # resource of a Cluster zone's backbone
        self.private = {}           # host -> (up resource, down resource)
        self.loopback = set()       # hosts whose same-host route is a loopback
        self.routes = {}            # (src netpoint or zone, dst) -> (gw_src, gw_dst, [resources])


class Platform:
    """Links as resources: (name, direction) for a SPLITDUPLEX link's UP or DOWN, (name, None) otherwise."""

    def __init__(self, path):
        self.links = {}             # link id -> (bandwidth B/s, latency s, policy)
        self.zone_of = {}           # host or router -> its zone
        self.zones = {}
        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError) as e:
            raise OSError(f"cannot read platform {path}: {e}") from e
        self.root_zone = None
        for child in root:
            if child.tag == "zone" or child.tag == "AS":
                self.root_zone = self._zone(child, None)
            elif child.tag == "cluster":
                self.root_zone = self._cluster(child, None)
        if self.root_zone is None:
            raise Unsupported(f"{path}: no zone")

    # --- parsing ---------------------------------------------------------------------------------
    def _link(self, el, name=None):
        lid = name or el.get("id")
        policy = el.get("sharing_policy", "SHARED")
        self.links[lid] = (bandwidth(el.get("bandwidth")), latency(el.get("latency", "0")), policy)
        return lid

    def resource(self, lid, direction=None):
        """The resource of link `lid` (a SPLITDUPLEX link's direction "UP"/"DOWN"; or an existing
        "<id>_UP"/"<id>_DOWN" name)."""
        if lid not in self.links:
            for d in ("UP", "DOWN"):
                if lid.endswith("_" + d) and lid[: -len(d) - 1] in self.links:
                    return (lid[: -len(d) - 1], d)
            raise Unsupported(f"unknown link '{lid}'")
        if self.links[lid][2] == "SPLITDUPLEX":
            if direction not in ("UP", "DOWN"):
                raise Unsupported(f"SPLITDUPLEX link '{lid}' used without a direction")
            return (lid, direction)
        return (lid, None)

    def _zone(self, el, parent):
        z = Zone(el.get("id"), el.get("routing", "None"), parent)
        if z.routing not in ("Full", "Cluster", "None"):
            raise Unsupported(f"zone '{z.id}': routing {z.routing} is not supported")
        self.zones[z.id] = z
        for c in el:
            if c.tag == "link":
                self._link(c)
            elif c.tag == "backbone":
                z.backbone = self.resource(self._link(c))
            elif c.tag == "host":
                z.hosts.append(c.get("id"))
                self.zone_of[c.get("id")] = z
            elif c.tag == "router":
                z.routers.add(c.get("id"))
                self.zone_of[c.get("id")] = z
        for c in el:
            if c.tag in ("zone", "AS"):
                z.children.append(self._zone(c, z))
            elif c.tag == "cluster":
                z.children.append(self._cluster(c, z))
            elif c.tag == "host_link":
                z.private[c.get("id")] = (self.resource(c.get("up")), self.resource(c.get("down")))
            elif c.tag in ("zoneRoute", "ASroute", "route"):
                self._route(z, c)
        return z

    def _route(self, z, el):
        src, dst = el.get("src"), el.get("dst")
        gw_src, gw_dst = el.get("gw_src", src), el.get("gw_dst", dst)
        ctn = [(c.get("id"), c.get("direction", "NONE")) for c in el if c.tag == "link_ctn"]
        fwd = [self.resource(lid, d if d != "NONE" else None) for lid, d in ctn]
        z.routes[(src, dst)] = (gw_src, gw_dst, fwd)
        if el.get("symmetrical", "YES").upper() == "YES" and (dst, src) not in z.routes:
            back = [(lid, {"UP": "DOWN", "DOWN": "UP"}.get(d, d)) for lid, d in reversed(fwd)]
            z.routes[(dst, src)] = (gw_dst, gw_src, back)

    def _cluster(self, el, parent):
        cid = el.get("id")
        topology = el.get("topology", "FLAT")
        if topology != "FLAT":
            raise Unsupported(f"cluster '{cid}': topology {topology} is not supported")
        z = Zone(cid, "Cluster", parent)
        self.zones[cid] = z
        prefix, suffix = el.get("prefix", ""), el.get("suffix", "")
        policy = el.get("sharing_policy", "SPLITDUPLEX")
        bw, lat = bandwidth(el.get("bw")), latency(el.get("lat", "0"))
        for part in el.get("radical").split(","):
            lo, _, hi = part.partition("-")
            for i in range(int(lo), int(hi or lo) + 1):
                host = f"{prefix}{i}{suffix}"
                z.hosts.append(host)
                self.zone_of[host] = z
                lid = f"{cid}_link_{i}"
                self.links[lid] = (bw, lat, policy)
                z.private[host] = ((lid, "UP"), (lid, "DOWN")) if policy == "SPLITDUPLEX" else ((lid, None), (lid, None))
                if el.get("loopback_bw"):
                    z.loopback.add(host)
        router = el.get("router_id") or f"{prefix}{cid}_router{suffix}"
        z.routers.add(router)
        self.zone_of[router] = z
        if el.get("bb_bw"):
            lid = f"{cid}_backbone"
            self.links[lid] = (bandwidth(el.get("bb_bw")), latency(el.get("bb_lat", "0")),
                               el.get("bb_sharing_policy", "SHARED"))
            z.backbone = (lid, None)
        return z

    # --- routing ---------------------------------------------------------------------------------
    def chain(self, point):
        """Zones from the root down to the zone holding `point` (a host or router)."""
        if point not in self.zone_of:
            raise Unsupported(f"unknown host or router '{point}'")
        out, z = [], self.zone_of[point]
        while z is not None:
            out.append(z)
            z = z.parent
        return out[::-1]

    def _local(self, z, a, b):
        """Resources of the route from a to b inside zone z (netpoints or child zones' ids), and
        the gateways where a or b are zones."""
        if z.routing == "Cluster":
            res = []
            if a == b and a in z.loopback:
                return a, b, []
            if a in z.private:
                res.append(z.private[a][0])
            if z.backbone is not None:
                res.append(z.backbone)
            if b in z.private:
                res.append(z.private[b][1])
            return a, b, res
        if (a, b) not in z.routes:
            raise Unsupported(f"zone '{z.id}': no route from '{a}' to '{b}'")
        return z.routes[(a, b)]

    def route(self, a, b):
        """The resources of SimGrid's route from netpoint a to netpoint b, in order."""
        if a == b and self.zone_of[a].routing != "Cluster":
            return []
        ca, cb = self.chain(a), self.chain(b)
        k = 0
        while k < min(len(ca), len(cb)) and ca[k] is cb[k]:
            k += 1
        common = ca[k - 1]
        na = ca[k].id if k < len(ca) else a
        nb = cb[k].id if k < len(cb) else b
        gw_a, gw_b, mid = self._local(common, na, nb)
        head = self.route(a, gw_a) if gw_a != a else []
        tail = self.route(gw_b, b) if gw_b != b else []
        return head + list(mid) + tail

    def latency_of(self, resources):
        return sum(self.links[lid][1] for lid, _ in resources)

    def capacity(self, res):
        """Bytes per second of a resource's constraint; None for a FATPIPE link (no sum constraint)."""
        bw, _, policy = self.links[res[0]]
        return None if policy == "FATPIPE" else bw


def read_hostfile(path, procs=None):
    hosts = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, slots = line.partition(":")
            hosts += [name.strip()] * (int(slots) if slots.strip() else 1)
    if not hosts:
        raise OSError(f"{path}: no hosts")
    procs = procs or len(hosts)
    return [hosts[r % len(hosts)] for r in range(procs)]


def uneven_blocks(nbytes, procs):
    """collsel-bench's v-variant blocks (collsel/collective.hpp uneven_blocks)."""
    return [2 * nbytes * (r + 1) // (procs + 1) for r in range(procs)]


class Bound:
    """The platform's routes between the hosts a job's ranks run on, and their bounds."""

    def __init__(self, platform, rank_hosts, bw_factor=None, lat_factor=None, crosstraffic=CROSSTRAFFIC,
                 min_message=MIN_MESSAGE):
        self.p, self.rank_hosts = platform, rank_hosts
        self.bw_factor, self.lat_factor, self.cross = bw_factor, lat_factor, crosstraffic
        self.min_message = min_message
        self.hosts = sorted(set(rank_hosts), key=rank_hosts.index)
        for h in self.hosts:
            if h not in platform.zone_of:
                raise Unsupported(f"host '{h}' of the hostfile is not in the platform")
        self.routes, self.lat = {}, {}
        for a in self.hosts:
            for b in self.hosts:
                if a != b:
                    r = platform.route(a, b)
                    self.routes[(a, b)] = r
                    self.lat[(a, b)] = platform.latency_of(r)
        # w[(a, b)]: resource -> load per byte of a message a -> b (1 per crossing on its route, the
        # crosstraffic share per crossing of the route b -> a); first[res]: the least route latency
        # of a message that loads res (times the latency factor, the earliest it can load it).
        self.w, self.first = {}, {}
        self.senders, self.receivers = {}, {}   # resource -> hosts whose messages cross it (forward)
        for (a, b), r in self.routes.items():
            load = {}
            for res in r:
                load[res] = load.get(res, 0.0) + 1.0
                self.senders.setdefault(res, set()).add(a)
                self.receivers.setdefault(res, set()).add(b)
            if self.cross > 0:
                for res in self.routes[(b, a)]:
                    load[res] = load.get(res, 0.0) + self.cross
            load = {res: x for res, x in load.items() if platform.capacity(res) is not None}
            self.w[(a, b)] = load
            for res in load:
                self.first[res] = min(self.first.get(res, math.inf), self.lat[(a, b)])
        self.groups = self._groups()

    def _groups(self):
        """All the job's hosts, every zone's among them and their complements, single hosts: (name, set)."""
        every = set(self.hosts)
        out, seen = [], set()

        def add(name, s):
            key = frozenset(s)
            if s and key not in seen:
                seen.add(key)
                out.append((name, key))

        add("all hosts", every)  # no cut: what all receptions (sends) load on a shared link

        for z in self.p.zones.values():
            inside = {h for h in self.hosts if any(c is z for c in self.p.chain(h))}
            add(f"zone {z.id}", inside)
            add(f"outside zone {z.id}", every - inside)
        for h in self.hosts:
            add(f"host {h}", {h})
        return out

    def min_weights(self, pairs):
        """resource -> the least load per byte over `pairs` (only resources every pair loads)."""
        common = None
        for pair in pairs:
            w = self.w[pair]
            if common is None:
                common = dict(w)
            else:
                common = {res: min(x, w[res]) for res, x in common.items() if res in w}
            if not common:
                return {}
        return common or {}

    def smallest(self, op, nbytes):
        """The call's smallest message of data between ranks: the message (bcast, reduce), a rank's
        block (scatter, gather), the smallest block of a rank but the first (v-variants)."""
        if op in ("scatterv", "gatherv"):
            return min([b for b in uneven_blocks(nbytes, len(self.rank_hosts))[1:] if b > 0] or [nbytes])
        return nbytes

    def needs(self, op, nbytes, root):
        """Per host, the bytes it must receive from (send to) other hosts; per group, what must
        cross into (out of) it; and the bytes moved between hosts in all (`root`: the root's host)."""
        procs = len(self.rank_hosts)
        if op in ("scatterv", "gatherv"):
            blocks = uneven_blocks(nbytes, procs)
        else:
            blocks = [nbytes] * procs
        block_of = {h: 0 for h in self.hosts}
        for r, h in enumerate(self.rank_hosts):
            block_of[h] += blocks[r]
        into = {h: 0.0 for h in self.hosts}
        out = {h: 0.0 for h in self.hosts}
        others = [h for h in self.hosts if h != root]
        if op == "bcast" or op == "reduce":
            side_many, side_root = (into, out) if op == "bcast" else (out, into)
            for h in others:
                side_many[h] = nbytes
            side_root[root] = nbytes if others else 0
            moved = len(others) * nbytes
        else:
            to_root = op in ("gather", "gatherv")
            side_many, side_root = (out, into) if to_root else (into, out)
            for h in others:
                side_many[h] = block_of[h]
            side_root[root] = sum(block_of[h] for h in others)
            moved = side_root[root]
        downward = op in ("bcast", "scatter", "scatterv")

        def cross(group):
            """(bytes that must cross into group, bytes that must cross out of it)."""
            rest = [h for h in self.hosts if h not in group]
            away = root in group
            if op in ("bcast", "reduce"):
                x = nbytes if rest or not away else 0
            else:
                x = sum(block_of[h] for h in (rest if away else group))
            # bcast and scatter move data away from the root, reduce and gather towards it
            if downward == away:
                return 0.0, float(x)
            return float(x), 0.0

        return into, out, cross, moved

    def bound(self, op, nbytes, root_rank):
        """The bound of `op` at `nbytes` (a rank's block for scatter/gather, the nominal mean block
        for the v-variants) rooted at `root_rank`: {"s": seconds, "term": what binds, and per kind
        of term its largest, in seconds: "host" (a link only one host's messages cross, out of or
        into it), "cut" (a link several hosts' messages share: a switch's up-link or backbone),
        "total" (the sum of the private links)}."""
        into, out, cross, moved = self.needs(op, nbytes, self.rank_hosts[root_rank])
        best = {"s": 0.0, "term": "none", "host": 0.0, "cut": 0.0, "total": 0.0}
        if len(self.hosts) < 2:
            return best
        f, lat_factor = factors(min(self.min_message, self.smallest(op, nbytes)), self.bw_factor, self.lat_factor)
        self.factor_used = (f, lat_factor)

        def consider(load, res, why):
            cap = self.p.capacity(res)
            if load <= 0 or cap is None:
                return
            t = self.first.get(res, 0.0) * lat_factor + load / (f * cap)
            kind = "host" if len(self.senders.get(res, ())) == 1 or len(self.receivers.get(res, ())) == 1 else "cut"
            best[kind] = max(best[kind], t)
            if t > best["s"]:
                name = res[0] + (f"_{res[1]}" if res[1] else "")
                best["s"], best["term"] = t, f"{name}: {why}"

        win = {b: self.min_weights([(a, b) for a in self.hosts if a != b]) for b in self.hosts}
        wout = {a: self.min_weights([(a, b) for b in self.hosts if b != a]) for a in self.hosts}
        for h in self.hosts:
            for res, x in win[h].items():
                consider(into[h] * x, res, f"{into[h]:.0f} bytes into {h}")
            for res, x in wout[h].items():
                consider(out[h] * x, res, f"{out[h]:.0f} bytes out of {h}")
        for name, group in self.groups:
            rest = [h for h in self.hosts if h not in group]
            cut_in = self.min_weights([(a, b) for a in rest for b in group])
            cut_out = self.min_weights([(a, b) for a in group for b in rest])
            x_in, x_out = cross(group)
            received, sent = {}, {}
            for h in group:
                for res, x in win[h].items():
                    received[res] = received.get(res, 0.0) + into[h] * x
                for res, x in wout[h].items():
                    sent[res] = sent.get(res, 0.0) + out[h] * x
            for res in set(cut_in) | set(cut_out) | set(received) | set(sent):
                ci, co = cut_in.get(res, 0.0), cut_out.get(res, 0.0)
                consider(x_in * ci + x_out * co, res, f"{x_in + x_out:.0f} bytes across the cut of {name}")
                consider(received.get(res, 0.0) + x_out * co, res,
                         f"receptions in {name}" + (f" and {x_out:.0f} bytes out of it" if x_out * co else ""))
                consider(sent.get(res, 0.0) + x_in * ci, res,
                         f"sends in {name}" + (f" and {x_in:.0f} bytes into it" if x_in * ci else ""))
        for t, why in self._total(moved, f, lat_factor):
            best["total"] = max(best["total"], t)
            if t > best["s"]:
                best["s"], best["term"] = t, why
        return best

    def _total(self, moved, f, lat_factor):
        """Every byte moved between hosts leaves over its sender's private link and arrives over
        its receiver's: `moved` over the sum of the hosts' private up (down) links."""
        found = []
        for side in ("up", "down"):
            caps, resources = 0.0, []
            for h in self.hosts:
                pairs = [(h, b) for b in self.hosts if b != h] if side == "up" else [(a, h) for a in self.hosts if a != h]
                common = self.min_weights(pairs)
                private = []
                for res, x in common.items():
                    if x < 1.0:
                        continue
                    if (self.senders if side == "up" else self.receivers).get(res) == {h}:
                        private.append(res)
                if not private:
                    break
                res = min(private, key=lambda r: self.p.capacity(r))
                resources.append(res)
                caps += self.p.capacity(res)
            if len(resources) < len(self.hosts):
                continue
            # the other end's private link of the same side carries the crosstraffic share
            back = min(sum(w.get(r, 0.0) for r in resources) - 1.0 for w in self.w.values())
            start = min(self.first.get(r, 0.0) for r in resources) * lat_factor
            t = start + moved * (1.0 + max(0.0, back)) / (f * caps)
            found.append((t, f"total {side}: {moved:.0f} bytes over the hosts' private {side} links"))
        return found


def size_bytes(text):
    mult = {"K": 1024, "M": 1 << 20, "G": 1 << 30}
    t = text.strip().upper()
    return int(t[:-1]) * mult[t[-1]] if t[-1] in mult else int(t)


def read_root(path):
    with open(path) as f:
        return int(f.read().split()[0])


def load_dir(d, args):
    plat = Platform(os.path.join(d, "platform.xml"))
    hosts = read_hostfile(os.path.join(d, "hostfile"), args.np)
    return Bound(plat, hosts, args.bw_factor, args.lat_factor, args.crosstraffic, args.min_message), \
        read_root(os.path.join(d, "root"))


def measured(rows, op, nbytes):
    """(native, the fastest algorithm but auto, its time, auto) of one point of a collsel-bench CSV."""
    pts = [r for r in rows if r["op"] == op and int(r["bytes"]) == nbytes]
    native = [float(r["measured_us"]) for r in pts if r["algorithm"] == "native"]
    auto = [float(r["measured_us"]) for r in pts if r["algorithm"] == "auto"]
    pts = [r for r in pts if r["algorithm"] != "auto"]
    if not pts:
        return None, None, None, None
    best = min(pts, key=lambda r: float(r["measured_us"]))
    return (min(native) if native else None), best["algorithm"], float(best["measured_us"]), (min(auto) if auto else None)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def run_dirs(args, ops, sizes):
    out = csv.writer(sys.stdout, lineterminator="\n")
    head = ["dir", "op", "procs", "root", "bytes", "platform_bound_us", "term", "host_us", "cut_us", "total_us"]
    if args.bench:
        head += ["native_us", "fastest", "fastest_us", "fastest_per_platform", "native_per_platform", "auto_us",
                 "auto_per_platform"]
    if not args.summary:
        out.writerow(head)
    ratios = {}
    dirs = args.dirs or [None]
    for d in dirs:
        if d is None:
            plat = Platform(args.platform)
            b = Bound(plat, read_hostfile(args.hostfile, args.np), args.bw_factor, args.lat_factor, args.crosstraffic,
                      args.min_message)
            root, label = args.root, args.platform
        else:
            b, root = load_dir(d, args)
            label = d
        rows = []
        if args.bench:
            with open(args.bench if isinstance(args.bench, str) else os.path.join(d, "bench.csv")) as f:
                rows = [r for r in csv.DictReader(f) if int(r.get("root", root)) == root]
        for op in ops:
            for n in sizes:
                got = b.bound(op, n, root)
                t = got["s"]
                row = [label, op, len(b.rank_hosts), root, n, f"{t * 1e6:.0f}", got["term"]] + \
                    [f"{got[k] * 1e6:.0f}" for k in ("host", "cut", "total")]
                if args.bench:
                    native, algo, us, auto = measured(rows, op, n)
                    if us is None:
                        continue
                    per = lambda x: f"{x / (t * 1e6):.3f}" if x else ""
                    row += [f"{native:.0f}" if native else "", algo, f"{us:.0f}", per(us), per(native),
                            f"{auto:.0f}" if auto else "", per(auto)]
                    ratios.setdefault(op, []).append({"fastest": us / (t * 1e6), "native": native, "auto": auto,
                                                      "bound": t * 1e6, "dir": label, "bytes": n})
                if not args.summary:
                    out.writerow(row)
    if args.summary:
        summary(ratios, ops)


def summary(ratios, ops):
    """Per op: fastest / bound (geomean, worst), native / bound and auto / bound (geomeans); then
    over every point with native and auto: auto's speedup over native beside the bound's."""
    print("| op | points | fastest / platform bound: geomean | worst (dir, bytes) | native / platform bound: geomean "
          "| auto / platform bound: geomean |")
    print("|---|---|---|---|---|---|")
    every = []
    for op in ops:
        rs = ratios.get(op, [])
        if not rs:
            continue
        every += rs
        worst = max(rs, key=lambda r: r["fastest"])
        nat = [r["native"] / r["bound"] for r in rs if r["native"]]
        aut = [r["auto"] / r["bound"] for r in rs if r["auto"]]
        print(f"| {op} | {len(rs)} | {geomean([r['fastest'] for r in rs]):.3f} | {worst['fastest']:.3f} "
              f"({os.path.basename(worst['dir'].rstrip('/'))}, {worst['bytes']}) | {geomean(nat):.2f} | "
              f"{f'{geomean(aut):.3f}' if aut else ''} |")
    both = [r for r in every if r["native"] and r["auto"]]
    if both:
        auto = geomean([r["native"] / r["auto"] for r in both])
        bound = geomean([r["native"] / r["bound"] for r in both])
        print(f"\nspeedup over native (geomean of {len(both)} points): auto {auto:.3f}, platform bound {bound:.3f}, "
              f"auto / bound's {auto / bound:.3f}")


def annotate(args):
    with open(args.annotate) as f:
        reader = csv.DictReader(f)
        rows, fields = list(reader), list(reader.fieldnames)
    timed = [c for c in fields if c.endswith("_us") and "bound" not in c]
    new = ["platform_bound_us", "platform_term"] + [c[:-3] + "_per_platform" for c in timed]
    out = csv.DictWriter(sys.stdout, fieldnames=fields + [c for c in new if c not in fields], lineterminator="\n")
    if not args.summary:
        out.writeheader()
    cache, ratios = {}, {}
    for r in rows:
        seed = r.get("seed", "") if args.seeds_dir else ""
        if seed not in cache:
            cache[seed] = load_dir(os.path.join(args.seeds_dir, f"seed-{seed}") if args.seeds_dir else args.dirs[0], args)
        b, root = cache[seed]
        got = b.bound(r["op"], int(r["bytes"]), root)
        us = got["s"] * 1e6
        r["platform_bound_us"], r["platform_term"] = f"{us:.0f}", got["term"]
        for c in timed:
            if r.get(c):
                r[c[:-3] + "_per_platform"] = f"{float(r[c]) / us:.3f}"
                ratios.setdefault((r["op"], c[:-3]), []).append(float(r[c]) / us)
        if not args.summary:
            out.writerow(r)
    if args.summary:
        labels = [c[:-3] for c in timed]
        print("| op | points | " + " | ".join(f"{x} / platform bound: geomean (worst)" for x in labels) + " |")
        print("|---|---|" + "---|" * len(labels))
        for op in dict.fromkeys(r["op"] for r in rows):
            cells = [f"{geomean(ratios[(op, x)]):.3f} ({max(ratios[(op, x)]):.3f})" if ratios.get((op, x)) else ""
                     for x in labels]
            print(f"| {op} | {sum(1 for r in rows if r['op'] == op)} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], usage="\n".join(__doc__.split("\n")[2:5]).strip())
    ap.add_argument("dirs", nargs="*", help="directories with platform.xml, hostfile and root")
    ap.add_argument("--platform")
    ap.add_argument("--hostfile")
    ap.add_argument("--root", type=int)
    ap.add_argument("--np", type=int, default=None, help="ranks (default: the hostfile's lines)")
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--bytes", default="1M,4M", help="sizes: the message (bcast, reduce) or a rank's block")
    ap.add_argument("--bench", action="store_true", help="compare with DIR/bench.csv")
    ap.add_argument("--bench-csv", help="compare the one platform with this CSV (op,bytes,algorithm,measured_us)")
    ap.add_argument("--summary", action="store_true", help="with --bench or --annotate: geomean and worst per op")
    ap.add_argument("--annotate", help="CSV with seed,op,bytes and *_us columns")
    ap.add_argument("--seeds-dir", help="with --annotate: where seed-<seed>/ are")
    ap.add_argument("--bw-factor", type=float, default=None, help="instead of SimGrid's SMPI defaults")
    ap.add_argument("--lat-factor", type=float, default=None, help="instead of SimGrid's SMPI defaults")
    ap.add_argument("--min-message", type=size_bytes, default=MIN_MESSAGE,
                    help="the smallest message a schedule sends but the call's own smaller blocks (default 64K)")
    ap.add_argument("--crosstraffic", type=float, default=CROSSTRAFFIC)
    a = ap.parse_args()
    try:
        ops = a.ops.split(",")
        sizes = [size_bytes(s) for s in a.bytes.split(",") if s]
        if any(op not in OPS for op in ops) or not sizes:
            raise ValueError(a.ops)
    except (ValueError, IndexError, KeyError):
        print(f"platform-bound: --ops takes {','.join(OPS)} and --bytes sizes like 1M,4M", file=sys.stderr)
        return 2
    one = a.platform or a.hostfile or a.root is not None
    if a.annotate:
        if bool(a.seeds_dir) == (len(a.dirs) == 1) or len(a.dirs) > 1 or one:
            print("platform-bound: --annotate needs --seeds-dir or one DIR", file=sys.stderr)
            return 2
    elif one == bool(a.dirs) or (one and not (a.platform and a.hostfile and a.root is not None)):
        print("platform-bound: give DIRs or all of --platform, --hostfile, --root", file=sys.stderr)
        return 2
    if a.bench_csv:
        if len(a.dirs) > 1 or a.bench:
            print("platform-bound: --bench-csv compares one platform, instead of --bench", file=sys.stderr)
            return 2
        a.bench = a.bench_csv
    elif a.bench and not a.dirs:
        print("platform-bound: --bench reads DIR/bench.csv (with --platform: --bench-csv)", file=sys.stderr)
        return 2
    if a.summary and not (a.bench or a.annotate):
        print("platform-bound: --summary needs --bench or --annotate", file=sys.stderr)
        return 2
    try:
        if a.annotate:
            annotate(a)
        else:
            run_dirs(a, ops, sizes)
    except Unsupported as e:
        print(f"platform-bound: {e}", file=sys.stderr)
        return 2
    except (OSError, ValueError, KeyError) as e:
        print(f"platform-bound: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

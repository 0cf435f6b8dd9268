// A lower bound on any algorithm's time for a rooted collective under a point-to-point model: the
// bytes every process must receive or send, each over its own fastest link. What no schedule can
// beat, so native / bound is the most any algorithm could gain over native (docs/smpi.md).
#pragma once

#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

// Per process r, its fastest link's cost per byte into r (inbound) and out of r (outbound):
// the least (p2p(q, r, 2M) - p2p(q, r, M)) / M over the other processes q (or its link's measured
// floor where faster, P2PModel::link_per_byte), at M = max(`bytes`,
// 64 KiB): the marginal cost of a byte, without the latency — nor a step of the model at a change
// of protocol (rendezvous) at or below M, which concurrent messages pay at once, not in turn (with
// (p2p(M) - p2p(0)) / M, SimGrid's step at 65472 bytes put the bound of a 64 KiB scatter over
// 1024 ranks at 1.7x the measured fastest).
// The bound, with M_r = shape.block(r) for the personalized collectives, shape.bytes otherwise:
//   bcast:  max(max over r != root of M in(r),     (every process receives the message)
//               (n − 1) M / Σ_r 1/out(r))          (all n − 1 copies are uploaded by someone)
//   reduce: max(max over r != root of M out(r),    (every contribution leaves its process)
//               (n − 1) M / Σ_r 1/in(r))           (and arrives somewhere)
//   scatter(v): max(sum over r != root of M_r out(root), max over r != root of M_r in(r))
//   gather(v):  max(sum over r != root of M_r in(root), max over r != root of M_r out(r))
// Where the model knows hosts with several of the call's ranks (call_hosts), the same terms per
// host H, over its network link — its fastest rate to (from) a process of another host — in place
// of each process's fastest link, which is to a host-mate: bcast: M in(H) for every H but the
// root's, and (H_count − 1) M / Σ_H 1/out(H); reduce the mirror image; scatter(v): the blocks of
// H's ranks times in(H), and all blocks bound for other hosts times out(root's host); gather(v)
// the mirror image. Both views hold; the bound is the larger. The schedules' predictions give every
// rank a link of its own, so with several ranks per host some fall below this bound: they are
// that optimistic there (docs/results/bandwidth, "Several ranks per host").
// Latencies are left out (a bound for large messages); full duplex is assumed, so on links that
// carry both directions at once a forwarding process may need up to twice as long.
double bandwidth_bound(const CallShape& shape, const P2PModel& model);

}  // namespace collsel

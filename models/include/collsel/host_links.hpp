// A host's network link as the schedule predictors see it where several of the call's ranks share
// a host (P2PModel::hosts): the ranks' transfers to and from other hosts pass it, one after
// another at its rate, whatever each pair's own rate (docs/design/0023).
#pragma once

#include <vector>

#include "collsel/p2p_model.hpp"

namespace collsel {

// Per process of `model`: the seconds per byte of its host's link out of the host and into it —
// per other host, the median marginal cost of a byte (at 1 MiB, the sustained rate) over the
// pairs from one to the other (every process of one host with the first process of the other: a
// pair passes both hosts' links at its rate), and of those the least; or the link's measured floor
// where that is faster (P2PModel::link_per_byte). The median, since one pair measured faster than
// its path allows would otherwise stand for two hosts' links (decision record 0035).
// Empty vectors where hosts() is empty. O(processes x hosts) transfers priced.
// Seconds per byte that one more byte adds to a transfer from a to b of 1 MiB: the pair's
// sustained rate, what a pipeline's steady state or a long transfer runs at.
double sustained_per_byte(const P2PModel& model, int a, int b);

struct HostLinks {
  std::vector<double> out_per_byte, in_per_byte;
  std::vector<int> host_index;  // per process: its host, numbered 0 .. host_count - 1 as they first appear
  int host_count = 0;
};
HostLinks compute_host_links(const P2PModel& model);

// The model's own (set_host_links), else computed.
HostLinks host_links(const P2PModel& model);

}  // namespace collsel

// Expansion of a cyclic frame schedule into synchronous steps, and its predicted cost.
// Packet choice: the sender forwards, of the packets it holds and the receiver lacks, the one of
// lowest index (keeps packets flowing in order down every branch).
#include <algorithm>
#include <stdexcept>

#include "collsel/frames.hpp"

namespace collsel {

std::vector<std::vector<Transfer>> expand_steps(const FrameSchedule& schedule, int packets) {
  const int n = schedule.procs;
  std::vector<std::vector<Transfer>> steps;
  if (n <= 1 || packets <= 0) return steps;
  if (schedule.frames.empty()) throw std::invalid_argument("expand_steps: no frames");
  std::vector<std::vector<char>> has(std::size_t(n), std::vector<char>(std::size_t(packets), 0));
  std::vector<int> held(std::size_t(n), 0);
  std::fill(has[std::size_t(schedule.root)].begin(), has[std::size_t(schedule.root)].end(), 1);
  held[std::size_t(schedule.root)] = packets;
  long missing = long(n - 1) * packets;
  std::size_t idle_frames = 0;
  for (std::size_t step = 0; missing > 0; ++step) {
    const auto& frame = schedule.frames[step % schedule.frames.size()];
    std::vector<Transfer> active;
    for (auto [from, to] : frame) {
      const auto& src = has[std::size_t(from)];
      const auto& dst = has[std::size_t(to)];
      for (int p = 0; p < packets; ++p)
        if (src[std::size_t(p)] && !dst[std::size_t(p)]) {
          active.push_back({from, to, p});
          break;
        }
    }
    for (const Transfer& t : active) {  // a packet received in this step is forwarded next step
      has[std::size_t(t.to)][std::size_t(t.packet)] = 1;
      ++held[std::size_t(t.to)];
      --missing;
    }
    idle_frames = active.empty() ? idle_frames + 1 : 0;
    if (idle_frames > schedule.frames.size())
      throw std::logic_error("expand_steps: the frames do not reach every rank");
    if (!active.empty()) steps.push_back(std::move(active));
  }
  return steps;
}

double predict_frames(const FrameSchedule& schedule, std::size_t bytes, std::size_t segment_bytes,
                      const P2PModel& cost) {
  const int packets = packet_count(bytes, segment_bytes);
  const std::size_t base = bytes / std::size_t(packets), extra = bytes % std::size_t(packets);
  double total = 0;
  for (const auto& step : expand_steps(schedule, packets)) {
    double slowest = 0;
    for (const Transfer& t : step) {
      const double seg = double(base + (std::size_t(t.packet) < extra ? 1 : 0));
      slowest = std::max(slowest, cost.p2p(t.from, t.to, seg));
    }
    total += slowest;
  }
  return total;
}

}  // namespace collsel

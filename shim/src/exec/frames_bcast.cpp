// BBS frame broadcast: the message is cut into packets of segment_bytes; expand_steps() (models/)
// turns the cyclic frames into synchronous steps of transfers {from, to, packet}, identical on
// every rank. Each rank performs its own transfer of each step in step order (at most one per
// step: no rank is in two edges of a frame), with blocking calls — deadlock-free because both ends
// of every transfer meet it at the same position of the global step order.
// Cost: predict_frames() — each transfer starts when both of its ranks are done with their
// earlier ones and lasts p2p(from, to, packet bytes); nothing waits for a whole step.
// Non-contiguous datatypes are packed at the root and unpacked at the others.
#include <algorithm>
#include <mutex>
#include <vector>

#include "common.hpp"
#include "executors.hpp"
#include "collsel/exec.hpp"

namespace collsel::exec::detail {
namespace {

struct MyStep { int peer; int packet; bool send; };

// Expanding the frames costs far more than running a small broadcast: keep the last few
// expansions (per frame schedule and packet count), each already split per rank.
struct Expansion {
  std::weak_ptr<const FrameSchedule> frames;
  int packets = 0;
  std::vector<std::vector<MyStep>> per_rank;
};

std::shared_ptr<const Expansion> expansion(const std::shared_ptr<const FrameSchedule>& frames, int packets) {
  static std::mutex mu;
  static std::vector<std::shared_ptr<const Expansion>> cache;  // most recent last
  {
    std::lock_guard lock(mu);
    for (auto it = cache.begin(); it != cache.end(); ++it)
      if ((*it)->packets == packets && (*it)->frames.lock() == frames) {
        auto hit = *it;
        cache.erase(it);
        cache.push_back(hit);
        return hit;
      }
  }
  auto e = std::make_shared<Expansion>();
  e->frames = frames;
  e->packets = packets;
  e->per_rank.resize(std::size_t(frames->procs));
  for (const auto& step : expand_steps(*frames, packets))
    for (const Transfer& x : step) {
      e->per_rank[std::size_t(x.from)].push_back({x.to, x.packet, true});
      e->per_rank[std::size_t(x.to)].push_back({x.from, x.packet, false});
    }
  std::lock_guard lock(mu);
  cache.push_back(e);
  if (cache.size() > 16) cache.erase(cache.begin());
  return e;
}

}  // namespace

int frames_bcast(const std::shared_ptr<const FrameSchedule>& frames, std::size_t segment_bytes, void* buf,
                 int count, MPI_Datatype type, MPI_Comm comm) {
  const int me = comm_rank(comm);
  const TypeInfo t = type_info(type);
  const std::size_t bytes = std::size_t(t.size) * std::size_t(std::max(count, 0));
  if (bytes == 0 || frames->procs <= 1) return MPI_SUCCESS;
  const bool is_root = me == frames->root;
  BcastBytes view;
  if (int rc = view.open(buf, count, type, t, bytes, is_root); rc != MPI_SUCCESS) return rc;
  char* data = view.data();
  const SegmentLayout packets = frame_packets(bytes, segment_bytes);  // as predict_frames() cuts them
  auto offset = [&](int p) { return packets.offset(p); };
  auto length = [&](int p) { return packets.length(p); };
  const auto plan = expansion(frames, packets.count);
  for (const MyStep& s : plan->per_rank[std::size_t(me)]) {
    char* p = data + offset(s.packet);
    const int n = int(length(s.packet));
    const int rc = s.send ? PMPI_Send(p, n, MPI_BYTE, s.peer, tag_bcast, comm)
                          : PMPI_Recv(p, n, MPI_BYTE, s.peer, tag_bcast, comm, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return rc;
  }
  return view.close();
}

}  // namespace collsel::exec::detail

// Expansion of a cyclic frame schedule into steps (one global order of transfers), and its
// predicted cost.
// Every step walks one frame; each of its edges carries at most one packet the sender held at the
// start of the step and the receiver lacks. Packet choice (FrameSchedule::choice): lowest missing
// index, the forward potential of Algorithm 1, or the globally rarest. Packet sets are bitsets, and the forward
// potential is counted 64 packets at a time with bit-sliced counters, so one step costs
// O(edges · N/64 · deg · log deg).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>

#include "collsel/frames.hpp"
#include "collsel/predict.hpp"

namespace collsel {
namespace {

using Word = std::uint64_t;

struct Holdings {
  std::size_t words = 0;
  std::vector<Word> bits;  // node-major
  std::vector<int> held;
  const Word* of(int node) const { return bits.data() + std::size_t(node) * words; }
  Word* of(int node) { return bits.data() + std::size_t(node) * words; }
  bool has(int node, int p) const { return (of(node)[std::size_t(p) / 64] >> (p % 64)) & 1U; }
};

// Packet `from` should send `to`, or -1. only_among: when set, a bitset the packet must be in.
int choose(const Holdings& h, int from, int to, PacketChoice choice, const std::vector<int>& nbrs,
           std::vector<Word>& slices, const std::vector<int>& holders, const Word* only_among) {
  const Word* src = h.of(from);
  const Word* dst = h.of(to);
  auto candidates = [&](std::size_t w) { return src[w] & ~dst[w] & (only_among ? only_among[w] : ~Word(0)); };
  if (choice == PacketChoice::rarest) {
    int best = -1;
    for (std::size_t w = 0; w < h.words; ++w)
      for (Word cand = candidates(w); cand; cand &= cand - 1) {
        const int p = int(w * 64 + std::size_t(std::countr_zero(cand)));
        if (best < 0 || holders[std::size_t(p)] < holders[std::size_t(best)]) best = p;
      }
    return best;
  }
  if (choice == PacketChoice::lowest_missing) {
    for (std::size_t w = 0; w < h.words; ++w)
      if (Word cand = candidates(w)) return int(w * 64 + std::size_t(std::countr_zero(cand)));
    return -1;
  }
  const std::size_t levels = std::size_t(std::bit_width(nbrs.size()));
  slices.assign(std::max<std::size_t>(levels, 1), 0);
  int best = -1, best_fp = -1;
  for (std::size_t w = 0; w < h.words; ++w) {
    Word cand = candidates(w);
    if (!cand) continue;
    std::fill(slices.begin(), slices.end(), 0);
    for (int x : nbrs) {  // slices += lacks(x), bitwise
      Word carry = ~h.of(x)[w] & cand;
      for (std::size_t b = 0; carry && b < slices.size(); ++b) {
        const Word t = slices[b] & carry;
        slices[b] ^= carry;
        carry = t;
      }
    }
    int fp = 0;  // highest count among the candidates of this word, and who reaches it
    for (std::size_t b = slices.size(); b-- > 0;)
      if (cand & slices[b]) {
        cand &= slices[b];
        fp |= 1 << b;
      }
    if (fp > best_fp) {
      best_fp = fp;
      best = int(w * 64 + std::size_t(std::countr_zero(cand)));
    }
  }
  return best;
}

}  // namespace

namespace detail {
namespace {

// The neighbours forward potential counts among: the schedule's, or every frame's edges.
std::vector<std::vector<int>> neighbours(const FrameSchedule& schedule) {
  std::vector<std::vector<int>> nbrs = schedule.neighbours;
  if (schedule.choice != PacketChoice::forward_potential || !nbrs.empty()) return nbrs;
  nbrs.resize(std::size_t(schedule.procs));
  for (const auto& frame : schedule.frames)
    for (auto [a, b] : frame) {
      nbrs[std::size_t(a)].push_back(b);
      nbrs[std::size_t(b)].push_back(a);
    }
  for (auto& l : nbrs) {
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
  }
  return nbrs;
}

// One walk of the frames: who holds which packets, and the live edges of each frame. Live edges:
// an edge can carry a packet only when one end holds something and not both hold everything
// (otherwise choose() finds nothing either way). Each frame keeps a bitset of its live edges in
// listed order, updated when a node receives its first packet or its last one, so a step walks
// only the live edges (a chain of P ranks costs O(P) per packet, not O(P²)) and yields exactly
// the transfers of a walk over every edge.
class FrameWalk {
 public:
  FrameWalk(const FrameSchedule& schedule, int packets, bool every_edge);
  bool done() const { return missing_ <= 0; }
  // The transfers of step `step` (frame step mod frames), applied to the holdings.
  std::vector<Transfer> step(std::size_t step);

 private:
  struct EdgeRef {
    std::uint32_t frame, edge;
  };
  const std::vector<int>& nbrs_of(int v) const {
    static const std::vector<int> none;
    return nbrs_.empty() ? none : nbrs_[std::size_t(v)];
  }
  // Whether `to` may receive in this step under the balanced-saturation cap.
  bool within_rate(int to, std::size_t step) const {
    if (schedule_.receive_rate <= 0 || to == schedule_.root || first_receipt_[std::size_t(to)] < 0) return true;
    const double since = double(long(step) - first_receipt_[std::size_t(to)]);
    return double(h_.held[std::size_t(to)] - 1) < schedule_.receive_rate * since;
  }
  // Under the cap the root sends a packet nobody else holds only while released < 1 + C·step.
  bool root_may_release(std::size_t step) const {
    return schedule_.receive_rate <= 0 || double(released_count_) < 1 + schedule_.receive_rate * double(step);
  }
  // Holds every packet (by the bits: a rank in two edges of one frame may be counted twice in held).
  bool full(int v) const {
    if (h_.held[std::size_t(v)] < packets_) return false;
    const Word* b = h_.of(v);
    for (std::size_t w = 0; w + 1 < h_.words; ++w)
      if (b[w] != ~Word(0)) return false;
    return b[h_.words - 1] == last_word_;
  }
  void set_live(EdgeRef e);
  int pick(int from, int to, std::size_t step) {
    if (!within_rate(to, step)) return -1;
    const Word* only_among = from == schedule_.root && !root_may_release(step) ? released_.data() : nullptr;
    return choose(h_, from, to, schedule_.choice, nbrs_of(to), slices_, holders_, only_among);
  }
  void receive(const std::vector<Transfer>& active, std::size_t step);

  const FrameSchedule& schedule_;
  const int n_, packets_;
  const bool every_edge_;
  const std::vector<std::vector<int>> nbrs_;
  Holdings h_;
  long missing_;
  std::vector<Word> slices_;
  std::vector<int> holders_;
  std::vector<long> first_receipt_;
  std::vector<Word> released_;  // packets some non-root node holds
  long released_count_ = 0;
  std::vector<std::vector<Word>> live_;
  std::vector<std::vector<EdgeRef>> edges_of_;
  const Word last_word_;
};

FrameWalk::FrameWalk(const FrameSchedule& schedule, int packets, bool every_edge)
    : schedule_(schedule),
      n_(schedule.procs),
      packets_(packets),
      every_edge_(every_edge),
      nbrs_(neighbours(schedule)),
      missing_(long(schedule.procs - 1) * packets),
      holders_(static_cast<std::size_t>(packets), 1),
      first_receipt_(std::size_t(schedule.procs), -1),
      live_(schedule.frames.size()),
      edges_of_(static_cast<std::size_t>(schedule.procs)),
      last_word_(packets % 64 == 0 ? ~Word(0) : (Word(1) << (packets % 64)) - 1) {
  h_.words = (std::size_t(packets) + 63) / 64;
  h_.bits.assign(h_.words * std::size_t(n_), 0);
  h_.held.assign(std::size_t(n_), 0);
  Word* r = h_.of(schedule.root);
  for (int p = 0; p < packets; ++p) r[std::size_t(p) / 64] |= Word(1) << (p % 64);
  h_.held[std::size_t(schedule.root)] = packets;
  released_.assign(h_.words, 0);
  for (std::size_t f = 0; f < schedule.frames.size(); ++f) {
    const auto& frame = schedule.frames[f];
    live_[f].assign((frame.size() + 63) / 64, 0);
    for (std::size_t e = 0; e < frame.size(); ++e) {
      const EdgeRef ref{std::uint32_t(f), std::uint32_t(e)};
      for (int v : {frame[e].first, frame[e].second})
        if (v >= 0 && v < n_) edges_of_[std::size_t(v)].push_back(ref);
      set_live(ref);
    }
  }
}

void FrameWalk::set_live(EdgeRef e) {
  const auto [a, b] = schedule_.frames[e.frame][e.edge];
  const bool any = h_.held[std::size_t(a)] > 0 || h_.held[std::size_t(b)] > 0;
  Word& w = live_[e.frame][e.edge / 64];
  const Word bit = Word(1) << (e.edge % 64);
  if (every_edge_ || (any && !(full(a) && full(b))))
    w |= bit;
  else
    w &= ~bit;
}

std::vector<Transfer> FrameWalk::step(std::size_t step) {
  const std::size_t f = step % schedule_.frames.size();
  const auto& frame = schedule_.frames[f];
  std::vector<Transfer> active;
  for (std::size_t w = 0; w < live_[f].size(); ++w) {
    for (Word bits = live_[f][w]; bits; bits &= bits - 1) {
      const auto [a, b] = frame[w * 64 + std::size_t(std::countr_zero(bits))];
      if (schedule_.oriented) {
        if (int p = pick(a, b, step); p >= 0) active.push_back({a, b, p});
        continue;
      }
      // Unoriented: toward the end holding fewer packets; ties keep the listed direction.
      int from = a, to = b;
      if (h_.held[std::size_t(b)] > h_.held[std::size_t(a)]) std::swap(from, to);
      int p = pick(from, to, step);
      if (p < 0) {
        std::swap(from, to);
        p = pick(from, to, step);
      }
      if (p >= 0) active.push_back({from, to, p});
    }
  }
  receive(active, step);
  return active;
}

// The step's packets arrive (a packet received in this step is forwarded next step).
void FrameWalk::receive(const std::vector<Transfer>& active, std::size_t step) {
  for (const Transfer& t : active) {
    h_.of(t.to)[std::size_t(t.packet) / 64] |= Word(1) << (t.packet % 64);
    if (first_receipt_[std::size_t(t.to)] < 0) first_receipt_[std::size_t(t.to)] = long(step);
    ++h_.held[std::size_t(t.to)];
    if (++holders_[std::size_t(t.packet)] == 2) {
      released_[std::size_t(t.packet) / 64] |= Word(1) << (t.packet % 64);
      ++released_count_;
    }
    --missing_;
  }
  if (!every_edge_)
    for (const Transfer& t : active)  // first or last packets: the liveness of t.to's edges changes
      if (first_receipt_[std::size_t(t.to)] == long(step) || h_.held[std::size_t(t.to)] >= packets_)
        for (const EdgeRef e : edges_of_[std::size_t(t.to)]) set_live(e);
}

}  // namespace

// every_edge: walk every edge of each frame (the plain definition, kept as the reference for the
// tests); otherwise only the live ones.
namespace {

// Walks the frames step by step, handing each step's transfers to `take` until every rank holds
// every packet or `take` returns false.
template <class Take>
void walk_frames(const FrameSchedule& schedule, int packets, bool every_edge, Take take) {
  const int n = schedule.procs;
  if (n <= 1 || packets <= 0) return;
  if (schedule.frames.empty()) throw std::invalid_argument("expand_steps: no frames");
  if (schedule.root < 0 || schedule.root >= n) throw std::invalid_argument("expand_steps: root out of range");
  FrameWalk walk(schedule, packets, every_edge);
  std::size_t idle_frames = 0;
  for (std::size_t step = 0; !walk.done(); ++step) {
    std::vector<Transfer> active = walk.step(step);
    idle_frames = active.empty() ? idle_frames + 1 : 0;
    if (idle_frames > schedule.frames.size())
      throw std::logic_error("expand_steps: the frames do not reach every rank");
    if (!take(std::move(active))) return;
  }
}

}  // namespace

std::vector<std::vector<Transfer>> run_frames_walk(const FrameSchedule& schedule, int packets, bool every_edge) {
  std::vector<std::vector<Transfer>> steps;
  walk_frames(schedule, packets, every_edge, [&](std::vector<Transfer>&& active) {
    steps.push_back(std::move(active));
    return true;
  });
  return steps;
}

namespace {
// predict_frames without token buckets: one pass, each step's transfers priced as the walk gives
// them, none kept.
double price_frames_drained(const FrameSchedule& schedule, const SegmentLayout& packets, const P2PModel& cost,
                            double give_up_at) {
  std::vector<double> free_at(std::size_t(std::max(schedule.procs, 0)), 0.0);
  double finish = 0;
  walk_frames(schedule, packets.count, false, [&](std::vector<Transfer>&& active) {
    for (const Transfer& t : active) {
      double& from = free_at[std::size_t(t.from)];
      double& to = free_at[std::size_t(t.to)];
      from = to = std::max(from, to) + cost.p2p(t.from, t.to, double(packets.length(t.packet)));
      finish = std::max(finish, from);
    }
    return finish < give_up_at;
  });
  return finish;
}
}  // namespace

}  // namespace detail

std::vector<std::vector<Transfer>> run_frames(const FrameSchedule& schedule, int packets) {
  return detail::run_frames_walk(schedule, packets, false);
}

std::vector<std::vector<Transfer>> expand_steps(const FrameSchedule& schedule, int packets) {
  auto steps = run_frames(schedule, packets);
  std::erase_if(steps, [](const auto& s) { return s.empty(); });
  return steps;
}

double predict_frames(const FrameSchedule& schedule, std::size_t bytes, std::size_t segment_bytes,
                      const P2PModel& cost, double* rested, double give_up_at) {
  const SegmentLayout packets = frame_packets(bytes, segment_bytes);
  if (!cost.buckets()) {
    const double t = detail::price_frames_drained(schedule, packets, cost, give_up_at);
    if (rested) *rested = t;
    return t;
  }
  // The executor has no barrier between steps: each rank makes its own transfers in step order,
  // each a blocking send or receive that both ends meet. So a transfer starts once both of its
  // ranks are done with their earlier ones and holds both until it ends; a rank idle in a step
  // does not wait for that step's slowest transfer.
  const auto steps = expand_steps(schedule, packets.count);
  return predict_call(cost, [&](const TransferTime& transfer) {
    std::vector<double> free_at(std::size_t(std::max(schedule.procs, 0)), 0.0);
    for (const auto& step : steps)
      for (const Transfer& t : step) {
        double& from = free_at[std::size_t(t.from)];
        double& to = free_at[std::size_t(t.to)];
        const double start = std::max(from, to);
        from = to = start + transfer(t.from, t.to, double(packets.length(t.packet)), start);
      }
    return free_at.empty() ? 0.0 : *std::max_element(free_at.begin(), free_at.end());
  }, rested);
}

}  // namespace collsel

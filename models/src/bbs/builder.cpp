// bbs — broadcast by balanced saturation on the communicator seen as a weighted complete graph
// (E_ij = fastest pair time / time of one segment between i and j), up to 16 ranks; above, a chain
// of frames in rank order (see below). Packets are the message's segments of BuildContext::segment_bytes (auto: kFrameSegmentBytes);
// each step is one frame, a sendrecv per active edge (shim/src/exec/frames_bcast.cpp).
// Cost (predict_frames): the expanded steps' transfers in order, each starting when both of its
// ranks are done with their earlier ones (no barrier between steps, as the executor runs them).
// Building: one LP of 2|E|+1 columns, an edge colouring and the greedy frame order — 26 ms at
// 16 ranks, 1.2 s at 32 (hence the limit), and with BuildContext::frame_cache once per (root,
// segment) per model.
#include <algorithm>
#include <memory>

#include "collsel/algorithms.hpp"
#include "collsel/bbs.hpp"

namespace collsel::builders {

constexpr int kMaxLpProcs = 16;

Schedule build_bbs(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const std::size_t segment = ctx.segment_bytes == kAutoSegmentBytes ? kFrameSegmentBytes : ctx.segment_bytes;
  const std::size_t seg = std::min(segment, shape.bytes);
  std::shared_ptr<const FrameSchedule> frames;
  if (shape.procs <= 1 || shape.procs > kMaxLpProcs) {
    // Large communicators: the LP and the rarest-first expansion cost seconds per decision, so
    // the frames are the two alternating matchings of a chain in rank order from the root (a
    // pipeline at 2 steps per segment), lowest missing segment first.
    auto chain = std::make_shared<FrameSchedule>();
    chain->procs = shape.procs;
    chain->root = shape.root;
    if (shape.procs > 1) chain->frames.resize(2);
    for (int k = 0; k + 1 < shape.procs; ++k)
      chain->frames[std::size_t(k % 2)].emplace_back((shape.root + k) % shape.procs, (shape.root + k + 1) % shape.procs);
    frames = std::move(chain);
  } else {
    if (ctx.frame_cache) frames = ctx.frame_cache->find(shape.procs, shape.root, seg);
    if (!frames) {
      const bbs::Graph g = bbs::complete_from_model(ctx.cost, double(std::max<std::size_t>(seg, 1)));
      // The root only sends (its rate is spread over the P−1 others); each frame edge sends toward
      // the end that lacks something, the rarest packet first (as collsel-bbs-sim's bbs-opt).
      frames = std::make_shared<const FrameSchedule>(
          bbs::build(g, shape.root, {.orient = false, .choice = PacketChoice::rarest, .balance_root = false}));
      if (ctx.frame_cache) ctx.frame_cache->insert(shape.procs, shape.root, seg, frames);
    }
  }
  // The tree (for display and the generic checks): who first hands packet 0 to whom.
  Tree tree(shape.procs, shape.root);
  for (const auto& step : run_frames(*frames, 1))
    for (const Transfer& t : step) tree.add_child(t.from, t.to);
  tree.finalize();
  return Schedule{.algorithm = "bbs", .op = shape.op, .kind = ScheduleKind::frames, .tree = std::move(tree),
                  .segment_bytes = segment, .frames = std::move(frames)};
}

}  // namespace collsel::builders

// The layouts the pipelined_tree rows lay out for one call, kept for the others. pipelined_tree,
// pipelined_tree_narrow, pipelined_tree_wide and pipelined_tree_fine lay out the very same trees
// (their fan-outs, relays and switch-group links depend on the model and the call only) and
// differ in the segments and windows they price them with. decide() hands one cache to every
// builder of a call, so the trees are laid out once and a plan two rows share (a tree, a segment
// size, a window) is predicted once: at 1024 ranks that is most of a first decision's time.
#pragma once

#include <cstddef>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "collsel/pipeline_edge_times.hpp"
#include "collsel/schedule.hpp"
#include "collsel/segments.hpp"
#include "collsel/tree.hpp"

namespace collsel {

class PipelineLayoutCache {
 public:
  // The layouts for `shape` and `segment_bytes` (the user's, or kAutoSegmentBytes), laid out by
  // `lay_out()` at the first request. A request for another call starts the cache afresh.
  template <class LayOut>
  const std::vector<Tree>& layouts(const CallShape& shape, std::size_t segment_bytes, LayOut lay_out) {
    const Key key{shape.op, shape.procs, shape.root, shape.bytes, shape.pipeline_unit(), segment_bytes};
    if (!key_ || *key_ != key) {
      prices_.clear();
      layouts_ = lay_out();
      edge_times_.assign(layouts_.size(), PipelineEdgeTimes{});
      key_ = key;
    }
    return layouts_;
  }
  // The predicted time of layouts()[layout] in segments of `segment_bytes` with `window` in flight,
  // if a row has priced it; or a time below it that a row gave up at (predict_pipeline's
  // give_up_at), where that is at least `give_up_at` too.
  std::optional<double> price(std::size_t layout, std::size_t segment_bytes, int window,
                              double give_up_at = std::numeric_limits<double>::infinity()) const {
    const auto it = prices_.find({layout, segment_bytes, window});
    if (it == prices_.end() || !(it->second.exact || it->second.seconds >= give_up_at)) return std::nullopt;
    return it->second.seconds;
  }
  // The time a row found for `schedule` (a pipeline over one of the layouts, with its segment and
  // window), if one did: exactly predict()'s without token buckets; or, where a row gave up at
  // `give_up_at` or later, the time it gave up at.
  std::optional<double> price_of(const Schedule& schedule, const CallShape& shape,
                                 double give_up_at = std::numeric_limits<double>::infinity()) const {
    if (schedule.kind != ScheduleKind::pipeline || !key_) return std::nullopt;
    for (std::size_t i = 0; i < layouts_.size(); ++i) {
      if (!same_tree(layouts_[i], schedule.tree)) continue;
      const int window =
          pipeline_plan(shape.bytes, schedule.segment_bytes, shape.pipeline_unit(), schedule.tree, schedule.window).window;
      return price(i, schedule.segment_bytes, window, give_up_at);
    }
    return std::nullopt;
  }
  // The edges' times of layouts()[layout] at the sizes a row has asked for (predict_pipeline).
  PipelineEdgeTimes& edge_times(std::size_t layout) { return edge_times_[layout]; }
  // `exact`: the plan's time; else a time below it (a row gave up).
  void set_price(std::size_t layout, std::size_t segment_bytes, int window, double seconds, bool exact = true) {
    prices_[{layout, segment_bytes, window}] = {seconds, exact};
  }

 private:
  using Key = std::tuple<Collective, int, int, std::size_t, std::size_t, std::size_t>;
  std::optional<Key> key_;
  std::vector<Tree> layouts_;
  std::vector<PipelineEdgeTimes> edge_times_;
  struct Price {
    double seconds = 0;
    bool exact = true;
  };
  std::map<std::tuple<std::size_t, std::size_t, int>, Price> prices_;
};

}  // namespace collsel

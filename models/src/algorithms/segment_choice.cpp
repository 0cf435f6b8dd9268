// choose_segment: segment_choice.hpp.
#include "segment_choice.hpp"

#include <optional>
#include <vector>

#include "collsel/predict.hpp"

namespace collsel::builders::detail {

std::vector<std::size_t> fine_segments(std::size_t bytes) {
  std::vector<std::size_t> sizes;
  if (bytes > kLargestFineMessage) return sizes;
  for (std::size_t s = kSmallestFineSegment; s < kSmallestAutoSegment && s <= bytes / 2; s *= 2)
    if (bytes <= s * kMostFineSegments) sizes.push_back(s);
  return sizes;
}

namespace {

// predict_pipeline() of the tree in segments of `segment_bytes` under `limit`, once per plan of a
// shared layout; where the time is at least `give_up_at`, possibly a time between the two.
double predicted(const Tree& tree, const BuildContext& ctx, std::size_t segment_bytes, WindowLimit limit,
                 SharedLayout shared, double give_up_at) {
  if (!shared.cache) return predict_pipeline(tree, ctx.shape, segment_bytes, ctx.cost, nullptr, 0, limit, give_up_at);
  // The plan under `limit` is the plan with its window given (pipeline_plan).
  const int window = pipeline_plan(ctx.shape.bytes, segment_bytes, ctx.shape.pipeline_unit(), tree, 0, limit).window;
  if (const std::optional<double> known = shared.cache->price(shared.index, segment_bytes, window, give_up_at))
    return *known;
  const double seconds = predict_pipeline(tree, ctx.shape, segment_bytes, ctx.cost, nullptr, window, {}, give_up_at,
                                          &shared.cache->edge_times(shared.index));
  shared.cache->set_price(shared.index, segment_bytes, window, seconds, seconds < give_up_at);
  return seconds;
}

}  // namespace

PricedSegment price_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit, bool own_windows,
                            SegmentSizes which, SharedLayout shared, double give_up_at) {
  auto predicted = [&](std::size_t s, double below) { return detail::predicted(tree, ctx, s, limit, shared, below); };
  if (ctx.segment_bytes != kAutoSegmentBytes) return {ctx.segment_bytes, predicted(ctx.segment_bytes, give_up_at)};
  const std::size_t bytes = ctx.shape.bytes;
  const auto fine = which == SegmentSizes::fine ? fine_segments(bytes) : std::vector<std::size_t>{};
  std::vector<std::size_t> sizes;
  if (!fine.empty()) {
    sizes = {fine.back()};
  } else {
    sizes = {bytes > 0 ? bytes : 1};  // one segment
    for (std::size_t s = kSmallestAutoSegment; s <= bytes / 2; s *= 2) sizes.push_back(s);
  }
  if (own_windows) {
    const std::size_t unit = ctx.shape.pipeline_unit();
    std::vector<std::size_t> own;
    for (std::size_t s : sizes) {
      const SegmentLayout plain = pipeline_segments(bytes, s, unit);
      if (pipeline_window(plain, tree, limit) != pipeline_window(plain, tree)) own.push_back(s);
    }
    if (!own.empty()) sizes = std::move(own);
  }
  // Each size only as far as it could still be chosen: below the best so far where that is exact
  // (below give_up_at), else below give_up_at.
  PricedSegment best{sizes.front(), predicted(sizes.front(), give_up_at)};
  for (std::size_t k = 1; k < sizes.size(); ++k) {
    const double faster = best.seconds * (1 - 1e-9);
    const double t = predicted(sizes[k], best.seconds < give_up_at ? faster : give_up_at);
    if (t < faster) best = {sizes[k], t};
  }
  return best;
}

PricedSegment finer_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit, PricedSegment priced,
                            SharedLayout shared) {
  if (ctx.segment_bytes != kAutoSegmentBytes) return priced;
  const auto fine = fine_segments(ctx.shape.bytes);
  for (auto s = fine.rbegin(); s != fine.rend(); ++s) {
    if (*s >= priced.bytes) continue;
    const double faster = priced.seconds * (1 - 1e-9);
    const double t = predicted(tree, ctx, *s, limit, shared, faster);
    if (!(t < faster)) break;
    priced = {*s, t};
  }
  return priced;
}

std::size_t choose_segment(const Tree& tree, const BuildContext& ctx, WindowLimit limit) {
  if (ctx.segment_bytes != kAutoSegmentBytes) return ctx.segment_bytes;
  return price_segment(tree, ctx, limit, false, SegmentSizes::usual, {}, ctx.give_up_at).bytes;
}

}  // namespace collsel::builders::detail

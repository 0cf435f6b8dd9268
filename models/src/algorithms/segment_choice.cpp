// choose_segment: segment_choice.hpp.
#include "segment_choice.hpp"

#include "collsel/predict.hpp"

namespace collsel::builders::detail {

std::size_t choose_segment(const Tree& tree, const BuildContext& ctx, int window_cap) {
  if (ctx.segment_bytes != kAutoSegmentBytes) return ctx.segment_bytes;
  const std::size_t bytes = ctx.shape.bytes;
  auto predicted = [&](std::size_t s) { return predict_pipeline(tree, ctx.shape, s, ctx.cost, nullptr, 0, window_cap); };
  std::size_t best = bytes > 0 ? bytes : 1;  // one segment
  double best_time = predicted(best);
  for (std::size_t s = kSmallestAutoSegment; s <= bytes / 2; s *= 2) {
    const double t = predicted(s);
    if (t < best_time * (1 - 1e-9)) {
      best_time = t;
      best = s;
    }
  }
  return best;
}

}  // namespace collsel::builders::detail

// One structural break in a linear regression: every admissible split is fitted (two lines by
// least squares, O(n) each with prefix sums avoided for clarity: O(n^2) in all, n is a few dozen),
// the least total RSS wins, and the Chow F statistic against one line decides significance:
//   F = ((RSS_1 - RSS_2) / 2) / (RSS_2 / (n - 4)),  p = Q_F(2, n - 4).
// fit_piecewise applies it recursively to the segments (at most max_breaks + 1 of them).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <gsl/gsl_cdf.h>

#include "collsel/fit.hpp"

namespace collsel::fit {
namespace {

// Relative weights 1/y^2; a zero or negative time (a clock tick below resolution) borrows the
// smallest positive one so it neither dominates nor vanishes.
std::vector<double> relative_weights(std::span<const double> y) {
  double floor = 0;
  for (double v : y)
    if (v > 0 && (floor == 0 || v < floor)) floor = v;
  if (floor == 0) floor = 1;
  std::vector<double> w;
  for (double v : y) w.push_back(1.0 / (std::max(v, floor) * std::max(v, floor)));
  return w;
}

// The Chow F test of one line against two split at `index` (x[index] starts the right one), with
// the relative weights `w`; `whole` is the one line's fit.
BreakFit chow_test(std::span<const double> x, std::span<const double> y, std::span<const double> w,
                   const LineFit& whole, std::size_t index, double alpha) {
  const std::size_t n = x.size();
  BreakFit b;
  b.whole = whole;
  b.index = index;
  b.at = x[index];
  b.left = fit_line_weighted(x.first(index), y.first(index), w.first(index));
  b.right = fit_line_weighted(x.subspan(index), y.subspan(index), w.subspan(index));
  const double split_rss = b.left.rss + b.right.rss;
  const double gain = std::max(0.0, whole.rss - split_rss);
  // Noise-free data fits exactly: compare against the data's own scale, not against the RSS.
  double tss = 0;
  for (std::size_t k = 0; k < n; ++k) tss += w[k] * y[k] * y[k];
  if (split_rss <= 1e-20 * tss) {
    const bool gains = gain > 1e-12 * tss;
    b.f = gains ? std::numeric_limits<double>::infinity() : 0.0;
    b.p_value = gains ? 0.0 : 1.0;
  } else {
    b.f = (gain / 2.0) / (split_rss / double(n - 4));
    b.p_value = gsl_cdf_fdist_Q(b.f, 2.0, double(n - 4));
  }
  b.significant = b.p_value < alpha;
  return b;
}

}  // namespace

BreakFit find_break(std::span<const double> x, std::span<const double> y, std::size_t min_segment, double alpha) {
  if (x.size() != y.size()) throw std::invalid_argument("find_break: x and y differ in length");
  BreakFit best;
  const std::size_t n = x.size();
  if (n == 0) return best;
  const std::vector<double> wv = relative_weights(y);
  const std::span<const double> w(wv);
  best.whole = fit_line_weighted(x, y, w);
  min_segment = std::max<std::size_t>(min_segment, 2);
  if (!break_testable(n, min_segment, min_segment)) return best;
  std::size_t index = min_segment;
  double best_rss = std::numeric_limits<double>::infinity();
  for (std::size_t k = min_segment; k + min_segment <= n; ++k) {
    const double rss = fit_line_weighted(x.first(k), y.first(k), w.first(k)).rss +
                       fit_line_weighted(x.subspan(k), y.subspan(k), w.subspan(k)).rss;
    if (rss < best_rss) best_rss = rss, index = k;
  }
  return chow_test(x, y, w, best.whole, index, alpha);
}

bool break_testable(std::size_t n, std::size_t index, std::size_t min_segment) {
  min_segment = std::max<std::size_t>(min_segment, 2);
  return n >= 2 * min_segment && n >= 5 && index >= min_segment && index + min_segment <= n;
}

BreakFit break_at(std::span<const double> x, std::span<const double> y, std::size_t index, std::size_t min_segment,
                  double alpha) {
  if (x.size() != y.size()) throw std::invalid_argument("break_at: x and y differ in length");
  BreakFit none;
  min_segment = std::max<std::size_t>(min_segment, 2);
  if (!break_testable(x.size(), index, min_segment)) return none;
  const std::vector<double> wv = relative_weights(y);
  const std::span<const double> w(wv);
  return chow_test(x, y, w, fit_line_weighted(x, y, w), index, alpha);
}

PiecewiseLinear fit_piecewise(std::span<const double> x, std::span<const double> y, int max_breaks,
                              std::size_t min_segment, double alpha) {
  if (x.size() != y.size()) throw std::invalid_argument("fit_piecewise: x and y differ in length");
  PiecewiseLinear out;
  const std::size_t n = x.size();
  if (n < 2 * std::max<std::size_t>(min_segment, 2) || n < 5) {
    out.x.assign(x.begin(), x.end());
    out.y.assign(y.begin(), y.end());
    return out;
  }
  // Segments as [begin, end) index ranges; split the one with the smallest p-value each time.
  std::vector<std::pair<std::size_t, std::size_t>> seg = {{0, n}};
  for (int b = 0; b < max_breaks; ++b) {
    double best_p = alpha;
    std::size_t which = seg.size(), at = 0;
    for (std::size_t s = 0; s < seg.size(); ++s) {
      const auto [lo, hi] = seg[s];
      const BreakFit f = find_break(x.subspan(lo, hi - lo), y.subspan(lo, hi - lo), min_segment, alpha);
      if (f.significant && f.p_value <= best_p) best_p = f.p_value, which = s, at = lo + f.index;
    }
    if (which == seg.size()) break;
    const auto [lo, hi] = seg[which];
    seg[which] = {lo, at};
    seg.insert(seg.begin() + std::ptrdiff_t(which) + 1, {at, hi});
  }
  std::vector<LineFit> lines;
  const std::vector<double> w = relative_weights(y);
  for (auto [lo, hi] : seg)
    lines.push_back(fit_line_weighted(x.subspan(lo, hi - lo), y.subspan(lo, hi - lo), std::span(w).subspan(lo, hi - lo)));
  out.x.push_back(x[0]);
  out.y.push_back(lines.front().at(x[0]));
  for (std::size_t s = 1; s < seg.size(); ++s) {
    // Between the last point of one segment and the first of the next: one knot where the two
    // lines meet if they do there, else a step (each segment's line kept up to its own end).
    const double a = x[seg[s].first - 1], b = x[seg[s].first];
    const LineFit& l = lines[s - 1];
    const LineFit& r = lines[s];
    const double meet = l.slope != r.slope ? (r.intercept - l.intercept) / (l.slope - r.slope) : a - 1;
    if (meet >= a && meet <= b) {
      if (meet > out.x.back()) out.x.push_back(meet), out.y.push_back(l.at(meet));
    } else {
      if (a > out.x.back()) out.x.push_back(a), out.y.push_back(l.at(a));
      out.x.push_back(b);
      out.y.push_back(r.at(b));
    }
  }
  if (x[n - 1] > out.x.back()) {
    out.x.push_back(x[n - 1]);
    out.y.push_back(lines.back().at(x[n - 1]));
  }
  return out;
}

}  // namespace collsel::fit

// Heterogeneous Hockney in one or two pieces of the size range (collsel/fit.hpp).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "collsel/fit.hpp"

namespace collsel::fit {

namespace {
constexpr std::size_t kMinSegment = 3;  // sizes on each side of a break
}  // namespace

HockneyFit fit_hockney(int n, std::span<const double> x, const std::vector<std::vector<double>>& one_way) {
  if (n < 0 || one_way.size() != std::size_t(n) * std::size_t(n))
    throw std::invalid_argument("fit_hockney: one_way must hold n * n series");
  auto series = [&](int i, int j) -> std::span<const double> {
    const std::vector<double>& y = one_way[std::size_t(i) * std::size_t(n) + std::size_t(j)];
    if (y.size() != x.size()) throw std::invalid_argument("fit_hockney: a series and the sizes differ in length");
    return y;
  };
  HockneyFit out;
  // Per candidate size: the pairs whose series break there significantly, and how much of a
  // single line's misfit the split leaves (summed over the pairs, each relative to its own line).
  std::vector<int> votes(x.size(), 0);
  std::vector<double> left_over(x.size(), 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      ++out.pairs;
      for (std::size_t k = 1; k < x.size(); ++k) {
        const BreakFit b = break_at(x, series(i, j), k, kMinSegment);
        if (b.significant) ++votes[k];
        left_over[k] += b.whole.rss > 0 ? (b.left.rss + b.right.rss) / b.whole.rss : 0.0;
      }
    }
  // Of the sizes where at least half of the pairs break, the one that leaves the least misfit:
  // with noise-free data any split beats one line, and the size of the real switch fits best.
  std::size_t split = 0, least = 0;
  for (std::size_t k = 1; k < x.size(); ++k) {
    if (votes[k] > 0 && 2 * votes[k] >= out.pairs && (split == 0 || left_over[k] < left_over[split])) split = k;
    if (break_testable(x.size(), k, kMinSegment) && out.pairs > 0 && (least == 0 || left_over[k] < left_over[least])) least = k;
  }
  if (split > 0) out.agreeing = votes[split];
  // Each pair's lines over the pieces that `model` has (a second from x[at] on when at > 0).
  auto fitted = [&](std::size_t at, std::vector<std::string>* clamped) {
    HockneyModel model(n, at > 0 ? std::vector<double>{x[at]} : std::vector<double>{});
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const std::span<const double> y = series(i, j);
        for (int piece = 0; piece < model.pieces(); ++piece) {
          const std::size_t from = piece == 0 ? 0 : at, to = piece + 1 < model.pieces() ? at : x.size();
          const LineFit f = fit_line(x.subspan(from, to - from), y.subspan(from, to - from));
          const std::string where = std::to_string(i) + "-" + std::to_string(j) +
                                    (piece > 0 ? " from " + std::to_string(std::size_t(x[from])) + " bytes" : "");
          if (clamped && f.intercept < 0) clamped->push_back("hockney alpha " + where);
          if (clamped && f.slope < 0) clamped->push_back("hockney beta " + where);
          model.set_symmetric(i, j, std::max(0.0, f.intercept), std::max(0.0, f.slope), piece);
        }
      }
    return model;
  };
  out.model = fitted(split, &out.clamped);
  if (split > 0) out.alternative = fitted(0, &out.alternative_clamped);
  else if (least > 0) out.alternative = fitted(least, &out.alternative_clamped);
  return out;
}

}  // namespace collsel::fit

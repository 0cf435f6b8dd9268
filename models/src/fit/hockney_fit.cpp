// Heterogeneous Hockney in one or two pieces of the size range (collsel/fit.hpp).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "collsel/fit.hpp"

namespace collsel::fit {

HockneyFit fit_hockney(int n, std::span<const double> x, const std::vector<std::vector<double>>& one_way) {
  if (n < 0 || one_way.size() != std::size_t(n) * std::size_t(n))
    throw std::invalid_argument("fit_hockney: one_way must hold n * n series");
  auto series = [&](int i, int j) -> std::span<const double> {
    const std::vector<double>& y = one_way[std::size_t(i) * std::size_t(n) + std::size_t(j)];
    if (y.size() != x.size()) throw std::invalid_argument("fit_hockney: a series and the sizes differ in length");
    return y;
  };
  HockneyFit out;
  std::vector<int> votes(x.size(), 0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      ++out.pairs;
      const BreakFit b = find_break(x, series(i, j));
      if (b.significant) ++votes[b.index];
    }
  std::size_t split = 0;
  if (!votes.empty()) {
    const auto most = std::max_element(votes.begin(), votes.end());  // ties: the smaller size
    if (*most > 0 && 2 * *most >= out.pairs) {
      split = std::size_t(most - votes.begin());
      out.agreeing = *most;
    }
  }
  out.model = HockneyModel(n, split > 0 ? std::vector<double>{x[split]} : std::vector<double>{});
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const std::span<const double> y = series(i, j);
      for (int piece = 0; piece < out.model.pieces(); ++piece) {
        const std::size_t from = piece == 0 ? 0 : split, to = piece + 1 < out.model.pieces() ? split : x.size();
        const LineFit f = fit_line(x.subspan(from, to - from), y.subspan(from, to - from));
        const std::string where = std::to_string(i) + "-" + std::to_string(j) +
                                  (piece > 0 ? " from " + std::to_string(std::size_t(x[from])) + " bytes" : "");
        if (f.intercept < 0) out.clamped.push_back("hockney alpha " + where);
        if (f.slope < 0) out.clamped.push_back("hockney beta " + where);
        out.model.set_symmetric(i, j, std::max(0.0, f.intercept), std::max(0.0, f.slope), piece);
      }
    }
  return out;
}

}  // namespace collsel::fit

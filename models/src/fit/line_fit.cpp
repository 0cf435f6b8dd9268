// Ordinary least squares line through (x, y) with gsl_fit_linear. O(n).
#include <stdexcept>

#include <gsl/gsl_fit.h>

#include "collsel/fit.hpp"

namespace collsel::fit {

LineFit fit_line(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("fit_line: x and y differ in length");
  if (x.empty()) throw std::invalid_argument("fit_line: no points");
  LineFit f;
  bool all_equal = true;
  for (double v : x) all_equal = all_equal && v == x[0];
  if (all_equal) {
    // No slope can be told from one abscissa: the mean is the best constant.
    double sum = 0;
    for (double v : y) sum += v;
    f.intercept = sum / double(y.size());
    for (double v : y) f.rss += (v - f.intercept) * (v - f.intercept);
    return f;
  }
  double c00 = 0, c01 = 0, c11 = 0;
  gsl_fit_linear(x.data(), 1, y.data(), 1, x.size(), &f.intercept, &f.slope, &c00, &c01, &c11, &f.rss);
  return f;
}

LineFit fit_line_weighted(std::span<const double> x, std::span<const double> y, std::span<const double> w) {
  if (x.size() != y.size() || x.size() != w.size()) throw std::invalid_argument("fit_line_weighted: lengths differ");
  if (x.empty()) throw std::invalid_argument("fit_line_weighted: no points");
  LineFit f;
  bool all_equal = true;
  for (double v : x) all_equal = all_equal && v == x[0];
  if (all_equal) {
    double sw = 0, swy = 0;
    for (std::size_t k = 0; k < y.size(); ++k) sw += w[k], swy += w[k] * y[k];
    f.intercept = sw > 0 ? swy / sw : 0.0;
    for (std::size_t k = 0; k < y.size(); ++k) f.rss += w[k] * (y[k] - f.intercept) * (y[k] - f.intercept);
    return f;
  }
  double c00 = 0, c01 = 0, c11 = 0;
  gsl_fit_wlinear(x.data(), 1, w.data(), 1, y.data(), 1, x.size(), &f.intercept, &f.slope, &c00, &c01, &c11, &f.rss);
  return f;
}

}  // namespace collsel::fit

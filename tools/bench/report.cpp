#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <ostream>
#include <map>
#include <set>
#include <stdexcept>

#include "collsel/byte_size.hpp"

namespace collsel::bench {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double relative_error(const Row& r) { return std::fabs(r.predicted_us - r.measured_us) / r.measured_us; }

std::string human_size(std::size_t b) { return collsel::format_byte_size(b); }

CaseSummary summarize(const Case& c) {
  CaseSummary s;
  std::vector<double> errors;
  for (const Row& r : c.rows) {
    if (r.algorithm == "auto") {
      s.automatic = &r;
      continue;
    }
    if (r.algorithm == "native") s.native = &r;
    if (!s.fastest || r.measured_us < s.fastest->measured_us) s.fastest = &r;
    errors.push_back(relative_error(r));
  }
  s.median_error = median(errors);
  if (s.automatic && s.fastest) {
    s.auto_picked_fastest = c.auto_algorithm == s.fastest->algorithm;
    s.auto_over_best = s.automatic->measured_us / s.fastest->measured_us;
  }
  if (s.automatic && s.native) s.auto_over_native = s.automatic->measured_us / s.native->measured_us;
  return s;
}

ColdSummary summarize_cold(const Case& c) {
  ColdSummary s;
  for (const Row& r : c.cold_rows) {
    if (r.algorithm == "native_cold") s.native = &r;
    if (r.algorithm == "auto_cold") s.automatic = &r;
    if (r.algorithm == "oracle_cold") s.oracle = &r;
  }
  if (s.native && s.native->measured_us > 0) {
    if (s.automatic) s.auto_over_native = s.automatic->measured_us / s.native->measured_us;
    if (s.oracle) s.oracle_over_native = s.oracle->measured_us / s.native->measured_us;
  }
  return s;
}

void print_case(std::FILE* out, const Case& c) {
  const CaseSummary s = summarize(c);
  std::fprintf(out, "\n%s of %s (%zu bytes%s), %d processes, root %d:\n", std::string(to_string(c.op)).c_str(),
               human_size(c.bytes).c_str(), c.bytes,
               is_vector_variant(c.op) ? " mean block" : is_personalized(c.op) ? " per rank" : "", c.procs, c.root);
  std::fprintf(out, "    %-28s %14s %14s %9s\n", "algorithm", "predicted_us", "measured_us", "error");
  for (const Row& r : c.rows) {
    const bool is_auto = r.algorithm == "auto";
    const std::string name = is_auto ? "auto = " + c.auto_algorithm : r.algorithm;
    const char mark = &r == s.fastest ? '+' : ' ';
    std::fprintf(out, "  %c %-28s %14.2f %14.2f %+8.1f%%\n", mark, name.c_str(), r.predicted_us, r.measured_us,
                 100.0 * (r.predicted_us - r.measured_us) / r.measured_us);
  }
  std::fprintf(out, "  + fastest measured: %s; auto ran %s (%s), auto/best %.3f, auto/native %.3f, median |error| %.1f%%\n",
               s.fastest ? s.fastest->algorithm.c_str() : "-", c.auto_algorithm.c_str(),
               s.auto_picked_fastest ? "the fastest" : "not the fastest", s.auto_over_best, s.auto_over_native,
               100.0 * s.median_error);
  if (c.warmup_auto_calls > 0)
    std::fprintf(out, "  warm-up: %d untimed calls of auto, %d of the other entries between them (%.1f s)\n",
                 c.warmup_auto_calls, c.warmup_other_calls, c.warmup_seconds);
  if (const ColdSummary k = summarize_cold(c); k.automatic)
    std::fprintf(out, "  cold (%zu calls from the shape's first, mean%s): native %.2f us, auto %.2f us (%d calls exploring, "
                 "then %s), oracle %.2f us; auto/native %.3f, oracle/native %.3f\n",
                 k.automatic->rep_us.size(),
                 c.cold_runs > 1 ? ("; median of " + std::to_string(c.cold_runs) + " runs").c_str() : "", k.native ? k.native->measured_us : 0.0, k.automatic->measured_us,
                 c.cold_explored_calls, c.cold_auto_algorithm.c_str(), k.oracle ? k.oracle->measured_us : 0.0,
                 k.auto_over_native, k.oracle_over_native);
  if (c.cold_setup_us >= 0 && summarize_cold(c).automatic)
    std::fprintf(out, "  cold: the shim's set-up of the fresh communicator took %.2f us before these calls (once per "
                 "communicator in a job, in no row)\n", c.cold_setup_us);
}

void print_summary(std::FILE* out, const std::vector<Case>& cases, int repetitions) {
  if (cases.empty()) return;
  std::fprintf(out, "\nsummary: %d processes, root %d, %d repetitions (median over repetitions of the slowest rank)\n",
               cases.front().procs, cases.front().root, repetitions);
  std::fprintf(out, "  %-9s %8s  %-18s %-18s %-6s %9s %11s %9s\n", "op", "bytes", "fastest", "auto", "picked",
               "auto/best", "auto/native", "pred.err");
  std::vector<double> over_best, over_native, errors, errors_large;
  int picked = 0;
  for (const Case& c : cases) {
    const CaseSummary s = summarize(c);
    std::fprintf(out, "  %-9s %8s  %-18s %-18s %-6s %9.3f %11.3f %8.1f%%\n", std::string(to_string(c.op)).c_str(),
                 human_size(c.bytes).c_str(), s.fastest ? s.fastest->algorithm.c_str() : "-", c.auto_algorithm.c_str(),
                 s.auto_picked_fastest ? "yes" : "no", s.auto_over_best, s.auto_over_native, 100.0 * s.median_error);
    if (s.auto_over_best > 0) over_best.push_back(s.auto_over_best);
    if (s.auto_over_native > 0) over_native.push_back(s.auto_over_native);
    picked += s.auto_picked_fastest ? 1 : 0;
    for (const Row& r : c.rows) {
      if (r.algorithm == "auto") continue;
      errors.push_back(relative_error(r));
      if (c.bytes >= 64 * 1024) errors_large.push_back(relative_error(r));
    }
  }
  std::fprintf(out, "auto picked the fastest in %d of %zu cases; median auto/best %.3f, median auto/native %.3f\n",
               picked, cases.size(), median(over_best), median(over_native));
  std::fprintf(out, "median prediction error |pred-meas|/meas: %.1f%% overall (%zu rows)", 100.0 * median(errors),
               errors.size());
  if (errors_large.empty()) std::fprintf(out, ", no rows >= 64 KB\n");
  else std::fprintf(out, ", %.1f%% for >= 64 KB (%zu rows)\n", 100.0 * median(errors_large), errors_large.size());
  if (std::none_of(cases.begin(), cases.end(), [](const Case& c) { return !c.cold_rows.empty(); })) return;
  // --auto-cold: each shape's first calls, every one timed (a job's first run), beside the warm auto.
  std::fprintf(out, "\ncold: the first calls of each shape, every one timed (mean per call of the slowest rank)\n");
  std::fprintf(out, "  %-9s %8s %6s %14s %14s %14s %9s %-18s %11s %11s %11s\n", "op", "bytes", "calls",
               "native_cold_us", "auto_cold_us", "oracle_cold_us", "explored", "auto settled on", "cold a/n", "cold o/n",
               "warm a/n");
  std::vector<double> cold_ratios;
  for (const Case& c : cases) {
    const ColdSummary k = summarize_cold(c);
    if (!k.automatic) continue;
    const CaseSummary s = summarize(c);
    std::fprintf(out, "  %-9s %8s %6zu %14.2f %14.2f %14.2f %9d %-18s %11.3f %11.3f %11.3f\n",
                 std::string(to_string(c.op)).c_str(), human_size(c.bytes).c_str(), k.automatic->rep_us.size(),
                 k.native ? k.native->measured_us : 0.0, k.automatic->measured_us, k.oracle ? k.oracle->measured_us : 0.0,
                 c.cold_explored_calls, c.cold_auto_algorithm.c_str(), k.auto_over_native, k.oracle_over_native,
                 s.auto_over_native);
    if (k.auto_over_native > 0) cold_ratios.push_back(k.auto_over_native);
  }
  std::fprintf(out, "median cold auto/native %.3f\n", median(cold_ratios));
}

void write_text_file(const std::filesystem::path& path, const char* header,
                     const std::function<void(std::ostream&)>& rows) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error(path.string() + ": cannot open for writing");
  f << header;
  rows(f);
  f.flush();
  if (!f) throw std::runtime_error(path.string() + ": write failed");
}

void write_csv(const std::filesystem::path& path, const std::vector<Case>& cases) {
  write_text_file(path, "op,procs,root,bytes,algorithm,measured_us,predicted_us\n", [&](std::ostream& f) {
    char line[256];
    for (const Case& c : cases)
      for (const auto* rows : {&c.rows, &c.cold_rows})
        for (const Row& r : *rows) {
          std::snprintf(line, sizeof line, "%s,%d,%d,%zu,%s,%.3f,%.3f\n", std::string(to_string(c.op)).c_str(),
                        c.procs, c.root, c.bytes, r.algorithm.c_str(), r.measured_us, r.predicted_us);
          f << line;
        }
  });
}

void write_raw_csv(const std::filesystem::path& path, const std::vector<Case>& cases) {
  write_text_file(path, "op,procs,root,bytes,algorithm,rep,after,measured_us\n", [&](std::ostream& f) {
    char line[320];
    for (const Case& c : cases)
      for (const auto* rows : {&c.rows, &c.cold_rows})
        for (const Row& r : *rows)
          for (std::size_t k = 0; k < r.rep_us.size(); ++k) {
            std::snprintf(line, sizeof line, "%s,%d,%d,%zu,%s,%zu,%s,%.3f\n", std::string(to_string(c.op)).c_str(),
                          c.procs, c.root, c.bytes, r.algorithm.c_str(), k,
                          k < r.rep_after.size() ? r.rep_after[k].c_str() : "", r.rep_us[k]);
            f << line;
          }
  });
}

namespace {

// Line colours, one per algorithm (in order of first appearance); auto is drawn in black.
constexpr const char* kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
                                    "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39"};

std::string block_name(const std::string& op, const std::string& algorithm) { return "$d_" + op + "_" + algorithm; }

}  // namespace

void write_gnuplot(const std::filesystem::path& path, const std::string& svg_name, const std::vector<Case>& cases) {
  // Series: per op, per algorithm, the points (bytes, measured, predicted) in size order.
  std::vector<std::string> ops, algorithms;
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> series;
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> series_bytes;
  for (const Case& c : cases) {
    const std::string op(to_string(c.op));
    if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
    for (const Row& r : c.rows) {
      if (std::find(algorithms.begin(), algorithms.end(), r.algorithm) == algorithms.end() && r.algorithm != "auto")
        algorithms.push_back(r.algorithm);
      series[{op, r.algorithm}].push_back(&r);
      series_bytes[{op, r.algorithm}].push_back(c.bytes);
    }
  }
  write_text_file(path, "", [&](std::ostream& f) {
    // Heights in pixels: one panel per op, and a decision map with room for a row of labels per op.
    const int panel_px = 360, map_px = std::max(300, 80 * int(ops.size()) + 140);
    const int total_px = panel_px * int(ops.size()) + map_px;
    auto place = [&](int top_px, int height_px) {  // gnuplot screen coordinates, origin bottom left
      f << "set origin 0," << double(total_px - top_px - height_px) / total_px << "\nset size 1,"
        << double(height_px) / total_px << "\n";
    };
    f << "# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message\n"
         "# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).\n"
         "# The data is inline. Run from this directory: gnuplot "
      << path.filename().string() << "   (writes " << svg_name << ")\n";
    f << "set terminal svg size 1100," << total_px << " dynamic noenhanced font 'sans,11' background 'white'\n";
    f << "set output '" << svg_name << "'\n\n";
    for (const auto& [key, rows] : series) {
      f << block_name(key.first, key.second) << " << EOD\n# bytes measured_us predicted_us\n";
      const auto& bytes = series_bytes[key];
      std::vector<std::size_t> order(rows.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return bytes[a] < bytes[b]; });
      for (std::size_t i : order) f << bytes[i] << ' ' << rows[i]->measured_us << ' ' << rows[i]->predicted_us << '\n';
      f << "EOD\n";
    }
    // Decision map: x = size, y = op; label above = fastest measured, below = auto (green when it
    // is the fastest, red otherwise, with its measured time relative to the fastest).
    f << "$map << EOD\n# bytes op_index fastest auto picked auto_over_best\n";
    std::set<std::size_t> sizes;
    for (const Case& c : cases) {
      const CaseSummary s = summarize(c);
      const auto op_index = std::find(ops.begin(), ops.end(), std::string(to_string(c.op))) - ops.begin();
      char ratio[32];
      std::snprintf(ratio, sizeof ratio, "%.2f", s.auto_over_best);
      f << c.bytes << ' ' << op_index << " \"" << (s.fastest ? s.fastest->algorithm : "-") << "\" \""
        << c.auto_algorithm << " (x" << ratio << ")\" " << (s.auto_picked_fastest ? 1 : 0) << ' ' << ratio << '\n';
      sizes.insert(c.bytes);
    }
    f << "EOD\n\n";
    const int procs = cases.empty() ? 0 : cases.front().procs, root = cases.empty() ? 0 : cases.front().root;
    f << "set multiplot\n";
    f << "set logscale xy 2\nset format x '%.0b%B'\nset format y '%g'\nset grid\nset key outside right top\n";
    f << "set xlabel 'message size (bytes; per-rank block for scatter/gather, mean block for the v-variants)'\n";
    f << "set ylabel 'time (us)'\n";
    // Half a binary order of magnitude of margin each side, also when a single size was measured.
    if (!sizes.empty()) f << "set xrange [" << double(*sizes.begin()) / 1.5 << ":" << double(*sizes.rbegin()) * 1.5 << "]\n";
    for (std::size_t i = 0; i < ops.size(); ++i) {
      const std::string& op = ops[i];
      place(panel_px * int(i), panel_px);
      f << "set title '" << op << ", " << procs << " processes, root " << root
        << ": measured (solid, points) vs predicted (dashed)'\n";
      f << "plot \\\n";
      bool first = true;
      for (std::size_t a = 0; a < algorithms.size(); ++a) {
        if (!series.count({op, algorithms[a]})) continue;
        const std::string b = block_name(op, algorithms[a]);
        const char* colour = kColours[a % std::size(kColours)];
        f << (first ? "  " : ", \\\n  ") << b << " using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '" << colour
          << "' title '" << algorithms[a] << "', \\\n  " << b << " using 1:3 with lines dt 2 lc rgb '" << colour
          << "' notitle";
        first = false;
      }
      if (series.count({op, "auto"}))
        f << ", \\\n  " << block_name(op, "auto") << " using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'";
      f << "\n";
    }
    f << "\nunset logscale y\nunset grid\nset format y ''\nset ylabel ''\n";
    place(panel_px * int(ops.size()), map_px);
    f << "set title \"Decision map: fastest measured (above) vs auto (below: green = the fastest, red = not;\\n"
         "x = auto's measured time / the fastest's)\"\n";
    f << "set yrange [-0.7:" << double(ops.size()) - 0.3 << "]\nset ytics (";
    for (std::size_t i = 0; i < ops.size(); ++i) f << (i ? ", " : "") << "'" << ops[i] << "' " << i;
    f << ")\n";
    f << "plot $map using 1:2:($5 == 1 ? 0x1a7f37 : 0xcf222e) with points pt 5 ps 2.5 lc rgb variable notitle, \\\n"
         "  $map using 1:($2 + 0.22):3 with labels font ',9' tc rgb 'black' notitle, \\\n"
         "  $map using 1:($2 - 0.22):($5 == 1 ? stringcolumn(4) : '') with labels font ',9' tc rgb '#1a7f37' notitle, \\\n"
         "  $map using 1:($2 - 0.22):($5 == 1 ? '' : stringcolumn(4)) with labels font ',9' tc rgb '#cf222e' notitle\n";
    f << "unset multiplot\n";
  });
}

}  // namespace collsel::bench

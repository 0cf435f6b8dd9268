#include "decision_map.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "collsel/byte_size.hpp"
#include "collsel/registry.hpp"

namespace collsel::decision_map {
namespace {

std::string printf_string(const char* fmt, auto... args) {
  char b[256];
  std::snprintf(b, sizeof b, fmt, args...);
  return b;
}

// Registry position of a name: the colour index, stable across panels and runs.
std::size_t registry_index(std::string_view name) {
  const auto all = algorithms();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].name == name) return i;
  return all.size();
}

// Distinguishable colours, native first (grey: the library's own choice stands).
constexpr const char* kColours[] = {"#bbbbbb", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                    "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#aec7e8",
                                    "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2"};
constexpr std::size_t kColourCount = sizeof kColours / sizeof kColours[0];

}  // namespace

std::string format_map_text(const std::vector<DecisionMap>& maps, const std::string& title) {
  std::ostringstream o;
  o << title << "\n";
  o << "each cell: the algorithm the shim would choose, and its predicted speedup over native\n";
  for (const DecisionMap& m : maps) {
    std::size_t width = 8;
    for (const MapCell& c : m.cells) width = std::max(width, c.algorithm.size() + 7);
    o << "\n" << to_string(m.op) << (is_personalized(m.op) ? " (bytes per rank)" : "") << "\n";
    o << printf_string("%7s", "procs");
    for (std::size_t b : m.bytes) o << printf_string(" %*s", int(width), format_byte_size(b).c_str());
    o << "\n";
    for (std::size_t r = 0; r < m.procs.size(); ++r) {
      o << printf_string("%7d", m.procs[r]);
      for (std::size_t col = 0; col < m.bytes.size(); ++col) {
        const MapCell& c = m.at(r, col);
        const double speedup = c.predicted_us > 0 ? c.native_us / c.predicted_us : 1.0;
        const std::string cell = std::string(c.algorithm) + printf_string(" x%.2f", speedup);
        o << printf_string(" %*s", int(width), cell.c_str());
      }
      o << "\n";
    }
  }
  return o.str();
}

std::string format_map_csv(const std::vector<DecisionMap>& maps, int root) {
  std::ostringstream o;
  o << "op,procs,root,bytes,algorithm,predicted_us,native_us\n";
  for (const DecisionMap& m : maps)
    for (const MapCell& c : m.cells)
      o << to_string(m.op) << ',' << c.procs << ',' << root << ',' << c.bytes << ',' << c.algorithm << ','
        << printf_string("%.3f", c.predicted_us) << ',' << printf_string("%.3f", c.native_us) << '\n';
  return o.str();
}

std::string gnuplot_script(const std::vector<DecisionMap>& maps, const std::string& title,
                           const std::string& svg_path) {
  std::ostringstream o;
  const std::size_t panels = maps.size();
  const std::size_t cols = panels < 3 ? panels : 3, rows = (panels + cols - 1) / cols;
  std::size_t longest = 8;
  for (const DecisionMap& m : maps)
    for (const MapCell& c : m.cells) longest = std::max(longest, c.algorithm.size());
  const std::size_t cell_px = std::max<std::size_t>(60, longest * 6 + 8);
  std::size_t width = 0, height = 0;
  for (const DecisionMap& m : maps) {
    width = std::max(width, m.bytes.size() * cell_px + 120);
    height = std::max(height, m.procs.size() * 34 + 110);
  }
  o << "# Decision map written by collsel-predict --map; render with: gnuplot THIS_FILE\n";
  o << "set terminal svg size " << width * cols << "," << height * rows + 40 << " dynamic font 'sans,10'\n";
  o << "set output '" << svg_path << "'\n";
  o << "set multiplot layout " << rows << "," << cols << " title '" << title << "'\n";
  o << "set style fill solid 1.0 border rgb 'white'\nunset key\nset tics nomirror out\n";
  for (std::size_t p = 0; p < panels; ++p) {
    const DecisionMap& m = maps[p];
    o << "$map" << p << " << EOD\n";
    for (std::size_t r = 0; r < m.procs.size(); ++r)
      for (std::size_t c = 0; c < m.bytes.size(); ++c) {
        const MapCell& cell = m.at(r, c);
        const std::size_t idx = registry_index(cell.algorithm);
        const double speedup = cell.predicted_us > 0 ? cell.native_us / cell.predicted_us : 1.0;
        o << c << ' ' << r << ' ' << std::stoul(std::string(kColours[idx % kColourCount]).substr(1), nullptr, 16) << " \""
          << cell.algorithm << "\" " << printf_string("x%.2f", speedup) << "\n";
      }
    o << "EOD\n";
    o << "set title '" << to_string(m.op) << "'\n";
    o << "set xlabel '" << (is_personalized(m.op) ? "bytes per rank" : "message bytes") << "'\nset ylabel 'processes'\n";
    o << "set xrange [-0.5:" << double(m.bytes.size()) - 0.5 << "]\nset yrange [-0.5:" << double(m.procs.size()) - 0.5
      << "]\n";
    o << "set xtics (";
    for (std::size_t c = 0; c < m.bytes.size(); ++c)
      o << (c ? ", " : "") << '"' << format_byte_size(m.bytes[c]) << "\" " << c;
    o << ")\nset ytics (";
    for (std::size_t r = 0; r < m.procs.size(); ++r) o << (r ? ", " : "") << '"' << m.procs[r] << "\" " << r;
    o << ")\n";
    o << "plot $map" << p << " using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \\\n"
      << "     $map" << p << " using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \\\n"
      << "     $map" << p << " using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced\n";
  }
  o << "unset multiplot\n";
  return o.str();
}

}  // namespace collsel::decision_map

// collsel-predict --map: which algorithm the shim would choose per (process count, message size),
// for each collective — as a text table, a CSV, and a gnuplot heat map (SVG).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "collsel/collective.hpp"

namespace collsel::decision_map {

struct MapCell {
  int procs = 0;
  std::size_t bytes = 0;
  std::string_view algorithm;  // the chosen registry name
  double predicted_us = 0;
  double native_us = 0;  // native's prediction, for the speedup shown beside the choice
};

struct DecisionMap {
  Collective op;
  std::vector<int> procs;          // rows
  std::vector<std::size_t> bytes;  // columns
  std::vector<MapCell> cells;      // row-major: procs x bytes
  const MapCell& at(std::size_t row, std::size_t col) const { return cells[row * bytes.size() + col]; }
};

// One table per op: rows P, columns sizes, each cell the chosen algorithm and its predicted
// speedup over native (x1.00 where native is chosen).
std::string format_map_text(const std::vector<DecisionMap>& maps, const std::string& title);
// op,procs,root,bytes,algorithm,predicted_us,native_us
std::string format_map_csv(const std::vector<DecisionMap>& maps, int root);
// A self-contained gnuplot script (data inline) drawing one heat-map panel per op into svg_path:
// x = message size, y = process count, colour = chosen algorithm (one colour per registry entry,
// the same in every panel), the name written in each cell.
std::string gnuplot_script(const std::vector<DecisionMap>& maps, const std::string& title,
                           const std::string& svg_path);

}  // namespace collsel::decision_map

// Progress display; cost: one write per step on a terminal, at most ~10 lines per run otherwise.
#include "progress.hpp"

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace collsel::measure {

Progress::Progress(bool active, int total) : active_(active), tty_(isatty(2) != 0), total_(std::max(0, total)) {}

void Progress::end_phase() {
  if (phase_.empty()) return;
  const double s = MPI_Wtime() - phase_start_;
  times_.push_back({phase_, s});
  if (!active_) return;
  if (tty_) std::fprintf(stderr, "\r%-70s\r", "");
  std::fprintf(stderr, "collsel-calibrate: %-28s %8.2f s\n", phase_.c_str(), s);
}

void Progress::phase(const std::string& name) {
  end_phase();
  phase_ = name;
  phase_start_ = MPI_Wtime();
  if (!active_) return;
  if (tty_) draw();
  else std::fprintf(stderr, "collsel-calibrate: %3d%% %s\n", 100 * done_ / std::max(1, total_), name.c_str());
}

void Progress::step(int steps) {
  done_ = std::min(total_, done_ + steps);
  if (!active_) return;
  if (tty_) return draw();
  const int decile = 10 * done_ / std::max(1, total_);
  if (decile != last_decile_ && decile > 0 && decile < 10) {
    last_decile_ = decile;
    std::fprintf(stderr, "collsel-calibrate: %3d%% %s\n", 100 * done_ / std::max(1, total_), phase_.c_str());
  }
}

void Progress::draw() {
  constexpr int width = 30;
  const int filled = width * done_ / std::max(1, total_);
  std::string bar(std::size_t(filled), '#');
  bar.resize(width, '.');
  std::fprintf(stderr, "\r[%s] %3d%% %-28s", bar.c_str(), 100 * done_ / std::max(1, total_), phase_.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  end_phase();
  phase_.clear();
  done_ = total_;
  if (!active_) return;
  if (tty_) {
    draw();
    std::fputc('\n', stderr);
  } else {
    std::fprintf(stderr, "collsel-calibrate: 100%% done\n");
  }
}

}  // namespace collsel::measure

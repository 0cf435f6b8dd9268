// Progress of the calibration on rank 0's stderr: a bar redrawn in place on a terminal, plain
// lines otherwise (one per phase and per tenth of the work), so logs stay readable. Each phase's
// wall time is printed when it ends, so a slow phase shows in the log of any run.
#pragma once

#include <string>
#include <vector>

namespace collsel::measure {

class Progress {
 public:
  // Only an active display prints (rank 0's); `total` is the number of steps of the whole run.
  Progress(bool active, int total);
  void phase(const std::string& name);  // a new phase begins
  void step(int steps = 1);             // some of the work is done
  void add_steps(int steps) { total_ += steps; }  // work planned once an earlier phase has run
  void finish();                        // ends the bar's line

  // The phases ended so far with their wall time in seconds, in order.
  struct Timed {
    std::string name;
    double seconds;
  };
  const std::vector<Timed>& times() const { return times_; }
  const std::string& current_phase() const { return phase_; }  // on every rank

 private:
  void draw();
  void end_phase();
  bool active_, tty_;
  int total_, done_ = 0, last_decile_ = -1;
  std::string phase_;
  double phase_start_ = 0;
  std::vector<Timed> times_;
};

}  // namespace collsel::measure

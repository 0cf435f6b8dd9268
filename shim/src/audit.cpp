#include "audit.hpp"

#include <utility>

namespace collsel::shim {

AuditPlan::AuditPlan(std::vector<double> verified_seconds, int incumbent, int native_option, double margin)
    : verified_(std::move(verified_seconds)),
      loop_(verified_.size(), -1.0),
      calls_(verified_.size()),
      incumbent_(incumbent),
      native_(native_option),
      current_(incumbent),
      verdict_(incumbent),
      margin_(margin) {}

int AuditPlan::judge_blocks() const {
  std::vector<int> measured;
  for (std::size_t o = 0; o < loop_.size(); ++o)
    if (loop_[o] >= 0) measured.push_back(int(o));
  if (measured.size() < 2) return measured.empty() ? incumbent_ : measured[0];
  const std::size_t k = calls_[std::size_t(measured[0])].size();
  std::vector<double> slowest;
  int native = -1, incumbent = -1;
  for (std::size_t i = 0; i < measured.size(); ++i) {
    const auto& c = calls_[std::size_t(measured[i])];
    slowest.insert(slowest.end(), c.begin(), c.end());
    if (measured[i] == native_) native = int(i);
    if (measured[i] == incumbent_ && incumbent_ != native_) incumbent = int(i);
  }
  // The verification's verdict (not native) plays the model's part in judge(): it has a
  // measurement behind it already, and faster than native by the margin in the job's own
  // sequence, it stays. Where verification kept native, a challenger it measured faster than
  // native by the margin plays that part (the fastest such in its block): verification's rounds
  // and the job's own sequence, two measurements, agree; the confirming block is a third.
  int second_opinion = incumbent;
  if (incumbent < 0 && native >= 0) {
    const double bar = verified_[std::size_t(native_)] * (1.0 - margin_);
    for (std::size_t i = 0; i < measured.size(); ++i) {
      const std::size_t o = std::size_t(measured[i]);
      if (int(i) == native || !(verified_[o] <= bar)) continue;
      if (second_opinion < 0 || loop_[o] < loop_[std::size_t(measured[std::size_t(second_opinion)])])
        second_opinion = int(i);
    }
  }
  const Agreement a = judge(slowest, int(measured.size()), int(k), int(k), margin_, native, second_opinion);
  return measured[a.fastest];
}

void AuditPlan::block_done(std::span<const double> slowest) {
  if (current_ < 0) return;
  const std::size_t o = std::size_t(current_);
  calls_[o].assign(slowest.begin(), slowest.end());
  loop_[o] = expected_call_time(slowest);
  ++blocks_;
  verdict_ = judge_blocks();
  if (confirmed_) {  // that was the new verdict's confirmation block
    current_ = -1;
    return;
  }
  // The option that verification measured fastest among those not yet run here, if that beats the
  // verdict's time in this sequence by the margin: it might beat the verdict here too. Native
  // challenges any other verdict whatever verification measured of it: a verdict replaces the
  // library's own algorithm only if it beats native in the job's own sequence too: a few slow
  // calls of native among the candidates' are enough to lose verification (docs/design/0004).
  // Native's block costs at most what the job pays without collsel.
  const double bar = loop_[std::size_t(verdict_)] * (1.0 - margin_);
  auto challenges = [&](std::size_t c) {
    return loop_[c] < 0 && (verified_[c] < bar || (int(c) == native_ && verdict_ != native_));
  };
  int next = -1;
  for (std::size_t c = 0; c < verified_.size(); ++c)
    if (challenges(c) && (next < 0 || verified_[c] < verified_[std::size_t(next)])) next = int(c);
  if (next >= 0) {
    current_ = next;
  } else if (verdict_ != incumbent_) {
    current_ = verdict_;  // a new verdict: one more block of it, confirmed in the job's sequence
    confirmed_ = true;
  } else {
    current_ = -1;
  }
}

}  // namespace collsel::shim

#include "collsel/decide.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "collsel/predict.hpp"

namespace collsel {
namespace {

bool listed(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

bool reduces_in_rank_order(const Schedule& s) {
  if (s.kind == ScheduleKind::native) return true;
  if (s.kind != ScheduleKind::tree && s.kind != ScheduleKind::pipeline) return false;
  return subtree_ranges(s.tree).contiguous;
}

double v_header_seconds(const CallShape& shape, const P2PModel& cost, const NativeCostTable* native, double* rested) {
  if (rested) *rested = 0;
  if (shape.op != Collective::scatterv && shape.op != Collective::gatherv) return 0;
  const CallShape bcast{.op = Collective::bcast, .procs = shape.procs, .root = shape.root,
                        .bytes = v_header_bytes(shape.procs)};
  return predict(Schedule{.algorithm = "native", .op = Collective::bcast, .kind = ScheduleKind::native}, bcast, cost,
                 native, rested);
}

double predict_as_run(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
                      const NativeCostTable* native, double* rested) {
  double seconds = predict(schedule, shape, cost, native, rested);
  if (schedule.kind != ScheduleKind::native) {
    double header_rested = 0;
    seconds += v_header_seconds(shape, cost, native, &header_rested);
    if (rested) *rested += header_rested;
  }
  return seconds;
}

Decision decide(const DecisionRequest& request) {
  if (!request.cost) throw std::invalid_argument("decide: no cost model");
  const CallShape& shape = request.shape;
  BuildContext ctx{*request.cost, shape, request.segment_bytes, request.frame_cache};
  // predict_as_run() for every candidate, with the header priced once for all of them.
  double header_rested = 0;
  const double header = v_header_seconds(shape, *request.cost, request.native, &header_rested);
  Decision d;
  for (const AlgorithmInfo& a : algorithms()) {
    if (!a.collectives.contains(shape.op)) continue;
    const bool is_native = a.build == nullptr;
    if (!is_native) {
      if (listed(request.exclude, a.name)) continue;
      if (!request.only.empty() && !listed(request.only, a.name)) continue;
    }
    Candidate c{.algorithm = &a};
    c.schedule = is_native ? Schedule{.algorithm = a.name, .op = shape.op, .kind = ScheduleKind::native}
                           : a.build(ctx);
    if (shape.op == Collective::reduce && !request.op_commutative && !reduces_in_rank_order(c.schedule)) continue;
    c.predicted_seconds = predict(c.schedule, shape, *request.cost, request.native, &c.rested_seconds);
    if (!is_native) {
      c.predicted_seconds += header;
      c.rested_seconds += header_rested;
    }
    d.candidates.push_back(std::move(c));
  }
  // Native is always first; another candidate wins only by more than the margin.
  const double native_time = d.candidates.front().predicted_seconds;
  std::vector<std::size_t> order(d.candidates.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  rank_by_prediction(order, [&](std::size_t k) -> const Candidate& { return d.candidates[k]; });
  std::size_t best = order.front();
  const bool forced = !request.only.empty() && !listed(request.only, "native");
  if (best != 0 && !forced && d.candidates[best].predicted_seconds > native_time * (1.0 - request.margin))
    best = 0;
  if (forced && best == 0 && d.candidates.size() > 1) best = 1;
  d.chosen = best;
  return d;
}

bool interchangeable(const Candidate& a, const Candidate& b) {
  if (same_plan(a.schedule, b.schedule)) return true;
  // The costs first: comparing shapes labels every node of both trees (at 1024 ranks, thousands
  // of map entries), and only a pair the model cannot tell apart needs it.
  // Both readings of the model (rank_by_prediction): trees tied in the steady state whose rested
  // calls differ are ones the model tells apart.
  const auto alike = [](double x, double y) { return std::abs(x - y) <= 1e-3 * std::max(x, y); };
  return alike(a.predicted_seconds, b.predicted_seconds) && alike(a.rested_seconds, b.rested_seconds) &&
         same_shape(a.schedule, b.schedule);
}

}  // namespace collsel

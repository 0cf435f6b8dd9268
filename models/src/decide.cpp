#include "collsel/decide.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
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
  PipelineLayoutCache pipeline_layouts;
  BuildContext ctx{*request.cost, shape, request.segment_bytes, request.frame_cache, &pipeline_layouts};
  // predict_as_run() for every candidate, with the header priced once for all of them.
  double header_rested = 0;
  const double header = v_header_seconds(shape, *request.cost, request.native, &header_rested);
  Decision d;
  // The fastest exact prediction so far; a pipeline or frames candidate is priced up to
  // exact_within times it.
  const bool prunes = request.exact_within > 0 && request.only.empty() && !request.cost->buckets();
  double fastest = std::numeric_limits<double>::infinity();
  for (const AlgorithmInfo& a : algorithms()) {
    if (!a.collectives.contains(shape.op)) continue;
    const bool is_native = a.build == nullptr;
    if (!is_native) {
      if (listed(request.exclude, a.name)) continue;
      if (!request.only.empty() && !listed(request.only, a.name)) continue;
      if (a.applies && !a.applies(ctx) && !listed(request.only, a.name)) continue;  // asked for: built all the same
    }
    Candidate c{.algorithm = &a};
    const double limit = prunes && !is_native ? request.exact_within * fastest : std::numeric_limits<double>::infinity();
    ctx.give_up_at = limit - header;  // the header is priced apart from the schedule
    c.schedule = is_native ? Schedule{.algorithm = a.name, .op = shape.op, .kind = ScheduleKind::native}
                           : a.build(ctx);
    if (c.schedule.kind != a.kind)
      throw std::logic_error("decide: " + std::string(a.name) + " built a schedule of another kind than its registry row");
    if (shape.op == Collective::reduce && !request.op_commutative && !reduces_in_rank_order(c.schedule)) continue;
    // A pipeline's time as its builder found it, where no token bucket makes the rested call another.
    const std::optional<double> built =
        request.cost->buckets() ? std::nullopt : pipeline_layouts.price_of(c.schedule, shape, ctx.give_up_at);
    if (built) c.predicted_seconds = c.rested_seconds = *built;
    else
      c.predicted_seconds = predict(c.schedule, shape, *request.cost, request.native, &c.rested_seconds, ctx.give_up_at);
    if (!is_native) {
      c.predicted_seconds += header;
      c.rested_seconds += header_rested;
    }
    const bool may_stop = c.schedule.kind == ScheduleKind::pipeline || c.schedule.kind == ScheduleKind::frames;
    if (may_stop && c.predicted_seconds >= limit) {
      c.bounded = true;
      c.predicted_seconds = c.rested_seconds = limit;
    } else {
      fastest = std::min(fastest, c.predicted_seconds);
    }
    d.candidates.push_back(std::move(c));
  }
  std::vector<std::size_t> others;
  for (std::size_t k = 1; k < d.candidates.size(); ++k) others.push_back(k);
  rank_by_prediction(others, [&](std::size_t k) -> const Candidate& { return d.candidates[k]; });
  d.chosen = native_leads(request, d.candidates, others) ? 0 : others.front();
  return d;
}

bool native_leads(const DecisionRequest& request, const std::vector<Candidate>& candidates,
                  const std::vector<std::size_t>& ranked_others) {
  if (ranked_others.empty()) return true;
  if (request.forces_other()) return false;
  return candidates[ranked_others.front()].predicted_seconds >
         candidates.front().predicted_seconds * (1.0 - request.margin);
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

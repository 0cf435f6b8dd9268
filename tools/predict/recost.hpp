// A schedule's predicted time under another cost model (collsel-predict --cost-kind). Its own
// file: collsel/predict.hpp's predict() and decision_map.hpp's namespace collsel::predict cannot
// share a translation unit.
#pragma once

#include "collsel/native_cost.hpp"
#include "collsel/p2p_model.hpp"
#include "collsel/schedule.hpp"

namespace collsel::predict_tool {

double cost_schedule(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
                     const NativeCostTable* native);

}  // namespace collsel::predict_tool

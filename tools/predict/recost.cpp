#include "recost.hpp"

#include "collsel/predict.hpp"

namespace collsel::predict_tool {

double cost_schedule(const Schedule& schedule, const CallShape& shape, const P2PModel& cost,
                     const NativeCostTable* native) {
  return collsel::predict(schedule, shape, cost, native);
}

}  // namespace collsel::predict_tool

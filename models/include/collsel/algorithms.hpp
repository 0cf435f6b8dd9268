// Schedule builders, one per algorithm file under models/src/algorithms/. The registry
// (registry.cpp) is the only place that lists them; call them through it.
#pragma once

#include "collsel/registry.hpp"

namespace collsel::builders {

Schedule build_binomial(const BuildContext& ctx);
Schedule build_flat(const BuildContext& ctx);

}  // namespace collsel::builders

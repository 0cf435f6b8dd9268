#include "collsel/schedule.hpp"

#include <algorithm>

namespace collsel {

bool same_plan(const Schedule& a, const Schedule& b) {
  if (a.kind != b.kind || a.op != b.op) return false;
  switch (a.kind) {
    case ScheduleKind::native:
      return true;
    case ScheduleKind::frames:
      return a.frames == b.frames;
    case ScheduleKind::pipeline:
      if (a.segment_bytes != b.segment_bytes) return false;
      [[fallthrough]];
    case ScheduleKind::tree: {
      const Tree &s = a.tree, &t = b.tree;
      if (s.size() != t.size() || s.root() != t.root()) return false;
      // Parents and preorder fix every node's children and their service order.
      for (int r = 0; r < s.size(); ++r)
        if (s.parent(r) != t.parent(r)) return false;
      return std::ranges::equal(s.preorder(), t.preorder());
    }
  }
  return false;
}

}  // namespace collsel

#include "collsel/schedule.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace collsel {

namespace {
constexpr std::pair<ScheduleKind, std::string_view> kKindNames[] = {
    {ScheduleKind::native, "native"},     {ScheduleKind::tree, "tree"},
    {ScheduleKind::pipeline, "pipeline"}, {ScheduleKind::frames, "frames"},
    {ScheduleKind::concurrent, "concurrent"},
};
}  // namespace

std::string_view to_string(ScheduleKind kind) {
  for (const auto& [k, name] : kKindNames)
    if (k == kind) return name;
  return "unknown";
}

std::optional<ScheduleKind> schedule_kind_from_string(std::string_view name) {
  for (const auto& [k, n] : kKindNames)
    if (n == name) return k;
  return std::nullopt;
}

std::string_view error_class(const Schedule& s) {
  if (s.kind == ScheduleKind::pipeline && s.segment_bytes > 0 && s.segment_bytes < kSmallestUsualSegment)
    return kFinePipelineClass;
  return to_string(s.kind);
}

bool is_error_class(std::string_view name) {
  if (name == kFinePipelineClass) return true;
  const auto kind = schedule_kind_from_string(name);
  return kind && *kind != ScheduleKind::native;
}

std::string_view error_class_parent(std::string_view name) {
  return name == kFinePipelineClass ? to_string(ScheduleKind::pipeline) : std::string_view{};
}

bool same_shape(const Schedule& a, const Schedule& b) {
  if (a.kind != b.kind || a.op != b.op) return false;
  if (a.kind != ScheduleKind::tree && a.kind != ScheduleKind::pipeline && a.kind != ScheduleKind::concurrent)
    return same_plan(a, b);
  if (a.segment_bytes != b.segment_bytes || a.window != b.window || a.tree.size() != b.tree.size()) return false;
  // Rooted trees are isomorphic when their roots get the same code, a node's code naming the
  // sorted codes of its children (Aho, Hopcroft and Ullman); one table numbers both trees' codes.
  std::map<std::vector<int>, int> codes;
  auto root_code = [&codes](const Tree& t) {
    std::vector<int> code(std::size_t(t.size()));
    const auto order = t.preorder();
    for (auto r = order.rbegin(); r != order.rend(); ++r) {  // children before their parent
      std::vector<int> children;
      for (int c : t.children(*r)) children.push_back(code[std::size_t(c)]);
      std::ranges::sort(children);
      code[std::size_t(*r)] = codes.try_emplace(std::move(children), int(codes.size())).first->second;
    }
    return code[std::size_t(t.root())];
  };
  return root_code(a.tree) == root_code(b.tree);
}

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
    case ScheduleKind::concurrent:
      if (a.window != b.window) return false;
      [[fallthrough]];
    case ScheduleKind::tree:
      return same_tree(a.tree, b.tree);
  }
  return false;
}

}  // namespace collsel

// chain — a pipeline through every process (bcast and reduce), the message cut into segments of
// BuildContext::segment_bytes, or of the size the model prices fastest (choose_segment). Path order: greedy nearest-next from the root — each next process is
// the remaining one with the smallest predicted time for one segment from (reduce: to) the current
// end of the path; ties to the lowest rank. Behind several switches (switch_groups.hpp) the path
// finishes a switch group before it moves on, and with several ranks on a host (call_hosts) it
// finishes the host before it leaves it. Building costs O(P²) p2p predictions.
// Cost (predict_pipeline): the flow shop of one segment in flight per edge (pipeline_window on a
// path of three or more processes); Σ_e p2p(e, s) + (n−1)·max_e p2p(e, s) for n full segments.
#include <algorithm>
#include <map>

#include "collsel/algorithms.hpp"
#include "collsel/switch_groups.hpp"
#include "segment_choice.hpp"
#include "select.hpp"

namespace collsel::builders {
namespace {
constexpr std::size_t kProbeSegment = 64 * 1024;
}  // namespace

Schedule build_chain(const BuildContext& ctx) {
  const CallShape& shape = ctx.shape;
  const int n = shape.procs, root = shape.root;
  const bool upward = flows_to_root(shape.op);
  // The order is chosen with one probe segment; the segment size then for that order.
  const std::size_t probe = ctx.segment_bytes == kAutoSegmentBytes ? kProbeSegment : ctx.segment_bytes;
  const double segment = double(std::min(probe, shape.bytes));
  Schedule s{.algorithm = "chain", .op = shape.op, .kind = ScheduleKind::pipeline, .tree = Tree(n, root)};
  int end = root;
  const std::vector<int> groups = call_switch_groups(ctx.cost, n), hosts = call_hosts(ctx.cost, n);
  // Few processes serving many ranks: picks by cost group, unless hosts are to be kept together.
  // A cost group lies behind one switch, so behind several the pick keeps to the cost groups of
  // the path end's switch group while it has ranks left, as the scan below does.
  if (const MappedModel* grouped = hosts.empty() ? detail::grouped_model(ctx.cost, n, root, segment, upward) : nullptr) {
    detail::GroupedPool pool(*grouped, n, root);
    std::map<int, std::vector<bool>> in_group;  // switch group -> its cost groups
    std::map<int, int> left_in;                 // switch group -> ranks not yet on the path
    for (int r = 0; r < n && !groups.empty(); ++r) {
      auto [it, added] = in_group.try_emplace(groups[std::size_t(r)]);
      if (added) it->second.assign(std::size_t(grouped->cost_groups()), false);
      it->second[std::size_t(grouped->cost_group(r))] = true;
      if (r != root) ++left_in[groups[std::size_t(r)]];
    }
    const std::vector<bool> anywhere;
    for (int placed = 1; placed < n; ++placed) {
      const bool keep = !groups.empty() && left_in[groups[std::size_t(end)]] > 0;
      const int next =
          pool.pick(end, segment, upward, detail::NextNode::min, keep ? in_group[groups[std::size_t(end)]] : anywhere);
      pool.take(next);
      if (!groups.empty()) --left_in[groups[std::size_t(next)]];
      s.tree.add_child(end, next);
      end = next;
    }
    s.tree.finalize();
    s.segment_bytes = detail::choose_segment(s.tree, ctx);
    return s;
  }
  if (!groups.empty() || !hosts.empty()) {
    // Behind switches, or several ranks on a host: the path finishes the path end's host, then its
    // switch group, before it moves on to the nearest of the rest, so it enters and leaves every
    // host and every group once.
    std::vector<bool> placed(std::size_t(n), false);
    placed[std::size_t(root)] = true;
    // Processes still to place per host and per group (keyed by their first rank).
    const std::size_t un = static_cast<std::size_t>(n);
    std::vector<int> host_key(un), group_key(un), left_on(un, 0), left_in(un, 0);
    std::map<int, int> first_on, first_in;
    std::vector<std::vector<int>> on_host(un);  // by host key: the host's ranks, in rank order
    for (int r = 0; r < n; ++r) {
      host_key[std::size_t(r)] = hosts.empty() ? r : first_on.try_emplace(hosts[std::size_t(r)], r).first->second;
      group_key[std::size_t(r)] = groups.empty() ? 0 : first_in.try_emplace(groups[std::size_t(r)], r).first->second;
      on_host[std::size_t(host_key[std::size_t(r)])].push_back(r);
      if (r != root) ++left_on[std::size_t(host_key[std::size_t(r)])], ++left_in[std::size_t(group_key[std::size_t(r)])];
    }
    for (int count = 1; count < n; ++count) {
      const int host = host_key[std::size_t(end)], group = group_key[std::size_t(end)];
      const bool host_left = left_on[std::size_t(host)] > 0, group_left = left_in[std::size_t(group)] > 0;
      int next = -1;
      double best = 0;
      auto consider = [&](int r) {
        if (placed[std::size_t(r)] || (group_left && group_key[std::size_t(r)] != group)) return;
        const double t = upward ? ctx.cost.p2p(r, end, segment) : ctx.cost.p2p(end, r, segment);
        if (next < 0 || t < best) next = r, best = t;
      };
      if (host_left)
        for (const int r : on_host[std::size_t(host)]) consider(r);
      else
        for (int r = 0; r < n; ++r) consider(r);
      placed[std::size_t(next)] = true;
      --left_on[std::size_t(host_key[std::size_t(next)])];
      --left_in[std::size_t(group_key[std::size_t(next)])];
      s.tree.add_child(end, next);
      end = next;
    }
    s.tree.finalize();
    s.segment_bytes = detail::choose_segment(s.tree, ctx);
    return s;
  }
  detail::RankPool pool(n, root);
  detail::Scanner scanner(ctx.cost, upward);
  while (!pool.empty()) {
    const int next = detail::take_next(scanner, end, pool, segment, detail::NextNode::min);
    s.tree.add_child(end, next);
    end = next;
  }
  s.tree.finalize();
  s.segment_bytes = detail::choose_segment(s.tree, ctx);
  return s;
}

}  // namespace collsel::builders

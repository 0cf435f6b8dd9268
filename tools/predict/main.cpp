// collsel-predict — prints, for a collective, a process count and message sizes, every applicable
// algorithm's predicted time under a model file and marks the one the shim would choose.
//
//   collsel-predict --model FILE --op OP --procs P [--root R] --bytes LIST [--csv [FILE]]
//                   [--p2p-model hockney|lmo|plogp|loggp] [--segment-bytes BYTES] [--hostfile FILE] [--bound]
//                   [--blocks equal|uneven] [--cost-kind KIND] [--schedule chosen|ALGORITHM]
//   collsel-predict --topology XML_OR_SYNTHETIC --binding packed|scatter|LIST [--model FILE]
//                   --op OP --procs P [--root R] --bytes LIST [--csv [FILE]] [--segment-bytes BYTES]
//   collsel-predict --map [--op OP[,OP...]] --procs LIST --bytes LIST [--svg FILE] [--csv [FILE]] and
//                   either --model FILE or --topology ... --binding ... as above
//   collsel-predict --tuning FILE
//
// --tuning: what a tuning file holds (docs/tuning.md), one entry per line; no other option.
//
// --schedule: after each size's table, the schedule of the chosen candidate (or of ALGORITHM) as the
// shim's executor runs it: kind, segments and window, each node's children in service order.
//
// --map: the choice per (P, size) for each op (default all six), as a table (or CSV) and, with
// --svg, a gnuplot heat map (FILE.gp written beside FILE and rendered by gnuplot when installed).
//
// Without --topology, ranks are placed on the model's cluster as default_placement() does (rank r
// on the host of calibrated process r mod n), or as --hostfile lists them: one host per line,
// `host` or `host:N` (N ranks in a row, as MPICH's machine files), ranks filling the lines in
// order and starting over from the first line when P exceeds them; `#` starts a comment. With
// --hostfile the prediction is the one the shim makes for a job launched with that file (each
// rank mapped to a calibrated process on its host or, with host classes, its class). With --topology, all P ranks sit on one node of that
// hwloc topology, rank r bound to the r-th core of --binding, and every pair is predicted from its
// channel class (docs/channels.md): the channel parameters come from --model's [channels] section
// (a model file or a file holding only [channels]), else the built-in EPYC default; native is
// costed as MPICH's binomial tree in rank order, since a measured native table describes the
// calibrated cluster, not this node. scatterv/gatherv are predicted with equal blocks, or with
// --blocks uneven those collsel-bench measures (collsel::uneven_blocks).
// Errors (unknown op, bad size, missing or malformed model or topology, bad binding, bad flags):
// one line on stderr, exit 2.
#include <CLI/CLI.hpp>

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <cstring>
#include <vector>

#include "collsel/bounds.hpp"
#include "collsel/byte_size.hpp"
#include "collsel/channels.hpp"
#include "collsel/collective.hpp"
#include "collsel/choose.hpp"
#include "collsel/model_file.hpp"
#include "collsel/plogp.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/segments.hpp"
#include "collsel/frames.hpp"
#include "collsel/topology.hpp"
#include "collsel/version.hpp"
#include "cli_options.hpp"
#include "decision_map.hpp"
#include "size_buckets.hpp"
#include "tuning_file.hpp"

namespace {

constexpr int kMaxProcs = 8192;

constexpr const char* kProgram = "collsel-predict";
// The model kinds --p2p-model and --cost-kind accept (ModelFile::model).
using collsel::tools::kModelKinds;

// A usage or input error: reported as one line, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string model_path;
  std::string op_name;
  std::string procs_list;  // one count, or a list with --map
  int procs = 0;
  int root = 0;
  std::string bytes_list;
  bool csv = false;        // --csv: CSV instead of the table
  std::string csv_path;    // --csv FILE: written there ("-": standard output)
  std::string model_kind;  // --p2p-model; empty: the file's default model
  std::string segment = "auto";  // --segment-bytes
  std::string topology;  // empty: predict on the model's own cluster
  std::string binding;   // with --topology: packed, scatter or a list of core ids
  bool map = false;      // --map: the choice per (P, size) for each op
  std::string svg;       // with --map: heat map output
  std::string hostfile;  // empty: default_placement
  bool bound = false;    // --bound: also the bandwidth bound per size
  std::string blocks = "equal";  // scatterv/gatherv blocks: equal or uneven
  std::string cost_kind;         // --cost-kind: cost the decided schedules with this kind
  std::string schedule;          // --schedule: print this candidate's schedule (`chosen`: the choice)
};

collsel::Collective parse_op(const std::string& name) {
  const auto op = collsel::parse_collective(name);
  if (!op) throw UsageError("unknown --op '" + name + "' (expected bcast, reduce, scatter, gather, scatterv or gatherv)");
  return *op;
}

std::vector<int> parse_procs_list(const std::string& list) {
  std::vector<int> procs;
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');) {
    char* end = nullptr;
    const long p = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0')
      throw UsageError("bad process count '" + item + "' in --procs (expected integers, e.g. 4,16,64)");
    if (p < 1 || p > kMaxProcs)
      throw UsageError("--procs must be between 1 and " + std::to_string(kMaxProcs) + " (got " + item + ")");
    procs.push_back(int(p));
  }
  if (procs.empty()) throw UsageError("--procs needs at least one process count");
  return procs;
}

const collsel::P2PModel& choose_model(const collsel::ModelFile& file, const Options& opt) {
  const collsel::P2PModel* m = opt.model_kind.empty() ? file.default_model() : file.model(opt.model_kind);
  if (!m) {
    std::string have;
    for (const std::string& kind : kModelKinds)
      if (file.model(kind)) have += std::string(have.empty() ? "" : ", ") + kind;
    if (opt.model_kind.empty()) throw UsageError(opt.model_path + ": holds no point-to-point model");
    throw UsageError(opt.model_path + ": no '" + opt.model_kind + "' model (the file has: " +
                     (have.empty() ? "none" : have) + ")");
  }
  return *m;
}

std::string human_size(std::size_t b) { return collsel::format_byte_size(b); }

// --hostfile: rank r on the r-th slot of the file's lines (`host` or `host:N`), round robin past the end.
std::vector<collsel::RankPlacement> hostfile_placement(const std::string& path, int procs) {
  std::ifstream in(path);
  if (!in) throw UsageError("--hostfile " + path + ": cannot open");
  std::vector<std::string> slots;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const std::size_t first = line.find_first_not_of(" \t\r"), last = line.find_last_not_of(" \t\r");
    if (first == std::string::npos) continue;
    line = line.substr(first, last - first + 1);
    std::string host = line;
    long count = 1;
    if (const std::size_t colon = line.find(':'); colon != std::string::npos) {
      host = line.substr(0, colon);
      char* end = nullptr;
      const std::string n = line.substr(colon + 1);
      count = std::strtol(n.c_str(), &end, 10);
      if (n.empty() || *end != '\0' || count < 1 || count > kMaxProcs)
        throw collsel::FileError(path, line_no, host, "bad rank count '" + n + "' (expected host or host:N, N >= 1)");
    }
    if (host.empty() || host.find_first_of(" \t") != std::string::npos)
      throw collsel::FileError(path, line_no, "", "bad host name '" + host + "' (expected host or host:N)");
    for (long k = 0; k < count && slots.size() < std::size_t(procs); ++k) slots.push_back(host);
  }
  if (slots.empty()) throw collsel::FileError(path, 0, "", "no hosts");
  std::vector<collsel::RankPlacement> ranks{std::size_t(procs)};
  for (int r = 0; r < procs; ++r) ranks[std::size_t(r)].host = slots[std::size_t(r) % slots.size()];
  return ranks;
}

// --hostfile: its hosts that the model does not name are placed in a host class as the shim places
// them (collsel::unknown_hosts, docs/batch.md), with a note; without classes MappedModel refuses them.
void place_unknown_hosts(const Options& opt, collsel::Cluster& cluster, int procs) {
  if (opt.hostfile.empty()) return;
  std::vector<std::string> hosts;
  for (collsel::RankPlacement& r : hostfile_placement(opt.hostfile, procs)) hosts.push_back(std::move(r.host));
  const std::vector<collsel::UnknownHost> unknown = collsel::unknown_hosts(cluster, hosts);
  if (unknown.empty() || !cluster.has_classes()) return;
  collsel::add_unknown_hosts(cluster, unknown);
  if (opt.csv) return;
  std::string list;
  for (const collsel::UnknownHost& u : unknown)
    list += (list.empty() ? "" : ", ") + u.host + " -> class " + std::to_string(u.host_class);
  std::printf("note: hosts not in the model, placed in a host class as the shim places them: %s\n", list.c_str());
}

std::vector<collsel::RankPlacement> placement(const Options& opt, const collsel::Cluster& cluster, int procs) {
  return opt.hostfile.empty() ? collsel::default_placement(cluster, procs) : hostfile_placement(opt.hostfile, procs);
}

// The largest message the model was calibrated with (0: unknown, or no model file): larger calls
// are extrapolated, which the table says.
double g_calibrated_max_bytes = 0;

void print_decision(const Options& opt, std::size_t bytes, const collsel::RankedChoice& r) {
  const collsel::Decision& d = r.decision;
  if (opt.csv) {
    for (std::size_t k = 0; k < d.candidates.size(); ++k)
      std::printf("%s,%d,%d,%zu,%.*s,%.3f,%d\n", opt.op_name.c_str(), opt.procs, opt.root, bytes,
                  int(d.candidates[k].algorithm->name.size()), d.candidates[k].algorithm->name.data(),
                  d.candidates[k].predicted_seconds * 1e6, k == r.chosen() ? 1 : 0);
    return;
  }
  std::printf("\n%s of %s (%zu bytes%s):%s\n", opt.op_name.c_str(), human_size(bytes).c_str(), bytes,
              collsel::is_personalized(parse_op(opt.op_name)) ? " per rank" : "",
              g_calibrated_max_bytes > 0 && double(bytes) > g_calibrated_max_bytes
                  ? ("   [extrapolated: the model was calibrated up to " +
                     human_size(std::size_t(g_calibrated_max_bytes)) + "]").c_str()
                  : "");
  for (std::size_t k = 0; k < d.candidates.size(); ++k) {
    const auto& c = d.candidates[k];
    std::printf("  %s %-21.*s %14.3f us\n", k == r.chosen() ? "*" : " ", int(c.algorithm->name.size()),
                c.algorithm->name.data(), c.predicted_seconds * 1e6);
  }
}

// --schedule: the schedule a candidate runs for this call, as the shim's executor takes it: its
// kind, how the message is cut, and every node's children in the order it serves them (frames:
// each frame's edges).
void print_schedule(const Options& opt, const collsel::CallShape& shape, const collsel::RankedChoice& r) {
  const collsel::Decision& d = r.decision;
  const collsel::Candidate* c = nullptr;
  for (std::size_t k = 0; k < d.candidates.size(); ++k)
    if (opt.schedule == "chosen" ? k == r.chosen() : d.candidates[k].algorithm->name == opt.schedule) c = &d.candidates[k];
  if (!c) {
    std::printf("  schedule: %s is not a candidate of this call\n", opt.schedule.c_str());
    return;
  }
  const collsel::Schedule& s = c->schedule;
  const std::string name(c->algorithm->name);
  switch (s.kind) {
    case collsel::ScheduleKind::native:
      std::printf("  schedule of %s: the MPI library's own call\n", name.c_str());
      return;
    case collsel::ScheduleKind::frames: {
      const auto& frames = s.frames->frames;
      std::printf("  schedule of %s: frames, %zu of them, repeated until every rank holds every packet (%d packets of "
                  "at most %s)\n",
                  name.c_str(), frames.size(), collsel::frame_packets(shape.bytes, s.segment_bytes).count,
                  human_size(s.segment_bytes > 0 ? std::min(s.segment_bytes, shape.bytes) : shape.bytes).c_str());
      for (std::size_t f = 0; f < frames.size(); ++f) {
        std::printf("    frame %zu:", f);
        for (const auto& [from, to] : frames[f]) std::printf(" %d->%d", from, to);
        std::printf("\n");
      }
      return;
    }
    case collsel::ScheduleKind::tree:
      std::printf("  schedule of %s: tree, one message per edge", name.c_str());
      break;
    case collsel::ScheduleKind::pipeline: {
      const collsel::PipelinePlan plan =
          collsel::pipeline_plan(shape.bytes, s.segment_bytes, shape.pipeline_unit(), s.tree, s.window);
      const collsel::SegmentLayout& layout = plan.segments;
      std::printf("  schedule of %s: pipeline, %d segment%s of %s", name.c_str(), layout.count, layout.count == 1 ? "" : "s",
                  human_size(layout.full).c_str());
      if (layout.ramp > 0) std::printf(" (the first %d of %s up)", layout.ramp, human_size(layout.ramp_length(0)).c_str());
      std::printf(", %d in flight per edge", plan.window);
      break;
    }
    case collsel::ScheduleKind::concurrent:
      if (s.window > 0) std::printf("  schedule of %s: concurrent, at most %d transfers in flight per node", name.c_str(), s.window);
      else std::printf("  schedule of %s: concurrent, every node's transfers at once", name.c_str());
      break;
  }
  std::printf("; parent: children in service order (%s)\n",
              collsel::flows_to_root(shape.op) ? "data flows from the children to the parent" : "data flows from the parent");
  for (int v : s.tree.preorder()) {
    const auto children = s.tree.children(v);
    if (children.empty()) continue;
    std::printf("    %d:", v);
    for (int child : children) std::printf(" %d", child);
    std::printf("\n");
  }
}

// scatterv/gatherv's blocks of mean `bytes`: equal, or --blocks uneven (those collsel-bench measures).
std::vector<std::size_t> v_blocks(const Options& opt, collsel::Collective op, int procs, std::size_t bytes) {
  if (!collsel::is_vector_variant(op)) return {};
  return opt.blocks == "uneven" ? collsel::uneven_blocks(bytes, procs) : std::vector<std::size_t>(std::size_t(procs), bytes);
}

// The shim's choice for one shape under one cost model (keyed on the P ranks); scatterv/gatherv
// with v_blocks. The shim's executors, without native defects (they depend on the MPI library at
// run time).
collsel::RankedChoice decide(const Options& opt, collsel::Collective op, int procs, int root, std::size_t bytes,
                             std::size_t segment, const collsel::P2PModel& ranks, const collsel::NativeCostTable* native) {
  const std::vector<std::size_t> blocks = v_blocks(opt, op, procs, bytes);
  collsel::DecisionRequest request{.shape = {.op = op, .procs = procs, .root = root, .bytes = bytes, .block_bytes = blocks},
                                   .cost = &ranks, .native = native, .segment_bytes = segment};
  return collsel::choose(request, collsel::Capabilities::executor());
}

// Every size's decision under one cost model (keyed on the P ranks). With `costed_by` (--cost-kind),
// the schedules decided with `ranks` are each predicted again under that model, and the bound too.
void predict_sizes(const Options& opt, collsel::Collective op, const std::vector<std::size_t>& sizes,
                   std::size_t segment, const collsel::P2PModel& ranks, const collsel::NativeCostTable* native,
                   const collsel::P2PModel* costed_by = nullptr) {
  for (std::size_t bytes : sizes) {
    const std::vector<std::size_t> blocks = v_blocks(opt, op, opt.procs, bytes);
    const collsel::CallShape shape{.op = op, .procs = opt.procs, .root = opt.root, .bytes = bytes, .block_bytes = blocks};
    collsel::RankedChoice r = decide(opt, op, opt.procs, opt.root, bytes, segment, ranks, native);
    if (costed_by)
      for (collsel::Candidate& k : r.decision.candidates)
        k.predicted_seconds = collsel::predict_as_run(k.schedule, shape, *costed_by, native, &k.rested_seconds);
    print_decision(opt, bytes, r);
    if (!opt.schedule.empty()) print_schedule(opt, shape, r);
    if (!opt.bound) continue;
    const double us = collsel::bandwidth_bound(shape, costed_by ? *costed_by : ranks) * 1e6;
    if (opt.csv) std::printf("%s,%d,%d,%zu,bound,%.3f,0\n", opt.op_name.c_str(), opt.procs, opt.root, bytes, us);
    else std::printf("    %-21s %14.3f us   (no schedule beats it on the model's links: collsel/bounds.hpp)\n", "bound", us);
  }
}

void print_table_intro() {
  std::printf("predicted times; * = chosen (native first, chosen unless another the shim can run is faster by the margin)\n");
}

// ---- --topology: one node, ranks bound to cores.

collsel::Topology load_topology(const std::string& spec) {
  std::error_code ec;
  const bool is_file = std::filesystem::is_regular_file(spec, ec);
  const bool looks_xml = spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".xml") == 0;
  if (!is_file && (looks_xml || spec.find('/') != std::string::npos))
    throw UsageError("--topology " + spec + ": no such file");
  try {
    return is_file ? collsel::Topology::from_xml(spec) : collsel::Topology::from_synthetic(spec);
  } catch (const std::runtime_error& e) {
    if (is_file) throw UsageError(std::string("--") + e.what());  // "--topology PATH: ..."
    throw UsageError("--topology \"" + spec +
                     "\": not a file and not a valid hwloc synthetic description (e.g. \"pack:2 l3:8 core:8 pu:1\")");
  }
}

struct NodeChannels {
  collsel::ChannelModel model;
  std::string origin;  // where the parameters come from, for the table header
};

// The channel parameters for --topology: --model's [channels] section; a model file without one,
// or no --model at all, gets the EPYC default (examples/models/epyc-channels.toml).
NodeChannels node_channels(const Options& opt) {
  if (opt.model_path.empty())
    return {collsel::epyc_default_channel_model(), "built-in default (= examples/models/epyc-channels.toml)"};
  std::ifstream in(opt.model_path, std::ios::binary);
  if (!in) (void)collsel::read_model_file(opt.model_path);  // throws the usual "cannot read" error
  std::ostringstream text;
  text << in.rdbuf();
  bool model_file = true;
  try {
    const toml::table doc = toml::parse(text.str(), opt.model_path);
    model_file = doc.contains("collsel_model") || !doc.contains("channels");
  } catch (const toml::parse_error&) {
    // parse_model_file reports it with file and line.
  }
  if (!model_file)
    return {collsel::parse_channel_model(text.str(), opt.model_path), "[channels] of " + opt.model_path};
  collsel::ModelFile file = collsel::parse_model_file(text.str(), opt.model_path);
  if (file.channels) return {std::move(*file.channels), "[channels] of " + opt.model_path};
  return {collsel::epyc_default_channel_model(),
          "built-in default (" + opt.model_path + " has no [channels] section)"};
}

// "0-7,64-71": rank order, consecutive runs joined; at most `limit` items.
std::string core_list(const std::vector<int>& cores, std::size_t limit = 12) {
  std::string out;
  std::size_t items = 0;
  for (std::size_t k = 0; k < cores.size();) {
    std::size_t e = k;
    while (e + 1 < cores.size() && cores[e + 1] == cores[e] + 1) ++e;
    if (items++ == limit) return out + ",...";
    out += (out.empty() ? "" : ",") + std::to_string(cores[k]);
    if (e > k) out += "-" + std::to_string(cores[e]);
    k = e + 1;
  }
  return out;
}

int run_on_topology(const Options& opt, collsel::Collective op, const std::vector<std::size_t>& sizes,
                    std::size_t segment) {
  if (opt.binding.empty())
    throw UsageError("--topology needs --binding packed, scatter or a comma-separated list of core ids");
  if (!opt.model_kind.empty())
    throw UsageError("--p2p-model does not apply with --topology (every pair is predicted from its channel class)");
  auto topology = std::make_shared<const collsel::Topology>(load_topology(opt.topology));
  std::vector<int> rank_core;
  try {
    rank_core = topology->binding(opt.binding, opt.procs);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--") + e.what());
  }
  NodeChannels ch = node_channels(opt);
  ch.model.set_topology(topology);
  const collsel::ChannelRankModel ranks(ch.model, rank_core);

  if (opt.csv) {
    std::printf("op,procs,root,bytes,algorithm,predicted_us,chosen\n");
  } else {
    collsel::ChannelCounts pairs{};
    for (int a = 0; a < opt.procs; ++a)
      for (int b = a + 1; b < opt.procs; ++b)
        ++pairs[std::size_t(topology->channel(rank_core[std::size_t(a)], rank_core[std::size_t(b)]))];
    std::string by_channel;
    for (collsel::Channel c : collsel::all_channels)
      if (pairs[std::size_t(c)])
        by_channel += (by_channel.empty() ? "" : ", ") + std::string(collsel::to_string(c)) + " " +
                      std::to_string(pairs[std::size_t(c)]);
    std::printf("%s: %d processes, root %d, on one node of %s (%s)\n", opt.op_name.c_str(), opt.procs, opt.root,
                opt.topology.c_str(), topology->summary().c_str());
    std::printf("binding %s: cores %s; rank pairs by channel: %s\n", opt.binding.c_str(), core_list(rank_core).c_str(),
                by_channel.empty() ? "none" : by_channel.c_str());
    std::printf("channel model: %s; native costed as MPICH's binomial tree in rank order\n", ch.origin.c_str());
    print_table_intro();
  }
  predict_sizes(opt, op, sizes, segment, ranks, nullptr);
  return 0;
}

// ---- --map: the choice per (P, size), for each op.

std::vector<collsel::Collective> parse_op_list(const std::string& list) {
  std::vector<collsel::Collective> ops;
  if (list.empty()) return {collsel::all_collectives.begin(), collsel::all_collectives.end()};
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');) ops.push_back(parse_op(item));
  return ops;
}

int run_map(const Options& opt) {
  const std::vector<collsel::Collective> ops = parse_op_list(opt.op_name);
  const std::vector<int> procs = parse_procs_list(opt.procs_list);
  const std::vector<std::size_t> sizes = collsel::parse_size_list(opt.bytes_list, "--bytes");
  const std::size_t segment = collsel::tools::segment_bytes_value(opt.segment);
  for (int p : procs)
    if (opt.root >= p)
      throw UsageError("--root " + std::to_string(opt.root) + " is not a rank of " + std::to_string(p) + " processes");

  // The cost model per process count: the model file's cluster (default placement), or one node of
  // --topology with the binding's first P cores.
  std::optional<collsel::ModelFile> file;
  const collsel::P2PModel* base = nullptr;
  std::shared_ptr<const collsel::Topology> topology;
  std::optional<NodeChannels> channels;
  std::string title;
  if (!opt.topology.empty()) {
    if (opt.binding.empty())
      throw UsageError("--topology needs --binding packed, scatter or a comma-separated list of core ids");
    if (!opt.model_kind.empty())
      throw UsageError("--p2p-model does not apply with --topology (every pair is predicted from its channel class)");
    topology = std::make_shared<const collsel::Topology>(load_topology(opt.topology));
    channels = node_channels(opt);
    channels->model.set_topology(topology);
    title = "collsel decision map: one node of " + opt.topology + ", binding " + opt.binding + ", root " +
            std::to_string(opt.root);
  } else {
    if (!opt.binding.empty()) throw UsageError("--binding needs --topology (the node its core ids refer to)");
    if (opt.model_path.empty()) throw UsageError("--model or --topology is required");
    file = collsel::read_model_file(opt.model_path);
    place_unknown_hosts(opt, file->cluster, *std::max_element(procs.begin(), procs.end()));
    base = &choose_model(*file, opt);
    title = "collsel decision map: " + opt.model_path + " (" + std::string(base->kind()) + "), root " +
            std::to_string(opt.root);
  }

  std::vector<collsel::decision_map::DecisionMap> maps;
  for (collsel::Collective op : ops) maps.push_back({.op = op, .procs = procs, .bytes = sizes, .cells = {}});
  for (int p : procs) {
    std::unique_ptr<collsel::P2PModel> ranks;
    if (topology) {
      std::vector<int> rank_core;
      try {
        rank_core = topology->binding(opt.binding, p);
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--") + e.what());
      }
      ranks = std::make_unique<collsel::ChannelRankModel>(channels->model, rank_core);
    } else {
      ranks = std::make_unique<collsel::MappedModel>(*base, file->cluster, placement(opt, file->cluster, p));
    }
    const collsel::NativeCostTable* native = file ? &file->native : nullptr;
    for (collsel::decision_map::DecisionMap& m : maps)
      for (std::size_t bytes : sizes) {
        const collsel::RankedChoice r = decide(opt, m.op, p, opt.root, bytes, segment, *ranks, native);
        const collsel::Candidate& chosen = r.best();
        m.cells.push_back({.procs = p, .bytes = bytes, .algorithm = chosen.algorithm->name,
                           .predicted_us = chosen.predicted_seconds * 1e6,
                           .native_us = r.decision.candidates.front().predicted_seconds * 1e6});
      }
  }
  std::fputs(opt.csv ? collsel::decision_map::format_map_csv(maps, opt.root).c_str()
                     : collsel::decision_map::format_map_text(maps, title).c_str(),
             stdout);
  if (!opt.svg.empty()) {
    const std::string script = opt.svg + ".gp";
    {
      std::ofstream out(script);
      out << collsel::decision_map::gnuplot_script(maps, title, opt.svg);
      if (!out.flush()) throw UsageError("--svg: cannot write " + script);
    }
    if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
      std::fprintf(stderr, "%s: gnuplot not found; wrote %s (render it with: gnuplot %s)\n", kProgram, script.c_str(),
                   script.c_str());
      return 0;
    }
    const std::string cmd = "gnuplot '" + script + "'";
    if (std::system(cmd.c_str()) != 0) throw UsageError("--svg: gnuplot failed on " + script);
    std::fprintf(stderr, "%s: wrote %s (gnuplot script %s)\n", kProgram, opt.svg.c_str(), script.c_str());
  }
  return 0;
}

// The switch groups inferred from the model's latencies (switch_groups.hpp), by host name: what
// chain and pipelined_tree keep together.
void print_switch_groups(const collsel::P2PModel& model, const collsel::Cluster& cluster) {
  const std::vector<int>& group = model.switch_groups();
  if (group.empty() || std::size_t(cluster.size()) != group.size()) return;
  std::vector<std::vector<std::string>> hosts(std::size_t(*std::max_element(group.begin(), group.end())) + 1);
  for (int p = 0; p < cluster.size(); ++p) {
    auto& names = hosts[std::size_t(group[std::size_t(p)])];
    const std::string& name = cluster.hosts[std::size_t(cluster.host_of(p))];
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  std::printf("switch groups inferred from the latencies (%zu):", hosts.size());
  for (const auto& names : hosts) {
    std::printf(" {");
    for (std::size_t i = 0; i < names.size(); ++i) std::printf("%s%s", i ? " " : "", names[i].c_str());
    std::printf("}");
  }
  std::printf("\n");
}

int run(Options opt) {
  if (!opt.hostfile.empty() && !opt.topology.empty())
    throw UsageError("--hostfile does not apply with --topology (ranks sit on one node, placed by --binding)");
  if (opt.map && opt.bound) throw UsageError("--bound does not apply with --map (a map shows the choice per cell)");
  if (opt.map && !opt.schedule.empty()) throw UsageError("--schedule does not apply with --map");
  if (!opt.cost_kind.empty() && (opt.map || !opt.topology.empty()))
    throw UsageError("--cost-kind applies to a model file's prediction, not with --map or --topology");
  if (opt.map) return run_map(opt);
  if (!opt.svg.empty()) throw UsageError("--svg needs --map");
  if (!opt.schedule.empty() && opt.csv) throw UsageError("--schedule applies to the table, not with --csv");
  if (opt.op_name.empty()) throw UsageError("--op is required (optional only with --map)");
  if (opt.procs_list.find(',') != std::string::npos)
    throw UsageError("--procs takes one process count (a list only with --map)");
  const collsel::Collective op = parse_op(opt.op_name);
  // Predictions keep P x P matrices per model (and the v-variants P blocks): 8192 processes stay
  // below a few GB and decide in well under a second; the shim's limit is the same (docs/shim.md).
  opt.procs = parse_procs_list(opt.procs_list).front();
  if (opt.root < 0 || opt.root >= opt.procs)
    throw UsageError("--root " + std::to_string(opt.root) + " is not a rank of " + std::to_string(opt.procs) + " processes");
  const std::vector<std::size_t> sizes = collsel::parse_size_list(opt.bytes_list, "--bytes");
  const std::size_t segment = collsel::tools::segment_bytes_value(opt.segment);
  if (!opt.topology.empty()) return run_on_topology(opt, op, sizes, segment);
  if (!opt.binding.empty()) throw UsageError("--binding needs --topology (the node its core ids refer to)");
  if (opt.model_path.empty()) throw UsageError("--model is required (optional only with --topology)");

  collsel::ModelFile file = collsel::read_model_file(opt.model_path);
  place_unknown_hosts(opt, file.cluster, opt.procs);
  const collsel::P2PModel& base = choose_model(file, opt);
  g_calibrated_max_bytes = file.meta.max_bytes;
  if (!file.meta.clamped.empty() && !opt.csv)
    std::printf("note: %zu fitted parameters of this model were negative and set to 0 (clamped: %s%s): predictions "
                "involving those pairs rest on a forced zero\n",
                file.meta.clamped.size(), file.meta.clamped.front().c_str(), file.meta.clamped.size() > 1 ? ", ..." : "");
  if (file.burst && !opt.csv) {
    int shaped = 0;
    for (int p = 0; p < file.burst->size(); ++p)
      shaped += (file.burst->up_rate[std::size_t(p)] > 0) + (file.burst->down_rate[std::size_t(p)] > 0);
    std::printf("note: token buckets on %d of %d links of the calibrated processes ([burst]): every schedule is "
                "predicted as calls back to back see it, its transfers spending and refilling them\n",
                shaped, 2 * file.burst->size());
  }
  // The model is keyed on calibrated processes; the decision needs communicator ranks.
  const collsel::MappedModel ranks(base, file.cluster, placement(opt, file.cluster, opt.procs));

  if (opt.csv) {
    std::printf("op,procs,root,bytes,algorithm,predicted_us,chosen\n");
  } else {
    std::printf("%s: %d processes, root %d, model %s from %s (%d calibrated processes on %d hosts)\n",
                opt.op_name.c_str(), opt.procs, opt.root, std::string(base.kind()).c_str(), opt.model_path.c_str(),
                file.cluster.size(), file.cluster.host_count());
    print_switch_groups(base, file.cluster);
    if (const auto* loggp = dynamic_cast<const collsel::LogGPModel*>(&base))
      std::printf("LogGP view: %s\n",
                  std::isfinite(loggp->S())
                      ? ("rendezvous from S = " + human_size(std::size_t(loggp->S())) + " on (LogGPS: g steps up there)").c_str()
                      : "one gap per byte for every size (no rendezvous step in PLogP's g)");
    print_table_intro();
  }
  std::optional<collsel::MappedModel> costed_by;
  if (!opt.cost_kind.empty()) {
    Options as_cost = opt;
    as_cost.model_kind = opt.cost_kind;
    costed_by.emplace(choose_model(file, as_cost), file.cluster, placement(opt, file.cluster, opt.procs));
  }
  predict_sizes(opt, op, sizes, segment, ranks, &file.native, costed_by ? &*costed_by : nullptr);
  return 0;
}

}  // namespace

// collsel-predict --tuning FILE: one line per entry, the problems of the file's lines on stderr.
// Exit 0 when the file was read, 2 when it cannot be read or is not a tuning file.
int print_tuning(const std::string& path) {
  using namespace collsel::shim;
  std::string text, why;
  bool missing = false;
  if (!read_tuning_text(path, text, missing, why) || missing) {
    std::cerr << kProgram << ": cannot read tuning file " << path << ": " << (missing ? "no such file" : why) << "\n";
    return 2;
  }
  const TuningFile f = parse_tuning(text, path);
  if (f.foreign) {
    std::cerr << kProgram << ": " << f.problems.front() << "\n";
    return 2;
  }
  auto us_list = [](const std::vector<TuningTime>& ts) {
    if (ts.empty()) return std::string("-");
    std::string s;
    char b[64];
    for (const TuningTime& t : ts) {
      std::snprintf(b, sizeof b, "%s%s %.2f", s.empty() ? "" : ", ", t.algorithm.c_str(), t.seconds * 1e6);
      s += b;
    }
    return s + " us";
  };
  std::cout << path << ": " << f.entries.size() << (f.entries.size() == 1 ? " entry" : " entries") << " ("
            << kTuningHeader << ")\n";
  for (const TuningEntry& e : f.entries) {
    const TuningKey& k = e.key;
    std::string bytes = "0";
    if (k.bucket > 0) {
      const collsel::shim::ByteRange r = bucket_range(std::size_t(1) << (k.bucket - 1));
      bytes = collsel::format_byte_size(r.min) + ".." + (k.bucket >= 64 ? "" : collsel::format_byte_size(r.max + 1));
    }
    char when[32] = "?";
    const std::time_t t = static_cast<std::time_t>(e.written);
    if (std::tm tm{}; gmtime_r(&t, &tm)) std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char digests[128];
    std::snprintf(digests, sizeof digests, "hosts %016llx model %016llx library %016llx settings %016llx",
                  static_cast<unsigned long long>(k.hosts), static_cast<unsigned long long>(k.model),
                  static_cast<unsigned long long>(k.library), static_cast<unsigned long long>(k.settings));
    std::cout << to_string(k.op) << " procs " << k.comm_size << " root " << k.root << " bytes " << bytes
              << (k.op == collsel::Collective::reduce && !k.commute ? " non-commutative" : "")
              << (k.mixed ? " mixed-types" : "") << (k.rule >= 0 ? " rule " + std::to_string(k.rule) : "")
              << ": verdict " << e.verdict << "; verification " << us_list(e.measured) << "; audit "
              << us_list(e.audited) << "; " << digests << "; written " << when << "\n";
  }
  for (const std::string& p : f.problems) std::cerr << kProgram << ": warning: " << p << " (ignored)\n";
  return 0;
}

// With --tuning FILE (alone): print_tuning's exit code; -1 without --tuning.
int tuning_option(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a != "--tuning" && a.rfind("--tuning=", 0) != 0) continue;
    if (argc != (a == "--tuning" ? 3 : 2) || (a == "--tuning" && i + 1 >= argc)) {
      std::cerr << kProgram << ": --tuning FILE takes no other option\n";
      return 2;
    }
    return print_tuning(a == "--tuning" ? argv[i + 1] : a.substr(9));
  }
  return -1;
}

// The command line (the names shared with the other tools: docs/settings.md, "Tools").
void add_options(CLI::App& app, Options& opt, collsel::tools::DeprecatedAliases& aliases) {
  app.set_version_flag("--version", std::string(kProgram) + " " + collsel::kVersion, "print the version, then exit");
  using collsel::tools::OptionSpec;
  const OptionSpec options[] = {
      {.names = "--model",
       .value = &opt.model_path,
       .help = "model file (TOML, written by collsel-calibrate); with --topology optional, only its [channels] "
               "section is used (a file holding just [channels] will do)"},
      {.names = "--op,--ops",
       .value = &opt.op_name,
       .help = "bcast, reduce, scatter, gather, scatterv or gatherv (with --map: a comma-separated list, default "
               "all six); --op and --ops are one option, as in collsel-bench"},
      {.names = "--procs",
       .value = &opt.procs_list,
       .help = "number of processes (with --map: a comma-separated list)",
       .required = true},
      {.names = "--root", .value = &opt.root, .help = "root rank (default 0)"},
      {.names = "--bytes",
       .value = &opt.bytes_list,
       .help = "comma-separated message sizes: bcast/reduce the whole message, the others one rank's block (K, M, "
               "G = powers of 1024), e.g. 1K,64K,1M",
       .required = true},
      {.names = "--csv",
       .value = &opt.csv_path,
       .help = "CSV instead of the table, to FILE, or to standard output without FILE or with -: "
               "op,procs,root,bytes,algorithm,predicted_us,chosen (with --map: "
               "op,procs,root,bytes,algorithm,predicted_us,native_us, the chosen one per cell)",
       .optional_file = true},
      {.names = "--map",
       .value = &opt.map,
       .help = "decision map: the chosen algorithm per (--procs LIST) x (--bytes LIST) for each op"},
      {.names = "--svg", .value = &opt.svg, .help = "with --map: write a heat map to FILE (gnuplot script FILE.gp beside it)"},
      collsel::tools::p2p_model_option(opt.model_kind, "the file's preferred model"),
      collsel::tools::segment_bytes_option(opt.segment, "(default: auto, the model's choice per call)"),
  };
  collsel::tools::add_options(app, options);
  // Old names of options, still accepted (docs/settings.md, "Tools").
  collsel::tools::add_model_kind_alias(app, aliases, opt.model_kind);
  aliases.add(app, "--segment", "--segment-bytes", opt.segment);
  const OptionSpec what_and_where[] = {
      {.names = "--cost-kind",
       .value = &opt.cost_kind,
       .help = "predict the schedules built with --p2p-model (or the file's default model) under this kind "
               "instead: what each kind says of the schedules the shim would run (collsel-bench --kinds-csv)",
       .check = CLI::IsMember(kModelKinds)},
      {.names = "--blocks",
       .value = &opt.blocks,
       .help = "scatterv/gatherv blocks of mean --bytes: equal (default) or uneven (rank r: 2 x bytes x (r + 1) / "
               "(P + 1), the blocks collsel-bench measures)",
       .check = CLI::IsMember({"equal", "uneven"})},
      {.names = "--schedule",
       .value = &opt.schedule,
       .help = "after each size's table, print this candidate's schedule as the shim runs it (`chosen`: the one "
               "chosen): its kind, segments and window, every node's children in service order, or BBS's frames"},
      {.names = "--bound",
       .value = &opt.bound,
       .help = "also print the bandwidth bound per size, what no schedule beats on the model's links, a host's shared by its ranks (with --csv a row "
               "with algorithm `bound`, as collsel-bench --kinds-csv writes it)"},
      {.names = "--hostfile",
       .value = &opt.hostfile,
       .help = "place the ranks as this host file does (lines `host` or `host:N`, in rank order, round robin past "
               "the end) instead of rank r on calibrated process r mod n"},
      {.names = "--topology",
       .value = &opt.topology,
       .help = "predict for one node of this hwloc topology: an XML export (lstopo node.xml) or a synthetic "
               "description such as \"pack:2 l3:8 core:8 pu:1\""},
      {.names = "--binding",
       .value = &opt.binding,
       .help = "with --topology: packed (cores in order), scatter (round robin over packages) or one core (PU OS "
               "index) per rank, comma separated"},
  };
  collsel::tools::add_options(app, what_and_where);
}

int main(int argc, char** argv) {
  if (const int rc = tuning_option(argc, argv); rc >= 0) return rc;
  Options opt;
  CLI::App app{"Predicts every applicable algorithm's time for a collective under a collsel model file and "
               "marks the one the shim would choose.",
               kProgram};
  collsel::tools::DeprecatedAliases aliases;
  add_options(app, opt, aliases);

  if (const auto exit_code = collsel::tools::parse_command_line(app, argc, argv, kProgram)) return *exit_code;
  for (const std::string& warning : aliases.resolve(app)) std::cerr << kProgram << ": warning: " << warning << "\n";
  opt.csv = app.count("--csv") > 0;
  if (opt.csv && opt.csv_path != "-" && !std::freopen(opt.csv_path.c_str(), "w", stdout)) {
    std::cerr << kProgram << ": --csv " << opt.csv_path << ": cannot open for writing (" << std::strerror(errno)
              << ")\n";
    return 2;
  }
  try {
    return run(opt);
  } catch (const collsel::FileError& e) {  // model file and [channels] alike
    std::cerr << kProgram << ": " << e.what() << "\n";
  } catch (const UsageError& e) {
    std::cerr << kProgram << ": " << e.what() << "\n";
  } catch (const collsel::BadSize& e) {
    std::cerr << kProgram << ": " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << kProgram << ": " << (opt.model_path.empty() ? "" : opt.model_path + ": ") << e.what() << "\n";
  }
  return 2;
}

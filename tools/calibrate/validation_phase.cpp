// Validation: which point-to-point model predicts collsel's own schedules best on this cluster.
// The fits say how well each model reproduces the experiments it was fitted to; what the shim
// needs is a model that ranks whole schedules correctly. So, after the fit, a few schedules are
// run and timed (the best non-native candidate of every model, and the rank-order binomial tree,
// for bcast, reduce, scatter and gather at two sizes from two or three roots: 0, the last rank,
// and the rank where the models disagree most), every model predicts every one of them, and the
// model with the smallest median relative error becomes the file's preferred one ([validation],
// docs/model-file.md). Each model's pipelined_tree_fine is measured too where it has segments of
// its own, for an error of that class alone (decision record 0042). Cost: at most 4 ops x 2 sizes
// x 3 roots x (kinds + 1) schedules, and 2 ops x 2 sizes x 3 roots x kinds fine pipelines, x
// (repetitions + 1) runs; 10-27 % of the calibration on the emulated clusters (17-67 s;
// docs/calibration.md), most of it the slow hosts' 1 MB streams.
// It runs with every process of the job, the models mapped onto them as the shim maps them — with
// host classes, the representatives' models stand for every host, and that is what must predict
// well. Rank 0 alone decides and predicts (the other ranks may not hold the models, and a
// thousand ranks deciding the same thing would cost a simulator a thousand times as much); it
// sends each schedule to the others (its tree's preorder and parents).
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsel/decide.hpp"
#include "collsel/exec.hpp"
#include "collsel/fit.hpp"
#include "collsel/predict.hpp"
#include "collsel/rank_mapping.hpp"
#include "collsel/registry.hpp"
#include "phases.hpp"
#include "report.hpp"
#include "workload.hpp"

namespace collsel::calibrate {
namespace {

constexpr Collective kOps[] = {Collective::bcast, Collective::reduce, Collective::scatter, Collective::gather};

// Sizes validated: 64 KiB (where the models start to differ) and the largest calibrated size;
// scatter and gather move (P - 1) blocks through the root, so their block shrinks beyond 8
// processes to keep the phase's time independent of P. Multiples of 8: reduce sums doubles.
std::vector<std::size_t> validation_sizes(Collective op, std::size_t max_bytes, int procs) {
  std::vector<std::size_t> s;
  if (max_bytes > 65536) s.push_back(65536);
  s.push_back(max_bytes);
  for (std::size_t& b : s) {
    if (is_personalized(op) && procs > 8) b = std::max<std::size_t>(1024, b * 8 / std::size_t(procs));
    b = std::max<std::size_t>(8, b / 8 * 8);
  }
  return s;
}

// Rank 0's schedule (a tree or pipeline kind) on every rank of comm.
Schedule share_schedule(MPI_Comm comm, const Schedule& mine, Collective op, int procs) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  long long head[5] = {0, 0, 0, 0, 0};
  std::vector<int> order(std::size_t(procs) * 2);
  if (rank == 0) {
    const auto all = algorithms();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].name == mine.algorithm) head[0] = (long long)i;
    head[1] = (long long)mine.kind;
    head[2] = (long long)mine.segment_bytes;
    head[3] = mine.tree.root();
    head[4] = mine.window;
    const auto pre = mine.tree.preorder();
    for (int v = 0; v < procs; ++v) {
      order[std::size_t(v)] = pre[std::size_t(v)];
      order[std::size_t(procs + v)] = mine.tree.parent(v);
    }
  }
  MPI_Bcast(head, 5, MPI_LONG_LONG, 0, comm);
  MPI_Bcast(order.data(), int(order.size()), MPI_INT, 0, comm);
  if (rank == 0) return mine;
  Schedule s{.algorithm = algorithms()[std::size_t(head[0])].name, .op = op, .kind = ScheduleKind(head[1]),
             .tree = Tree(procs, int(head[3])), .segment_bytes = std::size_t(head[2]), .window = int(head[4])};
  // In preorder, every node's children come in their service order.
  for (int k = 0; k < procs; ++k) {
    const int v = order[std::size_t(k)];
    if (const int parent = order[std::size_t(procs + v)]; parent >= 0) s.tree.add_child(parent, v);
  }
  s.tree.finalize();
  return s;
}

// A kind and its model mapped onto this job's ranks (rank 0's; the others only run). An
// alternative is measured alike; a PLogP alternative's LogGP view only predicts (it proposes no
// schedule of its own).
struct Kind {
  std::string kind;  // the kind it predicts as
  std::unique_ptr<MappedModel> model;
  int alternative = -1;  // its index in `alternatives`; -1: the file's own model
  bool proposes = true;
};
std::vector<Kind> mapped_kinds(const ModelFile& file, const std::vector<RankPlacement>& placement,
                               std::span<const ModelAlternative> alternatives) {
  std::vector<Kind> kinds;
  for (const char* k : {"hockney", "lmo", "plogp", "loggp"})
    if (const P2PModel* m = file.model(k)) kinds.push_back({k, std::make_unique<MappedModel>(*m, file.cluster, placement)});
  for (std::size_t i = 0; i < alternatives.size(); ++i) {
    const ModelAlternative& a = alternatives[i];
    if (!a.model || !file.model(a.kind)) continue;
    kinds.push_back({a.kind, std::make_unique<MappedModel>(*a.model, file.cluster, placement), int(i)});
    if (a.loggp && file.model("loggp"))
      kinds.push_back({"loggp", std::make_unique<MappedModel>(*a.loggp, file.cluster, placement), int(i), false});
  }
  return kinds;
}

// The roots: 0, the last rank, and where the kinds disagree most (fit::validation_roots), rank
// 0's on every rank.
std::vector<int> agreed_roots(MPI_Comm comm, int rank, const std::vector<Kind>& kinds, int size, std::size_t max_bytes) {
  std::vector<int> roots;
  if (rank == 0) {
    std::vector<const P2PModel*> all;
    for (const Kind& k : kinds) all.push_back(k.model.get());
    roots = fit::validation_roots(all, size, double(max_bytes));
  }
  int root_count = int(roots.size());
  MPI_Bcast(&root_count, 1, MPI_INT, 0, comm);
  roots.resize(std::size_t(root_count));
  MPI_Bcast(roots.data(), root_count, MPI_INT, 0, comm);
  return roots;
}

// A schedule the validation measures; `ranked`: it is some model's best candidate or the binomial
// tree, and counts toward the model kinds' median error and bias (else it only measures its own
// class's error).
struct Validated {
  Schedule schedule;
  bool ranked = true;
};

// The schedules of a shape (rank 0): each model's best non-native candidate, and the rank-order
// binomial tree (what a model-free library runs), without duplicates. The LP of bbs is left out:
// it would dominate the phase's time on small clusters. And, where it has segments of its own,
// each model's pipelined_tree_fine, unranked: a model may price its fine segments far from the
// other pipelines, in either direction, and an error of its own puts it in doubt as far as it
// misses (decision record 0042).
std::vector<Validated> validated_schedules(const std::vector<Kind>& kinds, const CallShape& shape) {
  std::vector<Validated> schedules;
  auto add = [&](const Schedule& s, bool ranked) {
    if (!exec::supports(s)) return;
    for (const Validated& t : schedules)
      if (same_plan(s, t.schedule)) return;
    schedules.push_back({s, ranked});
  };
  for (const auto& [kind, model, alternative, proposes] : kinds) {
    if (!proposes) continue;
    DecisionRequest request{.shape = shape, .cost = model.get(), .margin = 0, .exclude = {"bbs", "native"}};
    const Decision d = decide(request);
    const Candidate* best = nullptr;
    for (const Candidate& c : d.candidates)
      if (c.schedule.kind != ScheduleKind::native && exec::supports(c.schedule) &&
          (!best || c.predicted_seconds < best->predicted_seconds))
        best = &c;
    if (best) add(best->schedule, true);
    if (const AlgorithmInfo* binomial = find_algorithm("binomial"); binomial && binomial->build)
      add(binomial->build(BuildContext{*model, shape}), true);
  }
  const AlgorithmInfo* fine = find_algorithm("pipelined_tree_fine");
  // Where the row has no segments of its own it builds pipelined_tree's plan, of another class.
  for (const auto& [kind, model, alternative, proposes] : kinds) {
    if (!proposes || !fine || !fine->build || !fine->collectives.contains(shape.op)) continue;
    const Schedule s = fine->build(BuildContext{*model, shape});
    if (error_class(s) == kFinePipelineClass) add(s, false);
  }
  return schedules;
}

// One untimed run (connections, caches), then the slowest rank's time of each repetition: their
// median on rank 0 (0 elsewhere). Collective over run_comm.
double measure_schedule(bench::Workload& work, const Schedule& s, MPI_Comm run_comm, int reps, int rank) {
  work.prepare();
  MPI_Barrier(run_comm);
  if (work.run(s, run_comm) != MPI_SUCCESS) throw std::runtime_error("validation: an executor failed");
  const std::size_t n = static_cast<std::size_t>(reps);
  std::vector<double> mine(n), slowest(n);
  for (int k = 0; k < reps; ++k) {
    MPI_Barrier(run_comm);
    const double t0 = MPI_Wtime();
    work.run(s, run_comm);
    mine[std::size_t(k)] = MPI_Wtime() - t0;
  }
  MPI_Reduce(mine.data(), slowest.data(), reps, MPI_DOUBLE, MPI_MAX, 0, run_comm);
  return rank == 0 ? bench::median(std::move(slowest)) : 0;
}

// Every kind's relative errors and log bias over the measured points (rank 0's).
struct Errors {
  std::vector<std::vector<double>> relative;  // per kind, per point
  std::vector<std::vector<double>> log_ratio; // per kind, per point: log(predicted / measured)
  std::vector<std::string> schedule_class;    // per point: the error class of the schedule measured
  std::vector<bool> ranked;                   // per point: it counts toward the kinds' median and bias
};

// One kind's summary over the points: its median error and bias, and the median error per kind of
// schedule measured at least kScheduleErrorPoints times.
struct KindResult {
  double error = 0, bias = 1;
  std::map<std::string, double> by_schedule;
};
KindResult kind_result(const Errors& e, std::size_t k) {
  std::vector<double> ranked;
  double log_bias = 0;
  std::map<std::string, std::vector<double>> per_schedule;
  for (std::size_t i = 0; i < e.relative[k].size(); ++i) {
    per_schedule[e.schedule_class[i]].push_back(e.relative[k][i]);
    if (!e.ranked[i]) continue;
    ranked.push_back(e.relative[k][i]);
    log_bias += e.log_ratio[k][i];
  }
  KindResult out{.error = bench::median(ranked), .bias = ranked.empty() ? 1.0 : std::exp(log_bias / double(ranked.size()))};
  for (auto& [schedule, errors] : per_schedule)
    if (int(errors.size()) >= kScheduleErrorPoints) out.by_schedule[schedule] = bench::median(std::move(errors));
  return out;
}

// The validation from the errors (rank 0): per kind its median error and bias; an alternative that
// predicted better replaces its kind (and its LogGP view the file's).
ModelValidation summarize(const Errors& e, const std::vector<int>& roots, const std::vector<Kind>& kinds,
                          std::span<ModelAlternative> alternatives) {
  ModelValidation v;
  v.points = int(std::ranges::count(e.ranked, true));
  v.roots = roots;
  // The file's own kinds, and per alternative the results of each kind it predicts as.
  auto take = [&v](const std::string& kind, const KindResult& r) {
    v.median_error[kind] = r.error;
    v.bias[kind] = r.bias;
    for (auto& [schedule, errors] : v.schedule_error) errors.erase(kind);
    for (const auto& [schedule, error] : r.by_schedule) v.schedule_error[schedule][kind] = error;
    std::erase_if(v.schedule_error, [](const auto& entry) { return entry.second.empty(); });
  };
  std::vector<std::map<std::string, KindResult>> alternative_results(alternatives.size());
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const KindResult r = kind_result(e, k);
    if (kinds[k].alternative < 0) take(kinds[k].kind, r);
    else alternative_results[std::size_t(kinds[k].alternative)][kinds[k].kind] = r;
  }
  for (std::size_t i = 0; i < alternatives.size(); ++i) {
    const auto& results = alternative_results[i];
    const auto own = results.find(alternatives[i].kind);
    if (own == results.end() || !v.median_error.count(own->first) || !(own->second.error < v.median_error[own->first]))
      continue;
    alternatives[i].better = true;
    for (const auto& [kind, r] : results) take(kind, r);
  }
  v.preferred = preferred_kind(v.median_error);
  return v;
}

}  // namespace

int validation_steps() { return int(std::size(kOps)); }

std::optional<ModelValidation> validate_models(Context& ctx, const ModelFile& file,
                                               const std::vector<RankPlacement>& placement,
                                               std::span<ModelAlternative> alternatives) {
  for (ModelAlternative& a : alternatives) a.better = false;
  const MPI_Comm comm = ctx.engine.comm();
  const int size = ctx.engine.size(), rank = ctx.engine.rank();
  std::vector<Kind> kinds;
  if (rank == 0) kinds = mapped_kinds(file, placement, alternatives);
  int kind_count = int(kinds.size());
  MPI_Bcast(&kind_count, 1, MPI_INT, 0, comm);
  if (kind_count < 2 || size < 2) return std::nullopt;  // nothing to choose between

  const int reps = std::max(3, ctx.preset.channel_repetitions / 3);
  Errors e{.relative = std::vector<std::vector<double>>(kinds.size()),
           .log_ratio = std::vector<std::vector<double>>(kinds.size())};
  const std::vector<int> roots = agreed_roots(comm, rank, kinds, size, ctx.max_bytes);
  MPI_Comm run_comm = MPI_COMM_NULL;
  MPI_Comm_dup(comm, &run_comm);
  ctx.progress.phase("validation");
  for (Collective op : kOps) {
    for (std::size_t bytes : validation_sizes(op, ctx.max_bytes, size))
      for (int root : roots) {
        bench::Workload work(op, bytes, size, rank, root);
        const CallShape shape = work.shape();
        const std::vector<Validated> schedules = rank == 0 ? validated_schedules(kinds, shape) : std::vector<Validated>{};
        int count = int(schedules.size());
        MPI_Bcast(&count, 1, MPI_INT, 0, comm);
        for (int i = 0; i < count; ++i) {
          const Schedule s = share_schedule(comm, rank == 0 ? schedules[std::size_t(i)].schedule : Schedule{}, op, size);
          const double measured = measure_schedule(work, s, run_comm, reps, rank);
          if (rank != 0 || !(measured > 0)) continue;
          e.schedule_class.emplace_back(error_class(s));
          e.ranked.push_back(schedules[std::size_t(i)].ranked);
          for (std::size_t k = 0; k < kinds.size(); ++k) {
            const double predicted = predict(s, shape, *kinds[k].model);
            e.relative[k].push_back(std::abs(predicted - measured) / measured);
            e.log_ratio[k].push_back(std::log(std::max(predicted, 1e-12) / measured));
          }
        }
      }
    ctx.progress.step();
  }
  MPI_Comm_free(&run_comm);
  if (rank != 0 || std::ranges::find(e.ranked, true) == e.ranked.end()) return std::nullopt;  // only rank 0 writes the file
  return summarize(e, roots, kinds, alternatives);
}

}  // namespace collsel::calibrate

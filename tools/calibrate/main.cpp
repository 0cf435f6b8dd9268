// collsel-calibrate: measures the cluster once and writes the model file the shim reads.
//   mpiexec -n P collsel-calibrate -o MODEL.toml [--models hockney,lmo,plogp] [--max-bytes N]
//                                  [--precision quick|normal|high] [--no-native] [--no-channels]
//                                  [--no-core-limit] [--no-validation]
// Every rank parses the same arguments and takes the same decisions; rank 0 reports and writes.
// Any error (one process, a bad option, an unwritable output) is reported once, by rank 0, and
// every rank exits non-zero; the model file is written atomically at the very end, so a failed or
// interrupted run leaves no file (or the previous one) behind.
#include <mpi.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "collsel/byte_size.hpp"
#include "collsel/exec.hpp"
#include "collsel/fit.hpp"
#include "collsel/model_file.hpp"
#include "collsel/mpi_version.hpp"
#include "collsel/topology.hpp"
#include "measure_channels.hpp"
#include "phases.hpp"

namespace {

using namespace collsel;
constexpr int kErrorExit = 2;
constexpr int kClassesAboveHosts = 16;  // --host-classes auto: per-pair calibration up to this many hosts

// "65536", "64K", "64KiB", "1M" -> bytes (K = 1024); nullopt when malformed.
std::optional<std::size_t> parse_bytes(const std::string& s) { return collsel::parse_byte_size(s); }

// Where Hockney's pair series change protocol, for LMO's second piece: the kept fit's second
// piece, else the alternative's (the fit was unsure, the validation may still choose it: in SMPI
// on slow-nic the break test missed the step of 64 KiB that two pieces follow), else none (0).
double protocol_switch(const std::optional<fit::HockneyFit>& hockney) {
  if (!hockney) return 0;
  if (hockney->model.pieces() > 1) return hockney->model.piece_start(1);
  if (hockney->alternative && hockney->alternative->pieces() > 1) return hockney->alternative->piece_start(1);
  return 0;
}

std::string iso_utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string mpi_library() {
  char v[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  MPI_Get_library_version(v, &len);
  std::string s(v, std::size_t(std::max(0, len)));
  s = s.substr(0, s.find('\n'));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

// Can a file be created next to `out`? Checked before measuring, so a typo costs nothing.
std::string check_writable(const std::filesystem::path& out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(out, ec)) return out.string() + ": is a directory";
  const fs::path dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) return out.string() + ": directory " + dir.string() + " does not exist";
  const fs::path probe = dir / (".collsel-calibrate-probe." + std::to_string(getpid()));
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return out.string() + ": cannot create files in " + dir.string() + ": " + std::strerror(errno);
  ::close(fd);
  fs::remove(probe, ec);
  return "";
}

// Rank 0's error string, agreed by every rank: empty means no error.
std::string agree(MPI_Comm comm, const std::string& mine_on_root) {
  int len = int(mine_on_root.size());
  MPI_Bcast(&len, 1, MPI_INT, 0, comm);
  std::string s = mine_on_root;
  s.resize(std::size_t(len));
  MPI_Bcast(s.data(), len, MPI_CHAR, 0, comm);
  return s;
}

// The library that defines UCX's progress function for MPICH, when it is not UCX itself: the
// yielding wrapper libcollsel-yield.so (docs/calibration.md) or something like it. Empty when
// nothing interposes (or the MPI library does not use UCX).
std::string progress_interposer() {
  void* f = dlsym(RTLD_DEFAULT, "ucp_worker_progress");
  Dl_info info{};
  if (!f || !dladdr(f, &info) || !info.dli_fname) return "";
  const std::string file = info.dli_fname;
  return file.find("libucp") == std::string::npos ? file : "";
}

// The [cluster] section: hosts in order of first appearance, each rank's host and hwloc core.
Cluster gather_cluster(MPI_Comm comm) {
  Cluster c;
  for (const RankPlacement& p : exec::gather_placement(comm, bound_core_of_this_process())) {
    int idx = c.host_index(p.host);
    if (idx < 0) idx = int(c.hosts.size()), c.hosts.push_back(p.host);
    c.process_host.push_back(idx);
    c.process_core.push_back(p.core);
  }
  return c;
}

// --version is answered by main() before MPI_Init (no launcher needed), so it is not a CLI11 flag.
constexpr const char* kDescription =
    "Measures the cluster once and writes the collsel model file (run under mpiexec). --version prints the "
    "version and the MPI library.";

int run(int argc, char** argv) {
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  auto fail = [&](const std::string& why) {
    if (rank == 0) std::fprintf(stderr, "collsel-calibrate: error: %s\n", why.c_str());
    return kErrorExit;
  };

  CLI::App app{kDescription};
  std::string output, max_bytes_text = "1M", precision_name = "normal";
  std::vector<std::string> models;
  bool no_native = false, no_channels = false, no_core_limit = false, no_validation = false;
  std::string classes_mode = "auto";
  calibrate::ClassOptions class_opt;
  double time_cap = -1;  // < 0: the preset's
  app.add_option("-o,--output", output, "model file to write (atomically)")->required();
  auto* models_opt = app.add_option("--models", models, "point-to-point models to calibrate (default: all three)")
                         ->delimiter(',')
                         ->check(CLI::IsMember({"hockney", "lmo", "plogp"}));
  app.add_option("--max-bytes", max_bytes_text, "largest message measured, e.g. 262144, 256K, 1M (default 1M)");
  app.add_option("--precision", precision_name, "quick, normal or high (default normal)")
      ->check(CLI::IsMember({"quick", "normal", "high"}));
  app.add_option("--time-cap", time_cap,
                 "seconds the calibration may spend in all measuring experiments on past the preset's caps while "
                 "they fall short of its precision (default: quick 10, normal 30, high 120; 0: never)")
      ->check(CLI::Range(0.0, 1e6));
  app.add_flag("--no-native", no_native, "do not time the MPI library's own collectives");
  app.add_flag("--no-channels", no_channels, "do not measure the intra-node channels");
  bool no_burst = false;
  app.add_flag("--no-burst", no_burst,
               "do not measure the links' token buckets (what a rested link passes at the line rate; [burst])");
  app.add_flag("--no-validation", no_validation,
               "do not measure which model predicts collsel's schedules best (the file then prefers lmo, plogp, "
               "hockney, loggp in this order)");
  app.add_option("--host-classes", classes_mode,
                 "on: learn host classes from a landmark survey and measure pairs on a few representative hosts "
                 "per class; off: measure every pair; auto (default): on above " +
                     std::to_string(kClassesAboveHosts) + " hosts")
      ->check(CLI::IsMember({"auto", "on", "off"}));
  app.add_option("--landmarks", class_opt.landmarks,
                 "with host classes: hosts that survey every other host (default 3; the speed check may add 2 more)")
      ->check(CLI::Range(1, 16));
  app.add_option("--class-tolerance", class_opt.tolerance,
                 "with host classes: relative difference of survey times within which hosts are alike (default 0.1)")
      ->check(CLI::Range(0.0, 10.0));
  bool no_switch_groups = false;
  app.add_flag("--no-switch-groups", no_switch_groups,
               "with host classes: do not learn which hosts of a class share a switch (round trips of its consecutive hosts)");
  bool no_speed_check = false;
  app.add_flag("--no-speed-check", no_speed_check,
               "with host classes: add no landmark where a pair of other hosts is faster than every landmark saw");
  app.add_flag("--no-core-limit", no_core_limit,
               "run all pair/triplet experiments of a round at once even where ranks outnumber cores");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every rank saw the same arguments and fails alike; only rank 0 speaks.
    if (e.get_exit_code() == 0) return rank == 0 ? app.exit(e) : 0;  // --help
    if (rank == 0)
      std::fprintf(stderr, "collsel-calibrate: error: %s\nRun with --help for the options.\n", e.what());
    return kErrorExit;
  }
  const std::optional<std::size_t> max_bytes = parse_bytes(max_bytes_text);
  if (!max_bytes || *max_bytes < 1024 || *max_bytes > (std::size_t(1) << 30))
    return fail("--max-bytes: '" + max_bytes_text + "' is not a size between 1K and 1G (e.g. 65536, 64K, 1M)");
  if (size < 2) return fail("needs at least 2 MPI processes (got " + std::to_string(size) + "): run it as mpiexec -n P");
  const bool explicit_models = models_opt->count() > 0;
  if (!explicit_models) models = {"hockney", "lmo", "plogp"};
  const std::set<std::string> want(models.begin(), models.end());
  std::vector<std::string> notes;
  measure::Preset preset = *measure::preset(precision_name);
  // Test hook (docs/testing.md): a precision no experiment can reach, to exercise the quality gate.
  if (const char* eps = std::getenv("COLLSEL_TEST_CALIBRATE_EPS"); eps && *eps) preset.precision.eps = std::atof(eps);

  // The output must be creatable before an hour of measuring is spent.
  const std::string unwritable = agree(comm, rank == 0 ? check_writable(output) : "");
  if (!unwritable.empty()) return fail(unwritable);

  // Message sizes: 0, then 1 KiB growing by the preset's factor, and max_bytes itself.
  std::vector<std::size_t> sizes = {0};
  for (double s = 1024; s < double(*max_bytes); s *= preset.size_factor) sizes.push_back(std::size_t(s));
  sizes.push_back(*max_bytes);

  ModelFile mf;
  const Cluster placement = gather_cluster(comm);
  mf.cluster = placement;
  measure::Engine engine(comm, preset.precision, 1, !no_core_limit);
  engine.measure_on(time_cap >= 0 ? time_cap : preset.time_cap);
  if (engine.oversubscribed_hosts() > 0) {
    // Busy-polling ranks sharing a core make every wait cost a scheduler time slice; the yielding
    // wrapper turns that into a context switch (docs/calibration.md).
    const std::string yield = progress_interposer();
    std::ostringstream note;
    note << "oversubscribed: " << engine.oversubscribed_hosts() << " host(s) with more processes than cores; "
         << (no_core_limit ? "all groups of a round ran at once" : "groups ran in waves of at most one process per core")
         << "; MPI progress " << (yield.empty() ? "busy-polling (no yielding wrapper preloaded)" : "yields (" + yield + ")");
    notes.push_back(note.str());
    if (rank == 0 && yield.empty())
      std::fprintf(stderr,
                   "collsel-calibrate: warning: more processes than cores on %d host(s) and MPI busy-polls: times will "
                   "include scheduler time slices; preload libcollsel-yield.so (docs/calibration.md)\n",
                   engine.oversubscribed_hosts());
  }

  // Host classes: above a few dozen hosts, every pair is too many experiments (O(H^2)); a landmark
  // survey groups alike hosts, and the pair phases run on a few representatives of each class.
  const bool use_classes =
      placement.host_count() >= 3 &&
      (classes_mode == "on" || (classes_mode == "auto" && placement.host_count() > kClassesAboveHosts));
  std::vector<int> rep_processes;  // world ranks whose pairs are measured (every rank without classes)
  std::optional<calibrate::HostClassSurvey> survey;
  class_opt.switch_groups = !no_switch_groups;
  if (no_speed_check) class_opt.speed_landmarks = 0;
  const int class_steps = use_classes ? calibrate::classes_steps(class_opt) : 0;
  measure::Progress progress(rank == 0, 0);
  if (use_classes) {
    class_opt.large_bytes = std::min<std::size_t>(*max_bytes, std::size_t(1) << 20);
    class_opt.repetitions = preset.precision.min_reps;
    progress.add_steps(class_steps);
    measure::Buffers survey_buffers;
    survey = calibrate::survey_host_classes(comm, placement, class_opt, progress, survey_buffers);
    rep_processes = representative_processes(placement, survey->host_class, survey->host_group);
    if (rep_processes.empty() || rep_processes.front() != 0)  // rank 0 writes the pair models
      return fail("internal error: process 0 is not among the host classes' representatives");
    mf.cluster = representative_cluster(placement, survey->host_class, rep_processes, survey->host_group);
    std::ostringstream note;
    note << "host classes: " << survey->classes << " classes of " << placement.host_count() << " hosts from "
         << survey->landmarks.size() << " landmark hosts"
         << (survey->speed_landmarks ? " (" + std::to_string(survey->speed_landmarks) + " added by the speed check)"
                                     : std::string())
         << " (tolerance " << survey->tolerance << ")";
    if (class_opt.switch_groups)
      note << ", " << survey->groups << " switch groups"
           << (survey->groups_dropped ? " (" + std::to_string(survey->groups_dropped) + " dropped: their ends were not near)"
                                      : std::string());
    note << "; pairs measured on " << rep_processes.size() << " representative processes";
    notes.push_back(note.str());
  } else {
    rep_processes.resize(std::size_t(size));
    std::iota(rep_processes.begin(), rep_processes.end(), 0);
  }
  const int pair_procs = int(rep_processes.size());
  const bool is_rep = std::binary_search(rep_processes.begin(), rep_processes.end(), rank);
  MPI_Comm pair_comm = comm;  // the representatives' communicator (comm itself without classes)
  if (use_classes) MPI_Comm_split(comm, is_rep ? 0 : MPI_UNDEFINED, rank, &pair_comm);

  if (want.count("lmo") && pair_procs < 3) {
    if (explicit_models)
      return fail("--models lmo needs at least 3 processes (got " + std::to_string(pair_procs) +
                  "): LMO is estimated from triplets");
  }
  const bool do_lmo = want.count("lmo") && pair_procs >= 3;
  if (want.count("lmo") && !do_lmo) notes.push_back("lmo: not calibrated, it needs at least 3 processes");
  // Token buckets against the Hockney fit, on every process (not with host classes: their pairs
  // are measured on representatives only).
  const bool measure_burst = !no_burst && !use_classes && want.count("hockney");
  const int total = (want.count("hockney") ? calibrate::hockney_steps(pair_procs) : 0) +
                    (do_lmo ? calibrate::lmo_steps(pair_procs) : 0) +
                    (want.count("plogp") ? calibrate::plogp_steps(pair_procs) : 0) +
                    (no_native ? 0 : calibrate::native_steps()) + calibrate::compute_steps() + (no_channels ? 0 : 1) +
                    (no_validation ? 0 : calibrate::validation_steps()) + (measure_burst ? calibrate::burst_steps() : 0);
  progress.add_steps(total);
  engine.label_with(&progress);
  std::vector<std::string> clamped;
  calibrate::Context ctx{engine, progress, preset, *max_bytes, sizes, notes, clamped};
  // The pair phases' engine and context: on the representatives only (all of comm without classes).
  std::optional<measure::Engine> pair_engine;
  std::unique_ptr<calibrate::Context> pair_ctx_storage;
  if (use_classes && is_rep) {
    pair_engine.emplace(pair_comm, preset.precision, 1, !no_core_limit);
    pair_engine->measure_on(time_cap >= 0 ? time_cap : preset.time_cap);
    // A few representatives: their pairs one at a time. Run side by side, pairs of different
    // classes met on the fabric's shared up-links (SimGrid fat tree, 2 leaves: cross-leaf beta
    // measured at half the link speed, every tree's prediction 40-95 % too slow).
    pair_engine->one_group_at_a_time();
    pair_engine->label_with(&progress);
    pair_ctx_storage.reset(new calibrate::Context{*pair_engine, progress, preset, *max_bytes, sizes, notes, clamped});
  }
  calibrate::Context* pair_ctx = use_classes ? pair_ctx_storage.get() : &ctx;

  // Hockney's fit, with the other answer to "one line or two pieces" for the validation to weigh.
  std::optional<fit::HockneyFit> hockney_fit;
  std::optional<fit::PlogpFit> plogp_fit;
  const double start = MPI_Wtime();
  auto timed_on = [&](MPI_Comm on, const char* kind, auto&& phase) {
    MPI_Barrier(on);
    const double t0 = MPI_Wtime();
    phase();
    MPI_Barrier(on);
    mf.meta.calibration_seconds[kind] = MPI_Wtime() - t0;
  };
  auto timed = [&](const char* kind, auto&& phase) { timed_on(comm, kind, phase); };
  if (pair_ctx) {  // the representatives (everyone without classes); the others wait below
    calibrate::Context& pc = *pair_ctx;
    if (want.count("hockney"))
      timed_on(pair_comm, "hockney", [&] {
        hockney_fit = calibrate::calibrate_hockney(pc);
        mf.hockney = hockney_fit->model;  // its clamps join the list once the validation has chosen
      });
    if (do_lmo)  // a change of protocol is the library's: where Hockney's pairs break, LMO's do too
      timed_on(pair_comm, "lmo", [&] { mf.lmo = calibrate::calibrate_lmo(pc, protocol_switch(hockney_fit)); });
    if (want.count("plogp"))
      timed_on(pair_comm, "plogp", [&] {
        plogp_fit = calibrate::calibrate_plogp(pc, hockney_fit ? &hockney_fit->model : nullptr);
        mf.plogp = plogp_fit->model;
      });
    timed_on(pair_comm, "compute", [&] { mf.reduce_gamma = calibrate::calibrate_reduce_local(pc); });
  }
  if (use_classes) MPI_Barrier(comm);  // the others wait for the representatives' pair phases
  if (measure_burst && mf.hockney)
    timed("burst", [&] {
      const calibrate::BurstResult burst = calibrate::calibrate_buckets(ctx, *mf.hockney, placement);
      mf.burst = burst.buckets;
      if (rank == 0) {
        std::ostringstream note;
        note.precision(3);
        if (placement.host_count() < 2) {
          note << "burst: not measured: one host, no link between hosts";
        } else if (!mf.burst) {
          note << "burst: no link passes a rested message of " << *max_bytes
               << " bytes markedly faster than its drained rate (no token buckets)";
        } else {
          note << "burst: token buckets (bytes a rested link passes at the line rate, "
               << 1e-9 / mf.burst->line_seconds_per_byte << " GB/s), per host up/down:";
          std::vector<int> first(std::size_t(placement.host_count()), -1);
          for (int p = placement.size(); p-- > 0;) first[std::size_t(placement.host_of(p))] = p;
          for (int h = 0; h < placement.host_count(); ++h)
            if (const int p = first[std::size_t(h)]; p >= 0)
              note << " " << placement.hosts[std::size_t(h)] << " " << std::llround(mf.burst->up_bytes[std::size_t(p)]) << "/"
                   << std::llround(mf.burst->down_bytes[std::size_t(p)]);
        }
        notes.push_back(note.str());
        if (!burst.shaped.empty()) {
          // Both gains of every shaped link: what tells a bucket from a gain of the large message alone.
          std::ostringstream gains;
          gains << "burst: shaped links, host direction: bytes at the line rate by the rested " << *max_bytes
                << "-byte message / by the " << *max_bytes / 4
                << "-byte one (a bucket gives the second about min(first, its size); under half of that, marked "
                   "'no-bucket', the link is priced drained):";
          for (const calibrate::ShapedLink& l : burst.shaped)
            gains << " " << placement.hosts[std::size_t(l.host)] << " " << (l.up ? "up" : "down") << " "
                  << std::llround(l.estimate.large_gain_bytes) << "/" << std::llround(l.estimate.small_gain_bytes)
                  << (l.estimate.rejected ? " no-bucket" : "");
          notes.push_back(gains.str());
        }
      }
    });
  if (!no_native) timed("native", [&] { mf.native = calibrate::calibrate_native(ctx); });
  std::string channels_note;
  if (!no_channels) {
    timed("channels", [&] {
      progress.phase("intra-node channels");
      ChannelMeasureOptions opt;
      opt.max_bytes = *max_bytes;
      opt.repetitions = preset.channel_repetitions;
      const ChannelMeasurement ch = measure_channels(comm, opt);
      if (ch.model) mf.channels = ch.model;
      else notes.push_back(channels_note = "channels: not measured: " + ch.why_not);
      progress.step();
    });
  }
  auto hockney_shape = [](const HockneyModel& h) {
    return h.pieces() > 1 ? "two pieces, from " + std::to_string(std::size_t(h.piece_start(1))) + " bytes on the second"
                          : std::string("one line");
  };
  // The fit's answer to "one line or two pieces", before the validation may overrule it.
  const std::string hockney_fitted =
      !hockney_fit ? ""
      : hockney_shape(hockney_fit->model) +
            (hockney_fit->model.pieces() > 1
                 ? " (" + std::to_string(hockney_fit->agreeing) + " of " + std::to_string(hockney_fit->pairs) +
                       " pairs' series break there significantly)"
                 : " (no size where at least half of the " + std::to_string(hockney_fit->pairs) +
                       " pairs' series break significantly)");
  bool alternative_better = false, plogp_points_better = false;
  const HockneyModel* alternative = hockney_fit && hockney_fit->alternative ? &*hockney_fit->alternative : nullptr;
  if (!no_validation) {
    // Validated on the models as every reader of the file will see them (parsed from its text).
    // With every process, as the shim will map the models onto them (with host classes, the
    // representatives' models stand for every host); the models are rank 0's.
    std::vector<RankPlacement> ranks;
    for (int p = 0; p < placement.size(); ++p)
      ranks.push_back({placement.hosts[std::size_t(placement.host_of(p))], placement.process_core[std::size_t(p)]});
    timed("validation", [&] {
      // The PLogP alternative as a reader of the file would see it (and its LogGP view derived so).
      std::optional<ModelFile> plogp_points;
      if (rank == 0 && plogp_fit && plogp_fit->alternative) {
        ModelFile with_points = mf;
        with_points.plogp = *plogp_fit->alternative;
        plogp_points = parse_model_file(format_model_file(with_points), output);
      }
      std::vector<calibrate::ModelAlternative> alternatives = {
          {.kind = "hockney", .model = alternative},
          {.kind = "plogp",
           .model = plogp_points ? plogp_points->model("plogp") : nullptr,
           .loggp = plogp_points ? plogp_points->model("loggp") : nullptr}};
      mf.validation = calibrate::validate_models(ctx, rank == 0 ? parse_model_file(format_model_file(mf), output) : ModelFile{},
                                                 ranks, alternatives);
      alternative_better = alternatives[0].better;
      plogp_points_better = alternatives[1].better;
    });
    if (alternative_better) {  // rank 0: the file gets the Hockney model that predicted better
      std::swap(hockney_fit->model, *hockney_fit->alternative);
      std::swap(hockney_fit->clamped, hockney_fit->alternative_clamped);
      mf.hockney = hockney_fit->model;
    }
    if (plogp_points_better) mf.plogp = *plogp_fit->alternative;  // rank 0, likewise
    if (mf.validation) {
      std::ostringstream note;
      note.precision(3);
      note << "validation: median prediction error of " << mf.validation->points << " measured schedules:";
      for (const auto& [kind, e] : mf.validation->median_error) note << " " << kind << " " << 100 * e << " %";
      note << "; preferred " << mf.validation->preferred;
      if (mf.validation->roots.size() > 2)
        note << " (roots 0, " << mf.validation->roots[1] << " and " << mf.validation->roots[2]
             << ", where the models disagree most)";
      notes.push_back(note.str());
    }
  }
  if (hockney_fit)  // the kept model's clamps, first as the Hockney phase ran first
    clamped.insert(clamped.begin(), hockney_fit->clamped.begin(), hockney_fit->clamped.end());
  if (rank == 0 && hockney_fit) {
    std::string note = "hockney: the fit says " + hockney_fitted;
    if (alternative_better)
      note += "; the validation's schedules were predicted better by " + hockney_shape(hockney_fit->model) +
              ", which the file keeps";
    else if (alternative && mf.validation)
      note += "; the validation's schedules agree";
    notes.push_back(note);
  }
  if (rank == 0 && plogp_fit) {
    const char* fitted = "plogp: o_s, o_r and g fitted piecewise linear";
    std::string note;
    if (!plogp_fit->alternative) note = std::string(fitted) + " (the fit kept every measured point)";
    else if (plogp_points_better)
      note = std::string(fitted) + "; the validation's schedules were predicted better through the measured points, "
                                   "which the file keeps";
    else if (mf.validation) note = std::string(fitted) + "; the validation's schedules agree (against the measured points)";
    else note = fitted;
    notes.push_back(note);
  }
  double reached = engine.reached();
  measure::Engine::Gate gate = engine.gate();
  if (pair_engine) {  // the representatives' experiments (their rank 0 is comm's)
    reached = std::max(reached, pair_engine->reached());
    const measure::Engine::Gate pair_gate = pair_engine->gate();
    gate.measured += pair_gate.measured;
    gate.measured_on += pair_gate.measured_on;
    gate.rescued += pair_gate.rescued;
    gate.spent += pair_gate.spent;
    gate.unconverged.insert(gate.unconverged.begin(), pair_gate.unconverged.begin(), pair_gate.unconverged.end());
  }
  if (pair_comm != comm && pair_comm != MPI_COMM_NULL) MPI_Comm_free(&pair_comm);
  const std::vector<std::string>& unconverged = gate.unconverged;
  progress.finish();
  std::ostringstream measured_on;
  measured_on.precision(3);
  if (gate.measured_on > 0)
    measured_on << "measured on past the " << preset.name << " preset's caps: " << gate.measured_on
                << " experiments, " << gate.rescued << " of them then converged; " << gate.spent << " s of the "
                << engine.time_cap() << " s time cap";
  else
    measured_on << "no experiment was measured on past the " << preset.name << " preset's caps (time cap "
                << engine.time_cap() << " s)";
  if (rank == 0 && !unconverged.empty()) {
    // The quality gate: say loudly which experiments (and so which pairs' parameters) rest on
    // fewer repetitions than the precision asked for, and keep it in the file.
    constexpr std::size_t kShown = 12;
    std::ostringstream list;
    for (std::size_t k = 0; k < std::min(kShown, unconverged.size()); ++k) list << "\n    " << unconverged[k];
    if (unconverged.size() > kShown) list << "\n    ... and " << unconverged.size() - kShown << " more";
    std::fprintf(stderr,
                 "collsel-calibrate: WARNING: %zu of %ld experiments did not reach the requested precision "
                 "(+-%.0f %% at %.0f %% confidence) within the %s preset's repetition or time cap and the time cap "
                 "for measuring on (%s); the parameters of these pairs are less certain (worst first):%s\n"
                 "collsel-calibrate: a quieter machine, a larger --time-cap, --precision high, or fewer ranks per "
                 "core would help; the shim's measured verification does not depend on them\n",
                 unconverged.size(), gate.measured, 100 * preset.precision.eps, 100 * preset.precision.cl,
                 preset.name.c_str(), measured_on.str().c_str(), list.str().c_str());
    std::ostringstream note;
    note << "precision not reached by " << unconverged.size() << " of " << gate.measured << " experiments ("
         << measured_on.str() << "); worst: " << unconverged.front();
    notes.push_back(note.str());
  } else if (rank == 0 && gate.measured_on > 0) {
    notes.push_back("precision reached by every experiment; " + measured_on.str());
  }

  std::string error;
  if (rank == 0) {
    mf.meta.created = iso_utc_now();
    mf.meta.mpi_library = mpi_library();
    mf.meta.precision = preset.name;
    mf.meta.precision_reached = reached;
    mf.meta.max_bytes = double(*max_bytes);
    mf.meta.clamped = clamped;
    if (!clamped.empty())
      std::fprintf(stderr,
                   "collsel-calibrate: WARNING: %zu fitted parameters were negative and are set to 0 (first: %s); "
                   "listed as clamped in the model file\n",
                   clamped.size(), clamped.front().c_str());
    std::ostringstream what, phases;
    what << "calibrated by collsel-calibrate with " << size << " processes on " << mf.cluster.host_count()
         << " host(s) in " << MPI_Wtime() - start << " s; message sizes 0.." << *max_bytes << " bytes";
    notes.insert(notes.begin(), what.str());
    // The split of calibration_seconds, for whoever tunes the measurement.
    phases << "phase seconds:";
    phases.precision(3);
    for (const auto& p : progress.times()) phases << (&p == &progress.times().front() ? " " : ", ") << p.name << " " << p.seconds;
    notes.insert(notes.begin() + 1, phases.str());
    mf.meta.notes = notes;
    try {
      // Never write a file the readers would reject: parse what would be written first.
      parse_model_file(format_model_file(mf), output);
      write_model_file(output, mf);
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  error = agree(comm, error);
  if (!error.empty()) return fail(error);
  if (rank == 0) {
    std::printf("collsel-calibrate: wrote %s (%d processes, %d hosts, precision %s reached %.3g)\n", output.c_str(),
                size, mf.cluster.host_count(), preset.name.c_str(), reached);
    for (const auto& [kind, s] : mf.meta.calibration_seconds) std::printf("  %-10s %8.2f s\n", kind.c_str(), s);
    if (mf.validation) {
      std::printf("  model validation (%d schedules measured): median prediction error", mf.validation->points);
      for (const auto& [kind, e] : mf.validation->median_error) std::printf(" %s %.0f %%", kind.c_str(), 100 * e);
      std::printf("; preferred model: %s\n", mf.validation->preferred.c_str());
    }
    if (!channels_note.empty()) std::fprintf(stderr, "collsel-calibrate: warning: %s\n", channels_note.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (collsel::version_asked(argc, argv)) {  // before MPI_Init: no launcher needed
    std::printf("%s\n", collsel::version_line("collsel-calibrate").c_str());
    return 0;
  }
  MPI_Init(&argc, &argv);
  int rc = 0;
  try {
    rc = run(argc, argv);
  } catch (const std::exception& e) {
    // Calibration code throws only on a bug or bad data, identically on every rank (the fitting
    // is deterministic on agreed data); abort so no rank waits for another forever.
    std::fprintf(stderr, "collsel-calibrate: error: %s\n", e.what());
    MPI_Abort(MPI_COMM_WORLD, kErrorExit);
  }
  MPI_Finalize();
  return rc;
}

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
#include <iomanip>
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

// The command line's values (docs/calibration.md).
struct Options {
  std::string output, max_bytes_text = "1M", precision_name = "normal";
  std::vector<std::string> models;
  bool explicit_models = false;  // --models given
  bool no_native = false, no_channels = false, no_core_limit = false, no_validation = false, no_burst = false,
       no_links = false;
  std::string classes_mode = "auto";
  calibrate::ClassOptions class_opt;
  bool no_switch_groups = false, no_speed_check = false;
  double time_cap = -1;  // < 0: the preset's
};

// The options; returns --models (whether it was given is known after parsing).
CLI::Option* add_options(CLI::App& app, Options& o) {
  app.add_option("-o,--output", o.output, "model file to write (atomically)")->required();
  auto* models_opt = app.add_option("--models", o.models, "point-to-point models to calibrate (default: all three)")
                         ->delimiter(',')
                         ->check(CLI::IsMember({"hockney", "lmo", "plogp"}));
  app.add_option("--max-bytes", o.max_bytes_text, "largest message measured, e.g. 262144, 256K, 1M (default 1M)");
  app.add_option("--precision", o.precision_name, "quick, normal or high (default normal)")
      ->check(CLI::IsMember({"quick", "normal", "high"}));
  app.add_option("--time-cap", o.time_cap,
                 "seconds the calibration may spend in all measuring experiments on past the preset's caps while "
                 "they fall short of its precision (default: quick 10, normal 30, high 120; 0: never)")
      ->check(CLI::Range(0.0, 1e6));
  app.add_flag("--no-native", o.no_native, "do not time the MPI library's own collectives");
  app.add_flag("--no-channels", o.no_channels, "do not measure the intra-node channels");
  app.add_flag("--no-burst", o.no_burst,
               "do not measure the links' token buckets (what a rested link passes at the line rate; [burst])");
  app.add_flag("--no-links", o.no_links,
               "do not measure host links with several transfers at once (a host faster than all its partners; [links])");
  app.add_flag("--no-validation", o.no_validation,
               "do not measure which model predicts collsel's schedules best (the file then prefers lmo, plogp, "
               "hockney, loggp in this order)");
  app.add_option("--host-classes", o.classes_mode,
                 "on: learn host classes from a landmark survey and measure pairs on a few representative hosts "
                 "per class; off: measure every pair; auto (default): on above " +
                     std::to_string(kClassesAboveHosts) + " hosts")
      ->check(CLI::IsMember({"auto", "on", "off"}));
  app.add_option("--landmarks", o.class_opt.landmarks,
                 "with host classes: hosts that survey every other host (default 3; the speed check may add 2 more)")
      ->check(CLI::Range(1, 16));
  app.add_option("--class-tolerance", o.class_opt.tolerance,
                 "with host classes: relative difference of survey times within which hosts are alike (default 0.1)")
      ->check(CLI::Range(0.0, 10.0));
  app.add_flag("--no-switch-groups", o.no_switch_groups,
               "with host classes: do not learn which hosts of a class share a switch (round trips of its consecutive hosts)");
  app.add_flag("--no-speed-check", o.no_speed_check,
               "with host classes: add no landmark where a pair of other hosts is faster than every landmark saw");
  app.add_flag("--no-core-limit", o.no_core_limit,
               "run all pair/triplet experiments of a round at once even where ranks outnumber cores or share a host's link");
  return models_opt;
}

// Message sizes: 0, then 1 KiB growing by the preset's factor, and max_bytes itself.
std::vector<std::size_t> message_sizes(std::size_t max_bytes, double factor) {
  std::vector<std::size_t> sizes = {0};
  for (double s = 1024; s < double(max_bytes); s *= factor) sizes.push_back(std::size_t(s));
  sizes.push_back(max_bytes);
  return sizes;
}

std::string hockney_shape(const HockneyModel& h) {
  return h.pieces() > 1 ? "two pieces, from " + std::to_string(std::size_t(h.piece_start(1))) + " bytes on the second"
                        : std::string("one line");
}

// The fit's answer to "one line or two pieces", before the validation may overrule it.
std::string hockney_fitted(const std::optional<fit::HockneyFit>& fit) {
  if (!fit) return "";
  return hockney_shape(fit->model) +
         (fit->model.pieces() > 1 ? " (" + std::to_string(fit->agreeing) + " of " + std::to_string(fit->pairs) +
                                        " pairs' series break there significantly)"
                                  : " (no size where at least half of the " + std::to_string(fit->pairs) +
                                        " pairs' series break significantly)");
}

// The note on the host links (rank 0): every host measured, its rate with all partners at once
// against its fastest pair.
void note_links(std::vector<std::string>& notes, const calibrate::LinkResult& links, const Cluster& placement) {
  std::ostringstream note;
  if (links.measured.empty()) {
    note << "links: no host's link left open by its pairs (or fewer than 3 hosts)";
  } else {
    note << "links: MB/s with every other host at once (fastest pair), host direction:" << std::fixed
         << std::setprecision(1);
    for (const calibrate::LinkMeasurement& m : links.measured)
      note << " " << placement.hosts[std::size_t(m.host)] << (m.out ? " out " : " in ") << m.rate * 1e-6 << " ("
           << m.pair_rate * 1e-6 << ")";
  }
  notes.push_back(note.str());
}

// The note on the token buckets (rank 0), and the gains of every shaped link: what tells a
// bucket from a gain of the large message alone.
void note_burst(std::vector<std::string>& notes, const calibrate::BurstResult& burst, const ModelFile& mf,
                const Cluster& placement, std::size_t max_bytes) {
  std::ostringstream note;
  note.precision(3);
  if (placement.host_count() < 2) {
    note << "burst: not measured: one host, no link between hosts";
  } else if (!mf.burst) {
    note << "burst: no link passes a rested message of " << max_bytes
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
  if (burst.shaped.empty()) return;
  std::ostringstream gains;
  gains << "burst: shaped links, host direction: bytes at the line rate by the rested " << max_bytes
        << "-byte message / by the " << max_bytes / 4
        << "-byte one (a bucket gives the second about min(first, its size); under half of that, marked "
           "'no-bucket', the link is priced drained):";
  for (const calibrate::ShapedLink& l : burst.shaped)
    gains << " " << placement.hosts[std::size_t(l.host)] << " " << (l.up ? "up" : "down") << " "
          << std::llround(l.estimate.large_gain_bytes) << "/" << std::llround(l.estimate.small_gain_bytes)
          << (l.estimate.rejected ? " no-bucket" : "");
  notes.push_back(gains.str());
}

// The note on the host classes found by the survey.
std::string classes_note(const calibrate::HostClassSurvey& survey, const Cluster& placement, bool switch_groups,
                         std::size_t representatives) {
  std::ostringstream note;
  note << "host classes: " << survey.classes << " classes of " << placement.host_count() << " hosts from "
       << survey.landmarks.size() << " landmark hosts"
       << (survey.speed_landmarks ? " (" + std::to_string(survey.speed_landmarks) + " added by the speed check)"
                                  : std::string())
       << " (tolerance " << survey.tolerance << ")";
  if (switch_groups)
    note << ", " << survey.groups << " switch groups"
         << (survey.groups_dropped ? " (" + std::to_string(survey.groups_dropped) + " dropped: their ends were not near)"
                                   : std::string());
  note << "; pairs measured on " << representatives << " representative processes";
  return note.str();
}

// The note on the validation's errors and preferred model.
std::string validation_note(const ModelValidation& v) {
  std::ostringstream note;
  note.precision(3);
  note << "validation: median prediction error of " << v.points << " measured schedules:";
  for (const auto& [kind, e] : v.median_error) note << " " << kind << " " << 100 * e << " %";
  note << "; preferred " << v.preferred;
  if (!v.schedule_error.empty()) {
    note << "; its error per kind of schedule:";
    for (const auto& [schedule, errors] : v.schedule_error)
      if (const auto e = errors.find(v.preferred); e != errors.end()) note << " " << schedule << " " << 100 * e->second << " %";
  }
  if (v.roots.size() > 2)
    note << " (roots 0, " << v.roots[1] << " and " << v.roots[2] << ", where the models disagree most)";
  return note.str();
}

// The note on the PLogP fit and which form of it the file keeps.
std::string plogp_note(const fit::PlogpFit& fit, bool points_better, bool validated) {
  const std::string fitted = "plogp: o_s, o_r and g fitted piecewise linear";
  if (!fit.alternative) return fitted + " (the fit kept every measured point)";
  if (points_better)
    return fitted + "; the validation's schedules were predicted better through the measured points, "
                    "which the file keeps";
  if (validated) return fitted + "; the validation's schedules agree (against the measured points)";
  return fitted;
}

// One calibration: the state its phases share, in the order run() fills it. Every rank takes the
// same steps; rank 0 reports and writes.
class Calibration {
 public:
  Calibration(MPI_Comm comm, Options opt, std::size_t max_bytes, const measure::Preset& preset)
      : comm_(comm),
        rank_(rank_of(comm)),
        size_(size_of(comm)),
        opt_(std::move(opt)),
        max_bytes_(max_bytes),
        preset_(preset),
        want_(opt_.models.begin(), opt_.models.end()),
        sizes_(message_sizes(max_bytes, preset.size_factor)),
        placement_(gather_cluster(comm)),
        engine_(comm, preset.precision, 1, !opt_.no_core_limit) {
    mf_.cluster = placement_;
    engine_.measure_on(opt_.time_cap >= 0 ? opt_.time_cap : preset.time_cap);
  }
  // The exit code (an error is reported by rank 0).
  int run();

 private:
  static int rank_of(MPI_Comm comm) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    return rank;
  }
  static int size_of(MPI_Comm comm) {
    int size = 0;
    MPI_Comm_size(comm, &size);
    return size;
  }
  int fail(const std::string& why) const {
    if (rank_ == 0) std::fprintf(stderr, "collsel-calibrate: error: %s\n", why.c_str());
    return kErrorExit;
  }
  void note_oversubscription();
  bool choose_pair_processes();
  bool plan_phases();
  void make_pair_context();
  template <class Phase>
  void timed(MPI_Comm on, const char* kind, Phase&& phase);
  void pair_phases();
  void burst_phase();
  void links_phase();
  void channels_phase();
  void validation_phase();
  void note_fits();
  double quality_gate();
  std::string write_file(double reached, double seconds);
  void print_summary(double reached) const;

  MPI_Comm comm_;
  const int rank_, size_;
  const Options opt_;
  const std::size_t max_bytes_;
  const measure::Preset preset_;
  const std::set<std::string> want_;
  std::vector<std::string> notes_, clamped_;
  const std::vector<std::size_t> sizes_;
  const Cluster placement_;
  ModelFile mf_;
  measure::Engine engine_;
  measure::Progress progress_{rank_ == 0, 0};
  bool use_classes_ = false;
  std::vector<int> rep_processes_;  // world ranks whose pairs are measured (every rank without classes)
  MPI_Comm pair_comm_ = MPI_COMM_NULL;  // the representatives' communicator (comm itself without classes)
  bool do_lmo_ = false, measure_burst_ = false, measure_links_ = false;
  std::unique_ptr<calibrate::Context> ctx_;
  // The pair phases' engine and context: on the representatives only (all of comm without classes).
  std::optional<measure::Engine> pair_engine_;
  std::unique_ptr<calibrate::Context> pair_ctx_storage_;
  calibrate::Context* pair_ctx_ = nullptr;
  // Hockney's fit, with the other answer to "one line or two pieces" for the validation to weigh.
  std::optional<fit::HockneyFit> hockney_fit_;
  std::optional<fit::PlogpFit> plogp_fit_;
  std::string hockney_fitted_;  // the fit's answer, before the validation may overrule it
  bool alternative_better_ = false, plogp_points_better_ = false;
  std::string channels_note_;
};

// Busy-polling ranks sharing a core make every wait cost a scheduler time slice; the yielding
// wrapper turns that into a context switch (docs/calibration.md).
void Calibration::note_oversubscription() {
  if (engine_.oversubscribed_hosts() == 0) return;
  const std::string yield = progress_interposer();
  std::ostringstream note;
  note << "oversubscribed: " << engine_.oversubscribed_hosts() << " host(s) with more processes than cores; "
       << (opt_.no_core_limit ? "all groups of a round ran at once" : "groups ran in waves of at most one process per core")
       << "; MPI progress " << (yield.empty() ? "busy-polling (no yielding wrapper preloaded)" : "yields (" + yield + ")");
  notes_.push_back(note.str());
  if (rank_ == 0 && yield.empty())
    std::fprintf(stderr,
                 "collsel-calibrate: warning: more processes than cores on %d host(s) and MPI busy-polls: times will "
                 "include scheduler time slices; preload libcollsel-yield.so (docs/calibration.md)\n",
                 engine_.oversubscribed_hosts());
}

// Host classes: above a few dozen hosts, every pair is too many experiments (O(H^2)); a landmark
// survey groups alike hosts, and the pair phases run on a few representatives of each class.
// False on an internal error (reported).
bool Calibration::choose_pair_processes() {
  use_classes_ = placement_.host_count() >= 3 &&
                 (opt_.classes_mode == "on" ||
                  (opt_.classes_mode == "auto" && placement_.host_count() > kClassesAboveHosts));
  calibrate::ClassOptions class_opt = opt_.class_opt;
  class_opt.switch_groups = !opt_.no_switch_groups;
  if (opt_.no_speed_check) class_opt.speed_landmarks = 0;
  if (!use_classes_) {
    rep_processes_.resize(std::size_t(size_));
    std::iota(rep_processes_.begin(), rep_processes_.end(), 0);
    pair_comm_ = comm_;
    return true;
  }
  class_opt.large_bytes = std::min<std::size_t>(max_bytes_, std::size_t(1) << 20);
  class_opt.repetitions = preset_.precision.min_reps;
  progress_.add_steps(calibrate::classes_steps(class_opt));
  measure::Buffers survey_buffers;
  const calibrate::HostClassSurvey survey =
      calibrate::survey_host_classes(comm_, placement_, class_opt, progress_, survey_buffers);
  rep_processes_ = representative_processes(placement_, survey.host_class, survey.host_group);
  if (rep_processes_.empty() || rep_processes_.front() != 0) {  // rank 0 writes the pair models
    fail("internal error: process 0 is not among the host classes' representatives");
    return false;
  }
  mf_.cluster = representative_cluster(placement_, survey.host_class, rep_processes_, survey.host_group);
  notes_.push_back(classes_note(survey, placement_, class_opt.switch_groups, rep_processes_.size()));
  const bool is_rep = std::binary_search(rep_processes_.begin(), rep_processes_.end(), rank_);
  MPI_Comm_split(comm_, is_rep ? 0 : MPI_UNDEFINED, rank_, &pair_comm_);
  return true;
}

// Which phases run, and the progress steps they take. False on an option that cannot be honoured
// (reported).
bool Calibration::plan_phases() {
  const int pair_procs = int(rep_processes_.size());
  if (want_.count("lmo") && pair_procs < 3 && opt_.explicit_models) {
    fail("--models lmo needs at least 3 processes (got " + std::to_string(pair_procs) +
         "): LMO is estimated from triplets");
    return false;
  }
  do_lmo_ = want_.count("lmo") && pair_procs >= 3;
  if (want_.count("lmo") && !do_lmo_) notes_.push_back("lmo: not calibrated, it needs at least 3 processes");
  // Token buckets against the Hockney fit, on every process (not with host classes: their pairs
  // are measured on representatives only).
  measure_burst_ = !opt_.no_burst && !use_classes_ && want_.count("hockney");
  measure_links_ = !opt_.no_links && !use_classes_ && want_.count("hockney");  // likewise
  const int total = (want_.count("hockney") ? calibrate::hockney_steps(pair_procs) : 0) +
                    (do_lmo_ ? calibrate::lmo_steps(pair_procs) : 0) +
                    (want_.count("plogp") ? calibrate::plogp_steps(pair_procs) : 0) +
                    (opt_.no_native ? 0 : calibrate::native_steps()) + calibrate::compute_steps() +
                    (opt_.no_channels ? 0 : 1) + (opt_.no_validation ? 0 : calibrate::validation_steps()) +
                    (measure_burst_ ? calibrate::burst_steps() : 0) + (measure_links_ ? calibrate::links_steps() : 0);
  progress_.add_steps(total);
  engine_.label_with(&progress_);
  return true;
}

// The contexts of the phases: every process's, and the pair phases' (the representatives').
void Calibration::make_pair_context() {
  ctx_.reset(new calibrate::Context{engine_, progress_, preset_, max_bytes_, sizes_, notes_, clamped_});
  const bool is_rep = std::binary_search(rep_processes_.begin(), rep_processes_.end(), rank_);
  if (use_classes_ && is_rep) {
    pair_engine_.emplace(pair_comm_, preset_.precision, 1, !opt_.no_core_limit);
    pair_engine_->measure_on(opt_.time_cap >= 0 ? opt_.time_cap : preset_.time_cap);
    // A few representatives: their pairs one at a time. Run side by side, pairs of different
    // classes met on the fabric's shared up-links (SimGrid fat tree, 2 leaves: cross-leaf beta
    // measured at half the link speed, every tree's prediction 40-95 % too slow).
    pair_engine_->one_group_at_a_time();
    pair_engine_->label_with(&progress_);
    pair_ctx_storage_.reset(
        new calibrate::Context{*pair_engine_, progress_, preset_, max_bytes_, sizes_, notes_, clamped_});
  }
  pair_ctx_ = use_classes_ ? pair_ctx_storage_.get() : ctx_.get();
}

// A phase between barriers of `on`, its seconds kept in the file's calibration_seconds.
template <class Phase>
void Calibration::timed(MPI_Comm on, const char* kind, Phase&& phase) {
  MPI_Barrier(on);
  const double t0 = MPI_Wtime();
  phase();
  MPI_Barrier(on);
  mf_.meta.calibration_seconds[kind] = MPI_Wtime() - t0;
}

// The pair models and reduce's local operation, on the representatives (everyone without
// classes); the others wait for them.
void Calibration::pair_phases() {
  if (pair_ctx_) {
    calibrate::Context& pc = *pair_ctx_;
    if (want_.count("hockney"))
      timed(pair_comm_, "hockney", [&] {
        hockney_fit_ = calibrate::calibrate_hockney(pc);
        mf_.hockney = hockney_fit_->model;  // its clamps join the list once the validation has chosen
      });
    if (do_lmo_)  // a change of protocol is the library's: where Hockney's pairs break, LMO's do too
      timed(pair_comm_, "lmo", [&] { mf_.lmo = calibrate::calibrate_lmo(pc, protocol_switch(hockney_fit_)); });
    if (want_.count("plogp"))
      timed(pair_comm_, "plogp", [&] {
        plogp_fit_ = calibrate::calibrate_plogp(pc, hockney_fit_ ? &hockney_fit_->model : nullptr);
        mf_.plogp = plogp_fit_->model;
      });
    timed(pair_comm_, "compute", [&] { mf_.reduce_gamma = calibrate::calibrate_reduce_local(pc); });
  }
  if (use_classes_) MPI_Barrier(comm_);  // the others wait for the representatives' pair phases
}

void Calibration::burst_phase() {
  if (!measure_burst_ || !mf_.hockney) return;
  timed(comm_, "burst", [&] {
    const calibrate::BurstResult burst = calibrate::calibrate_buckets(*ctx_, *mf_.hockney, placement_);
    mf_.burst = burst.buckets;
    if (rank_ == 0) note_burst(notes_, burst, mf_, placement_, max_bytes_);
  });
}

void Calibration::links_phase() {
  if (!measure_links_ || !mf_.hockney) return;
  timed(comm_, "links", [&] {
    const calibrate::LinkResult links = calibrate::calibrate_links(*ctx_, *mf_.hockney, placement_);
    mf_.link_out_rate = links.out_rate;
    mf_.link_in_rate = links.in_rate;
    if (rank_ == 0) note_links(notes_, links, placement_);
  });
}

void Calibration::channels_phase() {
  if (opt_.no_channels) return;
  timed(comm_, "channels", [&] {
    progress_.phase("intra-node channels");
    ChannelMeasureOptions opt;
    opt.max_bytes = max_bytes_;
    opt.repetitions = preset_.channel_repetitions;
    const ChannelMeasurement ch = measure_channels(comm_, opt);
    if (ch.model) mf_.channels = ch.model;
    else notes_.push_back(channels_note_ = "channels: not measured: " + ch.why_not);
    progress_.step();
  });
}

// Which model predicts collsel's schedules best; the alternatives of the Hockney and PLogP fits
// replace them where they predicted better (rank 0).
void Calibration::validation_phase() {
  const HockneyModel* alternative =
      hockney_fit_ && hockney_fit_->alternative ? &*hockney_fit_->alternative : nullptr;
  // Validated on the models as every reader of the file will see them (parsed from its text).
  // With every process, as the shim will map the models onto them (with host classes, the
  // representatives' models stand for every host); the models are rank 0's.
  std::vector<RankPlacement> ranks;
  for (int p = 0; p < placement_.size(); ++p)
    ranks.push_back({placement_.hosts[std::size_t(placement_.host_of(p))], placement_.process_core[std::size_t(p)]});
  timed(comm_, "validation", [&] {
    // The PLogP alternative as a reader of the file would see it (and its LogGP view derived so).
    std::optional<ModelFile> plogp_points;
    if (rank_ == 0 && plogp_fit_ && plogp_fit_->alternative) {
      ModelFile with_points = mf_;
      with_points.plogp = *plogp_fit_->alternative;
      plogp_points = parse_model_file(format_model_file(with_points), opt_.output);
    }
    std::vector<calibrate::ModelAlternative> alternatives = {
        {.kind = "hockney", .model = alternative},
        {.kind = "plogp",
         .model = plogp_points ? plogp_points->model("plogp") : nullptr,
         .loggp = plogp_points ? plogp_points->model("loggp") : nullptr}};
    mf_.validation = calibrate::validate_models(
        *ctx_, rank_ == 0 ? parse_model_file(format_model_file(mf_), opt_.output) : ModelFile{}, ranks, alternatives);
    alternative_better_ = alternatives[0].better;
    plogp_points_better_ = alternatives[1].better;
  });
  if (alternative_better_) {  // rank 0: the file gets the Hockney model that predicted better
    std::swap(hockney_fit_->model, *hockney_fit_->alternative);
    std::swap(hockney_fit_->clamped, hockney_fit_->alternative_clamped);
    mf_.hockney = hockney_fit_->model;
  }
  if (plogp_points_better_) mf_.plogp = *plogp_fit_->alternative;  // rank 0, likewise
  if (mf_.validation) notes_.push_back(validation_note(*mf_.validation));
}

// The kept Hockney model's clamps, and rank 0's notes on what the fits found and the file keeps.
void Calibration::note_fits() {
  if (hockney_fit_)  // the kept model's clamps, first as the Hockney phase ran first
    clamped_.insert(clamped_.begin(), hockney_fit_->clamped.begin(), hockney_fit_->clamped.end());
  if (rank_ == 0 && hockney_fit_) {
    std::string note = "hockney: the fit says " + hockney_fitted_;
    if (alternative_better_)
      note += "; the validation's schedules were predicted better by " + hockney_shape(hockney_fit_->model) +
              ", which the file keeps";
    else if (hockney_fit_->alternative && mf_.validation)
      note += "; the validation's schedules agree";
    notes_.push_back(note);
  }
  if (rank_ == 0 && plogp_fit_) notes_.push_back(plogp_note(*plogp_fit_, plogp_points_better_, bool(mf_.validation)));
}

// Merges the representatives' gate into the whole communicator's, warns (rank 0) about the
// experiments short of the precision and keeps that in the notes. Returns the precision reached.
double Calibration::quality_gate() {
  double reached = engine_.reached();
  measure::Engine::Gate gate = engine_.gate();
  if (pair_engine_) {  // the representatives' experiments (their rank 0 is comm's)
    reached = std::max(reached, pair_engine_->reached());
    const measure::Engine::Gate pair_gate = pair_engine_->gate();
    gate.measured += pair_gate.measured;
    gate.measured_on += pair_gate.measured_on;
    gate.rescued += pair_gate.rescued;
    gate.spent += pair_gate.spent;
    gate.unconverged.insert(gate.unconverged.begin(), pair_gate.unconverged.begin(), pair_gate.unconverged.end());
  }
  if (pair_comm_ != comm_ && pair_comm_ != MPI_COMM_NULL) MPI_Comm_free(&pair_comm_);
  const std::vector<std::string>& unconverged = gate.unconverged;
  progress_.finish();
  std::ostringstream measured_on;
  measured_on.precision(3);
  if (gate.measured_on > 0)
    measured_on << "measured on past the " << preset_.name << " preset's caps: " << gate.measured_on
                << " experiments, " << gate.rescued << " of them then converged; " << gate.spent << " s of the "
                << engine_.time_cap() << " s time cap";
  else
    measured_on << "no experiment was measured on past the " << preset_.name << " preset's caps (time cap "
                << engine_.time_cap() << " s)";
  if (rank_ == 0 && !unconverged.empty()) {
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
                 unconverged.size(), gate.measured, 100 * preset_.precision.eps, 100 * preset_.precision.cl,
                 preset_.name.c_str(), measured_on.str().c_str(), list.str().c_str());
    std::ostringstream note;
    note << "precision not reached by " << unconverged.size() << " of " << gate.measured << " experiments ("
         << measured_on.str() << "); worst: " << unconverged.front();
    notes_.push_back(note.str());
  } else if (rank_ == 0 && gate.measured_on > 0) {
    notes_.push_back("precision reached by every experiment; " + measured_on.str());
  }
  return reached;
}

// Rank 0 completes the file's metadata and notes and writes it; returns the error (empty: none).
std::string Calibration::write_file(double reached, double seconds) {
  mf_.meta.created = iso_utc_now();
  mf_.meta.mpi_library = mpi_library();
  mf_.meta.precision = preset_.name;
  mf_.meta.precision_reached = reached;
  mf_.meta.max_bytes = double(max_bytes_);
  mf_.meta.clamped = clamped_;
  if (!clamped_.empty())
    std::fprintf(stderr,
                 "collsel-calibrate: WARNING: %zu fitted parameters were negative and are set to 0 (first: %s); "
                 "listed as clamped in the model file\n",
                 clamped_.size(), clamped_.front().c_str());
  std::ostringstream what, phases;
  what << "calibrated by collsel-calibrate with " << size_ << " processes on " << mf_.cluster.host_count()
       << " host(s) in " << seconds << " s; message sizes 0.." << max_bytes_ << " bytes";
  notes_.insert(notes_.begin(), what.str());
  // The split of calibration_seconds, for whoever tunes the measurement.
  phases << "phase seconds:";
  phases.precision(3);
  for (const auto& p : progress_.times())
    phases << (&p == &progress_.times().front() ? " " : ", ") << p.name << " " << p.seconds;
  notes_.insert(notes_.begin() + 1, phases.str());
  mf_.meta.notes = notes_;
  try {
    // Never write a file the readers would reject: parse what would be written first.
    parse_model_file(format_model_file(mf_), opt_.output);
    write_model_file(opt_.output, mf_);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// Rank 0's summary on stdout: the file, the phases' seconds, the validation.
void Calibration::print_summary(double reached) const {
  std::printf("collsel-calibrate: wrote %s (%d processes, %d hosts, precision %s reached %.3g)\n", opt_.output.c_str(),
              size_, mf_.cluster.host_count(), preset_.name.c_str(), reached);
  for (const auto& [kind, s] : mf_.meta.calibration_seconds) std::printf("  %-10s %8.2f s\n", kind.c_str(), s);
  if (mf_.validation) {
    std::printf("  model validation (%d schedules measured): median prediction error", mf_.validation->points);
    for (const auto& [kind, e] : mf_.validation->median_error) std::printf(" %s %.0f %%", kind.c_str(), 100 * e);
    std::printf("; preferred model: %s\n", mf_.validation->preferred.c_str());
  }
  if (!channels_note_.empty()) std::fprintf(stderr, "collsel-calibrate: warning: %s\n", channels_note_.c_str());
}

int Calibration::run() {
  note_oversubscription();
  if (!choose_pair_processes() || !plan_phases()) return kErrorExit;
  make_pair_context();
  const double start = MPI_Wtime();
  pair_phases();
  burst_phase();
  links_phase();
  if (!opt_.no_native) timed(comm_, "native", [&] { mf_.native = calibrate::calibrate_native(*ctx_); });
  channels_phase();
  hockney_fitted_ = hockney_fitted(hockney_fit_);
  if (!opt_.no_validation) validation_phase();
  note_fits();
  const double reached = quality_gate();
  std::string error = rank_ == 0 ? write_file(reached, MPI_Wtime() - start) : "";
  error = agree(comm_, error);
  if (!error.empty()) return fail(error);
  if (rank_ == 0) print_summary(reached);
  return 0;
}

// The command line, the checks that cost no measurement, then the calibration.
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
  Options opt;
  const CLI::Option* models_opt = add_options(app, opt);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every rank saw the same arguments and fails alike; only rank 0 speaks.
    if (e.get_exit_code() == 0) return rank == 0 ? app.exit(e) : 0;  // --help
    if (rank == 0)
      std::fprintf(stderr, "collsel-calibrate: error: %s\nRun with --help for the options.\n", e.what());
    return kErrorExit;
  }
  const std::optional<std::size_t> max_bytes = parse_bytes(opt.max_bytes_text);
  if (!max_bytes || *max_bytes < 1024 || *max_bytes > (std::size_t(1) << 30))
    return fail("--max-bytes: '" + opt.max_bytes_text + "' is not a size between 1K and 1G (e.g. 65536, 64K, 1M)");
  if (size < 2) return fail("needs at least 2 MPI processes (got " + std::to_string(size) + "): run it as mpiexec -n P");
  opt.explicit_models = models_opt->count() > 0;
  if (!opt.explicit_models) opt.models = {"hockney", "lmo", "plogp"};
  measure::Preset preset = *measure::preset(opt.precision_name);
  // Test hook (docs/testing.md): a precision no experiment can reach, to exercise the quality gate.
  if (const char* eps = std::getenv("COLLSEL_TEST_CALIBRATE_EPS"); eps && *eps) preset.precision.eps = std::atof(eps);
  // The output must be creatable before an hour of measuring is spent.
  const std::string unwritable = agree(comm, rank == 0 ? check_writable(opt.output) : "");
  if (!unwritable.empty()) return fail(unwritable);
  return Calibration(comm, std::move(opt), *max_bytes, preset).run();
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

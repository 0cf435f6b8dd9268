// The tuning file in the job (docs/tuning.md; its format: tuning_file.hpp): read on world rank 0
// at MPI_Init and broadcast, so every rank holds the same entries and looks up the same keys; the
// job's verdicts gathered on world rank 0 at MPI_Finalize and merged into the file.
#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>

#include "runtime.hpp"

namespace collsel::shim {

std::uint64_t hosts_digest(const std::vector<RankPlacement>& placement) {
  std::uint64_t h = fnv1a("hosts");
  for (const RankPlacement& p : placement) {
    h = fnv1a(p.host, h);
    h = fnv1a("\n" + std::to_string(p.core) + "\n", h);
  }
  return h;
}

TuningKey tuning_key(const Runtime& rt, const CommState& cs, Collective op, int root, std::size_t bytes, bool commute,
                     bool mixed, int rule) {
  return TuningKey{.hosts = cs.hosts_digest, .model = rt.tuning_model, .library = rt.tuning_library,
                   .settings = rt.tuning_settings[std::size_t(op)], .comm_size = cs.size, .op = op, .root = root,
                   .bucket = size_bucket(bytes), .commute = commute, .mixed = mixed, .rule = rule};
}

void tuning_init(Runtime& rt) {
  const Settings& s = rt.settings;
  if (s.tuning.empty() || rt.disabled) return;
  rt.tuning = true;
  const bool lead = rt.world_rank == 0;
  // World rank 0's view: the file's text, whether it could be read, and the digests of this job.
  std::string text, why;
  bool missing = false, readable = true;
  // [0] text bytes, [1] readable, [2] model, [3] library, [4..] settings per op
  unsigned long long head[4 + kCollectiveCount] = {};
  if (lead) {
    readable = read_tuning_text(s.tuning, text, missing, why);
    head[0] = text.size();
    head[1] = readable;
    if (rt.model) {
      std::string model_bytes, model_why;
      bool model_missing = false;
      if (read_tuning_text(s.model, model_bytes, model_missing, model_why)) head[2] = fnv1a(model_bytes);
    }
    head[3] = fnv1a(rt.library_version);
    for (Collective op : all_collectives) head[4 + std::size_t(op)] = fnv1a(tuning_settings_text(s, op));
  }
  PMPI_Bcast(head, int(std::size(head)), MPI_UNSIGNED_LONG_LONG, 0, rt.world_priv);
  text.resize(std::size_t(head[0]));
  // In pieces of at most 1 GiB (int counts).
  for (std::size_t done = 0; done < text.size();) {
    const int n = int(std::min<std::size_t>(text.size() - done, std::size_t(1) << 30));
    PMPI_Bcast(text.data() + done, n, MPI_CHAR, 0, rt.world_priv);
    done += std::size_t(n);
  }
  readable = head[1] != 0;
  rt.tuning_model = head[2];
  rt.tuning_library = head[3];
  for (std::size_t i = 0; i < kCollectiveCount; ++i) rt.tuning_settings[i] = head[4 + i];
  // From here every rank works on the same bytes: the same entries, the same warnings (printed by
  // world rank 0; in strict mode every rank aborts alike).
  if (!readable) {
    rt.tuning_writable = false;
    fallback(rt, nullptr, "cannot read tuning file " + s.tuning + (lead ? ": " + why : std::string()) +
                              " (verification as without it; nothing is written to it)");
    return;
  }
  TuningFile file = parse_tuning(text, s.tuning);
  if (file.foreign) {
    rt.tuning_writable = false;
    fallback(rt, nullptr, file.problems.front() + ": not used, and not overwritten (verification as without it)");
    return;
  }
  if (!file.problems.empty())
    fallback(rt, nullptr, file.problems.front() +
                              (file.problems.size() > 1
                                   ? " (and " + std::to_string(file.problems.size() - 1) + " more lines that are no entries)"
                                   : std::string()) +
                              ": those lines are ignored (verification for their shapes; the file's other " +
                              std::to_string(file.entries.size()) + " entries are used)");
  // Entries written under another model file, library or settings never match here: said once,
  // never an error (one file may serve several configurations). Another host set is not counted:
  // one file serving several allocations is its normal use.
  std::size_t stale = 0;
  for (const TuningEntry& e : file.entries)
    stale += e.key.model != rt.tuning_model || e.key.library != rt.tuning_library ||
             e.key.settings != rt.tuning_settings[std::size_t(e.key.op)];
  if (stale > 0)
    warn_once(rt, lead, "tuning file " + s.tuning + ": " + std::to_string(stale) + " of " +
                            std::to_string(file.entries.size()) +
                            " entries were written under another model file, MPI library or settings: not reused "
                            "here (kept in the file)");
  rt.tuning_table = TuningTable(std::move(file.entries));
}

void note_tuning_verdict(Runtime& rt, const CommState& cs, Collective op, int root, const Choice& c,
                         const std::vector<Choice>& options, std::span<const double> verified_seconds,
                         std::span<const double> audited_seconds) {
  if (!rt.tuning || cs.hosts_digest == 0) return;
  const std::uint64_t key = c.key;  // choice_key(): commute, rule and mixed of this shape
  TuningEntry e;
  e.key = TuningKey{.hosts = cs.hosts_digest, .model = rt.tuning_model, .library = rt.tuning_library,
                    .settings = rt.tuning_settings[std::size_t(op)], .comm_size = cs.size, .op = op, .root = root,
                    .bucket = size_bucket(c.bytes_min), .commute = ((key >> 3) & 1) != 0,
                    .mixed = ((key >> 35) & 1) != 0, .rule = int((key >> 11) & 0xff) - 1};
  e.verdict = std::string(c.algorithm->name);
  e.written = static_cast<long long>(std::time(nullptr));
  for (std::size_t o = 0; o < options.size(); ++o) {
    const std::string name(options[o].algorithm->name);
    if (o < verified_seconds.size()) e.measured.push_back({name, verified_seconds[o]});
    if (o < audited_seconds.size() && audited_seconds[o] >= 0) e.audited.push_back({name, audited_seconds[o]});
  }
  std::lock_guard lock(rt.log_mu);
  rt.tuning_verdicts.push_back(std::move(e));
}

void tuning_finalize(Runtime& rt) {
  if (!rt.tuning) return;
  std::string mine;
  {
    std::lock_guard lock(rt.log_mu);
    for (const TuningEntry& e : rt.tuning_verdicts) mine += format_tuning_entry(e) + '\n';
  }
  int n = int(mine.size());
  std::vector<int> sizes(std::size_t(rt.world_size)), displs(std::size_t(rt.world_size));
  PMPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, rt.world_priv);
  std::string all(kTuningHeader);
  all += '\n';
  const std::size_t head = all.size();
  if (rt.world_rank == 0) {
    int total = 0;
    for (int r = 0; r < rt.world_size; ++r) {
      displs[std::size_t(r)] = total;
      total += sizes[std::size_t(r)];
    }
    all.resize(head + std::size_t(total));
  }
  PMPI_Gatherv(mine.data(), n, MPI_CHAR, all.data() + head, sizes.data(), displs.data(), MPI_CHAR, 0, rt.world_priv);
  if (rt.world_rank != 0 || !rt.tuning_writable) return;
  const TuningFile verdicts = parse_tuning(all, "this job's verdicts");
  if (verdicts.entries.empty()) return;
  if (const std::string why = update_tuning_file(rt.settings.tuning, verdicts.entries); !why.empty()) {
    const std::string message = "tuning file " + rt.settings.tuning + ": " + why + " (this job's " +
                                std::to_string(verdicts.entries.size()) + " verdicts are not kept)";
    if (rt.settings.strict) abort_job("strict mode (COLLSEL_STRICT=1): " + message + "; aborting the job");
    print("warning: " + message);
  }
}

}  // namespace collsel::shim

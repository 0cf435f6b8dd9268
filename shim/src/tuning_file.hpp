// The tuning file (docs/tuning.md): the verdicts of measured verification and its audit, kept
// across jobs, each keyed so that it is reused only where it holds. Its format, its merge and its
// locked, atomic rewrite, without MPI (the shim's side: tuning.cpp). Unit-tested in tests/unit.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "collsel/collective.hpp"
#include "settings.hpp"

namespace collsel::shim {

// The first line of every tuning file: the format and its version.
inline constexpr std::string_view kTuningHeader = "collsel-tuning 1";

// 64-bit FNV-1a, the digests of the key (host set, model file, library, settings).
inline std::uint64_t fnv1a(std::string_view text, std::uint64_t h = 1469598103934665603ull) {
  for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

// Where an entry holds. The digests are FNV-1a of: every rank's host name and bound core in
// communicator rank order (hosts), the model file's bytes (model), the MPI library's version text
// (library), and the settings that change a choice of this op (settings, tuning_settings_text).
struct TuningKey {
  std::uint64_t hosts = 0, model = 0, library = 0, settings = 0;
  int comm_size = 0;
  Collective op = Collective::bcast;
  int root = 0;
  int bucket = 0;        // size_bucket() of the call's bytes (v-variants: the mean block)
  bool commute = true;   // reduce: the op is commutative
  bool mixed = false;    // the datatype mixes basic types (native defects differ)
  int rule = -1;         // the [[op.rules]] entry matched (with algorithm auto), -1: none
  bool operator==(const TuningKey&) const = default;
};
std::uint64_t tuning_key_hash(const TuningKey& k);

// One candidate's measured time per call, in seconds.
struct TuningTime {
  std::string algorithm;
  double seconds = 0;
  bool operator==(const TuningTime&) const = default;
};

struct TuningEntry {
  TuningKey key;
  std::string verdict;               // the algorithm kept (a registry name, or native)
  long long written = 0;             // when the verdict was reached (Unix seconds)
  std::vector<TuningTime> measured;  // verification's time of each candidate (expected_call_time)
  std::vector<TuningTime> audited;   // the audit's time of each option it ran, in the job's sequence
  bool operator==(const TuningEntry&) const = default;
};

struct TuningFile {
  std::vector<TuningEntry> entries;
  // "FILE:LINE: what" for every line that is not an entry (corrupt, truncated); empty: all good.
  std::vector<std::string> problems;
  bool foreign = false;  // non-empty, and its first line is not kTuningHeader: not collsel's, never written
};

// Parses a tuning file's text (`name` for the problems). An empty text is an empty file.
TuningFile parse_tuning(std::string_view text, const std::string& name);
// One entry's line (no newline), and a whole file (header, a comment naming the fields, entries).
std::string format_tuning_entry(const TuningEntry& e);
std::string format_tuning(std::span<const TuningEntry> entries);
// `older`'s entries, each replaced by the entry of `newer` with the same key, then `newer`'s others.
std::vector<TuningEntry> merge_tuning(std::vector<TuningEntry> older, std::span<const TuningEntry> newer);

// Merges `verdicts` into the file at `path` for good: under an exclusive flock() of PATH.lock it
// reads the file again (another job may have written it since), merges, writes PATH.tmp.PID in the
// same directory and renames it over PATH. Corrupt lines of the file are dropped; a foreign file is
// left alone. Returns "" or what went wrong (nothing is written then).
std::string update_tuning_file(const std::string& path, std::span<const TuningEntry> verdicts);

// Reads a whole file; false (with the OS's reason in `why`) if it cannot. A missing file: true,
// `missing` set, empty text.
bool read_tuning_text(const std::string& path, std::string& text, bool& missing, std::string& why);

// The text whose digest keys an entry of `op`: every setting that changes a choice of that op —
// placement, verify, verify_candidates, verify_calls, verify_max_calls, audit_calls, and the op's
// algorithm, exclude, rules, segment_bytes, margin and p2p_model.
std::string tuning_settings_text(const Settings& s, Collective op);

// The entries by key, for the shim's lookups at decision time (the last entry of a key wins).
class TuningTable {
 public:
  TuningTable() = default;
  explicit TuningTable(std::vector<TuningEntry> entries);
  const TuningEntry* find(const TuningKey& k) const;
  std::size_t size() const { return entries_.size(); }
  const std::vector<TuningEntry>& entries() const { return entries_; }

 private:
  std::vector<TuningEntry> entries_;
  std::unordered_map<std::uint64_t, std::size_t> index_;
};

}  // namespace collsel::shim

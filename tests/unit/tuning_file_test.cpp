// The tuning file's format (shim/src/tuning_file.hpp, docs/tuning.md): written and read back
// identical, merged by key, corrupt, truncated and foreign files reported by line, the locked
// rewrite keeping what another writer added, and the settings digest moving with every setting
// that changes a choice.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tuning_file.hpp"

namespace collsel::shim {
namespace {

TuningEntry entry(int bucket, const std::string& verdict, Collective op = Collective::bcast) {
  TuningEntry e;
  e.key = TuningKey{.hosts = 0x0123456789abcdefull, .model = 0xfedcba9876543210ull, .library = 42,
                    .settings = 0xffffffffffffffffull, .comm_size = 8, .op = op, .root = 3, .bucket = bucket,
                    .commute = true, .mixed = false, .rule = -1};
  e.verdict = verdict;
  e.written = 1764770000;
  e.measured = {{"native", 1.25e-05}, {"binomial", 9.5e-06}, {verdict, 8.125e-06}};
  e.audited = {{verdict, 8.5e-06}, {"native", 1.3e-05}};
  return e;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::filesystem::path temp_dir() {
  auto d = std::filesystem::temp_directory_path() / ("collsel-tuning-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d;
}

TEST(TuningFile, RoundTrip) {
  std::vector<TuningEntry> entries{entry(17, "chain"), entry(3, "native", Collective::reduce)};
  entries[1].key.commute = false;
  entries[1].key.mixed = true;
  entries[1].key.rule = 2;
  entries[1].audited.clear();
  const std::string text = format_tuning(entries);
  EXPECT_EQ(text.rfind(std::string(kTuningHeader) + "\n", 0), 0u);
  const TuningFile back = parse_tuning(text, "t");
  EXPECT_TRUE(back.problems.empty()) << back.problems.front();
  EXPECT_FALSE(back.foreign);
  ASSERT_EQ(back.entries.size(), 2u);
  EXPECT_EQ(back.entries, entries);  // the times are written exactly enough to come back equal
  EXPECT_EQ(format_tuning(back.entries), text);
}

TEST(TuningFile, EmptyTextIsAnEmptyFile) {
  const TuningFile f = parse_tuning("", "t");
  EXPECT_TRUE(f.entries.empty());
  EXPECT_TRUE(f.problems.empty());
  EXPECT_FALSE(f.foreign);
}

TEST(TuningFile, CorruptLinesNamedAndSkipped) {
  std::string text = format_tuning(std::vector{entry(10, "chain"), entry(11, "binomial")});
  const std::string good = format_tuning_entry(entry(12, "chain"));
  text += "this is not an entry\n";                    // line 5
  text += good.substr(0, good.size() / 2) + "\n";     // line 6: cut in the middle
  text += good + "\n";                                // line 7: fine
  std::string bad_op = good;
  bad_op.replace(bad_op.find(" bcast "), 7, " allreduce ");
  text += bad_op + "\n";  // line 8
  const TuningFile f = parse_tuning(text, "f.tuning");
  EXPECT_EQ(f.entries.size(), 3u);
  ASSERT_EQ(f.problems.size(), 3u);
  EXPECT_EQ(f.problems[0].rfind("f.tuning:5: ", 0), 0u) << f.problems[0];
  EXPECT_EQ(f.problems[1].rfind("f.tuning:6: ", 0), 0u) << f.problems[1];
  EXPECT_NE(f.problems[2].find("f.tuning:8: unknown op 'allreduce'"), std::string::npos) << f.problems[2];
}

TEST(TuningFile, TruncatedLastLine) {
  const std::string text = format_tuning(std::vector{entry(10, "chain"), entry(11, "binomial")});
  const TuningFile f = parse_tuning(text.substr(0, text.size() - 5), "f");
  EXPECT_EQ(f.entries.size(), 1u);
  ASSERT_EQ(f.problems.size(), 1u);
  EXPECT_NE(f.problems[0].find("f:4: truncated"), std::string::npos) << f.problems[0];
}

TEST(TuningFile, ForeignFile) {
  for (std::string text : {"collsel-tuning 2\n", "[bcast]\nalgorithm = \"chain\"\n", "collsel-tuning 1"}) {
    const TuningFile f = parse_tuning(text, "x");
    EXPECT_TRUE(f.foreign) << text;
    EXPECT_TRUE(f.entries.empty());
    ASSERT_EQ(f.problems.size(), 1u);
    EXPECT_NE(f.problems[0].find("x:1: not a collsel tuning file"), std::string::npos);
  }
}

TEST(TuningFile, MergeReplacesByKeyAndKeepsTheRest) {
  std::vector<TuningEntry> older{entry(10, "chain"), entry(11, "binomial"), entry(12, "native")};
  std::vector<TuningEntry> newer{entry(11, "native"), entry(20, "chain"), entry(20, "binomial")};
  const std::vector<TuningEntry> m = merge_tuning(older, newer);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(m[0], older[0]);
  EXPECT_EQ(m[1], older[2]);
  EXPECT_EQ(m[2], newer[0]);
  EXPECT_EQ(m[3], newer[2]);  // the last of a key wins
}

TEST(TuningFile, TableFindsOnlyTheExactKey) {
  const TuningTable t(std::vector{entry(10, "chain"), entry(11, "binomial")});
  TuningKey k = entry(11, "x").key;
  ASSERT_NE(t.find(k), nullptr);
  EXPECT_EQ(t.find(k)->verdict, "binomial");
  for (auto change : std::vector<void (*)(TuningKey&)>{
           [](TuningKey& x) { x.hosts ^= 1; }, [](TuningKey& x) { x.model ^= 1; },
           [](TuningKey& x) { x.library ^= 1; }, [](TuningKey& x) { x.settings ^= 1; },
           [](TuningKey& x) { x.comm_size = 9; }, [](TuningKey& x) { x.op = Collective::scatter; },
           [](TuningKey& x) { x.root = 0; }, [](TuningKey& x) { x.bucket = 12; },
           [](TuningKey& x) { x.commute = false; }, [](TuningKey& x) { x.mixed = true; },
           [](TuningKey& x) { x.rule = 0; }}) {
    TuningKey other = k;
    change(other);
    EXPECT_EQ(t.find(other), nullptr);
  }
}

TEST(TuningFile, UpdateCreatesMergesAndKeepsOthersEntries) {
  const auto dir = temp_dir();
  const std::string path = (dir / "job.tuning").string();
  std::filesystem::remove(path);
  ASSERT_EQ(update_tuning_file(path, std::vector{entry(10, "chain")}), "");
  ASSERT_EQ(update_tuning_file(path, std::vector{entry(11, "binomial"), entry(10, "native")}), "");
  const TuningFile f = parse_tuning(slurp(path), path);
  EXPECT_TRUE(f.problems.empty());
  ASSERT_EQ(f.entries.size(), 2u);
  EXPECT_EQ(f.entries[0].verdict, "binomial");
  EXPECT_EQ(f.entries[1].verdict, "native");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));
  // A corrupt line is dropped by the rewrite; a foreign file is left alone.
  { std::ofstream(path, std::ios::app) << "garbage\n"; }
  ASSERT_EQ(update_tuning_file(path, std::vector{entry(12, "chain")}), "");
  EXPECT_EQ(parse_tuning(slurp(path), path).entries.size(), 3u);
  EXPECT_EQ(slurp(path).find("garbage"), std::string::npos);
  { std::ofstream(path) << "mine\n"; }
  EXPECT_NE(update_tuning_file(path, std::vector{entry(12, "chain")}).find("not a collsel tuning file"),
            std::string::npos);
  EXPECT_EQ(slurp(path), "mine\n");
  std::filesystem::remove_all(dir);
}

TEST(TuningFile, ConcurrentWritersLoseNothing) {
  const auto dir = temp_dir();
  const std::string path = (dir / "shared.tuning").string();
  std::filesystem::remove(path);
  // Two processes, each writing 40 entries one by one: the lock orders their read-merge-writes.
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  const int first = child == 0 ? 100 : 200;
  for (int i = 0; i < 40; ++i) {
    TuningEntry e = entry(10, "chain");
    e.key.comm_size = first + i;
    if (!update_tuning_file(path, std::vector{e}).empty() && child == 0) ::_exit(1);
  }
  if (child == 0) ::_exit(0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const TuningFile f = parse_tuning(slurp(path), path);
  EXPECT_TRUE(f.problems.empty()) << f.problems.front();
  EXPECT_EQ(f.entries.size(), 80u);
  std::filesystem::remove_all(dir);
}

TEST(TuningFile, SettingsDigestFollowsChoiceSettings) {
  Settings a;
  const std::string base = tuning_settings_text(a, Collective::bcast);
  Settings b = a;
  b.verbose = true;
  b.log = "x.jsonl";
  b.report = "off";
  b.tuning = "other.tuning";
  b.ops[std::size_t(Collective::reduce)].margin = 0.2;  // another op's
  EXPECT_EQ(tuning_settings_text(b, Collective::bcast), base);
  // The op's candidates count: an entry of a build with other algorithms is not reused.
  EXPECT_NE(base.find("candidates=native,binomial,"), std::string::npos) << base;
  EXPECT_NE(base.find("pipelined_tree_narrow,"), std::string::npos) << base;
  EXPECT_EQ(tuning_settings_text(a, Collective::scatter).find("pipelined_tree"), std::string::npos);
  auto differs = [&](auto change) {
    Settings c = a;
    change(c, c.ops[std::size_t(Collective::bcast)]);
    return tuning_settings_text(c, Collective::bcast) != base;
  };
  EXPECT_TRUE(differs([](Settings&, OpSettings& o) { o.margin = 0.1; }));
  EXPECT_TRUE(differs([](Settings&, OpSettings& o) { o.exclude = {"chain"}; }));
  EXPECT_TRUE(differs([](Settings&, OpSettings& o) { o.segment_bytes = 4096; }));
  EXPECT_TRUE(differs([](Settings&, OpSettings& o) { o.p2p_model = "lmo"; }));
  EXPECT_TRUE(differs([](Settings&, OpSettings& o) { o.algorithm = "chain"; }));
  EXPECT_TRUE(differs([](Settings&, OpSettings& o) { o.rules = {Rule{0, 10, "auto"}}; }));
  EXPECT_TRUE(differs([](Settings& s, OpSettings&) { s.verify_candidates = 3; }));
  EXPECT_TRUE(differs([](Settings& s, OpSettings&) { s.audit_calls = 0; }));
  EXPECT_TRUE(differs([](Settings& s, OpSettings&) { s.placement_model = true; }));
}

}  // namespace
}  // namespace collsel::shim

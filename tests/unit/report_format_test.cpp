// The end-of-job report's text (shim/src/job_report.*): header, one row per shape ranked by time with
// the top N and the rest summed, exploration and first calls kept apart from the rows and from
// the time saved or lost, sizes as [lo, hi), and the placeholders of the report's file name.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "job_report.hpp"

using namespace collsel::shim;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The line starting with `prefix` (the first), or "" when none does.
std::string line_starting(const std::string& text, const std::string& prefix) {
  for (const std::string& l : lines_of(text))
    if (l.rfind(prefix, 0) == 0) return l;
  return "";
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The table's rows (between the column header and the exploration line).
std::vector<std::string> table_rows(const std::string& text) {
  std::vector<std::string> rows;
  bool in = false;
  for (const std::string& l : lines_of(text)) {
    if (l.rfind("op ", 0) == 0) { in = true; continue; }
    if (l.rfind("exploration ", 0) == 0) break;
    if (in) rows.push_back(l);
  }
  return rows;
}

ReportRow row(std::string op, int procs, int root, unsigned long long lo, unsigned long long hi, std::string alg) {
  return ReportRow{.op = std::move(op), .comm_size = procs, .root = root, .bytes_min = lo, .bytes_max = hi,
                   .algorithm = std::move(alg)};
}

// Four shapes: bcast (verified: exploration by two candidates, the verdict binomial), gather (no
// estimate of native), reduce (native), scatter (a loss against native's prediction).
ReportJob sample_job() {
  ReportJob job{.collsel_version = "9.8.7", .mpi_library = "MPICH Version: 4.0.2", .model = "/m/cluster.toml",
                .model_used = true, .job_id = "77", .ranks = 4, .hosts = 2,
                .wall_seconds = {1.0, 2.0}, .collective_seconds = {0.2, 0.6}, .top = 20};
  ReportRow b = row("bcast", 4, 0, 262144, 524287, "binomial");
  b.first_calls = 1, b.first_us = 5000, b.explore_calls = 10, b.explore_us = 1000, b.calls = 100, b.us = 800;
  b.native_us = 1000, b.native_measured = true;
  ReportRow bn = row("bcast", 4, 0, 262144, 524287, "native");
  bn.explore_calls = 10, bn.explore_us = 1000, bn.native_us = 1000, bn.native_measured = true;
  bn.reason = "tried in measured verification";
  ReportRow r = row("reduce", 4, 0, 1024, 2047, "native");
  r.first_calls = 1, r.first_us = 100, r.calls = 50, r.us = 100, r.native_us = 90, r.reason = "predicted fastest (margin 0.05)";
  ReportRow s = row("scatter", 4, 0, 64, 127, "flat");
  s.first_calls = 1, s.first_us = 50, s.calls = 10, s.us = 20, s.native_us = 10;
  ReportRow g = row("gather", 8, 1, 4096, 8191, "binomial");
  g.calls = 20, g.us = 1000;
  job.rows = {b, bn, r, s, g};
  return job;
}

}  // namespace

TEST(ReportFormat, SizesAreHalfOpenRangesInBinaryUnits) {
  EXPECT_EQ(size_range(262144, 524287), "[256K, 512K)");
  EXPECT_EQ(size_range(0, 0), "[0, 1)");
  EXPECT_EQ(size_range(1, 1), "[1, 2)");
  EXPECT_EQ(size_range(512, 1023), "[512, 1K)");
  EXPECT_EQ(size_range(1ull << 20, (1ull << 21) - 1), "[1M, 2M)");
  EXPECT_EQ(size_range(1ull << 30, (1ull << 31) - 1), "[1G, 2G)");
  EXPECT_EQ(size_range(1ull << 63, ~0ull), "[8E, 16E)");
  EXPECT_EQ(size_range(1000, 1499), "[1000, 1500)");
}

TEST(ReportFormat, HeaderNamesTheJob) {
  ReportJob job = sample_job();
  std::string text = format_report(job);
  EXPECT_EQ(lines_of(text).front(), "collsel: end-of-job report (world rank 0)");
  EXPECT_EQ(line_starting(text, "collsel 9.8.7"), "collsel 9.8.7, MPI library: MPICH Version: 4.0.2");
  EXPECT_EQ(line_starting(text, "model: "), "model: /m/cluster.toml; tuning file: none");
  EXPECT_EQ(line_starting(text, "4 ranks"), "4 ranks on 2 hosts; batch job: 77");
  // Wall time: the longest rank's; collectives: mean per rank, sum over sum of wall, the rank with most.
  EXPECT_EQ(line_starting(text, "wall time: "),
            "wall time: 2000.000 ms (MPI_Init to MPI_Finalize, the longest of the ranks: rank 1)");
  EXPECT_EQ(line_starting(text, "intercepted collectives: "),
            "intercepted collectives: 400.000 ms per rank on average, 26.7 % of the wall time; most on rank 1: "
            "600.000 ms, 30.0 % of its wall time");

  job.tuning = "/t/app.tuning";
  job.model_used = false;
  job.job_id.clear();
  job.ranks = 1;
  job.hosts = 1;
  text = format_report(job);
  EXPECT_EQ(line_starting(text, "model: "),
            "model: /m/cluster.toml (not used: native everywhere, see the warning); tuning file: /t/app.tuning");
  EXPECT_EQ(line_starting(text, "1 rank"), "1 rank on 1 host; batch job: none");
  job.model.clear();
  EXPECT_EQ(line_starting(format_report(job), "model: "), "model: none; tuning file: /t/app.tuning");
}

TEST(ReportFormat, OneRowPerShapeRankedByTime) {
  const std::string text = format_report(sample_job());
  const std::vector<std::string> rows = table_rows(text);
  ASSERT_EQ(rows.size(), 4u) << text;
  // op procs root [lo, hi) algorithm calls time_ms native_ms [m|p] saved_ms
  EXPECT_EQ(words(rows[0]), (std::vector<std::string>{"bcast", "4", "0", "[256K,", "512K)", "binomial", "100", "80.000",
                                                       "100.000", "m", "20.000"}));
  EXPECT_EQ(words(rows[1]), (std::vector<std::string>{"gather", "8", "1", "[4K,", "8K)", "binomial", "20", "20.000", "-",
                                                       "-"}));
  // A native row: native's time is its own, measured.
  EXPECT_EQ(words(rows[2]), (std::vector<std::string>{"reduce", "4", "0", "[1K,", "2K)", "native", "50", "5.000", "5.000",
                                                       "m", "0.000"}));
  EXPECT_EQ(words(rows[3]), (std::vector<std::string>{"scatter", "4", "0", "[64,", "128)", "flat", "10", "0.200", "0.100",
                                                       "p", "-0.100"}));
  EXPECT_EQ(line_starting(text, "(") , "") << "no rest line when every shape is listed";
}

TEST(ReportFormat, ExplorationAndFirstCallsAreKeptApart) {
  const std::string text = format_report(sample_job());
  // Exploration: both candidates' verification calls, native's time for them from the measured native.
  EXPECT_EQ(line_starting(text, "exploration "),
            "exploration (measured verification and audit): 20 calls, 20.000 ms on 1 shape; native's time for the same "
            "calls 20.000 ms m, lost to exploration 0.000 ms");
  EXPECT_EQ(line_starting(text, "first calls "),
            "first calls (each shape's first, with the connections' set-up; neither saved nor lost): 3 calls, 5.150 ms");
  EXPECT_EQ(line_starting(text, "total: "),
            "total: 130.350 ms in 203 calls = 105.200 ms in 180 calls of the shapes + 20.000 ms exploration + 5.150 ms "
            "first calls");
  // The first calls (5.15 ms, far slower than native's estimate) are neither saved nor lost.
  EXPECT_EQ(line_starting(text, "against native: "),
            "against native: saved 20.000 ms, lost 0.100 ms, net 19.900 ms in the shapes' calls (20.000 ms with no "
            "estimate of native); net 19.900 ms after the time lost to exploration");
  EXPECT_EQ(line_starting(text, "native on "),
            "native on 1 shape: predicted fastest (margin 0.05) (reduce on 4 ranks, root 0, [1K, 2K) bytes)");
  EXPECT_EQ(text.find("tried in measured verification"), std::string::npos) << "a candidate's reason in the report";
}

TEST(ReportFormat, ExplorationSlowerThanNativeIsLost) {
  ReportJob job = sample_job();
  job.rows[0].explore_us = 3000;  // binomial's tries: 30 ms where native takes 10
  const std::string text = format_report(job);
  EXPECT_NE(line_starting(text, "exploration ").find("40.000 ms on 1 shape; native's time for the same calls 20.000 ms m, "
                                                     "lost to exploration 20.000 ms"),
            std::string::npos)
      << text;
  EXPECT_NE(line_starting(text, "against native: ").find("net -0.100 ms after the time lost to exploration"),
            std::string::npos)
      << text;
}

TEST(ReportFormat, TopShapesThenTheRestSummed) {
  ReportJob job = sample_job();
  job.top = 2;
  const std::string text = format_report(job);
  const std::vector<std::string> rows = table_rows(text);
  ASSERT_EQ(rows.size(), 3u) << text;
  EXPECT_EQ(words(rows[0])[0], "bcast");
  EXPECT_EQ(words(rows[1])[0], "gather");
  // reduce (5 ms, native 5 m) and scatter (0.2 ms, native 0.1 p): 60 calls, 5.2 ms, native 5.1 p, saved -0.1.
  EXPECT_EQ(words(rows[2]), (std::vector<std::string>{"(2", "more", "shapes)", "60", "5.200", "5.100", "p", "-0.100"}));
  // The totals still cover every shape.
  EXPECT_NE(line_starting(text, "total: ").find("105.200 ms in 180 calls of the shapes"), std::string::npos);
  // The column of calls lines up with the rows'.
  EXPECT_EQ(rows[2].find(" 60 ") + 3, rows[0].find(" 100 ") + 4);

  job.top = 0;  // every shape
  EXPECT_EQ(table_rows(format_report(job)).size(), 4u);
  job.top = 3;
  const std::vector<std::string> three = table_rows(format_report(job));
  ASSERT_EQ(three.size(), 4u);
  EXPECT_EQ(words(three[3])[0] + " " + words(three[3])[1] + " " + words(three[3])[2], "(1 more shape)");
}

TEST(ReportFormat, RestWithoutEstimateSaysSo) {
  ReportJob job = sample_job();
  job.top = 1;  // gather, with no estimate of native, is in the rest
  const std::string text = format_report(job);
  EXPECT_EQ(words(table_rows(text)[1]),
            (std::vector<std::string>{"(3", "more", "shapes)", "80", "25.200", "5.100", "p", "-0.100"}));
  EXPECT_NE(text.find("(their native_ms and saved_ms leave out 1 shape with no estimate of native)"), std::string::npos)
      << text;
}

TEST(ReportFormat, ShapeRunByTwoAlgorithmsIsOneRow) {
  ReportJob job = sample_job();
  ReportRow chain = row("bcast", 4, 0, 262144, 524287, "chain");  // e.g. a forced change mid-job
  chain.calls = 10, chain.us = 500, chain.native_us = 700;          // predicted
  job.rows.push_back(chain);
  const std::vector<std::string> rows = table_rows(format_report(job));
  ASSERT_EQ(rows.size(), 4u);
  // binomial ran most of the calls: 100 x 0.8 + 10 x 0.5 ms; native 100 x 1 (m) + 10 x 0.7 (p).
  EXPECT_EQ(words(rows[0]), (std::vector<std::string>{"bcast", "4", "0", "[256K,", "512K)", "binomial+1", "110",
                                                       "85.000", "107.000", "p", "22.000"}));
}

TEST(ReportFormat, ShapeWithoutVerdictIsExplorationOnly) {
  ReportJob job = sample_job();
  ReportRow a = row("gatherv", 4, 0, 65536, 131071, "traff");
  a.first_calls = 1, a.first_us = 1000, a.explore_calls = 5, a.explore_us = 400, a.native_us = 300;
  job.rows.push_back(a);
  const std::string text = format_report(job);
  EXPECT_EQ(table_rows(text).size(), 4u);
  EXPECT_EQ(text.find("gatherv"), std::string::npos);
  EXPECT_EQ(line_starting(text, "exploration "),
            "exploration (measured verification and audit): 25 calls, 22.000 ms on 2 shapes (1 of them still measuring "
            "at MPI_Finalize); native's time for the same calls 21.500 ms p, lost to exploration 0.500 ms");
  EXPECT_NE(line_starting(text, "first calls ").find("4 calls, 6.150 ms"), std::string::npos);
}

TEST(ReportFormat, NoCalls) {
  ReportJob job = sample_job();
  job.rows.clear();
  const std::string text = format_report(job);
  EXPECT_TRUE(table_rows(text).empty());
  EXPECT_EQ(line_starting(text, "exploration "), "exploration (measured verification and audit): 0 calls, 0.000 ms on 0 shapes");
  EXPECT_NE(line_starting(text, "total: ").find("0.000 ms in 0 calls"), std::string::npos);
}

TEST(ReportFormat, FileNamePlaceholders) {
  EXPECT_EQ(expand_report_path("/tmp/x-%j-%p.txt", "4242", 123, "node7"), "/tmp/x-4242-123.txt");
  EXPECT_EQ(expand_report_path("/tmp/x-%j-%h-%%-%p.txt", "", 9, "node7"), "/tmp/x-nojob-node7-%-9.txt");
  // Any other '%' stays as it is, a trailing one too.
  EXPECT_EQ(expand_report_path("r%q%%%", "1", 2, "h"), "r%q%%");
  EXPECT_EQ(expand_report_path("plain.txt", "1", 2, "h"), "plain.txt");
}

TEST(ReportFormat, BatchJobIdFromTheEnvironment) {
  for (const char* v : {"SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "FLUX_JOB_ID"}) unsetenv(v);
  EXPECT_EQ(batch_job_id(), "");
  setenv("FLUX_JOB_ID", "f1", 1);
  EXPECT_EQ(batch_job_id(), "f1");
  setenv("LSB_JOBID", "55", 1);
  EXPECT_EQ(batch_job_id(), "55");
  setenv("PBS_JOBID", "12.server/a", 1);  // a '/' cannot be part of a file name
  EXPECT_EQ(batch_job_id(), "12.server_a");
  setenv("SLURM_JOB_ID", "4242", 1);
  EXPECT_EQ(batch_job_id(), "4242");
  for (const char* v : {"SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "FLUX_JOB_ID"}) unsetenv(v);
}

TEST(ReportFormat, WhyNativeRanCoversShapesOfOneCall) {
  ReportJob job = sample_job();
  ReportRow once = row("bcast", 4, 2, 0, 0, "native");  // called once: decided, no row
  once.first_calls = 1, once.first_us = 30, once.native_us = 5, once.reason = "predicted fastest (margin 0.05)";
  ReportRow tried = row("scatter", 4, 1, 8, 15, "native");  // still in verification: no verdict, no reason
  tried.first_calls = 1, tried.first_us = 30, tried.explore_calls = 2, tried.explore_us = 10;
  tried.reason = "tried in measured verification";
  job.rows.push_back(once);
  job.rows.push_back(tried);
  const std::string text = format_report(job);
  EXPECT_EQ(table_rows(text).size(), 4u);
  EXPECT_EQ(line_starting(text, "native on "), "native on 2 shapes: predicted fastest (margin 0.05)");
  EXPECT_EQ(text.find("tried in measured verification"), std::string::npos);
}

TEST(ReportFormat, DriftLineWhenOn) {
  ReportJob job = sample_job();
  EXPECT_EQ(line_starting(format_report(job), "drift "), "");
  job.drift_on = true;
  job.drift_reverified = 1;
  job.drift_checks = 12;
  job.drift_ms = 0.25;
  EXPECT_EQ(line_starting(format_report(job), "drift "),
            "drift (frozen shapes sampled): 1 re-verification (their calls are exploration's); 12 window agreements, "
            "0.250 ms");
}

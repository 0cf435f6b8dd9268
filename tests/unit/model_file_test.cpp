#include "collsel/model_file.hpp"
#include "collsel/predict.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace collsel;

namespace {

const std::filesystem::path data_dir = std::filesystem::path(COLLSEL_TEST_DATA_DIR) / "models";

void expect_same(const HockneyModel& a, const HockneyModel& b) {
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.pieces(), b.pieces());
  for (int q = 0; q < a.pieces(); ++q) {
    EXPECT_EQ(a.piece_start(q), b.piece_start(q));
    for (int i = 0; i < a.size(); ++i)
      for (int j = 0; j < a.size(); ++j) {
        EXPECT_EQ(a.alpha(i, j, q), b.alpha(i, j, q));
        EXPECT_EQ(a.beta(i, j, q), b.beta(i, j, q));
      }
  }
}

void expect_same(const ModelFile& a, const ModelFile& b) {
  EXPECT_EQ(a.meta, b.meta);
  EXPECT_EQ(a.cluster.hosts, b.cluster.hosts);
  EXPECT_EQ(a.cluster.process_host, b.cluster.process_host);
  EXPECT_EQ(a.cluster.process_core, b.cluster.process_core);
  ASSERT_EQ(a.hockney.has_value(), b.hockney.has_value());
  if (a.hockney) expect_same(*a.hockney, *b.hockney);
  EXPECT_EQ(a.lmo, b.lmo);
  EXPECT_EQ(a.plogp, b.plogp);
  EXPECT_EQ(a.loggp, b.loggp);
  EXPECT_EQ(a.reduce_gamma, b.reduce_gamma);
  EXPECT_EQ(a.burst, b.burst);
  EXPECT_EQ(a.link_out_rate, b.link_out_rate);
  EXPECT_EQ(a.link_in_rate, b.link_in_rate);
  EXPECT_EQ(a.validation, b.validation);
  ASSERT_EQ(a.native.series().size(), b.native.series().size());
  for (const auto& [key, pts] : a.native.series()) {
    const auto it = b.native.series().find(key);
    ASSERT_NE(it, b.native.series().end());
    ASSERT_EQ(pts.size(), it->second.size());
    for (std::size_t k = 0; k < pts.size(); ++k) {
      EXPECT_EQ(pts[k].bytes, it->second[k].bytes);
      EXPECT_EQ(pts[k].seconds, it->second[k].seconds);
    }
  }
}

// A small model with every section, awkward values included (not round in binary, tiny, huge).
ModelFile sample() {
  ModelFile m;
  m.meta.created = "2026-01-02T03:04:05Z";
  m.meta.mpi_library = "MPICH \"4.0.2\"\tch4:ucx\\";
  m.meta.precision = "accurate";
  m.meta.notes = {"first", "second, with a comma"};
  m.meta.calibration_seconds = {{"hockney", 0.17}, {"lmo", 0.33}};
  m.meta.precision_reached = 0.0123;
  m.meta.max_bytes = 4194304;
  m.meta.clamped = {"hockney alpha 0-2", "hockney beta 1-2"};
  m.cluster = {{"h0", "h1"}, {0, 0, 1}, {3, -1, 7}};
  HockneyModel h(3, {65536, 1048576.5});
  LmoModel l(3);
  PlogpModel p(3);
  for (int i = 0; i < 3; ++i) {
    l.set_processor(i, 0.1e-6 * (i + 1), 1.0 / 3.0 * 1e-9 * (i + 1));
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      h.set(i, j, 1e-5 / 3.0 * (i + 1) + j * 1e-7, 1e-9 * (1 + i * 0.1 + j * 0.01));
      h.set(i, j, 7e-5 / 3.0 * (i + 1), 0.9e-9 * (1 + j * 0.01), 1);
      h.set(i, j, 1e-4, 1e-9 / 7, 2);
      if (i < j) l.set_link(i, j, 7e-6 * (i + j), 1.1e9 / (i + j));
      p.set(i, j, 2e-6 * (i + 1), {{1, 1024, 1048576}, {1e-7, 2e-7 + i * 1e-9, 1e-4}}, {{1}, {3e-7}},
            {{1, 65536}, {1e-6 * (j + 1), 6e-5}});
    }
  }
  l.S = 4096;
  l.M1 = 3000.5;
  l.M2 = 65536;
  l.gather_medium_extra = 1e-4 / 7;
  m.hockney = h;
  m.lmo = l;
  m.loggp = LogGPModel(p, 1048576);
  m.plogp = p;
  m.native.add(Collective::bcast, 3, {{1, 1e-5}, {1024, 2e-5 / 3}, {1 << 20, 0.25}});
  m.native.add(Collective::gatherv, 2, {{0, 3e-6}});
  m.reduce_gamma = {1e-10 / 3, 0, 2.5e-10};
  TokenBuckets b;
  b.line_seconds_per_byte = 1e-10 / 3;
  b.up_rate = {0, 0, 1.25e7};
  b.down_rate = {3.125e7, 3.125e7, 0};
  b.up_bytes = {0, 0, 524288};
  b.down_bytes = {65536, 65536, 0};
  b.host = m.cluster.process_host;
  m.burst = b;
  m.link_out_rate = {0, 0, 1e9 / 3};
  m.link_in_rate = {0, 0, 7.5e7};
  return m;
}

// Runs `fn` and returns the ModelFileError it throws.
template <class F>
ModelFileError error_of(F fn) {
  try {
    fn();
  } catch (const ModelFileError& e) {
    return e;
  }
  ADD_FAILURE() << "no ModelFileError thrown";
  return ModelFileError("", -1, "", "");
}

// The error of `text` with its first `from` replaced by `to`.
ModelFileError error_with(const std::string& text, const std::string& from, const std::string& to) {
  std::string t = text;
  const auto at = t.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) t.replace(at, from.size(), to);
  return error_of([&] { parse_model_file(t, "broken.toml"); });
}

}  // namespace

TEST(ModelFile, RoundTripsEverySection) {
  const ModelFile m = sample();
  const std::string text = format_model_file(m);
  const ModelFile back = parse_model_file(text, "sample.toml");
  expect_same(m, back);  // the LogGP view derived again on read: the same S, R and G
  EXPECT_EQ(format_model_file(back), text);
  EXPECT_NE(text.find("\n# LogGP view: "), std::string::npos) << "the file does not say which LogGP view it gives";
}

TEST(ModelFile, HandsTheBucketsToEveryModel) {
  const ModelFile m = parse_model_file(format_model_file(sample()), "sample.toml");
  for (const char* kind : {"hockney", "lmo", "plogp", "loggp"}) {
    ASSERT_NE(m.model(kind), nullptr) << kind;
    ASSERT_NE(m.model(kind)->buckets(), nullptr) << kind;
    EXPECT_EQ(*m.model(kind)->buckets(), *m.burst) << kind;
  }
  ModelFile none = sample();
  none.burst.reset();
  const ModelFile back = parse_model_file(format_model_file(none), "none.toml");
  EXPECT_FALSE(back.burst);
  EXPECT_EQ(back.default_model()->buckets(), nullptr);
}

TEST(ModelFile, ABrokenBurstSectionNamesItsKey) {
  const std::string text = format_model_file(sample());
  auto broken = [&](const std::string& from, const std::string& to) { return error_with(text, from, to); };
  const ModelFileError short_list = broken("up_rate = [0.0, 0.0, 12500000.0]", "up_rate = [0.0, 12500000.0]");
  EXPECT_EQ(short_list.key(), "burst.up_rate");
  EXPECT_GT(short_list.line(), 0);
  EXPECT_EQ(broken("down_bytes = [65536.0, 65536.0, 0.0]", "down_bytes = [65536.0, -1.0, 0.0]").key().rfind("burst.down_bytes", 0), 0u);
  EXPECT_EQ(broken("line_seconds_per_byte = ", "line_seconds_per_byte = 0.0 #").key(), "burst.line_seconds_per_byte");
  EXPECT_EQ(broken("up_bytes = ", "up_byte = ").key(), "burst.up_byte");
}

TEST(ModelFile, HandsTheLinkFloorsToEveryModel) {
  const ModelFile m = parse_model_file(format_model_file(sample()), "sample.toml");
  for (const char* kind : {"hockney", "lmo", "plogp", "loggp"}) {
    ASSERT_NE(m.model(kind), nullptr) << kind;
    EXPECT_EQ(m.model(kind)->link_out_floor(), m.link_out_rate) << kind;
    EXPECT_EQ(m.model(kind)->link_in_floor(), m.link_in_rate) << kind;
  }
  ModelFile none = sample();
  none.link_out_rate.clear();
  none.link_in_rate.clear();
  const std::string text = format_model_file(none);
  EXPECT_EQ(text.find("[links]"), std::string::npos) << "no floors, no section";
  EXPECT_TRUE(parse_model_file(text, "none.toml").default_model()->link_out_floor().empty());
}

TEST(ModelFile, ABrokenLinksSectionNamesItsKey) {
  const std::string text = format_model_file(sample());
  auto broken = [&](const std::string& from, const std::string& to) { return error_with(text, from, to); };
  // The in_rate line as written, whatever the number's format.
  const std::size_t from = text.find("\nin_rate = [") + 1, to = text.find('\n', from);
  const std::string line = text.substr(from, to - from);
  const ModelFileError short_list = broken(line, "in_rate = [0.0, 2.0]");
  EXPECT_EQ(short_list.key(), "links.in_rate");
  EXPECT_GT(short_list.line(), 0);
  EXPECT_EQ(broken(line, "in_rate = [0.0, -1.0, 2.0]").key().rfind("links.in_rate", 0), 0u);
  EXPECT_EQ(broken("out_rate = ", "out_rates = ").key(), "links.out_rates");
  EXPECT_EQ(broken(line, "").key(), "links.in_rate") << "both keys are required";
}

TEST(ModelFile, RoundTripsTheExampleModel) {
  const ModelFile m = read_model_file(data_dir / "hetero-8.toml");
  EXPECT_EQ(m.cluster.size(), 8);
  EXPECT_EQ(m.cluster.host_count(), 4);
  ASSERT_TRUE(m.hockney && m.lmo && m.plogp && m.loggp);
  EXPECT_TRUE(m.native.has(Collective::bcast, 8));
  EXPECT_EQ(m.default_model(), m.model("lmo"));
  EXPECT_EQ(m.model("loggp"), &*m.loggp);
  EXPECT_EQ(m.model("nothing"), nullptr);
  expect_same(m, parse_model_file(format_model_file(m), "again.toml"));
  // The three models describe one cluster: their p2p predictions agree (values rounded to 4 digits).
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      for (double M : {1.0, 4096.0, 1048576.0}) {
        const double h = m.hockney->p2p(i, j, M);
        EXPECT_NEAR(m.lmo->p2p(i, j, M), h, 1e-3 * h + 1e-12) << i << "," << j << "," << M;
        EXPECT_NEAR(m.plogp->p2p(i, j, M), h, 1e-3 * h + 1e-12) << i << "," << j << "," << M;
      }
  // The slow host (node3: processes 4, 5) is slowest from everywhere.
  EXPECT_GT(m.hockney->p2p(0, 4, 65536), 5 * m.hockney->p2p(0, 6, 65536));
  // ... and computes slowest.
  ASSERT_EQ(m.reduce_gamma.size(), 8u);
  EXPECT_DOUBLE_EQ(m.lmo->reduce_local(4, 1e6), 1.5e-4);
  EXPECT_GT(m.lmo->reduce_local(4, 1e6), m.lmo->reduce_local(0, 1e6));
}

TEST(ModelFile, ExampleCopiesAgree) {
  std::ifstream a(std::filesystem::path(COLLSEL_SOURCE_DIR) / "examples/models/hetero-8.toml");
  std::ifstream b(data_dir / "hetero-8.toml");
  const std::string sa((std::istreambuf_iterator<char>(a)), {}), sb((std::istreambuf_iterator<char>(b)), {});
  EXPECT_FALSE(sa.empty());
  EXPECT_EQ(sa, sb);
}

TEST(ModelFile, CalibratedRangeMarksExtrapolation) {
  ModelMetadata meta;
  EXPECT_FALSE(meta.extrapolated(1e9));  // not recorded: nothing is said to be extrapolated
  meta.max_bytes = 262144;
  EXPECT_FALSE(meta.extrapolated(262144));
  EXPECT_TRUE(meta.extrapolated(262145));
  const ModelFile m = parse_model_file("[collsel_model]\nversion = 1\nmax_bytes = 65536\n[cluster]\nhosts = [\"h\"]\n"
                                       "process_host = [0]\n",
                                       "range.toml");
  EXPECT_EQ(m.meta.max_bytes, 65536);
  EXPECT_THROW(parse_model_file("[collsel_model]\nversion = 1\nmax_bytes = -1\n[cluster]\nhosts = [\"h\"]\n"
                                "process_host = [0]\n",
                                "range.toml"),
               FileError);
}

TEST(ModelFile, DefaultModelOrder) {
  ModelFile m = sample();
  EXPECT_EQ(m.default_model()->kind(), "lmo");
  m.lmo.reset();
  EXPECT_EQ(m.default_model()->kind(), "plogp");
  m.plogp.reset();
  EXPECT_EQ(m.default_model()->kind(), "hockney");
  m.hockney.reset();
  EXPECT_EQ(m.default_model()->kind(), "loggp");
  m.loggp.reset();
  EXPECT_EQ(m.default_model(), nullptr);
}

// [validation] chooses the default model; without it (or naming a model the file lacks) the
// fixed order applies.
TEST(ModelFile, ValidationChoosesTheDefaultModel) {
  ModelFile m = sample();
  m.validation = ModelValidation{.points = 12,
                                 .median_error = {{"hockney", 0.04}, {"lmo", 1.6}, {"plogp", 0.16}, {"loggp", 0.17}},
                                 .bias = {{"hockney", 1.01}, {"lmo", 2.7}, {"plogp", 1.3}, {"loggp", 1.3}},
                                 .schedule_error = {{"pipeline", {{"hockney", 0.15}, {"plogp", 0.2}}},
                                                    {"pipeline_fine", {{"hockney", 0.35}}},
                                                    {"tree", {{"hockney", 0.02}}}},
                                 .preferred = "hockney",
                                 .roots = {0, 7, 3}};
  EXPECT_EQ(m.default_kind(), "hockney");
  EXPECT_EQ(m.default_model()->kind(), "hockney");
  const ModelFile back = parse_model_file(format_model_file(m), "v.toml");
  ASSERT_TRUE(back.validation);
  EXPECT_EQ(*back.validation, *m.validation);
  EXPECT_EQ(back.default_model()->kind(), "hockney");
  m.hockney.reset();
  EXPECT_EQ(m.default_kind(), "lmo");  // the preferred model is absent: the fixed order
}

// [validation]'s bias says how every model errs on collsel's own schedules; native's measurement
// is not scaled by it: at a measured size and root native is predicted at what it took, under
// every kind, however biased (docs/design/0019).
TEST(ModelFile, NativeIsPredictedAtItsMeasurementWhateverTheBias) {
  ModelFile m = sample();
  m.validation = ModelValidation{.points = 12,
                                 .median_error = {{"hockney", 0.6}, {"lmo", 0.7}, {"plogp", 0.8}, {"loggp", 0.8}},
                                 .bias = {{"hockney", 0.4}, {"lmo", 0.3}, {"plogp", 2.7}, {"loggp", 3.1}},
                                 .preferred = "hockney"};
  const ModelFile back = parse_model_file(format_model_file(m), "biased.toml");
  const Schedule native{.algorithm = "native", .op = Collective::bcast, .kind = ScheduleKind::native};
  for (const char* kind : {"hockney", "lmo", "plogp", "loggp"})
    for (const auto& [bytes, seconds] : {std::pair{std::size_t(1024), 2e-5 / 3}, std::pair{std::size_t(1) << 20, 0.25}}) {
      const CallShape shape{.op = Collective::bcast, .procs = 3, .root = 0, .bytes = bytes};
      EXPECT_NEAR(predict(native, shape, *back.model(kind), &back.native), seconds, 1e-12 * seconds) << kind << " " << bytes;
    }
}

// A kind of schedule measured often enough has its own error; the others, and the kinds it lacks,
// the model kind's median.
TEST(ModelFile, ValidationErrorPerKindOfSchedule) {
  const ModelValidation v{.points = 20,
                          .median_error = {{"hockney", 0.05}, {"plogp", 0.08}},
                          .bias = {{"hockney", 1.0}, {"plogp", 1.0}},
                          .schedule_error = {{"pipeline", {{"hockney", 0.15}}}},
                          .preferred = "hockney"};
  EXPECT_DOUBLE_EQ(validation_error(v, "hockney", "pipeline"), 0.15);
  EXPECT_DOUBLE_EQ(validation_error(v, "hockney", "tree"), 0.05);
  EXPECT_DOUBLE_EQ(validation_error(v, "plogp", "pipeline"), 0.08);
  EXPECT_EQ(validation_error(v, "lmo", "tree"), std::numeric_limits<double>::infinity());
  for (const ScheduleKind k : {ScheduleKind::native, ScheduleKind::tree, ScheduleKind::pipeline, ScheduleKind::frames,
                               ScheduleKind::concurrent})
    EXPECT_EQ(schedule_kind_from_string(to_string(k)), k);
  EXPECT_FALSE(schedule_kind_from_string("chain"));
}

// Pipelines of segments below 64 KiB are a class of their own (decision record 0042); where the
// validation measured too few of them, the pipelines' error stands for theirs.
TEST(ModelFile, AFinePipelineHasAnErrorOfItsOwnElseThePipelines) {
  const Schedule tree{.algorithm = "binomial", .kind = ScheduleKind::tree};
  Schedule pipeline{.algorithm = "pipelined_tree", .kind = ScheduleKind::pipeline, .segment_bytes = 64 << 10};
  Schedule fine{.algorithm = "pipelined_tree_fine", .kind = ScheduleKind::pipeline, .segment_bytes = 32 << 10};
  EXPECT_EQ(error_class(tree), "tree");
  EXPECT_EQ(error_class(pipeline), "pipeline");
  EXPECT_EQ(error_class(fine), "pipeline_fine");
  fine.segment_bytes = 0;  // one whole-message segment: a pipeline like any other
  EXPECT_EQ(error_class(fine), "pipeline");
  EXPECT_TRUE(is_error_class("pipeline_fine"));
  EXPECT_TRUE(is_error_class("concurrent"));
  EXPECT_FALSE(is_error_class("native"));
  EXPECT_FALSE(is_error_class("chain"));
  EXPECT_EQ(error_class_parent("pipeline_fine"), "pipeline");
  EXPECT_EQ(error_class_parent("pipeline"), "");

  ModelValidation v{.points = 20,
                    .median_error = {{"hockney", 0.05}, {"plogp", 0.08}},
                    .bias = {{"hockney", 1.0}, {"plogp", 1.0}},
                    .schedule_error = {{"pipeline", {{"hockney", 0.15}}}, {"pipeline_fine", {{"plogp", 0.4}}}},
                    .preferred = "hockney"};
  EXPECT_DOUBLE_EQ(validation_error(v, "plogp", "pipeline_fine"), 0.4);
  EXPECT_DOUBLE_EQ(validation_error(v, "hockney", "pipeline_fine"), 0.15);  // the pipelines'
  EXPECT_DOUBLE_EQ(validation_error(v, "plogp", "pipeline"), 0.08);        // the kind's median
  v.schedule_error.clear();
  EXPECT_DOUBLE_EQ(validation_error(v, "hockney", "pipeline_fine"), 0.05);
}

TEST(ModelFile, PreferredKindIsTheSmallestErrorWithTiesInTheFixedOrder) {
  EXPECT_EQ(preferred_kind({}), "");
  EXPECT_EQ(preferred_kind({{"hockney", 0.2}, {"lmo", 0.3}}), "hockney");
  EXPECT_EQ(preferred_kind({{"hockney", 0.2}, {"plogp", 0.2}, {"loggp", 0.1}}), "loggp");
  EXPECT_EQ(preferred_kind({{"hockney", 0.2}, {"plogp", 0.2}}), "plogp");  // tie: plogp before hockney
}

struct BadFixture {
  const char* file;
  int line;
  const char* key;
  const char* problem;  // a fragment of the message
};

// Failures name the fixture, not the struct's raw bytes.
void PrintTo(const BadFixture& f, std::ostream* os) {
  *os << f.file << ":" << f.line << " key '" << f.key << "' problem '" << f.problem << "'";
}

class BadModelFile : public ::testing::TestWithParam<BadFixture> {};

TEST_P(BadModelFile, NamesFileLineAndKey) {
  const BadFixture f = GetParam();
  const auto path = data_dir / f.file;
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  const ModelFileError e = error_of([&] { read_model_file(path); });
  EXPECT_EQ(e.file(), path.string());
  EXPECT_EQ(e.line(), f.line) << e.what();
  EXPECT_EQ(e.key(), f.key) << e.what();
  const std::string what = e.what();
  const std::string prefix = path.string() + ":" + std::to_string(f.line) + ": " +
                             (std::string(f.key).empty() ? "" : std::string(f.key) + ": ");
  EXPECT_EQ(what.substr(0, prefix.size()), prefix) << what;
  ASSERT_NE(std::string_view(f.problem), "") << "every row names its problem";
  EXPECT_NE(what.find(f.problem), std::string::npos) << what;
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, BadModelFile,
    ::testing::Values(BadFixture{"bad-version.toml", 3, "collsel_model.version", "newer than"},
                      BadFixture{"bad-missing-key.toml", 9, "hockney.beta", "missing"},
                      BadFixture{"bad-matrix-shape.toml", 12, "hockney.alpha[1]", "expected 2"},
                      BadFixture{"bad-negative.toml", 10, "lmo.C[0]", "negative"},
                      BadFixture{"bad-unknown-op.toml", 16, "native[1].op", "unknown operation 'alltoall'"},
                      BadFixture{"bad-process-host.toml", 7, "cluster.process_host[1]", "out of range"},
                      BadFixture{"bad-syntax.toml", 11, "", "expected comma or closing ']'"},
                      BadFixture{"bad-type.toml", 14, "lmo.S", "must be a number"},
                      BadFixture{"bad-no-cluster.toml", 0, "cluster", "missing section"},
                      BadFixture{"bad-unknown-key.toml", 12, "hockney.betta", "unknown key"},
                      BadFixture{"bad-validation-roots.toml", 18, "validation.roots[1]", "must be a rank"}),
    [](const auto& info) {
      std::string n = info.param.file;
      n = n.substr(0, n.find('.'));
      for (char& c : n)
        if (c == '-') c = '_';
      return n;
    });

// [compute] reaches every model read from the file; a file without it computes for free.
TEST(ModelFile, ReduceLocalCostReachesEveryModel) {
  const ModelFile back = parse_model_file(format_model_file(sample()), "sample.toml");
  for (std::string_view kind : {"hockney", "lmo", "plogp", "loggp"}) {
    const P2PModel* m = back.model(kind);
    ASSERT_NE(m, nullptr) << kind;
    EXPECT_EQ(m->reduce_gamma(), sample().reduce_gamma) << kind;
    EXPECT_DOUBLE_EQ(m->reduce_local(2, 1000), 2.5e-7) << kind;
  }
  ModelFile none = sample();
  none.reduce_gamma.clear();
  const std::string text = format_model_file(none);
  EXPECT_EQ(text.find("[compute]"), std::string::npos);
  EXPECT_EQ(parse_model_file(text, "none.toml").default_model()->reduce_local(0, 1e6), 0.0);
}

TEST(ModelFile, BadValidationNamesLineAndKey) {
  const std::string head = "[collsel_model]\nversion = 1\n[cluster]\nhosts = [\"a\", \"b\"]\nprocess_host = [0, 1]\n";
  auto err = [&](const std::string& tail) { return error_of([&] { parse_model_file(head + tail, "t.toml"); }); };
  const std::string ok_bias = "bias = { hockney = 1.0 }\n";
  {
    const auto e = err("[validation]\npoints = 3\nmedian_error = { hockney = 0.1, lmp = 0.2 }\n" + ok_bias + "preferred = \"hockney\"\n");
    EXPECT_EQ(e.line(), 8);
    EXPECT_EQ(e.key(), "validation.median_error.lmp");
  }
  {
    const auto e = err("[validation]\npoints = 3\nmedian_error = { hockney = -0.1 }\n" + ok_bias + "preferred = \"hockney\"\n");
    EXPECT_EQ(e.key(), "validation.median_error.hockney");
  }
  {
    const auto e = err("[validation]\npoints = 3\nmedian_error = { hockney = 0.1 }\n" + ok_bias + "preferred = \"lmo\"\n");
    EXPECT_EQ(e.line(), 10);
    EXPECT_EQ(e.key(), "validation.preferred");
  }
  {
    const auto e = err("[validation]\npoints = 0\nmedian_error = { hockney = 0.1 }\n" + ok_bias + "preferred = \"hockney\"\n");
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.key(), "validation.points");
  }
  {
    const auto e = err("[validation]\npoints = 2\nmedian_error = { hockney = 0.1 }\nbias = { hockney = 0 }\npreferred = \"hockney\"\n");
    EXPECT_EQ(e.key(), "validation.bias.hockney");
  }
  const std::string ok = "[validation]\npoints = 3\nmedian_error = { hockney = 0.1 }\n" + ok_bias + "preferred = \"hockney\"\n";
  {
    const auto e = err(ok + "schedule_error = { chain = { hockney = 0.2 } }\n");
    EXPECT_EQ(e.line(), 11);
    EXPECT_EQ(e.key(), "validation.schedule_error.chain");
  }
  {
    const auto e = err(ok + "schedule_error = { native = { hockney = 0.2 } }\n");
    EXPECT_EQ(e.key(), "validation.schedule_error.native");
  }
  {
    const auto e = err(ok + "schedule_error = { pipeline = { hockney = -0.2 } }\n");
    EXPECT_EQ(e.key(), "validation.schedule_error.pipeline.hockney");
  }
  {
    const auto e = err(ok + "schedule_error = { pipeline = 0.2 }\n");
    EXPECT_EQ(e.key(), "validation.schedule_error.pipeline");
  }
}

// Finite but absurd values (a latency of 1e308 s) are rejected at load, naming line and key,
// before a prediction or the bbs LP can overflow on them.
TEST(ModelFile, NonPhysicalValuesNameLineAndKey) {
  const std::string head = "[collsel_model]\nversion = 1\n[cluster]\nhosts = [\"a\", \"b\"]\nprocess_host = [0, 1]\n";
  auto err = [&](const std::string& tail) { return error_of([&] { parse_model_file(head + tail, "t.toml"); }); };
  const std::string lmo_rest = "t = [0, 0]\nL = [[0, 1e-5], [1e-5, 0]]\nrate = [[0, 1e9], [1e9, 0]]\nS = 1\nM1 = 1\nM2 = 2\n";
  {
    const auto e = err("[lmo]\nC = [1e308, 1e-6]\n" + lmo_rest);
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.key(), "lmo.C[0]");
    EXPECT_NE(std::string(e.what()).find("not a physical value"), std::string::npos) << e.what();
  }
  {
    const auto e = err("[hockney]\nalpha = [[0, 1e-5], [1e-5, 0]]\nbeta = [[0, 1e-9], [5.0, 0]]\n");
    EXPECT_EQ(e.line(), 8);
    EXPECT_EQ(e.key(), "hockney.beta[1][0]");
  }
  {
    const auto e = err("[lmo]\nC = [1e-6, 1e-6]\nt = [0, 0]\nL = [[0, 1e-5], [1e-5, 0]]\nrate = [[0, 1e9], [1e9, 0]]\n"
                       "S = 1e300\nM1 = 1\nM2 = 2\n");
    EXPECT_EQ(e.line(), 11);
    EXPECT_EQ(e.key(), "lmo.S");
  }
  {
    const auto e = err("[[native]]\nop = \"bcast\"\nprocs = 2\nbytes = [1]\nseconds = [1e200]\n");
    EXPECT_EQ(e.key(), "native[0].seconds[0]");
  }
  {
    const auto e = err("[compute]\nreduce_local = [1e-10, 7.0]\n");
    EXPECT_EQ(e.key(), "compute.reduce_local[1]");
  }
}

// LMO's link term is negative where the hosts' variable delays overlap (fit::solve_lmo): such a
// rate loads and round-trips; a rate of 0, or one that leaves the pair's per-byte time negative,
// is an error naming line and key.
TEST(ModelFile, LmoNegativeRateWhereThePairTimeStaysPositive) {
  const std::string head = "[collsel_model]\nversion = 1\n[cluster]\nhosts = [\"a\", \"b\"]\nprocess_host = [0, 1]\n";
  auto lmo = [&](const std::string& rate) {
    return head + "[lmo]\nC = [0, 0]\nt = [8e-9, 8e-9]\nL = [[0, 1e-5], [1e-5, 0]]\nrate = [[0, " + rate + "], [" + rate +
           ", 0]]\nS = 1\nM1 = 1\nM2 = 2\n";
  };
  const ModelFile m = parse_model_file(lmo("-1.25e8"), "t.toml");
  ASSERT_TRUE(m.lmo);
  EXPECT_DOUBLE_EQ(m.lmo->p2p(0, 1, 1e6), 1e-5 + 1e6 * 8e-9);
  EXPECT_EQ(parse_model_file(format_model_file(m), "again.toml").lmo, m.lmo);
  for (const char* bad : {"-5e7", "0"}) {  // 8 + 8 - 20 ns/B < 0; 1/0
    const auto e = error_of([&] { parse_model_file(lmo(bad), "t.toml"); });
    EXPECT_EQ(e.line(), 10) << bad;
    EXPECT_EQ(e.key(), "lmo.rate[0][1]") << bad;
  }
  const auto e = error_of([&] { parse_model_file(lmo("-5e7"), "t.toml"); });
  EXPECT_NE(std::string(e.what()).find("per-byte time"), std::string::npos) << e.what();
}

TEST(ModelFile, LmoPiecesAreReadInOrderAndChecked) {
  const std::string head = "[collsel_model]\nversion = 1\n[cluster]\nhosts = [\"a\", \"b\"]\nprocess_host = [0, 1]\n";
  const std::string lmo = "[lmo]\nC = [1e-6, 1e-6]\nt = [1e-10, 1e-10]\nL = [[0, 1e-5], [1e-5, 0]]\n"
                          "rate = [[0, 1e9], [1e9, 0]]\nS = 1\nM1 = 1\nM2 = 2\n";  // lines 6-13
  auto above = [](const std::string& min_bytes, const std::string& rate) {
    return "[[lmo.above]]\n" + min_bytes + "C = [0, 0]\nt = [4e-10, 4e-10]\nL = [[0, 9e-5], [9e-5, 0]]\nrate = [[0, " + rate +
           "], [" + rate + ", 0]]\n";
  };
  const ModelFile m = parse_model_file(head + lmo + above("min_bytes = 65536\n", "-2.5e9"), "t.toml");
  ASSERT_TRUE(m.lmo);
  ASSERT_EQ(m.lmo->pieces(), 2);
  EXPECT_DOUBLE_EQ(m.lmo->p2p(0, 1, 1000), 2e-6 + 1e-5 + 1000 * (2e-10 + 1e-9));
  EXPECT_DOUBLE_EQ(m.lmo->p2p(0, 1, 65536), 9e-5 + 65536 * (8e-10 - 4e-10));
  EXPECT_EQ(parse_model_file(format_model_file(m), "again.toml").lmo, m.lmo);
  auto err = [&](const std::string& tail) { return error_of([&] { parse_model_file(head + lmo + tail, "t.toml"); }); };
  {
    const auto e = err(above("min_bytes = 0\n", "1e9"));
    EXPECT_EQ(e.key(), "lmo.above[0].min_bytes");
    EXPECT_EQ(e.line(), 15);
  }
  {
    const auto e = err(above("min_bytes = 65536\n", "1e9") + above("min_bytes = 4096\n", "1e9"));
    EXPECT_EQ(e.key(), "lmo.above[1].min_bytes");
  }
  {
    const auto e = err(above("min_bytes = 65536\n", "-1e9"));  // 8 - 10 ns/B < 0
    EXPECT_EQ(e.key(), "lmo.above[0].rate[0][1]");
    EXPECT_EQ(e.line(), 19);
  }
  {
    const auto e = err(above("", "1e9"));
    EXPECT_EQ(e.key(), "lmo.above[0].min_bytes");
  }
}

TEST(ModelFile, HockneyPiecesAreReadInOrderAndChecked) {
  const std::string head = "[collsel_model]\nversion = 1\n[cluster]\nhosts = [\"a\", \"b\"]\nprocess_host = [0, 1]\n";
  const std::string piece0 = "[hockney]\nalpha = [[0, 1e-5], [1e-5, 0]]\nbeta = [[0, 1e-9], [1e-9, 0]]\n";
  auto above = [](const std::string& min_bytes, double alpha) {
    const std::string a = std::to_string(alpha);
    return "[[hockney.above]]\n" + min_bytes + "alpha = [[0, " + a + "], [" + a + ", 0]]\nbeta = [[0, 5e-10], [5e-10, 0]]\n";
  };
  {
    const ModelFile m = parse_model_file(head + piece0 + above("min_bytes = 65536\n", 6e-5), "t.toml");
    ASSERT_TRUE(m.hockney);
    ASSERT_EQ(m.hockney->pieces(), 2);
    EXPECT_EQ(m.hockney->piece_start(1), 65536);
    EXPECT_DOUBLE_EQ(m.hockney->p2p(0, 1, 65535), 1e-5 + 1e-9 * 65535);
    EXPECT_DOUBLE_EQ(m.hockney->p2p(1, 0, 65536), 6e-5 + 5e-10 * 65536);
  }
  auto err = [&](const std::string& tail) { return error_of([&] { parse_model_file(head + piece0 + tail, "t.toml"); }); };
  {
    const auto e = err(above("min_bytes = 0\n", 6e-5));
    EXPECT_EQ(e.key(), "hockney.above[0].min_bytes");
    EXPECT_EQ(e.line(), 10);
  }
  {
    const auto e = err(above("min_bytes = 65536\n", 6e-5) + above("min_bytes = 4096\n", 7e-5));
    EXPECT_EQ(e.key(), "hockney.above[1].min_bytes");
    EXPECT_NE(std::string(e.what()).find("increasing"), std::string::npos) << e.what();
  }
  {
    const auto e = err(above("", 6e-5));
    EXPECT_EQ(e.key(), "hockney.above[0].min_bytes");
    EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
  }
  {
    const auto e = err("[[hockney.above]]\nmin_bytes = 8\nalpha = [[0, 1e-5], [1e-5, 0]]\n");
    EXPECT_EQ(e.key(), "hockney.above[0].beta");
  }
  {
    const auto e = err(above("min_bytes = 65536\nalpah = 1\n", 6e-5));
    EXPECT_EQ(e.key(), "hockney.above[0].alpah");
  }
}

TEST(ModelFile, InlineErrors) {
  const std::string head = "[collsel_model]\nversion = 1\n[cluster]\nhosts = [\"a\", \"b\"]\nprocess_host = [0, 1]\n";
  auto err = [&](const std::string& tail) { return error_of([&] { parse_model_file(head + tail, "t.toml"); }); };
  // Line numbers: head is lines 1-5.
  {
    const auto e = err("[lmo]\nC = [1e-6, 1e-6]\nt = [0, 0]\nL = [[0, 1e-5], [2e-5, 0]]\nrate = [[0, 1e9], [1e9, 0]]\nS = 1\nM1 = 1\nM2 = 2\n");
    EXPECT_EQ(e.line(), 9);
    EXPECT_EQ(e.key(), "lmo.L[1][0]");  // asymmetric link
  }
  {
    const auto e = err("[lmo]\nC = [1e-6, 1e-6]\nt = [0, 0]\nL = [[0, 1e-5], [1e-5, 0]]\nrate = [[0, 1e9], [1e9, 0]]\nS = 1\nM1 = 5\nM2 = 2\n");
    EXPECT_EQ(e.line(), 13);
    EXPECT_EQ(e.key(), "lmo.M2");
  }
  {
    const auto e = err("[plogp]\n[[plogp.pair]]\ni = 0\nj = 1\nL = 1e-6\nos = { x = [1, 1], y = [1, 2] }\norecv = { x = [1], y = [1] }\ng = { x = [1], y = [1] }\n");
    EXPECT_EQ(e.line(), 11);
    EXPECT_EQ(e.key(), "plogp.pair[0].os.x[1]");
  }
  {
    const auto e = err("[plogp]\n[[plogp.pair]]\ni = 0\nj = 1\nL = 1e-6\nos = { x = [1], y = [1] }\norecv = { x = [1], y = [1] }\ng = { x = [1], y = [1] }\n");
    EXPECT_EQ(e.key(), "plogp.pair");
    EXPECT_NE(std::string(e.what()).find("(1, 0)"), std::string::npos) << e.what();
  }
  {
    const auto e = err("[hockney]\nalpha = [[0, 1e-5], [1e-5, 0]]\nbeta = [[0, 1e-9], [1e-9, nan]]\n");
    EXPECT_EQ(e.line(), 8);
    EXPECT_EQ(e.key(), "hockney.beta[1][1]");
  }
  {
    const auto e = err("[[native]]\nop = \"bcast\"\nprocs = 2\nbytes = [1, 8]\nseconds = [1e-6]\n");
    EXPECT_EQ(e.line(), 10);
    EXPECT_EQ(e.key(), "native[0].seconds");
  }
  {
    const auto e = err("[compute]\nreduce_local = [1e-10]\n");
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.key(), "compute.reduce_local");  // one value per process
  }
  {
    const auto e = err("[compute]\nreduce_local = [1e-10,\n -2e-10]\n");
    EXPECT_EQ(e.line(), 8);
    EXPECT_EQ(e.key(), "compute.reduce_local[1]");
  }
  {
    const auto e = err("[compute]\nreduce_local = [0, 0]\nreduce_locl = [0, 0]\n");
    EXPECT_EQ(e.line(), 8);
    EXPECT_EQ(e.key(), "compute.reduce_locl");
  }
  {
    const auto e = err("[loggp]\nL = 1\n");
    EXPECT_EQ(e.line(), 6);
    EXPECT_EQ(e.key(), "loggp");
  }
  {
    const auto e = error_of([] { parse_model_file("[cluster]\nhosts = [\"a\"]\nprocess_host = [0]\n", "v.toml"); });
    EXPECT_EQ(e.key(), "collsel_model");
  }
}

TEST(ModelFile, UnreadableFileIsLineZero) {
  const auto e = error_of([] { read_model_file("/nonexistent/dir/model.toml"); });
  EXPECT_EQ(e.line(), 0);
  EXPECT_EQ(e.file(), "/nonexistent/dir/model.toml");
  EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos) << e.what();  // the OS reason
  const auto dir = error_of([] { read_model_file(std::filesystem::temp_directory_path()); });
  EXPECT_NE(std::string(dir.what()).find("is a directory"), std::string::npos) << dir.what();
}

TEST(ModelFile, WriteIsAtomicAndReadable) {
  const auto dir = std::filesystem::temp_directory_path() / ("collsel-model-file-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "m.toml";
  {
    std::ofstream old(path);
    old << "old content";
  }
  const ModelFile m = sample();
  write_model_file(path, m);
  expect_same(m, read_model_file(path));
  // Nothing but the model is left in the directory (no temporary file).
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1);
  EXPECT_THROW(write_model_file(dir / "missing-subdir" / "m.toml", m), std::runtime_error);
  std::filesystem::remove_all(dir);
}

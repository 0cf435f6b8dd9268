// The statistics behind collsel-calibrate, pure C++ with GSL and no MPI so they can be tested on
// synthetic data: the MPIBlib stopping rule, linear and piecewise-linear regression, the
// structural-break F test and the escalation search for the LMO thresholds, the averaged LMO
// solutions of the triplet experiments (cpm-manual §6.6.3.5), the PLogP gap from message trains,
// and the round-robin schedules of parallel experiments. Times in seconds, sizes in bytes.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "collsel/hockney.hpp"
#include "collsel/lmo.hpp"
#include "collsel/plogp.hpp"

namespace collsel::fit {

// ---- Measurement precision (MPIBlib): repeat until the Student-t confidence interval of the
// mean at level `cl` is within `eps` of the mean, between min_reps and max_reps repetitions.
struct Precision {
  double cl = 0.95;   // confidence level of the interval
  double eps = 0.05;  // wanted half-width relative to the mean
  int min_reps = 5;
  int max_reps = 50;
  // Wall-time cap of one experiment's repetitions, seconds (0: none): once min_reps are done and
  // this much time has gone, the experiment stops even if the interval is still wide. Where
  // processes outnumber cores an experiment of all of them varies by tens of percent forever, and
  // max_reps repetitions of it would dominate the calibration.
  double max_seconds = 0;
};

struct SampleStats {
  int n = 0;
  double mean = 0;
  double half_width = 0;  // t_{(1+cl)/2, n-1} * s / sqrt(n); +inf when n < 2
  // half_width / mean (+inf when the mean is 0 and the half-width is not).
  double relative() const;
};
SampleStats sample_stats(std::span<const double> samples, double cl);
// The samples without the interrupted repetitions: a process descheduled by another job (or by
// ranks sharing its core) adds milliseconds to a microsecond experiment, which is no cost of the
// communication and would dominate the mean. Removed: samples above Tukey's far-out fence
// Q3 + 3 (Q3 - Q1) (only slow outliers: an interruption cannot make an experiment faster). With
// fewer than 4 samples the quartiles mean nothing and all are kept. Order is kept.
std::vector<double> without_interruptions(std::span<const double> samples);
// sample_stats of without_interruptions(samples): the estimate the calibration records.
SampleStats robust_stats(std::span<const double> samples, double cl);
// True when no more repetitions are needed: n >= max_reps; or n >= min_reps and `elapsed` (the
// seconds the experiment has taken so far) reached max_seconds; or at least min_reps samples are
// left without the interruptions and their interval is within eps of their mean.
bool precise_enough(std::span<const double> samples, const Precision& precision, double elapsed = 0);
// True when at least min_reps samples are left without the interruptions and their interval is
// within eps of their mean: the experiment reached the precision asked for.
bool converged(std::span<const double> samples, const Precision& precision);

// ---- Measuring on past the preset's caps (the quality gate, docs/calibration.md). An experiment
// that reached max_reps or max_seconds before its interval was within eps keeps being measured
// until it converges, until it has measured on for `per_experiment` seconds or `max_reps` samples,
// or until `budget` seconds (what is left of the calibration's time cap) have gone by.
struct MeasureOn {
  double budget = 0;          // seconds still available (<= 0: never measure on)
  double per_experiment = 0;  // seconds one experiment may measure on (<= 0: never)
  int max_reps = 0;           // samples one experiment may reach in all (0: no limit)
};
enum class Stop {
  more,        // measure again
  converged,   // within eps (possibly after measuring on)
  preset_cap,  // stopped at the preset's cap, unconverged, without measuring on
  time_cap,    // stopped unconverged after measuring on
};
// One experiment's progress past its preset's caps: the elapsed time when it reached them.
struct MeasureOnState {
  double capped_at = -1;    // < 0: not reached yet
  double last = 0;          // elapsed at the last decision
  std::size_t checked = 0;  // samples at the last precision check past the caps
  double measured_on() const { return capped_at < 0 ? 0 : last - capped_at; }  // seconds past the caps
};
// The stopping decision after each sample, `elapsed` seconds into the experiment. Past the caps
// the interval is recomputed only when the series has grown by an eighth (it is O(n log n)), so
// a long series costs O(n log n) in all.
Stop next_step(std::span<const double> samples, const Precision& precision, double elapsed, const MeasureOn& on,
               MeasureOnState& state);

// ---- Least squares line y = intercept + slope x (gsl_fit_linear).
struct LineFit {
  double intercept = 0, slope = 0;
  double rss = 0;  // residual sum of squares
  double at(double x) const { return intercept + slope * x; }
};
// Needs x.size() == y.size() >= 1; with one point (or all x equal) the slope is 0 and the
// intercept the mean of y. Throws std::invalid_argument on a size mismatch or no points.
LineFit fit_line(std::span<const double> x, std::span<const double> y);
// Weighted least squares (gsl_fit_wlinear), rss = sum w (y - line)^2. Timings carry noise
// proportional to their size, so the break search weights each point by 1/y^2 (relative errors).
LineFit fit_line_weighted(std::span<const double> x, std::span<const double> y, std::span<const double> w);

// ---- One structural break in a piecewise linear regression (the single-break case of Bai &
// Perron, as strucchange's breakpoints does): the split minimising the total RSS of two separate
// lines, tested against one line with the Chow F statistic. Fits are weighted by 1/y^2 (relative
// residuals), so a line measured with proportional noise is not mistaken for a break.
struct BreakFit {
  bool significant = false;  // p_value < alpha
  std::size_t index = 0;     // first point of the right segment
  double at = 0;             // x[index]: where the second regime starts
  double f = 0, p_value = 1;
  LineFit left, right, whole;
};
// x strictly increasing. Each segment keeps at least `min_segment` (>= 2) points; with fewer than
// 2 * min_segment points there is no candidate and the result is not significant.
BreakFit find_break(std::span<const double> x, std::span<const double> y, std::size_t min_segment = 3,
                    double alpha = 0.01);
// The same test for a break at a given index (x[index] starts the right segment); not significant
// when the break is not testable there.
BreakFit break_at(std::span<const double> x, std::span<const double> y, std::size_t index, std::size_t min_segment = 3,
                  double alpha = 0.01);
// Whether a series of n points can be tested for a break at `index`: at least `min_segment` (>= 2)
// points on each side, and at least 5 in all.
bool break_testable(std::size_t n, std::size_t index, std::size_t min_segment = 3);

// Piecewise linear function through a measured series: breaks are added one at a time (the
// segment with the most significant break is split) while the F test says so, up to max_breaks;
// knots at the ends and at each break: where the two segment lines meet between the neighbouring
// points, or a step (the last point of one segment, the first of the next) when they do not.
// A series too short for any break test is returned as the points themselves.
PiecewiseLinear fit_piecewise(std::span<const double> x, std::span<const double> y, int max_breaks = 3,
                              std::size_t min_segment = 3, double alpha = 0.01);

// ---- The escalation search for the gather threshold M1 (lmo-estimation-slides): measure the
// series {M^k = lo + k s} up to hi, find the first point that exceeds the straight-line
// extrapolation of the two before it by more than `jump` (10%), then halve the stride and
// re-measure the interval around it, until the stride is below min_stride. Returns the last size
// before the escalation, or nullopt when the first pass finds none. `measure(sizes)` returns one
// time per size.
std::optional<double> escalation_search(const std::function<std::vector<double>(const std::vector<double>&)>& measure,
                                        double lo, double hi, double stride, double min_stride, double jump = 0.10);

// ---- LMO from the triplet experiments (cpm-manual §6.6.3.5). Round trips i <-> j with M bytes
// each way, and one-to-two experiments i -> {j, k} (M bytes to each, empty replies):
//   T_ij(M)   = 2 (C_i + L_ij + C_j + M (t_i + 1/rate_ij + t_j))
//   T_i,jk(M) = 2 (2 C_i + M t_i) + max_{x=j,k} (2 (L_ix + C_x) + M (1/rate_ix + t_x))
// so per triplet C_i = (T_i,jk(0) - max_x T_ix(0)) / 2 and
// t_i = (T_i,jk(M) - max_x (T_ix(0) + T_ix(M)) / 2 - 2 C_i) / M; C and t are averaged over the
// triplets holding i, then L_ij = T_ij(0)/2 - C_i - C_j and
// 1/rate_ij = (T_ij(M)/2 - C_i - L_ij - C_j)/M - t_i - t_j.
struct LmoMeasurements {
  int n = 0;
  double M = 0;                     // the non-empty message size, bytes (> 0)
  std::vector<double> rt0, rtM;     // n*n round-trip times, [i*n+j], symmetric
  struct OneToTwo {
    int root = 0, a = 0, b = 0;     // root -> {a, b}
    double t0 = 0, tM = 0;
  };
  std::vector<OneToTwo> one_to_two; // every root of every triplet measured (lmo_triplet_rounds)
};
// Solves and averages (C_i and t_i over the one-to-two experiments rooted at i, whichever pairs
// they reach: every triplet, or a sample of them); n >= 3, every process the root of at least
// one. Negative delays and latencies (noise) are clamped to 0, and a pair's per-byte time
// t_i + 1/rate_ij + t_j below min_inverse_rate is raised to it; each clamp is named in *clamped
// ("lmo t 3", "lmo L 2-5", "lmo per-byte 2-5") when given. 1/rate_ij itself may come
// out negative: where the two hosts' variable delays overlap in one message (a NIC that serialises
// a host's concurrent messages, as the one-to-two experiment measures, but runs alongside the
// other NIC in a single transfer), t_i + t_j exceed the pair's time and the link term corrects the
// sum; the solution is kept so, and reproduces the round trips. The thresholds are left 0. Throws
// std::invalid_argument when a process roots no experiment or an experiment names a bad process.
LmoModel solve_lmo(const LmoMeasurements& m, double min_inverse_rate = 1e-13,
                   std::vector<std::string>* clamped = nullptr);

// The LMO experiments of a piece of the size range measured at two sizes a < b (a.M, b.M > 0;
// the same experiments in the same order; their empty times unused): the equations are affine in
// M, so they hold between a and b as between 0 and M with each time's intercept T(a) - a (T(b) -
// T(a)) / (b - a) in place of the empty message's and M = b. solve_lmo then gives the piece's
// parameters, its fixed delays those of its own lines: every pair's time exactly (round trips are
// affine), C and t exactly where a one-to-two's slower receiver is the same at a and b (its max
// is affine only then). Throws std::invalid_argument on mismatch.
LmoMeasurements lmo_between(const LmoMeasurements& a, const LmoMeasurements& b);

// ---- Heterogeneous Hockney from every pair's one-way times over the sizes x (one_way[i * n + j],
// i < j, one time per size; the other entries unused), least squares per pair. A change of protocol
// (eager to rendezvous; SMPI's factors by size) bends every pair's series at the same size. Every
// size is tested on every pair (break_at: F test at 1 %, at least 3 sizes on each side); of the
// sizes where at least half of the pairs break significantly, the one whose split leaves the least
// misfit (summed over the pairs, relative to each pair's single line) starts a second piece, each
// piece a line of its own per pair. Not each pair's own best break: where the series bend at
// several sizes (SMPI's factors change at 15 KB and again at 64 KB) those scatter over them. Negative intercepts or slopes (noise around zero) are set to 0 and named in `clamped`
// ("hockney alpha 2-5", "hockney beta 0-1 from 65536 bytes"). Symmetric: T_ij = T_ji.
// `alternative`: the other answer, for the calibration's validation to judge on measured
// schedules (with few sizes the F test has little power): one line when `model` has two pieces,
// else two pieces at the size that leaves the least misfit (none with fewer than 6 sizes).
struct HockneyFit {
  HockneyModel model;
  int pairs = 0, agreeing = 0;  // pairs fitted; of them, breaking where the second piece starts
  std::vector<std::string> clamped;
  std::optional<HockneyModel> alternative;
  std::vector<std::string> alternative_clamped;
};
HockneyFit fit_hockney(int n, std::span<const double> x, const std::vector<std::vector<double>>& one_way);

// ---- PLogP as calibrated: each function of each pair fitted piecewise linear (fit_piecewise:
// segments merged where the break test finds the series linear), and `alternative`, the
// functions through the measured points themselves (as logp_mpi keeps them), when that differs.
// With few sizes the break test has little power: in SimGrid SMPI a step at 64 KiB among six
// sizes is fitted as one line; the points keep it. The calibration's validation keeps the one
// that predicts measured schedules better.
struct PlogpFit {
  PlogpModel model;
  std::optional<PlogpModel> alternative;
};

// ---- PLogP gap g(M) from trains of back-to-back messages: the train of n messages takes
// T(n) ~ c + n g(M), so g is the slope of T over n (least squares over the trains measured).
double gap_from_trains(std::span<const double> counts, std::span<const double> times);

// ---- A large message's gap checked against the pair's two other measurements of it. Past the
// first sizes a train holds at most a few messages (calibrate's kTrainBytes), and the gap of 1 MiB
// is the difference of two trains' times: the noise of both, with nothing to average it. From
// kGapCheckMinBytes on, MPI_Send returns once the receiver has the message (rendezvous), so the
// send overhead o_s(M) times the same transfer, and so does Hockney's one-way time T(M) from the
// pair's round trips. A gap outside [min / tolerance, max * tolerance] of the two is no
// measurement of that transfer, and the median of the three replaces it; otherwise it is kept.
// The tolerance is wide on purpose: a tighter one also replaces gaps that the collectives bear out
// (docs/calibration.md, "PLogP").
inline constexpr double kGapCheckMinBytes = 65536;
inline constexpr double kGapTolerance = 3;
double cross_checked_gap(double gap, double send_overhead, double one_way, double tolerance = kGapTolerance);

// ---- A token bucket ([burst]) from one link's probes (calibrate's burst phase). A probe of
// `bytes`: one message after a rest long enough to refill the bucket (rested) and one right after
// messages that drained it (drained), seconds, each including the pair's latency `latency`. A
// bucket of B bytes passes min(m, B) of a rested message of m bytes at the line rate, so a rested
// message gains min(m, B) * (drained per byte - line) on a drained one. The large probe gives B;
// the small one (a quarter of its size) must then gain at least half of min(B, its size) bytes'
// worth (a faster rested rate throughout would give B/4, a bucket all of it). Less, by more than
// kBucketSlackBytes (the noise of small buckets): the gain belongs to the large message alone
// (as on fast tbf links, docs/design/0006), no bucket the predictors could spend; the link is
// priced drained.
struct BucketProbe {
  double bytes = 0;
  double rested = 0;
  double drained = 0;
};
struct BucketEstimate {
  double seconds_per_byte = 0;  // drained per-byte cost of the large probe; 0: not shaped
  double bytes = 0;             // the bucket, in [0, large.bytes]; 0 when rejected
  double large_gain_bytes = 0;  // what the large probe's gain says (the bucket unless rejected)
  double small_gain_bytes = 0;  // what the small probe's says, in [0, small.bytes]
  bool rejected = false;        // the small probe gained too little for a bucket of large_gain_bytes
};
// Shaped: a drained per-byte cost above kShapedAbove x `line`, the cluster's fastest.
inline constexpr double kShapedAbove = 1.5;
inline constexpr double kBucketSlackBytes = 16384;
BucketEstimate bucket_estimate(const BucketProbe& large, const BucketProbe& small, double latency, double line);

// ---- Schedules of parallel experiments: groups in one round share no process.
using PairRound = std::vector<std::array<int, 2>>;
using TripletRound = std::vector<std::array<int, 3>>;
// Round-robin tournament (circle method): every unordered pair i < j exactly once, n - 1 rounds
// for even n, n for odd n; pairs written with the smaller index first.
std::vector<PairRound> pair_rounds(int n);
// Every triplet i < j < k exactly once, greedily packed into rounds of disjoint triplets.
std::vector<TripletRound> triplet_rounds(int n);
// A sample of the triplets in which every process is a member of at least `layers` (n >= 3,
// layers >= 1): per layer a pseudo-random permutation of the processes (a fixed seed, so every
// rank draws the same) cut into consecutive triplets — one round of disjoint triplets — and, when
// 3 does not divide n, one more triplet of the permutation's last and first processes; those
// extra triplets packed greedily into rounds of their own. Each triplet's members are sorted; a
// triplet may recur in two layers. About layers * n / 3 triplets in layers to 2 * layers rounds.
std::vector<TripletRound> sampled_triplet_rounds(int n, int layers);
// The LMO calibration's triplets: all of them up to kAllTripletsUpTo processes, above it
// sampled_triplet_rounds(n, kTripletLayers) — C(n, 3) grows as n^3 (4960 triplets for 32
// processes; measured one at a time on host classes' representatives), while C_i and t_i are
// averages that any triplet holding i gives exactly on a consistent network (docs/calibration.md).
inline constexpr int kAllTripletsUpTo = 16;
inline constexpr int kTripletLayers = 24;
std::vector<TripletRound> lmo_triplet_rounds(int n);
// Groups of one round that may run at the same time: a round's groups (disjoint) split, in order,
// into waves (first fit) in which
// - no host has more active processes than capacity[host] (a group that alone exceeds a host's
//   capacity runs alone), and
// - unless share_links, no host is in two groups that span several hosts: such a group's
//   messages cross its hosts' network links, and two of them on one host would share that link
//   and each measure a fraction of it (two pairs between the same two hosts, each at half the
//   rate). Groups within one host (their copies stay inside it) are limited by cores only.
// host_of[process] indexes capacity. Returns the groups' indices, wave by wave. With one process
// per host and no oversubscription the whole round is one wave.
std::vector<std::vector<std::size_t>> waves(const std::vector<std::vector<int>>& groups, std::span<const int> host_of,
                                            std::span<const int> capacity, bool share_links = false);

// ---- Roots of the validation's schedules. Always 0 (a job's usual root) and n - 1; and the rank
// where the models (`kinds`, each of n ranks) disagree most about reaching every other rank and
// being reached by it with `bytes` — disagreement = the seconds between the largest and the
// smallest kind's sum of p2p(r, j) + p2p(j, r) — when it disagrees more than 0 and n - 1 do. A validation that only
// measures where the models agree cannot tell them apart: a slow host whose link streams slower
// than its round trips measured (a token bucket that refills while the reply travels) looks
// alike to every model from the other roots, and a job rooted there sees every model's error.
// At most 64 evenly spaced peers per rank are summed, so the cost is O(n) model calls per kind.
std::vector<int> validation_roots(std::span<const P2PModel* const> kinds, int n, double bytes);

}  // namespace collsel::fit

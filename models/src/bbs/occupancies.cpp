// Step 1 of BBS: the balanced occupancies as a GLPK linear program (paper §2.2–2.3).
// Columns: O_uv, O_vu per edge. Rows: (6) Σ O ≤ ⌊P/2⌋ (only for odd P: for even P it is the sum of
// the (7) rows); (7) per node Σ out + Σ in ≤ 1; (8) per sender i and edge (i,j): O_ij − Σ_k O_ki ≤ 0;
// (14) the incoming efficiencies of consecutive balanced nodes equal. Objective: max the incoming
// efficiency of the first balanced node (= C). Unless the root is balanced too, (8) and (14) skip
// it and the columns into it are fixed at 0 (the root never needs data).
// Why no column for C and no dense row: the interior-point method factorises A·D·Aᵀ, and a column
// in every (14) row (or a row over every column) makes that P×P block dense — O(P³) per iteration,
// seconds on a 32×32 grid. Chained equalities keep every row at most 2·deg wide.
// Size: 2|E| columns, 2|E| + 2P rows.
#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "collsel/bbs.hpp"

namespace collsel::bbs {
namespace {

using Problem = std::unique_ptr<glp_prob, decltype(&glp_delete_prob)>;

// The LP must never see non-finite or wildly spread coefficients: GLPK's interior-point method
// asserts (aborting the application) on them. Rates come from a model; a model with absurd but
// finite values (a latency of 1e308 s) ends here, and the caller falls back to native.
void check_rates(const Graph& g) {
  double lo = 0, hi = 0;
  for (const Edge& e : g.edges) {
    if (!std::isfinite(e.rate) || !(e.rate > 0))
      throw std::invalid_argument("bbs: edge rate " + std::to_string(e.rate) + " is not a positive finite number");
    lo = lo == 0 ? e.rate : std::min(lo, e.rate);
    hi = std::max(hi, e.rate);
  }
  if (hi > lo * 1e12)
    throw std::invalid_argument("bbs: edge rates spread over more than 12 orders of magnitude (" + std::to_string(lo) +
                                " .. " + std::to_string(hi) + "): not a physical model");
}

// Column of O_{from→to}: 1 + 2e (u→v) or 2 + 2e (v→u).
int col(int e, bool forward) { return 1 + 2 * e + (forward ? 0 : 1); }

// The LP's rows and their coefficients, in GLPK's 1-based triplets; per node its incident
// directed columns.
struct Rows {
  const Graph& g;
  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0};
  std::vector<std::vector<int>> in, out;
  double rate(int c) const { return g.edges[std::size_t((c - 1) / 2)].rate; }
  void put(int row, int c, double v) {
    ia.push_back(row);
    ja.push_back(c);
    ar.push_back(v);
  }
};

Rows incidence(const Graph& g) {
  Rows r{.g = g, .in = std::vector<std::vector<int>>(std::size_t(g.nodes)),
         .out = std::vector<std::vector<int>>(std::size_t(g.nodes))};
  for (int e = 0; e < int(g.edges.size()); ++e) {
    const Edge& ed = g.edges[std::size_t(e)];
    r.out[std::size_t(ed.u)].push_back(col(e, true));
    r.in[std::size_t(ed.v)].push_back(col(e, true));
    r.out[std::size_t(ed.v)].push_back(col(e, false));
    r.in[std::size_t(ed.u)].push_back(col(e, false));
  }
  return r;
}

// Rows (6), (7), (8) and (14) of the LP, loaded into it; returns the balanced nodes in order.
std::vector<int> add_rows(glp_prob* lp, Rows& r, int root, bool balance_root) {
  const int n = r.g.nodes, columns = 2 * int(r.g.edges.size());
  int row = 0;
  if (n % 2 == 1) {  // (6)
    row = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_UP, 0, double(n / 2));
    for (int c = 1; c <= columns; ++c) r.put(row, c, 1);
  }
  for (int i = 0; i < n; ++i) {  // (7)
    row = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_UP, 0, 1);
    for (int c : r.out[std::size_t(i)]) r.put(row, c, 1);
    for (int c : r.in[std::size_t(i)]) r.put(row, c, 1);
  }
  std::vector<int> balanced;
  for (int i = 0; i < n; ++i) {
    if (i == root && !balance_root) continue;
    balanced.push_back(i);
    for (int c : r.out[std::size_t(i)]) {  // (8)
      row = glp_add_rows(lp, 1);
      glp_set_row_bnds(lp, row, GLP_UP, 0, 0);
      r.put(row, c, 1);
      for (int k : r.in[std::size_t(i)]) r.put(row, k, -1);
    }
  }
  for (std::size_t t = 0; t + 1 < balanced.size(); ++t) {  // (14), chained
    row = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_FX, 0, 0);
    for (int k : r.in[std::size_t(balanced[t])]) r.put(row, k, r.rate(k));
    for (int k : r.in[std::size_t(balanced[t + 1])]) r.put(row, k, -r.rate(k));
  }
  return balanced;
}

// Interior point: of the optimal face it returns a point near its centre rather than a vertex,
// so symmetric graphs get symmetric, spread occupancies (a vertex loads few edges, and its frames
// feed some nodes in circles); the simplex is the fallback. Throws when both fail.
void solve(glp_prob* lp, const Rows& r, int first, Occupancies& out) {
  const int m = int(r.g.edges.size());
  auto incoming = [&](auto&& prim) {
    double c = 0;
    for (int k : r.in[std::size_t(first)]) c += r.rate(k) * prim(k);
    return c;
  };
  glp_iptcp ipt;
  glp_init_iptcp(&ipt);
  ipt.msg_lev = GLP_MSG_OFF;
  const int rc = glp_interior(lp, &ipt);
  if (rc == 0 && glp_ipt_status(lp) == GLP_OPT) {
    // C to 1e-9: the interior point meets 1/2 only to about 1e-9 (0.5000000005 on 4×4), and the
    // balanced-rate caps (1 + C·t) must not gain or lose a packet where C·t is an integer.
    out.C = std::round(incoming([&](int k) { return glp_ipt_col_prim(lp, k); }) * 1e9) / 1e9;
    for (int e = 0; e < m; ++e) {
      out.forward[std::size_t(e)] = std::max(0.0, glp_ipt_col_prim(lp, col(e, true)));
      out.backward[std::size_t(e)] = std::max(0.0, glp_ipt_col_prim(lp, col(e, false)));
    }
    return;
  }
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  const int src = glp_simplex(lp, &parm);
  if (src != 0 || glp_get_status(lp) != GLP_OPT)
    throw std::runtime_error("bbs: GLPK failed (interior code " + std::to_string(rc) + ", simplex code " +
                             std::to_string(src) + ", status " + std::to_string(glp_get_status(lp)) + ")");
  out.C = incoming([&](int k) { return glp_get_col_prim(lp, k); });
  for (int e = 0; e < m; ++e) {
    out.forward[std::size_t(e)] = glp_get_col_prim(lp, col(e, true));
    out.backward[std::size_t(e)] = glp_get_col_prim(lp, col(e, false));
  }
}

}  // namespace

Occupancies balanced_occupancies(const Graph& g, int root, bool balance_root) {
  if (root < 0 || root >= g.nodes) throw std::invalid_argument("bbs: root out of range");
  const int n = g.nodes;
  const int m = int(g.edges.size());
  Occupancies out;
  out.forward.assign(std::size_t(m), 0);
  out.backward.assign(std::size_t(m), 0);
  if (n <= 1) return out;
  check_rates(g);
  // GLPK keeps an environment per thread that only glp_free_env releases: the shim decides on
  // whichever application thread makes the call, and each such thread leaked it (found by
  // LeakSanitizer in the threads test). Released after the problem (declared first, destroyed
  // last); nothing else in collsel uses GLPK.
  struct GlpkEnvironment {
    ~GlpkEnvironment() { glp_free_env(); }
  } glpk_environment;
  Problem lp(glp_create_prob(), glp_delete_prob);
  glp_set_obj_dir(lp.get(), GLP_MAX);
  glp_add_cols(lp.get(), 2 * m);
  for (int e = 0; e < m; ++e)
    for (bool f : {true, false}) {
      const int to = f ? g.edges[std::size_t(e)].v : g.edges[std::size_t(e)].u;
      if (to == root && !balance_root) glp_set_col_bnds(lp.get(), col(e, f), GLP_FX, 0, 0);
      else glp_set_col_bnds(lp.get(), col(e, f), GLP_DB, 0, 1);
    }
  Rows rows = incidence(g);
  const std::vector<int> balanced = add_rows(lp.get(), rows, root, balance_root);
  const int first = balanced.front();
  for (int k : rows.in[std::size_t(first)]) glp_set_obj_coef(lp.get(), k, rows.rate(k));
  glp_load_matrix(lp.get(), int(rows.ia.size()) - 1, rows.ia.data(), rows.ja.data(), rows.ar.data());
  solve(lp.get(), rows, first, out);
  return out;
}

}  // namespace collsel::bbs

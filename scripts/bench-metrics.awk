# bench-metrics.awk: the judging metrics of one collsel-bench CSV
# (op,procs,root,bytes,algorithm,measured_us,predicted_us), as examples/emulated-cluster/random-clusters
# and examples/smpi/random-platforms report them:   awk -F, -f scripts/bench-metrics.awk bench.csv
# One "point" line per (op, bytes) and a "summary" line: geomean native/auto (speedup_auto) and
# native/oracle (speedup_oracle; oracle = the fastest of native and every forced algorithm), their
# ratio (share), the median and worst auto/oracle, the points below 0.97 x native, and the median
# |predicted - measured| / measured of every measured algorithm at >= 64 KB (auto excluded: it
# repeats one of them). Exit 1 when no point has native, auto and an oracle.
# With collsel-bench's --kinds-csv file as a second argument (op,procs,root,bytes,algorithm,kind,
# predicted_us), its `bound` rows (collsel/bounds.hpp, what no schedule beats under the model) of
# the model kind `kind` add oracle/bound and auto/bound to every point and their geomeans to the
# summary; give the model file's preferred kind, which the shim predicts with (the file holds every
# kind's bound, and they differ: without `kind`, the last kind's rows count):
#   awk -F, -v kind=lmo -f scripts/bench-metrics.awk bench.csv kinds.csv
FNR == 1 { next }
FILENAME != ARGV[1] { if ($5 == "bound" && $7 + 0 > 0 && (kind == "" || $6 == kind)) bnd[$1 "," $4] = $7 + 0; next }
{ k = $1 "," $4; if (!(k in seen)) { seen[k] = 1; ks[++n] = k }; t = $6 + 0
  if ($5 == "native") nat[k] = t
  if ($5 == "auto") aut[k] = t
  else if (!(k in orc) || t < orc[k]) { orc[k] = t; orcn[k] = $5 }
  if ($5 != "auto" && $7 + 0 > 0 && t > 0 && $4 + 0 >= 65536) { e = ($7 - t) / t; err[++ne] = e < 0 ? -e : e } }
function median(a, m,   i, j, x) {
  for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
  return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
END {
  for (i = 1; i <= n; i++) { k = ks[i]
    if (!(k in nat) || !(k in aut) || aut[k] <= 0 || orc[k] <= 0) continue
    sa += log(nat[k] / aut[k]); so += log(nat[k] / orc[k]); r[++m] = aut[k] / orc[k]
    if (r[m] > worst) worst = r[m]
    if (nat[k] / aut[k] < 0.97) below++
    bt = ""
    if (k in bnd) {
      nb++; sob += log(orc[k] / bnd[k]); sab += log(aut[k] / bnd[k]); snb += log(nat[k] / bnd[k])
      bt = sprintf(" bound %10.0f oracle/bound %.3f auto/bound %.3f", bnd[k], orc[k] / bnd[k], aut[k] / bnd[k]) }
    printf "point %-9s %8s native %10.0f auto %10.0f oracle %10.0f (%s) auto/native %.2f auto/oracle %.3f%s\n", \
      substr(k, 1, index(k, ",") - 1), substr(k, index(k, ",") + 1), nat[k], aut[k], orc[k], orcn[k], \
      nat[k] / aut[k], aut[k] / orc[k], bt }
  if (!m) { print "no complete point"; exit 1 }
  bs = nb ? sprintf(" oracle/bound %.3f auto/bound %.3f native/bound %.3f", exp(sob / nb), exp(sab / nb), exp(snb / nb)) : ""
  printf "summary points %d speedup_auto %.3f speedup_oracle %.3f share %.3f auto/oracle_median %.3f auto/oracle_worst %.3f below_0.97 %d pred_err_median %.1f%%%s\n", \
    m, exp(sa / m), exp(so / m), exp(sa / m) / exp(so / m), median(r, m), worst, below + 0, ne ? 100 * median(err, ne) : -1, bs }

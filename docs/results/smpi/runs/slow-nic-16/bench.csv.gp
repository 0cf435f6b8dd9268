# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 4175.48 3276.44
1048576 23224.2 17338.6
4194304 81281.1 62062.3
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 4175.46 3276.44
1048576 53003.9 46736.5
4194304 206951 178853
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 5634.29 4136.13
1048576 39165.6 37983.2
4194304 146175 146294
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 5634.3 4136.15
1048576 39165.6 37983.2
4194304 146130 146294
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5110.37 3726.9
1048576 38641.6 37525.2
4194304 145651 145680
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 5725.1 4136.15
1048576 39165.6 37983.2
4194304 146175 146294
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5362.05 4136.09
1048576 38802.6 37983.1
4194304 145812 146294
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5725.11 4136.15
1048576 39165.6 37983.2
4194304 146175 146294
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 5064.94 3726.9
1048576 38641.6 37525.2
4194304 145560 145680
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 5035.66 3362.43
1048576 23224.2 17338.6
4194304 81281.1 62062.3
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 14385.2
1048576 144432 141178
4194304 545718 546913
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 5634.29 5099.07
1048576 39165.6 39246.4
4194304 146175 130191
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 11492.8 10236.1
1048576 136895 122380
4194304 538181 479331
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 11492.8 10355.2
1048576 136895 137489
4194304 538181 544316
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 10355.3
1048576 136895 137489
4194304 538181 544316
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 9923.25
1048576 136734 136667
4194304 538020 542246
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 10355.3
1048576 136895 137489
4194304 538181 544316
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11855.9 10332.5
1048576 137328 137125
4194304 540659 542860
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 10355.3
1048576 136895 137489
4194304 538181 544316
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 9923.25
1048576 136734 136667
4194304 538020 542246
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 14385.2
1048576 144432 141178
4194304 545718 546913
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 11492.8 10236.1
1048576 136895 122380
4194304 538181 479331
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 10182.6 -1
1048576 142502 -1
4194304 567176 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 15656.4 14575.6
1048576 203513 205016
4194304 804656 814425
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 12902.5 11784.2
1048576 157352 158227
4194304 603226 610253
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11503.9 10420.2
1048576 144602 144619
4194304 569493 574056
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11664.8 10851.8
1048576 144763 145405
4194304 569654 575931
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12347.6 10829.6
1048576 145126 145080
4194304 570402 574682
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11722.2 10853
1048576 155254 156100
4194304 636797 644282
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11503.9 10420.2
1048576 144602 144619
4194304 569493 574056
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 16760.5 14882.4
1048576 152300 149133
4194304 577191 578735
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 10182.6 8392.82
1048576 142502 124671
4194304 567175 504886
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 16760.5 14882.4
1048576 152300 149133
4194304 577191 578735
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 17123.6 14882.4
1048576 152300 149133
4194304 577191 578735
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 11642 10420.2
1048576 144421 144619
4194304 569493 574056
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 2774.18 2470.13
1048576 24064.7 20498.8
4194304 77463.1 68992.6
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 5362.05 4136.13
1048576 38802.6 37983.2
4194304 145812 146294
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 4136.15
1048576 38802.6 37983.2
4194304 145812 146294
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5201.15 3726.9
1048576 38641.7 37525.2
4194304 145651 145680
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 4136.15
1048576 38802.6 37983.2
4194304 145812 146294
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5725.11 4136.09
1048576 39235.4 37983.2
4194304 148290 146294
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 4136.15
1048576 38802.6 37983.2
4194304 145812 146294
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 5201.16 3726.9
1048576 38641.7 37525.2
4194304 145651 145680
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 5171.87 3362.44
1048576 23314.9 17338.6
4194304 81371.9 62062.3
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 14385.2
1048576 144432 141178
4194304 545718 546913
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 2773.25 2470.13
1048576 24064.7 20498.8
4194304 77463 68992.6
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 11331.9 9923.25
1048576 136643 136667
4194304 537838 542246
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 11855.9 10355.2
1048576 137258 137489
4194304 538544 544316
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11901.3 10355.3
1048576 137303 137489
4194304 538589 544316
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 9923.25
1048576 136734 136667
4194304 537838 542246
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11855.9 10355.3
1048576 137258 137489
4194304 538453 544316
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11492.8 10332.5
1048576 136895 137125
4194304 538181 542860
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11901.3 10355.3
1048576 137303 137489
4194304 538589 544316
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 9923.25
1048576 136643 136667
4194304 537929 542246
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 14385.2
1048576 144432 141178
4194304 545718 546913
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 18321 16398.5
1048576 205588 184312
4194304 804842 716914
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 10182.5 -1
1048576 142502 -1
4194304 567176 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 16064.9 14575.6
1048576 203876 205016
4194304 805019 814425
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 13174.8 11784.2
1048576 157625 158227
4194304 603498 610253
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11505.2 10420.2
1048576 144602 144619
4194304 569312 574056
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 12028.1 10851.8
1048576 145035 145405
4194304 569836 575931
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11984.5 10829.6
1048576 144763 145080
4194304 569654 574682
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 12085.3 10853
1048576 155617 156100
4194304 637070 644282
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11504.2 10420.2
1048576 144511 144619
4194304 569402 574056
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 14775.5 14882.4
1048576 152300 149133
4194304 577191 578735
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 10182.5 8392.82
1048576 142502 124671
4194304 567175 504886
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 15299.4 14882.4
1048576 152300 149133
4194304 577191 578735
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 15951.9 14882.4
1048576 152300 149133
4194304 577191 578735
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 11823.6 10420.2
1048576 144602 144619
4194304 569493 574056
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "bbs" "bbs (x1.00)" 1 1.00
1048576 0 "chain" "chain (x1.00)" 1 1.00
4194304 0 "chain" "chain (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "chain" "native (x1.03)" 0 1.03
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial_ucs_min" "binomial_bfs_min (x1.00)" 0 1.00
1048576 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
4194304 2 "binomial_bfs_min" "binomial_bfs_min (x1.00)" 1 1.00
65536 3 "binomial_ucs_min" "native (x1.01)" 0 1.01
1048576 3 "binomial_ucs_min" "native (x1.00)" 0 1.00
4194304 3 "binomial_bfs_min" "native (x1.00)" 0 1.00
65536 4 "native" "native (x1.00)" 1 1.00
1048576 4 "native" "native (x1.00)" 1 1.00
4194304 4 "native" "native (x1.00)" 1 1.00
65536 5 "native" "native (x1.00)" 1 1.00
1048576 5 "native" "native (x1.00)" 1 1.00
4194304 5 "native" "native (x1.00)" 1 1.00
EOD

set multiplot
set logscale xy 2
set format x '%.0b%B'
set format y '%g'
set grid
set key outside right top
set xlabel 'message size (bytes; per-rank block for scatter/gather, mean block for the v-variants)'
set ylabel 'time (us)'
set xrange [43690.7:6.29146e+06]
set origin 0,0.870504
set size 1,0.129496
set title 'bcast, 16 processes, root 0: measured (solid, points) vs predicted (dashed)'
plot \
  $d_bcast_native using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4' title 'native', \
  $d_bcast_native using 1:3 with lines dt 2 lc rgb '#1f77b4' notitle, \
  $d_bcast_binomial using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#ff7f0e' title 'binomial', \
  $d_bcast_binomial using 1:3 with lines dt 2 lc rgb '#ff7f0e' notitle, \
  $d_bcast_binomial_bfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#2ca02c' title 'binomial_bfs_min', \
  $d_bcast_binomial_bfs_min using 1:3 with lines dt 2 lc rgb '#2ca02c' notitle, \
  $d_bcast_binomial_bfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728' title 'binomial_bfs_max', \
  $d_bcast_binomial_bfs_max using 1:3 with lines dt 2 lc rgb '#d62728' notitle, \
  $d_bcast_binomial_dfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#9467bd' title 'binomial_dfs_min', \
  $d_bcast_binomial_dfs_min using 1:3 with lines dt 2 lc rgb '#9467bd' notitle, \
  $d_bcast_binomial_dfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c564b' title 'binomial_dfs_max', \
  $d_bcast_binomial_dfs_max using 1:3 with lines dt 2 lc rgb '#8c564b' notitle, \
  $d_bcast_binomial_ucs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#e377c2' title 'binomial_ucs_min', \
  $d_bcast_binomial_ucs_min using 1:3 with lines dt 2 lc rgb '#e377c2' notitle, \
  $d_bcast_binomial_ucs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#7f7f7f' title 'binomial_ucs_max', \
  $d_bcast_binomial_ucs_max using 1:3 with lines dt 2 lc rgb '#7f7f7f' notitle, \
  $d_bcast_flat using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#bcbd22' title 'flat', \
  $d_bcast_flat using 1:3 with lines dt 2 lc rgb '#bcbd22' notitle, \
  $d_bcast_chain using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#17becf' title 'chain', \
  $d_bcast_chain using 1:3 with lines dt 2 lc rgb '#17becf' notitle, \
  $d_bcast_bbs using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#393b79' title 'bbs', \
  $d_bcast_bbs using 1:3 with lines dt 2 lc rgb '#393b79' notitle, \
  $d_bcast_auto using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'
set origin 0,0.741007
set size 1,0.129496
set title 'reduce, 16 processes, root 0: measured (solid, points) vs predicted (dashed)'
plot \
  $d_reduce_native using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4' title 'native', \
  $d_reduce_native using 1:3 with lines dt 2 lc rgb '#1f77b4' notitle, \
  $d_reduce_binomial using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#ff7f0e' title 'binomial', \
  $d_reduce_binomial using 1:3 with lines dt 2 lc rgb '#ff7f0e' notitle, \
  $d_reduce_binomial_bfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#2ca02c' title 'binomial_bfs_min', \
  $d_reduce_binomial_bfs_min using 1:3 with lines dt 2 lc rgb '#2ca02c' notitle, \
  $d_reduce_binomial_bfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728' title 'binomial_bfs_max', \
  $d_reduce_binomial_bfs_max using 1:3 with lines dt 2 lc rgb '#d62728' notitle, \
  $d_reduce_binomial_dfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#9467bd' title 'binomial_dfs_min', \
  $d_reduce_binomial_dfs_min using 1:3 with lines dt 2 lc rgb '#9467bd' notitle, \
  $d_reduce_binomial_dfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c564b' title 'binomial_dfs_max', \
  $d_reduce_binomial_dfs_max using 1:3 with lines dt 2 lc rgb '#8c564b' notitle, \
  $d_reduce_binomial_ucs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#e377c2' title 'binomial_ucs_min', \
  $d_reduce_binomial_ucs_min using 1:3 with lines dt 2 lc rgb '#e377c2' notitle, \
  $d_reduce_binomial_ucs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#7f7f7f' title 'binomial_ucs_max', \
  $d_reduce_binomial_ucs_max using 1:3 with lines dt 2 lc rgb '#7f7f7f' notitle, \
  $d_reduce_flat using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#bcbd22' title 'flat', \
  $d_reduce_flat using 1:3 with lines dt 2 lc rgb '#bcbd22' notitle, \
  $d_reduce_chain using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#17becf' title 'chain', \
  $d_reduce_chain using 1:3 with lines dt 2 lc rgb '#17becf' notitle, \
  $d_reduce_auto using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'
set origin 0,0.611511
set size 1,0.129496
set title 'scatter, 16 processes, root 0: measured (solid, points) vs predicted (dashed)'
plot \
  $d_scatter_native using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4' title 'native', \
  $d_scatter_native using 1:3 with lines dt 2 lc rgb '#1f77b4' notitle, \
  $d_scatter_binomial using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#ff7f0e' title 'binomial', \
  $d_scatter_binomial using 1:3 with lines dt 2 lc rgb '#ff7f0e' notitle, \
  $d_scatter_binomial_bfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#2ca02c' title 'binomial_bfs_min', \
  $d_scatter_binomial_bfs_min using 1:3 with lines dt 2 lc rgb '#2ca02c' notitle, \
  $d_scatter_binomial_bfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728' title 'binomial_bfs_max', \
  $d_scatter_binomial_bfs_max using 1:3 with lines dt 2 lc rgb '#d62728' notitle, \
  $d_scatter_binomial_dfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#9467bd' title 'binomial_dfs_min', \
  $d_scatter_binomial_dfs_min using 1:3 with lines dt 2 lc rgb '#9467bd' notitle, \
  $d_scatter_binomial_dfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c564b' title 'binomial_dfs_max', \
  $d_scatter_binomial_dfs_max using 1:3 with lines dt 2 lc rgb '#8c564b' notitle, \
  $d_scatter_binomial_ucs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#e377c2' title 'binomial_ucs_min', \
  $d_scatter_binomial_ucs_min using 1:3 with lines dt 2 lc rgb '#e377c2' notitle, \
  $d_scatter_binomial_ucs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#7f7f7f' title 'binomial_ucs_max', \
  $d_scatter_binomial_ucs_max using 1:3 with lines dt 2 lc rgb '#7f7f7f' notitle, \
  $d_scatter_flat using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#bcbd22' title 'flat', \
  $d_scatter_flat using 1:3 with lines dt 2 lc rgb '#bcbd22' notitle, \
  $d_scatter_auto using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'
set origin 0,0.482014
set size 1,0.129496
set title 'gather, 16 processes, root 0: measured (solid, points) vs predicted (dashed)'
plot \
  $d_gather_native using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4' title 'native', \
  $d_gather_native using 1:3 with lines dt 2 lc rgb '#1f77b4' notitle, \
  $d_gather_binomial using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#ff7f0e' title 'binomial', \
  $d_gather_binomial using 1:3 with lines dt 2 lc rgb '#ff7f0e' notitle, \
  $d_gather_binomial_bfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#2ca02c' title 'binomial_bfs_min', \
  $d_gather_binomial_bfs_min using 1:3 with lines dt 2 lc rgb '#2ca02c' notitle, \
  $d_gather_binomial_bfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728' title 'binomial_bfs_max', \
  $d_gather_binomial_bfs_max using 1:3 with lines dt 2 lc rgb '#d62728' notitle, \
  $d_gather_binomial_dfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#9467bd' title 'binomial_dfs_min', \
  $d_gather_binomial_dfs_min using 1:3 with lines dt 2 lc rgb '#9467bd' notitle, \
  $d_gather_binomial_dfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c564b' title 'binomial_dfs_max', \
  $d_gather_binomial_dfs_max using 1:3 with lines dt 2 lc rgb '#8c564b' notitle, \
  $d_gather_binomial_ucs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#e377c2' title 'binomial_ucs_min', \
  $d_gather_binomial_ucs_min using 1:3 with lines dt 2 lc rgb '#e377c2' notitle, \
  $d_gather_binomial_ucs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#7f7f7f' title 'binomial_ucs_max', \
  $d_gather_binomial_ucs_max using 1:3 with lines dt 2 lc rgb '#7f7f7f' notitle, \
  $d_gather_flat using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#bcbd22' title 'flat', \
  $d_gather_flat using 1:3 with lines dt 2 lc rgb '#bcbd22' notitle, \
  $d_gather_auto using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'
set origin 0,0.352518
set size 1,0.129496
set title 'scatterv, 16 processes, root 0: measured (solid, points) vs predicted (dashed)'
plot \
  $d_scatterv_native using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4' title 'native', \
  $d_scatterv_native using 1:3 with lines dt 2 lc rgb '#1f77b4' notitle, \
  $d_scatterv_binomial using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#ff7f0e' title 'binomial', \
  $d_scatterv_binomial using 1:3 with lines dt 2 lc rgb '#ff7f0e' notitle, \
  $d_scatterv_binomial_bfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#2ca02c' title 'binomial_bfs_min', \
  $d_scatterv_binomial_bfs_min using 1:3 with lines dt 2 lc rgb '#2ca02c' notitle, \
  $d_scatterv_binomial_bfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728' title 'binomial_bfs_max', \
  $d_scatterv_binomial_bfs_max using 1:3 with lines dt 2 lc rgb '#d62728' notitle, \
  $d_scatterv_binomial_dfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#9467bd' title 'binomial_dfs_min', \
  $d_scatterv_binomial_dfs_min using 1:3 with lines dt 2 lc rgb '#9467bd' notitle, \
  $d_scatterv_binomial_dfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c564b' title 'binomial_dfs_max', \
  $d_scatterv_binomial_dfs_max using 1:3 with lines dt 2 lc rgb '#8c564b' notitle, \
  $d_scatterv_binomial_ucs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#e377c2' title 'binomial_ucs_min', \
  $d_scatterv_binomial_ucs_min using 1:3 with lines dt 2 lc rgb '#e377c2' notitle, \
  $d_scatterv_binomial_ucs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#7f7f7f' title 'binomial_ucs_max', \
  $d_scatterv_binomial_ucs_max using 1:3 with lines dt 2 lc rgb '#7f7f7f' notitle, \
  $d_scatterv_flat using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#bcbd22' title 'flat', \
  $d_scatterv_flat using 1:3 with lines dt 2 lc rgb '#bcbd22' notitle, \
  $d_scatterv_traff using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#637939' title 'traff', \
  $d_scatterv_traff using 1:3 with lines dt 2 lc rgb '#637939' notitle, \
  $d_scatterv_sorted_flat_asc using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c6d31' title 'sorted_flat_asc', \
  $d_scatterv_sorted_flat_asc using 1:3 with lines dt 2 lc rgb '#8c6d31' notitle, \
  $d_scatterv_sorted_flat_dsc using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#843c39' title 'sorted_flat_dsc', \
  $d_scatterv_sorted_flat_dsc using 1:3 with lines dt 2 lc rgb '#843c39' notitle, \
  $d_scatterv_auto using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'
set origin 0,0.223022
set size 1,0.129496
set title 'gatherv, 16 processes, root 0: measured (solid, points) vs predicted (dashed)'
plot \
  $d_gatherv_native using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4' title 'native', \
  $d_gatherv_native using 1:3 with lines dt 2 lc rgb '#1f77b4' notitle, \
  $d_gatherv_binomial using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#ff7f0e' title 'binomial', \
  $d_gatherv_binomial using 1:3 with lines dt 2 lc rgb '#ff7f0e' notitle, \
  $d_gatherv_binomial_bfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#2ca02c' title 'binomial_bfs_min', \
  $d_gatherv_binomial_bfs_min using 1:3 with lines dt 2 lc rgb '#2ca02c' notitle, \
  $d_gatherv_binomial_bfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728' title 'binomial_bfs_max', \
  $d_gatherv_binomial_bfs_max using 1:3 with lines dt 2 lc rgb '#d62728' notitle, \
  $d_gatherv_binomial_dfs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#9467bd' title 'binomial_dfs_min', \
  $d_gatherv_binomial_dfs_min using 1:3 with lines dt 2 lc rgb '#9467bd' notitle, \
  $d_gatherv_binomial_dfs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c564b' title 'binomial_dfs_max', \
  $d_gatherv_binomial_dfs_max using 1:3 with lines dt 2 lc rgb '#8c564b' notitle, \
  $d_gatherv_binomial_ucs_min using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#e377c2' title 'binomial_ucs_min', \
  $d_gatherv_binomial_ucs_min using 1:3 with lines dt 2 lc rgb '#e377c2' notitle, \
  $d_gatherv_binomial_ucs_max using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#7f7f7f' title 'binomial_ucs_max', \
  $d_gatherv_binomial_ucs_max using 1:3 with lines dt 2 lc rgb '#7f7f7f' notitle, \
  $d_gatherv_flat using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#bcbd22' title 'flat', \
  $d_gatherv_flat using 1:3 with lines dt 2 lc rgb '#bcbd22' notitle, \
  $d_gatherv_traff using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#637939' title 'traff', \
  $d_gatherv_traff using 1:3 with lines dt 2 lc rgb '#637939' notitle, \
  $d_gatherv_sorted_flat_asc using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#8c6d31' title 'sorted_flat_asc', \
  $d_gatherv_sorted_flat_asc using 1:3 with lines dt 2 lc rgb '#8c6d31' notitle, \
  $d_gatherv_sorted_flat_dsc using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#843c39' title 'sorted_flat_dsc', \
  $d_gatherv_sorted_flat_dsc using 1:3 with lines dt 2 lc rgb '#843c39' notitle, \
  $d_gatherv_auto using 1:2 with points pt 6 ps 1.6 lc rgb 'black' title 'auto (measured)'

unset logscale y
unset grid
set format y ''
set ylabel ''
set origin 0,0
set size 1,0.223022
set title "Decision map: fastest measured (above) vs auto (below: green = the fastest, red = not;\nx = auto's measured time / the fastest's)"
set yrange [-0.7:5.7]
set ytics ('bcast' 0, 'reduce' 1, 'scatter' 2, 'gather' 3, 'scatterv' 4, 'gatherv' 5)
plot $map using 1:2:($5 == 1 ? 0x1a7f37 : 0xcf222e) with points pt 5 ps 2.5 lc rgb variable notitle, \
  $map using 1:($2 + 0.22):3 with labels font ',9' tc rgb 'black' notitle, \
  $map using 1:($2 - 0.22):($5 == 1 ? stringcolumn(4) : '') with labels font ',9' tc rgb '#1a7f37' notitle, \
  $map using 1:($2 - 0.22):($5 == 1 ? '' : stringcolumn(4)) with labels font ',9' tc rgb '#cf222e' notitle
unset multiplot

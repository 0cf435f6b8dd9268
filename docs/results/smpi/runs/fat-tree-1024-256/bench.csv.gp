# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 998.625 856.985
1048576 7670.61 33408
4194304 29072.5 24963.4
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 26450.4 26300.7
1048576 30214.7 30165.9
4194304 42273.2 42534.7
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 998.605 952.526
1048576 7686.71 8315.95
4194304 29088.6 31878.9
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1454.78 1063.49
1048576 11141.1 10198.2
4194304 42409.7 39643.5
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1267.36 870.664
1048576 9697.86 7917.63
4194304 37123 30549
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1502.83 1063.49
1048576 10663.3 10391.6
4194304 40439.6 40395.5
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1176.56 870.982
1048576 9247.71 7678.45
4194304 36000.1 29366.4
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 1507.31 1063.49
1048576 14204.6 10101.4
4194304 54444.5 39267.5
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1548.02 767.234
1048576 16086.7 7805.22
4194304 62680.5 30374.7
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 26458.5 26236.5
1048576 29245.1 28281.5
4194304 36656.9 34825.5
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 36556.8 27008.3
1048576 249748 243255
4194304 931935 935243
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 990.545 856.985
1048576 7674.62 33408
4194304 29076.5 24963.4
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 14724.7 12636.4
1048576 227908 195639
4194304 910094 781392
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 14724.7 14993.4
1048576 227908 232970
4194304 910094 930494
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15789.9 17656
1048576 243165 276751
4194304 970429 1.10585e+06
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15089.5 14786.1
1048576 231257 229930
4194304 935468 918614
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15464.1 17680.8
1048576 242427 277037
4194304 990614 1.10698e+06
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14919 14808.4
1048576 229876 230394
4194304 910412 920392
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 16743 17629.1
1048576 256578 276375
4194304 1.02379e+06 1.10436e+06
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 15364.7 14640.3
1048576 238576 229775
4194304 952871 917016
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 36532.9 27008.3
1048576 249716 243255
4194304 931902 935243
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 14724.7 12636.4
1048576 227908 195639
4194304 910094 781392
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 15574.6 -1
1048576 228422 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 24121.8 24651
1048576 378588 387494
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 17318.3 19808.8
1048576 258489 294523
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 19268.4 19140.4
1048576 308551 308685
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15242.2 16181.7
1048576 232838 247878
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14974.2 14906
1048576 228987 231513
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 19362.2 21662
1048576 284810 316924
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 18693.3 17854.4
1048576 292453 281639
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 30415 27075.9
1048576 250449 244337
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 15574.6 13537.9
1048576 228422 186516
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 30415 27075.9
1048576 250449 244337
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 30455.1 27075.9
1048576 250489 244337
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 14974.2 14932.8
1048576 230237 233226
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 355.348 586.406
1048576 2440.29 1992.82
4194304 8316.1 7136.32
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 958.311 952.527
1048576 7646.41 8315.97
4194304 29048.3 31879
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1507.28 1063.49
1048576 11535.3 10198.2
4194304 43905.8 39643.6
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1229.21 870.665
1048576 10476.6 7917.65
4194304 40160.2 30549.1
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1445.43 1063.49
1048576 11545.5 10391.7
4194304 44049.7 40395.6
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1152.67 870.984
1048576 7840.77 7678.47
4194304 29374.1 29366.5
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 1451.36 1063.49
1048576 12472 10101.4
4194304 47731.4 39267.6
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1272.65 767.235
1048576 12984.9 7805.24
4194304 50438.2 30374.8
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 26410.1 26236.5
1048576 29196.8 28281.5
4194304 36608.6 34825.6
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 36532.9 27008.4
1048576 249716 243255
4194304 931902 935246
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 355.011 586.406
1048576 2439.81 1992.82
4194304 8315.53 7136.32
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 14951.3 14808.4
1048576 227940 232970
4194304 910420 920392
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 14760.9 14993.4
1048576 227940 232970
4194304 910126 930494
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15697.8 17656
1048576 235488 276751
4194304 940168 1.10585e+06
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15216.6 14786.1
1048576 232390 229930
4194304 938935 918614
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15704.2 17680.8
1048576 247149 277037
4194304 1.00794e+06 1.10698e+06
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14939.2 14808.4
1048576 242281 230394
4194304 910416 920392
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15813.7 17629.1
1048576 238947 276375
4194304 958831 1.10436e+06
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 15696.5 14640.3
1048576 241373 229775
4194304 963534 917016
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 36561.1 27008.3
1048576 249748 243255
4194304 931918 935243
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 29975.6 25724.5
1048576 449630 386833
4194304 1.79262e+06 1.54503e+06
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 15574.6 -1
1048576 228422 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 24184.3 24651
1048576 378644 387494
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 17602.1 19808.8
1048576 256858 294523
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 19887.1 19140.4
1048576 317485 308685
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15331.2 16181.7
1048576 237048 247878
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 15045.1 14906
1048576 229588 231513
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 18607.3 21662
1048576 270399 316924
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 18271.8 17854.4
1048576 282856 281639
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 27311.3 27075.9
1048576 250351 244337
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 15574.6 13537.9
1048576 228422 186516
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 27311.3 27075.9
1048576 250343 244337
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 27497.7 27075.9
1048576 250381 244337
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 15599 14932.8
1048576 240517 233226
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.01)" 1 1.01
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial" "binomial_dfs_min (x1.01)" 0 1.01
1048576 2 "binomial" "binomial (x1.00)" 1 1.00
4194304 2 "binomial" "binomial_dfs_min (x1.00)" 0 1.00
65536 3 "native" "native (x1.00)" 1 1.00
1048576 3 "native" "native (x1.00)" 1 1.00
4194304 3 "native" "native (x1.00)" 1 1.00
65536 4 "binomial_dfs_min" "native (x1.04)" 0 1.04
1048576 4 "native" "native (x1.00)" 1 1.00
65536 5 "binomial_dfs_min" "native (x1.04)" 0 1.04
1048576 5 "native" "native (x1.00)" 1 1.00
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
set title 'bcast, 256 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'reduce, 256 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'scatter, 256 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'gather, 256 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'scatterv, 256 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'gatherv, 256 processes, root 0: measured (solid, points) vs predicted (dashed)'
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

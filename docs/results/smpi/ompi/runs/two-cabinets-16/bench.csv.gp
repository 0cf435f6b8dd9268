# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 2527.39 2508.46
1048576 13419 13528.6
4194304 47186.4 46833.8
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 9020.23 9213.62
1048576 62820.6 66320.8
4194304 243157 257927
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 2527.36 2660.96
1048576 13419 13567.7
4194304 48330.8 48469.3
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.23 9213.62
1048576 42460.7 42654.1
4194304 149470 149664
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4691.66 4844.84
1048576 22948.8 23237.1
4194304 81804.4 82092.4
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.23 9213.62
1048576 42460.7 42654.1
4194304 149470 149664
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6855.93 7029.23
1048576 32523.2 32945.6
4194304 115456 115878
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.24 9213.62
1048576 42460.7 42654.1
4194304 149470 149664
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2527.35 2660.44
1048576 13419 13528.6
4194304 48330.8 48306.7
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 11799.2 12795.7
1048576 44368.2 47346.8
4194304 148254 157910
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19260.8
1048576 91208.3 92032.5
4194304 323954 324902
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 2527.34 2508.46
1048576 15769 31612.1
4194304 47186.4 46833.8
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 3487.94 3461.84
1048576 23635.9 23533.1
4194304 88109.1 87450.7
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 3487.91 3292.52
1048576 23635.8 23664.6
4194304 88109.1 88855.1
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 140746
4194304 541839 542032
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6034.27 5959.52
1048576 41146.8 41072
4194304 153507 153432
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 140746
4194304 541839 542032
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9589.42 9648.73
1048576 74798.4 74857.7
4194304 283467 283526
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 140746
4194304 541839 542032
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3487.91 3273.52
1048576 23635.9 23337.8
4194304 88109.2 87543.6
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19261.4
1048576 91208.3 92032.9
4194304 323954 324902
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 3487.91 3461.84
1048576 23635.8 23533.1
4194304 88109.1 87450.7
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 3019.13 -1
1048576 23219.6 -1
4194304 92555.3 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 4433.08 4252.92
1048576 38758.8 39031.2
4194304 148601 150322
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15642.7 15836.1
1048576 152618 152811
4194304 623670 623863
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5949.03 5874.27
1048576 43559.8 43485
4194304 186648 186500
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15642.7 15836.1
1048576 148421 148615
4194304 577509 577702
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9904.13 9963.43
1048576 72280.5 72339.8
4194304 280949 281009
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15642.7 15836.1
1048576 167305 167499
4194304 648848 649042
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4065.89 3857.07
1048576 32883.8 32674.9
4194304 119226 119017
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 14627.1 14087.2
1048576 95771.9 96599
4194304 342209 343166
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 3019.12 7043.62
1048576 23219.5 48299.5
4194304 92555.3 171583
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 14627.1 14087.2
1048576 95771.9 96599
4194304 342209 343166
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 14264.1 14087.2
1048576 95408.8 96599
4194304 341846 343166
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 6998.9 6919.1
1048576 57454.7 57374.9
4194304 218913 218834
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 2872.06 2850.58
1048576 13782.1 14912.8
4194304 48694 48330
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 2872.05 2661.49
1048576 13782 13568.1
4194304 48693.9 48469.4
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.24 9213.62
1048576 42460.7 42654.1
4194304 149470 149664
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4919.59 4844.84
1048576 23311.9 23237.1
4194304 82167.2 82092.4
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.24 9213.62
1048576 42460.7 42654.1
4194304 149470 149664
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6969.91 7029.23
1048576 32886.3 32945.6
4194304 115819 115878
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.25 9213.62
1048576 42460.8 42654.1
4194304 149470 149664
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2872.04 2660.44
1048576 13782 13528.6
4194304 48693.9 48306.8
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 12525.3 12795.7
1048576 45157 47346.8
4194304 149043 157910
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19261.4
1048576 91208.3 92033
4194304 323954 324902
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 2872.04 2850.58
1048576 13782 14912.8
4194304 48693.9 48330
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 2527.37 2508.46
1048576 15106.8 14602.4
4194304 60104.2 59655.1
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 3124.85 3292.05
1048576 23272.8 23665.1
4194304 87746 88858.9
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 140746
4194304 541839 542032
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5671.24 5959.52
1048576 40783.7 41072
4194304 153144 153432
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 140746
4194304 541839 542032
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9226.37 9648.73
1048576 74435.3 74857.7
4194304 283104 283526
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 140746
4194304 541839 542032
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3124.85 3273.52
1048576 23272.8 23337.8
4194304 87746 87543.6
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19260.8
1048576 91208.3 92032.5
4194304 323954 324902
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 2527.36 2508.46
1048576 15106.8 14602.4
4194304 60104.2 59655.1
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 3019.13 -1
1048576 23219.6 -1
4194304 92555.3 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 4070.02 4252.48
1048576 38395.7 39032.2
4194304 148238 150327
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15642.7 15836.1
1048576 155765 155958
4194304 627866 628060
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5585.96 5874.27
1048576 36947.9 37525.7
4194304 218654 219232
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16101.7 16295.1
1048576 155765 155958
4194304 585902 586095
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9541.07 9963.43
1048576 71917.4 72339.8
4194304 325908 326330
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 17544.2 17737.6
1048576 168354 168548
4194304 653045 653238
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3709.06 3857.07
1048576 32620.4 32674.9
4194304 139006 139160
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 10630.9 14086.7
1048576 95771.9 96598.6
4194304 342209 343166
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 3019.12 7043.35
1048576 23219.5 48299.3
4194304 92555.3 171583
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 10476.9 14086.7
1048576 95408.8 96598.6
4194304 341846 343166
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 11152.4 14086.7
1048576 95771.9 96598.6
4194304 342209 343166
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 6635.85 6919.1
1048576 57091.7 57374.9
4194304 218550 218834
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "binomial_ucs_min" "native (x1.00)" 0 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "native" "native (x1.00)" 1 1.00
1048576 2 "native" "native (x1.00)" 1 1.00
4194304 2 "native" "native (x1.00)" 1 1.00
65536 3 "binomial_ucs_min" "native (x1.00)" 0 1.00
1048576 3 "native" "native (x1.00)" 1 1.00
4194304 3 "native" "native (x1.00)" 1 1.00
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

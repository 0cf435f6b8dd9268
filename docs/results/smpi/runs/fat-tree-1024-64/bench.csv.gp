# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 700.831 691.372
1048576 5716.91 8258.16
4194304 16321.7 16640.2
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 6533.17 6751.37
1048576 10301.5 10701.3
4194304 22360 23340.9
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 700.811 688.772
1048576 5716.89 5704.85
4194304 21768.3 21756.3
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 994.74 941.791
1048576 6926.45 5957.87
4194304 25908.1 22009.3
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 785.901 789.979
1048576 6608.65 5806.05
4194304 25335.3 21857.5
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 992.218 941.791
1048576 7003.75 5957.87
4194304 26265.5 22009.3
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 882.927 891.187
1048576 5891.11 5907.26
4194304 21942.6 21958.7
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 920.2 941.791
1048576 5982.26 5957.87
4194304 22167.5 22009.3
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 756.559 688.772
1048576 6608.65 5704.85
4194304 25335.3 21756.3
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 6533.17 6751.37
1048576 8937.25 9105.85
4194304 16321.7 16640.2
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 7976.98 8320.09
1048576 60645.8 60988.9
4194304 229186 229529
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 700.811 691.372
1048576 5716.89 8258.16
4194304 21768.3 21475.2
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 3837.39 3785.68
1048576 56506.2 55733.7
4194304 225046 222015
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 3837.37 3865.62
1048576 56506.2 56534.4
4194304 225046 225075
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 4232.88 4118.64
1048576 59576.9 56787.4
4194304 236678 225328
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3931.63 3966.83
1048576 57436.4 56635.6
4194304 228652 225176
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4918.66 4118.64
1048576 70795.6 56787.4
4194304 281605 225328
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4031.72 4068.03
1048576 56700.5 56736.8
4194304 225241 225277
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4073.02 4118.64
1048576 56783.6 56787.4
4194304 225458 225328
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3893.11 3865.62
1048576 57397.9 56534.4
4194304 228613 225075
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 7944.75 8320.09
1048576 60613.5 60988.9
4194304 229154 229529
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 3837.37 3785.68
1048576 56506.2 55733.7
4194304 225046 222015
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 3930.12 -1
1048576 57118.6 -1
4194304 228265 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 6096.56 6152.42
1048576 93062.9 93123.4
4194304 371370 371431
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 4585 4503.61
1048576 67066.3 62947.3
4194304 267207 249967
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4985.33 5037.76
1048576 74558.2 74602.5
4194304 297303 297347
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4578.77 4172.63
1048576 68841.4 57651.7
4194304 274866 228785
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4085.71 4122.03
1048576 57564.8 57601.1
4194304 228698 228734
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4484.24 4556.77
1048576 63768.9 63797.9
4194304 253472 253370
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4744.02 4696.46
1048576 71496.4 69828.3
4194304 285104 278250
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 7268.12 7685.88
1048576 61456.2 61845.4
4194304 232611 232986
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 3930.11 3842.94
1048576 57118.5 54757.1
4194304 228265 225121
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 7268.12 7685.88
1048576 61456.2 61845.4
4194304 232611 232986
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 7308.34 7685.88
1048576 61496.5 61845.4
4194304 232643 232986
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 4039.14 4071.42
1048576 57812 57852.4
4194304 233261 233302
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 284.965 280.918
1048576 2332.91 2253.73
4194304 7972.65 7865.25
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 660.517 688.773
1048576 5676.59 5704.86
4194304 21728 21756.3
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 991.939 941.792
1048576 7721.84 5957.88
4194304 29257.5 22009.4
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 754.781 789.98
1048576 6606.87 5806.07
4194304 25333.6 21857.6
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1086.93 941.792
1048576 9488.01 5957.88
4194304 36374.2 22009.4
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 854.874 891.188
1048576 5870.95 5907.28
4194304 21922.4 21958.8
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 896.177 941.792
1048576 5954.05 5957.88
4194304 22139.3 22009.4
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 716.265 688.773
1048576 6568.35 5704.86
4194304 25295 21756.3
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 6468.71 6751.38
1048576 8872.78 9105.86
4194304 16257.2 16640.2
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 7944.75 8320.1
1048576 60613.5 60989
4194304 229154 229530
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 284.723 280.918
1048576 2332.53 2253.73
4194304 7972.63 7865.25
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 3865.59 3865.62
1048576 56534.4 56534.4
4194304 225075 225075
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 3865.57 3865.62
1048576 56534.4 56534.4
4194304 225074 225075
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 4209.93 4118.64
1048576 58567.1 56787.4
4194304 232484 225328
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3962.75 3966.83
1048576 57438.2 56635.6
4194304 228654 225176
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4233.76 4118.64
1048576 58992.6 56787.4
4194304 234221 225328
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4051.87 4068.03
1048576 56732.8 56736.8
4194304 225273 225277
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4113.32 4118.64
1048576 56823.9 56787.4
4194304 225498 225328
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3933.4 3865.62
1048576 57438.2 56534.4
4194304 228654 225075
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 7976.98 8320.09
1048576 60645.8 60988.9
4194304 229186 229529
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 7753.33 7648.9
1048576 108075 106777
4194304 429104 423324
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 3930.12 -1
1048576 57118.5 -1
4194304 228265 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 6164.46 6152.42
1048576 93119.4 93123.4
4194304 371443 371431
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 4563.97 4503.61
1048576 64173.1 62947.3
4194304 255490 249967
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5033.68 5037.76
1048576 74614.6 74602.5
4194304 297359 297347
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4282.06 4172.63
1048576 59594.8 57651.7
4194304 236609 228785
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4117.95 4122.03
1048576 57593 57601.1
4194304 228730 228734
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4568.67 4556.77
1048576 65645.7 63797.9
4194304 261088 253370
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4688.35 4696.46
1048576 69832.3 69828.3
4194304 278254 278250
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 6817.72 7685.88
1048576 61450 61845.4
4194304 232643 232986
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 3930.11 3842.94
1048576 57118.5 54757.1
4194304 228265 225121
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 6817.73 7685.88
1048576 61433.8 61845.4
4194304 232643 232986
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 6910.96 7685.88
1048576 61460.3 61845.4
4194304 232611 232986
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 4647.55 4071.42
1048576 57824.1 57852.4
4194304 257098 233302
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "chain" "chain (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial" "binomial (x1.00)" 1 1.00
1048576 2 "binomial" "binomial (x1.00)" 1 1.00
4194304 2 "binomial" "binomial (x1.00)" 1 1.00
65536 3 "native" "native (x1.00)" 1 1.00
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
set title 'bcast, 64 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'reduce, 64 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'scatter, 64 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'gather, 64 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'scatterv, 64 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'gatherv, 64 processes, root 0: measured (solid, points) vs predicted (dashed)'
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

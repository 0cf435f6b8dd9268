# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 700.831 558.562
1048576 5716.91 7037.04
4194304 16321.7 16640.2
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 6525.12 6751.37
1048576 10293.4 10701.3
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
65536 1029.06 941.791
1048576 7717.16 5957.87
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
65536 1092.87 941.791
1048576 8616.98 5957.87
4194304 26265.5 22009.3
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 879.05 891.187
1048576 5895.14 5907.26
4194304 21942.6 21958.7
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 916.324 941.791
1048576 5986.29 5957.87
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
65536 692.752 558.562
1048576 5708.83 7037.04
4194304 21768.3 21278
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 3837.39 3750.94
1048576 56506.2 55222.2
4194304 225046 219978
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 3837.37 3865.62
1048576 56506.2 56534.4
4194304 225046 225075
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 4123.88 4118.64
1048576 57695.8 56787.4
4194304 225457 225328
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3931.63 3966.83
1048576 57436.4 56635.6
4194304 228652 225176
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4221.35 4118.64
1048576 57712.3 56787.4
4194304 228814 225328
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4031.72 4068.03
1048576 56700.5 56736.8
4194304 225241 225277
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4080.7 4118.64
1048576 57712.3 56787.4
4194304 225457 225328
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
65536 3837.37 3750.94
1048576 56506.2 55222.2
4194304 225046 219978
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
65536 4205.47 4225.79
1048576 64173.9 62453.4
4194304 245712 245687
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5022.54 5066.91
1048576 74667.9 74712.3
4194304 299286 299323
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4206.76 4225.79
1048576 59172.9 57651.7
4194304 236358 228785
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4085.71 4122.03
1048576 57564.8 57601.1
4194304 228698 228734
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4873.97 4937.48
1048576 66321.6 64648.5
4194304 276510 276418
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4713.15 4667.31
1048576 71002.5 69361.8
4194304 284234 277701
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 7268.12 7180.2
1048576 61456.2 61814.6
4194304 232611 232986
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 3930.11 3590.1
1048576 57118.5 54227.6
4194304 228265 223054
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 7268.12 7180.2
1048576 61456.2 61814.6
4194304 232611 232986
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 7308.34 7180.2
1048576 61496.5 61814.6
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
65536 284.965 278.339
1048576 2332.91 2245.73
4194304 7972.65 7793.06
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 660.517 688.773
1048576 5676.59 5704.86
4194304 21728 21756.3
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 944.25 941.792
1048576 6838.14 5957.88
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
65536 988.768 941.792
1048576 7676.87 5957.88
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
65536 903.852 941.792
1048576 5961.73 5957.88
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
65536 284.723 278.339
1048576 2332.53 2245.73
4194304 7972.63 7793.06
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 3869.62 3865.62
1048576 56538.4 56534.4
4194304 225075 225075
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 3861.54 3865.62
1048576 56538.3 56534.4
4194304 225058 225075
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 4257.61 4118.64
1048576 58562.8 56787.4
4194304 229944 225328
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3962.75 3966.83
1048576 57438.2 56635.6
4194304 228654 225176
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4492.65 4118.64
1048576 66572.5 56787.4
4194304 230654 225328
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
1048576 57671.1 56787.4
4194304 232453 225328
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3925.35 3865.62
1048576 57438.1 56534.4
4194304 228637 225075
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 7976.98 8320.09
1048576 60645.8 60988.9
4194304 229185 229529
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 7753.33 7578.7
1048576 108075 105797
4194304 429104 419439
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
65536 4200.3 4225.79
1048576 62952.6 62782.7
4194304 248030 247333
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5035.39 5039.47
1048576 74395.1 74383
4194304 299335 299323
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 4244.73 4225.79
1048576 58520 57651.7
4194304 229193 228785
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4117.96 4122.03
1048576 57593 57601.1
4194304 228730 228734
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 4994.52 4937.48
1048576 63493.8 63276.6
4194304 260375 257650
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4668.19 4677.6
1048576 69526.4 69526.5
4194304 277701 277701
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 6817.72 7180.2
1048576 61450 61814.6
4194304 232643 232986
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 3930.11 3590.1
1048576 57118.5 54227.6
4194304 228265 223054
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 6817.73 7180.2
1048576 61450 61814.6
4194304 232643 232986
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 6910.96 7180.2
1048576 61464.3 61814.6
4194304 232611 232986
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 4057.98 4071.42
1048576 60145 57852.4
4194304 233940 233302
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.01)" 1 1.01
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

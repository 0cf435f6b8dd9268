# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 2527.39 2598.27
1048576 13419 31382.2
4194304 48330.9 49687.2
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 9020.24 9213.62
1048576 65098.9 68743.2
4194304 250492 265781
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 2527.36 2660.44
1048576 13419 13565.4
4194304 48330.8 48461.2
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.24 9213.62
1048576 42460.8 42658.7
4194304 149470 149683
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
1048576 42460.7 42659.3
4194304 149470 149685
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6855.93 7029.23
1048576 32523.3 32947.7
4194304 115456 115887
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.24 9213.62
1048576 42460.7 42658.7
4194304 149470 149683
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2527.36 2660.44
1048576 13419 13566.9
4194304 48330.8 48467.7
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 11799.2 12795.7
1048576 44368.2 47346.8
4194304 148254 157910
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19260.3
1048576 91208.3 92034.3
4194304 323954 324911
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 2527.34 2598.27
1048576 13419 31382.2
4194304 48330.8 49687.2
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 3487.95 3585.8
1048576 23635.8 24375.4
4194304 88109.1 90581.7
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 3487.93 3290.47
1048576 23635.8 23645.9
4194304 88109.1 88783.1
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15345.6
1048576 140553 140771
4194304 541839 542131
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6034.28 5959.52
1048576 41146.8 41072
4194304 153507 153432
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15345.6
1048576 140553 140770
4194304 541839 542128
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9589.43 9648.73
1048576 74798.4 74859.8
4194304 283467 283535
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 15345.6
1048576 140553 140771
4194304 541839 542131
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3487.92 3276
1048576 23635.9 23415.9
4194304 88109.2 87863.5
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19260.3
1048576 91208.3 92034.3
4194304 323954 324911
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 3487.93 3585.8
1048576 23635.8 24375.4
4194304 88109.1 90581.7
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 3019.15 -1
1048576 23219.6 -1
4194304 92555.3 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 4433.09 4250.36
1048576 38758.8 39004.3
4194304 148601 150217
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 17282 17476.7
1048576 174649 174869
4194304 678224 678523
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6670.32 6595.52
1048576 56767.9 56619.6
4194304 226095 225947
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16364 16558.7
1048576 159961 160181
4194304 619473 619772
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 10258.2 10317.6
1048576 85499.3 85562.1
4194304 326271 326345
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 17544.2 17739
1048576 178845 179066
4194304 695009 695311
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4210.15 4006.79
1048576 35191.8 35108.8
4194304 134333 134635
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 14627.3 15560.1
1048576 95771.9 96602.1
4194304 342209 343182
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 3019.14 7780.03
1048576 23219.5 48301.1
4194304 92555.3 171591
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 14627.1 15560.1
1048576 95771.9 96602.1
4194304 342209 343182
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 14264.1 15560.1
1048576 95408.8 96602.1
4194304 341846 343182
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 6998.92 6919.27
1048576 57454.7 57378.7
4194304 218913 218849
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 2872.08 2660.44
1048576 13782.1 13565.4
4194304 48694 48461.2
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 2872.06 2660.44
1048576 13782 13565.4
4194304 48693.9 48461.2
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 9213.62
1048576 42460.8 42658.7
4194304 149470 149683
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4919.59 4844.84
1048576 23311.9 23237.1
4194304 82167.2 82092.4
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.25 9213.62
1048576 42460.8 42659.3
4194304 149470 149685
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6969.93 7029.23
1048576 32886.3 32947.7
4194304 115819 115887
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 9213.62
1048576 42460.8 42658.7
4194304 149470 149683
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2872.06 2660.44
1048576 13782 13566.9
4194304 48693.9 48467.7
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 12525.3 12795.7
1048576 45157 47346.8
4194304 149043 157910
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19260.3
1048576 91208.3 92034.4
4194304 323954 324911
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 3912.1 4021.97
1048576 28066.2 30247.7
4194304 87908 90033.4
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 3124.87 3276
1048576 23272.8 23415.9
4194304 87746.1 87863.5
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 3124.85 3290.47
1048576 23272.8 23645.9
4194304 87746 88783.1
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15345.6
1048576 140553 140771
4194304 541839 542131
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5671.22 5959.52
1048576 40783.8 41072
4194304 153144 153432
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15345.6
1048576 140553 140770
4194304 541839 542128
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9226.37 9648.73
1048576 74435.4 74859.8
4194304 283104 283535
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 15345.6
1048576 140553 140771
4194304 541839 542131
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3124.85 3276
1048576 23272.8 23415.9
4194304 87746 87863.5
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 19260.3
1048576 91208.3 92034.3
4194304 323954 324911
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 10595.8 6580.94
1048576 62428.6 47291.7
4194304 228293 177566
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 3019.14 -1
1048576 23219.6 -1
4194304 92555.3 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 4070.02 4250.36
1048576 38395.7 39004.3
4194304 148238 150217
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 17282 17476.7
1048576 174649 174869
4194304 678224 678523
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6307.26 6595.52
1048576 56041.8 56619.6
4194304 217815 218393
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16364 16558.7
1048576 159961 160181
4194304 619473 619772
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9895.14 10317.6
1048576 85136.3 85562.1
4194304 325908 326345
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 17544.2 17739
1048576 178845 179066
4194304 695009 695311
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3848.73 4006.79
1048576 34855 35108.8
4194304 134075 134635
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 10630.9 15560.1
1048576 95771.9 96602.1
4194304 342209 343182
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 3019.13 7780.03
1048576 23219.5 48301.1
4194304 92555.3 171591
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 10476.9 15560.1
1048576 95408.8 96602.1
4194304 341846 343182
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 11152.4 15560.1
1048576 95771.9 96602.1
4194304 342209 343182
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 6635.85 6919.27
1048576 57091.7 57378.7
4194304 218550 218849
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "binomial" "native (x1.00)" 0 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "binomial" "binomial (x1.00)" 1 1.00
1048576 1 "binomial" "binomial (x1.00)" 1 1.00
4194304 1 "binomial" "binomial (x1.00)" 1 1.00
65536 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
1048576 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
4194304 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
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

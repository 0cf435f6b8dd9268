# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 2527.39 2527.34
1048576 13419 13419
4194304 48330.9 48330.8
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 5756.88 6379.98
1048576 83157 92371
4194304 349616 376478
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 2527.34 2542.92
1048576 13419 13800.5
4194304 48330.8 49824.8
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.25 9213.62
1048576 42460.8 42654.1
4194304 149470 162136
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4691.64 4764.54
1048576 22948.8 23386.4
4194304 81804.1 87133.7
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 9213.62
1048576 42460.8 42654.1
4194304 146557 162136
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6855.93 6989.08
1048576 32523.2 33020.3
4194304 115456 124635
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.23 9213.62
1048576 42460.7 42654.1
4194304 149470 157979
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2527.34 2540
1048576 13419 13752.5
4194304 48330.8 49632.5
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 11799.2 8785.51
1048576 63981.1 43336.6
4194304 230954 153900
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 18982.2
1048576 91208.3 92563.9
4194304 323954 328025
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 2527.34 2527.34
1048576 13419 13419
4194304 48330.8 48330.8
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 3487.95 3487.92
1048576 23635.8 23635.8
4194304 88109.1 88109.1
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 3487.91 3260.74
1048576 23635.8 25285.8
4194304 88109.1 95765.8
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 146210
4194304 541839 577316
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6034.27 5955.74
1048576 41146.8 42445.6
4194304 153507 163371
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 146210
4194304 539289 577316
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9589.44 9662.15
1048576 74798.4 76975.8
4194304 283467 301414
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 146210
4194304 541839 573158
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3487.92 3237.25
1048576 23635.8 24908.5
4194304 88109.1 94256.4
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 18982.2
1048576 91208.3 92562.9
4194304 323954 328021
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 3487.94 3487.92
1048576 23635.8 23635.8
4194304 88109.1 88109.1
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 3298.92 2527.33
1048576 23236.4 15106.8
4194304 92572.2 60104.2
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 4433.09 4285.6
1048576 38758.8 41683.8
4194304 148601 161358
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15642.7 15836.1
1048576 148421 149207
4194304 610230 623818
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4830.19 4482.26
1048576 52361.6 55457.3
4194304 200916 215896
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16101.7 16295.1
1048576 170851 181227
4194304 625316 674413
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9432.04 9514.65
1048576 85499.3 86447.1
4194304 326271 330027
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15970.6 16163.9
1048576 150719 158903
4194304 585052 623930
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3934.76 3684.26
1048576 37080.2 39219.9
4194304 141047 150547
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 14627.3 16797.6
1048576 95771.9 97179.7
4194304 342209 346489
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 3019.14 2527.33
1048576 23219.5 15106.8
4194304 92555.3 60104.2
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 14627.1 16797.6
1048576 95771.9 97179.7
4194304 342209 346489
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 14264.1 16797.6
1048576 95408.8 97179.7
4194304 341846 346489
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 10376.2 10444.4
1048576 57454.7 58666.7
4194304 218913 224144
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 2872.08 2542.86
1048576 13782 13752.5
4194304 48693.9 49632.6
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 2872.05 2542.86
1048576 13782 13799.6
4194304 48693.9 49821.2
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 9213.62
1048576 42460.8 42654.1
4194304 149470 162136
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4919.59 4764.54
1048576 23311.9 23386.4
4194304 82167.1 87133.7
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 9213.62
1048576 42460.8 42654.1
4194304 146920 162136
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6969.93 6989.08
1048576 32886.3 33020.3
4194304 115819 124635
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 9213.62
1048576 42460.8 42654.1
4194304 149470 157979
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2872.06 2540
1048576 13782 13752.5
4194304 48693.9 49632.6
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 12525.3 8785.51
1048576 64704.4 43336.6
4194304 231678 153900
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 18982.2
1048576 91208.3 92563
4194304 323954 328022
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 3912.91 3912.18
1048576 28066.2 27328.7
4194304 87908 87908
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 3124.87 3237.25
1048576 23272.8 24908.5
4194304 87746.1 94256.4
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 3124.85 3261.2
1048576 23272.8 25293.1
4194304 87746 95795.2
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 146210
4194304 541839 577316
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5671.24 5955.74
1048576 40783.8 42445.6
4194304 153144 163371
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 146210
4194304 538926 577316
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9226.37 9662.15
1048576 74435.3 76975.8
4194304 283104 301414
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 15344.4
1048576 140553 146210
4194304 541839 573158
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3124.85 3237.25
1048576 23272.8 24908.5
4194304 87746 94256.4
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 18982.2
1048576 91208.3 92563.9
4194304 323954 328025
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 10595.8 10595.8
1048576 62428.5 62428.6
4194304 228293 228293
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 3298.92 2527.32
1048576 23236.6 15106.8
4194304 92572.4 60104.2
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 4070.02 4286.28
1048576 38395.7 41694.6
4194304 148238 161401
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15642.7 15836.1
1048576 158261 166625
4194304 601837 627081
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4104.4 4482.26
1048576 56251.6 60466.5
4194304 200190 215896
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16101.7 16295.1
1048576 148421 156134
4194304 599774 645209
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9068.96 9514.65
1048576 85171.5 91492.9
4194304 332238 359483
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 17544.2 17737.6
1048576 148620 154371
4194304 576659 597410
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3709.06 3833.4
1048576 36507.3 38981.2
4194304 140684 150547
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 10630.9 16797.7
1048576 95771.9 97180.7
4194304 342209 346493
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 3019.14 2527.32
1048576 23219.5 15106.8
4194304 92555.3 60104.2
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 10476.9 16797.7
1048576 95408.8 97180.7
4194304 341846 346493
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 11152.4 16797.7
1048576 95771.9 97180.7
4194304 342209 346493
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 10013.2 10444.4
1048576 57091.7 58666.7
4194304 218550 224144
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "binomial" "binomial (x1.00)" 1 1.00
1048576 1 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
4194304 1 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
65536 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
1048576 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
4194304 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
65536 3 "binomial" "native (x1.00)" 0 1.00
1048576 3 "binomial" "native (x1.00)" 0 1.00
4194304 3 "binomial" "native (x1.00)" 0 1.00
65536 4 "native" "native (x1.09)" 1 1.09
1048576 4 "native" "native (x1.00)" 1 1.00
4194304 4 "native" "native (x1.00)" 1 1.00
65536 5 "native" "native (x1.09)" 1 1.09
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

# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 2527.39 2241.97
1048576 13419 20040.1
4194304 48330.9 42873.6
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 11184.5 7388.59
1048576 80056.3 54784.4
4194304 304143 209576
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 2527.36 1745.79
1048576 13419 12896.9
4194304 48330.8 48580.6
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.25 5910.89
1048576 42460.8 40237.1
4194304 149470 150082
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4691.64 3133.78
1048576 22948.8 21983.9
4194304 81804.4 82304.1
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.23 5910.89
1048576 42460.7 40236.8
4194304 149470 150080
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6855.93 4522.27
1048576 32523.3 31110.7
4194304 115456 116192
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.24 5910.89
1048576 42460.7 40237.4
4194304 149470 150083
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2527.36 1745.25
1048576 13419 12858.3
4194304 48330.8 48420
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 11799.2 9042.72
1048576 44368.2 31208.5
4194304 148254 102139
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 12446.5
1048576 91208.3 87042.6
4194304 323954 325750
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 2527.34 2241.97
1048576 13419 20040.1
4194304 48330.8 42873.6
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 3487.95 3094.08
1048576 23635.8 21344.5
4194304 88109.1 78160.4
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 3487.93 2382.29
1048576 23635.8 23080.9
4194304 88109.1 89316.6
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 12204.2
1048576 140553 140931
4194304 541839 552858
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6034.27 4268.51
1048576 41146.8 40139.6
4194304 153507 154927
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 12204.2
1048576 140553 140930
4194304 541839 552855
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9589.42 7204.44
1048576 74798.4 74025.4
4194304 283467 287849
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 12204.2
1048576 140553 140931
4194304 541839 552858
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3487.92 2364.18
1048576 23635.8 22761.2
4194304 88109.1 88031.5
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 12446.5
1048576 91208.3 87042.6
4194304 323954 325750
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 3487.92 3094.08
1048576 23635.8 21344.5
4194304 88109.1 78160.4
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 3019.14 -1
1048576 23219.6 -1
4194304 92555.3 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 4433.09 3359.86
1048576 38758.8 38722.1
4194304 148601 151881
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15708.3 12776.1
1048576 159961 160854
4194304 699206 714385
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6617.83 4867.06
1048576 36845.4 35735.2
4194304 179934 181741
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15970.6 13045.4
1048576 175698 177005
4194304 682420 697154
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9786.11 7405.8
1048576 72280.5 71422
4194304 401786 407722
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 17150.8 14256.9
1048576 181993 183469
4194304 707599 723010
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3974.1 2868.94
1048576 33513.2 32955.7
4194304 127619 128810
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 14627.3 12739
1048576 95771.9 91723.6
4194304 342209 344474
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 3019.13 6369.49
1048576 23219.5 45861.8
4194304 92555.3 172237
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 14627.1 12739
1048576 95771.9 91723.6
4194304 342209 344474
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 14264.1 12739
1048576 95408.8 91723.6
4194304 341846 344474
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 10376.2 8012.69
1048576 57454.7 56923.7
4194304 218913 222162
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 2872.07 1745.25
1048576 13782 12858.3
4194304 48693.9 48420
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 2872.05 1745.79
1048576 13782 12896.9
4194304 48693.9 48580.6
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 5910.89
1048576 42460.8 40237.1
4194304 149470 150082
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4919.59 3133.78
1048576 23311.9 21983.9
4194304 82167.1 82304.2
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 9020.25 5910.89
1048576 42460.8 40236.8
4194304 149470 150080
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6969.92 4522.27
1048576 32886.3 31110.7
4194304 115819 116192
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9020.26 5910.89
1048576 42460.8 40237.4
4194304 149470 150083
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2872.05 1745.25
1048576 13782 12858.3
4194304 48693.9 48420
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 12525.3 9042.72
1048576 45157 31208.5
4194304 149043 102139
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 12446.5
1048576 91208.3 87042.6
4194304 323954 325750
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 3912.09 3470.44
1048576 28066.2 24340.7
4194304 87907.9 77981.9
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 3124.87 2364.18
1048576 23272.8 22761.2
4194304 87746.1 88031.5
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 3124.85 2382.29
1048576 23272.8 23080.9
4194304 87746 89316.6
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15151 12204.2
1048576 140553 140931
4194304 541839 552858
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5671.21 4268.51
1048576 40783.8 40139.6
4194304 153144 154927
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15151 12204.2
1048576 140553 140930
4194304 541839 552855
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9226.37 7204.44
1048576 74435.4 74025.4
4194304 283104 287849
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15151 12204.2
1048576 140553 140931
4194304 541839 552858
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3124.85 2364.18
1048576 23272.8 22761.2
4194304 87746 88031.5
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 18475.2 12446.5
1048576 91208.3 87042.6
4194304 323954 325750
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 10595.8 4764.58
1048576 62428.6 46161.8
4194304 228293 178633
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 3019.15 -1
1048576 23219.6 -1
4194304 92555.3 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 4070.02 3359.86
1048576 38395.7 38722.1
4194304 148238 151881
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15708.3 12776.1
1048576 159961 160854
4194304 699206 714385
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 6254.78 4867.06
1048576 36482.4 35735.2
4194304 179208 181741
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15970.6 13045.4
1048576 175698 177005
4194304 682420 697154
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9423.03 7405.8
1048576 71917.4 71422
4194304 401060 407722
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 17150.8 14256.9
1048576 181993 183469
4194304 707599 723010
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3611.04 2868.94
1048576 33150.2 32955.7
4194304 127403 128810
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 10630.9 12739
1048576 95771.9 91723.6
4194304 342209 344474
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 3019.13 6369.49
1048576 23219.5 45861.8
4194304 92555.3 172237
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 10476.9 12739
1048576 95408.8 91723.6
4194304 341846 344474
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 11152.4 12739
1048576 95771.9 91723.6
4194304 342209 344474
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 10013.2 8012.69
1048576 57091.7 56923.7
4194304 218550 222162
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
1048576 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
4194304 1 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
65536 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
1048576 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
4194304 2 "binomial" "binomial_ucs_min (x1.00)" 0 1.00
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

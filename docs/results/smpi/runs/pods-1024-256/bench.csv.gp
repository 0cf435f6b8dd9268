# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 1346.38 1284.02
1048576 12472.6 25786.5
4194304 48320.9 46083.5
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 126387 130536
1048576 152368 157321
4194304 235507 243032
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 1346.36 1341.75
1048576 12472.6 12544.3
4194304 48320.8 48392.5
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 8358.49 8331.8
1048576 75239.5 75212.8
4194304 289259 289232
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3090.07 3437.02
1048576 30234.8 30691
4194304 117448 117904
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 8345.9 8331.8
1048576 75226.9 75212.8
4194304 289246 289232
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5976.33 6409.14
1048576 57003.3 57740.3
4194304 221263 222000
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 8207.12 7990.22
1048576 75088.1 74871.2
4194304 289107 288890
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1358.95 1282.99
1048576 11938.5 11984
4194304 46181.6 46227
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 77279 80873.6
1048576 97267 96827.8
4194304 155487 147881
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 74344.4 76875.9
1048576 705159 707898
4194304 2.72443e+06 2.72717e+06
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 1346.36 1284.02
1048576 12472.6 25786.5
4194304 48320.8 46083.5
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 7312.78 6954.88
1048576 101615 97278
4194304 403382 387396
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 7332.98 6881.72
1048576 101635 101184
4194304 403402 402951
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 146144 145995
1048576 2.27798e+06 2.27783e+06
4194304 9.09984e+06 9.09969e+06
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11646.9 11317.8
1048576 157113 156784
4194304 622605 622276
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 146144 145995
1048576 2.27798e+06 2.27783e+06
4194304 9.09984e+06 9.09969e+06
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 44740.1 44520.2
1048576 667737 667517
4194304 2.66133e+06 2.66111e+06
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 145830 145654
1048576 2.27766e+06 2.27749e+06
4194304 9.09952e+06 9.09935e+06
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 7242.81 6789.53
1048576 100542 100089
4194304 399099 398645
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 74577.8 76875.9
1048576 705600 707898
4194304 2.72487e+06 2.72717e+06
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 7292.54 6954.88
1048576 101595 97278
4194304 403362 387396
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 6420.12 -1
1048576 94685.3 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 11697.7 11246.4
1048576 171472 171020
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 165897 165642
1048576 2.60478e+06 2.60452e+06
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15526.1 15176.9
1048576 218880 218530
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 127312 127142
1048576 1.97636e+06 1.97619e+06
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 45063.7 44781.2
1048576 682123 681812
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 223089 222893
1048576 3.51353e+06 3.51333e+06
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 9995.52 9562.46
1048576 144890 144457
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 67165 69951.2
1048576 712103 714482
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 6420.09 34975.6
1048576 94685.3 357241
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 67184.4 69951.2
1048576 712123 714482
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 66705.9 69951.2
1048576 711644 714482
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 35926.8 35698.7
1048576 552005 551818
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 1695.85 1282.99
1048576 12396.8 11984
4194304 46639.9 46227.1
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 1752.56 1341.75
1048576 12955.1 12544.3
4194304 48803.3 48392.6
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 8521.5 8331.8
1048576 75402.5 75212.8
4194304 289422 289232
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3766.05 3437.02
1048576 31020.1 30691
4194304 118233 117904
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 8501.28 8331.8
1048576 75382.3 75212.8
4194304 289401 289232
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 6649.32 6409.14
1048576 57980.5 57740.3
4194304 222240 222000
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 8186.9 7990.22
1048576 75067.9 74871.2
4194304 289087 288891
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1695.82 1282.99
1048576 12396.8 11984
4194304 46639.9 46227.1
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 78236 80873.7
1048576 97260.1 96827.9
4194304 154506 147881
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 74577.8 76876
1048576 705600 707899
4194304 2.72487e+06 2.72717e+06
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 2831.87 2700.95
1048576 18435 17521.2
4194304 61763.4 58904.4
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 6744.1 6789.53
1048576 100043 100089
4194304 398600 398645
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 6810.02 6881.72
1048576 101112 101184
4194304 402879 402951
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 146022 145995
1048576 2.27785e+06 2.27783e+06
4194304 9.09972e+06 9.09969e+06
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 10861.6 11317.8
1048576 156328 156784
4194304 621820 622276
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 146009 145995
1048576 2.27784e+06 2.27783e+06
4194304 9.0997e+06 9.09969e+06
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 43783.1 44520.2
1048576 666780 667517
4194304 2.66037e+06 2.66111e+06
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 145871 145654
1048576 2.2777e+06 2.27749e+06
4194304 9.09957e+06 9.09935e+06
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 6744.08 6789.53
1048576 100043 100089
4194304 398600 398645
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 74344.4 76875.9
1048576 705159 707898
4194304 2.72443e+06 2.72717e+06
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 14235.2 13576.1
1048576 197155 188862
4194304 782497 752116
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 6420.12 -1
1048576 94685.3 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 11174.7 11246.4
1048576 170949 171020
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 165872 165642
1048576 2.60475e+06 2.60452e+06
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 14548.9 15176.9
1048576 217902 218530
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 126833 127142
1048576 1.97588e+06 1.97619e+06
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 44415.3 44781.2
1048576 681644 681812
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 223110 222893
1048576 3.51355e+06 3.51333e+06
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 9499.67 9562.46
1048576 144373 144457
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 49272.4 69951.2
1048576 710258 714482
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 6420.1 34975.6
1048576 94685.3 357241
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 48909 69951.2
1048576 710164 714482
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 49713.5 69951.2
1048576 710650 714482
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 34929.3 35698.7
1048576 551008 551818
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "binomial_ucs_min" "native (x1.04)" 0 1.04
4194304 0 "binomial_ucs_min" "native (x1.05)" 0 1.05
65536 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
1048576 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
4194304 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
65536 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
1048576 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
4194304 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
65536 3 "binomial_ucs_min" "native (x1.01)" 0 1.01
1048576 3 "binomial_ucs_min" "native (x1.01)" 0 1.01
4194304 3 "binomial_ucs_min" "native (x1.01)" 0 1.01
65536 4 "native" "native (x1.00)" 1 1.00
1048576 4 "native" "native (x1.00)" 1 1.00
65536 5 "native" "native (x1.00)" 1 1.00
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

# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 998.625 754.796
1048576 7686.72 16702
4194304 29088.6 25570.1
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 26458.3 27476.4
1048576 30218.7 31426.3
4194304 42277.2 44065.9
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 998.605 1002.7
1048576 7686.71 7690.8
4194304 29088.6 29092.7
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1436.63 1255.72
1048576 12343.9 7943.82
4194304 47268.7 29345.7
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1229 1154.51
1048576 9559.07 7842.61
4194304 36771.5 29244.5
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1544.82 1255.72
1048576 13071.3 7943.82
4194304 49510.9 29345.7
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1184.91 1205.12
1048576 8499.72 7893.22
4194304 32576.9 29295.1
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 1457.1 1255.72
1048576 11531.2 7943.82
4194304 43759.8 29345.7
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1611.83 1002.7
1048576 17496.1 7690.8
4194304 68325.6 29092.7
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 26458.5 27476.4
1048576 29245.1 29830.9
4194304 36656.9 37365.2
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 36565.1 38457.4
1048576 249748 251641
4194304 931935 933827
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 998.412 754.796
1048576 7678.65 16702
4194304 29080.6 25570.1
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 14724.7 12943.6
1048576 227908 200302
4194304 910094 799739
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 14724.7 14769
1048576 227908 227952
4194304 910094 910138
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15346.6 15022.1
1048576 234713 228205
4194304 936678 910392
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15053 14920.9
1048576 231285 228104
4194304 923320 910290
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16188.2 15022.1
1048576 248326 228205
4194304 991078 910392
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14919 14971.5
1048576 228102 228155
4194304 910420 910341
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15487.8 15022.1
1048576 237198 228205
4194304 946672 910392
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 15305.6 14769
1048576 237685 227952
4194304 949299 910138
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 36532.9 38457.4
1048576 249716 251641
4194304 931902 933827
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 14724.7 12943.6
1048576 227908 200302
4194304 910094 799739
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 15574.6 -1
1048576 228422 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 24121.8 24188.4
1048576 378588 378664
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 19087.6 19061.9
1048576 294592 292845
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 19216.6 19188.4
1048576 297924 296387
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16954.6 15077.3
1048576 262136 229090
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14974.2 15026.6
1048576 228987 229039
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 18956.4 18126.3
1048576 292579 277876
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 18851.7 17981.3
1048576 294290 279351
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 30415 29924
1048576 250449 252256
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 15574.6 11143.2
1048576 228422 190336
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 30415 29924
1048576 250449 252256
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 30455.1 29924
1048576 250489 252256
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 14974.2 15026.6
1048576 231106 230819
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 355.348 312.108
1048576 2440.29 2119.14
4194304 8316.1 7309.77
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 958.311 1002.7
1048576 7646.41 7690.82
4194304 29048.3 29092.8
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1337.83 1255.72
1048576 10572.3 7943.84
4194304 40116.1 29345.8
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1200.27 1154.51
1048576 9639.89 7842.63
4194304 36746.2 29244.6
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1497.81 1255.72
1048576 13285 7943.84
4194304 50913.8 29345.8
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1152.67 1205.12
1048576 7840.77 7893.24
4194304 29374.1 29295.2
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 1545.92 1255.72
1048576 14127.9 7943.84
4194304 54390.3 29345.8
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1256.54 1002.7
1048576 12960.7 7690.82
4194304 50414.1 29092.8
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 26394 27476.4
1048576 29180.7 29830.9
4194304 36592.4 37365.2
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 36532.9 38457.4
1048576 249716 251641
4194304 931902 933829
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 355.011 312.108
1048576 2439.81 2119.14
4194304 8315.53 7309.77
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 14764.9 14769
1048576 227948 227952
4194304 910134 910138
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 14764.9 14769
1048576 227948 227952
4194304 910134 910138
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15706 15022.1
1048576 239766 228205
4194304 956730 910392
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15060 14920.9
1048576 231827 228104
4194304 925550 910290
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 18553.7 15022.1
1048576 284756 228205
4194304 1.13709e+06 910392
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14951.2 14971.5
1048576 228757 228155
4194304 913619 910341
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15287.7 15022.1
1048576 232818 228205
4194304 928916 910392
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 15712.6 14769
1048576 243108 227952
4194304 970773 910138
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 36565.1 38457.4
1048576 249748 251641
4194304 931935 933827
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 29975.6 26349.8
1048576 449654 396053
4194304 1.79262e+06 1.58131e+06
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 15566.5 -1
1048576 228422 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 24184.3 24188.4
1048576 378644 378664
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 19480.5 19061.9
1048576 300402 292845
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 19840.3 19188.4
1048576 305350 296387
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15996.1 15077.3
1048576 243369 229090
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 15045.1 15026.6
1048576 229461 229039
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 18634.4 18126.3
1048576 286727 277876
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 18259.3 17981.3
1048576 289164 279351
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 27311.3 29924
1048576 250351 252256
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 15558.5 11143.2
1048576 228398 190336
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 27307.3 29924
1048576 250347 252256
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 27493.7 29924
1048576 250385 252256
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 15587.4 15026.6
1048576 246438 230819
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial" "binomial (x1.00)" 1 1.00
1048576 2 "binomial" "binomial (x1.00)" 1 1.00
4194304 2 "binomial" "binomial (x1.00)" 1 1.00
65536 3 "native" "native (x1.00)" 1 1.00
1048576 3 "native" "native (x1.00)" 1 1.00
4194304 3 "native" "native (x1.00)" 1 1.00
65536 4 "binomial_dfs_min" "native (x1.03)" 0 1.03
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

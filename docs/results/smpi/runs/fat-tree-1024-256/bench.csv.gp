# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 998.625 857.667
1048576 7686.72 15590.1
4194304 29088.6 24983.2
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 26447.5 27577.6
1048576 30222.7 32286.5
4194304 42281.2 47355.2
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 998.605 1205.12
1048576 7686.71 7893.22
4194304 29088.6 29295.1
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1535.09 1255.73
1048576 13619 7943.83
4194304 53015.4 29345.8
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1272 1154.51
1048576 9633.61 7842.61
4194304 36942.2 29244.5
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1495.14 1255.73
1048576 12257.8 7943.83
4194304 46867.1 29345.8
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1176.18 1205.12
1048576 8501.49 7893.22
4194304 32576.9 29295.1
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 1501.76 1255.73
1048576 13160.7 7943.83
4194304 50856.9 29345.8
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1603.77 1002.7
1048576 17386.8 7690.8
4194304 68216.4 29092.7
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 26458.5 27527
1048576 29245.1 29881.5
4194304 36656.9 37415.8
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 36561.1 38457.4
1048576 249744 251641
4194304 931931 933827
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 986.516 857.667
1048576 7674.52 15590.1
4194304 29072.5 24983.2
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 14724.7 12646.5
1048576 227908 195532
4194304 910094 780175
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 14724.7 14971.5
1048576 227908 228155
4194304 910094 910341
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15718.7 15022.1
1048576 241665 228205
4194304 964773 910392
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15097.6 14920.9
1048576 232520 228104
4194304 928330 910290
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15816.4 15022.1
1048576 242368 228205
4194304 967358 910392
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14919 14971.5
1048576 228102 228155
4194304 910420 910341
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15643.3 15022.1
1048576 239396 228205
4194304 955509 910392
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 15361.3 14769
1048576 238577 227952
4194304 952866 910138
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 36532.9 38457.4
1048576 249716 251641
4194304 931902 933827
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 14724.7 12646.5
1048576 227908 195532
4194304 910094 780175
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 15574.6 -1
1048576 228422 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 24121.8 24384.8
1048576 378588 378770
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 19650.8 18940.5
1048576 303430 290902
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 19316 19178.9
1048576 299625 296234
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16245.6 15077.3
1048576 249731 229090
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14974.2 15026.6
1048576 228987 229039
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 19094.8 18315
1048576 295289 280895
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 18828.2 17973.1
1048576 293796 279219
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 30415 34230.2
1048576 250449 252408
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 15574.6 17115.1
1048576 228422 178824
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 30415 34230.2
1048576 250449 252408
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 30455.1 34230.2
1048576 250489 252408
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 14974.2 15026.6
1048576 231106 230819
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 355.348 304.945
1048576 2440.29 2051.77
4194304 8316.1 7142
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 958.311 1205.12
1048576 7646.41 7893.24
4194304 29048.3 29295.2
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1445.75 1255.73
1048576 12428.6 7943.85
4194304 47858.8 29345.8
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1210.36 1154.51
1048576 10485.9 7842.63
4194304 40193.7 29244.6
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1456.61 1255.73
1048576 12366.6 7943.85
4194304 47278.4 29345.8
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1152.67 1205.12
1048576 7840.77 7893.24
4194304 29374.1 29295.2
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 1514.7 1255.73
1048576 13292.6 7943.85
4194304 50968.9 29345.8
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1268.63 1002.7
1048576 12972.8 7690.82
4194304 50426.2 29092.8
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 26410.1 27527
1048576 29196.8 29881.5
4194304 36608.6 37415.8
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 36532.9 38457.4
1048576 249716 251641
4194304 931902 933829
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 355.011 304.945
1048576 2439.81 2051.77
4194304 8315.53 7142
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 14765 14971.5
1048576 243346 227952
4194304 931918 933827
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 14756.9 14971.5
1048576 227937 228155
4194304 910118 910341
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 16410.4 15022.1
1048576 250948 228205
4194304 1.00238e+06 910392
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 15073.5 14920.9
1048576 231930 228104
4194304 926004 910290
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 16612.8 15022.1
1048576 253976 228205
4194304 1.01367e+06 910392
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 14947.2 14971.5
1048576 228761 228155
4194304 913623 910341
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15689.9 15022.1
1048576 241502 228205
4194304 963847 910392
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 15735.7 14769
1048576 243354 227952
4194304 973005 910138
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 36561.1 38457.4
1048576 249732 251641
4194304 931931 933827
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 29975.6 25745
1048576 449654 386621
4194304 1.79262e+06 1.54262e+06
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 15574.6 -1
1048576 228422 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 24184.3 24384.8
1048576 378644 378770
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 19366.6 18940.5
1048576 303374 290902
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 20016.2 19178.9
1048576 308248 296234
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 17871.1 15077.3
1048576 273414 229090
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 15045.1 15026.6
1048576 229461 229039
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 19020.4 18315
1048576 294330 280895
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 18378.4 17973.1
1048576 284190 279219
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 27311.3 34230.2
1048576 250351 252408
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 15558.5 17115.1
1048576 228406 178824
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 27307.3 34230.2
1048576 250347 252408
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 27493.7 34230.2
1048576 250385 252408
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 15302.3 15026.6
1048576 248803 230819
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.01)" 1 1.01
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial" "binomial (x1.00)" 1 1.00
1048576 2 "binomial" "binomial_ucs_min (x1.07)" 0 1.07
4194304 2 "binomial" "flat (x1.02)" 0 1.02
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

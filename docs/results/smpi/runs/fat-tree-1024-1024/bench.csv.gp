# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 1296.42 863.102
1048576 9656.54 40590.4
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 106156 110478
1048576 109928 115187
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 1296.4 1367.24
1048576 9656.52 9727.36
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1810.79 1569.65
1048576 16748.5 9929.78
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1643.52 1468.44
1048576 15571.3 9828.57
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1882.04 1569.65
1048576 15803.9 9929.78
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1482.7 1519.05
1048576 10465.5 9879.17
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 2969.41 1569.65
1048576 33091.5 9929.78
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4474.02 1316.63
1048576 60486.9 9676.76
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 106160 110427
1048576 109965 112781
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 150918 159007
1048576 1.00616e+06 1.01425e+06
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 1293.16 863.102
1048576 9656.52 40590.4
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 57714.8 38424.8
1048576 912956 606724
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 57714.8 57826
1048576 912956 913067
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 61515.3 58028.4
1048576 974964 913269
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 58849.6 57927.2
1048576 929246 913168
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 59438.6 58028.4
1048576 939444 913269
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 57909.2 57977.8
1048576 913150 913219
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 60600.5 58028.4
1048576 966337 913269
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 60811.8 57775.3
1048576 958396 913016
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 150885 159007
1048576 1.00613e+06 1.01425e+06
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 57714.8 38424.8
1048576 912956 606724
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 58385.3 58033
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 95653.8 95730
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 74831.7 73908.4
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 74146.4 73846.1
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 59117.8 58083.6
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 57964.4 58033
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 74356.1 70769.8
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 73608.3 70498.3
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 122660 131895
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 62129.9 65947.4
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 122660 131895
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 122700 131895
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 57964.4 58033
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 420.757 316.284
1048576 2518.47 1534.52
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 1256.1 1367.24
1048576 9616.23 9727.39
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 1835.73 1569.65
1048576 15965.8 9929.8
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 1656.1 1468.45
1048576 14822.2 9828.59
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 1721.59 1569.65
1048576 15034 9929.8
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 1450.46 1519.05
1048576 9810.59 9879.2
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 2200.59 1569.65
1048576 22306 9929.8
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2012.51 1316.63
1048576 22912.9 9676.78
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 106095 110427
1048576 109901 112782
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 150885 159007
1048576 1.00613e+06 1.01425e+06
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 420.418 316.284
1048576 2517.9 1534.52
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 58582.2 57927.2
1048576 992938 913016
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 57751.1 57826
1048576 912992 913067
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 62695.9 58028.4
1048576 989002 913269
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 58578.1 57927.2
1048576 931131 913168
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 67004.9 58028.4
1048576 1.05849e+06 913269
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 57929.3 57977.8
1048576 913805 913219
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 61593.6 58028.4
1048576 980950 913269
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 64936.7 57775.3
1048576 992938 913016
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 150904 159007
1048576 1.00615e+06 1.01425e+06
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 116776 77746.1
1048576 1.8189e+06 1.2276e+06
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 58109.2 58033
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 95705.7 95730
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 78675.4 73908.4
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 75948.7 73846.1
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 59124.7 58083.6
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 58055.3 58033
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 76046.5 70769.8
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 71628.4 70498.3
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 109636 131895
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 62129.9 65947.4
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 109632 131895
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 109814 131895
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 61568 58033
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "native" "native (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial" "binomial_bfs_min (x1.01)" 0 1.01
1048576 2 "binomial" "binomial_ucs_min (x1.09)" 0 1.09
65536 3 "native" "native (x1.00)" 1 1.00
1048576 3 "native" "native (x1.00)" 1 1.00
65536 4 "binomial_dfs_min" "binomial_dfs_min (x1.00)" 1 1.00
65536 5 "traff" "traff (x1.01)" 1 1.01
EOD

set multiplot
set logscale xy 2
set format x '%.0b%B'
set format y '%g'
set grid
set key outside right top
set xlabel 'message size (bytes; per-rank block for scatter/gather, mean block for the v-variants)'
set ylabel 'time (us)'
set xrange [43690.7:1.57286e+06]
set origin 0,0.870504
set size 1,0.129496
set title 'bcast, 1024 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'reduce, 1024 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'scatter, 1024 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'gather, 1024 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'scatterv, 1024 processes, root 0: measured (solid, points) vs predicted (dashed)'
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
set title 'gatherv, 1024 processes, root 0: measured (solid, points) vs predicted (dashed)'
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

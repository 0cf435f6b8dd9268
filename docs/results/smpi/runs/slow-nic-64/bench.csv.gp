# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 7946.91 7596.17
1048576 49692.8 51794.3
4194304 136249 139890
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 27692.3 28346.5
1048576 63977.9 66327.3
4194304 180092 187866
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 9554.83 9304.05
1048576 62745.6 59464.8
4194304 233145 219979
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 10718.7 11011.9
1048576 64268.1 61172.7
4194304 236328 221687
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 7947.08 7596.17
1048576 59173.1 57756.9
4194304 223294 218271
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 10401.2 11011.9
1048576 62118.7 61172.7
4194304 230332 221687
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 8974.16 9304.05
1048576 61309.2 59464.8
4194304 228781 219979
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9554.77 9304.05
1048576 62745.5 59464.8
4194304 233145 219979
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 7857.63 7596.17
1048576 59156.3 57756.9
4194304 223541 218271
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 22930.4 24264.5
1048576 49692.8 51794.3
4194304 136249 139890
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 80593.1 83744.8
1048576 607281 610433
4194304 2.29268e+06 2.29583e+06
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 9554.81 9014.98
1048576 62745.5 70310.5
4194304 233145 219977
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 40597.5 38304.4
1048576 571559 538733
4194304 2.27246e+06 2.14411e+06
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 40597.5 41072.5
1048576 571558 567760
4194304 2.27246e+06 2.25316e+06
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 42169.4 42780.4
1048576 575721 569468
4194304 2.28662e+06 2.25487e+06
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 39752.4 39364.6
1048576 571547 566053
4194304 2.27536e+06 2.25145e+06
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 42169.5 42780.4
1048576 576680 569468
4194304 2.29054e+06 2.25487e+06
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41324.5 41072.5
1048576 579942 567760
4194304 2.30586e+06 2.25316e+06
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 40597.5 41072.5
1048576 571432 567760
4194304 2.27234e+06 2.25316e+06
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 39752.1 39364.6
1048576 572409 566053
4194304 2.27933e+06 2.25145e+06
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 80593.2 83744.8
1048576 607281 610433
4194304 2.29268e+06 2.29583e+06
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 40597.5 38304.4
1048576 571558 538733
4194304 2.27246e+06 2.14411e+06
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 38945.3 -1
1048576 570838 -1
4194304 2.28243e+06 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 63225.4 63700.4
1048576 932728 929809
4194304 3.71722e+06 3.70136e+06
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 48180.2 48644.3
1048576 707330 700953
4194304 2.81762e+06 2.78764e+06
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 39581.1 39234.9
1048576 580742 574695
4194304 2.31306e+06 2.28603e+06
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 40089.5 40473.9
1048576 579525 575265
4194304 2.30793e+06 2.2866e+06
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41864.3 41612.5
1048576 587042 576403
4194304 2.33442e+06 2.28773e+06
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 50586.5 51061.6
1048576 732696 727589
4194304 2.91733e+06 2.89248e+06
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 40292.6 39904.6
1048576 583253 574695
4194304 2.32238e+06 2.28603e+06
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 67924.9 72299.8
1048576 614933 618890
4194304 2.32725e+06 2.33041e+06
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 38945.3 36149.9
1048576 570838 523196
4194304 2.28243e+06 2.15283e+06
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 67925 72299.8
1048576 614933 618890
4194304 2.32725e+06 2.33041e+06
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 67924.8 72299.8
1048576 615658 618890
4194304 2.32725e+06 2.33041e+06
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 41340.1 41043.2
1048576 578969 574695
4194304 2.30662e+06 2.28603e+06
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 3685.69 3476.16
1048576 34620.4 31547.5
4194304 119908 113135
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 8829.01 9304.05
1048576 62788.7 59464.8
4194304 237384 219979
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 10400.9 11011.9
1048576 65762.4 61172.7
4194304 246787 221687
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 7983.75 7596.17
1048576 62375.9 57756.9
4194304 238675 218271
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 10400.9 11011.9
1048576 66267.7 61172.7
4194304 248658 221687
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9556.01 9304.05
1048576 66971.6 59464.8
4194304 253981 219979
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 8829.01 9304.05
1048576 62662.4 59464.8
4194304 237258 219979
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 7983.45 7596.17
1048576 62505.8 57756.9
4194304 239208 218271
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 23656.2 24264.5
1048576 50402.7 51794.3
4194304 135629 139890
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 80593.3 83744.9
1048576 607281 610433
4194304 2.29268e+06 2.29583e+06
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 3683.99 3476.16
1048576 34619.2 31547.5
4194304 119907 113135
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 39714 39364.6
1048576 567358 566053
4194304 2.25587e+06 2.25145e+06
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 41368.6 41072.5
1048576 571515 567760
4194304 2.26822e+06 2.25316e+06
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 42467.6 42780.4
1048576 573391 569468
4194304 2.27241e+06 2.25487e+06
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 39714 39364.6
1048576 567358 566053
4194304 2.25587e+06 2.25145e+06
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 42184.8 42780.4
1048576 570917 569468
4194304 2.26382e+06 2.25487e+06
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 40751.9 41072.5
1048576 569754 567760
4194304 2.26256e+06 2.25316e+06
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 41413.9 41072.5
1048576 571561 567760
4194304 2.26827e+06 2.25316e+06
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 39622.3 39364.6
1048576 567334 566053
4194304 2.2562e+06 2.25145e+06
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 80593.1 83744.8
1048576 607281 610433
4194304 2.29268e+06 2.29583e+06
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 80867.3 76385.8
1048576 1.05399e+06 996471
4194304 4.16797e+06 3.93263e+06
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 38945.3 -1
1048576 570838 -1
4194304 2.28243e+06 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 63951.2 63700.4
1048576 929969 929809
4194304 3.70161e+06 3.70136e+06
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 48694.8 48644.3
1048576 701068 700953
4194304 2.78775e+06 2.78764e+06
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 39480.6 39234.9
1048576 575273 574695
4194304 2.28753e+06 2.28603e+06
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 40815.3 40473.9
1048576 575606 575265
4194304 2.28694e+06 2.2866e+06
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41137.4 41612.5
1048576 575928 576403
4194304 2.28726e+06 2.28773e+06
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 51130.9 51061.6
1048576 727658 727589
4194304 2.89254e+06 2.89248e+06
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 40134.6 39904.6
1048576 575421 574695
4194304 2.28818e+06 2.28603e+06
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 61439.2 72299.8
1048576 615006 618890
4194304 2.32725e+06 2.33041e+06
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 38945.3 36149.9
1048576 570838 523196
4194304 2.28243e+06 2.15283e+06
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 60585.3 72299.8
1048576 615006 618890
4194304 2.32725e+06 2.33041e+06
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 62445.4 72299.8
1048576 615658 618890
4194304 2.32725e+06 2.33041e+06
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 40613.5 41043.2
1048576 575148 574695
4194304 2.28641e+06 2.28603e+06
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "binomial_ucs_min" "binomial_bfs_min (x1.01)" 0 1.01
1048576 0 "chain" "chain (x1.00)" 1 1.00
4194304 0 "chain" "chain (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial_ucs_min" "binomial_bfs_min (x1.00)" 0 1.00
1048576 2 "binomial_ucs_min" "binomial_bfs_min (x1.00)" 0 1.00
4194304 2 "binomial_bfs_min" "binomial_bfs_min (x1.00)" 1 1.00
65536 3 "binomial_ucs_min" "native (x1.02)" 0 1.02
1048576 3 "binomial_ucs_max" "native (x1.00)" 0 1.00
4194304 3 "binomial_ucs_max" "native (x1.00)" 0 1.00
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

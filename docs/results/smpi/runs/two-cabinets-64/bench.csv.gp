# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 4292.3 3299.96
1048576 40199 54692.4
4194304 155101 119243
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 136956 145115
1048576 218576 214217
4194304 549841 435344
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 4292.28 2898.47
1048576 40199 15438.7
4194304 155101 55567.3
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15285.9 13820.4
1048576 90861.5 63981.2
4194304 332703 224496
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 7582.86 7267.25
1048576 46165.3 34855.7
4194304 174002 123139
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15286.9 13820.4
1048576 90862.4 63981.2
4194304 332704 224496
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11428.1 11636
1048576 62728.6 54272.7
4194304 231274 190710
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15286.5 13820.4
1048576 90862 63981.2
4194304 332704 224496
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4292.28 2898.47
1048576 40199 15438.7
4194304 155101 55567.3
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 45834.5 48769.3
1048576 82158.1 83320.4
4194304 190925 193884
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 73396.8 77398.4
1048576 366837 370839
4194304 1.30585e+06 1.30985e+06
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 4292.28 3299.96
1048576 40199 54692.4
4194304 155101 119243
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 8456.8 6502.12
1048576 97742.9 74985
4194304 383459 294808
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 8456.79 6075.31
1048576 97742.9 66268.2
4194304 383459 258886
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 47433.5 45588.9
1048576 605221 572277
4194304 2.39014e+06 2.25768e+06
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 13275.4 12450.5
1048576 136027 117788
4194304 531984 454868
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 47433.5 45588.9
1048576 605221 572277
4194304 2.39014e+06 2.25768e+06
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 27775.4 27854.7
1048576 321271 313771
4194304 1.26207e+06 1.2287e+06
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 47433.7 45588.9
1048576 605221 572277
4194304 2.39014e+06 2.25768e+06
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 8459.81 6075.31
1048576 97746 66268.2
4194304 383462 258886
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 73395.9 77398.4
1048576 366836 370839
4194304 1.30585e+06 1.30985e+06
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 8456.78 6502.12
1048576 97742.9 74985
4194304 383459 294808
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 4133.57 -1
1048576 60686.7 -1
4194304 242460 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 9775.68 8848.28
1048576 128862 110636
4194304 508330 436357
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 48859.1 47723.7
1048576 636445 606437
4194304 2.52039e+06 2.39432e+06
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 14621.4 14357.4
1048576 171256 161269
4194304 673539 634334
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 47840.5 47192.1
1048576 625700 597931
4194304 2.47696e+06 2.3603e+06
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 28531 28626.2
1048576 332414 326118
4194304 1.30776e+06 1.27809e+06
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 61986.7 61442.9
1048576 854942 825944
4194304 3.39455e+06 3.27235e+06
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 9140.02 8110.87
1048576 117016 98837.5
4194304 460939 389163
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 56305.8 55716.8
1048576 370717 374325
4194304 1.32511e+06 1.32911e+06
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 4133.55 27858.4
1048576 60686.6 187163
4194304 242460 664555
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 56305.2 55716.8
1048576 370717 374325
4194304 1.32511e+06 1.32911e+06
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 55699.7 55716.8
1048576 370112 374325
4194304 1.3245e+06 1.32911e+06
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 22232.3 22188.3
1048576 270483 265599
4194304 1.06376e+06 1.04125e+06
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 4898.93 2898.47
1048576 40807.3 15438.7
4194304 155709 55567.3
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 4897.85 2898.47
1048576 40804.9 15438.7
4194304 155706 55567.3
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 15286 13820.4
1048576 90861.5 63981.2
4194304 332703 224496
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 8092 7267.25
1048576 50818.1 34855.7
4194304 191150 123139
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 15286.1 13820.4
1048576 90861.6 63981.2
4194304 332703 224496
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11556.4 11636
1048576 61709.2 54272.7
4194304 223819 190710
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 15285.9 13820.4
1048576 90861.5 63981.2
4194304 332703 224496
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 4897.98 2898.47
1048576 40805 15438.7
4194304 155707 55567.3
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 47046.6 48769.3
1048576 87021.5 83320.4
4194304 213515 193884
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 73395.8 77398.4
1048576 366836 370839
4194304 1.30585e+06 1.30985e+06
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 7424.87 5010.21
1048576 63289.1 30148
4194304 224787 94093.3
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 7850.93 6075.31
1048576 97137.1 66268.2
4194304 382853 258886
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 7850.91 6075.31
1048576 97137.1 66268.2
4194304 382853 258886
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 47433.5 45588.9
1048576 605221 572277
4194304 2.39014e+06 2.25768e+06
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 12654 12450.5
1048576 134502 117788
4194304 523945 454868
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 47433.9 45588.9
1048576 605221 572277
4194304 2.39014e+06 2.25768e+06
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 27485.3 27854.7
1048576 323782 313771
4194304 1.27549e+06 1.2287e+06
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 47433.9 45588.9
1048576 605221 572277
4194304 2.39014e+06 2.25768e+06
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 7850.91 6075.31
1048576 97137.1 66268.2
4194304 382853 258886
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 73396.8 77398.4
1048576 366837 370839
4194304 1.30585e+06 1.30985e+06
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 20818.4 12150.6
1048576 166285 129627
4194304 631776 485717
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 4134.53 -1
1048576 60686.7 -1
4194304 242460 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 8934.21 8848.28
1048576 115190 110636
4194304 455582 436357
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 47923.8 47723.7
1048576 615025 606437
4194304 2.4329e+06 2.39432e+06
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 14066.6 14357.4
1048576 168958 161269
4194304 672342 634334
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 46962.9 47192.1
1048576 598044 597931
4194304 2.36119e+06 2.3603e+06
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 27978.4 28626.2
1048576 326980 326118
4194304 1.28376e+06 1.27809e+06
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 61218.9 61442.9
1048576 825715 825944
4194304 3.27212e+06 3.27235e+06
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 8418.57 8110.87
1048576 107225 98837.5
4194304 424488 389163
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 41927.1 55716.8
1048576 369355 374325
4194304 1.32511e+06 1.32911e+06
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 4134.51 27858.4
1048576 60686.6 187163
4194304 242460 664555
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 41927.1 55716.8
1048576 368959 374325
4194304 1.3245e+06 1.32911e+06
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 42998.3 55716.8
1048576 369564 374325
4194304 1.32511e+06 1.32911e+06
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 21708.2 22188.3
1048576 266795 265599
4194304 1.04785e+06 1.04125e+06
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "native" "native (x1.00)" 1 1.00
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "binomial" "binomial (x1.00)" 1 1.00
1048576 1 "binomial" "binomial (x1.00)" 1 1.00
4194304 1 "binomial" "binomial (x1.00)" 1 1.00
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

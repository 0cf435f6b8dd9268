# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 1201.02 1180.03
1048576 11720.7 15757.2
4194304 45428.8 44635.4
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 30972.5 31969.1
1048576 56953.5 58753.9
4194304 140093 144465
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 1201 1246.54
1048576 11720.7 11780.3
4194304 45428.7 45488.3
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 6154.1 6040.11
1048576 56314.9 56200.9
4194304 216829 216715
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 2072.86 2325.8
1048576 20630.9 20885.3
4194304 80021.2 80275.6
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 6154.1 6204.57
1048576 56314.9 56365.3
4194304 216829 216880
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 3929.89 4281.91
1048576 38390 38892.8
4194304 149145 149648
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 6007.25 5862.99
1048576 56168 56023.7
4194304 216682 216538
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1205.52 1187.78
1048576 11178.5 11219.9
4194304 43281.4 43322.8
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 19030 20144.7
1048576 37625.8 36099
4194304 95845.9 87152.4
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 18583 19183.3
1048576 176034 176688
4194304 680049 680703
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 1201 1180.03
1048576 11720.7 15757.2
4194304 45428.7 44635.4
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 2832.37 2763.02
1048576 32928.8 32435.6
4194304 129237 126961
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 2852.58 2550.72
1048576 32949 32647.2
4194304 129258 128956
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 37898.3 37808.6
1048576 564586 564496
4194304 2.24999e+06 2.2499e+06
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 4449.91 4231.91
1048576 51601 51383
4194304 202485 202267
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 38049.6 37973
1048576 564738 564661
4194304 2.25014e+06 2.25006e+06
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12087.1 11939.8
1048576 161566 161419
4194304 639899 639752
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 37735.3 37631.5
1048576 564423 564319
4194304 2.24982e+06 2.24972e+06
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2762.4 2458.52
1048576 31855.6 31551.8
4194304 124954 124650
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 18816.5 19183.3
1048576 176321 176688
4194304 680336 680703
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 2812.14 2763.02
1048576 32908.6 32435.6
4194304 129217 126961
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 2194.29 -1
1048576 33219.3 -1
4194304 132733 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 4349.67 4047.81
1048576 56902.7 56600.8
4194304 225072 224771
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 41797.4 41627.9
1048576 633180 633010
4194304 2.5256e+06 2.52543e+06
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5922.97 5684.74
1048576 74493.9 74255.6
4194304 292854 292616
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 35763 35666.2
1048576 527853 527756
4194304 2.10254e+06 2.10244e+06
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12607.8 12412
1048576 175420 175210
4194304 696722 696512
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 55461.6 55337.6
1048576 847744 847620
4194304 3.38305e+06 3.38292e+06
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3833.87 3550.21
1048576 49302.7 49019
4194304 194803 194519
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 17329.7 17855.9
1048576 183050 183448
4194304 707514 707900
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 2193.27 8927.96
1048576 33218.7 91723.9
4194304 132732 353950
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 17349.5 17855.9
1048576 183070 183448
4194304 707533 707900
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 17024.4 17855.9
1048576 182745 183448
4194304 707207 707900
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 8813.51 8565.22
1048576 119976 119711
4194304 476071 475806
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 1451.24 1187.78
1048576 11483.4 11219.9
4194304 43586.3 43322.9
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 1507.95 1246.54
1048576 12041.7 11780.3
4194304 45749.7 45488.4
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 6170.26 6040.11
1048576 56331 56200.9
4194304 216845 216715
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 2543.81 2325.8
1048576 21103.3 20885.3
4194304 80493.6 80275.7
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 6301.4 6204.57
1048576 56462.2 56365.3
4194304 216977 216880
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 4449.44 4281.91
1048576 39060.4 38892.8
4194304 149815 149648
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5987.02 5862.99
1048576 56147.8 56023.8
4194304 216662 216538
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 1451.22 1187.78
1048576 11483.4 11219.9
4194304 43586.2 43322.9
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 19680.2 20144.8
1048576 37163.9 36099
4194304 94434.9 87152.4
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 18816.5 19183.3
1048576 176321 176688
4194304 680336 680704
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 2327.08 2286.66
1048576 17744.9 17319.3
4194304 59894.9 58848.9
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 2417.13 2458.52
1048576 31510.4 31551.8
4194304 124609 124650
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 2491.13 2550.72
1048576 32587.6 32647.2
4194304 128896 128956
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 37922.6 37808.6
1048576 564610 564496
4194304 2.25001e+06 2.2499e+06
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 3977.55 4231.91
1048576 51128.7 51383
4194304 202012 202267
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 37922.6 37973
1048576 564610 564661
4194304 2.25001e+06 2.25006e+06
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11437 11939.8
1048576 160916 161419
4194304 639249 639752
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 37775.7 37631.5
1048576 564464 564319
4194304 2.24986e+06 2.24972e+06
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 2417.11 2458.52
1048576 31510.3 31551.8
4194304 124609 124650
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 18583 19183.3
1048576 176034 176688
4194304 680049 680703
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 4987.78 4900.68
1048576 58158.2 57329.9
4194304 228303 224317
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 2195.29 -1
1048576 33219.9 -1
4194304 132733 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 3988.22 4047.81
1048576 56541.3 56600.8
4194304 224711 224771
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 41781.2 41627.9
1048576 634810 634657
4194304 2.61683e+06 2.61667e+06
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5252.61 5684.74
1048576 74196.7 74628.8
4194304 294818 295250
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 35437.9 35666.2
1048576 533290 533518
4194304 2.22843e+06 2.22866e+06
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12188.3 12412
1048576 175095 175210
4194304 696396 696512
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 55481.8 55337.6
1048576 847764 847620
4194304 3.36661e+06 3.36646e+06
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 3470.37 3550.21
1048576 48939.2 49019
4194304 194421 194519
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 12316.7 17855.9
1048576 182861 183448
4194304 707246 707900
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 2195.27 8927.96
1048576 33219.9 91723.9
4194304 132733 353950
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 12306.3 17855.9
1048576 182700 183448
4194304 707246 707900
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 12712.8 17855.9
1048576 183052 183448
4194304 707553 707900
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 8373.81 8565.22
1048576 119630 119711
4194304 475725 475806
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "native" "native (x1.00)" 1 1.00
1048576 0 "binomial_ucs_min" "native (x1.05)" 0 1.05
4194304 0 "binomial_ucs_min" "native (x1.05)" 0 1.05
65536 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
1048576 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
4194304 1 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
65536 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
1048576 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
4194304 2 "binomial_ucs_min" "binomial_ucs_min (x1.00)" 1 1.00
65536 3 "binomial_ucs_min" "native (x1.03)" 0 1.03
1048576 3 "binomial_ucs_min" "native (x1.03)" 0 1.03
4194304 3 "binomial_ucs_min" "native (x1.03)" 0 1.03
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

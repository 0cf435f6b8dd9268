# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 3991.65 3799.84
1048576 23224.2 24082
4194304 81281.1 84851.5
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 3991.63 3799.84
1048576 53400.3 55716.4
4194304 267760 280028
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 5725.12 5684.5
1048576 39165.6 39073.9
4194304 146175 145920
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 5725.12 5686.28
1048576 39165.6 39073.9
4194304 146130 145920
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5201.14 5064.11
1048576 38641.7 38504.6
4194304 145560 145508
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 5725.1 5686.27
1048576 39165.6 39073.9
4194304 146084 145920
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5362.05 5684.45
1048576 38802.6 39073.9
4194304 145812 145914
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5634.33 5686.27
1048576 39165.6 39073.9
4194304 146175 145920
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 5201.15 5064.11
1048576 38641.7 38504.6
4194304 145606 145508
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 5081.08 5091.58
1048576 23224.2 24082
4194304 81281.1 84851.5
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19612.7
1048576 144432 144962
4194304 545718 546078
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 5725.11 5877.42
1048576 39165.6 50004.6
4194304 146175 150064
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 11492.8 11798.6
1048576 136895 140403
4194304 538181 552499
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 11492.8 11791.4
1048576 136895 136785
4194304 538181 536764
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 11792.9
1048576 136895 136785
4194304 538544 538071
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 136734 136584
4194304 538181 536737
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 11792.9
1048576 136895 136785
4194304 538020 537883
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11855.9 11815.2
1048576 137351 137153
4194304 538181 536737
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 11792.9
1048576 136895 136785
4194304 538020 537883
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 136734 136584
4194304 538181 536737
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19612.7
1048576 144432 144962
4194304 545718 546078
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 11492.8 11798.6
1048576 136895 140403
4194304 538181 552499
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 10182.6 -1
1048576 142502 -1
4194304 567176 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 15656.4 15942.2
1048576 203513 203199
4194304 804656 802419
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11984.5 12286
1048576 161549 161362
4194304 570017 569647
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11823.6 11686.6
1048576 144602 144447
4194304 569654 568300
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 12640.2 12936.6
1048576 144763 144660
4194304 569493 569356
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12347.6 12306.8
1048576 145209 145020
4194304 569654 568558
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11984.5 12286.1
1048576 169942 169730
4194304 615654 615516
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11823.6 11686.6
1048576 144602 144449
4194304 569654 568300
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 16760.5 17807.9
1048576 152300 152825
4194304 577191 577532
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 10182.6 8903.97
1048576 142502 141738
4194304 567175 581632
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 16760.5 17807.9
1048576 152300 152825
4194304 577191 577532
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 16760.5 17807.9
1048576 152300 152825
4194304 577191 577532
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 12347.6 12306.7
1048576 144602 144463
4194304 574866 573474
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 2774.18 2847.18
1048576 24064.7 24108
4194304 77463.1 79524
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 5362.05 5684.5
1048576 38802.6 39073.9
4194304 145812 145920
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 5686.28
1048576 38802.6 39073.9
4194304 145812 145920
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5201.15 5064.12
1048576 38641.7 38504.6
4194304 145651 145508
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 5686.27
1048576 38802.6 39073.9
4194304 145812 145920
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5725.11 5684.45
1048576 39235.4 39073.9
4194304 148314 145914
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 5686.27
1048576 38802.6 39073.9
4194304 145812 145920
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 5201.16 5064.12
1048576 38641.7 38504.6
4194304 145651 145508
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 5171.87 5091.58
1048576 23314.9 24082
4194304 81371.9 84851.6
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19612.7
1048576 144432 144962
4194304 545718 546078
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 2773.25 2847.18
1048576 24064.7 24108
4194304 77463 79524
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 136734 136584
4194304 537838 537883
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 11855.9 11791.4
1048576 137258 136785
4194304 538544 536764
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11901.3 11792.9
1048576 137303 136785
4194304 538589 538071
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 136734 136584
4194304 538544 536737
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11855.9 11792.9
1048576 137258 136785
4194304 537838 537883
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11492.8 11815.2
1048576 136895 137153
4194304 538544 536737
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11901.3 11792.9
1048576 137303 136785
4194304 538065 537883
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 136734 136584
4194304 538544 536737
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19612.7
1048576 144432 144962
4194304 545718 546078
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 18321 18901.7
1048576 205588 211446
4194304 804842 826348
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 10182.6 -1
1048576 142502 -1
4194304 567176 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 16064.9 15942.2
1048576 203876 203199
4194304 805019 802419
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 12166 12286
1048576 170305 169730
4194304 570017 569647
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11823.6 11686.6
1048576 144511 144447
4194304 569836 568300
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 13003.3 12936.6
1048576 145035 144660
4194304 569312 569356
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11984.5 12306.8
1048576 144763 145020
4194304 569926 568558
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 12166 12286.1
1048576 170305 169730
4194304 615473 615516
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11823.6 11686.6
1048576 144602 144449
4194304 569836 568300
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 14775.5 17807.9
1048576 152300 152825
4194304 577191 577532
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 10182.5 8903.97
1048576 142502 141738
4194304 567175 581632
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 14936.3 17807.9
1048576 152300 152825
4194304 577191 577532
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 15951.9 17807.9
1048576 152300 152825
4194304 577191 577532
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 11984.5 12306.7
1048576 144602 144463
4194304 574684 573474
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "bbs" "bbs (x1.00)" 1 1.00
1048576 0 "chain" "chain (x1.00)" 1 1.00
4194304 0 "chain" "chain (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "chain" "native (x1.03)" 0 1.03
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial_bfs_min" "binomial_bfs_min (x1.00)" 1 1.00
1048576 2 "binomial_ucs_min" "binomial_bfs_min (x1.00)" 0 1.00
4194304 2 "binomial_dfs_max" "binomial_dfs_max (x1.00)" 1 1.00
65536 3 "binomial_ucs_min" "native (x1.01)" 0 1.01
1048576 3 "binomial_ucs_min" "native (x1.00)" 0 1.00
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

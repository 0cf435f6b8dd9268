# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 5081.1 5062.42
1048576 23542.1 40275.7
4194304 75826.2 79134.6
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 5110.37 5064.11
1048576 52372.4 54439.2
4194304 242813 254000
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 5725.12 5679.89
1048576 39165.6 36604.9
4194304 146175 146084
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 5725.12 5679.89
1048576 38641.7 38504.6
4194304 146175 146084
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5201.14 5064.11
1048576 39074.9 36604.9
4194304 145651 145514
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 5725.1 5679.89
1048576 38641.6 38504.6
4194304 146175 146084
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5362.05 5679.89
1048576 39165.6 36604.9
4194304 145812 146084
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5725.11 5679.89
1048576 38641.7 38504.6
4194304 146175 146084
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 5201.15 5064.11
1048576 39074.8 36604.9
4194304 145651 145514
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 5081.08 5062.42
1048576 23224.2 24052.9
4194304 81281.1 84822.2
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19606.2
1048576 144432 142493
4194304 545718 546248
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 5725.11 5974.9
1048576 23542.1 40275.7
4194304 75826.2 79134.6
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 11492.8 11994.3
1048576 136895 142758
4194304 538181 561662
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 11492.8 11764.2
1048576 136895 137166
4194304 538181 538452
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 11764.2
1048576 136895 137166
4194304 538181 538452
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11241.1 11194.9
1048576 136734 136597
4194304 538020 537883
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 11764.2
1048576 136895 137166
4194304 538181 538452
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11765.1 11764.2
1048576 137351 137166
4194304 540637 538452
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11492.8 11764.2
1048576 136895 137166
4194304 538181 538452
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11241.1 11194.9
1048576 136734 136597
4194304 538020 537883
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19559.7
1048576 144432 144962
4194304 545718 546248
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 11492.8 11994.3
1048576 136895 142758
4194304 538181 561662
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 10182.6 -1
1048576 142502 -1
4194304 567176 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 15656.4 15927.8
1048576 203513 203785
4194304 804656 804927
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11687.6 12147.2
1048576 151058 151329
4194304 569654 569925
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11367.4 11360.5
1048576 144602 144465
4194304 569493 569356
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11641.9 12002.2
1048576 144763 145034
4194304 569654 569925
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12256.8 12255.9
1048576 145188 145034
4194304 572299 569925
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11687.6 12147.2
1048576 155254 155525
4194304 569654 569925
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11390.3 11433
1048576 144602 144465
4194304 569493 569356
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 16760.5 18276.1
1048576 152300 152830
4194304 577191 577721
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 10182.6 9138.04
1048576 142502 144111
4194304 567175 591288
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 16760.5 18276.1
1048576 152300 152830
4194304 577191 577721
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 16760.5 18276.1
1048576 152300 152830
4194304 577191 577721
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 12347.6 12255.9
1048576 144602 144465
4194304 569493 569356
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 4710.03 4915.51
1048576 23315 24055.9
4194304 81371.9 84825.3
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 5362.05 5633.41
1048576 38802.6 39073.9
4194304 145812 146084
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 5633.41
1048576 38802.6 39073.9
4194304 145812 146084
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 5201.15 5064.12
1048576 38550.9 38504.6
4194304 145651 145514
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 5633.41
1048576 38802.6 39073.9
4194304 145812 146084
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 5725.11 5633.41
1048576 39144.6 39073.9
4194304 148268 146084
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 5362.05 5633.41
1048576 38802.6 39073.9
4194304 145812 146084
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 5201.15 5064.12
1048576 38550.9 38504.6
4194304 145651 145514
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 5171.86 5065.5
1048576 23314.9 24055.9
4194304 81371.9 84825.3
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19559.7
1048576 144432 144962
4194304 545718 546248
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 4710.01 4915.51
1048576 37498.5 38715.1
4194304 144508 147378
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 9108.5 9505.89
1048576 134416 140518
4194304 535702 559076
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 11855.9 8883.68
1048576 137258 140458
4194304 538544 561496
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 11855.9 11392.5
1048576 137258 140458
4194304 538544 561496
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 11855.9 8883.68
1048576 137258 135520
4194304 538020 537883
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 137167 140458
4194304 538544 561496
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 11855.9 8883.68
1048576 137258 135520
4194304 538181 538452
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11331.9 11194.9
1048576 137258 140458
4194304 538544 561496
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 11765.1 8883.68
1048576 137258 135520
4194304 538020 537883
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 19029.8 19606.2
1048576 144432 142493
4194304 545718 546248
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 9108.47 9505.89
1048576 134416 140518
4194304 535702 559076
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 10137.2 -1
1048576 142502 -1
4194304 567176 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 15974.1 13240.9
1048576 203876 210175
4194304 805019 840364
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 12311.9 11982.6
1048576 145126 148133
4194304 570017 589871
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 13875.8 11045.9
1048576 146084 144341
4194304 569493 569356
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 11299.6 11433
1048576 145035 147939
4194304 586803 612079
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 12957.9 10085.6
1048576 146084 145115
4194304 569654 570119
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 11436.1 11577.9
1048576 145126 148036
4194304 570017 594131
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 13402.7 10800
1048576 145126 143001
4194304 569493 569356
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 14775.5 18298
1048576 152300 150409
4194304 577191 577915
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 10091.7 9148.98
1048576 142502 145295
4194304 567175 591486
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 14936.3 18298
1048576 152300 150409
4194304 577191 577915
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 15951.8 18298
1048576 152300 150409
4194304 577191 577915
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 11984.5 12277.8
1048576 144602 144465
4194304 569493 569356
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "chain" "chain (x1.00)" 1 1.00
1048576 0 "chain" "native (x1.01)" 0 1.01
4194304 0 "native" "native (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "chain" "chain (x1.00)" 1 1.00
4194304 1 "chain" "chain (x1.00)" 1 1.00
65536 2 "native" "native (x1.00)" 1 1.00
1048576 2 "native" "native (x1.00)" 1 1.00
4194304 2 "native" "native (x1.00)" 1 1.00
65536 3 "binomial_bfs_min" "native (x1.02)" 0 1.02
1048576 3 "binomial_ucs_min" "native (x1.00)" 0 1.00
4194304 3 "binomial_ucs_min" "native (x1.00)" 0 1.00
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

# collsel-bench plot: measured (solid) and predicted (dashed) time of every algorithm over message
# size, one panel per collective, then the decision map (fastest measured vs the shim's choice).
# The data is inline. Run from this directory: gnuplot bench.csv.gp   (writes bench.csv.svg)
set terminal svg size 1100,2780 dynamic noenhanced font 'sans,11' background 'white'
set output 'bench.csv.svg'

$d_bcast_auto << EOD
# bytes measured_us predicted_us
65536 8037.48 4874.56
1048576 49692.8 50887.1
4194304 136131 138982
EOD
$d_bcast_bbs << EOD
# bytes measured_us predicted_us
65536 27692.3 21542.5
1048576 63977.8 69998.1
4194304 180092 147991
EOD
$d_bcast_binomial << EOD
# bytes measured_us predicted_us
65536 9554.83 7943.24
1048576 62745.6 61792.4
4194304 233145 234110
EOD
$d_bcast_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 10718.7 11011.9
1048576 59945 62412.2
4194304 226131 246532
EOD
$d_bcast_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 8037.55 4874.56
1048576 64223.2 61999
4194304 236283 238251
EOD
$d_bcast_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 10401.2 11011.9
1048576 60406.8 62412.2
4194304 227711 246532
EOD
$d_bcast_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 8974.16 7943.24
1048576 62118.7 62205.6
4194304 230332 242392
EOD
$d_bcast_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 9554.77 7943.24
1048576 61173.5 62412.2
4194304 231573 246532
EOD
$d_bcast_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 8084.33 4874.56
1048576 62790.9 61792.4
4194304 233191 234110
EOD
$d_bcast_chain << EOD
# bytes measured_us predicted_us
65536 22930.4 23357.3
1048576 49692.8 50887.1
4194304 136131 138982
EOD
$d_bcast_flat << EOD
# bytes measured_us predicted_us
65536 80593.1 58343.1
1048576 607281 653882
4194304 2.29268e+06 2.5596e+06
EOD
$d_bcast_native << EOD
# bytes measured_us predicted_us
65536 9554.81 8256.07
1048576 62745.4 63654.6
4194304 233145 182445
EOD
$d_gather_auto << EOD
# bytes measured_us predicted_us
65536 40597.5 35079.9
1048576 571558 493972
4194304 2.27246e+06 1.96361e+06
EOD
$d_gather_binomial << EOD
# bytes measured_us predicted_us
65536 40597.5 40039.6
1048576 571558 575334
4194304 2.27246e+06 2.28828e+06
EOD
$d_gather_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 41848 44505
1048576 570565 645460
4194304 2.27147e+06 2.57872e+06
EOD
$d_gather_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 40073.5 39590.4
1048576 575705 584720
4194304 2.2866e+06 2.32914e+06
EOD
$d_gather_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 41848.2 44505
1048576 571998 645460
4194304 2.27709e+06 2.57872e+06
EOD
$d_gather_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41121.5 41554.3
1048576 576653 604599
4194304 2.29054e+06 2.41196e+06
EOD
$d_gather_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 40800 42541.2
1048576 570607 645460
4194304 2.27152e+06 2.57872e+06
EOD
$d_gather_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 40073.5 39590.4
1048576 571463 575334
4194304 2.27237e+06 2.28828e+06
EOD
$d_gather_flat << EOD
# bytes measured_us predicted_us
65536 80593.3 58343.1
1048576 607281 653882
4194304 2.29268e+06 2.5596e+06
EOD
$d_gather_native << EOD
# bytes measured_us predicted_us
65536 40597.5 35079.9
1048576 571558 493972
4194304 2.27246e+06 1.96361e+06
EOD
$d_gatherv_auto << EOD
# bytes measured_us predicted_us
65536 38945.3 -1
1048576 570838 -1
4194304 2.28243e+06 -1
EOD
$d_gatherv_binomial << EOD
# bytes measured_us predicted_us
65536 63225.4 63170.6
1048576 932728 945433
4194304 3.71722e+06 3.76867e+06
EOD
$d_gatherv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 49209.9 52163.3
1048576 716990 812741
4194304 2.8992e+06 3.29695e+06
EOD
$d_gatherv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 51520.4 51638.7
1048576 693113 710287
4194304 2.8274e+06 2.90126e+06
EOD
$d_gatherv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 40292.3 41934.4
1048576 580589 655374
4194304 2.31102e+06 2.61838e+06
EOD
$d_gatherv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41661.4 42818
1048576 579510 631702
4194304 2.30795e+06 2.52038e+06
EOD
$d_gatherv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 48104.9 50539.4
1048576 730993 827849
4194304 2.9129e+06 3.30828e+06
EOD
$d_gatherv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 46307 46082.4
1048576 731243 737200
4194304 2.9116e+06 2.93574e+06
EOD
$d_gatherv_flat << EOD
# bytes measured_us predicted_us
65536 67924.9 57378.2
1048576 614933 663654
4194304 2.32725e+06 2.5987e+06
EOD
$d_gatherv_native << EOD
# bytes measured_us predicted_us
65536 38945.2 30400
1048576 570838 487986
4194304 2.28243e+06 1.97202e+06
EOD
$d_gatherv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 67925 57378.2
1048576 614933 663654
4194304 2.32725e+06 2.5987e+06
EOD
$d_gatherv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 67924.8 57378.2
1048576 615658 663654
4194304 2.32725e+06 2.5987e+06
EOD
$d_gatherv_traff << EOD
# bytes measured_us predicted_us
65536 40485.3 42112.5
1048576 584194 598506
4194304 2.30502e+06 2.35505e+06
EOD
$d_reduce_auto << EOD
# bytes measured_us predicted_us
65536 3685.69 3183.52
1048576 34620.4 28858.7
4194304 119908 103611
EOD
$d_reduce_binomial << EOD
# bytes measured_us predicted_us
65536 8829.01 7943.24
1048576 62788.7 61792.4
4194304 237384 234110
EOD
$d_reduce_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 10400.9 11011.9
1048576 61849.2 62412.2
4194304 236389 246533
EOD
$d_reduce_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 7983.74 4874.56
1048576 65785.5 61999
4194304 246771 238251
EOD
$d_reduce_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 10401 11011.9
1048576 62520.3 62412.2
4194304 239198 246533
EOD
$d_reduce_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 9556.01 7943.24
1048576 66241.1 62205.6
4194304 248658 242392
EOD
$d_reduce_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 8829.01 7943.24
1048576 61838.9 62412.2
4194304 236437 246533
EOD
$d_reduce_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 7983.71 4874.56
1048576 62682.7 61792.4
4194304 237295 234110
EOD
$d_reduce_chain << EOD
# bytes measured_us predicted_us
65536 23656.2 23357.3
1048576 50402.7 50887.1
4194304 135629 138982
EOD
$d_reduce_flat << EOD
# bytes measured_us predicted_us
65536 80593.3 58343.1
1048576 607281 653882
4194304 2.29268e+06 2.55961e+06
EOD
$d_reduce_native << EOD
# bytes measured_us predicted_us
65536 3683.99 3183.52
1048576 34619.1 28858.7
4194304 119907 103611
EOD
$d_scatter_auto << EOD
# bytes measured_us predicted_us
65536 40887 39590.4
1048576 571515 575334
4194304 2.26822e+06 2.28828e+06
EOD
$d_scatter_binomial << EOD
# bytes measured_us predicted_us
65536 41368.6 40039.6
1048576 571515 575334
4194304 2.26822e+06 2.28828e+06
EOD
$d_scatter_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 41419.6 44505
1048576 568247 645460
4194304 2.25934e+06 2.57872e+06
EOD
$d_scatter_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 40901.5 39590.4
1048576 573345 584720
4194304 2.27236e+06 2.32914e+06
EOD
$d_scatter_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 41568 44505
1048576 568898 645460
4194304 2.26168e+06 2.57872e+06
EOD
$d_scatter_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41267.8 41554.3
1048576 570917 604599
4194304 2.26382e+06 2.41196e+06
EOD
$d_scatter_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 40852.4 42541.2
1048576 569989 645460
4194304 2.2667e+06 2.57872e+06
EOD
$d_scatter_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 40887 39590.4
1048576 571515 575334
4194304 2.26822e+06 2.28828e+06
EOD
$d_scatter_flat << EOD
# bytes measured_us predicted_us
65536 80593.1 58343.1
1048576 607281 653882
4194304 2.29268e+06 2.5596e+06
EOD
$d_scatter_native << EOD
# bytes measured_us predicted_us
65536 80867.5 69955.4
1048576 1.05399e+06 913691
4194304 4.16797e+06 3.60157e+06
EOD
$d_scatterv_auto << EOD
# bytes measured_us predicted_us
65536 38945.3 -1
1048576 570838 -1
4194304 2.28243e+06 -1
EOD
$d_scatterv_binomial << EOD
# bytes measured_us predicted_us
65536 63996.6 63170.6
1048576 929969 945433
4194304 3.70161e+06 3.76867e+06
EOD
$d_scatterv_binomial_bfs_max << EOD
# bytes measured_us predicted_us
65536 48127 51455.1
1048576 698739 797319
4194304 2.7386e+06 3.13706e+06
EOD
$d_scatterv_binomial_bfs_min << EOD
# bytes measured_us predicted_us
65536 49982.5 49253.9
1048576 717622 742673
4194304 2.91415e+06 3.0268e+06
EOD
$d_scatterv_binomial_dfs_max << EOD
# bytes measured_us predicted_us
65536 40291.3 41934.4
1048576 575082 655374
4194304 2.28641e+06 2.61838e+06
EOD
$d_scatterv_binomial_dfs_min << EOD
# bytes measured_us predicted_us
65536 41670.1 42820.5
1048576 575515 631662
4194304 2.28694e+06 2.52022e+06
EOD
$d_scatterv_binomial_ucs_max << EOD
# bytes measured_us predicted_us
65536 48072 50691.8
1048576 742456 847362
4194304 2.95591e+06 3.38633e+06
EOD
$d_scatterv_binomial_ucs_min << EOD
# bytes measured_us predicted_us
65536 46513.3 45690
1048576 741284 752420
4194304 2.94632e+06 2.99662e+06
EOD
$d_scatterv_flat << EOD
# bytes measured_us predicted_us
65536 61439.2 57378.2
1048576 615006 663654
4194304 2.32725e+06 2.5987e+06
EOD
$d_scatterv_native << EOD
# bytes measured_us predicted_us
65536 38945.3 30400
1048576 570838 487986
4194304 2.28243e+06 1.97202e+06
EOD
$d_scatterv_sorted_flat_asc << EOD
# bytes measured_us predicted_us
65536 59862.7 57378.2
1048576 615006 663654
4194304 2.32725e+06 2.5987e+06
EOD
$d_scatterv_sorted_flat_dsc << EOD
# bytes measured_us predicted_us
65536 62016.6 57378.2
1048576 615658 663654
4194304 2.32725e+06 2.5987e+06
EOD
$d_scatterv_traff << EOD
# bytes measured_us predicted_us
65536 40486.1 42112.5
1048576 581780 598506
4194304 2.29202e+06 2.35505e+06
EOD
$map << EOD
# bytes op_index fastest auto picked auto_over_best
65536 0 "binomial_bfs_min" "binomial_bfs_min (x1.00)" 1 1.00
1048576 0 "chain" "chain (x1.00)" 1 1.00
4194304 0 "chain" "chain (x1.00)" 1 1.00
65536 1 "native" "native (x1.00)" 1 1.00
1048576 1 "native" "native (x1.00)" 1 1.00
4194304 1 "native" "native (x1.00)" 1 1.00
65536 2 "binomial_ucs_max" "binomial_ucs_min (x1.00)" 0 1.00
1048576 2 "binomial_bfs_max" "binomial_ucs_min (x1.01)" 0 1.01
4194304 2 "binomial_bfs_max" "binomial_ucs_min (x1.00)" 0 1.00
65536 3 "binomial_ucs_min" "native (x1.01)" 0 1.01
1048576 3 "binomial_bfs_max" "native (x1.00)" 0 1.00
4194304 3 "binomial_bfs_max" "native (x1.00)" 0 1.00
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

# Decision map written by collsel-predict --map; render with: gnuplot THIS_FILE
set terminal svg size 2232,600 dynamic font 'sans,10'
set output 'docs/results/decision-maps/hetero-8.svg'
set multiplot layout 2,3 title 'collsel decision map: examples/models/hetero-8.toml (lmo), root 0'
set style fill solid 1.0 border rgb 'white'
unset key
set tics nomirror out
$map0 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12303291 "native" x1.00
0 1 2062260 "binomial" x1.10
1 1 2062260 "binomial" x1.10
2 1 2062260 "binomial" x1.10
3 1 12369186 "chain" x1.17
4 1 12369186 "chain" x1.31
5 1 12369186 "chain" x1.35
0 2 9197131 "binomial_ucs_min" x2.02
1 2 9197131 "binomial_ucs_min" x2.15
2 2 9197131 "binomial_ucs_min" x2.16
3 2 9197131 "binomial_ucs_min" x2.17
4 2 12369186 "chain" x2.17
5 2 12369186 "chain" x2.18
0 3 9197131 "binomial_ucs_min" x1.83
1 3 12303291 "native" x1.00
2 3 12303291 "native" x1.00
3 3 12303291 "native" x1.00
4 3 12369186 "chain" x1.30
5 3 12369186 "chain" x1.30
0 4 9197131 "binomial_ucs_min" x1.82
1 4 12303291 "native" x1.00
2 4 12303291 "native" x1.00
3 4 12303291 "native" x1.00
4 4 12369186 "chain" x1.15
5 4 12369186 "chain" x1.15
EOD
set title 'bcast'
set xlabel 'message bytes'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("2" 0, "4" 1, "8" 2, "16" 3, "32" 4)
plot $map0 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map0 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map0 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map1 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12303291 "native" x1.00
0 1 2062260 "binomial" x1.13
1 1 2062260 "binomial" x1.26
2 1 2062260 "binomial" x1.31
3 1 12369186 "chain" x1.44
4 1 12369186 "chain" x1.63
5 1 12369186 "chain" x1.66
0 2 9197131 "binomial_ucs_min" x2.02
1 2 9197131 "binomial_ucs_min" x2.16
2 2 9197131 "binomial_ucs_min" x2.17
3 2 9197131 "binomial_ucs_min" x2.17
4 2 12369186 "chain" x2.18
5 2 12369186 "chain" x2.19
0 3 9197131 "binomial_ucs_min" x1.83
1 3 12303291 "native" x1.00
2 3 12303291 "native" x1.00
3 3 12303291 "native" x1.00
4 3 12303291 "native" x1.00
5 3 12303291 "native" x1.00
0 4 9197131 "binomial_ucs_min" x1.82
1 4 12303291 "native" x1.00
2 4 12303291 "native" x1.00
3 4 12303291 "native" x1.00
4 4 12303291 "native" x1.00
5 4 12303291 "native" x1.00
EOD
set title 'reduce'
set xlabel 'message bytes'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("2" 0, "4" 1, "8" 2, "16" 3, "32" 4)
plot $map1 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map1 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map1 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map2 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12303291 "native" x1.00
0 1 16744206 "binomial_bfs_min" x1.14
1 1 16744206 "binomial_bfs_min" x1.33
2 1 16744206 "binomial_bfs_min" x1.39
3 1 16744206 "binomial_bfs_min" x1.41
4 1 16744206 "binomial_bfs_min" x1.41
5 1 16744206 "binomial_bfs_min" x1.41
0 2 9197131 "binomial_ucs_min" x4.69
1 2 9197131 "binomial_ucs_min" x6.15
2 2 9197131 "binomial_ucs_min" x6.26
3 2 9197131 "binomial_ucs_min" x6.29
4 2 9197131 "binomial_ucs_min" x6.30
5 2 9197131 "binomial_ucs_min" x6.30
0 3 9197131 "binomial_ucs_min" x4.15
1 3 9197131 "binomial_ucs_min" x5.39
2 3 9197131 "binomial_ucs_min" x5.49
3 3 9197131 "binomial_ucs_min" x5.51
4 3 9197131 "binomial_ucs_min" x5.52
5 3 9197131 "binomial_ucs_min" x5.52
0 4 9197131 "binomial_ucs_min" x3.96
1 4 9197131 "binomial_ucs_min" x5.06
2 4 9197131 "binomial_ucs_min" x5.14
3 4 9197131 "binomial_ucs_min" x5.16
4 4 9197131 "binomial_ucs_min" x5.16
5 4 9197131 "binomial_ucs_min" x5.17
EOD
set title 'scatter'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("2" 0, "4" 1, "8" 2, "16" 3, "32" 4)
plot $map2 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map2 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map2 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map3 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12303291 "native" x1.00
0 1 16744206 "binomial_bfs_min" x1.19
1 1 16744206 "binomial_bfs_min" x1.39
2 1 16744206 "binomial_bfs_min" x1.45
3 1 16744206 "binomial_bfs_min" x1.47
4 1 16744206 "binomial_bfs_min" x1.48
5 1 16744206 "binomial_bfs_min" x1.48
0 2 9197131 "binomial_ucs_min" x4.90
1 2 9197131 "binomial_ucs_min" x6.43
2 2 9197131 "binomial_ucs_min" x6.54
3 2 9197131 "binomial_ucs_min" x6.57
4 2 9197131 "binomial_ucs_min" x6.58
5 2 9197131 "binomial_ucs_min" x6.58
0 3 9197131 "binomial_ucs_min" x4.15
1 3 9197131 "binomial_ucs_min" x5.39
2 3 9197131 "binomial_ucs_min" x5.49
3 3 9197131 "binomial_ucs_min" x5.51
4 3 9197131 "binomial_ucs_min" x5.52
5 3 9197131 "binomial_ucs_min" x5.52
0 4 9197131 "binomial_ucs_min" x3.96
1 4 9197131 "binomial_ucs_min" x5.06
2 4 9197131 "binomial_ucs_min" x5.14
3 4 9197131 "binomial_ucs_min" x5.16
4 4 9197131 "binomial_ucs_min" x5.16
5 4 9197131 "binomial_ucs_min" x5.17
EOD
set title 'gather'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("2" 0, "4" 1, "8" 2, "16" 3, "32" 4)
plot $map3 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map3 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map3 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map4 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12303291 "native" x1.00
0 1 16744206 "binomial_bfs_min" x2.02
1 1 16744206 "binomial_bfs_min" x1.62
2 1 16744206 "binomial_bfs_min" x1.48
3 1 16744206 "binomial_bfs_min" x1.43
4 1 16744206 "binomial_bfs_min" x1.42
5 1 16744206 "binomial_bfs_min" x1.42
0 2 9197131 "binomial_ucs_min" x2.58
1 2 9197131 "binomial_ucs_min" x2.37
2 2 9197131 "binomial_ucs_min" x2.35
3 2 9197131 "binomial_ucs_min" x2.35
4 2 9197131 "binomial_ucs_min" x2.35
5 2 9197131 "binomial_ucs_min" x2.34
0 3 9197131 "binomial_ucs_min" x4.53
1 3 9197131 "binomial_ucs_min" x4.13
2 3 9197131 "binomial_ucs_min" x4.10
3 3 9197131 "binomial_ucs_min" x4.09
4 3 9197131 "binomial_ucs_min" x4.09
5 3 9197131 "binomial_ucs_min" x4.09
0 4 9197131 "binomial_ucs_min" x8.54
1 4 9197131 "binomial_ucs_min" x7.62
2 4 9197131 "binomial_ucs_min" x7.55
3 4 9197131 "binomial_ucs_min" x7.54
4 4 9197131 "binomial_ucs_min" x7.53
5 4 9197131 "binomial_ucs_min" x7.53
EOD
set title 'scatterv'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("2" 0, "4" 1, "8" 2, "16" 3, "32" 4)
plot $map4 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map4 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map4 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map5 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12303291 "native" x1.00
0 1 16744206 "binomial_bfs_min" x2.12
1 1 16744206 "binomial_bfs_min" x1.69
2 1 16744206 "binomial_bfs_min" x1.55
3 1 16744206 "binomial_bfs_min" x1.50
4 1 16744206 "binomial_bfs_min" x1.48
5 1 16744206 "binomial_bfs_min" x1.48
0 2 9197131 "binomial_ucs_min" x2.69
1 2 9197131 "binomial_ucs_min" x2.47
2 2 9197131 "binomial_ucs_min" x2.46
3 2 9197131 "binomial_ucs_min" x2.45
4 2 9197131 "binomial_ucs_min" x2.45
5 2 9197131 "binomial_ucs_min" x2.45
0 3 9197131 "binomial_ucs_min" x4.53
1 3 9197131 "binomial_ucs_min" x4.13
2 3 9197131 "binomial_ucs_min" x4.10
3 3 9197131 "binomial_ucs_min" x4.09
4 3 9197131 "binomial_ucs_min" x4.09
5 3 9197131 "binomial_ucs_min" x4.09
0 4 9197131 "binomial_ucs_min" x8.54
1 4 9197131 "binomial_ucs_min" x7.62
2 4 9197131 "binomial_ucs_min" x7.55
3 4 9197131 "binomial_ucs_min" x7.54
4 4 9197131 "binomial_ucs_min" x7.53
5 4 9197131 "binomial_ucs_min" x7.53
EOD
set title 'gatherv'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("2" 0, "4" 1, "8" 2, "16" 3, "32" 4)
plot $map5 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map5 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map5 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
unset multiplot

# Decision map written by collsel-predict --map; render with: gnuplot THIS_FILE
set terminal svg size 2232,600 dynamic font 'sans,10'
set output 'docs/results/decision-maps/hetero-8.svg'
set multiplot layout 2,3 title 'collsel decision map: examples/models/hetero-8.toml (lmo), root 0'
set style fill solid 1.0 border rgb 'white'
unset key
set tics nomirror out
$map0 << EOD
0 0 2062260 "binomial" x5.61
1 0 2062260 "binomial" x2.39
2 0 2062260 "binomial" x1.93
3 0 2062260 "binomial" x1.81
4 0 2062260 "binomial" x1.77
5 0 2062260 "binomial" x1.77
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
5 2 12369186 "chain" x2.19
0 3 9197131 "binomial_ucs_min" x2.67
1 3 9197131 "binomial_ucs_min" x2.85
2 3 9197131 "binomial_ucs_min" x2.87
3 3 9197131 "binomial_ucs_min" x2.87
4 3 12369186 "chain" x2.89
5 3 12369186 "chain" x2.91
0 4 9197131 "binomial_ucs_min" x3.30
1 4 9197131 "binomial_ucs_min" x3.54
2 4 9197131 "binomial_ucs_min" x3.56
3 4 9197131 "binomial_ucs_min" x3.57
4 4 12369186 "chain" x3.59
5 4 12369186 "chain" x3.64
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
0 0 2062260 "binomial" x5.57
1 0 2062260 "binomial" x2.60
2 0 2062260 "binomial" x2.21
3 0 2062260 "binomial" x2.10
4 0 2062260 "binomial" x2.07
5 0 2062260 "binomial" x2.07
0 1 2062260 "binomial" x1.13
1 1 2062260 "binomial" x1.26
2 1 2062260 "binomial" x1.31
3 1 12369186 "chain" x1.44
4 1 12369186 "chain" x1.63
5 1 12369186 "chain" x1.68
0 2 9197131 "binomial_ucs_min" x2.02
1 2 9197131 "binomial_ucs_min" x2.16
2 2 9197131 "binomial_ucs_min" x2.17
3 2 9197131 "binomial_ucs_min" x2.17
4 2 12369186 "chain" x2.18
5 2 12369186 "chain" x2.19
0 3 9197131 "binomial_ucs_min" x2.67
1 3 9197131 "binomial_ucs_min" x2.86
2 3 9197131 "binomial_ucs_min" x2.87
3 3 9197131 "binomial_ucs_min" x2.88
4 3 12369186 "chain" x2.89
5 3 12369186 "chain" x2.92
0 4 9197131 "binomial_ucs_min" x3.30
1 4 9197131 "binomial_ucs_min" x3.55
2 4 9197131 "binomial_ucs_min" x3.57
3 4 9197131 "binomial_ucs_min" x3.57
4 4 12369186 "chain" x3.59
5 4 12369186 "chain" x3.64
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
0 0 2062260 "binomial" x6.02
1 0 2062260 "binomial" x3.47
2 0 2062260 "binomial" x3.11
3 0 2062260 "binomial" x3.01
4 0 2062260 "binomial" x2.98
5 0 2062260 "binomial" x2.98
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
0 3 9197131 "binomial_ucs_min" x6.03
1 3 9197131 "binomial_ucs_min" x7.85
2 3 9197131 "binomial_ucs_min" x7.99
3 3 9197131 "binomial_ucs_min" x8.03
4 3 9197131 "binomial_ucs_min" x8.03
5 3 9197131 "binomial_ucs_min" x8.04
0 4 9197131 "binomial_ucs_min" x7.10
1 4 9197131 "binomial_ucs_min" x9.06
2 4 9197131 "binomial_ucs_min" x9.20
3 4 9197131 "binomial_ucs_min" x9.24
4 4 9197131 "binomial_ucs_min" x9.25
5 4 9197131 "binomial_ucs_min" x9.25
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
0 0 2062260 "binomial" x6.29
1 0 2062260 "binomial" x3.63
2 0 2062260 "binomial" x3.25
3 0 2062260 "binomial" x3.15
4 0 2062260 "binomial" x3.12
5 0 2062260 "binomial" x3.11
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
0 3 9197131 "binomial_ucs_min" x6.31
1 3 9197131 "binomial_ucs_min" x8.21
2 3 9197131 "binomial_ucs_min" x8.35
3 3 9197131 "binomial_ucs_min" x8.39
4 3 9197131 "binomial_ucs_min" x8.40
5 3 9197131 "binomial_ucs_min" x8.40
0 4 9197131 "binomial_ucs_min" x7.42
1 4 9197131 "binomial_ucs_min" x9.47
2 4 9197131 "binomial_ucs_min" x9.62
3 4 9197131 "binomial_ucs_min" x9.66
4 4 9197131 "binomial_ucs_min" x9.67
5 4 9197131 "binomial_ucs_min" x9.67
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
0 0 2062260 "binomial" x10.67
1 0 2062260 "binomial" x4.24
2 0 2062260 "binomial" x3.32
3 0 2062260 "binomial" x3.06
4 0 2062260 "binomial" x3.00
5 0 2062260 "binomial" x2.98
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
0 3 9197131 "binomial_ucs_min" x3.32
1 3 9197131 "binomial_ucs_min" x3.02
2 3 9197131 "binomial_ucs_min" x3.00
3 3 9197131 "binomial_ucs_min" x2.99
4 3 9197131 "binomial_ucs_min" x2.99
5 3 9197131 "binomial_ucs_min" x2.99
0 4 9197131 "binomial_ucs_min" x3.90
1 4 9197131 "binomial_ucs_min" x3.49
2 4 9197131 "binomial_ucs_min" x3.46
3 4 9197131 "binomial_ucs_min" x3.45
4 4 9197131 "binomial_ucs_min" x3.45
5 4 9197131 "binomial_ucs_min" x3.45
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
0 0 2062260 "binomial" x11.15
1 0 2062260 "binomial" x4.43
2 0 2062260 "binomial" x3.47
3 0 2062260 "binomial" x3.20
4 0 2062260 "binomial" x3.13
5 0 2062260 "binomial" x3.12
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
0 3 9197131 "binomial_ucs_min" x3.47
1 3 9197131 "binomial_ucs_min" x3.16
2 3 9197131 "binomial_ucs_min" x3.14
3 3 9197131 "binomial_ucs_min" x3.13
4 3 9197131 "binomial_ucs_min" x3.13
5 3 9197131 "binomial_ucs_min" x3.13
0 4 9197131 "binomial_ucs_min" x4.08
1 4 9197131 "binomial_ucs_min" x3.65
2 4 9197131 "binomial_ucs_min" x3.61
3 4 9197131 "binomial_ucs_min" x3.60
4 4 9197131 "binomial_ucs_min" x3.60
5 4 9197131 "binomial_ucs_min" x3.60
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

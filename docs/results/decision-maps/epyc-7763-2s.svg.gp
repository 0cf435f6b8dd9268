# Decision map written by collsel-predict --map; render with: gnuplot THIS_FILE
set terminal svg size 2232,600 dynamic font 'sans,10'
set output 'docs/results/decision-maps/epyc-7763-2s.svg'
set multiplot layout 2,3 title 'collsel decision map: one node of tests/data/topologies/epyc-7763-2s-real.xml, binding scatter, root 0'
set style fill solid 1.0 border rgb 'white'
unset key
set tics nomirror out
$map0 << EOD
0 0 12303291 "native" x1.00
1 0 12303291 "native" x1.00
2 0 12303291 "native" x1.00
3 0 12303291 "native" x1.00
4 0 12303291 "native" x1.00
5 0 12369186 "chain" x1.09
0 1 12303291 "native" x1.00
1 1 12303291 "native" x1.00
2 1 12303291 "native" x1.00
3 1 12303291 "native" x1.00
4 1 10018698 "bbs" x1.25
5 1 10018698 "bbs" x1.20
0 2 12303291 "native" x1.00
1 2 12303291 "native" x1.00
2 2 12303291 "native" x1.00
3 2 12303291 "native" x1.00
4 2 12303291 "native" x1.00
5 2 12369186 "chain" x1.17
0 3 12303291 "native" x1.00
1 3 12303291 "native" x1.00
2 3 12303291 "native" x1.00
3 3 12303291 "native" x1.00
4 3 12303291 "native" x1.00
5 3 12369186 "chain" x1.12
0 4 12303291 "native" x1.00
1 4 12303291 "native" x1.00
2 4 12303291 "native" x1.00
3 4 12303291 "native" x1.00
4 4 12303291 "native" x1.00
5 4 12303291 "native" x1.00
EOD
set title 'bcast'
set xlabel 'message bytes'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("8" 0, "16" 1, "32" 2, "64" 3, "128" 4)
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
0 1 12303291 "native" x1.00
1 1 12303291 "native" x1.00
2 1 12303291 "native" x1.00
3 1 12303291 "native" x1.00
4 1 12303291 "native" x1.00
5 1 12303291 "native" x1.00
0 2 12303291 "native" x1.00
1 2 12303291 "native" x1.00
2 2 12303291 "native" x1.00
3 2 12303291 "native" x1.00
4 2 12303291 "native" x1.00
5 2 12303291 "native" x1.00
0 3 12303291 "native" x1.00
1 3 12303291 "native" x1.00
2 3 12303291 "native" x1.00
3 3 12303291 "native" x1.00
4 3 12303291 "native" x1.00
5 3 12303291 "native" x1.00
0 4 12303291 "native" x1.00
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
set ytics ("8" 0, "16" 1, "32" 2, "64" 3, "128" 4)
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
0 1 12303291 "native" x1.00
1 1 12303291 "native" x1.00
2 1 12303291 "native" x1.00
3 1 12303291 "native" x1.00
4 1 12303291 "native" x1.00
5 1 12303291 "native" x1.00
0 2 9197131 "binomial_ucs_min" x1.15
1 2 9197131 "binomial_ucs_min" x1.36
2 2 9197131 "binomial_ucs_min" x1.39
3 2 9197131 "binomial_ucs_min" x1.40
4 2 9197131 "binomial_ucs_min" x1.40
5 2 9197131 "binomial_ucs_min" x1.40
0 3 9197131 "binomial_ucs_min" x1.30
1 3 9197131 "binomial_ucs_min" x1.56
2 3 9197131 "binomial_ucs_min" x1.58
3 3 9197131 "binomial_ucs_min" x1.59
4 3 9197131 "binomial_ucs_min" x1.59
5 3 9197131 "binomial_ucs_min" x1.59
0 4 9197131 "binomial_ucs_min" x1.43
1 4 9197131 "binomial_ucs_min" x1.66
2 4 9197131 "binomial_ucs_min" x1.68
3 4 9197131 "binomial_ucs_min" x1.68
4 4 9197131 "binomial_ucs_min" x1.68
5 4 9197131 "binomial_ucs_min" x1.68
EOD
set title 'scatter'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("8" 0, "16" 1, "32" 2, "64" 3, "128" 4)
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
0 1 12303291 "native" x1.00
1 1 12303291 "native" x1.00
2 1 12303291 "native" x1.00
3 1 12303291 "native" x1.00
4 1 12303291 "native" x1.00
5 1 12303291 "native" x1.00
0 2 9197131 "binomial_ucs_min" x1.15
1 2 9197131 "binomial_ucs_min" x1.36
2 2 9197131 "binomial_ucs_min" x1.39
3 2 9197131 "binomial_ucs_min" x1.40
4 2 9197131 "binomial_ucs_min" x1.40
5 2 9197131 "binomial_ucs_min" x1.40
0 3 9197131 "binomial_ucs_min" x1.30
1 3 9197131 "binomial_ucs_min" x1.56
2 3 9197131 "binomial_ucs_min" x1.58
3 3 9197131 "binomial_ucs_min" x1.59
4 3 9197131 "binomial_ucs_min" x1.59
5 3 9197131 "binomial_ucs_min" x1.59
0 4 9197131 "binomial_ucs_min" x1.43
1 4 9197131 "binomial_ucs_min" x1.66
2 4 9197131 "binomial_ucs_min" x1.68
3 4 9197131 "binomial_ucs_min" x1.68
4 4 9197131 "binomial_ucs_min" x1.68
5 4 9197131 "binomial_ucs_min" x1.68
EOD
set title 'gather'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("8" 0, "16" 1, "32" 2, "64" 3, "128" 4)
plot $map3 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map3 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map3 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map4 << EOD
0 0 2062260 "binomial" x2.87
1 0 2062260 "binomial" x1.99
2 0 2062260 "binomial" x1.79
3 0 2062260 "binomial" x1.72
4 0 2062260 "binomial" x1.70
5 0 2062260 "binomial" x1.70
0 1 2062260 "binomial" x4.51
1 1 2062260 "binomial" x2.37
2 1 2062260 "binomial" x2.01
3 1 2062260 "binomial" x1.90
4 1 2062260 "binomial" x1.88
5 1 2062260 "binomial" x1.87
0 2 9197131 "binomial_ucs_min" x6.72
1 2 9197131 "binomial_ucs_min" x2.76
2 2 9197131 "binomial_ucs_min" x2.26
3 2 9197131 "binomial_ucs_min" x2.13
4 2 9197131 "binomial_ucs_min" x2.09
5 2 9197131 "binomial_ucs_min" x2.08
0 3 9197131 "binomial_ucs_min" x9.25
1 3 9197131 "binomial_ucs_min" x3.00
2 3 9197131 "binomial_ucs_min" x2.39
3 3 9197131 "binomial_ucs_min" x2.23
4 3 9197131 "binomial_ucs_min" x2.19
5 3 9197131 "binomial_ucs_min" x2.18
0 4 9197131 "binomial_ucs_min" x11.83
1 4 9197131 "binomial_ucs_min" x3.14
2 4 9197131 "binomial_ucs_min" x2.46
3 4 9197131 "binomial_ucs_min" x2.29
4 4 9197131 "binomial_ucs_min" x2.24
5 4 9197131 "binomial_ucs_min" x2.23
EOD
set title 'scatterv'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("8" 0, "16" 1, "32" 2, "64" 3, "128" 4)
plot $map4 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map4 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map4 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
$map5 << EOD
0 0 2062260 "binomial" x2.87
1 0 2062260 "binomial" x1.99
2 0 2062260 "binomial" x1.79
3 0 2062260 "binomial" x1.72
4 0 2062260 "binomial" x1.70
5 0 2062260 "binomial" x1.70
0 1 2062260 "binomial" x4.51
1 1 2062260 "binomial" x2.37
2 1 2062260 "binomial" x2.01
3 1 2062260 "binomial" x1.90
4 1 2062260 "binomial" x1.88
5 1 2062260 "binomial" x1.87
0 2 9197131 "binomial_ucs_min" x6.72
1 2 9197131 "binomial_ucs_min" x2.76
2 2 9197131 "binomial_ucs_min" x2.26
3 2 9197131 "binomial_ucs_min" x2.13
4 2 9197131 "binomial_ucs_min" x2.09
5 2 9197131 "binomial_ucs_min" x2.08
0 3 9197131 "binomial_ucs_min" x9.25
1 3 9197131 "binomial_ucs_min" x3.00
2 3 9197131 "binomial_ucs_min" x2.39
3 3 9197131 "binomial_ucs_min" x2.23
4 3 9197131 "binomial_ucs_min" x2.19
5 3 9197131 "binomial_ucs_min" x2.18
0 4 9197131 "binomial_ucs_min" x11.83
1 4 9197131 "binomial_ucs_min" x3.14
2 4 9197131 "binomial_ucs_min" x2.46
3 4 9197131 "binomial_ucs_min" x2.29
4 4 9197131 "binomial_ucs_min" x2.24
5 4 9197131 "binomial_ucs_min" x2.23
EOD
set title 'gatherv'
set xlabel 'bytes per rank'
set ylabel 'processes'
set xrange [-0.5:5.5]
set yrange [-0.5:4.5]
set xtics ("1K" 0, "16K" 1, "64K" 2, "256K" 3, "1M" 4, "4M" 5)
set ytics ("8" 0, "16" 1, "32" 2, "64" 3, "128" 4)
plot $map5 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor rgb variable, \
     $map5 using 1:2:4 with labels offset 0,0.45 font 'sans,8' noenhanced, \
     $map5 using 1:2:5 with labels offset 0,-0.55 font 'sans,7' noenhanced
unset multiplot

# collsel in SimGrid SMPI: geomean speedup over native per platform and process count
# (scripts/smpi-results.sh; data in speedup.dat). Render: gnuplot speedup.gp
set terminal svg size 960,420 dynamic font "sans,11"
set output 'speedup.svg'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "speedup over native (geomean)"
set logscale y 2
set yrange [0.5:*]
set key top left
set grid ytics
set xtics font ",9"
plot 'speedup.dat' using 2:xtic(1) title "auto (the shim)", '' using 3 title "oracle (fastest algorithm)", \
     '' using 4 title "bandwidth bound"

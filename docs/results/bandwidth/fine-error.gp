# gnuplot fine-error.gp > fine-error.svg: auto's time with the fine pipelines' own error / without,
# per point of fine-error.csv (warm, and over the first 50 calls), 1 = unchanged.
set terminal svg size 1100,480 font "sans,11"
set datafile separator ","
set key outside right top
set ylabel "auto's time, after / before"
set yrange [0.6:1.2]
set grid ytics
set xtics rotate by -60 font ",8"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
plot "fine-error.csv" every ::1 using ($9/$8):xtic(sprintf("%s %s %s", strcol(1), strcol(2), strcol(3) eq "65536" ? "64K" : strcol(3) eq "262144" ? "256K" : "1M")) title "warm", \
     "" every ::1 using ($11/$10) title "first 50 calls", \
     1 with lines dt 2 lc rgb "black" notitle

# gnuplot segment-slope.gp > segment-slope.svg: auto's time with a segment priced by the slope
# into its size / out of it, per point of segment-slope.csv (warm, and over the first 50 calls),
# 1 = unchanged.
set terminal svg size 1100,480 font "sans,11"
set datafile separator ","
set key outside right top
set ylabel "auto's time, after / before"
set yrange [0.6:1.4]
set grid ytics
set xtics rotate by -60 font ",8"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
plot "segment-slope.csv" every ::1 using ($13/$8):xtic(sprintf("%s %s %s", strcol(1), strcol(2), strcol(3) eq "65536" ? "64K" : strcol(3) eq "262144" ? "256K" : "1M")) title "warm", \
     "" every ::1 using ($14/$9) title "first 50 calls", \
     1 with lines dt 2 lc rgb "black" notitle

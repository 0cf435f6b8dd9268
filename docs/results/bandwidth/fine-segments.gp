# gnuplot fine-segments.gp > fine-segments.svg: auto's time after / before pipelined_tree_fine per
# point of fine-segments.csv (warm, and over the first 50 calls), 1 = unchanged.
set terminal svg size 1100,480 font "sans,11"
set datafile separator ","
set key outside right top
set ylabel "auto's time, after / before"
set yrange [0:1.2]
set grid ytics
set xtics rotate by -60 font ",8"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
plot "fine-segments.csv" every ::1 using ($10/$9):xtic(sprintf("%s %s %s", strcol(1), strcol(2), strcol(3) eq "65536" ? "64K" : strcol(3) eq "262144" ? "256K" : "1M")) title "warm", \
     "" every ::1 using ($12/$11) title "first 50 calls", \
     1 with lines dt 2 lc rgb "black" notitle

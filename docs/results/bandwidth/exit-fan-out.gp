# gnuplot exit-fan-out.gp > exit-fan-out.svg: auto's time over the platform bound before and after
# decision record 0043, per point of exit-fan-out.csv (bcast and reduce at 1 and 4 MiB; the last
# twelve points on hosts of 4-8 ranks), and issue 57's worst-point target of 1.4.
set terminal svg size 1100,480 font "sans,11"
set datafile separator ","
set key outside right top
set ylabel "auto / platform bound"
set yrange [0.8:2]
set grid ytics
set xtics rotate by -60 font ",8"
plot "exit-fan-out.csv" every ::1 using 0:($11/$5):xtic(int($0) % 4 == 0 ? sprintf("%s%s", strcol(1), strcol(2) eq "1" ? "" : " x4-8") : "") \
       with points pt 6 ps 1.2 title "before", \
     "" every ::1 using 0:($12/$5) with points pt 7 ps 0.7 title "after", \
     1.4 with lines dt 2 lc rgb "red" title "target, worst point", \
     1 with lines dt 2 lc rgb "black" notitle

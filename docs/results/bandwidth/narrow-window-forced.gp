# pipelined_tree (four segments in flight) and pipelined_tree_narrow (two), forced, over the
# platform bound: narrow-window-forced.svg from narrow-window-forced.csv (gnuplot narrow-window-forced.gp).
set datafile separator ","
set terminal svg size 900,420 font "sans,11"
set output "narrow-window-forced.svg"
set title "pipelined\\_tree and pipelined\\_tree\\_narrow forced on 18 SimGrid configurations: time over the platform bound"
set ylabel "time / platform bound"
set xlabel "point (configuration, op, 1 MiB / 4 MiB)"
set key top right
set grid ytics
set yrange [0.95:*]
plot "narrow-window-forced.csv" every ::1 using 0:7 with points pt 7 ps 0.6 title "four in flight (pipelined\\_tree)", \
     "" every ::1 using 0:8 with points pt 6 ps 0.8 title "two in flight (pipelined\\_tree\\_narrow)", \
     "" every ::1 using 0:9 with lines lw 1 title "the faster of the two"

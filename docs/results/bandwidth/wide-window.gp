# Auto over the platform bound before and after pipelined_tree_wide and the window family of
# decision record 0034 (wide-window.csv), per point, 1 MiB and 4 MiB apart: wide-window.svg
# (gnuplot wide-window.gp). Points below the diagonal got faster.
set datafile separator ","
set terminal svg size 640,560 font "sans,11"
set output "wide-window.svg"
set title "eight segments in flight (SimGrid, 25 platforms, bcast and reduce)"
set xlabel "auto / platform bound, before"
set ylabel "auto / platform bound, after"
set key at graph 0.03, graph 0.97 left top Left reverse box opaque
set grid
set xrange [0.95:2.2]
set yrange [0.95:2.2]
set size square
# columns: 4 bytes, 5 bound_us, 10 auto_before_us, 12 auto_after_us
plot x with lines lc rgb "gray" title "unchanged", \
     "wide-window.csv" every ::1 using (($4 == 1048576) ? $10/$5 : 1/0):($12/$5) with points pt 7 ps 0.7 title "1 MiB", \
     "" every ::1 using (($4 == 4194304) ? $10/$5 : 1/0):($12/$5) with points pt 9 ps 0.9 title "4 MiB"

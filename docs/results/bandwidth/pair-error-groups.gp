# The faster of pipelined_tree and pipelined_tree_narrow over the platform bound, before and after
# the switch groups of decision record 0033 (pair-error-groups.csv), per point, on the platforms
# whose groups change: pair-error-groups.svg (gnuplot pair-error-groups.gp). Points below the
# diagonal got faster; set a: seeds 848-902, b: 903-910, fresh: 911-920 (drawn after the change).
set datafile separator ","
set terminal svg size 640,560 font "sans,11"
set output "pair-error-groups.svg"
set title "switch groups read through one pair's error (SimGrid, 1 and 4 MiB)"
set xlabel "fastest / platform bound, before"
set ylabel "fastest / platform bound, after"
set key at graph 0.03, graph 0.97 left top Left reverse box opaque
set grid
set xrange [0.95:2.2]
set yrange [0.95:2.2]
set size square
plot x with lines lc rgb "gray" title "unchanged", \
     "pair-error-groups.csv" every ::1 using (($1 < 903) ? $7 : 1/0):8 with points pt 7 ps 0.7 title "a: 848-902", \
     "" every ::1 using (($1 >= 903 && $1 < 911) ? $7 : 1/0):8 with points pt 5 ps 0.7 title "b: 903-910", \
     "" every ::1 using (($1 >= 911) ? $7 : 1/0):8 with points pt 9 ps 0.9 title "fresh: 911-920"

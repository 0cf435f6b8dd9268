# The fastest algorithm measured over the platform bound, before and after lift_paced (decision
# record 0030), per point of slow-relays.csv: slow-relays.svg (gnuplot slow-relays.gp). Points
# below the diagonal got faster; set a: seeds 804-836 (developed on), b and c: drawn after.
set datafile separator ","
set terminal svg size 640,560 font "sans,11"
set output "slow-relays.svg"
set title "pipelined\\_tree with lift\\_paced (SimGrid, 1 and 4 MiB)"
set xlabel "fastest / platform bound, before"
set ylabel "fastest / platform bound, after"
set key at graph 0.03, graph 0.97 left top Left reverse box opaque
set grid
set xrange [0.95:2.2]
set yrange [0.95:2.2]
set size square
plot x with lines lc rgb "gray" title "unchanged", \
     "slow-relays.csv" every ::1 using ((strcol(1) eq "a") ? $5 : 1/0):6 with points pt 7 ps 0.7 title "a: 804-836 (developed on)", \
     "" every ::1 using ((strcol(1) eq "b") ? $5 : 1/0):6 with points pt 5 ps 0.7 title "b: 848-902 (drawn after)", \
     "" every ::1 using ((strcol(1) eq "c") ? $5 : 1/0):6 with points pt 9 ps 0.8 title "c: 870-892 (drawn after the last change)"

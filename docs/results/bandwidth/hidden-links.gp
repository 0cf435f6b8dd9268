# The fastest algorithm measured over the platform bound, before and after the host links of
# decision record 0031 (hidden-links.csv) and the relay behind another switch of 0032
# (relay-across-switches.csv), per point: hidden-links.svg (gnuplot hidden-links.gp). Points below
# the diagonal got faster; set a: seeds 848-902, set b: 903-910 (drawn after the change).
set datafile separator ","
set terminal svg size 640,560 font "sans,11"
set output "hidden-links.svg"
set title "host links measured with several partners (SimGrid, 1 and 4 MiB)"
set xlabel "fastest / platform bound, before"
set ylabel "fastest / platform bound, after"
set key at graph 0.03, graph 0.97 left top Left reverse box opaque
set grid
set xrange [0.95:2.0]
set yrange [0.95:2.0]
set size square
plot x with lines lc rgb "gray" title "unchanged", \
     "hidden-links.csv" every ::1 using ((strcol(1) eq "a") ? $5 : 1/0):6 with points pt 7 ps 0.7 title "a: 848-902, [links] (0031)", \
     "" every ::1 using ((strcol(1) eq "b") ? $5 : 1/0):6 with points pt 5 ps 0.7 title "b: 903-910, drawn after", \
     "relay-across-switches.csv" every ::1 using ((strcol(1) eq "860") ? $4 : 1/0):5 with points pt 9 ps 0.9 title "860: relay behind another switch (0032)"

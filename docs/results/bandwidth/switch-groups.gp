# gnuplot switch-groups.gp (in docs/results/bandwidth/): switch-groups.svg from switch-groups.csv,
# pipelined_tree before and after keeping switch groups together, time over the platform bound.
set terminal svg size 900,420 font "sans,11"
set output "switch-groups.svg"
set datafile separator ","
set title "pipelined_tree on seven multi-switch SimGrid platforms: time / platform bound" noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:2.2]
set ytics 0.25
set grid ytics
set key top left
set rmargin 6
set xtics rotate by -45 font ",9"
set ylabel "time / platform bound (1 = the links' limit)"
plot "switch-groups.csv" every ::1 using 8:xtic(sprintf("%s %s %s", stringcolumn(1), stringcolumn(2), stringcolumn(3) eq "1048576" ? "1M" : "4M")) title "before", \
     "" every ::1 using 9 title "after (switch groups kept together)"

# pipelined_tree forced, time over the platform bound, before and after the ramp and the relay
# (decision records 0026, 0027): gnuplot ramp-relay-forced.gp  ->  ramp-relay-forced.svg
set terminal svg size 900,420 font "sans,11"
set output "ramp-relay-forced.svg"
set datafile separator ","
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set ylabel "time / platform bound"
set yrange [0:3]
set grid ytics
set key top center horizontal
set rmargin 8
set bmargin 7
set xtics rotate by -35 font ",9"
set title "pipelined_tree forced: bcast and reduce at 1 MiB and 4 MiB" noenhanced
plot "< awk -F, '$4 == \"pipelined_tree\"' ramp-relay-forced.csv" \
       using 9:xticlabels(sprintf("%s %s %s", strcol(1), strcol(2), strcol(3) eq "1048576" ? "1M" : "4M")) title "before", \
     "" using 10 title "after (ramp, relay)"

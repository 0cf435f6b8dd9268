# gnuplot first-calls.gp (in docs/results/learning/): first-calls.svg from first-calls.csv
# (scripts/explore-replay.py on the 21 random SimGrid platforms, README.md), what a job's first N
# calls of each shape gain over native, exploration included, three ways and the oracle.
set terminal svg size 720,460 font "sans,11"
set output "first-calls.svg"
set datafile separator ","
set title "First N calls of each shape, exploration included: 21 random SimGrid platforms, 264 points" noenhanced
set xlabel "first N calls of each shape"
set ylabel "speedup over native (geomean)"
set logscale x
set xtics (10, 20, 50, 100, 150)
set xrange [8:180]
set yrange [1.3:1.85]
set ytics 0.05
set grid
set key below left Left reverse
plot "first-calls.csv" every ::1 using 1:5 with lines dashtype 2 lw 2 lc rgb "#555555" title "oracle (the fastest, from the first call)", \
     "" every ::1 using 1:4 with linespoints pt 7 lw 2 lc rgb "#1b7837" title "rule (the shim: only where the model is unsure, within a budget)", \
     "" every ::1 using 1:2 with linespoints pt 5 lw 2 lc rgb "#2166ac" title "model (its choice, nothing measured)", \
     "" every ::1 using 1:3 with linespoints pt 9 lw 2 lc rgb "#b2182b" title "all (every candidate, then the audit: no budget)"

# perproc.gp - Brent's theorem applied to f elements per work-item, as in the
# lecture notes: the measured speedup over f = 2, of the lower quartiles of
# the runs (at f = 2 the notes' work and depth equal plain Blelloch's),
# against the notes' limit 2f/(f+2) and the Brent ratio
# (W_2/p + D_2) / (W_f/p + D_f) at this n and p.
# Set by the figure: datafile, plot_title, nseries, variant[], brentlabel.
set title plot_title
set xlabel "f, elements per work-item"
set ylabel "speedup over f = 2"
set logscale x 2
set xrange [0.85:38]
set yrange [0:*]
set format x "%g"
set key top left
# Room above the curves for the key.
set offsets 0, 0, graph 0.6, 0
set samples 200
plot 2*x/(x+2) with lines lt 7 dt 2 title "notes: 2f/(f+2) for large n", \
     datafile skip 1 using 3:(strcol(4) eq "prediction" ? $10 : NaN) with linespoints lt 8 dt 3 \
	title brentlabel, \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(4) eq variant[i] ? $8 : NaN) with linespoints lt i \
	title variant[i]." kernel, measured"

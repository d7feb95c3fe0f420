# series.gp - one algorithm at each value of a parameter (radix-sort's bits
# per pass): the lower quartile of each kernel's runs at one size, with
# bars from the fastest to the slowest run, against Brent's W/p + D there,
# scaled to meet the first kernel at the first value: the shape the counts
# predict as the parameter trades work for depth.
# Set by the figure: datafile, plot_title, nseries, variant[], xlabel,
# predlabel.
set title plot_title
set xlabel xlabel
set ylabel "kernel time (ms, log scale)"
set logscale x 2
set logscale y 10
set format x "%g"
set format y "%g"
set key top left Left reverse font ",19"
set autoscale fix
set offsets graph 0.06, graph 0.06, graph 0.5, graph 0.08
plot datafile skip 1 using 3:(strcol(4) eq "prediction" ? $6 : NaN) \
	with linespoints lt 8 dt 2 pt 6 title predlabel, \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(4) eq variant[i] ? $6 : NaN):8:9 with yerrorlines lt i \
	title variant[i]." kernel, measured"

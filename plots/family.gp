# family.gp - the variants of one family of algorithms side by side on one
# device: each algorithm's teaching and tuned kernels, the lower quartile of
# the runs (the time the verdicts take) with bars from the fastest to the
# slowest run.
# Set by the figure: datafile, plot_title, nseries, label[].
set title plot_title
set xlabel "input size n (elements)"
set ylabel "kernel time (ms, log scale)"
set logscale x 2
set logscale y 10
set format x pow2fmt
set format y "%g"
# A family has many kernels: the key goes beside the plot, in smaller type,
# so that it hides no point.
if (nseries > 4) {
	set key outside right top font ",17" spacing 1.0
} else {
	set key top left
}
# Tight ranges with a margin: autoscaling to whole decades wastes half the height.
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.08, graph 0.08
# Past the eight colours the series repeat them, dashed and with open symbols.
if (nseries <= 8) {
	plot for [i=1:nseries] datafile skip 1 \
		using 5:(strcol(4) eq label[i] ? $9 : NaN):7:8 with yerrorlines lt i title label[i]
} else {
	plot for [i=1:8] datafile skip 1 \
		using 5:(strcol(4) eq label[i] ? $9 : NaN):7:8 with yerrorlines lt i title label[i], \
	     for [i=9:nseries] datafile skip 1 \
		using 5:(strcol(4) eq label[i] ? $9 : NaN):7:8 with yerrorlines lt i dt 2 \
		pt 2*i-14 title label[i]
}

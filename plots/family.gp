# family.gp - the variants of one family of algorithms side by side on one
# device: each algorithm's teaching and tuned kernels, median time with bars
# from the fastest to the slowest run.
# Set by the figure: datafile, plot_title, nseries, label[].
set title plot_title
set xlabel "input size n (elements)"
set ylabel "kernel time (ms, log scale)"
set logscale x 2
set logscale y 10
set format x pow2fmt
set format y "%g"
set key top left
# Tight ranges with a margin: autoscaling to whole decades wastes half the height.
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.08, graph 0.08
plot for [i=1:nseries] datafile skip 1 \
	using 5:(strcol(4) eq label[i] ? $6 : NaN):7:8 with yerrorlines lt i title label[i]

# ratio.gp - two algorithms that compute the same thing with different
# work: how many times slower the one with more work runs (its kernel time
# over the other's, per variant), against how many times more work the
# simulator counts for it (W over W, dashed, in the pair's colour).
# Set by the figure: datafile, plot_title, nseries, label[], npairs, pair[].
set title plot_title
set xlabel "input size n (elements)"
set ylabel "slower by (ratio, log scale)"
set logscale x 2
set logscale y 2
set format x pow2fmt
set format y "%g"
# The key below the plot: the curves cross the whole height.
set key below font ",17" spacing 1.0 height 1
set bmargin 9
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.1, graph 0.1
# Series i belongs to the pair whose label begins it: its colour.
pairof(s) = sum [k=1:npairs] (strstrt(s, pair[k]) == 1 ? k : 0)
plot for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq label[i] ? $5 : NaN) with linespoints lt pairof(label[i]) \
	pt (strstrt(label[i], "(tuned)") ? 7 : 5) title label[i]." kernels", \
     for [k=1:npairs] datafile skip 1 \
	using 3:(strcol(1) eq pair[k] ? $6 : NaN) with lines lt k dt 2 lw 2 \
	title pair[k]." W (simulator)"

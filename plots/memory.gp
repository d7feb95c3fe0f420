# memory.gp - why the tuned kernels beat the teaching ones with the same W:
# left, the bytes each kernel moves per element (counted by pram gpu
# --profile under Oclgrind at a small size, or the unavoidable bytes where
# there is no profile) beside the unavoidable bytes and Brent's W/p + D per
# element, which is the same for both; right, the measured times (lower
# quartile) against the memory-bound model time = bytes / B + launches * L,
# whose two constants B (bandwidth) and L (the cost of a launch) are fitted
# to both kernels' times at once, as the Brent fit is (plots/fit.h).
# Set by the figure: datafile, plot_title, nseries, variant[], model_key,
# bytes_key.
set multiplot layout 1, 2 title plot_title
set xlabel "input size n (elements)"
set logscale x 2
set format x pow2fmt
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.1, graph 0.1
set key inside top right font ",10" spacing 0.9 samplen 2
set ylabel "bytes per element"
set y2label "(W/p + D) / n"
set ytics nomirror
set y2tics
set title bytes_key font ",11"
plot for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $6 : NaN) with linespoints lt i pt 7 \
	title variant[i]." bytes moved", \
     datafile skip 1 using 3:(strcol(2) eq variant[1] ? $8 : NaN) with lines lt 8 dt 3 \
	title "unavoidable bytes", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $10 : NaN) axes x1y2 with lines lt i dt 2 \
	title variant[i]." (W/p + D) / n"
unset y2label
unset y2tics
set ytics mirror
set title model_key font ",11"
set ylabel "kernel time (ms, log scale)"
set key inside top left font ",10" spacing 0.9 samplen 2
set logscale y 10
set format y "%g"
plot for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $4 : NaN) with points lt i pt 7 \
	title variant[i]." measured", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $5 : NaN) with lines lt i dt 2 \
	title variant[i]." model"
unset multiplot

# contrast.gp - the work W(n) and the depth D(n) of the algorithms a lesson
# contrasts, side by side: one colour per algorithm, the same in both
# panels, as the PRAM simulator counts them (the registry's closed form
# past the simulated sizes). The course site draws it (pram lessons --html).
# Set by the figure: datafile, plot_title, nseries, name[].
set multiplot layout 1,2 title plot_title font ",26"
set key top left
set xlabel "input size n (elements)"
set logscale x 2
set format x pow2fmt
set offsets graph 0.03, graph 0.03, 0, 0
set title "work W(n)"
set ylabel "operations (log scale)"
set logscale y 10
set format y (fmt eq "dumb") ? "10^%L" : "10^{%L}"
plot for [i=1:nseries] datafile skip 1 \
	using 2:(strcol(1) eq name[i] ? $4 : NaN) with linespoints lt i title name[i]
set title "depth D(n)"
set key top left
set ylabel "steps"
unset logscale y
set format y "%g"
set yrange [0:*]
plot for [i=1:nseries] datafile skip 1 \
	using 2:(strcol(1) eq name[i] ? $5 : NaN) with linespoints lt i title name[i]
unset multiplot

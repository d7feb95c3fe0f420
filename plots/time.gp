# time.gp - one algorithm's kernels on a device: the lower quartile of the
# timed runs (the time the fit takes) with bars from the fastest to the
# slowest run, against the fitted Brent prediction t(n) = a*W(n)/p + b*D(n) + c
# drawn dashed in the same colour.
# Each fit's key gives its constants as times: a per unit of W/p (the
# operations each lane does), b per step of D and c once.
# Past the largest simulated size (--sim-max) W and D are the closed form's:
# the fit there is marked with open circles, and the key says so.
# Set by the figure: datafile, plot_title, nseries, variant[], fitlabel[],
# has_cf, cf_key, cf_key_plain.
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
if (fmt eq "dumb") {
	cf_key = cf_key_plain
}
# The circles, where there are such sizes (a macro, so that no plot has an
# element without points).
cf = has_cf ? ", for [i=1:nseries] datafile skip 1 using 3:(strcol(2) eq variant[i] && strcol(11) eq \"closed-form\" ? $8 : NaN) with points lt i pt 6 ps 2.4 notitle, NaN with points lt 8 pt 6 ps 2.4 title cf_key" : ""
plot for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $13 : NaN):6:7 with yerrorbars lt i \
	title variant[i]." kernel: lower quartile, bars min to max", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $8 : NaN) with lines lt i dt 2 \
	title fitlabel[i] @cf

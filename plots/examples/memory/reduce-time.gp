# reduce-time.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" reduce-time.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "reduce-time"
datafile = "reduce-time.csv"
plot_title = "reduce: measured time against Brent's bound\n{/*0.8 on NVIDIA H200, p = 4224 lanes}"
plot_title_plain = "reduce: measured time against Brent's bound\non NVIDIA H200, p = 4224 lanes"
nseries = 2
array variant[2] = ["teaching", "tuned"]
array fitlabel[2] = ["teaching fit: 19.9 ns × W/p + 435 ns × D + 6.82 µs", "tuned fit: 3.72 ns × W/p + 156 ns × D + 4.92 µs"]
has_cf = 5
cf_key = "fit on the closed form's W, D (n > 2^{18})"
cf_key_plain = "fit on the closed form's W, D (n > 2^18)"

### from the template common.gp
# common.gp - the terminal, type and colours every figure of pram report
# shares: large type and thick lines so a figure reads on a projector at the
# back of a lecture hall, and colours told apart by colour-blind readers
# (Okabe and Ito's palette). The figure's script sets out (the file name
# without extension) before this; fmt chooses png (default), svg or dumb.
if (!exists("fmt")) fmt = "png"
if (fmt eq "png") {
	set terminal pngcairo size 1600,900 enhanced font "Sans,22" linewidth 2.5 background "white"
	set output out.".png"
} else {
	if (fmt eq "svg") {
		set terminal svg size 1600,900 dynamic enhanced font "Sans,22" linewidth 2.5 background "white"
		set output out.".svg"
	} else {
		cols = exists("cols") ? cols : 100
		rows = exists("rows") ? rows : 32
		set terminal dumb size cols, rows noenhanced
		set output
		# No enhanced text here: the title as the figure gives it in plain text.
		if (exists("plot_title_plain")) {
			plot_title = plot_title_plain
		}
	}
}
# Powers of two on the size axes: 2^{10} in a picture, 2^10 in a terminal.
pow2fmt = (fmt eq "dumb") ? "2^%L" : "2^{%L}"
set encoding utf8
set datafile separator ","
set grid xtics ytics lw 1 lc rgb "#d0d0d0"
set border lw 1.2
set tics nomirror
set key box opaque samplen 2.5 spacing 1.15 width 1
set linetype 1 lc rgb "#0072B2" lw 2 pt 7 ps 1.6
set linetype 2 lc rgb "#D55E00" lw 2 pt 5 ps 1.5
set linetype 3 lc rgb "#009E73" lw 2 pt 9 ps 1.8
set linetype 4 lc rgb "#CC79A7" lw 2 pt 11 ps 1.8
set linetype 5 lc rgb "#E69F00" lw 2 pt 13 ps 1.8
set linetype 6 lc rgb "#56B4E9" lw 2 pt 7 ps 1.6
set linetype 7 lc rgb "#000000" lw 2 pt 5 ps 1.5
set linetype 8 lc rgb "#999999" lw 2 pt 9 ps 1.8
set linetype cycle 8

### from the template time.gp
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

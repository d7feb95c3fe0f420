# family-reduce.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" family-reduce.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "family-reduce"
datafile = "family-reduce.csv"
plot_title = "the reduce family: every kernel side by side\n{/*0.8 on NVIDIA H200, p = 4224 lanes}"
plot_title_plain = "the reduce family: every kernel side by side\non NVIDIA H200, p = 4224 lanes"
nseries = 2
array label[2] = ["reduce (teaching)", "reduce (tuned)"]

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

### from the template family.gp
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

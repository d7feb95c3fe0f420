# radix-sort-by-bits-per-pass.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" radix-sort-by-bits-per-pass.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "radix-sort-by-bits-per-pass"
datafile = "radix-sort-by-bits-per-pass.csv"
plot_title = "radix-sort against --bits-per-pass: measured and W/p + D\n{/*0.8 n = 2^{22}, on NVIDIA H100 80GB HBM3, p = 4224 lanes}"
plot_title_plain = "radix-sort against --bits-per-pass: measured and W/p + D\nn = 2^22, on NVIDIA H100 80GB HBM3, p = 4224 lanes"
nseries = 2
array variant[2] = ["teaching", "tuned"]
xlabel = "--bits-per-pass"
predlabel = "W/p + D (p = 4224), scaled to the teaching kernel at --bits-per-pass 1"

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

### from the template series.gp
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
